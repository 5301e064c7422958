//! `hone bake MODEL --motion M.vmd -o OUT.vmd [--ik] [--bones physics|all|NAMES]
//! [--tolerance-deg D] [--start F] [--end F]`: runs the motion with physics on and writes a
//! VMD whose keys reproduce it with physics off (see `hone_core::motion::bake`); prints
//! what was baked, the key reduction and what could not be carried.

use super::CliResult;
use crate::motion::bake::{bake, BakeBones, BakeOptions, BakeReport};
use crate::motion::{load_vmd, save_vmd};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

/// Rotation error beyond which a baked bone is reported as not reproduced (the bake's
/// promise, as issue 20 states it).
const REPRODUCED_DEG: f32 = 0.05;
const REPRODUCED_UNITS: f32 = 1e-3;

#[derive(clap::Args, Debug)]
pub struct BakeArgs {
    /// Model file (PMX or PMD).
    pub model: std::path::PathBuf,
    /// The motion to bake (VMD).
    #[arg(long)]
    pub motion: std::path::PathBuf,
    /// Where to write the baked motion (VMD).
    #[arg(short = 'o', long = "output")]
    pub output: std::path::PathBuf,
    /// Also bake IK-driven bones and switch those IK off with property keys.
    #[arg(long)]
    pub ik: bool,
    /// Bones to bake: physics (the bones physics drives), all, or names separated by commas.
    #[arg(long, default_value = "physics")]
    pub bones: String,
    /// Drop keys that linear interpolation reproduces within this angle (degrees).
    #[arg(long = "tolerance-deg", default_value_t = 0.005)]
    pub tolerance_deg: f32,
    /// First VMD frame to bake.
    #[arg(long, default_value_t = 0)]
    pub start: u32,
    /// Last VMD frame to bake (default: the motion's last key).
    #[arg(long)]
    pub end: Option<u32>,
}

impl BakeArgs {
    /// The options the app fills the same way.
    pub fn options(&self) -> Result<BakeOptions, String> {
        if !(self.tolerance_deg.is_finite() && self.tolerance_deg >= 0.0) {
            return Err(crate::tr!(
                "bake-bad-tolerance",
                value = self.tolerance_deg.to_string()
            ));
        }
        let bones = match self.bones.trim() {
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
            ik: self.ik,
            tolerance_deg: self.tolerance_deg,
            start: self.start,
            end: self.end,
            ..BakeOptions::default()
        })
    }
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

pub fn run(args: BakeArgs) -> CliResult {
    let options = args.options()?;
    let model = crate::pmx::load(&args.model)?.model;
    let vmd = load_vmd(&args.motion)?;
    let cancel = AtomicBool::new(false);
    let (out, report) = bake(&model, &vmd, &options, &mut |_| {}, &cancel)?;
    let written =
        save_vmd(&out, &args.output).map_err(|e| format!("{}: {e}", args.output.display()))?;
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    for line in report_lines(&report, &args.output) {
        writeln!(stdout, "{line}")?;
    }
    let cut: Vec<String> = written
        .cut_bone_names
        .iter()
        .chain(&written.cut_morph_names)
        .chain(&written.cut_ik_names)
        .cloned()
        .collect();
    if !cut.is_empty() {
        writeln!(
            stdout,
            "{}",
            crate::tr!("bake-cut-names", count = cut.len(), names = listed(&cut))
        )?;
    }
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}
