//! `prune`: drop weights below a threshold, renormalised.

use super::input::vertex_summary;
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "prune",
    aliases: &[],
    title: "ops-prune-title",
    help: "ops-prune-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[Opt::new(
        "threshold",
        "ops-opt-threshold",
        OptKind::Float { min: 0.0, max: 1.0 },
        Def::Float(0.01),
    )
    .required()],
    plan,
};

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let t = options.args().parse_required::<f32>("threshold")?;
    let edit = crate::rig::weights::prune(model, &selection.vertices, t)?;
    Ok(vertex_summary(edit, selection))
}
