//! Every file dialog goes through the picker (src/app/files/picker.rs), which falls
//! back to a picker of its own when the system has no dialog: outside src/app/files,
//! nothing in the app calls rfd.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of `file` naming rfd (`rfd::` or `use rfd`), comments aside.
fn rfd_lines(file: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let code = l.split("//").next().unwrap_or_default();
            code.contains("rfd::") || code.trim_start().starts_with("use rfd")
        })
        .map(|(i, l)| (i + 1, l.trim().to_string()))
        .collect()
}

#[test]
fn rfd_is_called_only_inside_src_app_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let app = root.join("src/app");
    let allowed = app.join("files");
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    assert!(files.len() > 20, "src/app not found: {}", app.display());
    let mut found = Vec::new();
    let mut inside = 0;
    for file in &files {
        let lines = rfd_lines(file);
        if file.starts_with(&allowed) {
            inside += lines.len();
            continue;
        }
        for (n, line) in lines {
            found.push(format!("{}:{n}: {line}", file.display()));
        }
    }
    // The picker itself still uses rfd (else this lint would look at nothing).
    assert!(inside > 0, "no rfd call left in src/app/files");
    assert!(
        found.is_empty(),
        "file dialogs outside the picker (use files::picker::ask or the panel state's `pick`):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_lint_sees_a_direct_call() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.rs");
    std::fs::write(
        &file,
        "// rfd::FileDialog in a comment\nlet p = rfd::FileDialog::new().pick_file();\n",
    )
    .unwrap();
    assert_eq!(rfd_lines(&file).len(), 1);
    assert_eq!(rfd_lines(&file)[0].0, 2);
}
