//! Rigid bodies and joints on models built in code (no files needed).

use glam::{Mat4, Quat, Vec3};
use hone_core::physics::{BodyImpulse, BodyRole, PhysicsConfig, PhysicsWorld};
use hone_core::pmx::{Joint, JointKind, Model, RigidBody, RigidMode, RigidShape};

mod support;
use support::bone;
use support::rigid::*;

#[test]
fn hinge_swings_about_its_axis_only_and_stops_at_its_limits() {
    // Joint frame with no rotation: Bullet's hinge axis is the frame's Z.
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::Hinge,
        angular_lower: Vec3::new(-0.5, 0.0, 0.0),
        angular_upper: Vec3::new(0.5, 0.0, 0.0),
        ..Default::default()
    });
    assert!(world.joint_simulated(0));
    let mut max_off_axis = 0.0f32;
    for _ in 0..240 {
        run(&mut world, &mut bones, &model, 1);
        let p = world.body_pose(1).unwrap();
        // Off-axis: the body leaves the z = 0 plane or tilts about X/Y.
        let (axis, angle) = p.rotation.to_axis_angle();
        let tilt = if angle.abs() > 1e-3 {
            axis.x.abs().max(axis.y.abs())
        } else {
            0.0
        };
        max_off_axis = max_off_axis.max(p.translation.z.abs()).max(tilt);
    }
    assert!(max_off_axis < 0.02, "left the hinge plane: {max_off_axis}");
    let p = world.body_pose(1).unwrap();
    // Gravity pulls the arm down: rotation about -Z until the lower limit (0.5 rad).
    let angle = p.translation.y.atan2(p.translation.x);
    assert!(
        (angle + 0.5).abs() < 0.05,
        "hinge should rest at its -0.5 rad limit, at {angle}"
    );
    assert!((p.translation.length() - 2.0).abs() < 0.05);
    // The bone follows the body (mode 1).
    let bone_pos = bones[1].w_axis.truncate();
    assert!((bone_pos - p.translation).length() < 1e-3);
}

#[test]
fn free_hinge_swings_past_where_a_limit_would_stop_it() {
    // lower > upper = no limit (btAngularLimit).
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::Hinge,
        angular_lower: Vec3::new(1.0, 0.0, 0.0),
        angular_upper: Vec3::new(-1.0, 0.0, 0.0),
        ..Default::default()
    });
    let mut lowest = 0.0f32;
    for _ in 0..120 {
        run(&mut world, &mut bones, &model, 1);
        lowest = lowest.min(world.body_pose(1).unwrap().translation.y);
    }
    assert!(
        lowest < -1.9,
        "a free hinge swings to the bottom, reached {lowest}"
    );
}

#[test]
fn slider_moves_along_x_only_and_stops_at_its_limit() {
    // Slider axis = the joint frame's X, turned 45° down about Z.
    let model = pair(
        Vec3::ZERO,
        Joint {
            kind: JointKind::Slider,
            rotation: Vec3::new(0.0, 0.0, -std::f32::consts::FRAC_PI_4),
            linear_lower: Vec3::new(-1.0, 0.0, 0.0),
            linear_upper: Vec3::new(1.0, 0.0, 0.0),
            ..Default::default()
        },
    );
    let (mut world, mut bones) = start(&model, PhysicsConfig::default());
    let axis = Quat::from_rotation_z(-std::f32::consts::FRAC_PI_4) * Vec3::X;
    let mut max_off = 0.0f32;
    for _ in 0..180 {
        run(&mut world, &mut bones, &model, 1);
        let p = world.body_pose(1).unwrap();
        let along = p.translation.dot(axis);
        max_off = max_off.max((p.translation - axis * along).length());
        max_off = max_off.max(p.rotation.angle_between(Quat::IDENTITY));
    }
    assert!(max_off < 0.02, "slider left its axis: {max_off}");
    let along = world.body_pose(1).unwrap().translation.dot(axis);
    assert!(
        (along - 1.0).abs() < 0.05,
        "should rest at the +1 limit, at {along}"
    );
}

#[test]
fn spring_6dof_returns_toward_rest() {
    let (model, mut world, mut bones) = kicked_spring_pair(JointKind::Spring6Dof);
    let rest = Vec3::new(0.0, -2.0, 0.0);
    let mut max_disp = 0.0f32;
    for _ in 0..20 {
        run(&mut world, &mut bones, &model, 1);
        max_disp = max_disp.max((world.body_pose(1).unwrap().translation - rest).length());
    }
    assert!(max_disp > 0.2, "the kick should move the body: {max_disp}");
    assert!(max_disp <= 1.05, "limits hold: {max_disp}");
    // Without a spring the body would stay at its limit; with it, it keeps coming back.
    let mut closest = f32::MAX;
    for _ in 0..120 {
        run(&mut world, &mut bones, &model, 1);
        closest = closest.min((world.body_pose(1).unwrap().translation - rest).length());
    }
    assert!(
        closest < 0.1,
        "spring should pull it back to rest, closest {closest}"
    );
}

#[test]
fn six_dof_without_spring_stays_where_pushed() {
    // The springs are set, but kind 1 does not use them.
    let (model, mut world, mut bones) = kicked_spring_pair(JointKind::SixDof);
    run(&mut world, &mut bones, &model, 120);
    let x = world.body_pose(1).unwrap().translation.x;
    assert!(x > 0.9, "no spring: stays at the +1 limit, x = {x}");
    assert!(world.notes().iter().any(|n| n.text
        == hone_core::physics::note_label(hone_core::physics::joints::NOTE_SPRINGS_UNUSED)));
}

#[test]
fn locked_axes_stay_locked() {
    // lower == upper on every axis: a fixed joint, under gravity and a kick. The rotation
    // holds; the joint point, 2 units from a light sphere, gives like Bullet's: its 10
    // solver iterations cannot fully hold a long lever, so the body sags and swings back.
    // (This model in the Bullet reference sags to y = -0.86 at 1/3 s, -0.59 at 1 s; the
    // comparison is in the physics report.)
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::Spring6Dof,
        ..Default::default()
    });
    kick(
        &mut world,
        Vec3::new(0.0, 0.0, 3.0),
        Vec3::new(0.0, 1.0, 0.0),
    );
    let mut turned = 0.0f32;
    let mut lowest = 0.0f32;
    let mut widest = 0.0f32;
    for _ in 0..120 {
        run(&mut world, &mut bones, &model, 1);
        let p = world.body_pose(1).unwrap();
        turned = turned.max(p.rotation.angle_between(Quat::IDENTITY));
        lowest = lowest.min(p.translation.y);
        widest = widest.max((p.translation.x - 2.0).abs().max(p.translation.z.abs()));
    }
    assert!(turned < 0.01, "locked rotation turned by {turned}");
    assert!(widest < 0.2, "the point left the vertical plane: {widest}");
    assert!(
        (-1.0..-0.3).contains(&lowest),
        "sags like Bullet's solver: {lowest}"
    );
}

#[test]
fn locked_rotation_with_free_translation_keeps_its_orientation() {
    // Angular lower == upper: locked; linear lower > upper: free. It falls without turning.
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::Spring6Dof,
        linear_lower: Vec3::splat(1.0),
        linear_upper: Vec3::splat(-1.0),
        ..Default::default()
    });
    run(&mut world, &mut bones, &model, 30);
    let p = world.body_pose(1).unwrap();
    assert!(
        p.translation.y < -2.0,
        "free translation: falls, {}",
        p.translation
    );
    assert!(p.rotation.angle_between(Quat::IDENTITY) < 0.01);
}

#[test]
fn p2p_keeps_the_point_but_lets_it_turn() {
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::P2p,
        ..Default::default()
    });
    let mut lowest = 0.0f32;
    for _ in 0..60 {
        run(&mut world, &mut bones, &model, 1);
        let p = world.body_pose(1).unwrap();
        // The pivot (the origin) seen from B stays at B's local (-2, 0, 0).
        let pivot = p.transform_point(Vec3::new(-2.0, 0.0, 0.0));
        assert!(pivot.length() < 0.05, "pivot drifted to {pivot}");
        lowest = lowest.min(p.translation.y);
    }
    assert!(lowest < -1.9, "it swings down through the bottom: {lowest}");
}

#[test]
fn cone_twist_stops_at_its_swing_cone() {
    // Twist axis X along the arm; swing spans 0.4 rad.
    let (model, mut world, mut bones) = side_pair(Joint {
        kind: JointKind::ConeTwist,
        angular_lower: Vec3::new(0.1, 0.4, 0.4),
        ..Default::default()
    });
    run(&mut world, &mut bones, &model, 240);
    let p = world.body_pose(1).unwrap();
    let swing = p.translation.normalize().angle_between(Vec3::X);
    assert!(
        (swing - 0.4).abs() < 0.06,
        "should hang at the 0.4 rad cone edge, at {swing}"
    );
}

#[test]
fn mode0_body_follows_its_bone_exactly_or_one_frame_late() {
    let model = Model {
        bones: vec![bone("root", Vec3::new(0.0, 1.0, 0.0), -1)],
        rigid_bodies: vec![sphere(
            0,
            Vec3::new(0.5, 2.0, 0.0),
            RigidMode::FollowBone,
            0,
            0xFFFF,
        )],
        ..Default::default()
    };
    // Default: each frame's steps place it where its bone was one frame earlier (the
    // Bullet reference's timing); without the delay, where its bone is now.
    for follow_delay in [true, false] {
        let config = PhysicsConfig {
            follow_delay,
            ..Default::default()
        };
        let (mut world, mut bones) = start(&model, config);
        assert_eq!(world.body_role(0), Some(BodyRole::FollowBone));
        let mut previous = bones[0];
        for f in 0..90 {
            let t = f as f32 * FRAME;
            let m = Mat4::from_rotation_translation(
                Quat::from_rotation_y(t * 3.0) * Quat::from_rotation_x(t),
                Vec3::new(t * 5.0, 1.0 + t.sin(), 0.0),
            );
            bones[0] = m;
            world.set_bone_targets(&bones);
            world.step(FRAME);
            let placed_by = if follow_delay { previous } else { m };
            let expected = placed_by.transform_point3(Vec3::new(0.5, 1.0, 0.0));
            let p = world.body_pose(0).unwrap();
            assert!(
                (p.translation - expected).length() < 1e-4,
                "delay {follow_delay}, frame {f}: {} vs {expected}",
                p.translation
            );
            let r = Quat::from_mat4(&placed_by);
            assert!(p.rotation.angle_between(r) < 1e-3);
            world.write_back(&mut bones);
            assert_eq!(bones[0], m, "a mode-0 body never writes its bone");
            previous = m;
        }
    }
}

/// root (kinematic) → a → b, bodies of a and b in mode 2, joined by P2P.
fn mode2_chain() -> Model {
    let mut model = Model {
        bones: vec![
            bone("root", Vec3::ZERO, -1),
            bone("a", Vec3::new(1.0, 0.0, 0.0), 0),
            bone("b", Vec3::new(2.0, 0.0, 0.0), 1),
        ],
        rigid_bodies: vec![
            sphere(0, Vec3::ZERO, RigidMode::FollowBone, 0, 0),
            sphere(
                1,
                Vec3::new(1.5, 0.0, 0.0),
                RigidMode::DynamicWithBonePosition,
                1,
                0,
            ),
            sphere(
                2,
                Vec3::new(2.5, 0.0, 0.0),
                RigidMode::DynamicWithBonePosition,
                1,
                0,
            ),
        ],
        ..Default::default()
    };
    for (a, b, x) in [(0, 1, 1.0), (1, 2, 2.0)] {
        model.joints.push(Joint {
            kind: JointKind::P2p,
            body_a: a,
            body_b: b,
            position: Vec3::new(x, 0.0, 0.0),
            ..Default::default()
        });
    }
    model
}

/// Runs the chain 120 frames on bones that move; returns per frame and bone the distance
/// of bones a and b from their animated positions, and the last bones.
fn run_mode2_chain(config: PhysicsConfig) -> (Vec<[f32; 2]>, Vec<Mat4>) {
    let model = mode2_chain();
    let (mut world, mut bones) = start(&model, config);
    let mut off = Vec::new();
    for f in 0..120 {
        let shift = Vec3::new(0.0, (f as f32 * 0.05).sin(), f as f32 * 0.02);
        let animated: Vec<Mat4> = model
            .bones
            .iter()
            .map(|b| Mat4::from_translation(b.position + shift))
            .collect();
        bones.copy_from_slice(&animated);
        world.set_bone_targets(&bones);
        world.step(FRAME);
        world.write_back(&mut bones);
        let d = |i: usize| (bones[i].w_axis - animated[i].w_axis).truncate().length();
        off.push([d(1), d(2)]);
    }
    (off, bones)
}

#[test]
fn mode2_chain_keeps_the_bones_animated_position() {
    // Without the MMD runtimes' rule both bones stay where the animation puts them...
    let (off, bones) = run_mode2_chain(PhysicsConfig {
        mode2_rule: false,
        ..Default::default()
    });
    for (f, d) in off.iter().enumerate() {
        assert!(d[0] < 1e-4 && d[1] < 1e-4, "frame {f}: {d:?}");
    }
    // ...while the rotation comes from physics: the chain hangs, so bone a turned.
    let r = Quat::from_mat4(&bones[1]);
    assert!(
        r.angle_between(Quat::IDENTITY) > 0.3,
        "mode 2 rotation should follow physics"
    );
    // With the rule (the default), b is jointed to its simulated parent a, so it runs as
    // mode 1 and its bone hangs with the body; a keeps its animated position.
    let (off, _) = run_mode2_chain(PhysicsConfig::default());
    assert!(off.iter().all(|d| d[0] < 1e-4));
    let hung = off.iter().map(|d| d[1]).fold(0.0f32, f32::max);
    assert!(hung > 0.3, "bone b should follow its body: {hung}");
}

#[test]
fn children_without_bodies_follow_their_physics_parent_when_asked() {
    // root → arm (mode 1 body) → tip (no body): with saba's reading the tip keeps its
    // offset from the arm (core/tests/physics_after.rs has MMD's default).
    let model = Model {
        bones: vec![
            bone("root", Vec3::ZERO, -1),
            bone("arm", Vec3::new(1.0, 0.0, 0.0), 0),
            bone("tip", Vec3::new(2.0, 0.0, 0.0), 1),
        ],
        rigid_bodies: vec![
            sphere(0, Vec3::ZERO, RigidMode::FollowBone, 0, 0),
            sphere(1, Vec3::new(1.5, 0.0, 0.0), RigidMode::Dynamic, 1, 0),
        ],
        joints: vec![Joint {
            kind: JointKind::P2p,
            body_a: 0,
            body_b: 1,
            position: Vec3::new(1.0, 0.0, 0.0),
            ..Default::default()
        }],
        ..Default::default()
    };
    let config = PhysicsConfig {
        children_follow_physics: true,
        ..Default::default()
    };
    let (mut world, mut bones) = start(&model, config);
    run(&mut world, &mut bones, &model, 60);
    assert!(world.changed_bones()[2]);
    let tip_from_arm = bones[1].inverse() * bones[2];
    let want = Vec3::new(1.0, 0.0, 0.0);
    assert!((tip_from_arm.w_axis.truncate() - want).length() < 1e-4);
    assert!(bones[2].w_axis.y < -0.5, "the tip hangs with the arm");
}

fn drop_on_floor(sphere_mask: u16) -> f32 {
    // A kinematic box floor (group 0) and a falling sphere (group 1).
    let mut floor = sphere(
        0,
        Vec3::new(0.0, -0.5, 0.0),
        RigidMode::FollowBone,
        0,
        0xFFFF,
    );
    floor.shape = RigidShape::Box;
    floor.size = Vec3::new(5.0, 0.5, 5.0);
    let model = Model {
        bones: vec![
            bone("floor", Vec3::ZERO, -1),
            bone("ball", Vec3::new(0.0, 2.0, 0.0), -1),
        ],
        rigid_bodies: vec![
            floor,
            sphere(
                1,
                Vec3::new(0.0, 2.0, 0.0),
                RigidMode::Dynamic,
                1,
                sphere_mask,
            ),
        ],
        ..Default::default()
    };
    let (mut world, mut bones) = start(&model, PhysicsConfig::default());
    run(&mut world, &mut bones, &model, 90);
    world.body_pose(1).unwrap().translation.y
}

#[test]
fn collision_mask_stops_and_allows_contact_as_stored() {
    // Bit 0 set: collides with group 0 (the floor). Rests on top at its radius.
    let y = drop_on_floor(0xFFFF);
    assert!((y - 0.3).abs() < 0.05, "should rest on the floor, y = {y}");
    // Bit 0 cleared: passes through.
    let y = drop_on_floor(0xFFFE);
    assert!(y < -5.0, "should fall through, y = {y}");
}

/// A dynamic sphere on no bone, colliding with nothing.
fn free_ball() -> RigidBody {
    sphere(-1, Vec3::ZERO, RigidMode::Dynamic, 0, 0)
}

/// A model of that one body.
fn lone_body(body: RigidBody) -> Model {
    Model {
        rigid_bodies: vec![body],
        ..Default::default()
    }
}

#[test]
fn damping_matches_bullets_decay_per_second() {
    // Bullet: v *= (1 - d)^dt per step, so after 1 s v = v0 (1 - d).
    let model = lone_body(RigidBody {
        linear_damping: 0.5,
        ..free_ball()
    });
    let (mut world, _) = start(&model, weightless());
    world.apply_impulses(&[BodyImpulse {
        global_velocity: Vec3::new(10.0, 0.0, 0.0),
        ..Default::default()
    }]);
    for _ in 0..60 {
        world.set_bone_targets(&[]);
        world.step(FRAME);
    }
    let v = world.body_linvel(0).unwrap().x;
    assert!((v - 5.0).abs() < 0.05, "after 1 s: {v} (want 5)");
}

#[test]
fn impulse_stop_zeroes_motion_and_local_impulse_turns_with_the_body() {
    let model = lone_body(RigidBody {
        rotation: Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2),
        ..free_ball()
    });
    let (mut world, _) = start(&model, weightless());
    // Local +X of a body turned 90° about Z is world +Y. Mass 1: impulse = Δv.
    world.apply_impulses(&[BodyImpulse {
        local_velocity: Vec3::new(2.0, 0.0, 0.0),
        ..Default::default()
    }]);
    let v = world.body_linvel(0).unwrap();
    assert!((v - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-4, "{v}");
    world.apply_impulses(&[BodyImpulse {
        stop: true,
        ..Default::default()
    }]);
    assert_eq!(world.body_linvel(0).unwrap(), Vec3::ZERO);
}

#[test]
fn bodies_use_the_models_euler_order() {
    // A box rotated by x, y and z at once must sit where pmx::euler_rotation puts it.
    let r = Vec3::new(0.3, -0.7, 1.1);
    let v = Vec3::new(0.2, 0.5, -0.9);
    let q = hone_core::physics::euler_rotation(r);
    assert!((q * v - hone_core::pmx::euler_rotation(r) * v).length() < 1e-6);
    let nan = hone_core::physics::euler_rotation(Vec3::new(f32::NAN, 0.0, 0.0));
    assert!(nan.is_finite());
}

#[test]
fn bad_values_do_not_crash_and_are_reported() {
    let mut b = sphere(
        5,
        Vec3::new(f32::NAN, 0.0, 0.0),
        RigidMode::Dynamic,
        40,
        0xFFFF,
    );
    b.size = Vec3::new(-1.0, f32::INFINITY, 0.0);
    b.mass = 0.0;
    let model = Model {
        bones: vec![bone("root", Vec3::ZERO, -1)],
        rigid_bodies: vec![b],
        joints: vec![Joint {
            kind: JointKind::Unknown(9),
            body_a: 0,
            body_b: 3,
            ..Default::default()
        }],
        ..Default::default()
    };
    let (mut world, mut bones) = start(&model, PhysicsConfig::default());
    assert!(world.notes().len() >= 4, "{:?}", world.notes());
    run(&mut world, &mut bones, &model, 30);
    assert!(world.body_pose(0).unwrap().translation.is_finite());
    assert!(!world.joint_simulated(0));
}

#[test]
fn mode0_body_moves_smoothly_across_substeps() {
    // The bone moves 1 unit per frame along X. With the target interpolated over the
    // frame's sub-steps the kinematic body moves at 60 units/s in every sub-step
    // (a jump in the first sub-step would leave it still in the last one).
    let model = Model {
        bones: vec![bone("root", Vec3::ZERO, -1)],
        rigid_bodies: vec![sphere(0, Vec3::ZERO, RigidMode::FollowBone, 0, 0)],
        ..Default::default()
    };
    let config = PhysicsConfig {
        substep: 1.0 / 120.0,
        substep_rule: hone_core::physics::SubstepRule::Interpolated,
        follow_delay: false,
        ..Default::default()
    };
    let (mut world, mut bones) = start(&model, config);
    for f in 1..10 {
        bones[0] = Mat4::from_translation(Vec3::new(f as f32, 0.0, 0.0));
        world.set_bone_targets(&bones);
        assert_eq!(world.step(FRAME), 2);
        let v = world.body_linvel(0).unwrap();
        assert!(
            (v.x - 60.0).abs() < 0.5,
            "frame {f}: kinematic velocity {v}"
        );
        assert!((world.body_pose(0).unwrap().translation.x - f as f32).abs() < 1e-4);
    }
}

#[test]
fn bullets_additional_damping_stops_nearly_still_bodies() {
    let model = lone_body(free_ball());
    let drift = |additional_damping: bool| {
        let config = PhysicsConfig {
            gravity: Vec3::ZERO,
            additional_damping,
            ..Default::default()
        };
        let mut world = PhysicsWorld::new(&model, config);
        world.reset(&[]);
        world.apply_impulses(&[BodyImpulse {
            global_velocity: Vec3::new(0.05, 0.0, 0.0),
            ..Default::default()
        }]);
        world.step(FRAME);
        world.body_linvel(0).unwrap().x
    };
    assert!(drift(true).abs() < 1e-3, "{}", drift(true));
    assert!((drift(false) - 0.05).abs() < 1e-3, "{}", drift(false));
}
