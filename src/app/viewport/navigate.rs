//! Camera moves that depend on what is on screen: zoom toward the cursor and
//! "frame the selection" (F).

use eframe::egui;

use super::camera::Projector;
use crate::app::{selection, Selection, State};
use glam::Vec3;

/// The smallest box F frames (MMD units, about a hand), so one bone or vertex
/// does not fill the view.
const MIN_SIZE: f32 = 1.5;

/// Wheel zoom toward the point under `cursor`.
pub fn zoom(state: &mut State, proj: &Projector, wheel: f32, cursor: Option<egui::Pos2>) {
    let cam = &mut state.viewport_mut().camera;
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
pub fn frame_selection(state: &mut State) {
    match selection_bounds(state) {
        Some((lo, hi)) => {
            let pad = ((Vec3::splat(MIN_SIZE) - (hi - lo)) * 0.5).max(Vec3::ZERO);
            state.viewport_mut().camera.frame(lo - pad, hi + pad);
        }
        None => {
            let (lo, hi) = super::model_bounds(state.doc().model());
            state.viewport_mut().camera.frame(lo, hi);
        }
    }
}

/// The box (MMD space, as shown: posed) around the selected elements.
pub fn selection_bounds(state: &State) -> Option<(Vec3, Vec3)> {
    let model = state.doc().model();
    let world = state.pose().world();
    let positions = state.pose().positions();
    let active = state.selection();
    let kind = active.kind()?;
    let picked = state.selected().iter(active, kind);
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
            let bodies = &state.viewport().collision.bodies;
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
