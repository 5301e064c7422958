//! Where indices go when an edit adds, removes or reorders elements: the same
//! remapping the model's references get, for what lives beside the model (the
//! app's selection, a dialog's chosen elements, the pose).

use super::{ElementKind, ModelEdit, Op};

/// One structural step's effect on the indices of one list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Move {
    /// These indices (ascending, distinct) are removed; later ones shift down.
    Removed(Vec<usize>),
    /// `new_of_old[i]` is where old element `i` now is.
    Reordered(Vec<usize>),
}

/// The index moves of an edit, in the order its parts apply. Appends move
/// nothing, so an edit that only adds or sets fields has none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IndexMoves(Vec<(ElementKind, Move)>);

impl IndexMoves {
    /// True when no index of any list moves.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether indices of `kind` move.
    pub fn touches(&self, kind: ElementKind) -> bool {
        self.0.iter().any(|(k, _)| *k == kind)
    }

    /// Where element `index` of `kind` is after the edit; None if it was removed.
    /// An index the edit's reorders do not cover (beyond the list) stays as it is.
    pub fn index(&self, kind: ElementKind, index: usize) -> Option<usize> {
        let mut at = index;
        for (k, m) in &self.0 {
            if *k != kind {
                continue;
            }
            at = match m {
                Move::Removed(gone) => match gone.binary_search(&at) {
                    Ok(_) => return None,
                    Err(below) => at - below,
                },
                Move::Reordered(new_of_old) => new_of_old.get(at).copied().unwrap_or(at),
            };
        }
        Some(at)
    }
}

impl ModelEdit {
    /// How this edit moves indices when applied (redo included): what a
    /// selection or anything else holding indices must follow. Computed from
    /// the edit alone, before or after it is applied.
    pub fn index_moves(&self) -> IndexMoves {
        let mut out = IndexMoves::default();
        self.collect_moves(&mut out.0);
        out
    }

    fn collect_moves(&self, out: &mut Vec<(ElementKind, Move)>) {
        match &self.op {
            Op::Set { .. } | Op::Add { .. } | Op::Duplicate { .. } => {}
            Op::Delete { kind, indices, .. } => {
                let mut gone = indices.clone();
                gone.sort_unstable();
                gone.dedup();
                out.push((*kind, Move::Removed(gone)));
            }
            Op::Reorder { kind, order } => {
                out.push((
                    *kind,
                    Move::Reordered(super::remap::inverse_permutation(order)),
                ));
            }
            Op::Batch(edits) => edits.iter().for_each(|e| e.collect_moves(out)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::builder::ModelBuilder;

    /// Names of the bones, for following elements by identity.
    fn names(model: &crate::pmx::Model) -> Vec<String> {
        model.bones.iter().map(|b| b.name.clone()).collect()
    }

    /// Every surviving bone's index, mapped through the edit's moves, names the
    /// same bone after the edit as before it.
    fn follows(edit: ModelEdit) {
        let mut b = ModelBuilder::new("moves");
        for i in 0..6 {
            b.bone(&format!("b{i}"), glam::Vec3::new(0.0, i as f32, 0.0));
        }
        let mut model = b.build();
        let before = names(&model);
        let moves = edit.index_moves();
        let mut history = crate::edit::History::new();
        history.apply(&mut model, edit).expect("edit applies");
        let after = names(&model);
        let mut kept = 0;
        for (old, name) in before.iter().enumerate() {
            match moves.index(ElementKind::Bone, old) {
                Some(new) => {
                    assert_eq!(&after[new], name, "bone {old} should be at {new}");
                    kept += 1;
                }
                None => assert!(!after.contains(name), "{name} was said removed"),
            }
        }
        assert_eq!(kept, after.len());
    }

    #[test]
    fn deletes_reorders_and_batches_move_indices_as_the_model_does() {
        follows(ModelEdit::delete(ElementKind::Bone, vec![4, 1]));
        follows(ModelEdit::reorder(
            ElementKind::Bone,
            vec![5, 0, 1, 2, 3, 4],
        ));
        let batch = ModelEdit::batch(
            "two steps",
            vec![
                ModelEdit::reorder(ElementKind::Bone, vec![1, 0, 2, 3, 4, 5]),
                ModelEdit::delete(ElementKind::Bone, vec![0]),
                ModelEdit::reorder(ElementKind::Bone, vec![4, 3, 2, 1, 0]),
            ],
        );
        follows(batch);
    }

    #[test]
    fn field_edits_and_appends_move_nothing_and_other_lists_are_untouched() {
        let moves = ModelEdit::delete(ElementKind::Bone, vec![0]).index_moves();
        assert!(moves.touches(ElementKind::Bone));
        assert!(!moves.touches(ElementKind::Morph));
        assert_eq!(moves.index(ElementKind::Morph, 0), Some(0));
        assert_eq!(moves.index(ElementKind::Bone, 0), None);
        assert_eq!(moves.index(ElementKind::Bone, 3), Some(2));
        let add = ModelEdit::add_bone(crate::pmx::Bone::default());
        assert!(add.index_moves().is_empty());
    }
}
