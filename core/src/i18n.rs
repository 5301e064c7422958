//! Message catalogues: every string a user sees, in Japanese and English.
//!
//! The catalogues are Fluent files (`.ftl`), embedded at build time by `fluent-templates`:
//! the core's in `core/locales/{en,ja}/`, the app's in `locales/{en,ja}/` (its own loader,
//! [`Catalogue`] built with [`fluent_templates::static_loader`]). Fluent was chosen over
//! rust-i18n because its selectors give English its plurals ("1 body" / "2 bodies") without
//! code, the language is a per-lookup argument (switching live is one store, no restart),
//! and a catalogue is plain text a translator can read; both are well kept.
//!
//! The language is process-wide ([`set_lang`], [`lang`]); it starts from the locale
//! ([`Lang::from_env`]) and the app or `--lang` overrides it.
//!
//! Look up with [`crate::tr!`] (core keys) or the app's own `tr!` (app keys):
//! `tr!("check-title")`, `tr!("bodies-added", count = n, name = bone)`. Arguments are
//! numbers or strings; Fluent's `{ $name }` places them.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

pub use fluent_templates::fluent_bundle::FluentValue;
pub use fluent_templates::{LanguageIdentifier, Loader, StaticLoader};

/// A language Hone's catalogues hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Ja,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Ja, Lang::En];

    /// The code used by `--lang` and the catalogue folders' language part.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }

    /// The language's own name (what a language menu shows, in either language).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::Ja => "日本語",
            Lang::En => "English",
        }
    }

    /// `ja`, `ja-JP`, `ja_JP.UTF-8`, `en`, `en_US` …; anything else is `None`.
    pub fn parse(s: &str) -> Option<Lang> {
        let s = s.trim().to_ascii_lowercase();
        let base = s.split(['_', '-', '.', '@']).next().unwrap_or("");
        match base {
            "ja" | "jp" => Some(Lang::Ja),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language of the locale, as POSIX orders the variables: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG` (the first one set and not empty decides). Japanese
    /// for a `ja…` locale, English for every other (and for `C`/`POSIX`).
    pub fn from_env() -> Lang {
        Self::from_vars(|k| std::env::var(k).ok())
    }

    /// [`from_env`](Self::from_env) with the variables read through `var` (tests).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Some(v) = var(key).filter(|v| !v.is_empty()) {
                return Lang::parse(&v).unwrap_or(Lang::En);
            }
        }
        Lang::En
    }

    fn id(self) -> &'static LanguageIdentifier {
        static JA: std::sync::OnceLock<LanguageIdentifier> = std::sync::OnceLock::new();
        static EN: std::sync::OnceLock<LanguageIdentifier> = std::sync::OnceLock::new();
        match self {
            Lang::Ja => JA.get_or_init(|| "ja".parse().expect("valid language id")),
            Lang::En => EN.get_or_init(|| "en".parse().expect("valid language id")),
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::parse(s).ok_or_else(|| crate::tr!("lang-err-unknown", value = s))
    }
}

/// 0 = not chosen yet (the locale decides on first use), else 1 + index in [`Lang::ALL`].
static CURRENT: AtomicU8 = AtomicU8::new(0);

/// The language every lookup uses.
pub fn lang() -> Lang {
    match CURRENT.load(Ordering::Relaxed) {
        0 => {
            let l = Lang::from_env();
            set_lang(l);
            l
        }
        n => Lang::ALL[(n - 1) as usize],
    }
}

/// Switches every later lookup to `lang` (the app's View ▸ Language, `--lang`).
pub fn set_lang(lang: Lang) {
    let i = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    CURRENT.store(i as u8 + 1, Ordering::Relaxed);
}

/// A catalogue: one Fluent loader (the core's or the app's).
pub type Catalogue = StaticLoader;

/// The message `key` of `catalogue` in the current language, with `args` placed.
/// A key the catalogue lacks gives the key itself (the catalogue tests keep that from
/// ever shipping).
pub fn lookup(
    catalogue: &Catalogue,
    key: &str,
    args: &[(&'static str, FluentValue<'_>)],
) -> String {
    lookup_in(catalogue, lang(), key, args)
}

/// [`lookup`] in a given language (docs generated in both languages, tests).
pub fn lookup_in(
    catalogue: &Catalogue,
    lang: Lang,
    key: &str,
    args: &[(&'static str, FluentValue<'_>)],
) -> String {
    let found = if args.is_empty() {
        catalogue.try_lookup(lang.id(), key)
    } else {
        let map: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(k, v)| (Cow::Borrowed(*k), v.clone()))
            .collect();
        catalogue.try_lookup_with_args(lang.id(), key, &map)
    };
    found.unwrap_or_else(|| key.to_string())
}

/// The catalogue key `prefix` + `name` in kebab case ("RigidBody" or "rigid body" →
/// `prefix` + "rigid-body"): one rule names the labels of an enum's variants, instead of a
/// table per enum that repeats every variant. The prefix goes in the catalogue test's
/// `DYNAMIC_PREFIXES`.
pub fn key_of(prefix: &str, name: &str) -> String {
    let mut key = String::from(prefix);
    let mut after_lower = false;
    for c in name.chars() {
        if c == ' ' || c == '_' {
            key.push('-');
            after_lower = false;
            continue;
        }
        if c.is_uppercase() && after_lower {
            key.push('-');
        }
        after_lower = c.is_lowercase() || c.is_ascii_digit();
        key.extend(c.to_lowercase());
    }
    key
}

/// The label of a field-less enum's variant: its `Debug` name by [`key_of`].
pub fn variant_label(prefix: &str, variant: impl std::fmt::Debug) -> String {
    lookup(&CORE, &key_of(prefix, &format!("{variant:?}")), &[])
}

/// The keys `prefix` + name (by [`key_of`]) that either language of the core catalogue
/// lacks (the tests of computed keys).
pub fn missing_keys(prefix: &str, names: impl IntoIterator<Item = String>) -> Vec<String> {
    let has = |key: &str| {
        Lang::ALL
            .iter()
            .all(|l| CORE.try_lookup(l.id(), key).is_some())
    };
    (names.into_iter())
        .map(|name| key_of(prefix, &name))
        .filter(|key| !has(key))
        .collect()
}

/// The message ids of one language's catalogue files in `dir` (`dir/LANG/*.ftl`), for
/// the tests that keep the two languages' keys equal and every key used. Terms (`-name`)
/// are left out; attributes are not used.
pub fn keys_in_dir(dir: &std::path::Path, lang: Lang) -> std::io::Result<Vec<String>> {
    let mut keys = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir.join(lang.code()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f)?;
        for line in text.lines() {
            let first = line.chars().next();
            if !first.is_some_and(|c| c.is_ascii_alphabetic()) {
                continue;
            }
            if let Some((id, _)) = line.split_once('=') {
                keys.push(id.trim().to_string());
            }
        }
    }
    Ok(keys)
}

// The core's catalogue: check messages, operation names and help, errors.
fluent_templates::static_loader! {
    pub static CORE = {
        locales: "./locales",
        fallback_language: "en",
        // No Unicode isolation marks around arguments: they show as boxes in egui and
        // in terminals.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// Looks a core message up: `tr!("key")` or `tr!("key", name = value, …)`.
#[macro_export]
macro_rules! tr {
    ($key:expr) => {
        $crate::i18n::lookup(&$crate::i18n::CORE, $key, &[])
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::lookup(
            &$crate::i18n::CORE,
            $key,
            &[$((stringify!($name), $crate::i18n::FluentValue::from($value))),+],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_computed_label_is_in_both_catalogues() {
        use crate::{edit::ElementKind, pmx::needs::V21Feature, pmx::Section};
        let sections = Section::ALL.map(|s| s.name().to_string());
        assert_eq!(missing_keys("err-section-", sections), [""; 0]);
        let kinds = ElementKind::ALL.map(|k| k.name().to_string());
        assert_eq!(missing_keys("edit-kinds-", kinds), [""; 0]);
        let features = V21Feature::ALL.map(|f| format!("{f:?}"));
        assert_eq!(missing_keys("v21-feature-", features), [""; 0]);
    }

    #[test]
    fn key_of_kebab_cases_variant_and_english_names() {
        assert_eq!(key_of("p-", "RigidBody"), "p-rigid-body");
        assert_eq!(key_of("p-", "IkLinkAngleLimit"), "p-ik-link-angle-limit");
        assert_eq!(key_of("p-", "IK link"), "p-ik-link");
        assert_eq!(key_of("p-", "model info"), "p-model-info");
        assert_eq!(key_of("p-", "header"), "p-header");
    }

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn the_locale_decides_in_posix_order() {
        assert_eq!(Lang::from_vars(vars(&[("LANG", "ja_JP.UTF-8")])), Lang::Ja);
        assert_eq!(Lang::from_vars(vars(&[("LANG", "en_US.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_vars(vars(&[("LANG", "C")])), Lang::En);
        assert_eq!(Lang::from_vars(vars(&[])), Lang::En);
        // LC_MESSAGES beats LANG, LC_ALL beats both; an empty one is skipped.
        let both = [("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "ja_JP.UTF-8")];
        assert_eq!(Lang::from_vars(vars(&both)), Lang::Ja);
        let all = [("LC_ALL", "en_GB"), ("LC_MESSAGES", "ja_JP.UTF-8")];
        assert_eq!(Lang::from_vars(vars(&all)), Lang::En);
        let empty = [("LC_ALL", ""), ("LANG", "ja_JP.eucJP")];
        assert_eq!(Lang::from_vars(vars(&empty)), Lang::Ja);
    }

    #[test]
    fn lookups_give_each_language_and_place_arguments() {
        assert_eq!(lookup_in(&CORE, Lang::En, "lang-name", &[]), "English");
        assert_eq!(lookup_in(&CORE, Lang::Ja, "lang-name", &[]), "日本語");
        let n = |n: i64| [("count", FluentValue::from(n))];
        assert_eq!(lookup_in(&CORE, Lang::En, "n-problems", &n(1)), "1 problem");
        assert_eq!(
            lookup_in(&CORE, Lang::En, "n-problems", &n(3)),
            "3 problems"
        );
        assert_eq!(lookup_in(&CORE, Lang::Ja, "n-problems", &n(3)), "問題 3 件");
        assert_eq!(
            lookup_in(&CORE, Lang::Ja, "no-such-key", &[]),
            "no-such-key"
        );
    }
}
