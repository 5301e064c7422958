//! Vertices (position, normal, UVs, weights) and materials.

use glam::{Vec2, Vec3, Vec4};
use serde::{Deserialize, Serialize};

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vertex {
    pub position: Vec3,
    pub normal: Vec3,
    pub uv: Vec2,
    /// Always four slots; only the first `header.additional_uv_count` are stored in the file.
    pub additional_uvs: [Vec4; 4],
    pub weights: Weights,
    pub edge_scale: f32,
}

impl Default for Vertex {
    fn default() -> Self {
        Vertex {
            position: Vec3::ZERO,
            normal: Vec3::Y,
            uv: Vec2::ZERO,
            additional_uvs: [Vec4::ZERO; 4],
            weights: Weights::Bdef1 { bone: 0 },
            edge_scale: 1.0,
        }
    }
}

/// How a vertex is bound to bones.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Weights {
    Bdef1 {
        bone: i32,
    },
    /// `weight` is bone 0's weight; bone 1 gets `1 - weight`.
    Bdef2 {
        bones: [i32; 2],
        weight: f32,
    },
    /// Weights as stored; the spec does not promise they sum to 1.
    Bdef4 {
        bones: [i32; 4],
        weights: [f32; 4],
    },
    /// BDEF2 plus the SDEF centre and the two (uncorrected) R points.
    Sdef {
        bones: [i32; 2],
        weight: f32,
        c: Vec3,
        r0: Vec3,
        r1: Vec3,
    },
    /// PMX 2.1: dual-quaternion blending, same layout as BDEF4.
    Qdef {
        bones: [i32; 4],
        weights: [f32; 4],
    },
}

impl Weights {
    pub fn kind(&self) -> WeightKind {
        match self {
            Weights::Bdef1 { .. } => WeightKind::Bdef1,
            Weights::Bdef2 { .. } => WeightKind::Bdef2,
            Weights::Bdef4 { .. } => WeightKind::Bdef4,
            Weights::Sdef { .. } => WeightKind::Sdef,
            Weights::Qdef { .. } => WeightKind::Qdef,
        }
    }

    /// The referenced bones with their effective weights (BDEF2/SDEF expanded).
    pub fn bone_weights(&self) -> ([i32; 4], [f32; 4], usize) {
        match *self {
            Weights::Bdef1 { bone } => ([bone, NONE, NONE, NONE], [1.0, 0.0, 0.0, 0.0], 1),
            Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => (
                [bones[0], bones[1], NONE, NONE],
                [weight, 1.0 - weight, 0.0, 0.0],
                2,
            ),
            Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
                (bones, weights, 4)
            }
        }
    }

    /// The SDEF centre C and the two (uncorrected) R points, for SDEF weights.
    pub fn sdef_points(&self) -> Option<[Vec3; 3]> {
        match *self {
            Weights::Sdef { c, r0, r1, .. } => Some([c, r0, r1]),
            _ => None,
        }
    }

    /// Mutable access to every bone reference (for index remapping).
    pub fn bones_mut(&mut self) -> &mut [i32] {
        match self {
            Weights::Bdef1 { bone } => std::slice::from_mut(bone),
            Weights::Bdef2 { bones, .. } | Weights::Sdef { bones, .. } => bones,
            Weights::Bdef4 { bones, .. } | Weights::Qdef { bones, .. } => bones,
        }
    }

    pub fn bones(&self) -> &[i32] {
        match self {
            Weights::Bdef1 { bone } => std::slice::from_ref(bone),
            Weights::Bdef2 { bones, .. } | Weights::Sdef { bones, .. } => bones,
            Weights::Bdef4 { bones, .. } | Weights::Qdef { bones, .. } => bones,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WeightKind {
    Bdef1 = 0,
    Bdef2 = 1,
    Bdef4 = 2,
    Sdef = 3,
    Qdef = 4,
}

impl WeightKind {
    pub const ALL: [WeightKind; 5] = [
        WeightKind::Bdef1,
        WeightKind::Bdef2,
        WeightKind::Bdef4,
        WeightKind::Sdef,
        WeightKind::Qdef,
    ];
    /// How many weights the file stores (BDEF2 and SDEF store bone 0's only).
    pub fn stored_weights(self) -> usize {
        match self {
            WeightKind::Bdef1 => 0,
            WeightKind::Bdef2 | WeightKind::Sdef => 1,
            WeightKind::Bdef4 | WeightKind::Qdef => 4,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            WeightKind::Bdef1 => "BDEF1",
            WeightKind::Bdef2 => "BDEF2",
            WeightKind::Bdef4 => "BDEF4",
            WeightKind::Sdef => "SDEF",
            WeightKind::Qdef => "QDEF",
        }
    }
}

// ---------------------------------------------------------------- materials

/// Material draw flags (one byte). 0x20..0x80 are PMX 2.1 extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MaterialFlags(pub u8);

impl MaterialFlags {
    pub const DOUBLE_SIDED: u8 = 0x01;
    pub const GROUND_SHADOW: u8 = 0x02;
    pub const SELF_SHADOW_MAP: u8 = 0x04;
    pub const SELF_SHADOW: u8 = 0x08;
    pub const EDGE: u8 = 0x10;
    pub const VERTEX_COLOR: u8 = 0x20;
    pub const POINT: u8 = 0x40;
    pub const LINE: u8 = 0x80;
    /// Bits only PMX 2.1 defines.
    pub const V21_ONLY: u8 = Self::VERTEX_COLOR | Self::POINT | Self::LINE;

    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
    pub fn set(&mut self, bit: u8, on: bool) {
        if on {
            self.0 |= bit
        } else {
            self.0 &= !bit
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SphereMode {
    #[default]
    Disabled,
    Multiply,
    Add,
    /// Draws the main texture again with additional UV1.xy.
    SubTexture,
    /// A value the spec does not define, kept as read.
    Unknown(u8),
}

impl SphereMode {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => SphereMode::Disabled,
            1 => SphereMode::Multiply,
            2 => SphereMode::Add,
            3 => SphereMode::SubTexture,
            v => SphereMode::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            SphereMode::Disabled => 0,
            SphereMode::Multiply => 1,
            SphereMode::Add => 2,
            SphereMode::SubTexture => 3,
            SphereMode::Unknown(v) => v,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Toon {
    /// One of the shared toon01.bmp..toon10.bmp (0..=9).
    Shared(u8),
    /// Own toon texture: index into the texture table.
    Texture(i32),
}

impl Default for Toon {
    fn default() -> Self {
        Toon::Texture(NONE)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Material {
    pub name: String,
    pub name_en: String,
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub flags: MaterialFlags,
    pub edge_color: Vec4,
    /// Edge size; the point size for 2.1 point materials.
    pub edge_size: f32,
    pub texture: i32,
    pub sphere_texture: i32,
    pub sphere_mode: SphereMode,
    pub toon: Toon,
    pub memo: String,
    /// Number of face *indices* (3 per triangle) this material draws, as stored.
    pub face_index_count: i32,
}

impl Default for Material {
    fn default() -> Self {
        Material {
            name: String::new(),
            name_en: String::new(),
            diffuse: Vec4::ONE,
            specular: Vec3::ZERO,
            specular_power: 5.0,
            ambient: Vec3::splat(0.5),
            flags: MaterialFlags(0),
            edge_color: Vec4::new(0.0, 0.0, 0.0, 1.0),
            edge_size: 1.0,
            texture: NONE,
            sphere_texture: NONE,
            sphere_mode: SphereMode::Disabled,
            toon: Toon::Texture(NONE),
            memo: String::new(),
            face_index_count: 0,
        }
    }
}
