//! Contacts between rigid bodies, made and solved the way Bullet does it for MMD (facts
//! from Bullet's public source: `btBoxShape`, `btConvexInternalShape::setSafeMargin`,
//! `btCollisionShape::getContactBreakingThreshold`, `btCollisionDispatcher::getNewManifold`,
//! `btConvexConvexAlgorithm`, `btManifoldResult::addContactPoint`, `btPersistentManifold`,
//! `btSequentialImpulseConstraintSolver` and `btSolverBody`, with `btContactSolverInfo`'s
//! defaults, which the MMD runtimes keep):
//!
//! - Shapes: a sphere and a capsule are exact (their margin is their radius); a box keeps
//!   its extents, its edges rounded by its margin: 0.04, or a tenth of its smallest half
//!   extent when that is less.
//! - A pair's breaking threshold is 0.02 × the smaller of the two shapes' bounding-sphere
//!   radii (of their local boxes). Each step one closest point (GJK/EPA) is found per pair
//!   and kept when its gap is within the threshold.
//! - Persistent manifold of up to 4 points: a new point within the threshold of a cached
//!   one (on body A) replaces it and keeps its impulses, else it is added; when 4 are held,
//!   the deepest stays and the replaced one is chosen for the largest area. Every step each
//!   point is re-measured from the bodies' poses along its normal (kept from when it was
//!   found) and dropped when its gap exceeds the threshold or its two ends slide apart by
//!   more than the threshold.
//! - Solved with the joints in one sequential-impulse loop: split-impulse iterations first,
//!   then each iteration the joints, the contact normals, the frictions. A gap `d > 0` lets
//!   the bodies close at most `d/h` (speculative); a penetration is pushed out at ERP 0.2
//!   per step, through the velocity when shallower than 0.04, else through a pseudo-velocity
//!   (split impulse) that moves the body without keeping speed, its turn scaled by 0.1.
//!   Restitution (product of the bodies') only above 0.2 units/s of approach; friction
//!   (product, at most 10) along one direction, the sliding one, bounded by μ × the normal
//!   impulse. The normal impulse is warm-started with 0.85 of the last step's (the
//!   friction's is not: `setFrictionConstraintImpulse` starts it at 0).
//!
//! - Box against box: Bullet's box–box detector clips a face of one box against the other
//!   (full extents, no rounding), adding up to 4 points a step (parry's clipping here);
//!   every other pair gets one closest point a step.

use super::spring6dof::{Row, SolverBody};
use super::{BodyProxy, BodyShape};
use glam::{Quat, Vec3};
use rapier3d::parry::query::{
    self, ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
};
use rapier3d::parry::shape::{Ball, Capsule, Cuboid, RoundShape, Shape};
use rapier3d::prelude::Pose;

/// Bullet's `gContactBreakingThreshold`, relative to a shape's bounding radius.
pub const BREAKING_THRESHOLD: f32 = 0.02;
/// `btConvexInternalShape`'s default margin, and `setSafeMargin`'s fraction of the
/// smallest half extent.
const BOX_MARGIN: f32 = 0.04;
const SAFE_MARGIN_FRACTION: f32 = 0.1;
/// `btContactSolverInfo`: contact ERP (`m_erp2`), split-impulse depth and turn ERP,
/// warm-start factor, restitution velocity threshold.
const CONTACT_ERP: f32 = 0.2;
const SPLIT_PENETRATION: f32 = -0.04;
const SPLIT_TURN_ERP: f32 = 0.1;
const WARMSTART: f32 = 0.85;
const RESTITUTION_THRESHOLD: f32 = 0.2;
/// `calculateCombinedFriction`'s clamp.
const MAX_FRICTION: f32 = 10.0;
/// `MANIFOLD_CACHE_SIZE`.
const MAX_POINTS: usize = 4;
/// Contact rows reserved up front.
const RESERVED_ROWS: usize = 2048;

/// A body's shape as Bullet collides it.
#[derive(Debug, Clone)]
enum ContactShape {
    Ball(Ball),
    Capsule(Capsule),
    Box(RoundShape<Cuboid>),
}

impl ContactShape {
    fn of(shape: BodyShape) -> ContactShape {
        match shape {
            BodyShape::Sphere { radius } => ContactShape::Ball(Ball::new(radius)),
            BodyShape::Capsule {
                radius,
                half_height,
            } => ContactShape::Capsule(Capsule::new_y(half_height, radius)),
            BodyShape::Box { half } => {
                let margin = BOX_MARGIN.min(SAFE_MARGIN_FRACTION * half.min_element());
                ContactShape::Box(RoundShape {
                    inner_shape: Cuboid::new((half - Vec3::splat(margin)).max(Vec3::ZERO)),
                    border_radius: margin,
                })
            }
        }
    }

    fn shape(&self) -> &dyn Shape {
        match self {
            ContactShape::Ball(s) => s,
            ContactShape::Capsule(s) => s,
            ContactShape::Box(s) => s,
        }
    }
}

/// Half extents of a shape's local bounding box (Bullet's `getAabb` at the identity).
fn local_half_extents(shape: BodyShape) -> Vec3 {
    match shape {
        BodyShape::Sphere { radius } => Vec3::splat(radius),
        BodyShape::Box { half } => half,
        BodyShape::Capsule {
            radius,
            half_height,
        } => Vec3::new(radius, radius + half_height, radius),
    }
}

/// One cached contact point (Bullet's `btManifoldPoint`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct ManifoldPoint {
    local_a: Vec3,
    local_b: Vec3,
    /// The point on each body, in model space, as of the last re-measure.
    pub world_a: Vec3,
    pub world_b: Vec3,
    /// Unit normal on B pointing towards A, fixed when the point was found.
    pub normal: Vec3,
    /// Gap along the normal; negative when the bodies overlap.
    pub distance: f32,
    impulse: f32,
}

/// The contact points of one pair of bodies that may collide.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Manifold {
    pub a: usize,
    pub b: usize,
    threshold: f32,
    pub len: usize,
    pub points: [ManifoldPoint; MAX_POINTS],
}

impl Manifold {
    fn new(a: usize, b: usize, threshold: f32) -> Manifold {
        Manifold {
            a,
            b,
            threshold,
            len: 0,
            points: [ManifoldPoint::default(); MAX_POINTS],
        }
    }

    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.len]
    }

    /// `btManifoldResult::addContactPoint` with `getCacheEntry`, `replaceContactPoint`
    /// and `addManifoldPoint`.
    fn add(&mut self, point: ManifoldPoint) {
        let mut nearest = None;
        let mut shortest = self.threshold * self.threshold;
        for (i, p) in self.points().iter().enumerate() {
            let d = (p.local_a - point.local_a).length_squared();
            if d < shortest {
                shortest = d;
                nearest = Some(i);
            }
        }
        if let Some(i) = nearest {
            let old = self.points[i];
            self.points[i] = ManifoldPoint {
                impulse: old.impulse,
                ..point
            };
        } else if self.len < MAX_POINTS {
            self.points[self.len] = point;
            self.len += 1;
        } else {
            let i = self.replaced_point(&point);
            self.points[i] = point;
        }
    }

    /// `sortCachedPoints`: the deepest point stays; of the others, the one whose
    /// replacement spans the largest area (Bullet's three-point area test) goes.
    fn replaced_point(&self, new: &ManifoldPoint) -> usize {
        let mut deepest = None;
        let mut depth = new.distance;
        for (i, p) in self.points.iter().enumerate() {
            if p.distance < depth {
                deepest = Some(i);
                depth = p.distance;
            }
        }
        let l = |i: usize| self.points[i].local_a;
        let n = new.local_a;
        let cross = |a: Vec3, b: Vec3| a.cross(b).length_squared();
        let areas = [
            cross(n - l(1), l(3) - l(2)),
            cross(n - l(0), l(3) - l(2)),
            cross(n - l(0), l(3) - l(1)),
            cross(n - l(0), l(2) - l(1)),
        ];
        let mut best = 0;
        let mut best_area = f32::NEG_INFINITY;
        for (i, &area) in areas.iter().enumerate() {
            let area = if Some(i) == deepest { 0.0 } else { area };
            if area > best_area {
                best = i;
                best_area = area;
            }
        }
        best
    }

    /// `refreshContactPoints`: re-measures every point from the bodies' poses and drops
    /// those that separated or slid apart beyond the threshold.
    fn refresh(&mut self, pa: &Pose, pb: &Pose) {
        for p in &mut self.points[..self.len] {
            p.world_a = pa.transform_point(p.local_a);
            p.world_b = pb.transform_point(p.local_b);
            p.distance = (p.world_a - p.world_b).dot(p.normal);
        }
        let limit = self.threshold * self.threshold;
        for i in (0..self.len).rev() {
            let p = &self.points[i];
            let slid = p.world_b - (p.world_a - p.normal * p.distance);
            if p.distance > self.threshold || slid.length_squared() > limit {
                self.len -= 1;
                self.points[i] = self.points[self.len];
            }
        }
    }
}

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

/// A friction row and the contact row whose impulse bounds it.
#[derive(Debug, Clone, Copy)]
struct FrictionRow {
    row: Row,
    normal: usize,
    mu: f32,
}

/// A contact row's split-impulse part: its target pseudo-velocity and impulse so far.
#[derive(Debug, Clone, Copy)]
struct PushRow {
    normal: usize,
    target: f32,
    applied: f32,
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
    push_linear: Vec<Vec3>,
    push_angular: Vec<Vec3>,
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
        self.push_linear = vec![Vec3::ZERO; n];
        self.push_angular = vec![Vec3::ZERO; n];
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

    /// Sets up the step's contact rows (`convertContact`, `setupContactConstraint`) and
    /// applies their warm-start impulses to `solver`.
    pub fn build_rows(&mut self, solver: &mut [SolverBody], h: f32) {
        self.rows.clear();
        self.row_points.clear();
        self.friction.clear();
        self.pushes.clear();
        self.push_linear.fill(Vec3::ZERO);
        self.push_angular.fill(Vec3::ZERO);
        for (mi, m) in self.manifolds.iter().enumerate() {
            let (ba, bb) = (&self.bodies[m.a], &self.bodies[m.b]);
            if m.len == 0 || !ba.respond || !bb.respond {
                continue;
            }
            let restitution = ba.restitution * bb.restitution;
            let mu = (ba.friction * bb.friction).clamp(-MAX_FRICTION, MAX_FRICTION);
            let (oa, ob) = (solver[m.a].pose.translation, solver[m.b].pose.translation);
            for (pi, p) in m.points().iter().enumerate() {
                let (ra, rb, n) = (p.world_a - oa, p.world_b - ob, p.normal);
                let mut row = Row::new(m.a, m.b, n, ra.cross(n), -n, -rb.cross(n));
                if !row.finish(solver) {
                    continue;
                }
                let approach = row.relative_velocity(solver);
                let bounce = if approach.abs() < RESTITUTION_THRESHOLD {
                    0.0
                } else {
                    (-approach * restitution).max(0.0)
                };
                row.target = bounce;
                if p.distance > 0.0 {
                    row.target -= p.distance / h;
                } else {
                    let push = -p.distance * CONTACT_ERP / h;
                    if p.distance > SPLIT_PENETRATION {
                        row.target += push;
                    } else {
                        self.pushes.push(PushRow {
                            normal: self.rows.len(),
                            target: push,
                            applied: 0.0,
                        });
                    }
                }
                row.lower = 0.0;
                row.upper = f32::INFINITY;
                row.applied = p.impulse * WARMSTART;
                if mu != 0.0 {
                    let a = &solver[m.a];
                    let b = &solver[m.b];
                    let slide = (a.linvel + a.angvel.cross(ra)) - (b.linvel + b.angvel.cross(rb));
                    let lateral = slide - n * slide.dot(n);
                    let dir = if lateral.length_squared() > f32::EPSILON {
                        lateral.normalize()
                    } else {
                        plane_space(n)
                    };
                    let mut f = Row::new(m.a, m.b, dir, ra.cross(dir), -dir, -rb.cross(dir));
                    if f.finish(solver) {
                        self.friction.push(FrictionRow {
                            row: f,
                            normal: self.rows.len(),
                            mu,
                        });
                    }
                }
                self.rows.push(row);
                self.row_points.push((mi, pi));
            }
        }
        for row in &self.rows {
            if row.applied != 0.0 {
                row.apply(solver, row.applied);
            }
        }
    }

    /// `solveGroupCacheFriendlySplitImpulseIterations`: the pseudo-velocities that push
    /// deep penetrations apart.
    pub fn solve_pushes(&mut self, iterations: usize) {
        if self.pushes.is_empty() {
            return;
        }
        for _ in 0..iterations {
            for p in &mut self.pushes {
                let row = &self.rows[p.normal];
                let (a, b) = (row.a as usize, row.b as usize);
                let speed = row.lin_a.dot(self.push_linear[a])
                    + row.ang_a.dot(self.push_angular[a])
                    + row.lin_b.dot(self.push_linear[b])
                    + row.ang_b.dot(self.push_angular[b]);
                let sum = (p.applied + (p.target - speed) * row.jac_inv).max(0.0);
                let delta = sum - p.applied;
                p.applied = sum;
                self.push_linear[a] += row.lin_a * (row.inv_a_mass * delta);
                self.push_angular[a] += row.ang_a_response * delta;
                self.push_linear[b] += row.lin_b * (row.inv_b_mass * delta);
                self.push_angular[b] += row.ang_b_response * delta;
            }
        }
    }

    /// One iteration of the contact rows: normals, then frictions bounded by them.
    pub fn solve_once(&mut self, solver: &mut [SolverBody]) {
        for row in &mut self.rows {
            row.solve(solver);
        }
        for f in &mut self.friction {
            let total = self.rows[f.normal].applied;
            if total > 0.0 {
                f.row.lower = -f.mu * total;
                f.row.upper = f.mu * total;
                f.row.solve(solver);
            }
        }
    }

    /// Keeps the step's normal impulses on their points for the next step's warm start.
    pub fn write_back(&mut self) {
        for (row, &(mi, pi)) in self.rows.iter().zip(&self.row_points) {
            self.manifolds[mi].points[pi].impulse = row.applied;
        }
    }

    /// Body `i`'s pose moved by its split-impulse pseudo-velocity over `h`
    /// (`writebackVelocityAndTransform`), if it has one.
    pub fn pushed_pose(&self, i: usize, pose: &Pose, h: f32) -> Option<Pose> {
        let (v, w) = (self.push_linear[i], self.push_angular[i] * SPLIT_TURN_ERP);
        if v == Vec3::ZERO && w == Vec3::ZERO {
            return None;
        }
        let rotation = (Quat::from_scaled_axis(w * h) * pose.rotation).normalize();
        let moved = Pose::from_parts(pose.translation + v * h, rotation);
        (moved.translation.is_finite() && moved.rotation.is_finite()).then_some(moved)
    }
}

/// The closest points of two shapes within `reach`, as a new point (local points unset):
/// spheres and capsules exactly as round segments (Bullet's sphere/capsule algorithms),
/// pairs with a box through parry's GJK/EPA.
fn closest(
    pa: &Pose,
    a: &ContactShape,
    pb: &Pose,
    b: &ContactShape,
    reach: f32,
) -> Option<ManifoldPoint> {
    if let (Some((a0, a1, ra)), Some((b0, b1, rb))) = (round_segment(pa, a), round_segment(pb, b)) {
        let (ca, cb) = segments_closest(a0, a1, b0, b1);
        let d = cb - ca;
        let len = d.length();
        // Coincident axes: any direction separates them; Bullet picks X too.
        let towards_b = if len > f32::EPSILON { d / len } else { Vec3::X };
        return Some(ManifoldPoint {
            world_a: ca + towards_b * ra,
            world_b: cb - towards_b * rb,
            normal: -towards_b,
            distance: len - ra - rb,
            ..ManifoldPoint::default()
        });
    }
    let c = query::contact(pa, a.shape(), pb, b.shape(), reach).ok()??;
    Some(ManifoldPoint {
        world_a: c.point1,
        world_b: c.point2,
        normal: -c.normal1,
        distance: c.dist,
        ..ManifoldPoint::default()
    })
}

/// A box shape without its rounding: its full extents.
fn sharp(b: &RoundShape<Cuboid>) -> Cuboid {
    Cuboid::new(b.inner_shape.half_extents + Vec3::splat(b.border_radius))
}

/// A sphere's or capsule's axis segment in model space and its radius.
fn round_segment(pose: &Pose, shape: &ContactShape) -> Option<(Vec3, Vec3, f32)> {
    match shape {
        ContactShape::Ball(b) => Some((pose.translation, pose.translation, b.radius)),
        ContactShape::Capsule(c) => Some((
            pose.transform_point(c.segment.a),
            pose.transform_point(c.segment.b),
            c.radius,
        )),
        ContactShape::Box(_) => None,
    }
}

/// The closest points of segments `a0a1` and `b0b1` (either may be a point); also what the
/// rig check measures overlapping capsules with.
pub(crate) fn segments_closest(a0: Vec3, a1: Vec3, b0: Vec3, b1: Vec3) -> (Vec3, Vec3) {
    let (da, db, r) = (a1 - a0, b1 - b0, a0 - b0);
    let (aa, bb, f) = (da.dot(da), db.dot(db), db.dot(r));
    let tiny = 1e-12;
    let (s, t) = if aa <= tiny && bb <= tiny {
        (0.0, 0.0)
    } else if aa <= tiny {
        (0.0, (f / bb).clamp(0.0, 1.0))
    } else {
        let c = da.dot(r);
        if bb <= tiny {
            ((-c / aa).clamp(0.0, 1.0), 0.0)
        } else {
            let ab = da.dot(db);
            let denom = aa * bb - ab * ab;
            let mut s = if denom > tiny {
                ((ab * f - c * bb) / denom).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let mut t = (ab * s + f) / bb;
            if t < 0.0 {
                t = 0.0;
                s = (-c / aa).clamp(0.0, 1.0);
            } else if t > 1.0 {
                t = 1.0;
                s = ((ab - c) / aa).clamp(0.0, 1.0);
            }
            (s, t)
        }
    };
    (a0 + da * s, b0 + db * t)
}

/// The first of Bullet's `btPlaneSpace1` directions perpendicular to unit `n`.
fn plane_space(n: Vec3) -> Vec3 {
    if n.z.abs() > std::f32::consts::FRAC_1_SQRT_2 {
        let k = 1.0 / (n.y * n.y + n.z * n.z).sqrt();
        Vec3::new(0.0, -n.z * k, n.y * k)
    } else {
        let k = 1.0 / (n.x * n.x + n.y * n.y).sqrt();
        Vec3::new(-n.y * k, n.x * k, 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_closest_points_cover_crossing_parallel_and_point_cases() {
        // Crossing at right angles, 1 apart in Z.
        let (a, b) = segments_closest(
            Vec3::new(-1.0, 0.0, 0.0),
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::new(0.5, -1.0, 1.0),
            Vec3::new(0.5, 1.0, 1.0),
        );
        assert!((a - Vec3::new(0.5, 0.0, 0.0)).length() < 1e-6, "{a}");
        assert!((b - Vec3::new(0.5, 0.0, 1.0)).length() < 1e-6, "{b}");
        // Beyond an end: the end is closest.
        let (a, b) = segments_closest(
            Vec3::ZERO,
            Vec3::X,
            Vec3::new(3.0, 1.0, 0.0),
            Vec3::new(3.0, 2.0, 0.0),
        );
        assert!((a - Vec3::X).length() < 1e-6 && (b - Vec3::new(3.0, 1.0, 0.0)).length() < 1e-6);
        // A point against a segment, and two points.
        let (a, b) = segments_closest(
            Vec3::new(0.5, 2.0, 0.0),
            Vec3::new(0.5, 2.0, 0.0),
            Vec3::ZERO,
            Vec3::X,
        );
        assert!(
            (a - Vec3::new(0.5, 2.0, 0.0)).length() < 1e-6
                && (b - Vec3::new(0.5, 0.0, 0.0)).length() < 1e-6
        );
        let (a, b) = segments_closest(Vec3::Y, Vec3::Y, Vec3::ZERO, Vec3::ZERO);
        assert_eq!((a, b), (Vec3::Y, Vec3::ZERO));
    }

    #[test]
    fn capsules_and_spheres_touch_by_their_round_segments() {
        // A capsule (radius 0.5, cylinder 2 along Y) and a sphere of radius 0.25 beside its
        // middle, 0.1 apart: the same answer as parry's general query.
        let capsule = ContactShape::of(BodyShape::Capsule {
            radius: 0.5,
            half_height: 1.0,
        });
        let ball = ContactShape::of(BodyShape::Sphere { radius: 0.25 });
        let pa = Pose::from_parts(Vec3::ZERO, Quat::IDENTITY);
        let pb = Pose::from_parts(Vec3::new(0.85, 0.3, 0.0), Quat::IDENTITY);
        let c = closest(&pa, &capsule, &pb, &ball, 1.0).unwrap();
        assert!((c.distance - 0.1).abs() < 1e-5, "{}", c.distance);
        assert!(
            (c.normal + Vec3::X).length() < 1e-5,
            "normal on B points to A: {}",
            c.normal
        );
        let general = query::contact(&pa, capsule.shape(), &pb, ball.shape(), 1.0)
            .unwrap()
            .unwrap();
        assert!((general.dist - c.distance).abs() < 1e-4);
        assert!((general.point1 - c.world_a).length() < 1e-4);
        assert!((general.point2 - c.world_b).length() < 1e-4);
    }
}
