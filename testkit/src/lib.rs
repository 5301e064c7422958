//! Helpers for Hone's tests and benches; a dev-dependency only, never part of the public API.

use std::path::{Path, PathBuf};

/// Where the shared test models are: `HONE_SHARED_MODELS`, else `../shared/models` beside the
/// checkout. `None` when neither holds the models' README.
pub fn shared_models_dir() -> Option<PathBuf> {
    let beside_checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/models");
    [
        std::env::var_os("HONE_SHARED_MODELS").map(PathBuf::from),
        Some(beside_checkout),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.join("README.md").is_file())
}
