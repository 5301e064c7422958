//! Left/right in MMD names: which side a name is on and its mirrored name.
//!
//! Japanese names carry the side as a leading 左/右 (左腕, 右足ＩＫ) or, for a few
//! semi-standard bones, a trailing one (腰キャンセル右). English names use `_L`/`_R`
//! (`arm twist_R`), `.L`/`.R` (Blender), ` L`/`-L`, a leading `L_`/`R ` or the words
//! left/right. Only those positions count: 中指 or "Upright" are not sides.

/// Which half of the model. MMD's left (左) is +X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// "left" / "右" in the current language (messages).
    pub fn label(self) -> String {
        match self {
            Side::Left => crate::tr!("side-left"),
            Side::Right => crate::tr!("side-right"),
        }
    }
    pub fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    /// +1 for left (+X), −1 for right.
    pub fn sign(self) -> f32 {
        match self {
            Side::Left => 1.0,
            Side::Right => -1.0,
        }
    }
    /// The side a model-space x is on, None within `tolerance` of the centre plane.
    pub fn of_x(x: f32, tolerance: f32) -> Option<Side> {
        if x > tolerance {
            Some(Side::Left)
        } else if x < -tolerance {
            Some(Side::Right)
        } else {
            None
        }
    }
    pub fn kanji(self) -> char {
        match self {
            Side::Left => '左',
            Side::Right => '右',
        }
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "left" | "l" | "左" => Ok(Side::Left),
            "right" | "r" | "右" => Ok(Side::Right),
            _ => Err(crate::tr!("side-err", value = s)),
        }
    }
}

fn kanji_side(c: char) -> Option<Side> {
    match c {
        '左' => Some(Side::Left),
        '右' => Some(Side::Right),
        _ => None,
    }
}

/// A name split around its side marker: `prefix + marker + suffix`.
struct Marked<'a> {
    prefix: &'a str,
    side: Side,
    /// The marker with the side letter/word replaced by `{}`-less pieces.
    marker: Marker,
    suffix: &'a str,
}

#[derive(Clone, Copy)]
enum Marker {
    Kanji,
    /// A single letter, upper or lower case.
    Letter {
        upper: bool,
    },
    /// left/right as a word: lower, Capitalised or UPPER.
    Word {
        case: WordCase,
    },
}

#[derive(Clone, Copy)]
enum WordCase {
    Lower,
    Capital,
    Upper,
}

fn word_case(w: &str) -> WordCase {
    if w.chars().all(|c| c.is_ascii_uppercase()) {
        WordCase::Upper
    } else if w.starts_with(|c: char| c.is_ascii_uppercase()) {
        WordCase::Capital
    } else {
        WordCase::Lower
    }
}

const SEPARATORS: [char; 4] = ['_', '.', ' ', '-'];

fn find_marker(name: &str) -> Option<Marked<'_>> {
    // Japanese: leading, then trailing 左/右 (the prefix form is the standard one).
    if let Some(c) = name.chars().next() {
        if let Some(side) = kanji_side(c) {
            return Some(Marked {
                prefix: "",
                side,
                marker: Marker::Kanji,
                suffix: &name[c.len_utf8()..],
            });
        }
    }
    if let Some(c) = name.chars().next_back() {
        if let Some(side) = kanji_side(c) {
            return Some(Marked {
                prefix: &name[..name.len() - c.len_utf8()],
                side,
                marker: Marker::Kanji,
                suffix: "",
            });
        }
    }
    // English: a separated trailing or leading L/R, or the word left/right.
    let letter = |s: &str| match s {
        "L" | "l" => Some(Side::Left),
        "R" | "r" => Some(Side::Right),
        _ => None,
    };
    let word = |s: &str| match s.to_ascii_lowercase().as_str() {
        "left" => Some(Side::Left),
        "right" => Some(Side::Right),
        _ => None,
    };
    if let Some(sep) = name.rfind(SEPARATORS) {
        let tail = &name[sep + 1..];
        if sep > 0 {
            if let Some(side) = letter(tail) {
                return Some(Marked {
                    prefix: &name[..sep + 1],
                    side,
                    marker: Marker::Letter {
                        upper: tail.chars().all(|c| c.is_ascii_uppercase()),
                    },
                    suffix: "",
                });
            }
            if let Some(side) = word(tail) {
                return Some(Marked {
                    prefix: &name[..sep + 1],
                    side,
                    marker: Marker::Word {
                        case: word_case(tail),
                    },
                    suffix: "",
                });
            }
        }
    }
    if let Some(sep) = name.find(SEPARATORS) {
        let head = &name[..sep];
        if sep + 1 < name.len() {
            if let Some(side) = letter(head) {
                return Some(Marked {
                    prefix: "",
                    side,
                    marker: Marker::Letter {
                        upper: head.chars().all(|c| c.is_ascii_uppercase()),
                    },
                    suffix: &name[sep..],
                });
            }
            if let Some(side) = word(head) {
                return Some(Marked {
                    prefix: "",
                    side,
                    marker: Marker::Word {
                        case: word_case(head),
                    },
                    suffix: &name[sep..],
                });
            }
        }
    }
    None
}

fn marker_text(marker: Marker, side: Side) -> String {
    match marker {
        Marker::Kanji => side.kanji().to_string(),
        Marker::Letter { upper } => {
            let l = if side == Side::Left { "L" } else { "R" };
            if upper {
                l.to_string()
            } else {
                l.to_ascii_lowercase()
            }
        }
        Marker::Word { case } => {
            let w = if side == Side::Left { "left" } else { "right" };
            match case {
                WordCase::Lower => w.to_string(),
                WordCase::Upper => w.to_ascii_uppercase(),
                WordCase::Capital => {
                    let mut s = w.to_string();
                    s[..1].make_ascii_uppercase();
                    s
                }
            }
        }
    }
}

/// The side a name is marked with (Japanese or English forms), None for centre names.
pub fn side_of_name(name: &str) -> Option<Side> {
    find_marker(name).map(|m| m.side)
}

/// The name with its side swapped (左腕 → 右腕, 腰キャンセル右 → 腰キャンセル左,
/// `arm_L` → `arm_R`, `Left Arm` → `Right Arm`), None when it has no side.
pub fn mirror_name(name: &str) -> Option<String> {
    let m = find_marker(name)?;
    Some(format!(
        "{}{}{}",
        m.prefix,
        marker_text(m.marker, m.side.opposite()),
        m.suffix
    ))
}

/// The name as it would be on `side`: unchanged when already there or centre.
pub fn name_on_side(name: &str, side: Side) -> String {
    match find_marker(name) {
        Some(m) if m.side != side => {
            format!("{}{}{}", m.prefix, marker_text(m.marker, side), m.suffix)
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_prefix_and_suffix_swap() {
        assert_eq!(mirror_name("左腕").as_deref(), Some("右腕"));
        assert_eq!(mirror_name("右足ＩＫ").as_deref(), Some("左足ＩＫ"));
        assert_eq!(
            mirror_name("腰キャンセル右").as_deref(),
            Some("腰キャンセル左")
        );
        assert_eq!(mirror_name("左"), Some("右".to_string()));
        assert_eq!(mirror_name("中指１"), None);
        assert_eq!(mirror_name("上半身"), None);
        assert_eq!(mirror_name("両目"), None);
        assert_eq!(side_of_name("右後ろ髪１"), Some(Side::Right));
    }

    #[test]
    fn english_forms_keep_case_and_separator() {
        assert_eq!(mirror_name("arm twist_R").as_deref(), Some("arm twist_L"));
        assert_eq!(mirror_name("leg IKP_L").as_deref(), Some("leg IKP_R"));
        assert_eq!(mirror_name("arm.L").as_deref(), Some("arm.R"));
        assert_eq!(mirror_name("hand_l").as_deref(), Some("hand_r"));
        assert_eq!(mirror_name("L_thumb").as_deref(), Some("R_thumb"));
        assert_eq!(mirror_name("Left Arm").as_deref(), Some("Right Arm"));
        assert_eq!(
            mirror_name("shoulder right").as_deref(),
            Some("shoulder left")
        );
        assert_eq!(mirror_name("RIGHT_leg").as_deref(), Some("LEFT_leg"));
        // Not sides: letters inside words, a bare letter, words without separator.
        assert_eq!(mirror_name("Upright"), None);
        assert_eq!(mirror_name("waist"), None);
        assert_eq!(mirror_name("L"), None);
        assert_eq!(mirror_name("_L"), None);
        assert_eq!(mirror_name("groove"), None);
    }

    #[test]
    fn name_on_side_only_changes_the_other_side() {
        assert_eq!(name_on_side("左腕", Side::Left), "左腕");
        assert_eq!(name_on_side("左腕", Side::Right), "右腕");
        assert_eq!(name_on_side("センター", Side::Right), "センター");
        assert_eq!(Side::of_x(0.5, 0.01), Some(Side::Left));
        assert_eq!(Side::of_x(-0.005, 0.01), None);
    }
}
