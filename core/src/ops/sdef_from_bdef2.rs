//! `sdef_from_bdef2`: BDEF2 vertices become SDEF with C/R0/R1 from their two bones.

use super::input::vertex_summary;
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation::new("sdef_from_bdef2", Menu::Weights, Need::Vertices, plan)
    .keys("ops-sdef-from-bdef2-title", "ops-sdef-from-bdef2-help");

fn plan(model: &Model, selection: &Selection, _options: &Options) -> Result<Plan, OpError> {
    let edit = crate::rig::weights::sdef_from_bdef2(model, &selection.vertices)?;
    Ok(vertex_summary(edit, selection))
}
