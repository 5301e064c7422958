//! What every operation's declaration is made of: typed option constructors (the
//! kind and the default come from one argument, so they cannot disagree), the
//! declaration itself as a short chain, and the plan shape the weight operations share.

use super::input::vertex_summary;
use super::{Choice, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::edit::ModelEdit;
use crate::rig::input::InputError;

/// The signature of [`Operation::plan`].
pub type PlanFn = fn(&crate::pmx::Model, &Selection, &Options) -> Result<Plan, OpError>;

impl Operation {
    /// An operation without aliases or options whose catalogue keys [`keys`](Self::keys) sets.
    pub const fn new(name: &'static str, menu: Menu, selection: Need, plan: PlanFn) -> Operation {
        Operation {
            name,
            aliases: &[],
            title: "",
            help: "",
            menu,
            selection,
            options: &[],
            plan,
        }
    }

    /// The catalogue keys of the title and the help text.
    pub const fn keys(self, title: &'static str, help: &'static str) -> Operation {
        Operation {
            title,
            help,
            ..self
        }
    }

    pub const fn options(self, options: &'static [Opt]) -> Operation {
        Operation { options, ..self }
    }

    pub const fn aliases(self, aliases: &'static [&'static str]) -> Operation {
        Operation { aliases, ..self }
    }
}

/// `true`/`false`.
pub const fn flag(key: &'static str, label: &'static str, default: bool) -> Opt {
    Opt::new(key, label, OptKind::Bool, Def::Bool(default))
}

/// A whole number in `min..=max`.
pub const fn int(key: &'static str, label: &'static str, min: i64, max: i64, default: i64) -> Opt {
    Opt::new(key, label, OptKind::Int { min, max }, Def::Int(default))
}

/// A number in `min..=max`.
pub const fn float(
    key: &'static str,
    label: &'static str,
    min: f32,
    max: f32,
    default: f32,
) -> Opt {
    Opt::new(key, label, OptKind::Float { min, max }, Def::Float(default))
}

/// The kind `[x, y, z]`, each in `min..=max`.
pub const fn range3(min: f32, max: f32) -> OptKind {
    OptKind::Vec3 { min, max }
}

/// `[x, y, z]` of the range `kind` ([`range3`]).
pub const fn vec3(key: &'static str, label: &'static str, kind: OptKind, default: [f32; 3]) -> Opt {
    Opt::new(key, label, kind, Def::Vec3(default))
}

/// One of `choices`.
pub const fn choice(
    key: &'static str,
    label: &'static str,
    choices: &'static [Choice],
    default: &'static str,
) -> Opt {
    Opt::new(key, label, OptKind::Choice(choices), Def::Str(default))
}

/// Several of `choices`: every one (`all`) or none by default.
pub const fn choices(
    key: &'static str,
    label: &'static str,
    choices: &'static [Choice],
    all: bool,
) -> Opt {
    let default = if all { Def::All } else { Def::Empty };
    Opt::new(key, label, OptKind::Choices(choices), default)
}

/// Free text.
pub const fn text(key: &'static str, label: &'static str, default: &'static str) -> Opt {
    Opt::new(key, label, OptKind::Text, Def::Str(default))
}

/// A file path, which scripts and the CLI must give.
pub const fn file(key: &'static str, label: &'static str) -> Opt {
    Opt::new(key, label, OptKind::File, Def::Str("")).required()
}

/// One bone, which scripts and the CLI must give.
pub const fn bone(key: &'static str, label: &'static str) -> Opt {
    Opt::new(key, label, OptKind::Bone, Def::Int(0)).required()
}

/// The plan of a weight operation on the selected vertices that takes the one
/// required value under `key`: `run(vertices, value)`, summarised by the vertex count.
pub fn on_vertices<T: serde::de::DeserializeOwned>(
    selection: &Selection,
    options: &Options,
    key: &str,
    run: impl FnOnce(&[usize], T) -> Result<Option<ModelEdit>, InputError>,
) -> Result<Plan, OpError> {
    let value = options.args().parse_required::<T>(key)?;
    let edit = run(&selection.vertices, value)?;
    Ok(vertex_summary(edit, selection))
}
