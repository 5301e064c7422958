//! `uv_transform`: move, rotate and scale the selected vertices' UVs (or a UV morph's
//! offsets) in UV space — [`crate::rig::uv`]. The app's UV editor builds its options.

use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::uv::{uv_transform, UvAffine, UvTarget};
use glam::Vec2;

const UV_RANGE: OptKind = OptKind::Float {
    min: -1000.0,
    max: 1000.0,
};

pub const OP: Operation = Operation {
    name: "uv_transform",
    aliases: &[],
    title: "ops-uv-transform-title",
    help: "ops-uv-transform-help",
    menu: Menu::Model,
    selection: Need::Vertices,
    options: &[
        Opt::new(
            "translate_u",
            "ops-opt-translate-u",
            UV_RANGE,
            Def::Float(0.0),
        ),
        Opt::new(
            "translate_v",
            "ops-opt-translate-v",
            UV_RANGE,
            Def::Float(0.0),
        ),
        Opt::new(
            "rotate_deg",
            "ops-opt-uv-rotate-deg",
            OptKind::Float {
                min: -360.0,
                max: 360.0,
            },
            Def::Float(0.0),
        ),
        Opt::new("scale_u", "ops-opt-scale-u", UV_RANGE, Def::Float(1.0)),
        Opt::new("scale_v", "ops-opt-scale-v", UV_RANGE, Def::Float(1.0)),
        Opt::new("pivot_u", "ops-opt-pivot-u", UV_RANGE, Def::Float(0.5)).auto(),
        Opt::new("pivot_v", "ops-opt-pivot-v", UV_RANGE, Def::Float(0.5)).auto(),
        Opt::new(
            "layer",
            "ops-opt-uv-layer",
            OptKind::Int { min: 0, max: 4 },
            Def::Int(0),
        ),
        Opt::new("morph", "ops-opt-uv-morph", OptKind::Text, Def::Str("")),
    ],
    plan,
};

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
