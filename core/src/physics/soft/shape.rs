//! Shape matching (pose matching MT) and the K-means grouping of clusters.

use super::{Cluster, SoftSim};
use glam::{Mat3, Quat, Vec3};

/// The rotation part of `a` (polar decomposition), refined from `q` by the
/// iteration of Müller et al., "A Robust Method to Extract the Rotational Part
/// of Deformations" (2016).
pub(super) fn extract_rotation(a: &Mat3, mut q: Quat, iterations: u32) -> Quat {
    for _ in 0..iterations {
        let r = Mat3::from_quat(q);
        let omega = (r.x_axis.cross(a.x_axis)
            + r.y_axis.cross(a.y_axis)
            + r.z_axis.cross(a.z_axis))
            / ((r.x_axis.dot(a.x_axis) + r.y_axis.dot(a.y_axis) + r.z_axis.dot(a.z_axis)).abs()
                + 1.0e-9);
        let angle = omega.length();
        if !angle.is_finite() || angle < 1.0e-9 {
            break;
        }
        q = (Quat::from_axis_angle(omega / angle, angle) * q).normalize();
    }
    q
}

/// Pose matching: the free particles move `pose_matching` of the way to the rest
/// shape's best rigid fit (equal masses, as `setTotalMass` makes them).
pub(super) fn pose_match(s: &mut SoftSim) {
    let k = s.pose_matching;
    if k <= 0.0 || s.x.len() < 2 {
        return;
    }
    let n = s.x.len() as f32;
    let com = s.x.iter().copied().sum::<Vec3>() / n;
    let mut a = Mat3::ZERO;
    for (x, r) in s.x.iter().zip(&s.rest) {
        let (p, q) = (*x - com, *r - s.rest_com);
        a += Mat3::from_cols(p * q.x, p * q.y, p * q.z);
    }
    let q = extract_rotation(&a, s.pose_rotation, 8);
    if !q.is_finite() {
        return;
    }
    s.pose_rotation = q;
    for p in 0..s.x.len() {
        if s.w[p] > 0.0 {
            let goal = com + q * (s.rest[p] - s.rest_com);
            let x = s.x[p];
            s.x[p] = x + (goal - x) * k;
        }
    }
}

/// K-means of the rest positions into `k` clusters (Lloyd's iterations from
/// evenly spaced seeds, so the grouping is the same every time). Empty clusters
/// are dropped.
pub(super) fn kmeans(rest: &[Vec3], k: usize) -> (Vec<Cluster>, Vec<u32>) {
    let n = rest.len();
    let k = k.clamp(1, n.max(1));
    let mut centres: Vec<Vec3> = (0..k).map(|i| rest[i * n / k]).collect();
    let mut label = vec![0usize; n];
    // Fewer refinements on huge meshes, so building stays quick.
    let rounds = if n * k > 2_000_000 { 4 } else { 32 };
    for _ in 0..rounds {
        let mut changed = false;
        for (p, x) in rest.iter().enumerate() {
            let best = (0..k)
                .min_by(|&a, &b| {
                    x.distance_squared(centres[a])
                        .total_cmp(&x.distance_squared(centres[b]))
                })
                .unwrap_or(0);
            if best != label[p] {
                label[p] = best;
                changed = true;
            }
        }
        let mut sum = vec![(Vec3::ZERO, 0u32); k];
        for (p, &l) in label.iter().enumerate() {
            sum[l].0 += rest[p];
            sum[l].1 += 1;
        }
        for (c, (s, count)) in centres.iter_mut().zip(sum) {
            if count > 0 {
                *c = s / count as f32;
            }
        }
        if !changed {
            break;
        }
    }
    let mut clusters = Vec::new();
    let mut members = Vec::with_capacity(n);
    for c in 0..k {
        let start = members.len() as u32;
        members.extend((0..n).filter(|&p| label[p] == c).map(|p| p as u32));
        if members.len() as u32 > start {
            clusters.push(Cluster {
                start,
                end: members.len() as u32,
            });
        }
    }
    (clusters, members)
}
