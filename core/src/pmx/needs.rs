//! What a model needs from the file: which of its features need PMX 2.1, the index sizes that
//! hold its counts and references, and how many additional UVs its data uses.
//!
//! These rules have this one owner: the reader (warnings for 2.1 data in a 2.0 file), the
//! writer, the builder, PMD import, `hone info` and the `E-VERSION-21-FEATURE` check all call it.

use glam::Vec4;

use super::model::*;
use super::{Error, Result};

// ---------------------------------------------------------------- PMX 2.1 features

crate::enum_with_all! {
    /// A kind of data only PMX 2.1 defines (spec: 2.1 adds QDEF, flip and impulse morphs, the
    /// vertex-colour/point/line material flags, joint kinds 1–5 and soft bodies).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum V21Feature {
        QdefWeights,
        FlipMorphs,
        ImpulseMorphs,
        MaterialFlags,
        JointKinds,
        SoftBodies,
    }
}

impl V21Feature {
    /// What the feature is, for messages ("QDEF weights", "soft bodies", …).
    pub fn what(self) -> String {
        crate::i18n::variant_label("v21-feature-", self)
    }

    /// The indices of the elements that use this feature (vertices, morphs, materials, joints
    /// or soft bodies, by feature).
    pub fn users(self, model: &Model) -> Vec<usize> {
        fn which<T>(list: &[T], uses: impl Fn(&T) -> bool) -> Vec<usize> {
            (list.iter().enumerate())
                .filter(|(_, e)| uses(e))
                .map(|(i, _)| i)
                .collect()
        }
        match self {
            V21Feature::QdefWeights => which(&model.vertices, |v| weights_need_v21(&v.weights)),
            V21Feature::FlipMorphs => which(&model.morphs, |m| m.kind() == MorphKind::Flip),
            V21Feature::ImpulseMorphs => which(&model.morphs, |m| m.kind() == MorphKind::Impulse),
            V21Feature::MaterialFlags => which(&model.materials, |m| v21_flag_bits(m.flags) != 0),
            V21Feature::JointKinds => which(&model.joints, |j| joint_kind_needs_v21(j.kind)),
            V21Feature::SoftBodies => which(&model.soft_bodies, |_| true),
        }
    }

    /// Names one user of the feature for a message, e.g. `joint 3 (髪1) kind hinge`.
    pub fn describe_user(self, model: &Model, index: usize) -> String {
        match self {
            V21Feature::QdefWeights => crate::tr!("v21-user-vertex", index = index),
            V21Feature::FlipMorphs | V21Feature::ImpulseMorphs => crate::tr!(
                "v21-user-morph",
                index = index,
                name = model.morphs[index].name.as_str()
            ),
            V21Feature::MaterialFlags => {
                let m = &model.materials[index];
                crate::tr!(
                    "v21-user-material",
                    index = index,
                    name = m.name.as_str(),
                    flags = format!("{:#04x}", v21_flag_bits(m.flags))
                )
            }
            V21Feature::JointKinds => {
                let j = &model.joints[index];
                crate::tr!(
                    "v21-user-joint",
                    index = index,
                    name = j.name.as_str(),
                    kind = j.kind.name()
                )
            }
            V21Feature::SoftBodies => crate::tr!(
                "v21-user-soft-body",
                index = index,
                name = model.soft_bodies[index].name.as_str()
            ),
        }
    }
}

/// QDEF is the only 2.1 weight kind.
pub fn weights_need_v21(weights: &Weights) -> bool {
    matches!(weights, Weights::Qdef { .. })
}

/// Flip and impulse morphs are 2.1 only.
pub fn morph_kind_needs_v21(kind: MorphKind) -> bool {
    matches!(kind, MorphKind::Flip | MorphKind::Impulse)
}

/// The draw-flag bits only 2.1 defines (vertex colour, point, line); 0 when none is set.
pub fn v21_flag_bits(flags: MaterialFlags) -> u8 {
    flags.0 & MaterialFlags::V21_ONLY
}

/// PMX 2.0 has only the spring 6DOF joint; every other kind (including unknown ones) is 2.1.
pub fn joint_kind_needs_v21(kind: JointKind) -> bool {
    kind != JointKind::Spring6Dof
}

/// One PMX 2.1 feature a model uses, with the elements that use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct V21Use {
    pub feature: V21Feature,
    /// Indices of the using elements, ascending; never empty.
    pub elements: Vec<usize>,
}

/// The PMX 2.1 features the model uses, in [`V21Feature::ALL`] order (empty = writable as 2.0).
pub fn v21_uses(model: &Model) -> Vec<V21Use> {
    (V21Feature::ALL.into_iter())
        .filter_map(|feature| V21Use::of(model, feature))
        .collect()
}

/// The file version a model needs: 2.1 iff it uses a 2.1-only feature.
pub fn required_version(model: &Model) -> PmxVersion {
    if V21Feature::ALL.iter().any(|f| !f.users(model).is_empty()) {
        PmxVersion::V2_1
    } else {
        PmxVersion::V2_0
    }
}

/// What in the model needs PMX 2.1, one line per feature naming its first ten users (empty =
/// the model can be written as 2.0). These lines make up [`Error::Needs21`].
pub fn v21_features(model: &Model) -> Vec<String> {
    v21_uses(model).iter().map(|u| u.describe(model)).collect()
}

impl V21Use {
    /// The elements using `feature` (`None` when none does).
    pub fn of(model: &Model, feature: V21Feature) -> Option<V21Use> {
        let elements = feature.users(model);
        (!elements.is_empty()).then_some(V21Use { feature, elements })
    }

    /// One line of [`v21_features`]: the feature, how many use it, and the first ten of them.
    pub fn describe(&self, model: &Model) -> String {
        const SHOWN: usize = 10;
        let f = self.feature;
        let mut names: Vec<String> = (self.elements.iter().take(SHOWN))
            .map(|&i| f.describe_user(model, i))
            .collect();
        if self.elements.len() > SHOWN {
            names.push(crate::tr!(
                "v21-and-more",
                count = self.elements.len() - SHOWN
            ));
        }
        crate::tr!(
            "v21-use",
            feature = f.what(),
            count = self.elements.len(),
            users = names.join(", ")
        )
    }
}

// ---------------------------------------------------------------- index sizes

/// Smallest index size for `count` elements. Vertex indices are unsigned (1 byte up to 255
/// vertices, 2 up to 65535); the others are signed with −1 meaning none (1 byte up to 127,
/// 2 up to 32767).
pub fn min_index_size(count: usize, vertex: bool) -> u8 {
    let (one, two) = if vertex { (255, 65535) } else { (127, 32767) };
    if count <= one {
        1
    } else if count <= two {
        2
    } else {
        4
    }
}

/// Whether an index size can store `value`.
pub fn index_fits(size: u8, value: i32, vertex: bool) -> bool {
    match (size, vertex) {
        (1, true) => (0..=255).contains(&value),
        (2, true) => (0..=65535).contains(&value),
        (1, false) => (-128..=127).contains(&value),
        (2, false) => (-32768..=32767).contains(&value),
        _ => true,
    }
}

/// The index sizes the writer uses: the header's where they still fit the counts and every
/// stored reference, otherwise the smallest that do (sizes grow, never wrap). Counts beyond
/// PMX's 32 bits are an error.
pub fn choose_index_sizes(model: &Model) -> Result<IndexSizes> {
    let counts = [
        ("vertices", model.vertices.len()),
        ("face indices", model.faces.len().saturating_mul(3)),
        ("textures", model.textures.len()),
        ("materials", model.materials.len()),
        ("bones", model.bones.len()),
        ("morphs", model.morphs.len()),
        ("rigid bodies", model.rigid_bodies.len()),
    ];
    for (what, n) in counts {
        if n > i32::MAX as usize {
            return Err(Error::Write(crate::tr!(
                "pmx-write-too-many",
                count = n,
                what = what
            )));
        }
    }
    Ok(sizes_keeping(model, model.header.index_sizes))
}

/// The smallest index sizes that hold the model's counts and every stored reference (what a
/// new or converted model gets).
pub fn smallest_index_sizes(model: &Model) -> IndexSizes {
    let none = IndexSizes {
        vertex: 0,
        texture: 0,
        material: 0,
        bone: 0,
        morph: 0,
        rigid_body: 0,
    };
    sizes_keeping(model, none)
}

/// Each of `kept` where it fits, otherwise the smallest size that does.
fn sizes_keeping(model: &Model, kept: IndexSizes) -> IndexSizes {
    let r = reference_ranges(model);
    IndexSizes {
        vertex: choose(kept.vertex, model.vertices.len(), r.vertex, true),
        texture: choose(kept.texture, model.textures.len(), r.texture, false),
        material: choose(kept.material, model.materials.len(), r.material, false),
        bone: choose(kept.bone, model.bones.len(), r.bone, false),
        morph: choose(kept.morph, model.morphs.len(), r.morph, false),
        rigid_body: choose(
            kept.rigid_body,
            model.rigid_bodies.len(),
            r.rigid_body,
            false,
        ),
    }
}

/// `kept` if it is a valid size that fits the count and every stored value, otherwise the
/// smallest size that does.
fn choose(kept: u8, count: usize, range: Range, vertex: bool) -> u8 {
    let fits = |s: u8| {
        s >= min_index_size(count, vertex)
            && index_fits(s, range.min, vertex)
            && index_fits(s, range.max, vertex)
    };
    if matches!(kept, 1 | 2 | 4) && fits(kept) {
        return kept;
    }
    [1, 2, 4].into_iter().find(|&s| fits(s)).unwrap_or(4)
}

/// Smallest and largest value stored for one kind of index.
#[derive(Clone, Copy, Default)]
struct Range {
    min: i32,
    max: i32,
}

impl Range {
    fn add(&mut self, v: i32) {
        self.min = self.min.min(v);
        self.max = self.max.max(v);
    }
}

#[derive(Clone, Copy, Default)]
struct Ranges {
    vertex: Range,
    texture: Range,
    material: Range,
    bone: Range,
    morph: Range,
    rigid_body: Range,
}

fn reference_ranges(model: &Model) -> Ranges {
    let mut r = Ranges::default();
    for v in &model.vertices {
        for &b in v.weights.bones() {
            r.bone.add(b);
        }
    }
    for f in &model.faces {
        for &i in f {
            r.vertex.add(i);
        }
    }
    for m in &model.materials {
        r.texture.add(m.texture);
        r.texture.add(m.sphere_texture);
        if let Toon::Texture(t) = m.toon {
            r.texture.add(t);
        }
    }
    for b in &model.bones {
        r.bone.add(b.parent);
        if let Tail::Bone(t) = b.tail {
            r.bone.add(t);
        }
        if let Some(a) = &b.append {
            r.bone.add(a.parent);
        }
        if let Some(ik) = &b.ik {
            r.bone.add(ik.target);
            for l in &ik.links {
                r.bone.add(l.bone);
            }
        }
    }
    for m in &model.morphs {
        match &m.offsets {
            MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
                v.iter().for_each(|o| r.morph.add(o.morph))
            }
            MorphOffsets::Vertex(v) => v.iter().for_each(|o| r.vertex.add(o.vertex)),
            MorphOffsets::Bone(v) => v.iter().for_each(|o| r.bone.add(o.bone)),
            MorphOffsets::Uv { offsets, .. } => offsets.iter().for_each(|o| r.vertex.add(o.vertex)),
            MorphOffsets::Material(v) => v.iter().for_each(|o| r.material.add(o.material)),
            MorphOffsets::Impulse(v) => v.iter().for_each(|o| r.rigid_body.add(o.rigid_body)),
        }
    }
    for d in &model.display_frames {
        for e in &d.elements {
            match *e {
                DisplayElement::Bone(b) => r.bone.add(b),
                DisplayElement::Morph(m) => r.morph.add(m),
            }
        }
    }
    for b in &model.rigid_bodies {
        r.bone.add(b.bone);
    }
    for j in &model.joints {
        r.rigid_body.add(j.body_a);
        r.rigid_body.add(j.body_b);
    }
    for s in &model.soft_bodies {
        r.material.add(s.material);
        for a in &s.anchors {
            r.rigid_body.add(a.rigid_body);
            r.vertex.add(a.vertex);
        }
        for &p in &s.pins {
            r.vertex.add(p);
        }
    }
    r
}

// ---------------------------------------------------------------- additional UVs

/// How many additional UVs the model's data needs: the highest additional-UV morph layer, any
/// non-zero additional UV on a vertex, and one for sub-texture sphere mode or 2.1 vertex
/// colour (both read additional UV1).
pub fn needed_additional_uvs(model: &Model) -> u8 {
    let mut n = 0u8;
    for m in &model.morphs {
        if let MorphOffsets::Uv { layer, .. } = m.offsets {
            n = n.max(layer.min(4));
        }
    }
    for v in &model.vertices {
        for (i, uv) in v.additional_uvs.iter().enumerate() {
            if *uv != Vec4::ZERO {
                n = n.max(i as u8 + 1);
            }
        }
    }
    if model.materials.iter().any(|m| {
        m.sphere_mode == SphereMode::SubTexture || m.flags.has(MaterialFlags::VERTEX_COLOR)
    }) {
        n = n.max(1);
    }
    n
}

// ---------------------------------------------------------------- the save rule

/// What a save will write, chosen by [`plan_save`]: the resolved options (version and encoding
/// always `Some`), the index sizes, and what differs from what was asked or from the header.
#[derive(Debug, Clone, PartialEq)]
pub struct SavePlan {
    pub options: super::write::WriteOptions,
    pub index_sizes: IndexSizes,
    pub changes: Vec<SaveChange>,
}

/// One thing [`plan_save`] chose differently from the request or the model's header.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveChange {
    /// A PMX 2.0 target became 2.1 because the model uses these 2.1 features.
    UpgradedTo21 { uses: Vec<V21Use> },
    /// Index sizes grew from the header's to hold the model's counts or references.
    IndexSizesGrew { from: IndexSizes, to: IndexSizes },
}

impl SaveChange {
    /// The sentence a user sees (CLI stderr, the app's status bar and Log), from the core
    /// catalogue, e.g. "saved as PMX 2.1 instead of 2.0: joint 3 (髪1) kind hinge".
    pub fn message(&self, model: &Model) -> String {
        match self {
            SaveChange::UpgradedTo21 { uses } => {
                let reasons: Vec<String> = uses
                    .iter()
                    .map(|u| {
                        let first = u.feature.describe_user(model, u.elements[0]);
                        crate::tr!(
                            "save-v21-reason",
                            feature = u.feature.what(),
                            count = u.elements.len(),
                            first = first
                        )
                    })
                    .collect();
                crate::tr!("save-upgraded-21", reasons = reasons.join("; "))
            }
            SaveChange::IndexSizesGrew { from, to } => {
                let pairs = [
                    ("vertex", from.vertex, to.vertex),
                    ("texture", from.texture, to.texture),
                    ("material", from.material, to.material),
                    ("bone", from.bone, to.bone),
                    ("morph", from.morph, to.morph),
                    ("rigid body", from.rigid_body, to.rigid_body),
                ];
                let grown: Vec<String> = (pairs.iter())
                    .filter(|(_, a, b)| a != b)
                    .map(|(what, a, b)| format!("{what} {a}→{b}"))
                    .collect();
                crate::tr!("save-index-sizes-grew", sizes = grown.join(", "))
            }
        }
    }
}

/// The one save rule, used by the app and every command that writes a PMX file: the version
/// is the requested one (else the header's), raised to 2.1 when the model uses a 2.1 feature
/// (never a file declaring a version its data exceeds; the writer refuses that); the encoding
/// is the requested one (else the header's); index sizes keep the header's while they fit
/// ([`choose_index_sizes`]). The changes say what differs, for the user.
pub fn plan_save(model: &Model, requested: &super::write::WriteOptions) -> Result<SavePlan> {
    let mut changes = Vec::new();
    let mut version = requested.version.unwrap_or(model.header.version);
    if version == PmxVersion::V2_0 {
        let uses = v21_uses(model);
        if !uses.is_empty() {
            version = PmxVersion::V2_1;
            changes.push(SaveChange::UpgradedTo21 { uses });
        }
    }
    let index_sizes = choose_index_sizes(model)?;
    let from = model.header.index_sizes;
    let valid = |s: u8| matches!(s, 1 | 2 | 4);
    let header_valid = [
        from.vertex,
        from.texture,
        from.material,
        from.bone,
        from.morph,
        from.rigid_body,
    ]
    .into_iter()
    .all(valid);
    if header_valid && index_sizes != from {
        changes.push(SaveChange::IndexSizesGrew {
            from,
            to: index_sizes,
        });
    }
    Ok(SavePlan {
        options: super::write::WriteOptions {
            version: Some(version),
            encoding: Some(requested.encoding.unwrap_or(model.header.encoding)),
        },
        index_sizes,
        changes,
    })
}
