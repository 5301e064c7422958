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

use super::{BodyProxy, BodyShape, CollisionFilter, Note, NoteTarget, PhysicsWorld};
use crate::pmx::{AeroModel, Model, SoftBody, SoftBodyFlags, SoftBodyShape, Vertex};
use glam::Vec3;
use rapier3d::prelude::Pose;
use std::collections::{HashMap, VecDeque};

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

fn note(notes: &mut Vec<Note>, i: usize, text: impl Into<String>) {
    notes.push(Note {
        target: NoteTarget::SoftBody(i),
        text: text.into(),
    });
}

fn clamp01(v: f32, what: &str, i: usize, notes: &mut Vec<Note>) -> f32 {
    if v.is_finite() && (0.0..=1.0).contains(&v) {
        v
    } else {
        let c = if v.is_finite() {
            v.clamp(0.0, 1.0)
        } else {
            0.0
        };
        note(
            notes,
            i,
            format!("{what} {v} outside [0, 1]: clamped to {c}"),
        );
        c
    }
}

/// XPBD compliance (α̃ = α/h²) for a constraint between particles of inverse
/// masses summing to `w_sum` that, on its first iteration, corrects the same
/// fraction `k` of the error as Bullet's PBD link of stiffness `k`.
fn compliance_for(k: f32, w_sum: f32) -> f32 {
    let k = k.clamp(1.0e-3, 1.0);
    w_sum * (1.0 / k - 1.0)
}

/// Point-vs-shape: the push-out normal and depth when `p` (radius `r`) overlaps.
fn penetration(shape: &BodyShape, pose: &Pose, p: Vec3, r: f32) -> Option<(Vec3, f32)> {
    let local = pose.inverse_transform_point(p);
    let (n_local, depth) = match *shape {
        BodyShape::Sphere { radius } => {
            let d = local.length();
            let depth = radius + r - d;
            if depth <= 0.0 {
                return None;
            }
            (if d > 1e-6 { local / d } else { Vec3::Y }, depth)
        }
        BodyShape::Capsule {
            radius,
            half_height,
        } => {
            let c = Vec3::new(0.0, local.y.clamp(-half_height, half_height), 0.0);
            let d = local - c;
            let len = d.length();
            let depth = radius + r - len;
            if depth <= 0.0 {
                return None;
            }
            (if len > 1e-6 { d / len } else { Vec3::X }, depth)
        }
        BodyShape::Box { half } => {
            let clamped = local.clamp(-half, half);
            let d = local - clamped;
            let len = d.length();
            if len > 1e-6 {
                let depth = r - len;
                if depth <= 0.0 {
                    return None;
                }
                (d / len, depth)
            } else {
                // Inside: leave through the nearest face.
                let gap = half - local.abs();
                let (axis, g) = if gap.x <= gap.y && gap.x <= gap.z {
                    (Vec3::X * local.x.signum(), gap.x)
                } else if gap.y <= gap.z {
                    (Vec3::Y * local.y.signum(), gap.y)
                } else {
                    (Vec3::Z * local.z.signum(), gap.z)
                };
                (axis, g + r)
            }
        }
    };
    Some((pose.rotation * n_local, depth))
}

fn lerp_pose(a: &Pose, b: &Pose, t: f32) -> Pose {
    Pose::from_parts(
        a.translation.lerp(b.translation, t),
        a.rotation.slerp(b.rotation, t),
    )
}

fn rest_position(v: &Vertex) -> Vec3 {
    if v.position.is_finite() {
        v.position
    } else {
        Vec3::ZERO
    }
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
            if let Some(sim) = build(model, physics, i, sb, &mut world.notes) {
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

fn update_normals(s: &mut SoftSim) {
    if s.rope {
        return;
    }
    s.normals.fill(Vec3::ZERO);
    for t in &s.triangles {
        let [a, b, c] = t.map(|i| s.x[i as usize]);
        let n = (b - a).cross(c - a);
        for &i in t {
            s.normals[i as usize] += n;
        }
    }
    let sign = if s.flip_normals { -1.0 } else { 1.0 };
    for n in &mut s.normals {
        *n = n.normalize_or(Vec3::Y) * sign;
    }
}

fn substep(s: &mut SoftSim, h: f32, t: f32, gravity: Vec3, proxies: &[BodyProxy]) {
    let keep = 1.0 - s.damping;
    for p in 0..s.x.len() {
        s.start[p] = s.x[p];
        if s.pinned[p] {
            s.x[p] = s.pin_prev[p].lerp(s.pin_cur[p], t);
            continue;
        }
        s.v[p] = (s.v[p] + gravity * h) * keep;
        s.x[p] += s.v[p] * h;
    }
    s.lambda.fill(0.0);
    for _ in 0..s.iterations {
        for (li, l) in s.links.iter().enumerate() {
            let (a, b) = (l.a as usize, l.b as usize);
            let (wa, wb) = (s.w[a], s.w[b]);
            let w_sum = wa + wb;
            if w_sum <= 0.0 {
                continue;
            }
            let d = s.x[b] - s.x[a];
            let len = d.length();
            if len < 1e-9 {
                continue;
            }
            let c = len - l.rest;
            let dl = (-c - l.alpha * s.lambda[li]) / (w_sum + l.alpha);
            s.lambda[li] += dl;
            let corr = d / len * dl;
            s.x[a] -= corr * wa;
            s.x[b] += corr * wb;
        }
        for a in &s.anchors {
            let p = a.particle as usize;
            if s.w[p] <= 0.0 {
                continue;
            }
            let proxy = &proxies[a.body];
            let target = lerp_pose(&proxy.prev, &proxy.pose, t).transform_point(a.local);
            let pull = (target - s.x[p]) * s.anchor_hardness;
            s.x[p] += pull;
        }
        collide(s, t, proxies);
    }
    let inv_h = 1.0 / h;
    for p in 0..s.x.len() {
        if !s.pinned[p] {
            s.v[p] = (s.x[p] - s.start[p]) * inv_h;
        }
    }
}

fn collide(s: &mut SoftSim, t: f32, proxies: &[BodyProxy]) {
    for proxy in proxies {
        // Bullet's filter both ways, like rigid bodies.
        if !proxy.filter.collides_with(s.filter) {
            continue;
        }
        let pose = lerp_pose(&proxy.prev, &proxy.pose, t);
        let hardness = if proxy.kinematic {
            s.kinetic_hardness
        } else {
            s.rigid_hardness
        };
        if hardness <= 0.0 {
            continue;
        }
        for p in 0..s.x.len() {
            if s.w[p] <= 0.0 {
                continue;
            }
            let Some((n, depth)) = penetration(&proxy.shape, &pose, s.x[p], s.margin) else {
                continue;
            };
            s.x[p] += n * depth * hardness;
            // Friction: remove part of the tangential motion relative to the body
            // (the body's motion over the sub-step is approximated by its pose change).
            if s.friction > 0.0 {
                let local = pose.inverse_transform_point(s.x[p]);
                let body_move = pose.transform_point(local) - proxy.prev.transform_point(local);
                let rel = (s.x[p] - s.start[p]) - body_move * t;
                let tangential = rel - n * n.dot(rel);
                s.x[p] -= tangential * s.friction;
            }
        }
    }
}

/// Soft-body parameters the position solver does not simulate (pure: depends
/// only on the soft body's data), for `hone info` and the inspector.
pub fn unsimulated_parameters(sb: &SoftBody) -> Vec<&'static str> {
    let c = &sb.config;
    let mut out = Vec::new();
    if sb.aero_model != AeroModel::VPoint || c.dg != 0.0 || c.lf != 0.0 {
        out.push("aerodynamics (aero model, DG, LF): not simulated");
    }
    if c.pr != 0.0 {
        out.push("pressure (PR): not simulated");
    }
    if c.vc != 0.0 || sb.material_params.vst != 0.0 {
        out.push("volume conservation (VC, VST): not simulated");
    }
    if c.mt != 0.0 {
        out.push("pose matching (MT): not simulated");
    }
    if sb.flags.has(SoftBodyFlags::CLUSTERS) || sb.cluster_count > 0 {
        out.push("clusters: not simulated");
    }
    if sb.flags.has(SoftBodyFlags::RANDOMIZE_LINKS) {
        out.push("link randomisation: not applied (links keep a fixed order)");
    }
    if c.shr != 0.0 {
        out.push("soft–soft contacts (SHR): not simulated");
    }
    if c.vcf != 0.0
        || sb.iterations.velocity != 0
        || sb.iterations.drift != 0
        || sb.iterations.cluster != 0
    {
        out.push("VCF and velocity/drift/cluster iterations: not used by the position solver");
    }
    out
}

fn build(
    model: &Model,
    physics: &PhysicsWorld,
    i: usize,
    sb: &SoftBody,
    notes: &mut Vec<Note>,
) -> Option<SoftSim> {
    let rope = match sb.shape {
        SoftBodyShape::TriMesh => false,
        SoftBodyShape::Rope => true,
        SoftBodyShape::Unknown(s) => {
            note(notes, i, format!("unknown shape {s}: not simulated"));
            return None;
        }
    };
    let Some(mat) = usize::try_from(sb.material)
        .ok()
        .filter(|&m| m < model.materials.len())
    else {
        note(
            notes,
            i,
            format!("material index {} out of range: not simulated", sb.material),
        );
        return None;
    };
    // The material's faces: the ones after all earlier materials' faces.
    let first: usize = model.materials[..mat]
        .iter()
        .map(|m| m.face_index_count.max(0) as usize / 3)
        .sum();
    let count = model.materials[mat].face_index_count.max(0) as usize / 3;
    let faces = model
        .faces
        .get(first.min(model.faces.len())..(first + count).min(model.faces.len()))
        .unwrap_or(&[]);
    if faces.len() < count {
        note(
            notes,
            i,
            "the material's face range runs past the face list: truncated",
        );
    }
    let nv = model.vertices.len();
    let valid = |v: i32| usize::try_from(v).ok().filter(|&v| v < nv);

    // Weld vertices sharing a rest position into one particle.
    let mut by_pos: HashMap<[u32; 3], u32> = HashMap::new();
    let mut vertex_particle: HashMap<u32, u32> = HashMap::new();
    let mut source: Vec<u32> = Vec::new();
    let mut members: Vec<(u32, u32)> = Vec::new();
    let mut particle_of = |v: usize| -> u32 {
        if let Some(&p) = vertex_particle.get(&(v as u32)) {
            return p;
        }
        let pos = rest_position(&model.vertices[v]);
        let key = pos.to_array().map(f32::to_bits);
        let p = *by_pos.entry(key).or_insert_with(|| {
            source.push(v as u32);
            (source.len() - 1) as u32
        });
        vertex_particle.insert(v as u32, p);
        members.push((v as u32, p));
        p
    };
    let mut triangles = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut dropped = 0usize;
    let mut chain: Vec<u32> = Vec::new();
    for f in faces {
        let Some(vs) = f.iter().map(|&v| valid(v)).collect::<Option<Vec<_>>>() else {
            dropped += 1;
            continue;
        };
        let ps: Vec<u32> = vs.iter().map(|&v| particle_of(v)).collect();
        let mut distinct = ps.clone();
        distinct.sort_unstable();
        distinct.dedup();
        match distinct.len() {
            3 => {
                if !rope {
                    triangles.push([ps[0], ps[1], ps[2]]);
                }
                for (a, b) in [(ps[0], ps[1]), (ps[1], ps[2]), (ps[2], ps[0])] {
                    edges.push((a.min(b), a.max(b)));
                }
            }
            2 => edges.push((distinct[0], distinct[1])),
            _ => chain.push(ps[0]),
        }
    }
    if dropped > 0 {
        note(
            notes,
            i,
            format!("{dropped} faces with out-of-range vertices ignored"),
        );
    }
    // A rope of point faces: link the vertices in order.
    if rope && edges.is_empty() {
        for w in chain.windows(2) {
            if w[0] != w[1] {
                edges.push((w[0].min(w[1]), w[0].max(w[1])));
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    let n = source.len();
    if n == 0 {
        note(notes, i, "the material has no usable faces: not simulated");
        return None;
    }
    if !rope && triangles.is_empty() {
        note(
            notes,
            i,
            "TriMesh on a material without triangles: simulated as a rope",
        );
    }

    let rest: Vec<Vec3> = source
        .iter()
        .map(|&v| rest_position(&model.vertices[v as usize]))
        .collect();
    let total_mass = if sb.total_mass.is_finite() && sb.total_mass > 0.0 {
        sb.total_mass
    } else {
        note(
            notes,
            i,
            format!("total mass {} is not positive: 1 used", sb.total_mass),
        );
        1.0
    };
    let mut w = vec![n as f32 / total_mass; n];
    let mut pinned = vec![false; n];
    let mut pins_outside = 0;
    for &pv in &sb.pins {
        match valid(pv).and_then(|v| vertex_particle.get(&(v as u32))) {
            Some(&p) => {
                pinned[p as usize] = true;
                w[p as usize] = 0.0;
            }
            None => pins_outside += 1,
        }
    }
    if pins_outside > 0 {
        note(
            notes,
            i,
            format!("{pins_outside} pin vertices are not in the soft body: ignored"),
        );
    }

    let lst = clamp01(sb.material_params.lst, "LST", i, notes);
    let ast = clamp01(sb.material_params.ast, "AST", i, notes);
    let mut links: Vec<Link> = edges
        .iter()
        .map(|&(a, b)| Link {
            a,
            b,
            rest: rest[a as usize].distance(rest[b as usize]),
            alpha: compliance_for(lst, w[a as usize] + w[b as usize]),
        })
        .collect();

    // B-links: pairs 2..=distance apart in the link graph.
    if sb.flags.has(SoftBodyFlags::B_LINK) && sb.b_link_distance >= 2 {
        note(
            notes,
            i,
            "B-links use AST as their stiffness (Bullet gives them LST)",
        );
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b) in &edges {
            adjacency[a as usize].push(b);
            adjacency[b as usize].push(a);
        }
        let max_depth = sb.b_link_distance.min(16) as usize;
        if sb.b_link_distance > 16 {
            note(
                notes,
                i,
                format!("B-link distance {} capped at 16", sb.b_link_distance),
            );
        }
        let mut depth = vec![usize::MAX; n];
        let mut queue = VecDeque::new();
        let mut capped = false;
        for start in 0..n {
            depth.fill(usize::MAX);
            depth[start] = 0;
            queue.clear();
            queue.push_back(start);
            let mut added = 0;
            while let Some(u) = queue.pop_front() {
                if depth[u] == max_depth {
                    continue;
                }
                for &nb in &adjacency[u] {
                    let nb = nb as usize;
                    if depth[nb] != usize::MAX {
                        continue;
                    }
                    depth[nb] = depth[u] + 1;
                    queue.push_back(nb);
                    if depth[nb] >= 2 && nb > start {
                        if added == MAX_BLINKS_PER_PARTICLE {
                            capped = true;
                            continue;
                        }
                        added += 1;
                        links.push(Link {
                            a: start as u32,
                            b: nb as u32,
                            rest: rest[start].distance(rest[nb]),
                            alpha: compliance_for(ast, w[start] + w[nb]),
                        });
                    }
                }
            }
        }
        if capped {
            note(
                notes,
                i,
                format!("B-links capped at {MAX_BLINKS_PER_PARTICLE} per particle"),
            );
        }
    }

    let proxies = physics.proxies();
    let mut anchors = Vec::new();
    let mut anchored = vec![None; n];
    for a in &sb.anchors {
        let body = usize::try_from(a.rigid_body)
            .ok()
            .filter(|&b| b < proxies.len());
        let particle = valid(a.vertex).and_then(|v| vertex_particle.get(&(v as u32)));
        match (body, particle) {
            (Some(body), Some(&p)) => {
                anchored[p as usize] = Some(anchors.len() as u32);
                anchors.push(Anchor {
                    particle: p,
                    body,
                    local: proxies[body].pose.inverse_transform_point(rest[p as usize]),
                    near: a.near_mode,
                });
            }
            _ => note(
                notes,
                i,
                format!(
                    "anchor (rigid body {}, vertex {}) does not refer to this soft body: ignored",
                    a.rigid_body, a.vertex
                ),
            ),
        }
    }

    let c = &sb.config;
    let iterations = if sb.iterations.position < 1 || sb.iterations.position > MAX_ITERATIONS {
        let it = sb.iterations.position.clamp(1, MAX_ITERATIONS);
        note(
            notes,
            i,
            format!(
                "position iterations {} clamped to {it}",
                sb.iterations.position
            ),
        );
        it as u32
    } else {
        sb.iterations.position as u32
    };
    let margin = if sb.margin.is_finite() && sb.margin >= 0.0 {
        sb.margin
    } else {
        note(notes, i, format!("margin {} clamped to 0", sb.margin));
        0.0
    };
    for text in unsimulated_parameters(sb) {
        note(notes, i, text);
    }
    if !super::rules::group_in_range(sb.group) {
        note(
            notes,
            i,
            format!(
                "group {} is above 15: in no group, it collides with nothing (as in MMD)",
                sb.group
            ),
        );
    }

    // Face winding vs the model's normals decides the normal sign.
    let mut sim = SoftSim {
        index: i,
        rope: rope || triangles.is_empty(),
        members,
        source,
        x: rest.clone(),
        start: rest.clone(),
        v: vec![Vec3::ZERO; n],
        w,
        pinned,
        pin_prev: rest.clone(),
        pin_cur: rest,
        anchored,
        lambda: vec![0.0; links.len()],
        links,
        anchors,
        triangles,
        normals: vec![Vec3::Y; n],
        flip_normals: false,
        iterations,
        damping: clamp01(c.dp, "DP", i, notes),
        friction: clamp01(c.df, "DF", i, notes),
        rigid_hardness: clamp01(c.chr, "CHR", i, notes),
        kinetic_hardness: clamp01(c.khr, "KHR", i, notes),
        anchor_hardness: clamp01(c.ahr, "AHR", i, notes),
        margin,
        filter: CollisionFilter::new(sb.group, sb.collision_mask),
    };
    update_normals(&mut sim);
    let agree: f32 = sim
        .members
        .iter()
        .map(|&(v, p)| {
            model.vertices[v as usize]
                .normal
                .dot(sim.normals[p as usize])
        })
        .filter(|d| d.is_finite())
        .sum();
    if agree < 0.0 {
        sim.flip_normals = true;
        update_normals(&mut sim);
    }
    Some(sim)
}
