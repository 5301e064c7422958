//! What the deformer reads of the model: which parts of it a [`ChangeSet`] makes
//! stale. The app routes an edit's change set here instead of deciding itself.

use crate::edit::changes::{BoneField, MaterialField, MorphField, VertexField};
use crate::edit::{ChangeSet, ElementKind as K};
use crate::pmx::Model;

/// The parts of a [`Deformer`](super::Deformer) a change set makes stale.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DeformReads {
    /// Build it again from the model (structure, faces, header, face counts).
    pub everything: bool,
    /// The bone data (hierarchy, order, IK, append, axes…).
    pub bones: bool,
    /// The morph data.
    pub morphs: bool,
    /// The skinning entries of these vertices (ascending).
    pub vertices: Vec<usize>,
}

impl DeformReads {
    pub fn is_empty(&self) -> bool {
        !self.everything && !self.bones && !self.morphs && self.vertices.is_empty()
    }
}

/// What of the deformer `changes` touches: names, tails, display frames, textures and
/// materials (except their face counts) are never read.
pub fn reads(model: &Model, changes: &ChangeSet) -> DeformReads {
    let everything = changes.is_structural()
        || [K::Header, K::Face].iter().any(|k| changes.touches(*k))
        || changes
            .fields(K::Material)
            .has(MaterialField::FaceIndexCount);
    if everything {
        return DeformReads {
            everything,
            ..Default::default()
        };
    }
    let skinning = [
        VertexField::Position,
        VertexField::Normal,
        VertexField::Weights,
    ];
    let vertices = if !changes.touches(K::Vertex) {
        Vec::new()
    } else if changes.is_precise(K::Vertex) {
        let mut v: Vec<usize> = changes
            .edits(K::Vertex)
            .filter(|(_, f)| skinning.iter().any(|r| f.has(*r)))
            .map(|(v, _)| v)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    } else {
        (0..model.vertices.len()).collect()
    };
    let bones_unread = [BoneField::Name, BoneField::NameEn, BoneField::Tail];
    let morphs_unread = [MorphField::Name, MorphField::NameEn, MorphField::Panel];
    DeformReads {
        everything: false,
        bones: !changes.fields(K::Bone).only(bones_unread),
        morphs: !changes.fields(K::Morph).only(morphs_unread),
        vertices,
    }
}
