//! Vertex weight checks.
//!
//! - `E-WEIGHT-NONE-BONE`: weight on bone −1 (BDEF1 on −1, BDEF2/SDEF whose −1
//!   side has weight, BDEF4/QDEF slot −1 with weight). Fix: normalise (drop it).
//! - `W-WEIGHT-RANGE`: an effective weight outside 0..1 (BDEF2/SDEF weight
//!   over 1 or below 0, negative BDEF4/QDEF weights) or not finite. Fix: normalise.
//! - `E-WEIGHT-ZERO`: BDEF4/QDEF whose weights sum to ~0 (no bone moves it).
//! - `W-WEIGHT-SUM`: BDEF4/QDEF weights not summing to 1 (±1e-3; the spec does
//!   not promise they do, but MMD does not renormalise). Fix: normalise.
//! - SDEF (our definitions, the spec has none):
//!   - `W-SDEF-DEGENERATE`: both bones the same, or C/R0/R1 not finite.
//!   - `I-SDEF-POINTLESS`: the whole weight on one bone (weight 0 or 1), so SDEF
//!     equals BDEF1. Fix: make it BDEF1.
//!   - `W-SDEF-CENTER`: C is farther from the segment between the two bones'
//!     rest positions than the segment is long (at least [`SDEF_CENTER_SLACK`]):
//!     C should sit at the joint the two bones share. C exactly at a bone's
//!     position is fine. R0 = R1 = C is not degenerate (pure rotation about C).

use super::{valid, ElementRef, Fix, Problem};
use crate::pmx::{Model, Vertex, Weights, NONE};

pub const WEIGHT_SUM_TOLERANCE: f32 = 1e-3;
/// Smallest distance (model units) W-SDEF-CENTER tolerates.
pub const SDEF_CENTER_SLACK: f32 = 0.5;
const EPS: f32 = 1e-6;

pub fn check_weights(model: &Model) -> Vec<Problem> {
    super::each_vertex_then(model, check_vertex, |_| Vec::new())
}

/// What is wrong with one vertex's weights.
#[derive(Debug, Clone, Copy)]
enum Fault {
    /// Bit k: slot k carries weight on bone −1.
    NoneBone(u8),
    /// Bit k: slot k's weight is outside 0..1 or not finite.
    Range(u8),
    Zero,
    Sum(f32),
    SdefDegenerate,
    SdefPointless(f32),
    SdefCenter {
        d: f32,
        limit: f32,
    },
}

/// The faults of vertex `i`'s weights, in report order (at most two: a weight
/// on bone −1 can come with a BDEF4 sum or SDEF problem only when the range
/// is fine). Inlined in the vertex pass; reporting is apart, and cold.
#[inline]
fn faults(model: &Model, v: &Vertex) -> [Option<Fault>; 2] {
    let nb = model.bones.len();
    let (bones, weights, n) = v.weights.bone_weights();
    let (mut on_none, mut bad) = (0u8, 0u8);
    for k in 0..n {
        let w = weights[k];
        if bones[k] == NONE && w.abs() > EPS {
            on_none |= 1 << k;
        }
        if !(-EPS..=1.0 + EPS).contains(&w) {
            bad |= 1 << k;
        }
    }
    let first = (on_none != 0).then_some(Fault::NoneBone(on_none));
    if bad != 0 && on_none == 0 {
        return [Some(Fault::Range(bad)), None];
    }
    let second = match v.weights {
        Weights::Bdef4 { weights, .. } | Weights::Qdef { weights, .. } if on_none == 0 => {
            let sum: f32 = weights.iter().sum();
            if sum.abs() < EPS {
                Some(Fault::Zero)
            } else if !sum.is_finite() || (sum - 1.0).abs() > WEIGHT_SUM_TOLERANCE {
                Some(Fault::Sum(sum))
            } else {
                None
            }
        }
        Weights::Sdef { .. } => {
            let [c, r0, r1] = v.weights.sdef_points().unwrap_or_default();
            let weight = weights[0];
            if bones[0] == bones[1] || !(c.is_finite() && r0.is_finite() && r1.is_finite()) {
                Some(Fault::SdefDegenerate)
            } else if on_none != 0 {
                None
            } else if weight <= 0.0 || weight >= 1.0 {
                Some(Fault::SdefPointless(weight))
            } else if let (Some(b0), Some(b1)) = (valid(bones[0], nb), valid(bones[1], nb)) {
                let (p0, p1) = (model.bones[b0].position, model.bones[b1].position);
                let d = crate::geom::point_segment_distance(c, p0, p1);
                let limit = p0.distance(p1).max(SDEF_CENTER_SLACK);
                (d > limit).then_some(Fault::SdefCenter { d, limit })
            } else {
                None
            }
        }
        _ => None,
    };
    [first, second]
}

/// The weight checks of vertex `i` (`check_model` runs them in its one pass
/// over the vertices).
#[inline]
pub(crate) fn check_vertex(model: &Model, i: usize, v: &Vertex, out: &mut Vec<Problem>) {
    for fault in faults(model, v).into_iter().flatten() {
        report(model, i, v, fault, out);
    }
}

#[cold]
#[inline(never)]
fn report(model: &Model, i: usize, v: &Vertex, fault: Fault, out: &mut Vec<Problem>) {
    let nb = model.bones.len();
    let me = ElementRef::Vertex(i as i32);
    let kind = v.weights.kind().name();
    let (bones, weights, n) = v.weights.bone_weights();
    let slots = |mask: u8| (0..n).filter(move |&k| mask & (1 << k) != 0);
    let normalize = || {
        let mut w = v.weights;
        crate::check::fix_edits::normalize_weights(&mut w, nb)
            .then_some(Fix::NormalizeWeights { vertex: i as i32 })
    };
    let related = || {
        let listed = v.weights.bones();
        let listed = if matches!(v.weights, Weights::Sdef { .. }) {
            listed
        } else {
            &bones[..]
        };
        listed
            .iter()
            .filter(|&&b| valid(b, nb).is_some())
            .map(|&b| ElementRef::Bone(b))
            .collect::<Vec<_>>()
    };
    let problem = match fault {
        Fault::NoneBone(mask) => {
            let msg = crate::tr!(
                "check-msg-weight-none-bone",
                vertex = i,
                kind = kind,
                weights = slots(mask)
                    .map(|k| format!("{}", weights[k]))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            Problem::error("E-WEIGHT-NONE-BONE", me, msg).with_fix(normalize())
        }
        Fault::Range(mask) => {
            let bad: Vec<f32> = slots(mask).map(|k| weights[k]).collect();
            let msg = crate::tr!(
                "check-msg-weight-range",
                vertex = i,
                kind = kind,
                weights = format!("{bad:?}")
            );
            Problem::warning("W-WEIGHT-RANGE", me, msg).with_fix(normalize())
        }
        Fault::Zero => Problem::error(
            "E-WEIGHT-ZERO",
            me,
            crate::tr!("check-msg-weight-zero", vertex = i, kind = kind),
        ),
        Fault::Sum(sum) => {
            let msg = crate::tr!(
                "check-msg-weight-sum",
                vertex = i,
                kind = kind,
                sum = sum.to_string()
            );
            Problem::warning("W-WEIGHT-SUM", me, msg)
                .related(related())
                .with_fix(normalize())
        }
        Fault::SdefDegenerate => {
            let same = bones[0] == bones[1];
            let msg = if same {
                crate::tr!("check-msg-sdef-same-bones", vertex = i)
            } else {
                crate::tr!("check-msg-sdef-nonfinite", vertex = i)
            };
            let fix = (same && valid(bones[0], nb).is_some())
                .then_some(Fix::SdefToBdef1 { vertex: i as i32 });
            Problem::warning("W-SDEF-DEGENERATE", me, msg)
                .related(related())
                .with_fix(fix)
        }
        Fault::SdefPointless(weight) => {
            let fix = valid(if weight >= 0.5 { bones[0] } else { bones[1] }, nb)
                .map(|_| Fix::SdefToBdef1 { vertex: i as i32 });
            Problem::info(
                "I-SDEF-POINTLESS",
                me,
                crate::tr!(
                    "check-msg-sdef-pointless",
                    vertex = i,
                    weight = weight.to_string()
                ),
            )
            .related(related())
            .with_fix(fix)
        }
        Fault::SdefCenter { d, limit } => {
            let Weights::Sdef { c, .. } = v.weights else {
                return;
            };
            let msg = crate::tr!(
                "check-msg-sdef-center",
                vertex = i,
                c = format!("({:.3}, {:.3}, {:.3})", c.x, c.y, c.z),
                d = format!("{d:.3}"),
                a = ElementRef::Bone(bones[0]).describe(model),
                b = ElementRef::Bone(bones[1]).describe(model),
                limit = format!("{limit:.3}")
            );
            Problem::warning("W-SDEF-CENTER", me, msg).related(related())
        }
    };
    out.push(problem);
}
