//! Weight transfer between models: each selected vertex takes the weights of the
//! nearest point on another model's surface (barycentric blend of that triangle's three
//! vertices), with bones matched by name — for re-using a body's weights on clothing.

use super::input::{check_vertices, unique_sorted, InputError};
use super::spatial::SurfaceIndex;
use super::weights::entries;
use crate::edit::ModelEdit;
use crate::pmx::{Model, Vertex};
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TransferOptions {
    /// Vertices farther than this from the source surface keep their weights.
    pub max_distance: f32,
}

impl Default for TransferOptions {
    fn default() -> Self {
        TransferOptions {
            max_distance: f32::INFINITY,
        }
    }
}

/// What a transfer did, for the caller to show.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct TransferReport {
    /// Vertices that got new weights (including unchanged ones that matched exactly).
    pub transferred: usize,
    /// Vertices beyond `max_distance`, left alone.
    pub too_far: usize,
    /// Vertices whose source weights were all on bones the target lacks, left alone.
    pub unmatched: usize,
    /// Source bone names the target does not have (their weight was dropped).
    pub missing_bones: Vec<String>,
    /// Largest distance from a transferred vertex to the source surface.
    pub max_distance: f32,
}

/// Copies weights from `source` onto `vertices` of `target` (see the module docs). The
/// result has at most four bones (the largest, renormalised): BDEF1, BDEF2 or BDEF4.
pub fn transfer_from_model(
    target: &Model,
    source: &Model,
    vertices: &[usize],
    options: TransferOptions,
) -> Result<(Option<ModelEdit>, TransferReport), InputError> {
    check_vertices(target, vertices)?;
    let surface = SurfaceIndex::new(source)
        .ok_or_else(|| InputError::Invalid(crate::tr!("transfer-err-no-triangles")))?;
    // Source bone index → target bone index by name (first of a duplicated name).
    let mut by_name: HashMap<&str, i32> = HashMap::new();
    for (i, b) in target.bones.iter().enumerate() {
        by_name.entry(b.name.as_str()).or_insert(i as i32);
    }
    let bone_map: Vec<Option<i32>> = source
        .bones
        .iter()
        .map(|b| by_name.get(b.name.as_str()).copied())
        .collect();
    let mut report = TransferReport::default();
    let mut missing: Vec<usize> = Vec::new();
    let mut changed: Vec<(usize, Vertex)> = Vec::new();
    for i in unique_sorted(vertices) {
        let v = &target.vertices[i];
        let Some(hit) = surface.nearest(v.position) else {
            report.unmatched += 1;
            continue;
        };
        if hit.distance > options.max_distance {
            report.too_far += 1;
            continue;
        }
        let mut acc: Vec<(i32, f32)> = Vec::new();
        for (k, &corner) in hit.triangle.iter().enumerate() {
            let b = hit.barycentric[k];
            if b <= 0.0 {
                continue;
            }
            let Some(sv) = source.vertices.get(corner as usize) else {
                continue;
            };
            for (bone, w) in entries(&sv.weights) {
                let mapped = usize::try_from(bone)
                    .ok()
                    .and_then(|s| bone_map.get(s).map(|m| (s, *m)));
                match mapped {
                    Some((_, Some(t))) => match acc.iter_mut().find(|e| e.0 == t) {
                        Some(e) => e.1 += b * w,
                        None => acc.push((t, b * w)),
                    },
                    Some((s, None)) if w > 0.0 && !missing.contains(&s) => missing.push(s),
                    _ => {}
                }
            }
        }
        acc.retain(|e| e.1 > 1e-6);
        acc.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        acc.truncate(4);
        let sum: f32 = acc.iter().map(|e| e.1).sum();
        if sum <= 1e-6 {
            report.unmatched += 1;
            continue;
        }
        let Some(weights) = super::weight_math::from_entries(&acc) else {
            report.unmatched += 1;
            continue;
        };
        report.transferred += 1;
        report.max_distance = report.max_distance.max(hit.distance);
        if weights != v.weights {
            let mut v = v.clone();
            v.weights = weights;
            changed.push((i, v));
        }
    }
    missing.sort_unstable();
    report.missing_bones = missing
        .into_iter()
        .map(|s| source.bones[s].name.clone())
        .collect();
    let n = changed.len();
    let edit = (!changed.is_empty()).then(|| {
        ModelEdit::set_vertices(changed, "weights").label(crate::tr!(
            "rig-label-transfer-weights",
            count = n,
            source = source.info.name.as_str()
        ))
    });
    Ok((edit, report))
}
