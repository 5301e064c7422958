//! `joint_chain`: joints from each bone's body to its parent bone's body, and skirt
//! rings ([`crate::rig::chain::joint_chain`]).

use super::bodies_from_bones::{bones, concat, BELOW, REPLACE};
use super::kit::{choice, range3, vec3};
use super::{
    rig_plan, Choice, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection,
};
use crate::pmx::Model;
use crate::rig::args::JointArgs;

const ANGLE: OptKind = range3(-180.0, 180.0);
const LIMIT: OptKind = range3(0.0, 180.0);
const FREE: OptKind = range3(-1000.0, 1000.0);
const SPRING: OptKind = range3(0.0, 10000.0);

/// The hair preset's angular limit (± about X, Y, Z), where a dialog's fields start.
const HAIR_LIMIT: [f32; 3] = [30.0, 5.0, 30.0];
const HAIR_LOWER: [f32; 3] = [-30.0, -5.0, -30.0];

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
    choice(
        "joint_preset",
        "ops-opt-joint-preset",
        JOINT_PRESETS,
        "hair",
    ),
    vec3("limit_deg", "ops-opt-limit-deg", LIMIT, HAIR_LIMIT).auto(),
    vec3(
        "angular_lower_deg",
        "ops-opt-angular-lower-deg",
        ANGLE,
        HAIR_LOWER,
    )
    .auto(),
    vec3(
        "angular_upper_deg",
        "ops-opt-angular-upper-deg",
        ANGLE,
        HAIR_LIMIT,
    )
    .auto(),
    vec3("linear_lower", "ops-opt-linear-lower", FREE, [0.0; 3]).auto(),
    vec3("linear_upper", "ops-opt-linear-upper", FREE, [0.0; 3]).auto(),
    vec3("linear_spring", "ops-opt-linear-spring", SPRING, [0.0; 3]).auto(),
    vec3("angular_spring", "ops-opt-angular-spring", SPRING, [0.0; 3]).auto(),
    choice("ring", "ops-opt-ring", RINGS, "off").bare("auto"),
    vec3("ring_limit_deg", "ops-opt-ring-limit-deg", LIMIT, [30.0; 3]).auto(),
];

const OPTIONS: [Opt; 12] = concat(JOINT_OPTIONS, [REPLACE, BELOW]);

pub const OP: Operation = Operation::new("joint_chain", Menu::Rig, Need::Bones, plan)
    .aliases(&["joints"])
    .keys("ops-joint-chain-title", "ops-joint-chain-help")
    .options(&OPTIONS);

pub fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let opts = options.deserialize::<JointArgs>()?.to_options()?;
    let bones = bones(model, selection, options)?;
    Ok(rig_plan(crate::rig::chain::joint_chain(
        model, &bones, &opts,
    )?))
}
