//! The catalog of checks is complete and docs/checks.md is generated from it.

use hone::check::catalog::{self, Category, CATALOG};
use hone::check::Severity;
use hone_core::i18n::Lang;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_code_is_unique_and_its_prefix_is_its_severity() {
    let mut seen = std::collections::HashSet::new();
    for c in CATALOG {
        assert!(seen.insert(c.code), "{} listed twice", c.code);
        let prefix = match c.severity {
            Severity::Error => "E-",
            Severity::Warning => "W-",
            Severity::Info => "I-",
        };
        assert!(c.code.starts_with(prefix), "{}", c.code);
        assert!(
            c.code[2..]
                .chars()
                .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '-'),
            "{}",
            c.code
        );
        // Each text is in both catalogues (a missing key looks up as the key itself).
        for lang in Lang::ALL {
            for (part, text) in [
                ("meaning", c.meaning_in(lang)),
                ("why", c.why_in(lang)),
                ("fix", c.fix_in(lang)),
            ] {
                let key = format!("check-{}-{part}", c.code);
                assert!(!text.is_empty() && text != key, "{key} ({lang})");
            }
        }
    }
    for cat in Category::ALL {
        assert!(
            CATALOG.iter().any(|c| c.category == cat),
            "{cat:?} has no check"
        );
    }
}

/// Every code in the catalog is emitted by a check, and every code a check
/// emits is in the catalog (`check_support::problems` asserts the latter for
/// every problem the tests see; this reads the sources for the rest).
#[test]
fn the_catalog_and_the_checks_name_the_same_codes() {
    let dir = repo().join("core/src/check");
    let mut sources = String::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        if path.file_name().unwrap() != "catalog.rs" {
            sources.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    for c in CATALOG {
        assert!(
            sources.contains(&format!("\"{}\"", c.code)),
            "{} is never emitted",
            c.code
        );
    }
    let emitted: std::collections::BTreeSet<&str> = sources
        .split('"')
        .filter(|s| {
            s.len() > 4
                && (s.starts_with("E-") || s.starts_with("W-") || s.starts_with("I-"))
                && s[2..]
                    .chars()
                    .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '-')
        })
        .collect();
    for code in emitted {
        assert!(
            catalog::info(code).is_some(),
            "{code} is emitted but not in the catalog"
        );
    }
}

/// The page in each language and the command that writes it.
const PAGES: [(Lang, &str); 2] = [
    (Lang::En, "docs/checks.md"),
    (Lang::Ja, "docs/checks.ja.md"),
];

#[test]
fn docs_checks_md_is_the_catalog() {
    for (lang, page) in PAGES {
        let text = std::fs::read_to_string(repo().join(page)).expect("the page exists");
        assert_eq!(
            text,
            catalog::markdown_in(lang),
            "{page} is stale: run `hone check --list --lang {lang} > {page}`"
        );
        for c in CATALOG {
            assert!(text.contains(&format!("### {}\n", c.code)), "{}", c.code);
            assert!(text.contains(&c.meaning_in(lang)), "{} {lang}", c.code);
        }
    }
    assert_eq!(catalog::markdown(), catalog::markdown_in(Lang::En));
    // The Japanese page is Japanese: its headings and texts, not the English ones.
    let ja = std::fs::read_to_string(repo().join(PAGES[1].1)).unwrap();
    assert!(ja.starts_with("# リグのチェック\n"), "{}", &ja[..40]);
    assert!(ja.contains("\n## 物理\n") && ja.contains("直し方："));
    assert!(!ja.contains("Why it matters in MMD"));
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    assert!(readme.contains("(docs/checks.md)"), "README links the page");
}

#[test]
fn hone_check_list_prints_the_page() {
    for (lang, _) in PAGES {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hone"))
            .args(["check", "--list", "--lang", lang.code()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            catalog::markdown_in(lang)
        );
    }
    // Without --lang the locale decides.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(["check", "--list"])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "ja_JP.UTF-8")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        catalog::markdown_in(Lang::Ja)
    );
}
