//! `split_material`: the faces all of whose vertices are selected go to a new
//! material right after theirs — [`crate::rig::materials::plan_split`].

use super::{
    nothing_or, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection,
};
use crate::pmx::Model;
use crate::rig::materials::plan_split;

pub const OP: Operation = Operation {
    name: "split_material",
    aliases: &[],
    title: "ops-split-material-title",
    help: "ops-split-material-help",
    menu: Menu::Materials,
    selection: Need::Vertices,
    options: &[Opt::new(
        "name",
        "ops-opt-split-name",
        OptKind::Text,
        Def::Str(""),
    )],
    plan,
};

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
