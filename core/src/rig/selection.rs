//! What the user selected, by kind: the input of operations and of mirror.

use super::RigError;
use crate::edit::{ElementKind, ElementSet};
use crate::pmx::Model;

/// The elements an operation runs on (or a tool such as mirror works on), by kind.
pub type Selection = ElementSet;

impl Selection {
    /// The kinds an operation's "any elements" selection may hold.
    pub const ELEMENT_KINDS: [ElementKind; 5] = [
        ElementKind::Bone,
        ElementKind::RigidBody,
        ElementKind::Joint,
        ElementKind::Morph,
        ElementKind::Vertex,
    ];

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
}
