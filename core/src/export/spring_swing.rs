//! How one exported spring swings against Hone's own physics: the same motion played three
//! times in lockstep — physics off (the direction the tip would point with nothing swinging),
//! physics on (Hone's pipeline, as `hone simulate` runs it) and physics off with the exported
//! VRMC_springBone springs run on top ([`SpringSim`]) — and the tip's angle from its physics-off
//! direction recorded every frame.

use glam::{Mat4, Vec3};

use super::gltf::bone_parents;
use super::spring_sim::{to_gltf_world, SpringSim};
use super::vrm::spring_bone_extension;
use crate::deform::Pose;
use crate::motion::BoundMotion;
use crate::physics::PhysicsConfig;
use crate::pmx::Model;
use crate::sim::Simulation;

/// The swing of one tip over a run (angles in degrees from the physics-off direction).
#[derive(Debug, Clone, PartialEq)]
pub struct SwingStats {
    /// Every frame's angle (frame k at k / fps seconds, from 1).
    pub per_frame_deg: Vec<f32>,
    pub peak_deg: f32,
    /// Root mean square of the angle over every frame.
    pub rms_deg: f32,
    /// The time (seconds from the start) from which the angle stays within 1° of where it
    /// ends (the mean of the run's last 0.5 s); `None` when it still moves by more at the end.
    pub settled_at_s: Option<f32>,
}

/// One chain measured under the exported springs and under Hone's physics.
#[derive(Debug, Clone)]
pub struct SwingComparison {
    /// The spring's name (its root bone).
    pub chain: String,
    /// The last spring bone (whose turn is measured) and the tip (its rest direction's end).
    pub segment: [usize; 2],
    /// The motion's length; the run goes on `after` seconds more.
    pub motion_seconds: f32,
    pub vrm: SwingStats,
    pub hone: SwingStats,
}

impl SwingComparison {
    /// RMS swing under the VRM springs over RMS swing under Hone's physics.
    pub fn rms_ratio(&self) -> f32 {
        self.vrm.rms_deg / self.hone.rms_deg
    }

    /// Peak swing under the VRM springs over peak swing under Hone's physics.
    pub fn peak_ratio(&self) -> f32 {
        self.vrm.peak_deg / self.hone.peak_deg
    }
}

fn angle_deg(a: Vec3, b: Vec3) -> f32 {
    a.normalize_or_zero()
        .dot(b.normalize_or_zero())
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

fn stats(deg: Vec<f32>, fps: f32) -> SwingStats {
    let peak_deg = deg.iter().copied().fold(0.0, f32::max);
    let rms_deg = (deg.iter().map(|d| d * d).sum::<f32>() / deg.len().max(1) as f32).sqrt();
    let last = ((0.5 * fps).round() as usize).clamp(1, deg.len().max(1));
    let end = &deg[deg.len().saturating_sub(last)..];
    let rest = end.iter().sum::<f32>() / end.len().max(1) as f32;
    let moving = end.iter().any(|d| (d - rest).abs() >= 1.0);
    // Frame k (from 1) is at k / fps seconds.
    let settled_at_s = (!moving).then(|| {
        let settled_from = deg
            .iter()
            .rposition(|d| (d - rest).abs() >= 1.0)
            .map_or(0, |i| i + 1);
        (settled_from + 1) as f32 / fps
    });
    SwingStats {
        per_frame_deg: deg,
        peak_deg,
        rms_deg,
        settled_at_s,
    }
}

/// Plays `motion` on `model` for its length plus `after` seconds at `fps`, from a physics reset
/// on its first frame, and measures the last segment of the exported spring named `chain` (its
/// root bone's name) under the VRM springs and under Hone's physics. `None` when the model
/// exports no such spring.
pub fn compare_swing(
    model: &Model,
    motion: &BoundMotion,
    chain: &str,
    after: f32,
    fps: f32,
    config: PhysicsConfig,
) -> Option<SwingComparison> {
    let extension = spring_bone_extension(model)?;
    let parents = bone_parents(model);
    let rest: Vec<Mat4> = model
        .bones
        .iter()
        .map(|b| to_gltf_world(Mat4::from_translation(b.position)))
        .collect();
    let mut springs = SpringSim::new(&extension, &parents, &rest)?;
    let index = springs.chain_names().position(|n| n == chain)?;
    let nodes = springs.chain_nodes(index);
    let (head_bone, tip_bone) = match nodes.as_slice() {
        [.., head, tip] => (*head, *tip),
        _ => return None,
    };

    let mut off = Simulation::new(model, config);
    off.physics_enabled = false;
    off.deformer.normals = false;
    let mut on = Simulation::new(model, config);
    on.deformer.normals = false;
    let mut pose = Pose::new(model);
    motion.apply_to_pose(0.0, &mut pose);
    off.reset(model, &pose);
    on.reset(model, &pose);
    let mut gltf_world: Vec<Mat4> = off.state.world.iter().map(|m| to_gltf_world(*m)).collect();
    springs.reset(&gltf_world);

    let motion_seconds = motion.duration();
    let frames = ((motion_seconds + after.max(0.0)) * fps).round() as usize;
    let dt = 1.0 / fps;
    // The last spring bone's own turn: its world rotation applied to its rest direction. Not the
    // segment to the tip's place: a tip bone without a body and without 物理後変形 keeps its
    // physics-off place in MMD (mei's hair tips), so that segment would barely move under Hone's
    // physics while the bone above it swings.
    let rest_dir = model.bones[tip_bone].position - model.bones[head_bone].position;
    // glTF's Z is MMD's −Z; angles do not care, but the directions are compared in one space.
    let unmirror = |v: Vec3| Vec3::new(v.x, v.y, -v.z);
    let direction = |world: &[Mat4]| world[head_bone].transform_vector3(rest_dir);
    let gltf_direction =
        |world: &[Mat4]| unmirror(world[head_bone].transform_vector3(unmirror(rest_dir)));
    let mut vrm_deg = Vec::with_capacity(frames);
    let mut hone_deg = Vec::with_capacity(frames);
    for k in 1..=frames {
        motion.apply_to_pose(k as f32 * dt * 30.0, &mut pose);
        off.frame(model, &pose, dt);
        on.frame(model, &pose, dt);
        for (g, m) in gltf_world.iter_mut().zip(&off.state.world) {
            *g = to_gltf_world(*m);
        }
        springs.step(&mut gltf_world, dt);
        let still = direction(&off.state.world);
        hone_deg.push(angle_deg(direction(&on.state.world), still));
        vrm_deg.push(angle_deg(gltf_direction(&gltf_world), still));
    }
    Some(SwingComparison {
        chain: chain.to_string(),
        segment: [head_bone, tip_bone],
        motion_seconds,
        vrm: stats(vrm_deg, fps),
        hone: stats(hone_deg, fps),
    })
}
