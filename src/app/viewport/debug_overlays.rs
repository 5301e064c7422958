//! Rig-debugging overlays: the deform order (evaluation index per bone,
//! coloured by deform layer, order violations as red arrows) and IK chains
//! (goal, effector, links, angle limits, error, iteration steps).
//!
//! What they draw from is cached in [`DebugState`] (`debug_state.rs`).

mod ik;

use eframe::egui;

use super::camera::Projector;
use super::labels::{LabelRequest, LabelScratch};
use super::overlays::bone_head;
use crate::app::commands::{Command, Commands, ViewCommand};
use crate::app::View;
use crate::pmx::Model;
use egui::{Align2, Color32, FontId, Painter, Pos2, Shape, Stroke};
use glam::Mat4;

pub const VIOLATION: Color32 = Color32::from_rgb(255, 50, 50);
pub const AFTER_PHYSICS: Color32 = Color32::from_rgb(255, 255, 255);

/// Which debug overlays the viewport draws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DebugOverlays {
    pub deform_order: bool,
    pub ik: bool,
}

impl DebugOverlays {
    /// Turns on the overlay `name` (from `--overlay`); false if it is not one of ours.
    pub fn enable(&mut self, name: &str) -> bool {
        match name {
            "deform-order" | "deform_order" | "order" => self.deform_order = true,
            "ik" => self.ik = true,
            _ => return false,
        }
        true
    }
}

pub use super::debug_state::{DebugState, TraceCache};
pub use ik::{
    draw_ik, ik_chain_of, ik_error, selected_chain, update_trace, IK_EFFECTOR, IK_GOAL, IK_LIMIT,
    IK_LINK,
};

/// A distinct colour per deform layer (by rank among the model's layers).
pub fn layer_color(rank: usize) -> Color32 {
    const PALETTE: [Color32; 10] = [
        Color32::from_rgb(90, 170, 255),
        Color32::from_rgb(255, 200, 60),
        Color32::from_rgb(80, 220, 120),
        Color32::from_rgb(230, 110, 255),
        Color32::from_rgb(60, 230, 230),
        Color32::from_rgb(255, 140, 60),
        Color32::from_rgb(170, 255, 80),
        Color32::from_rgb(255, 120, 180),
        Color32::from_rgb(150, 150, 255),
        Color32::from_rgb(200, 200, 160),
    ];
    PALETTE[rank % PALETTE.len()]
}

/// The model's distinct deform layers, ascending.
pub fn layers(model: &Model) -> Vec<i32> {
    let mut l: Vec<i32> = model.bones.iter().map(|b| b.layer).collect();
    l.sort_unstable();
    l.dedup();
    l
}

pub fn layer_rank(layers: &[i32], layer: i32) -> usize {
    layers.binary_search(&layer).unwrap_or(0)
}

fn arrow(painter: &Painter, from: Pos2, to: Pos2, stroke: Stroke) {
    let d = to - from;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let perp = egui::vec2(-dir.y, dir.x);
    let head = 9.0f32.min(len * 0.5);
    painter.line_segment([from, to], stroke);
    painter.add(Shape::convex_polygon(
        vec![
            to,
            to - dir * head + perp * head * 0.45,
            to - dir * head - perp * head * 0.45,
        ],
        stroke.color,
        Stroke::NONE,
    ));
}

fn outlined_text(painter: &Painter, pos: Pos2, align: Align2, text: &str, size: f32, c: Color32) {
    let font = FontId::proportional(size);
    for o in [egui::vec2(1.0, 1.0), egui::vec2(-1.0, -1.0)] {
        painter.text(pos + o, align, text, font.clone(), Color32::BLACK);
    }
    painter.text(pos, align, text, font, c);
}

fn valid(model: &Model, i: i32) -> Option<usize> {
    usize::try_from(i).ok().filter(|&i| i < model.bones.len())
}

/// Marks the bones whose labels always show: flagged bones and the bones
/// they depend on (both ends of a red arrow), the selected bone and its
/// parent chain up to the root.
fn mark_forced_labels(
    model: &Model,
    debug: &DebugState,
    selected: Option<usize>,
    out: &mut Vec<bool>,
) {
    out.clear();
    out.resize(model.bones.len(), false);
    for b in 0..model.bones.len() {
        for (_, dep) in debug.violations_of(b) {
            out[b] = true;
            if let Some(d) = out.get_mut(dep) {
                *d = true;
            }
        }
    }
    // Walk the parents; the step bound stops a malformed parent cycle.
    let mut next = selected.filter(|&s| s < model.bones.len());
    for _ in 0..model.bones.len() {
        let Some(b) = next else { break };
        out[b] = true;
        next = valid(model, model.bones[b].parent);
    }
}

/// The deform-order legend's rectangle (labels keep out of it).
fn order_legend_rect(clip: egui::Rect, layers: usize) -> egui::Rect {
    egui::Rect::from_min_size(
        clip.left_top() + egui::vec2(4.0, 4.0),
        egui::vec2(260.0, 26.0 + 15.0 * (layers as f32 + 3.0)),
    )
}

/// Evaluation index at every bone, coloured by layer; after-physics bones
/// boxed in white; order violations red with an arrow from the dependency.
/// Every bone gets its dot; labels are decluttered ([`super::labels`]):
/// flagged bones, their dependencies and the selected bone's parent chain are
/// always labelled, the others only where they do not overlap, and the
/// legend counts the hidden ones.
pub fn draw_deform_order(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    debug: &DebugState,
    labels: &mut LabelScratch,
    selected: Option<usize>,
) {
    let layers = &debug.layers;
    labels.clear();
    mark_forced_labels(model, debug, selected, &mut labels.marks);
    let entry_color = |e: &crate::deform::BoneOrderEntry| {
        if debug.is_flagged(e.bone) {
            VIOLATION
        } else {
            layer_color(layer_rank(layers, e.layer))
        }
    };
    let font_size = |bone: usize| {
        if debug.is_flagged(bone) || selected == Some(bone) {
            14.0
        } else {
            11.0
        }
    };
    for (k, e) in debug.order.entries().iter().enumerate() {
        let b = e.bone;
        let Some(bone) = model.bones.get(b) else {
            continue;
        };
        let forced = labels.marks[b];
        if !bone.flags.has(crate::pmx::BoneFlags::VISIBLE) && !forced {
            continue;
        }
        let Some(p) = proj.project_mmd(bone_head(world, b)) else {
            continue;
        };
        painter.circle_filled(p, 3.0, entry_color(e));
        if e.after_physics {
            painter.rect_stroke(
                egui::Rect::from_center_size(p, egui::vec2(10.0, 10.0)),
                0.0,
                Stroke::new(1.5, AFTER_PHYSICS),
                egui::StrokeKind::Middle,
            );
        }
        let digits = e.position.checked_ilog10().unwrap_or(0) as usize + 1;
        let chars = digits + usize::from(e.after_physics);
        labels.push(
            k,
            LabelRequest {
                anchor: p,
                size: super::labels::text_size(chars, font_size(b)),
                forced,
            },
        );
    }
    let legend = order_legend_rect(painter.clip_rect(), layers.len());
    let hidden = labels.place(&[legend]);
    for (&k, rect) in labels.owners.iter().zip(&labels.placed) {
        let (Some(rect), Some(e)) = (rect, debug.order.entries().get(k)) else {
            continue;
        };
        let text = if e.after_physics {
            format!("{}P", e.position)
        } else {
            e.position.to_string()
        };
        outlined_text(
            painter,
            rect.left_bottom(),
            Align2::LEFT_BOTTOM,
            &text,
            font_size(e.bone),
            entry_color(e),
        );
    }
    // Dependency arrows: from the bone evaluated too late to the one that needs it.
    for (b, _) in model.bones.iter().enumerate() {
        for (_, dep) in debug.violations_of(b) {
            let (Some(from), Some(to)) = (
                proj.project_mmd(bone_head(world, dep)),
                proj.project_mmd(bone_head(world, b)),
            ) else {
                continue;
            };
            let width = if selected == Some(b) { 2.5 } else { 1.5 };
            arrow(painter, from, to, Stroke::new(width, VIOLATION));
        }
    }
    draw_order_legend(painter, layers, hidden);
}

fn draw_order_legend(painter: &Painter, layers: &[i32], hidden: usize) {
    let rect = painter.clip_rect();
    let mut y = rect.top() + 8.0;
    let x = rect.left() + 8.0;
    let line = |painter: &Painter, y: f32, c: Color32, s: &str| {
        painter.rect_filled(
            egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(10.0, 10.0)),
            1.0,
            c,
        );
        outlined_text(
            painter,
            egui::pos2(x + 16.0, y - 2.0),
            Align2::LEFT_TOP,
            s,
            12.0,
            Color32::WHITE,
        );
    };
    outlined_text(
        painter,
        egui::pos2(x, y),
        Align2::LEFT_TOP,
        &crate::tr!("legend-deform-order"),
        13.0,
        Color32::WHITE,
    );
    y += 18.0;
    for (rank, l) in layers.iter().enumerate() {
        line(
            painter,
            y,
            layer_color(rank),
            &crate::tr!("legend-deform-layer", layer = *l),
        );
        y += 15.0;
    }
    line(
        painter,
        y,
        VIOLATION,
        &crate::tr!("legend-deform-violation"),
    );
    y += 15.0;
    painter.rect_stroke(
        egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(10.0, 10.0)),
        0.0,
        Stroke::new(1.5, AFTER_PHYSICS),
        egui::StrokeKind::Middle,
    );
    outlined_text(
        painter,
        egui::pos2(x + 16.0, y - 2.0),
        Align2::LEFT_TOP,
        &crate::tr!("legend-deform-after-physics"),
        12.0,
        Color32::WHITE,
    );
    if hidden > 0 {
        y += 15.0;
        outlined_text(
            painter,
            egui::pos2(x, y),
            Align2::LEFT_TOP,
            &crate::tr!("legend-labels-hidden", count = hidden),
            12.0,
            Color32::from_gray(200),
        );
    }
}

/// The overlay switches, drawn from what is `shown`; a change is sent as a command.
pub fn switches(ui: &mut egui::Ui, shown: DebugOverlays, sent: &mut Commands) {
    let mut o = shown;
    overlay_toggles(ui, &mut o);
    if o != shown {
        sent.push(Command::View(ViewCommand::Overlays(o)));
    }
}

/// The overlays' toggle buttons (the viewport's toolbar and the Deform order panel).
pub fn overlay_toggles(ui: &mut egui::Ui, o: &mut DebugOverlays) {
    ui.toggle_value(&mut o.deform_order, crate::tr!("view-deform-order"))
        .on_hover_text(crate::tr!("view-deform-order-hint"));
    ui.toggle_value(&mut o.ik, "IK")
        .on_hover_text(crate::tr!("view-ik-hint"));
}

/// Draws the enabled debug overlays (called by the viewport after the bones) from
/// the view's caches, brought up to date by [`crate::app::viewport::prepare`];
/// `labels` are the placement buffers reused every frame.
pub fn draw(painter: &Painter, proj: &Projector, view: &View, labels: &mut LabelScratch) {
    let model = view.model;
    let chain = selected_chain(model, view.selection);
    let selected = match view.selection {
        crate::app::Selection::Bone(b) => Some(b),
        _ => None,
    };
    let world = view.pose.world();
    let debug = view.debug;
    if debug.overlays.deform_order {
        draw_deform_order(painter, proj, model, world, debug, labels, selected);
    }
    if debug.overlays.ik {
        draw_ik(painter, proj, model, world, debug, chain, labels);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flagged_bones_their_dependencies_and_the_selected_chain_are_always_labelled() {
        // Tube: 0 センター, 1 下, 2 上, 3 先, 4 先IK (child of 0, links 上 and
        // 下). 下 on layer 1 puts 上 and the IK bone before 下: both flagged,
        // 下 is their dependency.
        let mut model = crate::app::demo::tube_rig();
        model.bones[1].layer = 1;
        let mut debug = DebugState::default();
        debug.refresh_order(&model);
        let flagged: Vec<bool> = (0..5).map(|b| debug.is_flagged(b)).collect();
        assert_eq!(flagged, [false, false, true, false, true]);
        let mut marks = Vec::new();
        mark_forced_labels(&model, &debug, None, &mut marks);
        assert_eq!(marks, [false, true, true, false, true]);
        // Selecting 先 adds its parent chain 上 → 下 → センター.
        mark_forced_labels(&model, &debug, Some(3), &mut marks);
        assert_eq!(marks, [true, true, true, true, true]);
        // Unflagged: only the selected chain.
        model.bones[1].layer = 0;
        debug.invalidate();
        debug.refresh_order(&model);
        mark_forced_labels(&model, &debug, Some(2), &mut marks);
        assert_eq!(marks, [true, true, true, false, false]);
        // A parent cycle ends the walk instead of looping.
        model.bones[0].parent = 3;
        mark_forced_labels(&model, &debug, Some(2), &mut marks);
        assert_eq!(marks, [true, true, true, true, false]);
    }
}
