//! The panels' words for the core's enums (element kinds, shapes, joint and morph
//! kinds…), from the catalogue: the core enums keep their English `name()` for files,
//! scripts and logs; what the panels show is translated here.

use crate::edit::ElementKind;
use crate::pmx::{JointKind, MorphKind, RigidMode, RigidShape, SoftBodyShape};
use crate::tr;

/// "bone", "rigid body" … (ボーン, 剛体 …).
pub fn kind_name(kind: ElementKind) -> String {
    match kind {
        ElementKind::Header => tr!("panels-kind-header"),
        ElementKind::Info => tr!("panels-kind-info"),
        ElementKind::Vertex => tr!("panels-kind-vertex"),
        ElementKind::Face => tr!("panels-kind-face"),
        ElementKind::Texture => tr!("panels-kind-texture"),
        ElementKind::Material => tr!("panels-kind-material"),
        ElementKind::Bone => tr!("panels-kind-bone"),
        ElementKind::Morph => tr!("panels-kind-morph"),
        ElementKind::DisplayFrame => tr!("panels-kind-display-frame"),
        ElementKind::RigidBody => tr!("panels-kind-rigid-body"),
        ElementKind::Joint => tr!("panels-kind-joint"),
        ElementKind::SoftBody => tr!("panels-kind-soft-body"),
    }
}

/// [`kind_name`] as a heading starts ("Rigid body"; 剛体 as it is).
pub fn kind_heading(kind: ElementKind) -> String {
    let name = kind_name(kind);
    let mut chars = name.chars();
    chars.next().map_or(name.clone(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// "3 bones", "1 rigid body" (ボーン 3 個).
pub fn kind_count(kind: ElementKind, count: usize) -> String {
    match kind {
        ElementKind::Header => tr!("panels-n-headers", count = count),
        ElementKind::Info => tr!("panels-n-infos", count = count),
        ElementKind::Vertex => tr!("panels-n-vertices", count = count),
        ElementKind::Face => tr!("panels-n-faces", count = count),
        ElementKind::Texture => tr!("panels-n-textures", count = count),
        ElementKind::Material => tr!("panels-n-materials", count = count),
        ElementKind::Bone => tr!("panels-n-bones", count = count),
        ElementKind::Morph => tr!("panels-n-morphs", count = count),
        ElementKind::DisplayFrame => tr!("panels-n-display-frames", count = count),
        ElementKind::RigidBody => tr!("panels-n-rigid-bodies", count = count),
        ElementKind::Joint => tr!("panels-n-joints", count = count),
        ElementKind::SoftBody => tr!("panels-n-soft-bodies", count = count),
    }
}

/// Plural kind name without a count ("rigid bodies", 剛体).
pub fn kind_plural(kind: ElementKind) -> String {
    match kind {
        ElementKind::Header => tr!("panels-kinds-header"),
        ElementKind::Info => tr!("panels-kinds-info"),
        ElementKind::Vertex => tr!("panels-kinds-vertex"),
        ElementKind::Face => tr!("panels-kinds-face"),
        ElementKind::Texture => tr!("panels-kinds-texture"),
        ElementKind::Material => tr!("panels-kinds-material"),
        ElementKind::Bone => tr!("panels-kinds-bone"),
        ElementKind::Morph => tr!("panels-kinds-morph"),
        ElementKind::DisplayFrame => tr!("panels-kinds-display-frame"),
        ElementKind::RigidBody => tr!("panels-kinds-rigid-body"),
        ElementKind::Joint => tr!("panels-kinds-joint"),
        ElementKind::SoftBody => tr!("panels-kinds-soft-body"),
    }
}

pub fn shape_name(s: RigidShape) -> String {
    match s {
        RigidShape::Sphere => tr!("panels-shape-sphere"),
        RigidShape::Box => tr!("panels-shape-box"),
        RigidShape::Capsule => tr!("panels-shape-capsule"),
        RigidShape::Unknown(_) => tr!("panels-unknown"),
    }
}

pub fn mode_name(m: RigidMode) -> String {
    match m {
        RigidMode::FollowBone => tr!("panels-mode-bone"),
        RigidMode::Dynamic => tr!("panels-mode-physics"),
        RigidMode::DynamicWithBonePosition => tr!("panels-mode-physics-bone"),
        RigidMode::Unknown(_) => tr!("panels-unknown"),
    }
}

pub fn joint_kind_name(k: JointKind) -> String {
    match k {
        JointKind::Spring6Dof => tr!("panels-joint-spring-6dof"),
        JointKind::SixDof => tr!("panels-joint-6dof"),
        JointKind::P2p => tr!("panels-joint-p2p"),
        JointKind::ConeTwist => tr!("panels-joint-cone-twist"),
        JointKind::Slider => tr!("panels-joint-slider"),
        JointKind::Hinge => tr!("panels-joint-hinge"),
        JointKind::Unknown(_) => tr!("panels-unknown"),
    }
}

pub fn morph_kind_name(k: MorphKind) -> String {
    match k {
        MorphKind::Group => tr!("panels-morph-group"),
        MorphKind::Vertex => tr!("panels-morph-vertex"),
        MorphKind::Bone => tr!("panels-morph-bone"),
        MorphKind::Uv => tr!("panels-morph-uv"),
        MorphKind::AdditionalUv1 => tr!("panels-morph-uv1"),
        MorphKind::AdditionalUv2 => tr!("panels-morph-uv2"),
        MorphKind::AdditionalUv3 => tr!("panels-morph-uv3"),
        MorphKind::AdditionalUv4 => tr!("panels-morph-uv4"),
        MorphKind::Material => tr!("panels-morph-material"),
        MorphKind::Flip => tr!("panels-morph-flip"),
        MorphKind::Impulse => tr!("panels-morph-impulse"),
    }
}

pub fn soft_shape_name(s: SoftBodyShape) -> String {
    match s {
        SoftBodyShape::TriMesh => tr!("panels-soft-trimesh"),
        SoftBodyShape::Rope => tr!("panels-soft-rope"),
        SoftBodyShape::Unknown(_) => tr!("panels-unknown"),
    }
}
