//! One CCD step of one link: the turn that brings the target toward the IK
//! bone, limited and clamped (see `ik`'s module docs for the rules).

use super::ik::{LinkInfo, SolveAxis};
use super::ik_limits::{clamp_euler, clamp_single_axis};
use super::{DeformState, Deformer};
use glam::{Mat4, Quat, Vec3A};

/// One CCD step of a link: its new IK rotation, turning the target (at
/// `target_pos`) toward the IK bone, or None when the link does not turn.
/// `parent_world` is the world matrix of the link's parent (None: a root).
/// In f32 (SIMD) like the MMD runtimes; the Euler limits stay in f64. The
/// step is a serial chain of square roots and divisions, so it takes as few
/// as it can: neither direction is normalised, the turn's quaternion comes
/// unnormalised from the two directions' cross and dot products and is
/// scaled once.
#[inline]
pub(crate) fn link_turn(
    link: &LinkInfo,
    state: &DeformState,
    ik_pos: Vec3A,
    target_pos: Vec3A,
    parent_world: Option<&Mat4>,
    use_axis: bool,
) -> Option<Quat> {
    let b = link.bone as usize;
    let (link_pos, ik_rotation) = (Deformer::position(state, link.bone), state.ik_rotation[b]);
    let (to_target, to_ik) = (link_pos - target_pos, link_pos - ik_pos);
    // With L = |to_target| |to_ik| and θ the angle between them:
    // |normal| = L sin θ, dot = L cos θ. to_target × to_ik, as to_target ×
    // (to_ik − to_target), which does not cancel when θ is small.
    let normal = to_target.cross(target_pos - ik_pos);
    let dot = to_target.dot(to_ik);
    let lengths2 = to_target.length_squared() * to_ik.length_squared();
    let normal2 = normal.length_squared();
    // Not for sin²θ < 1e-8, a zero direction or a non-finite one (NaN).
    let turns = normal2 > 1.0e-8 * lengths2;
    if !turns {
        return None;
    }
    // The turn's quaternion is (normal, w) scaled, w = L (1 + cos θ) (then
    // it is 2 L cos(θ/2) (sin(θ/2) n, cos(θ/2))). Past 90° the sum cancels,
    // so there w comes from (L + dot)(L − dot) = |normal|², which does not:
    // accurate in f32 near parallel and near opposite (acos(dot) is not).
    let lengths = lengths2.sqrt();
    let w = if dot >= 0.0 {
        lengths + dot
    } else {
        normal2 / (lengths - dot)
    };
    let norm2 = normal2 + w * w;
    // The axis in the parent's frame: the parent's rotation transposed times
    // the world axis (dot products with its columns); the same length.
    let columns = parent_world.map(|m| {
        [
            Vec3A::from_vec4(m.x_axis),
            Vec3A::from_vec4(m.y_axis),
            Vec3A::from_vec4(m.z_axis),
        ]
    });
    let column = |i: usize| columns.map_or(Vec3A::AXES[i], |c| c[i]);
    let axis = Vec3A::new(
        column(0).dot(normal),
        column(1).dot(normal),
        column(2).dot(normal),
    );
    // sin(θ/2) > the limit's (monotonic on the half turn's [0, π/2]), squared;
    // a negative limit always limits, an infinite one never.
    let limit = link.limit_sin_half;
    let limited = limit < 0.0 || normal2 > limit * limit * norm2;
    let single = match link.axis {
        SolveAxis::X if link.limits.is_some() && use_axis => Some(0),
        SolveAxis::Y if link.limits.is_some() && use_axis => Some(1),
        SolveAxis::Z if link.limits.is_some() && use_axis => Some(2),
        _ => None,
    };
    if single.is_none() && axis == Vec3A::ZERO {
        return None;
    }
    let turn = if let Some(i) = single {
        // About the parent's axis alone, on the side of the world axis.
        let (s, c) = if limited {
            link.max_turn_half
        } else {
            let scale = norm2.sqrt().recip();
            (normal2.sqrt() * scale, w * scale)
        };
        let s = if axis[i] >= 0.0 { s } else { -s };
        Quat::from_vec4((Vec3A::AXES[i] * s).extend(c))
    } else if limited {
        let (s, c) = link.max_turn_half;
        Quat::from_vec4((axis * (s / axis.length())).extend(c))
    } else {
        let scale = norm2.sqrt().recip();
        Quat::from_vec4((axis * scale).extend(w * scale))
    };
    let ik_rot = turn * ik_rotation;
    let Some((min, max)) = link.limits else {
        return Some(unit(ik_rot));
    };
    let local = state.local_rotation[b];
    let single_axis =
        |i: usize| clamp_single_axis(ik_rot, local, i, link, min[i], max[i], use_axis);
    Some(match link.axis {
        SolveAxis::X => single_axis(0),
        SolveAxis::Y => single_axis(1),
        SolveAxis::Z => single_axis(2),
        _ => {
            let (ik_rot, local) = (ik_rot.as_dquat(), local.as_dquat());
            let clamped = clamp_euler(ik_rot * local, link.order, min, max, use_axis);
            (clamped * local.inverse()).normalize().as_quat()
        }
    })
}

/// `q` scaled to unit length. Products of unit quaternions are unit to a few
/// f32 roundings, where one Newton step of 1/√|q|² (no square root, no
/// division) is exact to rounding; anything else is normalised.
#[inline]
pub(crate) fn unit(q: Quat) -> Quat {
    let n2 = q.length_squared();
    if (n2 - 1.0).abs() < 1.0e-4 {
        q * (1.5 - 0.5 * n2)
    } else {
        q.normalize()
    }
}
