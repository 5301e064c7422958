//! PMX joints, all six kinds of PMX 2.1. Spring 6DOF (the kind MMD has; nearly every model
//! uses only it) and plain 6DOF run with Bullet's rules in Hone's own solver
//! ([`super::spring6dof`]); the four kinds PMX 2.1 added go to rapier's generic joint.
//!
//! Bullet (what MMD and PMX Editor run) and rapier do not share every feature of those
//! four; where a parameter cannot be expressed exactly it is approximated and
//! [`joint_approximations`] lists what was approximated, so `hone info` and the UI can
//! say so.

use super::spring6dof::Spring6Dof;
use crate::pmx::{Joint, JointKind};
use glam::{Quat, Vec3};
use rapier3d::prelude::{GenericJoint, JointAxesMask, JointAxis, MotorModel, Pose};
use std::f32::consts::{FRAC_PI_2, PI};

// The notes' catalogue keys (core/locales/*/notes.ftl), in label form.
pub const NOTE_SOLVED_BY_RAPIER: &str = "note-joint-solved-by-rapier";
pub const NOTE_SPRINGS_UNUSED: &str = "note-joint-springs-unused";
pub const NOTE_LIMITS_UNUSED: &str = "note-joint-limits-unused";
pub const NOTE_CONE_ELLIPSE: &str = "note-joint-cone-ellipse";
pub const NOTE_SOFTNESS: &str = "note-joint-softness";
pub const NOTE_CONE_DAMPING: &str = "note-joint-cone-damping";
pub const NOTE_CONE_MOTOR: &str = "note-joint-cone-motor";
pub const NOTE_MOTOR_IMPULSE: &str = "note-joint-motor-impulse";
pub const NOTE_SLIDER_MOTOR: &str = "note-joint-slider-motor";
pub const NOTE_NEGATIVE_SPAN: &str = "note-joint-negative-span";
pub const NOTE_NON_FINITE: &str = "note-joint-non-finite";
pub const NOTE_UNKNOWN_KIND: &str = "note-joint-unknown-kind";

/// Approximation notes for one joint, as catalogue keys (pure: depends only on the
/// joint's data); [`super::note_label`] gives their text.
pub fn joint_approximations(j: &Joint) -> Vec<&'static str> {
    let mut n = Vec::new();
    let finite = j.vectors().iter().all(|v| v.is_finite());
    if !finite {
        n.push(NOTE_NON_FINITE);
    }
    let j = sanitized(j);
    let springs_set = j.linear_spring != Vec3::ZERO || j.angular_spring != Vec3::ZERO;
    if !matches!(
        j.kind,
        JointKind::Spring6Dof | JointKind::SixDof | JointKind::Unknown(_)
    ) {
        n.push(NOTE_SOLVED_BY_RAPIER);
    }
    match j.kind {
        // Bullet's rules exactly (super::spring6dof).
        JointKind::Spring6Dof => {}
        JointKind::SixDof => {
            if springs_set {
                n.push(NOTE_SPRINGS_UNUSED);
            }
        }
        JointKind::P2p => {
            if springs_set
                || j.linear_lower != Vec3::ZERO
                || j.linear_upper != Vec3::ZERO
                || j.angular_lower != Vec3::ZERO
                || j.angular_upper != Vec3::ZERO
            {
                n.push(NOTE_LIMITS_UNUSED);
            }
        }
        JointKind::ConeTwist => {
            let (s1, s2) = (j.angular_lower.z, j.angular_lower.y);
            if s1 < 0.0 || s2 < 0.0 || j.angular_lower.x < 0.0 {
                n.push(NOTE_NEGATIVE_SPAN);
            }
            if s1.abs() != s2.abs() {
                n.push(NOTE_CONE_ELLIPSE);
            }
            if j.linear_spring != Vec3::ZERO {
                n.push(NOTE_SOFTNESS);
            }
            if j.linear_lower.x != 0.0 || j.linear_upper.x != 0.0 {
                n.push(NOTE_CONE_DAMPING);
            }
            if j.linear_lower.z != 0.0 {
                n.push(NOTE_CONE_MOTOR);
                n.push(NOTE_MOTOR_IMPULSE);
            }
        }
        JointKind::Slider => {
            if j.linear_spring.x != 0.0 || j.angular_spring.x != 0.0 {
                n.push(NOTE_SLIDER_MOTOR);
            }
        }
        JointKind::Hinge => {
            if j.linear_spring != Vec3::ZERO {
                n.push(NOTE_SOFTNESS);
            }
            if j.angular_spring.x != 0.0 {
                n.push(NOTE_MOTOR_IMPULSE);
            }
        }
        JointKind::Unknown(_) => n.push(NOTE_UNKNOWN_KIND),
    }
    n
}

fn finite_or_zero(v: Vec3) -> Vec3 {
    Vec3::new(
        if v.x.is_finite() { v.x } else { 0.0 },
        if v.y.is_finite() { v.y } else { 0.0 },
        if v.z.is_finite() { v.z } else { 0.0 },
    )
}

fn sanitized(j: &Joint) -> Joint {
    let mut j = j.clone();
    for v in j.vectors_mut() {
        *v = finite_or_zero(*v);
    }
    j
}

/// A body's or joint's stored Euler angles as a rotation (see
/// [`crate::pmx::euler_rotation`] for the order); non-finite angles count as zero.
pub fn euler_rotation(r: Vec3) -> Quat {
    crate::pmx::euler_rotation(finite_or_zero(r))
}

/// Bullet's per-axis rule: lower > upper = free, lower == upper = locked (at
/// that value), otherwise limited.
fn bullet_axis(g: &mut GenericJoint, axis: JointAxis, lo: f32, hi: f32) {
    if lo > hi {
        return;
    }
    if lo == hi && lo == 0.0 {
        g.lock_axes(JointAxesMask::from(axis));
    } else {
        g.set_limits(axis, [lo, hi]);
    }
}

/// The spring 6DOF (kind 0) or plain 6DOF (kind 1) joint as Bullet runs it for MMD:
/// translation springs only where the constant is non-zero, rotation springs always
/// (a zero constant is a spring of strength zero); no springs on plain 6DOF.
pub fn spring6dof(j: &Joint, a: usize, b: usize, frame_a: Pose, frame_b: Pose) -> Spring6Dof {
    let j = sanitized(j);
    let springs = j.kind == JointKind::Spring6Dof;
    Spring6Dof {
        body_a: a,
        body_b: b,
        frame_a,
        frame_b,
        linear_lower: j.linear_lower,
        linear_upper: j.linear_upper,
        angular_lower: j.angular_lower,
        angular_upper: j.angular_upper,
        linear_stiffness: j.linear_spring,
        angular_stiffness: j.angular_spring,
        linear_spring: [0, 1, 2].map(|i| springs && j.linear_spring[i] != 0.0),
        angular_spring: [springs; 3],
    }
}

/// Builds the rapier joint for the kinds PMX 2.1 added (P2P, cone-twist, slider,
/// hinge). `frame_a`/`frame_b` are the joint's frame in each body's local space (joint
/// world pose seen from the body's rest pose). `substep` converts Bullet motor impulses
/// to forces. None = not simulated here (spring 6DOF and 6DOF: [`spring6dof`]).
pub fn build_joint(j: &Joint, frame_a: Pose, frame_b: Pose, substep: f32) -> Option<GenericJoint> {
    let j = sanitized(j);
    let mut g = GenericJoint::default();
    g.set_local_frame1(frame_a);
    g.set_local_frame2(frame_b);
    // Bullet's addConstraint(.., disableCollisionsBetweenLinkedBodies = false), as MMD and
    // saba call it: linked bodies still collide unless their groups say otherwise.
    g.set_contacts_enabled(true);
    match j.kind {
        // Solved by Hone with Bullet's rules: see spring6dof().
        JointKind::Spring6Dof | JointKind::SixDof => return None,
        JointKind::P2p => {
            g.lock_axes(JointAxesMask::LIN_AXES);
        }
        JointKind::ConeTwist => {
            // btConeTwistConstraint: twist about the frame's X, swing cone around it.
            g.lock_axes(JointAxesMask::LIN_AXES);
            let twist = j.angular_lower.x.abs();
            let swing = j.angular_lower.z.abs().min(j.angular_lower.y.abs());
            g.set_limits(JointAxis::AngX, [-twist, twist]);
            // Coupled Y/Z limit = the angle between the two frames' X axes (a circular cone).
            g.coupled_axes = JointAxesMask::ANG_Y | JointAxesMask::ANG_Z;
            g.set_limits(JointAxis::AngY, [-PI, swing]);
            if j.linear_lower.z != 0.0 {
                let max_impulse = j.linear_upper.z.abs();
                g.set_motor_model(JointAxis::AngX, MotorModel::AccelerationBased);
                g.set_motor_position(JointAxis::AngX, j.angular_spring.x, 400.0, 40.0);
                g.set_motor_max_force(JointAxis::AngX, max_impulse / substep);
            }
        }
        JointKind::Slider => {
            // btSliderConstraint: moves along and turns about the frame's X.
            g.lock_axes(
                JointAxesMask::LIN_Y
                    | JointAxesMask::LIN_Z
                    | JointAxesMask::ANG_Y
                    | JointAxesMask::ANG_Z,
            );
            bullet_axis(&mut g, JointAxis::LinX, j.linear_lower.x, j.linear_upper.x);
            bullet_axis(
                &mut g,
                JointAxis::AngX,
                j.angular_lower.x,
                j.angular_upper.x,
            );
            if j.linear_spring.x != 0.0 {
                g.set_motor_model(JointAxis::LinX, MotorModel::AccelerationBased);
                g.set_motor_velocity(JointAxis::LinX, j.linear_spring.y, 1.0e4);
                g.set_motor_max_force(JointAxis::LinX, j.linear_spring.z.abs());
            }
            if j.angular_spring.x != 0.0 {
                g.set_motor_model(JointAxis::AngX, MotorModel::AccelerationBased);
                g.set_motor_velocity(JointAxis::AngX, j.angular_spring.y, 1.0e4);
                g.set_motor_max_force(JointAxis::AngX, j.angular_spring.z.abs());
            }
        }
        JointKind::Hinge => {
            // btHingeConstraint turns about the frames' Z axis; rapier's revolute axis
            // is X, so both frames get a quarter turn about Y (their X becomes the joint's Z).
            let fix = Quat::from_rotation_y(-FRAC_PI_2);
            let mut fa = frame_a;
            let mut fb = frame_b;
            fa.rotation = (fa.rotation * fix).normalize();
            fb.rotation = (fb.rotation * fix).normalize();
            g.set_local_frame1(fa);
            g.set_local_frame2(fb);
            g.lock_axes(JointAxesMask::LOCKED_REVOLUTE_AXES);
            let (lo, hi) = (j.angular_lower.x, j.angular_upper.x);
            // btAngularLimit: low > high means no limit.
            if lo <= hi {
                g.set_limits(JointAxis::AngX, [lo, hi]);
            }
            if j.angular_spring.x != 0.0 {
                g.set_motor_model(JointAxis::AngX, MotorModel::AccelerationBased);
                g.set_motor_velocity(JointAxis::AngX, j.angular_spring.y, 1.0e4);
                g.set_motor_max_force(JointAxis::AngX, j.angular_spring.z.abs() / substep);
            }
        }
        JointKind::Unknown(_) => return None,
    }
    Some(g)
}
