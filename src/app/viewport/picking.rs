//! Click selection in the viewport: bones by screen distance, rigid bodies and
//! vertices by ray (vertices on the posed mesh the view shows).

use eframe::egui;

use super::camera::{mmd_to_gl, Projector};
use super::overlays::bone_head;
use crate::physics::rules::DebugBody;
use crate::pmx::{BoneFlags, Model};
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

/// Distance along the ray (`origin`, unit `dir`) to triangle `abc`, both sides
/// (Möller–Trumbore).
pub fn ray_triangle(origin: Vec3, dir: Vec3, [a, b, c]: [Vec3; 3]) -> Option<f32> {
    let (e1, e2) = (b - a, c - a);
    let p = dir.cross(e2);
    let det = e1.dot(p);
    if det.abs() < 1e-12 {
        return None;
    }
    let inv = 1.0 / det;
    let s = origin - a;
    let u = s.dot(p) * inv;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = s.cross(e1);
    let v = dir.dot(q) * inv;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let t = e2.dot(q) * inv;
    (t > 0.0).then_some(t)
}

/// The vertex a click at `pos` picks on the posed mesh (`positions`, MMD space):
/// on the nearest face under the cursor for which `face_shown` holds, the corner
/// nearest the cursor on screen; off the mesh, the nearest vertex within
/// `radius` pixels.
pub fn pick_vertex(
    proj: &Projector,
    positions: &[Vec3],
    faces: &[[i32; 3]],
    face_shown: impl Fn(usize) -> bool,
    pos: egui::Pos2,
    radius: f32,
) -> Option<usize> {
    let (origin, dir) = proj.ray(pos);
    let (origin, dir) = (mmd_to_gl(origin), mmd_to_gl(dir));
    let corner = |v: i32| usize::try_from(v).ok().filter(|&v| v < positions.len());
    let hit = faces
        .iter()
        .enumerate()
        .filter(|(f, _)| face_shown(*f))
        .filter_map(|(_, face)| {
            let idx = [corner(face[0])?, corner(face[1])?, corner(face[2])?];
            let t = ray_triangle(origin, dir, idx.map(|v| positions[v]))?;
            Some((idx, t))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let screen_distance = |v: usize| {
        proj.project_mmd(positions[v])
            .map_or(f32::INFINITY, |p| p.distance(pos))
    };
    if let Some((idx, _)) = hit {
        return idx
            .into_iter()
            .min_by(|a, b| screen_distance(*a).total_cmp(&screen_distance(*b)));
    }
    (0..positions.len())
        .map(|v| (v, screen_distance(v)))
        .filter(|(_, d)| *d <= radius)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(v, _)| v)
}

/// Every vertex whose posed position projects inside `rect` (through the mesh:
/// hidden vertices too, as PMX Editor's box selection does).
pub fn vertices_in_rect(proj: &Projector, positions: &[Vec3], rect: egui::Rect) -> Vec<usize> {
    positions
        .iter()
        .enumerate()
        .filter(|(_, p)| proj.project_mmd(**p).is_some_and(|s| rect.contains(s)))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::viewport::camera::OrbitCamera;
    use crate::physics::rules;
    use crate::pmx::{Bone, RigidBody};

    /// A unit sphere at `p`.
    fn at(p: Vec3) -> DebugBody {
        DebugBody {
            shape: rules::BodyShape::Sphere { radius: 1.0 },
            transform: Mat4::from_translation(p),
            filter: rules::CollisionFilter::new(0, 0xFFFF),
        }
    }

    /// A 400×300 viewport seen through the default camera.
    fn default_view() -> Projector {
        let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 300.0));
        Projector::new(&OrbitCamera::default(), rect)
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
        let proj = default_view();
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
        let bone_at = |x| Bone {
            position: Vec3::new(x, 10.0, 0.0),
            ..Bone::default()
        };
        let mut model = Model {
            bones: vec![bone_at(0.0), bone_at(5.0)],
            ..Model::default()
        };
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
        let proj = default_view();
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
            pick_body(&proj, &bodies, proj.rect.center() - egui::vec2(0.0, 100.0)),
            None
        );
    }

    /// Two unit quads facing the default camera, one at MMD z = −1 (front) and
    /// one at z = 1 (behind), both around (0, 10).
    fn two_quads() -> (Vec<Vec3>, Vec<[i32; 3]>) {
        let mut positions = Vec::new();
        let mut faces = Vec::new();
        for z in [-1.0, 1.0] {
            let base = positions.len() as i32;
            for (x, y) in [(-1.0, 9.0), (1.0, 9.0), (1.0, 11.0), (-1.0, 11.0)] {
                positions.push(Vec3::new(x, y, z));
            }
            faces.push([base, base + 1, base + 2]);
            faces.push([base, base + 2, base + 3]);
        }
        (positions, faces)
    }

    #[test]
    fn a_click_picks_the_front_faces_corner_nearest_the_cursor() {
        let (positions, faces) = two_quads();
        let proj = default_view();
        // Near the front quad's top-right corner (vertex 2), inside the quad.
        let near = proj.project_mmd(Vec3::new(0.8, 10.7, -1.0)).unwrap();
        let shown = |_| true;
        assert_eq!(
            pick_vertex(&proj, &positions, &faces, shown, near, 8.0),
            Some(2)
        );
        // With the front quad hidden the one behind is picked: its vertex 6.
        let back_only = |f: usize| f >= 2;
        assert_eq!(
            pick_vertex(&proj, &positions, &faces, back_only, near, 8.0),
            Some(6)
        );
        // Off the mesh: the nearest vertex within the radius, else nothing.
        let corner = proj.project_mmd(positions[0]).unwrap() + egui::vec2(-4.0, 3.0);
        let none = |_| false;
        assert_eq!(
            pick_vertex(&proj, &positions, &faces, none, corner, 8.0),
            Some(0)
        );
        let far = egui::pos2(5.0, 5.0);
        assert_eq!(
            pick_vertex(&proj, &positions, &faces, shown, far, 8.0),
            None
        );
    }

    #[test]
    fn picking_follows_the_posed_positions() {
        let (mut positions, faces) = two_quads();
        let proj = default_view();
        let at = proj.project_mmd(Vec3::new(0.8, 10.7, -1.0)).unwrap();
        // The front quad moves away (as a pose would move it): the click now
        // lands on the quad behind.
        for p in &mut positions[..4] {
            p.x += 20.0;
        }
        let shown = |_| true;
        assert_eq!(
            pick_vertex(&proj, &positions, &faces, shown, at, 8.0),
            Some(6)
        );
    }

    #[test]
    fn a_box_holds_the_vertices_projected_inside_it() {
        let (positions, _) = two_quads();
        let proj = default_view();
        // Around the right half: x > 0 at both depths (vertices 1, 2, 5, 6).
        let a = proj.project_mmd(Vec3::new(0.2, 11.5, -1.0)).unwrap();
        let b = proj.project_mmd(Vec3::new(1.5, 8.5, -1.0)).unwrap();
        let picked = vertices_in_rect(&proj, &positions, egui::Rect::from_two_pos(a, b));
        assert_eq!(picked, vec![1, 2, 5, 6]);
    }

    #[test]
    fn ray_triangle_hits_inside_and_misses_outside() {
        let tri = [Vec3::ZERO, Vec3::X, Vec3::Y];
        let t = ray_triangle(Vec3::new(0.2, 0.2, -3.0), Vec3::Z, tri).unwrap();
        assert!((t - 3.0).abs() < 1e-6);
        assert_eq!(ray_triangle(Vec3::new(0.8, 0.8, -3.0), Vec3::Z, tri), None);
        assert_eq!(
            ray_triangle(Vec3::new(0.2, 0.2, 3.0), Vec3::Z, tri),
            None,
            "behind"
        );
    }
}
