//! `uv_transform`: move, rotate and scale the selected vertices' UVs (or a UV morph's
//! offsets) in UV space — [`crate::rig::uv`]. The app's UV editor builds its options.

use super::kit::{float, int, text};
use super::{Menu, Need, OpError, Operation, Opt, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::uv::{uv_transform, UvAffine, UvTarget};
use glam::Vec2;

/// A coordinate in UV space (1 = the texture's width or height).
const fn uv(key: &'static str, label: &'static str, default: f32) -> Opt {
    float(key, label, -1000.0, 1000.0, default)
}

pub const OP: Operation = Operation::new("uv_transform", Menu::Model, Need::Vertices, plan)
    .keys("ops-uv-transform-title", "ops-uv-transform-help")
    .options(&[
        uv("translate_u", "ops-opt-translate-u", 0.0),
        uv("translate_v", "ops-opt-translate-v", 0.0),
        float("rotate_deg", "ops-opt-uv-rotate-deg", -360.0, 360.0, 0.0),
        uv("scale_u", "ops-opt-scale-u", 1.0),
        uv("scale_v", "ops-opt-scale-v", 1.0),
        uv("pivot_u", "ops-opt-pivot-u", 0.5).auto(),
        uv("pivot_v", "ops-opt-pivot-v", 0.5).auto(),
        int("layer", "ops-opt-uv-layer", 0, 4, 0),
        text("morph", "ops-opt-uv-morph", ""),
    ]);

#[derive(serde::Deserialize)]
#[serde(default)]
struct Args {
    translate_u: f32,
    translate_v: f32,
    rotate_deg: f32,
    scale_u: f32,
    scale_v: f32,
    pivot_u: Option<f32>,
    pivot_v: Option<f32>,
    layer: u8,
    morph: String,
}

impl Default for Args {
    fn default() -> Self {
        Args {
            translate_u: 0.0,
            translate_v: 0.0,
            rotate_deg: 0.0,
            scale_u: 1.0,
            scale_v: 1.0,
            pivot_u: None,
            pivot_v: None,
            layer: 0,
            morph: String::new(),
        }
    }
}

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let a: Args = options.deserialize()?;
    let t = UvAffine {
        translate: Vec2::new(a.translate_u, a.translate_v),
        rotate_deg: a.rotate_deg,
        scale: Vec2::new(a.scale_u, a.scale_v),
        pivot: match (a.pivot_u, a.pivot_v) {
            (None, None) => None,
            (u, v) => Some(Vec2::new(u.unwrap_or(0.5), v.unwrap_or(0.5))),
        },
    };
    if t.is_identity() {
        return Ok(Plan::edit(None, vec![crate::tr!("uv-transform-nothing")]));
    }
    let target = match a.morph.trim() {
        "" => UvTarget::Base {
            layer: a.layer.min(4),
        },
        name => UvTarget::Morph(
            model
                .morph_index(name)
                .or_else(|| name.parse().ok())
                .ok_or_else(|| OpError(crate::tr!("uv-transform-no-morph", name = name)))?,
        ),
    };
    let edit = uv_transform(model, &selection.vertices, &t, target)?;
    let summary = vec![edit.label_text().to_string()];
    Ok(Plan::edit(Some(edit), summary))
}
