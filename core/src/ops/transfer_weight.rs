//! `transfer_weight`: move a share of one bone's weight to another.

use super::input::{one_bone, vertex_summary};
use super::kit::float;
use super::replace_bone::{FROM, TO};
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation::new("transfer_weight", Menu::Weights, Need::Vertices, plan)
    .keys("ops-transfer-weight-title", "ops-transfer-weight-help")
    .options(&[FROM, TO, float("ratio", "ops-opt-ratio", 0.0, 1.0, 1.0)]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let (from, to) = (
        one_bone(model, options, "from")?,
        one_bone(model, options, "to")?,
    );
    let ratio = options.args().parse::<f32>("ratio")?.unwrap_or(1.0);
    let edit = crate::rig::weights::transfer_weight(model, &selection.vertices, from, to, ratio)?;
    Ok(vertex_summary(edit, selection))
}
