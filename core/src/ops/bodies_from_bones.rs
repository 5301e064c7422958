//! `bodies_from_bones`: one rigid body per bone ([`crate::rig::bodies`]).

use super::{
    rig_plan, Choice, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection,
};
use crate::pmx::Model;
use crate::rig::args::BodyArgs;

const MODES: &[Choice] = &[
    Choice::new("follow_bone", "ops-choice-follow-bone"),
    Choice::new("dynamic", "ops-choice-dynamic"),
    Choice::new("dynamic_bone_position", "ops-choice-dynamic-bone-position"),
];

/// The body generator's options (shared with `chain`).
pub const BODY_OPTIONS: [Opt; 13] = [
    Opt::new(
        "shape",
        "ops-opt-shape",
        OptKind::Choice(&[
            Choice::new("capsule", "ops-choice-capsule"),
            Choice::new("box", "ops-choice-box"),
            Choice::new("sphere", "ops-choice-sphere"),
        ]),
        Def::Str("capsule"),
    ),
    Opt::new(
        "size",
        "ops-opt-size",
        OptKind::Choice(&[
            Choice::new("vertices", "ops-choice-size-vertices"),
            Choice::new("length", "ops-choice-size-length"),
        ]),
        Def::Str("vertices"),
    ),
    Opt::new(
        "radius_scale",
        "ops-opt-radius-scale",
        OptKind::Float {
            min: 0.05,
            max: 10.0,
        },
        Def::Float(1.0),
    ),
    Opt::new(
        "root_mode",
        "ops-opt-root-mode",
        OptKind::Choice(MODES),
        Def::Str("follow_bone"),
    ),
    Opt::new(
        "mode",
        "ops-opt-mode",
        OptKind::Choice(MODES),
        Def::Str("dynamic_bone_position"),
    ),
    Opt::new(
        "mass",
        "ops-opt-mass",
        OptKind::Float {
            min: 0.001,
            max: 1000.0,
        },
        Def::Float(1.0),
    ),
    Opt::new(
        "mass_falloff",
        "ops-opt-mass-falloff",
        OptKind::Float {
            min: 0.01,
            max: 1.0,
        },
        Def::Float(0.8),
    ),
    Opt::new(
        "min_mass",
        "ops-opt-min-mass",
        OptKind::Float {
            min: 0.001,
            max: 1000.0,
        },
        Def::Float(0.1),
    ),
    Opt::new(
        "preset",
        "ops-opt-preset",
        OptKind::Choice(&[
            Choice::new("hair", "ops-choice-hair"),
            Choice::new("cloth", "ops-choice-cloth"),
            Choice::new("accessory", "ops-choice-accessory"),
            Choice::new("plain", "ops-choice-plain"),
        ]),
        Def::Str("hair"),
    ),
    Opt::new(
        "group",
        "ops-opt-group",
        OptKind::Int { min: 0, max: 15 },
        Def::Int(0),
    )
    .auto(),
    Opt::new("mask", "ops-opt-mask", OptKind::Mask, Def::Int(0xFFFF)).auto(),
    Opt::new(
        "no_collide",
        "ops-opt-no-collide",
        OptKind::Groups,
        Def::Empty,
    )
    .auto(),
    Opt::new("name", "ops-opt-name", OptKind::Text, Def::Str("{bone}")),
];

/// Replace existing bodies / joints on the bones.
pub const REPLACE: Opt = Opt::new(
    "replace",
    "ops-opt-replace",
    OptKind::Bool,
    Def::Bool(false),
);

/// Take the selected bones and every bone below them (the app starts with it on).
pub const BELOW: Opt =
    Opt::new("below", "ops-opt-below", OptKind::Bool, Def::Bool(false)).app(Def::Bool(true));

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

pub const OP: Operation = Operation {
    name: "bodies_from_bones",
    aliases: &["bodies"],
    title: "ops-bodies-from-bones-title",
    help: "ops-bodies-from-bones-help",
    menu: Menu::Rig,
    selection: Need::Bones,
    options: &OPTIONS,
    plan,
};

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
