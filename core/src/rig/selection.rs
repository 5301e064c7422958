//! What the user selected, by kind: the input of operations and of mirror.

use super::RigError;
use crate::edit::ElementKind;
use crate::pmx::Model;

/// The elements an operation runs on (or a tool such as mirror works on), by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    pub bones: Vec<usize>,
    pub rigid_bodies: Vec<usize>,
    pub joints: Vec<usize>,
    pub morphs: Vec<usize>,
    pub vertices: Vec<usize>,
    pub materials: Vec<usize>,
}

impl Selection {
    /// The kinds an operation's "any elements" selection may hold.
    pub const ELEMENT_KINDS: [ElementKind; 5] = [
        ElementKind::Bone,
        ElementKind::RigidBody,
        ElementKind::Joint,
        ElementKind::Morph,
        ElementKind::Vertex,
    ];

    /// `indices` of one kind.
    pub fn of(kind: ElementKind, indices: Vec<usize>) -> Selection {
        let mut s = Selection::default();
        if let Some(list) = s.list_mut(kind) {
            *list = indices;
        }
        s
    }

    /// The selected bones that exist in `model`, in selection order.
    pub fn bones_in(&self, model: &Model) -> Vec<usize> {
        self.bones
            .iter()
            .copied()
            .filter(|&b| b < model.bones.len())
            .collect()
    }

    /// The selected materials; an error naming the selection when there are none.
    pub fn required_materials(&self) -> Result<&[usize], RigError> {
        if self.materials.is_empty() {
            return Err(RigError::Invalid(crate::tr!(
                "err-op-missing",
                key = "materials"
            )));
        }
        Ok(&self.materials)
    }

    fn list_mut(&mut self, kind: ElementKind) -> Option<&mut Vec<usize>> {
        Some(match kind {
            ElementKind::Bone => &mut self.bones,
            ElementKind::RigidBody => &mut self.rigid_bodies,
            ElementKind::Joint => &mut self.joints,
            ElementKind::Morph => &mut self.morphs,
            ElementKind::Vertex => &mut self.vertices,
            ElementKind::Material => &mut self.materials,
            _ => return None,
        })
    }

    pub fn is_empty(&self) -> bool {
        self.bones.is_empty()
            && self.rigid_bodies.is_empty()
            && self.joints.is_empty()
            && self.morphs.is_empty()
            && self.vertices.is_empty()
            && self.materials.is_empty()
    }
}
