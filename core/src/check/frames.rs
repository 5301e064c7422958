//! Display frames (表示枠): MMD shows and keys only what a frame lists.
//! - `W-FRAME-ROOT` / `W-FRAME-EXP`: frame 0 must be the special frame "Root"
//!   and frame 1 the special frame "表情" (spec: PMX starts with these two
//!   special frames, recognised by the special flag and the name). Fix: move,
//!   add, rename or flag them.
//! - `W-BONE-NO-FRAME`: a bone that is visible and operable (so a user can
//!   key it) but sits in no frame: MMD cannot key it. Fix: add it to the frame
//!   of its nearest ancestor that has one, else to a new frame named after the
//!   top bone of its part (its highest ancestor in no frame), shared by the part.
//! - `W-MORPH-NO-FRAME`: a morph in no frame: MMD's morph panel does not list
//!   it (a motion file can still drive it by name). Fix: add it to "表情".
//! - `W-FRAME-DUP`: a bone or morph listed more than once. Fix: keep the first entry.
//! - `I-FRAME-HIDDEN`: a frame lists a bone that is hidden or not operable;
//!   MMD shows the entry but the bone cannot be picked or moved.

use super::fix_edits::SPECIAL_FRAMES;
use super::{valid, ElementRef, Fix, Problem};
use crate::pmx::{BoneFlags, DisplayElement, Model};

pub fn check_display_frames(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let frames = &model.display_frames;
    for (slot, name) in SPECIAL_FRAMES.into_iter().enumerate() {
        let ok = frames
            .get(slot)
            .is_some_and(|f| f.special && f.name == name);
        if ok {
            continue;
        }
        let msg = match frames.get(slot) {
            None => crate::tr!("check-msg-frame-special-missing", slot = slot),
            Some(f) if f.name != name => crate::tr!(
                "check-msg-frame-special-named",
                slot = slot,
                name = f.name.as_str()
            ),
            Some(_) => crate::tr!("check-msg-frame-special-unflagged", slot = slot),
        };
        let (code, target) = if slot == 0 {
            ("W-FRAME-ROOT", ElementRef::DisplayFrame(0))
        } else {
            ("W-FRAME-EXP", ElementRef::DisplayFrame(1))
        };
        let target = if frames.len() > slot {
            target
        } else {
            ElementRef::Model
        };
        out.push(Problem::warning(code, target, msg).with_fix(Some(Fix::MakeSpecialFrames)));
    }

    let nb = model.bones.len();
    let nm = model.morphs.len();
    // Frame holding each bone / morph first (out-of-range entries are E-INDEX-RANGE).
    let mut bone_frame: Vec<Option<usize>> = vec![None; nb];
    let mut morph_frame: Vec<Option<usize>> = vec![None; nm];
    for (fi, f) in frames.iter().enumerate() {
        let me = ElementRef::DisplayFrame(fi as i32);
        for &e in &f.elements {
            let (slot, target) = match e {
                DisplayElement::Bone(b) => match valid(b, nb) {
                    Some(b) => (&mut bone_frame[b], ElementRef::Bone(b as i32)),
                    None => continue,
                },
                DisplayElement::Morph(m) => match valid(m, nm) {
                    Some(m) => (&mut morph_frame[m], ElementRef::Morph(m as i32)),
                    None => continue,
                },
            };
            match *slot {
                Some(first) => me
                    .finding(model, "W-FRAME-DUP", "check-msg-frame-dup")
                    .element("element", target)
                    .element("first", ElementRef::DisplayFrame(first as i32))
                    .related([target])
                    .fix(Fix::RemoveDuplicateEntries { element: e })
                    .push(&mut out),
                None => *slot = Some(fi),
            }
            if let DisplayElement::Bone(b) = e {
                let flags = model.bones[b as usize].flags;
                if !(flags.has(BoneFlags::VISIBLE) && flags.has(BoneFlags::OPERABLE)) {
                    me.finding(model, "I-FRAME-HIDDEN", "check-msg-frame-hidden")
                        .element("bone", target)
                        .related([target])
                        .push(&mut out);
                }
            }
        }
    }

    for (b, bone) in model.bones.iter().enumerate() {
        let keyable = bone.flags.has(BoneFlags::VISIBLE) && bone.flags.has(BoneFlags::OPERABLE);
        if !keyable || bone_frame[b].is_some() {
            continue;
        }
        // The nearest framed ancestor's frame; a part with none gets a frame of
        // its own, named after its top bone.
        let fix = match ancestor_frame(model, b, &bone_frame) {
            Ok(f) => Fix::AddToFrame {
                frame: f as i32,
                element: DisplayElement::Bone(b as i32),
            },
            Err(top) => Fix::AddToNewFrame {
                name: model.bones[top].name.clone(),
                element: DisplayElement::Bone(b as i32),
            },
        };
        ElementRef::Bone(b as i32)
            .finding(model, "W-BONE-NO-FRAME", "check-msg-bone-no-frame")
            .fix(fix)
            .push(&mut out);
    }
    let expressions = frames
        .iter()
        .position(|f| f.special && f.name == SPECIAL_FRAMES[1]);
    for (m, _) in model.morphs.iter().enumerate() {
        if morph_frame[m].is_some() {
            continue;
        }
        let element = DisplayElement::Morph(m as i32);
        let frame = |f: usize| Fix::AddToFrame {
            frame: f as i32,
            element,
        };
        ElementRef::Morph(m as i32)
            .finding(model, "W-MORPH-NO-FRAME", "check-msg-morph-no-frame")
            .fix(expressions.map(frame))
            .push(&mut out);
    }
    out
}

/// The frame of the nearest ancestor of bone `b` that is in an ordinary frame,
/// else the top bone of `b`'s part: its highest ancestor (or itself) in no frame
/// at all, below a bone in a special frame or the root.
fn ancestor_frame(model: &Model, b: usize, bone_frame: &[Option<usize>]) -> Result<usize, usize> {
    let n = model.bones.len();
    let mut top = b;
    let mut top_found = false;
    let mut cur = valid(model.bones[b].parent, n);
    // At most n steps: a parent loop ends the walk.
    for _ in 0..n {
        let Some(c) = cur else { break };
        match bone_frame[c] {
            Some(f) if !model.display_frames[f].special => return Ok(f),
            Some(_) => top_found = true,
            None if !top_found => top = c,
            None => {}
        }
        cur = valid(model.bones[c].parent, n);
    }
    Err(top)
}
