//! The physics rules every other module calls — one owner each, so the
//! simulation, the rig checks and their fixes, the viewport, picking and the
//! collision matrix cannot disagree:
//!
//! - **collision filter**: which bodies collide ([`CollisionFilter`], [`collides`]);
//! - **shape dimensions**: what a body's stored size means ([`BodyShape::of`]);
//! - **placement**: where a body sits at rest and on its bone ([`rest_pose`],
//!   [`bone_driven_pose`]);
//! - **modes**: which mode each body runs in (the MMD runtimes' mode-2 rule,
//!   [`effective_modes`]), how physics drives it ([`body_role`]) and which bodies
//!   contacts push ([`has_contact_response`]);
//! - **debug description**: every body's shape, transform and filter as physics
//!   sees it now ([`debug_bodies_into`]); the viewport paints it
//!   ([`BodyShape::outline`]) and picking ray-casts it ([`BodyShape::ray_distance`]).

use super::{euler_rotation, BodyRole, PhysicsWorld};
use crate::pmx::{Model, RigidBody, RigidMode, RigidShape};
use glam::{Mat4, Vec3};
use rapier3d::parry::query::{Ray, RayCast};
use rapier3d::parry::shape::{Ball, Capsule, Cuboid};
use rapier3d::prelude::{ColliderBuilder, Pose};

// ---------------------------------------------------------------------------
// Collision filter
// ---------------------------------------------------------------------------

// The group rule is the file format's (a byte group, a 16-bit mask), so it lives in
// `pmx`, where the builder uses it too; physics, checks and the app call it from here.
pub use crate::pmx::rules::{group_bit, group_in_range, mask_allows, mask_with, GROUP_COUNT};

/// A body's (or soft body's) group membership and mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CollisionFilter {
    /// [`group_bit`] of the stored group.
    pub group_bits: u16,
    /// The stored mask: bit n set = collides with group n.
    pub mask: u16,
}

impl CollisionFilter {
    pub fn new(group: u8, mask: u16) -> CollisionFilter {
        CollisionFilter {
            group_bits: group_bit(group),
            mask,
        }
    }

    pub fn of(body: &RigidBody) -> CollisionFilter {
        CollisionFilter::new(body.group, body.collision_mask)
    }

    /// Bullet's rule, as MMD uses it: A and B collide iff A's mask has B's group
    /// bit AND B's mask has A's group bit. Symmetric.
    pub fn collides_with(self, other: CollisionFilter) -> bool {
        self.mask & other.group_bits != 0 && other.mask & self.group_bits != 0
    }
}

/// Whether rigid bodies `a` and `b` collide with each other (groups and masks only).
pub fn collides(a: &RigidBody, b: &RigidBody) -> bool {
    CollisionFilter::of(a).collides_with(CollisionFilter::of(b))
}

/// Whether bodies `a` and `b` of the model collide: both exist, are distinct
/// (a body never collides with itself) and [`collides`].
pub fn bodies_collide(model: &Model, a: usize, b: usize) -> bool {
    match (model.rigid_bodies.get(a), model.rigid_bodies.get(b)) {
        (Some(ra), Some(rb)) => a != b && collides(ra, rb),
        _ => false,
    }
}

// ---------------------------------------------------------------------------
// Shape dimensions
// ---------------------------------------------------------------------------

/// Smallest radius or half extent physics builds; smaller, negative or
/// non-finite sizes are raised to it (the spec does not say; Bullet cannot
/// build an empty shape, and a tiny one keeps the body in the world).
pub const MIN_SIZE: f32 = 1.0e-3;

/// A body's collision shape in its own frame, with usable dimensions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BodyShape {
    Sphere {
        radius: f32,
    },
    /// Half extents along local X, Y, Z.
    Box {
        half: Vec3,
    },
    /// Along local Y; `half_height` of the cylinder part (caps add `radius`).
    Capsule {
        radius: f32,
        half_height: f32,
    },
}

impl BodyShape {
    /// The shape as MMD reads the stored kind and size: sphere radius = x; box
    /// half extents = (x, y, z); capsule radius = x and cylinder height = y
    /// along local Y (Bullet's capsule). An unknown kind is a sphere of radius x.
    pub fn of(body: &RigidBody) -> BodyShape {
        BodyShape::with_adjustments(body, |_| {})
    }

    /// [`BodyShape::of`], telling `note` about every value it had to change.
    pub fn with_adjustments(body: &RigidBody, mut note: impl FnMut(String)) -> BodyShape {
        let s = body.size;
        // `what` is the dimension's catalogue key.
        let size = |v: f32, what: &str, note: &mut dyn FnMut(String)| {
            if v.is_finite() && v >= MIN_SIZE {
                v
            } else {
                note(crate::tr!(
                    "note-body-size-clamped",
                    what = crate::tr!(what),
                    value = v.to_string(),
                    min = MIN_SIZE.to_string()
                ));
                MIN_SIZE
            }
        };
        match body.shape {
            RigidShape::Sphere => BodyShape::Sphere {
                radius: size(s.x, "note-body-size-sphere-radius", &mut note),
            },
            RigidShape::Box => BodyShape::Box {
                half: Vec3::new(
                    size(s.x, "note-body-size-box-half-width", &mut note),
                    size(s.y, "note-body-size-box-half-height", &mut note),
                    size(s.z, "note-body-size-box-half-depth", &mut note),
                ),
            },
            RigidShape::Capsule => {
                let radius = size(s.x, "note-body-size-capsule-radius", &mut note);
                let height = if s.y.is_finite() && s.y >= 0.0 {
                    s.y
                } else {
                    let value = s.y.to_string();
                    note(crate::tr!(
                        "note-body-capsule-height-clamped",
                        value = value
                    ));
                    0.0
                };
                BodyShape::Capsule {
                    radius,
                    half_height: 0.5 * height,
                }
            }
            RigidShape::Unknown(k) => {
                note(crate::tr!("note-body-unknown-shape", shape = k));
                BodyShape::Sphere {
                    radius: size(s.x, "note-body-size-sphere-radius", &mut note),
                }
            }
        }
    }

    /// The rapier collider for this shape.
    pub fn collider(self) -> ColliderBuilder {
        match self {
            BodyShape::Sphere { radius } => ColliderBuilder::ball(radius),
            BodyShape::Box { half } => ColliderBuilder::cuboid(half.x, half.y, half.z),
            BodyShape::Capsule {
                radius,
                half_height,
            } => ColliderBuilder::capsule_y(half_height, radius),
        }
    }

    /// Radius of the smallest sphere around the body's origin holding the shape.
    pub fn bounding_radius(self) -> f32 {
        match self {
            BodyShape::Sphere { radius } => radius,
            BodyShape::Box { half } => half.length(),
            BodyShape::Capsule {
                radius,
                half_height,
            } => radius + half_height,
        }
    }

    /// Distance along the ray (`origin`, unit `dir`, model space) to where it
    /// enters the shape placed by `transform`. A ray starting inside hits the
    /// far side, so a body around the camera does not swallow every click.
    pub fn ray_distance(self, transform: &Mat4, origin: Vec3, dir: Vec3) -> Option<f32> {
        let inv = transform.inverse();
        if !inv.is_finite() {
            return None;
        }
        // The ray in the body's frame; t stays the model-space distance because
        // the direction is carried over unnormalised.
        let ray = Ray::new(inv.transform_point3(origin), inv.transform_vector3(dir));
        let t = match self {
            BodyShape::Sphere { radius } => Ball::new(radius).cast_local_ray(&ray, f32::MAX, false),
            BodyShape::Box { half } => Cuboid::new(half).cast_local_ray(&ray, f32::MAX, false),
            BodyShape::Capsule {
                radius,
                half_height,
            } => Capsule::new_y(half_height, radius).cast_local_ray(&ray, f32::MAX, false),
        }?;
        (t.is_finite() && t >= 0.0).then_some(t)
    }

    /// Wireframe polylines (model space) outlining the shape placed by `transform`.
    pub fn outline(self, transform: &Mat4) -> Vec<Vec<Vec3>> {
        use std::f32::consts::{PI, TAU};
        let m = transform;
        let (x, y, z) = (Vec3::X, Vec3::Y, Vec3::Z);
        match self {
            BodyShape::Box { half: h } => {
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
            BodyShape::Capsule {
                radius: r,
                half_height: hh,
            } => {
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
            BodyShape::Sphere { radius: r } => vec![
                ring(m, Vec3::ZERO, x, y, r, 0.0, TAU, 24),
                ring(m, Vec3::ZERO, y, z, r, 0.0, TAU, 24),
                ring(m, Vec3::ZERO, z, x, r, 0.0, TAU, 24),
            ],
        }
    }
}

/// Points of an arc of radius `r` in the plane spanned by `u`, `v`, transformed by `m`.
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

// ---------------------------------------------------------------------------
// Placement
// ---------------------------------------------------------------------------

/// Where the file puts the body: its position (non-finite: the origin) turned
/// by its stored Euler angles, R = Ry·Rx·Rz ([`crate::pmx::euler_rotation`]).
pub fn rest_pose(body: &RigidBody) -> Pose {
    let pos = if body.position.is_finite() {
        body.position
    } else {
        Vec3::ZERO
    };
    Pose::from_parts(pos, euler_rotation(body.rotation))
}

/// [`rest_pose`] as a matrix.
pub fn rest_matrix(body: &RigidBody) -> Mat4 {
    pose_matrix(&rest_pose(body))
}

/// A pose as a matrix (rotation then translation).
pub fn pose_matrix(p: &Pose) -> Mat4 {
    Mat4::from_rotation_translation(p.rotation, p.translation)
}

/// The bone that places a body: its own bone if it exists, otherwise bone 0
/// (saba does this for bodies with no bone; MMD's behaviour is not documented).
pub fn placing_bone(model: &Model, body: &RigidBody) -> Option<usize> {
    let n = model.bones.len();
    usize::try_from(body.bone)
        .ok()
        .filter(|&b| b < n)
        .or((n > 0).then_some(0))
}

/// The body's pose in its placing bone's frame: `inverse(bone_rest) · body_rest`
/// with `bone_rest` the translation to the bone's rest position (bones carry
/// no rest rotation in PMX). The rest pose itself when there is no bone.
pub fn bone_offset(model: &Model, body: &RigidBody) -> Pose {
    let rest = rest_pose(body);
    match placing_bone(model, body) {
        Some(b) => {
            let p = model.bones[b].position;
            Pose::from_translation(if p.is_finite() { -p } else { Vec3::ZERO }) * rest
        }
        None => rest,
    }
}

/// The body on a bone whose current model-space matrix is `bone_world` (scale dropped).
pub fn place_on_bone(bone_world: &Mat4, offset: &Pose) -> Pose {
    let (_, r, t) = bone_world.to_scale_rotation_translation();
    Pose::from_parts(t, r.normalize()) * *offset
}

/// Where the bones put a body (`bone_world`: every bone's model-space matrix):
/// its placing bone's matrix times [`bone_offset`]; the rest pose without a bone.
pub fn bone_driven_pose(model: &Model, body: &RigidBody, bone_world: &[Mat4]) -> Pose {
    match placing_bone(model, body).and_then(|b| bone_world.get(b)) {
        Some(m) => place_on_bone(m, &bone_offset(model, body)),
        None => rest_pose(body),
    }
}

// ---------------------------------------------------------------------------
// Debug description
// ---------------------------------------------------------------------------

/// One rigid body as physics sees it: what the viewport draws and picking hits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DebugBody {
    pub shape: BodyShape,
    /// Model-space transform of the body's frame.
    pub transform: Mat4,
    pub filter: CollisionFilter,
}

/// Every rigid body of `model`, in order, into a reused buffer (per-frame
/// path): its simulated pose while `world` runs, otherwise where its bone puts
/// it ([`bone_driven_pose`] with `bone_world`).
pub fn debug_bodies_into(
    model: &Model,
    bone_world: &[Mat4],
    world: Option<&PhysicsWorld>,
    out: &mut Vec<DebugBody>,
) {
    out.clear();
    out.extend(model.rigid_bodies.iter().enumerate().map(|(i, rb)| {
        let pose = world
            .and_then(|w| w.body_pose(i))
            .unwrap_or_else(|| bone_driven_pose(model, rb, bone_world));
        DebugBody {
            shape: BodyShape::of(rb),
            transform: pose_matrix(&pose),
            filter: CollisionFilter::of(rb),
        }
    }));
}

// ---------------------------------------------------------------------------
// Modes and contact response
// ---------------------------------------------------------------------------

/// The mode each rigid body runs in under the MMD runtimes: its stored mode, except that
/// a mode-2 body (simulated; its bone keeps the animated position) jointed to a simulated
/// body whose bone is its own bone's parent runs as mode 1, so its bone follows the
/// simulated parent instead of staying where the animation puts it. After katwat's
/// measurements of MikuMikuDance, as babylon-mmd applies them (the Bullet reference's
/// `effective_mode`). A mode-2 body only ever becomes mode 1, so joint order does not matter.
pub fn effective_modes(model: &Model) -> Vec<RigidMode> {
    let mut modes: Vec<RigidMode> = model.rigid_bodies.iter().map(|b| b.mode).collect();
    let bones = model.bones.len();
    let bone_of = |i: usize| {
        usize::try_from(model.rigid_bodies[i].bone)
            .ok()
            .filter(|&b| b < bones)
    };
    let parent_of = |b: usize| {
        usize::try_from(model.bones[b].parent)
            .ok()
            .filter(|&p| p < bones)
    };
    // Whether `child`'s bone has `parent`'s bone as its parent.
    let bone_child_of = |child: usize, parent: usize| {
        bone_of(child)
            .and_then(parent_of)
            .is_some_and(|p| Some(p) == bone_of(parent))
    };
    let body = |i: i32| {
        usize::try_from(i)
            .ok()
            .filter(|&i| i < model.rigid_bodies.len())
    };
    for joint in &model.joints {
        let (Some(a), Some(b)) = (body(joint.body_a), body(joint.body_b)) else {
            continue;
        };
        let simulated = |m: RigidMode| m != RigidMode::FollowBone;
        let mode2 = RigidMode::DynamicWithBonePosition;
        if simulated(modes[a]) && modes[b] == mode2 && bone_child_of(b, a) {
            modes[b] = RigidMode::Dynamic;
        } else if simulated(modes[b]) && modes[a] == mode2 && bone_child_of(a, b) {
            modes[a] = RigidMode::Dynamic;
        }
    }
    modes
}

/// How physics drives a body that runs in `mode` (from [`effective_modes`]):
/// mode 0 follows its bone; modes 1 and 2 are simulated unless the mass is not
/// positive (Bullet makes such a body static; here it stays on its bone); a
/// simulated body without a bone is free; an unknown mode runs as mode 1.
pub fn body_role(model: &Model, body: &RigidBody, mode: RigidMode) -> BodyRole {
    let role = match mode {
        RigidMode::FollowBone => return BodyRole::FollowBone,
        RigidMode::Dynamic | RigidMode::Unknown(_) => BodyRole::Dynamic,
        RigidMode::DynamicWithBonePosition => BodyRole::DynamicRotation,
    };
    let has_bone = usize::try_from(body.bone).is_ok_and(|b| b < model.bones.len());
    if !(body.mass.is_finite() && body.mass > 0.0) {
        BodyRole::FollowBone
    } else if !has_bone {
        BodyRole::Free
    } else {
        role
    }
}

/// Whether contacts push the body: not when a stored size it uses is zero (Bullet's
/// no-contact-response flag, as the MMD runtimes set it); such a body still moves and
/// is still jointed.
pub fn has_contact_response(body: &RigidBody) -> bool {
    let s = body.size;
    match body.shape {
        RigidShape::Sphere => s.x != 0.0,
        RigidShape::Box => s.x != 0.0 && s.y != 0.0 && s.z != 0.0,
        RigidShape::Capsule => s.x != 0.0 && s.y != 0.0,
        RigidShape::Unknown(_) => s.x != 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::Bone;

    fn body(group: u8, mask: u16) -> RigidBody {
        RigidBody {
            group,
            collision_mask: mask,
            ..RigidBody::default()
        }
    }

    #[test]
    fn collision_needs_both_masks_and_groups_above_15_collide_with_nothing() {
        assert!(collides(&body(0, 0xFFFF), &body(3, 0xFFFF)));
        // One side refusing is enough, whichever side it is.
        assert!(!collides(&body(0, !(1 << 3)), &body(3, 0xFFFF)));
        assert!(!collides(&body(0, 0xFFFF), &body(3, !1)));
        for g in [16u8, 17, 31, 32, 255] {
            assert_eq!(group_bit(g), 0);
            for other in 0..=20u8 {
                assert!(
                    !collides(&body(g, 0xFFFF), &body(other, 0xFFFF)),
                    "{g} {other}"
                );
                assert!(
                    !collides(&body(other, 0xFFFF), &body(g, 0xFFFF)),
                    "{other} {g}"
                );
            }
            assert_eq!(mask_with(0x00FF, g, true), 0x00FF);
        }
        assert_eq!(mask_with(0xFFFF, 15, false), 0x7FFF);
        assert_eq!(mask_with(0, 2, true), 4);
    }

    #[test]
    fn shapes_read_sizes_as_mmd_and_clamp_unusable_ones() {
        let mut rb = RigidBody {
            shape: RigidShape::Capsule,
            size: Vec3::new(0.5, 3.0, 9.0),
            ..RigidBody::default()
        };
        assert_eq!(
            BodyShape::of(&rb),
            BodyShape::Capsule {
                radius: 0.5,
                half_height: 1.5
            }
        );
        rb.shape = RigidShape::Box;
        rb.size = Vec3::new(1.0, -2.0, f32::NAN);
        let mut notes = Vec::new();
        let s = BodyShape::with_adjustments(&rb, |n| notes.push(n));
        assert_eq!(
            s,
            BodyShape::Box {
                half: Vec3::new(1.0, MIN_SIZE, MIN_SIZE)
            }
        );
        assert_eq!(notes.len(), 2);
    }

    #[test]
    fn box_outline_has_the_right_corners() {
        let s = BodyShape::Box {
            half: Vec3::new(1.0, 2.0, 3.0),
        };
        let lines = s.outline(&Mat4::IDENTITY);
        assert_eq!(lines.len(), 6);
        assert!(lines
            .concat()
            .iter()
            .all(|p| p.abs() == Vec3::new(1.0, 2.0, 3.0)));
    }

    #[test]
    fn sphere_outline_has_the_radius() {
        let c = Vec3::new(0.0, 5.0, 0.0);
        for line in (BodyShape::Sphere { radius: 2.0 }).outline(&Mat4::from_translation(c)) {
            for p in line {
                assert!(((p - c).length() - 2.0).abs() < 1e-4);
            }
        }
    }

    /// Rays straight along +Z from z = -10 through (x, y).
    fn along_z(shape: BodyShape, m: &Mat4, x: f32, y: f32) -> Option<f32> {
        shape.ray_distance(m, Vec3::new(x, y, -10.0), Vec3::Z)
    }

    #[test]
    fn ray_sphere_hits_and_misses() {
        let s = BodyShape::Sphere { radius: 1.0 };
        let at = |c: Vec3| s.ray_distance(&Mat4::from_translation(c), Vec3::ZERO, Vec3::Z);
        assert_eq!(at(Vec3::new(0.0, 0.0, 5.0)), Some(4.0));
        assert_eq!(at(Vec3::new(3.0, 0.0, 5.0)), None);
    }

    #[test]
    fn a_box_rotated_45_degrees_is_hit_by_its_corners_not_its_bounding_sphere() {
        // Unit half extents turned 45° about Z: seen along Z it is a diamond
        // reaching sqrt(2) along X and Y.
        let s = BodyShape::Box { half: Vec3::ONE };
        let m = Mat4::from_rotation_z(std::f32::consts::FRAC_PI_4);
        // Beyond the unrotated box (x > 1) but inside the rotated corner; the
        // corner edge runs along Z, so the ray enters at the front face z = -1.
        let t = along_z(s, &m, 1.3, 0.0).expect("corner hit");
        assert!((t - 9.0).abs() < 1e-4, "{t}");
        assert_eq!(along_z(s, &Mat4::IDENTITY, 1.3, 0.0), None);
        // Inside the bounding sphere (|(1.2, 1.2)| = 1.70 < sqrt(3)) but off
        // the diamond (1.2 + 1.2 > sqrt(2)).
        assert_eq!(along_z(s, &m, 1.2, 1.2), None);
        // Rotated about X instead, the ray at the centre enters at the edge z = -sqrt(2).
        let tilted = Mat4::from_rotation_x(std::f32::consts::FRAC_PI_4);
        let t = along_z(s, &tilted, 0.0, 0.0).unwrap();
        assert!((t - (10.0 - 2f32.sqrt())).abs() < 1e-4, "{t}");
    }

    #[test]
    fn a_capsule_is_hit_at_its_cap_and_missed_beside_it() {
        // MMD capsule size (1, 4): radius 1, cylinder height 4 along local Y, so
        // the caps' centres are at y = ±2 and the tips at ±3.
        let rb = RigidBody {
            shape: RigidShape::Capsule,
            size: Vec3::new(1.0, 4.0, 0.0),
            ..RigidBody::default()
        };
        let s = BodyShape::of(&rb);
        let m = Mat4::from_translation(Vec3::new(0.0, 10.0, 0.0));
        let t = along_z(s, &m, 0.0, 12.5).expect("cap hit");
        assert!((t - (10.0 - 0.75f32.sqrt())).abs() < 1e-4, "{t}");
        // Within the bounding cylinder's corner but outside the round cap.
        assert_eq!(along_z(s, &m, 0.6, 12.9), None);
        let t = along_z(s, &m, 0.0, 10.0).unwrap();
        assert!((t - 9.0).abs() < 1e-4, "{t}");
        // Lying along X (rotated 90° about Z), the cap is at x = ±3.
        let lying = m * Mat4::from_rotation_z(std::f32::consts::FRAC_PI_2);
        assert!(along_z(s, &lying, 2.7, 10.0).is_some());
        assert_eq!(along_z(s, &lying, 0.0, 12.5), None);
    }

    #[test]
    fn a_body_rides_its_bone_and_a_boneless_one_follows_bone_0() {
        let model = Model {
            bones: vec![
                Bone {
                    position: Vec3::new(0.0, 10.0, 0.0),
                    ..Bone::default()
                },
                Bone {
                    position: Vec3::new(2.0, 10.0, 0.0),
                    ..Bone::default()
                },
            ],
            rigid_bodies: vec![
                RigidBody {
                    bone: 1,
                    position: Vec3::new(2.0, 8.0, 0.0),
                    rotation: Vec3::new(0.0, 0.0, 0.3),
                    ..RigidBody::default()
                },
                RigidBody {
                    bone: -1,
                    position: Vec3::new(0.0, 1.0, 0.0),
                    ..RigidBody::default()
                },
            ],
            ..Model::default()
        };
        // Bone 1 turned 90° about Y and lifted by 1: the body 2 below it stays 2 below.
        let turn = glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
        let lift = Vec3::new(0.0, 1.0, 0.0);
        let world = [
            Mat4::from_translation(lift + Vec3::new(0.0, 10.0, 0.0)),
            Mat4::from_rotation_translation(turn, Vec3::new(2.0, 11.0, 0.0)),
        ];
        let p = bone_driven_pose(&model, &model.rigid_bodies[0], &world);
        assert!((p.translation - Vec3::new(2.0, 9.0, 0.0)).length() < 1e-5);
        let expected = turn * glam::Quat::from_rotation_z(0.3);
        assert!(p.rotation.angle_between(expected) < 1e-5);
        let q = bone_driven_pose(&model, &model.rigid_bodies[1], &world);
        assert!((q.translation - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-5);
        let mut out = Vec::new();
        debug_bodies_into(&model, &world, None, &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out[1].transform.w_axis.truncate(), q.translation);
    }
}
