//! One soft-body sub-step: XPBD links, contacts against rigid bodies, normals.

use super::{BodyProxy, BodyShape, SoftSim};
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

pub(super) fn substep(s: &mut SoftSim, h: f32, t: f32, gravity: Vec3, proxies: &[BodyProxy]) {
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
