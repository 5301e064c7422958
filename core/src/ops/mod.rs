//! The operations a rigger runs on a model, declared once and listed by every
//! front-end: `hone edit` scripts ([`script`]), `hone rig <op>` (its subcommands and
//! `--help` are built from the option schema), and the app (menus, list context
//! menus and option dialogs generated from the same schema).
//!
//! An [`Operation`] is a name (the script's `"op"` and the CLI subcommand), a title
//! and help text (catalogue keys in `core/locales/*/ops.ftl`), typed [`Opt`]ions with
//! defaults, the selection it needs ([`Need`]), the menu it belongs to ([`Menu`]) and
//! a `plan` function: it reads the model and returns a [`Plan`] (the one undoable
//! [`ModelEdit`], localised summary lines and, for generators, a [`RigPlan`] the app
//! previews). `plan` never changes the model; the front-end applies the edit.
//!
//! # Adding an operation
//!
//! One file in this folder declaring `pub const OP: Operation`, and one line in
//! [`REGISTRY`]. The algorithm itself belongs in its own module ([`crate::rig`] …);
//! the operation's file only adapts options and selection to it.

pub mod output;
pub mod script;

mod input;
mod kit;
mod mirror_args;

mod apply_pose_as_rest;
mod bodies_from_bones;
mod bone_morph_from_pose;
mod chain;
mod joint_chain;
mod limit;
mod material_order;
pub mod merge;
mod merge_materials;
mod mirror;
mod morph_from_model;
mod normalize;
mod prune;
mod remove_materials;
mod replace_bone;
mod sdef_from_bdef2;
mod semistandard;
mod skirt_ring;
mod split_material;
mod transfer_weight;
mod transform;
mod translate_names;
mod uv_transform;
mod weight_kind;
mod weights_from_model;

// Output operations (they write a file; see [`output`]).
pub mod bake;
pub mod export;
pub mod extract;

pub use input::{
    need_selection, selection as script_selection, vertices_from_selector, SelectorError,
};
pub use mirror_args::{
    mirror_options, selection_from_selector, semistandard_options, MIRROR_PARTS,
};
pub use output::{OutputOperation, OUTPUT_KEY};

use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::Model;
use crate::rig::RigPlan;
pub use crate::rig::Selection;
use serde_json::{Map, Value};

/// Every operation, in menu order.
pub const REGISTRY: &[&Operation] = &[
    &bodies_from_bones::OP,
    &joint_chain::OP,
    &skirt_ring::OP,
    &chain::OP,
    &mirror::OP,
    &semistandard::OP,
    &apply_pose_as_rest::OP,
    &normalize::OP,
    &limit::OP,
    &prune::OP,
    &replace_bone::OP,
    &transfer_weight::OP,
    &weight_kind::OP,
    &sdef_from_bdef2::OP,
    &weights_from_model::OP,
    &morph_from_model::OP,
    &bone_morph_from_pose::OP,
    &translate_names::OP,
    &transform::OP,
    &remove_materials::OP,
    &merge::OP,
    &uv_transform::OP,
    &material_order::OP,
    &merge_materials::OP,
    &split_material::OP,
];

/// Every output operation (bake, export, extract: they write a file), in menu order.
pub const OUTPUTS: &[&OutputOperation] = &[&bake::OP, &export::OP, &extract::OP];

/// The output operation named `name`.
pub fn find_output(name: &str) -> Option<&'static OutputOperation> {
    OUTPUTS.iter().copied().find(|op| op.name == name)
}

/// The registered operation named `name` (or one of its aliases).
pub fn find(name: &str) -> Option<&'static Operation> {
    REGISTRY
        .iter()
        .copied()
        .find(|op| op.name == name || op.aliases.contains(&name))
}

/// One operation (see the module docs).
pub struct Operation {
    /// The script's `"op"` value and the `hone rig` subcommand.
    pub name: &'static str,
    /// Other subcommand names (the CLI's older, shorter ones).
    pub aliases: &'static [&'static str],
    /// Catalogue key of the menu entry and dialog title.
    pub title: &'static str,
    /// Catalogue key of one or two sentences of help.
    pub help: &'static str,
    pub menu: Menu,
    pub selection: Need,
    pub options: &'static [Opt],
    /// What the operation would do on `model` (nothing is applied).
    pub plan: fn(&Model, &Selection, &Options) -> Result<Plan, OpError>,
}

impl std::fmt::Debug for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Operation")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Operations are one each: the same name is the same operation.
impl PartialEq for Operation {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Operation {
    /// The localised title ("Rigid bodies from bones…").
    pub fn title(&self) -> String {
        crate::tr!(self.title)
    }

    /// The localised help text.
    pub fn help(&self) -> String {
        crate::tr!(self.help)
    }

    /// The option declared under `key`.
    pub fn option(&self, key: &str) -> Option<&'static Opt> {
        self.options.iter().find(|o| o.key == key)
    }

    /// Every option with a default, as values (what a dialog starts from); `app`
    /// takes the app's defaults where they differ.
    pub fn defaults(&self, app: bool) -> Options {
        defaults_of(self.options, app)
    }

    /// The one-line script form, e.g. `{"op":"prune","vertices":V,"threshold":0.01}`.
    pub fn usage(&self) -> String {
        let mut parts = vec![format!("\"op\":\"{}\"", self.name)];
        match self.selection {
            Need::None => {}
            Need::Bones => parts.push("\"bones\":S".into()),
            Need::Vertices => parts.push("\"vertices\":V".into()),
            Need::Elements => parts.push("\"select\":S".into()),
            Need::Materials => parts.push("\"materials\":S".into()),
        }
        parts.extend(option_usage(self.options));
        format!("{{{}}}  {}", parts.join(","), self.help())
    }
}

/// Each option's script form with its default (or a placeholder), for usage lines.
fn option_usage(options: &[Opt]) -> impl Iterator<Item = String> + '_ {
    options.iter().map(|o| {
        let v = match o.default.to_value(o.kind) {
            Some(v) if !o.auto => v.to_string(),
            _ => o.kind.placeholder(),
        };
        format!("\"{}\":{v}", o.key)
    })
}

/// Every option of `options` with a default, as values; `app` takes the app's
/// defaults where they differ.
pub fn defaults_of(options: &[Opt], app: bool) -> Options {
    let mut values = Map::new();
    for o in options.iter().filter(|o| !o.auto) {
        let def = match o.app_default {
            Some(d) if app => d,
            _ => o.default,
        };
        if let Some(v) = def.to_value(o.kind) {
            values.insert(o.key.to_string(), v);
        }
    }
    Options { values }
}

/// The menu an operation is listed in (the list context menus add every operation
/// whose [`Need`] the selection meets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    Rig,
    Morph,
    Weights,
    Edit,
    Model,
    Materials,
    /// File (the output operations).
    File,
}

/// What selection an operation works on. In scripts and on the command line the
/// selection is given under [`Need::key`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// The whole model.
    None,
    /// Bones (required).
    Bones,
    /// Vertices (absent = every vertex).
    Vertices,
    /// Optional bones, rigid bodies, joints, morphs or vertices (absent = the whole model).
    Elements,
    /// Materials (required).
    Materials,
}

impl Need {
    /// The script key and (with `-` for `_`) the CLI flag of the selection.
    pub fn key(self) -> Option<&'static str> {
        match self {
            Need::None => None,
            Need::Bones => Some("bones"),
            Need::Vertices => Some("vertices"),
            Need::Elements => Some("select"),
            Need::Materials => Some("materials"),
        }
    }

    /// Whether a selection of `kind` (non-empty) fits this need.
    pub fn accepts(self, kind: ElementKind) -> bool {
        match self {
            Need::None => false,
            Need::Bones => kind == ElementKind::Bone,
            Need::Vertices => kind == ElementKind::Vertex,
            Need::Elements => Selection::ELEMENT_KINDS.contains(&kind),
            Need::Materials => kind == ElementKind::Material,
        }
    }
}

/// One typed option.
#[derive(Debug, Clone, Copy)]
pub struct Opt {
    /// Script key; the CLI flag is `--key` with `-` for `_`.
    pub key: &'static str,
    /// Catalogue key of its label (dialogs, CLI help).
    pub label: &'static str,
    pub kind: OptKind,
    /// The value when the option is not given (ignored when `auto`).
    pub default: Def,
    /// Absent = the operation decides (e.g. the lowest unused collision group);
    /// `default` is then only where a dialog's field starts.
    pub auto: bool,
    /// Scripts and the CLI must give it (a dialog starts from `default`).
    pub required: bool,
    /// Where the app's dialog starts, when it differs from `default`.
    pub app_default: Option<Def>,
    /// The CLI flag given without a value means this value.
    pub bare: Option<&'static str>,
    /// Catalogue key of a short label for dialogs, when `label` is a sentence (which
    /// then is the dialog's hover help).
    pub short: Option<&'static str>,
}

impl Opt {
    pub const fn new(key: &'static str, label: &'static str, kind: OptKind, default: Def) -> Opt {
        Opt {
            key,
            label,
            kind,
            default,
            auto: false,
            required: false,
            app_default: None,
            bare: None,
            short: None,
        }
    }

    pub const fn auto(self) -> Opt {
        Opt { auto: true, ..self }
    }

    pub const fn required(self) -> Opt {
        Opt {
            required: true,
            ..self
        }
    }

    pub const fn app(self, default: Def) -> Opt {
        Opt {
            app_default: Some(default),
            ..self
        }
    }

    pub const fn bare(self, value: &'static str) -> Opt {
        Opt {
            bare: Some(value),
            ..self
        }
    }

    pub const fn short(self, key: &'static str) -> Opt {
        Opt {
            short: Some(key),
            ..self
        }
    }

    /// The localised label.
    pub fn label(&self) -> String {
        crate::tr!(self.label)
    }

    /// What a dialog labels it with: the short label, else the label.
    pub fn dialog_label(&self) -> String {
        crate::tr!(self.short.unwrap_or(self.label))
    }

    /// A dialog's hover help: the label, when the short label stands in for it.
    pub fn dialog_help(&self) -> Option<String> {
        self.short.map(|_| self.label())
    }
}

/// The type of an option's value (its JSON form in brackets).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OptKind {
    /// `true`/`false`.
    Bool,
    /// A whole number in `min..=max`.
    Int { min: i64, max: i64 },
    /// A number in `min..=max`.
    Float { min: f32, max: f32 },
    /// One of the choices (its value string).
    Choice(&'static [Choice]),
    /// Several of the choices (a list of value strings).
    Choices(&'static [Choice]),
    /// Free text.
    Text,
    /// `[x, y, z]`, each in `min..=max`.
    Vec3 { min: f32, max: f32 },
    /// A collision mask (bit n = collides with group n; the CLI also takes `0xFFFF`).
    Mask,
    /// A list of collision groups 0–15.
    Groups,
    /// One bone: a name or an index.
    Bone,
    /// A file path.
    File,
}

impl OptKind {
    /// How a usage line shows a value of this kind.
    fn placeholder(self) -> String {
        match self {
            OptKind::Bool => "true|false".into(),
            OptKind::Int { min, max } => format!("{min}-{max}"),
            OptKind::Float { .. } => "X".into(),
            OptKind::Choice(c) => {
                let v: Vec<&str> = c.iter().map(|c| c.value).collect();
                format!("\"{}\"", v.join("|"))
            }
            OptKind::Choices(c) => {
                let v: Vec<&str> = c.iter().map(|c| c.value).collect();
                format!("[\"{}\",…]", v.join("\"|\""))
            }
            OptKind::Text => "\"…\"".into(),
            OptKind::Vec3 { .. } => "[x,y,z]".into(),
            OptKind::Mask => "0-65535".into(),
            OptKind::Groups => "[0,4,…]".into(),
            OptKind::Bone => "BONE".into(),
            OptKind::File => "\"FILE\"".into(),
        }
    }
}

/// One choice of a [`OptKind::Choice`] or [`OptKind::Choices`] option.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// Its script / CLI value.
    pub value: &'static str,
    /// Catalogue key of its label.
    pub label: &'static str,
}

impl Choice {
    pub const fn new(value: &'static str, label: &'static str) -> Choice {
        Choice { value, label }
    }
}

/// A default value (const-friendly; [`Def::to_value`] makes the JSON).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Def {
    None,
    Bool(bool),
    Int(i64),
    Float(f32),
    Str(&'static str),
    Vec3([f32; 3]),
    /// Every choice of a [`OptKind::Choices`].
    All,
    /// An empty list.
    Empty,
}

impl Def {
    pub fn to_value(self, kind: OptKind) -> Option<Value> {
        Some(match self {
            Def::None => return None,
            Def::Bool(b) => Value::Bool(b),
            Def::Int(i) => Value::from(i),
            Def::Float(x) => float(x),
            Def::Str(s) => Value::from(s),
            Def::Vec3(v) => Value::Array(v.iter().map(|&x| float(x)).collect()),
            Def::All => match kind {
                OptKind::Choices(c) => c.iter().map(|c| Value::from(c.value)).collect(),
                _ => return None,
            },
            Def::Empty => Value::Array(Vec::new()),
        })
    }
}

/// A float as JSON without f32 → f64 noise (0.8, not 0.800000011920929).
pub fn float(x: f32) -> Value {
    let v: f64 = format!("{x}").parse().unwrap_or(x as f64);
    serde_json::Number::from_f64(v)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// An operation's option values (its JSON keys but the selection's), with typed
/// accessors whose errors name the key.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    pub values: Map<String, Value>,
}

impl Options {
    pub fn new(values: Map<String, Value>) -> Options {
        Options { values }
    }

    pub fn args(&self) -> script::OpArgs<'_> {
        script::OpArgs::new(&self.values)
    }

    /// All values as one JSON object (for options structs that deserialise it).
    pub fn deserialize<T: serde::de::DeserializeOwned>(&self) -> Result<T, OpError> {
        serde_json::from_value(Value::Object(self.values.clone()))
            .map_err(|e| OpError::new(e.to_string()))
    }
}

/// What an operation would do.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The step to apply (None: nothing to change).
    pub edit: Option<ModelEdit>,
    /// What it would do, one line each (counts first, then notes), localised.
    pub summary: Vec<String>,
    /// The generators' plan, for the app's viewport preview.
    pub preview: Option<RigPlan>,
    /// Texture entries the edit adds that are relative to another folder (a merged
    /// part's): whoever writes the model copies them beside it by the texture rule.
    pub textures: crate::pmx::textures::TextureOrigins,
}

impl Plan {
    pub fn edit(edit: Option<ModelEdit>, summary: Vec<String>) -> Plan {
        Plan {
            edit,
            summary,
            preview: None,
            textures: Default::default(),
        }
    }
}

/// Why an operation cannot be applied (the script engine adds its index).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OpError(pub String);

impl OpError {
    pub fn new(message: impl Into<String>) -> Self {
        OpError(message.into())
    }
}

impl From<String> for OpError {
    fn from(s: String) -> Self {
        OpError(s)
    }
}

impl From<crate::edit::EditError> for OpError {
    fn from(e: crate::edit::EditError) -> Self {
        OpError(e.to_string())
    }
}

impl From<crate::rig::RigError> for OpError {
    fn from(e: crate::rig::RigError) -> Self {
        OpError(e.to_string())
    }
}

impl From<crate::rig::input::InputError> for OpError {
    fn from(e: crate::rig::input::InputError) -> Self {
        OpError(e.to_string())
    }
}

/// A generator's plan with its summary: counts first, then its notes.
pub fn rig_plan(plan: RigPlan) -> Plan {
    let replaced = plan
        .rigid_bodies
        .iter()
        .filter(|b| b.target != crate::rig::Target::New)
        .count()
        + plan
            .joints
            .iter()
            .filter(|j| j.target != crate::rig::Target::New)
            .count();
    let mut summary = vec![crate::tr!(
        "ops-summary-rig",
        bodies = plan.rigid_bodies.len(),
        joints = plan.joints.len(),
        replaced = replaced
    )];
    summary.extend(plan.notes.iter().cloned());
    Plan {
        edit: plan.clone().into_edit(),
        summary,
        preview: Some(plan),
        textures: Default::default(),
    }
}

/// A generator that finds nothing to do plans no edit (not an error) and says why.
pub fn nothing_or(result: Result<Plan, crate::rig::RigError>) -> Result<Plan, OpError> {
    match result {
        Ok(p) => Ok(p),
        Err(e @ crate::rig::RigError::NothingToDo(_)) => Ok(Plan::edit(None, vec![e.to_string()])),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_and_every_option_has_a_kind_fitting_its_default() {
        let mut seen = std::collections::HashSet::new();
        for op in REGISTRY {
            for n in std::iter::once(&op.name).chain(op.aliases) {
                assert!(seen.insert(*n), "{n} twice");
            }
            for o in op.options {
                if o.default != Def::None {
                    assert!(
                        o.default.to_value(o.kind).is_some(),
                        "{}.{}",
                        op.name,
                        o.key
                    );
                }
                assert_ne!(Some(o.key), op.selection.key(), "{}", op.name);
            }
        }
    }

    #[test]
    fn schema_defaults_are_the_generators_defaults() {
        use crate::rig::args::{BodyArgs, JointArgs};
        let defaults = |name: &str| find(name).unwrap().defaults(true);
        let body: BodyArgs = defaults("bodies_from_bones").deserialize().unwrap();
        assert_eq!(
            body.to_options().unwrap(),
            crate::rig::bodies::BodyOptions::default()
        );
        let joint: JointArgs = defaults("joint_chain").deserialize().unwrap();
        assert_eq!(
            joint.to_options().unwrap(),
            crate::rig::chain::JointOptions::default()
        );
    }
}
