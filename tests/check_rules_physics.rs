//! One test per physics check (rigid bodies, joints, soft bodies): the clean rig of
//! `check_support`, changed to contain exactly that problem; the problem must be
//! found on the right element, and its fix (if any) must remove it.

use glam::Vec3;
use hone::check::{ElementRef, Problem, Severity};
use hone::pmx::*;

mod check_support;
use check_support::clean_rig::{clean, joined_overlap};
use check_support::{find, fix_removes, has, problems};

#[test]
fn body_without_bone() {
    let mut m = clean();
    m.rigid_bodies[0].bone = -1;
    find(&m, "W-BODY-NO-BONE", ElementRef::RigidBody(0));
    m.rigid_bodies[0].mode = RigidMode::Dynamic;
    assert!(
        !has(&m, "W-BODY-NO-BONE", ElementRef::RigidBody(0)),
        "mode 1 without bone is legal"
    );
    m.rigid_bodies[0].mode = RigidMode::DynamicWithBonePosition;
    find(&m, "W-BODY-NO-BONE", ElementRef::RigidBody(0));
}

#[test]
fn bad_joints() {
    let mut m = clean();
    m.joints[0].body_b = 0;
    let p = find(&m, "E-JOINT-SAME-BODY", ElementRef::Joint(0));
    assert_eq!(p.related, vec![ElementRef::RigidBody(0)]);

    let mut m = clean();
    m.joints[0].body_a = -1;
    find(&m, "E-JOINT-NO-BODY", ElementRef::Joint(0));

    let mut m = clean();
    m.rigid_bodies[1].mode = RigidMode::FollowBone;
    let p = find(&m, "W-JOINT-KINEMATIC", ElementRef::Joint(0));
    assert_eq!(
        p.related,
        vec![ElementRef::RigidBody(0), ElementRef::RigidBody(1)]
    );
}

/// Adds a dynamic body on bone 3 colliding with every group; `shape` is the
/// shape and its size.
fn add_body(m: &mut Model, name: &str, shape: (RigidShape, Vec3), pos: Vec3, group: u8) -> usize {
    m.rigid_bodies.push(RigidBody {
        name: name.into(),
        bone: 3,
        group,
        collision_mask: 0xFFFF,
        shape: shape.0,
        size: shape.1,
        position: pos,
        mode: RigidMode::Dynamic,
        ..RigidBody::default()
    });
    m.rigid_bodies.len() - 1
}

#[test]
fn overlapping_bodies_that_collide() {
    // A cube in group 2 at height 8, `x` from the kinematic capsule 上剛体
    // (x = 0, y 6.5..9.5, radius 0.5).
    let with_cube_at = |x: f32| {
        let mut m = clean();
        let cube = (RigidShape::Box, Vec3::splat(0.5));
        let b = add_body(&mut m, "箱", cube, Vec3::new(x, 8.0, 0.0), 2);
        (m, b)
    };
    let (mut m, b) = with_cube_at(0.8);
    let p = find(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(0));
    assert_eq!(p.related, vec![ElementRef::RigidBody(b as i32)]);
    assert_eq!(p.severity, Severity::Error);
    fix_removes(&mut m, &p);
    assert_eq!(m.rigid_bodies[0].collision_mask, !(1u16 << 2));
    assert_eq!(m.rigid_bodies[b].collision_mask, !1u16);

    // Masks exclude one way only: no collision, nothing reported.
    let (mut m, b) = with_cube_at(0.8);
    m.rigid_bodies[b].collision_mask = !1u16;
    assert!(!has(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(0)));

    // Just apart (box face at x = 1.05 vs capsule surface at 0.5): no overlap.
    let (m, _) = with_cube_at(1.55);
    let overlaps: Vec<Problem> = problems(&m)
        .into_iter()
        .filter(|p| p.code.contains("OVERLAP"))
        .collect();
    assert!(overlaps.is_empty(), "{overlaps:#?}");
}

#[test]
fn overlap_shapes_and_rotation() {
    // Rotated boxes: two 2×0.2×0.2 bars crossing at the origin overlap;
    // side by side after a 90° turn they do not.
    let mut m = clean();
    let bar = (RigidShape::Box, Vec3::new(1.0, 0.1, 0.1));
    let a = add_body(&mut m, "棒A", bar, Vec3::new(0.0, 20.0, 0.0), 3);
    let b = add_body(&mut m, "棒B", bar, Vec3::new(0.0, 20.0, 0.0), 4);
    m.rigid_bodies[b].rotation = Vec3::new(0.0, std::f32::consts::FRAC_PI_2, 0.0);
    let p = find(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32));
    assert_eq!(p.related, vec![ElementRef::RigidBody(b as i32)]);
    m.rigid_bodies[b].position = Vec3::new(0.0, 20.0, 1.5);
    assert!(!has(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32)));
    // Turned about Z by 90°, B (now along Y) at x = 1.5 is beside A's end.
    m.rigid_bodies[b].rotation = Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2);
    m.rigid_bodies[b].position = Vec3::new(1.05, 20.0, 0.0);
    find(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32));
    m.rigid_bodies[b].position = Vec3::new(1.2, 20.0, 0.0);
    assert!(!has(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32)));

    // Capsules: parallel along Y 0.9 apart with radius 0.5 overlap; 1.1 apart do not.
    let mut m = clean();
    let hair = (RigidShape::Capsule, Vec3::new(0.5, 2.0, 0.0));
    let a = add_body(&mut m, "髪A", hair, Vec3::new(0.0, 30.0, 0.0), 5);
    let b = add_body(&mut m, "髪B", hair, Vec3::new(0.9, 30.5, 0.0), 6);
    find(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32));
    m.rigid_bodies[b].position.x = 1.1;
    assert!(!has(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32)));
    // Capsule lying along X (rotated about Z) reaches a sphere 1.4 away on X.
    m.rigid_bodies[b].position = Vec3::new(30.0, 0.0, 0.0);
    let ball = (RigidShape::Sphere, Vec3::new(0.5, 0.0, 0.0));
    let s = add_body(&mut m, "玉", ball, Vec3::new(1.4, 30.0, 0.0), 7);
    assert!(!has(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32)));
    m.rigid_bodies[a].rotation = Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2);
    let p = find(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(a as i32));
    assert_eq!(p.related, vec![ElementRef::RigidBody(s as i32)]);
}

#[test]
fn overlapping_joined_bodies_are_a_warning() {
    let mut m = clean();
    // Move the dynamic sphere into the kinematic capsule; they are joined.
    joined_overlap(&mut m);
    let p = find(&m, "W-BODY-OVERLAP-JOINED", ElementRef::RigidBody(0));
    assert_eq!(p.related, vec![ElementRef::RigidBody(1)]);
    assert!(!has(&m, "E-BODY-OVERLAP", ElementRef::RigidBody(0)));
    fix_removes(&mut m, &p);
    // Two kinematic bodies never push each other.
    let mut m = clean();
    joined_overlap(&mut m);
    m.rigid_bodies[1].mode = RigidMode::FollowBone;
    assert!(!has(&m, "W-BODY-OVERLAP-JOINED", ElementRef::RigidBody(0)));
}

#[test]
fn soft_body_without_material() {
    let mut m = clean();
    m.header.version = PmxVersion::V2_1;
    m.soft_bodies.push(SoftBody {
        name: "布".into(),
        material: -1,
        ..SoftBody::default()
    });
    let p = find(&m, "W-SOFTBODY-NO-MATERIAL", ElementRef::SoftBody(0));
    assert_eq!(p.severity, Severity::Warning);
    assert!(!has(&m, "E-INDEX-RANGE", ElementRef::SoftBody(0)));
}
