//! The viewport's modes driven as a user would, headless (egui_kittest; the
//! viewport has no GPU but projects, picks and takes clicks and drags): box and
//! weight selection of vertices with a batch edit, the pose's own undo (one
//! Ctrl+Z, one step: also when egui runs two passes a frame, and two drags stay
//! two steps while a search box keeps the keyboard), moving a bone's
//! rest position in Edit-bones mode, and a pick bringing its list's tab forward.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::document::Document;
use hone::app::viewport::camera::Projector;
use hone::app::{HoneApp, Selection};

mod gui_support;
use gui_support::{app, app_mut, harness, set_value, AppHarness};

fn projector(h: &AppHarness) -> Projector {
    let state = &app(h).state;
    let rect = state.viewport().last_rect.expect("the viewport was drawn");
    Projector::new(&state.viewport().camera, rect)
}

fn pointer(h: &mut AppHarness, pos: egui::Pos2, pressed: bool, modifiers: egui::Modifiers) {
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers,
    });
}

/// Presses at `from`, moves to `to` in steps, releases: a drag as a hand makes it.
fn drag(h: &mut AppHarness, from: egui::Pos2, to: egui::Pos2) {
    h.event(egui::Event::PointerMoved(from));
    h.run_steps(2);
    pointer(h, from, true, egui::Modifiers::NONE);
    h.run_steps(2);
    for k in 1..=8 {
        h.event(egui::Event::PointerMoved(
            from + (to - from) * (k as f32 / 8.0),
        ));
        h.run_steps(1);
    }
    pointer(h, to, false, egui::Modifiers::NONE);
    h.run_steps(3);
}

/// In Edit-bones mode, drags `bone`'s move arrow along `by` (an axis times a
/// length) by that length.
fn drag_rest_arrow(h: &mut AppHarness, bone: usize, by: glam::Vec3) {
    let proj = projector(h);
    let size = app(h).state.viewport().camera.distance * 0.06;
    let head = app(h).state.doc().model().bones[bone].position;
    let grab = head + by.normalize() * size;
    let from = proj.project_mmd(grab).unwrap();
    let to = proj.project_mmd(grab + by).unwrap();
    drag(h, from, to);
}

/// The tube rig with its bone 上 (#2) selected in the tree.
fn tube_with_upper_selected() -> AppHarness {
    let mut h = harness();
    h.run_steps(3);
    h.get_by_label("#2 上").click();
    h.run_steps(3);
    h
}

/// Drags the pose gizmo's Z ring of `bone` (facing the camera) from 45° to
/// 90°: a pose change.
fn drag_z_ring(h: &mut AppHarness, bone: usize) {
    let proj = projector(h);
    let state = &app(h).state;
    let size = state.viewport().camera.distance * 0.06;
    let head = state.pose().world()[bone].w_axis.truncate();
    let at = |deg: f32| {
        let r = deg.to_radians();
        proj.project_mmd(head + glam::Vec3::new(r.cos(), r.sin(), 0.0) * size)
            .unwrap()
    };
    drag(h, at(45.0), at(90.0));
}

fn selected_vertices(a: &HoneApp) -> Vec<usize> {
    a.state.selected_vertices()
}

#[test]
fn box_and_weight_selection_of_vertices_then_one_batch_edit() {
    let mut h = harness();
    h.run_steps(3);
    h.get_by_label("Vertices").click();
    h.run_steps(3);
    // A box over the whole width, from above the tube down to y = 10.5 seen from
    // the front: the tube's rings at y = 11…15 (12 vertices each, ring r holds
    // vertices 12r…12r+11).
    let proj = projector(&h);
    let rect = proj.rect;
    let cut = proj
        .project_mmd(glam::Vec3::new(0.0, 10.5, 0.0))
        .expect("in view");
    let from = egui::pos2(rect.left() + 5.0, rect.top() + 5.0);
    let to = egui::pos2(rect.right() - 5.0, cut.y);
    drag(&mut h, from, to);
    assert_eq!(selected_vertices(app(&h)), (132..192).collect::<Vec<_>>());
    h.get_by_label("60 × Vertex");
    h.get_by_label("60 vertices selected");

    // One field set in the inspector sets it on all 60 (one undo step).
    set_value(&h, "edge scale", 0.25);
    h.run_steps(3);
    let a = app(&h);
    let m = a.state.doc().model();
    for (i, v) in m.vertices.iter().enumerate() {
        let expect = if (132..192).contains(&i) { 0.25 } else { 1.0 };
        assert_eq!(v.edge_scale, expect, "vertex {i}");
    }
    assert_eq!(a.state.doc().history.len(), 1);

    // A click on a vertex of the front with Shift adds it; Ctrl removes it again.
    let front = proj
        .project_mmd(glam::Vec3::new(0.0, 2.0, -1.5))
        .expect("in view");
    h.event(egui::Event::PointerMoved(front));
    h.run_steps(1);
    let shift = egui::Modifiers::SHIFT;
    h.event(egui::Event::ModifiersChanged(shift));
    pointer(&mut h, front, true, shift);
    h.run_steps(1);
    pointer(&mut h, front, false, shift);
    h.run_steps(2);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run_steps(1);
    let picked = selected_vertices(app(&h));
    assert_eq!(picked.len(), 61, "one vertex added");
    // Ring 2 (y = 2), the side facing the camera (MMD −Z: angle 270° = side 9).
    assert!(picked.contains(&(2 * 12 + 9)), "{picked:?}");

    // Select by weight: bone 上 in the tree, then "By weight" (≥ 0.5): the rings
    // 上 moves with at least half weight, y = 8…15 (weight (y − 5) / 5 below 10).
    h.get_by_label("#2 上").click();
    h.run_steps(3);
    h.get_by_label("By weight").click();
    h.run_steps(3);
    assert_eq!(selected_vertices(app(&h)), (96..192).collect::<Vec<_>>());
}

#[test]
fn ctrl_z_after_a_pose_drag_undoes_the_pose_not_an_earlier_model_edit() {
    let upper = 2;
    let mut h = tube_with_upper_selected();
    set_value(&h, "deform layer", 3.0);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones[upper].layer, 3);

    drag_z_ring(&mut h, upper);
    let posed = app(&h).state.pose().bones()[upper];
    assert!(
        posed.rotation.angle_between(glam::Quat::IDENTITY) > 0.5,
        "the drag posed the bone: {posed:?}"
    );
    assert_eq!(
        app(&h).state.doc().history.len(),
        1,
        "posing is not a model edit"
    );

    // Ctrl+Z: the pose drag goes, the model edit stays.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    let a = app(&h);
    assert!(a.state.pose().is_rest());
    assert_eq!(a.state.doc().model().bones[upper].layer, 3);
    // Ctrl+Z again: now the model edit.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones[upper].layer, 0);
    assert!(app(&h).state.pose().is_rest());
    // The pose change is still in the pose's own history.
    assert!(app(&h).state.pose_undo().can_redo());
}

#[test]
fn edit_mode_moves_the_rest_position_with_its_children_as_one_undo_step() {
    let mut h = harness();
    h.run_steps(3);
    let before = app(&h).state.doc().model().clone();
    let upper = 2;
    h.get_by_label("#2 上").click();
    h.run_steps(3);
    h.get_by_label("Edit bones").click();
    h.run_steps(3);
    // Grab the X arrow near its middle and pull it 3 units to the right.
    let proj = projector(&h);
    let size = app(&h).state.viewport().camera.distance * 0.06;
    let head = before.bones[upper].position;
    let from = proj.project_mmd(head + glam::Vec3::X * size).unwrap();
    let to = proj
        .project_mmd(head + glam::Vec3::X * (size + 3.0))
        .unwrap();
    drag(&mut h, from, to);
    let a = app(&h);
    let m = a.state.doc().model();
    for i in [2, 3] {
        let moved = m.bones[i].position - before.bones[i].position;
        assert!(
            (moved - glam::Vec3::new(3.0, 0.0, 0.0)).length() < 0.05,
            "bone {i} moved {moved}"
        );
    }
    for i in [0, 1, 4] {
        assert_eq!(m.bones[i].position, before.bones[i].position, "bone {i}");
    }
    assert_eq!(m.vertices, before.vertices, "the mesh stays");
    assert_eq!(a.state.doc().history.len(), 1, "one drag, one undo step");
    // Labelled with the whole drag's Δ, not its last frame's.
    let moved = m.bones[upper].position - before.bones[upper].position;
    assert_eq!(
        a.state.doc().history.undo_label(),
        Some(&*format!(
            "Set rest position on 2 bones = 上 Δ({:.3}, {:.3}, {:.3})",
            moved.x, moved.y, moved.z
        ))
    );
    assert_eq!(a.state.selection(), Selection::Bone(upper));

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(
        hone::pmx::write::write_pmx(app(&h).state.doc().model(), &Default::default()).unwrap(),
        hone::pmx::write::write_pmx(&before, &Default::default()).unwrap()
    );
}

#[test]
fn after_an_edit_mode_drag_and_its_undo_ctrl_z_still_undoes_a_pose_drag() {
    let upper = 2;
    let mut h = tube_with_upper_selected();
    h.get_by_label("Edit bones").click();
    h.run_steps(3);
    drag_rest_arrow(&mut h, upper, glam::Vec3::Y * 2.0);
    assert_eq!(app(&h).state.doc().history.len(), 1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert!(!app(&h).state.doc().history.can_undo());
    h.get_by_label("Pose").click();
    h.run_steps(3);
    drag_z_ring(&mut h, upper);
    assert!(!app(&h).state.pose().is_rest());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    let log = &app(&h).state.log_lines();
    assert!(app(&h).state.pose().is_rest(), "{:?}", log.last());
}

/// The app on the tube rig where every frame asks egui for a second pass (as a
/// Grid or a popup shown for the first time does): the first pass is discarded
/// and the second runs without the frame's input events.
fn harness_discarding_every_frame() -> AppHarness {
    gui_support::english();
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(
            |ui, state: &mut Option<HoneApp>| {
                ui.ctx()
                    .request_discard("test: every frame takes two passes");
                let doc = || Document::new(hone::app::demo::tube_rig(), None, "tube");
                state
                    .get_or_insert_with(|| HoneApp::headless(doc(), ui.ctx()))
                    .show(ui);
            },
            None,
        );
    h.run_steps(3);
    h
}

#[test]
fn one_ctrl_z_undoes_one_step_when_egui_runs_two_passes_a_frame() {
    let mut h = harness_discarding_every_frame();
    let passes = h.ctx.cumulative_pass_nr();
    h.run_steps(1);
    assert_eq!(h.ctx.cumulative_pass_nr(), passes + 2, "two passes a frame");
    h.get_by_label("#2 上").click();
    h.run_steps(3);
    // Two edits by key (each one step), then one Ctrl+Z.
    for _ in 0..2 {
        h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
        h.run_steps(2);
    }
    assert_eq!(app(&h).state.doc().history.len(), 2, "two steps, each once");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    let history = &app(&h).state.doc().history;
    assert_eq!(history.head(), 1, "exactly one step undone");
    assert!(history.can_redo());
}

/// Whether `tab` is the one shown in its dock node.
fn in_front(h: &AppHarness, tab: Tab) -> bool {
    let dock = &app(h).dock;
    let path = dock.find_tab(&tab).expect("the tab is open");
    dock.leaf(path.node_path()).unwrap().active == path.tab
}

/// Clicks where the MMD-space point `p` is on screen, holding `modifiers`.
fn click_mmd(h: &mut AppHarness, p: glam::Vec3, modifiers: egui::Modifiers) {
    let pos = projector(h).project_mmd(p).expect("in view");
    h.event(egui::Event::ModifiersChanged(modifiers));
    h.event(egui::Event::PointerMoved(pos));
    h.run_steps(1);
    pointer(h, pos, true, modifiers);
    h.run_steps(1);
    pointer(h, pos, false, modifiers);
    h.run_steps(1);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run_steps(2);
}

#[test]
fn a_viewport_pick_brings_the_list_tab_holding_it_forward_and_ctrl_shift_combine() {
    let mut h = harness();
    h.run_steps(3);
    // The bone tree and the body list behind other tabs of their dock nodes.
    focus_tab(&mut app_mut(&mut h).dock, Tab::Morphs);
    focus_tab(&mut app_mut(&mut h).dock, Tab::Simulation);
    h.run_steps(3);
    assert!(!in_front(&h, Tab::Bones) && !in_front(&h, Tab::Physics));
    assert!(
        h.query_by_label("#2 上").is_none(),
        "the bone tree is hidden"
    );

    // A click on bone 上's head: the bone tree comes forward with its row.
    let head = app(&h).state.pose().world()[2].w_axis.truncate();
    click_mmd(&mut h, head, egui::Modifiers::NONE);
    assert_eq!(app(&h).state.selection(), Selection::Bone(2));
    assert!(in_front(&h, Tab::Bones));
    assert!(!in_front(&h, Tab::Physics), "no body picked");
    h.get_by_label("#2 上");

    // Bodies shown, a click on body 下 (a box around y = 7.5, between the bone
    // heads): the body list comes forward; the bone tree stays in front.
    h.get_by_label("Rigid bodies").click();
    h.run_steps(3);
    let body = app(&h).state.doc().model().rigid_bodies[1].position;
    click_mmd(&mut h, body, egui::Modifiers::NONE);
    assert_eq!(app(&h).state.selection(), Selection::RigidBody(1));
    assert!(in_front(&h, Tab::Physics));
    assert!(in_front(&h, Tab::Bones));
    assert!(!in_front(&h, Tab::Simulation));

    // Shift-click body 上 (a capsule around y = 12.5) adds it; Ctrl-click
    // takes it out again, as in the lists.
    let upper = app(&h).state.doc().model().rigid_bodies[0].position;
    click_mmd(&mut h, upper, egui::Modifiers::SHIFT);
    let state = &app(&h).state;
    assert_eq!(
        state.selection(),
        Selection::RigidBody(0),
        "the last clicked is active"
    );
    assert_eq!(state.selected_indices(), vec![0, 1]);
    click_mmd(&mut h, upper, egui::Modifiers::COMMAND);
    let state = &app(&h).state;
    assert_eq!(state.selection(), Selection::RigidBody(1));
    assert_eq!(state.selected_indices(), vec![1]);
}

#[test]
fn two_drags_are_two_undo_steps_while_a_search_box_has_the_keyboard() {
    let upper = 2;
    let mut h = tube_with_upper_selected();
    // Typing in the bone search box leaves it focused: a drag in the viewport
    // is no click, so it keeps the keyboard.
    h.get_by_label("Search bones").click();
    h.run_steps(2);
    assert!(h.ctx.memory(|m| m.focused().is_some()));
    drag_z_ring(&mut h, upper);
    let after_first = app(&h).state.pose().bones()[upper];
    drag_z_ring(&mut h, upper);
    assert_ne!(app(&h).state.pose().bones()[upper], after_first);
    // One Ctrl+Z takes back the second drag only.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.pose().bones()[upper], after_first);

    // The same for model edits: two Edit-bones drags of one bone (one merge
    // key) are two History steps, and one Ctrl+Z undoes one.
    h.get_by_label("Edit bones").click();
    h.run_steps(3);
    h.get_by_label("Search bones").click();
    h.run_steps(2);
    for _ in 0..2 {
        drag_rest_arrow(&mut h, upper, glam::Vec3::X);
    }
    assert!(h.ctx.memory(|m| m.focused().is_some()), "still typing");
    assert_eq!(app(&h).state.doc().history.len(), 2, "two drags, two steps");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().history.head(), 1);
}
