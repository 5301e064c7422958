//! The Weights, Problems, Deform order, Collision matrix, Materials and UV panels read
//! a `View` and send commands: each is drawn alone here on `(&View, &mut Commands,
//! &mut PanelState)`, a user action goes through its widgets, and the test looks at
//! what it sent before the state applies it — one edit (then exactly one undo step,
//! which undo takes back), or only a selection or view setting (no history step).

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use hone::app::commands::{Command, Commands};
use hone::app::panels;
use hone::app::{PanelState, Selected, Selection, State, View};
use hone::edit::ElementKind;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::{Model, Weights};

mod gui_support;

type Show = fn(&mut egui::Ui, &View, &mut Commands, &mut PanelState);
type PanelHarness = Harness<'static, State>;

/// `show` alone on a state of `model`; `setup` runs before the first frame. Like the
/// window, the Problems and Deform order panels get their caches refreshed first.
fn panel(model: Model, show: Show, setup: impl FnOnce(&mut State)) -> PanelHarness {
    let state = gui_support::state_with(model, setup);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 900.0))
        .build_ui_state(
            move |ui, state: &mut State| {
                panels::deform_order::prepare(state);
                let (view, commands, local) = state.split();
                show(ui, &view, commands, local);
            },
            state,
        );
    h.run_steps(2);
    h
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

fn edits(h: &PanelHarness) -> usize {
    let pending = h.state().pending_commands();
    pending
        .iter()
        .filter(|c| matches!(c, Command::Edit(_)))
        .count()
}

/// The frame's commands applied as the window applies them.
fn apply(h: &mut PanelHarness) {
    h.state_mut().apply_commands();
    h.state_mut().tick();
}

/// The panel sent exactly one edit and nothing was changed yet; applied, it is one
/// History step that changed the model; undone, the model is as it was.
fn sent_one_undoable_edit(h: &mut PanelHarness) {
    let before = bytes(h.state().doc().model());
    assert_eq!(
        edits(h),
        1,
        "one edit sent: {:?}",
        h.state().pending_commands()
    );
    assert_eq!(
        h.state().doc().history.head(),
        0,
        "nothing applied by the panel"
    );
    apply(h);
    assert_eq!(h.state().doc().history.head(), 1, "one undo step");
    assert_ne!(
        bytes(h.state().doc().model()),
        before,
        "the edit changed the model"
    );
    h.state_mut().commands().push(Command::Undo);
    apply(h);
    assert_eq!(bytes(h.state().doc().model()), before, "undo takes it back");
}

/// The panel sent no edit; applied, its commands make no History step.
fn sent_no_edit(h: &mut PanelHarness) {
    assert_eq!(edits(h), 0, "{:?}", h.state().pending_commands());
    apply(h);
    assert_eq!(h.state().doc().history.head(), 0);
    assert!(!h.state().doc().is_dirty());
}

fn select_vertices(state: &mut State, vertices: &[usize]) {
    state.commands().push(Command::SelectSet {
        active: Selection::Vertex(vertices[0]),
        selected: Selected::many(ElementKind::Vertex, vertices.iter().copied()),
        reveal: false,
    });
}

#[test]
fn collision_matrix_cell_click_sends_one_edit() {
    let mut h = panel(
        hone::pmx::builder::sample_rig(),
        panels::collision_matrix::show,
        |_| {},
    );
    h.get_by_label(&panels::collision_matrix::cell_label(0, 1))
        .click();
    h.run_steps(1);
    sent_one_undoable_edit(&mut h);
}

#[test]
fn collision_mask_checkbox_sends_one_edit_on_the_selected_body() {
    let model = hone::pmx::builder::sample_rig();
    let body = 0;
    let mask = model.rigid_bodies[body].collision_mask;
    let mut h = panel(model, panels::collision_matrix::show, |s| {
        s.select(Selection::RigidBody(body))
    });
    h.get_by_label(&panels::collision_matrix::mask_label(5))
        .click();
    h.run_steps(1);
    let before = bytes(h.state().doc().model());
    assert_eq!(edits(&h), 1, "{:?}", h.state().pending_commands());
    apply(&mut h);
    let now = h.state().doc().model().rigid_bodies[body].collision_mask;
    assert_eq!(now ^ mask, 1 << 5, "only group 6's bit changed");
    assert_eq!(h.state().doc().history.head(), 1);
    h.state_mut().commands().push(Command::Undo);
    apply(&mut h);
    assert_eq!(bytes(h.state().doc().model()), before);
}

#[test]
fn materials_visibility_is_a_view_setting_and_a_row_click_selects() {
    let model = hone::pmx::builder::sample_rig();
    let name = format!("#1 {}", model.materials[1].name);
    let mut h = panel(model, panels::materials::show, |_| {});
    h.get_by_label("Hide all").click();
    h.run_steps(1);
    assert!(matches!(
        h.state().pending_commands(),
        [Command::ShowMaterial(None, false)]
    ));
    sent_no_edit(&mut h);
    assert!(h.state().material_visible().iter().all(|v| !v));

    h.get_by_label(&name).click();
    h.run_steps(1);
    sent_no_edit(&mut h);
    assert_eq!(h.state().selection(), Selection::Material(1));
}

/// The tube rig with 下 moved to layer 1: 上 (layer 0) is evaluated before its parent.
fn out_of_order_tube() -> Model {
    let mut m = hone::app::demo::tube_rig();
    let lower = m.bone_index("下").unwrap();
    m.bones[lower].layer = 1;
    m
}

#[test]
fn deform_order_fix_sends_one_edit_and_a_toggle_only_view_state() {
    let model = out_of_order_tube();
    let upper = model.bone_index("上").unwrap();
    let mut h = panel(model, panels::deform_order::show, |s| {
        s.select(Selection::Bone(upper))
    });
    h.get_by_label("Fix: raise deform layer to 1").click();
    h.run_steps(1);
    sent_one_undoable_edit(&mut h);

    assert!(!h.state().debug().overlays.deform_order);
    h.get_by_label("Deform order").click();
    h.run_steps(1);
    sent_no_edit(&mut h);
    assert!(h.state().debug().overlays.deform_order, "the overlay is on");
}

#[test]
fn problems_fix_sends_one_edit_and_a_row_click_selects_its_element() {
    let mut model = hone::pmx::builder::sample_rig();
    model.materials[0].ambient.x = 1.5;
    let mut h = panel(model, panels::problems::show, |_| {});
    let problem = h.state().debug().problems[0].clone();
    assert!(problem.fix.is_some(), "{problem:?}");
    h.get_by_label(&format!("{}  {}", problem.code, problem.message))
        .click();
    h.run_steps(1);
    sent_no_edit(&mut h);
    assert_eq!(h.state().selection(), Selection::Material(0));

    h.get_by_label("Fix").click();
    h.run_steps(1);
    sent_one_undoable_edit(&mut h);
}

#[test]
fn weights_operation_sends_one_edit_and_weights_from_model_asks_for_a_file() {
    let mut model = hone::pmx::builder::sample_rig();
    model.vertices[0].weights = Weights::Bdef4 {
        bones: [0, 1, -1, -1],
        weights: [0.3, 0.2, 0.0, 0.0],
    };
    let mut h = panel(model, panels::weights::show, |s| {
        select_vertices(s, &[0, 1])
    });
    h.get_by_label("Normalize").click();
    h.run_steps(1);
    sent_one_undoable_edit(&mut h);

    h.get_by_label("Weights from model…").click();
    h.run_steps(1);
    let pick = h
        .state()
        .panels()
        .pick
        .as_ref()
        .expect("a file is asked for");
    assert!(matches!(
        pick.purpose,
        hone::app::files::picker::Purpose::WeightsFromModel
    ));
    sent_no_edit(&mut h);
}

#[test]
fn uv_typed_move_sends_one_edit() {
    let model = hone::pmx::builder::sample_rig();
    let mut h = panel(model, panels::uv::show, |s| {
        s.panels_mut().uv.material = Some(0);
        s.panels_mut().uv.typed.translate = [0.25, 0.0];
        // Vertices of material 0 (its first face's).
        let first = s.doc().model().faces[0].map(|i| i as usize);
        select_vertices(s, &first);
    });
    h.get_by_label("Apply to selection").click();
    h.run_steps(1);
    sent_one_undoable_edit(&mut h);
}
