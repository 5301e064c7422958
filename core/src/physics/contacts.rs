//! Contact points of the last [`PhysicsWorld::step`], for debugging views.
//!
//! Every point of every contact manifold the solver saw: Hone's between bodies (as of the
//! step's start, see `collide`), rapier's with the optional ground. The caller owns the
//! output `Vec` and reuses it, so a view can poll every frame without allocating once it
//! has grown.

use super::PhysicsWorld;
use glam::Vec3;

/// One contact point between two colliders, in model space (MMD coordinates).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactPoint {
    /// Rigid body index on each side; `None` for the ground plane.
    pub body_a: Option<usize>,
    pub body_b: Option<usize>,
    /// The point on body A's surface.
    pub point: Vec3,
    /// Unit normal pointing from body A towards body B.
    pub normal: Vec3,
    /// Penetration depth (positive when overlapping, negative for a gap within
    /// the prediction distance).
    pub depth: f32,
}

impl PhysicsWorld {
    /// Replaces `out` with the contacts of the last step (pairs whose masks exclude
    /// each other are never tested, nor pairs of two bone-following bodies).
    pub fn contacts_into(&self, out: &mut Vec<ContactPoint>) {
        out.clear();
        for m in &self.contacts.manifolds {
            for p in m.points() {
                out.push(ContactPoint {
                    body_a: Some(m.a),
                    body_b: Some(m.b),
                    point: p.world_a,
                    normal: -p.normal,
                    depth: -p.distance,
                });
            }
        }
        let rapier = &self.rapier;
        for pair in rapier.narrow_phase.contact_pairs() {
            if !pair.has_any_active_contact() {
                continue;
            }
            let (Some(c1), Some(c2)) = (
                rapier.colliders.get(pair.collider1),
                rapier.colliders.get(pair.collider2),
            ) else {
                continue;
            };
            let body_a = self.body_of_collider(c1);
            let body_b = self.body_of_collider(c2);
            for manifold in pair.manifolds() {
                if manifold.data.num_active_contacts() == 0 {
                    continue;
                }
                for p in &manifold.points {
                    out.push(ContactPoint {
                        body_a,
                        body_b,
                        point: c1.position().transform_point(p.local_p1),
                        normal: manifold.data.normal,
                        depth: -p.dist,
                    });
                }
            }
        }
    }

    /// Model rigid body index of a collider (bodies carry it as user data;
    /// the ground is the only fixed body).
    fn body_of_collider(&self, c: &rapier3d::prelude::Collider) -> Option<usize> {
        let rb = self.rapier.bodies.get(c.parent()?)?;
        if rb.is_fixed() {
            return None;
        }
        usize::try_from(rb.user_data)
            .ok()
            .filter(|&i| i < self.bodies.len())
    }
}
