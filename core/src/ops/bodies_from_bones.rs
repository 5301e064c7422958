//! `bodies_from_bones`: one rigid body per bone ([`crate::rig::bodies`]).

use super::kit::{choice, flag, float, int, text};
use super::{
    rig_plan, Choice, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection,
};
use crate::pmx::Model;
use crate::rig::args::BodyArgs;

const SHAPES: &[Choice] = &[
    Choice::new("capsule", "ops-choice-capsule"),
    Choice::new("box", "ops-choice-box"),
    Choice::new("sphere", "ops-choice-sphere"),
];
const SIZES: &[Choice] = &[
    Choice::new("vertices", "ops-choice-size-vertices"),
    Choice::new("length", "ops-choice-size-length"),
];
const MODES: &[Choice] = &[
    Choice::new("follow_bone", "ops-choice-follow-bone"),
    Choice::new("dynamic", "ops-choice-dynamic"),
    Choice::new("dynamic_bone_position", "ops-choice-dynamic-bone-position"),
];
const PRESETS: &[Choice] = &[
    Choice::new("hair", "ops-choice-hair"),
    Choice::new("cloth", "ops-choice-cloth"),
    Choice::new("accessory", "ops-choice-accessory"),
    Choice::new("plain", "ops-choice-plain"),
];

/// The body generator's options (shared with `chain`).
pub const BODY_OPTIONS: [Opt; 13] = [
    choice("shape", "ops-opt-shape", SHAPES, "capsule"),
    choice("size", "ops-opt-size", SIZES, "vertices"),
    float("radius_scale", "ops-opt-radius-scale", 0.05, 10.0, 1.0),
    choice("root_mode", "ops-opt-root-mode", MODES, "follow_bone"),
    choice("mode", "ops-opt-mode", MODES, "dynamic_bone_position"),
    float("mass", "ops-opt-mass", 0.001, 1000.0, 1.0),
    float("mass_falloff", "ops-opt-mass-falloff", 0.01, 1.0, 0.8),
    float("min_mass", "ops-opt-min-mass", 0.001, 1000.0, 0.1),
    choice("preset", "ops-opt-preset", PRESETS, "hair"),
    int("group", "ops-opt-group", 0, 15, 0).auto(),
    Opt::new("mask", "ops-opt-mask", OptKind::Mask, Def::Int(0xFFFF)).auto(),
    Opt::new(
        "no_collide",
        "ops-opt-no-collide",
        OptKind::Groups,
        Def::Empty,
    )
    .auto(),
    text("name", "ops-opt-name", "{bone}"),
];

/// Replace existing bodies / joints on the bones.
pub const REPLACE: Opt = flag("replace", "ops-opt-replace", false);

/// Take the selected bones and every bone below them (the app starts with it on).
pub const BELOW: Opt = flag("below", "ops-opt-below", false).app(Def::Bool(true));

/// `a` then `b` (option tables built from shared parts).
pub const fn concat<const A: usize, const B: usize, const C: usize>(
    a: [Opt; A],
    b: [Opt; B],
) -> [Opt; C] {
    let mut out = [REPLACE; C];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    let mut j = 0;
    while j < B {
        out[A + j] = b[j];
        j += 1;
    }
    out
}

const OPTIONS: [Opt; 15] = concat(BODY_OPTIONS, [REPLACE, BELOW]);

pub const OP: Operation = Operation::new("bodies_from_bones", Menu::Rig, Need::Bones, plan)
    .aliases(&["bodies"])
    .keys("ops-bodies-from-bones-title", "ops-bodies-from-bones-help")
    .options(&OPTIONS);

/// The selected bones, with every bone below them when `below` is on.
pub fn bones(
    model: &Model,
    selection: &Selection,
    options: &Options,
) -> Result<Vec<usize>, OpError> {
    let bones = selection.bones_in(model);
    Ok(if options.args().parse::<bool>("below")?.unwrap_or(false) {
        crate::rig::chain::bones_below(model, &bones)
    } else {
        bones
    })
}

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let opts = options.deserialize::<BodyArgs>()?.to_options()?;
    let bones = bones(model, selection, options)?;
    Ok(rig_plan(crate::rig::bodies::bodies_from_bones(
        model, &bones, &opts,
    )?))
}
