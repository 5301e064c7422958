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
//! - Two-way contact: a contact with a simulated rigid body is shared by inverse
//!   mass (particle vs body, the body's rotation ignored in the share) and the
//!   particle's momentum change goes back to the body as an impulse at the contact
//!   point, applied after the soft step (so the body feels it from the next frame
//!   on). Bone-following bodies take the whole correction and are not moved.
//! - Aero (forces per sub-step against still air, air density 1.2 as PMX Editor):
//!   V_Point / V_TwoSided / V_OneSided per particle (area = mean of its
//!   triangles), F_TwoSided / F_OneSided per triangle shared by its three
//!   particles; drag DG along the normal against the relative wind, lift LF across
//!   it, as Bullet's formulas; the drag stops at most 0.8 of the relative speed
//!   per sub-step (explicit drag would reverse it at large DG). Ropes have no
//!   area, so no aero (as in Bullet).
//! - PR pressure: a force PR·area/volume along each particle's outward normal
//!   (Bullet's); VC volume conservation: Bullet's force (VC·area·(V₀−V)) plus,
//!   when VST > 0, one volume constraint per iteration of stiffness VST. Both need
//!   a closed mesh (every edge on two triangles); otherwise reported, not used.
//! - MT pose matching: once per sub-step the free particles move MT of the way to
//!   the best rigid fit of the rest shape (shape matching, rotation by polar
//!   decomposition).
//! - Clusters (flag 0x02): particles are grouped by K-means into the cluster
//!   count. Bullet turns contacts into cluster contacts (CL_RS): here a cluster
//!   meets rigid bodies as one rigid piece — its particles' pushes are summed into
//!   one translation and rotation of the whole cluster (unit masses), C_IT passes
//!   per sub-step, hardness SRHR_CL (simulated body) / SKHR_CL (bone-following),
//!   and SR_SPLT_CL / SK_SPLT_CL the share of the push that is position only
//!   (Bullet's split impulse: it adds no velocity).
//! - V_IT velocity iterations: the links' relative velocity along the link is
//!   removed with stiffness LST before positions are predicted (Bullet's
//!   VSolve_Links). D_IT drift iterations: links solved again after the velocity
//!   update, the change fed to the velocity scaled by VCF (Baumgarte).
//! - Pins (`m_im = 0`) follow the skinned mesh, interpolated over sub-steps.
//! - Anchors hold a vertex at its rest position in a rigid body's frame. After
//!   the step the output position is forced exactly onto the anchor (seed 003's
//!   fix-point) while the solver keeps its own state, so nothing jumps.
//!   Near mode (spec): a bone-following body adds the node→body difference to the
//!   node's velocity (weak); a simulated body is moved to the node.
//! - Link randomisation (flag 0x04): Bullet's `randomizeConstraints` — once at
//!   build the links (B-links included) and the triangles are shuffled, each
//!   swapped with a pseudo-random one drawn from a fixed-seed generator (Bullet's
//!   seed and LCG), so the Gauss–Seidel order changes the same way every run.
//! - Soft–soft contacts (contact.rs): the spec's recipe sets VF_SS on every soft
//!   body and CL_SS|CL_RS (no CL_SELF) on clustered ones; Bullet then meets two
//!   bodies only when both have the same soft–soft kind. Two bodies without
//!   clusters (VF_SS): every particle of one against every triangle of the other,
//!   both ways, hardness SHR on each side (shared by inverse mass), friction the
//!   larger DF. Two clustered bodies (CL_SS): the same vertex–triangle contacts
//!   (approximated: Bullet meets the clusters' convex hulls) with hardness the
//!   larger SSHR_CL and SS_SPLT_CL (the mean of the two) as the position-only
//!   share, friction the smaller DF. One clustered and one not: no contact, as in
//!   Bullet. Pairs are filtered by group/mask both ways like rigid bodies. Contact
//!   thickness: the two margins summed. Ropes have no triangles: their particles
//!   meet other bodies' triangles only. Contacts are found once per sub-step
//!   (after prediction) and keep a particle on the side it started on; a body
//!   falling fast onto a soft body that gives way (a drum pinned at its edges)
//!   can still pass through it — clustered pairs most (tests/soft_features.rs).
//! - Self-collision: never asked by the spec's recipe (Bullet's VF_SS skips a body
//!   against itself and CL_SELF is not set), so off by default; with
//!   [`crate::physics::PhysicsConfig::soft_self_collision`] a soft body whose own
//!   mask lets it collide with its own group meets its own triangles (particles
//!   near a triangle in the rest shape are left out), hardness SHR (SSHR_CL).
//! - Ropes ignore aero and volume, as Bullet: a rope has no faces, so its node
//!   areas are 0 (no aero force) and it has no volume (Bullet's pressure would
//!   divide by that zero volume). Pressure and volume on an open mesh are left
//!   out too (Bullet measures an open mesh's "volume" from its first node, which
//!   depends on vertex order); reported.
//! - Not simulated (kept in the file, reported): an unknown aero model (V_Point used).
//!
//! Everything is allocated when the soft body is built; a frame allocates nothing.

mod build;
mod contact;
mod forces;
mod shape;
mod solve;

pub use build::{approximated_parameters, unsimulated_parameters};

use super::{BodyImpulse, BodyProxy, BodyShape, CollisionFilter, Note, PhysicsWorld};
use crate::pmx::Model;
use contact::{Grid, SoftContact, SoftPair};
use glam::{Quat, Vec3};
use solve::{update_normals, Bodies};

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
    /// PBD stiffness (LST or AST) for the velocity and drift solvers.
    stiffness: f32,
}

/// Bullet's aero models (`eAeroModel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aero {
    /// Per particle, drag along the relative wind.
    Point,
    /// Per particle, against the normal facing the wind.
    VTwoSided,
    VOneSided,
    /// Per triangle.
    FTwoSided,
    FOneSided,
}

/// A K-means group of particles moved as one rigid piece by contacts.
#[derive(Debug, Clone, Copy)]
struct Cluster {
    /// Range into `SoftSim::cluster_members`.
    start: u32,
    end: u32,
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
    /// Rest positions (pose matching).
    rest: Vec<Vec3>,
    rest_com: Vec3,
    aero: Aero,
    drag: f32,
    lift: f32,
    pressure: f32,
    /// Bullet's VC (force) and VST (constraint stiffness); 0 = off.
    volume_force: f32,
    volume_stiffness: f32,
    /// Signed rest volume (closed meshes; its sign gives the winding).
    rest_volume: f32,
    /// Number of triangles around each particle (node areas).
    tri_count: Vec<f32>,
    /// Per sub-step scratch: node areas, area vectors, forces, volume gradient.
    area: Vec<f32>,
    area_normal: Vec<Vec3>,
    force: Vec<Vec3>,
    grad: Vec<Vec3>,
    pose_matching: f32,
    /// Warm start of the polar decomposition.
    pose_rotation: Quat,
    clusters: Vec<Cluster>,
    cluster_members: Vec<u32>,
    /// Cluster contact scratch: each particle's push this pass.
    push: Vec<Vec3>,
    cluster_iterations: u32,
    cluster_rigid_hardness: f32,
    cluster_kinetic_hardness: f32,
    cluster_rigid_split: f32,
    cluster_kinetic_split: f32,
    velocity_iterations: u32,
    drift_iterations: u32,
    vcf: f32,
    /// Soft–soft contacts: clustered (CL_SS) or not (VF_SS), SHR, SSHR_CL, SS_SPLT_CL.
    clustered: bool,
    soft_hardness: f32,
    cluster_soft_hardness: f32,
    cluster_soft_split: f32,
    /// Particles bucketed by position each sub-step (soft–soft contacts only).
    grid: Grid,
    /// Bounds of the particles over the sub-step (start and predicted) and the
    /// largest distance a particle moved in it.
    lo: Vec3,
    hi: Vec3,
    max_move: f32,
    /// Each particle's soft–soft contact normal of the last sub-step (zero: none).
    contact_side: Vec<Vec3>,
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
    /// Inverse mass of each rigid body as contacts share it (0: bone-following).
    body_inv_mass: Vec<f32>,
    /// Contact impulses soft bodies gave each rigid body during the last step.
    impulses: Vec<BodyImpulse>,
    /// Soft bodies that meet (indices into `sims`), and this sub-step's contacts
    /// (capacity fixed at build; contacts beyond it are dropped).
    pairs: Vec<SoftPair>,
    contacts: Vec<SoftContact>,
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
            body_inv_mass: physics
                .proxies()
                .iter()
                .enumerate()
                .map(|(b, proxy)| match physics.body_mass(b) {
                    Some(m) if !proxy.kinematic && m.is_finite() && m > 0.0 => 1.0 / m,
                    _ => 0.0,
                })
                .collect(),
            impulses: vec![BodyImpulse::default(); physics.proxies().len()],
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
        contact::prepare(&mut world, physics.config().soft_self_collision);
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
        self.impulses.fill(BodyImpulse::default());
        let max_iterations = self.sims.iter().map(|s| s.iterations).max().unwrap_or(0);
        let max_cluster_passes = self.sims.iter().map(|s| s.cluster_iterations).max();
        let max_cluster_passes = max_cluster_passes.unwrap_or(0);
        for k in 1..=substeps {
            let t = k as f32 / substeps as f32;
            let mut bodies = Bodies {
                proxies: physics.proxies(),
                inv_mass: &self.body_inv_mass,
                impulses: &mut self.impulses,
            };
            for s in &mut self.sims {
                solve::predict(s, h, t, gravity);
            }
            contact::detect(&mut self.sims, &self.pairs, &mut self.contacts);
            // Iteration by iteration over every soft body, so soft–soft contacts
            // (solved in the iterations of the body owning their particle, as
            // Bullet) see the other body's links in between.
            for it in 0..max_iterations {
                for s in &mut self.sims {
                    if it < s.iterations {
                        solve::iterate(s, h, t, &mut bodies);
                    }
                }
                contact::solve(&mut self.sims, &self.contacts, it, false);
            }
            // Cluster passes: CL_SS contacts, then the clusters' rigid contacts.
            for pass in 0..max_cluster_passes {
                contact::solve(&mut self.sims, &self.contacts, pass, true);
                for s in &mut self.sims {
                    if pass < s.cluster_iterations {
                        solve::collide_clusters(s, h, t, &mut bodies);
                    }
                }
            }
            for s in &mut self.sims {
                solve::finish(s, h);
            }
        }
        for s in &mut self.sims {
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
        // Two-way contact: what the particles were pushed by, the bodies get back.
        if self.impulses.iter().any(|i| !i.is_empty()) {
            physics.apply_impulses(&self.impulses);
        }
    }

    /// The contact impulses the last `step` gave each rigid body (world frame:
    /// `global_velocity` is the linear impulse, `global_torque` the angular one).
    pub fn contact_impulses(&self) -> &[BodyImpulse] {
        &self.impulses
    }

    /// Volume enclosed by soft body `i` (closed TriMesh only).
    pub fn volume(&self, i: usize) -> Option<f32> {
        let s = self.sims.iter().find(|s| s.index == i)?;
        (s.rest_volume != 0.0).then(|| forces::volume(s).abs())
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

    /// The links of soft body `i` (particle pairs, B-links included) in the order
    /// the solver takes them.
    pub fn link_order(&self, i: usize) -> Option<impl Iterator<Item = (u32, u32)> + '_> {
        let s = self.sims.iter().find(|s| s.index == i)?;
        Some(s.links.iter().map(|l| (l.a, l.b)))
    }

    /// How many soft–soft contacts the last sub-step found.
    pub fn soft_contact_count(&self) -> usize {
        self.contacts.len()
    }

    /// Particle positions of soft body `i` (in the order they were built).
    pub fn particles(&self, i: usize) -> Option<&[Vec3]> {
        self.sims.iter().find(|s| s.index == i).map(|s| &s.x[..])
    }
}
