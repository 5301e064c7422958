//! `weight_kind`: change the weight kind (BDEF1/2/4, SDEF, QDEF) of vertices.

use super::input::vertex_summary;
use super::kit::choice;
use super::{Choice, Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::{Model, WeightKind};

const KINDS: &[Choice] = &[
    Choice::new("bdef1", "ops-choice-bdef1"),
    Choice::new("bdef2", "ops-choice-bdef2"),
    Choice::new("bdef4", "ops-choice-bdef4"),
    Choice::new("sdef", "ops-choice-sdef"),
    Choice::new("qdef", "ops-choice-qdef"),
];

pub const OP: Operation = Operation::new("weight_kind", Menu::Weights, Need::Vertices, plan)
    .keys("ops-weight-kind-title", "ops-weight-kind-help")
    .options(&[choice("kind", "ops-opt-weight-kind", KINDS, "bdef4").required()]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let name = options.args().str_required("kind")?;
    let kind = WeightKind::ALL
        .into_iter()
        .find(|k| k.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| OpError(crate::tr!("weights-err-unknown-kind", name = name)))?;
    let edit = crate::rig::weights::set_kind(model, &selection.vertices, kind)?;
    Ok(vertex_summary(edit, selection))
}
