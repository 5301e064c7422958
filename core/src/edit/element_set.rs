//! Element indices by kind: what a user selected, what an operation removes, what
//! refers to a deleted element. One list per list-like kind of the model.

use super::{ElementKind, ModelEdit};

/// Declares [`ElementSet`] from one list of `field: Kind` pairs, so the fields and
/// the kind of each are written once.
macro_rules! element_set {
    ($($(#[$doc:meta])* $field:ident: $kind:ident),* $(,)?) => {
        /// Element indices, one list per kind. The lists are declared in the order
        /// deleting them is safe (see [`ElementSet::into_deletion`]).
        #[derive(Debug, Clone, Default, PartialEq, Eq)]
        pub struct ElementSet {
            $($(#[$doc])* pub $field: Vec<usize>,)*
        }

        impl ElementSet {
            /// The list of `kind`; None for kinds a set does not hold (header, faces …).
            pub fn list(&self, kind: ElementKind) -> Option<&Vec<usize>> {
                match kind {
                    $(ElementKind::$kind => Some(&self.$field),)*
                    _ => None,
                }
            }

            /// The list of `kind` to change; None as for [`list`](Self::list).
            pub fn list_mut(&mut self, kind: ElementKind) -> Option<&mut Vec<usize>> {
                match kind {
                    $(ElementKind::$kind => Some(&mut self.$field),)*
                    _ => None,
                }
            }

            /// Every kind with its list, in declaration order.
            pub fn lists(&self) -> impl Iterator<Item = (ElementKind, &[usize])> {
                [$((ElementKind::$kind, self.$field.as_slice())),*].into_iter()
            }

            /// Every kind with its list, taken out of the set, in declaration order.
            fn into_lists(self) -> impl Iterator<Item = (ElementKind, Vec<usize>)> {
                [$((ElementKind::$kind, self.$field)),*].into_iter()
            }
        }
    };
}

element_set! {
    soft_bodies: SoftBody,
    joints: Joint,
    rigid_bodies: RigidBody,
    morphs: Morph,
    display_frames: DisplayFrame,
    materials: Material,
    /// After the materials: their faces are gone, so the vertices are unused.
    vertices: Vertex,
    /// After the vertices: no remaining weight points at a removed bone.
    bones: Bone,
    textures: Texture,
}

impl ElementSet {
    /// `indices` of one kind (nothing for a kind a set does not hold).
    pub fn of(kind: ElementKind, indices: Vec<usize>) -> ElementSet {
        let mut set = ElementSet::default();
        if let Some(list) = set.list_mut(kind) {
            *list = indices;
        }
        set
    }

    /// No list holds anything.
    pub fn is_empty(&self) -> bool {
        self.lists().all(|(_, list)| list.is_empty())
    }

    /// How many indices the lists hold together.
    pub fn len(&self) -> usize {
        self.lists().map(|(_, list)| list.len()).sum()
    }

    /// One undoable step deleting every element of the set (None if it is empty).
    /// Each kind is deleted in one part; a deletion moves only its own kind's
    /// indices, so every part's indices are those of the model before the step.
    pub fn into_deletion(self, label: impl Into<String>) -> Option<ModelEdit> {
        let parts: Vec<ModelEdit> = self
            .into_lists()
            .filter(|(_, list)| !list.is_empty())
            .map(|(kind, list)| ModelEdit::delete(kind, list))
            .collect();
        (!parts.is_empty()).then(|| ModelEdit::batch(label, parts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn of_fills_one_list_and_ignores_kinds_without_one() {
        let s = ElementSet::of(ElementKind::Joint, vec![3, 1]);
        assert_eq!(s.joints, vec![3, 1]);
        assert_eq!(s.len(), 2);
        assert!(!s.is_empty());
        assert_eq!(s.list(ElementKind::Joint), Some(&vec![3, 1]));
        assert_eq!(s.list(ElementKind::Bone), Some(&Vec::new()));
        assert!(ElementSet::of(ElementKind::Face, vec![0]).is_empty());
        assert_eq!(s.list(ElementKind::Header), None);
    }

    #[test]
    fn every_list_kind_maps_to_its_own_field() {
        let kinds: Vec<ElementKind> = ElementSet::default().lists().map(|(k, _)| k).collect();
        for (i, &kind) in kinds.iter().enumerate() {
            let s = ElementSet::of(kind, vec![i]);
            let holding: Vec<ElementKind> = (s.lists())
                .filter(|(_, l)| !l.is_empty())
                .map(|(k, _)| k)
                .collect();
            assert_eq!(holding, vec![kind]);
        }
        let held = ElementKind::ALL
            .iter()
            .filter(|&&k| ElementSet::default().list(k).is_some())
            .count();
        assert_eq!(held, kinds.len());
    }

    #[test]
    fn deletion_deletes_soft_bodies_before_materials_and_bones_after_vertices() {
        assert!(ElementSet::default().into_deletion("x").is_none());
        let s = ElementSet {
            bones: vec![0],
            vertices: vec![1],
            materials: vec![2],
            soft_bodies: vec![3],
            ..Default::default()
        };
        let order: Vec<ElementKind> = s
            .lists()
            .filter(|(_, l)| !l.is_empty())
            .map(|(k, _)| k)
            .collect();
        assert_eq!(
            order,
            [
                ElementKind::SoftBody,
                ElementKind::Material,
                ElementKind::Vertex,
                ElementKind::Bone
            ]
        );
        assert!(s.into_deletion("x").is_some());
    }
}
