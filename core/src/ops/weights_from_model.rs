//! `weights_from_model`: weights of the nearest surface point of another model,
//! bones matched by name ([`crate::rig::transfer`]).

use super::input::{load_model, vertex_summary};
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::transfer::{transfer_from_model, TransferOptions};

pub const OP: Operation = Operation {
    name: "weights_from_model",
    aliases: &[],
    title: "ops-weights-from-model-title",
    help: "ops-weights-from-model-help",
    menu: Menu::Weights,
    selection: Need::Vertices,
    options: &[
        Opt::new("file", "ops-opt-model-file", OptKind::File, Def::Str("")).required(),
        Opt::new(
            "max_distance",
            "ops-opt-max-distance",
            OptKind::Float {
                min: 0.0,
                max: 1000.0,
            },
            Def::Float(1.0),
        )
        .auto(),
    ],
    plan,
};

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let args = options.args();
    let source = load_model(&args)?;
    let options = TransferOptions {
        max_distance: args.parse::<f32>("max_distance")?.unwrap_or(f32::INFINITY),
    };
    let edit = transfer_from_model(model, &source, &selection.vertices, options)?.0;
    Ok(vertex_summary(edit, selection))
}
