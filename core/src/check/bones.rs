//! Bone structure checks: parent/append cycles, IK setup, axis vectors.

use super::{valid, AxisKind, ElementRef, Fix, Problem};
use crate::pmx::Model;
use glam::Vec3;

/// Cycles of a graph where every node has at most one successor. Each cycle
/// is listed once, starting at its smallest index.
fn single_successor_cycles(n: usize, next: impl Fn(usize) -> Option<usize>) -> Vec<Vec<usize>> {
    // 0 = unvisited, 1 = on the current walk, 2 = done.
    let mut state = vec![0u8; n];
    let mut cycles = Vec::new();
    for start in 0..n {
        let mut walk = Vec::new();
        let mut cur = Some(start);
        while let Some(c) = cur {
            match state[c] {
                2 => break,
                1 => {
                    let from = walk.iter().position(|&w| w == c).unwrap_or(0);
                    let mut cyc: Vec<usize> = walk[from..].to_vec();
                    let min = cyc
                        .iter()
                        .enumerate()
                        .min_by_key(|(_, &v)| v)
                        .map(|(k, _)| k);
                    cyc.rotate_left(min.unwrap_or(0));
                    cycles.push(cyc);
                    break;
                }
                _ => {
                    state[c] = 1;
                    walk.push(c);
                    cur = next(c);
                }
            }
        }
        for w in walk {
            state[w] = 2;
        }
    }
    cycles
}

fn cycle_names(model: &Model, cyc: &[usize]) -> String {
    let mut parts: Vec<String> = cyc
        .iter()
        .map(|&b| ElementRef::Bone(b as i32).describe(model))
        .collect();
    parts.push(ElementRef::Bone(cyc[0] as i32).describe(model));
    parts.join(" → ")
}

/// `E-PARENT-CYCLE` (a bone is its own ancestor) and `E-APPEND-CYCLE`
/// (A appends B appends A, or a bone appends itself).
pub fn check_cycles(model: &Model) -> Vec<Problem> {
    let n = model.bones.len();
    let parent = |i: usize| valid(model.bones[i].parent, n);
    let append = |i: usize| {
        model.bones[i]
            .append
            .as_ref()
            .and_then(|a| valid(a.parent, n))
    };
    let parents = single_successor_cycles(n, parent);
    let mut out = cycle_problems(model, "E-PARENT-CYCLE", "check-msg-parent-cycle", parents);
    let appends = single_successor_cycles(n, append);
    out.extend(cycle_problems(
        model,
        "E-APPEND-CYCLE",
        "check-msg-append-cycle",
        appends,
    ));
    out
}

/// One problem per cycle: about its first bone, the others related; the message
/// `key` gets the first bone and the whole cycle, described.
fn cycle_problems(
    model: &Model,
    code: &'static str,
    key: &'static str,
    cycles: Vec<Vec<usize>>,
) -> Vec<Problem> {
    cycles
        .into_iter()
        .map(|cyc| {
            let first = ElementRef::Bone(cyc[0] as i32);
            first
                .finding(model, code, key)
                .arg("cycle", cycle_names(model, &cyc))
                .related(cyc[1..].iter().map(|&b| ElementRef::Bone(b as i32)))
                .into()
        })
        .collect()
}

/// True when `anc` is a strict ancestor of `bone` (cycle-safe).
fn is_ancestor(model: &Model, anc: usize, bone: usize) -> bool {
    let n = model.bones.len();
    let mut cur = valid(model.bones[bone].parent, n);
    for _ in 0..n {
        match cur {
            Some(c) if c == anc => return true,
            Some(c) => cur = valid(model.bones[c].parent, n),
            None => return false,
        }
    }
    false
}

/// IK setup: `E-IK-TARGET-NONE` (target −1), `W-IK-NO-LINKS`, `W-IK-LOOP-ZERO`
/// (loop count ≤ 0: the solver never runs) and `E-IK-CHAIN` (link 0 must be an
/// ancestor of the target, link k an ancestor of link k−1; otherwise rotating
/// the link does not move the target the way the solver assumes).
pub fn check_ik(model: &Model) -> Vec<Problem> {
    let n = model.bones.len();
    let mut out = Vec::new();
    for (i, b) in model.bones.iter().enumerate() {
        let Some(ik) = &b.ik else { continue };
        let me = ElementRef::Bone(i as i32);
        if ik.target == crate::pmx::NONE {
            me.finding(model, "E-IK-TARGET-NONE", "check-msg-ik-target-none")
                .push(&mut out);
        }
        if ik.links.is_empty() {
            me.finding(model, "W-IK-NO-LINKS", "check-msg-ik-no-links")
                .push(&mut out);
        }
        if ik.loop_count <= 0 {
            me.finding(model, "W-IK-LOOP-ZERO", "check-msg-ik-loop-zero")
                .arg("count", ik.loop_count)
                .push(&mut out);
        }
        let Some(mut prev) = valid(ik.target, n) else {
            continue;
        };
        let mut prev_is_target = true;
        for (k, l) in ik.links.iter().enumerate() {
            let Some(lb) = valid(l.bone, n) else { break };
            if !is_ancestor(model, lb, prev) {
                let (link, other) = (ElementRef::Bone(lb as i32), ElementRef::Bone(prev as i32));
                me.finding(model, "E-IK-CHAIN", "check-msg-ik-chain")
                    .arg("k", k)
                    .element("link", link)
                    // A selector in the catalogues, not a text.
                    .arg("which", if prev_is_target { "target" } else { "link" })
                    .element("other", other)
                    .related([link, other])
                    .push(&mut out);
                break;
            }
            prev = lb;
            prev_is_target = false;
        }
    }
    out
}

/// Tolerance on |length − 1| before an axis counts as not normalised.
pub const AXIS_UNIT_TOLERANCE: f32 = 1e-2;
/// Below this length an axis has no direction.
const AXIS_ZERO: f32 = 1e-6;
/// |sin| between local X and Z below which they count as parallel.
const AXIS_PARALLEL: f32 = 1e-3;

/// `E-AXIS-DEGENERATE` (zero, non-finite, or local X ∥ Z: the frame the spec
/// builds with Y = Z×X, Z' = X×Y collapses) and `W-AXIS-NOT-UNIT`
/// (|length − 1| > 1e-2; fix: normalise).
pub fn check_axes(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, b) in model.bones.iter().enumerate() {
        let me = ElementRef::Bone(i as i32);
        let mut axes: Vec<(AxisKind, Vec3)> = Vec::new();
        if let Some(a) = b.fixed_axis {
            axes.push((AxisKind::Fixed, a));
        }
        if let Some(l) = b.local_axes {
            axes.push((AxisKind::LocalX, l.x));
            axes.push((AxisKind::LocalZ, l.z));
        }
        let mut all_ok = true;
        for (kind, v) in axes {
            let len = v.length();
            if !v.is_finite() || len < AXIS_ZERO {
                all_ok = false;
                me.finding(model, "E-AXIS-DEGENERATE", "check-msg-axis-degenerate")
                    .arg("axis", kind.label())
                    .arg("x", v.x.to_string())
                    .arg("y", v.y.to_string())
                    .arg("z", v.z.to_string())
                    .push(&mut out);
            } else if (len - 1.0).abs() > AXIS_UNIT_TOLERANCE {
                let bone = i as i32;
                me.finding(model, "W-AXIS-NOT-UNIT", "check-msg-axis-not-unit")
                    .arg("axis", kind.label())
                    .arg("len", format!("{len:.4}"))
                    .fix(Fix::NormalizeAxis { bone, axis: kind })
                    .push(&mut out);
            }
        }
        if let (Some(l), true) = (b.local_axes, all_ok) {
            let s = l.x.normalize().cross(l.z.normalize()).length();
            if s < AXIS_PARALLEL {
                me.finding(model, "E-AXIS-DEGENERATE", "check-msg-axis-parallel")
                    .push(&mut out);
            }
        }
    }
    out
}
