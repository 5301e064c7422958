//! `prune`: drop weights below a threshold, renormalised.

use super::kit::{float, on_vertices};
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::weights::prune;

pub const OP: Operation = Operation::new("prune", Menu::Weights, Need::Vertices, plan)
    .keys("ops-prune-title", "ops-prune-help")
    .options(&[float("threshold", "ops-opt-threshold", 0.0, 1.0, 0.01).required()]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    on_vertices(selection, options, "threshold", |v, t| prune(model, v, t))
}
