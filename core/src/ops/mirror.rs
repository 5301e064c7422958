//! `mirror`: copy one side onto the other, for the whole model or to make the
//! selection symmetric ([`crate::rig::mirror`]).

use super::kit::{choice, choices, float};
use super::{nothing_or, Choice, Menu, Need, OpError, Operation, Opt, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::mirror::{mirror, KindCounts, DEFAULT_TOLERANCE};

const SIDES: &[Choice] = &[
    Choice::new("left", "ops-choice-left"),
    Choice::new("right", "ops-choice-right"),
];

const PARTS: &[Choice] = &[
    Choice::new("bones", "ops-choice-part-bones"),
    Choice::new("bodies", "ops-choice-part-bodies"),
    Choice::new("joints", "ops-choice-part-joints"),
    Choice::new("morphs", "ops-choice-part-morphs"),
    Choice::new("frames", "ops-choice-part-frames"),
    Choice::new("weights", "ops-choice-part-weights"),
];

const OPTIONS: [Opt; 3] = [
    choice("from", "ops-opt-from", SIDES, "left").required(),
    float(
        "tolerance",
        "ops-opt-tolerance",
        0.0,
        1.0,
        DEFAULT_TOLERANCE,
    ),
    choices("skip", "ops-opt-skip", PARTS, false),
];

pub const OP: Operation = Operation::new("mirror", Menu::Rig, Need::Elements, plan)
    .keys("ops-mirror-title", "ops-mirror-help")
    .options(&OPTIONS);

fn counts(key: &str, c: &KindCounts) -> String {
    crate::tr!(
        key,
        bones = c.bones,
        bodies = c.rigid_bodies,
        joints = c.joints,
        morphs = c.morphs
    )
}

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let args = options.args();
    let from = args.str_required("from")?;
    let skip: Vec<String> = args.parse("skip")?.unwrap_or_default();
    let tolerance: Option<f32> = args.parse("tolerance")?;
    let mut opts = super::mirror_options(model, from, None, tolerance, &skip)?;
    if !selection.is_empty() {
        opts.selection = Some(selection.clone());
    }
    nothing_or(mirror(model, &opts).map(|m| {
        let r = &m.report;
        let mut summary = vec![
            counts("ops-summary-mirror-created", &r.created),
            counts("ops-summary-mirror-overwritten", &r.overwritten),
            counts("ops-summary-mirror-unchanged", &r.unchanged),
            crate::tr!(
                "ops-summary-mirror-weights",
                changed = r.vertices_changed,
                considered = r.vertices_considered,
                unmatched = r.vertices_without_mirror,
                frames = r.display_entries_added
            ),
        ];
        summary.extend(r.skipped.iter().cloned());
        Plan::edit(Some(m.edit), summary)
    }))
}
