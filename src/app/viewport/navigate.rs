//! Camera moves that depend on what is on screen: zoom toward the cursor and
//! "frame the selection" (F).

use eframe::egui;

use super::camera::{OrbitCamera, Projector};
use crate::app::{selection, Selection, View};
use glam::Vec3;

/// The smallest box F frames (MMD units, about a hand), so one bone or vertex
/// does not fill the view.
const MIN_SIZE: f32 = 1.5;

/// What the pointer and keys do to `camera` this frame over the viewport at
/// `rect`: right-drag rotates, middle-drag pans, the wheel zooms toward the
/// cursor, Home resets, F frames the selection. The viewport draws with the
/// result and sends it as a command.
pub fn camera_input(
    ui: &egui::Ui,
    response: &egui::Response,
    rect: egui::Rect,
    view: &View,
) -> OrbitCamera {
    let mut cam = view.viewport.camera;
    if response.dragged_by(egui::PointerButton::Secondary) {
        let d = response.drag_delta();
        cam.rotate(d.x, d.y);
    }
    if response.dragged_by(egui::PointerButton::Middle) {
        let d = response.drag_delta();
        cam.pan(d.x, d.y, rect.height());
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            let proj = Projector::new(&cam, rect);
            zoom(&mut cam, &proj, scroll, response.hover_pos());
        }
        let typing = ui.memory(|m| m.focused().is_some());
        if ui.input(|i| i.key_pressed(egui::Key::Home)) {
            let (min, max) = super::model_bounds(view.model);
            cam = OrbitCamera::framing(min, max);
        }
        if !typing && ui.input(|i| i.key_pressed(egui::Key::F) && i.modifiers.is_none()) {
            frame_selection(view, &mut cam);
        }
    }
    cam
}

/// Wheel zoom toward the point under `cursor`.
pub fn zoom(cam: &mut OrbitCamera, proj: &Projector, wheel: f32, cursor: Option<egui::Pos2>) {
    match cursor {
        Some(p) => {
            let (origin, dir) = proj.ray(p);
            cam.zoom_at(wheel, origin, dir);
        }
        None => cam.zoom(wheel),
    }
}

/// Frames the selection (the whole model when nothing framable is selected),
/// keeping the view direction.
pub fn frame_selection(view: &View, cam: &mut OrbitCamera) {
    match selection_bounds(view) {
        Some((lo, hi)) => {
            let pad = ((Vec3::splat(MIN_SIZE) - (hi - lo)) * 0.5).max(Vec3::ZERO);
            cam.frame(lo - pad, hi + pad);
        }
        None => {
            let (lo, hi) = super::model_bounds(view.model);
            cam.frame(lo, hi);
        }
    }
}

/// The box (MMD space, as shown: posed) around the selected elements.
pub fn selection_bounds(view: &View) -> Option<(Vec3, Vec3)> {
    let model = view.model;
    let world = view.pose.world();
    let positions = view.pose.positions();
    let active = view.selection;
    let kind = active.kind()?;
    let picked = view.selected.iter(active, kind);
    let mut points: Vec<Vec3> = Vec::new();
    match active {
        Selection::Bone(_) => {
            for b in picked.filter(|&b| b < model.bones.len()) {
                points.push(super::overlays::bone_head(world, b));
                points.extend(super::overlays::bone_tail(model, world, b));
            }
        }
        Selection::Vertex(_) => points.extend(picked.filter_map(|v| positions.get(v).copied())),
        Selection::Material(_) => {
            for m in picked {
                let vertices = selection::vertices_of_material(model, m);
                points.extend(vertices.iter().filter_map(|&v| positions.get(v).copied()));
            }
        }
        Selection::RigidBody(_) => {
            let bodies = &view.viewport.collision.bodies;
            for b in picked {
                let (Some(body), Some(rb)) = (bodies.get(b), model.rigid_bodies.get(b)) else {
                    continue;
                };
                let c = body.transform.w_axis.truncate();
                let r = rb.size.max_element().max(0.1);
                points.extend([c - Vec3::splat(r), c + Vec3::splat(r)]);
            }
        }
        Selection::Joint(_) => {
            points.extend(picked.filter_map(|j| model.joints.get(j).map(|j| j.position)));
        }
        _ => {}
    }
    let points = points.into_iter().filter(|p| p.is_finite());
    let (lo, hi) = points.fold(
        (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    );
    lo.cmple(hi).all().then_some((lo, hi))
}
