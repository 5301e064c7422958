//! IK link limits: the Euler clamp (MMD's, see `ik`'s module docs) and the
//! cheaper clamp for a link limited on one axis, which gives its result.

use super::ik::{EulerOrder, LinkInfo};
use glam::{DMat3, DQuat, Vec3};

/// The limits of a single-axis link as directions (cos, sin) of min and max,
/// kept when -π < min < max < π and max − min < π: then an angle whose
/// direction is clearly inside that arc is inside the limits, which two
/// cross products tell without the angle's atan2.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Arc {
    min: (f64, f64),
    max: (f64, f64),
}

impl Arc {
    pub(crate) fn new(min: f32, max: f32) -> Option<Arc> {
        use std::f64::consts::PI;
        let (min, max) = (min as f64, max as f64);
        (-PI < min && min < max && max < PI && max - min < PI).then(|| {
            let ((smin, cmin), (smax, cmax)) = (min.sin_cos(), max.sin_cos());
            Arc {
                min: (cmin, smin),
                max: (cmax, smax),
            }
        })
    }

    /// Whether atan2(y, x) (with |(x, y)| ≈ 1) is inside the arc by far more
    /// than rounding: sin(angle − min) and sin(max − angle) above 1e-9, while
    /// these products and atan2 round at ~1e-16. `limit_angle` would then
    /// return the angle unchanged.
    #[inline]
    pub(crate) fn clearly_contains(&self, y: f64, x: f64) -> bool {
        const MARGIN: f64 = 1.0e-9;
        let ((cmin, smin), (cmax, smax)) = (self.min, self.max);
        cmin * y - smin * x > MARGIN && x * smax - y * cmax > MARGIN
    }
}

const THRESHOLD_88: f64 = 88.0 * std::f64::consts::PI / 180.0;

fn limit_angle(angle: f64, min: f64, max: f64, reflect: bool) -> f64 {
    if angle < min {
        let d = 2.0 * min - angle;
        if reflect && d <= max {
            d
        } else {
            min
        }
    } else if angle > max {
        let d = 2.0 * max - angle;
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
    Middle(f64, bool),
    Outer(f64, f64),
}

/// [`clamp_euler`] for a link limited on one axis (`axis`: 0 x, 1 y, 2 z)
/// with the other two locked at zero (the common knee). The other two angles
/// always clamp to zero, so the result is a turn about that axis alone: only
/// its angle is computed (one asin or atan2 instead of three, one sin_cos
/// instead of three). The same operations on the same values as
/// `clamp_euler`, so the same result (a test compares them).
pub(crate) fn clamp_single_axis(
    r: DQuat,
    axis: usize,
    link: &LinkInfo,
    min: f32,
    max: f32,
    reflect: bool,
) -> DQuat {
    let m = DMat3::from_quat(r);
    // atan2(y, x) is exactly zero iff y is zero and x is +0 or positive.
    let atan2_zero = |y: f64, x: f64| y == 0.0 && x.is_sign_positive() && !x.is_nan();
    let middle = |sin: f64| {
        let a = sin.clamp(-1.0, 1.0).asin();
        (a.clamp(-THRESHOLD_88, THRESHOLD_88), a.abs() > THRESHOLD_88)
    };
    let outer = |y: f64, x: f64| Angle::Outer(y, x);
    let middle = |sin: f64| {
        let (a, c) = middle(sin);
        Angle::Middle(a, c)
    };
    // This axis's angle as `clamp_euler` decomposes it (an outer one still as
    // atan2's arguments), and whether the other two angles are exactly zero.
    let (decomposed, others_zero) = match (link.order, axis) {
        (EulerOrder::Yxz, 0) => (
            middle(-m.z_axis.y),
            atan2_zero(m.z_axis.x, m.z_axis.z) && atan2_zero(m.x_axis.y, m.y_axis.y),
        ),
        (EulerOrder::Yxz, 1) => (
            outer(m.z_axis.x, m.z_axis.z),
            m.z_axis.y == 0.0 && atan2_zero(m.x_axis.y, m.y_axis.y),
        ),
        (EulerOrder::Yxz, _) => (
            outer(m.x_axis.y, m.y_axis.y),
            m.z_axis.y == 0.0 && atan2_zero(m.z_axis.x, m.z_axis.z),
        ),
        (EulerOrder::Zyx, 0) => (
            outer(m.y_axis.z, m.z_axis.z),
            m.x_axis.z == 0.0 && atan2_zero(m.x_axis.y, m.x_axis.x),
        ),
        (EulerOrder::Zyx, 1) => (
            middle(-m.x_axis.z),
            atan2_zero(m.y_axis.z, m.z_axis.z) && atan2_zero(m.x_axis.y, m.x_axis.x),
        ),
        (EulerOrder::Zyx, _) => (
            outer(m.x_axis.y, m.x_axis.x),
            m.x_axis.z == 0.0 && atan2_zero(m.y_axis.z, m.z_axis.z),
        ),
        (EulerOrder::Xzy, 0) => (
            outer(m.y_axis.z, m.y_axis.y),
            m.y_axis.x == 0.0 && atan2_zero(m.z_axis.x, m.x_axis.x),
        ),
        (EulerOrder::Xzy, 1) => (
            outer(m.z_axis.x, m.x_axis.x),
            m.y_axis.x == 0.0 && atan2_zero(m.y_axis.z, m.y_axis.y),
        ),
        (EulerOrder::Xzy, _) => (
            middle(-m.y_axis.x),
            atan2_zero(m.y_axis.z, m.y_axis.y) && atan2_zero(m.z_axis.x, m.x_axis.x),
        ),
    };
    let (angle, clamped_88) = match decomposed {
        Angle::Middle(a, c) => (a, c),
        Angle::Outer(y, x) => {
            if link.arc.is_some_and(|arc| arc.clearly_contains(y, x)) {
                // Inside the limits: unchanged when the others are zero, else
                // the turn by this angle φ. Its half-angle sine and cosine come
                // from (x, y) = ρ (cos φ, sin φ), each from the half-angle
                // identity that does not cancel there (what sin_cos(φ / 2)
                // gives, to f64 rounding).
                if others_zero {
                    return r;
                }
                let rho = (x * x + y * y).sqrt();
                let (sin, cos) = (y / rho, x / rho);
                let (s, c) = if cos >= 0.0 {
                    let c = ((1.0 + cos) * 0.5).sqrt();
                    (sin / (2.0 * c), c)
                } else {
                    let s = ((1.0 - cos) * 0.5).sqrt().copysign(y);
                    (s, sin / (2.0 * s))
                };
                return match axis {
                    0 => DQuat::from_xyzw(s, 0.0, 0.0, c),
                    1 => DQuat::from_xyzw(0.0, s, 0.0, c),
                    _ => DQuat::from_xyzw(0.0, 0.0, s, c),
                };
            }
            (y.atan2(x), false)
        }
    };
    let limited = limit_angle(angle, min as f64, max as f64, reflect);
    if others_zero && !clamped_88 && limited == angle {
        return r;
    }
    match axis {
        0 => DQuat::from_rotation_x(limited),
        1 => DQuat::from_rotation_y(limited),
        _ => DQuat::from_rotation_z(limited),
    }
}
