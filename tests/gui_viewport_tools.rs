//! The viewport's tool bar and mode bar read a `View` and send commands (issue 24,
//! point 2): drawn alone here on `(&View, &mut Commands)`, a click on a mode, a
//! brush radius typed, an overlay or option toggled, a tool run each send a command
//! and change nothing; the state changes when `apply_commands` applies it, and no
//! view setting becomes a model History step.
//!
//! The viewport itself, drawn alone on `(&View, &mut Commands, &mut Scratch)`: a
//! paint drag, an Edit morph arrow drag and a camera drag send commands and change
//! nothing; `apply_commands` does their work, a stroke or a drag one undo step.

use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use hone::app::commands::{Command, Commands, Mode, MorphDrag, PaintCommand, ViewCommand};
use hone::app::viewport::{self, modes, morph_edit, paint};
use hone::app::{Selection, State, View};
use hone::pmx::{Model, Weights};

mod gui_support;
use gui_support::{pointer_events, state_with};

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
    let state = state_with(model, setup);
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

/// The pending commands `pick` takes, in order.
fn pending_of<T>(h: &BarHarness, pick: impl Fn(&Command) -> Option<T>) -> Vec<T> {
    pending(h).iter().filter_map(pick).collect()
}

/// The view commands pending, in order.
fn view_commands(h: &BarHarness) -> Vec<ViewCommand> {
    pending_of(h, |c| match c {
        Command::View(v) => Some(*v),
        _ => None,
    })
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

/// The first bone (after the root) with a vertex weighted `enough`.
fn bone_weighing(model: &Model, enough: impl Fn(f32) -> bool) -> usize {
    (1..model.bones.len())
        .find(|&b| {
            model
                .vertices
                .iter()
                .any(|v| enough(weight_of(&v.weights, b)))
        })
        .expect("a bone with vertices")
}

#[test]
fn select_by_weight_sends_the_selection_of_the_selected_bone() {
    let model = hone::pmx::builder::sample_rig();
    // A bone some vertices follow fully.
    let bone = bone_weighing(&model, |w| w >= 0.5);
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

// ---- the viewport's own input ----

type ViewHarness = Harness<'static, State>;

/// One frame of the viewport as the window draws it: its caches brought up to date,
/// then drawn on the view, its input sent. The commands stay pending.
fn draw_viewport(ui: &mut egui::Ui, state: &mut State) {
    viewport::prepare(state);
    let (view, sent, scratch) = state.split_viewport();
    viewport::show(ui, &view, sent, scratch);
}

/// The viewport alone on `model`, `setup` applied first; its first frame drawn
/// and applied (it sends where it was drawn).
fn viewport_on(model: Model, setup: impl FnOnce(&mut State)) -> ViewHarness {
    let state = state_with(model, setup);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 900.0))
        .build_ui_state(draw_viewport, state);
    h.run_steps(1);
    apply(&mut h);
    h
}

/// What the window does after the panels: apply the frame's commands, then the
/// next frame's bookkeeping.
fn apply(h: &mut ViewHarness) {
    h.state_mut().apply_commands();
    h.state_mut().tick();
}

/// One frame with the pointer at `pos`, the primary button pressed or released there.
fn pointer_frame(h: &mut ViewHarness, pos: egui::Pos2, button: Option<bool>) {
    pointer_events(h, pos, button);
    h.run_steps(1);
}

fn projector(h: &ViewHarness) -> viewport::camera::Projector {
    let v = h.state().viewport();
    let rect = v.last_rect.expect("the viewport sent where it was drawn");
    viewport::camera::Projector::new(&v.camera, rect)
}

fn paint_steps(h: &ViewHarness) -> Vec<PaintCommand> {
    pending_of(h, |c| match c {
        Command::Paint(p) => Some(*p),
        _ => None,
    })
}

fn edits_pending(h: &ViewHarness) -> usize {
    pending(h)
        .iter()
        .filter(|c| matches!(c, Command::Edit(_)))
        .count()
}

#[test]
fn the_viewport_takes_a_shared_view_a_command_sender_and_its_buffers() {
    // Does not compile if the viewport asks for `&mut State` again (its doctest
    // shows a `&mut State` is refused).
    type Show = fn(&mut egui::Ui, &View, &mut Commands, &mut viewport::Scratch);
    let _: Show = viewport::show;
    // Drawn and hovered in every mode, it sends nothing but where it was drawn.
    for mode in Mode::ALL {
        let mut h = viewport_on(hone::pmx::builder::sample_rig(), in_mode(mode));
        h.run_steps(1);
        assert!(pending(&h).is_empty(), "{mode:?}: {:?}", pending(&h));
    }
}

#[test]
fn a_paint_drag_sends_strokes_and_the_weights_change_when_applied_one_step_a_stroke() {
    let model = hone::pmx::builder::sample_rig();
    // A bone and a face whose corners it does not fully own: Add raises its weight.
    let bone = bone_weighing(&model, |w| w > 0.0);
    let mut h = viewport_on(model.clone(), move |s| {
        s.commands().select(Selection::Bone(bone));
        in_mode(Mode::PaintWeights)(s);
        let brush = &mut s.viewport_mut().paint.brush;
        brush.mode = paint::ModeKind::Add;
        brush.screen_space = true;
        brush.radius_px = 60.0;
        brush.strength = 0.5;
        brush.front_only = false;
    });
    let proj = projector(&h);
    let rect = proj.rect.shrink(80.0);
    let positions = h.state().pose().positions().to_vec();
    let at = model
        .faces
        .iter()
        .filter(|f| {
            f.iter()
                .any(|&v| weight_of(&model.vertices[v as usize].weights, bone) < 0.9)
        })
        .filter_map(|f| {
            let c = f.iter().map(|&v| positions[v as usize]).sum::<glam::Vec3>() / 3.0;
            proj.project_mmd(c).filter(|p| rect.contains(*p))
        })
        .next()
        .expect("a face on screen the bone does not own");
    let weights = |h: &ViewHarness| -> Vec<f32> {
        let m = h.state().doc().model();
        m.vertices
            .iter()
            .map(|v| weight_of(&v.weights, bone))
            .collect()
    };
    let rest = weights(&h);

    let stroke = |h: &mut ViewHarness, from: egui::Pos2| {
        pointer_frame(h, from, None);
        apply(h);
        pointer_frame(h, from, Some(true));
        apply(h);
        // The drag starts once the pointer moves: Begin, the dabs, where it got to.
        pointer_frame(h, from + egui::vec2(12.0, 0.0), None);
        let steps = paint_steps(h);
        let begin = steps.iter().position(|s| *s == PaintCommand::Begin);
        let dab = steps
            .iter()
            .position(|s| matches!(s, PaintCommand::Dab { .. }));
        assert!(
            matches!((begin, dab), (Some(b), Some(d)) if b < d),
            "{steps:?}"
        );
        assert_eq!(edits_pending(h), 0, "the viewport edits nothing itself");
        let head = h.state().doc().history.head();
        let before = weights(h);
        apply(h);
        assert_eq!(
            h.state().doc().history.head(),
            head + 1,
            "the stroke's step"
        );
        assert_ne!(weights(h), before, "the dabs painted when applied");
        for k in 2..=5 {
            pointer_frame(h, from + egui::vec2(12.0 * k as f32, 0.0), None);
            assert_eq!(edits_pending(h), 0);
            apply(h);
        }
        pointer_frame(h, from + egui::vec2(60.0, 0.0), Some(false));
        assert!(
            matches!(paint_steps(h).last(), Some(PaintCommand::End)),
            "{:?}",
            pending(h)
        );
        apply(h);
        assert!(
            !h.state().viewport().paint.is_painting(),
            "the stroke ended"
        );
        assert_eq!(
            h.state().doc().history.head(),
            head + 1,
            "one stroke, one undo step"
        );
    };
    stroke(&mut h, at);
    let first = weights(&h);
    assert!(
        first.iter().zip(&rest).any(|(a, b)| a > b),
        "the bone gained weight under the brush"
    );
    h.run_steps(2);
    apply(&mut h);
    stroke(&mut h, at + egui::vec2(0.0, 20.0));
    assert_eq!(h.state().doc().history.len(), 2, "two strokes, two steps");
    h.state_mut().commands().push(Command::Undo);
    apply(&mut h);
    assert_eq!(
        weights(&h),
        first,
        "one undo takes back the whole second stroke"
    );
    h.state_mut().commands().push(Command::Undo);
    apply(&mut h);
    assert_eq!(h.state().doc().model().vertices, model.vertices);
}

/// The Edit morph arrow drag of `vertices` by `dx` along X, frame by frame: checks
/// each frame sends drag steps and no edit; returns the frames' commands.
fn morph_drag(h: &mut ViewHarness, vertices: &[usize], dx: f32) -> Vec<MorphDrag> {
    let proj = projector(h);
    let positions = h.state().pose().positions();
    let at = vertices.iter().map(|&v| positions[v]).sum::<glam::Vec3>() / vertices.len() as f32;
    let size = h.state().viewport().camera.distance * 0.06;
    let from = at + glam::Vec3::X * size * 0.7;
    let path: Vec<egui::Pos2> = (0..=8)
        .map(|k| {
            proj.project_mmd(from + glam::Vec3::X * dx * k as f32 / 8.0)
                .unwrap()
        })
        .collect();
    let mut sent = Vec::new();
    let mut frame = |h: &mut ViewHarness, pos, button| {
        pointer_frame(h, pos, button);
        assert_eq!(edits_pending(h), 0, "the viewport edits nothing itself");
        sent.extend(pending_of(h, |c| match c {
            Command::MorphDrag(d) => Some(d.clone()),
            _ => None,
        }));
        apply(h);
    };
    frame(h, path[0], None);
    frame(h, path[0], Some(true));
    for p in &path[1..] {
        frame(h, *p, None);
    }
    frame(h, path[8], Some(false));
    sent
}

#[test]
fn an_edit_morph_drag_sends_drag_steps_and_the_morph_changes_when_applied() {
    let model = hone::pmx::builder::sample_rig();
    let vertices = vec![3usize, 4, 5];
    let selected = hone::app::Selected::many(hone::edit::ElementKind::Vertex, vertices.clone());
    let mut h = viewport_on(model.clone(), |s| {
        in_mode(Mode::MorphEdit)(s);
        s.commands().push(Command::SelectSet {
            active: Selection::Vertex(3),
            selected,
            reveal: false,
        });
    });
    h.run_steps(1);
    apply(&mut h);
    assert_eq!(h.state().viewport().morph_edit.target, None, "(new morph)");
    let sent = morph_drag(&mut h, &vertices, -0.3);
    assert!(matches!(sent.first(), Some(MorphDrag::Begin)), "{sent:?}");
    assert!(
        sent.iter()
            .any(|d| matches!(d, MorphDrag::Move { vertices: v, .. } if *v == vertices)),
        "{sent:?}"
    );
    assert!(
        matches!(sent.last(), Some(MorphDrag::End { .. })),
        "{sent:?}"
    );
    let state = h.state();
    let m = state.doc().model();
    assert_eq!(
        state.doc().history.len(),
        1,
        "one drag, one step: the new morph"
    );
    assert_eq!(m.morphs.len(), model.morphs.len() + 1);
    assert_eq!(m.vertices, model.vertices, "the base mesh is untouched");
    let moved: glam::Vec3 = sent
        .iter()
        .filter_map(|d| match d {
            MorphDrag::Move { delta, .. } => Some(*delta),
            _ => None,
        })
        .sum();
    match &m.morphs[model.morphs.len()].offsets {
        hone::pmx::MorphOffsets::Vertex(o) => {
            assert_eq!(o.len(), 3);
            for x in o {
                assert!((x.offset - moved).length() < 1e-5, "{x:?} vs {moved}");
            }
            assert!((moved.x + 0.3).abs() < 1e-3, "{moved}");
        }
        other => panic!("{other:?}"),
    }
    // A second drag edits that morph: its frames merge into one more step.
    h.run_steps(1);
    apply(&mut h);
    morph_drag(&mut h, &vertices, -0.2);
    assert_eq!(h.state().doc().history.len(), 2, "one more step");
}

#[test]
fn a_camera_drag_is_a_command_and_the_frame_draws_with_it() {
    let mut h = viewport_on(hone::pmx::builder::sample_rig(), |_| {});
    let before = h.state().viewport().camera;
    let centre = projector(&h).rect.center();
    h.event(egui::Event::PointerMoved(centre));
    h.event(egui::Event::PointerButton {
        pos: centre,
        button: egui::PointerButton::Secondary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(1);
    apply(&mut h);
    h.event(egui::Event::PointerMoved(centre + egui::vec2(40.0, 10.0)));
    h.run_steps(1);
    let sent = view_commands(&h);
    let [ViewCommand::Camera(camera)] = sent.as_slice() else {
        panic!("one camera command: {sent:?}");
    };
    assert_ne!(*camera, before);
    assert_eq!(h.state().viewport().camera, before, "not yet applied");
    apply(&mut h);
    assert_eq!(h.state().viewport().camera, *camera);
    assert_eq!(h.state().doc().history.head(), 0, "a view change, no step");
}
