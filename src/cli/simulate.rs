//! `hone simulate MODEL [--motion M.vmd] [--pose P.json] [--seconds S] [--fps 60] [--json]
//! [--trace OUT.json [--every K]] [--plot OUT.svg|png [--plot-bodies B,…]] [--no-physics] [--warm-up S] [--reset-at N,…]
//! [physics settings] [stability limits]`: runs the whole frame pipeline (physics included)
//! headless and prints timings, the bodies that stretch, spin or oscillate, and the final
//! bone world matrices; `--trace` writes every frame's bone and body poses in the layout of
//! the Bullet reference (shared/oracles/bullet) so its `compare.py` can read it.
use super::json_number;
use super::CliResult;
use crate::deform::{pose_from_json, Pose};
use crate::motion::{load_vmd, BoundMotion};
use crate::physics::{PhysicsConfig, SubstepRule};
use crate::sim::{ProbeTarget, RunOptions, RunReport, StabilityLimits, STAGES};
use hone_core::tr;
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
    /// VMD motion to play (30 key frames per second).
    #[arg(long, value_name = "VMD")]
    pub motion: Option<std::path::PathBuf>,
    /// Base pose JSON (as `hone pose` reads it); the motion overrides what it animates.
    #[arg(long, value_name = "JSON")]
    pub pose: Option<std::path::PathBuf>,
    /// Seconds to simulate (default: the motion's length, or 5).
    #[arg(long)]
    pub seconds: Option<f32>,
    /// Frames per second.
    #[arg(long, default_value_t = 60.0)]
    pub fps: f32,
    /// Print everything as JSON, final bone matrices included.
    #[arg(long)]
    pub json: bool,
    /// Write every frame's bone and rigid-body poses and body velocities to this JSON file
    /// (frame 0 = right after the reset; the Bullet reference's layout).
    #[arg(long, value_name = "OUT.json")]
    pub trace: Option<std::path::PathBuf>,
    /// With --trace: write every K-th frame only (the last frame always).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "trace")]
    pub every: usize,
    /// Run the same pipeline with physics off (the animation alone).
    #[arg(long)]
    pub no_physics: bool,
    /// Seconds of physics on the first pose before frame 0, so hair and cloth have settled.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
    pub warm_up: f32,
    /// Frames at which physics starts over on that frame's pose (bodies back on their bones).
    #[arg(long, value_name = "N,…", value_delimiter = ',')]
    pub reset_at: Vec<usize>,
    /// Draw each watched body's swing (degrees from the physics-off pose), speed and distance
    /// from its bone over the run to this SVG or PNG file.
    #[arg(long, value_name = "OUT.svg|png")]
    pub plot: Option<std::path::PathBuf>,
    /// With --plot: the rigid bodies to draw, by name or index (default: the six dynamic
    /// bodies that swing most).
    #[arg(long, value_name = "BODY,…", value_delimiter = ',', requires = "plot")]
    pub plot_bodies: Vec<String>,
    #[command(flatten)]
    pub physics: PhysicsArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// When a body is reported as misbehaving.
#[derive(clap::Args, Debug)]
pub struct LimitArgs {
    /// Report bodies farther than this from where their bone puts them (model units, 1 ≈ 8 cm).
    #[arg(long, value_name = "UNITS", default_value_t = StabilityLimits::default().stretch)]
    pub stretch_limit: f32,
    /// Report bodies spinning faster than this (rad/s).
    #[arg(long, value_name = "RAD/S", default_value_t = StabilityLimits::default().spin)]
    pub spin_limit: f32,
    /// Report bodies whose motion relative to their bone reverses more often than this per second.
    #[arg(long, value_name = "PER_SECOND", default_value_t = StabilityLimits::default().reversals_per_second)]
    pub reversal_limit: f32,
}

/// Physics settings, each selectable alone so its effect can be studied.
#[derive(clap::Args, Debug, Default)]
pub struct PhysicsArgs {
    /// Fixed physics step in seconds, e.g. 0.008333 or 1/120 (default 1/60, as the MMD runtimes).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub step: Option<f32>,
    /// Most physics steps one frame may run; time beyond it is dropped, as Bullet does (default 10).
    #[arg(long, value_name = "N")]
    pub max_substeps: Option<u32>,
    /// Joint solver iterations per physics step (default 10, Bullet's).
    #[arg(long, value_name = "N")]
    pub solver_iterations: Option<usize>,
    /// rapier's iterations per physics step for the non-6DOF joint kinds and the ground plane (default 2).
    #[arg(long, value_name = "N")]
    pub contact_iterations: Option<usize>,
    /// How bone-following bodies move within a frame's physics steps: `bullet` (jump to the
    /// frame's pose, as Bullet) or `interpolated` (a part per step).
    #[arg(long, value_name = "RULE", value_parser = parse_substep_rule)]
    pub substep_rule: Option<SubstepRule>,
    /// Keep every mode-2 body in mode 2 (off: the MMD runtimes' rule runs a mode-2 body
    /// jointed to its simulated parent as mode 1).
    #[arg(long)]
    pub keep_mode2: bool,
    /// Place bone-following bodies where their bones were one frame earlier (an older
    /// stand-in for Bullet's motion-state latency; off by default).
    #[arg(long)]
    pub follow_delay: bool,
    /// Hand the bones each simulated body's pose after the step (default: Bullet's
    /// latency motion state, the pose one step earlier along its velocity).
    #[arg(long)]
    pub no_motion_state_latency: bool,
    /// Move a bone without a body with its physics-driven parent even when it is not
    /// 物理後変形 (saba's reading; default: MMD's, it keeps its before-physics pose).
    #[arg(long)]
    pub children_follow_physics: bool,
    /// Let a soft body meet its own triangles when its mask lets it collide with its
    /// own group (default: Bullet's setup in the PMX spec, no self-collision).
    #[arg(long)]
    pub soft_self_collision: bool,
}

impl PhysicsArgs {
    /// The default world settings with these options applied.
    pub fn config(&self) -> PhysicsConfig {
        let mut c = PhysicsConfig::default();
        if let Some(s) = self.step {
            c.substep = s;
        }
        if let Some(n) = self.max_substeps {
            c.max_substeps = n;
        }
        if let Some(n) = self.solver_iterations {
            c.solver_iterations = n;
        }
        if let Some(n) = self.contact_iterations {
            c.contact_iterations = n;
        }
        if let Some(r) = self.substep_rule {
            c.substep_rule = r;
        }
        c.mode2_rule = !self.keep_mode2;
        c.follow_delay = self.follow_delay;
        c.motion_state_latency = !self.no_motion_state_latency;
        c.children_follow_physics = self.children_follow_physics;
        c.soft_self_collision = self.soft_self_collision;
        c
    }
}

fn parse_substep_rule(text: &str) -> Result<SubstepRule, String> {
    match text {
        "bullet" => Ok(SubstepRule::Bullet),
        "interpolated" => Ok(SubstepRule::Interpolated),
        _ => Err(crate::tr!("cli-err-substep-rule", value = text)),
    }
}

/// Seconds as a decimal number or a fraction (`1/120`); positive and finite.
fn parse_seconds(text: &str) -> Result<f32, String> {
    let value = match text.split_once('/') {
        Some((a, b)) => {
            let a: f64 = a.trim().parse().map_err(|e| format!("{text:?}: {e}"))?;
            let b: f64 = b.trim().parse().map_err(|e| format!("{text:?}: {e}"))?;
            a / b
        }
        None => text.trim().parse().map_err(|e| format!("{text:?}: {e}"))?,
    };
    if value.is_finite() && value > 0.0 {
        Ok(value as f32)
    } else {
        Err(crate::tr!("cli-err-seconds", value = text))
    }
}

/// One stderr line for a list of names the model lacks: the count and the first few.
/// `key` is the message (`sim-missing-bones` …), given `count` and `names`.
fn warn_missing(key: &str, names: &[String]) {
    const SHOWN: usize = 5;
    if names.is_empty() {
        return;
    }
    let first: Vec<String> = names.iter().take(SHOWN).map(|n| format!("{n:?}")).collect();
    let more = if names.len() > SHOWN { ", …" } else { "" };
    let names_text = format!("{}{more}", first.join(", "));
    eprintln!("{}", tr!(key, count = names.len(), names = names_text));
}

pub fn run(args: SimulateArgs) -> CliResult {
    if !(args.fps.is_finite() && args.fps > 0.0) {
        return Err(tr!("sim-bad-fps", fps = args.fps.to_string()).into());
    }
    let loaded = crate::pmx::load(&args.file)?;
    let model = loaded.model;
    let mut base = Pose::new(&model);
    if let Some(p) = &args.pose {
        let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
        let parsed = pose_from_json(&model, &text).map_err(|e| format!("{}: {e}", p.display()))?;
        for w in &parsed.warnings {
            eprintln!("hone simulate: {w}");
        }
        base = parsed.pose;
    }
    let motion = match &args.motion {
        Some(path) => {
            let vmd = load_vmd(path)?;
            let (bound, report) = BoundMotion::bind(&vmd, &model);
            warn_missing("sim-missing-bones", &report.unknown_bones);
            warn_missing("sim-missing-morphs", &report.unknown_morphs);
            warn_missing("sim-missing-ik", &report.unknown_ik);
            Some(bound)
        }
        None => None,
    };
    let seconds = args.seconds.unwrap_or_else(|| {
        motion
            .as_ref()
            .map(|m| m.duration().max(1.0))
            .unwrap_or(5.0)
    });
    if args.every == 0 {
        return Err(tr!("sim-bad-every").into());
    }
    if !(args.warm_up.is_finite() && args.warm_up >= 0.0) {
        return Err(tr!("sim-bad-warm-up", seconds = args.warm_up.to_string()).into());
    }
    let probe = match &args.plot {
        Some(_) => plot_targets(&model, &args.plot_bodies)?,
        None => Vec::new(),
    };
    let options = RunOptions {
        seconds,
        fps: args.fps,
        physics: !args.no_physics,
        trace_every: args.trace.as_ref().map(|_| args.every),
        warm_up: args.warm_up,
        reset_at: args.reset_at.clone(),
        limits: StabilityLimits {
            stretch: args.limits.stretch_limit,
            spin: args.limits.spin_limit,
            reversals_per_second: args.limits.reversal_limit,
        },
        probe,
    };
    let mut report = crate::sim::run(
        &model,
        args.physics.config(),
        &base,
        motion.as_ref(),
        &options,
    );
    if let (Some(path), Some(trace)) = (&args.trace, report.trace.take()) {
        write_trace(path, &trace)?;
    }
    if let (Some(path), Some(probe)) = (&args.plot, &report.probe) {
        write_plot(path, &model, &args, probe)?;
    }

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.json {
        print_json(&mut out, &model, &report)?;
    } else {
        print_text(&mut out, &model, &report)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The bodies `--plot-bodies` names (each by name or index), or every dynamic body when it
/// names none (the plot keeps those that swing most).
fn plot_targets(model: &crate::pmx::Model, wanted: &[String]) -> Result<Vec<ProbeTarget>, String> {
    if wanted.is_empty() {
        let dynamic = model.rigid_bodies.iter().enumerate();
        let dynamic = dynamic.filter(|(_, b)| b.mode != crate::pmx::RigidMode::FollowBone);
        return Ok(dynamic
            .filter_map(|(i, _)| ProbeTarget::body(model, i))
            .collect());
    }
    let mut targets = Vec::new();
    for w in wanted {
        let w = w.trim();
        let index = model
            .rigid_bodies
            .iter()
            .position(|b| b.name == w)
            .or_else(|| {
                w.parse::<usize>()
                    .ok()
                    .filter(|&i| i < model.rigid_bodies.len())
            })
            .ok_or_else(|| tr!("plot-unknown-body", body = w.to_string()))?;
        let target = ProbeTarget::body(model, index)
            .ok_or_else(|| tr!("plot-body-without-bone", body = w.to_string()))?;
        targets.push(target);
    }
    Ok(targets)
}

/// How many bodies a plot draws when none are named: more lines cannot be told apart.
const PLOT_DEFAULT_BODIES: usize = 6;

fn write_plot(
    path: &std::path::Path,
    model: &crate::pmx::Model,
    args: &SimulateArgs,
    probe: &crate::sim::Probe,
) -> CliResult {
    let mut probe = probe.clone();
    if args.plot_bodies.is_empty() {
        probe.keep_most_swinging(PLOT_DEFAULT_BODIES);
    }
    let names: Vec<String> = probe
        .series()
        .iter()
        .map(|s| {
            let body = s.target.body.and_then(|i| model.rigid_bodies.get(i));
            body.map_or_else(
                || model.bones[s.target.bone].name.clone(),
                |b| b.name.clone(),
            )
        })
        .collect();
    let file = args.file.file_name().unwrap_or_default().to_string_lossy();
    let title = match &args.motion {
        Some(m) => format!(
            "{file} + {}",
            m.file_name().unwrap_or_default().to_string_lossy()
        ),
        None => file.into_owned(),
    };
    super::plot::write(path, &title, &probe, &names)?;
    eprintln!(
        "{}",
        tr!(
            "plot-written",
            path = path.display().to_string(),
            bodies = names.join(", ")
        )
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the trace beside its destination, then renames it into place.
fn write_trace(path: &std::path::Path, trace: &crate::sim::Trace) -> CliResult {
    let tmp = path.with_extension("json.tmp");
    let write = || -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        serde_json::to_writer(&mut out, trace)?;
        out.write_all(b"\n")?;
        out.flush()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", path.display())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The catalogue keys of the stages' names, in [`STAGES`] order (the JSON keeps the
/// identifiers).
const STAGE_KEYS: [&str; STAGES.len()] = [
    "sim-stage-morphs",
    "sim-stage-bones-before-physics",
    "sim-stage-kinematic-sync",
    "sim-stage-physics",
    "sim-stage-write-back",
    "sim-stage-bones-after-physics",
    "sim-stage-skinning",
    "sim-stage-soft-bodies",
    "sim-stage-normals",
];

/// `text` padded with spaces to `width` terminal columns (a kanji takes two).
fn pad(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr as _;
    let fill = width.saturating_sub(text.width());
    format!("{text}{}", " ".repeat(fill))
}

fn print_text(
    out: &mut impl Write,
    model: &crate::pmx::Model,
    r: &RunReport,
) -> std::io::Result<()> {
    let frames = tr!("sim-frames", frames = r.frames, fps = r.fps.to_string());
    writeln!(out, "{frames}")?;
    writeln!(
        out,
        "{}{}{}",
        pad(&tr!("sim-stage"), 26),
        pad(&tr!("sim-mean-us"), 12),
        tr!("sim-max-us")
    )?;
    for (i, key) in STAGE_KEYS.iter().enumerate() {
        let stage = pad(&tr!(key), 24);
        writeln!(out, "{stage}{:>9.1}  {:>9.1}", r.mean_us[i], r.max_us[i])?;
    }
    let total: f64 = r.mean_us.iter().sum();
    writeln!(out, "{}{total:>9.1}", pad(&tr!("sim-whole-frame"), 24))?;
    writeln!(out, "{}", tr!("sim-non-finite-steps", count = r.nan_count))?;
    let vertices = tr!("sim-non-finite-vertices", count = r.non_finite_vertices);
    writeln!(out, "{vertices}")?;
    let speed = format!("{:.2}", r.max_speed);
    writeln!(out, "{}", tr!("sim-max-speed", speed = speed))?;
    let mut drift: Vec<(usize, f32)> = r
        .max_drift
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| (i, d)))
        .collect();
    drift.sort_by(|a, b| b.1.total_cmp(&a.1));
    writeln!(out, "{}", tr!("sim-dynamic-bodies", count = drift.len()))?;
    for (i, d) in drift.iter().take(10) {
        writeln!(out, "  {:>8.3}  {} ({i})", d, model.rigid_bodies[*i].name)?;
    }
    if r.troubles.is_empty() {
        writeln!(out, "{}", tr!("sim-unstable-none"))?;
    } else {
        writeln!(out, "{}", tr!("sim-unstable", count = r.troubles.len()))?;
        for t in &r.troubles {
            writeln!(out, "  {} ({}): {}", t.name, t.body, t.describe())?;
        }
    }
    if !r.notes.is_empty() {
        writeln!(out, "{}", tr!("sim-notes", count = r.notes.len()))?;
        for line in crate::physics::grouped_notes(model, &r.notes) {
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(out, "{}", tr!("sim-final-matrices"))?;
    Ok(())
}

fn print_json(
    out: &mut impl Write,
    model: &crate::pmx::Model,
    r: &RunReport,
) -> std::io::Result<()> {
    write!(out, "{{\"frames\":{},\"fps\":", r.frames)?;
    json_number(out, r.fps as f64)?;
    out.write_all(b",\"stages\":[")?;
    for (i, s) in STAGES.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "{{\"stage\":\"{s}\",\"mean_us\":")?;
        json_number(out, r.mean_us[i])?;
        out.write_all(b",\"max_us\":")?;
        json_number(out, r.max_us[i])?;
        out.write_all(b"}")?;
    }
    write!(
        out,
        "],\"stability\":{{\"nan_count\":{},\"non_finite_vertices\":{},\"max_speed\":",
        r.nan_count, r.non_finite_vertices
    )?;
    json_number(out, r.max_speed as f64)?;
    out.write_all(b",\"dynamic_bodies\":[")?;
    let mut first = true;
    for (i, d) in r.max_drift.iter().enumerate() {
        let Some(d) = d else { continue };
        if !first {
            out.write_all(b",")?;
        }
        first = false;
        write!(
            out,
            "\n{{\"index\":{i},\"name\":{},\"max_drift\":",
            serde_json::to_string(&model.rigid_bodies[i].name).unwrap_or_default()
        )?;
        json_number(out, *d as f64)?;
        out.write_all(b"}")?;
    }
    out.write_all(b"],\"unstable\":")?;
    serde_json::to_writer(&mut *out, &r.troubles)?;
    out.write_all(b"},\"notes\":")?;
    serde_json::to_writer(&mut *out, &r.notes)?;
    out.write_all(b",\"bones\":[")?;
    super::bone_worlds_json(&mut *out, model, &r.final_world, f64::from)?;
    out.write_all(b"]}\n")
}
