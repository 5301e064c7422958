//! What the physics world reads of the model: whether a [`ChangeSet`] can be applied
//! to a running world in place or needs it built again.

use crate::edit::changes::{BoneField, JointField, RigidBodyField};
use crate::edit::{ChangeSet, ElementKind as K, Fields};
use crate::pmx::Model;

/// What a change set asks of a running [`PhysicsWorld`](super::PhysicsWorld).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, PartialOrd, Ord)]
pub enum PhysicsReads {
    /// Nothing it reads changed.
    #[default]
    Nothing,
    /// Body or joint fields: [`PhysicsWorld::apply_changes`](super::PhysicsWorld::apply_changes)
    /// updates them in place (it rebuilds when their make-up changed).
    Update,
    /// Build the world again: structure, the header, soft bodies, or bones it reads.
    Rebuild,
}

/// What of the physics world `changes` touches.
pub fn reads(model: &Model, changes: &ChangeSet) -> PhysicsReads {
    if changes.is_structural()
        || [K::Header, K::SoftBody].iter().any(|k| changes.touches(*k))
        || changes.edits(K::Bone).any(|(i, f)| reads_bone(model, i, f))
    {
        return PhysicsReads::Rebuild;
    }
    let bodies = !changes
        .fields(K::RigidBody)
        .only([RigidBodyField::Name, RigidBodyField::NameEn]);
    let joints = !changes
        .fields(K::Joint)
        .only([JointField::Name, JointField::NameEn]);
    if bodies || joints {
        PhysicsReads::Update
    } else {
        PhysicsReads::Nothing
    }
}

/// Whether the world reads what changed in bone `i`: the parent chain and flags
/// (write-back order, after-physics bones) of any bone, the position of a bone that
/// places a rigid body.
fn reads_bone(model: &Model, i: usize, fields: Fields) -> bool {
    fields.has(BoneField::Parent)
        || fields.has(BoneField::Flags)
        || (fields.has(BoneField::Position)
            && model
                .rigid_bodies
                .iter()
                .any(|b| super::rules::placing_bone(model, b) == Some(i)))
}

/// Whether the edits of rigid bodies and joints in `changes` leave the current
/// frame as it is (they act only once physics steps): masses, damping, friction,
/// restitution, collision groups, joint limits and springs.
pub fn pose_neutral(changes: &ChangeSet) -> bool {
    changes.fields(K::RigidBody).only([
        RigidBodyField::Name,
        RigidBodyField::NameEn,
        RigidBodyField::Mass,
        RigidBodyField::LinearDamping,
        RigidBodyField::AngularDamping,
        RigidBodyField::Restitution,
        RigidBodyField::Friction,
        RigidBodyField::Group,
        RigidBodyField::CollisionMask,
    ]) && changes.fields(K::Joint).only([
        JointField::Name,
        JointField::NameEn,
        JointField::LinearLower,
        JointField::LinearUpper,
        JointField::AngularLower,
        JointField::AngularUpper,
        JointField::LinearSpring,
        JointField::AngularSpring,
    ])
}
