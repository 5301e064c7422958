//! Index remapping: remove, reorder and duplicate elements while keeping every
//! reference in the model pointing at the same element. These are pure functions;
//! the undoable commands in [`super`] call them.
//!
//! # What refers to what
//!
//! | removed kind | references that are remapped                                                         |
//! |--------------|---------------------------------------------------------------------------------------|
//! | bone         | vertex weights, bone parent, tail bone, append parent, IK target, IK links, bone-morph offsets, display-frame bone entries, rigid-body bone |
//! | morph        | group and flip morph offsets, display-frame morph entries                             |
//! | material     | material-morph offsets, soft-body material (and the material's faces are removed)    |
//! | rigid body   | joint bodies A/B, impulse-morph offsets, soft-body anchors                            |
//! | texture      | material texture, sphere texture, own toon texture                                   |
//! | vertex (unused by faces only) | vertex and UV morph offsets, soft-body anchors and pins               |
//! | joint, soft body, display frame | nothing refers to them                                       |
//!
//! References to a surviving element above a removed one shift down. References
//! to a removed element are handled as follows (Hone's choice; PMX Editor is similar):
//!
//! * **List entries are dropped**: IK links, morph offsets, display-frame entries,
//!   soft-body anchors and pins that point at a removed element disappear (a −1 entry would
//!   be garbage, and for material offsets −1 means "every material").
//! * **Vertex weights and bone parents move to the nearest surviving ancestor** of the
//!   removed bone (its parent, else that bone's parent, …), so a deleted middle bone
//!   leaves its children and its vertices attached to the chain above it instead of
//!   flying to the origin. If no ancestor survives the reference becomes −1 (the checker
//!   reports such weights). Weight values are never changed.
//! * **Every other single reference becomes −1** (tail bone, append parent, IK target,
//!   rigid-body bone, joint bodies, soft-body material, material textures).
//!
//! Out-of-range references (e.g. bone 999 in a 50-bone model, as read from a broken
//! file) are left exactly as they are, so a remove followed by [`restore`] is exact
//! for any model.
//!
//! # Undo
//!
//! [`remove`] returns a [`Removed`] record holding the removed elements, the list
//! entries it dropped and the old value of every single reference it redirected;
//! references it only shifted are not stored (the shift is recomputed). [`restore`]
//! with that record gives back the model exactly. On Gene (28k vertices) deleting a
//! bone stores only the weights that pointed at that bone.

use super::element::{Element, ElementKind};
use crate::pmx::{
    BoneOffset, DisplayElement, GroupOffset, IkLink, ImpulseOffset, MaterialOffset, Model,
    MorphOffsets, SoftBodyAnchor, Tail, Toon, UvOffset, VertexOffset, NONE,
};

/// Where a single reference lives, addressed in the model as it is *after* the removal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefSlot {
    Weight { vertex: u32, slot: u8 },
    BoneParent(u32),
    BoneTail(u32),
    AppendParent(u32),
    IkTarget(u32),
    RigidBodyBone(u32),
    JointBodyA(u32),
    JointBodyB(u32),
    SoftBodyMaterial(u32),
    MaterialTexture(u32),
    MaterialSphere(u32),
    MaterialToon(u32),
}

/// A list entry dropped by a removal: owner (after the removal), position in the
/// original list, and the entry as it was.
#[derive(Debug, Clone, PartialEq)]
pub enum RemovedEntry {
    IkLink {
        bone: u32,
        pos: u32,
        link: IkLink,
    },
    BoneOffset {
        morph: u32,
        pos: u32,
        offset: BoneOffset,
    },
    /// Group or flip morph offset.
    GroupOffset {
        morph: u32,
        pos: u32,
        offset: GroupOffset,
    },
    MaterialOffset {
        morph: u32,
        pos: u32,
        offset: MaterialOffset,
    },
    ImpulseOffset {
        morph: u32,
        pos: u32,
        offset: ImpulseOffset,
    },
    DisplayElement {
        frame: u32,
        pos: u32,
        element: DisplayElement,
    },
    SoftBodyAnchor {
        soft_body: u32,
        pos: u32,
        anchor: SoftBodyAnchor,
    },
    VertexOffset {
        morph: u32,
        pos: u32,
        offset: VertexOffset,
    },
    UvOffset {
        morph: u32,
        pos: u32,
        offset: UvOffset,
    },
    SoftBodyPin {
        soft_body: u32,
        pos: u32,
        vertex: i32,
    },
}

/// Everything [`restore`] needs to undo a [`remove`] exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct Removed {
    pub kind: ElementKind,
    /// Length of the list before the removal.
    pub old_len: usize,
    /// The removed elements with their original indices, ascending.
    pub elements: Vec<(usize, Element)>,
    /// Faces removed with their materials: original first-face index and the faces, ascending.
    pub faces: Vec<(usize, Vec<[i32; 3]>)>,
    /// Single references that pointed at a removed element, with their old values.
    pub refs: Vec<(RefSlot, i32)>,
    /// List entries that pointed at a removed element, in removal order.
    pub entries: Vec<RemovedEntry>,
}

impl Removed {
    /// Original indices of the removed elements, ascending.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.elements.iter().map(|(i, _)| *i)
    }
}

/// Kinds [`remove`] supports. Faces are not removable on their own (materials own
/// them through their face counts); vertices only when no face uses them.
pub fn can_remove(kind: ElementKind) -> bool {
    !matches!(
        kind,
        ElementKind::Header | ElementKind::Info | ElementKind::Face
    )
}

/// Vertices no face refers to, ascending (e.g. left over after deleting a material).
pub fn unused_vertices(model: &Model) -> Vec<usize> {
    let used = used_vertices(model);
    (0..model.vertices.len()).filter(|&i| !used[i]).collect()
}

fn used_vertices(model: &Model) -> Vec<bool> {
    let mut used = vec![false; model.vertices.len()];
    for face in &model.faces {
        for &v in face {
            if v >= 0 && (v as usize) < used.len() {
                used[v as usize] = true;
            }
        }
    }
    used
}

/// Calls `f` on every reference to an element of `kind` and stores its result.
/// `f` sees the raw stored value, −1 and out-of-range values included.
pub fn map_refs(model: &mut Model, kind: ElementKind, mut f: impl FnMut(i32) -> i32) {
    match kind {
        ElementKind::Header
        | ElementKind::Info
        | ElementKind::Face
        | ElementKind::Joint
        | ElementKind::SoftBody
        | ElementKind::DisplayFrame => {}
        ElementKind::Vertex => {
            for face in &mut model.faces {
                for v in face {
                    *v = f(*v);
                }
            }
            for morph in &mut model.morphs {
                match &mut morph.offsets {
                    MorphOffsets::Vertex(list) => {
                        list.iter_mut().for_each(|o| o.vertex = f(o.vertex))
                    }
                    MorphOffsets::Uv { offsets, .. } => {
                        offsets.iter_mut().for_each(|o| o.vertex = f(o.vertex))
                    }
                    _ => {}
                }
            }
            for sb in &mut model.soft_bodies {
                sb.anchors.iter_mut().for_each(|a| a.vertex = f(a.vertex));
                sb.pins.iter_mut().for_each(|p| *p = f(*p));
            }
        }
        ElementKind::Texture => {
            for m in &mut model.materials {
                m.texture = f(m.texture);
                m.sphere_texture = f(m.sphere_texture);
                if let Toon::Texture(t) = &mut m.toon {
                    *t = f(*t);
                }
            }
        }
        ElementKind::Material => {
            for morph in &mut model.morphs {
                if let MorphOffsets::Material(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.material = f(o.material));
                }
            }
            for sb in &mut model.soft_bodies {
                sb.material = f(sb.material);
            }
        }
        ElementKind::Bone => {
            for v in &mut model.vertices {
                for b in v.weights.bones_mut() {
                    *b = f(*b);
                }
            }
            for bone in &mut model.bones {
                bone.parent = f(bone.parent);
                if let Tail::Bone(t) = &mut bone.tail {
                    *t = f(*t);
                }
                if let Some(a) = &mut bone.append {
                    a.parent = f(a.parent);
                }
                if let Some(ik) = &mut bone.ik {
                    ik.target = f(ik.target);
                    ik.links.iter_mut().for_each(|l| l.bone = f(l.bone));
                }
            }
            for morph in &mut model.morphs {
                if let MorphOffsets::Bone(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.bone = f(o.bone));
                }
            }
            for frame in &mut model.display_frames {
                for e in &mut frame.elements {
                    if let DisplayElement::Bone(b) = e {
                        *b = f(*b);
                    }
                }
            }
            for rb in &mut model.rigid_bodies {
                rb.bone = f(rb.bone);
            }
        }
        ElementKind::Morph => {
            for morph in &mut model.morphs {
                if let MorphOffsets::Group(list) | MorphOffsets::Flip(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.morph = f(o.morph));
                }
            }
            for frame in &mut model.display_frames {
                for e in &mut frame.elements {
                    if let DisplayElement::Morph(m) = e {
                        *m = f(*m);
                    }
                }
            }
        }
        ElementKind::RigidBody => {
            for j in &mut model.joints {
                j.body_a = f(j.body_a);
                j.body_b = f(j.body_b);
            }
            for morph in &mut model.morphs {
                if let MorphOffsets::Impulse(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.rigid_body = f(o.rigid_body));
                }
            }
            for sb in &mut model.soft_bodies {
                sb.anchors
                    .iter_mut()
                    .for_each(|a| a.rigid_body = f(a.rigid_body));
            }
        }
    }
}

/// Maps an index through `table` when it is in range; anything else is kept.
fn through(table: &[i32], x: i32) -> i32 {
    if x >= 0 && (x as usize) < table.len() {
        table[x as usize]
    } else {
        x
    }
}

/// Drops the entries `gone` selects, reporting each with its original position.
fn drain_gone<T: Copy>(
    list: &mut Vec<T>,
    gone: impl Fn(&T) -> bool,
    mut record: impl FnMut(u32, T),
) {
    let mut pos = 0u32;
    list.retain(|e| {
        let g = gone(e);
        if g {
            record(pos, *e);
        }
        pos += 1;
        !g
    });
}

/// Face range of each material as `start..end` face indices (clamped to the face list).
fn material_face_ranges(model: &Model) -> Vec<std::ops::Range<usize>> {
    let mut start = 0usize;
    model
        .materials
        .iter()
        .map(|m| {
            let n = (m.face_index_count.max(0) / 3) as usize;
            let s = start.min(model.faces.len());
            let e = start.saturating_add(n).min(model.faces.len());
            start = start.saturating_add(n);
            s..e
        })
        .collect()
}

/// Removes the elements of `kind` at `indices` (any order; duplicates and
/// out-of-range indices are ignored) and fixes every reference as the module docs
/// describe. Unsupported kinds (see [`can_remove`]) are left alone, and so are
/// vertices a face uses.
pub fn remove(model: &mut Model, kind: ElementKind, indices: &[usize]) -> Removed {
    let old_len = kind.len(model);
    let mut removed = Removed {
        kind,
        old_len,
        elements: Vec::new(),
        faces: Vec::new(),
        refs: Vec::new(),
        entries: Vec::new(),
    };
    if !can_remove(kind) {
        return removed;
    }
    let mut gone_mask = vec![false; old_len];
    for &i in indices {
        if i < old_len {
            gone_mask[i] = true;
        }
    }
    if kind == ElementKind::Vertex {
        // A vertex a face uses is kept: removing it would change the mesh.
        for (g, used) in gone_mask.iter_mut().zip(used_vertices(model)) {
            *g &= !used;
        }
    }
    if !gone_mask.iter().any(|&g| g) {
        return removed;
    }
    // old index -> new index (−1 for removed), new index -> old index.
    let mut forward = vec![NONE; old_len];
    let mut kept = Vec::with_capacity(old_len);
    for (i, &g) in gone_mask.iter().enumerate() {
        if !g {
            forward[i] = kept.len() as i32;
            kept.push(i);
        }
    }
    let gone = |x: i32| x >= 0 && (x as usize) < old_len && gone_mask[x as usize];

    // Nearest surviving ancestor (old index) of each removed bone.
    let ancestor: Vec<i32> = if kind == ElementKind::Bone {
        (0..old_len)
            .map(|i| {
                if !gone_mask[i] {
                    return i as i32;
                }
                let mut p = model.bones[i].parent;
                for _ in 0..old_len {
                    if !gone(p) {
                        break;
                    }
                    p = model.bones[p as usize].parent;
                }
                if gone(p) {
                    NONE
                } else {
                    p
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    let fallback = |x: i32| ancestor.get(x as usize).copied().unwrap_or(NONE);

    // 1. Take the elements (and a material's faces) out.
    if kind == ElementKind::Material {
        let ranges = material_face_ranges(model);
        let mut keep_faces = Vec::with_capacity(model.faces.len());
        let mut next = 0usize;
        let faces = std::mem::take(&mut model.faces);
        let mut faces_iter = faces.into_iter();
        for (i, r) in ranges.iter().enumerate() {
            if !gone_mask[i] || r.is_empty() {
                continue;
            }
            keep_faces.extend(faces_iter.by_ref().take(r.start - next));
            let taken: Vec<[i32; 3]> = faces_iter.by_ref().take(r.len()).collect();
            removed.faces.push((r.start, taken));
            next = r.end;
        }
        keep_faces.extend(faces_iter);
        model.faces = keep_faces;
    }
    for &i in gone_mask
        .iter()
        .enumerate()
        .filter(|(_, &g)| g)
        .map(|(i, _)| i)
        .collect::<Vec<_>>()
        .iter()
        .rev()
    {
        if let Some(e) = kind.remove(model, i) {
            removed.elements.push((i, e));
        }
    }
    removed.elements.reverse();

    // 2./3. Drop list entries and redirect single references that point at removed
    // elements. Redirected values are written in the old index space; step 4 shifts them.
    let refs = &mut removed.refs;
    let entries = &mut removed.entries;
    match kind {
        ElementKind::Bone => {
            for (vi, v) in model.vertices.iter_mut().enumerate() {
                for (s, b) in v.weights.bones_mut().iter_mut().enumerate() {
                    if gone(*b) {
                        refs.push((
                            RefSlot::Weight {
                                vertex: vi as u32,
                                slot: s as u8,
                            },
                            *b,
                        ));
                        *b = fallback(*b);
                    }
                }
            }
            for (bi, bone) in model.bones.iter_mut().enumerate() {
                let me = bi as u32;
                if gone(bone.parent) {
                    refs.push((RefSlot::BoneParent(me), bone.parent));
                    let p = fallback(bone.parent);
                    // A parent cycle through the removed bone must not make the bone its own parent.
                    bone.parent = if p == kept[bi] as i32 { NONE } else { p };
                }
                if let Tail::Bone(t) = &mut bone.tail {
                    if gone(*t) {
                        refs.push((RefSlot::BoneTail(me), *t));
                        *t = NONE;
                    }
                }
                if let Some(a) = &mut bone.append {
                    if gone(a.parent) {
                        refs.push((RefSlot::AppendParent(me), a.parent));
                        a.parent = NONE;
                    }
                }
                if let Some(ik) = &mut bone.ik {
                    if gone(ik.target) {
                        refs.push((RefSlot::IkTarget(me), ik.target));
                        ik.target = NONE;
                    }
                    drain_gone(
                        &mut ik.links,
                        |l| gone(l.bone),
                        |pos, link| {
                            entries.push(RemovedEntry::IkLink {
                                bone: me,
                                pos,
                                link,
                            })
                        },
                    );
                }
            }
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Bone(list) = &mut morph.offsets {
                    drain_gone(
                        list,
                        |o| gone(o.bone),
                        |pos, offset| {
                            entries.push(RemovedEntry::BoneOffset {
                                morph: mi as u32,
                                pos,
                                offset,
                            })
                        },
                    );
                }
            }
            for (fi, frame) in model.display_frames.iter_mut().enumerate() {
                drain_gone(
                    &mut frame.elements,
                    |e| matches!(e, DisplayElement::Bone(b) if gone(*b)),
                    |pos, element| {
                        entries.push(RemovedEntry::DisplayElement {
                            frame: fi as u32,
                            pos,
                            element,
                        })
                    },
                );
            }
            for (ri, rb) in model.rigid_bodies.iter_mut().enumerate() {
                if gone(rb.bone) {
                    refs.push((RefSlot::RigidBodyBone(ri as u32), rb.bone));
                    rb.bone = NONE;
                }
            }
        }
        ElementKind::Morph => {
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Group(list) | MorphOffsets::Flip(list) = &mut morph.offsets {
                    drain_gone(
                        list,
                        |o| gone(o.morph),
                        |pos, offset| {
                            entries.push(RemovedEntry::GroupOffset {
                                morph: mi as u32,
                                pos,
                                offset,
                            })
                        },
                    );
                }
            }
            for (fi, frame) in model.display_frames.iter_mut().enumerate() {
                drain_gone(
                    &mut frame.elements,
                    |e| matches!(e, DisplayElement::Morph(m) if gone(*m)),
                    |pos, element| {
                        entries.push(RemovedEntry::DisplayElement {
                            frame: fi as u32,
                            pos,
                            element,
                        })
                    },
                );
            }
        }
        ElementKind::Material => {
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Material(list) = &mut morph.offsets {
                    drain_gone(
                        list,
                        |o| gone(o.material),
                        |pos, offset| {
                            entries.push(RemovedEntry::MaterialOffset {
                                morph: mi as u32,
                                pos,
                                offset,
                            })
                        },
                    );
                }
            }
            for (si, sb) in model.soft_bodies.iter_mut().enumerate() {
                if gone(sb.material) {
                    refs.push((RefSlot::SoftBodyMaterial(si as u32), sb.material));
                    sb.material = NONE;
                }
            }
        }
        ElementKind::RigidBody => {
            for (ji, j) in model.joints.iter_mut().enumerate() {
                if gone(j.body_a) {
                    refs.push((RefSlot::JointBodyA(ji as u32), j.body_a));
                    j.body_a = NONE;
                }
                if gone(j.body_b) {
                    refs.push((RefSlot::JointBodyB(ji as u32), j.body_b));
                    j.body_b = NONE;
                }
            }
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Impulse(list) = &mut morph.offsets {
                    drain_gone(
                        list,
                        |o| gone(o.rigid_body),
                        |pos, offset| {
                            entries.push(RemovedEntry::ImpulseOffset {
                                morph: mi as u32,
                                pos,
                                offset,
                            })
                        },
                    );
                }
            }
            for (si, sb) in model.soft_bodies.iter_mut().enumerate() {
                drain_gone(
                    &mut sb.anchors,
                    |a| gone(a.rigid_body),
                    |pos, anchor| {
                        entries.push(RemovedEntry::SoftBodyAnchor {
                            soft_body: si as u32,
                            pos,
                            anchor,
                        })
                    },
                );
            }
        }
        ElementKind::Texture => {
            for (mi, m) in model.materials.iter_mut().enumerate() {
                let me = mi as u32;
                if gone(m.texture) {
                    refs.push((RefSlot::MaterialTexture(me), m.texture));
                    m.texture = NONE;
                }
                if gone(m.sphere_texture) {
                    refs.push((RefSlot::MaterialSphere(me), m.sphere_texture));
                    m.sphere_texture = NONE;
                }
                if let Toon::Texture(t) = &mut m.toon {
                    if gone(*t) {
                        refs.push((RefSlot::MaterialToon(me), *t));
                        *t = NONE;
                    }
                }
            }
        }
        ElementKind::Vertex => {
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                let morph_index = mi as u32;
                match &mut morph.offsets {
                    MorphOffsets::Vertex(list) => drain_gone(
                        list,
                        |o| gone(o.vertex),
                        |pos, offset| {
                            entries.push(RemovedEntry::VertexOffset {
                                morph: morph_index,
                                pos,
                                offset,
                            })
                        },
                    ),
                    MorphOffsets::Uv { offsets, .. } => drain_gone(
                        offsets,
                        |o| gone(o.vertex),
                        |pos, offset| {
                            entries.push(RemovedEntry::UvOffset {
                                morph: morph_index,
                                pos,
                                offset,
                            })
                        },
                    ),
                    _ => {}
                }
            }
            for (si, sb) in model.soft_bodies.iter_mut().enumerate() {
                let soft_body = si as u32;
                drain_gone(
                    &mut sb.anchors,
                    |a| gone(a.vertex),
                    |pos, anchor| {
                        entries.push(RemovedEntry::SoftBodyAnchor {
                            soft_body,
                            pos,
                            anchor,
                        })
                    },
                );
                drain_gone(
                    &mut sb.pins,
                    |p| gone(*p),
                    |pos, vertex| {
                        entries.push(RemovedEntry::SoftBodyPin {
                            soft_body,
                            pos,
                            vertex,
                        })
                    },
                );
            }
        }
        ElementKind::Joint | ElementKind::SoftBody | ElementKind::DisplayFrame => {}
        ElementKind::Header | ElementKind::Info | ElementKind::Face => {}
    }

    // 4. Shift every remaining reference into the new index space.
    map_refs(model, kind, |x| through(&forward, x));
    removed
}

/// Undoes [`remove`]: `model` must be in the state `remove` left it in.
pub fn restore(model: &mut Model, removed: Removed) {
    let Removed {
        kind,
        old_len,
        elements,
        faces,
        refs,
        entries,
    } = removed;
    if elements.is_empty() {
        return;
    }
    // Reverse of `remove`, step by step: shift back, put redirected references and
    // dropped entries back (their owners are addressed after-removal), then the elements.
    let mut mask = vec![false; old_len];
    for (i, _) in &elements {
        if *i < old_len {
            mask[*i] = true;
        }
    }
    let back: Vec<i32> = (0..old_len)
        .filter(|&i| !mask[i])
        .map(|i| i as i32)
        .collect();
    map_refs(model, kind, |x| through(&back, x));

    for (slot, old) in refs {
        let at = |i: u32| i as usize;
        match slot {
            RefSlot::Weight { vertex, slot } => {
                if let Some(b) = model
                    .vertices
                    .get_mut(at(vertex))
                    .and_then(|v| v.weights.bones_mut().get_mut(slot as usize))
                {
                    *b = old;
                }
            }
            RefSlot::BoneParent(i) => {
                if let Some(b) = model.bones.get_mut(at(i)) {
                    b.parent = old;
                }
            }
            RefSlot::BoneTail(i) => {
                if let Some(b) = model.bones.get_mut(at(i)) {
                    b.tail = Tail::Bone(old);
                }
            }
            RefSlot::AppendParent(i) => {
                if let Some(a) = model.bones.get_mut(at(i)).and_then(|b| b.append.as_mut()) {
                    a.parent = old;
                }
            }
            RefSlot::IkTarget(i) => {
                if let Some(ik) = model.bones.get_mut(at(i)).and_then(|b| b.ik.as_mut()) {
                    ik.target = old;
                }
            }
            RefSlot::RigidBodyBone(i) => {
                if let Some(r) = model.rigid_bodies.get_mut(at(i)) {
                    r.bone = old;
                }
            }
            RefSlot::JointBodyA(i) => {
                if let Some(j) = model.joints.get_mut(at(i)) {
                    j.body_a = old;
                }
            }
            RefSlot::JointBodyB(i) => {
                if let Some(j) = model.joints.get_mut(at(i)) {
                    j.body_b = old;
                }
            }
            RefSlot::SoftBodyMaterial(i) => {
                if let Some(s) = model.soft_bodies.get_mut(at(i)) {
                    s.material = old;
                }
            }
            RefSlot::MaterialTexture(i) => {
                if let Some(m) = model.materials.get_mut(at(i)) {
                    m.texture = old;
                }
            }
            RefSlot::MaterialSphere(i) => {
                if let Some(m) = model.materials.get_mut(at(i)) {
                    m.sphere_texture = old;
                }
            }
            RefSlot::MaterialToon(i) => {
                if let Some(m) = model.materials.get_mut(at(i)) {
                    m.toon = Toon::Texture(old);
                }
            }
        }
    }

    fn put<T>(list: &mut Vec<T>, pos: u32, v: T) {
        let at = (pos as usize).min(list.len());
        list.insert(at, v);
    }
    for entry in entries {
        match entry {
            RemovedEntry::IkLink { bone, pos, link } => {
                if let Some(ik) = model
                    .bones
                    .get_mut(bone as usize)
                    .and_then(|b| b.ik.as_mut())
                {
                    put(&mut ik.links, pos, link);
                }
            }
            RemovedEntry::BoneOffset { morph, pos, offset } => {
                if let Some(MorphOffsets::Bone(list)) =
                    model.morphs.get_mut(morph as usize).map(|m| &mut m.offsets)
                {
                    put(list, pos, offset);
                }
            }
            RemovedEntry::GroupOffset { morph, pos, offset } => {
                if let Some(MorphOffsets::Group(list) | MorphOffsets::Flip(list)) =
                    model.morphs.get_mut(morph as usize).map(|m| &mut m.offsets)
                {
                    put(list, pos, offset);
                }
            }
            RemovedEntry::MaterialOffset { morph, pos, offset } => {
                if let Some(MorphOffsets::Material(list)) =
                    model.morphs.get_mut(morph as usize).map(|m| &mut m.offsets)
                {
                    put(list, pos, offset);
                }
            }
            RemovedEntry::ImpulseOffset { morph, pos, offset } => {
                if let Some(MorphOffsets::Impulse(list)) =
                    model.morphs.get_mut(morph as usize).map(|m| &mut m.offsets)
                {
                    put(list, pos, offset);
                }
            }
            RemovedEntry::DisplayElement {
                frame,
                pos,
                element,
            } => {
                if let Some(f) = model.display_frames.get_mut(frame as usize) {
                    put(&mut f.elements, pos, element);
                }
            }
            RemovedEntry::SoftBodyAnchor {
                soft_body,
                pos,
                anchor,
            } => {
                if let Some(s) = model.soft_bodies.get_mut(soft_body as usize) {
                    put(&mut s.anchors, pos, anchor);
                }
            }
            RemovedEntry::VertexOffset { morph, pos, offset } => {
                if let Some(MorphOffsets::Vertex(list)) =
                    model.morphs.get_mut(morph as usize).map(|m| &mut m.offsets)
                {
                    put(list, pos, offset);
                }
            }
            RemovedEntry::UvOffset { morph, pos, offset } => {
                if let Some(MorphOffsets::Uv { offsets, .. }) =
                    model.morphs.get_mut(morph as usize).map(|m| &mut m.offsets)
                {
                    put(offsets, pos, offset);
                }
            }
            RemovedEntry::SoftBodyPin {
                soft_body,
                pos,
                vertex,
            } => {
                if let Some(s) = model.soft_bodies.get_mut(soft_body as usize) {
                    put(&mut s.pins, pos, vertex);
                }
            }
        }
    }

    for (i, e) in elements {
        e.insert_into(model, i);
    }
    if !faces.is_empty() {
        // Rebuild in one pass: ascending original positions interleave with the kept faces.
        let kept = std::mem::take(&mut model.faces);
        let total = kept.len() + faces.iter().map(|(_, f)| f.len()).sum::<usize>();
        let mut out = Vec::with_capacity(total);
        let mut kept_iter = kept.into_iter();
        for (start, block) in faces {
            let need = start.saturating_sub(out.len());
            out.extend(kept_iter.by_ref().take(need));
            out.extend(block);
        }
        out.extend(kept_iter);
        model.faces = out;
    }
}

/// Removes bones; see [`remove`].
pub fn remove_bones(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::Bone, indices)
}
/// Removes morphs; see [`remove`].
pub fn remove_morphs(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::Morph, indices)
}
/// Removes materials and their faces; see [`remove`].
pub fn remove_materials(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::Material, indices)
}
/// Removes rigid bodies; see [`remove`].
pub fn remove_rigid_bodies(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::RigidBody, indices)
}
/// Removes joints; see [`remove`].
pub fn remove_joints(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::Joint, indices)
}
/// Removes soft bodies; see [`remove`].
pub fn remove_soft_bodies(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::SoftBody, indices)
}
/// Removes display frames; see [`remove`]. (The command layer refuses special frames.)
pub fn remove_display_frames(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::DisplayFrame, indices)
}
/// Removes textures; see [`remove`].
pub fn remove_textures(model: &mut Model, indices: &[usize]) -> Removed {
    remove(model, ElementKind::Texture, indices)
}

/// True if `order` is a permutation of `0..len`.
pub fn is_permutation(order: &[usize], len: usize) -> bool {
    if order.len() != len {
        return false;
    }
    let mut seen = vec![false; len];
    order
        .iter()
        .all(|&o| o < len && !std::mem::replace(&mut seen[o], true))
}

/// The inverse permutation: `inverse(order)[old] = new`.
pub fn inverse_permutation(order: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        if old < inv.len() {
            inv[old] = new;
        }
    }
    inv
}

/// True if every material's face count is a multiple of 3 and together they
/// cover the face list exactly (needed to move face blocks with their materials).
pub fn material_faces_consistent(model: &Model) -> bool {
    let mut total = 0usize;
    for m in &model.materials {
        if m.face_index_count < 0 || m.face_index_count % 3 != 0 {
            return false;
        }
        total += (m.face_index_count / 3) as usize;
    }
    total == model.faces.len()
}

/// Reorders the elements of `kind` so that new index `i` holds old element
/// `order[i]`, and remaps every reference. Returns false (and changes nothing)
/// if `order` is not a permutation of the list. Reordering materials moves
/// their face blocks with them; it is refused unless
/// [`material_faces_consistent`] holds.
pub fn permute(model: &mut Model, kind: ElementKind, order: &[usize]) -> bool {
    if kind.is_single() || !is_permutation(order, kind.len(model)) {
        return false;
    }
    if kind == ElementKind::Material && !material_faces_consistent(model) {
        return false;
    }
    let table: Vec<i32> = inverse_permutation(order)
        .into_iter()
        .map(|n| n as i32)
        .collect();
    if kind == ElementKind::Material {
        // Each material draws the faces that follow the previous materials', so its
        // face block moves with it.
        let ranges = material_face_ranges(model);
        let faces = std::mem::take(&mut model.faces);
        model.faces = order
            .iter()
            .flat_map(|&o| faces[ranges[o].clone()].iter().copied())
            .collect();
    }
    kind.reorder(model, order);
    map_refs(model, kind, |x| through(&table, x));
    true
}

/// The permutation that moves element `from` to index `to`, shifting the ones between.
pub fn move_order(len: usize, from: usize, to: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    if from < len && to < len {
        let v = order.remove(from);
        order.insert(to, v);
    }
    order
}

/// What [`undo_duplicate`] needs: the list and face-list lengths before the copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duplicated {
    pub kind: ElementKind,
    /// Index of the first copy (= the list's old length).
    pub first: usize,
    /// Face count before the copy (materials copy their faces too).
    pub old_face_count: usize,
}

/// Appends copies of the elements of `kind` at `indices` (in the given order) to the
/// end of the list; the first copy is at `Duplicated::first`. Copies keep their
/// references, except that bones copied together point at each other's copies
/// (parent, tail, append parent, IK target and links), so duplicating a chain gives a
/// second chain. A copied material gets a copy of its faces at the end of the face
/// list (its draw range); this needs [`material_faces_consistent`], otherwise
/// materials are copied with no faces. Non-empty names get a "+" suffix.
pub fn duplicate(model: &mut Model, kind: ElementKind, indices: &[usize]) -> Duplicated {
    let first = kind.len(model);
    let done = Duplicated {
        kind,
        first,
        old_face_count: model.faces.len(),
    };
    if kind.is_single() {
        return done;
    }
    let copies: Vec<Element> = indices.iter().filter_map(|&i| kind.get(model, i)).collect();
    let valid: Vec<usize> = indices.iter().copied().filter(|&i| i < first).collect();
    let face_ranges = (kind == ElementKind::Material && material_faces_consistent(model))
        .then(|| material_face_ranges(model));
    for (k, mut e) in copies.into_iter().enumerate() {
        if let Element::Material(m) = &mut e {
            match &face_ranges {
                Some(ranges) => {
                    let r = ranges[valid[k]].clone();
                    model.faces.extend_from_within(r);
                }
                None => m.face_index_count = 0,
            }
        }
        e.add_name_suffix("+");
        if let Element::Bone(bone) = &mut e {
            let to_copy = |x: i32| -> i32 {
                match valid.iter().position(|&v| x >= 0 && v == x as usize) {
                    Some(k) => (first + k) as i32,
                    None => x,
                }
            };
            bone.parent = to_copy(bone.parent);
            if let Tail::Bone(t) = &mut bone.tail {
                *t = to_copy(*t);
            }
            if let Some(a) = &mut bone.append {
                a.parent = to_copy(a.parent);
            }
            if let Some(ik) = &mut bone.ik {
                ik.target = to_copy(ik.target);
                ik.links.iter_mut().for_each(|l| l.bone = to_copy(l.bone));
            }
        }
        e.push_into(model);
    }
    done
}

/// Undoes [`duplicate`]: the model must be as `duplicate` left it.
pub fn undo_duplicate(model: &mut Model, done: Duplicated) {
    done.kind.truncate(model, done.first);
    model.faces.truncate(done.old_face_count);
}

/// Where element `index` is after removing `removed` (any order, duplicates
/// allowed): None if it was removed itself. For keeping selections.
pub fn index_after_remove(removed: &[usize], index: usize) -> Option<usize> {
    if removed.contains(&index) {
        return None;
    }
    let mut below: Vec<usize> = removed.iter().copied().filter(|&r| r < index).collect();
    below.sort_unstable();
    below.dedup();
    Some(index - below.len())
}

/// Where element `index` is after [`permute`] with `order` (None if not in `order`).
pub fn index_after_reorder(order: &[usize], index: usize) -> Option<usize> {
    order.iter().position(|&o| o == index)
}
