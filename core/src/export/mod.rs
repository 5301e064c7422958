//! Export to other formats: glTF 2.0 (`.glb`, `.gltf`) for web players, game engines and DCC tools.
//!
//! Export reads the model and writes bytes; it never changes the model. What a format cannot
//! carry (IK, 付与, soft bodies, SDEF/QDEF as linear skinning, non-vertex morphs …) is listed in
//! the [`ExportReport`], each note a catalogue message.
//!
//! Axes and units: MMD is left-handed, Y up, 1 unit ≈ 8 cm, the model facing −Z; glTF is
//! right-handed, Y up, metres. Export mirrors Z (so the model faces +Z, as VRM 1.0 wants), scales by
//! [`METRES_PER_UNIT`] and reverses each triangle's winding (a mirror turns front faces back).

pub mod gltf;
mod json;
pub mod texture;

use std::path::PathBuf;

/// 1 MMD unit in metres (the usual reading: a 20-unit model is about 1.6 m tall).
pub const METRES_PER_UNIT: f32 = 0.08;

/// What file to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// Binary glTF: one file, the JSON and one binary chunk.
    Glb,
    /// JSON glTF with the buffer embedded as a base64 data URI (one self-contained file).
    Gltf,
}

impl ExportFormat {
    /// The format an output path's extension names (`.glb`, `.gltf`, any letter case).
    pub fn from_path(path: &std::path::Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "glb" => Some(ExportFormat::Glb),
            "gltf" => Some(ExportFormat::Gltf),
            _ => None,
        }
    }
}

/// Everything an export needs besides the model; the CLI and the app fill the same struct.
#[derive(Debug, Clone)]
pub struct ExportOptions {
    pub format: ExportFormat,
    /// The folder the model's texture paths are relative to (the model file's folder); `None`
    /// exports without textures (each reported).
    pub texture_dir: Option<PathBuf>,
}

/// One thing the export could not carry, or carried approximately.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportNote {
    /// SDEF vertices skinned linearly (as BDEF2).
    SdefAsLinear { vertices: usize },
    /// QDEF vertices skinned linearly (as BDEF4).
    QdefAsLinear { vertices: usize },
    /// BDEF4/QDEF weights not summing to 1, or with a bone repeated, normalised.
    WeightsNormalised { vertices: usize },
    /// IK bones exported as plain bones (glTF has no IK).
    IkDropped { bones: usize },
    /// 付与 (append) rotations/moves dropped.
    AppendDropped { bones: usize },
    /// Rigid bodies and joints not exported (glTF has no physics).
    PhysicsDropped { bodies: usize, joints: usize },
    /// Soft bodies not exported.
    SoftBodiesDropped { count: usize },
    /// Morphs other than vertex morphs (group, bone, UV, material, flip, impulse) not exported.
    MorphsDropped { count: usize },
    /// PMX 2.1 point and line materials not exported.
    PointLineMaterialsDropped { count: usize },
    /// Triangles naming a vertex that does not exist, not exported.
    BadFacesDropped { count: usize },
    /// Toon and sphere textures not exported (glTF's materials have no such slots).
    ToonSphereDropped { materials: usize },
    /// A texture the model names that was not found or not read.
    TextureMissing { name: String, reason: String },
    /// More bones than glTF's joint indices hold: exported unskinned.
    TooManyBones { bones: usize },
}

impl ExportNote {
    /// The note in the current language.
    pub fn message(&self) -> String {
        let n = |x: usize| x as i64;
        match self {
            ExportNote::SdefAsLinear { vertices } => {
                crate::tr!("export-sdef-linear", count = n(*vertices))
            }
            ExportNote::QdefAsLinear { vertices } => {
                crate::tr!("export-qdef-linear", count = n(*vertices))
            }
            ExportNote::WeightsNormalised { vertices } => {
                crate::tr!("export-weights-normalised", count = n(*vertices))
            }
            ExportNote::IkDropped { bones } => crate::tr!("export-ik-dropped", count = n(*bones)),
            ExportNote::AppendDropped { bones } => {
                crate::tr!("export-append-dropped", count = n(*bones))
            }
            ExportNote::PhysicsDropped { bodies, joints } => crate::tr!(
                "export-physics-dropped",
                bodies = n(*bodies),
                joints = n(*joints)
            ),
            ExportNote::SoftBodiesDropped { count } => {
                crate::tr!("export-soft-bodies-dropped", count = n(*count))
            }
            ExportNote::MorphsDropped { count } => {
                crate::tr!("export-morphs-dropped", count = n(*count))
            }
            ExportNote::PointLineMaterialsDropped { count } => {
                crate::tr!("export-point-line-dropped", count = n(*count))
            }
            ExportNote::BadFacesDropped { count } => {
                crate::tr!("export-bad-faces-dropped", count = n(*count))
            }
            ExportNote::ToonSphereDropped { materials } => {
                crate::tr!("export-toon-sphere-dropped", count = n(*materials))
            }
            ExportNote::TextureMissing { name, reason } => crate::tr!(
                "export-texture-missing",
                name = name.as_str(),
                reason = reason.as_str()
            ),
            ExportNote::TooManyBones { bones } => {
                crate::tr!("export-too-many-bones", count = n(*bones))
            }
        }
    }
}

/// What an export could not carry, in the order found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExportReport {
    pub notes: Vec<ExportNote>,
}

/// An export that could not be made (nothing is written).
#[derive(Debug, Clone, PartialEq)]
pub enum ExportError {
    /// The binary part passed glTF's 4 GiB limit (byte lengths are 32-bit in a .glb).
    TooLarge { bytes: u64 },
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::TooLarge { bytes } => {
                let mib = (*bytes / (1024 * 1024)) as i64;
                f.write_str(&crate::tr!("export-too-large", mib = mib))
            }
        }
    }
}

impl std::error::Error for ExportError {}
#[cfg(test)]
mod tests;
