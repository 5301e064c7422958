//! The mode rules of `physics::rules`: MMD's mode-2 rule (`effective_modes`) and how physics
//! drives a body (`body_role`), on a three-bone model built by hand.

use hone_core::physics::rules::{body_role, effective_modes};
use hone_core::physics::BodyRole;
use hone_core::pmx::{Bone, Joint, Model, RigidBody, RigidMode};
use RigidMode::{Dynamic, DynamicWithBonePosition as Mode2, FollowBone};

fn bone(parent: i32) -> Bone {
    Bone {
        parent,
        ..Bone::default()
    }
}

fn body(bone: i32, mode: RigidMode) -> RigidBody {
    RigidBody {
        bone,
        mode,
        mass: 1.0,
        ..RigidBody::default()
    }
}

fn joint(a: i32, b: i32) -> Joint {
    Joint {
        body_a: a,
        body_b: b,
        ..Joint::default()
    }
}

#[test]
fn mode_2_jointed_to_a_simulated_body_on_the_parent_bone_runs_as_mode_1() {
    let mut m = Model {
        bones: vec![bone(-1), bone(0), bone(1)],
        rigid_bodies: vec![body(1, Dynamic), body(2, Mode2)],
        joints: vec![joint(1, 0)],
        ..Model::default()
    };
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
    // No joint: mode 2 stays.
    m.rigid_bodies[0] = body(1, Dynamic);
    m.joints.clear();
    assert_eq!(effective_modes(&m), [Dynamic, Mode2]);
}

#[test]
fn roles_follow_the_mode_the_mass_and_the_bone() {
    let m = Model {
        bones: vec![bone(-1)],
        ..Model::default()
    };
    let b = body(0, Dynamic);
    assert_eq!(body_role(&m, &b, FollowBone), BodyRole::FollowBone);
    assert_eq!(body_role(&m, &b, Dynamic), BodyRole::Dynamic);
    assert_eq!(body_role(&m, &b, Mode2), BodyRole::DynamicRotation);
    assert_eq!(body_role(&m, &b, RigidMode::Unknown(7)), BodyRole::Dynamic);
    // Bullet makes a body without mass static: it stays on its bone.
    for mass in [0.0, -1.0, f32::NAN] {
        let light = RigidBody { mass, ..b.clone() };
        assert_eq!(body_role(&m, &light, Dynamic), BodyRole::FollowBone);
    }
    // Simulated with no bone (or one out of range): free.
    for bone in [-1, 1] {
        let loose = RigidBody { bone, ..b.clone() };
        assert_eq!(body_role(&m, &loose, Dynamic), BodyRole::Free);
        assert_eq!(body_role(&m, &loose, FollowBone), BodyRole::FollowBone);
    }
}
