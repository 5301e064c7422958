//! Every check Hone runs, one entry per code: its severity, category, what it
//! means, why it matters in MMD and how to fix it. The one owner of a code's
//! category (the Problems panel groups by it) and of docs/checks.md
//! (`hone check --list` prints [`markdown`]; a test keeps the file equal to it).
//!
//! The texts are in the catalogues (`core/locales/{en,ja}/checks.ftl`), so docs/checks.md
//! and docs/checks.ja.md come from the same entries.

use super::Severity;
use crate::i18n::{FluentValue, Lang};
use serde::Serialize;

/// What part of the rig a check is about (the Problems panel's groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// References, names, counts, numbers, morph values, the file version.
    Structure,
    /// Vertex weights and SDEF parameters.
    Weights,
    /// Deform order (変形順序).
    Order,
    /// Rigid bodies, joints and soft bodies.
    Physics,
    /// Display frames and material colours: what MMD shows.
    Display,
    /// Texture files and paths.
    Textures,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Structure,
        Category::Weights,
        Category::Order,
        Category::Physics,
        Category::Display,
        Category::Textures,
    ];

    /// The code-like name (JSON output, tests).
    pub fn name(self) -> &'static str {
        match self {
            Category::Structure => "structure",
            Category::Weights => "weights",
            Category::Order => "order",
            Category::Physics => "physics",
            Category::Display => "display",
            Category::Textures => "textures",
        }
    }

    /// The name a user reads, in `lang`.
    pub fn label_in(self, lang: Lang) -> String {
        let key = match self {
            Category::Structure => "check-category-structure",
            Category::Weights => "check-category-weights",
            Category::Order => "check-category-order",
            Category::Physics => "check-category-physics",
            Category::Display => "check-category-display",
            Category::Textures => "check-category-textures",
        };
        core_text(lang, key)
    }

    /// [`label_in`](Self::label_in) the current language.
    pub fn label(self) -> String {
        self.label_in(crate::i18n::lang())
    }
}

/// One check. Its texts live in the catalogues (`core/locales/*/checks.ftl`) under
/// `check-{code}-meaning`, `-why` and `-fix`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CheckInfo {
    pub code: &'static str,
    pub severity: Severity,
    pub category: Category,
}

impl CheckInfo {
    /// What it finds.
    pub fn meaning_in(&self, lang: Lang) -> String {
        core_text(lang, &format!("check-{}-meaning", self.code))
    }
    /// What goes wrong in MMD.
    pub fn why_in(&self, lang: Lang) -> String {
        core_text(lang, &format!("check-{}-why", self.code))
    }
    /// How to fix it (and what Hone's fix does, if it offers one).
    pub fn fix_in(&self, lang: Lang) -> String {
        core_text(lang, &format!("check-{}-fix", self.code))
    }
    /// [`meaning_in`](Self::meaning_in) the current language.
    pub fn meaning(&self) -> String {
        self.meaning_in(crate::i18n::lang())
    }
    /// [`why_in`](Self::why_in) the current language.
    pub fn why(&self) -> String {
        self.why_in(crate::i18n::lang())
    }
    /// [`fix_in`](Self::fix_in) the current language.
    pub fn fix(&self) -> String {
        self.fix_in(crate::i18n::lang())
    }
}

fn core_text(lang: Lang, key: &str) -> String {
    text_with(lang, key, &[])
}

fn text_with(lang: Lang, key: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
    crate::i18n::lookup_in(&crate::i18n::CORE, lang, key, args)
}

/// The entry for `code`.
pub fn info(code: &str) -> Option<&'static CheckInfo> {
    CATALOG.iter().find(|c| c.code == code)
}

/// The category of `code` (structure for a code not in the catalog).
pub fn category(code: &str) -> Category {
    info(code).map_or(Category::Structure, |c| c.category)
}

/// docs/checks.md (English) and docs/checks.ja.md: every check by category.
pub fn markdown_in(lang: Lang) -> String {
    let t = |key: &str| core_text(lang, key);
    let mut s = format!("# {}\n\n{}\n", t("checks-doc-title"), t("checks-doc-intro"));
    for cat in Category::ALL {
        s.push_str(&format!("\n## {}\n", cat.label_in(lang)));
        for c in CATALOG.iter().filter(|c| c.category == cat) {
            let arg = |name: &'static str, v: String| [(name, FluentValue::from(v))];
            s.push_str(&format!(
                "\n### {}\n\n{}\n\n- {}\n- {}\n",
                c.code,
                text_with(
                    lang,
                    "checks-doc-meaning",
                    &[
                        ("meaning", FluentValue::from(c.meaning_in(lang))),
                        ("severity", FluentValue::from(c.severity.label_in(lang))),
                    ],
                ),
                text_with(lang, "checks-doc-why", &arg("why", c.why_in(lang))),
                text_with(lang, "checks-doc-fix", &arg("fix", c.fix_in(lang))),
            ));
        }
    }
    s
}

/// docs/checks.md: [`markdown_in`] English.
pub fn markdown() -> String {
    markdown_in(Lang::En)
}

macro_rules! check {
    ($code:literal, $sev:ident, $cat:ident) => {
        CheckInfo {
            code: $code,
            severity: Severity::$sev,
            category: Category::$cat,
        }
    };
}

pub const CATALOG: &[CheckInfo] = &[
    // ---------------------------------------------------------------- structure
    check!("E-INDEX-RANGE", Error, Structure),
    check!("E-PARENT-CYCLE", Error, Structure),
    check!("E-APPEND-CYCLE", Error, Structure),
    check!("E-IK-TARGET-NONE", Error, Structure),
    check!("E-IK-CHAIN", Error, Structure),
    check!("W-IK-NO-LINKS", Warning, Structure),
    check!("W-IK-LOOP-ZERO", Warning, Structure),
    check!("E-VERSION-21-FEATURE", Error, Structure),
    check!("W-FACE-UNUSED", Warning, Structure),
    check!("E-MATERIAL-FACE-COUNT", Error, Structure),
    check!("E-NONFINITE", Error, Structure),
    check!("W-NAME-EMPTY", Warning, Structure),
    check!("I-NAME-EMPTY", Info, Structure),
    check!("W-DUP-BONE-NAME", Warning, Structure),
    check!("W-DUP-MORPH-NAME", Warning, Structure),
    check!("I-DUP-NAME", Info, Structure),
    check!("I-NAME-VMD", Info, Structure),
    check!("W-NAME-VMD-CLASH", Warning, Structure),
    check!("W-MORPH-GROUP-NESTED", Warning, Structure),
    check!("W-MORPH-PANEL", Warning, Structure),
    check!("W-MORPH-UV-LAYER", Warning, Structure),
    check!("W-MORPH-BONE-ROTATION", Warning, Structure),
    check!("E-MORPH-MATERIAL-OP", Error, Structure),
    check!("E-AXIS-DEGENERATE", Error, Structure),
    check!("W-AXIS-NOT-UNIT", Warning, Structure),
    // ---------------------------------------------------------------- weights
    check!("E-WEIGHT-NONE-BONE", Error, Weights),
    check!("W-WEIGHT-RANGE", Warning, Weights),
    check!("E-WEIGHT-ZERO", Error, Weights),
    check!("W-WEIGHT-SUM", Warning, Weights),
    check!("W-SDEF-DEGENERATE", Warning, Weights),
    check!("I-SDEF-POINTLESS", Info, Weights),
    check!("W-SDEF-CENTER", Warning, Weights),
    // ---------------------------------------------------------------- order
    check!("E-ORDER-PARENT", Error, Order),
    check!("E-ORDER-APPEND", Error, Order),
    check!("E-ORDER-IK", Error, Order),
    // ---------------------------------------------------------------- physics
    check!("W-BODY-NO-BONE", Warning, Physics),
    check!("W-SOFTBODY-NO-MATERIAL", Warning, Physics),
    check!("E-JOINT-NO-BODY", Error, Physics),
    check!("E-JOINT-SAME-BODY", Error, Physics),
    check!("W-JOINT-KINEMATIC", Warning, Physics),
    check!("E-BODY-OVERLAP", Error, Physics),
    check!("W-BODY-OVERLAP-JOINED", Warning, Physics),
    check!("W-BODY-OVERLAP-CHAIN", Warning, Physics),
    check!("W-BODY-UNJOINED", Warning, Physics),
    check!("W-CHAIN-ROOT-DYNAMIC", Warning, Physics),
    check!("W-BODY-FOLLOW-ON-PHYSICS-BONE", Warning, Physics),
    check!("W-BONE-BELOW-PHYSICS", Warning, Physics),
    check!("W-BODY-BONE-DRIVEN", Warning, Physics),
    check!("W-BODY-FAR-FROM-BONE", Warning, Physics),
    check!("W-BODY-MASS", Warning, Physics),
    check!("W-BODY-TINY", Warning, Physics),
    check!("I-BODY-MODE2-AS-MODE1", Info, Physics),
    check!("W-JOINT-MASS-RATIO", Warning, Physics),
    check!("W-JOINT-Y-90", Warning, Physics),
    check!("W-JOINT-LIMIT-INVERTED", Warning, Physics),
    check!("W-JOINT-SPRING-STIFF", Warning, Physics),
    // ---------------------------------------------------------------- display
    check!("W-FRAME-ROOT", Warning, Display),
    check!("W-FRAME-EXP", Warning, Display),
    check!("W-BONE-NO-FRAME", Warning, Display),
    check!("W-MORPH-NO-FRAME", Warning, Display),
    check!("W-FRAME-DUP", Warning, Display),
    check!("I-FRAME-HIDDEN", Info, Display),
    check!("W-COLOR-RANGE", Warning, Display),
    check!("W-MATERIAL-TRANSPARENT-ORDER", Warning, Display),
    // ---------------------------------------------------------------- textures
    check!("W-TEXTURE-MISSING", Warning, Textures),
    check!("I-TEXTURE-MISSING-UNUSED", Info, Textures),
    check!("I-TEXTURE-CASE", Info, Textures),
    check!("W-TEXTURE-PATH-ABSOLUTE", Warning, Textures),
    check!("W-TEXTURE-PATH-ESCAPES", Warning, Textures),
    check!("I-TEXTURE-DUP", Info, Textures),
];
