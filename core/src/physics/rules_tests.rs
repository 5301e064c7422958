//! Tests of [`super`]: the physics rules.
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
fn mode_2_jointed_to_a_simulated_body_on_the_parent_bone_runs_as_mode_1() {
    let bone = |parent: i32| Bone {
        parent,
        ..Bone::default()
    };
    let body = |bone: i32, mode: RigidMode| RigidBody {
        bone,
        mode,
        ..RigidBody::default()
    };
    let joint = |a: i32, b: i32| crate::pmx::Joint {
        body_a: a,
        body_b: b,
        ..crate::pmx::Joint::default()
    };
    let mut m = Model {
        bones: vec![bone(-1), bone(0), bone(1)],
        rigid_bodies: vec![
            body(1, RigidMode::Dynamic),
            body(2, RigidMode::DynamicWithBonePosition),
        ],
        joints: vec![joint(1, 0)],
        ..Model::default()
    };
    use RigidMode::{Dynamic, DynamicWithBonePosition as Mode2, FollowBone};
    assert_eq!(effective_modes(&m), [Dynamic, Dynamic]);
    // The joint's ends swapped: the same.
    m.joints[0] = joint(0, 1);
    assert_eq!(effective_modes(&m), [Dynamic, Dynamic]);
    // The partner follows its bone: mode 2 stays.
    m.rigid_bodies[0].mode = FollowBone;
    assert_eq!(effective_modes(&m), [FollowBone, Mode2]);
    // Simulated but on another bone (not the parent): mode 2 stays.
    m.rigid_bodies[0] = body(0, Dynamic);
    assert_eq!(effective_modes(&m), [Dynamic, Mode2]);
    // A zero-mass partner still counts (the rule reads modes only), but a
    // zero-mass body stays on its bone whatever its mode.
    m.rigid_bodies[0] = RigidBody {
        mass: 0.0,
        ..body(1, Dynamic)
    };
    assert_eq!(effective_modes(&m), [Dynamic, Dynamic]);
    assert_eq!(
        body_role(&m, &m.rigid_bodies[0], Dynamic),
        BodyRole::FollowBone
    );
    assert_eq!(
        body_role(&m, &m.rigid_bodies[1], Mode2),
        BodyRole::DynamicRotation
    );
    // A simulated body with no bone is free.
    m.rigid_bodies[1].bone = -1;
    assert_eq!(body_role(&m, &m.rigid_bodies[1], Dynamic), BodyRole::Free);
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
