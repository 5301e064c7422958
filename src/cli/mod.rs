//! The `hone` command line: the same core as the GUI, headless.
//!
//! Exit codes: 0 success, 1 a file or run error (message on stderr), 2 usage error.
//! Each subcommand lives in its own file with its own clap `Args`; the output operations
//! (bake, export, extract) share `output.rs`, which builds them from their declaration.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub mod check;
pub mod convert;
pub mod edit;
pub mod gui;
pub mod info;
pub mod merge;
pub mod output;
pub mod plot;
pub mod pose;
pub mod recover;
pub mod rig;
pub mod simulate;
pub mod weights;

#[derive(Parser, Debug)]
#[command(
    name = "hone",
    version,
    about = "Editor and debugger for MikuMikuDance PMX rigs"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Without a subcommand: open the GUI (on FILE, or the bundled sample rig).
    #[command(flatten)]
    pub gui: gui::GuiArgs,
    /// Language of messages (ja or en); default: the locale (LC_ALL, LC_MESSAGES, LANG),
    /// in the app the one chosen in View ▸ Language.
    #[arg(long, global = true, value_name = "ja|en")]
    pub lang: Option<hone_core::i18n::Lang>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print what a PMX/PMD file holds.
    Info(info::InfoArgs),
    /// Convert PMX, PMD or PMX Editor CSV to PMX or CSV (by extension).
    Convert(convert::ConvertArgs),
    /// Evaluate a pose (physics off) and print bone matrices and skinned vertices.
    Pose(pose::PoseArgs),
    /// Run the whole frame pipeline headless, physics included.
    Simulate(simulate::SimulateArgs),
    // bake, export, extract: output operations, about and flags from their declaration.
    Bake(output::OutputArgs<output::Bake>),
    /// Check a rig for problems.
    Check(check::CheckArgs),
    /// Print the vertices a bone moves and their weights.
    Weights(weights::WeightsArgs),
    /// Apply a JSON script of edit operations (add, delete, set, generators…).
    Edit(edit::EditArgs),
    Extract(output::OutputArgs<output::Extract>),
    /// Run one operation (generators, mirror, semi-standard bones, weights, morphs) on a model file.
    Rig(Box<rig::RigArgs>),
    Export(output::OutputArgs<output::Export>),
    /// Add parts from other models (accessories, hair, outfits) to a model.
    Merge(Box<merge::MergeArgs>),
    /// List or write the unsaved work the app's autosave kept (after a crash).
    Recover(recover::RecoverArgs),
}

/// What a subcommand returns: Ok(exit code) or an error printed to stderr (exit 1).
pub type CliResult = Result<ExitCode, Box<dyn std::error::Error>>;

/// Saves `model` to `path` with the core's save rule (temp file and rename); what the rule
/// changed (a PMX 2.0 → 2.1 upgrade, grown index sizes) is said on stderr. The error names the
/// file (an I/O error already does).
fn save_model(
    model: &crate::pmx::Model,
    path: &std::path::Path,
    options: &crate::pmx::write::WriteOptions,
) -> Result<(), String> {
    use std::io::Write as _;
    let changes = crate::pmx::write::save_with_rule(model, path, options).map_err(|e| match e {
        crate::pmx::Error::Io { .. } => e.to_string(),
        e => format!("{}: {e}", path.display()),
    })?;
    for change in &changes {
        // Not eprintln!: a closed stderr must not panic.
        let _ = writeln!(
            std::io::stderr(),
            "hone: {}: {}",
            path.display(),
            change.message(model)
        );
    }
    Ok(())
}

/// The texture rule ([`crate::pmx::textures`]) for a model read from `source` and written
/// to `output` in another folder: its texture files are copied beside the output (identical
/// ones shared; absolute paths and paths leaving the source folder are never followed) and
/// the table rewritten; what was copied, missing or refused is said on stderr. Nothing
/// happens when both are in one folder.
pub(crate) fn bring_textures<'m>(
    model: &'m crate::pmx::Model,
    source: &std::path::Path,
    output: &std::path::Path,
) -> Result<std::borrow::Cow<'m, crate::pmx::Model>, String> {
    bring_textures_from(model, &Default::default(), source, output)
}

/// [`bring_textures`] for a table whose entries `origins` places in other folders (a
/// merged part's: `hone edit`, `hone rig merge`).
pub(crate) fn bring_textures_from<'m>(
    model: &'m crate::pmx::Model,
    origins: &crate::pmx::textures::TextureOrigins,
    source: &std::path::Path,
    output: &std::path::Path,
) -> Result<std::borrow::Cow<'m, crate::pmx::Model>, String> {
    use std::io::Write as _;
    let mode = crate::pmx::textures::TextureMode::Copy;
    let (model, report) = textures_for_output(model, origins, source, output, mode)?;
    for line in report {
        // Not eprintln!: a closed stderr must not panic.
        let _ = writeln!(std::io::stderr(), "hone: {line}");
    }
    Ok(model)
}

/// [`bring_textures`] for a table whose entries `origins` places in other folders than
/// `source`'s (merged parts'); returns the report lines for the caller to print.
pub(crate) fn textures_for_output<'m>(
    model: &'m crate::pmx::Model,
    origins: &crate::pmx::textures::TextureOrigins,
    source: &std::path::Path,
    output: &std::path::Path,
    mode: crate::pmx::textures::TextureMode,
) -> Result<(std::borrow::Cow<'m, crate::pmx::Model>, Vec<String>), String> {
    use std::borrow::Cow;
    let home = crate::pmx::textures::folder_of(source);
    let Some(plan) =
        crate::pmx::textures::plan_write(&model.textures, origins, Some(&home), output, mode)
    else {
        return Ok((Cow::Borrowed(model), Vec::new()));
    };
    let table = plan.apply().map_err(|e| e.to_string())?;
    let report = plan.report_lines();
    if table == model.textures {
        return Ok((Cow::Borrowed(model), report));
    }
    let mut model = model.clone();
    model.textures = table;
    Ok((Cow::Owned(model), report))
}

/// One JSON object per bone, `{"name":…,"world":[16 numbers]}`, comma-separated (the
/// caller writes the brackets); `number` picks how a matrix entry is printed.
fn bone_worlds_json<T: Into<f64> + std::fmt::Display + Copy>(
    out: &mut impl std::io::Write,
    model: &crate::pmx::Model,
    worlds: &[glam::Mat4],
    number: fn(f32) -> T,
) -> std::io::Result<()> {
    for (i, (bone, world)) in model.bones.iter().zip(worlds).enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        let name = serde_json::to_string(&bone.name).unwrap_or_default();
        write!(out, "\n{{\"name\":{name},\"world\":[")?;
        for (k, x) in world.to_cols_array().iter().enumerate() {
            if k > 0 {
                out.write_all(b",")?;
            }
            json_number(out, number(*x))?;
        }
        out.write_all(b"]}")?;
    }
    Ok(())
}

/// A JSON number, or `null` for NaN and the infinities (JSON has none); written
/// as `T` prints it.
fn json_number<T: Into<f64> + std::fmt::Display + Copy>(
    out: &mut impl std::io::Write,
    x: T,
) -> std::io::Result<()> {
    if x.into().is_finite() {
        write!(out, "{x}")
    } else {
        out.write_all(b"null")
    }
}

pub fn main() -> ExitCode {
    crate::pmx::write::fail_writes_past_the_file_size_limit();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // clap uses 0 for --help/--version and 2 for usage errors.
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    if let Some(lang) = cli.lang {
        hone_core::i18n::set_lang(lang);
        crate::app::i18n::LANG_FROM_COMMAND_LINE.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    let result = match cli.command {
        Some(Command::Info(a)) => info::run(a),
        Some(Command::Convert(a)) => convert::run(a),
        Some(Command::Pose(a)) => pose::run(a),
        Some(Command::Simulate(a)) => simulate::run(a),
        Some(Command::Bake(a)) => output::run(a),
        Some(Command::Check(a)) => check::run(a),
        Some(Command::Weights(a)) => weights::run(a),
        Some(Command::Edit(a)) => edit::run(a),
        Some(Command::Extract(a)) => output::run(a),
        Some(Command::Rig(a)) => rig::run(*a),
        Some(Command::Recover(a)) => recover::run(a),
        Some(Command::Export(a)) => output::run(a),
        Some(Command::Merge(a)) => merge::run(*a),
        None => gui::run(cli.gui),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hone: {e}");
            ExitCode::from(1)
        }
    }
}
