//! Soft–soft contacts (Bullet's VF_SS and CL_SS; self-collision on request):
//! found once per sub-step after the particles are predicted, solved in the
//! position iterations of the body owning the particle. Every buffer is sized
//! when the soft bodies are built; a frame allocates nothing.
//!
//! A contact keeps a particle on the side of a triangle it started the sub-step
//! on, at least the two margins away: a particle whose predicted position
//! projects inside the triangle closer than that (or through it) is pushed back
//! along the triangle's normal, the push shared between the particle and the
//! triangle's corners by inverse mass (a triangle with a pinned corner does not
//! move, as in Bullet) and scaled by each side's hardness.

use super::{SoftSim, SoftWorld};
use glam::{IVec3, Vec3};

/// Contacts found beyond this many per particle taking part are dropped.
const CONTACTS_PER_PARTICLE: usize = 8;
/// How far past a triangle's edges (in barycentric terms) a particle still meets
/// it (rounding only: contacts past the edges of a bent surface push against
/// each other).
const EDGE_TOLERANCE: f32 = 1.0e-3;
/// A triangle spanning more grid cells than this is tested against every particle.
const MAX_CELLS_PER_QUERY: i64 = 4096;

/// Two soft bodies that meet (`a == b`: a body against its own triangles).
#[derive(Debug, Clone, Copy)]
pub(super) struct SoftPair {
    a: u32,
    b: u32,
    /// Both clustered (CL_SS) rather than both not (VF_SS).
    clustered: bool,
}

/// A particle of one soft body against a triangle of another (or its own).
#[derive(Debug, Clone, Copy)]
pub(super) struct SoftContact {
    node_sim: u32,
    node: u32,
    face_sim: u32,
    face: [u32; 3],
    /// Barycentric weights of the contact point on the triangle.
    weights: Vec3,
    /// The triangle's inverse masses (all 0 when one corner is pinned).
    face_w: Vec3,
    /// Points from the triangle toward the particle's side.
    normal: Vec3,
    thickness: f32,
    node_hardness: f32,
    face_hardness: f32,
    friction: f32,
    /// Share of the push that moves without adding velocity (SS_SPLT_CL).
    split: f32,
    /// A CL_SS contact: solved in the cluster passes (C_IT), as Bullet solves
    /// cluster contacts with the clusters; a VF_SS one in the position iterations.
    clustered: bool,
}

/// Particles bucketed by cell (a hashed uniform grid, counting-sorted).
#[derive(Debug, Clone, Default)]
pub(super) struct Grid {
    inv_cell: f32,
    mask: u32,
    start: Vec<u32>,
    cursor: Vec<u32>,
    items: Vec<u32>,
}

fn cell_of(x: Vec3, inv_cell: f32) -> IVec3 {
    // Saturating casts: far or non-finite positions land in some cell, never panic.
    (x * inv_cell).floor().as_ivec3()
}

fn bucket(c: IVec3, mask: u32) -> usize {
    // Teschner et al.'s spatial hash of the cell coordinates.
    let h = (c.x as u32).wrapping_mul(73_856_093)
        ^ (c.y as u32).wrapping_mul(19_349_663)
        ^ (c.z as u32).wrapping_mul(83_492_791);
    (h & mask) as usize
}

/// Which soft bodies meet, and the buffers for their contacts.
pub(super) fn prepare(world: &mut SoftWorld, self_collision: bool) {
    let n = world.sims.len();
    let mut takes_part = vec![false; n];
    for a in 0..n {
        for b in a..n {
            let (sa, sb) = (&world.sims[a], &world.sims[b]);
            // Bullet meets two bodies only through a soft–soft kind both have:
            // VF_SS (no clusters) or CL_SS (clusters); mixed pairs never meet.
            if sa.clustered != sb.clustered || !sa.filter.collides_with(sb.filter) {
                continue;
            }
            if sa.triangles.is_empty() && sb.triangles.is_empty() {
                continue;
            }
            if a == b && !self_collision {
                continue;
            }
            let hard = if sa.clustered {
                sa.cluster_soft_hardness.max(sb.cluster_soft_hardness)
            } else {
                sa.soft_hardness.max(sb.soft_hardness)
            };
            if hard <= 0.0 {
                continue;
            }
            world.pairs.push(SoftPair {
                a: a as u32,
                b: b as u32,
                clustered: sa.clustered,
            });
            takes_part[a] = true;
            takes_part[b] = true;
        }
    }
    let mut particles = 0;
    for (s, _) in world.sims.iter_mut().zip(&takes_part).filter(|(_, &t)| t) {
        particles += s.x.len();
        let size = (2 * s.x.len()).max(16).next_power_of_two();
        s.grid = Grid {
            inv_cell: 1.0 / cell_size(s),
            mask: (size - 1) as u32,
            start: vec![0; size + 1],
            cursor: vec![0; size],
            items: vec![0; s.x.len()],
        };
        s.contact_side = vec![Vec3::ZERO; s.x.len()];
    }
    if !world.pairs.is_empty() {
        world.contacts = Vec::with_capacity((particles * CONTACTS_PER_PARTICLE).max(256));
    }
}

/// Grid cells about a triangle's size (the mean rest edge; a rope's mean link),
/// at least the contact thickness.
fn cell_size(s: &SoftSim) -> f32 {
    let mut sum = 0.0;
    let mut count = 0usize;
    for t in &s.triangles {
        for (i, j) in [(0, 1), (1, 2), (2, 0)] {
            sum += s.rest[t[i] as usize].distance(s.rest[t[j] as usize]);
            count += 1;
        }
    }
    if count == 0 {
        for l in &s.links {
            sum += l.rest;
            count += 1;
        }
    }
    let mean = if count > 0 { sum / count as f32 } else { 0.0 };
    let size = mean.max(4.0 * s.margin);
    if size.is_finite() && size > 1e-6 {
        size
    } else {
        1.0
    }
}

fn build_grid(s: &mut SoftSim) {
    let g = &mut s.grid;
    g.start.fill(0);
    for x in &s.x {
        g.start[bucket(cell_of(*x, g.inv_cell), g.mask) + 1] += 1;
    }
    for i in 1..g.start.len() {
        g.start[i] += g.start[i - 1];
    }
    let buckets = g.cursor.len();
    g.cursor.copy_from_slice(&g.start[..buckets]);
    for (p, x) in s.x.iter().enumerate() {
        let b = bucket(cell_of(*x, g.inv_cell), g.mask);
        g.items[g.cursor[b] as usize] = p as u32;
        g.cursor[b] += 1;
    }
}

/// Finds this sub-step's soft–soft contacts (after every body's `predict`).
pub(super) fn detect(sims: &mut [SoftSim], pairs: &[SoftPair], contacts: &mut Vec<SoftContact>) {
    contacts.clear();
    if pairs.is_empty() {
        return;
    }
    for s in sims.iter_mut() {
        if !s.grid.start.is_empty() {
            build_grid(s);
        }
    }
    for pair in pairs {
        let (a, b) = (pair.a as usize, pair.b as usize);
        let reach = sims[a].margin + sims[b].margin;
        let (sa, sb) = (&sims[a], &sims[b]);
        if (sa.lo - reach).cmpgt(sb.hi).any() || (sb.lo - reach).cmpgt(sa.hi).any() {
            continue;
        }
        against_triangles(sims, a, b, pair.clustered, contacts);
        if a != b {
            against_triangles(sims, b, a, pair.clustered, contacts);
        }
    }
    for s in sims.iter_mut() {
        s.contact_side.fill(Vec3::ZERO);
    }
    for c in contacts.iter() {
        sims[c.node_sim as usize].contact_side[c.node as usize] = c.normal;
    }
}

/// Barycentric weights of `q` (in the triangle's plane) on triangle `a b c`.
fn barycentric(q: Vec3, a: Vec3, b: Vec3, c: Vec3) -> Option<Vec3> {
    let (e0, e1, e2) = (b - a, c - a, q - a);
    let (d00, d01, d11) = (e0.dot(e0), e0.dot(e1), e1.dot(e1));
    let (d20, d21) = (e2.dot(e0), e2.dot(e1));
    let denom = d00 * d11 - d01 * d01;
    if denom.abs() <= f32::EPSILON * d00 * d11 || denom == 0.0 {
        return None;
    }
    let v = (d11 * d20 - d01 * d21) / denom;
    let w = (d00 * d21 - d01 * d20) / denom;
    Some(Vec3::new(1.0 - v - w, v, w))
}

/// Particles of `sims[node_sim]` against the triangles of `sims[face_sim]`.
fn against_triangles(
    sims: &[SoftSim],
    node_sim: usize,
    face_sim: usize,
    clustered: bool,
    contacts: &mut Vec<SoftContact>,
) {
    let (ns, fs) = (&sims[node_sim], &sims[face_sim]);
    let thickness = ns.margin + fs.margin;
    // Bullet: VF_SS takes each side's SHR and the larger DF; a cluster contact
    // the larger SSHR_CL, the mean SS_SPLT_CL and the smaller DF.
    let (node_hardness, face_hardness, friction, split) = if clustered {
        let k = ns.cluster_soft_hardness.max(fs.cluster_soft_hardness);
        let split = (ns.cluster_soft_split + fs.cluster_soft_split) * 0.5;
        (k, k, ns.friction.min(fs.friction), split)
    } else {
        (
            ns.soft_hardness,
            fs.soft_hardness,
            ns.friction.max(fs.friction),
            0.0,
        )
    };
    let own = node_sim == face_sim;
    // Self-collision leaves out triangles this close to the particle in the rest
    // shape (about two rings of neighbours): they are the surface itself.
    let near_rest = (1.5 / ns.grid.inv_cell).max(2.0 * thickness);
    let reach = thickness + ns.max_move;
    let g = &ns.grid;
    for tri in &fs.triangles {
        if contacts.len() == contacts.capacity() {
            return;
        }
        let f = tri.map(|i| i as usize);
        let [a, b, c] = f.map(|i| fs.x[i]);
        let [a0, b0, c0] = f.map(|i| fs.start[i]);
        let lo = a.min(b).min(c).min(a0).min(b0).min(c0) - Vec3::splat(reach);
        let hi = a.max(b).max(c).max(a0).max(b0).max(c0) + Vec3::splat(reach);
        if lo.cmpgt(ns.hi).any() || hi.cmplt(ns.lo).any() {
            continue;
        }
        let normal = (b - a).cross(c - a).normalize_or_zero();
        if normal == Vec3::ZERO {
            continue;
        }
        let normal0 = (b0 - a0).cross(c0 - a0).normalize_or(normal);
        let face_w = if f.iter().any(|&i| fs.w[i] <= 0.0) {
            Vec3::ZERO
        } else {
            Vec3::new(fs.w[f[0]], fs.w[f[1]], fs.w[f[2]])
        };
        let test = |p: usize, contacts: &mut Vec<SoftContact>| {
            let x = ns.x[p];
            if x.cmplt(lo).any() || x.cmpgt(hi).any() {
                return;
            }
            if own {
                if tri.contains(&(p as u32)) {
                    return;
                }
                let r = ns.rest[p];
                if f.iter().any(|&i| ns.rest[i].distance(r) < near_rest) {
                    return;
                }
            }
            let d = (x - a).dot(normal);
            // The side the particle started the sub-step on.
            let d0 = (ns.start[p] - a0).dot(normal0);
            // Within the contact slab at the start, the side the particle was
            // last held on wins: a push left unfinished by the iterations must
            // not flip it through.
            let held = ns.contact_side[p].dot(normal0);
            let side = if d0.abs() < thickness && held.abs() > 0.5 {
                held.signum()
            } else if d0 != 0.0 {
                d0.signum()
            } else {
                d.signum()
            };
            if d * side >= thickness || side == 0.0 {
                return;
            }
            let Some(weights) = barycentric(x - normal * d, a, b, c) else {
                return;
            };
            if weights.min_element() < -EDGE_TOLERANCE {
                return;
            }
            let wn = ns.w[p];
            if wn + (weights * weights).dot(face_w) <= 0.0 || contacts.len() == contacts.capacity()
            {
                return;
            }
            contacts.push(SoftContact {
                node_sim: node_sim as u32,
                node: p as u32,
                face_sim: face_sim as u32,
                face: *tri,
                weights,
                face_w,
                normal: normal * side,
                thickness,
                node_hardness,
                face_hardness,
                friction,
                split,
                clustered,
            });
        };
        let (clo, chi) = (cell_of(lo, g.inv_cell), cell_of(hi, g.inv_cell));
        let span = (chi - clo).as_i64vec3() + 1;
        if span.min_element() <= 0 || span.x * span.y * span.z > MAX_CELLS_PER_QUERY {
            for p in 0..ns.x.len() {
                test(p, contacts);
            }
            continue;
        }
        for z in clo.z..=chi.z {
            for y in clo.y..=chi.y {
                for x in clo.x..=chi.x {
                    let cell = IVec3::new(x, y, z);
                    let bk = bucket(cell, g.mask);
                    for k in g.start[bk]..g.start[bk + 1] {
                        let p = g.items[k as usize] as usize;
                        // Another cell hashed to the same bucket: not this one.
                        if cell_of(ns.x[p], g.inv_cell) == cell {
                            test(p, contacts);
                        }
                    }
                }
            }
        }
    }
}

/// One pass over the contacts of one kind (`clustered`: the cluster passes)
/// whose particle's body still iterates (`it` below its P_IT, or its C_IT).
pub(super) fn solve(sims: &mut [SoftSim], contacts: &[SoftContact], it: u32, clustered: bool) {
    for c in contacts {
        let (ns, fs) = (c.node_sim as usize, c.face_sim as usize);
        let passes = if clustered {
            sims[ns].cluster_iterations
        } else {
            sims[ns].iterations
        };
        if c.clustered != clustered || it >= passes {
            continue;
        }
        let f = c.face.map(|i| i as usize);
        let (p, p0) = {
            let s = &sims[fs];
            let w = c.weights;
            (
                s.x[f[0]] * w.x + s.x[f[1]] * w.y + s.x[f[2]] * w.z,
                s.start[f[0]] * w.x + s.start[f[1]] * w.y + s.start[f[2]] * w.z,
            )
        };
        let n = c.node as usize;
        let (x, x0, wn) = (sims[ns].x[n], sims[ns].start[n], sims[ns].w[n]);
        let d = (x - p).dot(c.normal);
        if d >= c.thickness {
            continue;
        }
        // The change of (particle − contact point) this contact asks for.
        let mut corr = c.normal * (c.thickness - d);
        if c.friction > 0.0 {
            let rel = (x - x0) - (p - p0);
            corr -= (rel - c.normal * c.normal.dot(rel)) * c.friction;
        }
        let bw = c.weights * c.face_w;
        let total = wn + c.weights.dot(bw);
        if total <= 0.0 || !corr.is_finite() {
            continue;
        }
        let dn = corr * (wn / total * c.node_hardness);
        sims[ns].x[n] += dn;
        sims[ns].start[n] += dn * c.split;
        let face = &mut sims[fs];
        for (k, &i) in f.iter().enumerate() {
            let df = corr * (-bw[k] / total * c.face_hardness);
            face.x[i] += df;
            face.start[i] += df * c.split;
        }
    }
}
