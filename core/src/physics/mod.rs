//! Rigid bodies and joints as MikuMikuDance runs them (Bullet 2.75 constraint behaviour),
//! on rapier3d; soft bodies on Hone's own XPBD solver ([`soft`]).
//!
//! [`PhysicsWorld`] is built from a `&Model` and driven by arrays of model-space
//! bone world matrices, so it does not depend on how bones are evaluated:
//! ```text
//! world.set_bone_targets(&bone_world);   // after the before-physics bones
//! world.apply_impulses(&impulses);       // impulse morphs (optional)
//! world.step(dt);                        // fixed physics steps (Bullet's rule)
//! world.write_back(&mut bone_world);     // mode 1/2 bones
//! ```
//! Units and coordinates are MMD's (left-handed, 1 unit ≈ 8 cm, gravity
//! (0, −98, 0) units/s² as MMD runs it). Nothing is mirrored: physics only
//! needs rotations to be consistent, not a handedness.
//!
//! Who does what in one physics step (`step.rs` has the details):
//! - Hone: Bullet's damping (before the solve), gravity, gyroscopic term, the spring 6DOF
//!   joints with Bullet's rules ([`spring6dof`]), the contacts between bodies with
//!   Bullet's rules, solved in the same loop as the joints (`collide`; shapes and
//!   distance queries from parry), kinematic placement and velocities.
//! - rapier3d: the other five joint kinds ([`joints`]), the optional ground plane's
//!   contacts, and integration of the resulting velocities (without either of the first
//!   two, Hone integrates as rapier would, to the bit, and skips rapier's pipeline).
//!
//! Rigid-body modes (PMX specification, 剛体 section): 0 follows its bone as a kinematic
//! body; 1 is simulated and the bone takes the body's transform; 2 is simulated but the bone
//! keeps its animated position and only takes the body's rotation. A body without a bone is
//! simulated and drives nothing. The body↔bone offset is `inverse(bone_rest) · body_rest`
//! with `bone_rest` the translation to the bone's rest position. The MMD runtimes run some
//! mode-2 bodies as mode 1 ([`rules::effective_modes`]).

pub mod bodies;
pub(crate) mod collide;
pub mod contacts;
mod integrate;
mod islands;
pub mod joints;
mod live;
pub mod notes;
mod reads;
pub mod rules;
pub mod soft;
pub mod spring6dof;
mod step;
mod world;

pub use contacts::ContactPoint;
pub use joints::{euler_rotation, joint_approximations};
pub use notes::{grouped_notes, note_label, Note, NoteTarget};
pub use reads::{pose_neutral, reads, PhysicsReads};
pub use rules::{BodyShape, CollisionFilter};
pub use world::PhysicsWorld;

use glam::Vec3;
use rapier3d::prelude::Pose;

/// How the physics steps of one frame are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum SubstepRule {
    /// Bullet's `stepSimulation`: whole steps of the fixed length, the remainder carried
    /// to the next frame, steps beyond the cap dropped; bone-following bodies jump to
    /// the frame's pose before the first step, moving at the speed that covers the jump
    /// over all the frame's steps.
    #[default]
    Bullet,
    /// The same steps, with bone-following bodies moved along the way from the previous
    /// frame's pose to this one's, one part per step (smoother at large steps per frame).
    Interpolated,
}

/// World-wide settings. The defaults are MMD's (Bullet as the MMD runtimes set it up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhysicsConfig {
    /// Units/s²; MMD: (0, −9.8 × 10, 0).
    pub gravity: Vec3,
    /// Fixed physics step in seconds (MMD runtimes: 1/60).
    pub substep: f32,
    /// Cap on physics steps per `step` call; time beyond it is dropped, as Bullet does.
    pub max_substeps: u32,
    /// Joint solver iterations per physics step (Bullet's default: 10).
    pub solver_iterations: usize,
    /// rapier's solver iterations per physics step, for the joint kinds other than
    /// (spring) 6DOF and the ground plane's contacts.
    pub contact_iterations: usize,
    pub substep_rule: SubstepRule,
    /// Run a mode-2 body jointed to a simulated body on its bone's parent as mode 1, as the
    /// MMD runtimes do ([`rules::effective_modes`]).
    pub mode2_rule: bool,
    /// Bullet's implicit gyroscopic term (on by default in Bullet 2.83 and later).
    pub gyroscopic: bool,
    /// An infinite floor at y = 0 (saba and PMX Editor add one; MMD does not).
    pub ground: bool,
    /// rapier's length unit (scales its tolerances and correction speeds; the other joint
    /// kinds and the ground plane only).
    pub length_unit: f32,
    /// Stiffness of the ground plane's contacts (rapier's) as a natural frequency (Hz).
    /// Contacts between bodies are Hone's, with Bullet's ERP 0.2 per step.
    pub contact_frequency: f32,
    /// Largest speed (in length units per second) at which rapier corrects penetrations
    /// into the ground plane; rapier's default is 3.
    pub max_corrective_velocity: f32,
    /// Bullet's "additional damping" (the MMD runtimes turn it on): nearly still bodies
    /// are stopped, and slow ones lose 0.005 units/s per step.
    pub additional_damping: bool,
    /// Bone-following bodies reach the solver one frame late: each frame's steps place
    /// them where their bones were in the previous frame. Off by default: it was a
    /// stand-in for the lag the Bullet reference shows, which is Bullet's motion-state
    /// latency ([`PhysicsConfig::motion_state_latency`]); both together lag twice.
    pub follow_delay: bool,
    /// Bullet's latency motion-state interpolation (`btDiscreteDynamicsWorld`'s
    /// `m_latencyMotionStateInterpolation`, on by default): the bones and the outside world
    /// see each simulated body moved back along its velocity by one step less the time not
    /// yet stepped, i.e. about where it was before the frame's last step.
    pub motion_state_latency: bool,
    /// A bone without a body below a simulated bone moves with it even when it is not
    /// 物理後変形 (saba's reading). Off by default: MMD keeps such a bone where it was
    /// computed before physics (MMDAgent and babylon-mmd agree); only 物理後変形 bones are
    /// recomputed from the physics result.
    pub children_follow_physics: bool,
    /// A soft body meets its own triangles (when its mask lets it collide with its own
    /// group). Off by default: the spec's Bullet setup never asks for it (VF_SS skips a
    /// body against itself, CL_SELF is not set).
    pub soft_self_collision: bool,
}

impl Default for PhysicsConfig {
    fn default() -> Self {
        PhysicsConfig {
            gravity: Vec3::new(0.0, -98.0, 0.0),
            substep: 1.0 / 60.0,
            max_substeps: 10,
            solver_iterations: 10,
            contact_iterations: 2,
            substep_rule: SubstepRule::Bullet,
            mode2_rule: true,
            gyroscopic: true,
            ground: false,
            length_unit: 10.0,
            contact_frequency: 10.0,
            max_corrective_velocity: 0.5,
            additional_damping: true,
            follow_delay: false,
            motion_state_latency: true,
            children_follow_physics: false,
            soft_self_collision: false,
        }
    }
}

/// How a rigid body is driven in Hone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum BodyRole {
    /// Mode 0 (or a mode-1/2 body Bullet would make static): kinematic, placed on its bone.
    FollowBone,
    /// Mode 1: simulated, drives its bone.
    Dynamic,
    /// Mode 2: simulated, drives its bone's rotation only.
    DynamicRotation,
    /// Simulated, linked to no bone.
    Free,
}

impl BodyRole {
    pub fn is_dynamic(self) -> bool {
        !matches!(self, BodyRole::FollowBone)
    }
}

/// Accumulated impulse-morph values for one rigid body (spec: インパルスモーフ): the
/// deformer's totals, handed to [`PhysicsWorld::apply_impulses`] as they are.
pub type BodyImpulse = crate::deform::RigidImpulse;

/// A rigid body's shape, pose before and after the last `step`, and filter.
#[derive(Debug, Clone, Copy)]
pub struct BodyProxy {
    pub shape: BodyShape,
    pub prev: Pose,
    pub pose: Pose,
    pub filter: CollisionFilter,
    pub kinematic: bool,
}

/// Counters for stability checks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WorldStats {
    /// Bodies whose pose or velocity was not finite after the last step (they are reset).
    pub nan_bodies: usize,
    /// Largest linear speed of any body after the last step (units/s).
    pub max_speed: f32,
}
