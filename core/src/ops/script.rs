//! `hone edit` scripts: a JSON array of operations applied in order through the
//! same edit layer as the GUI ([`ModelEdit`] / [`History`]), all or nothing.
//!
//! ```json
//! [
//!   {"op": "delete", "kind": "joint", "select": "右横髪*"},
//!   {"op": "set", "kind": "rigid_body", "select": ["頭a", 7], "field": "mass", "value": 0.5},
//!   {"op": "add", "kind": "bone", "select": "頭", "value": {"name": "アホ毛1"}}
//! ]
//! ```
//!
//! Each operation becomes one undo step (one [`ModelEdit`], a batch when it needs
//! several changes). If an operation fails, every step the script already applied
//! is undone, so the model is exactly as before and the error names the operation's
//! index (0-based) and why.
//!
//! Two kinds of operations: the element edits every list has ([`BASIC_OPS`]: add,
//! delete, duplicate, move, set — the app offers them on every list) and the
//! registered operations of [`super::REGISTRY`] (generators, weights, morphs), whose
//! keys are their selection key and their options.
//!
//! Output operations ([`super::OUTPUTS`]: bake, export, extract) run on the model as
//! the script has made it so far and change nothing; their `"output"` file is not
//! written here: the step's [`StepReport::outputs`] hold it, and the script's writer
//! (`hone edit`) writes it relative to its output file's folder once every operation
//! succeeded (a dry run writes nothing).

mod basic;
mod fields;

pub use basic::{parse_kind, select, BASIC_OPS, KINDS};
pub use fields::{field_docs, get_field, set_field, FieldDoc};

pub use super::OpError;
use crate::edit::{ElementKind, History, ModelEdit};
use crate::pmx::textures::TextureOrigins;
use crate::pmx::Model;
use serde_json::{Map, Value};

/// One element edit of [`BASIC_OPS`].
pub struct OpSpec {
    /// The value of `"op"`.
    pub name: &'static str,
    /// Keys the operation accepts besides `"op"`; any other key is an error
    /// (a misspelt option must not be ignored silently).
    pub keys: &'static [&'static str],
    /// One line: the operation's form, e.g. `{"op":"delete","kind":K,"select":S}`.
    pub usage: &'static str,
    /// Builds the change from the model as the previous operations left it.
    /// `Ok(None)`: nothing to change (reported, not an error).
    pub build: fn(&Model, &OpArgs) -> Result<Option<ModelEdit>, OpError>,
}

/// A script that failed: nothing it did is left in the model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    #[error("{}", crate::tr!("err-script-json", error = .0.as_str()))]
    Json(String),
    #[error("{}", crate::tr!("err-script-not-array"))]
    NotAnArray,
    #[error("{}", crate::tr!(
        "err-script-op",
        index = *index,
        op = op.as_str(),
        message = message.as_str()
    ))]
    Op {
        index: usize,
        op: String,
        message: String,
    },
}

/// The keys of one operation object, with typed accessors whose errors name the key.
pub struct OpArgs<'a> {
    map: &'a Map<String, Value>,
}

/// The error for an absent required key.
fn missing(key: &str) -> OpError {
    OpError(crate::tr!("err-op-missing", key = key))
}

impl<'a> OpArgs<'a> {
    pub fn new(map: &'a Map<String, Value>) -> Self {
        OpArgs { map }
    }

    /// The raw value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    /// The value of `key`, or an error naming it.
    pub fn required(&self, key: &str) -> Result<&'a Value, OpError> {
        self.get(key).ok_or_else(|| missing(key))
    }

    /// `key` deserialised as `T` (None if absent); a wrong type names the key.
    pub fn parse<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>, OpError> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => serde_json::from_value(v.clone())
                .map(Some)
                .map_err(|e| OpError(crate::tr!("err-op-key", key = key, error = e.to_string()))),
        }
    }

    /// `key` deserialised as `T`; absent is an error naming it.
    pub fn parse_required<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<T, OpError> {
        self.parse(key)?.ok_or_else(|| missing(key))
    }

    /// `key` as a string; absent is an error naming it.
    pub fn str_required(&self, key: &str) -> Result<&'a str, OpError> {
        self.str(key)?.ok_or_else(|| missing(key))
    }

    /// `key` as a string (None if absent).
    pub fn str(&self, key: &str) -> Result<Option<&'a str>, OpError> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(OpError(crate::tr!(
                "err-op-not-string",
                key = key,
                value = v.to_string()
            ))),
        }
    }

    /// The `"kind"` key as an element kind (one of [`KINDS`]).
    pub fn kind(&self) -> Result<ElementKind, OpError> {
        let v = self.required("kind")?;
        let name = v.as_str().ok_or_else(|| {
            OpError(crate::tr!(
                "err-op-not-string",
                key = "kind",
                value = v.to_string()
            ))
        })?;
        parse_kind(name).ok_or_else(|| {
            OpError(crate::tr!(
                "err-op-unknown-kind",
                name = name,
                kinds = KINDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ))
        })
    }

    /// The elements of `kind` that selector `key` names (see [`select`]);
    /// an error if the key is missing or matches nothing.
    pub fn select(
        &self,
        model: &Model,
        kind: ElementKind,
        key: &str,
    ) -> Result<Vec<usize>, OpError> {
        select(model, kind, self.required(key)?)
            .map_err(|e| OpError(crate::tr!("err-op-key", key = key, error = e)))
    }

    /// Like [`select`](Self::select), but an absent key selects nothing.
    pub fn select_opt(
        &self,
        model: &Model,
        kind: ElementKind,
        key: &str,
    ) -> Result<Vec<usize>, OpError> {
        match self.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(_) => self.select(model, kind, key),
        }
    }
}

/// What one applied operation did.
#[derive(Debug, Clone)]
pub struct StepReport {
    pub index: usize,
    pub op: String,
    /// The history label of the step ("Delete 6 joints"); empty if nothing changed.
    pub label: String,
    /// Element counts that changed, e.g. "rigid bodies 87 → 81".
    pub counts: Vec<String>,
    /// Textures the step added that live in another folder (a merged part's); the
    /// script's writer copies them by the texture rule.
    pub textures: crate::pmx::textures::TextureOrigins,
    /// What an output operation made, for the writer (nothing for the others).
    pub outputs: Vec<ScriptOutput>,
}

/// A file an output operation of a script made, not yet written.
#[derive(Debug, Clone)]
pub struct ScriptOutput {
    /// The `"output"` path as the script gives it.
    pub path: std::path::PathBuf,
    pub output: super::output::Output,
}

impl std::fmt::Display for StepReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{} {}: ", self.index, self.op)?;
        if self.label.is_empty() {
            f.write_str(&crate::tr!("script-step-nothing"))?;
        } else {
            f.write_str(&self.label)?;
        }
        if !self.counts.is_empty() {
            write!(f, " ({})", self.counts.join(", "))?;
        }
        Ok(())
    }
}

/// Finds element edit `name` in [`BASIC_OPS`].
pub fn find_op(name: &str) -> Option<&'static OpSpec> {
    BASIC_OPS.iter().find(|s| s.name == name)
}

/// Every operation's usage line (element edits, then the registry), for help texts.
pub fn usage_lines() -> Vec<String> {
    BASIC_OPS
        .iter()
        .map(|s| s.usage.to_string())
        .chain(super::REGISTRY.iter().map(|op| op.usage()))
        .chain(super::OUTPUTS.iter().map(|op| op.usage()))
        .collect()
}

/// Every operation's script name.
pub fn op_names() -> Vec<&'static str> {
    BASIC_OPS
        .iter()
        .map(|s| s.name)
        .chain(super::REGISTRY.iter().map(|op| op.name))
        .chain(super::OUTPUTS.iter().map(|op| op.name))
        .collect()
}

/// Runs output operation `op` from its script object on the model as it is.
fn run_output(
    model: &Model,
    model_dir: Option<&std::path::Path>,
    op: &super::OutputOperation,
    map: &Map<String, Value>,
) -> Result<ScriptOutput, OpError> {
    let args = OpArgs::new(map);
    let path = std::path::PathBuf::from(args.str_required(super::OUTPUT_KEY)?);
    let key = op.selection.key();
    let selection = super::need_selection(model, op.selection, key.and_then(|k| map.get(k)))?;
    let motion = match op.needs_motion() {
        true => {
            let key = super::output::Input::Motion.key();
            let file = args.str_required(key)?;
            let vmd = crate::motion::load_vmd(std::path::Path::new(file)).map_err(|e| {
                OpError(crate::tr!(
                    "err-op-key",
                    key = key,
                    error = format!("{file}: {e}")
                ))
            })?;
            Some(vmd)
        }
        false => None,
    };
    let inputs: Vec<&str> = op.inputs.iter().map(|i| i.key()).collect();
    let values = map
        .iter()
        .filter(|(k, _)| {
            !matches!(k.as_str(), "op" | super::OUTPUT_KEY)
                && Some(k.as_str()) != key
                && !inputs.contains(&k.as_str())
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let mut sources = super::output::Sources::new(model, model_dir, &path);
    sources.motion = motion.as_ref();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut progress = super::output::Progress {
        report: &mut |_| {},
        cancel: &cancel,
    };
    let output = (op.run)(
        &sources,
        &selection,
        &super::Options::new(values),
        &mut progress,
    )?;
    Ok(ScriptOutput { path, output })
}

/// The change a registered operation makes, from its script object, and the textures
/// it brings from other folders.
fn build_registered(
    model: &Model,
    op: &super::Operation,
    map: &Map<String, Value>,
) -> Result<(Option<ModelEdit>, TextureOrigins), OpError> {
    let key = op.selection.key();
    let selection = super::input::selection(model, op, key.and_then(|k| map.get(k)))?;
    let values = map
        .iter()
        .filter(|(k, _)| k.as_str() != "op" && Some(k.as_str()) != key)
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let plan = (op.plan)(model, &selection, &super::Options::new(values))?;
    Ok((plan.edit, plan.textures))
}

/// Parses script text: a JSON array of objects.
pub fn parse_script(text: &str) -> Result<Vec<Value>, ScriptError> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(ops)) => Ok(ops),
        Ok(_) => Err(ScriptError::NotAnArray),
        Err(e) => Err(ScriptError::Json(e.to_string())),
    }
}

/// Applies `ops` in order through `history`, one step per operation. On the first
/// failure every step this call applied is undone (they stay in the history as
/// redo steps; the model is exactly as before) and the error names the operation.
pub fn run_script(
    model: &mut Model,
    history: &mut History,
    ops: &[Value],
) -> Result<Vec<StepReport>, ScriptError> {
    run_script_from(model, history, ops, None)
}

/// [`run_script`] for a model read from `model_dir` (the folder an output operation
/// reads textures from).
pub fn run_script_from(
    model: &mut Model,
    history: &mut History,
    ops: &[Value],
    model_dir: Option<&std::path::Path>,
) -> Result<Vec<StepReport>, ScriptError> {
    let start = history.head();
    let mut reports = Vec::with_capacity(ops.len());
    for (index, op) in ops.iter().enumerate() {
        match run_op(model, history, index, op, model_dir) {
            Ok(r) => reports.push(r),
            Err(e) => {
                history.jump_to(model, start);
                return Err(e);
            }
        }
    }
    Ok(reports)
}

fn run_op(
    model: &mut Model,
    history: &mut History,
    index: usize,
    op: &Value,
    model_dir: Option<&std::path::Path>,
) -> Result<StepReport, ScriptError> {
    let fail = |op: &str, message: String| ScriptError::Op {
        index,
        op: op.to_string(),
        message,
    };
    let Value::Object(map) = op else {
        return Err(fail(
            "?",
            crate::tr!("err-script-not-object", value = op.to_string()),
        ));
    };
    let name = match map.get("op") {
        Some(Value::String(s)) => s.as_str(),
        Some(v) => {
            return Err(fail(
                "?",
                crate::tr!("err-op-not-string", key = "op", value = v.to_string()),
            ))
        }
        None => return Err(fail("?", crate::tr!("err-op-missing", key = "op"))),
    };
    let basic = find_op(name);
    let registered = super::find(name).filter(|op| op.name == name);
    let output = super::find_output(name);
    let (keys, usage): (Vec<&str>, String) = match (basic, registered, output) {
        (Some(spec), _, _) => (spec.keys.to_vec(), spec.usage.to_string()),
        (None, None, Some(op)) => (op.script_keys(), op.usage()),
        (None, Some(op), _) => (
            op.selection
                .key()
                .into_iter()
                .chain(op.options.iter().map(|o| o.key))
                .collect(),
            op.usage(),
        ),
        (None, None, None) => {
            return Err(fail(
                name,
                crate::tr!("err-script-unknown-op", ops = op_names().join(", ")),
            ))
        }
    };
    if let Some(bad) = map
        .keys()
        .find(|k| k.as_str() != "op" && !keys.contains(&k.as_str()))
    {
        return Err(fail(
            name,
            crate::tr!(
                "err-script-unknown-key",
                key = bad.as_str(),
                allowed = keys.join(", "),
                usage = usage
            ),
        ));
    }
    if let (None, None, Some(op)) = (basic, registered, output) {
        let made = run_output(model, model_dir, op, map).map_err(|e| fail(name, e.0))?;
        let label = crate::tr!(
            "output-script-step",
            op = op.title().trim_end_matches('…').to_string(),
            path = made.path.display().to_string()
        );
        return Ok(StepReport {
            index,
            op: name.to_string(),
            label,
            counts: Vec::new(),
            textures: Default::default(),
            outputs: vec![made],
        });
    }
    let before = counts(model);
    let (edit, textures) = match (basic, registered) {
        (Some(spec), _) => (spec.build)(model, &OpArgs::new(map)).map(|e| (e, Default::default())),
        (None, Some(op)) => build_registered(model, op, map),
        (None, None) => Ok((None, Default::default())),
    }
    .map_err(|e| fail(name, e.0))?;
    let mut label = String::new();
    if let Some(edit) = edit {
        history
            .apply(model, edit)
            .map_err(|e| fail(name, e.to_string()))?;
        label = history.undo_label().unwrap_or_default().to_string();
    }
    let after = counts(model);
    let counts = KINDS
        .iter()
        .zip(before.iter().zip(&after))
        .filter(|(_, (b, a))| b != a)
        .map(|((_, kind), (b, a))| {
            crate::tr!(
                "script-step-count",
                kinds = kind.plural_label(),
                before = *b,
                after = *a
            )
        })
        .collect();
    Ok(StepReport {
        index,
        op: name.to_string(),
        label,
        counts,
        textures,
        outputs: Vec::new(),
    })
}

fn counts(model: &Model) -> Vec<usize> {
    KINDS.iter().map(|(_, k)| k.len(model)).collect()
}
