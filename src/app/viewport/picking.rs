//! Click selection in the viewport: bones by screen distance, rigid bodies by ray.

use eframe::egui;

use super::camera::{mmd_to_gl, Projector};
use super::overlays::bone_head;
use crate::pmx::{BoneFlags, Model, RigidShape};
use glam::{Mat4, Vec3};
use rapier3d::parry::query::{Ray, RayCast};
use rapier3d::parry::shape::{Ball, Capsule, Cuboid};

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
/// through `pos` enters first. `bodies` are the bodies' current transforms as
/// the overlays draw them ([`super::collision::body_matrices_into`]: the simulated
/// pose while physics runs, else the bone-follow pose), so a click selects
/// what is on screen.
pub fn pick_body(
    proj: &Projector,
    model: &Model,
    bodies: &[Mat4],
    pos: egui::Pos2,
) -> Option<usize> {
    let (origin, dir) = proj.ray(pos);
    // Back to MMD space: the Z flip is its own inverse and keeps distances.
    let (origin, dir) = (mmd_to_gl(origin), mmd_to_gl(dir));
    model
        .rigid_bodies
        .iter()
        .zip(bodies)
        .enumerate()
        .filter_map(|(i, (rb, m))| ray_body(rb.shape, rb.size, m, origin, dir).map(|t| (i, t)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// Distance along the ray (`origin`, unit `dir`, MMD space) to where it enters
/// a body of `shape` and PMX `size` placed by `m`. Sizes as MMD reads them:
/// sphere radius x; box half extents; capsule radius x and cylinder height y
/// along local Y; unknown shapes are a sphere of radius x (as simulated).
/// A ray starting inside a body hits its far side, so a body around the
/// camera does not swallow every click.
pub fn ray_body(shape: RigidShape, size: Vec3, m: &Mat4, origin: Vec3, dir: Vec3) -> Option<f32> {
    let inv = m.inverse();
    if !inv.is_finite() || !size.is_finite() {
        return None;
    }
    // The ray in the body's frame; the parameter t stays the world distance
    // because the direction is carried over unnormalised.
    let ray = Ray::new(inv.transform_point3(origin), inv.transform_vector3(dir));
    let size = size.abs();
    let t = match shape {
        RigidShape::Box => Cuboid::new(size).cast_local_ray(&ray, f32::MAX, false),
        RigidShape::Capsule => {
            Capsule::new_y(size.y * 0.5, size.x).cast_local_ray(&ray, f32::MAX, false)
        }
        RigidShape::Sphere | RigidShape::Unknown(_) => {
            Ball::new(size.x).cast_local_ray(&ray, f32::MAX, false)
        }
    }?;
    (t.is_finite() && t >= 0.0).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::viewport::camera::OrbitCamera;
    use crate::pmx::{Bone, RigidBody};

    fn at(p: Vec3) -> Mat4 {
        Mat4::from_translation(p)
    }

    #[test]
    fn ray_sphere_hits_and_misses() {
        let sphere = |c: Vec3| ray_body(RigidShape::Sphere, Vec3::ONE, &at(c), Vec3::ZERO, Vec3::Z);
        assert_eq!(sphere(Vec3::new(0.0, 0.0, 5.0)), Some(4.0));
        assert_eq!(sphere(Vec3::new(3.0, 0.0, 5.0)), None);
    }

    /// Rays straight along +Z from z = -10 through (x, y).
    fn along_z(shape: RigidShape, size: Vec3, m: &Mat4, x: f32, y: f32) -> Option<f32> {
        ray_body(shape, size, m, Vec3::new(x, y, -10.0), Vec3::Z)
    }

    #[test]
    fn a_box_rotated_45_degrees_is_hit_by_its_corners_not_its_bounding_sphere() {
        // Unit half extents turned 45° about Z: seen along Z it is a diamond
        // reaching sqrt(2) along X and Y.
        let m = Mat4::from_rotation_z(std::f32::consts::FRAC_PI_4);
        let size = Vec3::ONE;
        // Beyond the unrotated box (x > 1) but inside the rotated corner.
        let t = along_z(RigidShape::Box, size, &m, 1.3, 0.0).expect("corner hit");
        // The corner edge runs along Z; at x = 1.3 the diamond's face is
        // |x| + |y| = sqrt(2), so the ray enters at the front face z = -1.
        assert!((t - 9.0).abs() < 1e-4, "{t}");
        assert_eq!(
            along_z(RigidShape::Box, size, &Mat4::IDENTITY, 1.3, 0.0),
            None
        );
        // Inside the bounding sphere (|(1.2, 1.2)| = 1.70 < sqrt(3)) but off
        // the diamond (1.2 + 1.2 > sqrt(2)): the old sphere test picked this.
        assert_eq!(along_z(RigidShape::Box, size, &m, 1.2, 1.2), None);
        assert!(Vec3::new(1.2, 1.2, 0.0).length() < size.length());
        // Rotated about X instead, the front face is tilted: the ray at the
        // centre enters at the edge z = -sqrt(2).
        let tilted = Mat4::from_rotation_x(std::f32::consts::FRAC_PI_4);
        let t = along_z(RigidShape::Box, size, &tilted, 0.0, 0.0).unwrap();
        assert!((t - (10.0 - 2f32.sqrt())).abs() < 1e-4, "{t}");
    }

    #[test]
    fn a_capsule_is_hit_at_its_cap_and_missed_beside_it() {
        // MMD capsule: radius x = 1, cylinder height y = 4 along local Y, so
        // the caps' centres are at y = ±2 and the tips at ±3.
        let size = Vec3::new(1.0, 4.0, 0.0);
        let m = at(Vec3::new(0.0, 10.0, 0.0));
        let t = along_z(RigidShape::Capsule, size, &m, 0.0, 12.5).expect("cap hit");
        assert!((t - (10.0 - 0.75f32.sqrt())).abs() < 1e-4, "{t}");
        // Within the bounding cylinder's corner but outside the round cap.
        assert_eq!(along_z(RigidShape::Capsule, size, &m, 0.6, 12.9), None);
        // On the side the cylinder is hit at z = -1.
        let t = along_z(RigidShape::Capsule, size, &m, 0.0, 10.0).unwrap();
        assert!((t - 9.0).abs() < 1e-4, "{t}");
        // Lying along X (rotated 90° about Z), the cap is at x = ±3.
        let lying = m * Mat4::from_rotation_z(std::f32::consts::FRAC_PI_2);
        assert!(along_z(RigidShape::Capsule, size, &lying, 2.7, 10.0).is_some());
        assert_eq!(along_z(RigidShape::Capsule, size, &lying, 0.0, 12.5), None);
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
        let mut bodies: Vec<Mat4> = model.rigid_bodies.iter().map(|b| at(b.position)).collect();
        // The default camera looks from MMD -Z: body 1 (z = -2) is in front.
        assert_eq!(pick_body(&proj, &model, &bodies, centre), Some(1));
        bodies.swap(0, 1);
        assert_eq!(pick_body(&proj, &model, &bodies, centre), Some(0));
        // Picking follows the given transforms (e.g. the simulated pose), not the rest pose.
        bodies[0] = at(Vec3::new(30.0, 10.0, 0.0));
        bodies[1] = at(Vec3::new(-30.0, 10.0, 0.0));
        assert_eq!(pick_body(&proj, &model, &bodies, centre), None);
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
        let bodies: Vec<Mat4> = model.rigid_bodies.iter().map(|b| at(b.position)).collect();
        assert_eq!(pick_body(&proj, &model, &bodies, p1), Some(0));
        assert_eq!(
            pick_body(
                &proj,
                &model,
                &bodies,
                rect.center() - egui::vec2(0.0, 100.0)
            ),
            None
        );
    }
}
