//! Output operations: what a rigger runs on a model that writes a file instead of
//! changing the model — bake (a VMD), export (glTF / VRM) and extract (a new PMX).
//!
//! They are declared like the [`Operation`](super::Operation)s (name, catalogue keys,
//! the same [`Opt`] schema, the selection they need) and listed in
//! [`OUTPUTS`](super::OUTPUTS); every front-end builds from the declaration: `hone bake`,
//! `hone export` and `hone extract` (flags from the schema), `hone edit` scripts
//! (`{"op":"export","output":"a.glb"}`, the file relative to the script's output
//! folder), and the app's File menu (a worker thread, progress and Cancel).
//!
//! An output operation's `run` reads the model (never changing it) and returns an
//! [`Output`]: the bytes to write, or — for extract — a new model, which [`write()`] saves
//! by the save rule with the texture rule. Nothing is written by `run`: [`write()`] writes
//! through a temporary file and a rename, so a failed or cancelled operation leaves no
//! file (and an older file as it was).

use super::{Menu, Need, OpError, Opt, Options, Selection};
use crate::motion::Vmd;
use crate::pmx::textures::TextureOrigins;
use crate::pmx::Model;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// One output operation (see the module docs).
pub struct OutputOperation {
    /// The `hone` subcommand and the script's `"op"` value.
    pub name: &'static str,
    /// Catalogue key of the menu entry and dialog title.
    pub title: &'static str,
    /// Catalogue key of one or two sentences of help.
    pub help: &'static str,
    pub menu: Menu,
    pub selection: Need,
    /// What it reads besides the model and the selection.
    pub inputs: &'static [Input],
    /// The file extensions it writes (the first is the app's default).
    pub extensions: &'static [&'static str],
    /// What the app appends to the model's (or motion's) name for the file it offers.
    pub file_suffix: &'static str,
    pub options: &'static [Opt],
    /// Runs it on `sources`; the result is written by [`write()`].
    pub run: fn(&Sources, &Selection, &Options, &mut Progress) -> RunResult,
}

impl std::fmt::Debug for OutputOperation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutputOperation")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl OutputOperation {
    /// The localised title ("Bake motion…") and help text.
    pub fn title(&self) -> String {
        crate::tr!(self.title)
    }
    pub fn help(&self) -> String {
        crate::tr!(self.help)
    }

    /// Whether it reads a motion.
    pub fn needs_motion(&self) -> bool {
        self.inputs.contains(&Input::Motion)
    }

    /// Every option with a default, as values (what a dialog starts from; the app's
    /// defaults where they differ).
    pub fn defaults(&self) -> Options {
        super::defaults_of(self.options, true)
    }

    /// Every key a script object of this operation may hold besides `"op"`.
    pub fn script_keys(&self) -> Vec<&'static str> {
        std::iter::once(OUTPUT_KEY)
            .chain(self.selection.key())
            .chain(self.inputs.iter().map(|i| i.key()))
            .chain(self.options.iter().map(|o| o.key))
            .collect()
    }

    /// The one-line script form, e.g. `{"op":"export","output":"FILE",…}`, with its help
    /// and where the file goes (`hone edit` makes its folder when missing).
    pub fn usage(&self) -> String {
        let mut parts = vec![
            format!("\"op\":\"{}\"", self.name),
            format!("\"{OUTPUT_KEY}\":\"FILE.{}\"", self.extensions.join("|")),
        ];
        match self.selection.key() {
            Some("vertices") => parts.push("\"vertices\":V".into()),
            Some(key) => parts.push(format!("\"{key}\":S")),
            None => {}
        }
        for i in self.inputs {
            parts.push(format!("\"{}\":\"FILE\"", i.key()));
        }
        parts.extend(super::option_usage(self.options));
        let folder = crate::tr!("output-script-folder");
        format!("{{{}}}  {} {folder}", parts.join(","), self.help())
    }

    /// Runs it and writes the result to `sources.output` (temp file and rename): the
    /// report's lines, then what writing said, and the notes. Cancelled or failed: no file.
    pub fn run_and_write(
        &self,
        sources: &Sources,
        selection: &Selection,
        options: &Options,
        progress: &mut Progress,
    ) -> Result<Written, OpError> {
        let output = (self.run)(sources, selection, options, progress)?;
        let mut lines = output.lines.clone();
        lines.extend(write(&output, sources, progress.cancel)?);
        Ok(Written {
            lines,
            notes: output.notes,
        })
    }
}

/// What a written output operation reports (see [`Output`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    pub lines: Vec<String>,
    pub notes: Vec<Note>,
}

pub use crate::export::NoteKind;

/// One note of an output operation: what it changed on the way, or lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub kind: NoteKind,
    /// Localised.
    pub text: String,
}

/// The notes grouped under their headings, changes first, then losses; empty groups left out.
pub fn notes_by_kind(notes: &[Note]) -> Vec<(NoteKind, Vec<&str>)> {
    [NoteKind::Changed, NoteKind::Lost]
        .into_iter()
        .map(|kind| {
            let texts = notes.iter().filter(|n| n.kind == kind);
            (kind, texts.map(|n| n.text.as_str()).collect::<Vec<_>>())
        })
        .filter(|(_, texts)| !texts.is_empty())
        .collect()
}

/// What an output operation's `run` returns.
pub type RunResult = Result<Output, OpError>;

/// The script key of the file an output operation writes.
pub const OUTPUT_KEY: &str = "output";

/// What an output operation reads besides the model and the selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A motion: the app's loaded one, `--motion FILE` on the command line, `"motion":
    /// FILE` in a script.
    Motion,
}

impl Input {
    /// Its script key and (as `--key`) CLI flag.
    pub fn key(self) -> &'static str {
        match self {
            Input::Motion => "motion",
        }
    }
}

/// Everything an output operation reads.
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    pub model: &'a Model,
    /// The folder the model's texture paths are relative to (the model file's).
    pub model_dir: Option<&'a Path>,
    /// Texture entries a merged part brought from its own folder.
    pub texture_origins: &'a TextureOrigins,
    pub motion: Option<&'a Vmd>,
    /// The file to write (an export's format is its extension's).
    pub output: &'a Path,
    /// How a model product is written (the app's File ▸ save options; the save rule
    /// still upgrades to what the model needs).
    pub write_options: crate::pmx::write::WriteOptions,
}

impl<'a> Sources<'a> {
    /// `model` read from `model_dir`, written to `output`, no motion.
    pub fn new(model: &'a Model, model_dir: Option<&'a Path>, output: &'a Path) -> Self {
        static NO_ORIGINS: std::sync::OnceLock<TextureOrigins> = std::sync::OnceLock::new();
        Sources {
            model,
            model_dir,
            texture_origins: NO_ORIGINS.get_or_init(TextureOrigins::default),
            motion: None,
            output,
            write_options: Default::default(),
        }
    }

    /// The motion, or the error an operation needing one gives.
    pub fn motion(&self) -> Result<&'a Vmd, OpError> {
        self.motion
            .ok_or_else(|| OpError(crate::tr!("output-needs-motion")))
    }
}

/// Where progress goes (0..=1) and the flag that stops the operation.
pub struct Progress<'a> {
    pub report: &'a mut dyn FnMut(f32),
    pub cancel: &'a AtomicBool,
}

impl Progress<'_> {
    /// The error when the cancel flag is set.
    pub fn check(&self) -> Result<(), OpError> {
        cancelled(self.cancel)
    }
}

fn cancelled(cancel: &AtomicBool) -> Result<(), OpError> {
    if cancel.load(Ordering::Relaxed) {
        Err(OpError(crate::tr!("output-cancelled")))
    } else {
        Ok(())
    }
}

/// What an output operation made.
#[derive(Debug, Clone)]
pub struct Output {
    pub product: Product,
    /// What it did, localised, one line each (the CLI prints them, the app logs them).
    pub lines: Vec<String>,
    /// What was changed on the way or could not be carried (an export's notes).
    pub notes: Vec<Note>,
}

/// The file's content.
#[derive(Debug, Clone)]
pub enum Product {
    /// Bytes written as they are.
    Bytes(Vec<u8>),
    /// A model (extract's part: a model-producing output operation), saved by the save
    /// rule, its textures brought beside it by the texture rule.
    Model(Box<Model>),
}

/// Writes `output` to `sources.output` atomically; returns what the writing said (the
/// texture rule's copies, the save rule's version change). Nothing is written when
/// `cancel` is set.
pub fn write(
    output: &Output,
    sources: &Sources,
    cancel: &AtomicBool,
) -> Result<Vec<String>, OpError> {
    cancelled(cancel)?;
    let path = sources.output;
    let fail = |e: &dyn std::fmt::Display| OpError(format!("{}: {e}", path.display()));
    match &output.product {
        Product::Bytes(bytes) => {
            crate::pmx::write::write_file_atomically(path, bytes).map_err(|e| fail(&e))?;
            Ok(Vec::new())
        }
        Product::Model(model) => {
            let mut lines = Vec::new();
            let mut model = std::borrow::Cow::Borrowed(model.as_ref());
            // A model never saved has no folder its paths are relative to: nothing to bring.
            if let Some(home) = sources.model_dir {
                let plan = crate::pmx::textures::plan_write(
                    &model.textures,
                    sources.texture_origins,
                    Some(home),
                    path,
                    crate::pmx::textures::TextureMode::Copy,
                );
                if let Some(plan) = plan {
                    lines = plan.report_lines();
                    let table = plan.apply().map_err(|e| fail(&e))?;
                    model.to_mut().textures = table;
                }
            }
            let changes = crate::pmx::write::save_with_rule(&model, path, &sources.write_options)
                .map_err(|e| fail(&e))?;
            lines.extend(changes.iter().map(|c| c.message(&model)));
            Ok(lines)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::{find_output, Selection};
    use serde_json::json;

    fn options(value: serde_json::Value) -> Options {
        match value {
            serde_json::Value::Object(map) => Options::new(map),
            _ => Options::default(),
        }
    }

    /// Runs `name` on the sample rig into `path` with `cancel` as the flag.
    fn run(
        name: &str,
        path: &Path,
        selection: &Selection,
        values: serde_json::Value,
        cancel: bool,
    ) -> Result<Written, OpError> {
        let model = crate::pmx::builder::sample_rig();
        let vmd = Vmd::default();
        let mut sources = Sources::new(&model, None, path);
        sources.motion = Some(&vmd);
        let flag = AtomicBool::new(cancel);
        let mut progress = Progress {
            report: &mut |_| {},
            cancel: &flag,
        };
        let op = find_output(name).unwrap();
        op.run_and_write(&sources, selection, &options(values), &mut progress)
    }

    /// The folder's file names (a temporary file left behind would show).
    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failing_or_cancelled_output_operation_writes_nothing_and_keeps_an_older_file() {
        let dir = tempfile::tempdir().unwrap();
        let none = Selection::default();
        let baked = dir.path().join("baked.vmd");
        // A bad option: nothing runs.
        let bad = run("bake", &baked, &none, json!({"tolerance_deg": -1.0}), false);
        assert!(bad.unwrap_err().0.contains("-1"));
        // Cancelled: the bake stops (or, done, is not written).
        let cancelled = run("bake", &baked, &none, json!({}), true);
        let said = cancelled.unwrap_err().0;
        let cancel_messages = [
            crate::tr!("bake-error-cancelled"),
            crate::tr!("output-cancelled"),
        ];
        assert!(cancel_messages.contains(&said), "{said}");
        // A VRM without author and licence.
        let vrm = dir.path().join("a.vrm");
        assert!(run("export", &vrm, &none, json!({}), false).is_err());
        // A format it does not write.
        let obj = dir.path().join("a.obj");
        assert!(run("export", &obj, &none, json!({}), false).is_err());
        // Extract without materials.
        let part = dir.path().join("part.pmx");
        assert!(run("extract", &part, &none, json!({}), false).is_err());
        assert!(files(dir.path()).is_empty(), "{:?}", files(dir.path()));

        // Over an older file, a cancelled export keeps it as it was.
        let glb = dir.path().join("a.glb");
        std::fs::write(&glb, b"older").unwrap();
        assert!(run("export", &glb, &none, json!({}), true).is_err());
        assert_eq!(std::fs::read(&glb).unwrap(), b"older");
        assert_eq!(files(dir.path()), vec!["a.glb".to_string()]);
    }

    #[test]
    fn output_operations_write_their_files() {
        let dir = tempfile::tempdir().unwrap();
        let none = Selection::default();
        let glb = dir.path().join("a.glb");
        let written = run("export", &glb, &none, json!({}), false).unwrap();
        assert!(std::fs::read(&glb).unwrap().starts_with(b"glTF"));
        assert!(!written.notes.is_empty(), "the sample's IK is not carried");
        // The format option wins over the extension.
        let gltf = dir.path().join("b.bin");
        run("export", &gltf, &none, json!({"format": "gltf"}), false).unwrap();
        assert!(std::fs::read(&gltf).unwrap().starts_with(b"{"));

        let part = dir.path().join("part.pmx");
        let first = Selection::of(crate::edit::ElementKind::Material, vec![0]);
        let written = run("extract", &part, &first, json!({}), false).unwrap();
        let model = crate::pmx::builder::sample_rig();
        let saved = crate::pmx::load(&part).unwrap().model;
        assert_eq!(saved.materials.len(), 1);
        assert_eq!(saved.materials[0].name, model.materials[0].name);
        assert!(saved.vertices.len() < model.vertices.len());
        assert!(written.lines.iter().any(|l| l.contains('1')));

        // An empty motion baked over frames 0–10: the physics bones get keys.
        let baked = dir.path().join("baked.vmd");
        let written = run("bake", &baked, &none, json!({"end": 10}), false).unwrap();
        let vmd = crate::motion::load_vmd(&baked).unwrap();
        assert!(!vmd.bone_keys.is_empty());
        assert!(!written.lines.is_empty());
    }
}
