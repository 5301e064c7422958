//! The user's expression map: VRM expression names → MMD morphs with weights, read from JSON or
//! CSV, overriding the built-in names for the expressions it lists.
//!
//! JSON: `{"happy": "笑い", "aa": {"あ": 1.0, "口角上げ": 0.3}}` (a name, or names with weights).
//! CSV: one `expression,morph[,weight]` per line; several lines for one expression add morphs;
//! blank lines and lines starting with `#` are skipped. Weights default to 1.

use std::path::Path;

/// VRM 1.0's preset expression names; any other name becomes a custom expression.
pub const PRESETS: [&str; 18] = [
    "happy",
    "angry",
    "sad",
    "relaxed",
    "surprised",
    "aa",
    "ih",
    "ou",
    "ee",
    "oh",
    "blink",
    "blinkLeft",
    "blinkRight",
    "lookUp",
    "lookDown",
    "lookLeft",
    "lookRight",
    "neutral",
];

/// Expression name → (MMD morph name, weight) in the order the file gives them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExpressionMap {
    pub entries: Vec<(String, Vec<(String, f32)>)>,
}

impl ExpressionMap {
    /// Reads a map file: `.csv` as CSV, anything else as JSON. The error is a catalogue message.
    pub fn read(path: &Path) -> Result<ExpressionMap, String> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            crate::tr!(
                "export-expressions-unreadable",
                path = path.display().to_string(),
                error = e.to_string()
            )
        })?;
        let csv = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        if csv {
            ExpressionMap::from_csv(&text)
        } else {
            ExpressionMap::from_json(&text)
        }
    }

    pub fn from_json(text: &str) -> Result<ExpressionMap, String> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| crate::tr!("export-expressions-bad-json", error = e.to_string()))?;
        let object = value
            .as_object()
            .ok_or_else(|| crate::tr!("export-expressions-not-object"))?;
        let mut map = ExpressionMap::default();
        for (name, morphs) in object {
            let morphs = match morphs {
                serde_json::Value::String(m) => vec![(m.clone(), 1.0)],
                serde_json::Value::Object(weights) => weights
                    .iter()
                    .map(|(m, w)| match w.as_f64() {
                        Some(w) if w.is_finite() => Ok((m.clone(), w as f32)),
                        _ => Err(crate::tr!(
                            "export-expressions-bad-weight",
                            expression = name.as_str(),
                            morph = m.as_str()
                        )),
                    })
                    .collect::<Result<_, _>>()?,
                _ => {
                    return Err(crate::tr!(
                        "export-expressions-bad-entry",
                        expression = name.as_str()
                    ))
                }
            };
            map.add(name, morphs);
        }
        Ok(map)
    }

    pub fn from_csv(text: &str) -> Result<ExpressionMap, String> {
        let mut map = ExpressionMap::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim().trim_start_matches('\u{feff}');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line
                .split(',')
                .map(|f| f.trim().trim_matches('"').trim())
                .collect();
            let bad = |reason: String| {
                crate::tr!(
                    "export-expressions-bad-line",
                    line = (n + 1) as i64,
                    reason = reason
                )
            };
            let (name, morph) = match fields.as_slice() {
                [name, morph, ..] if !name.is_empty() && !morph.is_empty() => (*name, *morph),
                _ => return Err(bad(crate::tr!("export-expressions-need-two"))),
            };
            let weight = match fields.get(2).filter(|w| !w.is_empty()) {
                None => 1.0,
                Some(w) => match w.parse::<f32>() {
                    Ok(w) if w.is_finite() => w,
                    _ => {
                        return Err(bad(crate::tr!(
                            "export-expressions-bad-weight",
                            expression = name,
                            morph = morph
                        )))
                    }
                },
            };
            map.add(name, vec![(morph.to_string(), weight)]);
        }
        Ok(map)
    }

    fn add(&mut self, name: &str, morphs: Vec<(String, f32)>) {
        match self.entries.iter_mut().find(|(n, _)| n == name) {
            Some((_, list)) => list.extend(morphs),
            None => self.entries.push((name.to_string(), morphs)),
        }
    }

    /// The morphs the map gives an expression, when it names it.
    pub fn get(&self, name: &str) -> Option<&[(String, f32)]> {
        self.entries
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, m)| m.as_slice())
    }
}
