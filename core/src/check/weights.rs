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
use glam::Vec3;

pub const WEIGHT_SUM_TOLERANCE: f32 = 1e-3;
/// Smallest distance (model units) W-SDEF-CENTER tolerates.
pub const SDEF_CENTER_SLACK: f32 = 0.5;
const EPS: f32 = 1e-6;

fn dist_to_segment(p: Vec3, a: Vec3, b: Vec3) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

pub fn check_weights(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, v) in model.vertices.iter().enumerate() {
        check_vertex(model, i, v, &mut out);
    }
    out
}

/// The weight checks of vertex `i` (`check_model` runs them in its one pass
/// over the vertices).
pub(crate) fn check_vertex(model: &Model, i: usize, v: &Vertex, out: &mut Vec<Problem>) {
    let nb = model.bones.len();
    {
        let me = ElementRef::Vertex(i as i32);
        let (bones, weights, n) = v.weights.bone_weights();
        // Computed only for a vertex with a problem.
        let normalize = || {
            let mut w = v.weights;
            crate::check::fix_edits::normalize_weights(&mut w, nb)
                .then_some(Fix::NormalizeWeights { vertex: i as i32 })
        };
        let on_none: Vec<usize> = (0..n)
            .filter(|&k| bones[k] == NONE && weights[k].abs() > EPS)
            .collect();
        if !on_none.is_empty() {
            let msg = format!(
                "vertex #{i} ({}): weight {} on bone −1",
                v.weights.kind().name(),
                on_none
                    .iter()
                    .map(|&k| format!("{}", weights[k]))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            out.push(Problem::error("E-WEIGHT-NONE-BONE", me, msg).with_fix(normalize()));
        }
        let bad: Vec<f32> = weights[..n]
            .iter()
            .copied()
            .filter(|w| !w.is_finite() || *w < -EPS || *w > 1.0 + EPS)
            .collect();
        if !bad.is_empty() && on_none.is_empty() {
            let msg = format!(
                "vertex #{i} ({}): weight(s) {bad:?} outside 0..1 (negative or over-full blending)",
                v.weights.kind().name()
            );
            out.push(Problem::warning("W-WEIGHT-RANGE", me, msg).with_fix(normalize()));
            return;
        }
        match v.weights {
            Weights::Bdef4 { weights, .. } | Weights::Qdef { weights, .. } => {
                if !on_none.is_empty() {
                    return;
                }
                let sum: f32 = weights.iter().sum();
                if sum.abs() < EPS {
                    out.push(Problem::error(
                        "E-WEIGHT-ZERO",
                        me,
                        format!(
                            "vertex #{i} ({}): all weights are 0",
                            v.weights.kind().name()
                        ),
                    ));
                } else if !sum.is_finite() || (sum - 1.0).abs() > WEIGHT_SUM_TOLERANCE {
                    let msg = format!(
                        "vertex #{i} ({}): weights sum to {sum}, not 1",
                        v.weights.kind().name()
                    );
                    out.push(
                        Problem::warning("W-WEIGHT-SUM", me, msg)
                            .related(
                                bones
                                    .iter()
                                    .filter(|&&b| valid(b, nb).is_some())
                                    .map(|&b| ElementRef::Bone(b)),
                            )
                            .with_fix(normalize()),
                    );
                }
            }
            Weights::Sdef {
                bones,
                weight,
                c,
                r0,
                r1,
            } => {
                let related = bones
                    .iter()
                    .filter(|&&b| valid(b, nb).is_some())
                    .map(|&b| ElementRef::Bone(b));
                if bones[0] == bones[1] || !(c.is_finite() && r0.is_finite() && r1.is_finite()) {
                    let why = if bones[0] == bones[1] {
                        "both SDEF bones are the same".to_string()
                    } else {
                        "SDEF C/R0/R1 are not finite".to_string()
                    };
                    let fix = (bones[0] == bones[1] && valid(bones[0], nb).is_some())
                        .then_some(Fix::SdefToBdef1 { vertex: i as i32 });
                    out.push(
                        Problem::warning("W-SDEF-DEGENERATE", me, format!("vertex #{i}: {why}"))
                            .related(related)
                            .with_fix(fix),
                    );
                    return;
                }
                if !on_none.is_empty() {
                    return;
                }
                if weight <= 0.0 || weight >= 1.0 {
                    let fix = valid(if weight >= 0.5 { bones[0] } else { bones[1] }, nb)
                        .map(|_| Fix::SdefToBdef1 { vertex: i as i32 });
                    out.push(
                        Problem::info(
                            "I-SDEF-POINTLESS",
                            me,
                            format!("vertex #{i}: SDEF with weight {weight}: all on one bone, same as BDEF1"),
                        )
                        .related(related)
                        .with_fix(fix),
                    );
                    return;
                }
                if let (Some(b0), Some(b1)) = (valid(bones[0], nb), valid(bones[1], nb)) {
                    let (p0, p1) = (model.bones[b0].position, model.bones[b1].position);
                    let d = dist_to_segment(c, p0, p1);
                    let limit = p0.distance(p1).max(SDEF_CENTER_SLACK);
                    if d > limit {
                        let msg = format!(
                            "vertex #{i}: SDEF centre C ({:.3}, {:.3}, {:.3}) is {d:.3} away from the bones {} and {} (limit {limit:.3})",
                            c.x,
                            c.y,
                            c.z,
                            ElementRef::Bone(bones[0]).describe(model),
                            ElementRef::Bone(bones[1]).describe(model),
                        );
                        out.push(Problem::warning("W-SDEF-CENTER", me, msg).related(related));
                    }
                }
            }
            Weights::Bdef1 { .. } | Weights::Bdef2 { .. } => {}
        }
    }
}
