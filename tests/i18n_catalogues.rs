//! The message catalogues: both languages hold the same keys, every key is used, every
//! message formats in both languages.

use hone_core::i18n::{keys_in_dir, lookup_in, Catalogue, FluentValue, Lang};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Key prefixes looked up with a computed key (e.g. `check-{code}-meaning`): a key with
/// one of these prefixes counts as used when the prefix appears in the sources.
const DYNAMIC_PREFIXES: &[&str] = &[
    // History labels' field names (core/src/edit/apply.rs `field_label`): the field a
    // caller names, looked up as `edit-field-{field}`.
    "edit-field-",
    // Labels of enum variants by `hone_core::i18n::key_of`: sections (`Section::label`),
    // element kinds' plurals (`ElementKind::plural_label`), the reader's field names,
    // PMX 2.1 features (`V21Feature::what`).
    "err-section-",
    "edit-kinds-",
    "pmx-field-",
    "v21-feature-",
];

/// The keys of the check catalog's texts (`check-{code}-meaning`, `-why`, `-fix`,
/// looked up by `CheckInfo::meaning_in` …): used exactly when the code is in the catalog.
fn catalog_keys() -> BTreeSet<String> {
    hone::check::CATALOG
        .iter()
        .flat_map(|c| ["meaning", "why", "fix"].map(|part| format!("check-{}-{part}", c.code)))
        .collect()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn keys(dir: &Path, lang: Lang) -> BTreeSet<String> {
    let list = keys_in_dir(dir, lang).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(
        set.len(),
        list.len(),
        "{} {lang}: a key is defined twice",
        dir.display()
    );
    set
}

fn catalogues() -> [(PathBuf, &'static Catalogue); 2] {
    [
        (root().join("core/locales"), &hone_core::i18n::CORE),
        (root().join("locales"), &hone::app::i18n::APP),
    ]
}

/// Every `.rs` file's text under `dir`.
fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn both_languages_hold_the_same_keys() {
    for (dir, _) in catalogues() {
        let ja = keys(&dir, Lang::Ja);
        let en = keys(&dir, Lang::En);
        let only_ja: Vec<_> = ja.difference(&en).collect();
        let only_en: Vec<_> = en.difference(&ja).collect();
        assert!(
            only_ja.is_empty() && only_en.is_empty(),
            "{}: only in ja: {only_ja:?}; only in en: {only_en:?}",
            dir.display()
        );
    }
}

/// Each message's variables (`$name`), read from the catalogue files' text: a message
/// formats only when given them.
fn variables(dir: &Path, lang: Lang) -> HashMap<String, Vec<&'static str>> {
    let mut out: HashMap<String, Vec<&'static str>> = HashMap::new();
    let mut current: Option<String> = None;
    for entry in std::fs::read_dir(dir.join(lang.code())).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines() {
            if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
                current = line.split_once('=').map(|(k, _)| k.trim().to_string());
            }
            let Some(key) = &current else { continue };
            for part in line.split('$').skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                let vars = out.entry(key.clone()).or_default();
                if !name.is_empty() && !vars.contains(&name.as_str()) {
                    vars.push(Box::leak(name.into_boxed_str()));
                }
            }
        }
    }
    out
}

#[test]
fn every_message_formats_in_both_languages() {
    for (dir, catalogue) in catalogues() {
        for lang in Lang::ALL {
            let vars = variables(&dir, lang);
            for key in keys(&dir, lang) {
                let args: Vec<(&'static str, FluentValue)> = vars
                    .get(&key)
                    .into_iter()
                    .flatten()
                    .map(|&v| (v, FluentValue::from(2)))
                    .collect();
                let text = lookup_in(catalogue, lang, &key, &args);
                assert_ne!(text, key, "{} {lang}: {key} does not format", dir.display());
            }
        }
    }
}

#[test]
fn every_key_is_used_in_the_sources() {
    let mut text = String::new();
    sources(&root().join("src"), &mut text);
    sources(&root().join("core/src"), &mut text);
    for (dir, _) in catalogues() {
        let unused: Vec<String> = keys(&dir, Lang::En)
            .into_iter()
            .filter(|k| !text.contains(&format!("\"{k}\"")))
            .filter(|k| !catalog_keys().contains(k))
            .filter(|k| {
                !DYNAMIC_PREFIXES
                    .iter()
                    .any(|p| k.starts_with(p) && text.contains(&format!("\"{p}")))
            })
            .collect();
        assert!(
            unused.is_empty(),
            "{}: unused keys {unused:?}",
            dir.display()
        );
    }
}
