//! `transfer_weight`: move a share of one bone's weight to another.

use super::input::{one_bone, vertex_summary};
use super::replace_bone::{FROM, TO};
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "transfer_weight",
    aliases: &[],
    title: "ops-transfer-weight-title",
    help: "ops-transfer-weight-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[
        FROM,
        TO,
        Opt::new(
            "ratio",
            "ops-opt-ratio",
            OptKind::Float { min: 0.0, max: 1.0 },
            Def::Float(1.0),
        ),
    ],
    plan,
};

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let (from, to) = (
        one_bone(model, options, "from")?,
        one_bone(model, options, "to")?,
    );
    let ratio = options.args().parse::<f32>("ratio")?.unwrap_or(1.0);
    let edit = crate::rig::weights::transfer_weight(model, &selection.vertices, from, to, ratio)?;
    Ok(vertex_summary(edit, selection))
}
