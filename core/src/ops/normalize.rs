//! `normalize`: weights renormalised to sum 1 ([`crate::rig::weights::normalize`]).

use super::input::vertex_summary;
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "normalize",
    aliases: &[],
    title: "ops-normalize-title",
    help: "ops-normalize-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[],
    plan,
};

fn plan(model: &Model, selection: &Selection, _options: &Options) -> Result<Plan, OpError> {
    let edit = crate::rig::weights::normalize(model, &selection.vertices)?;
    Ok(vertex_summary(edit, selection))
}
