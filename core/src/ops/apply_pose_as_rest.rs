//! `apply_pose_as_rest`: a pose file's bones become the rest pose (mesh, bodies and
//! joints move), as `hone pose --apply-as-rest` ([`crate::rig::rest_pose`]).

use super::input::load_pose;
use super::kit::file;
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation::new("apply_pose_as_rest", Menu::Rig, Need::None, plan)
    .keys(
        "ops-apply-pose-as-rest-title",
        "ops-apply-pose-as-rest-help",
    )
    .options(&[file("pose", "ops-opt-pose-file")]);

fn plan(model: &Model, _selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let pose = load_pose(model, &options.args())?;
    let edit = crate::rig::rest_pose::apply_pose_as_rest(model, &pose)?;
    Ok(Plan::edit(
        Some(edit),
        vec![crate::tr!("ops-summary-rest-pose")],
    ))
}
