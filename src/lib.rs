//! Hone: an editor and debugger for MikuMikuDance PMX rigs.
//!
//! Flow: `pmx` (plain-data model) → `edit` (undoable commands) →
//! `deform` / `physics` / `sim` (runtime pipeline, state kept beside the model) → `app` (view).

pub mod app;
pub mod check;
pub mod cli;
pub mod deform;
pub mod edit;
pub mod motion;
pub mod physics;
pub mod pmx;
pub mod sim;

/// Where the shared test models are (`../shared/models` beside the project), if present.
/// `HONE_SHARED_MODELS` overrides; worktrees elsewhere fall back to `/work/shared/models`.
pub fn shared_models_dir() -> Option<std::path::PathBuf> {
    let candidates = [
        std::env::var_os("HONE_SHARED_MODELS").map(std::path::PathBuf::from),
        Some(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/models")),
        Some(std::path::PathBuf::from("/work/shared/models")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.join("README.md").is_file())
}
