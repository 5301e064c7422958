//! `bone_morph_from_pose`: a bone morph reproducing a pose file at weight 1.

use super::input::{load_pose, name_panel};
use super::kit::file;
use super::morph_from_model::{NAME, PANEL};
use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;

pub const OP: Operation = Operation::new("bone_morph_from_pose", Menu::Morph, Need::None, plan)
    .keys(
        "ops-bone-morph-from-pose-title",
        "ops-bone-morph-from-pose-help",
    )
    .options(&[file("pose", "ops-opt-pose-file"), NAME, PANEL]);

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
