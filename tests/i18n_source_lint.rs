//! The source lint: a string literal a user would read must come from the catalogue.
//!
//! Scans every `.rs` file under `src/app` for string literals given to egui's
//! text-taking calls (`ui.label("…")`, `button`, `heading`, `menu_button`,
//! `on_hover_text`, `checkbox`, `radio_value`, `selectable_label`, `Window::new`, `small`,
//! `strong`, a painter's `text`, `state.log`, a file dialog's `add_filter` …), and for
//! `format!` strings given to them. A literal passes when what it says, with the
//! `{…}` placeholders taken out, holds only allowed words (names, units, format terms:
//! [`ALLOWED_WORDS`]) and symbols. Code under `#[cfg(test)]` is not scanned.
//!
//! What it cannot see: a literal that reaches a widget through a variable or a function's
//! return value (`fn title() -> &str { "…" }`); keep those as catalogue keys instead.
//!
//! Files other helpers are still converting are listed in [`PENDING`]: their findings are
//! reported, not failed. Empty the list as their conversions land.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Paths (relative to the crate root) not converted yet: reported, not failed.
/// The lead empties this when the panels, generators and operations conversions land
/// (helpers `i18n-panels` and `ops` convert them in parallel).
const PENDING: &[&str] = &[];

/// Calls whose string arguments a user reads.
const TEXT_CALLS: &[&str] = &[
    "label",
    "button",
    "small_button",
    "heading",
    "menu_button",
    "on_hover_text",
    "on_disabled_hover_text",
    "on_hover_text_at_pointer",
    "checkbox",
    "radio",
    "radio_value",
    "selectable_label",
    "selectable_value",
    "collapsing",
    "toggle_value",
    "small",
    "strong",
    "weak",
    "monospace",
    "code",
    "colored_label",
    "hyperlink_to",
    "text",
    "selected_text",
    "from_label",
    "hint_text",
    "add_filter",
    "log",
    "outlined_text",
    "prefix",
    "suffix",
];

/// `Type::new("…")` of these types takes the text a user reads.
const TEXT_TYPES: &[&str] = &[
    "Button",
    "Label",
    "RichText",
    "Window",
    "Checkbox",
    "SelectableLabel",
    "CollapsingHeader",
    "Hyperlink",
    "WidgetText",
];

/// Words a literal may hold: names, units, file formats, keys, axes.
const ALLOWED_WORDS: &[&str] = &[
    "Hone",
    "PMX",
    "PMD",
    "VMD",
    "VPD",
    "IK",
    "SDEF",
    "QDEF",
    "BDEF1",
    "BDEF2",
    "BDEF4",
    "UV",
    "UTF",
    "X",
    "Y",
    "Z",
    "R",
    "G",
    "B",
    "P",
    "OK",
    "Ctrl",
    "Shift",
    "Alt",
    "Home",
    "px",
    "ms",
    // File-format and axis names, the collision-group prefix "g3", and the spec's own
    // term IKリンク, which labels the link pickers in both languages (tests find them by it).
    "CSV",
    "x",
    "y",
    "z",
    "g",
    "IKリンク",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A literal a user would read, not from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Finding {
    line: usize,
    call: String,
    text: String,
}

/// An open bracket while scanning: what it is, the call it belongs to, how many
/// arguments came before the current one, and whether it opens test-only code or an
/// attribute (neither is scanned).
struct Open {
    bracket: char,
    call: Option<String>,
    args_before: usize,
    test_only: bool,
}

const TEST_ATTRIBUTE: &str = "#[cfg(test)]";

fn starts_with(chars: &[char], at: usize, s: &str) -> bool {
    s.chars()
        .enumerate()
        .all(|(k, c)| chars.get(at + k) == Some(&c))
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The call just before an opening parenthesis at `at`: `label`, `format!`,
/// `Button::new` (types are kept for `new`), or None.
fn call_before(chars: &[char], at: usize) -> Option<String> {
    let mut i = at;
    while i > 0 && chars[i - 1].is_whitespace() {
        i -= 1;
    }
    let bang = i > 0 && chars[i - 1] == '!';
    if bang {
        i -= 1;
    }
    // Generic arguments (`collect::<Vec<_>>(`) and turbofish are not text calls.
    let end = i;
    while i > 0 && is_ident(chars[i - 1]) {
        i -= 1;
    }
    if i == end {
        return None;
    }
    let name: String = chars[i..end].iter().collect();
    if name == "new" && i >= 2 && chars[i - 1] == ':' && chars[i - 2] == ':' {
        let type_end = i - 2;
        let mut j = type_end;
        while j > 0 && is_ident(chars[j - 1]) {
            j -= 1;
        }
        let ty: String = chars[j..type_end].iter().collect();
        return Some(format!("{ty}::new"));
    }
    Some(if bang { format!("{name}!") } else { name })
}

fn is_text_call(call: &str) -> bool {
    match call.strip_suffix("::new") {
        Some(ty) => TEXT_TYPES.contains(&ty),
        None => TEXT_CALLS.contains(&call),
    }
}

/// The words a user would read in `text` (placeholders `{…}` taken out) that are not
/// allowed: runs of letters and digits holding a letter (any script).
fn unexplained_words(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.chars().any(char::is_alphabetic))
        .filter(|w| !ALLOWED_WORDS.contains(w))
        .map(str::to_string)
        .collect()
}

/// Reads the string literal starting at `i` (`"`, `r"`, `r#"`; the prefix already
/// consumed up to `i`, which is at the `"`); returns its text and the index after it.
fn read_string(chars: &[char], mut i: usize, hashes: usize, raw: bool) -> (String, usize) {
    let mut text = String::new();
    i += 1;
    while i < chars.len() {
        let c = chars[i];
        if !raw && c == '\\' {
            // A line continuation swallows the newline and the next line's indent.
            if chars.get(i + 1) == Some(&'\n') {
                i += 2;
                while i < chars.len() && chars[i].is_whitespace() {
                    i += 1;
                }
                continue;
            }
            if let Some(&e) = chars.get(i + 1) {
                text.push(match e {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                });
            }
            i += 2;
            continue;
        }
        if c == '"'
            && chars[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes
        {
            return (text, i + 1 + hashes);
        }
        text.push(c);
        i += 1;
    }
    (text, i)
}

/// Every literal in `source` given to a text-taking call (directly, or as a `format!`
/// string given to one) whose words are not all allowed.
fn lint_source(source: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    scan_literals(source, |stack, line, text| {
        if let Some(call) = shown_by(stack) {
            if !unexplained_words(text).is_empty() {
                findings.push(Finding {
                    line,
                    call,
                    text: text.to_string(),
                });
            }
        }
    });
    findings
}

/// Calls `visit` with every string literal of `source` outside test-only code and
/// attributes (`#[arg(help = "…")]`), with the brackets open around it and its line.
fn scan_literals(source: &str, mut visit: impl FnMut(&[Open], usize, &str)) {
    let chars: Vec<char> = source.chars().collect();
    let mut stack: Vec<Open> = Vec::new();
    let mut line = 1;
    let mut next_block_is_test = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        if chars[i] == '\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                }
            }
            '#' if starts_with(&chars, i, TEST_ATTRIBUTE) => {
                next_block_is_test = true;
                i += TEST_ATTRIBUTE.len();
            }
            '\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a).
                if next == Some('\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            '(' | '[' | '{' => {
                let call = (c == '(').then(|| call_before(&chars, i)).flatten();
                let attribute = c == '[' && i > 0 && matches!(chars[i - 1], '#' | '!');
                let test_only = attribute || c == '{' && std::mem::take(&mut next_block_is_test);
                stack.push(Open {
                    bracket: c,
                    call,
                    args_before: 0,
                    test_only,
                });
                i += 1;
            }
            ')' | ']' | '}' => {
                stack.pop();
                i += 1;
            }
            ';' if stack.is_empty() => {
                // `#[cfg(test)] use …;` ends without a block.
                next_block_is_test = false;
                i += 1;
            }
            ',' => {
                if let Some(top) = stack.last_mut() {
                    top.args_before += 1;
                }
                i += 1;
            }
            '"' | 'r' | 'b' => {
                // Where a literal starts: `"`, `r"`, `r#"`, `b"`, `br"` (not inside a word).
                let starts_word = i == 0 || !is_ident(chars[i - 1]);
                let mut j = i;
                let mut byte = false;
                if c == 'b' && starts_word {
                    byte = true;
                    j += 1;
                }
                let raw = starts_word && chars.get(j) == Some(&'r');
                if raw {
                    j += 1;
                }
                let mut hashes = 0;
                while raw && chars.get(j + hashes) == Some(&'#') {
                    hashes += 1;
                }
                let is_literal = chars.get(j + hashes) == Some(&'"') && (c == '"' || starts_word);
                if !is_literal {
                    i += 1;
                    continue;
                }
                let start_line = line;
                let (text, end) = read_string(&chars, j + hashes, hashes, raw);
                line += chars[i..end].iter().filter(|&&c| c == '\n').count();
                i = end;
                if byte || stack.iter().any(|o| o.test_only) {
                    continue;
                }
                visit(&stack, start_line, &text);
            }
            _ => i += 1,
        }
    }
}

/// The text-taking call a literal at the top of `stack` is shown by: its own call, or
/// (for the format string of a `format!`) the call the `format!` is given to.
fn shown_by(stack: &[Open]) -> Option<String> {
    let top = stack.last()?;
    if top.bracket != '(' {
        return None;
    }
    let call = top.call.as_deref()?;
    if call == "format!" {
        if top.args_before != 0 {
            return None;
        }
        let outer = stack.get(stack.len().checked_sub(2)?)?;
        let outer_call = outer.call.as_deref().filter(|_| outer.bracket == '(')?;
        return is_text_call(outer_call).then(|| format!("{outer_call}(format!)"));
    }
    is_text_call(call).then(|| call.to_string())
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Findings per file (paths relative to `crate_root`, with `/`) under `crate_root/src/app`.
fn lint_tree(crate_root: &Path) -> BTreeMap<String, Vec<Finding>> {
    let mut files = Vec::new();
    rust_files(&crate_root.join("src/app"), &mut files);
    let mut out = BTreeMap::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let found = lint_source(&text);
        if !found.is_empty() {
            let rel = path.strip_prefix(crate_root).unwrap();
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.insert(rel, found);
        }
    }
    out
}

/// The lint's verdict on `crate_root`: Err with a per-file report when a file outside
/// `pending` shows a literal; the pending files' findings are in the Ok report.
fn verdict(crate_root: &Path, pending: &[&str]) -> Result<String, String> {
    let mut failing = String::new();
    let mut waiting = String::new();
    for (file, found) in lint_tree(crate_root) {
        let out = if pending.contains(&file.as_str()) {
            &mut waiting
        } else {
            &mut failing
        };
        out.push_str(&format!("{file}: {} literal(s)\n", found.len()));
        for f in found {
            out.push_str(&format!("  {}:{} {}({:?})\n", file, f.line, f.call, f.text));
        }
    }
    if failing.is_empty() {
        Ok(waiting)
    } else {
        Err(failing)
    }
}

#[test]
fn no_user_visible_literal_bypasses_the_catalogue() {
    for p in PENDING {
        assert!(root().join(p).exists(), "PENDING lists {p}, which is gone");
    }
    match verdict(&root(), PENDING) {
        Ok(waiting) => {
            if !waiting.is_empty() {
                println!("not converted yet (PENDING):\n{waiting}");
            }
        }
        Err(report) => panic!(
            "user-visible string literals outside the catalogue (use crate::tr! with keys \
             in locales/{{en,ja}}/*.ftl):\n{report}"
        ),
    }
}

#[test]
fn the_lint_finds_literals_in_text_calls_and_format_strings() {
    let source = r##"
        fn show(ui: &mut egui::Ui, n: usize) {
            ui.label("Hello there");
            ui.label(format!("{n} bones selected"));
            if ui.button(r#"Save "all""#).clicked() {}
            egui::Window::new("Settings").show(ctx, |ui| {});
            ui.checkbox(&mut on, "mirror")
                .on_hover_text("Paint both \
                    sides");
            state.log(LogLevel::Info, "saved");
            painter.text(pos, align, "モーフ", font, color);
        }
    "##;
    let found = lint_source(source);
    let texts: Vec<(&str, &str)> = found
        .iter()
        .map(|f| (f.call.as_str(), f.text.as_str()))
        .collect();
    assert_eq!(
        texts,
        [
            ("label", "Hello there"),
            ("label(format!)", "{n} bones selected"),
            ("button", r#"Save "all""#),
            ("Window::new", "Settings"),
            ("checkbox", "mirror"),
            ("on_hover_text", "Paint both sides"),
            ("log", "saved"),
            ("text", "モーフ"),
        ]
    );
    assert_eq!(found[0].line, 3);
    assert_eq!(found[5].line, 8);
}

#[test]
fn the_lint_lets_catalogue_lookups_names_units_and_format_strings_pass() {
    let source = r###"
        fn show(ui: &mut egui::Ui, n: usize, name: &str) {
            ui.label(crate::tr!("status-model", name = name));
            ui.label(format!("#{n} {name}"));
            ui.label(format!("{:>7.2} ms", 1.0));
            ui.toggle_value(&mut ik, "IK");
            ui.radio_value(&mut v, Some(1), "PMX 2.1");
            ui.label("°");
            egui::Id::new("error_message");
            egui::ComboBox::from_id_salt("paint_mode");
            rfd::FileDialog::new().add_filter(crate::tr!("filter-vpd-pose"), &["vpd", "VPD"]);
            let c = '"';
            let s = "not shown";
            // ui.label("in a comment");
            /* ui.label("in a block comment"); */
            ui.label(format!("{}", "x"));
        }
        #[cfg(test)]
        mod tests {
            fn t(ui: &mut egui::Ui) {
                ui.label("test-only text");
            }
        }
    "###;
    assert_eq!(lint_source(source), []);
}

/// A copy of `src/app` in a temporary crate root, with `edit` applied to one file.
fn copy_with_edit(file: &str, edit: impl Fn(&str) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    rust_files(&root().join("src/app"), &mut files);
    for path in files {
        let rel = path.strip_prefix(root()).unwrap();
        let to = dir.path().join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        let mut text = std::fs::read_to_string(&path).unwrap();
        if rel.to_string_lossy().replace('\\', "/") == file {
            text = edit(&text);
        }
        std::fs::write(&to, text).unwrap();
    }
    dir
}

#[test]
fn a_new_literal_in_a_converted_file_fails_the_lint_and_names_the_file() {
    // The fixture: the real sources, with one English label added to the menus.
    let fixture = copy_with_edit("src/app/menus.rs", |text| {
        format!(
            "{text}\nfn fixture(ui: &mut egui::Ui) {{\n    ui.label(\"Brand new words\");\n}}\n"
        )
    });
    let report = verdict(fixture.path(), PENDING).expect_err("the new label fails the lint");
    assert!(
        report.contains("src/app/menus.rs") && report.contains("Brand new words"),
        "{report}"
    );
    // The same literal in a file listed as pending is reported, not failed.
    let mut pending = PENDING.to_vec();
    pending.push("src/app/menus.rs");
    let waiting = verdict(fixture.path(), &pending).expect("pending files do not fail");
    assert!(waiting.contains("Brand new words"), "{waiting}");
}

// ---------------------------------------------------------------------------------------
// Messages in the core and the CLI.
//
// Errors, warnings, notes and printed lines there reach users as text (the app shows them
// in dialogs, the Log and the Problems panel; the CLI prints them). A string literal that
// reads as English prose — two or more words of letters outside [`ALLOWED_WORDS`], with
// the `{…}` placeholders taken out — given to a call that makes a message
// ([`MESSAGE_CALLS`], or as the format string of a `format!` anywhere) fails unless it
// sits inside a call whose text no user reads ([`SILENT_CALLS`]: panics, assertions,
// catalogue lookups, JSON) or in a file listed in [`MESSAGE_EXEMPT`] (help texts, data).
// `--help` text (clap attributes) may stay English: attributes are not scanned.

/// Calls whose string arguments become a message.
const MESSAGE_CALLS: &[&str] = &[
    "format!",
    "println!",
    "eprintln!",
    "print!",
    "eprint!",
    "writeln!",
    "write!",
    "Err",
    "Invalid",
    "OpError",
    "Write",
    "Unsupported",
    "Needs21",
    "fail",
    "warn",
    "warn_at",
    "error",
    "push",
    "write_str",
];

/// Calls whose text no user reads as a message: literals inside them pass.
const SILENT_CALLS: &[&str] = &[
    "expect",
    "panic!",
    "assert!",
    "assert_eq!",
    "assert_ne!",
    "debug_assert!",
    "debug_assert_eq!",
    "debug_assert_ne!",
    "unreachable!",
    "todo!",
    "unimplemented!",
    "tr!",
    "lookup",
    "lookup_in",
    "json!",
];

/// Files whose prose literals are not messages, and why.
const MESSAGE_EXEMPT: &[(&str, &str)] = &[
    // The script reference (`hone edit --ops`): help text, like `--help`.
    (
        "core/src/ops/script/basic.rs",
        "script op usage (help text)",
    ),
    (
        "core/src/rig/translate/dictionary.rs",
        "the name dictionary's data",
    ),
    (
        "core/src/pmx/builder/sample/mod.rs",
        "the sample model's data",
    ),
    (
        "core/src/pmx/builder/sample/meshes.rs",
        "the sample model's data",
    ),
    (
        "core/src/pmx/builder/sample/morphs.rs",
        "the sample model's data",
    ),
    (
        "core/src/pmx/builder/sample/physics.rs",
        "the sample model's data",
    ),
    (
        "core/src/pmx/builder/sample/skeleton.rs",
        "the sample model's data",
    ),
];

/// Files not converted yet: reported, not failed (empty it as they are converted).
const MESSAGE_PENDING: &[&str] = &[];

/// Whether `text` reads as English prose: two or more words of two or more ASCII
/// letters that are not allowed names or terms (the program's name `hone` is one).
fn is_prose(text: &str) -> bool {
    unexplained_words(text)
        .iter()
        .filter(|w| w.as_str() != "hone")
        .filter(|w| w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .count()
        >= 2
        && text.contains(' ')
}

/// A literal whose first line carries this comment is text of a file format or model
/// data, not a message (`// not a message: VPD file text`).
const NOT_A_MESSAGE: &str = "// not a message:";

/// Every prose literal of `source` that becomes a message.
fn lint_messages(source: &str) -> Vec<Finding> {
    let lines: Vec<&str> = source.lines().collect();
    let mut findings = Vec::new();
    scan_literals(source, |stack, line, text| {
        let calls = || stack.iter().filter_map(|o| o.call.as_deref());
        if calls().any(|c| SILENT_CALLS.contains(&c)) || !is_prose(text) {
            return;
        }
        if lines
            .get(line - 1)
            .is_some_and(|l| l.contains(NOT_A_MESSAGE))
        {
            return;
        }
        let Some(top) = stack.last() else { return };
        let call = top.call.as_deref().unwrap_or("");
        let message = MESSAGE_CALLS.contains(&call) && (call != "format!" || top.args_before == 0);
        if message {
            findings.push(Finding {
                line,
                call: call.to_string(),
                text: text.to_string(),
            });
        }
    });
    findings
}

/// Message findings per file under `crate_root`'s core/src and src/cli.
fn lint_message_tree(crate_root: &Path) -> BTreeMap<String, Vec<Finding>> {
    let mut files = Vec::new();
    rust_files(&crate_root.join("core/src"), &mut files);
    rust_files(&crate_root.join("src/cli"), &mut files);
    let mut out = BTreeMap::new();
    for path in files {
        let rel = path.strip_prefix(crate_root).unwrap();
        let rel = rel.to_string_lossy().replace('\\', "/");
        // Unit-test files: what they print is for developers.
        if rel.ends_with("/tests.rs") || rel.contains("/tests/") {
            continue;
        }
        if MESSAGE_EXEMPT.iter().any(|(f, _)| *f == rel) {
            continue;
        }
        let found = lint_messages(&std::fs::read_to_string(&path).unwrap());
        if !found.is_empty() {
            out.insert(rel, found);
        }
    }
    out
}

fn message_report(found: &BTreeMap<String, Vec<Finding>>, files: &[&String]) -> String {
    let mut out = String::new();
    for file in files {
        let list = &found[*file];
        out.push_str(&format!("{file}: {} literal(s)\n", list.len()));
        for f in list {
            out.push_str(&format!("  {file}:{} {}({:?})\n", f.line, f.call, f.text));
        }
    }
    out
}

#[test]
fn no_core_or_cli_message_bypasses_the_catalogue() {
    for p in MESSAGE_PENDING {
        assert!(
            root().join(p).exists(),
            "MESSAGE_PENDING lists {p}, which is gone"
        );
    }
    for (p, _) in MESSAGE_EXEMPT {
        assert!(
            root().join(p).exists(),
            "MESSAGE_EXEMPT lists {p}, which is gone"
        );
    }
    let found = lint_message_tree(&root());
    let (waiting, failing): (Vec<&String>, Vec<&String>) = found
        .keys()
        .partition(|f| MESSAGE_PENDING.contains(&f.as_str()));
    if !waiting.is_empty() {
        println!(
            "not converted yet (MESSAGE_PENDING):\n{}",
            message_report(&found, &waiting)
        );
    }
    assert!(
        failing.is_empty(),
        "English messages outside the catalogue (use hone_core::tr! with keys in \
         core/locales/{{en,ja}}/*.ftl, or crate::tr! in src/cli):\n{}",
        message_report(&found, &failing)
    );
}

#[test]
fn the_message_lint_finds_prose_in_errors_and_lets_the_rest_pass() {
    let source = r##"
        fn load(n: usize, name: &str) -> Result<(), String> {
            if n == 0 {
                return Err(format!("bone {n} does not exist"));
            }
            notes.push("ring: fewer than two chains".into());
            println!("{name}: {n} vertices left");
            Err(RigError::Invalid("no bones given".into()))
        }
        fn fine(n: usize) {
            let _ = crate::tr!("rig-err-no-bones");
            let _ = format!("{n} ms");
            let _ = format!("#{n} {}", "PMX 2.1");
            x.expect("the model has bones");
            assert!(n > 0, "there is a bone");
            let key = "face_index_count";
            let _ = json!({"op": "add", "kind": "rigid body"});
            let s = "a literal in no call at all";
            eprintln!("hone pose: {w}");
            t.push_str(&format!("  {};\t// trans x,y,z\r\n", x)); // not a message: file text
        }
        #[derive(clap::Args)]
        struct A {
            #[arg(long, help = "Print what would change")]
            dry_run: bool,
        }
        #[cfg(test)]
        mod tests {
            fn t() { Err(format!("test-only words here")) }
        }
    "##;
    let texts: Vec<(String, String)> = lint_messages(source)
        .into_iter()
        .map(|f| (f.call, f.text))
        .collect();
    let expected: Vec<(String, String)> = [
        ("format!", "bone {n} does not exist"),
        ("push", "ring: fewer than two chains"),
        ("println!", "{name}: {n} vertices left"),
        ("Invalid", "no bones given"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(texts, expected);
}

#[test]
fn an_english_error_added_to_the_core_fails_the_message_lint() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["core/src", "src/cli"] {
        let mut files = Vec::new();
        rust_files(&root().join(sub), &mut files);
        for path in files {
            let rel = path.strip_prefix(root()).unwrap();
            let to = dir.path().join(rel);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            let mut text = std::fs::read_to_string(&path).unwrap();
            if rel.to_string_lossy().replace('\\', "/") == "core/src/rig/chain.rs" {
                text.push_str(
                    "\nfn fixture() -> Result<(), RigError> {\n    \
                     Err(RigError::Invalid(\"brand new English words\".into()))\n}\n",
                );
            }
            std::fs::write(&to, text).unwrap();
        }
    }
    let found = lint_message_tree(dir.path());
    let chain = found
        .get("core/src/rig/chain.rs")
        .expect("the new error is found");
    assert!(
        chain.iter().any(|f| f.text == "brand new English words"),
        "{chain:?}"
    );
}
