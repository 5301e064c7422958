//! `skirt_ring`: a joint chain with the skirt preset and ring joints between
//! neighbouring chains (the joint chain with other defaults).

use super::bodies_from_bones::{concat, BELOW, REPLACE};
use super::joint_chain::{JOINT_OPTIONS, JOINT_PRESETS, RINGS};
use super::{Def, Menu, Need, Operation, Opt, OptKind};

const fn skirt_defaults(mut o: [Opt; 10]) -> [Opt; 10] {
    o[0] = Opt::new(
        "joint_preset",
        "ops-opt-joint-preset",
        OptKind::Choice(JOINT_PRESETS),
        Def::Str("skirt"),
    );
    o[8] = Opt::new(
        "ring",
        "ops-opt-ring",
        OptKind::Choice(RINGS),
        Def::Str("auto"),
    )
    .bare("auto");
    o
}

const OPTIONS: [Opt; 12] = concat(skirt_defaults(JOINT_OPTIONS), [REPLACE, BELOW]);

pub const OP: Operation = Operation {
    name: "skirt_ring",
    aliases: &[],
    title: "ops-skirt-ring-title",
    help: "ops-skirt-ring-help",
    menu: Menu::Rig,
    selection: Need::Bones,
    options: &OPTIONS,
    plan: super::joint_chain::plan,
};
