//! `morph_from_model`: a vertex morph = another model's vertices − these.

use super::input::{load_model, name_panel};
use super::kit::{file, int, text};
use super::{Menu, Need, OpError, Operation, Opt, Options, Plan, Selection};
use crate::pmx::Model;

/// A new morph's name and panel (shared with `bone_morph_from_pose`).
pub const NAME: Opt = text("name", "ops-opt-morph-name", "").required();
pub const PANEL: Opt = int("panel", "ops-opt-panel", 0, 4, 4);

pub const OP: Operation = Operation::new("morph_from_model", Menu::Morph, Need::None, plan)
    .keys("ops-morph-from-model-title", "ops-morph-from-model-help")
    .options(&[file("file", "ops-opt-model-file"), NAME, PANEL]);

fn plan(model: &Model, _selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let args = options.args();
    let other = load_model(&args)?;
    let (name, panel) = name_panel(&args)?;
    let edit = crate::rig::morphs::vertex_morph_from_model(model, &other, name, panel)?;
    Ok(Plan::edit(
        Some(edit),
        vec![crate::tr!("ops-summary-morph", name = name)],
    ))
}
