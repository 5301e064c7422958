//! `morph_from_model`: a vertex morph = another model's vertices − these.

use super::input::{load_model, name_panel};
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;

/// A new morph's name and panel (shared with `bone_morph_from_pose`).
pub const NAME: Opt =
    Opt::new("name", "ops-opt-morph-name", OptKind::Text, Def::Str("")).required();
pub const PANEL: Opt = Opt::new(
    "panel",
    "ops-opt-panel",
    OptKind::Int { min: 0, max: 4 },
    Def::Int(4),
);

pub const OP: Operation = Operation {
    name: "morph_from_model",
    aliases: &[],
    title: "ops-morph-from-model-title",
    help: "ops-morph-from-model-help",
    menu: Menu::Morph,
    selection: Need::None,
    options: &[
        Opt::new("file", "ops-opt-model-file", OptKind::File, Def::Str("")).required(),
        NAME,
        PANEL,
    ],
    plan,
};

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
