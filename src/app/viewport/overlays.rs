//! Bones, rigid bodies and joints drawn over the 3D view with egui's painter.

use eframe::egui;

use super::camera::Projector;
use crate::pmx::{BoneFlags, Model, RigidMode, RigidShape, Tail};
use egui::{Color32, Painter, Pos2, Shape, Stroke};
use glam::{Mat4, Quat, Vec3};

pub const BONE: Color32 = Color32::from_rgb(80, 150, 255);
pub const BONE_IK: Color32 = Color32::from_rgb(255, 150, 40);
pub const BONE_APPEND: Color32 = Color32::from_rgb(120, 220, 160);
pub const BONE_FIXED: Color32 = Color32::from_rgb(200, 140, 255);
pub const SELECTED: Color32 = Color32::from_rgb(255, 60, 60);

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
    selected: Option<usize>,
) {
    for (i, bone) in model.bones.iter().enumerate() {
        if !bone.flags.has(BoneFlags::VISIBLE) && selected != Some(i) {
            continue;
        }
        let color = if selected == Some(i) {
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

/// Rigid body / joint rotation as the physics engine reads it.
pub fn body_rotation(euler: Vec3) -> Quat {
    crate::physics::euler_rotation(euler)
}

/// The rigid body's transform in the current pose: it rides along with its bone.
pub fn body_transform(model: &Model, world: &[Mat4], body: usize) -> Mat4 {
    let rb = &model.rigid_bodies[body];
    let rest = Mat4::from_rotation_translation(body_rotation(rb.rotation), rb.position);
    match usize::try_from(rb.bone)
        .ok()
        .filter(|&b| b < model.bones.len())
    {
        Some(b) => world[b] * Mat4::from_translation(-model.bones[b].position) * rest,
        None => rest,
    }
}

/// Points of a circle of radius `r` in the plane spanned by `u`, `v`, transformed by `m`.
#[allow(clippy::too_many_arguments)]
fn ring(
    m: &Mat4,
    center: Vec3,
    u: Vec3,
    v: Vec3,
    r: f32,
    from: f32,
    to: f32,
    n: usize,
) -> Vec<Vec3> {
    (0..=n)
        .map(|k| {
            let a = from + (to - from) * k as f32 / n as f32;
            m.transform_point3(center + (u * a.cos() + v * a.sin()) * r)
        })
        .collect()
}

/// Wireframe lines (in MMD space) outlining a rigid body's shape.
pub fn body_lines(shape: RigidShape, size: Vec3, m: &Mat4) -> Vec<Vec<Vec3>> {
    use std::f32::consts::{PI, TAU};
    let (x, y, z) = (Vec3::X, Vec3::Y, Vec3::Z);
    match shape {
        RigidShape::Box => {
            let h = size;
            let c = |sx: f32, sy: f32, sz: f32| {
                m.transform_point3(Vec3::new(sx * h.x, sy * h.y, sz * h.z))
            };
            let mut lines = Vec::new();
            for s in [-1.0, 1.0] {
                lines.push(vec![
                    c(-1., -1., s),
                    c(1., -1., s),
                    c(1., 1., s),
                    c(-1., 1., s),
                    c(-1., -1., s),
                ]);
            }
            for (a, b) in [(-1., -1.), (1., -1.), (1., 1.), (-1., 1.)] {
                lines.push(vec![c(a, b, -1.), c(a, b, 1.)]);
            }
            lines
        }
        RigidShape::Capsule => {
            // Bullet capsule: axis along local Y, `y` is the cylinder height.
            let (r, hh) = (size.x, size.y * 0.5);
            let top = y * hh;
            let bottom = -y * hh;
            let mut lines = vec![
                ring(m, top, x, z, r, 0.0, TAU, 24),
                ring(m, bottom, x, z, r, 0.0, TAU, 24),
                ring(m, top, x, y, r, 0.0, PI, 12),
                ring(m, bottom, x, y, r, PI, TAU, 12),
                ring(m, top, z, y, r, 0.0, PI, 12),
                ring(m, bottom, z, y, r, PI, TAU, 12),
            ];
            for d in [x, -x, z, -z] {
                lines.push(vec![
                    m.transform_point3(top + d * r),
                    m.transform_point3(bottom + d * r),
                ]);
            }
            lines
        }
        _ => {
            let r = size.x;
            vec![
                ring(m, Vec3::ZERO, x, y, r, 0.0, TAU, 24),
                ring(m, Vec3::ZERO, y, z, r, 0.0, TAU, 24),
                ring(m, Vec3::ZERO, z, x, r, 0.0, TAU, 24),
            ]
        }
    }
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

/// Bodies coloured by mode; `bodies` are their current transforms
/// ([`super::collision::body_matrices_into`]), the same ones picking tests.
pub fn draw_bodies(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    bodies: &[Mat4],
    selected: Option<usize>,
) {
    for (i, (rb, m)) in model.rigid_bodies.iter().zip(bodies).enumerate() {
        let (color, width) = if selected == Some(i) {
            (SELECTED, 2.0)
        } else {
            (rigid_color(rb.mode).gamma_multiply(0.8), 1.0)
        };
        for line in body_lines(rb.shape, rb.size, m) {
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
    bodies: &[Mat4],
    selected: Option<usize>,
) {
    let body = |b: i32| {
        let b = usize::try_from(b).ok()?;
        Some((model.rigid_bodies.get(b)?, bodies.get(b)?))
    };
    for (i, j) in model.joints.iter().enumerate() {
        // Joints sit between their bodies; follow body A's motion for display.
        let pos = match body(j.body_a) {
            Some((rb, m)) => m.transform_point3(
                body_rotation(rb.rotation).inverse() * (j.position - rb.position),
            ),
            None => j.position,
        };
        let Some(p) = proj.project_mmd(pos) else {
            continue;
        };
        let color = if selected == Some(i) {
            SELECTED
        } else {
            Color32::from_rgb(255, 230, 90)
        };
        for b in [j.body_a, j.body_b] {
            if let Some(q) = body(b).and_then(|(_, m)| proj.project_mmd(m.w_axis.truncate())) {
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
    fn box_outline_has_the_right_corners() {
        let lines = body_lines(RigidShape::Box, Vec3::new(1.0, 2.0, 3.0), &Mat4::IDENTITY);
        assert_eq!(lines.len(), 6);
        let all: Vec<Vec3> = lines.concat();
        assert!(all.iter().all(|p| p.abs() == Vec3::new(1.0, 2.0, 3.0)));
    }

    #[test]
    fn sphere_rings_have_the_radius() {
        let m = Mat4::from_translation(Vec3::new(0.0, 5.0, 0.0));
        for line in body_lines(RigidShape::Sphere, Vec3::splat(2.0), &m) {
            for p in line {
                assert!(((p - Vec3::new(0.0, 5.0, 0.0)).length() - 2.0).abs() < 1e-4);
            }
        }
    }
}
