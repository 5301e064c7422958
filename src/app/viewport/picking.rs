//! Click selection in the viewport: bones by screen distance, rigid bodies by ray.

use eframe::egui;

use super::camera::{mmd_to_gl, Projector};
use super::overlays::bone_head;
use crate::physics::rules::DebugBody;
use crate::pmx::{BoneFlags, Model};
use glam::Mat4;

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

/// The rigid body whose real shape (sphere, oriented box, capsule) the ray
/// through `pos` enters first. `bodies` are the bodies as physics describes them
/// and the overlays draw them ([`crate::physics::rules::debug_bodies_into`]: the simulated pose
/// while physics runs, else the bone-driven pose), so a click selects what is
/// on screen.
pub fn pick_body(proj: &Projector, bodies: &[DebugBody], pos: egui::Pos2) -> Option<usize> {
    let (origin, dir) = proj.ray(pos);
    // Back to MMD space: the Z flip is its own inverse and keeps distances.
    let (origin, dir) = (mmd_to_gl(origin), mmd_to_gl(dir));
    bodies
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            b.shape
                .ray_distance(&b.transform, origin, dir)
                .map(|t| (i, t))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::viewport::camera::OrbitCamera;
    use crate::physics::rules;
    use crate::pmx::{Bone, RigidBody};
    use glam::Vec3;

    /// A unit sphere at `p`.
    fn at(p: Vec3) -> DebugBody {
        DebugBody {
            shape: rules::BodyShape::Sphere { radius: 1.0 },
            transform: Mat4::from_translation(p),
            filter: rules::CollisionFilter::new(0, 0xFFFF),
        }
    }

    #[test]
    fn nearest_body_along_the_ray_wins() {
        let mut model = Model::default();
        for z in [2.0, -2.0] {
            model.rigid_bodies.push(RigidBody {
                position: Vec3::new(0.0, 10.0, z),
                size: Vec3::splat(1.0),
                ..RigidBody::default()
            });
        }
        let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 300.0));
        let proj = Projector::new(&OrbitCamera::default(), rect);
        let centre = proj.project_mmd(Vec3::new(0.0, 10.0, 0.0)).unwrap();
        let mut bodies: Vec<DebugBody> =
            model.rigid_bodies.iter().map(|b| at(b.position)).collect();
        // The default camera looks from MMD -Z: body 1 (z = -2) is in front.
        assert_eq!(pick_body(&proj, &bodies, centre), Some(1));
        bodies.swap(0, 1);
        assert_eq!(pick_body(&proj, &bodies, centre), Some(0));
        // Picking follows the given transforms (e.g. the simulated pose), not the rest pose.
        bodies[0] = at(Vec3::new(30.0, 10.0, 0.0));
        bodies[1] = at(Vec3::new(-30.0, 10.0, 0.0));
        assert_eq!(pick_body(&proj, &bodies, centre), None);
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
        let mut bodies = Vec::new();
        rules::debug_bodies_into(&model, &world, None, &mut bodies);
        assert_eq!(pick_body(&proj, &bodies, p1), Some(0));
        assert_eq!(
            pick_body(&proj, &bodies, rect.center() - egui::vec2(0.0, 100.0)),
            None
        );
    }
}
