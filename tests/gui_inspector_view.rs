//! The inspector reads a `View` and sends commands (issue 24, point 2): its
//! signature takes the view by shared borrow, so it cannot change the document,
//! the pose or the selection itself; a bone field, a body field and a morph
//! offset edited through it each become exactly one undo step, and the
//! selection and the pose follow.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use glam::Vec3;
use hone::app::commands::Commands;
use hone::app::{PanelState, Selection, View};
use hone::pmx::MorphOffsets;

mod gui_support;
use gui_support::{app, app_mut, inspector_only, primary_drag, type_into, AppHarness};

#[test]
fn the_inspector_takes_a_shared_view_and_a_command_sender() {
    // Does not compile if the inspector asks for `&mut State` (or `&mut View`)
    // again; the doctest on `inspector::show` shows a `&View` cannot be written to.
    let show: fn(&mut egui::Ui, &View, &mut Commands, &mut PanelState) =
        hone::app::panels::inspector::show;
    // Drawn on its own, it sends what the user asked for and nothing else.
    let mut state = hone::app::state::State::new(
        hone::app::document::Document::new(hone::pmx::builder::sample_rig(), None, "s"),
        None,
    );
    state.select(Selection::RigidBody(0));
    let ctx = egui::Context::default();
    let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
        let (view, commands, local) = state.split();
        show(ui, &view, commands, local);
    });
    assert!(state.commands().is_empty(), "looking sends nothing");
}

fn undo(h: &mut AppHarness) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
}

/// The undo steps applied (an undone one stays in the history for redo).
fn steps(h: &AppHarness) -> usize {
    app(h).state.doc().history.head()
}

#[test]
fn a_bone_field_is_one_undo_step_and_the_pose_follows() {
    let model = hone::pmx::builder::sample_rig();
    // A vertex that follows one bone alone (not the root), and that bone.
    let (vertex, bone) = (model.vertices.iter().enumerate())
        .find_map(|(i, v)| match v.weights {
            hone::pmx::Weights::Bdef1 { bone } if bone > 0 => Some((i, bone as usize)),
            _ => None,
        })
        .expect("a vertex on one bone");
    let mut h = inspector_only(model.clone(), Selection::Bone(bone));

    // The pose row sends a pose command: the bone turns, the model's history stays empty.
    type_into(&mut h, "rotation", 0, "30");
    let turned = app(&h).state.pose().bones()[bone].rotation;
    assert!(
        turned.angle_between(glam::Quat::IDENTITY) > 0.4,
        "{turned:?}"
    );
    assert_eq!(steps(&h), 0, "posing is no model edit");
    let posed_before = app(&h).state.pose().positions()[vertex];

    // Moving the bone's rest position moves the pivot the turned vertex swings about.
    let y = model.bones[bone].position.y;
    type_into(&mut h, "position", 1, &format!("{}", y + 0.5));
    let state = &app(&h).state;
    assert_eq!(state.doc().model().bones[bone].position.y, y + 0.5);
    assert_eq!(steps(&h), 1, "one undo step");
    assert_eq!(state.selection(), Selection::Bone(bone), "still selected");
    assert_eq!(
        state.pose().bones()[bone].rotation,
        turned,
        "the pose is kept"
    );
    let moved = state.pose().positions()[vertex] - posed_before;
    assert!(
        moved.length() > 0.05,
        "the posed vertex followed: {moved:?}"
    );

    undo(&mut h);
    assert_eq!(
        app(&h).state.doc().model().bones,
        model.bones,
        "undone at once"
    );
    assert_eq!(steps(&h), 0);
}

#[test]
fn a_body_field_dragged_is_one_undo_step_per_drag() {
    let model = hone::pmx::builder::sample_rig();
    let mass = model.rigid_bodies[0].mass;
    let mut h = inspector_only(model.clone(), Selection::RigidBody(0));
    let drag = |h: &mut AppHarness| {
        let at = h.get_by_label("mass").rect().center();
        let path: Vec<egui::Pos2> = (0..=6)
            .map(|k| at + egui::vec2(10.0 * k as f32, 0.0))
            .collect();
        primary_drag(h, &path);
    };

    drag(&mut h);
    let first = app(&h).state.doc().model().rigid_bodies[0].mass;
    assert!(first > mass, "the drag raised the mass: {mass} → {first}");
    assert_eq!(steps(&h), 1, "one drag, one undo step");
    assert_eq!(app(&h).state.selection(), Selection::RigidBody(0));

    drag(&mut h);
    let second = app(&h).state.doc().model().rigid_bodies[0].mass;
    assert!(second > first);
    assert_eq!(steps(&h), 2, "a second drag is a step of its own");

    undo(&mut h);
    assert_eq!(app(&h).state.doc().model().rigid_bodies[0].mass, first);
    undo(&mut h);
    assert_eq!(app(&h).state.doc().model().rigid_bodies, model.rigid_bodies);
}

#[test]
fn a_morph_offset_is_one_undo_step_and_the_posed_mesh_follows() {
    let model = hone::pmx::builder::sample_rig();
    let smile = model.morph_index("笑い").unwrap();
    let MorphOffsets::Vertex(offsets) = &model.morphs[smile].offsets else {
        panic!("笑い is a vertex morph");
    };
    let (vertex, old) = (offsets[0].vertex as usize, offsets[0].offset);
    let mut h = inspector_only(model.clone(), Selection::Morph(smile));
    app_mut(&mut h).state.commands().pose_morph(smile, 1.0);
    h.run_steps(3);
    let before = app(&h).state.pose().positions()[vertex];

    let x = old.x + 0.25;
    type_into(&mut h, "offset", 0, &format!("{x}"));
    let state = &app(&h).state;
    let MorphOffsets::Vertex(now) = &state.doc().model().morphs[smile].offsets else {
        panic!("still a vertex morph");
    };
    assert_eq!(now[0].offset, Vec3::new(x, old.y, old.z));
    assert_eq!(now[1..], offsets[1..], "the other rows are untouched");
    assert_eq!(steps(&h), 1, "one undo step");
    assert_eq!(state.selection(), Selection::Morph(smile), "still selected");
    assert_eq!(state.pose().morphs()[smile], 1.0, "the morph stays on");
    let moved = state.pose().positions()[vertex] - before;
    assert!(
        (moved - Vec3::X * 0.25).length() < 1e-4,
        "the shown vertex moved with the offset: {moved:?}"
    );

    undo(&mut h);
    assert_eq!(app(&h).state.doc().model().morphs, model.morphs);
    assert_eq!(steps(&h), 0);
}
