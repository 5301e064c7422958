//! Paint weights mode: a brush on the weight view's bone (the last bone selected),
//! painted on the posed mesh. The kernel is [`rig::paint`](crate::rig::paint); this
//! module hit-tests the mesh under the pointer, sends the stroke's dabs as
//! [`PaintCommand`]s (those filling a frame's pointer move) and draws the brush
//! outline; [`apply`] runs them on the stroke when the frame's commands are applied.
//!
//! Each dab is a model edit of the vertices it changed, merged into the stroke's
//! history step ([`ModelEdit::merging_any`]), so the pose and the weight view follow
//! the stroke at once (physics keeps running) and a stroke is one undo step.

use eframe::egui;

use super::camera::{mmd_to_gl, Projector};
use super::picking::ray_triangle;
use crate::app::commands::{Command, Commands, Mode, PaintCommand, ViewCommand};
use crate::app::{LogLevel, State, View};
use crate::edit::ModelEdit;
use crate::rig::paint::{Brush, Falloff, PaintMirror, PaintMode, Stroke};
use egui::{Color32, Pos2, Stroke as Line};
use glam::Vec3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeKind {
    Add,
    Subtract,
    Replace,
    Smooth,
    Blur,
}

impl ModeKind {
    pub const ALL: [ModeKind; 5] = [
        ModeKind::Add,
        ModeKind::Subtract,
        ModeKind::Replace,
        ModeKind::Smooth,
        ModeKind::Blur,
    ];

    pub fn label(self) -> String {
        crate::tr!(match self {
            ModeKind::Add => "paint-add",
            ModeKind::Subtract => "paint-subtract",
            ModeKind::Replace => "paint-replace",
            ModeKind::Smooth => "paint-smooth",
            ModeKind::Blur => "paint-blur",
        })
    }

    fn hint(self) -> String {
        crate::tr!(match self {
            ModeKind::Add => "paint-add-hint",
            ModeKind::Subtract => "paint-subtract-hint",
            ModeKind::Replace => "paint-replace-hint",
            ModeKind::Smooth => "paint-smooth-hint",
            ModeKind::Blur => "paint-blur-hint",
        })
    }
}

/// A falloff's name in the brush settings.
fn falloff_label(f: Falloff) -> String {
    crate::tr!(match f {
        Falloff::Smooth => "paint-falloff-smooth",
        Falloff::Linear => "paint-falloff-linear",
        Falloff::Constant => "paint-falloff-constant",
    })
}

/// The brush as the user set it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrushSettings {
    /// Model-space radius (with `screen_space` off).
    pub radius: f32,
    /// Screen radius in pixels (with `screen_space` on).
    pub radius_px: f32,
    pub screen_space: bool,
    pub strength: f32,
    /// Replace's target weight.
    pub value: f32,
    pub falloff: Falloff,
    pub mode: ModeKind,
    /// Blur's second bone.
    pub other: Option<usize>,
    pub mirror: bool,
    /// Paint only vertices facing the camera (else through the mesh).
    pub front_only: bool,
}

impl Default for BrushSettings {
    fn default() -> Self {
        BrushSettings {
            radius: 0.6,
            radius_px: 40.0,
            screen_space: false,
            strength: 0.3,
            value: 1.0,
            falloff: Falloff::Smooth,
            mode: ModeKind::Add,
            other: None,
            mirror: false,
            front_only: true,
        }
    }
}

/// The paint tool's settings and the stroke in progress.
#[derive(Debug, Default)]
pub struct PaintTool {
    pub brush: BrushSettings,
    stroke: Option<Stroke>,
    /// Numbers the strokes: a stroke's dabs share a merge key no other stroke has.
    strokes: u64,
    /// Where the brush is on the mesh (MMD space), for its outline.
    pub hover: Option<Vec3>,
    /// The weight view was off and the mode turned it on (off again on leaving).
    pub(crate) view_turned_on: bool,
    /// Where the stroke's last dab was on screen.
    last_dab: Option<Pos2>,
}

impl PaintTool {
    pub fn is_painting(&self) -> bool {
        self.stroke.is_some()
    }

    fn kernel_brush(&self) -> Option<Brush> {
        let b = &self.brush;
        let mode = match b.mode {
            ModeKind::Add => PaintMode::Add,
            ModeKind::Subtract => PaintMode::Subtract,
            ModeKind::Replace => PaintMode::Replace,
            ModeKind::Smooth => PaintMode::Smooth,
            ModeKind::Blur => PaintMode::Blur { other: b.other? },
        };
        Some(Brush {
            // Screen-space dabs pass their own falloff factors.
            radius: if b.screen_space { 1.0 } else { b.radius },
            strength: b.strength,
            value: b.value,
            falloff: b.falloff,
            mode,
        })
    }

    /// The merge key of the stroke in progress.
    fn merge_key(&self) -> u64 {
        use std::hash::{BuildHasher, BuildHasherDefault};
        BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
            .hash_one(("paint stroke", self.strokes))
    }
}

/// The point of the posed mesh under `pos` (MMD space), nearest the camera.
pub fn hit_mesh(
    proj: &Projector,
    positions: &[Vec3],
    faces: &[[i32; 3]],
    pos: Pos2,
) -> Option<Vec3> {
    let (origin, dir) = proj.ray(pos);
    let (origin, dir) = (mmd_to_gl(origin), mmd_to_gl(dir));
    let corner = |v: i32| usize::try_from(v).ok().filter(|&v| v < positions.len());
    faces
        .iter()
        .filter_map(|f| {
            let idx = [corner(f[0])?, corner(f[1])?, corner(f[2])?];
            ray_triangle(origin, dir, idx.map(|v| positions[v]))
        })
        .min_by(|a, b| a.total_cmp(b))
        .map(|t| origin + dir * t)
}

/// The vertices a dab at `centre` (screen `pos`) reaches, with their falloff factor.
fn dab_hits(state: &State, proj: &Projector, centre: Vec3, pos: Pos2) -> Vec<(usize, f32)> {
    let b = &state.viewport().paint.brush;
    let positions = state.pose().positions();
    let normals = state.pose().normals();
    // The camera in MMD space (the conversion is its own inverse).
    let eye = mmd_to_gl(state.viewport().camera.eye());
    let facing = |v: usize| {
        !b.front_only
            || normals
                .get(v)
                .is_none_or(|n| n.dot(eye - positions[v]) > 0.0)
    };
    positions
        .iter()
        .enumerate()
        .filter_map(|(v, p)| {
            let t = if b.screen_space {
                proj.project_mmd(*p)?.distance(pos) / b.radius_px.max(1.0)
            } else {
                p.distance(centre) / b.radius
            };
            let f = b.falloff.factor(t);
            (f > 0.0 && facing(v)).then_some((v, f))
        })
        .collect()
}

/// Paint mode's pointer input: a primary drag paints on the weight view's bone.
/// Sends the stroke as [`PaintCommand`]s (applied by [`apply`] after the panels
/// have drawn, in the same frame); returns where the brush is, for its outline.
pub fn input(
    response: &egui::Response,
    view: &View,
    sent: &mut Commands,
    proj: &Projector,
) -> Option<Vec3> {
    let pos = response.hover_pos().or(response.interact_pointer_pos());
    let positions = view.pose.positions();
    let faces = &view.model.faces;
    let tool = &view.viewport.paint;
    let hover = pos.and_then(|p| hit_mesh(proj, positions, faces, p));
    if hover != tool.hover {
        sent.push(Command::Paint(PaintCommand::Hover(hover)));
    }
    let primary = egui::PointerButton::Primary;
    let started = response.drag_started_by(primary);
    if started {
        sent.push(Command::Paint(PaintCommand::Begin));
    }
    if started || response.dragged_by(primary) {
        if let Some(p) = pos {
            // The stroke starts where the button went down; a fast pointer leaves gaps
            // between frames: dabs at most half a brush apart on screen fill them.
            let (last, first) = if started {
                let origin = response.ctx.input(|i| i.pointer.press_origin());
                (origin, 0)
            } else {
                (tool.last_dab, 1)
            };
            let last = last.filter(|_| started || tool.is_painting());
            let spacing = hover.map_or(8.0, |c| {
                (brush_radius_px(view.viewport, proj, c) * 0.5).max(2.0)
            });
            let steps = last.map_or(1, |l| {
                ((l.distance(p) / spacing).ceil() as usize).clamp(1, MAX_DABS_PER_FRAME)
            });
            let first = if last.is_some() { first } else { steps };
            for k in first..=steps {
                let at = last.map_or(p, |l| l.lerp(p, k as f32 / steps as f32));
                let hit = if k == steps {
                    hover
                } else {
                    hit_mesh(proj, positions, faces, at)
                };
                if let Some(centre) = hit {
                    let proj = *proj;
                    sent.push(Command::Paint(PaintCommand::Dab { centre, at, proj }));
                }
            }
            sent.push(Command::Paint(PaintCommand::Reached(p)));
        }
    }
    if response.drag_stopped() {
        sent.push(Command::Paint(PaintCommand::End));
    }
    hover
}

/// Applies one step of a stroke the viewport sent.
pub fn apply(state: &mut State, step: PaintCommand) {
    match step {
        PaintCommand::Hover(at) => state.viewport_mut().paint.hover = at,
        PaintCommand::Begin => begin(state),
        PaintCommand::Dab { centre, at, proj } => dab(state, &proj, centre, at),
        PaintCommand::Reached(at) => state.viewport_mut().paint.last_dab = Some(at),
        PaintCommand::End => end_stroke(state),
    }
}

/// One dab of a model-space stroke at `centre` (screen `pos`), as a drag makes it;
/// a stroke starts first when none is in progress. Benches and tests drive this.
pub fn dab_at(state: &mut State, proj: &Projector, centre: Vec3, pos: Pos2) {
    if !state.viewport().paint.is_painting() {
        begin(state);
    }
    dab(state, proj, centre, pos);
}

/// Ends the stroke in progress (the button went up).
pub fn end_stroke(state: &mut State) {
    let tool = &mut state.viewport_mut().paint;
    tool.stroke = None;
    tool.last_dab = None;
}

/// Dabs filling one frame's pointer move, at most.
const MAX_DABS_PER_FRAME: usize = 16;

/// The brush radius in pixels at `centre` (MMD space), as `viewport` shows it.
fn brush_radius_px(viewport: &super::Viewport, proj: &Projector, centre: Vec3) -> f32 {
    let brush = &viewport.paint.brush;
    if brush.screen_space {
        return brush.radius_px;
    }
    // The model-space radius as seen at the hit's depth.
    let right = mmd_to_gl(viewport.camera.view().inverse().x_axis.truncate());
    match (
        proj.project_mmd(centre),
        proj.project_mmd(centre + right.normalize_or_zero() * brush.radius),
    ) {
        (Some(a), Some(b)) => a.distance(b),
        _ => 10.0,
    }
}

fn begin(state: &mut State) {
    let model = state.doc().model();
    let tool = &state.viewport().paint;
    let Some(bone) = state
        .viewport()
        .weights
        .bone
        .filter(|&b| b < model.bones.len())
    else {
        state.log(LogLevel::Warning, crate::tr!("paint-select-bone-first"));
        return;
    };
    let Some(brush) = tool.kernel_brush() else {
        state.log(LogLevel::Warning, crate::tr!("paint-blur-needs-second"));
        return;
    };
    let other = tool
        .brush
        .other
        .filter(|_| tool.brush.mode == ModeKind::Blur);
    let mirror = tool
        .brush
        .mirror
        .then(|| PaintMirror::new(model, bone, other, 1e-3));
    match Stroke::new(model, bone, brush, mirror) {
        Ok(s) => {
            let tool = &mut state.viewport_mut().paint;
            tool.stroke = Some(s);
            tool.strokes += 1;
            tool.last_dab = None;
        }
        Err(e) => state.log(
            LogLevel::Warning,
            crate::tr!("paint-failed", error = e.to_string()),
        ),
    }
}

/// One dab of the stroke: the vertices it changed go to the history, merged into
/// the stroke's step.
fn dab(state: &mut State, proj: &Projector, centre: Vec3, pos: Pos2) {
    let hits = dab_hits(state, proj, centre, pos);
    let f = state.frame_parts();
    let model = f.doc.model();
    let bone_name = f
        .viewport
        .weights
        .bone
        .and_then(|b| model.bones.get(b))
        .map_or("", |b| b.name.as_str());
    let tool = &mut f.viewport.paint;
    let key = tool.merge_key();
    let screen = tool.brush.screen_space;
    let Some(stroke) = tool.stroke.as_mut() else {
        return;
    };
    let changed = if screen {
        stroke.dab_factors(model, &hits)
    } else {
        let candidates: Vec<usize> = hits.iter().map(|h| h.0).collect();
        stroke.dab(model, f.pose.positions(), centre, &candidates)
    };
    match changed {
        Ok(changed) if !changed.is_empty() => {
            let vertices: Vec<_> = changed
                .into_iter()
                .filter_map(|v| {
                    let mut vertex = model.vertices.get(v)?.clone();
                    vertex.weights = stroke.weights(model, v)?;
                    Some((v, vertex))
                })
                .collect();
            let label = crate::tr!(
                "history-paint-weights",
                bone = bone_name,
                mode = tool.brush.mode.label()
            );
            let edit = ModelEdit::set_vertices(vertices, "weights")
                .label(label)
                .merging_any(key);
            f.commands.edit(edit);
        }
        Ok(_) => {}
        Err(e) => f.commands.log(
            LogLevel::Warning,
            crate::tr!("paint-failed", error = e.to_string()),
        ),
    }
}

/// Entering Paint weights shows the bone weight view (if it was off); leaving
/// ends the stroke and turns the view off again if the mode turned it on.
pub fn mode_switched(state: &mut State, old: Mode, new: Mode) {
    use crate::app::weight_view::WeightMode;
    let viewport = state.viewport_mut();
    let tool = &mut viewport.paint;
    let view = &mut viewport.weights;
    if new == Mode::PaintWeights && view.mode == WeightMode::Off {
        view.mode = WeightMode::Bone;
        tool.view_turned_on = true;
    } else if old == Mode::PaintWeights {
        tool.stroke = None;
        tool.hover = None;
        tool.last_dab = None;
        if std::mem::take(&mut tool.view_turned_on) && view.mode == WeightMode::Bone {
            view.mode = WeightMode::Off;
        }
    }
}

/// The brush settings, in the mode bar: drawn from the view, a change sent as
/// [`ViewCommand::Brush`].
pub fn tools(ui: &mut egui::Ui, view: &View, sent: &mut Commands) {
    let model = view.model;
    match view.viewport.weights.bone.and_then(|b| model.bones.get(b)) {
        Some(b) => ui.label(crate::tr!("paint-painting", bone = b.name.as_str())),
        None => ui.colored_label(
            Color32::from_rgb(240, 180, 60),
            crate::tr!("paint-select-bone"),
        ),
    };
    let before = view.viewport.paint.brush;
    let b = &mut before.clone();
    egui::ComboBox::from_id_salt("paint_mode")
        .selected_text(b.mode.label())
        .show_ui(ui, |ui| {
            for m in ModeKind::ALL {
                ui.selectable_value(&mut b.mode, m, m.label())
                    .on_hover_text(m.hint());
            }
        });
    if b.mode == ModeKind::Blur {
        let text = b
            .other
            .and_then(|o| model.bones.get(o).map(|x| format!("#{o} {}", x.name)))
            .unwrap_or_else(|| crate::tr!("paint-second-bone"));
        egui::ComboBox::from_id_salt("paint_blur_other")
            .selected_text(text)
            .height(400.0)
            .show_ui(ui, |ui| {
                for (i, x) in model.bones.iter().enumerate() {
                    ui.selectable_value(&mut b.other, Some(i), format!("#{i} {}", x.name));
                }
            });
    }
    if b.mode == ModeKind::Replace {
        ui.label(crate::tr!("paint-value"));
        ui.add(
            egui::DragValue::new(&mut b.value)
                .range(0.0..=1.0)
                .speed(0.01),
        );
    }
    // Named by their labels, as a screen reader reads them.
    let label = ui.label(crate::tr!("paint-radius")).id;
    if b.screen_space {
        ui.add(
            egui::DragValue::new(&mut b.radius_px)
                .range(2.0..=400.0)
                .suffix(" px"),
        )
        .labelled_by(label);
    } else {
        ui.add(
            egui::DragValue::new(&mut b.radius)
                .range(0.01..=20.0)
                .speed(0.01),
        )
        .labelled_by(label);
    }
    ui.checkbox(&mut b.screen_space, crate::tr!("paint-screen"))
        .on_hover_text(crate::tr!("paint-screen-hint"));
    let label = ui.label(crate::tr!("paint-strength")).id;
    ui.add(
        egui::DragValue::new(&mut b.strength)
            .range(0.0..=1.0)
            .speed(0.01),
    )
    .labelled_by(label);
    egui::ComboBox::from_id_salt("paint_falloff")
        .selected_text(falloff_label(b.falloff))
        .show_ui(ui, |ui| {
            for f in [Falloff::Smooth, Falloff::Linear, Falloff::Constant] {
                ui.selectable_value(&mut b.falloff, f, falloff_label(f));
            }
        });
    ui.checkbox(&mut b.mirror, crate::tr!("paint-mirror"))
        .on_hover_text(crate::tr!("paint-mirror-hint"));
    ui.checkbox(&mut b.front_only, crate::tr!("paint-front-only"))
        .on_hover_text(crate::tr!("paint-front-only-hint"));
    if *b != before {
        sent.push(Command::View(ViewCommand::Brush(*b)));
    }
}

/// The brush outline where it would paint (`hover`: where [`input`] found it this frame).
pub fn draw(painter: &egui::Painter, proj: &Projector, view: &View, hover: Option<Vec3>) {
    let tool = &view.viewport.paint;
    let Some(c) = hover else { return };
    let Some(centre) = proj.project_mmd(c) else {
        return;
    };
    let radius_px = brush_radius_px(view.viewport, proj, c);
    let colour = if tool.is_painting() {
        Color32::from_rgb(255, 90, 60)
    } else {
        Color32::from_rgb(255, 230, 120)
    };
    painter.circle_stroke(centre, radius_px, Line::new(1.5, colour));
    painter.circle_filled(centre, 2.0, colour);
}
