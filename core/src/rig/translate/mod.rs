//! English names from Japanese ones (Edit ▸ Translate names…, the `translate_names`
//! script operation): a built-in dictionary of MMD's standard and semi-standard
//! bones, standard morphs and common parts ([`dictionary`]), rules for what the
//! dictionary does not hold whole ([`rules`]: 左/右 → `_L`/`_R`, full-width → ASCII,
//! joined words), and a user dictionary (CSV, exact names) on top.
//!
//! Only English names change; Japanese names never do (motions bind by them).

pub mod dictionary;
pub mod rules;

use crate::edit::{Element, ElementKind, ModelEdit};
use crate::pmx::Model;
use crate::rig::names::side_of_name;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// What gave an English name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// The whole name (less its side) is in the built-in dictionary.
    Dictionary,
    /// The user dictionary holds the exact name.
    User,
    /// Built from words and rules (joined words, numbers, width, an ASCII name).
    Rule,
    /// Nothing: some part of the name is unknown, or the name would clash with its
    /// other side.
    None,
}

impl Rule {
    /// The catalogue key of the rule's short name.
    pub fn key(self) -> &'static str {
        match self {
            Rule::Dictionary => "translate-rule-dictionary",
            Rule::User => "translate-rule-user",
            Rule::Rule => "translate-rule-rule",
            Rule::None => "translate-rule-none",
        }
    }
}

/// The kinds whose English names are translated, in the preview's order.
pub const KINDS: [ElementKind; 6] = [
    ElementKind::Bone,
    ElementKind::Morph,
    ElementKind::Material,
    ElementKind::DisplayFrame,
    ElementKind::RigidBody,
    ElementKind::Joint,
];

/// Options of the operation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TranslateOptions {
    /// Replace English names that are already set (default: fill only empty ones).
    pub overwrite: bool,
    /// A user dictionary (CSV: Japanese,English) applied on top of the built-in one.
    pub dictionary: Option<PathBuf>,
}

/// One element the operation looked at.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub kind: ElementKind,
    pub index: usize,
    /// The Japanese name (never changed).
    pub name: String,
    /// The English name now.
    pub old: String,
    /// The English name it gets; None when nothing was found.
    pub new: Option<String>,
    pub rule: Rule,
}

impl Row {
    /// True if applying changes this element.
    pub fn changes(&self) -> bool {
        self.new.as_ref().is_some_and(|n| *n != self.old)
    }
}

/// Why the operation refused (it then changes nothing).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TranslateError {
    #[error("{0}")]
    Dictionary(String),
}

/// A user dictionary: exact Japanese names → English.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UserDictionary {
    entries: HashMap<String, String>,
}

impl UserDictionary {
    /// Reads `Japanese,English` lines. Blank lines and lines starting with `#` are
    /// skipped; a field may be in double quotes (then `""` is a quote and it may hold
    /// a comma). A later line for the same name wins.
    pub fn parse(text: &str) -> Result<Self, TranslateError> {
        let mut entries = HashMap::new();
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields = csv_fields(line).ok_or_else(|| {
                TranslateError::Dictionary(crate::tr!("translate-csv-quote", line = n + 1))
            })?;
            match fields.as_slice() {
                [jp, en] if !jp.trim().is_empty() => {
                    entries.insert(jp.trim().to_string(), en.trim().to_string());
                }
                _ => {
                    return Err(TranslateError::Dictionary(crate::tr!(
                        "translate-csv-fields",
                        line = n + 1
                    )))
                }
            }
        }
        Ok(UserDictionary { entries })
    }

    /// [`parse`](Self::parse) of a file; the error names the file.
    pub fn load(path: &Path) -> Result<Self, TranslateError> {
        let bytes = std::fs::read(path).map_err(|e| {
            TranslateError::Dictionary(crate::tr!(
                "translate-csv-read",
                path = path.display().to_string(),
                error = e.to_string()
            ))
        })?;
        let text = String::from_utf8(bytes).map_err(|_| {
            TranslateError::Dictionary(crate::tr!(
                "translate-csv-utf8",
                path = path.display().to_string()
            ))
        })?;
        Self::parse(&text).map_err(|TranslateError::Dictionary(e)| {
            TranslateError::Dictionary(format!("{}: {e}", path.display()))
        })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get(&self, japanese: &str) -> Option<&str> {
        self.entries.get(japanese).map(String::as_str)
    }
}

/// The fields of one CSV line; None for an unclosed quote.
fn csv_fields(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (false, ',') => fields.push(std::mem::take(&mut field)),
            (_, c) => field.push(c),
        }
    }
    if quoted {
        return None;
    }
    fields.push(field);
    Some(fields)
}

/// The English a name gets: the user dictionary first, then the built-in one and
/// the rules.
pub fn translate_name(name: &str, user: &UserDictionary) -> (Option<String>, Rule) {
    if let Some(en) = user.get(name) {
        return (Some(en.to_string()), Rule::User);
    }
    match rules::translate(name) {
        Some((en, rule)) => (Some(en), rule),
        None => (None, Rule::None),
    }
}

/// (Japanese, English) of every element of `kind`.
fn names(model: &Model, kind: ElementKind) -> Vec<(&str, &str)> {
    fn pairs<T>(list: &[T], f: impl Fn(&T) -> (&str, &str)) -> Vec<(&str, &str)> {
        list.iter().map(f).collect()
    }
    match kind {
        ElementKind::Bone => pairs(&model.bones, |e| (&e.name, &e.name_en)),
        ElementKind::Morph => pairs(&model.morphs, |e| (&e.name, &e.name_en)),
        ElementKind::Material => pairs(&model.materials, |e| (&e.name, &e.name_en)),
        ElementKind::DisplayFrame => pairs(&model.display_frames, |e| (&e.name, &e.name_en)),
        ElementKind::RigidBody => pairs(&model.rigid_bodies, |e| (&e.name, &e.name_en)),
        ElementKind::Joint => pairs(&model.joints, |e| (&e.name, &e.name_en)),
        _ => Vec::new(),
    }
}

/// The element with its English name replaced.
fn renamed(model: &Model, kind: ElementKind, index: usize, en: &str) -> Option<Element> {
    let mut e = kind.get(model, index)?;
    *e.names_mut()?.1 = en.to_string();
    Some(e)
}

/// The rows for every element the operation looks at: those with an empty English
/// name, or all with `overwrite`.
pub fn preview(model: &Model, overwrite: bool, user: &UserDictionary) -> Vec<Row> {
    let mut rows = Vec::new();
    for kind in KINDS {
        let list = names(model, kind);
        let first = rows.len();
        for (index, (name, old)) in list.iter().enumerate() {
            if !overwrite && !old.trim().is_empty() {
                continue;
            }
            let (new, rule) = translate_name(name, user);
            rows.push(Row {
                kind,
                index,
                name: name.to_string(),
                old: old.to_string(),
                new,
                rule,
            });
        }
        keep_sides_apart(&list, &mut rows[first..]);
    }
    rows
}

/// Drops a proposal that would give a left and a right element of one kind the same
/// English name (a user dictionary can do that; the rules append `_L`/`_R`).
fn keep_sides_apart(list: &[(&str, &str)], rows: &mut [Row]) {
    let mut final_en: Vec<String> = list.iter().map(|&(_, en)| en.to_string()).collect();
    for r in rows.iter() {
        if let Some(n) = &r.new {
            final_en[r.index].clone_from(n);
        }
    }
    let mut sides: HashMap<&str, [bool; 2]> = HashMap::new();
    for (i, &(jp, _)) in list.iter().enumerate() {
        if let Some(side) = side_of_name(jp) {
            let seen = sides.entry(final_en[i].as_str()).or_default();
            seen[(side == crate::rig::Side::Right) as usize] = true;
        }
    }
    for r in rows.iter_mut() {
        let clash = r
            .new
            .as_deref()
            .and_then(|n| sides.get(n))
            .is_some_and(|s| s[0] && s[1]);
        if clash && side_of_name(&r.name).is_some() {
            r.new = None;
            r.rule = Rule::None;
        }
    }
}

/// The rows' changes as one undo step; None when nothing changes.
pub fn edit_from_rows(model: &Model, rows: &[Row]) -> Option<ModelEdit> {
    let items: Vec<(usize, Element)> = rows
        .iter()
        .filter(|r| r.changes())
        .filter_map(|r| {
            let en = r.new.as_deref()?;
            Some((r.index, renamed(model, r.kind, r.index, en)?))
        })
        .collect();
    if items.is_empty() {
        return None;
    }
    let count = items.len();
    Some(
        ModelEdit::set_many(items, "name_en")
            .label(crate::tr!("translate-names-label", count = count)),
    )
}

/// The `translate_names` operation: the rows (for a preview or report) and the one
/// edit that applies them (None when nothing changes). A dictionary that cannot be
/// read is an error and nothing changes.
pub fn plan_translate_names(
    model: &Model,
    options: &TranslateOptions,
) -> Result<(Option<ModelEdit>, Vec<Row>), TranslateError> {
    let user = match &options.dictionary {
        Some(path) => UserDictionary::load(path)?,
        None => UserDictionary::default(),
    };
    let rows = preview(model, options.overwrite, &user);
    Ok((edit_from_rows(model, &rows), rows))
}

#[cfg(test)]
pub(crate) mod tests;
