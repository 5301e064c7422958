//! Rigid-body and joint checks.
//!
//! Overlap test (`E-BODY-OVERLAP`, `W-BODY-OVERLAP-JOINED`): two bodies are
//! reported when, in the rest pose, they overlap deeper than [`OVERLAP_DEPTH`]
//! and can collide ([`rules::collides`], the rule physics uses). Pairs of two bone-following (mode 0) bodies are skipped:
//! kinematic bodies do not push each other. Overlapping colliding bodies are
//! pushed apart at the first step — a classic cause of explosions — so that is
//! an error; a pair joined by a joint is only a warning, because the joint
//! holds them and they jitter rather than fly (riggers normally exclude joined
//! pairs through masks anyway); so is a pair in the same chain of joints
//! (`W-BODY-OVERLAP-CHAIN`: the chain holds them against each other). Fix for both: clear the mask bits between the
//! two groups on both bodies (note: this stops collisions between *all* bodies
//! of those two groups for these two bodies).
//!
//! Shapes and rest poses come from [`rules`], as physics builds them. Tests: bounding spheres first, then
//! sphere/capsule pairs exactly (segment–segment distance), box–box exactly
//! (separating axes, depth = smallest overlap), box–sphere exactly (closest
//! point), box–capsule approximately: spheres sampled at 33 points along the
//! capsule's axis (may miss less than radius·(1−cos) ≈ nothing for the usual
//! proportions; never reports a pair that does not overlap).

use super::{valid, ElementRef, Fix, Problem};
use crate::physics::rules;
use crate::pmx::{Model, RigidBody, RigidMode, NONE};
use glam::{Mat3, Vec3};

/// Penetration (model units) below which touching bodies are not reported.
pub const OVERLAP_DEPTH: f32 = 0.01;
const CAPSULE_SAMPLES: usize = 33;

/// `W-BODY-NO-BONE` (mode 0 or 2 with bone −1: nothing to follow/align),
/// `W-SOFTBODY-NO-MATERIAL` (soft body with material −1),
/// `E-JOINT-NO-BODY` (body −1), `E-JOINT-SAME-BODY`, `W-JOINT-KINEMATIC`
/// (both bodies bone-following: the joint does nothing).
pub fn check_bodies_and_joints(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, b) in model.rigid_bodies.iter().enumerate() {
        let me = ElementRef::RigidBody(i as i32);
        if b.bone == NONE
            && matches!(
                b.mode,
                RigidMode::FollowBone | RigidMode::DynamicWithBonePosition
            )
        {
            let key = if b.mode == RigidMode::FollowBone {
                "check-msg-body-no-bone-follow"
            } else {
                "check-msg-body-no-bone-align"
            };
            me.finding(model, "W-BODY-NO-BONE", key).push(&mut out);
        }
    }
    for (i, s) in model.soft_bodies.iter().enumerate() {
        if s.material == NONE {
            ElementRef::SoftBody(i as i32)
                .finding(
                    model,
                    "W-SOFTBODY-NO-MATERIAL",
                    "check-msg-softbody-no-material",
                )
                .push(&mut out);
        }
    }
    let nb = model.rigid_bodies.len();
    for (i, j) in model.joints.iter().enumerate() {
        let me = ElementRef::Joint(i as i32);
        if j.body_a == NONE || j.body_b == NONE {
            me.finding(model, "E-JOINT-NO-BODY", "check-msg-joint-no-body")
                .arg("end", if j.body_a == NONE { "A" } else { "B" })
                .push(&mut out);
            continue;
        }
        let (Some(a), Some(b)) = (valid(j.body_a, nb), valid(j.body_b, nb)) else {
            continue;
        };
        let related = [
            ElementRef::RigidBody(a as i32),
            ElementRef::RigidBody(b as i32),
        ];
        if a == b {
            me.finding(model, "E-JOINT-SAME-BODY", "check-msg-joint-same-body")
                .element("body", related[0])
                .related([related[0]])
                .push(&mut out);
        } else if model.rigid_bodies[a].mode == RigidMode::FollowBone
            && model.rigid_bodies[b].mode == RigidMode::FollowBone
        {
            me.finding(model, "W-JOINT-KINEMATIC", "check-msg-joint-kinematic")
                .element("a", related[0])
                .element("b", related[1])
                .related(related)
                .push(&mut out);
        }
    }
    out
}

#[derive(Debug, Clone, Copy)]
enum Shape {
    /// Sphere = capsule with a == b.
    Capsule {
        a: Vec3,
        b: Vec3,
        r: f32,
    },
    Box {
        c: Vec3,
        axes: Mat3,
        half: Vec3,
    },
}

impl Shape {
    /// The body's shape at rest, as physics builds it ([`rules::BodyShape`],
    /// [`rules::rest_pose`]). None for a body with non-finite numbers (reported
    /// on its own by `E-NONFINITE`).
    fn of(body: &RigidBody) -> Option<Shape> {
        if !(body.size.is_finite() && body.position.is_finite() && body.rotation.is_finite()) {
            return None;
        }
        let pose = rules::rest_pose(body);
        let (p, rot) = (pose.translation, Mat3::from_quat(pose.rotation));
        Some(match rules::BodyShape::of(body) {
            rules::BodyShape::Sphere { radius } => Shape::Capsule {
                a: p,
                b: p,
                r: radius,
            },
            rules::BodyShape::Capsule {
                radius,
                half_height,
            } => {
                let h = rot.y_axis * half_height;
                Shape::Capsule {
                    a: p - h,
                    b: p + h,
                    r: radius,
                }
            }
            rules::BodyShape::Box { half } => Shape::Box {
                c: p,
                axes: rot,
                half,
            },
        })
    }

    fn bounding_sphere(&self) -> (Vec3, f32) {
        match *self {
            Shape::Capsule { a, b, r } => ((a + b) * 0.5, r + a.distance(b) * 0.5),
            Shape::Box { c, half, .. } => (c, half.length()),
        }
    }
}

/// Distance between segments p1q1 and p2q2 (their closest points: physics' own rule).
fn segment_distance(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3) -> f32 {
    let (a, b) = crate::geom::segments_closest(p1, q1, p2, q2);
    a.distance(b)
}

/// Penetration depth of a sphere into a box (negative: apart).
fn box_sphere_depth(c: Vec3, axes: Mat3, half: Vec3, p: Vec3, r: f32) -> f32 {
    let local = axes.transpose() * (p - c);
    let clamped = local.clamp(-half, half);
    let d = local.distance(clamped);
    if d > 0.0 {
        r - d
    } else {
        // Centre inside: distance to the nearest face plus the radius.
        r + (half - local.abs()).min_element()
    }
}

/// Box–box by separating axes; depth = smallest overlap (negative: apart).
fn box_box_depth(c1: Vec3, a1: Mat3, h1: Vec3, c2: Vec3, a2: Mat3, h2: Vec3) -> f32 {
    let u = [a1.x_axis, a1.y_axis, a1.z_axis];
    let v = [a2.x_axis, a2.y_axis, a2.z_axis];
    let mut axes: Vec<Vec3> = Vec::with_capacity(15);
    axes.extend(u);
    axes.extend(v);
    for x in u {
        for y in v {
            if let Some(n) = x.cross(y).try_normalize() {
                axes.push(n);
            }
        }
    }
    let t = c2 - c1;
    let mut depth = f32::INFINITY;
    for n in axes {
        let r1: f32 = (0..3).map(|k| h1[k] * u[k].dot(n).abs()).sum();
        let r2: f32 = (0..3).map(|k| h2[k] * v[k].dot(n).abs()).sum();
        let overlap = r1 + r2 - t.dot(n).abs();
        depth = depth.min(overlap);
    }
    depth
}

/// Penetration depth of two shapes (≤ 0: apart or touching).
fn penetration(s1: &Shape, s2: &Shape) -> f32 {
    let (c1, r1) = s1.bounding_sphere();
    let (c2, r2) = s2.bounding_sphere();
    if c1.distance(c2) >= r1 + r2 {
        return 0.0;
    }
    match (*s1, *s2) {
        (
            Shape::Capsule { a, b, r },
            Shape::Capsule {
                a: a2,
                b: b2,
                r: rr,
            },
        ) => r + rr - segment_distance(a, b, a2, b2),
        (Shape::Box { c, axes, half }, Shape::Capsule { a, b, r })
        | (Shape::Capsule { a, b, r }, Shape::Box { c, axes, half }) => {
            if a == b {
                return box_sphere_depth(c, axes, half, a, r);
            }
            (0..CAPSULE_SAMPLES)
                .map(|k| {
                    let t = k as f32 / (CAPSULE_SAMPLES - 1) as f32;
                    box_sphere_depth(c, axes, half, a.lerp(b, t), r)
                })
                .fold(f32::NEG_INFINITY, f32::max)
        }
        (
            Shape::Box { c, axes, half },
            Shape::Box {
                c: c2,
                axes: axes2,
                half: half2,
            },
        ) => box_box_depth(c, axes, half, c2, axes2, half2),
    }
}

pub fn check_body_overlaps(model: &Model) -> Vec<Problem> {
    let bodies = &model.rigid_bodies;
    let shapes: Vec<Option<Shape>> = bodies.iter().map(Shape::of).collect();
    let nb = bodies.len();
    let mut joined = std::collections::HashSet::new();
    for j in &model.joints {
        if let (Some(a), Some(b)) = (valid(j.body_a, nb), valid(j.body_b, nb)) {
            joined.insert((a.min(b), a.max(b)));
        }
    }
    let (chain, _) = super::rig::joint_chains(model);
    let simulated = |b: &RigidBody| match b.mode {
        RigidMode::FollowBone => Some(false),
        RigidMode::Dynamic | RigidMode::DynamicWithBonePosition => Some(true),
        RigidMode::Unknown(_) => None,
    };
    let mut out = Vec::new();
    for i in 0..nb {
        let Some(si) = &shapes[i] else { continue };
        let Some(di) = simulated(&bodies[i]) else {
            continue;
        };
        for j in i + 1..nb {
            let Some(sj) = &shapes[j] else { continue };
            let Some(dj) = simulated(&bodies[j]) else {
                continue;
            };
            if !(di || dj) || !rules::collides(&bodies[i], &bodies[j]) {
                continue;
            }
            let depth = penetration(si, sj);
            if depth.is_nan() || depth <= OVERLAP_DEPTH {
                continue;
            }
            let (a, b) = (&bodies[i], &bodies[j]);
            let fix = Fix::ExcludeCollision {
                a: i as i32,
                b: j as i32,
            };
            let is_joined = joined.contains(&(i, j));
            let same_chain = chain[i] == chain[j];
            let (ri, rj) = (
                ElementRef::RigidBody(i as i32),
                ElementRef::RigidBody(j as i32),
            );
            let msg = crate::tr!(
                "check-msg-body-overlap",
                a = ri.describe(model),
                group_a = a.group,
                b = rj.describe(model),
                group_b = b.group,
                depth = format!("{depth:.3}"),
                // A selector in the catalogues, not a text.
                how = if is_joined {
                    "joined"
                } else if same_chain {
                    "chain"
                } else {
                    "free"
                }
            );
            let p = if is_joined {
                Problem::warning("W-BODY-OVERLAP-JOINED", ri, msg)
            } else if same_chain {
                Problem::warning("W-BODY-OVERLAP-CHAIN", ri, msg)
            } else {
                Problem::error("E-BODY-OVERLAP", ri, msg)
            };
            out.push(p.related([rj]).with_fix(Some(fix)));
        }
    }
    out
}
