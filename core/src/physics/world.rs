//! The physics world: built from a model, one rapier body per rigid body (Bullet's mass,
//! inertia and filters), the spring 6DOF joints kept by Hone, the other joint kinds in
//! rapier; what the world reports about itself.

use super::bodies::{bullet_inertia, clamp_damping, Damping};
use super::collide::{ContactBody, Contacts};
use super::islands;
use super::joints::{self, euler_rotation, joint_approximations};
use super::rules::{self, BodyShape, CollisionFilter};
use super::spring6dof::{Row, SolverBody, Spring6Dof};
use super::{BodyProxy, BodyRole, Note, NoteTarget, PhysicsConfig, WorldStats};
use crate::pmx::{Joint, JointKind, Model, RigidMode};
use glam::{Mat4, Vec3};
use rapier3d::prelude::{
    CoefficientCombineRule, ColliderBuilder, ColliderHandle, Group, ImpulseJointHandle,
    InteractionGroups, InteractionTestMode, MassProperties, Pose, RigidBodyBuilder,
    RigidBodyHandle,
};

#[derive(Debug, Clone)]
pub(super) struct Body {
    pub handle: RigidBodyHandle,
    pub collider: ColliderHandle,
    pub role: BodyRole,
    /// Bone that places the body (kinematic target, reset pose).
    pub follow: Option<usize>,
    /// Bone the body writes back (modes 1 and 2).
    pub drives: Option<usize>,
    /// The body's own bone, if it exists.
    pub bone: Option<usize>,
    /// Body pose in the follow bone's frame, and its inverse.
    pub offset: Pose,
    pub inv_offset: Pose,
    pub rest: Pose,
    /// Bone-driven pose at the last physics step and this frame's.
    pub prev_target: Pose,
    pub target: Pose,
    /// This frame's bone-driven pose, the next frame's target when the placement is
    /// delayed ([`PhysicsConfig::follow_delay`]).
    pub next_target: Pose,
    /// A bone-following body's pose and velocity for the current physics step.
    pub placed: Pose,
    pub placed_linvel: Vec3,
    pub placed_angvel: Vec3,
    pub mass: f32,
    /// Bullet's local inertia (diagonal) and its inverse (0 where infinite).
    pub inertia: Vec3,
    pub inv_inertia: Vec3,
    /// Bullet's damping coefficients, clamped to [0, 1], with what a step keeps.
    pub damping: Damping,
    /// A simulated body held on its bone while the motion turns its bone's physics off.
    pub held: bool,
    /// Held since this frame: its placement starts without a jump velocity.
    pub newly_held: bool,
}

impl Body {
    /// Whether the solver moves it this frame (a simulated body not held on its bone).
    pub fn simulated(&self) -> bool {
        self.role.is_dynamic() && !self.held
    }
}

/// Where a PMX joint lives in the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum JointSlot {
    NotSimulated,
    /// Index into the spring 6DOF joints Hone solves.
    Spring(usize),
    /// A joint of another kind, in rapier, between bodies `a` and `b`.
    Rapier {
        handle: ImpulseJointHandle,
        a: usize,
        b: usize,
    },
}

/// Rapier's rapier-side state plus the MMD bookkeeping around it.
pub struct PhysicsWorld {
    pub(super) config: PhysicsConfig,
    pub(super) rapier: rapier3d::prelude::PhysicsWorld,
    pub(super) bodies: Vec<Body>,
    pub(super) proxies: Vec<BodyProxy>,
    pub(super) springs: Vec<Spring6Dof>,
    /// The springs in the order Bullet solves them (`islands`).
    pub(super) spring_order: Vec<usize>,
    pub(super) spring_islands: islands::SpringIslands,
    pub(super) joint_slots: Vec<JointSlot>,
    pub(super) notes: Vec<Note>,
    /// Time not yet stepped (Bullet's `m_localTime`).
    pub(super) local_time: f32,
    pub(super) stats: WorldStats,
    /// Bones in parent-first order, with their parent (for write-back propagation).
    pub(super) bone_order: Vec<(usize, Option<usize>)>,
    pub(super) parent_first: Vec<usize>,
    pub(super) after_physics: Vec<bool>,
    /// Which body drives each bone.
    pub(super) driver_of_bone: Vec<Option<usize>>,
    /// Write-back scratch: per bone, the change physics made to its world matrix.
    pub(super) delta: Vec<Mat4>,
    pub(super) changed: Vec<bool>,
    /// Step scratch, sized once: the joint solver's bodies and rows, and the spin each
    /// body keeps beyond what one step may turn it (Bullet's angular motion cap).
    pub(super) solver: Vec<SolverBody>,
    pub(super) rows: Vec<Row>,
    pub(super) held_spin: Vec<Vec3>,
    /// Body–body contacts, which Hone makes and solves with the joints (rapier only sees
    /// the optional ground).
    pub(super) contacts: Contacts,
    /// Changes whenever every body is put back on its bone (see [`PhysicsWorld::epoch`]).
    pub(super) epoch: u64,
}

/// Source of [`PhysicsWorld::epoch`] values, unique across worlds.
static NEXT_EPOCH: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

pub(super) fn next_epoch() -> u64 {
    NEXT_EPOCH.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Everything one rigid body's PMX data decides, computed the same way when the world is
/// built and when the body is edited while it runs.
pub(super) struct BodySetup {
    pub(super) role: BodyRole,
    pub(super) follow: Option<usize>,
    pub(super) bone: Option<usize>,
    pub(super) offset: Pose,
    pub(super) rest: Pose,
    pub(super) shape: BodyShape,
    pub(super) filter: CollisionFilter,
    pub(super) contact_response: bool,
    pub(super) mass: f32,
    pub(super) inertia: Vec3,
    pub(super) friction: f32,
    pub(super) restitution: f32,
    pub(super) linear_damping: f32,
    pub(super) angular_damping: f32,
}

pub(super) fn body_setup(
    model: &Model,
    i: usize,
    mode: RigidMode,
    notes: &mut Vec<Note>,
) -> BodySetup {
    let rb = &model.rigid_bodies[i];
    let nbones = model.bones.len();
    let mut note = |text: String| {
        notes.push(Note {
            target: NoteTarget::RigidBody(i),
            text,
        })
    };
    if mode != rb.mode {
        note(crate::tr!("note-body-mode2-as-mode1"));
    }
    let bone = usize::try_from(rb.bone).ok().filter(|&b| b < nbones);
    if rb.bone >= 0 && bone.is_none() {
        note(crate::tr!("note-body-bone-out-of-range", bone = rb.bone));
    }
    if let RigidMode::Unknown(m) = mode {
        note(crate::tr!("note-body-unknown-mode", mode = m));
    }
    let role = rules::body_role(model, rb, mode);
    if mode != RigidMode::FollowBone && role == BodyRole::FollowBone {
        // Bullet makes a zero-mass body static; here it stays on its bone.
        note(crate::tr!("note-body-massless", mass = rb.mass.to_string()));
    }
    let shape = BodyShape::with_adjustments(rb, &mut note);
    let filter = CollisionFilter::of(rb);
    if !rules::group_in_range(rb.group) {
        note(crate::tr!("note-body-group-above-15", group = rb.group));
    }
    let mass = if role.is_dynamic() { rb.mass } else { 0.0 };
    BodySetup {
        role,
        follow: rules::placing_bone(model, rb),
        bone,
        offset: rules::bone_offset(model, rb),
        rest: rules::rest_pose(rb),
        shape,
        filter,
        contact_response: rules::has_contact_response(rb),
        mass,
        inertia: bullet_inertia(&shape, mass),
        friction: if rb.friction.is_finite() {
            rb.friction.max(0.0)
        } else {
            0.5
        },
        restitution: if rb.restitution.is_finite() {
            rb.restitution.clamp(0.0, 1.0)
        } else {
            0.0
        },
        linear_damping: clamp_damping(rb.linear_damping),
        angular_damping: clamp_damping(rb.angular_damping),
    }
}

pub(super) fn inverse_or_zero(v: Vec3) -> Vec3 {
    let inv = |x: f32| {
        if x > 0.0 && x.is_finite() {
            1.0 / x
        } else {
            0.0
        }
    };
    Vec3::new(inv(v.x), inv(v.y), inv(v.z))
}

impl BodySetup {
    pub(super) fn collider(&self) -> ColliderBuilder {
        // Bullet multiplies the two bodies' friction and restitution. Mass comes from
        // the body (Bullet's inertia), not from the collider's volume.
        let c = self
            .shape
            .collider()
            .density(0.0)
            .friction(self.friction)
            .restitution(self.restitution)
            .friction_combine_rule(CoefficientCombineRule::Multiply)
            .restitution_combine_rule(CoefficientCombineRule::Multiply)
            .collision_groups(ground_groups(self.filter));
        if self.contact_response {
            c
        } else {
            c.solver_groups(InteractionGroups::none())
        }
    }

    pub(super) fn contact_body(&self) -> ContactBody {
        ContactBody::new(
            self.shape,
            self.friction,
            self.restitution,
            self.contact_response,
        )
    }

    pub(super) fn mass_properties(&self) -> MassProperties {
        MassProperties::new(Vec3::ZERO, self.mass, self.inertia)
    }
}

/// rapier's groups for a body: it meets only the ground there (body–body contacts are
/// Hone's, [`Contacts`]), and only if its own filter takes any group at all.
pub(super) fn ground_groups(filter: CollisionFilter) -> InteractionGroups {
    let member = if filter.group_bits != 0 {
        BODY_GROUP
    } else {
        Group::NONE
    };
    let with = if filter.mask != 0 {
        GROUND_GROUP
    } else {
        Group::NONE
    };
    InteractionGroups::new(member, with, InteractionTestMode::And)
}

const BODY_GROUP: Group = Group::GROUP_1;
const GROUND_GROUP: Group = Group::GROUP_2;

/// Parent-first bone order with each bone's parent (cycles cut; the checker reports them).
fn bone_order(model: &Model) -> Vec<(usize, Option<usize>)> {
    let nbones = model.bones.len();
    let parent = |b: usize| {
        usize::try_from(model.bones[b].parent)
            .ok()
            .filter(|&p| p < nbones && p != b)
    };
    let depth = |mut b: usize| {
        let mut d = 0usize;
        while let Some(p) = parent(b) {
            d += 1;
            b = p;
            if d > nbones {
                break;
            }
        }
        d
    };
    let depths: Vec<usize> = (0..nbones).map(depth).collect();
    let mut order: Vec<(usize, Option<usize>)> = (0..nbones).map(|b| (b, parent(b))).collect();
    order.sort_by_key(|&(b, _)| (depths[b], b));
    order
}

impl PhysicsWorld {
    /// Builds the world with every body at its rest pose (where the file puts it).
    pub fn new(model: &Model, config: PhysicsConfig) -> PhysicsWorld {
        let mut config = config;
        if !(config.substep.is_finite() && config.substep > 0.0) {
            config.substep = PhysicsConfig::default().substep;
        }
        config.max_substeps = config.max_substeps.max(1);
        config.solver_iterations = config.solver_iterations.clamp(1, 255);
        config.contact_iterations = config.contact_iterations.clamp(1, 64);
        if !config.gravity.is_finite() {
            config.gravity = PhysicsConfig::default().gravity;
        }
        let h = config.substep;

        let mut rapier = rapier3d::prelude::PhysicsWorld::new();
        // Gravity and damping are Hone's (Bullet applies them before the solve).
        rapier.gravity = Vec3::ZERO;
        let params = &mut rapier.integration_parameters;
        params.dt = h;
        params.num_solver_iterations = config.contact_iterations;
        // Length-dependent tolerances scaled to MMD units (10 units ≈ 0.8 m).
        params.length_unit = if config.length_unit.is_finite() && config.length_unit > 0.0 {
            config.length_unit
        } else {
            10.0
        };
        if config.contact_frequency.is_finite() && config.contact_frequency > 0.0 {
            params.contact_softness.natural_frequency = config.contact_frequency;
        }
        if config.max_corrective_velocity.is_finite() && config.max_corrective_velocity > 0.0 {
            params.normalized_max_corrective_velocity = config.max_corrective_velocity;
        }

        let nbones = model.bones.len();
        let nbodies = model.rigid_bodies.len();
        let modes = if config.mode2_rule {
            rules::effective_modes(model)
        } else {
            model.rigid_bodies.iter().map(|b| b.mode).collect()
        };
        let mut notes = Vec::new();
        let mut bodies = Vec::with_capacity(nbodies);
        let mut proxies = Vec::with_capacity(nbodies);
        let mut driver_of_bone = vec![None; nbones];
        let mut contact_bodies = Vec::with_capacity(nbodies);

        for (i, &mode) in modes.iter().enumerate() {
            let setup = body_setup(model, i, mode, &mut notes);
            contact_bodies.push(setup.contact_body());
            let mut drives = match setup.role {
                BodyRole::Dynamic | BodyRole::DynamicRotation => setup.bone,
                _ => None,
            };
            if let Some(b) = drives {
                if let Some(other) = driver_of_bone[b] {
                    notes.push(Note {
                        target: NoteTarget::RigidBody(i),
                        text: crate::tr!("note-body-bone-driven-twice", bone = b, other = other),
                    });
                    drives = None;
                } else {
                    driver_of_bone[b] = Some(i);
                }
            }
            let builder = if setup.role.is_dynamic() {
                RigidBodyBuilder::dynamic()
                    .additional_mass_properties(setup.mass_properties())
                    .can_sleep(false)
                    // Bullet has one gyroscopic term, its implicit one, which the step adds
                    // itself (`PhysicsConfig::gyroscopic`); rapier's explicit correction on top
                    // would count it twice.
                    .gyroscopic_forces_enabled(false)
            } else {
                RigidBodyBuilder::kinematic_velocity_based()
            };
            let rest = setup.rest;
            let (handle, collider) =
                rapier.insert(builder.pose(rest).user_data(i as u128), setup.collider());
            // Mass and inertia known at once, not only after the first step.
            if let Some(rb) = rapier.bodies.get_mut(handle) {
                rb.recompute_mass_properties_from_colliders(&rapier.colliders);
            }
            bodies.push(Body {
                handle,
                collider,
                role: setup.role,
                follow: setup.follow,
                drives,
                bone: setup.bone,
                offset: setup.offset,
                inv_offset: setup.offset.inverse(),
                rest,
                prev_target: rest,
                target: rest,
                next_target: rest,
                placed: rest,
                placed_linvel: Vec3::ZERO,
                placed_angvel: Vec3::ZERO,
                mass: setup.mass,
                inertia: setup.inertia,
                inv_inertia: inverse_or_zero(setup.inertia),
                damping: Damping::new(setup.linear_damping, setup.angular_damping, h),
                held: false,
                newly_held: false,
            });
            proxies.push(BodyProxy {
                shape: setup.shape,
                prev: rest,
                pose: rest,
                filter: setup.filter,
                kinematic: !setup.role.is_dynamic(),
            });
        }

        if config.ground {
            rapier.insert(
                RigidBodyBuilder::fixed().translation(Vec3::new(0.0, -1.0, 0.0)),
                ColliderBuilder::cuboid(1.0e4, 1.0, 1.0e4).collision_groups(
                    InteractionGroups::new(GROUND_GROUP, BODY_GROUP, InteractionTestMode::And),
                ),
            );
        }

        let contacts = Contacts::new(contact_bodies, &proxies);
        let mut world = PhysicsWorld {
            config,
            contacts,
            rapier,
            solver: Vec::with_capacity(nbodies),
            held_spin: vec![Vec3::ZERO; nbodies],
            bodies,
            proxies,
            springs: Vec::new(),
            spring_order: Vec::new(),
            spring_islands: islands::SpringIslands::default(),
            joint_slots: Vec::with_capacity(model.joints.len()),
            notes,
            local_time: 0.0,
            stats: WorldStats::default(),
            bone_order: Vec::new(),
            parent_first: Vec::new(),
            after_physics: model.bones.iter().map(|b| b.is_after_physics()).collect(),
            driver_of_bone,
            delta: vec![Mat4::IDENTITY; nbones],
            changed: vec![false; nbones],
            rows: Vec::new(),
            epoch: next_epoch(),
        };
        for (i, j) in model.joints.iter().enumerate() {
            let slot = world.build_joint(i, j);
            world.joint_slots.push(slot);
        }
        world.build_spring_order();
        world.rows = Vec::with_capacity(6 * world.springs.len());
        world.bone_order = bone_order(model);
        world.parent_first = world.bone_order.iter().map(|&(b, _)| b).collect();
        world
    }

    /// Adds joint `i` to the world (notes included) and says where it went.
    fn build_joint(&mut self, i: usize, j: &Joint) -> JointSlot {
        for key in joint_approximations(j) {
            self.notes.push(Note {
                target: NoteTarget::Joint(i),
                text: crate::tr!(key),
            });
        }
        let Some((a, b, frame_a, frame_b)) = self.joint_frames(i, j) else {
            return JointSlot::NotSimulated;
        };
        match j.kind {
            JointKind::Spring6Dof | JointKind::SixDof => {
                self.springs
                    .push(joints::spring6dof(j, a, b, frame_a, frame_b));
                JointSlot::Spring(self.springs.len() - 1)
            }
            _ => match joints::build_joint(j, frame_a, frame_b, self.config.substep) {
                Some(g) => {
                    let (ha, hb) = (self.bodies[a].handle, self.bodies[b].handle);
                    let handle = self.rapier.impulse_joints.insert(ha, hb, g, true);
                    JointSlot::Rapier { handle, a, b }
                }
                None => JointSlot::NotSimulated,
            },
        }
    }

    /// The two bodies of joint `i` and the joint's frame in each (Bullet's `rest⁻¹·J`);
    /// None (noted) when the joint cannot be simulated.
    fn joint_frames(&mut self, i: usize, j: &Joint) -> Option<(usize, usize, Pose, Pose)> {
        let found = self.frames_of(j);
        if let Err(text) = &found {
            self.notes.push(Note {
                target: NoteTarget::Joint(i),
                text: text.clone(),
            });
        }
        found.ok()
    }

    pub(super) fn frames_of(&self, j: &Joint) -> Result<(usize, usize, Pose, Pose), String> {
        let n = self.bodies.len();
        let a = usize::try_from(j.body_a).ok().filter(|&a| a < n);
        let b = usize::try_from(j.body_b).ok().filter(|&b| b < n);
        match (a, b) {
            (Some(a), Some(b)) if a != b => {
                let world = Pose::from_parts(
                    if j.position.is_finite() {
                        j.position
                    } else {
                        Vec3::ZERO
                    },
                    euler_rotation(j.rotation),
                );
                let frame_a = self.bodies[a].rest.inverse() * world;
                let frame_b = self.bodies[b].rest.inverse() * world;
                Ok((a, b, frame_a, frame_b))
            }
            (Some(_), Some(_)) => Err(crate::tr!("note-joint-same-body")),
            _ => Err(crate::tr!(
                "note-joint-body-out-of-range",
                a = j.body_a,
                b = j.body_b
            )),
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
        !matches!(
            self.joint_slots.get(i),
            None | Some(JointSlot::NotSimulated)
        )
    }

    /// Whether physics writes this bone's world matrix.
    pub fn is_bone_driven(&self, bone: usize) -> bool {
        self.driver_of_bone.get(bone).is_some_and(|d| d.is_some())
    }

    /// Pose of body `i` as Bullet hands it to the bones (a bone-following body: where it
    /// was placed); see [`PhysicsConfig::motion_state_latency`].
    pub fn body_pose(&self, i: usize) -> Option<Pose> {
        let b = self.bodies.get(i)?;
        if !b.simulated() {
            return Some(b.placed);
        }
        self.shown_pose(b)
    }

    /// Bullet's motion-state pose of a simulated body (`synchronizeSingleMotionState`):
    /// its pose moved along its velocity by the time not yet stepped minus one step, which
    /// with whole steps is the pose it had before the last step; without the latency rule,
    /// its pose plus the time not yet stepped.
    pub(super) fn shown_pose(&self, b: &Body) -> Option<Pose> {
        let rb = self.rapier.bodies.get(b.handle)?;
        let dt = if self.config.motion_state_latency {
            self.local_time - self.config.substep
        } else {
            self.local_time
        };
        let pose = *rb.position();
        let (v, w) = (rb.linvel(), rb.angvel());
        let moved = Pose::from_parts(
            pose.translation + v * dt,
            (glam::Quat::from_scaled_axis(w * dt) * pose.rotation).normalize(),
        );
        if moved.translation.is_finite() && moved.rotation.is_finite() {
            Some(moved)
        } else {
            Some(pose)
        }
    }

    /// Current linear velocity of body `i`.
    pub fn body_linvel(&self, i: usize) -> Option<Vec3> {
        let b = self.bodies.get(i)?;
        if !b.simulated() {
            return Some(b.placed_linvel);
        }
        self.rapier.bodies.get(b.handle).map(|rb| rb.linvel())
    }

    pub fn body_angvel(&self, i: usize) -> Option<Vec3> {
        let b = self.bodies.get(i)?;
        if !b.simulated() {
            return Some(b.placed_angvel);
        }
        self.rapier.bodies.get(b.handle).map(|rb| rb.angvel())
    }

    /// Bullet's local inertia of body `i` (diagonal; zero for bone-following bodies).
    pub fn body_inertia(&self, i: usize) -> Option<Vec3> {
        self.bodies.get(i).map(|b| b.inertia)
    }

    /// The mass body `i` is simulated with (zero for bone-following bodies).
    pub fn body_mass(&self, i: usize) -> Option<f32> {
        self.bodies.get(i).map(|b| b.mass)
    }

    /// Bullet's linear and angular damping coefficients of body `i` as the steps apply them.
    pub fn body_damping(&self, i: usize) -> Option<(f32, f32)> {
        self.bodies
            .get(i)
            .map(|b| (b.damping.linear, b.damping.angular))
    }

    /// The spring 6DOF joint that joint `i` runs as, with the limits and stiffness the
    /// running world uses (None for the other kinds and unsimulated joints).
    pub fn spring_joint(&self, i: usize) -> Option<&Spring6Dof> {
        match self.joint_slots.get(i) {
            Some(JointSlot::Spring(k)) => self.springs.get(*k),
            _ => None,
        }
    }

    /// A number that changes whenever every body is put back on its bone (the world
    /// built or reset) and at no other time: live edits of bodies and joints keep it.
    /// Unique across worlds, so a rebuilt world never shows an old one's epoch.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Where the bone-driven pose puts body `i` (its bone's world × offset; the
    /// rest pose relative to bone 0 for a body without a bone).
    pub fn bone_driven_pose(&self, i: usize, bone_world: &[Mat4]) -> Option<Pose> {
        let b = self.bodies.get(i)?;
        Some(Self::placement(b, bone_world))
    }

    pub(super) fn placement(b: &Body, bone_world: &[Mat4]) -> Pose {
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

    /// Every bone index, parents before children.
    pub fn bone_order(&self) -> &[usize] {
        &self.parent_first
    }

    /// Bones `write_back` changed in its last call.
    pub fn changed_bones(&self) -> &[bool] {
        &self.changed
    }

    /// Direct access to the rapier world (tests, debugging views).
    pub fn rapier(&self) -> &rapier3d::prelude::PhysicsWorld {
        &self.rapier
    }
}
