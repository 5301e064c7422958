//! One frame of the whole pipeline, physics included:
//!
//! morphs → before-physics bones → kinematic sync (+ impulse morphs) → physics
//! sub-steps → write-back → after-physics bones → skinning → soft bodies → normals.
//!
//! [`Simulation`] owns the runtime state beside the model (the model itself is
//! never touched) and allocates everything up front: a frame allocates nothing
//! in Hone's code (rapier may reuse its own buffers). Each stage is timed.

use crate::deform::{DeformState, Deformer, Phase, Pose};
use crate::physics::soft::SoftWorld;
use crate::physics::{PhysicsConfig, PhysicsWorld};
use crate::pmx::Model;
use std::time::Instant;

mod headless;
pub mod probe;
mod reads;
pub mod stability;
pub mod trace;

pub use headless::{run, run_headless, RunOptions, RunReport};
pub use probe::{Probe, ProbeTarget, Sample};
pub use reads::{reads, Rebuild};
pub use stability::{StabilityLimits, StabilityWatch, Trouble};
pub use trace::Trace;

/// Pipeline stages, in order.
pub const STAGES: [&str; 9] = [
    "morphs",
    "bones_before_physics",
    "kinematic_sync",
    "physics",
    "write_back",
    "bones_after_physics",
    "skinning",
    "soft_bodies",
    "normals",
];

/// Microseconds spent in each stage of one frame (same order as [`STAGES`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StageTimes {
    pub us: [f64; 9],
}

impl StageTimes {
    pub fn total(&self) -> f64 {
        self.us.iter().sum()
    }
}

/// The deform + physics runtime for one model.
pub struct Simulation {
    pub deformer: Deformer,
    pub state: DeformState,
    pub physics: PhysicsWorld,
    pub soft: SoftWorld,
    /// Off: bones and skinning only, as `Deformer::evaluate`.
    pub physics_enabled: bool,
    /// Per simulated body: stretch, spin and oscillation since the last reset (see
    /// [`Simulation::watch_stability`]).
    stability: Option<StabilityWatch>,
    /// Swing, speed and distance of a few bones for plots (see [`Simulation::set_probe`]).
    probe: Option<Probe>,
    times: StageTimes,
    substeps: u32,
}

impl Simulation {
    pub fn new(model: &Model, config: PhysicsConfig) -> Simulation {
        let deformer = Deformer::new(model);
        let state = deformer.new_state();
        let physics = PhysicsWorld::new(model, config);
        let soft = SoftWorld::new(model, &physics);
        let mut sim = Simulation {
            deformer,
            state,
            soft,
            physics_enabled: true,
            stability: None,
            probe: None,
            physics,
            times: StageTimes::default(),
            substeps: 0,
        };
        sim.reset(model, &Pose::new(model));
        sim
    }

    /// Every body back on its bone-driven pose for `pose`, with zero velocity;
    /// soft bodies back on the skinned mesh.
    pub fn reset(&mut self, model: &Model, pose: &Pose) {
        self.state.skin_mask.fill(false);
        self.deformer.evaluate(model, pose, &mut self.state);
        self.physics.reset(&self.state.world);
        self.physics.set_physics_switches(&pose.physics_enabled);
        self.soft.reset(&self.state.positions);
        // Skinning can skip vertices the soft bodies own, except pins (they follow the skin).
        for (v, m) in self.state.skin_mask.iter_mut().enumerate() {
            *m = self.soft.skip_skinning(v);
        }
        if let Some(w) = &mut self.stability {
            w.clear();
        }
        if let Some(p) = &mut self.probe {
            p.clear();
        }
    }

    /// Reset, then run `seconds` of frames at `fps` holding `pose`, so hair and
    /// cloth settle before the first shown frame.
    pub fn warm_up(&mut self, model: &Model, pose: &Pose, seconds: f32, fps: f32) {
        self.reset(model, pose);
        if !(fps.is_finite() && fps > 0.0 && seconds.is_finite()) {
            return;
        }
        let frames = (seconds * fps).round().max(0.0) as usize;
        for _ in 0..frames {
            self.frame(model, pose, 1.0 / fps);
        }
        // What happened while settling is not the rig's behaviour.
        if let Some(w) = &mut self.stability {
            w.clear();
        }
        if let Some(p) = &mut self.probe {
            p.clear();
        }
    }

    /// Runs one frame of `dt` seconds for `pose`.
    pub fn frame(&mut self, model: &Model, pose: &Pose, dt: f32) -> &StageTimes {
        let mut t = Instant::now();
        let mut lap = |times: &mut StageTimes, stage: usize| {
            let now = Instant::now();
            times.us[stage] = (now - t).as_secs_f64() * 1e6;
            t = now;
        };
        let times = &mut self.times;
        self.deformer.apply_morphs(model, pose, &mut self.state);
        lap(times, 0);
        self.deformer
            .update_bones(pose, &mut self.state, Phase::BeforePhysics);
        lap(times, 1);
        self.substeps = 0;
        if self.physics_enabled {
            self.physics.set_physics_switches(&pose.physics_enabled);
            self.physics.set_bone_targets(&self.state.world);
            self.physics.apply_impulses(&self.state.impulses);
            lap(times, 2);
            self.substeps = self.physics.step(dt);
            lap(times, 3);
            if let Some(w) = &mut self.stability {
                // The bones still hold the places the bodies were put from.
                w.observe(&self.physics, &self.state.world, dt);
            }
            self.physics.write_back(&mut self.state.world);
            // Tell deform which bones physics set, parents first (it recovers their locals).
            let changed = self.physics.changed_bones();
            for &b in self.physics.bone_order() {
                if changed[b] {
                    let w = self.state.world[b];
                    self.state.set_bone_world(&self.deformer, b, w);
                }
            }
            lap(times, 4);
        } else {
            times.us[2] = 0.0;
            times.us[3] = 0.0;
            times.us[4] = 0.0;
        }
        self.deformer
            .update_bones(pose, &mut self.state, Phase::AfterPhysics);
        if let Some(p) = &mut self.probe {
            let watch = self.stability.as_ref();
            let frame = probe::Frame {
                deformer: &self.deformer,
                world: &self.state.world,
                physics: &self.physics,
                stability: watch,
            };
            p.record(model, pose, frame, dt);
        }
        lap(times, 5);
        self.deformer.skin(&mut self.state);
        lap(times, 6);
        if self.physics_enabled && !self.soft.is_empty() {
            self.soft.set_pin_targets(&self.state.positions);
            self.soft.step(self.substeps, &mut self.physics);
            lap(times, 7);
            self.soft.update_normals();
            self.soft.write(
                &self.physics,
                &mut self.state.positions,
                &mut self.state.normals,
            );
            lap(times, 8);
        } else {
            times.us[7] = 0.0;
            times.us[8] = 0.0;
        }
        &self.times
    }

    /// Stage timings of the last frame.
    pub fn times(&self) -> &StageTimes {
        &self.times
    }

    /// Physics sub-steps the last frame ran.
    pub fn substeps(&self) -> u32 {
        self.substeps
    }

    /// Starts (or stops) watching the simulated bodies for stretching, spinning and
    /// oscillating; the watch restarts at every reset.
    pub fn watch_stability(&mut self, on: bool) {
        self.stability = on.then(|| StabilityWatch::new(&self.physics));
    }

    /// Starts recording swing, speed and distance of `targets` (the last `frames` frames
    /// of each; see [`probe`]); no targets stops it.
    pub fn set_probe(&mut self, targets: &[ProbeTarget], frames: usize) {
        self.probe = (!targets.is_empty()).then(|| Probe::new(&self.deformer, targets, frames));
    }

    /// What the probe recorded, if one is set.
    pub fn probe(&self) -> Option<&Probe> {
        self.probe.as_ref()
    }

    /// What the stability watch has seen since the last reset, if it is on.
    pub fn stability(&self) -> Option<&StabilityWatch> {
        self.stability.as_ref()
    }
}
