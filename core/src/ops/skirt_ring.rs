//! `skirt_ring`: a joint chain with the skirt preset and ring joints between
//! neighbouring chains (the joint chain with other defaults).

use super::bodies_from_bones::{concat, BELOW, REPLACE};
use super::joint_chain::{plan, JOINT_OPTIONS, JOINT_PRESETS, RINGS};
use super::kit::choice;
use super::{Menu, Need, Operation, Opt};

const fn skirt_defaults(mut o: [Opt; 10]) -> [Opt; 10] {
    o[0] = choice(
        "joint_preset",
        "ops-opt-joint-preset",
        JOINT_PRESETS,
        "skirt",
    );
    o[8] = choice("ring", "ops-opt-ring", RINGS, "auto").bare("auto");
    o
}

const OPTIONS: [Opt; 12] = concat(skirt_defaults(JOINT_OPTIONS), [REPLACE, BELOW]);

pub const OP: Operation = Operation::new("skirt_ring", Menu::Rig, Need::Bones, plan)
    .keys("ops-skirt-ring-title", "ops-skirt-ring-help")
    .options(&OPTIONS);
