//! The display-frame and vertex-weight parts of the mirror (see [`super::mirror`]).

use super::mirror::{mirrored_weights, MirrorReport, Pairs};
use super::names::Side;
use super::symmetric::VertexMirror;
use crate::edit::Element;
use crate::pmx::{DisplayElement, Model};
use std::collections::HashMap;

/// Puts each created or overwritten counterpart that no display frame lists right
/// after its source in the source's frame.
pub(super) fn frame_entries(
    model: &Model,
    bones: &Pairs,
    morphs: &Pairs,
    changed: &mut Vec<(usize, Element)>,
    report: &mut MirrorReport,
) {
    // DisplayElement is not Hash; (is a morph, index) stands for it.
    let key = |e: &DisplayElement| match *e {
        DisplayElement::Bone(b) => (false, b),
        DisplayElement::Morph(m) => (true, m),
    };
    let listed: std::collections::HashSet<(bool, i32)> = model
        .display_frames
        .iter()
        .flat_map(|f| f.elements.iter().map(key))
        .collect();
    let bone_target: HashMap<i32, i32> = bones
        .pairs
        .iter()
        .map(|&(s, t)| (s as i32, t as i32))
        .collect();
    let morph_target: HashMap<i32, i32> = morphs
        .pairs
        .iter()
        .map(|&(s, t)| (s as i32, t as i32))
        .collect();
    let mut placed = std::collections::HashSet::new();
    for (fi, frame) in model.display_frames.iter().enumerate() {
        let mut elements = Vec::with_capacity(frame.elements.len());
        for &e in &frame.elements {
            elements.push(e);
            let counterpart = match e {
                DisplayElement::Bone(b) => bone_target.get(&b).map(|&t| DisplayElement::Bone(t)),
                DisplayElement::Morph(m) => morph_target.get(&m).map(|&t| DisplayElement::Morph(t)),
            };
            if let Some(c) = counterpart {
                if !listed.contains(&key(&c)) && placed.insert(key(&c)) {
                    elements.push(c);
                }
            }
        }
        if elements.len() != frame.elements.len() {
            report.display_entries_added += elements.len() - frame.elements.len();
            let mut f = frame.clone();
            f.elements = elements;
            changed.push((fi, f.into()));
        }
    }
}

/// Target-side vertices take the weights of their mirror vertex, bones swapped.
#[allow(clippy::too_many_arguments)]
pub(super) fn weights(
    model: &Model,
    bones: &Pairs,
    to: Side,
    tol: f32,
    selected_vertices: Option<&[usize]>,
    selected_bones: Option<&[usize]>,
    changed: &mut Vec<(usize, Element)>,
    report: &mut MirrorReport,
) {
    if model.vertices.is_empty() {
        return;
    }
    let index = VertexMirror::new(&model.vertices);
    let on_target = |v: usize| Side::of_x(model.vertices[v].position.x, tol) == Some(to);
    let mut targets: Vec<usize> = match (selected_vertices, selected_bones) {
        (None, _) => (0..model.vertices.len())
            .filter(|&v| on_target(v))
            .collect(),
        (Some(vs), bs) => {
            let mut t: Vec<usize> = vs
                .iter()
                .filter(|&&v| v < model.vertices.len())
                .filter_map(|&v| {
                    if on_target(v) {
                        Some(v)
                    } else {
                        index.mirror_of(v, tol).filter(|&m| on_target(m))
                    }
                })
                .collect();
            if let Some(bs) = bs.filter(|b| !b.is_empty()) {
                let mut wanted = vec![false; model.bones.len()];
                bs.iter().for_each(|&b| wanted[b] = true);
                let uses = |v: usize| {
                    let (b, w, n) = model.vertices[v].weights.bone_weights();
                    (0..n).any(|k| {
                        w[k] != 0.0 && b[k] >= 0 && wanted.get(b[k] as usize) == Some(&true)
                    })
                };
                for v in 0..model.vertices.len() {
                    if on_target(v) && uses(v) {
                        t.push(v);
                    } else if !on_target(v) && uses(v) {
                        if let Some(m) = index.mirror_of(v, tol).filter(|&m| on_target(m)) {
                            t.push(m);
                        }
                    }
                }
            }
            t
        }
    };
    targets.sort_unstable();
    targets.dedup();
    report.vertices_considered = targets.len();
    for v in targets {
        let Some(source) = index.mirror_of(v, tol) else {
            report.vertices_without_mirror += 1;
            continue;
        };
        let w = mirrored_weights(&model.vertices[source].weights, bones);
        if w != model.vertices[v].weights {
            let mut vertex = model.vertices[v].clone();
            vertex.weights = w;
            report.vertices_changed += 1;
            changed.push((v, vertex.into()));
        }
    }
}
