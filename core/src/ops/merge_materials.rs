//! `merge_materials`: the selected materials (one: every material with its settings)
//! become one, their faces in order — [`crate::rig::materials::plan_merge`].

use super::{nothing_or, Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::materials::plan_merge;

pub const OP: Operation = Operation::new("merge_materials", Menu::Materials, Need::Materials, plan)
    .keys("ops-merge-materials-title", "ops-merge-materials-help");

fn plan(model: &Model, selection: &Selection, _options: &Options) -> Result<Plan, OpError> {
    let materials = selection.required_materials()?;
    nothing_or(plan_merge(model, materials).map(|p| {
        let names: Vec<&str> = p
            .merged
            .iter()
            .map(|&m| model.materials[m].name.as_str())
            .collect();
        let summary = vec![
            crate::tr!(
                "materials-merge-summary",
                count = p.merged.len(),
                faces = p.faces
            ),
            crate::tr!("materials-merge-names", names = names.join(", ")),
        ];
        Plan::edit(Some(p.edit), summary)
    }))
}
