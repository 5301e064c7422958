//! What is selected: the active element ([`Selection`], what the inspector heads
//! and the viewport's gizmo follows) and the elements of its kind selected with it
//! ([`Selected`]) by Ctrl/Shift-click in a list (or, later, in the viewport).
//!
//! [`State`](crate::app::State) keeps both: `selection` (the active element) and
//! `selected` (the set). The set counts only while it holds the active element and
//! is of its kind, so code that sets `selection` alone gets a single selection.
//! Read the whole selection with [`State::selected_indices`](crate::app::State::selected_indices).

use std::collections::BTreeSet;

use crate::edit::ElementKind;
use crate::pmx::Model;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Selection {
    #[default]
    None,
    Model,
    Bone(usize),
    Morph(usize),
    Material(usize),
    RigidBody(usize),
    Joint(usize),
    SoftBody(usize),
    /// A vertex, e.g. from a weight problem; the viewport marks it.
    Vertex(usize),
    DisplayFrame(usize),
    /// A path of the texture table.
    Texture(usize),
}

impl Selection {
    /// The same element after an edit's index moves (None if the edit removed it).
    pub fn follow(self, moves: &crate::edit::IndexMoves) -> Selection {
        match self.element() {
            Some((kind, i)) => moves
                .index(kind, i)
                .and_then(|n| Selection::of(kind, n))
                .unwrap_or_default(),
            None => self,
        }
    }

    /// The list and index this selection names (None for nothing and model info).
    pub fn element(self) -> Option<(ElementKind, usize)> {
        Some(match self {
            Selection::None | Selection::Model => return None,
            Selection::Bone(i) => (ElementKind::Bone, i),
            Selection::Morph(i) => (ElementKind::Morph, i),
            Selection::Material(i) => (ElementKind::Material, i),
            Selection::RigidBody(i) => (ElementKind::RigidBody, i),
            Selection::Joint(i) => (ElementKind::Joint, i),
            Selection::SoftBody(i) => (ElementKind::SoftBody, i),
            Selection::Vertex(i) => (ElementKind::Vertex, i),
            Selection::DisplayFrame(i) => (ElementKind::DisplayFrame, i),
            Selection::Texture(i) => (ElementKind::Texture, i),
        })
    }

    /// Element `index` of `kind` (None for kinds the app does not select: faces,
    /// header, model info).
    pub fn of(kind: ElementKind, index: usize) -> Option<Selection> {
        Some(match kind {
            ElementKind::Bone => Selection::Bone(index),
            ElementKind::Morph => Selection::Morph(index),
            ElementKind::Material => Selection::Material(index),
            ElementKind::RigidBody => Selection::RigidBody(index),
            ElementKind::Joint => Selection::Joint(index),
            ElementKind::SoftBody => Selection::SoftBody(index),
            ElementKind::Vertex => Selection::Vertex(index),
            ElementKind::DisplayFrame => Selection::DisplayFrame(index),
            ElementKind::Texture => Selection::Texture(index),
            ElementKind::Header | ElementKind::Info | ElementKind::Face => return None,
        })
    }

    pub fn kind(self) -> Option<ElementKind> {
        self.element().map(|(k, _)| k)
    }

    pub fn index(self) -> Option<usize> {
        self.element().map(|(_, i)| i)
    }

    /// Whether the element still exists in `model`.
    pub fn is_valid(self, model: &Model) -> bool {
        match self.element() {
            None => true,
            Some((kind, i)) => i < kind.len(model),
        }
    }
}

/// The elements selected together with the active one: all of one kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selected {
    kind: Option<ElementKind>,
    members: BTreeSet<usize>,
    /// Where a Shift-click range starts (the last plain or Ctrl click).
    anchor: Option<usize>,
}

/// How a row was clicked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClickMods {
    /// Ctrl (Cmd on macOS): add or remove one element.
    pub toggle: bool,
    /// Shift: select the range from the last clicked element.
    pub range: bool,
}

impl ClickMods {
    pub fn from_egui(m: eframe::egui::Modifiers) -> Self {
        ClickMods {
            toggle: m.command,
            range: m.shift,
        }
    }
}

impl Selected {
    /// Just `active` (nothing for a selection that is not a list element).
    pub fn single(active: Selection) -> Self {
        match active.element() {
            Some((kind, i)) => Selected {
                kind: Some(kind),
                members: BTreeSet::from([i]),
                anchor: Some(i),
            },
            None => Selected::default(),
        }
    }

    /// `indices` of `kind` (the active element is one of them).
    pub fn many(kind: ElementKind, indices: impl IntoIterator<Item = usize>) -> Self {
        Selected {
            kind: Some(kind),
            members: indices.into_iter().collect(),
            anchor: None,
        }
    }

    /// Every selected index of `active`'s kind, ascending; `[active]` when the set
    /// does not hold `active` (it was set on its own), empty when nothing is.
    pub fn indices(&self, active: Selection) -> Vec<usize> {
        match active.element() {
            None => Vec::new(),
            Some((kind, i)) if self.kind == Some(kind) && self.members.contains(&i) => {
                self.members.iter().copied().collect()
            }
            Some((_, i)) => vec![i],
        }
    }

    /// Whether `this` is selected (the active element always is).
    pub fn contains(&self, active: Selection, this: Selection) -> bool {
        if this == active {
            return this != Selection::None;
        }
        match (active.element(), this.element()) {
            (Some((ak, ai)), Some((k, i))) => {
                ak == k
                    && self.kind == Some(k)
                    && self.members.contains(&ai)
                    && self.members.contains(&i)
            }
            _ => false,
        }
    }

    /// The selection after clicking `this` with `mods` in a list showing its
    /// elements in `order` (the list's display order, for Shift ranges):
    /// a plain click selects only `this`; Ctrl adds or removes it; Shift selects the
    /// range from the last clicked element (Ctrl+Shift adds the range). Returns the
    /// new active element and set.
    pub fn click(
        &self,
        active: Selection,
        this: Selection,
        mods: ClickMods,
        order: &[usize],
    ) -> (Selection, Selected) {
        let Some((kind, index)) = this.element() else {
            return (this, Selected::default());
        };
        let current: BTreeSet<usize> = if active.kind() == Some(kind) {
            self.indices(active).into_iter().collect()
        } else {
            BTreeSet::new()
        };
        let anchor = self
            .anchor
            .filter(|_| self.kind == Some(kind) && active.kind() == Some(kind))
            .or(active.index().filter(|_| active.kind() == Some(kind)));
        if mods.range {
            let range = anchor.and_then(|a| {
                let from = order.iter().position(|&x| x == a)?;
                let to = order.iter().position(|&x| x == index)?;
                Some(order[from.min(to)..=from.max(to)].to_vec())
            });
            let mut members = if mods.toggle {
                current
            } else {
                BTreeSet::new()
            };
            members.extend(range.unwrap_or_else(|| vec![index]));
            let selected = Selected {
                kind: Some(kind),
                members,
                anchor: anchor.or(Some(index)),
            };
            return (this, selected);
        }
        if mods.toggle {
            let mut members = current;
            if !members.remove(&index) {
                members.insert(index);
                let selected = Selected {
                    kind: Some(kind),
                    members,
                    anchor: Some(index),
                };
                return (this, selected);
            }
            // Removed: the active element moves to another member (or none is left).
            let new_active = if active == this {
                match members.iter().next() {
                    Some(&i) => Selection::of(kind, i).unwrap_or_default(),
                    None => Selection::None,
                }
            } else {
                active
            };
            let selected = Selected {
                kind: Some(kind),
                members,
                anchor: Some(index),
            };
            return (new_active, selected);
        }
        (this, Selected::single(this))
    }

    /// The selected indices of `kind` (the active element's kind), without
    /// allocating: the set when it holds the active element, else the active one.
    pub fn iter(&self, active: Selection, kind: ElementKind) -> impl Iterator<Item = usize> + '_ {
        let (set, single) = match active.element() {
            Some((k, i)) if k == kind => {
                if self.kind == Some(k) && self.members.contains(&i) {
                    (Some(self.members.iter().copied()), None)
                } else {
                    (None, Some(i))
                }
            }
            _ => (None, None),
        };
        set.into_iter().flatten().chain(single)
    }

    /// The selection after a viewport pick or box selected `picked` of `kind`:
    /// replace the selection, add to it (Shift) or remove from it (Ctrl). The
    /// active element is the first picked one (or, removing, a remaining one).
    pub fn combine(
        &self,
        active: Selection,
        kind: ElementKind,
        picked: &[usize],
        how: Combine,
    ) -> (Selection, Selected) {
        let mut members: BTreeSet<usize> = if how == Combine::Replace {
            BTreeSet::new()
        } else {
            self.iter(active, kind).collect()
        };
        let keep_active = active.kind() == Some(kind);
        let new_active = match how {
            Combine::Remove => {
                for i in picked {
                    members.remove(i);
                }
                active
                    .index()
                    .filter(|i| keep_active && members.contains(i))
                    .or_else(|| members.iter().next().copied())
            }
            Combine::Add | Combine::Replace => {
                members.extend(picked.iter().copied());
                picked.first().copied().or(active
                    .index()
                    .filter(|i| keep_active && members.contains(i)))
            }
        };
        match new_active.and_then(|i| Selection::of(kind, i)) {
            Some(a) => (
                a,
                Selected {
                    kind: Some(kind),
                    members,
                    anchor: new_active,
                },
            ),
            None => (Selection::None, Selected::default()),
        }
    }

    /// Follows an edit's index moves (members removed by it drop out).
    pub fn follow(&mut self, moves: &crate::edit::IndexMoves) {
        let Some(kind) = self.kind.filter(|&k| moves.touches(k)) else {
            return;
        };
        self.members = self
            .members
            .iter()
            .filter_map(|&i| moves.index(kind, i))
            .collect();
        self.anchor = self.anchor.and_then(|a| moves.index(kind, a));
    }

    /// Drops members that no longer exist in `model` (after an edit or undo).
    pub fn retain_valid(&mut self, model: &Model) {
        if let Some(kind) = self.kind {
            let len = kind.len(model);
            self.members.retain(|&i| i < len);
        }
    }
}

/// How a viewport pick or box combines with the selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combine {
    Replace,
    /// Shift.
    Add,
    /// Ctrl.
    Remove,
}

impl Combine {
    pub fn from_egui(m: eframe::egui::Modifiers) -> Self {
        if m.command {
            Combine::Remove
        } else if m.shift {
            Combine::Add
        } else {
            Combine::Replace
        }
    }
}

/// The vertices that give `bone` at least `min_weight` (a bone a weight slot
/// names twice counts once per slot summed, as skinning does).
pub fn vertices_weighted_by(model: &Model, bone: usize, min_weight: f32) -> Vec<usize> {
    let Ok(bone) = i32::try_from(bone) else {
        return Vec::new();
    };
    model
        .vertices
        .iter()
        .enumerate()
        .filter(|(_, v)| {
            let (bones, weights, n) = v.weights.bone_weights();
            let w: f32 = (0..n)
                .filter(|&k| bones[k] == bone)
                .map(|k| weights[k])
                .sum();
            w > 0.0 && w >= min_weight
        })
        .map(|(i, _)| i)
        .collect()
}

/// The vertices the faces of `material` use, ascending.
pub fn vertices_of_material(model: &Model, material: usize) -> Vec<usize> {
    let ranges = crate::edit::remap::material_face_ranges(model);
    let Some(range) = ranges.get(material) else {
        return Vec::new();
    };
    let set: BTreeSet<usize> = model.faces[range.clone()]
        .iter()
        .flatten()
        .filter_map(|&v| usize::try_from(v).ok())
        .filter(|&v| v < model.vertices.len())
        .collect();
    set.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: ClickMods = ClickMods {
        toggle: false,
        range: false,
    };
    const CTRL: ClickMods = ClickMods {
        toggle: true,
        range: false,
    };
    const SHIFT: ClickMods = ClickMods {
        toggle: false,
        range: true,
    };

    #[test]
    fn ctrl_adds_and_removes_shift_selects_a_range_in_display_order() {
        let order = [4, 0, 3, 1, 2];
        let s = Selected::default();
        let (a, s) = s.click(Selection::None, Selection::RigidBody(0), PLAIN, &order);
        assert_eq!(s.indices(a), vec![0]);
        let (a, s) = s.click(a, Selection::RigidBody(2), CTRL, &order);
        assert_eq!((a, s.indices(a)), (Selection::RigidBody(2), vec![0, 2]));
        // Shift from the last clicked (2) to 3 in display order: 3, 1, 2.
        let (a, s) = s.click(a, Selection::RigidBody(3), SHIFT, &order);
        assert_eq!(s.indices(a), vec![1, 2, 3]);
        assert!(s.contains(a, Selection::RigidBody(1)));
        assert!(!s.contains(a, Selection::RigidBody(0)));
        assert!(!s.contains(a, Selection::Joint(1)), "another kind");
        // Ctrl on the active one removes it; another member becomes active.
        let (a, s) = s.click(a, Selection::RigidBody(3), CTRL, &order);
        assert_eq!((a, s.indices(a)), (Selection::RigidBody(1), vec![1, 2]));
        // A plain click on another kind starts over.
        let (a, s) = s.click(a, Selection::Joint(0), SHIFT, &order);
        assert_eq!((a, s.indices(a)), (Selection::Joint(0), vec![0]));
    }

    #[test]
    fn a_set_not_holding_the_active_element_is_ignored() {
        let s = Selected::many(ElementKind::Bone, [1, 2, 3]);
        assert_eq!(s.indices(Selection::Bone(2)), vec![1, 2, 3]);
        assert_eq!(s.indices(Selection::Bone(7)), vec![7]);
        assert_eq!(s.indices(Selection::Morph(2)), vec![2]);
        assert_eq!(s.indices(Selection::Model), Vec::<usize>::new());
    }

    #[test]
    fn ctrl_removing_the_last_member_selects_nothing() {
        let (a, s) = Selected::default().click(Selection::None, Selection::Bone(1), CTRL, &[]);
        assert_eq!(a, Selection::Bone(1));
        let (a, s) = s.click(a, Selection::Bone(1), CTRL, &[]);
        assert_eq!(a, Selection::None);
        assert!(s.indices(a).is_empty());
    }

    #[test]
    fn a_pick_replaces_adds_to_or_removes_from_the_vertex_set() {
        let v = ElementKind::Vertex;
        let (a, s) =
            Selected::default().combine(Selection::Bone(3), v, &[5, 7, 9], Combine::Replace);
        assert_eq!(a, Selection::Vertex(5));
        assert_eq!(s.iter(a, v).collect::<Vec<_>>(), vec![5, 7, 9]);
        let (a, s) = s.combine(a, v, &[1], Combine::Add);
        assert_eq!(
            (a, s.iter(a, v).collect::<Vec<_>>()),
            (Selection::Vertex(1), vec![1, 5, 7, 9])
        );
        let (a, s) = s.combine(a, v, &[1, 7], Combine::Remove);
        assert_eq!(
            (a, s.iter(a, v).collect::<Vec<_>>()),
            (Selection::Vertex(5), vec![5, 9])
        );
        // Adding to a selection of another kind starts from nothing.
        let (a2, s2) = s.combine(Selection::Bone(0), v, &[2], Combine::Add);
        assert_eq!(s2.iter(a2, v).collect::<Vec<_>>(), vec![2]);
        // Removing everything, or a click on nothing, selects nothing.
        let (a, s) = s.combine(a, v, &[5, 9], Combine::Remove);
        assert_eq!((a, s.iter(a, v).count()), (Selection::None, 0));
        let (a, _) = Selected::many(v, [4]).combine(Selection::Vertex(4), v, &[], Combine::Replace);
        assert_eq!(a, Selection::None);
        // iter() of another kind is empty; a lone active element is itself.
        assert_eq!(
            Selected::default()
                .iter(Selection::Vertex(8), v)
                .collect::<Vec<_>>(),
            vec![8]
        );
        assert_eq!(Selected::default().iter(Selection::Bone(8), v).count(), 0);
    }

    #[test]
    fn vertices_by_bone_weight_and_by_material() {
        use crate::pmx::{Material, Vertex, Weights};
        let mut m = Model::default();
        let w = [
            Weights::Bdef1 { bone: 1 },
            Weights::Bdef2 {
                bones: [1, 2],
                weight: 0.3,
            },
            Weights::Bdef4 {
                bones: [2, 1, 1, 0],
                weights: [0.2, 0.3, 0.3, 0.2],
            },
            Weights::Bdef2 {
                bones: [0, 1],
                weight: 1.0,
            },
        ];
        m.vertices = w
            .into_iter()
            .map(|weights| Vertex {
                weights,
                ..Vertex::default()
            })
            .collect();
        // Bone 1: 1.0, 0.3, 0.6 (two slots), 0.0 (a zero weight is not a weight).
        assert_eq!(vertices_weighted_by(&m, 1, 0.5), vec![0, 2]);
        assert_eq!(vertices_weighted_by(&m, 1, 0.0), vec![0, 1, 2]);
        assert_eq!(vertices_weighted_by(&m, 9, 0.0), Vec::<usize>::new());
        m.faces = vec![[0, 1, 2], [2, 3, 1], [3, 3, 3]];
        m.materials = vec![
            Material {
                face_index_count: 3,
                ..Material::default()
            },
            Material {
                face_index_count: 6,
                ..Material::default()
            },
        ];
        assert_eq!(vertices_of_material(&m, 0), vec![0, 1, 2]);
        assert_eq!(vertices_of_material(&m, 1), vec![1, 2, 3]);
        assert_eq!(vertices_of_material(&m, 2), Vec::<usize>::new());
    }
}
