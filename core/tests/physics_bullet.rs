//! Bullet's rules for the spring 6DOF joint and for bodies, each on a small model built in
//! code: Euler-angle limits at large combined angles, a spring against an engaged limit,
//! lower > upper free and lower = upper locked, capsule inertia. The Euler angles are
//! computed here with glam, independently of the solver's own decomposition.

use glam::{EulerRot, Quat, Vec3};
use hone_core::physics::{PhysicsConfig, PhysicsWorld};
use hone_core::pmx::{Joint, JointKind, RigidBody, RigidMode, RigidShape};

mod support;
use support::rigid::{kick, pair, run, start, weightless};

/// Bullet's 6DOF angles of B relative to A: it decomposes `(A⁻¹·B)ᵀ = B⁻¹·A` as
/// Rx·Ry·Rz, so `A⁻¹·B = Rz(−z)·Ry(−y)·Rx(−x)`.
fn bullet_angles(a: Quat, b: Quat) -> Vec3 {
    let (z, y, x) = (a.inverse() * b).to_euler(EulerRot::ZYX);
    Vec3::new(-x, -y, -z)
}

fn angles(world: &PhysicsWorld) -> Vec3 {
    bullet_angles(
        world.body_pose(0).unwrap().rotation,
        world.body_pose(1).unwrap().rotation,
    )
}

/// A spring 6DOF joint at the origin holding B 2 below A, translation locked.
fn hanging(
    angular_lower: Vec3,
    angular_upper: Vec3,
    angular_spring: Vec3,
) -> hone_core::pmx::Model {
    pair(
        Vec3::new(0.0, -2.0, 0.0),
        Joint {
            kind: JointKind::Spring6Dof,
            angular_lower,
            angular_upper,
            angular_spring,
            ..Default::default()
        },
    )
}

#[test]
fn euler_limits_hold_at_large_combined_angles() {
    // X narrow, Y and Z wide: pushed about a diagonal, B reaches large Y and Z angles
    // while Bullet's X angle stays in ±0.1 (a per-axis limit on the quaternion would not
    // hold it there at these combined angles).
    let lower = Vec3::new(-0.1, -1.2, -1.2);
    let upper = Vec3::new(0.1, 1.2, 1.2);
    let model = hanging(lower, upper, Vec3::ZERO);
    let (mut world, mut bones) = start(&model, weightless());
    // Sphere radius 0.3, mass 1: inertia 0.036, so 0.02 adds 0.55 rad/s per frame.
    let push = Vec3::new(1.0, 1.0, 1.0).normalize() * 0.02;
    let mut worst_x = 0.0f32;
    let mut largest = Vec3::ZERO;
    for _ in 0..240 {
        kick(&mut world, Vec3::ZERO, push);
        run(&mut world, &mut bones, &model, 1);
        let a = angles(&world);
        worst_x = worst_x.max(a.x.abs());
        largest = largest.max(a.abs());
        for i in 1..3 {
            assert!(
                a[i] >= lower[i] - 0.1 && a[i] <= upper[i] + 0.1,
                "axis {i} left its range: {a}"
            );
        }
    }
    assert!(
        largest.y > 1.0 && largest.z > 1.0,
        "the push should reach large Y and Z angles: {largest}"
    );
    assert!(worst_x < 0.15, "Bullet's X angle left ±0.1: {worst_x}");
    // The joint point stays put (translation locked).
    let p = world.body_pose(1).unwrap();
    let pivot = p.transform_point(Vec3::new(0.0, 2.0, 0.0));
    assert!(pivot.length() < 0.05, "pivot drifted to {pivot}");
}

#[test]
fn a_spring_pushing_into_a_limit_stops_at_the_limit() {
    // Range [0.3, 0.8] about Z: the spring's rest (0) lies outside it, so the spring
    // pulls B onto the lower limit, where Bullet switches the spring off: B rests on the
    // limit, not pressed past it.
    let model = hanging(
        Vec3::new(0.0, 0.0, 0.3),
        Vec3::new(0.0, 0.0, 0.8),
        Vec3::new(0.0, 0.0, 400.0),
    );
    let (mut world, mut bones) = start(&model, weightless());
    run(&mut world, &mut bones, &model, 240);
    let z = angles(&world).z;
    assert!((z - 0.3).abs() < 0.01, "should rest on the 0.3 limit: {z}");

    // The same spring with a range around its rest brings B back to rest after a kick.
    let free = hanging(
        Vec3::new(0.0, 0.0, -0.8),
        Vec3::new(0.0, 0.0, 0.8),
        Vec3::new(0.0, 0.0, 400.0),
    );
    let (mut world, mut bones) = start(&free, weightless());
    // Pushed sideways along X, B swings about Z.
    kick(&mut world, Vec3::new(4.0, 0.0, 0.0), Vec3::ZERO);
    let mut peak = 0.0f32;
    for _ in 0..60 {
        run(&mut world, &mut bones, &free, 1);
        peak = peak.max(angles(&world).z.abs());
    }
    assert!(peak > 0.1, "the kick should turn B: {peak}");
    // Undamped, it swings about its rest pose: the angle averages to 0.
    let mut sum = 0.0;
    for _ in 0..240 {
        run(&mut world, &mut bones, &free, 1);
        sum += angles(&world).z;
    }
    let mean = sum / 240.0;
    assert!(
        mean.abs() < 0.02,
        "the spring swings B about its rest: mean {mean}"
    );
}

#[test]
fn lower_above_upper_is_free_and_lower_equal_upper_is_locked_at_that_value() {
    // X free (lower > upper), Y locked at 0, Z locked at 0.4 away from the rest pose.
    let model = hanging(
        Vec3::new(1.0, 0.0, 0.4),
        Vec3::new(-1.0, 0.0, 0.4),
        Vec3::ZERO,
    );
    let (mut world, mut bones) = start(&model, weightless());
    let mut turned = 0.0f32;
    for _ in 0..120 {
        // Pushed sideways, B swings about the pivot's X axis.
        kick(&mut world, Vec3::new(0.0, 0.0, 0.05), Vec3::ZERO);
        run(&mut world, &mut bones, &model, 1);
        turned = turned.max(angles(&world).x.abs());
    }
    let a = angles(&world);
    assert!(turned > 1.5, "X is free: it turned only {turned}");
    assert!(a.y.abs() < 0.02, "Y is locked at 0: {a}");
    assert!((a.z - 0.4).abs() < 0.02, "Z is locked at 0.4: {a}");
}

#[test]
fn capsule_inertia_is_its_bounding_boxs() {
    // Radius 0.5, cylinder 2, mass 3: the bounding box is 1 × 3 × 1, so Bullet's inertia
    // is 3/12·(3² + 1²) = 2.5 about X and Z, 3/12·(1² + 1²) = 0.5 about Y.
    let model = hone_core::pmx::Model {
        bones: vec![support::bone("b", Vec3::ZERO, -1)],
        rigid_bodies: vec![RigidBody {
            bone: 0,
            shape: RigidShape::Capsule,
            size: Vec3::new(0.5, 2.0, 0.0),
            mass: 3.0,
            mode: RigidMode::Dynamic,
            collision_mask: 0,
            linear_damping: 0.0,
            angular_damping: 0.0,
            ..Default::default()
        }],
        ..Default::default()
    };
    let config = PhysicsConfig {
        gyroscopic: false,
        ..weightless()
    };
    let mut world = PhysicsWorld::new(&model, config);
    let inertia = world.body_inertia(0).unwrap();
    assert!(
        (inertia - Vec3::new(2.5, 0.5, 2.5)).length() < 1e-5,
        "{inertia}"
    );
    // An angular impulse of 1 about X spins it at 1 / 2.5 rad/s.
    world.apply_impulses(&[hone_core::physics::BodyImpulse {
        global_torque: Vec3::X,
        ..Default::default()
    }]);
    world.step(1.0 / 60.0);
    let w = world.body_angvel(0).unwrap();
    assert!((w.x - 0.4).abs() < 1e-3, "spin {w}");
}
