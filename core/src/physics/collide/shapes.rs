//! Narrow phase: the bodies' shapes as Bullet collides them and the closest points of
//! two of them.
//!
//! A sphere and a capsule are exact (their margin is their radius); a box keeps its
//! extents, its edges rounded by its margin: 0.04, or a tenth of its smallest half extent
//! when that is less (`btBoxShape`, `btConvexInternalShape::setSafeMargin`).

use super::manifold::ManifoldPoint;
use crate::geom::segments_closest;
use crate::physics::BodyShape;
use glam::Vec3;
use rapier3d::parry::query;
use rapier3d::parry::shape::{Ball, Capsule, Cuboid, RoundShape, Shape};
use rapier3d::prelude::Pose;

/// `btConvexInternalShape`'s default margin, and `setSafeMargin`'s fraction of the
/// smallest half extent.
const BOX_MARGIN: f32 = 0.04;
const SAFE_MARGIN_FRACTION: f32 = 0.1;

/// A body's shape as Bullet collides it.
#[derive(Debug, Clone)]
pub(super) enum ContactShape {
    Ball(Ball),
    Capsule(Capsule),
    Box(RoundShape<Cuboid>),
}

impl ContactShape {
    pub(super) fn of(shape: BodyShape) -> ContactShape {
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
pub(super) fn local_half_extents(shape: BodyShape) -> Vec3 {
    match shape {
        BodyShape::Sphere { radius } => Vec3::splat(radius),
        BodyShape::Box { half } => half,
        BodyShape::Capsule {
            radius,
            half_height,
        } => Vec3::new(radius, radius + half_height, radius),
    }
}

/// The closest points of two shapes within `reach`, as a new point (local points unset):
/// spheres and capsules exactly as round segments (Bullet's sphere/capsule algorithms), a
/// box and a round shape exactly unless the round shape's axis meets the box's core, the
/// rest through parry's GJK/EPA.
pub(super) fn closest(
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
    if let Some(c) = box_and_round(pa, a, pb, b) {
        return (c.distance <= reach).then_some(c);
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

/// A box (rounded by its margin) against a sphere or capsule, exactly: the closest points
/// of the round shape's axis segment and the box's core, each moved out by its own
/// rounding. None when the pair is not a box and a round shape, or when the axis meets
/// the core (a deep overlap, left to GJK/EPA).
fn box_and_round(
    pa: &Pose,
    a: &ContactShape,
    pb: &Pose,
    b: &ContactShape,
) -> Option<ManifoldPoint> {
    let (box_pose, rounded, round_pose, round, box_is_a) = match (a, b) {
        (ContactShape::Box(c), other) => (pa, c, pb, other, true),
        (other, ContactShape::Box(c)) => (pb, c, pa, other, false),
        _ => return None,
    };
    let (p0, p1, radius) = round_segment(round_pose, round)?;
    let (q0, q1) = (
        box_pose.inverse_transform_point(p0),
        box_pose.inverse_transform_point(p1),
    );
    let half = rounded.inner_shape.half_extents;
    let (on_axis, on_core) = segment_box_closest(q0, q1, half);
    let gap = on_axis - on_core;
    let core_distance = gap.length();
    if core_distance.is_nan() || core_distance <= 1.0e-6 * (1.0 + half.max_element()) {
        return None;
    }
    // From the box towards the round shape.
    let n = box_pose.rotation * (gap / core_distance);
    let margin = rounded.border_radius;
    let on_box = box_pose.transform_point(on_core) + n * margin;
    let on_round = box_pose.transform_point(on_axis) - n * radius;
    let distance = core_distance - margin - radius;
    let (world_a, world_b, normal) = if box_is_a {
        (on_box, on_round, -n)
    } else {
        (on_round, on_box, n)
    };
    Some(ManifoldPoint {
        world_a,
        world_b,
        normal,
        distance,
        ..ManifoldPoint::default()
    })
}

/// The closest points of segment `q0`–`q1` and the box of half extents `half` at the
/// origin (on the segment, on the box). The squared distance along the segment is convex
/// and quadratic between the points where the segment crosses a face plane, so each such
/// piece is minimised in closed form.
fn segment_box_closest(q0: Vec3, q1: Vec3, half: Vec3) -> (Vec3, Vec3) {
    let d = q1 - q0;
    let mut cuts = [0.0f32; 8];
    let mut n = 0;
    cuts[n] = 0.0;
    n += 1;
    for i in 0..3 {
        if d[i] != 0.0 {
            for plane in [-half[i], half[i]] {
                let t = (plane - q0[i]) / d[i];
                if t > 0.0 && t < 1.0 {
                    cuts[n] = t;
                    n += 1;
                }
            }
        }
    }
    cuts[n] = 1.0;
    n += 1;
    let cuts = &mut cuts[..n];
    cuts.sort_unstable_by(f32::total_cmp);
    let outside = |p: Vec3| p - p.clamp(-half, half);
    let mut best = (f32::INFINITY, 0.0f32);
    for w in cuts.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        // Which face planes the piece lies beyond: the excess along each such axis is
        // linear in t, so its square sums to a quadratic.
        let mid = q0 + d * (0.5 * (lo + hi));
        let (mut aa, mut bb) = (0.0f32, 0.0f32);
        for i in 0..3 {
            let bound = if mid[i] > half[i] {
                half[i]
            } else if mid[i] < -half[i] {
                -half[i]
            } else {
                continue;
            };
            aa += d[i] * d[i];
            bb += d[i] * (q0[i] - bound);
        }
        let t = if aa > 0.0 {
            (-bb / aa).clamp(lo, hi)
        } else {
            lo
        };
        let f = outside(q0 + d * t).length_squared();
        if f < best.0 {
            best = (f, t);
        }
    }
    let p = q0 + d * best.1;
    (p, p.clamp(-half, half))
}

/// A box shape without its rounding: its full extents.
pub(super) fn sharp(b: &RoundShape<Cuboid>) -> Cuboid {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::segments_closest;
    use glam::Quat;
    use rapier3d::parry::query::PointQuery;

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

    /// A box against spheres and capsules placed all around it, near, touching and far:
    /// wherever the exact routine answers, parry's GJK/EPA on the same rounded shapes finds
    /// the same contact (to its tolerance) or, beyond reach, none; the test sees separated
    /// pairs, overlapping pairs and pairs out of reach often enough to mean something.
    #[test]
    fn a_box_and_a_round_shape_meet_where_parry_says() {
        let mut seed = 0x2545_f491_u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / u32::MAX as f32
        };
        let boxes = [
            BodyShape::Box {
                half: Vec3::new(1.0, 0.3, 0.6),
            },
            BodyShape::Box {
                half: Vec3::new(0.05, 2.0, 0.02),
            },
            BodyShape::Box {
                half: Vec3::new(0.4, 0.4, 0.4),
            },
        ];
        let (mut apart, mut overlapping, mut beyond, mut deep) = (0, 0, 0, 0);
        let (mut compared, mut close) = (0, 0);
        for k in 0..6000 {
            let boxed = ContactShape::of(boxes[k % 3]);
            let round = if k % 3 == 0 {
                ContactShape::of(BodyShape::Sphere {
                    radius: 0.1 + next(),
                })
            } else {
                ContactShape::of(BodyShape::Capsule {
                    radius: 0.05 + 0.5 * next(),
                    half_height: 2.0 * next(),
                })
            };
            let angles: [f32; 6] = std::array::from_fn(|_| 7.0 * next());
            let rotation = |e: &[f32]| Quat::from_euler(glam::EulerRot::YXZ, e[0], e[1], e[2]);
            let pa = Pose::from_parts(Vec3::new(0.5, -1.0, 2.0), rotation(&angles[..3]));
            let offset = (Vec3::new(next(), next(), next()) - 0.5) * 5.0;
            let pb = Pose::from_parts(pa.translation + offset, rotation(&angles[3..]));
            let reach = 0.2 * next();
            let (a, b, p, q) = if k % 4 < 2 {
                (&boxed, &round, pa, pb)
            } else {
                (&round, &boxed, pb, pa)
            };
            let Some(exact) = box_and_round(&p, a, &q, b) else {
                deep += 1;
                continue;
            };
            let found = query::contact(&p, a.shape(), &q, b.shape(), reach).unwrap();
            if exact.distance > reach {
                // Out of reach; parry agrees unless the gap is within its tolerance of it.
                assert!(
                    found.is_none() || exact.distance - reach < 1e-4,
                    "case {k}: {exact:?} / {found:?}"
                );
                beyond += 1;
                continue;
            }
            let Some(c) = found else {
                assert!(
                    reach - exact.distance < 1e-4,
                    "case {k}: parry found none, {exact:?}"
                );
                continue;
            };
            // Each point lies on its own shape's surface (parry's exact point queries on
            // the core box and the round shape), and they are `distance` apart along the
            // normal.
            let on_surface = |shape: &ContactShape, pose: &Pose, x: Vec3| match shape {
                ContactShape::Box(r) => {
                    r.inner_shape.distance_to_point(pose, x, true) - r.border_radius
                }
                other => other.shape().distance_to_point(pose, x, true),
            };
            assert!(
                on_surface(a, &p, exact.world_a).abs() < 1e-5,
                "case {k}: {exact:?}"
            );
            assert!(
                on_surface(b, &q, exact.world_b).abs() < 1e-5,
                "case {k}: {exact:?}"
            );
            let between = exact.world_a - exact.world_b;
            assert!(
                (between.dot(exact.normal) - exact.distance).abs() < 1e-5
                    && (between.length() - exact.distance.abs()).abs() < 1e-5,
                "case {k}: {exact:?}"
            );
            // Two points on the surfaces bound the distance from above, and parry's GJK
            // comes down to it from above, stopping within its tolerance (EPA, for
            // overlapping rounded shapes, within its own): never nearer than the exact
            // answer, nearly always close to it (a capsule lying nearly flat on a face has
            // a flat minimum, where GJK stops early).
            assert!(
                exact.distance <= c.dist + 1e-5,
                "case {k}: {c:?} / {exact:?}"
            );
            compared += 1;
            if c.dist - exact.distance < 1e-3 && (-c.normal1).dot(exact.normal) > 0.999 {
                close += 1;
            }
            if exact.distance < 0.0 {
                overlapping += 1;
            } else {
                apart += 1;
            }
        }
        assert!(
            apart > 100 && overlapping > 100 && beyond > 1000,
            "apart {apart}, overlapping {overlapping}, beyond {beyond}, deep {deep}"
        );
        assert!(
            close * 100 >= compared * 97,
            "{close} of {compared} close to parry's"
        );
    }

    #[test]
    fn a_segment_and_a_box_meet_at_their_closest_points() {
        let half = Vec3::new(1.0, 0.5, 0.25);
        // Parallel to a face, above it: any point along the overlap; the distance is 1.
        let (p, q) = segment_box_closest(Vec3::new(-3.0, 1.5, 0.0), Vec3::new(0.5, 1.5, 0.0), half);
        assert!(
            ((p - q).length() - 1.0).abs() < 1e-6 && q.y == 0.5,
            "{p} {q}"
        );
        // Past an edge: (3 − 2t, 1 + 2t) is nearest the edge x = 1, y = 0.5 at t = 3/8.
        let (p, q) = segment_box_closest(Vec3::new(3.0, 1.0, 0.0), Vec3::new(1.0, 3.0, 0.0), half);
        assert!((p - Vec3::new(2.25, 1.75, 0.0)).length() < 1e-6, "{p}");
        assert!((q - Vec3::new(1.0, 0.5, 0.0)).length() < 1e-6, "{q}");
        // Through the box: they meet.
        let (p, q) = segment_box_closest(Vec3::new(-2.0, 0.0, 0.0), Vec3::new(2.0, 0.1, 0.0), half);
        assert!((p - q).length() < 1e-6, "{p} {q}");
        // A point beyond a corner.
        let (p, q) = segment_box_closest(Vec3::splat(3.0), Vec3::splat(3.0), half);
        assert_eq!((p, q), (Vec3::splat(3.0), half));
    }
}
