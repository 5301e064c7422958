//! `hone info FILE [--json]`: what a PMX/PMD file holds.

use super::CliResult;
use crate::pmx::summary::ModelSummary;
use std::path::Path;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct InfoArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: InfoArgs) -> CliResult {
    let summary = summarize(&args.file)?;
    let text = if args.json {
        serde_json::to_string_pretty(&summary)? + "\n"
    } else {
        summary.to_text()
    };
    print_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Loads the file and summarises it (PMX or PMD, told apart by magic bytes).
pub fn summarize(path: &Path) -> Result<ModelSummary, String> {
    let (loaded, format) = load_any(path)?;
    let mut summary = ModelSummary::new(&loaded.model, &loaded.warnings, format);
    summary.notes.extend(physics_notes(&loaded.model));
    Ok(summary)
}

/// What the physics approximates, clamps or leaves out, one line per kind of note with
/// how many elements it concerns and the first few of them (rigid-body clamps, joint
/// approximations, soft-body parameters that are not simulated). Kept here so `pmx` does
/// not depend on `physics`.
pub fn physics_notes(model: &crate::pmx::Model) -> Vec<String> {
    use crate::physics::{grouped_notes, soft::SoftWorld, PhysicsConfig, PhysicsWorld};
    if model.rigid_bodies.is_empty() && model.joints.is_empty() && model.soft_bodies.is_empty() {
        return Vec::new();
    }
    let physics = PhysicsWorld::new(model, PhysicsConfig::default());
    let soft = SoftWorld::new(model, &physics);
    let notes: Vec<_> = physics
        .notes()
        .iter()
        .chain(soft.notes())
        .cloned()
        .collect();
    grouped_notes(model, &notes)
}

/// Loads PMX or PMD; errors carry the file name. Returns the source format too.
pub fn load_any(path: &Path) -> Result<(crate::pmx::Loaded, &'static str), String> {
    let bytes = std::fs::read(path).map_err(|e| crate::pmx::Error::io(path, e).to_string())?;
    let loaded = crate::pmx::load_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let format = if bytes.starts_with(b"Pmd") {
        "PMD"
    } else {
        "PMX"
    };
    Ok((loaded, format))
}

/// Prints without panicking; a closed pipe (`hone info x | head`) is not an error.
pub fn print_stdout(text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}
