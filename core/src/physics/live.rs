//! Edits of a rigid body's or a joint's parameters applied to the running world in place,
//! keeping every body's motion (a rigger tunes a skirt by watching it). Edits that change
//! what the world is made of (counts, modes, bones, joint kinds or pairs) need a rebuild.

use super::bodies::Damping;
use super::joints::{self, joint_approximations};
use super::rules;
use super::world::{body_setup, inverse_or_zero, JointSlot, PhysicsWorld};
use super::{Note, NoteTarget};
use crate::edit::changes::{JointField, RigidBodyField};
use crate::edit::{ChangeSet, ElementKind};
use crate::pmx::{JointKind, Model};

impl PhysicsWorld {
    /// Applies the rigid-body and joint field edits of `changes` in place; false when the
    /// world must be rebuilt instead (a structural edit of bodies or joints, or an edit
    /// that changes a body's mode, bone or the mode-2 rule's outcome, or a joint's kind or
    /// bodies). Names are not read. Edits of other kinds are the caller's business.
    pub fn apply_changes(&mut self, model: &Model, changes: &ChangeSet) -> bool {
        use ElementKind as K;
        if !changes.is_precise(K::RigidBody) || !changes.is_precise(K::Joint) {
            return false;
        }
        let names = [RigidBodyField::Name, RigidBodyField::NameEn];
        for (i, fields) in changes.edits(K::RigidBody) {
            if !fields.only(names) && !self.update_body(model, i) {
                return false;
            }
        }
        let names = [JointField::Name, JointField::NameEn];
        for (i, fields) in changes.edits(K::Joint) {
            if !fields.only(names) && !self.update_joint(model, i) {
                return false;
            }
        }
        // The mode-2 rule reads modes, bones and joints across bodies: any body whose
        // role it would now change needs the world rebuilt.
        let modes = self.modes(model);
        (0..self.bodies.len()).all(|i| {
            let mut scratch = Vec::new();
            body_setup(model, i, modes[i], &mut scratch).role == self.bodies[i].role
        })
    }

    fn modes(&self, model: &Model) -> Vec<crate::pmx::RigidMode> {
        if self.config.mode2_rule {
            rules::effective_modes(model)
        } else {
            model.rigid_bodies.iter().map(|b| b.mode).collect()
        }
    }

    /// Applies rigid body `i`'s edited parameters to the running world in place, keeping
    /// its motion: shape and size, mass and inertia, damping, friction, restitution, group
    /// and mask, and its rest pose (its offset from the bone and its joints' frames).
    /// Returns false, changing nothing, when the edit needs the world rebuilt: a different
    /// body count, mode (after the mode-2 rule) or bone.
    pub fn update_body(&mut self, model: &Model, i: usize) -> bool {
        if model.rigid_bodies.len() != self.bodies.len() || i >= self.bodies.len() {
            return false;
        }
        let mode = self.modes(model)[i];
        let mut notes = Vec::new();
        let setup = body_setup(model, i, mode, &mut notes);
        let b = &self.bodies[i];
        if setup.role != b.role || setup.bone != b.bone || setup.follow != b.follow {
            return false;
        }
        self.notes.retain(|n| n.target != NoteTarget::RigidBody(i));
        self.notes.extend(notes);
        if let Some(c) = self.rapier.colliders.get_mut(b.collider) {
            let built = setup.collider().build();
            c.set_shape(built.shared_shape().clone());
            c.set_friction(setup.friction);
            c.set_restitution(setup.restitution);
            c.set_collision_groups(super::world::ground_groups(setup.filter));
            c.set_solver_groups(built.solver_groups());
        }
        if let Some(rb) = self.rapier.bodies.get_mut(b.handle) {
            if setup.role.is_dynamic() {
                rb.set_additional_mass_properties(setup.mass_properties(), true);
                rb.recompute_mass_properties_from_colliders(&self.rapier.colliders);
            }
        }
        let b = &mut self.bodies[i];
        b.offset = setup.offset;
        b.inv_offset = setup.offset.inverse();
        b.rest = setup.rest;
        b.mass = setup.mass;
        b.inertia = setup.inertia;
        b.inv_inertia = inverse_or_zero(setup.inertia);
        b.damping = Damping::new(
            setup.linear_damping,
            setup.angular_damping,
            self.config.substep,
        );
        self.proxies[i].shape = setup.shape;
        self.proxies[i].filter = setup.filter;
        self.contacts
            .update_body(i, setup.contact_body(), &self.proxies);
        // The joints' frames are taken from the rest poses.
        for (k, j) in model.joints.iter().enumerate() {
            let touches = |x: i32| usize::try_from(x).ok() == Some(i);
            if touches(j.body_a) || touches(j.body_b) {
                self.update_joint(model, k);
            }
        }
        true
    }

    /// Applies joint `i`'s edited parameters to the running world in place: limits,
    /// springs, position and rotation. Returns false, changing nothing, when the edit needs
    /// the world rebuilt: a different joint count, kind or pair of bodies.
    pub fn update_joint(&mut self, model: &Model, i: usize) -> bool {
        if model.joints.len() != self.joint_slots.len() {
            return false;
        }
        let j = &model.joints[i];
        let found = self.frames_of(j).ok();
        let spring_kind = matches!(j.kind, JointKind::Spring6Dof | JointKind::SixDof);
        match (self.joint_slots[i], found) {
            (JointSlot::Spring(k), Some((a, b, fa, fb)))
                if spring_kind && self.springs[k].body_a == a && self.springs[k].body_b == b =>
            {
                self.springs[k] = joints::spring6dof(j, a, b, fa, fb);
            }
            (JointSlot::Rapier { handle, a, b }, Some((na, nb, fa, fb)))
                if !spring_kind && (a, b) == (na, nb) =>
            {
                let Some(g) = joints::build_joint(j, fa, fb, self.config.substep) else {
                    return false;
                };
                match self.rapier.impulse_joints.get_mut(handle, true) {
                    Some(joint) => joint.data = g,
                    None => return false,
                }
            }
            _ => return false,
        }
        self.notes.retain(|n| n.target != NoteTarget::Joint(i));
        for key in joint_approximations(j) {
            self.notes.push(Note {
                target: NoteTarget::Joint(i),
                text: crate::tr!(key),
            });
        }
        true
    }
}
