//! PMX 2.1 soft bodies on Hone's own position-based (XPBD) solver.
//!
//! What the spec's Bullet recipe becomes here:
//! - TriMesh: particles from the material's faces (vertices at the same rest
//!   position are welded, so UV seams do not tear), links along the edges.
//!   Rope: links along the material's line segments (PMX 2.1 line faces are
//!   A-B-A), or consecutive vertices of a point material.
//! - Total mass spread evenly over the particles (Bullet `setTotalMass`).
//! - LST → each link's compliance, chosen so one iteration moves as far as
//!   Bullet's PBD link with stiffness LST; B-links (flag 0x01) join particles up
//!   to the B-link distance apart in the link graph, with stiffness AST (Bullet
//!   gives them LST; Hone uses AST so bending has its own knob — reported).
//! - P_IT position iterations per sub-step, DP velocity damping per sub-step,
//!   DF friction and CHR/KHR contact hardness against rigid bodies (sphere, box,
//!   capsule; the margin is the particle radius; the soft body's group/mask
//!   against the body's like rigid bodies), AHR anchor hardness.
//! - Pins (`m_im = 0`) follow the skinned mesh, interpolated over sub-steps.
//! - Anchors hold a vertex at its rest position in a rigid body's frame. After
//!   the step the output position is forced exactly onto the anchor (seed 003's
//!   fix-point) while the solver keeps its own state, so nothing jumps.
//!   Near mode (spec): a bone-following body adds the node→body difference to the
//!   node's velocity (weak); a simulated body is moved to the node.
//! - Not simulated (kept in the file, reported): aerodynamics (aero model, DG,
//!   LF), pressure (PR), volume (VC, VST), pose matching (MT), clusters,
//!   link randomisation, soft–soft contacts, VCF and the V/D/C iteration counts.
//!   Soft bodies do not push rigid bodies.
//!
//! Everything is allocated when the soft body is built; a frame allocates nothing.

mod build;
mod solve;

pub use build::unsimulated_parameters;

use super::{BodyProxy, BodyShape, CollisionFilter, Note, PhysicsWorld};
use crate::pmx::Model;
use glam::Vec3;
use solve::{substep, update_normals};

/// Upper bound on B-links per particle (keeps huge meshes with a large B-link
/// distance from exploding; reported when reached).
const MAX_BLINKS_PER_PARTICLE: usize = 32;
const MAX_ITERATIONS: i32 = 32;

#[derive(Debug, Clone, Copy)]
struct Link {
    a: u32,
    b: u32,
    rest: f32,
    /// XPBD compliance already divided by h² (α̃).
    alpha: f32,
}

#[derive(Debug, Clone, Copy)]
struct Anchor {
    particle: u32,
    body: usize,
    local: Vec3,
    near: bool,
}

#[derive(Debug, Clone)]
struct SoftSim {
    index: usize,
    rope: bool,
    /// (model vertex, particle) for every vertex the soft body owns.
    members: Vec<(u32, u32)>,
    /// The model vertex whose skinned position places each particle.
    source: Vec<u32>,
    x: Vec<Vec3>,
    start: Vec<Vec3>,
    v: Vec<Vec3>,
    w: Vec<f32>,
    pinned: Vec<bool>,
    pin_prev: Vec<Vec3>,
    pin_cur: Vec<Vec3>,
    anchored: Vec<Option<u32>>,
    links: Vec<Link>,
    lambda: Vec<f32>,
    anchors: Vec<Anchor>,
    triangles: Vec<[u32; 3]>,
    normals: Vec<Vec3>,
    flip_normals: bool,
    iterations: u32,
    damping: f32,
    friction: f32,
    rigid_hardness: f32,
    kinetic_hardness: f32,
    anchor_hardness: f32,
    margin: f32,
    filter: CollisionFilter,
}

/// All soft bodies of a model.
#[derive(Debug, Clone, Default)]
pub struct SoftWorld {
    sims: Vec<SoftSim>,
    notes: Vec<Note>,
    substep: f32,
    gravity: Vec3,
    /// Vertex owned by some soft body (so skinning may skip it unless it is a pin).
    owned: Vec<bool>,
    pinned_vertex: Vec<bool>,
}

impl SoftWorld {
    /// Builds every soft body at the model's rest pose. `physics` supplies the
    /// rigid bodies (anchors, collisions) at rest.
    pub fn new(model: &Model, physics: &PhysicsWorld) -> SoftWorld {
        let mut world = SoftWorld {
            substep: physics.config().substep,
            gravity: physics.config().gravity,
            owned: vec![false; model.vertices.len()],
            pinned_vertex: vec![false; model.vertices.len()],
            ..Default::default()
        };
        for (i, sb) in model.soft_bodies.iter().enumerate() {
            if let Some(sim) = build::build(model, physics, i, sb, &mut world.notes) {
                for &(v, p) in &sim.members {
                    world.owned[v as usize] = true;
                    if sim.pinned[p as usize] {
                        world.pinned_vertex[v as usize] = true;
                    }
                }
                world.sims.push(sim);
            }
        }
        world
    }

    /// Everything clamped, approximated or not simulated, per soft body.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    pub fn is_empty(&self) -> bool {
        self.sims.is_empty()
    }

    /// Number of simulated soft bodies.
    pub fn len(&self) -> usize {
        self.sims.len()
    }

    /// Vertices whose skinning can be skipped: owned by a soft body and not pinned.
    pub fn skip_skinning(&self, vertex: usize) -> bool {
        self.owned.get(vertex).copied().unwrap_or(false)
            && !self.pinned_vertex.get(vertex).copied().unwrap_or(false)
    }

    /// Places every particle on the skinned mesh with zero velocity.
    pub fn reset(&mut self, skinned: &[Vec3]) {
        for s in &mut self.sims {
            for (p, &src) in s.source.iter().enumerate() {
                let x = skinned.get(src as usize).copied().unwrap_or(s.x[p]);
                s.x[p] = x;
                s.start[p] = x;
                s.v[p] = Vec3::ZERO;
                s.pin_prev[p] = x;
                s.pin_cur[p] = x;
            }
            update_normals(s);
        }
    }

    /// Records where the pinned particles must be at the end of the next step.
    pub fn set_pin_targets(&mut self, skinned: &[Vec3]) {
        for s in &mut self.sims {
            for (p, &src) in s.source.iter().enumerate() {
                if s.pinned[p] {
                    if let Some(&x) = skinned.get(src as usize) {
                        if x.is_finite() {
                            s.pin_cur[p] = x;
                        }
                    }
                }
            }
        }
    }

    /// Advances `substeps` sub-steps (the count the rigid-body step ran), moving
    /// pins and rigid bodies along their paths from the previous frame.
    pub fn step(&mut self, substeps: u32, physics: &mut PhysicsWorld) {
        let h = self.substep;
        let gravity = self.gravity;
        for s in &mut self.sims {
            for k in 1..=substeps {
                let t = k as f32 / substeps as f32;
                substep(s, h, t, gravity, physics.proxies());
            }
            if substeps > 0 {
                for p in 0..s.x.len() {
                    if s.pinned[p] {
                        s.pin_prev[p] = s.pin_cur[p];
                    }
                }
            }
            // Non-finite particles go back to where the frame started.
            for p in 0..s.x.len() {
                if !s.x[p].is_finite() || !s.v[p].is_finite() {
                    s.x[p] = s.start[p];
                    s.v[p] = Vec3::ZERO;
                }
            }
            // Near mode (spec): after the step.
            for a in &s.anchors {
                if !a.near {
                    continue;
                }
                let proxy = physics.proxies()[a.body];
                let p = a.particle as usize;
                if proxy.kinematic {
                    s.v[p] += (proxy.pose.translation - s.x[p]) * h;
                } else {
                    let target = s.x[p] - proxy.pose.rotation * a.local;
                    physics.set_body_translation(a.body, target);
                }
            }
        }
    }

    /// Recomputes TriMesh normals from the particles (after `step`).
    pub fn update_normals(&mut self) {
        for s in &mut self.sims {
            update_normals(s);
        }
    }

    /// Writes soft-body positions (and TriMesh normals) over the skinned ones.
    pub fn write(&self, physics: &PhysicsWorld, positions: &mut [Vec3], normals: &mut [Vec3]) {
        for s in &self.sims {
            for &(v, p) in &s.members {
                let v = v as usize;
                let p = p as usize;
                let x = match s.anchored[p] {
                    // Seed 003: anchored nodes are shown exactly on their body.
                    Some(ai) if s.anchor_hardness > 0.0 => {
                        let a = &s.anchors[ai as usize];
                        physics.proxies()[a.body].pose.transform_point(a.local)
                    }
                    _ => s.x[p],
                };
                if let Some(o) = positions.get_mut(v) {
                    *o = x;
                }
                if !s.rope {
                    if let Some(o) = normals.get_mut(v) {
                        *o = s.normals[p];
                    }
                }
            }
        }
    }

    /// Particle positions of soft body `i` (in the order they were built).
    pub fn particles(&self, i: usize) -> Option<&[Vec3]> {
        self.sims.iter().find(|s| s.index == i).map(|s| &s.x[..])
    }
}
