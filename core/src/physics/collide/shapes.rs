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
/// spheres and capsules exactly as round segments (Bullet's sphere/capsule algorithms),
/// pairs with a box through parry's GJK/EPA.
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
    if surely_apart(pa, a, pb, b, reach) {
        return None;
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

/// Whether a box and a sphere or capsule are surely farther apart than `reach`, so that
/// GJK would find no contact (most pairs the broad phase lets through): the round shape's
/// axis segment, boxed in the box's frame, is farther than `reach` plus its radius (and
/// a margin for GJK's tolerance) from the box's full extents. False for other pairs.
fn surely_apart(pa: &Pose, a: &ContactShape, pb: &Pose, b: &ContactShape, reach: f32) -> bool {
    let (box_pose, cuboid, round_pose, round) = match (a, b) {
        (ContactShape::Box(c), other) => (pa, c, pb, other),
        (other, ContactShape::Box(c)) => (pb, c, pa, other),
        _ => return false,
    };
    let Some((p0, p1, radius)) = round_segment(round_pose, round) else {
        return false;
    };
    let (q0, q1) = (
        box_pose.inverse_transform_point(p0),
        box_pose.inverse_transform_point(p1),
    );
    let extents = sharp(cuboid).half_extents;
    let gap = (q0.min(q1) - extents)
        .max(-extents - q0.max(q1))
        .max(Vec3::ZERO);
    let slack = reach + radius;
    let clear = slack + 1.0e-3 * (1.0 + slack + extents.max_element());
    gap.length_squared() > clear * clear
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

    /// A box against spheres and capsules placed all around it, near and far: whenever
    /// the pair is called surely apart, parry's query finds no contact within reach, and
    /// the test sees both answers often enough to mean something.
    #[test]
    fn surely_apart_only_where_the_query_finds_nothing() {
        let mut seed = 0x2545_f491_u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / u32::MAX as f32
        };
        let shapes = [
            ContactShape::of(BodyShape::Box {
                half: Vec3::new(1.0, 0.3, 0.6),
            }),
            ContactShape::of(BodyShape::Box {
                half: Vec3::new(0.05, 2.0, 0.02),
            }),
        ];
        let (mut apart, mut near) = (0, 0);
        for k in 0..4000 {
            let boxed = &shapes[k % 2];
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
            let offset = (Vec3::new(next(), next(), next()) - 0.5) * 6.0;
            let pb = Pose::from_parts(pa.translation + offset, rotation(&angles[3..]));
            let reach = 0.2 * next();
            let (a, b, p, q) = if k % 4 < 2 {
                (boxed, &round, pa, pb)
            } else {
                (&round, boxed, pb, pa)
            };
            let found = query::contact(&p, a.shape(), &q, b.shape(), reach)
                .unwrap()
                .filter(|c| c.dist <= reach);
            if surely_apart(&p, a, &q, b, reach) {
                apart += 1;
                assert!(found.is_none(), "case {k}: {found:?}");
            } else if found.is_some() {
                near += 1;
            }
        }
        assert!(
            apart > 2000 && near > 200,
            "apart {apart}, in contact {near}"
        );
    }
}
