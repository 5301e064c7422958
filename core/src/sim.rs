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
use crate::physics::{BodyImpulse, PhysicsConfig, PhysicsWorld};
use crate::pmx::Model;
use std::time::Instant;

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
    /// Track, per rigid body, how far it is from its bone-driven pose (see [`Simulation::drift`]).
    pub track_drift: bool,
    impulses: Vec<BodyImpulse>,
    drift: Vec<f32>,
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
            track_drift: false,
            impulses: vec![BodyImpulse::default(); model.rigid_bodies.len()],
            drift: vec![0.0; model.rigid_bodies.len()],
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
        self.soft.reset(&self.state.positions);
        // Skinning can skip vertices the soft bodies own, except pins (they follow the skin).
        for (v, m) in self.state.skin_mask.iter_mut().enumerate() {
            *m = self.soft.skip_skinning(v);
        }
        self.drift.fill(0.0);
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
            self.physics.set_bone_targets(&self.state.world);
            for (o, i) in self.impulses.iter_mut().zip(&self.state.impulses) {
                *o = BodyImpulse {
                    local_velocity: i.local_velocity,
                    local_torque: i.local_torque,
                    global_velocity: i.global_velocity,
                    global_torque: i.global_torque,
                    stop: i.stop,
                };
            }
            self.physics.apply_impulses(&self.impulses);
            lap(times, 2);
            self.substeps = self.physics.step(dt);
            lap(times, 3);
            if self.track_drift {
                for i in 0..self.drift.len() {
                    if let (Some(p), Some(want)) = (
                        self.physics.body_pose(i),
                        self.physics.bone_driven_pose(i, &self.state.world),
                    ) {
                        self.drift[i] = p.translation.distance(want.translation);
                    }
                }
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

    /// Per rigid body: distance from its bone-driven place after the last frame's
    /// physics step (with `track_drift` on; 0 for bone-following bodies).
    pub fn drift(&self) -> &[f32] {
        &self.drift
    }
}

/// What a headless run measured (`hone simulate`, tests, benches).
#[derive(Debug, Clone, Default)]
pub struct RunReport {
    pub frames: usize,
    pub fps: f32,
    /// Mean and maximum µs per stage ([`STAGES`] order).
    pub mean_us: [f64; 9],
    pub max_us: [f64; 9],
    /// Body-steps whose pose or velocity went non-finite (each was reset).
    pub nan_count: usize,
    /// Largest linear speed of any body over the run (units/s).
    pub max_speed: f32,
    /// Per rigid body: the largest distance from its bone-driven place over the run
    /// (None for bone-following bodies).
    pub max_drift: Vec<Option<f32>>,
    /// Bone world matrices after the last frame.
    pub final_world: Vec<glam::Mat4>,
    /// Any vertex position non-finite after the last frame.
    pub non_finite_vertices: usize,
    /// What physics and soft bodies approximate, clamp or leave out for this model.
    pub notes: Vec<crate::physics::Note>,
}

/// Runs `seconds` at `fps` from a reset on `base` (plus `motion` if given, sampled
/// at 30 VMD frames per second), collecting timings and stability figures.
pub fn run_headless(
    model: &Model,
    config: PhysicsConfig,
    base: &Pose,
    motion: Option<&crate::motion::BoundMotion>,
    seconds: f32,
    fps: f32,
) -> RunReport {
    let fps = if fps.is_finite() && fps > 0.0 {
        fps
    } else {
        60.0
    };
    let frames = if seconds.is_finite() && seconds > 0.0 {
        (seconds * fps).round() as usize
    } else {
        0
    };
    let mut sim = Simulation::new(model, config);
    sim.track_drift = true;
    let mut pose = base.clone();
    if let Some(m) = motion {
        m.apply_to_pose(0.0, &mut pose);
    }
    sim.reset(model, &pose);
    let mut report = RunReport {
        frames,
        fps,
        max_drift: (0..model.rigid_bodies.len())
            .map(|i| {
                sim.physics
                    .body_role(i)
                    .filter(|r| r.is_dynamic())
                    .map(|_| 0.0)
            })
            .collect(),
        ..Default::default()
    };
    for f in 0..frames {
        let t = (f + 1) as f32 / fps;
        if let Some(m) = motion {
            pose.clone_from(base);
            m.apply_to_pose(t * crate::motion::FRAMES_PER_SECOND, &mut pose);
        }
        let times = *sim.frame(model, &pose, 1.0 / fps);
        for s in 0..9 {
            report.mean_us[s] += times.us[s];
            report.max_us[s] = report.max_us[s].max(times.us[s]);
        }
        let stats = sim.physics.stats();
        report.nan_count += stats.nan_bodies;
        report.max_speed = report.max_speed.max(stats.max_speed);
        for (d, &now) in report.max_drift.iter_mut().zip(sim.drift()) {
            if let Some(d) = d {
                *d = d.max(now);
            }
        }
    }
    if frames > 0 {
        for m in &mut report.mean_us {
            *m /= frames as f64;
        }
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
    report
}
