//! `extract`: the selected materials with what they need saved as a model of their own
//! ([`crate::rig::parts::extract`]). A model-producing output operation: it leaves the
//! open model as it is (not an undo step) and its product is a new model, which
//! [`super::output::write`] saves by the save rule with the texture rule.

use super::output::{Output, OutputOperation, Product, Progress, Sources};
use super::{Menu, Need, OpError, Options, Selection};
use crate::rig::parts::{extract, plan_removal, Scope};

pub const OP: OutputOperation = OutputOperation {
    name: "extract",
    title: "output-extract-title",
    help: "output-extract-help",
    menu: Menu::File,
    selection: Need::Materials,
    inputs: &[],
    extensions: &["pmx"],
    file_suffix: "_part",
    options: &[],
    run,
};

fn run(
    sources: &Sources,
    selection: &Selection,
    _options: &Options,
    progress: &mut Progress,
) -> Result<Output, OpError> {
    let model = sources.model;
    let keep = selection.required_materials()?;
    let others: Vec<usize> = (0..model.materials.len())
        .filter(|m| !keep.contains(m))
        .collect();
    let mut lines = plan_removal(model, &others, Scope::Extract).summary(model);
    progress.check()?;
    let part = extract(model, keep)?;
    lines.push(crate::tr!(
        "extract-cli-kept",
        materials = part.materials.len(),
        vertices = part.vertices.len(),
        bones = part.bones.len(),
        bodies = part.rigid_bodies.len(),
        joints = part.joints.len(),
        morphs = part.morphs.len()
    ));
    (progress.report)(1.0);
    Ok(Output {
        product: Product::Model(Box::new(part)),
        lines,
        notes: Vec::new(),
    })
}
