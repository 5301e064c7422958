//! Which bones follow physics, through the whole pipeline, on small builder models:
//! - the after-physics rule: a bone without a body below a simulated bone keeps its
//!   before-physics pose unless it is 物理後変形 (MMD, MMDAgent, babylon-mmd), or unless
//!   `children_follow_physics` asks for saba's reading;
//! - MMD's per-key physics switch (VMD bone keys whose interpolation bytes 2–3 are
//!   0x63 0x0F): off, the bone follows its keys and its body is placed from it.

use glam::Quat;
use glam::{Vec2, Vec3};
use hone_core::deform::Pose;
use hone_core::motion::{read_vmd, BoundMotion};
use hone_core::physics::PhysicsConfig;
use hone_core::pmx::builder::{bdef1, ModelBuilder};
use hone_core::pmx::{JointKind, Model, RigidMode};
use hone_core::sim::Simulation;

const TIP_REST: Vec3 = Vec3::new(2.0, 5.0, 0.0);

/// root → arm (simulated capsule hanging on a P2P at the arm's head, lying along +X at
/// rest) → tip (no body). Vertex 0 is skinned to the arm, vertex 1 to the tip.
fn arm_with_tip(tip_after_physics: bool) -> Model {
    let mut b = ModelBuilder::new("arm");
    let root = b.bone("root", Vec3::ZERO).index();
    let arm = b.bone("arm", Vec3::new(0.0, 5.0, 0.0)).parent(root).index();
    b.bone("tip", TIP_REST)
        .parent(arm)
        .flag(hone_core::pmx::BoneFlags::AFTER_PHYSICS, tip_after_physics);
    b.vertex(Vec3::new(1.0, 5.0, 0.0), Vec3::Y, Vec2::ZERO, bdef1(1));
    b.vertex(TIP_REST, Vec3::Y, Vec2::ZERO, bdef1(2));
    let anchor = b
        .rigid_body("root", root)
        .sphere(0.2)
        .mask(0)
        .mode(RigidMode::FollowBone)
        .index();
    let hanging = b
        .rigid_body("arm", arm)
        .capsule_between(Vec3::new(0.2, 5.0, 0.0), Vec3::new(1.8, 5.0, 0.0), 0.2)
        .group(1)
        .mask(0)
        .mass(1.0)
        .mode(RigidMode::Dynamic)
        .index();
    b.joint("hinge", JointKind::P2p, anchor, hanging)
        .at(Vec3::new(0.0, 5.0, 0.0));
    // Damped so that it comes to hang still within two seconds.
    let body = &mut b.model_mut().rigid_bodies[hanging as usize];
    body.linear_damping = 0.99;
    body.angular_damping = 0.99;
    b.build()
}

fn settle(model: &Model, config: PhysicsConfig) -> Simulation {
    let mut sim = Simulation::new(model, config);
    let pose = Pose::new(model);
    for _ in 0..120 {
        sim.frame(model, &pose, 1.0 / 60.0);
    }
    sim
}

fn follows_config() -> PhysicsConfig {
    PhysicsConfig {
        children_follow_physics: true,
        ..Default::default()
    }
}

/// The arm fell from lying along +X: its tip end is well below its head.
fn assert_arm_hangs(sim: &Simulation) {
    let arm = sim.state.world[1];
    assert!(
        (arm.w_axis.truncate() - Vec3::new(0.0, 5.0, 0.0)).length() < 0.05,
        "arm head: {}",
        arm.w_axis
    );
    let v0 = sim.state.positions[0];
    assert!(v0.y < 4.2 && v0.x.abs() < 0.5, "arm vertex hangs: {v0}");
}

#[test]
fn a_body_less_child_without_the_flag_keeps_its_before_physics_pose() {
    let model = arm_with_tip(false);
    let sim = settle(&model, PhysicsConfig::default());
    assert_arm_hangs(&sim);
    let tip = sim.state.world[2];
    assert!(
        (tip.w_axis.truncate() - TIP_REST).length() < 1e-5,
        "tip left its animated place: {}",
        tip.w_axis
    );
    assert!((sim.state.positions[1] - TIP_REST).length() < 1e-5);
    assert!(!sim.state.is_physics_driven(2));
}

#[test]
fn a_body_less_child_flagged_after_physics_follows_its_physics_parent() {
    let model = arm_with_tip(true);
    let sim = settle(&model, PhysicsConfig::default());
    assert_arm_hangs(&sim);
    let arm = sim.state.world[1];
    let tip_from_arm = arm.inverse() * sim.state.world[2];
    let offset = tip_from_arm.w_axis.truncate() - Vec3::new(2.0, 0.0, 0.0);
    assert!(offset.length() < 1e-3, "tip offset from arm: {offset}");
    let v1 = sim.state.positions[1];
    assert!(v1.y < 3.3, "tip vertex hangs: {v1}");
}

#[test]
fn children_follow_physics_moves_an_unflagged_child_as_saba_does() {
    let model = arm_with_tip(false);
    let sim = settle(&model, follows_config());
    assert_arm_hangs(&sim);
    let tip_from_arm = sim.state.world[1].inverse() * sim.state.world[2];
    let offset = tip_from_arm.w_axis.truncate() - Vec3::new(2.0, 0.0, 0.0);
    assert!(offset.length() < 1e-3, "tip offset from arm: {offset}");
    assert!(sim.state.positions[1].y < 3.3);
}

/// A VMD keying "arm" at rest at `frames`, each key with its physics switch (bytes 2–3 of
/// the interpolation block 0x63 0x0F = off, as MMD writes it; on keys hold a linear
/// curve's values there, 0x14 0x14, as older files do).
fn arm_switch_vmd(keys: &[(u32, bool)]) -> Vec<u8> {
    let mut v = b"Vocaloid Motion Data 0002\0\0\0\0\0".to_vec();
    v.extend_from_slice(&[0u8; 20]);
    v.extend_from_slice(&(keys.len() as u32).to_le_bytes());
    for &(frame, physics_off) in keys {
        let mut name = [0u8; 15];
        name[..3].copy_from_slice(b"arm");
        v.extend_from_slice(&name);
        v.extend_from_slice(&frame.to_le_bytes());
        for f in [0.0f32, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0] {
            v.extend_from_slice(&f.to_le_bytes());
        }
        let mut ip = [0u8; 64];
        for row in 0..4 {
            for c in 0..16 {
                // A linear curve: x1 = y1 = 20, x2 = y2 = 107 in every row.
                ip[row * 16 + c] = if (c / 4 + row) % 4 < 2 { 20 } else { 107 };
            }
        }
        if physics_off {
            ip[2] = 0x63;
            ip[3] = 0x0F;
        }
        v.extend_from_slice(&ip);
    }
    // No morph, camera, light or self-shadow keys.
    for _ in 0..4 {
        v.extend_from_slice(&0u32.to_le_bytes());
    }
    v
}

#[test]
fn a_key_turning_physics_off_holds_the_bone_on_its_keys_until_a_key_turns_it_on() {
    let model = arm_with_tip(false);
    // Off from the start, on at 2 s (frame 60 at 30 fps), off again at 5 s.
    let vmd = read_vmd(&arm_switch_vmd(&[(0, true), (60, false), (150, true)])).unwrap();
    let switches: Vec<bool> = vmd.bone_keys.iter().map(|(_, k)| k.physics_off).collect();
    assert_eq!(switches, [true, false, true]);
    let (motion, report) = BoundMotion::bind(&vmd, &model);
    assert_eq!(report.bound_bones, 1);
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    let mut pose = Pose::new(&model);
    let arm_body = 1;
    let rest_body = sim.physics.body_pose(arm_body).unwrap();
    let mut lowest_while_on = f32::MAX;
    for k in 1..=360 {
        let t = k as f32 / 60.0;
        motion.apply_to_pose(t * 30.0, &mut pose);
        sim.frame(&model, &pose, 1.0 / 60.0);
        let arm = sim.state.world[1];
        let body = sim.physics.body_pose(arm_body).unwrap();
        let held = !(2.0..5.0).contains(&t);
        assert_eq!(pose.physics_enabled[1], !held, "t {t}");
        if held {
            // The bone follows its key (at rest, lying along +X) and the body sits on it.
            let turned = Quat::from_mat4(&arm).angle_between(Quat::IDENTITY);
            assert!(turned < 1e-4, "t {t}: arm turned {turned}");
            assert!(
                (body.translation - rest_body.translation).length() < 1e-4,
                "t {t}: body {} left its bone",
                body.translation
            );
        } else {
            lowest_while_on = lowest_while_on.min(sim.state.positions[0].y);
        }
        if k == 121 {
            // Physics on again: the body carries on from where its bone held it.
            let moved = (body.translation - rest_body.translation).length();
            assert!(moved < 0.05, "first frame on: moved {moved}");
        }
    }
    assert!(
        lowest_while_on < 4.2,
        "the arm falls once physics is on: {lowest_while_on}"
    );
}
