//! `weights_from_model`: weights of the nearest surface point of another model,
//! bones matched by name ([`crate::rig::transfer`]).

use super::input::{load_model, vertex_summary};
use super::kit::{file, float};
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::transfer::{transfer_from_model, TransferOptions};

pub const OP: Operation = Operation::new("weights_from_model", Menu::Weights, Need::Vertices, plan)
    .keys(
        "ops-weights-from-model-title",
        "ops-weights-from-model-help",
    )
    .options(&[
        file("file", "ops-opt-model-file"),
        float("max_distance", "ops-opt-max-distance", 0.0, 1000.0, 1.0).auto(),
    ]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let args = options.args();
    let source = load_model(&args)?;
    let options = TransferOptions {
        max_distance: args.parse::<f32>("max_distance")?.unwrap_or(f32::INFINITY),
    };
    let edit = transfer_from_model(model, &source, &selection.vertices, options)?.0;
    Ok(vertex_summary(edit, selection))
}
