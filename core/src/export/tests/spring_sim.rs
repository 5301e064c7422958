//! The spring runtime against cases worked out by hand from the specification's update rule.

use super::*;
use serde_json::json;

const DT: f32 = 1.0 / 60.0;

/// Node 0 at the origin, node 1 (its child) 0.5 m along +X: one joint pointing sideways.
fn sideways(joint: Value) -> (SpringSim, Vec<Mat4>) {
    let extension = json!({ "specVersion": "1.0", "springs": [
        { "name": "side", "joints": [joint, { "node": 1 }] }
    ]});
    let rest = vec![
        Mat4::IDENTITY,
        Mat4::from_translation(Vec3::new(0.5, 0.0, 0.0)),
    ];
    let sim = SpringSim::new(&extension, &[None, Some(0)], &rest).expect("one joint");
    (sim, rest)
}

/// A sideways joint with these settings run `steps` steps from rest, the pose held still.
fn settle_sideways(joint: Value, steps: usize) -> Vec<Mat4> {
    let (mut sim, rest) = sideways(joint);
    let mut world = rest.clone();
    sim.reset(&world);
    for _ in 0..steps {
        world.copy_from_slice(&rest);
        sim.step(&mut world, DT);
    }
    world
}

fn degrees_below_horizontal(world: &[Mat4]) -> f32 {
    let d = world[1].w_axis.truncate() - world[0].w_axis.truncate();
    (-d.y).atan2(d.x).to_degrees()
}

#[test]
fn first_step_moves_the_tail_by_stiffness_and_gravity_times_dt() {
    let world = settle_sideways(
        json!({ "node": 0, "stiffness": 1.0, "gravityPower": 0.5, "dragForce": 0.4 }),
        1,
    );
    // By hand: tail (0.5, 0) + 1/60 × 1 × (1, 0) + 1/60 × 0.5 × (0, −1) = (0.516667, −0.008333),
    // then put back at 0.5 m from the head: the direction is atan(0.008333 / 0.516667) below +X.
    let expected = (0.008_333_333f32 / 0.516_666_7).atan().to_degrees();
    let got = degrees_below_horizontal(&world);
    assert!((got - expected).abs() < 1e-3, "{got}° vs {expected}°");
    let length = world[1].w_axis.truncate().length();
    assert!((length - 0.5).abs() < 1e-5, "length {length}");
}

#[test]
fn one_joint_under_gravity_settles_where_stiffness_and_gravity_balance() {
    // At rest the step adds Δt·(k·rest + G·down); the length constraint keeps only its part
    // along the bone, so the tail stops where k·rest + G·down points along the bone:
    // tan θ = G / k below the rest direction, whatever Δt and the length.
    for (k, g) in [(1.0f32, 0.5f32), (0.5, 1.0), (2.0, 0.2)] {
        let world = settle_sideways(
            json!({ "node": 0, "stiffness": k, "gravityPower": g, "dragForce": 0.4 }),
            3000,
        );
        let expected = (g / k).atan().to_degrees();
        let got = degrees_below_horizontal(&world);
        assert!(
            (got - expected).abs() < 0.01,
            "k {k}, G {g}: {got}° vs {expected}°"
        );
    }
}

#[test]
fn without_stiffness_a_joint_hangs_straight_down() {
    let world = settle_sideways(
        json!({ "node": 0, "stiffness": 0.0, "gravityPower": 1.0, "dragForce": 0.2 }),
        5000,
    );
    let got = degrees_below_horizontal(&world);
    assert!((got - 90.0).abs() < 0.05, "{got}°");
}

#[test]
fn drag_one_stops_all_inertia() {
    // With drag 1 the tail keeps no velocity: each step moves it by Δt·k only, so with no
    // gravity and the tail pushed off the rest direction it walks back without overshooting.
    let (mut sim, rest) = sideways(json!({
        "node": 0, "stiffness": 1.0, "gravityPower": 0.0, "dragForce": 1.0,
    }));
    // Start with the tail 30° below its rest direction, then hold the rest pose.
    let turned = Mat4::from_rotation_z(-30f32.to_radians());
    let mut world = vec![turned, turned * rest[1]];
    sim.reset(&world);
    let mut previous = 30.0 + 1e-3;
    for step in 0..600 {
        world.copy_from_slice(&rest);
        sim.step(&mut world, DT);
        let angle = degrees_below_horizontal(&world);
        assert!(angle >= -1e-4, "overshot to {angle}° at step {step}");
        assert!(angle <= previous + 1e-4, "went up again at step {step}");
        previous = angle;
    }
    assert!(previous < 0.01, "ended {previous}° off");
}

#[test]
fn a_sphere_collider_pushes_the_tail_out() {
    let extension = json!({ "specVersion": "1.0",
        "colliders": [{ "node": 0, "shape": { "sphere": { "offset": [0.25, -0.4330127, 0.0], "radius": 0.2 } } }],
        "colliderGroups": [{ "name": "g", "colliders": [0] }],
        "springs": [{ "name": "s", "colliderGroups": [0], "joints": [
            { "node": 0, "stiffness": 0.0, "gravityPower": 2.0, "dragForce": 0.5, "hitRadius": 0.05 },
            { "node": 1 }
        ]}]
    });
    let rest = vec![
        Mat4::IDENTITY,
        Mat4::from_translation(Vec3::new(0.5, 0.0, 0.0)),
    ];
    let mut sim = SpringSim::new(&extension, &[None, Some(0)], &rest).unwrap();
    let mut world = rest.clone();
    sim.reset(&world);
    // On the tail's circle 60° below +X: it blocks 31.0°–89.0° (chord 0.25 m = 2 × 0.5 × sin 14.5°).
    let centre = Vec3::new(0.25, -0.433_012_7, 0.0);
    for _ in 0..600 {
        world.copy_from_slice(&rest);
        sim.step(&mut world, DT);
        let tail = world[1].w_axis.truncate();
        assert!(
            tail.distance(centre) >= 0.25 - 5e-3,
            "inside the sphere: {tail}"
        );
        assert!((tail.length() - 0.5).abs() < 1e-4);
    }
    // Without the sphere it would hang straight down; the sphere holds it above its top.
    let angle = degrees_below_horizontal(&world);
    assert!((31.0..32.0).contains(&angle), "{angle}°");
}

#[test]
fn a_chain_keeps_each_segment_s_length_and_the_second_hangs_from_the_first() {
    let extension = json!({ "specVersion": "1.0", "springs": [{ "name": "c", "joints": [
        { "node": 0, "stiffness": 0.2, "gravityPower": 1.0, "dragForce": 0.3 },
        { "node": 1, "stiffness": 0.2, "gravityPower": 1.0, "dragForce": 0.3 },
        { "node": 2 }
    ]}]});
    let rest = vec![
        Mat4::IDENTITY,
        Mat4::from_translation(Vec3::new(0.3, 0.0, 0.0)),
        Mat4::from_translation(Vec3::new(0.5, 0.0, 0.0)),
    ];
    let mut sim = SpringSim::new(&extension, &[None, Some(0), Some(1)], &rest).unwrap();
    assert_eq!(sim.chain_nodes(0), vec![0, 1, 2]);
    let mut world = rest.clone();
    sim.reset(&world);
    for _ in 0..200 {
        world.copy_from_slice(&rest);
        sim.step(&mut world, DT);
        let p: Vec<Vec3> = world.iter().map(|m| m.w_axis.truncate()).collect();
        assert!((p[1].distance(p[0]) - 0.3).abs() < 1e-4);
        assert!((p[2].distance(p[1]) - 0.2).abs() < 1e-4);
    }
    assert!(
        world[2].w_axis.y < world[1].w_axis.y,
        "the tip droops below its head"
    );
}

#[test]
fn malformed_extensions_give_none_and_never_panic() {
    let rest = vec![Mat4::IDENTITY; 2];
    for bad in [
        json!(null),
        json!({ "springs": 3 }),
        json!({ "springs": [{ "joints": [{ "node": 9 }, { "node": 1 }] }] }),
        json!({ "springs": [{ "joints": [{ "node": 0 }] }] }),
        // The tail on its head: no direction to keep.
        json!({ "springs": [{ "joints": [{ "node": 0 }, { "node": 1 }] }] }),
    ] {
        assert!(
            SpringSim::new(&bad, &[None, Some(0)], &rest).is_none(),
            "{bad}"
        );
    }
}

#[test]
fn hone_bone_matrices_become_gltf_node_matrices() {
    let p = Vec3::new(1.0, 2.0, 3.0);
    let g = to_gltf_world(Mat4::from_translation(p));
    let expected = Vec3::new(0.08, 0.16, -0.24);
    assert!(g.w_axis.truncate().distance(expected) < 1e-6);
    assert!((g.determinant() - 1.0).abs() < 1e-5, "a rigid motion");
}
