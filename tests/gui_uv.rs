//! The UV editor tab, driven through the widgets (egui_kittest): it shows the chosen
//! material's UVs, a box drag in UV space selects those vertices in the one vertex
//! selection the viewport uses, a gizmo drag moves exactly their UVs as one undo step,
//! and in morph mode the drag goes into a UV morph's offsets instead.

use eframe::egui;
use glam::Vec2;
use hone::app::commands::Command;
use hone::app::dock::{focus_tab, Tab};
use hone::app::panels::uv::Handle;
use hone::app::{HoneApp, Selection};
use hone::edit::ElementKind;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::{Model, MorphOffsets};

mod gui_support;
use gui_support::{app, app_mut, harness_with, primary_drag, AppHarness};

fn open_uv(model: Model, material: usize) -> AppHarness {
    let mut h = harness_with(
        model,
        "test.pmx",
        egui::vec2(1600.0, 1000.0),
        |app: &mut HoneApp| focus_tab(&mut app.dock, Tab::Uv),
    );
    h.run_steps(2);
    app_mut(&mut h).state.select(Selection::Material(material));
    h.run_steps(3);
    h
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

/// The vertices the faces of `material` use, ascending (read from the model here,
/// not from the editor).
fn material_vertices(m: &Model, material: usize) -> Vec<usize> {
    let start: usize = m.materials[..material]
        .iter()
        .map(|x| x.face_index_count as usize / 3)
        .sum();
    let n = m.materials[material].face_index_count as usize / 3;
    let mut v: Vec<usize> = m.faces[start..start + n]
        .iter()
        .flatten()
        .map(|&i| i as usize)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn selected_vertices(h: &AppHarness) -> Vec<usize> {
    let s = &app(h).state;
    let mut v: Vec<usize> = s
        .selected()
        .iter(s.selection(), ElementKind::Vertex)
        .collect();
    v.sort_unstable();
    v
}

fn screen(h: &AppHarness, uv: Vec2) -> egui::Pos2 {
    app(h)
        .state
        .panels()
        .uv
        .to_screen(uv)
        .expect("the UV view was drawn")
}

/// A box over the middle of the material's UVs: the vertices inside, as the test
/// reads them from the model, and the box's UV corners.
fn middle_box(m: &Model, verts: &[usize]) -> (Vec<usize>, Vec2, Vec2) {
    let (lo, hi) = verts.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), &v| (lo.min(m.vertices[v].uv), hi.max(m.vertices[v].uv)),
    );
    // Box edges half way between neighbouring UV values, so none lies on an edge.
    let between = |axis: usize, at: f32| -> f32 {
        let mut xs: Vec<f32> = verts.iter().map(|&v| m.vertices[v].uv[axis]).collect();
        xs.sort_by(f32::total_cmp);
        xs.dedup();
        let target = lo[axis] + (hi[axis] - lo[axis]) * at;
        let k = xs.partition_point(|&x| x < target).clamp(1, xs.len() - 1);
        (xs[k - 1] + xs[k]) * 0.5
    };
    let a = Vec2::new(between(0, 0.3), between(1, 0.3));
    let b = Vec2::new(between(0, 0.7), between(1, 0.7));
    let inside: Vec<usize> = verts
        .iter()
        .copied()
        .filter(|&v| {
            let p = m.vertices[v].uv;
            p.x > a.x && p.x < b.x && p.y > a.y && p.y < b.y
        })
        .collect();
    (inside, a, b)
}

/// Box-selects the middle of `material`'s UVs, moves them 0.1 in U with the gizmo,
/// checks exactly they moved in one step, then undoes to the same bytes.
fn select_move_undo(model: Model, material: usize, what: &str) {
    let verts = material_vertices(&model, material);
    let (inside, a, b) = middle_box(&model, &verts);
    assert!(
        !inside.is_empty() && inside.len() < verts.len(),
        "{what}: a partial box"
    );
    let mut h = open_uv(model.clone(), material);
    assert_eq!(app(&h).state.panels().uv.material, Some(material), "{what}");
    let rect = app(&h).state.panels().uv.last_rect.unwrap();
    let (pa, pb) = (screen(&h, a), screen(&h, b));
    assert!(
        rect.contains(pa) && rect.contains(pb),
        "{what}: the box {a}..{b} ({pa:?}..{pb:?}) is in view {rect:?}"
    );
    primary_drag(&mut h, &[pa, pa.lerp(pb, 0.5), pb]);
    assert_eq!(
        selected_vertices(&h),
        inside,
        "{what}: the box selected those vertices"
    );
    assert_eq!(
        app(&h).state.selection().kind(),
        Some(ElementKind::Vertex),
        "{what}: the viewport's vertex selection"
    );

    // The gizmo sits at the centre of the selected UVs; drag it 0.1 to the right.
    let (lo, hi) = inside.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), &v| (lo.min(model.vertices[v].uv), hi.max(model.vertices[v].uv)),
    );
    let centre = (lo + hi) * 0.5;
    let from = app(&h)
        .state
        .panels()
        .uv
        .handle_at(Handle::Centre, centre)
        .unwrap();
    let to = from + (screen(&h, centre + Vec2::new(0.1, 0.0)) - screen(&h, centre));
    primary_drag(&mut h, &[from, from.lerp(to, 0.3), from.lerp(to, 0.7), to]);

    let state = &app(&h).state;
    assert_eq!(
        state.doc().history.len(),
        1,
        "{what}: one drag, one undo step"
    );
    let after = state.doc().model();
    for v in 0..model.vertices.len() {
        let (old, new) = (&model.vertices[v], &after.vertices[v]);
        if inside.binary_search(&v).is_ok() {
            let d = new.uv - old.uv;
            assert!(
                (d.x - 0.1).abs() < 1e-4 && d.y.abs() < 1e-5,
                "{what}: vertex {v} moved {d}"
            );
            assert_eq!(new.position, old.position);
        } else {
            assert_eq!(new, old, "{what}: vertex {v} is not selected");
        }
    }
    app_mut(&mut h).state.commands().push(Command::Undo);
    h.run_steps(3);
    assert!(
        bytes(app(&h).state.doc().model()) == bytes(&model),
        "{what}: undo gives the bytes back"
    );
}

/// The material with the most vertices.
fn biggest_material(m: &Model) -> usize {
    (0..m.materials.len())
        .max_by_key(|&i| material_vertices(m, i).len())
        .unwrap()
}

#[test]
fn box_select_and_gizmo_move_on_the_sample_rig() {
    let model = hone::pmx::builder::sample_rig();
    let material = biggest_material(&model);
    select_move_undo(model, material, "sample");
}

#[test]
fn box_select_and_gizmo_move_on_gene_and_mei() {
    for rel in ["gene/Gene.pmx", "mei/mei.pmd"] {
        let Some(path) = hone_testkit::shared_model(rel) else {
            hone_testkit::skip(format!("{rel} is not in the shared models"));
            continue;
        };
        let model = hone::pmx::load(&path).unwrap().model;
        let material = biggest_material(&model);
        select_move_undo(model, material, rel);
    }
}

#[test]
fn a_vertex_selected_in_3d_shows_selected_in_uv_and_the_typed_move_applies_to_it() {
    let model = hone::pmx::builder::sample_rig();
    let material = biggest_material(&model);
    let verts = material_vertices(&model, material);
    let chosen = [verts[0], verts[verts.len() / 2]];
    let mut h = open_uv(model.clone(), material);
    // Selected as the viewport's vertex mode does.
    let (active, selected) = app(&h).state.selected().combine(
        Selection::None,
        ElementKind::Vertex,
        &chosen,
        hone::app::selection::Combine::Replace,
    );
    app_mut(&mut h).state.commands().push(Command::SelectSet {
        active,
        selected,
        reveal: false,
    });
    h.run_steps(3);
    assert_eq!(app(&h).state.panels().uv.material, Some(material), "kept");
    gui_support::set_value(&h, "Move V", -0.25);
    h.run_steps(2);
    use egui_kittest::kittest::Queryable;
    h.get_by_label("Apply to selection").click();
    h.run_steps(3);
    let after = app(&h).state.doc().model();
    assert_eq!(app(&h).state.doc().history.len(), 1);
    for v in 0..model.vertices.len() {
        let (old, new) = (model.vertices[v].uv, after.vertices[v].uv);
        if chosen.contains(&v) {
            assert!(
                (new - old - Vec2::new(0.0, -0.25)).length() < 1e-6,
                "{v}: {old} → {new}"
            );
        } else {
            assert_eq!(old, new, "{v}");
        }
    }
}

#[test]
fn morph_mode_drags_into_the_uv_morphs_offsets() {
    let model = hone::pmx::builder::sample_rig();
    let morph = model
        .morph_index("柄スクロール")
        .expect("the sample's UV morph");
    let MorphOffsets::Uv { offsets, .. } = &model.morphs[morph].offsets else {
        panic!("a UV morph");
    };
    let offset_of = |m: &Model, v: usize| -> Vec2 {
        let MorphOffsets::Uv { offsets, .. } = &m.morphs[morph].offsets else {
            unreachable!()
        };
        offsets
            .iter()
            .filter(|o| o.vertex as usize == v)
            .map(|o| o.offset.truncate().truncate())
            .sum()
    };
    // The material holding the morph's first vertex.
    let first = offsets[0].vertex as usize;
    let material = (0..model.materials.len())
        .find(|&m| material_vertices(&model, m).contains(&first))
        .unwrap();
    let verts = material_vertices(&model, material);
    let chosen: Vec<usize> = vec![
        first,
        verts
            .iter()
            .copied()
            .find(|&v| offset_of(&model, v) == Vec2::ZERO)
            .unwrap(),
    ];
    let mut h = open_uv(model.clone(), material);
    {
        let uv = &mut app_mut(&mut h).state.panels_mut().uv;
        uv.morph = Some(morph);
        uv.edit_morph = true;
    }
    let (active, selected) = app(&h).state.selected().combine(
        Selection::None,
        ElementKind::Vertex,
        &chosen,
        hone::app::selection::Combine::Replace,
    );
    app_mut(&mut h).state.commands().push(Command::SelectSet {
        active,
        selected,
        reveal: false,
    });
    h.run_steps(3);
    // The gizmo's centre: the middle of the morphed UVs.
    let shown = |v: usize| model.vertices[v].uv + offset_of(&model, v);
    let (lo, hi) = chosen.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), &v| (lo.min(shown(v)), hi.max(shown(v))),
    );
    let centre = (lo + hi) * 0.5;
    let from = app(&h)
        .state
        .panels()
        .uv
        .handle_at(Handle::Centre, centre)
        .unwrap();
    let to = from + (screen(&h, centre + Vec2::new(0.0, 0.05)) - screen(&h, centre));
    primary_drag(&mut h, &[from, from.lerp(to, 0.5), to]);

    let state = &app(&h).state;
    let after = state.doc().model();
    assert_eq!(state.doc().history.len(), 1, "one drag, one undo step");
    assert_eq!(after.vertices, model.vertices, "the base UVs stay");
    for v in 0..model.vertices.len() {
        let d = offset_of(after, v) - offset_of(&model, v);
        if chosen.contains(&v) {
            assert!((d - Vec2::new(0.0, 0.05)).length() < 1e-4, "{v}: {d}");
        } else {
            assert_eq!(d, Vec2::ZERO, "{v}");
        }
    }
    app_mut(&mut h).state.commands().push(Command::Undo);
    h.run_steps(3);
    assert!(bytes(app(&h).state.doc().model()) == bytes(&model));
}
