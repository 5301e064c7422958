//! Small rigid-body worlds for the physics tests: two bodies and a joint, stepped
//! frame by frame on bones at rest.

use super::bone;
use glam::{Mat4, Vec3};
use hone_core::physics::{BodyImpulse, PhysicsConfig, PhysicsWorld};
use hone_core::pmx::{Joint, JointKind, Model, RigidBody, RigidMode, RigidShape};

pub const FRAME: f32 = 1.0 / 60.0;

pub fn sphere(bone: i32, position: Vec3, mode: RigidMode, group: u8, mask: u16) -> RigidBody {
    RigidBody {
        name: format!("body{bone}"),
        bone,
        group,
        collision_mask: mask,
        shape: RigidShape::Sphere,
        size: Vec3::new(0.3, 0.0, 0.0),
        position,
        mode,
        mass: 1.0,
        linear_damping: 0.0,
        angular_damping: 0.0,
        ..Default::default()
    }
}

/// Bone world matrices at rest: translations to the bone positions.
pub fn rest_world(model: &Model) -> Vec<Mat4> {
    model
        .bones
        .iter()
        .map(|b| Mat4::from_translation(b.position))
        .collect()
}

/// Two bones: an anchor (kinematic body A at the origin) and a free body B.
pub fn pair(b_pos: Vec3, joint: Joint) -> Model {
    Model {
        bones: vec![bone("anchor", Vec3::ZERO, -1), bone("swing", b_pos, 0)],
        rigid_bodies: vec![
            // Masks of 0: nothing collides, only the joint acts.
            sphere(0, Vec3::ZERO, RigidMode::FollowBone, 0, 0),
            sphere(1, b_pos, RigidMode::Dynamic, 1, 0),
        ],
        joints: vec![Joint {
            body_a: 0,
            body_b: 1,
            ..joint
        }],
        ..Default::default()
    }
}

/// A world for `model` with every body on its bone at rest, and those bones.
pub fn start(model: &Model, config: PhysicsConfig) -> (PhysicsWorld, Vec<Mat4>) {
    let mut world = PhysicsWorld::new(model, config);
    let bones = rest_world(model);
    world.reset(&bones);
    (world, bones)
}

pub fn weightless() -> PhysicsConfig {
    PhysicsConfig {
        gravity: Vec3::ZERO,
        ..Default::default()
    }
}

/// Gives body B of a [`pair`] this velocity and spin (body A nothing).
pub fn kick(world: &mut PhysicsWorld, global_velocity: Vec3, global_torque: Vec3) {
    world.apply_impulses(&[
        BodyImpulse::default(),
        BodyImpulse {
            global_velocity,
            global_torque,
            ..Default::default()
        },
    ]);
}

/// A [`pair`] with B 2 along +X, started under gravity.
pub fn side_pair(joint: Joint) -> (Model, PhysicsWorld, Vec<Mat4>) {
    let model = pair(Vec3::new(2.0, 0.0, 0.0), joint);
    let (world, bones) = start(&model, PhysicsConfig::default());
    (model, world, bones)
}

/// B 2 below A on a joint of `kind` with ±1 linear limits and linear springs
/// of 200, weightless, just kicked sideways at 8 units/s.
pub fn kicked_spring_pair(kind: JointKind) -> (Model, PhysicsWorld, Vec<Mat4>) {
    let model = pair(
        Vec3::new(0.0, -2.0, 0.0),
        Joint {
            kind,
            linear_lower: Vec3::splat(-1.0),
            linear_upper: Vec3::splat(1.0),
            linear_spring: Vec3::splat(200.0),
            ..Default::default()
        },
    );
    let (mut world, bones) = start(&model, weightless());
    kick(&mut world, Vec3::new(8.0, 0.0, 0.0), Vec3::ZERO);
    (model, world, bones)
}

pub fn run(world: &mut PhysicsWorld, bones: &mut [Mat4], model: &Model, frames: usize) {
    for _ in 0..frames {
        let animated = rest_world(model);
        bones.copy_from_slice(&animated);
        world.set_bone_targets(bones);
        world.step(FRAME);
        world.write_back(bones);
    }
}
