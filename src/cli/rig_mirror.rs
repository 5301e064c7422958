//! `hone rig mirror` and `hone rig semistandard`: the left↔right mirror and the
//! semi-standard bones of `hone_core::rig`, each one undoable step, saved to OUT.

use super::CliResult;
use crate::edit::ModelEdit;
use crate::pmx::Model;
use crate::rig::mirror::mirror;
use crate::rig::mirror_ops::{mirror_options, semistandard_options};
use crate::rig::semistandard::semistandard;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct MirrorArgs {
    /// Input model (PMX or PMD).
    pub input: PathBuf,
    /// Output PMX file.
    #[arg(short, long, value_name = "OUT", required_unless_present = "dry_run")]
    pub output: Option<PathBuf>,
    /// The side copied onto the other (左 = left = +X).
    #[arg(long, value_parser = ["left", "right"])]
    pub from: String,
    /// Make only these symmetric: names or globs of bones, rigid bodies, joints and
    /// morphs, comma-separated, on either side (e.g. "左髪*,左リボン*"); vertex weights
    /// follow the selected bones. Without it, everything on the --from side is copied
    /// (missing counterparts created, existing ones overwritten).
    #[arg(long, value_name = "NAME[,NAME…]")]
    pub select: Option<String>,
    /// Distance within which a vertex's mirror vertex is found, and how far from the
    /// centre plane an element must be to count as on a side.
    #[arg(long, default_value_t = crate::rig::mirror::DEFAULT_TOLERANCE)]
    pub tolerance: f32,
    /// Leave these parts alone, comma-separated: bones, bodies, joints, morphs,
    /// frames, weights.
    #[arg(long, value_delimiter = ',', value_parser = crate::rig::mirror_ops::MIRROR_PARTS)]
    pub skip: Vec<String>,
    /// Print what would change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(clap::Args, Debug)]
pub struct SemistandardArgs {
    /// Input model (PMX or PMD).
    pub input: PathBuf,
    /// Output PMX file.
    #[arg(short, long, value_name = "OUT", required_unless_present = "dry_run")]
    pub output: Option<PathBuf>,
    /// Only these, comma-separated (Japanese name or key): 全ての親/master,
    /// 操作中心/view_center, グルーブ/groove, 腰/waist (with 腰キャンセル), 上半身2/upper_body2,
    /// 足IK親/leg_ik_parent, 足D/leg_d (ひざD, 足首D, 足先EX), 腕捩/arm_twist, 手捩/wrist_twist
    /// (with their helpers 1–3), 肩P/shoulder_p (with 肩C), 親指０/thumb0 [default: all].
    #[arg(long, value_delimiter = ',', value_name = "NAME[,NAME…]")]
    pub only: Option<Vec<String>>,
    /// Print what would be added; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

fn finish(model: Model, edit: ModelEdit, output: Option<&PathBuf>, dry_run: bool) -> CliResult {
    if dry_run {
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = output else {
        return Err("--output is required without --dry-run".into());
    };
    super::rig::apply_and_save(model, Some(edit), path, &mut std::io::stdout().lock())
}

pub fn run_mirror(a: MirrorArgs) -> CliResult {
    let (loaded, _format) = super::info::load_any(&a.input)?;
    let model = loaded.model;
    // Each comma-separated item of --select is a name or a glob.
    let select = a.select.as_deref().map(|list| {
        serde_json::Value::Array(
            list.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| serde_json::json!(s))
                .collect(),
        )
    });
    let opts = mirror_options(&model, &a.from, select.as_ref(), Some(a.tolerance), &a.skip)
        .map_err(|e| format!("--select/--skip: {e}"))?;
    let plan = mirror(&model, &opts).map_err(|e| e.to_string())?;
    let r = &plan.report;
    let mut out = std::io::stdout().lock();
    for s in &r.skipped {
        let _ = writeln!(out, "note: {s}");
    }
    let counts = |c: &crate::rig::mirror::KindCounts| {
        format!(
            "{} bones, {} rigid bodies, {} joints, {} morphs",
            c.bones, c.rigid_bodies, c.joints, c.morphs
        )
    };
    let _ = writeln!(out, "created: {}", counts(&r.created));
    let _ = writeln!(out, "overwritten: {}", counts(&r.overwritten));
    let _ = writeln!(out, "already symmetric: {}", counts(&r.unchanged));
    let _ = writeln!(
        out,
        "display-frame entries added: {}",
        r.display_entries_added
    );
    let _ = writeln!(
        out,
        "vertex weights: {} of {} vertices changed, {} without a mirror vertex within {}",
        r.vertices_changed, r.vertices_considered, r.vertices_without_mirror, a.tolerance
    );
    drop(out);
    finish(model, plan.edit, a.output.as_ref(), a.dry_run)
}

pub fn run_semistandard(a: SemistandardArgs) -> CliResult {
    let (loaded, _format) = super::info::load_any(&a.input)?;
    let model = loaded.model;
    let opts = semistandard_options(a.only.as_deref()).map_err(|e| format!("--only: {e}"))?;
    let plan = semistandard(&model, &opts).map_err(|e| e.to_string())?;
    let r = &plan.report;
    let mut out = std::io::stdout().lock();
    for s in &r.skipped {
        let _ = writeln!(out, "skipped: {s}");
    }
    let _ = writeln!(out, "added {} bones: {}", r.added.len(), r.added.join(", "));
    let _ = writeln!(
        out,
        "vertex weights changed: {}; bone-following rigid bodies moved: {}",
        r.vertices_changed, r.bodies_moved
    );
    drop(out);
    finish(model, plan.edit, a.output.as_ref(), a.dry_run)
}
