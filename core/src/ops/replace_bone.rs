//! `replace_bone`: the weights of one bone onto another.

use super::input::{one_bone, vertex_summary};
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

/// The two bones of a weight move (shared with `transfer_weight`).
pub const FROM: Opt = Opt::new("from", "ops-opt-from-bone", OptKind::Bone, Def::Int(0)).required();
pub const TO: Opt = Opt::new("to", "ops-opt-to-bone", OptKind::Bone, Def::Int(0)).required();

pub const OP: Operation = Operation {
    name: "replace_bone",
    aliases: &[],
    title: "ops-replace-bone-title",
    help: "ops-replace-bone-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[FROM, TO],
    plan,
};

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let (from, to) = (
        one_bone(model, options, "from")?,
        one_bone(model, options, "to")?,
    );
    let edit = crate::rig::weights::replace_bone(model, &selection.vertices, from, to)?;
    Ok(vertex_summary(edit, selection))
}
