//! What the Simulation panel's plots and `hone simulate --plot` draw: for a few bones
//! (a body's bone when a body is watched), frame by frame over the last seconds,
//! - **swing**: the angle between the bone's physics-on and physics-off world rotation
//!   (how far physics carries it from where the motion alone would put it; the measure
//!   the physics oracle compares);
//! - **speed**: how fast the body's centre moves (the bone's position without a body),
//!   units/s;
//! - **distance**: how far the bone's body is from where its bone puts it (units; the
//!   stability watch's stretch), so a rigger sees which body lags, oscillates or stretches.
//!
//! The physics-off pose is evaluated beside the simulation in a state of its own; the
//! buffers are allocated when the probe is made, and a frame allocates nothing.

use crate::deform::{DeformState, Deformer, Pose};
use crate::pmx::Model;
use glam::{Mat4, Vec3};
use std::collections::VecDeque;

use super::stability::StabilityWatch;
use crate::physics::PhysicsWorld;

/// One watched bone and the rigid body whose distance is measured (if it has one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbeTarget {
    pub bone: usize,
    pub body: Option<usize>,
}

impl ProbeTarget {
    /// Rigid body `body`, watched through its bone; None when it has no bone.
    pub fn body(model: &Model, body: usize) -> Option<ProbeTarget> {
        let bone = usize::try_from(model.rigid_bodies.get(body)?.bone).ok()?;
        (bone < model.bones.len()).then_some(ProbeTarget {
            bone,
            body: Some(body),
        })
    }

    /// Bone `bone`, with the first rigid body on it (if any).
    pub fn bone(model: &Model, bone: usize) -> Option<ProbeTarget> {
        (bone < model.bones.len()).then(|| ProbeTarget {
            bone,
            body: model
                .rigid_bodies
                .iter()
                .position(|b| usize::try_from(b.bone).ok() == Some(bone)),
        })
    }
}

/// One frame's figures for one target.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Sample {
    /// Seconds since the probe started (or was cleared).
    pub time: f32,
    /// Degrees between the physics-on and physics-off world rotation.
    pub swing_deg: f32,
    /// Units per second of the body's centre (the bone's position without a body); 0 on
    /// the first frame.
    pub speed: f32,
    /// Units from the body to its bone-driven place; None without a watched body.
    pub distance: Option<f32>,
}

/// The figures of the last frames, oldest first.
#[derive(Debug, Clone)]
pub struct Series {
    pub target: ProbeTarget,
    samples: VecDeque<Sample>,
    last_position: Option<Vec3>,
}

impl Series {
    pub fn samples(&self) -> impl ExactSizeIterator<Item = &Sample> + '_ {
        self.samples.iter()
    }

    /// The largest swing recorded (degrees).
    pub fn max_swing(&self) -> f32 {
        self.samples.iter().map(|s| s.swing_deg).fold(0.0, f32::max)
    }
}

/// What a frame of the simulation left, for [`Probe::record`].
#[derive(Clone, Copy)]
pub struct Frame<'a> {
    pub deformer: &'a Deformer,
    /// The bones after the whole frame (physics on).
    pub world: &'a [Mat4],
    pub physics: &'a PhysicsWorld,
    pub stability: Option<&'a StabilityWatch>,
}

/// Records [`Sample`]s for its targets each frame (see the module docs).
#[derive(Debug, Clone)]
pub struct Probe {
    series: Vec<Series>,
    capacity: usize,
    off: DeformState,
    time: f32,
}

impl Probe {
    /// Watches `targets`, keeping the last `capacity` frames of each.
    pub fn new(deformer: &Deformer, targets: &[ProbeTarget], capacity: usize) -> Probe {
        let capacity = capacity.max(2);
        Probe {
            series: targets
                .iter()
                .map(|&target| Series {
                    target,
                    samples: VecDeque::with_capacity(capacity),
                    last_position: None,
                })
                .collect(),
            capacity,
            off: deformer.new_state(),
            time: 0.0,
        }
    }

    pub fn targets(&self) -> impl ExactSizeIterator<Item = ProbeTarget> + '_ {
        self.series.iter().map(|s| s.target)
    }

    pub fn series(&self) -> &[Series] {
        &self.series
    }

    /// How many frames each series keeps.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Keeps only the `n` series that swung most (for a readable plot), in their order.
    pub fn keep_most_swinging(&mut self, n: usize) {
        if self.series.len() <= n {
            return;
        }
        let mut by_swing: Vec<(usize, f32)> = self
            .series
            .iter()
            .map(|s| s.max_swing())
            .enumerate()
            .collect();
        by_swing.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut keep = vec![false; self.series.len()];
        for &(i, _) in by_swing.iter().take(n) {
            keep[i] = true;
        }
        let mut k = keep.iter();
        self.series.retain(|_| *k.next().unwrap_or(&false));
    }

    /// Forgets what was recorded (after a physics reset: the new run starts at time 0).
    pub fn clear(&mut self) {
        self.time = 0.0;
        for s in &mut self.series {
            s.samples.clear();
            s.last_position = None;
        }
    }

    /// Records one frame of `dt` seconds for `pose` (what the motion asked for).
    pub fn record(&mut self, model: &Model, pose: &Pose, frame: Frame<'_>, dt: f32) {
        let Frame {
            deformer,
            world,
            physics,
            stability,
        } = frame;
        if self.series.is_empty() {
            return;
        }
        if !deformer.fits(&self.off) {
            // The model's bones changed since the probe was made (not a per-frame case).
            self.off = deformer.new_state();
        }
        deformer.evaluate_bones(model, pose, &mut self.off);
        if dt.is_finite() && dt > 0.0 {
            self.time += dt;
        }
        for s in &mut self.series {
            let b = s.target.bone;
            let (Some(on), Some(off)) = (world.get(b), self.off.world.get(b)) else {
                continue;
            };
            let (_, on_rotation, bone_position) = on.to_scale_rotation_translation();
            let (_, off_rotation, _) = off.to_scale_rotation_translation();
            let body = s.target.body.and_then(|i| physics.body_pose(i));
            let position = body.map_or(bone_position, |p| p.translation);
            let speed = match s.last_position {
                Some(p) if dt > 0.0 => (position - p).length() / dt,
                _ => 0.0,
            };
            s.last_position = Some(position);
            let distance = s.target.body.and_then(|i| {
                stability
                    .and_then(|w| w.bodies().get(i).copied().flatten())
                    .map(|w| w.stretch)
            });
            if s.samples.len() == self.capacity {
                s.samples.pop_front();
            }
            s.samples.push_back(Sample {
                time: self.time,
                swing_deg: on_rotation
                    .normalize()
                    .angle_between(off_rotation.normalize())
                    .to_degrees(),
                speed,
                distance,
            });
        }
    }
}
