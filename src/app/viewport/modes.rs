//! The viewport's modes, switched in the mode bar under the toolbar:
//! * Pose: the gizmo poses the selected bone (runtime, not a model edit; the
//!   pose has its own undo, see [`crate::app::pose_undo`]: Ctrl+Z undoes the
//!   newest change, pose or model, and a pose change never enters the model's
//!   history).
//! * Edit bones: the gizmo moves the selected bone's rest position, an undoable
//!   model edit ([`crate::rig::rest`]). The view shows the rest pose; the pose is
//!   parked and comes back on leaving the mode.
//! * Vertices: click picks a vertex of the posed mesh, a drag selects a box,
//!   Shift adds, Ctrl removes; select by bone weight or by material. The set is
//!   the app's vertex selection (`Selection::Vertex` + [`Selected`]) that the
//!   inspector edits as a batch and the weight tools use.
//! * Paint weights: a brush paints the selected bone's weights on the posed
//!   mesh, the weight view colouring it ([`super::paint`]).
//! * Edit morph: the selected vertices move with arrows and the moves are
//!   recorded in a vertex morph, the base mesh untouched ([`super::morph_edit`]);
//!   the rest pose is shown with that morph at 1 (the pose is parked as in
//!   Edit bones).

use eframe::egui;

use super::camera::Projector;
use super::picking;
use crate::app::commands::{Command, Commands, Mode, ViewCommand};
use crate::app::selection::{self, Combine};
use crate::app::{Selected, Selection, State, View};
use crate::deform::Pose;
use crate::edit::ElementKind;
use crate::rig::rest::MoveRest;
use egui::{Color32, Pos2, Stroke};

/// The mode and its tools' settings (the settings change by [`ViewCommand`]s).
pub struct ModeState {
    pub mode: Mode,
    /// Edit mode's options.
    pub rest: MoveRest,
    /// Vertices mode's select-by-weight and select-by-material tools.
    pub vertex: VertexTools,
    /// Where a box selection's drag started ([`ViewCommand::BoxFrom`]).
    pub(crate) box_from: Option<Pos2>,
    /// The pose (and whether physics ran) put aside while editing bones.
    parked: Option<(Pose, bool)>,
}

/// Vertices mode's tools: the bone and least weight to select by, the material.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VertexTools {
    pub weight_bone: Option<usize>,
    pub min_weight: f32,
    pub material: Option<usize>,
}

impl Default for ModeState {
    fn default() -> Self {
        ModeState {
            mode: Mode::Pose,
            rest: MoveRest {
                move_children: true,
                keep_tail_end: false,
            },
            vertex: VertexTools {
                weight_bone: None,
                min_weight: 0.5,
                material: None,
            },
            box_from: None,
            parked: None,
        }
    }
}

/// Switches the mode (applied as [`Command::ViewMode`] once per frame).
pub fn switch(state: &mut State, mode: Mode) {
    let old = state.viewport().modes.mode;
    if old == mode {
        return;
    }
    let modes = &mut state.viewport_mut().modes;
    modes.mode = mode;
    modes.box_from = None;
    state.viewport_mut().gizmo.end();
    super::paint::mode_switched(state, old, mode);
    if old == Mode::MorphEdit {
        super::morph_edit::left(state);
    }
    let f = state.frame_parts();
    let model = f.doc.model();
    if mode.parks_pose() && old.parks_pose() {
        // Edit bones ↔ Edit morph: the pose stays parked.
    } else if mode.parks_pose() {
        let physics = f.pose.physics_enabled();
        if physics || !f.pose.is_rest() {
            f.viewport.modes.parked = Some((f.pose.pose.clone(), physics));
            f.pose.set_physics(model, false);
            f.pose.reset();
        }
    } else if old.parks_pose() {
        if let Some((pose, physics)) = f.viewport.modes.parked.take() {
            if pose.bones.len() == model.bones.len() && pose.morphs.len() == model.morphs.len() {
                for (i, b) in pose.bones.into_iter().enumerate() {
                    f.pose.set_bone(i, b);
                }
                for (i, w) in pose.morphs.into_iter().enumerate() {
                    f.pose.set_morph(i, w);
                }
            }
            f.pose.set_physics(model, physics);
        }
    }
}

/// The mode bar: the switch, the mode's options and what Ctrl+Z undoes. Drawn from
/// the view; a click sends [`Command::ViewMode`], a changed setting a [`ViewCommand`].
/// It cannot switch the mode or change a tool itself: the view's borrows are shared.
///
/// ```compile_fail,E0594
/// fn paint_mode(view: &hone::app::View) {
///     view.viewport.modes.mode = hone::app::commands::Mode::PaintWeights;
/// }
/// ```
///
/// ```compile_fail,E0594
/// fn bigger_brush(view: &hone::app::View) {
///     view.viewport.paint.brush.radius = 2.0;
/// }
/// ```
pub fn bar(ui: &mut egui::Ui, view: &View, sent: &mut Commands) {
    ui.horizontal_wrapped(|ui| {
        ui.label(crate::tr!("mode-label"));
        let current = view.viewport.modes.mode;
        for mode in Mode::ALL {
            if ui
                .selectable_label(current == mode, mode.label())
                .on_hover_text(mode.hint())
                .clicked()
                && mode != current
            {
                sent.push(Command::ViewMode(mode));
            }
        }
        ui.separator();
        match current {
            Mode::Pose => {}
            Mode::EditBones => {
                let mut rest = view.viewport.modes.rest;
                ui.checkbox(&mut rest.move_children, crate::tr!("mode-move-children"))
                    .on_hover_text(crate::tr!("mode-move-children-hint"));
                ui.checkbox(&mut rest.keep_tail_end, crate::tr!("mode-keep-tail-end"))
                    .on_hover_text(crate::tr!("mode-keep-tail-end-hint"));
                if rest != view.viewport.modes.rest {
                    sent.push(Command::View(ViewCommand::RestOptions(rest)));
                }
            }
            Mode::Vertices => vertex_tools(ui, view, sent),
            // Their tools take a row of their own.
            Mode::PaintWeights => {
                ui.end_row();
                super::paint::tools(ui, view, sent);
            }
            Mode::MorphEdit => {
                ui.end_row();
                super::morph_edit::tools(ui, view, sent);
            }
        }
        ui.separator();
        ui.weak(crate::tr!("mode-undo-note"))
            .on_hover_text(crate::tr!("mode-undo-hint"));
    });
}

/// Select by bone weight, by material; the count; clear.
fn vertex_tools(ui: &mut egui::Ui, view: &View, sent: &mut Commands) {
    let model = view.model;
    let how = Combine::from_egui(ui.input(|i| i.modifiers));
    let mut tools = view.viewport.modes.vertex;
    // A selected bone is the one to select by.
    if let Selection::Bone(b) = view.selection {
        tools.weight_bone = Some(b);
    }
    let mut picked: Option<Vec<usize>> = None;
    let bones = &model.bones;
    choose(
        ui,
        "vertex weight bone",
        &mut tools.weight_bone,
        bones.len(),
        |i| &bones[i].name,
    );
    ui.label(crate::tr!("mode-weight-at-least"));
    ui.add(
        egui::DragValue::new(&mut tools.min_weight)
            .range(0.0..=1.0)
            .speed(0.01),
    );
    let (by_weight, hint) = (
        crate::tr!("mode-by-weight"),
        crate::tr!("mode-by-weight-hint"),
    );
    if let Some(b) = run_on(ui, tools.weight_bone, by_weight, hint) {
        picked = Some(selection::vertices_weighted_by(model, b, tools.min_weight));
    }
    let materials = &model.materials;
    choose(
        ui,
        "vertex material",
        &mut tools.material,
        materials.len(),
        |i| &materials[i].name,
    );
    let (by_material, hint) = (
        crate::tr!("mode-by-material"),
        crate::tr!("mode-by-material-hint"),
    );
    if let Some(m) = run_on(ui, tools.material, by_material, hint) {
        picked = Some(selection::vertices_of_material(model, m));
    }
    if tools != view.viewport.modes.vertex {
        sent.push(Command::View(ViewCommand::VertexTools(tools)));
    }
    let count = view
        .selected
        .iter(view.selection, ElementKind::Vertex)
        .count();
    ui.label(crate::tr!("mode-vertices-selected", count = count));
    if ui
        .add_enabled(count > 0, egui::Button::new(crate::tr!("mode-clear")))
        .clicked()
    {
        sent.select(Selection::None);
    }
    if let Some(picked) = picked {
        sent.push(select_vertices(view.selection, view.selected, &picked, how));
    }
}

/// A combo box choosing one of `count` elements, each shown as "#i name".
fn choose<'a>(
    ui: &mut egui::Ui,
    salt: &str,
    chosen: &mut Option<usize>,
    count: usize,
    name: impl Fn(usize) -> &'a str,
) {
    let text = match chosen.filter(|&i| i < count) {
        Some(i) => format!("#{i} {}", name(i)),
        None => crate::tr!("mode-choose"),
    };
    egui::ComboBox::from_id_salt(salt)
        .selected_text(text)
        .height(400.0)
        .show_ui(ui, |ui| {
            for i in 0..count {
                ui.selectable_value(chosen, Some(i), format!("#{i} {}", name(i)));
            }
        });
}

/// A tool's button, enabled once something is chosen: the choice when clicked.
fn run_on(ui: &mut egui::Ui, chosen: Option<usize>, label: String, hint: String) -> Option<usize> {
    let clicked = ui
        .add_enabled(chosen.is_some(), egui::Button::new(label))
        .on_hover_text(hint)
        .clicked();
    chosen.filter(|_| clicked)
}

/// The vertex selection after picking `picked` with `how`.
fn select_vertices(
    active: Selection,
    selected: &Selected,
    picked: &[usize],
    how: Combine,
) -> Command {
    let (active, selected) = selected.combine(active, ElementKind::Vertex, picked, how);
    Command::SelectSet {
        active,
        selected,
        reveal: false,
    }
}

/// Vertex mode's clicks and box drags on the view: the picked vertices go out as
/// a selection command, the box's corner as [`ViewCommand::BoxFrom`].
pub fn vertex_input(
    response: &egui::Response,
    ui: &egui::Ui,
    view: &View,
    sent: &mut Commands,
    proj: &Projector,
) {
    let primary = egui::PointerButton::Primary;
    let how = Combine::from_egui(ui.input(|i| i.modifiers));
    let mut box_from = view.viewport.modes.box_from;
    if response.drag_started_by(primary) {
        box_from = ui.input(|i| i.pointer.press_origin());
    }
    if response.drag_stopped_by(primary) {
        let from = box_from.take();
        let to = response
            .interact_pointer_pos()
            .or(ui.input(|i| i.pointer.latest_pos()));
        if let (Some(a), Some(b)) = (from, to) {
            let rect = egui::Rect::from_two_pos(a, b);
            let picked = picking::vertices_in_rect(proj, view.pose.positions(), rect);
            sent.push(select_vertices(view.selection, view.selected, &picked, how));
        }
    }
    if box_from != view.viewport.modes.box_from {
        sent.push(Command::View(ViewCommand::BoxFrom(box_from)));
    }
    if response.clicked_by(primary) {
        if let Some(p) = response.interact_pointer_pos() {
            let model = view.model;
            let ranges = crate::edit::remap::material_face_ranges(model);
            let visible = view.material_visible;
            let shown = |f: usize| {
                ranges
                    .iter()
                    .position(|r| r.contains(&f))
                    .is_none_or(|m| visible.get(m).copied().unwrap_or(true))
            };
            let positions = view.pose.positions();
            let hit = picking::pick_vertex(proj, positions, &model.faces, shown, p, 10.0);
            let picked: Vec<usize> = hit.into_iter().collect();
            sent.push(select_vertices(view.selection, view.selected, &picked, how));
        }
    }
}

const VERTEX_MARK: Color32 = Color32::from_rgb(255, 200, 40);

/// The selected vertices as dots on their posed positions, and the box being dragged.
pub fn draw_vertices(
    painter: &egui::Painter,
    proj: &Projector,
    view: &View,
    pointer: Option<Pos2>,
) {
    let positions = view.pose.positions();
    for v in view.selected.iter(view.selection, ElementKind::Vertex) {
        if let Some(p) = positions.get(v).and_then(|p| proj.project_mmd(*p)) {
            painter.rect_filled(
                egui::Rect::from_center_size(p, egui::vec2(4.0, 4.0)),
                0.0,
                VERTEX_MARK,
            );
        }
    }
    if let (Some(a), Some(b)) = (view.viewport.modes.box_from, pointer) {
        let rect = egui::Rect::from_two_pos(a, b);
        painter.rect_filled(rect, 0.0, Color32::from_rgba_unmultiplied(255, 200, 40, 30));
        painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(1.0, VERTEX_MARK),
            egui::StrokeKind::Inside,
        );
    }
}
