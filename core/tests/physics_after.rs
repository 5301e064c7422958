//! Which bones follow physics (the after-physics rule), through the whole pipeline, on
//! small builder models: a bone without a body below a simulated bone keeps its
//! before-physics pose unless it is 物理後変形 (MMD, MMDAgent, babylon-mmd), or unless
//! `children_follow_physics` asks for saba's reading.

use glam::{Vec2, Vec3};
use hone_core::deform::Pose;
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
