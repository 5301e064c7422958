//! `chain`: the chain wizard — bodies, joints (and a skirt ring) and one collision
//! group for root bones and every bone below them ([`crate::rig::chain::chain`]).

use super::bodies_from_bones::{concat, BODY_OPTIONS, REPLACE};
use super::joint_chain::JOINT_OPTIONS;
use super::{rig_plan, Menu, Need, OpError, Operation, Opt, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::args::chain_options;

const BODIES_AND_REPLACE: [Opt; 14] = concat(BODY_OPTIONS, [REPLACE]);
const OPTIONS: [Opt; 24] = concat(BODIES_AND_REPLACE, JOINT_OPTIONS);

pub const OP: Operation = Operation::new("chain", Menu::Rig, Need::Bones, plan)
    .keys("ops-chain-title", "ops-chain-help")
    .options(&OPTIONS);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let opts = chain_options(&options.deserialize()?, &options.deserialize()?)?;
    let roots = selection.bones_in(model);
    Ok(rig_plan(crate::rig::chain::chain(model, &roots, &opts)?))
}
