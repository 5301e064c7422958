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

mod refs;
mod reorder;

use crate::pmx::{
    BoneOffset, DisplayElement, GroupOffset, IkLink, ImpulseOffset, MaterialOffset, Model,
    MorphOffsets, SoftBodyAnchor, Tail, Toon, UvOffset, VertexOffset, NONE,
};
use refs::map_bone_refs;
pub use refs::map_refs;
pub use reorder::*;

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

impl RefSlot {
    /// The reference this slot names, if the model has it (a tail given as an offset
    /// or a shared toon holds none).
    pub fn field(self, model: &mut Model) -> Option<&mut i32> {
        let at = |i: u32| i as usize;
        match self {
            RefSlot::Weight { vertex, slot } => {
                let v = model.vertices.get_mut(at(vertex))?;
                v.weights.bones_mut().get_mut(slot as usize)
            }
            RefSlot::BoneParent(i) => Some(&mut model.bones.get_mut(at(i))?.parent),
            RefSlot::BoneTail(i) => match &mut model.bones.get_mut(at(i))?.tail {
                Tail::Bone(t) => Some(t),
                Tail::Offset(_) => None,
            },
            RefSlot::AppendParent(i) => {
                Some(&mut model.bones.get_mut(at(i))?.append.as_mut()?.parent)
            }
            RefSlot::IkTarget(i) => Some(&mut model.bones.get_mut(at(i))?.ik.as_mut()?.target),
            RefSlot::RigidBodyBone(i) => Some(&mut model.rigid_bodies.get_mut(at(i))?.bone),
            RefSlot::JointBodyA(i) => Some(&mut model.joints.get_mut(at(i))?.body_a),
            RefSlot::JointBodyB(i) => Some(&mut model.joints.get_mut(at(i))?.body_b),
            RefSlot::SoftBodyMaterial(i) => Some(&mut model.soft_bodies.get_mut(at(i))?.material),
            RefSlot::MaterialTexture(i) => Some(&mut model.materials.get_mut(at(i))?.texture),
            RefSlot::MaterialSphere(i) => Some(&mut model.materials.get_mut(at(i))?.sphere_texture),
            RefSlot::MaterialToon(i) => match &mut model.materials.get_mut(at(i))?.toon {
                Toon::Texture(t) => Some(t),
                Toon::Shared(_) => None,
            },
        }
    }
}

/// A list entry dropped by a removal.
#[derive(Debug, Clone, PartialEq)]
pub struct RemovedEntry {
    /// The element holding the list, indexed as after the removal: a bone for IK
    /// links, a morph for offsets, a display frame for its elements, a soft body for
    /// anchors and pins.
    pub owner: u32,
    /// Position in the original list.
    pub pos: u32,
    pub entry: Entry,
}

/// A dropped list entry as it was, named by the list it was in.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    IkLink(IkLink),
    BoneOffset(BoneOffset),
    /// Group or flip morph offset.
    GroupOffset(GroupOffset),
    MaterialOffset(MaterialOffset),
    ImpulseOffset(ImpulseOffset),
    VertexOffset(VertexOffset),
    UvOffset(UvOffset),
    DisplayElement(DisplayElement),
    SoftBodyAnchor(SoftBodyAnchor),
    SoftBodyPin(i32),
}

impl RemovedEntry {
    /// Puts the entry back into its list; the model must be as [`remove`] left it
    /// (with references shifted back).
    fn put_back(self, model: &mut Model) {
        fn put<T>(list: Option<&mut Vec<T>>, pos: u32, v: T) {
            if let Some(list) = list {
                list.insert((pos as usize).min(list.len()), v);
            }
        }
        let RemovedEntry { owner, pos, entry } = self;
        let o = owner as usize;
        let ik_links = model.bones.get_mut(o).and_then(|b| b.ik.as_mut());
        let ik_links = ik_links.map(|ik| &mut ik.links);
        let offsets = model.morphs.get_mut(o).map(|m| &mut m.offsets);
        let frame = model.display_frames.get_mut(o).map(|f| &mut f.elements);
        let soft_body = model.soft_bodies.get_mut(o);
        match (entry, offsets) {
            (Entry::IkLink(x), _) => put(ik_links, pos, x),
            (Entry::BoneOffset(x), Some(MorphOffsets::Bone(l))) => put(Some(l), pos, x),
            (Entry::GroupOffset(x), Some(MorphOffsets::Group(l) | MorphOffsets::Flip(l))) => {
                put(Some(l), pos, x)
            }
            (Entry::MaterialOffset(x), Some(MorphOffsets::Material(l))) => put(Some(l), pos, x),
            (Entry::ImpulseOffset(x), Some(MorphOffsets::Impulse(l))) => put(Some(l), pos, x),
            (Entry::VertexOffset(x), Some(MorphOffsets::Vertex(l))) => put(Some(l), pos, x),
            (Entry::UvOffset(x), Some(MorphOffsets::Uv { offsets: l, .. })) => put(Some(l), pos, x),
            (Entry::DisplayElement(x), _) => put(frame, pos, x),
            (Entry::SoftBodyAnchor(x), _) => put(soft_body.map(|s| &mut s.anchors), pos, x),
            (Entry::SoftBodyPin(x), _) => put(soft_body.map(|s| &mut s.pins), pos, x),
            // The morph's offsets changed kind: not a state `remove` leaves.
            _ => {}
        }
    }
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

/// The order (new index `i` holds old element `order[i]`) moving the `selected`
/// elements as one block to just before element `to` (`to >= len`: the end); None
/// when nothing would move or nothing valid is selected.
pub fn order_moving(len: usize, selected: &[usize], to: usize) -> Option<Vec<usize>> {
    let to = to.min(len);
    let mut is_sel = vec![false; len];
    for &i in selected.iter().filter(|&&i| i < len) {
        is_sel[i] = true;
    }
    let block: Vec<usize> = (0..len).filter(|&i| is_sel[i]).collect();
    if block.is_empty() {
        return None;
    }
    let mut order: Vec<usize> = (0..to).filter(|&i| !is_sel[i]).collect();
    order.extend(&block);
    order.extend((to..len).filter(|&i| !is_sel[i]));
    order
        .iter()
        .enumerate()
        .any(|(i, &o)| i != o)
        .then_some(order)
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

/// Maps an index through `table` when it is in range; anything else is kept.
fn through(table: &[i32], x: i32) -> i32 {
    if x >= 0 && (x as usize) < table.len() {
        table[x as usize]
    } else {
        x
    }
}

/// What [`remove`] does to the references to removed elements, recorded for [`restore`].
struct Cut<'a> {
    /// Removed elements, by old index.
    gone: &'a [bool],
    /// Nearest surviving ancestor (old index) of each bone; empty unless removing bones.
    ancestor: &'a [i32],
    refs: Vec<(RefSlot, i32)>,
    entries: Vec<RemovedEntry>,
}

/// True if `x` is the index of a removed element (−1 and out-of-range are not).
fn is_gone(gone: &[bool], x: i32) -> bool {
    x >= 0 && (x as usize) < gone.len() && gone[x as usize]
}

impl Cut<'_> {
    fn is_gone(&self, x: i32) -> bool {
        is_gone(self.gone, x)
    }

    /// If `r` refers to a removed element: records it under `slot` and sets it to −1.
    fn clear(&mut self, slot: RefSlot, r: &mut i32) {
        if self.is_gone(*r) {
            self.refs.push((slot, *r));
            *r = NONE;
        }
    }

    /// If `r` refers to a removed bone: records it under `slot` and moves it to the
    /// bone's nearest surviving ancestor. True if it moved.
    fn reattach(&mut self, slot: RefSlot, r: &mut i32) -> bool {
        let gone = self.is_gone(*r);
        if gone {
            self.refs.push((slot, *r));
            *r = self.ancestor.get(*r as usize).copied().unwrap_or(NONE);
        }
        gone
    }

    /// Drops the entries of `owner`'s `list` whose `target` was removed, recording
    /// each with its position as `entry`.
    fn drop_entries<T: Copy>(
        &mut self,
        owner: usize,
        list: &mut Vec<T>,
        target: impl Fn(&T) -> i32,
        entry: impl Fn(T) -> Entry,
    ) {
        let (mask, entries) = (self.gone, &mut self.entries);
        let mut pos = 0u32;
        list.retain(|e| {
            let gone = is_gone(mask, target(e));
            if gone {
                entries.push(RemovedEntry {
                    owner: owner as u32,
                    pos,
                    entry: entry(*e),
                });
            }
            pos += 1;
            !gone
        });
    }
}

/// Face range of each material as `start..end` face indices (clamped to the face list).
pub fn material_face_ranges(model: &Model) -> Vec<std::ops::Range<usize>> {
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
    let gone = |x: i32| is_gone(&gone_mask, x);

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
    let mut cut = Cut {
        gone: &gone_mask,
        ancestor: &ancestor,
        refs: Vec::new(),
        entries: Vec::new(),
    };
    let display_bone = |e: &DisplayElement| match e {
        DisplayElement::Bone(b) => *b,
        DisplayElement::Morph(_) => NONE,
    };
    let display_morph = |e: &DisplayElement| match e {
        DisplayElement::Morph(m) => *m,
        DisplayElement::Bone(_) => NONE,
    };
    match kind {
        ElementKind::Bone => {
            for (vi, v) in model.vertices.iter_mut().enumerate() {
                for (s, b) in v.weights.bones_mut().iter_mut().enumerate() {
                    let slot = RefSlot::Weight {
                        vertex: vi as u32,
                        slot: s as u8,
                    };
                    cut.reattach(slot, b);
                }
            }
            for (bi, bone) in model.bones.iter_mut().enumerate() {
                let me = bi as u32;
                // A parent cycle through the removed bone must not make the bone its own parent.
                if cut.reattach(RefSlot::BoneParent(me), &mut bone.parent)
                    && bone.parent == kept[bi] as i32
                {
                    bone.parent = NONE;
                }
                if let Tail::Bone(t) = &mut bone.tail {
                    cut.clear(RefSlot::BoneTail(me), t);
                }
                if let Some(a) = &mut bone.append {
                    cut.clear(RefSlot::AppendParent(me), &mut a.parent);
                }
                if let Some(ik) = &mut bone.ik {
                    cut.clear(RefSlot::IkTarget(me), &mut ik.target);
                    cut.drop_entries(bi, &mut ik.links, |l| l.bone, Entry::IkLink);
                }
            }
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Bone(list) = &mut morph.offsets {
                    cut.drop_entries(mi, list, |o| o.bone, Entry::BoneOffset);
                }
            }
            for (fi, frame) in model.display_frames.iter_mut().enumerate() {
                cut.drop_entries(fi, &mut frame.elements, display_bone, Entry::DisplayElement);
            }
            for (ri, rb) in model.rigid_bodies.iter_mut().enumerate() {
                cut.clear(RefSlot::RigidBodyBone(ri as u32), &mut rb.bone);
            }
        }
        ElementKind::Morph => {
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Group(list) | MorphOffsets::Flip(list) = &mut morph.offsets {
                    cut.drop_entries(mi, list, |o| o.morph, Entry::GroupOffset);
                }
            }
            for (fi, frame) in model.display_frames.iter_mut().enumerate() {
                cut.drop_entries(
                    fi,
                    &mut frame.elements,
                    display_morph,
                    Entry::DisplayElement,
                );
            }
        }
        ElementKind::Material => {
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Material(list) = &mut morph.offsets {
                    cut.drop_entries(mi, list, |o| o.material, Entry::MaterialOffset);
                }
            }
            for (si, sb) in model.soft_bodies.iter_mut().enumerate() {
                cut.clear(RefSlot::SoftBodyMaterial(si as u32), &mut sb.material);
            }
        }
        ElementKind::RigidBody => {
            for (ji, j) in model.joints.iter_mut().enumerate() {
                cut.clear(RefSlot::JointBodyA(ji as u32), &mut j.body_a);
                cut.clear(RefSlot::JointBodyB(ji as u32), &mut j.body_b);
            }
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                if let MorphOffsets::Impulse(list) = &mut morph.offsets {
                    cut.drop_entries(mi, list, |o| o.rigid_body, Entry::ImpulseOffset);
                }
            }
            for (si, sb) in model.soft_bodies.iter_mut().enumerate() {
                cut.drop_entries(si, &mut sb.anchors, |a| a.rigid_body, Entry::SoftBodyAnchor);
            }
        }
        ElementKind::Texture => {
            for (mi, m) in model.materials.iter_mut().enumerate() {
                let me = mi as u32;
                cut.clear(RefSlot::MaterialTexture(me), &mut m.texture);
                cut.clear(RefSlot::MaterialSphere(me), &mut m.sphere_texture);
                if let Toon::Texture(t) = &mut m.toon {
                    cut.clear(RefSlot::MaterialToon(me), t);
                }
            }
        }
        ElementKind::Vertex => {
            for (mi, morph) in model.morphs.iter_mut().enumerate() {
                match &mut morph.offsets {
                    MorphOffsets::Vertex(list) => {
                        cut.drop_entries(mi, list, |o| o.vertex, Entry::VertexOffset)
                    }
                    MorphOffsets::Uv { offsets, .. } => {
                        cut.drop_entries(mi, offsets, |o| o.vertex, Entry::UvOffset)
                    }
                    _ => {}
                }
            }
            for (si, sb) in model.soft_bodies.iter_mut().enumerate() {
                cut.drop_entries(si, &mut sb.anchors, |a| a.vertex, Entry::SoftBodyAnchor);
                cut.drop_entries(si, &mut sb.pins, |p| *p, Entry::SoftBodyPin);
            }
        }
        ElementKind::Joint | ElementKind::SoftBody | ElementKind::DisplayFrame => {}
        ElementKind::Header | ElementKind::Info | ElementKind::Face => {}
    }
    removed.refs = cut.refs;
    removed.entries = cut.entries;

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
        if let Some(r) = slot.field(model) {
            *r = old;
        }
    }
    for entry in entries {
        entry.put_back(model);
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
