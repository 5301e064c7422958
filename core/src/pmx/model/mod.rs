//! Plain-data model of a PMX 2.0/2.1 file.
//!
//! References between elements are plain `i32` indices (−1 = none), exactly as
//! PMX Editor keeps them, so an edit never invalidates a pointer and an
//! out-of-range index survives loading (the checker reports it).
//!
//! Coordinates are MMD's: left-handed, Y up. Nothing here is converted.

use glam::{EulerRot, Quat, Vec3};
use serde::{Deserialize, Serialize};

mod bone;
mod mesh;
mod morph;
mod physics;

pub use bone::*;
pub use mesh::*;
pub use morph::*;
pub use physics::*;

/// Index value meaning "no reference".
pub const NONE: i32 = -1;

/// The rotation a rigid body's or joint's stored Euler angles (radians) stand for:
/// R = Ry(y)·Rx(x)·Rz(z), i.e. about Z first, then X, then Y — MMD's order for bones
/// and cameras. The spec does not say; babylon-mmd (the runtime the oracle poses come
/// from), saba and mmd_tools all build bodies and joints this way, so we do too.
pub fn euler_rotation(angles: Vec3) -> Quat {
    Quat::from_euler(EulerRot::YXZ, angles.y, angles.x, angles.z)
}

/// Inverse of [`euler_rotation`]: the (x, y, z) angles to store for a rotation.
pub fn euler_angles(rotation: Quat) -> Vec3 {
    let (y, x, z) = rotation.to_euler(EulerRot::YXZ);
    // + 0.0 turns −0.0 into 0.0 so files do not carry signed zeros.
    Vec3::new(x, y, z) + Vec3::ZERO
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Model {
    pub header: Header,
    pub info: ModelInfo,
    pub vertices: Vec<Vertex>,
    /// Triangles as three vertex indices. PMX 2.1 point/line materials reuse
    /// the same layout (A-A-A, A-B-A).
    pub faces: Vec<[i32; 3]>,
    pub textures: Vec<String>,
    pub materials: Vec<Material>,
    pub bones: Vec<Bone>,
    pub morphs: Vec<Morph>,
    pub display_frames: Vec<DisplayFrame>,
    pub rigid_bodies: Vec<RigidBody>,
    pub joints: Vec<Joint>,
    /// PMX 2.1 only.
    pub soft_bodies: Vec<SoftBody>,
    /// Bytes after the last section, which no section reads (some tools leave e.g. a zero
    /// soft-body count after a 2.0 file's joints). The spec is silent; PMX Editor ignores them.
    /// Kept and written back after the last section, so such files save byte-identical.
    #[serde(default)]
    pub trailing_bytes: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum PmxVersion {
    #[default]
    V2_0,
    V2_1,
}

impl PmxVersion {
    pub fn as_f32(self) -> f32 {
        match self {
            PmxVersion::V2_0 => 2.0,
            PmxVersion::V2_1 => 2.1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum TextEncoding {
    #[default]
    Utf16Le,
    Utf8,
}

/// Byte width (1, 2 or 4) of each kind of index reference in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexSizes {
    pub vertex: u8,
    pub texture: u8,
    pub material: u8,
    pub bone: u8,
    pub morph: u8,
    pub rigid_body: u8,
}

impl Default for IndexSizes {
    fn default() -> Self {
        IndexSizes {
            vertex: 1,
            texture: 1,
            material: 1,
            bone: 1,
            morph: 1,
            rigid_body: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Header {
    pub version: PmxVersion,
    pub encoding: TextEncoding,
    /// 0..=4 additional vec4 UVs per vertex.
    pub additional_uv_count: u8,
    pub index_sizes: IndexSizes,
    /// Header globals beyond the 8 the spec defines (kept so they round-trip).
    pub extra_globals: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct ModelInfo {
    pub name: String,
    pub name_en: String,
    pub comment: String,
    pub comment_en: String,
}

// ---------------------------------------------------------------- display frames

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisplayElement {
    Bone(i32),
    Morph(i32),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct DisplayFrame {
    pub name: String,
    pub name_en: String,
    /// Special frames ("Root", "表情") must not be deleted by editors.
    pub special: bool,
    pub elements: Vec<DisplayElement>,
}

impl Model {
    /// Finds a bone by its Japanese name.
    pub fn bone_index(&self, name: &str) -> Option<usize> {
        self.bones.iter().position(|b| b.name == name)
    }
    /// Finds a morph by its Japanese name.
    pub fn morph_index(&self, name: &str) -> Option<usize> {
        self.morphs.iter().position(|m| m.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euler_rotation_is_ry_rx_rz_and_round_trips() {
        let e = Vec3::new(0.3, -0.4, 0.5);
        let manual = glam::Mat3::from_rotation_y(e.y)
            * glam::Mat3::from_rotation_x(e.x)
            * glam::Mat3::from_rotation_z(e.z);
        let v = Vec3::new(0.2, 0.5, -0.9);
        assert!((euler_rotation(e) * v - manual * v).length() < 1e-6);
        // Different from Bullet's setEulerZYX order when several angles are set.
        let zyx = glam::Mat3::from_rotation_z(e.z)
            * glam::Mat3::from_rotation_y(e.y)
            * glam::Mat3::from_rotation_x(e.x);
        assert!((euler_rotation(e) * v - zyx * v).length() > 1e-3);
        for e in [e, Vec3::new(-1.2, 0.7, 2.9), Vec3::new(0.0, 1.5, -0.2)] {
            assert!((euler_angles(euler_rotation(e)) - e).length() < 1e-5, "{e}");
        }
    }
}
