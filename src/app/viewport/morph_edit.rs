//! Edit morph mode: the selected vertices are moved with arrows along the model
//! axes and the moves are recorded as the offsets of a vertex morph; the base mesh
//! is untouched. The view shows the rest pose with that morph at weight 1, so the
//! mesh follows the drag.
//!
//! Editing an existing morph, each frame of a drag is a model edit of the morph,
//! merged into one undo step. With "(new morph)" the drag is previewed on the
//! selected vertices' marks and a new vertex morph with those offsets is made when
//! the button is released (one step); the mode then edits it.

use eframe::egui;

use super::camera::Projector;
use super::gizmo::{Gizmo, PointGizmo};
use crate::app::commands::{Command, Commands, MorphDrag, ViewCommand};
use crate::app::{LogLevel, Selection, State, View};
use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::{Model, MorphOffsets, VertexOffset};
use crate::rig::morphs::{self, PANEL_OTHER};
use egui::{Color32, PointerButton};
use glam::Vec3;

/// The morph being edited and the drag in progress.
#[derive(Debug, Default)]
pub struct MorphEdit {
    /// The vertex morph the moves go to; None makes a new one.
    pub target: Option<usize>,
    /// The morph the view shows at weight 1.
    shown: Option<usize>,
    /// How far a "(new morph)" drag has moved the vertices so far.
    pending: Option<Vec3>,
    /// Numbers the drags: a drag's edits share a merge key no other drag has.
    drags: u64,
}

/// Whether morph `m` of `model` is a vertex morph.
fn is_vertex_morph(model: &Model, m: usize) -> bool {
    model
        .morphs
        .get(m)
        .is_some_and(|m| matches!(m.offsets, MorphOffsets::Vertex(_)))
}

impl MorphEdit {
    /// The target if it is (still) a vertex morph of `model`.
    pub fn valid_target(&self, model: &Model) -> Option<usize> {
        self.target.filter(|&m| is_vertex_morph(model, m))
    }
}

/// Follows a selected vertex morph and shows the target at weight 1 (the pose is
/// parked at rest in this mode, see [`super::modes::switch`]).
pub fn update(state: &mut State) {
    let f = state.frame_parts();
    let model = f.doc.model();
    let tool = &mut f.viewport.morph_edit;
    if let Selection::Morph(m) = f.selection {
        if is_vertex_morph(model, m) {
            tool.target = Some(m);
        }
    }
    let target = tool.valid_target(model);
    if tool.shown != target {
        if let Some(old) = tool.shown.take() {
            f.pose.set_morph(old, 0.0);
        }
        tool.shown = target;
    }
    // Also after Reset pose or a slider moved it.
    if let Some(t) = target.filter(|&t| f.pose.morphs().get(t) != Some(&1.0)) {
        f.pose.set_morph(t, 1.0);
    }
}

/// Leaving the mode: the shown morph goes back to the parked pose's weight.
pub fn left(state: &mut State) {
    let f = state.frame_parts();
    let tool = &mut f.viewport.morph_edit;
    tool.pending = None;
    if let Some(old) = tool.shown.take() {
        f.pose.set_morph(old, 0.0);
    }
}

/// The middle of the selected vertices as shown (None without a selection).
fn centre(view: &View, vertices: &[usize]) -> Option<Vec3> {
    let positions = view.pose.positions();
    let (sum, n) = vertices
        .iter()
        .filter_map(|&v| positions.get(v))
        .fold((Vec3::ZERO, 0usize), |(s, n), p| (s + *p, n + 1));
    (n > 0).then(|| sum / n as f32 + view.viewport.morph_edit.pending.unwrap_or(Vec3::ZERO))
}

fn gizmo_size(view: &View) -> f32 {
    view.viewport.camera.distance * 0.06
}

/// The arrows' drag, on the viewport's copy of the `gizmo` (sent back by the
/// viewport); the drag goes out as [`MorphDrag`] commands. Returns true when the
/// pointer belongs to the arrows this frame (else the vertex selection handles it).
pub fn input(
    response: &egui::Response,
    ui: &egui::Ui,
    view: &View,
    sent: &mut Commands,
    gizmo: &mut Gizmo,
    proj: &Projector,
) -> bool {
    let vertices = view.selected_vertices();
    let Some(at) = centre(view, &vertices) else {
        return false;
    };
    let inp = PointGizmo {
        proj,
        at,
        size: gizmo_size(view),
    };
    if response.drag_started_by(PointerButton::Primary) {
        let press = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos());
        if press.is_some_and(|p| gizmo.begin_point(&inp, p)) {
            sent.push(Command::MorphDrag(MorphDrag::Begin));
            return true;
        }
        return false;
    }
    if !gizmo.is_dragging() {
        return false;
    }
    if response.dragged_by(PointerButton::Primary) {
        if let Some(delta) = response
            .interact_pointer_pos()
            .and_then(|p| gizmo.update_point(&inp, p))
        {
            let vertices = vertices.clone();
            sent.push(Command::MorphDrag(MorphDrag::Move { vertices, delta }));
        }
    }
    if response.drag_stopped() {
        gizmo.end();
        sent.push(Command::MorphDrag(MorphDrag::End { vertices }));
    }
    true
}

/// Applies one step of a drag the viewport sent: a grab numbers the drag (a
/// "(new morph)" drag starts its preview), a move edits the target morph (merged
/// into the drag's step), the end of a "(new morph)" drag makes the morph.
pub fn apply(state: &mut State, step: MorphDrag) {
    match step {
        MorphDrag::Begin => {
            let f = state.frame_parts();
            let tool = &mut f.viewport.morph_edit;
            tool.drags += 1;
            if tool.valid_target(f.doc.model()).is_none() {
                tool.pending = Some(Vec3::ZERO);
            }
        }
        MorphDrag::Move { vertices, delta } => moved(state, &vertices, delta),
        MorphDrag::End { vertices } => {
            if let Some(total) = state.viewport_mut().morph_edit.pending.take() {
                new_morph(state, &vertices, total);
            }
        }
    }
}

/// One frame of a drag: `delta` added to the selected vertices' offsets.
fn moved(state: &mut State, vertices: &[usize], delta: Vec3) {
    if delta == Vec3::ZERO || !delta.is_finite() {
        return;
    }
    let f = state.frame_parts();
    let model = f.doc.model();
    let tool = &mut f.viewport.morph_edit;
    if let Some(p) = &mut tool.pending {
        *p += delta;
        return;
    }
    let Some(m) = tool.valid_target(model) else {
        return;
    };
    let key = merge_key(tool.drags);
    if let Some(edit) = move_in_morph(model, m, vertices, delta) {
        f.commands.edit(edit.merging(key));
    }
}

/// Morph `m` with `delta` added to the offsets of `vertices` (new entries for
/// vertices it did not move yet), as an edit of its offsets.
pub fn move_in_morph(
    model: &Model,
    m: usize,
    vertices: &[usize],
    delta: Vec3,
) -> Option<ModelEdit> {
    let old = model.morphs.get(m)?;
    let MorphOffsets::Vertex(list) = &old.offsets else {
        return None;
    };
    let mut list = list.clone();
    let mut at: std::collections::HashMap<i32, usize> = list
        .iter()
        .enumerate()
        .map(|(k, o)| (o.vertex, k))
        .collect();
    for &v in vertices.iter().filter(|&&v| v < model.vertices.len()) {
        let v = v as i32;
        match at.get(&v) {
            Some(&k) => list[k].offset += delta,
            None => {
                at.insert(v, list.len());
                list.push(VertexOffset {
                    vertex: v,
                    offset: delta,
                });
            }
        }
    }
    let mut new = old.clone();
    new.offsets = MorphOffsets::Vertex(list);
    Some(ModelEdit::set_morph(m, new, "offsets").label(crate::tr!(
        "history-morph-move",
        count = vertices.len(),
        morph = old.name.as_str()
    )))
}

/// The "(new morph)" drag ended: a vertex morph moving `vertices` by `total`.
fn new_morph(state: &mut State, vertices: &[usize], total: Vec3) {
    let f = state.frame_parts();
    let model = f.doc.model();
    let name = crate::app::morph_tools::unused_name(model, "モーフ");
    let offsets: Vec<(usize, Vec3)> = vertices.iter().map(|&v| (v, total)).collect();
    match morphs::vertex_morph_from_offsets(model, &name, PANEL_OTHER, &offsets) {
        Ok(edit) => {
            // The new morph is appended: the mode goes on editing it.
            f.viewport.morph_edit.target = Some(model.morphs.len());
            f.commands.edit(edit);
        }
        Err(e) => f.commands.log(
            LogLevel::Warning,
            crate::tr!("morph-edit-new-failed", error = e.to_string()),
        ),
    }
}

fn merge_key(drag: u64) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
        .hash_one(("morph edit drag", drag))
}

/// The mode bar's tools: the morph, the selection count, removing offsets. Drawn
/// from the view; the chosen morph is sent as [`ViewCommand::MorphTarget`], a
/// removal as an edit.
pub fn tools(ui: &mut egui::Ui, view: &View, sent: &mut Commands) {
    let model = view.model;
    let target = view.viewport.morph_edit.valid_target(model);
    let mut chosen = view.viewport.morph_edit.target;
    let text = target.map_or_else(
        || crate::tr!("morph-edit-new"),
        |m| format!("#{m} {}", model.morphs[m].name),
    );
    ui.label(crate::tr!("morph-edit-target"));
    egui::ComboBox::from_id_salt("morph edit target")
        .selected_text(text)
        .height(400.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, crate::tr!("morph-edit-new"))
                .on_hover_text(crate::tr!("morph-edit-new-hint"));
            for (i, m) in model.morphs.iter().enumerate() {
                if matches!(m.offsets, MorphOffsets::Vertex(_)) {
                    ui.selectable_value(&mut chosen, Some(i), format!("#{i} {}", m.name));
                }
            }
        });
    if chosen != view.viewport.morph_edit.target {
        sent.push(Command::View(ViewCommand::MorphTarget(chosen)));
    }
    let vertices: Vec<usize> = view
        .selected
        .iter(view.selection, ElementKind::Vertex)
        .collect();
    ui.label(crate::tr!("mode-vertices-selected", count = vertices.len()));
    if vertices.is_empty() {
        ui.colored_label(
            Color32::from_rgb(240, 180, 60),
            crate::tr!("morph-edit-how"),
        );
    }
    let in_morph = target.map_or(0, |m| {
        let selected =
            |v: i32| usize::try_from(v).is_ok_and(|v| vertices.binary_search(&v).is_ok());
        match &model.morphs[m].offsets {
            MorphOffsets::Vertex(o) => o.iter().filter(|x| selected(x.vertex)).count(),
            _ => 0,
        }
    });
    let remove = ui
        .add_enabled(
            in_morph > 0,
            egui::Button::new(crate::tr!("morph-edit-remove", count = in_morph)),
        )
        .on_hover_text(crate::tr!("morph-edit-remove-hint"))
        .clicked();
    let removed = target
        .filter(|_| remove)
        .map(|m| morphs::remove_offsets(model, m, &vertices));
    match removed {
        Some(Ok(Some(e))) => sent.edit(e),
        Some(Err(e)) => sent.log(
            LogLevel::Warning,
            crate::tr!("morph-edit-remove-failed", error = e.to_string()),
        ),
        _ => {}
    }
}

/// The arrows on the selected vertices (and their marks moved by a pending drag);
/// `gizmo`: the drag as this frame's input left it.
pub fn draw(painter: &egui::Painter, proj: &Projector, view: &View, gizmo: &Gizmo) {
    let vertices = view.selected_vertices();
    let Some(at) = centre(view, &vertices) else {
        return;
    };
    if let Some(shift) = view.viewport.morph_edit.pending {
        let positions = view.pose.positions();
        for &v in &vertices {
            if let Some(p) = positions.get(v).and_then(|p| proj.project_mmd(*p + shift)) {
                painter.circle_filled(p, 2.5, Color32::from_rgb(120, 220, 255));
            }
        }
    }
    let inp = PointGizmo {
        proj,
        at,
        size: gizmo_size(view),
    };
    gizmo.draw_point(painter, &inp);
}
