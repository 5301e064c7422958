//! Names.
//! - `W-NAME-EMPTY` (bone, morph: motions bind by name, so an unnamed one
//!   cannot be keyed) and `I-NAME-EMPTY` (material, rigid body, joint, soft
//!   body, display frame, the model). Fix: a placeholder name.
//! - `W-DUP-BONE-NAME` / `W-DUP-MORPH-NAME`: motions bind by name, so only the
//!   first element of a name gets keyframes. `I-DUP-NAME`: the same for
//!   materials, rigid bodies, joints, soft bodies and display frames (harmless
//!   in MMD, but tools that bind by name, e.g. Blender's mmd_tools, rename or
//!   mix them up). Reported on the later element(s); fix: rename to "name_2"
//!   (the first free suffix).
//! - `I-NAME-VMD`: a bone or morph name longer than 15 bytes in Shift-JIS (or
//!   with characters Shift-JIS lacks): VMD motions store 15 bytes, so the name
//!   is cut there. `W-NAME-VMD-CLASH`: two bones (or morphs) whose names agree
//!   in those 15 bytes — a motion cannot tell them apart.

use super::{ElementRef, Fix, Problem};
use crate::pmx::Model;
use std::collections::{HashMap, HashSet};

/// Bytes a VMD motion stores of a bone or morph name.
pub const VMD_NAME_BYTES: usize = 15;

/// (index of a later duplicate, index of the first, proposed unique name).
fn duplicates<'a>(names: impl Iterator<Item = &'a str> + Clone) -> Vec<(usize, usize, String)> {
    let mut first: HashMap<&str, usize> = HashMap::new();
    let mut dups = Vec::new();
    for (i, name) in names.clone().enumerate() {
        if name.is_empty() {
            continue;
        }
        match first.get(name) {
            Some(&f) => dups.push((i, f)),
            None => {
                first.insert(name, i);
            }
        }
    }
    if dups.is_empty() {
        return Vec::new();
    }
    let all: Vec<&str> = names.collect();
    let mut taken: HashSet<String> = all.iter().map(|s| s.to_string()).collect();
    dups.into_iter()
        .map(|(i, f)| (i, f, free_name(&mut taken, all[i], false)))
        .collect()
}

/// "base_2", "base_3", … — the first not in `taken` (which then holds it);
/// `base` itself first when `try_base`.
fn free_name(taken: &mut HashSet<String>, base: &str, try_base: bool) -> String {
    let new = std::iter::once(base.to_string())
        .filter(|_| try_base)
        .chain((2..).map(|k| format!("{base}_{k}")))
        .find(|c| !taken.contains(c))
        .unwrap_or_default();
    taken.insert(new.clone());
    new
}

/// The element kinds with names, their placeholder for a missing name, and
/// whether the name matters to MMD (motions bind bones and morphs by name).
type NamedKind = (fn(i32) -> ElementRef, &'static str, bool);

const KINDS: [NamedKind; 7] = [
    (ElementRef::Bone, "ボーン", true),
    (ElementRef::Morph, "モーフ", true),
    (ElementRef::Material, "材質", false),
    (ElementRef::RigidBody, "剛体", false),
    (ElementRef::Joint, "ジョイント", false),
    (ElementRef::SoftBody, "ソフトボディ", false),
    (ElementRef::DisplayFrame, "表示枠", false),
];

pub fn check_names(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    if model.info.name.trim().is_empty() {
        out.push(Problem::info(
            "I-NAME-EMPTY",
            ElementRef::Model,
            crate::tr!("check-msg-model-no-name"),
        ));
    }
    for (kind, &(make, placeholder, keyed)) in KINDS.iter().enumerate() {
        let names = make(0)
            .element_kind()
            .map_or(Vec::new(), |k| k.names(model));
        let mut taken: Option<HashSet<String>> = None;
        for (i, name) in names.iter().enumerate() {
            // The special frames' names are W-FRAME-ROOT / W-FRAME-EXP's business.
            let special = kind == 6 && model.display_frames[i].special;
            if !name.trim().is_empty() || special {
                continue;
            }
            let me = make(i as i32);
            let taken = taken.get_or_insert_with(|| names.iter().map(|s| s.to_string()).collect());
            let new = free_name(taken, &format!("{placeholder}{i}"), true);
            let (code, key) = if keyed {
                ("W-NAME-EMPTY", "check-msg-name-empty-keyed")
            } else {
                ("I-NAME-EMPTY", "check-msg-name-empty")
            };
            me.finding(model, code, key)
                .role("element")
                .fix(Fix::Rename {
                    target: me,
                    name: new,
                })
                .push(&mut out);
        }
        for (i, f, new) in duplicates(names.iter().copied()) {
            let (me, first) = (make(i as i32), make(f as i32));
            let (code, key) = match kind {
                0 => ("W-DUP-BONE-NAME", "check-msg-dup-name-keyed"),
                1 => ("W-DUP-MORPH-NAME", "check-msg-dup-name-keyed"),
                _ => ("I-DUP-NAME", "check-msg-dup-name"),
            };
            me.finding(model, code, key)
                .role("element")
                .element("first", first)
                .related([first])
                .fix(Fix::Rename {
                    target: me,
                    name: new,
                })
                .push(&mut out);
        }
        if keyed {
            vmd_names(model, &names, make, &mut out);
        }
    }
    out
}

/// `I-NAME-VMD` and `W-NAME-VMD-CLASH` for one kind (bones or morphs).
fn vmd_names(model: &Model, names: &[&str], make: fn(i32) -> ElementRef, out: &mut Vec<Problem>) {
    // Key: the bytes a VMD file keeps (zero padded, as the file pads them).
    let mut cut_first: HashMap<[u8; VMD_NAME_BYTES], usize> = HashMap::with_capacity(names.len());
    let mut buf = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let me = make(i as i32);
        // Plain ASCII is its own Shift-JIS; a name of at most 7 characters
        // takes at most 14 bytes, so only its characters matter, and kana and
        // kanji are in Shift-JIS (the encoder is slow: skip it when it cannot
        // change the answer).
        let short = name.chars().nth(7).is_none();
        if short && !name.is_ascii() && name.chars().all(common_sjis) {
            // At most 14 bytes: fits, and cannot share 15 bytes with another name.
            continue;
        }
        let bytes: &[u8] = if name.is_ascii() {
            name.as_bytes()
        } else {
            // Shift-JIS takes at most 2 bytes per character, UTF-8 at least 1.
            buf.clear();
            buf.resize(name.len() * 2, 0);
            let mut encoder = encoding_rs::SHIFT_JIS.new_encoder();
            let (result, _, written) =
                encoder.encode_from_utf8_without_replacement(name, &mut buf, true);
            let unmappable = matches!(result, encoding_rs::EncoderResult::Unmappable(_));
            if written > VMD_NAME_BYTES || unmappable {
                let vmd = |key| me.finding(model, "I-NAME-VMD", key).role("element");
                if unmappable {
                    vmd("check-msg-name-vmd-unmappable")
                } else {
                    vmd("check-msg-name-vmd-sjis").arg("bytes", written)
                }
                .arg("max", VMD_NAME_BYTES)
                .push(out);
            }
            &buf[..written]
        };
        if name.is_ascii() && bytes.len() > VMD_NAME_BYTES {
            me.finding(model, "I-NAME-VMD", "check-msg-name-vmd-ascii")
                .role("element")
                .arg("bytes", bytes.len())
                .arg("max", VMD_NAME_BYTES)
                .push(out);
        }
        if bytes.len() < VMD_NAME_BYTES {
            // Only names of 15 bytes or more can share their first 15.
            continue;
        }
        let mut cut = [0u8; VMD_NAME_BYTES];
        let n = bytes.len().min(VMD_NAME_BYTES);
        cut[..n].copy_from_slice(&bytes[..n]);
        match cut_first.get(&cut) {
            Some(&f) if names[f] != *name => {
                let first = make(f as i32);
                me.finding(model, "W-NAME-VMD-CLASH", "check-msg-name-vmd-clash")
                    .role("element")
                    .element("first", first)
                    .arg("max", VMD_NAME_BYTES)
                    .related([first])
                    .push(out);
            }
            Some(_) => {}
            None => {
                cut_first.insert(cut, i);
            }
        }
    }
}

/// Characters Shift-JIS (CP932) has: ASCII, kana, CJK punctuation, full-width
/// forms and the unified ideographs (the rare kanji CP932 lacks are missed
/// in names of at most 7 characters).
fn common_sjis(c: char) -> bool {
    c.is_ascii()
        || matches!(c, '\u{3000}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '\u{FF01}'..='\u{FF9F}')
}
