//! IK link limits: the Euler clamp (MMD's, see `ik`'s module docs) and the
//! cheaper clamp for a link limited on one axis, which gives its result.

use super::ik::{EulerOrder, LinkInfo};
use super::ik_turn::unit;
use glam::{DMat3, DQuat, Quat, Vec3, Vec3A};

/// The limits of a single-axis link as directions (cos, sin) of min and max,
/// kept when -π < min < max < π and max − min < π: then an angle whose
/// direction is clearly inside that arc is inside the limits, which two
/// cross products tell without the angle's atan2.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Arc {
    min: (f32, f32),
    max: (f32, f32),
}

impl Arc {
    pub(crate) fn new(min: f32, max: f32) -> Option<Arc> {
        use std::f64::consts::PI;
        let (min, max) = (min as f64, max as f64);
        (-PI < min && min < max && max < PI && max - min < PI).then(|| {
            let ((smin, cmin), (smax, cmax)) = (min.sin_cos(), max.sin_cos());
            Arc {
                min: (cmin as f32, smin as f32),
                max: (cmax as f32, smax as f32),
            }
        })
    }

    /// Whether atan2(y, x) (with |(x, y)| ≤ 1) is inside the arc by more
    /// than f32 rounding: sin(angle − min) and sin(max − angle) above 1e-6,
    /// while these products and atan2 round at ~1e-7. `limit_angle` would
    /// then return the angle unchanged.
    #[inline]
    pub(crate) fn clearly_contains(&self, y: f32, x: f32) -> bool {
        const MARGIN: f32 = 1.0e-6;
        let ((cmin, smin), (cmax, smax)) = (self.min, self.max);
        cmin * y - smin * x > MARGIN && x * smax - y * cmax > MARGIN
    }
}

const THRESHOLD_88: f64 = 88.0 * std::f64::consts::PI / 180.0;

fn limit_angle<F: PartialOrd + Copy + std::ops::Add<Output = F> + std::ops::Sub<Output = F>>(
    angle: F,
    min: F,
    max: F,
    reflect: bool,
) -> F {
    if angle < min {
        let d = min + min - angle;
        if reflect && d <= max {
            d
        } else {
            min
        }
    } else if angle > max {
        let d = max + max - angle;
        if reflect && d >= min {
            d
        } else {
            max
        }
    } else {
        angle
    }
}

/// Clamps a rotation to Euler limits (see the `ik` module docs).
pub(crate) fn clamp_euler(
    r: DQuat,
    order: EulerOrder,
    min: Vec3,
    max: Vec3,
    reflect: bool,
) -> DQuat {
    let m = DMat3::from_quat(r);
    // The angles (x, y, z) with the middle one clamped to ±88°, and whether
    // that clamp changed it.
    let middle = |sin: f64| {
        let a = sin.clamp(-1.0, 1.0).asin();
        (a.clamp(-THRESHOLD_88, THRESHOLD_88), a.abs() > THRESHOLD_88)
    };
    let (angles, clamped_88) = match order {
        EulerOrder::Yxz => {
            let (rx, c) = middle(-m.z_axis.y);
            let ry = m.z_axis.x.atan2(m.z_axis.z);
            ([rx, ry, m.x_axis.y.atan2(m.y_axis.y)], c)
        }
        EulerOrder::Zyx => {
            let (ry, c) = middle(-m.x_axis.z);
            let rx = m.y_axis.z.atan2(m.z_axis.z);
            ([rx, ry, m.x_axis.y.atan2(m.x_axis.x)], c)
        }
        EulerOrder::Xzy => {
            let (rz, c) = middle(-m.y_axis.x);
            let rx = m.y_axis.z.atan2(m.y_axis.y);
            ([rx, m.z_axis.x.atan2(m.x_axis.x), rz], c)
        }
    };
    let limited: [f64; 3] =
        std::array::from_fn(|i| limit_angle(angles[i], min[i] as f64, max[i] as f64, reflect));
    if !clamped_88 && limited == angles {
        // Inside the limits: composing the angles again gives `r` back (up to
        // f64 rounding, far below the f32 the result is stored in).
        return r;
    }
    let [x, y, z] = limited;
    let (rx, ry, rz) = (
        DQuat::from_rotation_x(x),
        DQuat::from_rotation_y(y),
        DQuat::from_rotation_z(z),
    );
    match order {
        EulerOrder::Yxz => ry * rx * rz,
        EulerOrder::Zyx => rz * ry * rx,
        EulerOrder::Xzy => rx * rz * ry,
    }
}

/// One Euler angle: the middle one (clamped to ±88°, and whether that
/// clamped it), or an outer one as the arguments of its atan2.
enum Angle {
    Middle(f32, bool),
    Outer(f32, f32),
}

/// The IK rotation of a link limited on one axis (`axis`: 0 x, 1 y, 2 z)
/// with the other two locked at zero (the common knee): `ik_rot` with
/// `local` under it clamped as [`clamp_euler`] clamps, then `local` taken
/// off again, unit. The other two angles always clamp to zero, so the result
/// is a turn about that axis alone: only its angle is computed, from the two
/// or three matrix elements it needs. In f32 like the rest of the step (a
/// test compares it with `clamp_euler` in f64).
pub(crate) fn clamp_single_axis(
    ik_rot: Quat,
    local: Quat,
    axis: usize,
    link: &LinkInfo,
    min: f32,
    max: f32,
    reflect: bool,
) -> Quat {
    let (x, y, z, w) = (ik_rot * local).into();
    // Rotation matrix elements (m[column][row]) of the rotation under limits.
    let (xx, yy, zz) = (x * x, y * y, z * z);
    let x_y = 2.0 * (x * y + w * z);
    let x_z = 2.0 * (x * z - w * y);
    let y_x = 2.0 * (x * y - w * z);
    let y_z = 2.0 * (y * z + w * x);
    let z_x = 2.0 * (x * z + w * y);
    let z_y = 2.0 * (y * z - w * x);
    let x_x = 1.0 - 2.0 * (yy + zz);
    let y_y = 1.0 - 2.0 * (xx + zz);
    let z_z = 1.0 - 2.0 * (xx + yy);
    // atan2(y, x) is exactly zero iff y is zero and x is +0 or positive.
    let atan2_zero = |y: f32, x: f32| y == 0.0 && x.is_sign_positive() && !x.is_nan();
    let outer = Angle::Outer;
    let middle = |sin: f32| {
        let a = sin.clamp(-1.0, 1.0).asin();
        let limit = THRESHOLD_88 as f32;
        Angle::Middle(a.clamp(-limit, limit), a.abs() > limit)
    };
    // This axis's angle as `clamp_euler` decomposes it (an outer one still as
    // atan2's arguments), and whether the other two angles are exactly zero.
    let (decomposed, others_zero) = match (link.order, axis) {
        (EulerOrder::Yxz, 0) => (middle(-z_y), atan2_zero(z_x, z_z) && atan2_zero(x_y, y_y)),
        (EulerOrder::Yxz, 1) => (outer(z_x, z_z), z_y == 0.0 && atan2_zero(x_y, y_y)),
        (EulerOrder::Yxz, _) => (outer(x_y, y_y), z_y == 0.0 && atan2_zero(z_x, z_z)),
        (EulerOrder::Zyx, 0) => (outer(y_z, z_z), x_z == 0.0 && atan2_zero(x_y, x_x)),
        (EulerOrder::Zyx, 1) => (middle(-x_z), atan2_zero(y_z, z_z) && atan2_zero(x_y, x_x)),
        (EulerOrder::Zyx, _) => (outer(x_y, x_x), x_z == 0.0 && atan2_zero(y_z, z_z)),
        (EulerOrder::Xzy, 0) => (outer(y_z, y_y), y_x == 0.0 && atan2_zero(z_x, x_x)),
        (EulerOrder::Xzy, 1) => (outer(z_x, x_x), y_x == 0.0 && atan2_zero(y_z, y_y)),
        (EulerOrder::Xzy, _) => (middle(-y_x), atan2_zero(y_z, y_y) && atan2_zero(z_x, x_x)),
    };
    // The turn about the axis by the limited angle, as (sin, cos) of its half
    // (scaled: the product below is made unit).
    let (s, c) = match decomposed {
        Angle::Middle(a, clamped_88) => {
            let limited = limit_angle(a, min, max, reflect);
            if others_zero && !clamped_88 && limited == a {
                return unit(ik_rot);
            }
            (limited * 0.5).sin_cos()
        }
        Angle::Outer(y, x) => {
            if link.arc.is_some_and(|arc| arc.clearly_contains(y, x)) {
                if others_zero {
                    return unit(ik_rot);
                }
                // (x, y) = ρ (cos φ, sin φ): the half angle's (sin, cos) is
                // ∝ (y, ρ + x), or (ρ − x, |y|) signed by y, whichever does
                // not cancel.
                let rho = (x * x + y * y).sqrt();
                if x >= 0.0 {
                    (y, rho + x)
                } else {
                    ((rho - x).copysign(y), y.abs())
                }
            } else {
                let angle = y.atan2(x);
                let limited = limit_angle(angle, min, max, reflect);
                if others_zero && limited == angle {
                    return unit(ik_rot);
                }
                (limited * 0.5).sin_cos()
            }
        }
    };
    // (A quaternion built from an indexed array would stall on the store.)
    let turn = Quat::from_vec4((Vec3A::AXES[axis] * s).extend(c));
    (turn * local.inverse()).normalize()
}
