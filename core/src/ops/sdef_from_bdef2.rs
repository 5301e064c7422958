//! `sdef_from_bdef2`: BDEF2 vertices become SDEF with C/R0/R1 from their two bones.

use super::input::vertex_summary;
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "sdef_from_bdef2",
    aliases: &[],
    title: "ops-sdef-from-bdef2-title",
    help: "ops-sdef-from-bdef2-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[],
    plan,
};

fn plan(model: &Model, selection: &Selection, _options: &Options) -> Result<Plan, OpError> {
    let edit = crate::rig::weights::sdef_from_bdef2(model, &selection.vertices)?;
    Ok(vertex_summary(edit, selection))
}
