//! `limit`: keep the N largest weights of each vertex, renormalised.

use super::input::vertex_summary;
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "limit",
    aliases: &[],
    title: "ops-limit-title",
    help: "ops-limit-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[Opt::new(
        "max_bones",
        "ops-opt-max-bones",
        OptKind::Int { min: 1, max: 4 },
        Def::Int(4),
    )
    .required()],
    plan,
};

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let n = options.args().parse_required::<usize>("max_bones")?;
    let edit = crate::rig::weights::limit_bones(model, &selection.vertices, n)?;
    Ok(vertex_summary(edit, selection))
}
