//! One soft-body sub-step: forces, velocity links, XPBD links, volume, pose
//! matching, anchors, (two-way) contacts against rigid bodies, drift; normals.

/// The rigid bodies as contacts see them, and where their impulses go.
pub(super) struct Bodies<'a> {
    pub proxies: &'a [BodyProxy],
    pub inv_mass: &'a [f32],
    pub impulses: &'a mut [BodyImpulse],
}

use super::{forces, shape, BodyImpulse, BodyProxy, BodyShape, Link, SoftSim};
use glam::Vec3;
use rapier3d::prelude::Pose;

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

pub(super) fn update_normals(s: &mut SoftSim) {
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

/// The first part of a sub-step: forces, velocity links, integration, pose
/// matching; then the particles' bounds over the sub-step.
pub(super) fn predict(s: &mut SoftSim, h: f32, t: f32, gravity: Vec3) {
    let keep = 1.0 - s.damping;
    let forces = forces::needs_forces(s);
    if forces {
        forces::accumulate(s, h);
    }
    for p in 0..s.x.len() {
        if s.pinned[p] {
            continue;
        }
        let mut a = gravity;
        if forces {
            a += s.force[p] * s.w[p];
        }
        s.v[p] = (s.v[p] + a * h) * keep;
    }
    for _ in 0..s.velocity_iterations {
        solve_link_velocities(s);
    }
    for p in 0..s.x.len() {
        s.start[p] = s.x[p];
        if s.pinned[p] {
            s.x[p] = s.pin_prev[p].lerp(s.pin_cur[p], t);
            continue;
        }
        s.x[p] += s.v[p] * h;
    }
    shape::pose_match(s);
    s.lambda.fill(0.0);
    let (mut lo, mut hi, mut max_move) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN), 0.0f32);
    for (x, x0) in s.x.iter().zip(&s.start) {
        lo = lo.min(*x).min(*x0);
        hi = hi.max(*x).max(*x0);
        max_move = max_move.max(x.distance(*x0));
    }
    (s.lo, s.hi, s.max_move) = (lo, hi, max_move);
}

/// One position iteration: links, volume, anchors, rigid contacts.
pub(super) fn iterate(s: &mut SoftSim, h: f32, t: f32, bodies: &mut Bodies) {
    solve_links(s);
    forces::solve_volume(s);
    for a in &s.anchors {
        let p = a.particle as usize;
        if s.w[p] <= 0.0 {
            continue;
        }
        let proxy = &bodies.proxies[a.body];
        let target = lerp_pose(&proxy.prev, &proxy.pose, t).transform_point(a.local);
        let pull = (target - s.x[p]) * s.anchor_hardness;
        s.x[p] += pull;
    }
    if s.clusters.is_empty() {
        collide(s, h, t, bodies);
    }
}

/// The end of a sub-step (after the cluster passes): velocities from the
/// moves, drift.
pub(super) fn finish(s: &mut SoftSim, h: f32) {
    let inv_h = 1.0 / h;
    for p in 0..s.x.len() {
        if !s.pinned[p] {
            s.v[p] = (s.x[p] - s.start[p]) * inv_h;
        }
    }
    if s.drift_iterations > 0 {
        drift(s, inv_h);
    }
}

fn solve_links(s: &mut SoftSim) {
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
}

/// A link's particles, their summed inverse mass and the vector from `a` to `b`.
#[inline]
fn span(l: &Link, x: &[Vec3], w: &[f32]) -> (usize, usize, f32, Vec3) {
    let (a, b) = (l.a as usize, l.b as usize);
    (a, b, w[a] + w[b], x[b] - x[a])
}

/// Bullet's velocity solver: each link loses `stiffness` of its particles'
/// relative velocity along it.
fn solve_link_velocities(s: &mut SoftSim) {
    for l in &s.links {
        let (a, b, w_sum, d) = span(l, &s.x, &s.w);
        let len2 = d.length_squared();
        if w_sum <= 0.0 || len2 < 1e-12 {
            continue;
        }
        let j = -d.dot(s.v[b] - s.v[a]) / (len2 * w_sum) * l.stiffness;
        s.v[a] -= d * (j * s.w[a]);
        s.v[b] += d * (j * s.w[b]);
    }
}

/// Drift: links solved again (plain PBD at their stiffness) and the change fed
/// back to the velocity scaled by VCF.
fn drift(s: &mut SoftSim, inv_h: f32) {
    // `push` (cluster scratch) holds where the drift pass started.
    s.push.copy_from_slice(&s.x);
    for _ in 0..s.drift_iterations {
        for l in &s.links {
            let (a, b, w_sum, d) = span(l, &s.x, &s.w);
            let len = d.length();
            if w_sum <= 0.0 || len < 1e-9 {
                continue;
            }
            let corr = d / len * ((len - l.rest) / w_sum * l.stiffness);
            s.x[a] += corr * s.w[a];
            s.x[b] -= corr * s.w[b];
        }
    }
    let k = s.vcf * inv_h;
    for p in 0..s.x.len() {
        if !s.pinned[p] {
            s.v[p] += (s.x[p] - s.push[p]) * k;
        }
    }
}

/// Gives body `b` the impulse that moved a particle of inverse mass `w` by `dx`
/// (the opposite of the particle's momentum change) at `at`.
fn push_back(bodies: &mut Bodies, b: usize, w: f32, dx: Vec3, at: Vec3, h: f32, center: Vec3) {
    if w <= 0.0 || bodies.inv_mass.get(b).copied().unwrap_or(0.0) <= 0.0 {
        return;
    }
    let j = -dx / (w * h);
    if !j.is_finite() {
        return;
    }
    if let Some(imp) = bodies.impulses.get_mut(b) {
        imp.global_velocity += j;
        imp.global_torque += (at - center).cross(j);
    }
}

fn collide(s: &mut SoftSim, h: f32, t: f32, bodies: &mut Bodies) {
    for (b, proxy) in bodies.proxies.iter().enumerate() {
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
        let wb = bodies.inv_mass.get(b).copied().unwrap_or(0.0);
        for p in 0..s.x.len() {
            let wp = s.w[p];
            if wp <= 0.0 {
                continue;
            }
            let Some((n, depth)) = penetration(&proxy.shape, &pose, s.x[p], s.margin) else {
                continue;
            };
            // Shared by inverse mass with a simulated body (all of it when bone-following).
            let share = wp / (wp + wb);
            let before = s.x[p];
            s.x[p] += n * depth * hardness * share;
            // Friction: remove part of the tangential motion relative to the body
            // (the body's motion over the sub-step is approximated by its pose change).
            if s.friction > 0.0 {
                let local = pose.inverse_transform_point(s.x[p]);
                let body_move = pose.transform_point(local) - proxy.prev.transform_point(local);
                let rel = (s.x[p] - s.start[p]) - body_move * t;
                let tangential = rel - n * n.dot(rel);
                s.x[p] -= tangential * (s.friction * share);
            }
            push_back(bodies, b, wp, s.x[p] - before, s.x[p], h, pose.translation);
        }
    }
}

/// Cluster contacts: each cluster meets a body as one rigid piece.
pub(super) fn collide_clusters(s: &mut SoftSim, h: f32, t: f32, bodies: &mut Bodies) {
    for (b, proxy) in bodies.proxies.iter().enumerate() {
        if !proxy.filter.collides_with(s.filter) {
            continue;
        }
        let pose = lerp_pose(&proxy.prev, &proxy.pose, t);
        let (hardness, split) = if proxy.kinematic {
            (s.cluster_kinetic_hardness, s.cluster_kinetic_split)
        } else {
            (s.cluster_rigid_hardness, s.cluster_rigid_split)
        };
        if hardness <= 0.0 {
            continue;
        }
        let wb = bodies.inv_mass.get(b).copied().unwrap_or(0.0);
        for ci in 0..s.clusters.len() {
            let c = s.clusters[ci];
            let members = c.start as usize..c.end as usize;
            let mut hits = 0;
            let mut com = Vec3::ZERO;
            let mut free = 0.0;
            for m in members.clone() {
                let p = s.cluster_members[m] as usize;
                s.push[p] = Vec3::ZERO;
                if s.w[p] <= 0.0 {
                    continue;
                }
                com += s.x[p];
                free += 1.0;
                if let Some((n, depth)) = penetration(&proxy.shape, &pose, s.x[p], s.margin) {
                    let share = s.w[p] / (s.w[p] + wb);
                    s.push[p] = n * depth * hardness * share;
                    hits += 1;
                }
            }
            if hits == 0 || free == 0.0 {
                continue;
            }
            com /= free;
            // The pushes as impulses on a rigid piece of unit-mass particles.
            let mut lin = Vec3::ZERO;
            let mut ang = Vec3::ZERO;
            let mut inertia = glam::Mat3::ZERO;
            for m in members.clone() {
                let p = s.cluster_members[m] as usize;
                if s.w[p] <= 0.0 {
                    continue;
                }
                let r = s.x[p] - com;
                lin += s.push[p];
                ang += r.cross(s.push[p]);
                inertia += glam::Mat3::from_diagonal(Vec3::splat(r.length_squared()))
                    - glam::Mat3::from_cols(r * r.x, r * r.y, r * r.z);
            }
            lin /= free;
            let mut spin = if inertia.determinant().abs() > 1e-12 {
                inertia.inverse() * ang
            } else {
                Vec3::ZERO
            };
            // Scaled so the deepest contact point moves by its whole push (the
            // averaged response alone would take many passes).
            let deepest = (c.start as usize..c.end as usize)
                .map(|m| s.cluster_members[m] as usize)
                .max_by(|&a, &b| {
                    s.push[a]
                        .length_squared()
                        .total_cmp(&s.push[b].length_squared())
                });
            if let Some(d) = deepest {
                let want = s.push[d];
                let moved = (lin + spin.cross(s.x[d] - com)).dot(want);
                if moved > 1e-12 {
                    let scale = (want.length_squared() / moved).clamp(1.0, free);
                    lin *= scale;
                    spin *= scale;
                }
            }
            for m in members {
                let p = s.cluster_members[m] as usize;
                if s.w[p] <= 0.0 {
                    continue;
                }
                let dx = lin + spin.cross(s.x[p] - com);
                if !dx.is_finite() {
                    continue;
                }
                s.x[p] += dx;
                // The split share moves the particle without adding velocity.
                s.start[p] += dx * split;
                if s.push[p] != Vec3::ZERO {
                    push_back(
                        bodies,
                        b,
                        s.w[p],
                        s.push[p] * (1.0 - split),
                        s.x[p],
                        h,
                        pose.translation,
                    );
                }
            }
        }
    }
}
