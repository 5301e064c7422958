//! `extract`: the selected materials with what they need saved as a model of their own
//! ([`crate::rig::parts::extract`]). A model-producing output operation: it leaves the
//! open model as it is (not an undo step) and its product is a new model, which
//! [`super::output::write`] saves by the save rule with the texture rule.

use super::output::{Output, OutputOperation, Product, Progress, RunResult, Sources};
use super::{Menu, Need, Options, Selection};
use crate::rig::parts::{extract, plan_removal, summary, Scope};

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
    _: &Options,
    progress: &mut Progress,
) -> RunResult {
    let model = sources.model;
    let keep = selection.required_materials()?;
    let others: Vec<usize> = (0..model.materials.len())
        .filter(|m| !keep.contains(m))
        .collect();
    let mut lines = summary(&plan_removal(model, &others, Scope::Extract), model);
    progress.check()?;
    let part = extract(model, keep)?;
    // What the part holds: the message's arguments are the script's kind names.
    let mut kept: Vec<(&'static str, crate::i18n::FluentValue)> =
        vec![("vertices", part.vertices.len().into())];
    kept.extend(
        super::script::KINDS
            .iter()
            .map(|(name, kind)| (*name, kind.len(&part).into())),
    );
    lines.push(crate::i18n::lookup(
        &crate::i18n::CORE,
        "extract-cli-kept",
        &kept,
    ));
    (progress.report)(1.0);
    Ok(Output {
        product: Product::Model(Box::new(part)),
        lines,
        notes: Vec::new(),
    })
}
