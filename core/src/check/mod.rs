//! Rig checks: find what makes a PMX rig deform, simulate or load wrongly.
//!
//! [`check_model`] runs every check and returns [`Problem`]s. Each problem has a
//! stable `code` (`E-…` error, `W-…` warning, `I-…` info), names the culprit
//! element ([`ElementRef`]) so the app can select it, lists related elements,
//! and may offer a [`Fix`]. A fix describes itself and gives its change as one
//! undoable [`ModelEdit`](crate::edit::ModelEdit) ([`Fix::edit`]), applied through
//! the undo history like any other edit ([`Fix::apply`] does that for the CLI and tests).
//!
//! Every code, with its category, meaning, why it matters in MMD and its fix,
//! is listed in [`catalog::CATALOG`] (docs/checks.md is generated from it).
//! Check functions, in the order [`check_model`] runs them:
//! [`refs::check_index_ranges`], [`bones::check_cycles`],
//! [`order::check_deform_order`], [`bones::check_ik`], [`weights::check_weights`],
//! [`version::check_version_features`], [`physics::check_bodies_and_joints`],
//! [`physics::check_body_overlaps`], [`rig::check_rig`], [`joints::check_joints`],
//! [`textures::check_textures`], [`textures::check_texture_paths`],
//! [`names::check_names`], [`refs::check_nested_group_morphs`],
//! [`morphs::check_morph_values`], [`bones::check_axes`],
//! [`values::check_numbers`], [`frames::check_display_frames`],
//! [`after_physics::check_bones_below_physics`],
//! [`materials::check_transparent_order`].

pub mod after_physics;
pub mod bones;
pub mod catalog;
pub mod fix;
pub mod fix_edits;
pub mod frames;
pub mod incremental;
pub mod joints;
pub mod materials;
pub mod morphs;
pub mod names;
pub mod order;
pub mod physics;
pub mod refs;
pub mod rig;
pub mod textures;
pub mod values;
pub mod version;
pub mod weights;

pub use catalog::{Category, CheckInfo, CATALOG};
pub use fix::{fix_all, AxisKind, Fix, FixAll};
pub use incremental::{Check, CheckResults};

use crate::edit::ElementKind;
use crate::pmx::Model;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The rig is broken: it deforms, simulates or loads wrongly.
    Error,
    /// Probably unintended; MMD copes but the result may surprise.
    Warning,
    /// Harmless, worth knowing.
    Info,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }

    /// The name a user reads, in `lang` (the code-like [`name`](Self::name) is for JSON).
    pub fn label_in(self, lang: crate::i18n::Lang) -> String {
        let key = match self {
            Severity::Error => "check-severity-error",
            Severity::Warning => "check-severity-warning",
            Severity::Info => "check-severity-info",
        };
        crate::i18n::lookup_in(&crate::i18n::CORE, lang, key, &[])
    }

    /// [`label_in`](Self::label_in) the current language.
    pub fn label(self) -> String {
        self.label_in(crate::i18n::lang())
    }
}

/// Which element a problem is about (indices as in the file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "kind", content = "index", rename_all = "snake_case")]
pub enum ElementRef {
    Bone(i32),
    Morph(i32),
    Vertex(i32),
    Material(i32),
    RigidBody(i32),
    Joint(i32),
    SoftBody(i32),
    Texture(i32),
    /// Face (triangle) index.
    Face(i32),
    DisplayFrame(i32),
    Model,
}

impl ElementRef {
    pub fn kind_name(self) -> &'static str {
        match self {
            ElementRef::Bone(_) => "bone",
            ElementRef::Morph(_) => "morph",
            ElementRef::Vertex(_) => "vertex",
            ElementRef::Material(_) => "material",
            ElementRef::RigidBody(_) => "rigid body",
            ElementRef::Joint(_) => "joint",
            ElementRef::SoftBody(_) => "soft body",
            ElementRef::Texture(_) => "texture",
            ElementRef::Face(_) => "face",
            ElementRef::DisplayFrame(_) => "display frame",
            ElementRef::Model => "model",
        }
    }

    /// The kind as a user reads it, in the current language.
    pub fn kind_label(self) -> String {
        match self {
            ElementRef::Bone(_) => crate::tr!("check-elem-bone"),
            ElementRef::Morph(_) => crate::tr!("check-elem-morph"),
            ElementRef::Vertex(_) => crate::tr!("check-elem-vertex"),
            ElementRef::Material(_) => crate::tr!("check-elem-material"),
            ElementRef::RigidBody(_) => crate::tr!("check-elem-rigid-body"),
            ElementRef::Joint(_) => crate::tr!("check-elem-joint"),
            ElementRef::SoftBody(_) => crate::tr!("check-elem-soft-body"),
            ElementRef::Texture(_) => crate::tr!("check-elem-texture"),
            ElementRef::Face(_) => crate::tr!("check-elem-face"),
            ElementRef::DisplayFrame(_) => crate::tr!("check-elem-display-frame"),
            ElementRef::Model => crate::tr!("check-elem-model"),
        }
    }

    pub fn index(self) -> Option<i32> {
        match self {
            ElementRef::Bone(i)
            | ElementRef::Morph(i)
            | ElementRef::Vertex(i)
            | ElementRef::Material(i)
            | ElementRef::RigidBody(i)
            | ElementRef::Joint(i)
            | ElementRef::SoftBody(i)
            | ElementRef::Texture(i)
            | ElementRef::Face(i)
            | ElementRef::DisplayFrame(i) => Some(i),
            ElementRef::Model => None,
        }
    }

    /// The element's list, `None` for the model as a whole.
    pub fn element_kind(self) -> Option<ElementKind> {
        Some(match self {
            ElementRef::Bone(_) => ElementKind::Bone,
            ElementRef::Morph(_) => ElementKind::Morph,
            ElementRef::Vertex(_) => ElementKind::Vertex,
            ElementRef::Material(_) => ElementKind::Material,
            ElementRef::RigidBody(_) => ElementKind::RigidBody,
            ElementRef::Joint(_) => ElementKind::Joint,
            ElementRef::SoftBody(_) => ElementKind::SoftBody,
            ElementRef::Texture(_) => ElementKind::Texture,
            ElementRef::Face(_) => ElementKind::Face,
            ElementRef::DisplayFrame(_) => ElementKind::DisplayFrame,
            ElementRef::Model => return None,
        })
    }

    /// The element's Japanese name (texture: its path), if it has one and exists.
    pub fn name(self, model: &Model) -> Option<&str> {
        let get = |i: i32| usize::try_from(i).ok();
        let name = match self {
            ElementRef::Bone(i) => model.bones.get(get(i)?).map(|e| e.name.as_str()),
            ElementRef::Morph(i) => model.morphs.get(get(i)?).map(|e| e.name.as_str()),
            ElementRef::Material(i) => model.materials.get(get(i)?).map(|e| e.name.as_str()),
            ElementRef::RigidBody(i) => model.rigid_bodies.get(get(i)?).map(|e| e.name.as_str()),
            ElementRef::Joint(i) => model.joints.get(get(i)?).map(|e| e.name.as_str()),
            ElementRef::SoftBody(i) => model.soft_bodies.get(get(i)?).map(|e| e.name.as_str()),
            ElementRef::Texture(i) => model.textures.get(get(i)?).map(|e| e.as_str()),
            ElementRef::DisplayFrame(i) => {
                model.display_frames.get(get(i)?).map(|e| e.name.as_str())
            }
            ElementRef::Vertex(_) | ElementRef::Face(_) | ElementRef::Model => None,
        };
        name.filter(|n| !n.is_empty())
    }

    /// "bone #12 「左腕」" (ボーン #12 「左腕」) — kind in the current language, index and
    /// Japanese name.
    pub fn describe(self, model: &Model) -> String {
        match (self.index(), self.name(model)) {
            (None, _) => self.kind_label(),
            (Some(i), Some(n)) => format!("{} #{i} 「{n}」", self.kind_label()),
            (Some(i), None) => format!("{} #{i}", self.kind_label()),
        }
    }
}

/// One thing wrong with the rig.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Problem {
    /// Stable identifier, e.g. "E-INDEX-RANGE", "W-WEIGHT-SUM".
    pub code: &'static str,
    pub severity: Severity,
    /// Human text naming the element (kind, index, Japanese name).
    pub message: String,
    /// The culprit, for selection.
    pub target: ElementRef,
    /// Other elements involved (the dependency, the other body, …).
    pub related: Vec<ElementRef>,
    pub fix: Option<Fix>,
}

impl Problem {
    pub fn new(
        code: &'static str,
        severity: Severity,
        target: ElementRef,
        message: String,
    ) -> Problem {
        Problem {
            code,
            severity,
            message,
            target,
            related: Vec::new(),
            fix: None,
        }
    }
    pub fn error(code: &'static str, target: ElementRef, message: String) -> Problem {
        Problem::new(code, Severity::Error, target, message)
    }
    pub fn warning(code: &'static str, target: ElementRef, message: String) -> Problem {
        Problem::new(code, Severity::Warning, target, message)
    }
    pub fn info(code: &'static str, target: ElementRef, message: String) -> Problem {
        Problem::new(code, Severity::Info, target, message)
    }
    pub fn related(mut self, related: impl IntoIterator<Item = ElementRef>) -> Problem {
        self.related.extend(related);
        self
    }
    pub fn with_fix(mut self, fix: Option<Fix>) -> Problem {
        self.fix = fix;
        self
    }
    /// The group the Problems panel lists it under ([`catalog::category`]).
    pub fn category(&self) -> Category {
        catalog::category(self.code)
    }
}

impl ElementRef {
    /// The message variable that names an element of this kind in the checks' texts.
    pub(crate) fn role(self) -> &'static str {
        match self {
            ElementRef::Bone(_) => "bone",
            ElementRef::Morph(_) => "morph",
            ElementRef::Vertex(_) => "vertex",
            ElementRef::Material(_) => "material",
            ElementRef::RigidBody(_) | ElementRef::SoftBody(_) => "body",
            ElementRef::Joint(_) => "joint",
            ElementRef::Texture(_) => "texture",
            ElementRef::Face(_) => "face",
            ElementRef::DisplayFrame(_) => "frame",
            ElementRef::Model => "model",
        }
    }

    /// A problem about this element: `code`, its message `key` with this element
    /// described under the variable its kind names (see [`Finding`]).
    pub(crate) fn finding<'a>(
        self,
        model: &'a Model,
        code: &'static str,
        key: &'static str,
    ) -> Finding<'a> {
        Finding {
            model,
            code,
            target: self,
            key,
            args: vec![(self.role(), self.describe(model).into())],
            related: Vec::new(),
            fix: None,
        }
    }
}

/// A [`Problem`] being written, in one chain: the severity is its code's
/// ([`catalog`]); the message is the catalogue text `key` with the target described
/// (kind, index, name) under `bone`, `morph`, `body`, `joint`, `frame`, `material` …
/// ([`role`](Self::role) names it otherwise) and the variables added with
/// [`arg`](Self::arg) and [`element`](Self::element).
pub(crate) struct Finding<'a> {
    model: &'a Model,
    code: &'static str,
    target: ElementRef,
    key: &'static str,
    args: Vec<(&'static str, crate::i18n::FluentValue<'a>)>,
    related: Vec<ElementRef>,
    fix: Option<Fix>,
}

impl<'a> Finding<'a> {
    /// The message names the target `role` (not by its kind).
    pub fn role(mut self, role: &'static str) -> Self {
        self.args[0].0 = role;
        self
    }

    pub fn arg(
        mut self,
        name: &'static str,
        value: impl Into<crate::i18n::FluentValue<'a>>,
    ) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// Another element, described, under `name`.
    pub fn element(self, name: &'static str, element: ElementRef) -> Self {
        let description = element.describe(self.model);
        self.arg(name, description)
    }

    pub fn related(mut self, related: impl IntoIterator<Item = ElementRef>) -> Self {
        self.related.extend(related);
        self
    }

    pub fn fix(mut self, fix: impl Into<Option<Fix>>) -> Self {
        self.fix = fix.into();
        self
    }

    pub fn push(self, out: &mut Vec<Problem>) {
        out.push(self.into());
    }
}

impl From<Finding<'_>> for Problem {
    fn from(f: Finding<'_>) -> Problem {
        let severity = catalog::info(f.code).map_or(Severity::Warning, |c| c.severity);
        let message = crate::i18n::lookup(&crate::i18n::CORE, f.key, &f.args);
        Problem::new(f.code, severity, f.target, message)
            .related(f.related)
            .with_fix(f.fix)
    }
}

/// What the checks need beyond the model.
#[derive(Debug, Clone, Default)]
pub struct CheckContext {
    /// The folder the model file is in (texture paths are relative to it).
    /// `None` skips the texture check.
    pub model_dir: Option<PathBuf>,
}

impl CheckContext {
    /// Context for a model loaded from `path`.
    pub fn for_file(path: &std::path::Path) -> CheckContext {
        let dir = path.parent().map(|p| {
            if p.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                p.to_path_buf()
            }
        });
        CheckContext { model_dir: dir }
    }
}

/// Runs every check. Problems come grouped by check, in the order listed in
/// the module docs ([`Check::ALL`]). To follow edits, keep a [`CheckResults`]
/// and [`update`](CheckResults::update) it with each edit's change set.
pub fn check_model(model: &Model, ctx: &CheckContext) -> Vec<Problem> {
    CheckResults::new(model, ctx).into_problems()
}

/// A check run on its own: its per-vertex part (which [`check_model`] runs in one
/// pass over the vertices with the other checks' parts) over every vertex, then
/// its other problems.
pub(crate) fn each_vertex_then(
    model: &Model,
    per_vertex: fn(&Model, usize, &crate::pmx::Vertex, &mut Vec<Problem>),
    rest: impl FnOnce(&Model) -> Vec<Problem>,
) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, v) in model.vertices.iter().enumerate() {
        per_vertex(model, i, v, &mut out);
    }
    out.extend(rest(model));
    out
}

/// `Some(i as usize)` when `i` indexes a list of `len`.
pub(crate) fn valid(i: i32, len: usize) -> Option<usize> {
    usize::try_from(i).ok().filter(|&u| u < len)
}
