//! Export to other formats: glTF 2.0 (`.glb`, `.gltf`) for web players, game engines and DCC tools.
//!
//! Export reads the model and writes bytes; it never changes the model. What a format cannot
//! carry (IK, 付与, soft bodies, SDEF/QDEF as linear skinning, non-vertex morphs …) is listed in
//! the [`ExportReport`], each note a catalogue message.
//!
//! Axes and units: MMD is left-handed, Y up, 1 unit ≈ 8 cm, the model facing −Z; glTF is
//! right-handed, Y up, metres. Export mirrors Z (so the model faces +Z, as VRM 1.0 wants), scales by
//! [`METRES_PER_UNIT`] and reverses each triangle's winding (a mirror turns front faces back).

pub mod expressions;
pub mod gltf;
mod json;
pub mod spring_sim;
pub mod spring_swing;
pub mod t_pose;
pub mod texture;
pub mod vrm;

pub use expressions::ExpressionMap;

use std::path::PathBuf;

/// 1 MMD unit in metres (the usual reading: a 20-unit model is about 1.6 m tall).
pub const METRES_PER_UNIT: f32 = 0.08;

/// A colour factor as glTF wants it: in 0..1, and `fallback` for a non-finite one.
fn unit_factor(x: f32, fallback: f32) -> f32 {
    if x.is_finite() {
        x.clamp(0.0, 1.0)
    } else {
        fallback
    }
}

/// What file to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// Binary glTF: one file, the JSON and one binary chunk.
    Glb,
    /// JSON glTF with the buffer embedded as a base64 data URI (one self-contained file).
    Gltf,
    /// VRM 1.0: a .glb with the VRMC_vrm, VRMC_springBone and VRMC_materials_mtoon extensions.
    Vrm,
}

impl ExportFormat {
    /// The format an output path's extension names (`.glb`, `.gltf`, any letter case).
    pub fn from_path(path: &std::path::Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "glb" => Some(ExportFormat::Glb),
            "gltf" => Some(ExportFormat::Gltf),
            "vrm" => Some(ExportFormat::Vrm),
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
    /// Textures a merged part brought, read from the part's folder (the app exports before
    /// the model is saved beside them).
    pub texture_origins: crate::pmx::textures::TextureOrigins,
    /// VRM meta: the author(s) the user names (required by VRM; empty → an error).
    pub author: String,
    /// VRM meta: the licence's URL the user gives (required by VRM; empty → an error).
    pub license: String,
    /// Bake the arms into VRM's T pose; `None` takes the format's default (on for VRM, off for
    /// glTF, which has no rest-pose convention).
    pub t_pose: Option<bool>,
    /// VRM: the user's expression map, overriding the built-in names for what it lists.
    pub expressions: Option<ExpressionMap>,
}

impl ExportOptions {
    /// Options for `format` with no textures, meta, map or T-pose choice.
    pub fn new(format: ExportFormat) -> ExportOptions {
        ExportOptions {
            format,
            texture_dir: None,
            texture_origins: Default::default(),
            author: String::new(),
            license: String::new(),
            t_pose: None,
            expressions: None,
        }
    }

    /// Whether the export bakes the T pose.
    pub fn wants_t_pose(&self) -> bool {
        self.t_pose.unwrap_or(self.format == ExportFormat::Vrm)
    }
}

/// Exports the model in `options.format`, with what could not be carried.
pub fn export(
    model: &crate::pmx::Model,
    options: &ExportOptions,
) -> Result<(Vec<u8>, ExportReport), ExportError> {
    match options.format {
        ExportFormat::Glb | ExportFormat::Gltf => gltf::export(model, options),
        ExportFormat::Vrm => vrm::export(model, options),
    }
}

/// What a note tells: something carried with a change (information), or a loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NoteKind {
    /// Carried, changed on the way (the T pose baked, springs derived, weights
    /// normalised): nothing the user had is gone.
    Changed,
    /// Not carried, or carried without what made it work (SDEF as linear skinning):
    /// something the user had is gone from the file.
    Lost,
}

impl NoteKind {
    /// The heading a report lists this kind's notes under.
    pub fn heading(self) -> String {
        crate::tr!(match self {
            NoteKind::Changed => "export-notes-changed",
            NoteKind::Lost => "export-notes-lost",
        })
    }
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
    /// VRM: static box bodies not made colliders (VRM colliders are spheres and capsules).
    BoxCollidersDropped { count: usize },
    /// VRM: optional humanoid bones found but not under their humanoid parent, left out.
    HumanBonesSkipped { names: String },
    /// VRM: the rest pose is MMD's A pose; VRM 1.0 expects a T pose.
    RestPoseNotT,
    /// VRM: spring chains made from dynamic bodies (parameters derived, not measured).
    SpringsMade { springs: usize, joints: usize },
    /// VRM: an expression the map or the built-in names bind to a morph the model lacks.
    ExpressionMorphMissing { expression: String, morph: String },
    /// VRM: arms turned into the T pose (the largest turn, degrees).
    TPoseBaked { degrees: f32 },
    /// VRM: additive sphere maps carried as MToon matcaps; multiply and sub-texture ones not
    /// (MToon's matcap only adds); toon textures approximated by the shade colour.
    SpheresAsMatcap {
        carried: usize,
        dropped: usize,
        toons: usize,
    },
}

impl ExportNote {
    /// Whether the note is information or a loss.
    pub fn kind(&self) -> NoteKind {
        match self {
            ExportNote::WeightsNormalised { .. }
            | ExportNote::RestPoseNotT
            | ExportNote::SpringsMade { .. }
            | ExportNote::TPoseBaked { .. } => NoteKind::Changed,
            // Every additive sphere map carried and the toons approximated: a change only.
            ExportNote::SpheresAsMatcap { dropped, .. } if *dropped == 0 => NoteKind::Changed,
            ExportNote::SpheresAsMatcap { .. }
            | ExportNote::SdefAsLinear { .. }
            | ExportNote::QdefAsLinear { .. }
            | ExportNote::IkDropped { .. }
            | ExportNote::AppendDropped { .. }
            | ExportNote::PhysicsDropped { .. }
            | ExportNote::SoftBodiesDropped { .. }
            | ExportNote::MorphsDropped { .. }
            | ExportNote::PointLineMaterialsDropped { .. }
            | ExportNote::BadFacesDropped { .. }
            | ExportNote::ToonSphereDropped { .. }
            | ExportNote::TextureMissing { .. }
            | ExportNote::TooManyBones { .. }
            | ExportNote::BoxCollidersDropped { .. }
            | ExportNote::HumanBonesSkipped { .. }
            | ExportNote::ExpressionMorphMissing { .. } => NoteKind::Lost,
        }
    }

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
            ExportNote::BoxCollidersDropped { count } => {
                crate::tr!("export-vrm-box-colliders", count = n(*count))
            }
            ExportNote::HumanBonesSkipped { names } => {
                crate::tr!("export-vrm-bones-skipped", names = names.as_str())
            }
            ExportNote::RestPoseNotT => crate::tr!("export-vrm-a-pose"),
            ExportNote::SpringsMade { springs, joints } => crate::tr!(
                "export-vrm-springs",
                springs = n(*springs),
                joints = n(*joints)
            ),
            ExportNote::ExpressionMorphMissing { expression, morph } => crate::tr!(
                "export-vrm-expression-missing",
                expression = expression.as_str(),
                morph = morph.as_str()
            ),
            ExportNote::TPoseBaked { degrees } => {
                crate::tr!("export-vrm-t-pose", degrees = format!("{degrees:.1}"))
            }
            ExportNote::SpheresAsMatcap {
                carried,
                dropped,
                toons,
            } => crate::tr!(
                "export-vrm-matcap",
                carried = n(*carried),
                dropped = n(*dropped),
                toons = n(*toons)
            ),
        }
    }
}

/// What an export changed and could not carry, in the order found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExportReport {
    pub notes: Vec<ExportNote>,
}

/// An export that could not be made (nothing is written).
#[derive(Debug, Clone, PartialEq)]
pub enum ExportError {
    /// VRM needs these humanoid bones and the model has none that fits.
    NotHumanoid { missing: String },
    /// VRM needs an author and a licence URL.
    MissingMeta,
    /// The binary part passed glTF's 4 GiB limit (byte lengths are 32-bit in a .glb).
    TooLarge { bytes: u64 },
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::NotHumanoid { missing } => f.write_str(&crate::tr!(
                "export-vrm-not-humanoid",
                missing = missing.as_str()
            )),
            ExportError::MissingMeta => f.write_str(&crate::tr!("export-vrm-needs-meta")),
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
