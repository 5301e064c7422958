//! What a model holds, counted: the data behind `hone info`.
//!
//! Kept as a plain serialisable struct so other parts (checker, GUI) can add
//! notes without touching the printing code.

use super::model::*;
use super::needs::v21_features;
use super::Warning;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ModelSummary {
    /// "PMX" or "PMD" (what the file was).
    pub format: String,
    /// "2.0" / "2.1" (the header's; for PMD the version it converts to).
    pub version: String,
    pub encoding: String,
    pub additional_uv_count: u8,
    pub index_sizes: IndexSizes,
    pub name: String,
    pub name_en: String,
    pub counts: Counts,
    /// Vertices per weight kind ("BDEF1", ...); kinds with no vertices omitted.
    pub weight_kinds: BTreeMap<String, usize>,
    /// Morphs per kind ("vertex", "group", ...).
    pub morph_kinds: BTreeMap<String, usize>,
    pub rigid_body_modes: BTreeMap<String, usize>,
    pub rigid_body_shapes: BTreeMap<String, usize>,
    pub joint_kinds: BTreeMap<String, usize>,
    /// What needs PMX 2.1 (empty = writable as 2.0).
    pub v21_features: Vec<String>,
    /// Rule breaks found while reading.
    pub warnings: Vec<String>,
    /// Free-form remarks other parts add (e.g. "approximated", "not simulated").
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, Default)]
pub struct Counts {
    pub vertices: usize,
    pub faces: usize,
    pub textures: usize,
    pub materials: usize,
    pub bones: usize,
    pub ik_bones: usize,
    pub morphs: usize,
    pub display_frames: usize,
    pub rigid_bodies: usize,
    pub joints: usize,
    pub soft_bodies: usize,
}

fn tally<'a>(names: impl Iterator<Item = &'a str>) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for n in names {
        *m.entry(n.to_string()).or_insert(0) += 1;
    }
    m
}

pub fn rigid_mode_name(m: RigidMode) -> &'static str {
    match m {
        RigidMode::FollowBone => "follow_bone",
        RigidMode::Dynamic => "dynamic",
        RigidMode::DynamicWithBonePosition => "dynamic_bone_position",
        RigidMode::Unknown(_) => "unknown",
    }
}

pub fn rigid_shape_name(s: RigidShape) -> &'static str {
    match s {
        RigidShape::Sphere => "sphere",
        RigidShape::Box => "box",
        RigidShape::Capsule => "capsule",
        RigidShape::Unknown(_) => "unknown",
    }
}

/// A kind identifier of the summary (`vertex`, `follow_bone`, `capsule`, `spring_6dof` …)
/// in the current language, for the text table; JSON keeps the identifier. Weight kinds
/// and unknown identifiers are shown as they are.
pub fn kind_label(id: &str) -> String {
    let key = match id {
        "group" => "kind-morph-group",
        "vertex" => "kind-morph-vertex",
        "bone" => "kind-morph-bone",
        "uv" => "kind-morph-uv",
        "additional_uv1" => "kind-morph-additional-uv1",
        "additional_uv2" => "kind-morph-additional-uv2",
        "additional_uv3" => "kind-morph-additional-uv3",
        "additional_uv4" => "kind-morph-additional-uv4",
        "material" => "kind-morph-material",
        "flip" => "kind-morph-flip",
        "impulse" => "kind-morph-impulse",
        "follow_bone" => "kind-mode-follow-bone",
        "dynamic" => "kind-mode-dynamic",
        "dynamic_bone_position" => "kind-mode-dynamic-bone-position",
        "sphere" => "kind-shape-sphere",
        "box" => "kind-shape-box",
        "capsule" => "kind-shape-capsule",
        "spring_6dof" => "kind-joint-spring-6dof",
        "6dof" => "kind-joint-6dof",
        "p2p" => "kind-joint-p2p",
        "cone_twist" => "kind-joint-cone-twist",
        "slider" => "kind-joint-slider",
        "hinge" => "kind-joint-hinge",
        "unknown" => "kind-unknown",
        other => return other.to_string(),
    };
    crate::tr!(key)
}

impl ModelSummary {
    pub fn new(model: &Model, warnings: &[Warning], format: &str) -> Self {
        let h = &model.header;
        ModelSummary {
            format: format.to_string(),
            version: format!("{:.1}", h.version.as_f32()),
            encoding: match h.encoding {
                TextEncoding::Utf16Le => "UTF-16LE".into(),
                TextEncoding::Utf8 => "UTF-8".into(),
            },
            additional_uv_count: h.additional_uv_count,
            index_sizes: h.index_sizes,
            name: model.info.name.clone(),
            name_en: model.info.name_en.clone(),
            counts: Counts {
                vertices: model.vertices.len(),
                faces: model.faces.len(),
                textures: model.textures.len(),
                materials: model.materials.len(),
                bones: model.bones.len(),
                ik_bones: model.bones.iter().filter(|b| b.ik.is_some()).count(),
                morphs: model.morphs.len(),
                display_frames: model.display_frames.len(),
                rigid_bodies: model.rigid_bodies.len(),
                joints: model.joints.len(),
                soft_bodies: model.soft_bodies.len(),
            },
            weight_kinds: tally(model.vertices.iter().map(|v| v.weights.kind().name())),
            morph_kinds: tally(model.morphs.iter().map(|m| m.kind().name())),
            rigid_body_modes: tally(model.rigid_bodies.iter().map(|r| rigid_mode_name(r.mode))),
            rigid_body_shapes: tally(model.rigid_bodies.iter().map(|r| rigid_shape_name(r.shape))),
            joint_kinds: tally(model.joints.iter().map(|j| j.kind.name())),
            v21_features: v21_features(model),
            warnings: warnings.iter().map(|w| w.to_string()).collect(),
            notes: Vec::new(),
        }
    }

    /// A readable multi-line table.
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let row = |s: &mut String, k: &str, v: &dyn std::fmt::Display| {
            use unicode_width::UnicodeWidthStr as _;
            let fill = " ".repeat(22usize.saturating_sub(k.width()));
            let _ = writeln!(s, "  {k}{fill} {v}");
        };
        let tr = |key: &str| crate::tr!(key);
        if self.format == "PMX" {
            let header = crate::tr!(
                "info-header-pmx",
                version = self.version.as_str(),
                encoding = self.encoding.as_str()
            );
            let _ = writeln!(s, "{header}");
        } else {
            let header = crate::tr!(
                "info-header-other",
                format = self.format.as_str(),
                version = self.version.as_str(),
                encoding = self.encoding.as_str()
            );
            let _ = writeln!(s, "{header}");
        }
        row(&mut s, &tr("info-name"), &self.name);
        if !self.name_en.is_empty() {
            row(&mut s, &tr("info-name-en"), &self.name_en);
        }
        row(
            &mut s,
            &tr("info-additional-uvs"),
            &self.additional_uv_count,
        );
        let i = &self.index_sizes;
        row(
            &mut s,
            &tr("info-index-sizes"),
            &crate::tr!(
                "info-index-sizes-value",
                vertex = i.vertex,
                texture = i.texture,
                material = i.material,
                bone = i.bone,
                morph = i.morph,
                rigid_body = i.rigid_body
            ),
        );
        let _ = writeln!(s, "{}", tr("info-counts"));
        let c = &self.counts;
        for (k, v) in [
            ("info-vertices", c.vertices),
            ("info-faces", c.faces),
            ("info-textures", c.textures),
            ("info-materials", c.materials),
            ("info-bones", c.bones),
            ("info-ik-bones", c.ik_bones),
            ("info-morphs", c.morphs),
            ("info-display-frames", c.display_frames),
            ("info-rigid-bodies", c.rigid_bodies),
            ("info-joints", c.joints),
            ("info-soft-bodies", c.soft_bodies),
        ] {
            row(&mut s, &tr(k), &v);
        }
        for (title, map) in [
            ("info-weights", &self.weight_kinds),
            ("info-morph-kinds", &self.morph_kinds),
            ("info-rigid-body-modes", &self.rigid_body_modes),
            ("info-rigid-body-shapes", &self.rigid_body_shapes),
            ("info-joint-kinds", &self.joint_kinds),
        ] {
            if map.is_empty() {
                continue;
            }
            let _ = writeln!(s, "{}", tr(title));
            for (k, v) in map {
                row(&mut s, &kind_label(k), v);
            }
        }
        for (title, list) in [
            ("info-v21-features", &self.v21_features),
            ("info-warnings", &self.warnings),
            ("info-notes", &self.notes),
        ] {
            if list.is_empty() {
                continue;
            }
            let title = crate::tr!("info-list-title", title = tr(title), count = list.len());
            let _ = writeln!(s, "{title}");
            for l in list {
                let _ = writeln!(s, "  - {l}");
            }
        }
        s
    }
}
