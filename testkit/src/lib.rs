//! Helpers for Hone's tests and benches; a dev-dependency only, never part of the public API.
//!
//! A test that cannot run here (no shared models, no `xvfb-run`) calls [`skip`] — directly or
//! through [`shared_models`], [`shared_model`] or [`xvfb_run`] — and returns. [`skip`] prints one
//! `SKIP` line that `cargo test` shows even for passing tests, and appends it to the skip log
//! ([`skip_log_path`]), the one place that counts them: CI (`.ci/run`) fails when it is not empty.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Where the shared test models are: the folder `HONE_SHARED_MODELS` names when it is set (and
/// only that one, so setting it to a missing folder runs the suite as a machine without the
/// models would), else `../shared/models` beside the checkout. `None` when the folder does not
/// hold the models' README. Tests use [`shared_models`] instead, which records the skip.
pub fn shared_models_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("HONE_SHARED_MODELS") {
        Some(named) => PathBuf::from(named),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/models"),
    };
    dir.join("README.md").is_file().then_some(dir)
}

/// The shared models folder, or `None` after recording a skip.
pub fn shared_models() -> Option<PathBuf> {
    let dir = shared_models_dir();
    if dir.is_none() {
        skip(
            "shared models not found (../shared/models beside the checkout, or HONE_SHARED_MODELS)",
        );
    }
    dir
}

/// One shared model by its path inside the shared folder (e.g. `gene/Gene.pmx`), or `None` after
/// recording a skip when the folder is absent. A file missing from a present folder is a broken
/// set-up, not a skip: it panics.
pub fn shared_model(relative: &str) -> Option<PathBuf> {
    let path = shared_models()?.join(relative);
    assert!(
        path.is_file(),
        "{} is missing from the shared models",
        path.display()
    );
    Some(path)
}

/// Every shared model file whose extension is one of `extensions` (case-insensitive), sorted;
/// empty after recording a skip when the folder is absent. A present folder with none of them
/// panics.
pub fn shared_model_files(extensions: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.map(|e| e.expect("a readable folder entry").path()) {
            if path.is_dir() {
                walk(&path, extensions, out);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
            {
                out.push(path);
            }
        }
    }
    let Some(dir) = shared_models() else {
        return Vec::new();
    };
    let mut files = Vec::new();
    walk(&dir, extensions, &mut files);
    files.sort();
    assert!(
        !files.is_empty(),
        "no {extensions:?} files under {}",
        dir.display()
    );
    files
}

/// Whether `xvfb-run` is installed; records a skip when it is not.
pub fn xvfb_run() -> bool {
    let found = std::process::Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        skip("xvfb-run is not installed (sh scripts/setup-debian.sh installs it)");
    }
    found
}

/// Records that the calling test skipped and why: prints `SKIP <test binary> <test>: <reason>`
/// to the real stderr (past the test harness's capture, so it shows for passing tests) and
/// appends the same line to the skip log. The caller then returns. A test that skips through
/// several helpers is recorded once, with the first reason.
pub fn skip(reason: impl std::fmt::Display) {
    thread_local! {
        static RECORDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if RECORDED.with(|r| r.replace(true)) {
        return;
    }
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    // The harness names each test's thread after the test.
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("?");
    let line = format!("SKIP {binary} {test}: {reason}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
    let log = skip_log_path();
    if let Some(dir) = log.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    // One append of one short line: concurrent tests do not interleave within it.
    let appended = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log)
        .and_then(|mut f| f.write_all(line.as_bytes()));
    if let Err(e) = appended {
        let _ = writeln!(
            std::io::stderr(),
            "cannot record the skip in {}: {e}",
            log.display()
        );
    }
}

/// The skip log: `HONE_SKIP_LOG`, else `target/test-skips.log` in the workspace. It only grows;
/// whoever counts (CI) empties it first.
pub fn skip_log_path() -> PathBuf {
    std::env::var_os("HONE_SKIP_LOG")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/test-skips.log"))
}
