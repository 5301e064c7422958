//! `replace_bone`: the weights of one bone onto another.

use super::input::{one_bone, vertex_summary};
use super::kit::bone;
use super::{Menu, Need, OpError, Operation, Opt, Options, Plan, Selection};
use crate::pmx::Model;

/// The two bones of a weight move (shared with `transfer_weight`).
pub const FROM: Opt = bone("from", "ops-opt-from-bone");
pub const TO: Opt = bone("to", "ops-opt-to-bone");

pub const OP: Operation = Operation::new("replace_bone", Menu::Weights, Need::Vertices, plan)
    .keys("ops-replace-bone-title", "ops-replace-bone-help")
    .options(&[FROM, TO]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let (from, to) = (
        one_bone(model, options, "from")?,
        one_bone(model, options, "to")?,
    );
    let edit = crate::rig::weights::replace_bone(model, &selection.vertices, from, to)?;
    Ok(vertex_summary(edit, selection))
}
