//! Live tuning: an edit of a body's or joint's parameters reaches the running world at
//! once, through the edit's `ChangeSet`, without a reset; edits that change what the
//! world is made of ask for a rebuild.

use glam::Vec3;
use hone_core::edit::{History, ModelEdit};
use hone_core::physics::PhysicsWorld;
use hone_core::pmx::{Joint, JointKind, Model, RigidMode};

mod support;
use support::rigid::*;

/// B 2 along +X on a spring 6DOF joint whose rotation is free (lower > upper), swinging
/// down under gravity for `frames` frames.
fn swinging(frames: usize) -> (Model, PhysicsWorld, Vec<glam::Mat4>) {
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::Spring6Dof,
        angular_lower: Vec3::splat(1.0),
        angular_upper: Vec3::splat(-1.0),
        ..Default::default()
    });
    run(&mut world, &mut bones, &model, frames);
    (model, world, bones)
}

fn pose_of_b(world: &PhysicsWorld) -> (Vec3, glam::Quat) {
    let p = world.body_pose(1).unwrap();
    (p.translation, p.rotation)
}

#[test]
fn a_joint_spring_edit_acts_in_the_next_step_without_a_reset() {
    let (mut model, mut edited, mut bones) = swinging(20);
    let (_, mut untouched, mut untouched_bones) = swinging(20);
    let before = pose_of_b(&edited);
    assert_eq!(before, pose_of_b(&untouched), "the runs are deterministic");
    assert!(
        before.0.y < -0.5,
        "B has swung down from its rest place: {}",
        before.0
    );

    let mut joint = model.joints[0].clone();
    joint.angular_spring = Vec3::new(0.0, 0.0, 400.0);
    let changes = History::new()
        .apply(&mut model, ModelEdit::set_joint(0, joint, "angular_spring"))
        .unwrap();
    assert!(edited.apply_changes(&model, &changes), "applied in place");
    // Nothing was reset: B is where it was, still moving.
    assert_eq!(pose_of_b(&edited), before);
    assert!(edited.body_linvel(1).unwrap().length() > 1.0);

    run(&mut edited, &mut bones, &model, 1);
    run(&mut untouched, &mut untouched_bones, &model, 1);
    // The spring (equilibrium at the rest pose, B level with A) pulls B back up: the
    // edited world turns B the other way round Z than gravity alone does.
    let w_edited = edited.body_angvel(1).unwrap().z;
    let w_untouched = untouched.body_angvel(1).unwrap().z;
    assert!(
        w_edited - w_untouched > 0.5,
        "spin about Z: edited {w_edited}, untouched {w_untouched}"
    );
}

#[test]
fn a_mass_edit_changes_bullets_inertia_in_place() {
    let (mut model, mut world, _) = swinging(10);
    let before = pose_of_b(&world);
    let mut body = model.rigid_bodies[1].clone();
    body.mass = 2.0;
    let changes = History::new()
        .apply(&mut model, ModelEdit::set_rigid_body(1, body, "mass"))
        .unwrap();
    assert!(world.apply_changes(&model, &changes));
    // A sphere of radius 0.3 and mass 2: 2/5·m·r² = 0.072 about every axis.
    let inertia = world.body_inertia(1).unwrap();
    assert!((inertia - Vec3::splat(0.072)).abs().max_element() < 1e-6);
    assert_eq!(pose_of_b(&world), before);
}

#[test]
fn edits_that_change_what_the_world_is_made_of_ask_for_a_rebuild() {
    let (mut model, mut world, _) = swinging(5);
    let mut history = History::new();

    // A rename is read by nothing in the world.
    let mut body = model.rigid_bodies[1].clone();
    body.name = "改名".into();
    let changes = history
        .apply(&mut model, ModelEdit::set_rigid_body(1, body, "name"))
        .unwrap();
    assert!(world.apply_changes(&model, &changes));

    // Mode 1 → 0: the body stops being simulated.
    let mut body = model.rigid_bodies[1].clone();
    body.mode = RigidMode::FollowBone;
    let changes = history
        .apply(&mut model, ModelEdit::set_rigid_body(1, body, "mode"))
        .unwrap();
    assert!(!world.apply_changes(&model, &changes));
    history.undo(&mut model).unwrap();

    // Another pair of bodies for the joint.
    let mut joint = model.joints[0].clone();
    std::mem::swap(&mut joint.body_a, &mut joint.body_b);
    let changes = history
        .apply(&mut model, ModelEdit::set_joint(0, joint, "body_a"))
        .unwrap();
    assert!(!world.apply_changes(&model, &changes));
    history.undo(&mut model).unwrap();

    // A new joint: a structural edit.
    let joint = model.joints[0].clone();
    let changes = history
        .apply(&mut model, ModelEdit::add_joint(joint))
        .unwrap();
    assert!(!world.apply_changes(&model, &changes));
}
