//! Joint settings that make Bullet jitter or explode (6DOF joints: spring 6DOF,
//! the only kind in PMX 2.0, and 2.1's plain 6DOF).
//! - `W-JOINT-MASS-RATIO`: the two simulated bodies' masses differ more than
//!   [`MASS_RATIO_MAX`]×: the solver cannot hold the light one (jitter).
//! - `W-JOINT-Y-90`: a rotation limit on Y reaching ±90°: Bullet's 6DOF joint
//!   reads rotations as X-Y-Z Euler angles, which lock (gimbal lock) at Y = ±90°,
//!   so the joint flips or jitters there.
//! - `W-JOINT-LIMIT-INVERTED`: lower > upper on an axis: Bullet leaves that
//!   axis free — sometimes meant, usually a typo.
//! - `W-JOINT-SPRING-STIFF`: a spring on a movable axis with k·h²/m > 4 for one
//!   60 Hz step h and the bodies' reduced mass m (ω·h > 2: an explicit step
//!   overshoots and the motion grows). Axes locked by their limits are skipped.
//!   Fix: lower it to k = m/h² (ω·h = 1).

use super::fix_edits::SPRING_STEP;
use super::{valid, ElementRef, Fix, Problem};
use crate::physics::rules;
use crate::pmx::{Joint, JointKind, Model};

/// Largest mass ratio across a joint that is not reported.
pub const MASS_RATIO_MAX: f32 = 10.0;
/// k·h²/m above which a spring is reported.
pub const SPRING_LIMIT: f32 = 4.0;
/// |limit| at which a Y rotation limit counts as reaching 90° (radians, 89.9°).
const Y_LOCK: f32 = 1.569_051;

/// Which (linear, angular) axes the limits let move (lower ≠ upper).
pub(crate) fn movable_axes(j: &Joint) -> ([bool; 3], [bool; 3]) {
    let lin = std::array::from_fn(|k| j.linear_lower[k] != j.linear_upper[k]);
    let ang = std::array::from_fn(|k| j.angular_lower[k] != j.angular_upper[k]);
    (lin, ang)
}

/// The mass a joint's spring moves: the reduced mass of two simulated bodies,
/// or the simulated one's; `None` when neither is simulated or a mass is unusable.
pub(crate) fn spring_mass(model: &Model, j: &Joint) -> Option<f32> {
    let nb = model.rigid_bodies.len();
    let a = &model.rigid_bodies[valid(j.body_a, nb)?];
    let b = &model.rigid_bodies[valid(j.body_b, nb)?];
    let sim = |r: &crate::pmx::RigidBody| rules::body_role(model, r, r.mode).is_dynamic();
    let m = match (sim(a), sim(b)) {
        (true, true) => a.mass * b.mass / (a.mass + b.mass),
        (true, false) => a.mass,
        (false, true) => b.mass,
        (false, false) => return None,
    };
    (m.is_finite() && m > 0.0).then_some(m)
}

pub fn check_joints(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let nb = model.rigid_bodies.len();
    for (i, j) in model.joints.iter().enumerate() {
        if !matches!(j.kind, JointKind::Spring6Dof | JointKind::SixDof) {
            continue;
        }
        let me = ElementRef::Joint(i as i32);
        let bodies = (valid(j.body_a, nb), valid(j.body_b, nb));
        if let (Some(a), Some(b)) = bodies {
            let (ra, rb) = (&model.rigid_bodies[a], &model.rigid_bodies[b]);
            let both = rules::body_role(model, ra, ra.mode).is_dynamic()
                && rules::body_role(model, rb, rb.mode).is_dynamic();
            let ratio = ra.mass.max(rb.mass) / ra.mass.min(rb.mass);
            if both && a != b && ratio.is_finite() && ratio > MASS_RATIO_MAX {
                let related = [
                    ElementRef::RigidBody(a as i32),
                    ElementRef::RigidBody(b as i32),
                ];
                me.finding(model, "W-JOINT-MASS-RATIO", "check-msg-joint-mass-ratio")
                    .element("a", related[0])
                    .arg("mass_a", ra.mass.to_string())
                    .element("b", related[1])
                    .arg("mass_b", rb.mass.to_string())
                    .arg("ratio", format!("{ratio:.0}"))
                    .arg("max", MASS_RATIO_MAX.to_string())
                    .related(related)
                    .push(&mut out);
            }
        }
        let (lo, hi) = (j.angular_lower.y, j.angular_upper.y);
        if lo <= hi && (lo <= -Y_LOCK || hi >= Y_LOCK) {
            me.finding(model, "W-JOINT-Y-90", "check-msg-joint-y-90")
                .arg("lo", format!("{:.1}", lo.to_degrees()))
                .arg("hi", format!("{:.1}", hi.to_degrees()))
                .push(&mut out);
        }
        let mut inverted = Vec::new();
        for (k, axis) in ["X", "Y", "Z"].into_iter().enumerate() {
            if j.linear_lower[k] > j.linear_upper[k] {
                inverted.push(crate::tr!("check-axis-move", axis = axis));
            }
            if j.angular_lower[k] > j.angular_upper[k] {
                inverted.push(crate::tr!("check-axis-rotate", axis = axis));
            }
        }
        if !inverted.is_empty() {
            me.finding(
                model,
                "W-JOINT-LIMIT-INVERTED",
                "check-msg-joint-limit-inverted",
            )
            .arg("axes", inverted.join(", "))
            .arg("count", inverted.len())
            .push(&mut out);
        }
        let Some(m) = spring_mass(model, j) else {
            continue;
        };
        let h2 = SPRING_STEP * SPRING_STEP;
        let (lin, ang) = movable_axes(j);
        let stiff: Vec<String> = (0..3)
            .flat_map(|k| {
                let axis = ["X", "Y", "Z"][k];
                [
                    (lin[k], j.linear_spring[k], true),
                    (ang[k], j.angular_spring[k], false),
                ]
                .into_iter()
                .filter(move |&(movable, s, _)| movable && s * h2 / m > SPRING_LIMIT)
                .map(move |(_, s, linear)| {
                    let axis = if linear {
                        crate::tr!("check-axis-move", axis = axis)
                    } else {
                        crate::tr!("check-axis-rotate", axis = axis)
                    };
                    format!("{axis} ({s})")
                })
            })
            .collect();
        if !stiff.is_empty() {
            me.finding(
                model,
                "W-JOINT-SPRING-STIFF",
                "check-msg-joint-spring-stiff",
            )
            .arg("springs", stiff.join(", "))
            .arg("mass", format!("{m:.2}"))
            .arg("max", SPRING_LIMIT.to_string())
            .fix(Fix::SoftenJointSprings { joint: i as i32 })
            .push(&mut out);
        }
    }
    out
}
