//! Turning one Japanese name into English: width normalisation, the side (左/右),
//! longest-match words from the dictionary, and how the pieces are joined.

use super::dictionary::WORDS;
use super::Rule;
use crate::rig::Side;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The full-width katakana of U+FF61–FF9D (half-width punctuation, kana and ー).
const HALF_WIDTH_KANA: &str = "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン";

/// Full-width ASCII (U+FF01–FF5E) and the ideographic space → ASCII, half-width
/// katakana → full-width (with ﾞ/ﾟ joined: ｳｨﾝｸ → ウィンク, ﾊﾟ → パ); everything else as
/// it is (mmd_tools and Nuthouse's translators normalise the same way before looking up).
pub fn normalize_width(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\u{FF01}'..='\u{FF5E}' => out.push(char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)),
            '\u{3000}' => out.push(' '),
            '\u{FF61}'..='\u{FF9D}' => {
                let k = HALF_WIDTH_KANA.chars().nth((c as u32 - 0xFF61) as usize);
                out.push(k.unwrap_or(c));
            }
            // Voiced marks: カ+ﾞ → ガ (the next code point), ハ+ﾟ → パ (two on), ウ+ﾞ → ヴ.
            '\u{FF9E}' | '\u{FF9F}' => {
                let voiced = c == '\u{FF9E}';
                let joined = out.chars().last().and_then(|p| voice(p, voiced));
                match joined {
                    Some(j) => {
                        out.pop();
                        out.push(j);
                    }
                    None => out.push(if voiced { '゛' } else { '゜' }),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The katakana `c` with a voiced (゛) or semi-voiced (゜) mark, if it has one.
fn voice(c: char, voiced: bool) -> Option<char> {
    let n = c as u32;
    let shift = match (voiced, c) {
        (true, 'ウ') => return Some('ヴ'),
        // カ…チ and ツ…ト are each two apart (the small ッ breaks the run).
        (true, 'カ'..='チ') if (n - 'カ' as u32).is_multiple_of(2) => 1,
        (true, 'ツ'..='ト') if (n - 'ツ' as u32).is_multiple_of(2) => 1,
        (true, 'ハ'..='ホ') if (n - 'ハ' as u32).is_multiple_of(3) => 1,
        (false, 'ハ'..='ホ') if (n - 'ハ' as u32).is_multiple_of(3) => 2,
        _ => return None,
    };
    char::from_u32(n + shift)
}

struct Words {
    map: HashMap<String, &'static str>,
    /// The longest key, in characters: longest-match tries at most this many.
    longest: usize,
}

fn words() -> &'static Words {
    static WORDS_MAP: OnceLock<Words> = OnceLock::new();
    WORDS_MAP.get_or_init(|| {
        let map: HashMap<String, &'static str> = WORDS
            .iter()
            .map(|&(jp, en)| (normalize_width(jp), en))
            .collect();
        let longest = map.keys().map(|k| k.chars().count()).max().unwrap_or(1);
        Words { map, longest }
    })
}

/// One piece of a name.
#[derive(Debug, PartialEq)]
enum Piece {
    /// A dictionary word, in English.
    Word(&'static str),
    /// A run of ASCII letters and digits ("1", "D", "EX", "IK").
    Ascii(String),
    /// `_`, `-`, `.`, a space or other ASCII punctuation, kept as it is.
    Sep(char),
}

/// The side a name's leading or trailing 左/右 gives, and the name without it.
fn split_side(name: &str) -> (Option<Side>, &str) {
    let side_of = |c: char| match c {
        '左' => Some(Side::Left),
        '右' => Some(Side::Right),
        _ => None,
    };
    let mut chars = name.chars();
    if let Some(side) = chars.next().and_then(side_of) {
        if !chars.as_str().is_empty() {
            return (Some(side), chars.as_str());
        }
    }
    let mut rev = name.char_indices().rev();
    if let Some((at, c)) = rev.next() {
        if let Some(side) = side_of(c) {
            if at > 0 {
                return (Some(side), &name[..at]);
            }
        }
    }
    (None, name)
}

/// Splits `body` into pieces; a 左/右 no word takes is the side (if none was found yet).
/// None if some character is neither a word, ASCII, nor a side.
fn pieces(body: &str, side: &mut Option<Side>) -> Option<Vec<Piece>> {
    let w = words();
    let chars: Vec<char> = body.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphanumeric() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            out.push(Piece::Ascii(chars[start..i].iter().collect()));
            continue;
        }
        let longest = w.longest.min(chars.len() - i);
        let found = (1..=longest).rev().find_map(|n| {
            let key: String = chars[i..i + n].iter().collect();
            w.map.get(&key).map(|&en| (n, en))
        });
        if let Some((n, en)) = found {
            out.push(Piece::Word(en));
            i += n;
            continue;
        }
        match c {
            '左' | '右' if side.is_none() => {
                *side = Some(if c == '左' { Side::Left } else { Side::Right });
            }
            c if c.is_ascii() => out.push(Piece::Sep(c)),
            '・' => out.push(Piece::Sep(' ')),
            // Quotes around a sound (発音「あ」) carry nothing in English.
            '「' | '」' | '『' | '』' => {}
            _ => return None,
        }
        i += 1;
    }
    Some(out)
}

/// Joins pieces: words with spaces, numbers and short suffixes glued to the word
/// before them (`back hair1_2`, `thumb0`, `legD`), "IK" after a space (`leg IK`).
fn join(pieces: &[Piece]) -> String {
    let mut out = String::new();
    let mut prev: Option<&Piece> = None;
    for p in pieces {
        let space = match (prev, p) {
            (Some(Piece::Word(_)), Piece::Word(_)) => true,
            (Some(Piece::Word(_)), Piece::Ascii(a)) => {
                let glued = a.starts_with(|c: char| c.is_ascii_digit())
                    || (a.len() <= 2 && a != "IK" && a.chars().all(|c| c.is_ascii_uppercase()));
                !glued
            }
            (Some(Piece::Ascii(_)), Piece::Word(_)) => true,
            _ => false,
        };
        if space {
            out.push(' ');
        }
        match p {
            Piece::Word(w) => out.push_str(w),
            Piece::Ascii(a) => out.push_str(a),
            Piece::Sep(c) => out.push(*c),
        }
        prev = Some(p);
    }
    out
}

/// The English the built-in dictionary and rules give `name`, and which of them.
/// None when some part of the name is not known (no half-Japanese English).
pub fn translate(name: &str) -> Option<(String, Rule)> {
    let normalized = normalize_width(name.trim());
    if normalized.is_empty() {
        return None;
    }
    if normalized.is_ascii() {
        // Already Latin ("Bone_01"): the English name is the name.
        return Some((normalized, Rule::Rule));
    }
    let (mut side, body) = split_side(&normalized);
    let pieces = pieces(body, &mut side)?;
    if !pieces.iter().any(|p| matches!(p, Piece::Word(_))) {
        return None;
    }
    let mut english = join(&pieces);
    if let Some(side) = side {
        english.push_str(match side {
            Side::Left => "_L",
            Side::Right => "_R",
        });
    }
    // One word (after the side and the width are taken off) is a plain lookup.
    let rule = if pieces.len() == 1 {
        Rule::Dictionary
    } else {
        Rule::Rule
    };
    Some((english, rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(name: &str) -> String {
        translate(name).map(|(e, _)| e).unwrap_or_default()
    }

    #[test]
    fn standard_bones_from_words_and_rules() {
        for (jp, want) in [
            ("センター", "center"),
            ("上半身", "upper body"),
            ("左腕", "arm_L"),
            ("右腕", "arm_R"),
            ("左ひじ", "elbow_L"),
            ("左手首", "wrist_L"),
            ("左足ＩＫ", "leg IK_L"),
            ("右つま先ＩＫ", "toe IK_R"),
            ("全ての親", "master"),
            ("グルーブ", "groove"),
            ("腰", "waist"),
            ("両目", "eyes"),
            ("左親指０", "thumb0_L"),
            ("左人指１", "fore1_L"),
            ("右足IK親", "leg IKP_R"),
            ("左足先EX", "toe2_L"),
            ("右腕捩2", "arm twist2_R"),
            ("左足D", "legD_L"),
            ("右肩P", "shoulderP_R"),
            ("腰キャンセル右", "waist cancel_R"),
            ("頭先", "head tip"),
            ("後髪1_2", "back hair1_2"),
            ("右スカート前", "skirt front_R"),
            ("ウィンク２右", "wink2_R"),
        ] {
            assert_eq!(en(jp), want, "{jp}");
        }
    }

    #[test]
    fn rule_names_what_gave_the_name() {
        assert_eq!(translate("センター").unwrap().1, Rule::Dictionary);
        assert_eq!(translate("左腕").unwrap().1, Rule::Dictionary);
        assert_eq!(translate("後髪1_2").unwrap().1, Rule::Rule);
        assert_eq!(translate("Bone_01"), Some(("Bone_01".into(), Rule::Rule)));
    }

    #[test]
    fn unknown_parts_give_nothing() {
        assert_eq!(translate("謎の骨"), None);
        assert_eq!(translate(""), None);
        assert_eq!(translate("左"), None);
        assert_eq!(translate("123"), Some(("123".into(), Rule::Rule)));
    }

    #[test]
    fn width_normalisation_maps_full_width_ascii_only() {
        assert_eq!(normalize_width("ＩＫ０９ａ　"), "IK09a ");
        assert_eq!(normalize_width("左足"), "左足");
        assert_eq!(normalize_width("ｳｨﾝｸ２右"), "ウィンク2右");
        assert_eq!(normalize_width("ｶﾞｯﾃﾞﾊﾟﾋﾞｳﾞ"), "ガッデパビヴ");
        assert_eq!(normalize_width("ｺｯﾁﾐﾝﾅ"), "コッチミンナ");
        assert_eq!(en("ｳｨﾝｸ２右"), "wink2_R");
    }
}
