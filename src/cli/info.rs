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

/// What the physics approximates or leaves out, one line per element and
/// note: rigid-body clamps, joint approximations ("approximated: …") and
/// soft-body parameters that are not simulated. Kept here so `pmx` does not
/// depend on `physics`.
pub fn physics_notes(model: &crate::pmx::Model) -> Vec<String> {
    use crate::physics::{soft::SoftWorld, NoteTarget, PhysicsConfig, PhysicsWorld};
    if model.rigid_bodies.is_empty() && model.joints.is_empty() && model.soft_bodies.is_empty() {
        return Vec::new();
    }
    let physics = PhysicsWorld::new(model, PhysicsConfig::default());
    let soft = SoftWorld::new(model, &physics);
    physics
        .notes()
        .iter()
        .chain(soft.notes())
        .map(|n| match n.target {
            NoteTarget::RigidBody(i) => {
                let name = model.rigid_bodies.get(i).map_or("", |r| r.name.as_str());
                format!("rigid body {i} {name:?}: {}", n.text)
            }
            NoteTarget::Joint(i) => {
                let name = model.joints.get(i).map_or("", |j| j.name.as_str());
                format!("joint {i} {name:?}: {}", note_label(&n.text))
            }
            NoteTarget::SoftBody(i) => {
                let name = model.soft_bodies.get(i).map_or("", |s| s.name.as_str());
                format!("soft body {i} {name:?}: {}", note_label(&n.text))
            }
        })
        .collect()
}

/// "not simulated: …" for notes about something left out, otherwise
/// "approximated: …" (clamps and replacements keep their own wording).
pub fn note_label(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.contains("not simulated")
        || lower.contains("not used")
        || lower.contains("not applied")
    {
        let what = [": not simulated", " are not simulated", " is not simulated"]
            .iter()
            .find_map(|suffix| text.strip_suffix(suffix))
            .unwrap_or(text);
        format!("not simulated: {what}")
    } else if lower.contains("clamped") || lower.contains("replaced") || lower.contains("ignored") {
        text.to_string()
    } else {
        format!("approximated: {text}")
    }
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
