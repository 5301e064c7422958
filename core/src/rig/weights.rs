//! Vertex weight operations on a vertex selection, each one undo step: normalize, set
//! and scale a bone's weight, change the weight kind, BDEF2 → SDEF with computed
//! C/R0/R1 (in [`super::sdef`]), limit to N bones, prune small weights, replace a bone,
//! transfer weight between bones.
//!
//! Every operation returns `Ok(None)` when it would change nothing (so merely running
//! it on clean weights never touches the model) and an error for a bad vertex or bone
//! index. Only vertices whose weights change are in the edit.
//!
//! Operations keep a vertex's weight kind and slot order where they can (a BDEF4 whose
//! bone A is replaced by B keeps B in A's slot); a vertex that needs more bones than its
//! kind holds is promoted (BDEF1 → BDEF2 → BDEF4), and "limit" and "prune" compact it to
//! the smallest kind that holds what is left. QDEF stays QDEF.

use super::input::{check_bone, check_vertices, unique_sorted, InputError};
use crate::edit::ModelEdit;
use crate::pmx::{Model, Vertex, WeightKind, Weights, NONE};

use super::sdef::sdef_edit;
pub use super::sdef::{sdef_from_bdef2, sdef_params};
pub use super::weight_type::convert_weights;
use glam::Vec3;

/// Weights closer than this to 0 or 1 count as 0 or 1.
const EPS: f32 = 1e-6;

/// A vertex's (bone, weight) entries in slot order, duplicates merged. Slots on bone −1
/// with no weight (unused BDEF4 slots) are left out.
pub fn entries(w: &Weights) -> Vec<(i32, f32)> {
    let (bones, weights, n) = w.bone_weights();
    let mut out: Vec<(i32, f32)> = Vec::with_capacity(n);
    for k in 0..n {
        if bones[k] == NONE && weights[k] == 0.0 {
            continue;
        }
        match out.iter_mut().find(|(b, _)| *b == bones[k]) {
            Some(e) => e.1 += weights[k],
            None => out.push((bones[k], weights[k])),
        }
    }
    out
}

/// The effective weight of `bone` on a vertex (0 if it does not use it).
pub fn weight_of(w: &Weights, bone: i32) -> f32 {
    let (bones, weights, n) = w.bone_weights();
    (0..n)
        .filter(|&k| bones[k] == bone)
        .map(|k| weights[k])
        .sum()
}

/// Scales the positive weights to sum 1 (negative and non-finite weights become 0).
/// False if nothing positive is left.
fn normalize_list(list: &mut [(i32, f32)]) -> bool {
    for e in list.iter_mut() {
        if !e.1.is_finite() || e.1 < 0.0 {
            e.1 = 0.0;
        }
    }
    let sum: f32 = list.iter().map(|e| e.1).sum();
    if sum <= EPS {
        return false;
    }
    if (sum - 1.0).abs() > EPS {
        list.iter_mut().for_each(|e| e.1 /= sum);
    }
    true
}

/// Sets `bone`'s share to `value` (clamped to 0..=1) and scales the other bones so the
/// weights sum to 1. A bone the vertex lacks is added; when all four slots are taken
/// the smallest other bone makes room. A vertex whose only bone is `bone` keeps it at 1
/// (its weight has nowhere else to go).
pub fn set_share(list: &mut Vec<(i32, f32)>, bone: i32, value: f32) {
    let value = if value.is_finite() {
        value.clamp(0.0, 1.0)
    } else {
        return;
    };
    if !list.iter().any(|e| e.0 == bone) {
        if value <= 0.0 {
            return;
        }
        if list.len() >= 4 {
            // Drop the smallest entry to make room.
            if let Some(k) = (0..list.len()).min_by(|&a, &b| list[a].1.total_cmp(&list[b].1)) {
                list.remove(k);
            }
        }
        list.push((bone, 0.0));
    }
    let others: f32 = list
        .iter()
        .filter(|e| e.0 != bone)
        .map(|e| e.1.max(0.0))
        .sum();
    if others <= EPS {
        // Only `bone` carries weight: nothing to trade with.
        for e in list.iter_mut() {
            e.1 = if e.0 == bone { 1.0 } else { 0.0 };
        }
        return;
    }
    let scale = (1.0 - value) / others;
    for e in list.iter_mut() {
        e.1 = if e.0 == bone {
            value
        } else {
            e.1.max(0.0) * scale
        };
    }
}

/// Four BDEF4/QDEF slots from up to four entries; unused slots point at the first bone
/// with weight 0, as PMX Editor writes them (and as [`super::weight_math::from_entries`]).
fn pad4(v: &[(i32, f32)]) -> ([i32; 4], [f32; 4]) {
    let mut bones = [v.first().map_or(NONE, |e| e.0); 4];
    let mut weights = [0.0; 4];
    for (k, e) in v.iter().take(4).enumerate() {
        bones[k] = e.0;
        weights[k] = e.1;
    }
    (bones, weights)
}

/// Builds weights of `original`'s kind from `list` (see the module docs for the slot
/// rules). With `compact`, zero entries are dropped and the smallest kind is chosen.
pub fn rebuild(original: &Weights, list: &[(i32, f32)], compact: bool) -> Weights {
    let mut list: Vec<(i32, f32)> = list.to_vec();
    if compact {
        list.retain(|e| e.1 > EPS);
    }
    if list.is_empty() {
        return *original;
    }
    // Keep the original slot of every surviving bone; new bones fill freed slots.
    let old = original.bones();
    let mut slots: Vec<(i32, f32)> = old
        .iter()
        .map(|&b| match list.iter().position(|e| e.0 == b) {
            Some(k) => list.remove(k),
            None => (NONE, 0.0),
        })
        .collect();
    for e in list {
        match slots.iter_mut().find(|s| s.0 == NONE) {
            Some(s) => *s = e,
            None => slots.push(e),
        }
    }
    let used: Vec<(i32, f32)> = slots.iter().copied().filter(|s| s.0 != NONE).collect();
    if used.is_empty() {
        return *original;
    }
    // Freed slots point at the first bone too (see `pad4`).
    let padded = |v: &[(i32, f32)]| {
        let filled: Vec<(i32, f32)> = v
            .iter()
            .map(|&e| if e.0 == NONE { (used[0].0, 0.0) } else { e })
            .collect();
        pad4(&filled)
    };
    let kind = original.kind();
    if kind == WeightKind::Qdef {
        let (bones, weights) = padded(if compact { &used } else { &slots });
        return Weights::Qdef { bones, weights };
    }
    let two_slot = matches!(kind, WeightKind::Bdef2 | WeightKind::Sdef);
    match used.len() {
        // One bone left: BDEF1, unless a two-slot kind still names its other bone.
        1 if compact || !(two_slot && slots.len() == 2 && slots.iter().all(|s| s.0 != NONE)) => {
            Weights::Bdef1 { bone: used[0].0 }
        }
        1 | 2 if kind != WeightKind::Bdef4 || compact => {
            let pair = if used.len() == 2 {
                [used[0], used[1]]
            } else {
                [slots[0], slots[1]]
            };
            let bones = [pair[0].0, pair[1].0];
            let weight = (pair[0].1 / (pair[0].1 + pair[1].1).max(EPS)).clamp(0.0, 1.0);
            match *original {
                Weights::Sdef {
                    c,
                    r0,
                    r1,
                    bones: ob,
                    ..
                } if ob == bones => Weights::Sdef {
                    bones,
                    weight,
                    c,
                    r0,
                    r1,
                },
                Weights::Sdef {
                    c,
                    r0,
                    r1,
                    bones: ob,
                    ..
                } if ob == [bones[1], bones[0]] => Weights::Sdef {
                    bones,
                    weight,
                    c,
                    r0: r1,
                    r1: r0,
                },
                _ => Weights::Bdef2 { bones, weight },
            }
        }
        _ => {
            let (bones, weights) = padded(if compact || kind != WeightKind::Bdef4 {
                &used
            } else {
                &slots
            });
            Weights::Bdef4 { bones, weights }
        }
    }
}

/// Builds one edit from a per-vertex weight function; `None` from `f` or an unchanged
/// result leaves the vertex out.
fn edit_weights(
    model: &Model,
    vertices: &[usize],
    field: &str,
    mut f: impl FnMut(&Vertex) -> Option<Weights>,
) -> Result<Option<ModelEdit>, InputError> {
    check_vertices(model, vertices)?;
    let changed: Vec<(usize, Vertex)> = unique_sorted(vertices)
        .into_iter()
        .filter_map(|i| {
            let v = &model.vertices[i];
            let w = f(v)?;
            (w != v.weights).then(|| {
                let mut v = v.clone();
                v.weights = w;
                (i, v)
            })
        })
        .collect();
    Ok((!changed.is_empty()).then(|| ModelEdit::set_vertices(changed, field)))
}

/// Normalizes the weights of `vertices` (drops weights on bones outside the model and
/// rescales the rest to sum 1; the same rule as the checker's fix).
pub fn normalize(model: &Model, vertices: &[usize]) -> Result<Option<ModelEdit>, InputError> {
    let nb = model.bones.len();
    edit_weights(
        model,
        vertices,
        &crate::tr!("weights-field-normalize"),
        |v| {
            let mut w = v.weights;
            let sum_ok = match w {
                Weights::Bdef4 { weights, bones } | Weights::Qdef { weights, bones } => {
                    (weights.iter().sum::<f32>() - 1.0).abs() <= EPS
                        && weights.iter().all(|x| *x >= 0.0)
                        && (0..4).all(|k| {
                            weights[k] == 0.0 || (bones[k] >= 0 && (bones[k] as usize) < nb)
                        })
                }
                _ => false,
            };
            // Already normalised BDEF4: leave the stored floats alone.
            (!sum_ok && crate::check::fix::normalize_weights(&mut w, nb)).then_some(w)
        },
    )
}

/// Sets the weight of `bone` to `value` on every vertex, scaling the other bones so the
/// weights sum to 1 (the bone is added where missing, if `value` > 0).
pub fn set_weight(
    model: &Model,
    vertices: &[usize],
    bone: usize,
    value: f32,
) -> Result<Option<ModelEdit>, InputError> {
    let b = check_bone(model, bone)?;
    let label = crate::tr!("weights-field-of", bone = model.bones[bone].name.as_str());
    edit_weights(model, vertices, &label, |v| {
        let mut list = entries(&v.weights);
        set_share(&mut list, b, value);
        Some(rebuild(&v.weights, &list, false))
    })
    .map(|e| e.map(|e| e.value(value)))
}

/// Multiplies the weight of `bone` by `factor` (result clamped to 0..=1) and rescales
/// the other bones. Vertices without the bone are left alone.
pub fn scale_weight(
    model: &Model,
    vertices: &[usize],
    bone: usize,
    factor: f32,
) -> Result<Option<ModelEdit>, InputError> {
    let b = check_bone(model, bone)?;
    let label = crate::tr!(
        "weights-field-scale",
        bone = model.bones[bone].name.as_str(),
        factor = factor.to_string()
    );
    edit_weights(model, vertices, &label, |v| {
        let mut list = entries(&v.weights);
        let w = list.iter().find(|e| e.0 == b)?.1;
        set_share(&mut list, b, w * factor);
        Some(rebuild(&v.weights, &list, false))
    })
}

/// Keeps the `n` (1..=4) largest weights of every vertex, renormalised, in the smallest
/// kind that holds them (QDEF and a two-bone SDEF keep their kind).
pub fn limit_bones(
    model: &Model,
    vertices: &[usize],
    n: usize,
) -> Result<Option<ModelEdit>, InputError> {
    if !(1..=4).contains(&n) {
        return Err(InputError::Invalid(crate::tr!(
            "weights-err-limit",
            count = n
        )));
    }
    edit_weights(
        model,
        vertices,
        &crate::tr!("weights-field-limit", count = n),
        |v| {
            let mut list = entries(&v.weights);
            list.retain(|e| e.0 != NONE && e.1 > 0.0);
            // Nothing to drop: leave the vertex alone (QDEF keeps its kind, so only
            // its padding would change).
            let fits = v.weights.bones().len() <= n.max(2) || v.weights.kind() == WeightKind::Qdef;
            if list.len() <= n && fits {
                return None;
            }
            let mut order: Vec<usize> = (0..list.len()).collect();
            order.sort_by(|&a, &b| list[b].1.total_cmp(&list[a].1).then(a.cmp(&b)));
            let keep: Vec<usize> = order.into_iter().take(n).collect();
            let mut kept: Vec<(i32, f32)> = (0..list.len())
                .filter(|k| keep.contains(k))
                .map(|k| list[k])
                .collect();
            normalize_list(&mut kept).then(|| rebuild(&v.weights, &kept, true))
        },
    )
}

/// Drops weights below `threshold` (the largest weight always stays) and renormalises,
/// compacting the kind.
pub fn prune(
    model: &Model,
    vertices: &[usize],
    threshold: f32,
) -> Result<Option<ModelEdit>, InputError> {
    if !(threshold.is_finite() && (0.0..1.0).contains(&threshold)) {
        return Err(InputError::Invalid(crate::tr!(
            "weights-err-prune",
            value = threshold.to_string()
        )));
    }
    edit_weights(
        model,
        vertices,
        &crate::tr!("weights-field-prune", threshold = threshold.to_string()),
        |v| {
            let list = entries(&v.weights);
            let top = list.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
            let mut kept: Vec<(i32, f32)> = list
                .iter()
                .copied()
                .filter(|e| e.1 >= threshold && e.1 > 0.0 || e.0 == top.0)
                .collect();
            if kept.len() == list.len() {
                return None;
            }
            normalize_list(&mut kept).then(|| rebuild(&v.weights, &kept, true))
        },
    )
}

/// Moves `ratio` (0..=1) of bone `from`'s weight onto bone `to` on every vertex that
/// uses `from`. The sum is unchanged; with ratio 1 `from` is no longer referenced.
pub fn transfer_weight(
    model: &Model,
    vertices: &[usize],
    from: usize,
    to: usize,
    ratio: f32,
) -> Result<Option<ModelEdit>, InputError> {
    let (a, b) = (check_bone(model, from)?, check_bone(model, to)?);
    if !(ratio.is_finite() && (0.0..=1.0).contains(&ratio)) {
        return Err(InputError::Invalid(crate::tr!(
            "weights-err-transfer",
            value = ratio.to_string()
        )));
    }
    if a == b {
        return Ok(None);
    }
    let label = crate::tr!(
        "weights-field-transfer",
        from = model.bones[from].name.as_str(),
        to = model.bones[to].name.as_str()
    );
    edit_weights(model, vertices, &label, |v| {
        let mut list = entries(&v.weights);
        let ka = list.iter().position(|e| e.0 == a)?;
        let moved = list[ka].1 * ratio;
        if ratio >= 1.0 {
            list.remove(ka);
        } else {
            list[ka].1 -= moved;
        }
        match list.iter_mut().find(|e| e.0 == b) {
            Some(e) => e.1 += moved,
            None => list.push((b, moved)),
        }
        if list.len() > 4 {
            // Five bones: drop the smallest and renormalise.
            if let Some(k) = (0..list.len()).min_by(|&x, &y| list[x].1.total_cmp(&list[y].1)) {
                list.remove(k);
            }
            normalize_list(&mut list);
        }
        Some(rebuild(&v.weights, &list, false))
    })
}

/// Replaces every reference to bone `from` by bone `to` (weights of both merged).
pub fn replace_bone(
    model: &Model,
    vertices: &[usize],
    from: usize,
    to: usize,
) -> Result<Option<ModelEdit>, InputError> {
    transfer_weight(model, vertices, from, to, 1.0)
}

/// The vertex's bones by falling weight, at most `n`, renormalised (bone −1 left out).
fn largest(w: &Weights, n: usize) -> Vec<(i32, f32)> {
    let mut list = entries(w);
    list.retain(|e| e.0 != NONE);
    list.sort_by(|a, b| b.1.total_cmp(&a.1));
    list.truncate(n);
    normalize_list(&mut list);
    list
}

/// The two largest bones and bone 0's share (the second bone −1 for a one-bone vertex).
fn two_largest(w: &Weights) -> Option<([i32; 2], f32)> {
    match largest(w, 2).as_slice() {
        [a, b] => Some(([a.0, b.0], a.1)),
        [a] => Some(([a.0, NONE], 1.0)),
        _ => None,
    }
}

/// One vertex's weights as another kind (the one rule behind [`set_kind`] and the
/// inspector's weight-type choice). BDEF1 keeps the largest bone; BDEF2 and SDEF the
/// two largest, renormalised; BDEF4 and QDEF up to four (BDEF4 ↔ QDEF keep their
/// slots), unused slots on bone −1. A lone vertex's SDEF parameters come from
/// [`sdef_params`] over that vertex alone (C at the joint). None when the vertex has
/// no bone, or only one and SDEF is asked for.
pub fn convert(model: &Model, w: &Weights, position: Vec3, kind: WeightKind) -> Option<Weights> {
    Some(match kind {
        WeightKind::Bdef1 => Weights::Bdef1 {
            bone: largest(w, 1).first()?.0,
        },
        WeightKind::Bdef2 => {
            let (bones, weight) = two_largest(w)?;
            Weights::Bdef2 { bones, weight }
        }
        WeightKind::Sdef => {
            let (bones, weight) = two_largest(w)?;
            let nb = model.bones.len() as i32;
            if !bones.iter().all(|&b| (0..nb).contains(&b)) || bones[0] == bones[1] {
                return None;
            }
            let (c, r0, r1) = sdef_params(
                model,
                bones[0] as usize,
                bones[1] as usize,
                &[(position, weight)],
            );
            Weights::Sdef {
                bones,
                weight,
                c,
                r0,
                r1,
            }
        }
        WeightKind::Bdef4 | WeightKind::Qdef => {
            let (bones, weights) = match *w {
                Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
                    (bones, weights)
                }
                _ => pad4(&largest(w, 4)),
            };
            if kind == WeightKind::Qdef {
                Weights::Qdef { bones, weights }
            } else {
                Weights::Bdef4 { bones, weights }
            }
        }
    })
}

/// Changes the weight kind of every vertex (see [`convert`]). For SDEF, C/R0/R1 come
/// from [`sdef_params`] over all selected vertices of the same bone pair, and one-bone
/// vertices are left alone.
pub fn set_kind(
    model: &Model,
    vertices: &[usize],
    kind: WeightKind,
) -> Result<Option<ModelEdit>, InputError> {
    check_vertices(model, vertices)?;
    let label = crate::tr!("weights-field-kind", kind = kind.name());
    if kind == WeightKind::Sdef {
        let pairs: Vec<(usize, [i32; 2], f32)> = unique_sorted(vertices)
            .into_iter()
            .filter_map(|i| {
                let (bones, weight) = two_largest(&model.vertices[i].weights)?;
                (bones[1] != NONE).then_some((i, bones, weight))
            })
            .collect();
        return Ok(sdef_edit(model, &pairs)?.map(|e| e.label(format!("Set {label}"))));
    }
    edit_weights(model, vertices, &label, |v| {
        convert(model, &v.weights, v.position, kind)
    })
}
