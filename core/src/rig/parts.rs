//! Removing materials with what only they used, and extracting materials as a
//! model of their own. Extracting is "copy, remove every other material and clean
//! up", so one rule ([`plan_removal`]) decides what is unused.
//!
//! What goes with removed materials:
//! * their faces, and the vertices no remaining face uses;
//! * the textures no remaining material uses;
//! * the bones nothing uses any more: no remaining vertex weights them and no kept
//!   bone refers to them as parent, tail (接続先), append parent (付与親), IK target or
//!   IK link. An IK bone whose target or a link is kept is kept (the part keeps its
//!   rig). On removal a bone with a rigid body or bone-morph use also stays; on
//!   extraction it goes with its bodies (and the joints that lose a body);
//! * soft bodies on removed materials, morphs left with no offsets (group morphs
//!   whose members all went too) and display frames left with no items (never the
//!   special ones).
//!
//! On removal only what the removed faces used is considered (a tip bone or a
//! texture unused before stays); extraction considers everything.

use crate::edit::{remap, ElementKind, ElementSet};
use crate::pmx::{DisplayElement, Model, MorphOffsets, Tail, Toon};

/// Removing materials and cleaning up, or extracting the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Remove the given materials; clean up what only they used.
    Remove,
    /// Keep only what the remaining materials need.
    Extract,
}

/// What goes, by kind (indices into the model before the removal, ascending).
pub type Removal = ElementSet;

fn indices(flags: &[bool]) -> Vec<usize> {
    flags
        .iter()
        .enumerate()
        .filter_map(|(i, &f)| f.then_some(i))
        .collect()
}

fn flag(flags: &[bool], index: i32) -> bool {
    usize::try_from(index)
        .ok()
        .and_then(|i| flags.get(i).copied())
        .unwrap_or(false)
}

/// What removing `materials` (out-of-range indices ignored) takes with it.
pub fn plan_removal(model: &Model, materials: &[usize], scope: Scope) -> Removal {
    let extract = scope == Scope::Extract;
    let mut gone_material = vec![false; model.materials.len()];
    for &m in materials {
        if let Some(g) = gone_material.get_mut(m) {
            *g = true;
        }
    }

    // Vertices: used by a kept face, or touched by a removed one.
    let mut vertex_uses = Uses::new(model.vertices.len());
    let ranges = remap::material_face_ranges(model);
    for (m, range) in ranges.iter().enumerate() {
        let faces = &model.faces[range.clone()];
        vertex_uses.mark(gone_material[m], faces.iter().flatten().copied());
    }
    // Faces past the last material's range belong to no material; they stay.
    let covered = ranges.last().map_or(0, |r| r.end);
    let unowned = &model.faces[covered.min(model.faces.len())..];
    vertex_uses.mark(false, unowned.iter().flatten().copied());
    let gone_vertex = vertex_uses.gone(extract);

    // Textures.
    let mut texture_uses = Uses::new(model.textures.len());
    for (m, mat) in model.materials.iter().enumerate() {
        let toon = match mat.toon {
            Toon::Texture(t) => t,
            Toon::Shared(_) => -1,
        };
        texture_uses.mark(gone_material[m], [mat.texture, mat.sphere_texture, toon]);
    }
    let gone_texture = texture_uses.gone(extract);

    let gone_bone = bones_to_remove(model, &gone_vertex, extract);

    // Bodies and joints (extraction only: on removal every body keeps its bone).
    let gone_body: Vec<bool> = model
        .rigid_bodies
        .iter()
        .map(|b| {
            extract
                && (b.bone < 0 || flag(&gone_bone, b.bone) || b.bone as usize >= model.bones.len())
        })
        .collect();
    let gone_joint: Vec<bool> = model
        .joints
        .iter()
        .map(|j| extract && (!body_kept(&gone_body, j.body_a) || !body_kept(&gone_body, j.body_b)))
        .collect();
    let gone_soft: Vec<bool> = model
        .soft_bodies
        .iter()
        .map(|s| flag(&gone_material, s.material))
        .collect();

    // Morphs left empty (repeated: a group morph may lose its last member).
    let mut gone_morph = vec![false; model.morphs.len()];
    loop {
        let mut changed = false;
        for (i, morph) in model.morphs.iter().enumerate() {
            if gone_morph[i] || morph.offsets.is_empty() {
                continue;
            }
            let all_gone = match &morph.offsets {
                MorphOffsets::Group(o) | MorphOffsets::Flip(o) => {
                    o.iter().all(|o| flag(&gone_morph, o.morph))
                }
                MorphOffsets::Vertex(o) => o.iter().all(|o| flag(&gone_vertex, o.vertex)),
                MorphOffsets::Uv { offsets, .. } => {
                    offsets.iter().all(|o| flag(&gone_vertex, o.vertex))
                }
                MorphOffsets::Bone(o) => o.iter().all(|o| flag(&gone_bone, o.bone)),
                MorphOffsets::Material(o) => o.iter().all(|o| flag(&gone_material, o.material)),
                MorphOffsets::Impulse(o) => o.iter().all(|o| flag(&gone_body, o.rigid_body)),
            };
            if all_gone {
                gone_morph[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let gone_frame: Vec<bool> = model
        .display_frames
        .iter()
        .map(|f| {
            !f.special
                && !f.elements.is_empty()
                && f.elements.iter().all(|e| match *e {
                    DisplayElement::Bone(b) => flag(&gone_bone, b),
                    DisplayElement::Morph(m) => flag(&gone_morph, m),
                })
        })
        .collect();

    Removal {
        materials: indices(&gone_material),
        vertices: indices(&gone_vertex),
        textures: indices(&gone_texture),
        bones: indices(&gone_bone),
        rigid_bodies: indices(&gone_body),
        joints: indices(&gone_joint),
        soft_bodies: indices(&gone_soft),
        morphs: indices(&gone_morph),
        display_frames: indices(&gone_frame),
    }
}

fn body_kept(gone_body: &[bool], body: i32) -> bool {
    usize::try_from(body)
        .ok()
        .and_then(|b| gone_body.get(b))
        .is_some_and(|&gone| !gone)
}

/// The bones to remove (see the module docs).
fn bones_to_remove(model: &Model, gone_vertex: &[bool], extract: bool) -> Vec<bool> {
    let n = model.bones.len();
    let mut weighted = Uses::new(n);
    for (v, vertex) in model.vertices.iter().enumerate() {
        weighted.mark(gone_vertex[v], vertex.weights.bones().iter().copied());
    }
    let Uses {
        kept: weighted_kept,
        gone: weighted_gone,
    } = weighted;

    // Candidates: everything on extraction; on removal the bones that weighted
    // removed vertices, and the descendants of those left with no weights.
    let mut candidate = vec![extract; n];
    if !extract {
        let mut stack: Vec<usize> = (0..n)
            .filter(|&b| weighted_gone[b] && !weighted_kept[b])
            .collect();
        for (b, c) in candidate.iter_mut().enumerate() {
            *c = weighted_gone[b];
        }
        let children = children_of(model);
        while let Some(b) = stack.pop() {
            for &c in &children[b] {
                if !candidate[c] {
                    candidate[c] = true;
                    if !weighted_kept[c] {
                        stack.push(c);
                    }
                }
            }
        }
    }

    let mut kept: Vec<bool> = (0..n).map(|b| !candidate[b] || weighted_kept[b]).collect();
    if !extract {
        for body in &model.rigid_bodies {
            mark(&mut kept, body.bone);
        }
        for morph in &model.morphs {
            if let MorphOffsets::Bone(o) = &morph.offsets {
                for o in o {
                    mark(&mut kept, o.bone);
                }
            }
        }
    }

    // Close over what kept bones refer to; keep IK bones driving kept bones.
    loop {
        let mut changed = false;
        for (b, bone) in model.bones.iter().enumerate() {
            if !kept[b] {
                let drives_kept = bone.ik.as_ref().is_some_and(|ik| {
                    flag(&kept, ik.target) || ik.links.iter().any(|l| flag(&kept, l.bone))
                });
                if !drives_kept {
                    continue;
                }
                kept[b] = true;
                changed = true;
            }
            let mut refs = vec![bone.parent];
            if let Tail::Bone(t) = bone.tail {
                refs.push(t);
            }
            if let Some(a) = &bone.append {
                refs.push(a.parent);
            }
            if let Some(ik) = &bone.ik {
                refs.push(ik.target);
                refs.extend(ik.links.iter().map(|l| l.bone));
            }
            for r in refs {
                changed |= mark(&mut kept, r);
            }
        }
        if !changed {
            break;
        }
    }
    kept.iter().map(|&k| !k).collect()
}

/// Marks `index` (if valid); true if it was not marked.
/// Which of a list's elements are referred to by kept and by removed users.
struct Uses {
    kept: Vec<bool>,
    gone: Vec<bool>,
}

impl Uses {
    fn new(n: usize) -> Uses {
        Uses {
            kept: vec![false; n],
            gone: vec![false; n],
        }
    }

    /// Marks what one user refers to (negative or out-of-range indices ignored).
    fn mark(&mut self, user_gone: bool, refs: impl IntoIterator<Item = i32>) {
        let marks = if user_gone {
            &mut self.gone
        } else {
            &mut self.kept
        };
        for r in refs {
            mark(marks, r);
        }
    }

    /// What goes: no kept user refers to it, and (unless `extract`, which takes
    /// everything no kept user needs) a removed user did.
    fn gone(&self, extract: bool) -> Vec<bool> {
        (0..self.kept.len())
            .map(|i| !self.kept[i] && (extract || self.gone[i]))
            .collect()
    }
}

fn mark(flags: &mut [bool], index: i32) -> bool {
    match usize::try_from(index).ok().and_then(|i| flags.get_mut(i)) {
        Some(f) if !*f => {
            *f = true;
            true
        }
        _ => false,
    }
}

fn children_of(model: &Model) -> Vec<Vec<usize>> {
    let mut children = vec![Vec::new(); model.bones.len()];
    for (b, bone) in model.bones.iter().enumerate() {
        if let Some(list) = usize::try_from(bone.parent)
            .ok()
            .filter(|&p| p != b)
            .and_then(|p| children.get_mut(p))
        {
            list.push(b);
        }
    }
    children
}

/// Counts, then the names of what goes (bones, textures, morphs, frames).
pub fn summary(r: &Removal, model: &Model) -> Vec<String> {
    let mut lines = vec![crate::tr!(
        "remove-materials-summary",
        materials = r.materials.len(),
        vertices = r.vertices.len(),
        textures = r.textures.len(),
        bones = r.bones.len(),
        bodies = r.rigid_bodies.len(),
        joints = r.joints.len(),
        morphs = r.morphs.len(),
        frames = r.display_frames.len()
    )];
    let mut line = |key: &str, kind: ElementKind, list: &[usize]| {
        if !list.is_empty() {
            let all = kind.names(model);
            let names: Vec<&str> = list.iter().map(|&i| all[i]).collect();
            lines.push(crate::tr!(key, names = names.join(", ")));
        }
    };
    line(
        "remove-materials-materials",
        ElementKind::Material,
        &r.materials,
    );
    line("remove-materials-bones", ElementKind::Bone, &r.bones);
    line(
        "remove-materials-textures",
        ElementKind::Texture,
        &r.textures,
    );
    line(
        "remove-materials-bodies",
        ElementKind::RigidBody,
        &r.rigid_bodies,
    );
    line("remove-materials-morphs", ElementKind::Morph, &r.morphs);
    line(
        "remove-materials-frames",
        ElementKind::DisplayFrame,
        &r.display_frames,
    );
    lines
}

/// A copy of `model` holding only `materials` and what they need (see the module
/// docs). Out-of-range indices are ignored.
pub fn extract(model: &Model, materials: &[usize]) -> Result<Model, crate::edit::EditError> {
    let others: Vec<usize> = (0..model.materials.len())
        .filter(|m| !materials.contains(m))
        .collect();
    let mut part = model.clone();
    if let Some(edit) = plan_removal(model, &others, Scope::Extract).into_deletion("extract") {
        crate::edit::History::new().apply(&mut part, edit)?;
    }
    Ok(part)
}
