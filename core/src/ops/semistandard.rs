//! `semistandard`: add the missing semi-standard bones (準標準ボーン)
//! ([`crate::rig::semistandard`]).

use super::kit::choices;
use super::{nothing_or, Choice, Menu, Need, OpError, Operation, Opt, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::semistandard::semistandard;

/// The groups, by key (scripts and the CLI also take the Japanese names).
const GROUPS: &[Choice] = &[
    Choice::new("master", "ops-choice-ss-master"),
    Choice::new("view_center", "ops-choice-ss-view-center"),
    Choice::new("groove", "ops-choice-ss-groove"),
    Choice::new("waist", "ops-choice-ss-waist"),
    Choice::new("upper_body2", "ops-choice-ss-upper-body2"),
    Choice::new("leg_ik_parent", "ops-choice-ss-leg-ik-parent"),
    Choice::new("leg_d", "ops-choice-ss-leg-d"),
    Choice::new("arm_twist", "ops-choice-ss-arm-twist"),
    Choice::new("wrist_twist", "ops-choice-ss-wrist-twist"),
    Choice::new("shoulder_p", "ops-choice-ss-shoulder-p"),
    Choice::new("thumb0", "ops-choice-ss-thumb0"),
];

const OPTIONS: [Opt; 1] = [choices("only", "ops-opt-only", GROUPS, true)];

pub const OP: Operation = Operation::new("semistandard", Menu::Rig, Need::None, plan)
    .keys("ops-semistandard-title", "ops-semistandard-help")
    .options(&OPTIONS);

fn plan(model: &Model, _selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let only: Option<Vec<String>> = options.args().parse("only")?;
    if only.as_ref().is_some_and(|o| o.is_empty()) {
        return Ok(Plan::edit(None, vec![crate::tr!("ops-nothing-chosen")]));
    }
    let opts = super::semistandard_options(only.as_deref())?;
    nothing_or(semistandard(model, &opts).map(|p| {
        let r = &p.report;
        let mut summary = vec![
            crate::tr!(
                "ops-summary-semistandard-added",
                count = r.added.len(),
                names = r.added.join(", ")
            ),
            crate::tr!(
                "ops-summary-semistandard-moved",
                vertices = r.vertices_changed,
                bodies = r.bodies_moved
            ),
        ];
        summary.extend(r.skipped.iter().cloned());
        Plan::edit(Some(p.edit), summary)
    }))
}
