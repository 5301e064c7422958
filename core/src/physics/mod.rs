//! Rigid bodies and joints on rapier3d; soft bodies on Hone's own XPBD solver ([`soft`]).
//!
//! [`PhysicsWorld`] is built from a `&Model` and driven by arrays of model-space
//! bone world matrices, so it does not depend on how bones are evaluated:
//! ```text
//! world.set_bone_targets(&bone_world);   // after the before-physics bones
//! world.apply_impulses(&impulses);       // impulse morphs (optional)
//! world.step(dt);                        // fixed sub-steps, kinematic bodies interpolated
//! world.write_back(&mut bone_world);     // mode 1/2 bones (+ their plain children)
//! ```
//! Units and coordinates are MMD's (left-handed, 1 unit ≈ 8 cm, gravity
//! (0, −98, 0) units/s² as MMD and saba use). Nothing is mirrored: physics only
//! needs rotations to be consistent, not a handedness.
//!
//! Rigid-body modes (seed 004): 0 follows its bone as a kinematic body, placed
//! on the bone every sub-step by interpolating between the previous and the
//! current frame's bone transform (seed 003); 1 is simulated and the bone takes
//! the body's transform; 2 is simulated but the bone keeps its animated position
//! and only takes the body's rotation. A body without a bone is simulated and
//! drives nothing. The body↔bone offset is `inverse(bone_rest) · body_rest` with
//! `bone_rest` the translation to the bone's rest position.

pub mod contacts;
pub mod joints;
pub mod rules;
pub mod soft;

pub use contacts::ContactPoint;
pub use joints::{euler_rotation, joint_approximations};
pub use rules::{BodyShape, CollisionFilter};

use crate::pmx::{Model, RigidMode};
use glam::{Mat4, Vec3};
use rapier3d::prelude::{
    CoefficientCombineRule, ColliderBuilder, Pose, RigidBodyBuilder, RigidBodyHandle,
};

/// World-wide settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhysicsConfig {
    /// Units/s²; MMD: (0, −9.8 × 10, 0).
    pub gravity: Vec3,
    /// Fixed sub-step in seconds (MMD/saba: 1/120).
    pub substep: f32,
    /// Cap on sub-steps per `step` call; time beyond it is dropped, as Bullet does.
    pub max_substeps: u32,
    /// rapier solver iterations per sub-step.
    pub solver_iterations: usize,
    /// An infinite floor at y = 0 (saba and PMX Editor add one).
    pub ground: bool,
    /// rapier's length unit (scales its tolerances and correction speeds).
    pub length_unit: f32,
    /// Contact stiffness as a natural frequency (Hz). rapier's default is 30;
    /// Bullet's contacts (ERP 0.2 per step) are softer, and at 30 Hz cloaks held
    /// against the body by heavy weight bodies jitter (Gene). 10 Hz keeps them calm.
    pub contact_frequency: f32,
    /// Largest speed (in length units per second) at which penetrations and joint
    /// errors are corrected; rapier's default is 3.
    pub max_corrective_velocity: f32,
    /// Bullet's "additional damping" (saba turns it on for MMD bodies): nearly
    /// still bodies are stopped, and slow ones lose 0.005 units/s per sub-step.
    pub additional_damping: bool,
}

impl Default for PhysicsConfig {
    fn default() -> Self {
        PhysicsConfig {
            gravity: Vec3::new(0.0, -98.0, 0.0),
            substep: 1.0 / 120.0,
            max_substeps: 10,
            solver_iterations: 4,
            ground: false,
            length_unit: 10.0,
            contact_frequency: 10.0,
            max_corrective_velocity: 0.5,
            additional_damping: true,
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

/// What a [`Note`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum NoteTarget {
    RigidBody(usize),
    Joint(usize),
    SoftBody(usize),
}

/// Something the simulation approximates, clamps or leaves out, per element.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    pub target: NoteTarget,
    pub text: String,
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

#[derive(Debug, Clone)]
struct Body {
    handle: RigidBodyHandle,
    role: BodyRole,
    /// Bone that places the body (kinematic target, reset pose).
    follow: Option<usize>,
    /// Bone the body writes back (modes 1 and 2).
    drives: Option<usize>,
    /// Body pose in the follow bone's frame, and its inverse.
    offset: Pose,
    inv_offset: Pose,
    rest: Pose,
    prev_target: Pose,
    target: Pose,
    /// Bullet's damping coefficients, clamped to [0, 1] (for additional damping).
    linear_damping: f32,
    angular_damping: f32,
}

/// Counters for stability checks.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WorldStats {
    /// Bodies whose pose or velocity was not finite after the last step (they are reset).
    pub nan_bodies: usize,
    /// Largest linear speed of any body after the last step (units/s).
    pub max_speed: f32,
}

/// Rapier's rapier-side state plus the MMD bookkeeping around it.
pub struct PhysicsWorld {
    config: PhysicsConfig,
    rapier: rapier3d::prelude::PhysicsWorld,
    bodies: Vec<Body>,
    proxies: Vec<BodyProxy>,
    joint_built: Vec<bool>,
    notes: Vec<Note>,
    accumulator: f32,
    stats: WorldStats,
    /// Bones in parent-first order, with their parent (for write-back propagation).
    bone_order: Vec<(usize, Option<usize>)>,
    parent_first: Vec<usize>,
    after_physics: Vec<bool>,
    /// Which body drives each bone.
    driver_of_bone: Vec<Option<usize>>,
    /// Write-back scratch: per bone, the change physics made to its world matrix.
    delta: Vec<Mat4>,
    changed: Vec<bool>,
}

fn pose_to_mat(p: &Pose) -> Mat4 {
    rules::pose_matrix(p)
}

fn clamp_damping(d: f32) -> f32 {
    if d.is_finite() {
        d.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Bullet 2.75's `applyDamping` extra rule (`m_additionalDamping`), per sub-step:
/// below 0.1 units/s and 0.1 rad/s both velocities are scaled by 0.005; a speed
/// under the body's damping coefficient loses 0.005 per sub-step (to zero).
fn additional_damping(v: Vec3, w: Vec3, lin: f32, ang: f32) -> (Vec3, Vec3) {
    const FACTOR: f32 = 0.005;
    const THRESHOLD_SQ: f32 = 0.01;
    const STEP: f32 = 0.005;
    let (mut v, mut w) = (v, w);
    if v.length_squared() < THRESHOLD_SQ && w.length_squared() < THRESHOLD_SQ {
        v *= FACTOR;
        w *= FACTOR;
    }
    let slow = |x: Vec3, limit: f32| {
        let s = x.length();
        if s < limit {
            if s > STEP {
                x - x / s * STEP
            } else {
                Vec3::ZERO
            }
        } else {
            x
        }
    };
    (slow(v, lin), slow(w, ang))
}

/// Rapier damping coefficient reproducing Bullet's decay per second.
///
/// Bullet scales velocities by `(1 − d)^h` each sub-step of length h; rapier by
/// `1 / (1 + h·c)`. Equal per sub-step (and so per second) when
/// `c = ((1 − d)^(−h) − 1) / h`. `d` is clamped to [0, 1] like Bullet does;
/// d = 1 (stop at once) is capped at a very large c.
pub fn rapier_damping(bullet: f32, h: f32) -> f32 {
    let d = if bullet.is_finite() {
        bullet.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let keep = (1.0 - d).powf(h).max(1.0e-6);
    ((1.0 / keep - 1.0) / h).min(1.0e6)
}

impl PhysicsWorld {
    /// Builds the world with every body at its rest pose (where the file puts it).
    pub fn new(model: &Model, config: PhysicsConfig) -> PhysicsWorld {
        let mut config = config;
        if !(config.substep.is_finite() && config.substep > 0.0) {
            config.substep = 1.0 / 120.0;
        }
        config.max_substeps = config.max_substeps.max(1);
        config.solver_iterations = config.solver_iterations.clamp(1, 64);
        let h = config.substep;

        let mut rapier = rapier3d::prelude::PhysicsWorld::new();
        rapier.gravity = if config.gravity.is_finite() {
            config.gravity
        } else {
            Vec3::new(0.0, -98.0, 0.0)
        };
        rapier.integration_parameters.dt = h;
        rapier.integration_parameters.num_solver_iterations = config.solver_iterations;
        // Length-dependent tolerances scaled to MMD units (10 units ≈ 0.8 m).
        rapier.integration_parameters.length_unit =
            if config.length_unit.is_finite() && config.length_unit > 0.0 {
                config.length_unit
            } else {
                10.0
            };

        if config.contact_frequency.is_finite() && config.contact_frequency > 0.0 {
            rapier
                .integration_parameters
                .contact_softness
                .natural_frequency = config.contact_frequency;
        }
        if config.max_corrective_velocity.is_finite() && config.max_corrective_velocity > 0.0 {
            rapier
                .integration_parameters
                .normalized_max_corrective_velocity = config.max_corrective_velocity;
        }

        let nbones = model.bones.len();
        let mut notes = Vec::new();
        let mut bodies = Vec::with_capacity(model.rigid_bodies.len());
        let mut proxies = Vec::with_capacity(model.rigid_bodies.len());
        let mut driver_of_bone = vec![None; nbones];

        for (i, rb) in model.rigid_bodies.iter().enumerate() {
            let rest = rules::rest_pose(rb);
            let bone = usize::try_from(rb.bone).ok().filter(|&b| b < nbones);
            if rb.bone >= 0 && bone.is_none() {
                notes.push(Note {
                    target: NoteTarget::RigidBody(i),
                    text: format!("bone index {} out of range: linked to no bone", rb.bone),
                });
            }
            let mass_ok = rb.mass.is_finite() && rb.mass > 0.0;
            let mut role = match rb.mode {
                RigidMode::FollowBone => BodyRole::FollowBone,
                RigidMode::Dynamic => BodyRole::Dynamic,
                RigidMode::DynamicWithBonePosition => BodyRole::DynamicRotation,
                RigidMode::Unknown(m) => {
                    notes.push(Note {
                        target: NoteTarget::RigidBody(i),
                        text: format!("unknown mode {m}: simulated as mode 1"),
                    });
                    BodyRole::Dynamic
                }
            };
            if role.is_dynamic() && !mass_ok {
                // Bullet makes a zero-mass body static; here it stays on its bone.
                notes.push(Note {
                    target: NoteTarget::RigidBody(i),
                    text: format!(
                        "mass {} on a simulated body: follows its bone (Bullet makes it static)",
                        rb.mass
                    ),
                });
                role = BodyRole::FollowBone;
            }
            if role.is_dynamic() && bone.is_none() {
                role = BodyRole::Free;
            }
            let follow = rules::placing_bone(model, rb);
            let mut drives = match role {
                BodyRole::Dynamic | BodyRole::DynamicRotation => bone,
                _ => None,
            };
            if let Some(b) = drives {
                if let Some(other) = driver_of_bone[b] {
                    notes.push(Note {
                        target: NoteTarget::RigidBody(i),
                        text: format!(
                            "bone {b} is already driven by rigid body {other}: this body does not write it"
                        ),
                    });
                    drives = None;
                } else {
                    driver_of_bone[b] = Some(i);
                }
            }
            let offset = rules::bone_offset(model, rb);
            let shape = rules::BodyShape::with_adjustments(rb, |text| {
                notes.push(Note {
                    target: NoteTarget::RigidBody(i),
                    text,
                })
            });
            let collider = shape.collider();
            let friction = if rb.friction.is_finite() {
                rb.friction.max(0.0)
            } else {
                0.5
            };
            let restitution = if rb.restitution.is_finite() {
                rb.restitution.clamp(0.0, 1.0)
            } else {
                0.0
            };
            let filter = CollisionFilter::of(rb);
            if !rules::group_in_range(rb.group) {
                notes.push(Note {
                    target: NoteTarget::RigidBody(i),
                    text: format!(
                        "collision group {} is above 15: in no group, it collides with nothing (as in MMD)",
                        rb.group
                    ),
                });
            }
            // Bullet multiplies the two bodies' friction and restitution.
            let mut collider = collider
                .friction(friction)
                .restitution(restitution)
                .friction_combine_rule(CoefficientCombineRule::Multiply)
                .restitution_combine_rule(CoefficientCombineRule::Multiply)
                .collision_groups(filter.interaction_groups());
            let builder = if role.is_dynamic() {
                collider = collider.mass(rb.mass);
                RigidBodyBuilder::dynamic()
                    .linear_damping(rapier_damping(rb.linear_damping, h))
                    .angular_damping(rapier_damping(rb.angular_damping, h))
                    .can_sleep(false)
            } else {
                RigidBodyBuilder::kinematic_position_based()
            };
            let (handle, _) = rapier.insert(builder.pose(rest).user_data(i as u128), collider);
            bodies.push(Body {
                handle,
                role,
                follow,
                drives,
                offset,
                inv_offset: offset.inverse(),
                rest,
                prev_target: rest,
                target: rest,
                linear_damping: clamp_damping(rb.linear_damping),
                angular_damping: clamp_damping(rb.angular_damping),
            });
            proxies.push(BodyProxy {
                shape,
                prev: rest,
                pose: rest,
                filter,
                kinematic: !role.is_dynamic(),
            });
        }

        if config.ground {
            rapier.insert(
                RigidBodyBuilder::fixed().translation(Vec3::new(0.0, -1.0, 0.0)),
                ColliderBuilder::cuboid(1.0e4, 1.0, 1.0e4),
            );
        }

        let mut joint_built = vec![false; model.joints.len()];
        for (i, j) in model.joints.iter().enumerate() {
            for text in joint_approximations(j) {
                notes.push(Note {
                    target: NoteTarget::Joint(i),
                    text: text.to_string(),
                });
            }
            let a = usize::try_from(j.body_a).ok().filter(|&a| a < bodies.len());
            let b = usize::try_from(j.body_b).ok().filter(|&b| b < bodies.len());
            let (Some(a), Some(b)) = (a, b) else {
                notes.push(Note {
                    target: NoteTarget::Joint(i),
                    text: format!(
                        "rigid body index out of range (A {}, B {}): not simulated",
                        j.body_a, j.body_b
                    ),
                });
                continue;
            };
            if a == b {
                notes.push(Note {
                    target: NoteTarget::Joint(i),
                    text: "joins a rigid body to itself: not simulated".to_string(),
                });
                continue;
            }
            let world = Pose::from_parts(
                if j.position.is_finite() {
                    j.position
                } else {
                    Vec3::ZERO
                },
                euler_rotation(j.rotation),
            );
            let frame_a = bodies[a].rest.inverse() * world;
            let frame_b = bodies[b].rest.inverse() * world;
            if let Some(g) = joints::build_joint(j, frame_a, frame_b, h) {
                rapier
                    .impulse_joints
                    .insert(bodies[a].handle, bodies[b].handle, g, true);
                joint_built[i] = true;
            }
        }

        // Parent-first bone order for write-back propagation.
        let depth = |mut b: usize| {
            let mut d = 0usize;
            while let Some(p) = usize::try_from(model.bones[b].parent)
                .ok()
                .filter(|&p| p < nbones)
            {
                d += 1;
                b = p;
                if d > nbones {
                    break; // a parent cycle; the checker reports it
                }
            }
            d
        };
        let mut bone_order: Vec<(usize, Option<usize>)> = (0..nbones)
            .map(|b| {
                let p = usize::try_from(model.bones[b].parent)
                    .ok()
                    .filter(|&p| p < nbones && p != b);
                (b, p)
            })
            .collect();
        let depths: Vec<usize> = (0..nbones).map(depth).collect();
        bone_order.sort_by_key(|&(b, _)| (depths[b], b));

        let parent_first = bone_order.iter().map(|&(b, _)| b).collect();
        PhysicsWorld {
            config,
            parent_first,
            rapier,
            bodies,
            proxies,
            joint_built,
            notes,
            accumulator: 0.0,
            stats: WorldStats::default(),
            bone_order,
            after_physics: model.bones.iter().map(|b| b.is_after_physics()).collect(),
            driver_of_bone,
            delta: vec![Mat4::IDENTITY; nbones],
            changed: vec![false; nbones],
        }
    }

    pub fn config(&self) -> &PhysicsConfig {
        &self.config
    }

    /// Everything approximated, clamped or left out while building, per element.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    pub fn body_count(&self) -> usize {
        self.bodies.len()
    }

    pub fn body_role(&self, i: usize) -> Option<BodyRole> {
        self.bodies.get(i).map(|b| b.role)
    }

    /// The bone a body writes back, if any.
    pub fn driven_bone(&self, i: usize) -> Option<usize> {
        self.bodies.get(i).and_then(|b| b.drives)
    }

    /// Whether joint `i` is simulated.
    pub fn joint_simulated(&self, i: usize) -> bool {
        self.joint_built.get(i).copied().unwrap_or(false)
    }

    /// Whether physics writes this bone's world matrix.
    pub fn is_bone_driven(&self, bone: usize) -> bool {
        self.driver_of_bone.get(bone).is_some_and(|d| d.is_some())
    }

    /// Current pose of body `i`.
    pub fn body_pose(&self, i: usize) -> Option<Pose> {
        let b = self.bodies.get(i)?;
        self.rapier.bodies.get(b.handle).map(|rb| *rb.position())
    }

    /// Current linear velocity of body `i`.
    pub fn body_linvel(&self, i: usize) -> Option<Vec3> {
        let b = self.bodies.get(i)?;
        self.rapier.bodies.get(b.handle).map(|rb| rb.linvel())
    }

    pub fn body_angvel(&self, i: usize) -> Option<Vec3> {
        let b = self.bodies.get(i)?;
        self.rapier.bodies.get(b.handle).map(|rb| rb.angvel())
    }

    /// Where the bone-driven pose puts body `i` (its bone's world × offset; the
    /// rest pose relative to bone 0 for a body without a bone).
    pub fn bone_driven_pose(&self, i: usize, bone_world: &[Mat4]) -> Option<Pose> {
        let b = self.bodies.get(i)?;
        Some(self.placement(b, bone_world))
    }

    fn placement(&self, b: &Body, bone_world: &[Mat4]) -> Pose {
        match b.follow.and_then(|f| bone_world.get(f)) {
            Some(m) => rules::place_on_bone(m, &b.offset),
            None => b.rest,
        }
    }

    /// Shapes and poses for soft-body collisions, one per rigid body.
    pub fn proxies(&self) -> &[BodyProxy] {
        &self.proxies
    }

    pub fn stats(&self) -> WorldStats {
        self.stats
    }

    /// Puts every body on its bone-driven pose with zero velocity.
    pub fn reset(&mut self, bone_world: &[Mat4]) {
        for i in 0..self.bodies.len() {
            let pose = self.placement(&self.bodies[i], bone_world);
            let b = &mut self.bodies[i];
            b.prev_target = pose;
            b.target = pose;
            if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                rb.set_enabled(true);
                rb.set_position(pose, true);
                if rb.is_kinematic() {
                    rb.set_next_kinematic_position(pose);
                }
                rb.set_linvel(Vec3::ZERO, true);
                rb.set_angvel(Vec3::ZERO, true);
                rb.reset_forces(true);
                rb.reset_torques(true);
            }
            self.proxies[i].prev = pose;
            self.proxies[i].pose = pose;
        }
        self.accumulator = 0.0;
        self.stats = WorldStats::default();
    }

    /// Records this frame's bone-driven target of every bone-following body.
    /// Call once per frame with the before-physics bone matrices.
    pub fn set_bone_targets(&mut self, bone_world: &[Mat4]) {
        for i in 0..self.bodies.len() {
            if self.bodies[i].role == BodyRole::FollowBone {
                let t = self.placement(&self.bodies[i], bone_world);
                self.bodies[i].target = t;
            }
        }
    }

    /// Applies impulse-morph values (one entry per rigid body; shorter slices are fine).
    /// Bone-following bodies ignore them, as the spec allows.
    pub fn apply_impulses(&mut self, impulses: &[BodyImpulse]) {
        for (b, imp) in self.bodies.iter().zip(impulses) {
            if imp.is_empty() || !b.role.is_dynamic() {
                continue;
            }
            let Some(rb) = self.rapier.bodies.get_mut(b.handle) else {
                continue;
            };
            if imp.stop {
                rb.set_linvel(Vec3::ZERO, true);
                rb.set_angvel(Vec3::ZERO, true);
                rb.reset_forces(true);
                rb.reset_torques(true);
                continue;
            }
            let finite = |v: Vec3| if v.is_finite() { v } else { Vec3::ZERO };
            let rot = rb.position().rotation;
            // Local and global totals are sent separately, as PMX Editor does.
            rb.apply_impulse(finite(imp.global_velocity), true);
            rb.apply_torque_impulse(finite(imp.global_torque), true);
            rb.apply_impulse(rot * finite(imp.local_velocity), true);
            rb.apply_torque_impulse(rot * finite(imp.local_torque), true);
        }
    }

    /// Advances by `dt` seconds in fixed sub-steps; returns how many ran.
    /// Bone-following bodies move along the straight line (slerp for rotation)
    /// from the previous to the current frame's target across the sub-steps.
    pub fn step(&mut self, dt: f32) -> u32 {
        for p in &mut self.proxies {
            p.prev = p.pose;
        }
        if !(dt.is_finite() && dt > 0.0) {
            return 0;
        }
        let h = self.config.substep;
        self.accumulator += dt;
        let mut n = (self.accumulator / h + 1.0e-3).floor() as u32;
        if n > self.config.max_substeps {
            n = self.config.max_substeps;
            self.accumulator = 0.0;
        } else {
            self.accumulator = (self.accumulator - n as f32 * h).max(0.0);
        }
        for k in 1..=n {
            let t = k as f32 / n as f32;
            for b in &self.bodies {
                if b.role != BodyRole::FollowBone {
                    continue;
                }
                let p = Pose::from_parts(
                    b.prev_target.translation.lerp(b.target.translation, t),
                    b.prev_target.rotation.slerp(b.target.rotation, t),
                );
                if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                    rb.set_next_kinematic_position(p);
                }
            }
            self.rapier.step();
            if self.config.additional_damping {
                for b in &self.bodies {
                    if !b.role.is_dynamic() {
                        continue;
                    }
                    if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                        let (v, w) = additional_damping(
                            rb.linvel(),
                            rb.angvel(),
                            b.linear_damping,
                            b.angular_damping,
                        );
                        rb.set_linvel(v, false);
                        rb.set_angvel(w, false);
                    }
                }
            }
        }
        if n > 0 {
            for b in &mut self.bodies {
                b.prev_target = b.target;
            }
        }
        self.finish_step();
        n
    }

    /// Stability bookkeeping; a body that went non-finite goes back to its target.
    fn finish_step(&mut self) {
        let mut stats = WorldStats::default();
        for i in 0..self.bodies.len() {
            let b = &self.bodies[i];
            let Some(rb) = self.rapier.bodies.get_mut(b.handle) else {
                continue;
            };
            let pose = *rb.position();
            let v = rb.linvel();
            let finite = pose.translation.is_finite()
                && pose.rotation.is_finite()
                && v.is_finite()
                && rb.angvel().is_finite()
                && rb.is_enabled();
            if !finite {
                stats.nan_bodies += 1;
                let p = b.target;
                rb.set_enabled(true);
                rb.set_position(p, true);
                rb.set_linvel(Vec3::ZERO, true);
                rb.set_angvel(Vec3::ZERO, true);
                self.proxies[i].pose = p;
                continue;
            }
            stats.max_speed = stats.max_speed.max(v.length());
            self.proxies[i].pose = pose;
        }
        self.stats = stats;
    }

    /// Writes the bones of mode-1/2 bodies into `bone_world`, then carries the change
    /// to their descendants that neither physics nor the after-physics pass sets
    /// (e.g. a hair tip bone without a body), keeping their local transforms.
    /// `bone_world` must hold the before-physics matrices.
    pub fn write_back(&mut self, bone_world: &mut [Mat4]) {
        let n = bone_world.len().min(self.changed.len());
        self.changed.fill(false);
        for &(bone, parent) in &self.bone_order {
            if bone >= n {
                continue;
            }
            if let Some(bi) = self.driver_of_bone[bone] {
                let b = &self.bodies[bi];
                let Some(rb) = self.rapier.bodies.get(b.handle) else {
                    continue;
                };
                let body = *rb.position();
                let new_world = match b.role {
                    // The bone takes the body's rotation and keeps its animated position.
                    BodyRole::DynamicRotation => Mat4::from_rotation_translation(
                        (body.rotation * b.inv_offset.rotation).normalize(),
                        bone_world[bone].w_axis.truncate(),
                    ),
                    _ => pose_to_mat(&(body * b.inv_offset)),
                };
                self.delta[bone] = new_world * bone_world[bone].inverse();
                bone_world[bone] = new_world;
                self.changed[bone] = true;
            } else if let Some(p) = parent.filter(|&p| p < n && self.changed[p]) {
                if self.after_physics[bone] {
                    continue;
                }
                self.delta[bone] = self.delta[p];
                bone_world[bone] = self.delta[p] * bone_world[bone];
                self.changed[bone] = true;
            }
        }
    }

    /// Every bone index, parents before children.
    pub fn bone_order(&self) -> &[usize] {
        &self.parent_first
    }

    /// Bones `write_back` changed in its last call.
    pub fn changed_bones(&self) -> &[bool] {
        &self.changed
    }

    /// Teleports a simulated body's position (soft-body Near anchors); rotation and
    /// velocity are kept.
    pub fn set_body_translation(&mut self, i: usize, translation: Vec3) {
        if !translation.is_finite() {
            return;
        }
        if let Some(b) = self.bodies.get(i) {
            if !b.role.is_dynamic() {
                return;
            }
            if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                rb.set_translation(translation, true);
                self.proxies[i].pose.translation = translation;
            }
        }
    }

    /// Direct access to the rapier world (tests, debugging views).
    pub fn rapier(&self) -> &rapier3d::prelude::PhysicsWorld {
        &self.rapier
    }

    /// Mutable access to rapier (tuning experiments; bypasses Hone's bookkeeping).
    pub fn rapier_mut(&mut self) -> &mut rapier3d::prelude::PhysicsWorld {
        &mut self.rapier
    }
}
