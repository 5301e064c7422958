//! Bullet's persistent manifold (`btPersistentManifold`, `btManifoldResult::addContactPoint`):
//! up to 4 points per pair of bodies, kept from step to step.
//!
//! A new point within the breaking threshold of a cached one (on body A) replaces it and
//! keeps its impulses, else it is added; when 4 are held, the deepest stays and the
//! replaced one is chosen for the largest area. Every step each point is re-measured from
//! the bodies' poses along its normal (kept from when it was found) and dropped when its
//! gap exceeds the threshold or its two ends slide apart by more than the threshold.

use glam::Vec3;
use rapier3d::prelude::Pose;

/// `MANIFOLD_CACHE_SIZE`.
pub(super) const MAX_POINTS: usize = 4;

/// One cached contact point (Bullet's `btManifoldPoint`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(in crate::physics) struct ManifoldPoint {
    pub(super) local_a: Vec3,
    pub(super) local_b: Vec3,
    /// The point on each body, in model space, as of the last re-measure.
    pub world_a: Vec3,
    pub world_b: Vec3,
    /// Unit normal on B pointing towards A, fixed when the point was found.
    pub normal: Vec3,
    /// Gap along the normal; negative when the bodies overlap.
    pub distance: f32,
    /// The normal impulse of the last step (the next step's warm start).
    pub(super) impulse: f32,
}

/// The contact points of one pair of bodies that may collide.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::physics) struct Manifold {
    pub a: usize,
    pub b: usize,
    pub(super) threshold: f32,
    pub len: usize,
    pub points: [ManifoldPoint; MAX_POINTS],
}

impl Manifold {
    pub(super) fn new(a: usize, b: usize, threshold: f32) -> Manifold {
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
    pub(super) fn add(&mut self, point: ManifoldPoint) {
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
    pub(super) fn refresh(&mut self, pa: &Pose, pb: &Pose) {
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
