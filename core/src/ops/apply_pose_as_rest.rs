//! `apply_pose_as_rest`: a pose file's bones become the rest pose (mesh, bodies and
//! joints move), as `hone pose --apply-as-rest` ([`crate::rig::rest_pose`]).

use super::input::load_pose;
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "apply_pose_as_rest",
    aliases: &[],
    title: "ops-apply-pose-as-rest-title",
    help: "ops-apply-pose-as-rest-help",
    menu: Menu::Rig,
    selection: Need::None,
    options: &[Opt::new("pose", "ops-opt-pose-file", OptKind::File, Def::Str("")).required()],
    plan,
};

fn plan(model: &Model, _selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let pose = load_pose(model, &options.args())?;
    let edit = crate::rig::rest_pose::apply_pose_as_rest(model, &pose)?;
    Ok(Plan::edit(
        Some(edit),
        vec![crate::tr!("ops-summary-rest-pose")],
    ))
}
