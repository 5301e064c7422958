//! `material_order`: move the selected materials, with their faces, to before the
//! material at `to` — [`crate::rig::materials::plan_order`].

use super::kit::int;
use super::{nothing_or, Menu, Need, OpError, Operation, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::materials::plan_order;

pub const OP: Operation = Operation::new("material_order", Menu::Materials, Need::Materials, plan)
    .keys("ops-material-order-title", "ops-material-order-help")
    .options(&[int("to", "ops-opt-material-to", 0, 65535, 0).required()]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let materials = selection.required_materials()?;
    let to: usize = options.args().parse_required("to")?;
    nothing_or(plan_order(model, materials, to).map(|edit| {
        let summary = vec![edit.label_text().to_string()];
        Plan::edit(Some(edit), summary)
    }))
}
