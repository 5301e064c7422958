//! `limit`: keep the N largest weights of each vertex, renormalised.

use super::kit::{int, on_vertices};
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::weights::limit_bones;

pub const OP: Operation = Operation::new("limit", Menu::Weights, Need::Vertices, plan)
    .keys("ops-limit-title", "ops-limit-help")
    .options(&[int("max_bones", "ops-opt-max-bones", 1, 4, 4).required()]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    on_vertices(selection, options, "max_bones", |v, n| {
        limit_bones(model, v, n)
    })
}
