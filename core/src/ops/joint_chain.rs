//! `joint_chain`: joints from each bone's body to its parent bone's body, and skirt
//! rings ([`crate::rig::chain::joint_chain`]).

use super::bodies_from_bones::{bones, concat, BELOW, REPLACE};
use super::{
    rig_plan, Choice, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection,
};
use crate::pmx::Model;
use crate::rig::args::JointArgs;

const ANGLE: OptKind = OptKind::Vec3 {
    min: -180.0,
    max: 180.0,
};
const LIMIT: OptKind = OptKind::Vec3 {
    min: 0.0,
    max: 180.0,
};
const FREE: OptKind = OptKind::Vec3 {
    min: -1000.0,
    max: 1000.0,
};
const SPRING: OptKind = OptKind::Vec3 {
    min: 0.0,
    max: 10000.0,
};

/// The joint preset's choices.
pub const JOINT_PRESETS: &[Choice] = &[
    Choice::new("hair", "ops-choice-hair"),
    Choice::new("skirt", "ops-choice-skirt"),
    Choice::new("loose", "ops-choice-loose"),
    Choice::new("stiff", "ops-choice-stiff"),
];

/// The ring option's choices.
pub const RINGS: &[Choice] = &[
    Choice::new("off", "ops-choice-off"),
    Choice::new("auto", "ops-choice-auto"),
    Choice::new("open", "ops-choice-open"),
    Choice::new("closed", "ops-choice-closed"),
];

/// The joint generator's options (shared with `skirt_ring` and `chain`).
pub const JOINT_OPTIONS: [Opt; 10] = [
    Opt::new(
        "joint_preset",
        "ops-opt-joint-preset",
        OptKind::Choice(JOINT_PRESETS),
        Def::Str("hair"),
    ),
    Opt::new(
        "limit_deg",
        "ops-opt-limit-deg",
        LIMIT,
        Def::Vec3([30.0, 5.0, 30.0]),
    )
    .auto(),
    Opt::new(
        "angular_lower_deg",
        "ops-opt-angular-lower-deg",
        ANGLE,
        Def::Vec3([-30.0, -5.0, -30.0]),
    )
    .auto(),
    Opt::new(
        "angular_upper_deg",
        "ops-opt-angular-upper-deg",
        ANGLE,
        Def::Vec3([30.0, 5.0, 30.0]),
    )
    .auto(),
    Opt::new(
        "linear_lower",
        "ops-opt-linear-lower",
        FREE,
        Def::Vec3([0.0; 3]),
    )
    .auto(),
    Opt::new(
        "linear_upper",
        "ops-opt-linear-upper",
        FREE,
        Def::Vec3([0.0; 3]),
    )
    .auto(),
    Opt::new(
        "linear_spring",
        "ops-opt-linear-spring",
        SPRING,
        Def::Vec3([0.0; 3]),
    )
    .auto(),
    Opt::new(
        "angular_spring",
        "ops-opt-angular-spring",
        SPRING,
        Def::Vec3([0.0; 3]),
    )
    .auto(),
    Opt::new(
        "ring",
        "ops-opt-ring",
        OptKind::Choice(RINGS),
        Def::Str("off"),
    )
    .bare("auto"),
    Opt::new(
        "ring_limit_deg",
        "ops-opt-ring-limit-deg",
        LIMIT,
        Def::Vec3([30.0; 3]),
    )
    .auto(),
];

const OPTIONS: [Opt; 12] = concat(JOINT_OPTIONS, [REPLACE, BELOW]);

pub const OP: Operation = Operation {
    name: "joint_chain",
    aliases: &["joints"],
    title: "ops-joint-chain-title",
    help: "ops-joint-chain-help",
    menu: Menu::Rig,
    selection: Need::Bones,
    options: &OPTIONS,
    plan,
};

pub fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let opts = options.deserialize::<JointArgs>()?.to_options()?;
    let bones = bones(model, selection, options)?;
    Ok(rig_plan(crate::rig::chain::joint_chain(
        model, &bones, &opts,
    )?))
}
