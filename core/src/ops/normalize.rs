//! `normalize`: weights renormalised to sum 1 ([`crate::rig::weights::normalize`]).

use super::input::vertex_summary;
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation::new("normalize", Menu::Weights, Need::Vertices, plan)
    .keys("ops-normalize-title", "ops-normalize-help");

fn plan(model: &Model, selection: &Selection, _options: &Options) -> Result<Plan, OpError> {
    let edit = crate::rig::weights::normalize(model, &selection.vertices)?;
    Ok(vertex_summary(edit, selection))
}
