//! Contacts between rigid bodies, made and solved the way Bullet does it for MMD (facts
//! from Bullet's public source: `btBoxShape`, `btConvexInternalShape::setSafeMargin`,
//! `btCollisionShape::getContactBreakingThreshold`, `btCollisionDispatcher::getNewManifold`,
//! `btConvexConvexAlgorithm`, `btManifoldResult::addContactPoint`, `btPersistentManifold`,
//! `btSequentialImpulseConstraintSolver` and `btSolverBody`, with `btContactSolverInfo`'s
//! defaults, which the MMD runtimes keep). Three parts:
//!
//! - `shapes`: the narrow phase. Spheres and capsules exact, boxes with rounded edges;
//!   one closest point a step per pair (a box against a round shape exact too, GJK/EPA
//!   only once the round shape's axis is inside the box's core).
//! - `manifold`: each pair's persistent manifold of up to 4 points.
//! - `rows`: the contact rows, solved with the joints in one sequential-impulse loop.
//!
//! Here: which pairs may collide, and each step's detection. A pair's breaking threshold is
//! 0.02 × the smaller of the two shapes' bounding-sphere radii (of their local boxes); a
//! closest point is kept when its gap is within it. Box against box: Bullet's box–box
//! detector clips a face of one box against the other (full extents, no rounding), adding
//! up to 4 points a step (parry's clipping here); every other pair gets one closest point
//! a step.

mod manifold;
mod rows;
mod shapes;

use super::spring6dof::{Row, SolverBody};
use super::{BodyProxy, BodyShape};
use glam::Vec3A;
use manifold::{Manifold, ManifoldPoint, MAX_POINTS};
use rapier3d::parry::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use rows::{FrictionRow, PushRow};
use shapes::{closest, local_half_extents, sharp, ContactShape};

/// Bullet's `gContactBreakingThreshold`, relative to a shape's bounding radius.
pub const BREAKING_THRESHOLD: f32 = 0.02;
/// Contact rows reserved up front.
const RESERVED_ROWS: usize = 2048;

/// What the contacts need to know about one body.
#[derive(Debug, Clone)]
pub(super) struct ContactBody {
    shape: ContactShape,
    /// Radius around the body's origin holding the shape, and its breaking threshold.
    reach: f32,
    threshold: f32,
    pub friction: f32,
    pub restitution: f32,
    /// Bullet's contact response (off for a body of zero size).
    pub respond: bool,
}

impl ContactBody {
    pub fn new(shape: BodyShape, friction: f32, restitution: f32, respond: bool) -> Self {
        ContactBody {
            shape: ContactShape::of(shape),
            reach: shape.bounding_radius(),
            threshold: BREAKING_THRESHOLD * local_half_extents(shape).length(),
            friction,
            restitution,
            respond,
        }
    }
}

/// Every pair that may collide, its manifold, and the step's contact rows.
#[derive(Debug, Clone, Default)]
pub(super) struct Contacts {
    bodies: Vec<ContactBody>,
    pub manifolds: Vec<Manifold>,
    rows: Vec<Row>,
    /// Per row: its manifold and point.
    row_points: Vec<(usize, usize)>,
    friction: Vec<FrictionRow>,
    pushes: Vec<PushRow>,
    push_linear: Vec<Vec3A>,
    push_angular: Vec<Vec3A>,
    /// Box–box scratch, reused so that a step does not allocate.
    clipped: ContactManifold<(), ()>,
}

impl Contacts {
    pub fn new(bodies: Vec<ContactBody>, proxies: &[BodyProxy]) -> Contacts {
        let mut c = Contacts {
            bodies,
            ..Default::default()
        };
        c.rebuild_pairs(proxies);
        c
    }

    /// Whether body `i` has a contact response (Bullet: only such bodies merge islands).
    pub fn responds(&self, i: usize) -> bool {
        self.bodies.get(i).is_some_and(|b| b.respond)
    }

    /// Replaces body `i`'s contact data (a live edit) and re-lists the pairs.
    pub fn update_body(&mut self, i: usize, body: ContactBody, proxies: &[BodyProxy]) {
        if let Some(b) = self.bodies.get_mut(i) {
            *b = body;
            self.rebuild_pairs(proxies);
        }
    }

    /// Lists the pairs the filters let collide with at least one simulated body, keeping
    /// the points of pairs that were already listed.
    fn rebuild_pairs(&mut self, proxies: &[BodyProxy]) {
        let n = self.bodies.len().min(proxies.len());
        let old = std::mem::take(&mut self.manifolds);
        let mut old = old.into_iter().peekable();
        for a in 0..n {
            for b in a + 1..n {
                let (pa, pb) = (&proxies[a], &proxies[b]);
                if (pa.kinematic && pb.kinematic) || !pa.filter.collides_with(pb.filter) {
                    continue;
                }
                let threshold = self.bodies[a].threshold.min(self.bodies[b].threshold);
                while old.next_if(|m| (m.a, m.b) < (a, b)).is_some() {}
                let mut m = Manifold::new(a, b, threshold);
                if let Some(prev) = old.next_if(|m| (m.a, m.b) == (a, b)) {
                    m.len = prev.len;
                    m.points = prev.points;
                }
                self.manifolds.push(m);
            }
        }
        // Room for every point of every pair, up to a bound: a model whose bodies mostly
        // collide with each other has far more pairs than points in contact, and beyond
        // the bound the row lists grow (rarely, and only up to the most seen at once).
        let most = (MAX_POINTS * self.manifolds.len()).min(RESERVED_ROWS);
        self.rows = Vec::with_capacity(most);
        self.row_points = Vec::with_capacity(most);
        self.friction = Vec::with_capacity(most);
        self.pushes = Vec::with_capacity(most);
        self.push_linear = vec![Vec3A::ZERO; n];
        self.push_angular = vec![Vec3A::ZERO; n];
    }

    /// Forgets every point (the bodies were put back on their bones).
    pub fn clear(&mut self) {
        for m in &mut self.manifolds {
            m.len = 0;
        }
    }

    /// Collision detection for one step, at the bodies' poses at its start.
    pub fn detect(&mut self, solver: &[SolverBody]) {
        for m in &mut self.manifolds {
            let (ba, bb) = (&self.bodies[m.a], &self.bodies[m.b]);
            let (pa, pb) = (&solver[m.a].pose, &solver[m.b].pose);
            let reach = ba.reach + bb.reach + m.threshold;
            if (pa.translation - pb.translation).length_squared() > reach * reach {
                // Out of the broad phase: Bullet drops the manifold.
                m.len = 0;
                continue;
            }
            if let (ContactShape::Box(a), ContactShape::Box(b)) = (&ba.shape, &bb.shape) {
                // Bullet's box–box detector clips a face against the other box: up to 4
                // points at once, on the boxes' full (sharp) extents.
                let (a, b) = (sharp(a), sharp(b));
                self.clipped.clear();
                let clipped = DefaultQueryDispatcher.contact_manifold_convex_convex(
                    &pa.inv_mul(pb),
                    &a,
                    &b,
                    None,
                    None,
                    m.threshold,
                    &mut self.clipped,
                );
                if clipped.is_err() {
                    self.clipped.clear();
                }
                let normal = -(pa.rotation * self.clipped.local_n1);
                for c in &self.clipped.points {
                    if c.dist <= m.threshold && c.dist.is_finite() && normal.is_finite() {
                        let (world_a, world_b) = (
                            pa.transform_point(c.local_p1),
                            pb.transform_point(c.local_p2),
                        );
                        m.add(ManifoldPoint {
                            local_a: c.local_p1,
                            local_b: c.local_p2,
                            world_a,
                            world_b,
                            normal,
                            distance: c.dist,
                            impulse: 0.0,
                        });
                    }
                }
            } else if let Some(c) = closest(pa, &ba.shape, pb, &bb.shape, m.threshold) {
                if c.distance <= m.threshold && c.normal.is_finite() && c.distance.is_finite() {
                    m.add(ManifoldPoint {
                        local_a: pa.inverse_transform_point(c.world_a),
                        local_b: pb.inverse_transform_point(c.world_b),
                        ..c
                    });
                }
            }
            m.refresh(pa, pb);
        }
    }
}
