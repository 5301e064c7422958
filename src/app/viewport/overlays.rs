//! Bones, rigid bodies and joints drawn over the 3D view with egui's painter.

use eframe::egui;

use super::camera::Projector;
use crate::physics::rules::{self, DebugBody};
use crate::pmx::{BoneFlags, Model, RigidMode, Tail};
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke};
use glam::{Mat4, Vec3};

pub const BONE: Color32 = Color32::from_rgb(80, 150, 255);
pub const BONE_IK: Color32 = Color32::from_rgb(255, 150, 40);
pub const BONE_APPEND: Color32 = Color32::from_rgb(120, 220, 160);
pub const BONE_FIXED: Color32 = Color32::from_rgb(200, 140, 255);
pub const SELECTED: Color32 = Color32::from_rgb(255, 60, 60);

/// A dashed polyline, each segment first cut to the painter's clip rectangle: egui makes one
/// shape per dash, so a segment to a point projected far off screen (near the camera's
/// plane, or moved far away) would ask for billions of them (the chaos test found an IK
/// goal line asking for 8 GB).
pub fn dashed(painter: &Painter, path: &[Pos2], stroke: Stroke, dash: f32, gap: f32) {
    let clip = painter.clip_rect().expand(dash + gap);
    if path.iter().all(|p| clip.contains(*p)) {
        painter.extend(Shape::dashed_line(path, stroke, dash, gap));
        return;
    }
    for w in path.windows(2) {
        if let Some((a, b)) = clip_segment(w[0], w[1], clip) {
            painter.extend(Shape::dashed_line(&[a, b], stroke, dash, gap));
        }
    }
}

/// The part of the segment a–b inside `rect` (Liang–Barsky), None when nothing is or an end
/// is not finite. The ends are clamped into `rect`: far ends lose precision.
pub fn clip_segment(a: Pos2, b: Pos2, rect: Rect) -> Option<(Pos2, Pos2)> {
    if ![a.x, a.y, b.x, b.y].iter().all(|v| v.is_finite()) {
        return None;
    }
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    let sides = [
        (-d.x, a.x - rect.min.x),
        (d.x, rect.max.x - a.x),
        (-d.y, a.y - rect.min.y),
        (d.y, rect.max.y - a.y),
    ];
    for (p, q) in sides {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
            continue;
        }
        let r = q / p;
        if p < 0.0 {
            t0 = t0.max(r);
        } else {
            t1 = t1.min(r);
        }
        if t0 > t1 {
            return None;
        }
    }
    let at = |t: f32| rect.clamp(a + d * t);
    Some((at(t0), at(t1)))
}

/// The bone's head position in the current pose (MMD space).
pub fn bone_head(world: &[Mat4], i: usize) -> Vec3 {
    world.get(i).map_or(Vec3::ZERO, |m| m.w_axis.truncate())
}

/// The bone's tail in the current pose, if it has one.
pub fn bone_tail(model: &Model, world: &[Mat4], i: usize) -> Option<Vec3> {
    match model.bones[i].tail {
        Tail::Bone(t) => usize::try_from(t)
            .ok()
            .filter(|&t| t < model.bones.len() && t != i)
            .map(|t| bone_head(world, t)),
        Tail::Offset(o) if o != Vec3::ZERO => world.get(i).map(|m| m.transform_point3(o)),
        Tail::Offset(_) => None,
    }
}

pub fn bone_color(model: &Model, i: usize) -> Color32 {
    let b = &model.bones[i];
    if b.ik.is_some() {
        BONE_IK
    } else if b.append.is_some() {
        BONE_APPEND
    } else if b.fixed_axis.is_some() {
        BONE_FIXED
    } else {
        BONE
    }
}

/// MMD-style bones: a diamond from head to tail, a circle (rotatable) or square (movable) at the head.
pub fn draw_bones(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    selected: impl Fn(usize) -> bool,
) {
    for (i, bone) in model.bones.iter().enumerate() {
        if !bone.flags.has(BoneFlags::VISIBLE) && !selected(i) {
            continue;
        }
        let color = if selected(i) {
            SELECTED
        } else {
            bone_color(model, i)
        };
        let Some(head) = proj.project_mmd(bone_head(world, i)) else {
            continue;
        };
        if let Some(tail) = bone_tail(model, world, i).and_then(|t| proj.project_mmd(t)) {
            let d = tail - head;
            let len = d.length();
            if len > 1.0 {
                let perp = egui::vec2(-d.y, d.x) / len * (len * 0.12).clamp(2.0, 7.0);
                let mid = head + d * 0.2;
                painter.add(Shape::convex_polygon(
                    vec![head, mid + perp, tail, mid - perp],
                    color.gamma_multiply(0.35),
                    Stroke::new(1.0, color),
                ));
            }
        }
        if bone.flags.has(BoneFlags::MOVABLE) {
            painter.rect_stroke(
                egui::Rect::from_center_size(head, egui::vec2(7.0, 7.0)),
                0.0,
                Stroke::new(1.5, color),
                egui::StrokeKind::Middle,
            );
        } else {
            painter.circle_stroke(head, 3.5, Stroke::new(1.5, color));
        }
        if bone.ik.is_some() {
            painter.circle_stroke(head, 6.0, Stroke::new(1.0, BONE_IK));
        }
    }
}

pub fn rigid_color(mode: RigidMode) -> Color32 {
    match mode {
        RigidMode::FollowBone => Color32::from_rgb(90, 220, 90),
        RigidMode::Dynamic => Color32::from_rgb(240, 80, 80),
        RigidMode::DynamicWithBonePosition => Color32::from_rgb(240, 200, 60),
        RigidMode::Unknown(_) => Color32::GRAY,
    }
}

/// Colour for a collision group 0..=15 (lists and legends).
pub fn group_color(group: u8) -> Color32 {
    super::collision::group_color(group)
}

fn polyline(painter: &Painter, proj: &Projector, pts: &[Vec3], stroke: Stroke) {
    let screen: Vec<Pos2> = pts.iter().filter_map(|p| proj.project_mmd(*p)).collect();
    if screen.len() == pts.len() && screen.len() >= 2 {
        painter.add(Shape::line(screen, stroke));
    }
}

/// The selected vertex at its posed position: a ring with a cross hair, outlined
/// so it reads over any material.
pub fn draw_vertex(painter: &Painter, proj: &Projector, position: Vec3) {
    let Some(p) = proj.project_mmd(position) else {
        return;
    };
    for (width, color) in [(4.0, Color32::BLACK), (2.0, SELECTED)] {
        let stroke = Stroke::new(width, color);
        painter.circle_stroke(p, 7.0, stroke);
        for d in [egui::vec2(1.0, 0.0), egui::vec2(0.0, 1.0)] {
            painter.line_segment([p + d * 10.0, p + d * 15.0], stroke);
            painter.line_segment([p - d * 10.0, p - d * 15.0], stroke);
        }
    }
    painter.circle_filled(p, 2.0, SELECTED);
}

/// Bodies coloured by mode; `bodies` as physics describes them
/// ([`rules::debug_bodies_into`]), the same ones picking tests.
pub fn draw_bodies(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    bodies: &[DebugBody],
    selected: impl Fn(usize) -> bool,
    only_selected: bool,
) {
    for (i, (rb, body)) in model.rigid_bodies.iter().zip(bodies).enumerate() {
        if only_selected && !selected(i) {
            continue;
        }
        let (color, width) = if selected(i) {
            (SELECTED, 2.0)
        } else {
            (rigid_color(rb.mode).gamma_multiply(0.8), 1.0)
        };
        for line in body.shape.outline(&body.transform) {
            polyline(painter, proj, &line, Stroke::new(width, color));
        }
    }
}

/// A joint marker: a filled diamond of half-size `s` around `center`.
pub fn diamond(painter: &Painter, center: Pos2, s: f32, fill: Color32, stroke: Stroke) {
    painter.add(Shape::convex_polygon(
        vec![
            center + egui::vec2(0.0, -s),
            center + egui::vec2(s, 0.0),
            center + egui::vec2(0.0, s),
            center + egui::vec2(-s, 0.0),
        ],
        fill,
        stroke,
    ));
}

/// Joints as diamonds linked to their bodies; `bodies` as for [`draw_bodies`].
pub fn draw_joints(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    bodies: &[DebugBody],
    selected: impl Fn(usize) -> bool,
    only_selected: bool,
) {
    let body = |b: i32| {
        let b = usize::try_from(b).ok()?;
        Some((model.rigid_bodies.get(b)?, bodies.get(b)?))
    };
    for (i, j) in model.joints.iter().enumerate() {
        if only_selected && !selected(i) {
            continue;
        }
        // Joints sit between their bodies; follow body A's motion for display.
        let pos = match body(j.body_a) {
            Some((rb, body)) => {
                (body.transform * rules::rest_matrix(rb).inverse()).transform_point3(j.position)
            }
            None => j.position,
        };
        let Some(p) = proj.project_mmd(pos) else {
            continue;
        };
        let color = if selected(i) {
            SELECTED
        } else {
            Color32::from_rgb(255, 230, 90)
        };
        for b in [j.body_a, j.body_b] {
            if let Some(q) =
                body(b).and_then(|(_, d)| proj.project_mmd(d.transform.w_axis.truncate()))
            {
                painter.line_segment([p, q], Stroke::new(1.0, color.gamma_multiply(0.5)));
            }
        }
        diamond(painter, p, 4.0, color, Stroke::NONE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_cut_to_the_rectangle() {
        let rect = Rect::from_min_max(Pos2::new(0.0, 0.0), Pos2::new(100.0, 50.0));
        // Inside: unchanged.
        let inside = clip_segment(Pos2::new(10.0, 10.0), Pos2::new(90.0, 40.0), rect);
        assert_eq!(inside, Some((Pos2::new(10.0, 10.0), Pos2::new(90.0, 40.0))));
        // Crossing the left and right sides at y = 25.
        let (a, b) = clip_segment(Pos2::new(-100.0, 25.0), Pos2::new(200.0, 25.0), rect).unwrap();
        assert_eq!((a, b), (Pos2::new(0.0, 25.0), Pos2::new(100.0, 25.0)));
        // Outside, and an end not finite: nothing.
        assert_eq!(
            clip_segment(Pos2::new(-10.0, -10.0), Pos2::new(-1.0, 60.0), rect),
            None
        );
        assert_eq!(
            clip_segment(Pos2::new(10.0, 10.0), Pos2::new(f32::NAN, 0.0), rect),
            None
        );
        // A far end (a bone at 1e30) gives a segment no longer than the rectangle's diagonal.
        let (a, b) = clip_segment(Pos2::new(50.0, 25.0), Pos2::new(1e30, 3e29), rect).unwrap();
        assert!(rect.contains(a) && rect.contains(b));
        assert!((b - a).length() <= rect.size().length());
    }
}
