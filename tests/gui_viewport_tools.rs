//! The viewport's tool bar and mode bar read a `View` and send commands (issue 24,
//! point 2): drawn alone here on `(&View, &mut Commands)`, a click on a mode, a
//! brush radius typed, an overlay or option toggled, a tool run each send a command
//! and change nothing; the state changes when `apply_commands` applies it, and no
//! view setting becomes a model History step.

use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use hone::app::commands::{Command, Commands, Mode, ViewCommand};
use hone::app::document::Document;
use hone::app::viewport::{self, modes, morph_edit, paint};
use hone::app::{Selection, State, View};
use hone::pmx::{Model, Weights};

mod gui_support;
use gui_support::english;

type BarHarness = Harness<'static, State>;

/// One frame of the bars: the tool bar, then the mode bar, on the state's view.
fn draw_bars(ui: &mut egui::Ui, state: &mut State) {
    let (view, sent, _) = state.split();
    viewport::toolbar(ui, &view, sent);
    modes::bar(ui, &view, sent);
}

/// The tool bar and the mode bar alone on a state of `model`, `setup` applied first
/// (and its commands applied, as the window would).
fn bars(model: Model, setup: impl FnOnce(&mut State)) -> BarHarness {
    english();
    let document = Document::new(model, None, "test.pmx");
    let mut state = State::new(document, None);
    setup(&mut state);
    state.apply_commands();
    state.tick();
    let size = egui::vec2(1600.0, 300.0);
    let mut h = Harness::builder()
        .with_size(size)
        .build_ui_state(draw_bars, state);
    h.run_steps(2);
    h
}

/// The state in `mode`, switched as the mode bar does (a command, applied).
fn in_mode(mode: Mode) -> impl FnOnce(&mut State) {
    move |s| {
        s.commands().push(Command::ViewMode(mode));
        s.apply_commands();
    }
}

fn pending(h: &BarHarness) -> &[Command] {
    h.state().pending_commands()
}

/// The view commands pending, in order.
fn view_commands(h: &BarHarness) -> Vec<ViewCommand> {
    pending(h)
        .iter()
        .filter_map(|c| match c {
            Command::View(v) => Some(*v),
            _ => None,
        })
        .collect()
}

/// Sets the DragValue named `label` (a screen reader's SetValue).
fn set_number(h: &mut BarHarness, label: &str, value: f64) {
    let spin = egui::accesskit::Role::SpinButton;
    let node = h
        .get_all_by_label(label)
        .find(|n| n.accesskit_node().role() == spin)
        .unwrap_or_else(|| panic!("a number named {label}"));
    gui_support::set_node_value(h, &node, value);
    h.run_steps(1);
}

#[test]
fn the_bars_take_a_shared_view_and_a_command_sender() {
    // Does not compile if a bar asks for `&mut State` again (the doctest on
    // `modes::bar` shows the `&View` it gets cannot be written to).
    type Bar = fn(&mut egui::Ui, &View, &mut Commands);
    let _: [Bar; 4] = [
        viewport::toolbar,
        modes::bar,
        paint::tools,
        morph_edit::tools,
    ];
    let _: fn(&egui::Context, &View, &mut hone::app::generators::Dialog, &mut Commands) -> bool =
        hone::app::generators::show;
    // Drawn in every mode, they send nothing until the user acts.
    for mode in Mode::ALL {
        let h = bars(hone::pmx::builder::sample_rig(), in_mode(mode));
        assert!(pending(&h).is_empty(), "{mode:?}: {:?}", pending(&h));
        assert_eq!(h.state().viewport().modes.mode, mode);
    }
}

#[test]
fn a_mode_click_is_a_command_applied_once() {
    let mut h = bars(hone::pmx::builder::sample_rig(), |_| {});
    assert_eq!(h.state().viewport().modes.mode, Mode::Pose);
    h.get_by_label("Paint weights").click();
    h.run_steps(1);
    assert!(
        matches!(pending(&h), [Command::ViewMode(Mode::PaintWeights)]),
        "{:?}",
        pending(&h)
    );
    assert_eq!(
        h.state().viewport().modes.mode,
        Mode::Pose,
        "not yet applied"
    );
    h.state_mut().apply_commands();
    assert_eq!(h.state().viewport().modes.mode, Mode::PaintWeights);
    // Entering Paint weights turns the bone weight view on (the mode's own rule).
    assert_eq!(
        h.state().viewport().weights.mode,
        hone::app::weight_view::WeightMode::Bone
    );
    assert_eq!(
        h.state().doc().history.head(),
        0,
        "a view change, no History step"
    );
}

#[test]
fn the_brush_radius_and_strength_are_commands() {
    let mut h = bars(
        hone::pmx::builder::sample_rig(),
        in_mode(Mode::PaintWeights),
    );
    let before = h.state().viewport().paint.brush;
    assert_ne!(before.radius, 1.25);
    set_number(&mut h, "radius", 1.25);
    let sent = view_commands(&h);
    let [ViewCommand::Brush(brush)] = sent.as_slice() else {
        panic!("one brush command: {sent:?}");
    };
    assert_eq!(brush.radius, 1.25);
    assert_eq!(
        paint::BrushSettings {
            radius: before.radius,
            ..*brush
        },
        before,
        "only the radius changed"
    );
    assert_eq!(h.state().viewport().paint.brush, before, "not yet applied");
    h.state_mut().apply_commands();
    assert_eq!(h.state().viewport().paint.brush.radius, 1.25);

    h.run_steps(1);
    set_number(&mut h, "strength", 0.8);
    assert!(
        matches!(view_commands(&h).as_slice(), [ViewCommand::Brush(b)] if b.strength == 0.8 && b.radius == 1.25),
        "{:?}",
        pending(&h)
    );
    h.state_mut().apply_commands();
    let brush = h.state().viewport().paint.brush;
    assert_eq!((brush.radius, brush.strength), (1.25, 0.8));
    assert_eq!(
        h.state().doc().history.head(),
        0,
        "settings, no History step"
    );
}

#[test]
fn an_overlay_and_a_view_switch_are_commands() {
    let mut h = bars(hone::pmx::builder::sample_rig(), |_| {});
    assert!(!h.state().debug().overlays.ik);
    h.get_by_label("IK").click();
    h.run_steps(1);
    assert!(
        matches!(view_commands(&h).as_slice(), [ViewCommand::Overlays(o)] if o.ik && !o.deform_order),
        "{:?}",
        pending(&h)
    );
    assert!(!h.state().debug().overlays.ik, "not yet applied");
    h.state_mut().apply_commands();
    assert!(h.state().debug().overlays.ik);

    let joints = h.state().viewport().options.joints;
    h.get_by_label("Joints").click();
    h.run_steps(1);
    assert!(
        matches!(view_commands(&h).as_slice(), [ViewCommand::Options(o)] if o.joints != joints),
        "{:?}",
        pending(&h)
    );
    h.state_mut().apply_commands();
    assert_eq!(h.state().viewport().options.joints, !joints);
}

#[test]
fn edit_bones_options_are_commands() {
    let mut h = bars(hone::pmx::builder::sample_rig(), in_mode(Mode::EditBones));
    assert!(h.state().viewport().modes.rest.move_children);
    h.get_by_label("Move children").click();
    h.run_steps(1);
    assert!(
        matches!(view_commands(&h).as_slice(), [ViewCommand::RestOptions(r)] if !r.move_children && !r.keep_tail_end),
        "{:?}",
        pending(&h)
    );
    assert!(
        h.state().viewport().modes.rest.move_children,
        "not yet applied"
    );
    h.state_mut().apply_commands();
    assert!(!h.state().viewport().modes.rest.move_children);
}

/// The weight `bone` has in `weights` (summed where it is named twice).
fn weight_of(weights: &Weights, bone: usize) -> f32 {
    let b = bone as i32;
    let of = |named: i32, w: f32| if named == b { w } else { 0.0 };
    match *weights {
        Weights::Bdef1 { bone } => of(bone, 1.0),
        Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => {
            of(bones[0], weight) + of(bones[1], 1.0 - weight)
        }
        Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
            (0..4).map(|k| of(bones[k], weights[k])).sum()
        }
    }
}

#[test]
fn select_by_weight_sends_the_selection_of_the_selected_bone() {
    let model = hone::pmx::builder::sample_rig();
    // A bone some vertices follow fully.
    let bone = (1..model.bones.len())
        .find(|&b| {
            model
                .vertices
                .iter()
                .any(|v| weight_of(&v.weights, b) >= 0.5)
        })
        .expect("a bone with vertices");
    let expected: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| weight_of(&model.vertices[v].weights, bone) >= 0.5)
        .collect();
    let mut h = bars(model, move |s| {
        in_mode(Mode::Vertices)(s);
        s.commands().select(Selection::Bone(bone));
    });
    // The selected bone is the one to select by: the tool's setting follows it
    // (sent each frame until applied; the window applies every frame).
    let sent = view_commands(&h);
    assert!(
        !sent.is_empty()
            && sent.iter().all(|c| matches!(c, ViewCommand::VertexTools(t) if t.weight_bone == Some(bone) && t.min_weight == 0.5)),
        "{:?}",
        pending(&h)
    );
    assert_eq!(
        h.state().viewport().modes.vertex.weight_bone,
        None,
        "not yet applied"
    );
    h.state_mut().apply_commands();
    assert_eq!(h.state().viewport().modes.vertex.weight_bone, Some(bone));
    h.run_steps(1);
    assert!(pending(&h).is_empty(), "{:?}", pending(&h));
    h.get_by_label("By weight").click();
    h.run_steps(1);
    assert!(
        matches!(pending(&h), [Command::SelectSet { .. }]),
        "{:?}",
        pending(&h)
    );
    assert_eq!(
        h.state().selection(),
        Selection::Bone(bone),
        "not yet applied"
    );
    h.state_mut().apply_commands();
    assert_eq!(h.state().selected_vertices(), expected);
    assert_eq!(
        h.state().doc().history.head(),
        0,
        "a selection, no History step"
    );
}
