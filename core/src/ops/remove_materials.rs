//! `remove_materials`: remove the selected materials with their faces, and what only
//! they used (vertices, textures, bones, …) — [`crate::rig::parts`].

use super::{Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::parts::{plan_removal, summary, Scope};

pub const OP: Operation = Operation::new("remove_materials", Menu::Model, Need::Materials, plan)
    .keys("ops-remove-materials-title", "ops-remove-materials-help");

fn plan(model: &Model, selection: &Selection, _options: &Options) -> Result<Plan, OpError> {
    let materials = selection.required_materials()?;
    let removal = plan_removal(model, materials, Scope::Remove);
    let summary = summary(&removal, model);
    let label = crate::tr!("remove-materials-label", count = removal.materials.len());
    Ok(Plan::edit(removal.into_deletion(label), summary))
}
