//! Model pieces the integration tests build by hand (`mod support;`).
#![allow(dead_code)]

use glam::Vec3;
use hone_core::pmx::{Bone, Morph, MorphOffsets, Vertex, Weights};

/// A bone with only its name, model-space position and parent set.
pub fn bone(name: &str, position: Vec3, parent: i32) -> Bone {
    Bone {
        name: name.into(),
        position,
        parent,
        ..Bone::default()
    }
}

/// A vertex skinned fully to one bone (BDEF1).
pub fn vertex(position: Vec3, bone: i32) -> Vertex {
    Vertex {
        position,
        weights: Weights::Bdef1 { bone },
        ..Vertex::default()
    }
}

/// A morph on the "other" panel (4).
pub fn morph(name: &str, offsets: MorphOffsets) -> Morph {
    Morph {
        name: name.into(),
        name_en: String::new(),
        panel: 4,
        offsets,
    }
}
pub mod rigid;

/// Every IK bone deforms no earlier than its target and links (by layer).
pub fn assert_ik_after_chain(m: &hone_core::pmx::Model) {
    for (i, b) in m.bones.iter().enumerate() {
        let Some(ik) = &b.ik else { continue };
        for other in std::iter::once(ik.target).chain(ik.links.iter().map(|l| l.bone)) {
            let o = &m.bones[other as usize];
            assert!(
                b.layer >= o.layer,
                "IK {i} {} (layer {}) before {} (layer {})",
                b.name,
                b.layer,
                o.name,
                o.layer
            );
        }
    }
}
