//! Morph authoring in the app (egui_kittest): Edit morph mode records an arrow drag
//! of the selected vertices into a vertex morph (the base mesh untouched), a drag
//! with "(new morph)" makes one; the Morph menu adds bones at their pose to a bone
//! morph and removes them; the inspector adds, removes and edits offset rows.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use glam::Vec3;
use hone::app::commands::Command;
use hone::app::commands::Mode;
use hone::app::dock::Tab;
use hone::app::viewport::camera::Projector;
use hone::app::{HoneApp, Selected, Selection};
use hone::edit::ElementKind;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::{Model, MorphOffsets};

mod gui_support;
use gui_support::{
    app, app_mut, harness_with, inspector_only, primary_drag, type_into, AppHarness,
};

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

fn open(model: Model) -> AppHarness {
    let mut h = harness_with(
        model,
        "sample.pmx",
        egui::vec2(1600.0, 1000.0),
        |_: &mut HoneApp| {},
    );
    h.run_steps(3);
    h
}

fn push(h: &mut AppHarness, command: Command) {
    app_mut(h).state.commands().push(command);
    h.run_steps(3);
}

fn select_vertices(h: &mut AppHarness, vertices: &[usize]) {
    push(
        h,
        Command::SelectSet {
            active: Selection::Vertex(vertices[0]),
            selected: Selected::many(ElementKind::Vertex, vertices.iter().copied()),
            reveal: false,
        },
    );
}

/// Where the arrows stand (the mean of the selected vertices as shown) and their size.
fn arrows(h: &AppHarness, vertices: &[usize]) -> (Vec3, f32, Projector) {
    let state = &app(h).state;
    let p = state.pose().positions();
    let at = vertices.iter().map(|&v| p[v]).sum::<Vec3>() / vertices.len() as f32;
    let rect = state.viewport().last_rect.expect("the viewport was drawn");
    let proj = Projector::new(&state.viewport().camera, rect);
    (at, state.viewport().camera.distance * 0.06, proj)
}

/// Grabs the X arrow half way along it and drags it `dx` model units further.
fn drag_x_arrow(h: &mut AppHarness, vertices: &[usize], dx: f32) {
    let (at, size, proj) = arrows(h, vertices);
    let from = at + Vec3::X * size * 0.7;
    let steps = 8;
    let path: Vec<egui::Pos2> = (0..=steps)
        .map(|k| {
            proj.project_mmd(from + Vec3::X * dx * k as f32 / steps as f32)
                .unwrap()
        })
        .collect();
    primary_drag(h, &path);
}

fn vertex_offsets(m: &Model, morph: usize) -> Vec<(i32, Vec3)> {
    match &m.morphs[morph].offsets {
        MorphOffsets::Vertex(v) => v.iter().map(|o| (o.vertex, o.offset)).collect(),
        other => panic!("not a vertex morph: {:?}", other.kind()),
    }
}

fn offset_of(list: &[(i32, Vec3)], v: usize) -> Vec3 {
    list.iter().filter(|o| o.0 == v as i32).map(|o| o.1).sum()
}

#[test]
fn an_arrow_drag_in_edit_morph_mode_goes_into_the_morph_not_the_mesh() {
    let model = hone::pmx::builder::sample_rig();
    let smile = model.morph_index("笑い").unwrap();
    let before = vertex_offsets(&model, smile);
    // Two vertices the morph moves and two it does not.
    let moved: Vec<usize> = before.iter().take(2).map(|o| o.0 as usize).collect();
    let fresh: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| offset_of(&before, v) == Vec3::ZERO)
        .take(2)
        .collect();
    let vertices: Vec<usize> = moved.iter().chain(&fresh).copied().collect();
    let mut h = open(model.clone());
    push(&mut h, Command::ViewMode(Mode::MorphEdit));
    app_mut(&mut h)
        .state
        .commands()
        .select(Selection::Morph(smile));
    h.run_steps(3);
    select_vertices(&mut h, &vertices);
    {
        let state = &app(&h).state;
        assert_eq!(
            state.viewport().morph_edit.target,
            Some(smile),
            "follows the selected morph"
        );
        assert_eq!(state.pose().morphs()[smile], 1.0, "the morph is shown at 1");
    }
    let shown_before: Vec<Vec3> = vertices
        .iter()
        .map(|&v| app(&h).state.pose().positions()[v])
        .collect();

    drag_x_arrow(&mut h, &vertices, 0.5);

    let state = &app(&h).state;
    let m = state.doc().model();
    assert_eq!(state.doc().history.len(), 1, "one drag, one undo step");
    assert_eq!(m.vertices, model.vertices, "the base mesh is untouched");
    let after = vertex_offsets(m, smile);
    for &v in &vertices {
        let d = offset_of(&after, v) - offset_of(&before, v);
        assert!(
            (d - Vec3::new(0.5, 0.0, 0.0)).length() < 1e-3,
            "vertex {v} moved {d} in the morph"
        );
    }
    for (i, o) in before.iter().enumerate() {
        if !vertices.contains(&(o.0 as usize)) {
            assert_eq!(after[i], *o, "offset {i} of another vertex changed");
        }
    }
    assert_eq!(
        after.len(),
        before.len() + fresh.len(),
        "new vertices get rows"
    );
    for (k, &v) in vertices.iter().enumerate() {
        let shown = state.pose().positions()[v];
        assert!(
            (shown - shown_before[k] - Vec3::new(0.5, 0.0, 0.0)).length() < 1e-3,
            "the view shows vertex {v} moved"
        );
    }

    // Leaving the mode: the morph slider is back at 0; Ctrl+Z restores the bytes.
    push(&mut h, Command::ViewMode(Mode::Pose));
    assert_eq!(app(&h).state.pose().morphs()[smile], 0.0);
    push(&mut h, Command::UndoNewest);
    assert_eq!(bytes(app(&h).state.doc().model()), bytes(&model));
}

#[test]
fn a_drag_with_new_morph_makes_a_vertex_morph_of_the_move() {
    let model = hone::pmx::builder::sample_rig();
    let mut h = open(model.clone());
    push(&mut h, Command::ViewMode(Mode::MorphEdit));
    let vertices = [3usize, 4, 5];
    select_vertices(&mut h, &vertices);
    assert_eq!(app(&h).state.viewport().morph_edit.target, None);
    drag_x_arrow(&mut h, &vertices, -0.3);
    let state = &app(&h).state;
    let m = state.doc().model();
    assert_eq!(state.doc().history.len(), 1, "{:?}", state.log_lines());
    assert_eq!(m.morphs.len(), model.morphs.len() + 1);
    assert_eq!(m.vertices, model.vertices, "the base mesh is untouched");
    let new = vertex_offsets(m, model.morphs.len());
    assert_eq!(new.iter().map(|o| o.0).collect::<Vec<_>>(), vec![3, 4, 5]);
    for (v, d) in &new {
        assert!(
            (*d - Vec3::new(-0.3, 0.0, 0.0)).length() < 1e-3,
            "vertex {v}: {d}"
        );
    }
    assert_eq!(
        state.viewport().morph_edit.target,
        Some(model.morphs.len()),
        "the mode goes on editing the new morph"
    );
    // A second drag adds to it, as its own step.
    drag_x_arrow(&mut h, &vertices, -0.2);
    let state = &app(&h).state;
    assert_eq!(state.doc().history.len(), 2);
    let new = vertex_offsets(state.doc().model(), model.morphs.len());
    assert!(
        (new[0].1 - Vec3::new(-0.5, 0.0, 0.0)).length() < 1e-3,
        "{:?}",
        new[0]
    );
}

#[test]
fn the_inspector_edits_new_uv_and_material_morphs_and_adds_and_removes_rows() {
    let model = hone::pmx::builder::sample_rig();
    let n = model.morphs.len();
    let uv = hone::rig::morphs::uv_morph(
        &model,
        "UV",
        4,
        0,
        &[(2, glam::Vec4::new(0.1, 0.0, 0.0, 0.0))],
    )
    .unwrap();
    let mat = hone::rig::morphs::material_morph(
        &model,
        "材質",
        4,
        vec![hone::rig::morphs::neutral_material_offset(
            0,
            hone::pmx::MaterialOp::Multiply,
        )],
    )
    .unwrap();
    let mut h = inspector_only(model.clone(), Selection::None);
    push(&mut h, Command::Edit(uv));
    push(&mut h, Command::Edit(mat));
    assert_eq!(app(&h).state.doc().model().morphs.len(), n + 2);

    // The new UV morph: its offset's u typed in the inspector.
    push(
        &mut h,
        Command::Select {
            selection: Selection::Morph(n),
            reveal: true,
        },
    );
    type_into(&mut h, "uv offset", 0, "0.25");
    let m = app(&h).state.doc().model();
    let MorphOffsets::Uv { offsets, .. } = &m.morphs[n].offsets else {
        panic!("not a UV morph");
    };
    assert_eq!(offsets[0].offset.x, 0.25);
    // Add a row, then remove the first: the new blank row is left.
    h.get_by_label("➕ Add offset").click();
    h.run_steps(3);
    let count = |h: &AppHarness, i: usize| app(h).state.doc().model().morphs[i].offsets.len();
    assert_eq!(count(&h, n), 2);
    h.get_all_by_label("✕").next().unwrap().click();
    h.run_steps(3);
    let m = app(&h).state.doc().model();
    let MorphOffsets::Uv { offsets, .. } = &m.morphs[n].offsets else {
        panic!("not a UV morph");
    };
    assert_eq!(offsets.len(), 1);
    assert_eq!(
        (offsets[0].vertex, offsets[0].offset),
        (0, glam::Vec4::ZERO)
    );

    // The new material morph: diffuse r typed (multiply 1 → 0.5).
    push(
        &mut h,
        Command::Select {
            selection: Selection::Morph(n + 1),
            reveal: true,
        },
    );
    type_into(&mut h, "diffuse", 0, "0.5");
    h.get_by_label("➕ Add offset").click();
    h.run_steps(3);
    let m = app(&h).state.doc().model();
    let MorphOffsets::Material(offsets) = &m.morphs[n + 1].offsets else {
        panic!("not a material morph");
    };
    assert_eq!(offsets.len(), 2);
    assert_eq!(offsets[0].diffuse.x, 0.5);
    assert_eq!(offsets[0].diffuse.y, 1.0);
    assert_eq!(
        offsets[1].material, -1,
        "a blank material row is on every material"
    );
    // Each change one step: 2 morphs, UV value, add, remove, diffuse, add.
    assert_eq!(app(&h).state.doc().history.len(), 7);
    for _ in 0..5 {
        push(&mut h, Command::Undo);
    }
    let m = app(&h).state.doc().model();
    let MorphOffsets::Uv { offsets, .. } = &m.morphs[n].offsets else {
        panic!("not a UV morph");
    };
    let rows: Vec<_> = offsets.iter().map(|o| (o.vertex, o.offset)).collect();
    assert_eq!(
        rows,
        vec![(2, glam::Vec4::new(0.1, 0.0, 0.0, 0.0))],
        "undone to the new morph"
    );
}

#[test]
fn the_morph_menu_adds_selected_bones_at_their_pose_and_removes_them() {
    let model = hone::pmx::builder::sample_rig();
    let a_pose = model.morph_index("Aポーズ").unwrap();
    let elbow = model.bone_index("左ひじ").unwrap();
    let MorphOffsets::Bone(before) = &model.morphs[a_pose].offsets else {
        panic!("Aポーズ is a bone morph");
    };
    assert!(before.iter().all(|o| o.bone != elbow as i32));
    let mut h = open(model.clone());
    let rot = glam::Quat::from_rotation_y(0.4);
    app_mut(&mut h).state.commands().pose_bone(
        elbow,
        hone::deform::BonePose {
            rotation: rot,
            ..Default::default()
        },
    );
    push(
        &mut h,
        Command::Select {
            selection: Selection::Bone(elbow),
            reveal: true,
        },
    );
    h.get_by_label("Morph").click();
    h.run_steps(2);
    h.get_by_label("Add the selected bones at their pose to… ⏵")
        .click();
    h.run_steps(2);
    h.get_by_label(&format!("#{a_pose} Aポーズ")).click();
    h.run_steps(3);
    let m = app(&h).state.doc().model();
    let MorphOffsets::Bone(after) = &m.morphs[a_pose].offsets else {
        panic!();
    };
    assert_eq!(
        after.len(),
        before.len() + 1,
        "{:?}",
        app(&h).state.log_lines()
    );
    let added = after.last().unwrap();
    assert_eq!(added.bone, elbow as i32);
    assert!(added.rotation.abs_diff_eq(glam::Vec4::from(rot), 1e-6));
    assert_eq!(app(&h).state.doc().history.len(), 1);

    h.get_by_label("Morph").click();
    h.run_steps(2);
    h.get_by_label("Remove the selected bones from… ⏵").click();
    h.run_steps(2);
    h.get_by_label(&format!("#{a_pose} Aポーズ (1)")).click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().history.len(), 2);
    assert_eq!(
        bytes(app(&h).state.doc().model()),
        bytes(&model),
        "removed again"
    );
}

#[test]
fn the_morph_list_shows_its_rows_one_under_another() {
    let model = hone::pmx::builder::sample_rig();
    let mut h = harness_with(
        model.clone(),
        "sample.pmx",
        egui::vec2(1600.0, 1000.0),
        |app| hone::app::dock::focus_tab(&mut app.dock, Tab::Morphs),
    );
    h.run_steps(3);
    // Brow: 困る; Eye: まばたき, 笑い, にっこり; Mouth: あ. At most a row and a
    // header apart (a row centred in the height left pushed the rest away).
    let top = |label: &str| h.get_by_label(label).rect().top();
    let rows = [
        top("#3 困る"),
        top("#0 まばたき"),
        top("#1 笑い"),
        top("#2 あ"),
    ];
    for pair in rows.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(gap > 0.0 && gap < 80.0, "rows at {rows:?}");
    }
}
