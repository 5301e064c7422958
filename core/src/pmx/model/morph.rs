//! Morphs: the kinds and their offsets.

use glam::{Vec3, Vec4};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MorphKind {
    Group = 0,
    Vertex = 1,
    Bone = 2,
    Uv = 3,
    AdditionalUv1 = 4,
    AdditionalUv2 = 5,
    AdditionalUv3 = 6,
    AdditionalUv4 = 7,
    Material = 8,
    /// PMX 2.1.
    Flip = 9,
    /// PMX 2.1.
    Impulse = 10,
}

impl MorphKind {
    pub const ALL: [MorphKind; 11] = [
        MorphKind::Group,
        MorphKind::Vertex,
        MorphKind::Bone,
        MorphKind::Uv,
        MorphKind::AdditionalUv1,
        MorphKind::AdditionalUv2,
        MorphKind::AdditionalUv3,
        MorphKind::AdditionalUv4,
        MorphKind::Material,
        MorphKind::Flip,
        MorphKind::Impulse,
    ];
    pub fn from_u8(v: u8) -> Option<Self> {
        MorphKind::ALL.get(v as usize).copied()
    }
    pub fn name(self) -> &'static str {
        match self {
            MorphKind::Group => "group",
            MorphKind::Vertex => "vertex",
            MorphKind::Bone => "bone",
            MorphKind::Uv => "uv",
            MorphKind::AdditionalUv1 => "additional_uv1",
            MorphKind::AdditionalUv2 => "additional_uv2",
            MorphKind::AdditionalUv3 => "additional_uv3",
            MorphKind::AdditionalUv4 => "additional_uv4",
            MorphKind::Material => "material",
            MorphKind::Flip => "flip",
            MorphKind::Impulse => "impulse",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GroupOffset {
    pub morph: i32,
    pub ratio: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct VertexOffset {
    pub vertex: i32,
    pub offset: Vec3,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BoneOffset {
    pub bone: i32,
    pub translation: Vec3,
    /// Quaternion x, y, z, w as stored (not necessarily normalised).
    pub rotation: Vec4,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct UvOffset {
    pub vertex: i32,
    pub offset: Vec4,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MaterialOp {
    Multiply,
    Add,
    Unknown(u8),
}

impl MaterialOp {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => MaterialOp::Multiply,
            1 => MaterialOp::Add,
            v => MaterialOp::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            MaterialOp::Multiply => 0,
            MaterialOp::Add => 1,
            MaterialOp::Unknown(v) => v,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MaterialOffset {
    /// −1 = every material.
    pub material: i32,
    pub op: MaterialOp,
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub edge_color: Vec4,
    pub edge_size: f32,
    pub texture_tint: Vec4,
    pub sphere_tint: Vec4,
    pub toon_tint: Vec4,
}

impl MaterialOffset {
    /// An offset that changes nothing: every factor 1 for a multiply, 0 for an add.
    pub const fn identity(material: i32, op: MaterialOp) -> MaterialOffset {
        let v = match op {
            MaterialOp::Add => 0.0,
            _ => 1.0,
        };
        MaterialOffset {
            material,
            op,
            diffuse: Vec4::splat(v),
            specular: Vec3::splat(v),
            specular_power: v,
            ambient: Vec3::splat(v),
            edge_color: Vec4::splat(v),
            edge_size: v,
            texture_tint: Vec4::splat(v),
            sphere_tint: Vec4::splat(v),
            toon_tint: Vec4::splat(v),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ImpulseOffset {
    pub rigid_body: i32,
    pub local: bool,
    pub velocity: Vec3,
    pub torque: Vec3,
}

impl ImpulseOffset {
    /// All zero means "stop the body" (停止制御) per the spec.
    pub fn is_stop(&self) -> bool {
        self.velocity == Vec3::ZERO && self.torque == Vec3::ZERO
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MorphOffsets {
    Group(Vec<GroupOffset>),
    Vertex(Vec<VertexOffset>),
    Bone(Vec<BoneOffset>),
    /// `layer` 0 = the base UV, 1..=4 = additional UV1..4.
    Uv {
        layer: u8,
        offsets: Vec<UvOffset>,
    },
    Material(Vec<MaterialOffset>),
    Flip(Vec<GroupOffset>),
    Impulse(Vec<ImpulseOffset>),
}

impl MorphOffsets {
    pub fn kind(&self) -> MorphKind {
        match self {
            MorphOffsets::Group(_) => MorphKind::Group,
            MorphOffsets::Vertex(_) => MorphKind::Vertex,
            MorphOffsets::Bone(_) => MorphKind::Bone,
            MorphOffsets::Uv { layer, .. } => match layer {
                0 => MorphKind::Uv,
                1 => MorphKind::AdditionalUv1,
                2 => MorphKind::AdditionalUv2,
                3 => MorphKind::AdditionalUv3,
                _ => MorphKind::AdditionalUv4,
            },
            MorphOffsets::Material(_) => MorphKind::Material,
            MorphOffsets::Flip(_) => MorphKind::Flip,
            MorphOffsets::Impulse(_) => MorphKind::Impulse,
        }
    }
    pub fn len(&self) -> usize {
        match self {
            MorphOffsets::Group(v) | MorphOffsets::Flip(v) => v.len(),
            MorphOffsets::Vertex(v) => v.len(),
            MorphOffsets::Bone(v) => v.len(),
            MorphOffsets::Uv { offsets, .. } => offsets.len(),
            MorphOffsets::Material(v) => v.len(),
            MorphOffsets::Impulse(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Morph panel (PMD category): 0 system, 1 brow, 2 eye, 3 mouth, 4 other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Morph {
    pub name: String,
    pub name_en: String,
    pub panel: u8,
    pub offsets: MorphOffsets,
}

impl Morph {
    pub fn kind(&self) -> MorphKind {
        self.offsets.kind()
    }
}
