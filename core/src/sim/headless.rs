//! Headless runs of the whole pipeline (`hone simulate`, tests, benches): frame 0 is the
//! state right after a reset on the first pose (after the warm-up, if any), frame k the
//! state after frame k's pipeline with the motion sampled at k / fps seconds; at a reset
//! frame physics starts over on that frame's pose instead of stepping.

use super::probe::{Probe, ProbeTarget};
use super::stability::{StabilityLimits, Trouble};
use super::trace::Trace;
use super::{Simulation, STAGES};
use crate::deform::Pose;
use crate::motion::BoundMotion;
use crate::physics::PhysicsConfig;
use crate::pmx::Model;

/// What to run and what to record.
#[derive(Debug, Clone, PartialEq)]
pub struct RunOptions {
    /// Simulated seconds (frames = seconds × fps, rounded).
    pub seconds: f32,
    pub fps: f32,
    /// Off: the same pipeline without physics (the baseline physics moves bones from).
    pub physics: bool,
    /// Record a [`Trace`] of every K-th frame (the last frame always).
    pub trace_every: Option<usize>,
    /// Seconds of physics on the first pose before frame 0, so hair and cloth have
    /// settled when the run starts (MMD users pre-roll a few seconds for this).
    pub warm_up: f32,
    /// Frames at which physics starts over on that frame's pose (MMD's physics reset).
    pub reset_at: Vec<usize>,
    /// When a body is reported as stretching, spinning or oscillating.
    pub limits: StabilityLimits,
    /// Bones (and bodies) whose swing, speed and distance are recorded every frame.
    pub probe: Vec<ProbeTarget>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            seconds: 5.0,
            fps: 60.0,
            physics: true,
            trace_every: None,
            warm_up: 0.0,
            reset_at: Vec::new(),
            limits: StabilityLimits::default(),
            probe: Vec::new(),
        }
    }
}

/// What a headless run measured.
#[derive(Debug, Clone, Default)]
pub struct RunReport {
    pub frames: usize,
    pub fps: f32,
    /// Mean and maximum µs per stage ([`STAGES`] order).
    pub mean_us: [f64; STAGES.len()],
    pub max_us: [f64; STAGES.len()],
    /// Body-steps whose pose or velocity went non-finite (each was reset).
    pub nan_count: usize,
    /// Largest linear speed of any body over the run (units/s).
    pub max_speed: f32,
    /// Per rigid body: the largest distance from its bone-driven place over the run
    /// (since the last reset; None for bone-following bodies).
    pub max_drift: Vec<Option<f32>>,
    /// Bodies that stretched, spun or oscillated past [`RunOptions::limits`].
    pub troubles: Vec<Trouble>,
    /// Bone world matrices after the last frame.
    pub final_world: Vec<glam::Mat4>,
    /// Any vertex position non-finite after the last frame.
    pub non_finite_vertices: usize,
    /// What physics and soft bodies approximate, clamp or leave out for this model.
    pub notes: Vec<crate::physics::Note>,
    /// The recorded frames, with [`RunOptions::trace_every`].
    pub trace: Option<Trace>,
    /// Every frame's swing, speed and distance of [`RunOptions::probe`] (after any reset).
    pub probe: Option<Probe>,
}

/// Runs `seconds` at `fps` from a reset on `base` (plus `motion` if given, sampled
/// at 30 VMD frames per second), collecting timings and stability figures.
pub fn run_headless(
    model: &Model,
    config: PhysicsConfig,
    base: &Pose,
    motion: Option<&BoundMotion>,
    seconds: f32,
    fps: f32,
) -> RunReport {
    let options = RunOptions {
        seconds,
        fps,
        ..Default::default()
    };
    run(model, config, base, motion, &options)
}

/// Runs what `options` asks for; see the module documentation for the frame numbering.
pub fn run(
    model: &Model,
    config: PhysicsConfig,
    base: &Pose,
    motion: Option<&BoundMotion>,
    options: &RunOptions,
) -> RunReport {
    let fps = if options.fps.is_finite() && options.fps > 0.0 {
        options.fps
    } else {
        60.0
    };
    let frames = if options.seconds.is_finite() && options.seconds > 0.0 {
        (options.seconds * fps).round() as usize
    } else {
        0
    };
    let mut sim = Simulation::new(model, config);
    // Nothing draws: the report and trace read bones and bodies only.
    sim.deformer.normals = false;
    sim.physics_enabled = options.physics;
    sim.watch_stability(options.physics);
    sim.set_probe(&options.probe, frames + 1);
    let mut pose = base.clone();
    if let Some(m) = motion {
        m.apply_to_pose(0.0, &mut pose);
    }
    if options.physics && options.warm_up > 0.0 {
        sim.warm_up(model, &pose, options.warm_up, fps);
    } else {
        sim.reset(model, &pose);
    }
    let mut trace = options.trace_every.map(|_| Trace::new(model, fps));
    let every = options.trace_every.unwrap_or(1).max(1);
    let wanted = |k: usize| k.is_multiple_of(every) || k == frames;
    if let Some(t) = trace.as_mut() {
        t.record(0, &sim);
    }
    let mut report = RunReport {
        frames,
        fps,
        ..Default::default()
    };
    for f in 1..=frames {
        let t = f as f32 / fps;
        if let Some(m) = motion {
            pose.clone_from(base);
            m.apply_to_pose(t * crate::motion::FRAMES_PER_SECOND, &mut pose);
        }
        if options.reset_at.contains(&f) {
            sim.reset(model, &pose);
            if let Some(tr) = trace.as_mut().filter(|_| wanted(f)) {
                tr.record(f, &sim);
            }
            continue;
        }
        let times = *sim.frame(model, &pose, 1.0 / fps);
        for s in 0..STAGES.len() {
            report.mean_us[s] += times.us[s];
            report.max_us[s] = report.max_us[s].max(times.us[s]);
        }
        let stats = sim.physics.stats();
        report.nan_count += stats.nan_bodies;
        report.max_speed = report.max_speed.max(stats.max_speed);
        if let Some(tr) = trace.as_mut().filter(|_| wanted(f)) {
            tr.record(f, &sim);
        }
    }
    if frames > 0 {
        for m in &mut report.mean_us {
            *m /= frames as f64;
        }
    }
    if let Some(watch) = sim.stability() {
        report.max_drift = watch
            .bodies()
            .iter()
            .map(|w| w.map(|w| w.max_stretch))
            .collect();
        report.troubles = watch.troubles(model, &options.limits);
    } else {
        report.max_drift = vec![None; model.rigid_bodies.len()];
    }
    report.final_world = sim.state.world.clone();
    report.notes = sim.physics.notes().to_vec();
    report.notes.extend_from_slice(sim.soft.notes());
    report.non_finite_vertices = sim
        .state
        .positions
        .iter()
        .filter(|p| !p.is_finite())
        .count();
    report.trace = trace;
    report.probe = sim.probe().cloned();
    report
}
