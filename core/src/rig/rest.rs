//! Moving a bone's rest position: what the app's bone edit mode does with the
//! gizmo. One [`ModelEdit`] that sets every bone it moves (one undo step).
//!
//! The mesh, weights, bodies and joints stay where they are, as in PMX Editor's
//! edit view: only bone positions (and, on request, the moved bone's offset tail)
//! change.

use crate::edit::{Element, ModelEdit};
use crate::pmx::{Model, Tail};
use glam::Vec3;

/// Options of a rest move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveRest {
    /// Move every descendant by the same amount (else they keep their positions).
    pub move_children: bool,
    /// A bone whose tail is an offset keeps its tail's end point (the offset
    /// shrinks by the move); else the tail moves with the bone.
    pub keep_tail_end: bool,
}

/// The edit that moves bone `bone`'s rest position by `delta` (MMD space), or
/// None when there is nothing to move (no such bone, zero or non-finite delta).
pub fn move_bone_rest(
    model: &Model,
    bone: usize,
    delta: Vec3,
    options: MoveRest,
) -> Option<ModelEdit> {
    if bone >= model.bones.len() || !delta.is_finite() || delta == Vec3::ZERO {
        return None;
    }
    let mut moved = vec![bone];
    if options.move_children {
        moved.extend(descendants(model, bone));
    }
    let items: Vec<(usize, Element)> = moved
        .iter()
        .map(|&i| {
            let mut b = model.bones[i].clone();
            b.position += delta;
            if i == bone && options.keep_tail_end {
                if let Tail::Offset(offset) = &mut b.tail {
                    *offset -= delta;
                }
            }
            (i, b.into())
        })
        .collect();
    Some(ModelEdit::set_many(items, "rest position").value(rest_move_value(model, bone, delta)))
}

/// What a History label says about a rest move of `bone` by `delta`: the bone
/// and the Δ (a drag labels its merged step with the whole drag's Δ).
pub fn rest_move_value(model: &Model, bone: usize, delta: Vec3) -> String {
    let name = model.bones.get(bone).map_or("?", |b| b.name.as_str());
    format!("{name} Δ({:.3}, {:.3}, {:.3})", delta.x, delta.y, delta.z)
}

/// Every bone below `bone` in the parent tree, in index order (a parent loop in a
/// broken file ends the walk instead of hanging it).
pub fn descendants(model: &Model, bone: usize) -> Vec<usize> {
    let n = model.bones.len();
    (0..n)
        .filter(|&i| {
            let mut at = i;
            for _ in 0..n {
                match usize::try_from(model.bones[at].parent) {
                    Ok(p) if p < n => {
                        if p == bone {
                            return i != bone;
                        }
                        at = p;
                    }
                    _ => return false,
                }
            }
            false
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::History;
    use crate::pmx::Bone;

    /// 0 root, 1 arm (tail offset +X 2), 2 elbow under 1, 3 hand under 2, 4 other root.
    fn arm() -> Model {
        let mut m = Model::default();
        let bone = |name: &str, x: f32, parent: i32, tail: Tail| Bone {
            name: name.into(),
            position: Vec3::new(x, 10.0, 0.0),
            parent,
            tail,
            ..Bone::default()
        };
        m.bones = vec![
            bone("root", 0.0, -1, Tail::Bone(1)),
            bone("arm", 1.0, 0, Tail::Offset(Vec3::new(2.0, 0.0, 0.0))),
            bone("elbow", 3.0, 1, Tail::Bone(3)),
            bone("hand", 5.0, 2, Tail::Offset(Vec3::X)),
            bone("other", 9.0, -1, Tail::Offset(Vec3::Y)),
        ];
        m
    }

    fn apply(model: &mut Model, edit: ModelEdit) -> History {
        let mut h = History::new();
        h.apply(model, edit).unwrap();
        h
    }

    #[test]
    fn moving_with_children_moves_the_subtree_only() {
        let mut m = arm();
        let before = m.clone();
        let d = Vec3::new(0.0, 1.0, 0.5);
        let opts = MoveRest {
            move_children: true,
            keep_tail_end: false,
        };
        let mut h = apply(&mut m, move_bone_rest(&before, 1, d, opts).unwrap());
        for (i, (a, b)) in before.bones.iter().zip(&m.bones).enumerate() {
            let expect = if (1..=3).contains(&i) {
                a.position + d
            } else {
                a.position
            };
            assert_eq!(b.position, expect, "bone {i}");
            assert_eq!(a.tail, b.tail, "tails are unchanged");
        }
        h.undo(&mut m).unwrap();
        assert_eq!(m, before, "one undo step restores the model");
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn keeping_children_and_the_tail_end() {
        let mut m = arm();
        let before = m.clone();
        let d = Vec3::new(0.5, 0.0, 0.0);
        let opts = MoveRest {
            move_children: false,
            keep_tail_end: true,
        };
        apply(&mut m, move_bone_rest(&before, 1, d, opts).unwrap());
        assert_eq!(m.bones[1].position, Vec3::new(1.5, 10.0, 0.0));
        // The tail end stays at x = 3: the offset shrinks to 1.5.
        assert_eq!(m.bones[1].tail, Tail::Offset(Vec3::new(1.5, 0.0, 0.0)));
        assert_eq!(m.bones[2].position, before.bones[2].position, "child kept");
        assert_eq!(
            m.bones[3].position, before.bones[3].position,
            "grandchild kept"
        );
        // Without keep_tail_end the offset (and so the tail) moves with the bone.
        let mut m2 = before.clone();
        let opts = MoveRest::default();
        apply(&mut m2, move_bone_rest(&before, 1, d, opts).unwrap());
        assert_eq!(m2.bones[1].tail, before.bones[1].tail);
    }

    #[test]
    fn nothing_to_move_and_parent_loops() {
        let mut m = arm();
        assert!(move_bone_rest(&m, 9, Vec3::X, MoveRest::default()).is_none());
        assert!(move_bone_rest(&m, 1, Vec3::ZERO, MoveRest::default()).is_none());
        assert!(move_bone_rest(&m, 1, Vec3::NAN, MoveRest::default()).is_none());
        m.bones[0].parent = 3; // loop 0 → 3 → 2 → 1 → 0
        assert_eq!(descendants(&m, 1), vec![0, 2, 3]);
        assert_eq!(descendants(&m, 4), Vec::<usize>::new());
    }
}
