//! `split_material`: the faces all of whose vertices are selected go to a new
//! material right after theirs — [`crate::rig::materials::plan_split`].

use super::kit::text;
use super::{nothing_or, Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::materials::plan_split;

pub const OP: Operation = Operation::new("split_material", Menu::Materials, Need::Vertices, plan)
    .keys("ops-split-material-title", "ops-split-material-help")
    .options(&[text("name", "ops-opt-split-name", "")]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let name = options.args().str("name")?.unwrap_or("");
    nothing_or(plan_split(model, &selection.vertices, name).map(|p| {
        let summary = p
            .split
            .iter()
            .map(|&(m, faces)| {
                crate::tr!(
                    "materials-split-summary",
                    name = model.materials[m].name.as_str(),
                    faces = faces
                )
            })
            .collect();
        Plan::edit(Some(p.edit), summary)
    }))
}
