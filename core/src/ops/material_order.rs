//! `material_order`: move the selected materials, with their faces, to before the
//! material at `to` — [`crate::rig::materials::plan_order`].

use super::{
    nothing_or, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection,
};
use crate::pmx::Model;
use crate::rig::materials::plan_order;

pub const OP: Operation = Operation {
    name: "material_order",
    aliases: &[],
    title: "ops-material-order-title",
    help: "ops-material-order-help",
    menu: Menu::Materials,
    selection: Need::Materials,
    options: &[Opt::new(
        "to",
        "ops-opt-material-to",
        OptKind::Int { min: 0, max: 65535 },
        Def::Int(0),
    )
    .required()],
    plan,
};

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let materials = selection.required_materials()?;
    let to: usize = options.args().parse_required("to")?;
    nothing_or(plan_order(model, materials, to).map(|edit| {
        let summary = vec![edit.label_text().to_string()];
        Plan::edit(Some(edit), summary)
    }))
}
