//! Click selection in the viewport: bones by screen distance, rigid bodies by ray.

use eframe::egui;

use super::camera::{mmd_to_gl, Projector};
use super::overlays::{body_transform, bone_head};
use crate::pmx::{BoneFlags, Model, RigidShape};
use glam::{Mat4, Vec3};

/// The visible bone whose head is nearest `pos`, within `radius` pixels.
pub fn pick_bone(
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    pos: egui::Pos2,
    radius: f32,
) -> Option<usize> {
    model
        .bones
        .iter()
        .enumerate()
        .filter(|(_, b)| b.flags.has(BoneFlags::VISIBLE))
        .filter_map(|(i, _)| {
            let p = proj.project_mmd(bone_head(world, i))?;
            let d = p.distance(pos);
            (d <= radius).then_some((i, d))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The rigid body hit first by the ray through `pos` (bounding-sphere test in GL space).
pub fn pick_body(
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    pos: egui::Pos2,
) -> Option<usize> {
    let (origin, dir) = proj.ray(pos);
    let mut best: Option<(usize, f32)> = None;
    for (i, rb) in model.rigid_bodies.iter().enumerate() {
        let center = mmd_to_gl(body_transform(model, world, i).w_axis.truncate());
        let radius = match rb.shape {
            RigidShape::Sphere => rb.size.x,
            RigidShape::Box => rb.size.length(),
            RigidShape::Capsule => rb.size.x + rb.size.y * 0.5,
            RigidShape::Unknown(_) => rb.size.max_element(),
        }
        .abs()
        .max(0.05);
        if let Some(t) = ray_sphere(origin, dir, center, radius) {
            if best.is_none_or(|(_, bt)| t < bt) {
                best = Some((i, t));
            }
        }
    }
    best.map(|(i, _)| i)
}

/// Distance along the ray to the first hit of a sphere, if any.
pub fn ray_sphere(origin: Vec3, dir: Vec3, center: Vec3, radius: f32) -> Option<f32> {
    let oc = origin - center;
    let b = oc.dot(dir);
    let c = oc.length_squared() - radius * radius;
    let disc = b * b - c;
    if disc < 0.0 {
        return None;
    }
    let s = disc.sqrt();
    let t = if -b - s > 0.0 { -b - s } else { -b + s };
    (t > 0.0).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::viewport::camera::OrbitCamera;
    use crate::pmx::{Bone, RigidBody};

    #[test]
    fn ray_sphere_hits_and_misses() {
        assert_eq!(
            ray_sphere(Vec3::ZERO, Vec3::Z, Vec3::new(0.0, 0.0, 5.0), 1.0),
            Some(4.0)
        );
        assert_eq!(
            ray_sphere(Vec3::ZERO, Vec3::Z, Vec3::new(3.0, 0.0, 5.0), 1.0),
            None
        );
    }

    #[test]
    fn picks_the_bone_under_the_cursor_and_the_body_in_front() {
        let mut model = Model::default();
        model.bones.push(Bone {
            position: Vec3::new(0.0, 10.0, 0.0),
            ..Bone::default()
        });
        model.bones.push(Bone {
            position: Vec3::new(5.0, 10.0, 0.0),
            ..Bone::default()
        });
        model.rigid_bodies.push(RigidBody {
            position: Vec3::new(5.0, 10.0, 0.0),
            size: Vec3::splat(1.0),
            ..RigidBody::default()
        });
        let world: Vec<Mat4> = model
            .bones
            .iter()
            .map(|b| Mat4::from_translation(b.position))
            .collect();
        let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 300.0));
        let proj = Projector::new(&OrbitCamera::default(), rect);
        let p1 = proj.project_mmd(model.bones[1].position).unwrap();
        assert_eq!(
            pick_bone(&proj, &model, &world, p1 + egui::vec2(2.0, 1.0), 8.0),
            Some(1)
        );
        assert_eq!(
            pick_bone(&proj, &model, &world, egui::pos2(5.0, 5.0), 8.0),
            None
        );
        assert_eq!(pick_body(&proj, &model, &world, p1), Some(0));
        assert_eq!(
            pick_body(
                &proj,
                &model,
                &world,
                rect.center() - egui::vec2(0.0, 100.0)
            ),
            None
        );
    }
}
