//! Fixed axis (軸固定) and local axes (ローカル軸): they constrain how a user
//! manipulates a bone, not how it deforms (spec: ボーンの変形特性や内部値には
//! 関与しない). These helpers are for the UI and for motion import.

use glam::{Mat3, Quat, Vec3};

/// Projects a rotation onto a fixed axis: keeps the rotation angle about
/// `axis` (sign from the rotation's own axis), drops the rest. A zero axis
/// gives identity. MMD does the same to motion data when it loads it.
pub fn project_to_fixed_axis(rotation: Quat, axis: Vec3) -> Quat {
    let Some(axis) = axis.try_normalize() else {
        return Quat::IDENTITY;
    };
    let (own_axis, mut angle) = rotation.normalize().to_axis_angle();
    if own_axis.dot(axis) < 0.0 {
        angle = -angle;
    }
    Quat::from_axis_angle(axis, angle)
}

/// The local frame from a bone's stored X and Z axes, corrected to be
/// orthonormal as the spec prescribes: Y = Z × X, Z' = X × Y. Columns are
/// X, Y, Z'. Degenerate input (parallel or zero axes) gives identity.
pub fn corrected_local_axes(x: Vec3, z: Vec3) -> Mat3 {
    let Some(x) = x.try_normalize() else {
        return Mat3::IDENTITY;
    };
    let Some(y) = z.cross(x).try_normalize() else {
        return Mat3::IDENTITY;
    };
    let z = x.cross(y);
    Mat3::from_cols(x, y, z)
}
