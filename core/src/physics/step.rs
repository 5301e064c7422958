//! Stepping the world the way Bullet steps MMD physics (facts from Bullet's public source:
//! `btDiscreteDynamicsWorld::stepSimulation` / `internalSingleStepSimulation`,
//! `btSequentialImpulseConstraintSolver::solveGroupCacheFriendlyIterations`,
//! `btRigidBody::saveKinematicState`,
//! `btTransformUtil::integrateTransform`):
//!
//! 1. Steps: the frame's time is added to the time not yet stepped; whole fixed steps
//!    run, the remainder waits for the next frame, steps beyond the cap are dropped.
//! 2. Bone-following bodies jump to the frame's pose before the first step, with the
//!    velocity that covers the jump over the frame's steps ([`SubstepRule::Bullet`]).
//! 3. Each step: damping (before the solve), gravity, the gyroscopic term; contacts found
//!    at the step's start (`collide`); one projected Gauss-Seidel loop as Bullet's: the
//!    split-impulse pushes of deep contacts first, then each iteration the spring 6DOF
//!    rows (in Bullet's island-sorted order, `islands`), the contact normals, the
//!    frictions. Then rapier solves the other joint kinds
//!    and integrates, from the pose the pushes moved the body to; when it has none of
//!    those (nor a ground plane) its pipeline is skipped and `integrate` moves the bodies
//!    exactly as its step would. A body spinning faster than 45° a step turns as
//!    Bullet's `integrateTransform` turns it (its capped angle in the quaternion's scalar
//!    part, the full spin in its vector part: more than 45°, less than 180°); the body
//!    keeps its full spin.
//! 4. The bones take each simulated body's motion-state pose: its pose moved along its
//!    velocity by the time not yet stepped minus one step (`synchronizeSingleMotionState`
//!    with Bullet's default latency interpolation), so they trail the bodies by a step.
//!
//! Still approximate: the other five joint kinds are solved by rapier after this loop,
//! not inside it.

use super::bodies::gyroscopic_change;
use super::integrate::Integration;
use super::spring6dof::{self, SolverBody, StepInfo};
use super::world::{self, Body, PhysicsWorld};
use super::{BodyImpulse, BodyRole, SubstepRule, WorldStats};
use glam::{Mat4, Quat, Vec3};
use rapier3d::prelude::Pose;
use std::f32::consts::FRAC_PI_4;

/// Bullet's `calculateVelocity`: the velocity that moves `from` to `to` in `dt`.
fn velocity_between(from: &Pose, to: &Pose, dt: f32) -> (Vec3, Vec3) {
    let linear = (to.translation - from.translation) / dt;
    // Shortest way round: the nearer of the two quaternions for the target.
    let q1 = if from.rotation.dot(to.rotation) < 0.0 {
        -to.rotation
    } else {
        to.rotation
    };
    let (axis, angle) = (q1 * from.rotation.inverse()).normalize().to_axis_angle();
    let angular = if angle.is_finite() && axis.is_finite() {
        axis * (angle / dt)
    } else {
        Vec3::ZERO
    };
    (linear, angular)
}

fn lerp_pose(a: &Pose, b: &Pose, t: f32) -> Pose {
    Pose::from_parts(
        a.translation.lerp(b.translation, t),
        a.rotation.slerp(b.rotation, t),
    )
}

fn pose_to_mat(p: &Pose) -> Mat4 {
    Mat4::from_rotation_translation(p.rotation, p.translation)
}

impl PhysicsWorld {
    /// Puts every body on its bone-driven pose with zero velocity.
    pub fn reset(&mut self, bone_world: &[Mat4]) {
        for i in 0..self.bodies.len() {
            let pose = Self::placement(&self.bodies[i], bone_world);
            let b = &mut self.bodies[i];
            b.prev_target = pose;
            b.target = pose;
            b.next_target = pose;
            b.placed = pose;
            b.placed_linvel = Vec3::ZERO;
            b.placed_angvel = Vec3::ZERO;
            if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                rb.set_enabled(true);
                rb.set_position(pose, true);
                rb.set_linvel(Vec3::ZERO, true);
                rb.set_angvel(Vec3::ZERO, true);
                rb.reset_forces(true);
                rb.reset_torques(true);
            }
            self.proxies[i].prev = pose;
            self.proxies[i].pose = pose;
        }
        self.held_spin.fill(Vec3::ZERO);
        self.contacts.clear();
        self.local_time = 0.0;
        self.stats = WorldStats::default();
        self.epoch = world::next_epoch();
    }

    /// MMD's per-key physics switch: a simulated body whose own bone has physics off
    /// (`bone_physics_on[bone]` false; missing entries count as on) is held on its bone
    /// as a bone-following body, and its bone follows its keys. Call before
    /// [`PhysicsWorld::set_bone_targets`].
    ///
    /// Turned on again, the body carries on from where its bone put it, with the velocity
    /// it was last placed with. Decided from Bullet, which MMD runs: the switch makes a
    /// body kinematic and back (`CF_KINEMATIC_OBJECT`), and a kinematic body keeps the
    /// velocity `btRigidBody::saveKinematicState` gave it from its last move, so it does
    /// not restart at rest nor jump back to where physics had it.
    pub fn set_physics_switches(&mut self, bone_physics_on: &[bool]) {
        for b in &mut self.bodies {
            if !b.role.is_dynamic() {
                continue;
            }
            let off = b
                .bone
                .and_then(|bone| bone_physics_on.get(bone))
                .is_some_and(|on| !on);
            if off && !b.held {
                b.held = true;
                b.newly_held = true;
            } else if !off && b.held {
                b.held = false;
                b.newly_held = false;
                if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                    rb.set_position(b.placed, false);
                    rb.set_linvel(b.placed_linvel, true);
                    rb.set_angvel(b.placed_angvel, true);
                }
            }
        }
    }

    /// Records this frame's bone-driven target of every bone-following body (with
    /// [`PhysicsConfig::follow_delay`](super::PhysicsConfig::follow_delay), the previous
    /// frame's; this frame's waits for the next). Call once per frame with the
    /// before-physics bone matrices.
    pub fn set_bone_targets(&mut self, bone_world: &[Mat4]) {
        let delay = self.config.follow_delay;
        for b in &mut self.bodies {
            if b.held {
                // Placed from its bone like a bone-following body; it starts where the
                // bone is, without a velocity for the jump from where physics had it.
                let now = Self::placement(b, bone_world);
                if b.newly_held {
                    b.prev_target = now;
                    b.newly_held = false;
                }
                b.target = now;
                b.next_target = now;
            } else if b.role == BodyRole::FollowBone {
                let now = Self::placement(b, bone_world);
                if delay {
                    b.target = b.next_target;
                    b.next_target = now;
                } else {
                    b.target = now;
                }
            }
        }
    }

    /// Applies impulse-morph values (one entry per rigid body; shorter slices are fine).
    /// Bone-following bodies ignore them, as the spec allows. Velocities change at once,
    /// by Bullet's mass and inertia (`applyCentralImpulse`, `applyTorqueImpulse`).
    pub fn apply_impulses(&mut self, impulses: &[BodyImpulse]) {
        for (b, imp) in self.bodies.iter().zip(impulses) {
            if imp.is_empty() || !b.simulated() {
                continue;
            }
            let Some(rb) = self.rapier.bodies.get_mut(b.handle) else {
                continue;
            };
            if imp.stop {
                rb.set_linvel(Vec3::ZERO, true);
                rb.set_angvel(Vec3::ZERO, true);
                continue;
            }
            let finite = |v: Vec3| if v.is_finite() { v } else { Vec3::ZERO };
            let rot = rb.position().rotation;
            // Local and global totals are sent separately, as PMX Editor does.
            let impulse = finite(imp.global_velocity) + rot * finite(imp.local_velocity);
            let torque = finite(imp.global_torque) + rot * finite(imp.local_torque);
            let inv_mass = if b.mass > 0.0 { 1.0 / b.mass } else { 0.0 };
            // World inverse inertia: R · diag(1/I) · Rᵀ.
            let spin = rot * (b.inv_inertia * (rot.inverse() * torque));
            let v = rb.linvel() + impulse * inv_mass;
            let w = rb.angvel() + spin;
            rb.set_linvel(v, true);
            rb.set_angvel(w, true);
        }
    }

    /// Advances by `dt` seconds in fixed steps (Bullet's rule); returns how many ran.
    pub fn step(&mut self, dt: f32) -> u32 {
        for p in &mut self.proxies {
            p.prev = p.pose;
        }
        if !(dt.is_finite() && dt > 0.0) {
            return 0;
        }
        let h = self.config.substep;
        self.local_time += dt;
        let mut n = 0u32;
        if self.local_time >= h {
            n = (self.local_time / h) as u32;
            self.local_time -= n as f32 * h;
        }
        let n = n.min(self.config.max_substeps);
        if n == 0 {
            return 0;
        }
        let span = n as f32 * h;
        for b in &mut self.bodies {
            if !b.simulated() {
                let (v, w) = velocity_between(&b.prev_target, &b.target, span);
                b.placed_linvel = v;
                b.placed_angvel = w;
                b.placed = b.target;
            }
        }
        for k in 1..=n {
            if self.config.substep_rule == SubstepRule::Interpolated {
                let t = k as f32 / n as f32;
                for b in &mut self.bodies {
                    if !b.simulated() {
                        b.placed = lerp_pose(&b.prev_target, &b.target, t);
                    }
                }
            }
            self.physics_step(h);
        }
        for b in &mut self.bodies {
            b.prev_target = b.target;
            if !b.simulated() {
                b.placed = b.target;
            }
        }
        self.finish_step();
        n
    }

    /// One fixed step of `h` seconds.
    fn physics_step(&mut self, h: f32) {
        let config = self.config;
        self.solver.clear();
        for b in &self.bodies {
            self.solver.push(solver_body(&self.rapier, b, &config, h));
        }
        self.rows.clear();
        let info = StepInfo::new(1.0 / h, config.solver_iterations);
        // Bullet's order (island-sorted, bodies whose boxes overlap joined first), which
        // decides where unconverged chains hang.
        let solver = std::mem::take(&mut self.solver);
        self.update_spring_order(&solver);
        self.solver = solver;
        for &k in &self.spring_order {
            self.springs[k].push_rows(&self.solver, &info, &mut self.rows);
        }
        // Bullet's order: contacts found at the step's start poses, split-impulse pushes
        // first, then each iteration the joint rows, the contact normals, the frictions.
        self.contacts.detect(&self.solver);
        self.contacts.build_rows(&mut self.solver, h);
        self.contacts.solve_pushes(config.solver_iterations);
        for _ in 0..config.solver_iterations {
            spring6dof::solve(&mut self.rows, &mut self.solver, 1);
            self.contacts.solve_once(&mut self.solver);
        }
        self.contacts.write_back();

        let max_turn = FRAC_PI_4 / h;
        if self.rapier.impulse_joints.is_empty() && !config.ground {
            // Nothing for rapier to solve: move the bodies as its step would.
            let integration = Integration::new(&self.rapier.integration_parameters);
            for (i, b) in self.bodies.iter().enumerate() {
                self.held_spin[i] = Vec3::ZERO;
                if !b.simulated() {
                    continue;
                }
                let Some(rb) = self.rapier.bodies.get_mut(b.handle) else {
                    continue;
                };
                let s = &self.solver[i];
                let (linvel, angvel) = (Vec3::from(s.linvel), Vec3::from(s.angvel));
                let (turn, spin) = capped_turn(angvel, max_turn);
                let start = self
                    .contacts
                    .pushed_pose(i, &s.pose, h)
                    .unwrap_or(*rb.position());
                let (mut pose, v, w) = integration.advance(rb, start, linvel, turn);
                if spin != Vec3::ZERO {
                    pose.rotation = bullet_capped_rotation(start.rotation, angvel, h);
                }
                rb.set_position(pose, false);
                rb.set_linvel(v, false);
                // As after rapier's step: the spin beyond the cap is given back.
                rb.set_angvel(if spin == Vec3::ZERO { w } else { w + spin }, false);
                self.held_spin[i] = spin;
            }
            return;
        }
        // Hand the velocities to rapier; it adds the other joint kinds (and the ground's
        // contacts) and integrates.
        for (i, b) in self.bodies.iter().enumerate() {
            let Some(rb) = self.rapier.bodies.get_mut(b.handle) else {
                continue;
            };
            let s = &self.solver[i];
            let (linvel, angvel) = (Vec3::from(s.linvel), Vec3::from(s.angvel));
            if b.simulated() {
                let (turn, spin) = capped_turn(angvel, max_turn);
                self.held_spin[i] = spin;
                if let Some(pose) = self.contacts.pushed_pose(i, &s.pose, h) {
                    rb.set_position(pose, false);
                }
                rb.set_linvel(linvel, false);
                rb.set_angvel(turn, false);
            } else {
                self.held_spin[i] = Vec3::ZERO;
                rb.set_position(b.placed, false);
                rb.set_linvel(b.placed_linvel, false);
                rb.set_angvel(b.placed_angvel, false);
            }
        }
        self.rapier.step();
        for (i, b) in self.bodies.iter().enumerate() {
            let spin = self.held_spin[i];
            if spin == Vec3::ZERO {
                continue;
            }
            if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                let w = rb.angvel() + spin;
                let s = &self.solver[i];
                let start = self.contacts.pushed_pose(i, &s.pose, h).unwrap_or(s.pose);
                let mut pose = *rb.position();
                pose.rotation = bullet_capped_rotation(start.rotation, w, h);
                rb.set_position(pose, false);
                rb.set_angvel(w, false);
            }
        }
    }

    /// Stability bookkeeping; a body that went non-finite goes back to its target.
    fn finish_step(&mut self) {
        let mut stats = WorldStats::default();
        for i in 0..self.bodies.len() {
            let b = &self.bodies[i];
            if !b.simulated() {
                if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
                    // Undo rapier's integration of the placement velocity.
                    rb.set_position(b.placed, false);
                }
                self.proxies[i].pose = b.placed;
                continue;
            }
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
                self.held_spin[i] = Vec3::ZERO;
                self.proxies[i].pose = p;
                continue;
            }
            stats.max_speed = stats.max_speed.max(v.length());
            self.proxies[i].pose = pose;
        }
        self.stats = stats;
    }

    /// Writes the bones of mode-1/2 bodies into `bone_world`. A descendant without a body
    /// keeps its before-physics matrix, as in MMD (MMDAgent's `updateBoneFromSimulation`
    /// sets only each body's own bone); only 物理後変形 bones follow, recomputed by the
    /// after-physics pass. With [`PhysicsConfig::children_follow_physics`] (saba's reading)
    /// the change is carried to those descendants instead, keeping their local transforms.
    /// `bone_world` must hold the before-physics matrices.
    ///
    /// [`PhysicsConfig::children_follow_physics`]: super::PhysicsConfig::children_follow_physics
    pub fn write_back(&mut self, bone_world: &mut [Mat4]) {
        let n = bone_world.len().min(self.changed.len());
        self.changed.fill(false);
        for &(bone, parent) in &self.bone_order {
            if bone >= n {
                continue;
            }
            if let Some(bi) = self.driver_of_bone[bone].filter(|&bi| !self.bodies[bi].held) {
                let b = &self.bodies[bi];
                let Some(body) = self.shown_pose(b) else {
                    continue;
                };
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
            } else if let Some(p) =
                parent.filter(|&p| self.config.children_follow_physics && p < n && self.changed[p])
            {
                if self.after_physics[bone] {
                    continue;
                }
                self.delta[bone] = self.delta[p];
                bone_world[bone] = self.delta[p] * bone_world[bone];
                self.changed[bone] = true;
            }
        }
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
}

/// The rotation `btTransformUtil::integrateTransform` gives a body spinning faster than
/// its cap (45° per step): the angle in the quaternion's scalar part is capped, but its
/// vector part keeps the full spin (`angvel · sin(cap/2) / capped speed`), so after
/// normalising the body turns by 2·atan(|ω|·h/cap · tan(cap/2)): more than 45°, towards
/// 180° as the spin grows. A hard 45° lets the pose fall behind a fast spin and the
/// joints' position corrections then pump energy into the chain.
fn bullet_capped_rotation(rotation: Quat, angvel: Vec3, h: f32) -> Quat {
    let capped_speed = FRAC_PI_4 / h;
    let half = 0.5 * capped_speed * h;
    let axis = angvel * (half.sin() / capped_speed);
    (Quat::from_xyzw(axis.x, axis.y, axis.z, half.cos()) * rotation).normalize()
}

/// Bullet's angular motion cap: the part of `angvel` a step may turn by (at most
/// `max_turn`), and the spin the body keeps beyond it.
fn capped_turn(angvel: Vec3, max_turn: f32) -> (Vec3, Vec3) {
    let speed = angvel.length();
    let turn = if speed > max_turn {
        angvel * (max_turn / speed)
    } else {
        angvel
    };
    (turn, angvel - turn)
}

/// Body `b` as the joint solver sees it at the start of a step: a simulated body after
/// damping, gravity and the gyroscopic term (the order of Bullet's step), a bone-following
/// body at its placement.
fn solver_body(
    rapier: &rapier3d::prelude::PhysicsWorld,
    b: &Body,
    config: &super::PhysicsConfig,
    h: f32,
) -> SolverBody {
    let Some(rb) = rapier.bodies.get(b.handle).filter(|_| b.simulated()) else {
        return SolverBody::fixed(b.placed, b.placed_linvel, b.placed_angvel);
    };
    let pose = *rb.position();
    let (v, mut w) = b
        .damping
        .apply(rb.linvel(), rb.angvel(), config.additional_damping);
    if config.gyroscopic {
        w += gyroscopic_change(w, pose.rotation, b.inertia, h);
    }
    let v = v + config.gravity * h;
    let rotation: Quat = pose.rotation;
    SolverBody::dynamic(
        Pose::from_parts(pose.translation, rotation),
        v,
        w,
        b.mass,
        b.inv_inertia,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bullet's integrateTransform past its cap: twice the capped speed turns a body by
    /// 2·atan(2·tan 22.5°) = 79.28°, ten times by 152.85° (not 45°), about the spin's axis.
    #[test]
    fn a_spin_past_the_cap_turns_as_bullets_integrate_transform() {
        let h = 1.0 / 60.0;
        let axis = Vec3::new(1.0, 2.0, -2.0).normalize();
        let start = Quat::from_rotation_y(0.3);
        for (times, degrees) in [(2.0, 79.278_55), (10.0, 152.854_58)] {
            let angvel = axis * (times * FRAC_PI_4 / h);
            let turned = bullet_capped_rotation(start, angvel, h) * start.inverse();
            let (turn_axis, angle) = turned.to_axis_angle();
            assert!(
                (angle.to_degrees() - degrees).abs() < 1e-3,
                "{times}×: {angle}"
            );
            assert!(turn_axis.dot(axis) > 0.9999, "{turn_axis}");
        }
    }
}
