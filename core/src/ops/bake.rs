//! `bake`: the motion's physics (and IK) baked into a VMD that plays the same with
//! physics off ([`crate::motion::bake`]); an output operation.

use super::output::{Input, Output, OutputOperation, Product, Progress, RunResult, Sources};
use super::{Def, Menu, Need, OpError, Opt, OptKind, Options, Selection};
use crate::motion::bake::{bake, BakeBones, BakeOptions, BakeReport};

/// Rotation / translation error beyond which a baked bone is reported as not reproduced.
const REPRODUCED_DEG: f32 = 0.05;
const REPRODUCED_UNITS: f32 = 1e-3;

/// A VMD frame number.
const FRAME: OptKind = OptKind::Int {
    min: 0,
    max: u32::MAX as i64,
};

pub const OP: OutputOperation = OutputOperation {
    name: "bake",
    title: "output-bake-title",
    help: "output-bake-help",
    menu: Menu::File,
    selection: Need::None,
    inputs: &[Input::Motion],
    extensions: &["vmd"],
    file_suffix: "_baked",
    options: &[
        Opt::new("ik", "output-bake-ik", OptKind::Bool, Def::Bool(false))
            .short("output-bake-ik-short"),
        Opt::new(
            "bones",
            "output-bake-bones",
            OptKind::Text,
            Def::Str("physics"),
        )
        .short("output-bake-bones-short"),
        Opt::new(
            "tolerance_deg",
            "output-bake-tolerance-deg",
            OptKind::Float {
                min: 0.0,
                max: 90.0,
            },
            Def::Float(0.005),
        )
        .short("output-bake-tolerance-deg-short"),
        Opt::new("start", "output-bake-start", FRAME, Def::Int(0)).short("output-bake-start-short"),
        Opt::new("end", "output-bake-end", FRAME, Def::Int(0))
            .auto()
            .short("output-bake-end-short"),
    ],
    run,
};

/// The core's bake options from the operation's.
pub fn bake_options(options: &Options) -> Result<BakeOptions, OpError> {
    let args = options.args();
    let tolerance_deg: f32 = args.parse("tolerance_deg")?.unwrap_or(0.005);
    if !(tolerance_deg.is_finite() && tolerance_deg >= 0.0) {
        return Err(OpError(crate::tr!(
            "bake-bad-tolerance",
            value = tolerance_deg.to_string()
        )));
    }
    let bones = match args.str("bones")?.unwrap_or("physics").trim() {
        "physics" => BakeBones::Physics,
        "all" => BakeBones::All,
        names => BakeBones::Names(
            names
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect(),
        ),
    };
    Ok(BakeOptions {
        bones,
        ik: args.parse("ik")?.unwrap_or(false),
        tolerance_deg,
        start: args.parse("start")?.unwrap_or(0),
        end: args.parse("end")?,
        ..BakeOptions::default()
    })
}

fn run(sources: &Sources, _: &Selection, options: &Options, progress: &mut Progress) -> RunResult {
    let bake_options = bake_options(options)?;
    let vmd = sources.motion()?;
    let (baked, report) = bake(
        sources.model,
        vmd,
        &bake_options,
        progress.report,
        progress.cancel,
    )
    .map_err(|e| OpError(e.to_string()))?;
    let (bytes, written) = crate::motion::vmd_write::write_vmd(&baked);
    let mut lines = report_lines(&report, sources.output);
    let cut: Vec<String> = written
        .cut_bone_names
        .iter()
        .chain(&written.cut_morph_names)
        .chain(&written.cut_ik_names)
        .cloned()
        .collect();
    if !cut.is_empty() {
        lines.push(crate::tr!(
            "bake-cut-names",
            count = cut.len(),
            names = listed(&cut)
        ));
    }
    Ok(Output {
        product: Product::Bytes(bytes),
        lines,
        notes: Vec::new(),
    })
}

/// The first few names, quoted, and "…" when there are more.
fn listed(names: &[String]) -> String {
    const SHOWN: usize = 8;
    let first: Vec<String> = names.iter().take(SHOWN).map(|n| format!("{n:?}")).collect();
    let more = if names.len() > SHOWN { ", …" } else { "" };
    format!("{}{more}", first.join(", "))
}

/// The lines a bake's report gives a user (the CLI prints them, the app logs them).
pub fn report_lines(report: &BakeReport, output: &std::path::Path) -> Vec<String> {
    let mut lines = vec![
        crate::tr!(
            "bake-done",
            bones = report.bones.len(),
            start = report.start,
            end = report.end,
            path = output.display().to_string()
        ),
        crate::tr!(
            "bake-keys",
            written = report.written_keys,
            sampled = report.sampled_keys,
            percent = format!("{:.1}", 100.0 * report.ratio()),
            replaced = report.replaced_keys
        ),
    ];
    if let Some(worst) = report.worst() {
        lines.push(crate::tr!(
            "bake-max-error",
            deg = format!("{:.4}", worst.max_error_deg),
            bone = worst.name.clone(),
            units = format!("{:.6}", report.max_error_units())
        ));
    }
    let off: Vec<String> = report
        .bones
        .iter()
        .filter(|b| b.max_error_deg > REPRODUCED_DEG || b.max_error_units > REPRODUCED_UNITS)
        .map(|b| b.name.clone())
        .collect();
    let lists = [
        ("bake-not-reproduced", &off),
        ("bake-unkeyable", &report.unkeyable),
        ("bake-unknown-bones", &report.unknown_bones),
        ("bake-ik-off", &report.ik_switched_off),
        ("bake-ik-kept", &report.unkeyable_ik),
        ("bake-motion-unknown-bones", &report.bind.unknown_bones),
        ("bake-motion-unknown-morphs", &report.bind.unknown_morphs),
    ];
    for (key, names) in lists {
        if !names.is_empty() {
            lines.push(crate::tr!(key, count = names.len(), names = listed(names)));
        }
    }
    lines
}
