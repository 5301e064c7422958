//! Deleting elements that other elements refer to: what refers to them
//! ([`find_references`], e.g. "1 rigid body, 3 joints and 120 vertex weights refer
//! to 後髪A1_1") and one undoable edit per answer ([`delete_with_references`]):
//!
//! * [`RefPolicy::Error`]: refuse while anything outside the deleted set refers to it.
//! * [`RefPolicy::Delete`] ("delete them too"): elements that exist only for the
//!   deleted ones go with them — the rigid bodies on deleted bones and the joints of
//!   deleted bodies, soft bodies of a deleted material. What cannot be deleted on its
//!   own is re-pointed as below (vertex weights) or dropped (IK links, morph offsets,
//!   display-frame entries); an IK whose target is deleted and an append from a
//!   deleted bone are removed from their bones.
//! * [`RefPolicy::Repoint`]: references move to the deleted element's nearest
//!   surviving parent — vertex weights to the parent bone (duplicates merged,
//!   renormalised), rigid bodies to the parent bone, child bones to the parent,
//!   append parents and IK targets to the parent, joints to the body on the nearest
//!   surviving ancestor bone (a joint left with no body or the same body on both
//!   ends is deleted); list entries (IK links, morph offsets, display-frame entries,
//!   soft-body anchors) are dropped.
//!
//! In both non-error policies a bone whose tail pointed at a deleted bone keeps its
//! drawn end: the tail becomes an offset to where the deleted bone was. Everything
//! the remapper knows ([`super::remap`]) is covered; the kinds listed there as having
//! no referrers (joints, soft bodies, display frames) delete without questions.

use super::{Element, ElementKind, ElementSet, ModelEdit};
use crate::pmx::{DisplayElement, Model, MorphOffsets, Tail, Weights, NONE};
use std::collections::BTreeSet;

/// What to do with references to deleted elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RefPolicy {
    /// Refuse and say what refers (the safe default for scripts).
    #[default]
    Error,
    /// Delete the dependent bodies, joints and soft bodies too.
    Delete,
    /// Move references to the nearest surviving parent.
    Repoint,
}

/// Everything outside a set of elements that refers to it (indices ascending).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct References {
    /// Names of the elements asked about ("後髪A1_1"), for the message.
    pub targets: Vec<String>,
    pub kind: Option<ElementKind>,
    /// Bones whose parent is a target.
    pub child_bones: Vec<usize>,
    /// Bones whose tail, append parent, IK target or IK links name a target.
    pub linked_bones: Vec<usize>,
    /// The other elements that refer: vertices with a weight on a target bone,
    /// rigid bodies on a target bone, joints on a target body or on a body of a
    /// target bone, morphs with offsets on a target (bone, morph, material or body
    /// offsets), display frames listing a target, soft bodies on a target material
    /// or anchored to a target body, materials using a target texture.
    pub referrers: ElementSet,
}

impl References {
    pub fn is_empty(&self) -> bool {
        self.parts().is_empty()
    }

    /// "3 joints", "120 vertex weights", … in a fixed order (the current language).
    pub fn parts(&self) -> Vec<String> {
        let n = |count: usize, key: &'static str| {
            (count > 0)
                .then(|| crate::i18n::lookup(&crate::i18n::CORE, key, &[("count", count.into())]))
        };
        [
            n(self.child_bones.len(), "refs-child-bones"),
            n(self.linked_bones.len(), "refs-bone-links"),
            n(self.referrers.rigid_bodies.len(), "refs-rigid-bodies"),
            n(self.referrers.joints.len(), "refs-joints"),
            n(self.referrers.vertices.len(), "refs-vertex-weights"),
            n(self.referrers.morphs.len(), "refs-morphs"),
            n(self.referrers.display_frames.len(), "refs-display-frames"),
            n(self.referrers.soft_bodies.len(), "refs-soft-bodies"),
            n(self.referrers.materials.len(), "refs-materials"),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// How many elements refer (1 picks English's "refers").
    fn count(&self) -> usize {
        self.child_bones.len() + self.linked_bones.len() + self.referrers.len()
    }
}

impl std::fmt::Display for References {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts = self.parts();
        let list = match parts.split_last() {
            None => return f.write_str(&crate::tr!("refs-nothing")),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => crate::tr!(
                "refs-list",
                first = rest.join(&crate::tr!("refs-separator")),
                last = last.as_str()
            ),
        };
        let target = match self.targets.as_slice() {
            [one] => one.clone(),
            [first, rest @ ..] if rest.len() <= 2 => {
                format!(
                    "{first}{}{}",
                    crate::tr!("refs-separator"),
                    rest.join(&crate::tr!("refs-separator"))
                )
            }
            many => crate::tr!(
                "refs-many-targets",
                count = many.len(),
                kind = self
                    .kind
                    .map_or_else(|| crate::tr!("refs-elements"), |k| k.plural_label())
            ),
        };
        f.write_str(&crate::tr!(
            "refs-refer-to",
            list = list,
            count = self.count(),
            target = target
        ))
    }
}

/// Why [`delete_with_references`] refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeleteError {
    #[error("{}", crate::tr!("err-delete-referenced", refs = .0.to_string()))]
    Referenced(Box<References>),
    #[error("{0}")]
    Edit(#[from] super::EditError),
    #[error("{}", crate::tr!("err-delete-no-parent-for-weights", bone = .0.as_str()))]
    NoParentForWeights(String),
}

fn mask(len: usize, indices: &[usize]) -> Vec<bool> {
    let mut m = vec![false; len];
    for &i in indices {
        if i < len {
            m[i] = true;
        }
    }
    m
}

fn hit(mask: &[bool], x: i32) -> bool {
    x >= 0 && (x as usize) < mask.len() && mask[x as usize]
}

/// What outside `indices` refers to elements `indices` of `kind`.
pub fn find_references(model: &Model, kind: ElementKind, indices: &[usize]) -> References {
    let len = kind.len(model);
    let gone = mask(len, indices);
    let mut r = References {
        targets: indices
            .iter()
            .filter(|&&i| i < len)
            .map(|&i| kind.display_name(model, i))
            .collect(),
        kind: Some(kind),
        ..Default::default()
    };
    match kind {
        ElementKind::Bone => {
            for (i, b) in model.bones.iter().enumerate().filter(|(i, _)| !gone[*i]) {
                if hit(&gone, b.parent) {
                    r.child_bones.push(i);
                }
                let tail = matches!(b.tail, Tail::Bone(t) if hit(&gone, t));
                let append = b.append.is_some_and(|a| hit(&gone, a.parent));
                let ik = b.ik.as_ref().is_some_and(|ik| {
                    hit(&gone, ik.target) || ik.links.iter().any(|l| hit(&gone, l.bone))
                });
                if tail || append || ik {
                    r.linked_bones.push(i);
                }
            }
            r.referrers.vertices = (model.vertices.iter().enumerate())
                .filter(|(_, v)| {
                    let (bones, weights, n) = v.weights.bone_weights();
                    (0..n).any(|k| hit(&gone, bones[k]) && weights[k] != 0.0)
                })
                .map(|(i, _)| i)
                .collect();
            r.referrers.rigid_bodies = (model.rigid_bodies.iter().enumerate())
                .filter(|(_, b)| hit(&gone, b.bone))
                .map(|(i, _)| i)
                .collect();
            let bodies = mask(model.rigid_bodies.len(), &r.referrers.rigid_bodies);
            r.referrers.joints = joints_on(model, &bodies);
            r.referrers.morphs = morphs_with(model, |o| match o {
                MorphOffsets::Bone(l) => l.iter().any(|x| hit(&gone, x.bone)),
                _ => false,
            });
            r.referrers.display_frames = frames_with(
                model,
                |e| matches!(e, DisplayElement::Bone(b) if hit(&gone, *b)),
            );
        }
        ElementKind::Morph => {
            r.referrers.morphs = morphs_with(model, |o| match o {
                MorphOffsets::Group(l) | MorphOffsets::Flip(l) => {
                    l.iter().any(|x| hit(&gone, x.morph))
                }
                _ => false,
            });
            r.referrers.morphs.retain(|&m| !gone[m]);
            r.referrers.display_frames = frames_with(
                model,
                |e| matches!(e, DisplayElement::Morph(m) if hit(&gone, *m)),
            );
        }
        ElementKind::Material => {
            r.referrers.morphs = morphs_with(model, |o| match o {
                MorphOffsets::Material(l) => l.iter().any(|x| hit(&gone, x.material)),
                _ => false,
            });
            r.referrers.soft_bodies = (model.soft_bodies.iter().enumerate())
                .filter(|(_, s)| hit(&gone, s.material))
                .map(|(i, _)| i)
                .collect();
        }
        ElementKind::RigidBody => {
            r.referrers.joints = joints_on(model, &gone);
            r.referrers.morphs = morphs_with(model, |o| match o {
                MorphOffsets::Impulse(l) => l.iter().any(|x| hit(&gone, x.rigid_body)),
                _ => false,
            });
            r.referrers.soft_bodies = (model.soft_bodies.iter().enumerate())
                .filter(|(_, s)| s.anchors.iter().any(|a| hit(&gone, a.rigid_body)))
                .map(|(i, _)| i)
                .collect();
        }
        ElementKind::Texture => {
            r.referrers.materials = (model.materials.iter().enumerate())
                .filter(|(_, m)| {
                    let toon = matches!(m.toon, crate::pmx::Toon::Texture(t) if hit(&gone, t));
                    hit(&gone, m.texture) || hit(&gone, m.sphere_texture) || toon
                })
                .map(|(i, _)| i)
                .collect();
        }
        _ => {}
    }
    r
}

fn joints_on(model: &Model, bodies: &[bool]) -> Vec<usize> {
    (model.joints.iter().enumerate())
        .filter(|(_, j)| hit(bodies, j.body_a) || hit(bodies, j.body_b))
        .map(|(i, _)| i)
        .collect()
}

fn morphs_with(model: &Model, f: impl Fn(&MorphOffsets) -> bool) -> Vec<usize> {
    (model.morphs.iter().enumerate())
        .filter(|(_, m)| f(&m.offsets))
        .map(|(i, _)| i)
        .collect()
}

fn frames_with(model: &Model, f: impl Fn(&DisplayElement) -> bool) -> Vec<usize> {
    (model.display_frames.iter().enumerate())
        .filter(|(_, d)| d.elements.iter().any(&f))
        .map(|(i, _)| i)
        .collect()
}

/// Nearest ancestor of `bone` not in `gone` (−1 if none; cycles end the walk).
fn surviving_ancestor(model: &Model, gone: &[bool], bone: usize) -> i32 {
    let mut p = model.bones.get(bone).map_or(NONE, |b| b.parent);
    let mut steps = 0;
    while hit(gone, p) && steps <= model.bones.len() {
        p = model.bones[p as usize].parent;
        steps += 1;
    }
    if p >= 0 && (p as usize) < model.bones.len() && !hit(gone, p) {
        p
    } else {
        NONE
    }
}

/// `w` with every bone mapped through `map`, duplicate bones merged and the
/// weights renormalised (a single remaining bone becomes BDEF1).
pub fn repoint_weights(w: &Weights, bone_count: usize, map: impl Fn(i32) -> i32) -> Weights {
    let (bones, weights, n) = w.bone_weights();
    let mut merged: Vec<(i32, f32)> = Vec::with_capacity(4);
    for k in 0..n {
        let b = map(bones[k]);
        match merged.iter_mut().find(|(mb, _)| *mb == b) {
            Some((_, mw)) => *mw += weights[k],
            None => merged.push((b, weights[k])),
        }
    }
    let carrying: Vec<&(i32, f32)> = merged.iter().filter(|(_, x)| *x != 0.0).collect();
    if let [(bone, _)] = carrying.as_slice() {
        return Weights::Bdef1 { bone: *bone };
    }
    let mut out = *w;
    match &mut out {
        Weights::Bdef1 { bone } => *bone = map(*bone),
        Weights::Bdef2 { bones, .. } | Weights::Sdef { bones, .. } => {
            bones[0] = map(bones[0]);
            bones[1] = map(bones[1]);
        }
        Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
            for k in 0..4 {
                let (b, x) = merged.get(k).copied().unwrap_or((NONE, 0.0));
                bones[k] = if b == NONE && k > 0 { bones[0] } else { b };
                weights[k] = x;
            }
            crate::pmx::rules::normalize_weights(&mut out, bone_count);
        }
    }
    out
}

/// One undoable edit that deletes elements `indices` of `kind` and deals with what
/// refers to them as `policy` says (see the module docs). The edit is a batch: the
/// re-pointing field edits first, then the deletions (joints, bodies, then the
/// elements), each with the remapper's index bookkeeping.
pub fn delete_with_references(
    model: &Model,
    kind: ElementKind,
    indices: &[usize],
    policy: RefPolicy,
) -> Result<ModelEdit, DeleteError> {
    let refs = find_references(model, kind, indices);
    if policy == RefPolicy::Error && !refs.is_empty() {
        return Err(DeleteError::Referenced(Box::new(refs)));
    }
    let len = kind.len(model);
    let gone = mask(len, indices);
    let indices: Vec<usize> = (0..len).filter(|&i| gone[i]).collect();
    let mut sets: Vec<(usize, Element)> = Vec::new();
    let mut del_joints: BTreeSet<usize> = BTreeSet::new();
    let mut del_bodies: Vec<usize> = Vec::new();
    let mut del_soft: Vec<usize> = Vec::new();
    match kind {
        ElementKind::Bone if !refs.is_empty() => {
            bone_fixes(model, &gone, &refs, policy, &mut sets)?;
            if policy == RefPolicy::Delete {
                del_bodies = refs.referrers.rigid_bodies.clone();
                del_joints.extend(&refs.referrers.joints);
            }
        }
        ElementKind::RigidBody => {
            if policy == RefPolicy::Delete {
                del_joints.extend(&refs.referrers.joints);
            } else {
                repoint_joints(
                    model,
                    &gone,
                    &refs.referrers.joints,
                    &mut sets,
                    &mut del_joints,
                );
            }
        }
        ElementKind::Material if policy == RefPolicy::Delete => {
            del_soft = refs.referrers.soft_bodies.clone();
        }
        _ => {}
    }
    let mut edits = Vec::new();
    if !sets.is_empty() {
        edits.push(ModelEdit::set_many(sets, "re-point references"));
    }
    if !del_joints.is_empty() {
        edits.push(ModelEdit::delete(
            ElementKind::Joint,
            del_joints.into_iter().collect(),
        ));
    }
    if !del_soft.is_empty() {
        edits.push(ModelEdit::delete(ElementKind::SoftBody, del_soft));
    }
    if !del_bodies.is_empty() {
        edits.push(ModelEdit::delete(ElementKind::RigidBody, del_bodies));
    }
    let what = super::apply::delete_label(model, kind, &indices);
    let main = ModelEdit::delete(kind, indices);
    if edits.is_empty() {
        return Ok(main);
    }
    edits.push(main);
    let label = if policy == RefPolicy::Delete {
        crate::tr!("edit-label-delete-with-references", what = what)
    } else {
        crate::tr!("edit-label-delete-repointing", what = what)
    };
    Ok(ModelEdit::batch(label, edits))
}

/// Field edits that re-point weights, bodies and bone links before bones are deleted.
fn bone_fixes(
    model: &Model,
    gone: &[bool],
    refs: &References,
    policy: RefPolicy,
    sets: &mut Vec<(usize, Element)>,
) -> Result<(), DeleteError> {
    let nb = model.bones.len();
    let parent_of: Vec<i32> = (0..nb)
        .map(|i| {
            if gone[i] {
                surviving_ancestor(model, gone, i)
            } else {
                i as i32
            }
        })
        .collect();
    let map = |b: i32| {
        if hit(gone, b) {
            parent_of[b as usize]
        } else {
            b
        }
    };
    for (vi, v) in model.vertices.iter().enumerate() {
        let (bones, weights, n) = v.weights.bone_weights();
        let Some(k) = (0..n).find(|&k| hit(gone, bones[k])) else {
            continue;
        };
        if map(bones[k]) == NONE && weights[k] != 0.0 {
            let name = model.bones[bones[k] as usize].name.clone();
            return Err(DeleteError::NoParentForWeights(name));
        }
        let mut nv = v.clone();
        nv.weights = repoint_weights(&v.weights, nb, map);
        sets.push((vi, Element::Vertex(nv)));
    }
    for &bi in &refs.linked_bones {
        let mut b = model.bones[bi].clone();
        if let Tail::Bone(t) = b.tail {
            if hit(gone, t) {
                b.tail = Tail::Offset(model.bones[t as usize].position - b.position);
            }
        }
        // Delete: the append or IK loses its source; repoint: it moves to the parent.
        let repoint = policy == RefPolicy::Repoint;
        if let Some(a) = b.append.filter(|a| hit(gone, a.parent)) {
            let p = if repoint { map(a.parent) } else { NONE };
            b.append = (p != NONE).then_some(crate::pmx::Append { parent: p, ..a });
        }
        if let Some(target) = b.ik.as_ref().map(|ik| ik.target).filter(|&t| hit(gone, t)) {
            let p = if repoint { map(target) } else { NONE };
            match b.ik.as_mut() {
                Some(ik) if p != NONE => ik.target = p,
                _ => b.ik = None,
            }
        }
        sets.push((bi, Element::from(b)));
    }
    if policy == RefPolicy::Repoint {
        for &ri in &refs.referrers.rigid_bodies {
            let mut body = model.rigid_bodies[ri].clone();
            body.bone = map(body.bone);
            sets.push((ri, Element::RigidBody(body)));
        }
    }
    Ok(())
}

/// Re-points joints on deleted bodies to the body on the nearest surviving ancestor
/// bone; a joint that would then have no body, or one body on both ends, is deleted.
fn repoint_joints(
    model: &Model,
    gone: &[bool],
    joints: &[usize],
    sets: &mut Vec<(usize, Element)>,
    delete: &mut BTreeSet<usize>,
) {
    let body_on = |bone: i32| -> i32 {
        (model.rigid_bodies.iter().enumerate())
            .find(|(i, b)| b.bone == bone && !gone[*i])
            .map_or(NONE, |(i, _)| i as i32)
    };
    let replacement = |body: i32| -> i32 {
        let mut bone = model.rigid_bodies[body as usize].bone;
        let mut steps = 0;
        while bone >= 0 && (bone as usize) < model.bones.len() && steps <= model.bones.len() {
            bone = model.bones[bone as usize].parent;
            let b = body_on(bone);
            if b != NONE {
                return b;
            }
            steps += 1;
        }
        NONE
    };
    for &ji in joints {
        let mut j = model.joints[ji].clone();
        for end in [&mut j.body_a, &mut j.body_b] {
            if hit(gone, *end) {
                *end = replacement(*end);
            }
        }
        if j.body_a == NONE || j.body_b == NONE || j.body_a == j.body_b {
            delete.insert(ji);
        } else {
            sets.push((ji, Element::Joint(j)));
        }
    }
}
