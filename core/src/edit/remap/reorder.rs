//! Reordering and duplicating elements, and where an index lands after a
//! remove or a reorder.

use super::super::element::{Element, ElementKind};
use super::{map_bone_refs, map_refs, material_face_ranges, through};
use crate::pmx::Model;

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
            map_bone_refs(bone, to_copy);
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
