//! BDEF2 → SDEF: where C, R0 and R1 go (see [`sdef_params`]) and the edit that
//! converts a selection.

use super::input::{check_vertices, unique_sorted, InputError};
use crate::edit::ModelEdit;
use crate::pmx::{Model, Tail, Vertex, Weights};
use glam::Vec3;

/// Weights closer than this to 0 or 1 count as 0 or 1.
const EPS: f32 = 1e-6;

/// Turns the BDEF2 vertices of the selection into SDEF with C, R0 and R1 computed by
/// [`sdef_params`] (one computation per bone pair over the selected vertices). Other
/// kinds are left alone.
pub fn sdef_from_bdef2(model: &Model, vertices: &[usize]) -> Result<Option<ModelEdit>, InputError> {
    check_vertices(model, vertices)?;
    let pairs: Vec<(usize, [i32; 2], f32)> = unique_sorted(vertices)
        .into_iter()
        .filter_map(|i| match model.vertices[i].weights {
            Weights::Bdef2 { bones, weight } => Some((i, bones, weight)),
            _ => None,
        })
        .collect();
    sdef_edit(model, &pairs)
}

/// Vertices sharing an SDEF bone pair: (pair, [(rest position, weight of pair[0])]).
type PairGroup = ([i32; 2], Vec<(Vec3, f32)>);

pub(super) fn sdef_edit(
    model: &Model,
    pairs: &[(usize, [i32; 2], f32)],
) -> Result<Option<ModelEdit>, InputError> {
    let nb = model.bones.len();
    let ok = |b: i32| b >= 0 && (b as usize) < nb;
    // Group by unordered bone pair; members carry the weight of the pair's first bone.
    let mut groups: Vec<PairGroup> = Vec::new();
    for &(i, bones, weight) in pairs {
        if !ok(bones[0]) || !ok(bones[1]) || bones[0] == bones[1] {
            continue;
        }
        let (key, w) = if bones[0] < bones[1] {
            (bones, weight)
        } else {
            ([bones[1], bones[0]], 1.0 - weight)
        };
        let p = model.vertices[i].position;
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push((p, w)),
            None => groups.push((key, vec![(p, w)])),
        }
    }
    let params: Vec<([i32; 2], (Vec3, Vec3, Vec3))> = groups
        .iter()
        .map(|(key, members)| {
            (
                *key,
                sdef_params(model, key[0] as usize, key[1] as usize, members),
            )
        })
        .collect();
    let changed: Vec<(usize, Vertex)> = pairs
        .iter()
        .filter_map(|&(i, bones, weight)| {
            let (key, (c, ra, rb)) = params
                .iter()
                .find(|(k, _)| *k == bones || *k == [bones[1], bones[0]])?;
            let (r0, r1) = if *key == bones {
                (*ra, *rb)
            } else {
                (*rb, *ra)
            };
            let mut v = model.vertices[i].clone();
            v.weights = Weights::Sdef {
                bones,
                weight,
                c: *c,
                r0,
                r1,
            };
            (v.weights != model.vertices[i].weights).then_some((i, v))
        })
        .collect();
    Ok((!changed.is_empty())
        .then(|| ModelEdit::set_vertices(changed, crate::tr!("weights-field-sdef"))))
}

/// Where a bone's tail ends (its tail bone's position or its offset end).
fn tail_end(model: &Model, bone: usize) -> Vec3 {
    let b = &model.bones[bone];
    match b.tail {
        Tail::Offset(o) => b.position + o,
        Tail::Bone(t) => usize::try_from(t)
            .ok()
            .and_then(|t| model.bones.get(t))
            .map_or(b.position, |t| t.position),
    }
}

/// Least-squares line w = a + b·t through (t, w) samples; None without two distinct t.
fn fit_line(samples: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n = samples.len() as f64;
    if samples.len() < 2 {
        return None;
    }
    let mt = samples.iter().map(|s| s.0).sum::<f64>() / n;
    let mw = samples.iter().map(|s| s.1).sum::<f64>() / n;
    let stt: f64 = samples.iter().map(|s| (s.0 - mt).powi(2)).sum();
    if stt < 1e-12 {
        return None;
    }
    let stw: f64 = samples.iter().map(|s| (s.0 - mt) * (s.1 - mw)).sum();
    let b = stw / stt;
    Some((mw - b * mt, b))
}

/// SDEF parameters for bones `a` and `b` over vertices given as (rest position, weight
/// of `a`). Returns (C, R for `a`, R for `b`).
///
/// The spec only says C, R0 and R1 exist and that R0/R1 need correcting (which the
/// skinning does, see `deform::skin`). Hone places them so that SDEF rotates the blend
/// region about the joint, as the checker's W-SDEF-CENTER expects:
/// - C is the joint: the head of whichever bone is the other's descendant (the midpoint
///   of the two heads when neither is). With C there, a pure bend maps the blend region
///   rigidly about the joint, which is what keeps an elbow's cross-section.
/// - R of the child bone lies on the child's axis (head → tail) where the child's weight
///   reaches 1, R of the parent bone on the parent's axis (its head → the joint) where
///   the child's weight falls to 0: the two ends of the blend, found by fitting a line
///   to weight against distance along the axis on each side of the joint. A side with
///   too few distinct samples uses the fit over both sides, then its farthest vertex.
pub fn sdef_params(
    model: &Model,
    a: usize,
    b: usize,
    members: &[(Vec3, f32)],
) -> (Vec3, Vec3, Vec3) {
    let (ha, hb) = (model.bones[a].position, model.bones[b].position);
    let related = if super::input::is_ancestor(model, b, a) {
        Some((a, b))
    } else if super::input::is_ancestor(model, a, b) {
        Some((b, a))
    } else {
        None
    };
    let (child, joint, child_dir, parent_dir) = match related {
        Some((child, parent)) => {
            let joint = model.bones[child].position;
            let parent_dir = (joint - model.bones[parent].position).normalize_or_zero();
            let child_dir = (tail_end(model, child) - joint).normalize_or_zero();
            let child_dir = if child_dir == Vec3::ZERO {
                parent_dir
            } else {
                child_dir
            };
            let parent_dir = if parent_dir == Vec3::ZERO {
                child_dir
            } else {
                parent_dir
            };
            (child, joint, child_dir, parent_dir)
        }
        None => {
            let d = (ha - hb).normalize_or_zero();
            (a, (ha + hb) * 0.5, d, d)
        }
    };
    let normal = (child_dir + parent_dir).normalize_or_zero();
    let scale = members
        .iter()
        .map(|(p, _)| (*p - joint).length())
        .fold(0.0f32, f32::max)
        .max(1e-3);
    // (t along the side's axis, weight of the child bone)
    let mut child_side: Vec<(f64, f64)> = Vec::new();
    let mut parent_side: Vec<(f64, f64)> = Vec::new();
    for &(p, wa) in members {
        let wc = if child == a { wa } else { 1.0 - wa };
        if !(wc > EPS && wc < 1.0 - EPS) {
            continue;
        }
        let d = p - joint;
        let s = d.dot(normal);
        if s >= -1e-4 * scale {
            child_side.push((d.dot(child_dir) as f64, wc as f64));
        }
        if s <= 1e-4 * scale {
            parent_side.push((d.dot(parent_dir) as f64, wc as f64));
        }
    }
    let both: Vec<(f64, f64)> = child_side.iter().chain(&parent_side).copied().collect();
    let global = fit_line(&both).filter(|l| l.1 > 1e-9);
    let end = |side: &[(f64, f64)], target: f64, farthest: f64| -> f64 {
        fit_line(side)
            .filter(|l| l.1 > 1e-9)
            .or(global)
            .map_or(farthest, |(a0, b1)| (target - a0) / b1)
    };
    let far_child = child_side.iter().map(|s| s.0).fold(0.0, f64::max);
    let far_parent = parent_side.iter().map(|s| s.0).fold(0.0, f64::min);
    let t_child = end(&child_side, 1.0, far_child).max(0.0) as f32;
    let t_parent = end(&parent_side, 0.0, far_parent).min(0.0) as f32;
    let r_child = joint + child_dir * t_child;
    let r_parent = joint + parent_dir * t_parent;
    if child == a {
        (joint, r_child, r_parent)
    } else {
        (joint, r_parent, r_child)
    }
}
