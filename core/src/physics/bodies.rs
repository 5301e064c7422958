//! Rigid bodies as Bullet treats them: shape sizes, local inertia, damping and the
//! gyroscopic term (facts from Bullet's public source: `btSphereShape`, `btBoxShape`,
//! `btCapsuleShape::calculateLocalInertia`, `btRigidBody::applyDamping`,
//! `btRigidBody::computeGyroscopicImpulseImplicit_Body`).

use super::BodyShape;
use glam::{Mat3, Mat3A, Quat, Vec3};

/// Bullet's local inertia (diagonal) of a body of `mass` with this shape. A capsule gets
/// the inertia of its bounding box (Bullet's approximation; 1.1–1.4× the exact value).
pub fn bullet_inertia(shape: &BodyShape, mass: f32) -> Vec3 {
    let box_inertia = |full: Vec3| {
        let sq = full * full;
        Vec3::new(sq.y + sq.z, sq.x + sq.z, sq.x + sq.y) * (mass / 12.0)
    };
    match *shape {
        BodyShape::Sphere { radius } => Vec3::splat(0.4 * mass * radius * radius),
        BodyShape::Box { half } => box_inertia(half * 2.0),
        BodyShape::Capsule {
            radius,
            half_height,
        } => box_inertia(Vec3::new(radius, radius + half_height, radius) * 2.0),
    }
}

/// Bullet's damping coefficient: clamped to [0, 1]; non-finite counts as 0.
pub fn clamp_damping(d: f32) -> f32 {
    if d.is_finite() {
        d.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Bullet's `applyDamping` for one step of `h` seconds: velocities scale by
/// `(1 − d)^h`; with additional damping (the MMD runtimes turn it on) nearly still
/// bodies (both speeds under 0.1) are slowed to 0.5 %, and a speed under the body's
/// damping coefficient loses 0.005 per step (to zero).
pub fn apply_damping(
    v: Vec3,
    w: Vec3,
    linear: f32,
    angular: f32,
    h: f32,
    additional: bool,
) -> (Vec3, Vec3) {
    let keep = Damping::new(linear, angular, h);
    keep.apply(v, w, additional)
}

/// One body's damping for steps of a fixed length: the coefficients and the part of each
/// speed a step keeps, `(1 − d)^h`, computed once (the world's step length never changes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Damping {
    pub linear: f32,
    pub angular: f32,
    keep_linear: f32,
    keep_angular: f32,
}

impl Damping {
    pub fn new(linear: f32, angular: f32, h: f32) -> Damping {
        Damping {
            linear,
            angular,
            keep_linear: (1.0 - linear).powf(h),
            keep_angular: (1.0 - angular).powf(h),
        }
    }

    /// [`apply_damping`] for one step.
    pub fn apply(&self, v: Vec3, w: Vec3, additional: bool) -> (Vec3, Vec3) {
        let (linear, angular) = (self.linear, self.angular);
        let mut v = v * self.keep_linear;
        let mut w = w * self.keep_angular;
        if !additional {
            return (v, w);
        }
        const FACTOR: f32 = 0.005;
        const THRESHOLD_SQ: f32 = 0.01;
        const STEP: f32 = 0.005;
        if w.length_squared() < THRESHOLD_SQ && v.length_squared() < THRESHOLD_SQ {
            v *= FACTOR;
            w *= FACTOR;
        }
        let slow = |x: Vec3, limit: f32| {
            let s = x.length();
            if s < limit {
                if s > STEP {
                    x - x / s * STEP
                } else {
                    Vec3::ZERO
                }
            } else {
                x
            }
        };
        (slow(v, linear), slow(w, angular))
    }
}

fn skew(v: Vec3) -> Mat3A {
    Mat3A::from_cols(
        Vec3::new(0.0, v.z, -v.y).into(),
        Vec3::new(-v.z, 0.0, v.x).into(),
        Vec3::new(v.y, -v.x, 0.0).into(),
    )
}

/// The change of angular velocity over a step of `h` from the gyroscopic term, as Bullet's
/// implicit body-frame method computes it (one Newton step on ω×Iω in the body frame).
pub fn gyroscopic_change(w: Vec3, rotation: Quat, inertia: Vec3, h: f32) -> Vec3 {
    let wb = rotation.inverse() * w;
    let ib = Mat3::from_diagonal(inertia);
    let iw = ib * wb;
    let residual = wb.cross(iw) * h;
    // In `Mat3A` (SIMD lanes): the same products and sums per element as `Mat3`'s.
    let ib_lanes = Mat3A::from(ib);
    let jacobian = Mat3::from(ib_lanes + (skew(wb) * ib_lanes - skew(iw)) * h);
    let det = jacobian.determinant();
    if det.abs() <= f32::EPSILON || !det.is_finite() {
        return Vec3::ZERO;
    }
    let wb2 = wb - jacobian.inverse() * residual;
    rotation * wb2 - w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damping_follows_bullets_power_law_per_step() {
        let (v, w) = apply_damping(Vec3::X * 10.0, Vec3::Y * 10.0, 0.5, 0.9, 0.25, false);
        assert!((v.x - 10.0 * 0.5f32.powf(0.25)).abs() < 1e-5);
        assert!((w.y - 10.0 * 0.1f32.powf(0.25)).abs() < 1e-5);
        // Additional damping: a slow body under its coefficient loses 0.005 per step.
        let (v, _) = apply_damping(Vec3::X * 0.5, Vec3::Y, 0.9, 0.0, 1e-9, true);
        assert!((v.x - 0.495).abs() < 1e-5, "{v}");
        // Nearly still: both speeds scaled to 0.5 % (then stopped under the step).
        let (v, w) = apply_damping(Vec3::X * 0.05, Vec3::Y * 0.05, 0.0, 0.0, 1e-9, true);
        assert!((v.x - 0.05 * 0.005).abs() < 1e-7 && (w.y - 0.05 * 0.005).abs() < 1e-7);
    }

    #[test]
    fn gyroscopic_term_is_nil_for_a_sphere_and_turns_an_asymmetric_spin() {
        let q = Quat::from_rotation_x(0.3);
        let w = Vec3::new(1.0, 2.0, 3.0);
        assert!(gyroscopic_change(w, q, Vec3::splat(2.0), 1.0 / 60.0).length() < 1e-5);
        let d = gyroscopic_change(w, q, Vec3::new(1.0, 2.0, 3.0), 1.0 / 60.0);
        assert!(d.length() > 1e-3, "{d}");
        // Free rotation conserves kinetic energy to first order.
        let i = Vec3::new(1.0, 2.0, 3.0);
        let energy = |w: Vec3| {
            let wb = q.inverse() * w;
            (i * wb * wb).element_sum()
        };
        assert!((energy(w + d) - energy(w)).abs() / energy(w) < 0.02);
    }

    #[test]
    fn gyroscopic_change_has_the_bits_of_the_scalar_matrices() {
        // The jacobian as `Mat3` computes it, element by element.
        let scalar = |w: Vec3, rotation: Quat, inertia: Vec3, h: f32| {
            let skew = |v: Vec3| {
                Mat3::from_cols(
                    Vec3::new(0.0, v.z, -v.y),
                    Vec3::new(-v.z, 0.0, v.x),
                    Vec3::new(v.y, -v.x, 0.0),
                )
            };
            let wb = rotation.inverse() * w;
            let ib = Mat3::from_diagonal(inertia);
            let iw = ib * wb;
            let residual = wb.cross(iw) * h;
            let jacobian = ib + (skew(wb) * ib - skew(iw)) * h;
            let det = jacobian.determinant();
            if det.abs() <= f32::EPSILON || !det.is_finite() {
                return Vec3::ZERO;
            }
            rotation * (wb - jacobian.inverse() * residual) - w
        };
        let mut seed = 3u32;
        let mut next = || {
            seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
            (seed >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
        };
        for i in 0..3000 {
            let w = Vec3::new(next(), next(), next()) * 20.0;
            // Exact zeros too: a body at rest has them.
            let w = if i % 7 == 0 {
                w * Vec3::new(0.0, 1.0, -0.0)
            } else {
                w
            };
            let q = Quat::from_xyzw(next(), next(), next(), next()).normalize();
            let inertia = Vec3::new(next(), next(), next()).abs() * 5.0;
            let bits = |v: Vec3| v.to_array().map(f32::to_bits);
            assert_eq!(
                bits(gyroscopic_change(w, q, inertia, 1.0 / 60.0)),
                bits(scalar(w, q, inertia, 1.0 / 60.0)),
                "{w} {q} {inertia}"
            );
        }
    }
}
