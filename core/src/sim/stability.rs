//! Which simulated bodies misbehave, and how: a body that stretches (ends up far from where
//! its bone puts it), spins (keeps turning fast for a quarter second or more, not a
//! single flick), or oscillates (its motion relative to its bone reverses many times a
//! second: jitter). Watched frame by frame; a frame allocates nothing.

use crate::physics::PhysicsWorld;
use glam::{Mat4, Quat, Vec3};

/// How long a spin must last to count (seconds): the time constant of its running mean.
const SPIN_WINDOW: f32 = 0.25;

/// When a body counts as misbehaving.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StabilityLimits {
    /// Distance from the bone-driven place, in model units (1 unit ≈ 8 cm).
    pub stretch: f32,
    /// Angular speed kept up over about a quarter second, rad/s.
    pub spin: f32,
    /// Reversals of the motion relative to the bone per second (a swing reverses twice
    /// per period: 20 is a 10 Hz jitter).
    pub reversals_per_second: f32,
}

impl Default for StabilityLimits {
    fn default() -> Self {
        StabilityLimits {
            stretch: 2.0,
            spin: 30.0,
            reversals_per_second: 20.0,
        }
    }
}

/// How one body did since the watch started.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct BodyWatch {
    /// Distance from the bone-driven place after the last frame, and the largest seen.
    pub stretch: f32,
    pub max_stretch: f32,
    /// Largest angular speed kept up over about a quarter second (rad/s).
    pub max_spin: f32,
    /// Reversals of the motion relative to the bone, and frames watched.
    pub reversals: u32,
    pub frames: u32,
    /// Velocity relative to the bone-driven place last frame, and whether it is known.
    #[serde(skip)]
    last_relative: Vec3,
    #[serde(skip)]
    last_place: Vec3,
    #[serde(skip)]
    last_rotation: Quat,
    /// Running mean of the angular speed.
    #[serde(skip)]
    spin: f32,
    #[serde(skip)]
    started: bool,
}

/// What a body did wrong, for reports.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Trouble {
    pub body: usize,
    pub name: String,
    pub stretch: Option<f32>,
    pub spin: Option<f32>,
    /// Reversals per second.
    pub oscillation: Option<f32>,
}

/// Speeds below this (units/s) are rest, not motion: their reversals do not count.
const STILL: f32 = 0.5;

/// Per simulated body, the running figures.
#[derive(Debug, Clone, Default)]
pub struct StabilityWatch {
    bodies: Vec<Option<BodyWatch>>,
    fps: f32,
}

impl StabilityWatch {
    /// Watches the simulated bodies of `physics` (bone-following ones are never flagged).
    pub fn new(physics: &PhysicsWorld) -> StabilityWatch {
        StabilityWatch {
            bodies: (0..physics.body_count())
                .map(|i| {
                    physics
                        .body_role(i)
                        .filter(|r| r.is_dynamic())
                        .map(|_| BodyWatch::default())
                })
                .collect(),
            fps: 60.0,
        }
    }

    /// Forgets everything seen (after a reset).
    pub fn clear(&mut self) {
        for w in self.bodies.iter_mut().flatten() {
            *w = BodyWatch::default();
        }
    }

    /// Looks at every simulated body after a frame of `dt` seconds; `bone_world` holds the
    /// bones the bodies were placed from (before physics wrote them back).
    pub fn observe(&mut self, physics: &PhysicsWorld, bone_world: &[Mat4], dt: f32) {
        if dt > 0.0 && dt.is_finite() {
            self.fps = 1.0 / dt;
        }
        for (i, watch) in self.bodies.iter_mut().enumerate() {
            let Some(w) = watch else { continue };
            let (Some(pose), Some(place)) = (
                physics.body_pose(i),
                physics.bone_driven_pose(i, bone_world),
            ) else {
                continue;
            };
            let offset = pose.translation - place.translation;
            w.stretch = offset.length();
            w.max_stretch = w.max_stretch.max(w.stretch);
            if w.started && dt > 0.0 {
                let rate = w.last_rotation.angle_between(pose.rotation) / dt;
                w.spin += (rate - w.spin) * (dt / SPIN_WINDOW).min(1.0);
                w.max_spin = w.max_spin.max(w.spin);
            }
            w.last_rotation = pose.rotation;
            w.frames += 1;
            // Motion relative to the bone-driven place, by finite difference.
            let relative = if w.started && dt > 0.0 {
                (offset - w.last_place) / dt
            } else {
                Vec3::ZERO
            };
            if w.started
                && relative.length() > STILL
                && w.last_relative.length() > STILL
                && relative.dot(w.last_relative) < 0.0
            {
                w.reversals += 1;
            }
            w.last_relative = relative;
            w.last_place = offset;
            w.started = true;
        }
    }

    /// Figures per body (None for bone-following bodies).
    pub fn bodies(&self) -> &[Option<BodyWatch>] {
        &self.bodies
    }

    /// The bodies past `limits`, worst stretch first, each named.
    pub fn troubles(&self, model: &crate::pmx::Model, limits: &StabilityLimits) -> Vec<Trouble> {
        let mut out: Vec<Trouble> = self
            .bodies
            .iter()
            .enumerate()
            .filter_map(|(i, w)| {
                let w = w.as_ref()?;
                let seconds = w.frames as f32 / self.fps;
                let rate = if seconds > 0.0 {
                    w.reversals as f32 / seconds
                } else {
                    0.0
                };
                let t = Trouble {
                    body: i,
                    name: model
                        .rigid_bodies
                        .get(i)
                        .map_or(String::new(), |b| b.name.clone()),
                    stretch: (w.max_stretch > limits.stretch).then_some(w.max_stretch),
                    spin: (w.max_spin > limits.spin).then_some(w.max_spin),
                    oscillation: (rate > limits.reversals_per_second).then_some(rate),
                };
                (t.stretch.is_some() || t.spin.is_some() || t.oscillation.is_some()).then_some(t)
            })
            .collect();
        out.sort_by(|a, b| {
            b.stretch
                .unwrap_or(0.0)
                .total_cmp(&a.stretch.unwrap_or(0.0))
                .then(a.body.cmp(&b.body))
        });
        out
    }
}

impl Trouble {
    /// "stretches 3.1 units, spins 40 rad/s, oscillates 25×/s".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(s) = self.stretch {
            parts.push(crate::tr!("trouble-stretch", distance = format!("{s:.2}")));
        }
        if let Some(s) = self.spin {
            parts.push(crate::tr!("trouble-spin", speed = format!("{s:.1}")));
        }
        if let Some(r) = self.oscillation {
            parts.push(crate::tr!("trouble-oscillation", rate = format!("{r:.0}")));
        }
        parts.join(&crate::tr!("trouble-separator"))
    }
}
