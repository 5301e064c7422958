//! Per-frame traces of a run: every bone's and rigid body's world pose (and body velocities),
//! in the layout the Bullet reference (shared/oracles/bullet) writes and its `compare.py` reads:
//!
//! ```text
//! {"fps":60,"bones":[{"index":i,"name":…,"parent":p}],
//!  "bodies":[{"index":i,"name":…,"bone":b,"mode":m}],
//!  "frames":[{"frame":k,"t":k/fps,"bone":[[x,y,z,qx,qy,qz,qw],…],
//!             "body":[[x,y,z,qx,qy,qz,qw],…],"body_vel":[[vx,vy,vz,wx,wy,wz],…]}]}
//! ```
//!
//! Model-space MMD coordinates, nothing flipped; quaternions `[x, y, z, w]`. Body entries are
//! `null` when physics is off. The same types read the reference's files (extra fields ignored).

use super::Simulation;
use crate::pmx::Model;
use glam::{Mat4, Quat, Vec3};
use serde::{Deserialize, Serialize};

/// One bone of the model, as a trace lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceBone {
    pub index: usize,
    pub name: String,
    pub parent: i32,
}

/// One rigid body of the model, as a trace lists it. `mode` is the PMX mode number (the
/// reference writes names; both are read).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceBody {
    pub index: usize,
    pub name: String,
    pub bone: i32,
    pub mode: serde_json::Value,
}

/// Poses after one frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TraceFrame {
    pub frame: usize,
    pub t: f64,
    /// Per bone `[x, y, z, qx, qy, qz, qw]` (world position and rotation).
    pub bone: Vec<[f32; 7]>,
    /// Per rigid body its world pose; `None` without physics.
    #[serde(default)]
    pub body: Vec<Option<[f32; 7]>>,
    /// Per rigid body `[vx, vy, vz, wx, wy, wz]` (units/s, rad/s, world).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub body_vel: Vec<Option<[f32; 6]>>,
}

/// A whole run, frame by frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub fps: f32,
    pub bones: Vec<TraceBone>,
    pub bodies: Vec<TraceBody>,
    pub frames: Vec<TraceFrame>,
}

/// Position and rotation of a rigid transform, `[x, y, z, qx, qy, qz, qw]`.
pub fn pose_entry(translation: Vec3, rotation: Quat) -> [f32; 7] {
    let q = rotation.normalize();
    [
        translation.x,
        translation.y,
        translation.z,
        q.x,
        q.y,
        q.z,
        q.w,
    ]
}

fn matrix_entry(m: &Mat4) -> [f32; 7] {
    let (_, r, t) = m.to_scale_rotation_translation();
    pose_entry(t, r)
}

impl Trace {
    /// An empty trace of `model` at `fps` frames per second.
    pub fn new(model: &Model, fps: f32) -> Trace {
        Trace {
            fps,
            bones: model
                .bones
                .iter()
                .enumerate()
                .map(|(index, b)| TraceBone {
                    index,
                    name: b.name.clone(),
                    parent: b.parent,
                })
                .collect(),
            bodies: model
                .rigid_bodies
                .iter()
                .enumerate()
                .map(|(index, r)| TraceBody {
                    index,
                    name: r.name.clone(),
                    bone: r.bone,
                    mode: serde_json::Value::from(r.mode.to_u8()),
                })
                .collect(),
            frames: Vec::new(),
        }
    }

    /// Appends the state of `sim` after frame `frame` (bodies only while physics runs).
    pub fn record(&mut self, frame: usize, sim: &Simulation) {
        let bone = sim.state.world.iter().map(matrix_entry).collect();
        let n = self.bodies.len();
        let (body, body_vel) = if sim.physics_enabled {
            let physics = &sim.physics;
            (
                (0..n)
                    .map(|i| {
                        physics
                            .body_pose(i)
                            .map(|p| pose_entry(p.translation, p.rotation))
                    })
                    .collect(),
                (0..n)
                    .map(|i| {
                        let v = physics.body_linvel(i)?;
                        let w = physics.body_angvel(i)?;
                        Some([v.x, v.y, v.z, w.x, w.y, w.z])
                    })
                    .collect(),
            )
        } else {
            (vec![None; n], vec![None; n])
        };
        self.frames.push(TraceFrame {
            frame,
            t: frame as f64 / self.fps as f64,
            bone,
            body,
            body_vel,
        });
    }

    /// The frame numbered `k`, if recorded.
    pub fn frame(&self, k: usize) -> Option<&TraceFrame> {
        // Frames are recorded in order; a binary search finds them when some were skipped.
        self.frames
            .binary_search_by_key(&k, |f| f.frame)
            .ok()
            .map(|i| &self.frames[i])
    }
}
