//! `bone_morph_from_pose`: a bone morph reproducing a pose file at weight 1.

use super::input::{load_pose, name_panel};
use super::morph_from_model::{NAME, PANEL};
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation {
    name: "bone_morph_from_pose",
    aliases: &[],
    title: "ops-bone-morph-from-pose-title",
    help: "ops-bone-morph-from-pose-help",
    menu: Menu::Morph,
    selection: Need::None,
    options: &[
        Opt::new("pose", "ops-opt-pose-file", OptKind::File, Def::Str("")).required(),
        NAME,
        PANEL,
    ],
    plan,
};

fn plan(model: &Model, _selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let args = options.args();
    let pose = load_pose(model, &args)?;
    let (name, panel) = name_panel(&args)?;
    let edit = crate::rig::morphs::bone_morph_from_pose(model, &pose, name, panel)?;
    Ok(Plan::edit(
        Some(edit),
        vec![crate::tr!("ops-summary-morph", name = name)],
    ))
}
