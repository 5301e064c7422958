//! Morph values out of range.
//! - `W-MORPH-PANEL`: panel (操作パネル) outside 0..=4 (system, eyebrow, eye,
//!   mouth, other); MMD files such a morph nowhere. Fix: panel 4 (other).
//! - `W-MORPH-UV-LAYER`: an additional-UV morph on a layer the file does not
//!   have (the header declares fewer additional UVs): it changes nothing.
//! - `W-MORPH-BONE-ROTATION`: a bone-morph rotation that is not a unit
//!   quaternion (|q| off by more than 1e-2, or zero): the bone is scaled or
//!   collapses. Fix: normalise (zero → no rotation).
//! - `E-MORPH-MATERIAL-OP`: a material-morph offset whose operation is
//!   neither 0 (multiply) nor 1 (add); readers disagree on what it does.

use super::{ElementRef, Fix, Problem};
use crate::pmx::{MaterialOp, Model, MorphOffsets};

/// Tolerance on |‖q‖ − 1| of a bone-morph rotation.
pub const ROTATION_UNIT_TOLERANCE: f32 = 1e-2;

pub fn check_morph_values(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, m) in model.morphs.iter().enumerate() {
        let me = ElementRef::Morph(i as i32);
        if m.panel > 4 {
            me.finding(model, "W-MORPH-PANEL", "check-msg-morph-panel")
                .arg("panel", m.panel)
                .fix(Fix::SetMorphPanelOther { morph: i as i32 })
                .push(&mut out);
        }
        match &m.offsets {
            MorphOffsets::Uv { layer, offsets }
                if *layer > model.header.additional_uv_count && !offsets.is_empty() =>
            {
                me.finding(model, "W-MORPH-UV-LAYER", "check-msg-morph-uv-layer")
                    .arg("layer", *layer)
                    .arg("count", model.header.additional_uv_count)
                    .push(&mut out);
            }
            MorphOffsets::Bone(offsets) => {
                let bad = offsets
                    .iter()
                    .filter(|o| {
                        o.rotation.is_finite()
                            && (o.rotation.length() - 1.0).abs() > ROTATION_UNIT_TOLERANCE
                    })
                    .count();
                if bad > 0 {
                    me.finding(
                        model,
                        "W-MORPH-BONE-ROTATION",
                        "check-msg-morph-bone-rotation",
                    )
                    .arg("count", bad)
                    .fix(Fix::NormalizeMorphRotations { morph: i as i32 })
                    .push(&mut out);
                }
            }
            MorphOffsets::Material(offsets) => {
                if let Some(op) = offsets.iter().find_map(|o| match o.op {
                    MaterialOp::Unknown(k) => Some(k),
                    _ => None,
                }) {
                    me.finding(model, "E-MORPH-MATERIAL-OP", "check-msg-morph-material-op")
                        .arg("op", op)
                        .push(&mut out);
                }
            }
            _ => {}
        }
    }
    out
}
