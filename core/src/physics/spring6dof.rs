//! The spring 6DOF joint (PMX joint kind 0, and plain 6DOF, kind 1) with Bullet 2.75's
//! rules, computed by Hone every physics step: rapier's generic joint measures angles
//! per axis of the relative rotation, Bullet on XYZ Euler angles, so these joints do not
//! go through rapier's joint solver at all. Facts taken from Bullet's public source
//! (`btGeneric6DofConstraint`, `btGeneric6DofSpringConstraint`, `btTypedConstraint`, as
//! babylon-mmd builds them for MMD with the constraint-frame offset off):
//!
//! - Frames: `frameA = restA⁻¹·J`, `frameB = restB⁻¹·J`; `TA = A·frameA`, `TB = B·frameB`.
//! - Angles: Bullet's `matrixToEulerXYZ` of `TA⁻¹·TB`, read with rows and columns swapped
//!   (its element accessor is column-major): Y is `asin`, so it spans ±90°, and at ±90°
//!   the decomposition is not unique (Z is then 0). Rows constrain the relative angular
//!   velocity along Bullet's axes: ax1 = zA × xB, ax0 = ax1 × zA, ax2 = xB × ax1 (normalised).
//! - Linear: the offset `TA⁻¹·(TB.origin − TA.origin)` along frame A's axes, each body's
//!   lever arm from its own frame origin (babylon-mmd's patch of Bullet 3.26's 2.75 mode).
//! - Per axis: lower > upper = free, lower = upper = locked (a two-sided row; unlike
//!   Bullet also in a step where the value is exactly the locked one), otherwise
//!   a one-sided row while the value is outside; angles are first moved by 2π towards
//!   the nearer limit. Stop ERP 0.475 on all six axes (the MMD runtimes' value).
//! - Springs (kind 0 only; rotation springs always on, translation springs only where the
//!   stiffness is non-zero): a velocity motor towards the rest pose whose target speed is
//!   `fps·damping/iterations·k·Δ` (damping 1) and whose impulse per step is capped at
//!   `|k·Δ|/fps`; the motor is off while its axis is at a limit and is scaled down as a
//!   limit nears (Bullet's `getMotorFactor`).

use glam::{Mat3, Mat3A, Quat, Vec3, Vec3A};
use rapier3d::prelude::Pose;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

/// Bullet's stop ERP as the MMD runtimes set it on all six axes.
pub const STOP_ERP: f32 = 0.475;

/// One spring 6DOF joint between two rigid bodies (indices into the world's bodies).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spring6Dof {
    pub body_a: usize,
    pub body_b: usize,
    /// The joint frame in each body's space.
    pub frame_a: Pose,
    pub frame_b: Pose,
    pub linear_lower: Vec3,
    pub linear_upper: Vec3,
    pub angular_lower: Vec3,
    pub angular_upper: Vec3,
    pub linear_stiffness: Vec3,
    pub angular_stiffness: Vec3,
    /// Which axes have a spring motor (Bullet's `enableSpring`).
    pub linear_spring: [bool; 3],
    pub angular_spring: [bool; 3],
}

/// XYZ Euler angles of a relative rotation as btGeneric6DofConstraint computes them
/// (Bullet's `matrixToEulerXYZ` with its column-major element accessor).
pub fn bullet_euler_xyz(relative: Mat3) -> Vec3 {
    // Element i of Bullet's accessor is row i % 3, column i / 3: glam's column-major slot i.
    let e = relative.to_cols_array();
    euler_from_elements(|i| e[i])
}

/// [`bullet_euler_xyz`] of `ra⁻¹·rb` for rotations `ra`, `rb`, reading only the five
/// elements it needs: slot i is `ra`'s column i % 3 dotted with `rb`'s column i / 3,
/// the same products and sums in the same order as glam's `ra.transpose() * rb`.
fn relative_euler_of(ra: &Mat3, rb: &Mat3) -> Vec3 {
    euler_from_elements(|i| ra.col(i % 3).dot(rb.col(i / 3)))
}

/// Bullet's `matrixToEulerXYZ` on the elements `e(0..9)` (glam's column-major slots).
#[inline(always)]
fn euler_from_elements(e: impl Fn(usize) -> f32) -> Vec3 {
    let e2 = e(2);
    if e2 < 1.0 {
        if e2 > -1.0 {
            Vec3::new((-e(5)).atan2(e(8)), e2.asin(), (-e(1)).atan2(e(0)))
        } else {
            // Not unique: X − Z is known.
            Vec3::new(-e(3).atan2(e(4)), -FRAC_PI_2, 0.0)
        }
    } else {
        // Not unique: X + Z is known.
        Vec3::new(e(3).atan2(e(4)), FRAC_PI_2, 0.0)
    }
}

/// Bullet's `btNormalizeAngle`: into [−π, π].
fn normalize_angle(a: f32) -> f32 {
    let a = a % TAU;
    if a < -PI {
        a + TAU
    } else if a > PI {
        a - TAU
    } else {
        a
    }
}

/// Bullet's `btAdjustAngleToLimits`: an angle outside a proper range moves by 2π when that
/// brings it nearer the limit it is closer to.
pub fn adjust_angle_to_limits(angle: f32, lower: f32, upper: f32) -> f32 {
    if lower >= upper {
        angle
    } else if angle < lower {
        let to_lower = normalize_angle(lower - angle).abs();
        let to_upper = normalize_angle(upper - angle).abs();
        if to_lower < to_upper {
            angle
        } else {
            angle + TAU
        }
    } else if angle > upper {
        let to_upper = normalize_angle(angle - upper).abs();
        let to_lower = normalize_angle(angle - lower).abs();
        if to_lower < to_upper {
            angle - TAU
        } else {
            angle
        }
    } else {
        angle
    }
}

/// Which side of its range an axis is on, and by how much.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LimitState {
    Free,
    /// Below the lower limit by `error` (negative).
    Low(f32),
    /// Above the upper limit by `error` (positive).
    High(f32),
}

/// Bullet's limit test (`testLimitValue`): lower > upper never limits; an angular error
/// is wrapped into [−π, π].
pub fn test_limit(value: f32, lower: f32, upper: f32, angular: bool) -> LimitState {
    let wrap = |e: f32| {
        if !angular {
            e
        } else if e > PI {
            e - TAU
        } else if e < -PI {
            e + TAU
        } else {
            e
        }
    };
    if lower > upper {
        LimitState::Free
    } else if lower == upper && value == lower {
        // Exactly on a locked value (bodies reset onto round numbers): Bullet drops the
        // axis's row for that step and lets it drift; Hone keeps it locked.
        LimitState::Low(0.0)
    } else if value < lower {
        LimitState::Low(wrap(value - lower))
    } else if value > upper {
        LimitState::High(wrap(value - upper))
    } else {
        LimitState::Free
    }
}

/// Bullet's `getMotorFactor`: 1 away from the limits, falling to 0 as a motor running at
/// `velocity` would cross one within a step (`time_factor` = fps × stop ERP).
pub fn motor_factor(position: f32, lower: f32, upper: f32, velocity: f32, time_factor: f32) -> f32 {
    if lower > upper {
        return 1.0;
    }
    if lower == upper {
        return 0.0;
    }
    let delta_max = velocity / time_factor;
    if delta_max < 0.0 {
        if position >= lower && position < lower - delta_max {
            (lower - position) / delta_max
        } else if position < lower {
            0.0
        } else {
            1.0
        }
    } else if delta_max > 0.0 {
        if position <= upper && position > upper - delta_max {
            (upper - position) / delta_max
        } else if position > upper {
            0.0
        } else {
            1.0
        }
    } else {
        0.0
    }
}

/// Where a joint stands in one step: its world frames, Euler angles and Bullet's axes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointState {
    pub frame_a: Pose,
    pub frame_b: Pose,
    /// `frame_b`'s origin relative to `frame_a`'s, along frame A's axes.
    pub linear: Vec3,
    pub angles: Vec3,
    pub axes: [Vec3; 3],
}

impl Spring6Dof {
    /// The joint's state for bodies at `pose_a` and `pose_b`.
    pub fn state(&self, pose_a: &Pose, pose_b: &Pose) -> JointState {
        let (fa, fb, ra, rb) = self.world_frames(pose_a, pose_b);
        JointState {
            frame_a: fa,
            frame_b: fb,
            linear: ra.transpose() * (fb.translation - fa.translation),
            angles: relative_euler_of(&ra, &rb),
            axes: bullet_axes(&ra, &rb),
        }
    }

    /// The joint frames in the world and their rotations as matrices (frame A's columns
    /// are the linear rows' axes).
    #[inline(always)]
    fn world_frames(&self, pose_a: &Pose, pose_b: &Pose) -> (Pose, Pose, Mat3, Mat3) {
        let fa = *pose_a * self.frame_a;
        let fb = *pose_b * self.frame_b;
        (
            fa,
            fb,
            Mat3::from_quat(fa.rotation),
            Mat3::from_quat(fb.rotation),
        )
    }
}

/// Bullet's angular row axes for frames rotated by `ra` and `rb`.
#[inline(always)]
fn bullet_axes(ra: &Mat3, rb: &Mat3) -> [Vec3; 3] {
    let x_b = rb.x_axis;
    let z_a = ra.z_axis;
    let ax1 = z_a.cross(x_b);
    let ax0 = ax1.cross(z_a);
    let ax2 = x_b.cross(ax1);
    [
        ax0.normalize_or_zero(),
        ax1.normalize_or_zero(),
        ax2.normalize_or_zero(),
    ]
}

/// A rigid body as the joint solver sees it during one step. The velocities are
/// `Vec3A` (SIMD lanes, same IEEE results per component as `Vec3`): the row loop
/// reads and writes them hundreds of times a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolverBody {
    pub pose: Pose,
    pub linvel: Vec3A,
    pub angvel: Vec3A,
    /// 0 for bodies the joints cannot move (kinematic).
    pub inv_mass: f32,
    /// `Mat3A`: its products are `Mat3`'s lane by lane, in the same order.
    pub inv_inertia_world: Mat3A,
    /// Whether an impulse changes its velocities (false: both inverses are zero, and the
    /// rows skip it: adding `0 × impulse` could only turn a zero's sign).
    pub moves: bool,
}

impl SolverBody {
    /// A body that joints cannot move, moving at the given velocity.
    pub fn fixed(pose: Pose, linvel: Vec3, angvel: Vec3) -> SolverBody {
        SolverBody {
            pose,
            linvel: linvel.into(),
            angvel: angvel.into(),
            inv_mass: 0.0,
            inv_inertia_world: Mat3A::ZERO,
            moves: false,
        }
    }

    /// A simulated body with Bullet's local inverse inertia (diagonal, 0 = infinite).
    pub fn dynamic(pose: Pose, linvel: Vec3, angvel: Vec3, mass: f32, inv_inertia: Vec3) -> Self {
        let r = Mat3A::from_quat(pose.rotation);
        let inv_mass = if mass > 0.0 { 1.0 / mass } else { 0.0 };
        SolverBody {
            pose,
            linvel: linvel.into(),
            angvel: angvel.into(),
            inv_mass,
            inv_inertia_world: r * Mat3A::from_diagonal(inv_inertia) * r.transpose(),
            moves: inv_mass != 0.0 || inv_inertia != Vec3::ZERO,
        }
    }
}

/// One constraint row of Bullet's sequential-impulse solver.
///
/// The vectors are `Vec3A`: one SIMD operation per vector instead of three scalar
/// ones, with the same rounding per component (dot products sum x, y, z in `Vec3`'s
/// order), so the results are bit-for-bit those of `Vec3`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Row {
    pub a: u32,
    pub b: u32,
    pub inv_a_mass: f32,
    pub inv_b_mass: f32,
    pub lin_a: Vec3A,
    pub ang_a: Vec3A,
    pub lin_b: Vec3A,
    pub ang_b: Vec3A,
    /// Inverse inertia times the angular parts (the velocity change per unit impulse).
    pub ang_a_response: Vec3A,
    pub ang_b_response: Vec3A,
    pub jac_inv: f32,
    /// No linear part (`lin_a`, `lin_b` zero): the solve reads and changes only the
    /// angular velocities.
    pub angular: bool,
    /// Whether the impulse changes body A's, body B's velocities ([`SolverBody::moves`]).
    pub moves_a: bool,
    pub moves_b: bool,
    /// Target relative velocity along the row.
    pub target: f32,
    pub lower: f32,
    pub upper: f32,
    pub applied: f32,
}

/// Solver-wide numbers the rows depend on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepInfo {
    /// 1 / step length.
    pub fps: f32,
    /// Solver iterations (Bullet divides the spring motor speed by it).
    pub iterations: usize,
    /// `fps / iterations` (the spring motors' rate) and `fps × STOP_ERP`, once per step.
    spring_rate: f32,
    erp_rate: f32,
}

impl StepInfo {
    pub fn new(fps: f32, iterations: usize) -> StepInfo {
        StepInfo {
            fps,
            iterations,
            spring_rate: fps / iterations.max(1) as f32,
            erp_rate: fps * STOP_ERP,
        }
    }
}

impl Row {
    pub(super) fn new(
        a: usize,
        b: usize,
        lin_a: Vec3,
        ang_a: Vec3,
        lin_b: Vec3,
        ang_b: Vec3,
    ) -> Row {
        Row {
            a: a as u32,
            b: b as u32,
            lin_a: lin_a.into(),
            ang_a: ang_a.into(),
            lin_b: lin_b.into(),
            ang_b: ang_b.into(),
            ang_a_response: Vec3A::ZERO,
            ang_b_response: Vec3A::ZERO,
            inv_a_mass: 0.0,
            inv_b_mass: 0.0,
            jac_inv: 0.0,
            angular: false,
            moves_a: true,
            moves_b: true,
            target: 0.0,
            lower: f32::NEG_INFINITY,
            upper: f32::INFINITY,
            applied: 0.0,
        }
    }

    /// Fills the effective mass; false when the row cannot act (both sides fixed).
    ///
    /// A side that does not move gets a zero response: its terms of the sum are then
    /// +0 (a zero matrix would give ±0, and a zero of either sign leaves the sum's
    /// non-zero value alone).
    pub(super) fn finish(&mut self, bodies: &[SolverBody]) -> bool {
        let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
        self.inv_a_mass = a.inv_mass;
        self.inv_b_mass = b.inv_mass;
        self.moves_a = a.moves;
        self.moves_b = b.moves;
        let (ra, da) = angular_response(a, self.ang_a);
        let (rb, db) = angular_response(b, self.ang_b);
        self.ang_a_response = ra;
        self.ang_b_response = rb;
        let sum = a.inv_mass * self.lin_a.length_squared()
            + da
            + b.inv_mass * self.lin_b.length_squared()
            + db;
        if sum.abs() <= f32::EPSILON || !sum.is_finite() {
            return false;
        }
        self.jac_inv = 1.0 / sum;
        true
    }

    /// For an angular row the linear terms are left out: they are zeros, which change
    /// neither a non-zero sum nor `target − sum` (a target is never −0).
    pub(super) fn relative_velocity(&self, bodies: &[SolverBody]) -> f32 {
        let (a, b) = (&bodies[self.a as usize], &bodies[self.b as usize]);
        if self.angular {
            return self.ang_a.dot(a.angvel) + self.ang_b.dot(b.angvel);
        }
        self.lin_a.dot(a.linvel)
            + self.ang_a.dot(a.angvel)
            + self.lin_b.dot(b.linvel)
            + self.ang_b.dot(b.angvel)
    }

    /// One projected Gauss-Seidel update (Bullet's `resolveSingleConstraintRowGeneric`).
    pub fn solve(&mut self, bodies: &mut [SolverBody]) {
        let delta = (self.target - self.relative_velocity(bodies)) * self.jac_inv;
        let sum = self.applied + delta;
        // `f32::clamp` without its check that lower ≤ upper (rows are built so).
        let mut clamped = sum;
        if clamped < self.lower {
            clamped = self.lower;
        }
        if clamped > self.upper {
            clamped = self.upper;
        }
        let delta = clamped - self.applied;
        self.applied = clamped;
        self.apply(bodies, delta);
    }

    /// Changes the two bodies' velocities by `impulse` along the row. What would only add
    /// zeros is skipped (a body that does not move, an angular row's linear part): that
    /// can differ in a zero's sign alone, which no later step reads (the integration adds
    /// +0 to every velocity first).
    pub(super) fn apply(&self, bodies: &mut [SolverBody], impulse: f32) {
        if self.moves_a {
            let a = &mut bodies[self.a as usize];
            if !self.angular {
                a.linvel += self.lin_a * (self.inv_a_mass * impulse);
            }
            a.angvel += self.ang_a_response * impulse;
        }
        if self.moves_b {
            let b = &mut bodies[self.b as usize];
            if !self.angular {
                b.linvel += self.lin_b * (self.inv_b_mass * impulse);
            }
            b.angvel += self.ang_b_response * impulse;
        }
    }
}

/// The motor and limit part of one axis (Bullet's `get_limit_motor_info2`).
struct AxisDrive {
    limit: LimitState,
    lower: f32,
    upper: f32,
    /// Position after `adjust_angle_to_limits` (angular) or the raw offset (linear).
    position: f32,
    /// Spring motor: target speed and impulse cap, if the axis has one.
    motor: Option<(f32, f32)>,
}

/// A joint row's target relative velocity and impulse bounds.
struct RowDrive {
    target: f32,
    lower: f32,
    upper: f32,
}

impl AxisDrive {
    /// The row's target and bounds; `None` when the axis needs no row.
    fn drive(&self, angular: bool, erp_rate: f32) -> Option<RowDrive> {
        let limited = !matches!(self.limit, LimitState::Free);
        if !limited && self.motor.is_none() {
            return None;
        }
        let mut row = RowDrive {
            target: 0.0,
            lower: f32::NEG_INFINITY,
            upper: f32::INFINITY,
        };
        let locked = self.lower == self.upper;
        if let Some((speed, cap)) = self.motor.filter(|_| !(limited && locked)) {
            if !limited {
                // Bullet passes the motor speed negated for linear axes (their row runs A − B).
                let toward = if angular { speed } else { -speed };
                let factor = motor_factor(self.position, self.lower, self.upper, toward, erp_rate);
                row.target += factor * speed;
                row.lower = -cap;
                row.upper = cap;
            }
        }
        let error = match self.limit {
            LimitState::Free => return Some(row),
            LimitState::Low(e) | LimitState::High(e) => e,
        };
        row.target += if angular {
            -erp_rate * error
        } else {
            erp_rate * error
        };
        if locked {
            row.lower = f32::NEG_INFINITY;
            row.upper = f32::INFINITY;
        } else {
            // Angular low and linear high push the same way along their rows.
            let pushes_up = matches!(
                (angular, self.limit),
                (true, LimitState::Low(_)) | (false, LimitState::High(_))
            );
            if pushes_up {
                row.lower = 0.0;
                row.upper = f32::INFINITY;
            } else {
                row.lower = f32::NEG_INFINITY;
                row.upper = 0.0;
            }
        }
        Some(row)
    }
}

/// A body's angular velocity change per unit impulse along `ang`, and its share of the
/// row's effective mass (zero for a body that does not move; see [`Row::finish`]).
#[inline(always)]
fn angular_response(body: &SolverBody, ang: Vec3A) -> (Vec3A, f32) {
    if body.moves {
        let r = body.inv_inertia_world.mul_vec3a(ang);
        (r, r.dot(ang))
    } else {
        (Vec3A::ZERO, 0.0)
    }
}

/// The two bodies of one joint in a step, for building its rows in place.
struct JointBodies<'a> {
    a: usize,
    b: usize,
    body_a: &'a SolverBody,
    body_b: &'a SolverBody,
}

impl JointBodies<'_> {
    /// Appends the row along `linear` (A's side; B's is its negative, `None` for an
    /// angular row) and the angular parts, with the effective mass [`Row::finish`]
    /// computes, the same arithmetic in the same order; nothing when it cannot act.
    #[inline(always)]
    fn push(&self, rows: &mut Vec<Row>, linear: Option<Vec3>, ang: (Vec3, Vec3), d: RowDrive) {
        let (a, b) = (self.body_a, self.body_b);
        let ang: (Vec3A, Vec3A) = (ang.0.into(), ang.1.into());
        let (ra, da) = angular_response(a, ang.0);
        let (rb, db) = angular_response(b, ang.1);
        let (lin_a, lin_b) = match linear {
            Some(axis) => (axis, -axis),
            None => (Vec3::ZERO, Vec3::ZERO),
        };
        // |−axis|² is |axis|² exactly.
        let lin_sq = lin_a.length_squared();
        let sum = a.inv_mass * lin_sq + da + b.inv_mass * lin_sq + db;
        if sum.abs() <= f32::EPSILON || !sum.is_finite() {
            return;
        }
        rows.push(Row {
            a: self.a as u32,
            b: self.b as u32,
            inv_a_mass: a.inv_mass,
            inv_b_mass: b.inv_mass,
            lin_a: lin_a.into(),
            ang_a: ang.0,
            lin_b: lin_b.into(),
            ang_b: ang.1,
            ang_a_response: ra,
            ang_b_response: rb,
            jac_inv: 1.0 / sum,
            angular: linear.is_none(),
            moves_a: a.moves,
            moves_b: b.moves,
            target: d.target,
            lower: d.lower,
            upper: d.upper,
            applied: 0.0,
        });
    }
}

impl Spring6Dof {
    /// Appends this joint's rows for one step (linear axes first, as Bullet's 2.75 mode
    /// does) with the targets computed from the bodies' current poses and velocities.
    /// Only what the rows read is computed, and each row is built where it is kept.
    pub fn push_rows(&self, bodies: &[SolverBody], info: &StepInfo, rows: &mut Vec<Row>) {
        let (a, b) = (self.body_a, self.body_b);
        let pair = JointBodies {
            a,
            b,
            body_a: &bodies[a],
            body_b: &bodies[b],
        };
        let (fa, fb, ra, rb) = self.world_frames(&pair.body_a.pose, &pair.body_b.pose);
        let (spring_rate, erp_rate) = (info.spring_rate, info.erp_rate);
        let offset = fb.translation - fa.translation;
        let arm_a = fa.translation - pair.body_a.pose.translation;
        let arm_b = fb.translation - pair.body_b.pose.translation;
        // Arrays, not `Vec3`s: indexing a `Vec3` by a loop counter is a match per read.
        let (lowers, uppers) = (self.linear_lower.to_array(), self.linear_upper.to_array());
        let stiffness = self.linear_stiffness.to_array();
        let columns = [ra.x_axis, ra.y_axis, ra.z_axis];
        for i in 0..3 {
            let (lower, upper) = (lowers[i], uppers[i]);
            let axis = columns[i];
            // Component i of `ra.transpose() * offset`, the same sum.
            let value = axis.dot(offset);
            let motor = self.linear_spring[i].then(|| {
                let force = value * stiffness[i];
                (spring_rate * force, force.abs() / info.fps)
            });
            let drive = AxisDrive {
                limit: test_limit(value, lower, upper, false),
                lower,
                upper,
                position: value,
                motor,
            };
            if let Some(d) = drive.drive(false, erp_rate) {
                let ang = (arm_a.cross(axis), -arm_b.cross(axis));
                pair.push(rows, Some(axis), ang, d);
            }
        }
        let angles = relative_euler_of(&ra, &rb).to_array();
        let axes = bullet_axes(&ra, &rb);
        let (lowers, uppers) = (self.angular_lower.to_array(), self.angular_upper.to_array());
        let stiffness = self.angular_stiffness.to_array();
        for i in 0..3 {
            let (lower, upper) = (lowers[i], uppers[i]);
            let raw = angles[i];
            let position = adjust_angle_to_limits(raw, lower, upper);
            let motor = self.angular_spring[i].then(|| {
                let force = -raw * stiffness[i];
                (spring_rate * force, force.abs() / info.fps)
            });
            let drive = AxisDrive {
                limit: test_limit(position, lower, upper, true),
                lower,
                upper,
                position,
                motor,
            };
            if let Some(d) = drive.drive(true, erp_rate) {
                pair.push(rows, None, (axes[i], -axes[i]), d);
            }
        }
    }
}

/// Runs `iterations` sweeps of projected Gauss-Seidel over `rows` in order.
pub fn solve(rows: &mut [Row], bodies: &mut [SolverBody], iterations: usize) {
    for _ in 0..iterations {
        for row in rows.iter_mut() {
            row.solve(bodies);
        }
    }
}

/// A rotation's XYZ Euler angles in Bullet's 6DOF convention, for tests and debug views:
/// the angles the joint between frames `a` and `b` reports.
pub fn relative_euler(a: Quat, b: Quat) -> Vec3 {
    bullet_euler_xyz(Mat3::from_quat(a).transpose() * Mat3::from_quat(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (no dependency, same numbers every run).
    struct Numbers(u64);

    impl Numbers {
        fn next(&mut self) -> f32 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        }
        fn vec(&mut self, scale: f32) -> Vec3 {
            Vec3::new(self.next(), self.next(), self.next()) * scale
        }
        fn pose(&mut self) -> Pose {
            let q = Quat::from_xyzw(self.next(), self.next(), self.next(), self.next());
            Pose::from_parts(self.vec(3.0), q.normalize())
        }
        /// A limit pair: free (lower > upper), locked, or a range.
        fn limits(&mut self, scale: f32) -> (Vec3, Vec3) {
            let (mut lower, mut upper) = (Vec3::ZERO, Vec3::ZERO);
            for i in 0..3 {
                let pick = self.next();
                let (l, u) = if pick < -0.5 {
                    (1.0, -1.0)
                } else if pick < 0.0 {
                    let v = self.next() * scale * 0.2;
                    (v, v)
                } else {
                    let (x, y) = (self.next() * scale, self.next() * scale);
                    (x.min(y), x.max(y))
                };
                lower[i] = l;
                upper[i] = u;
            }
            (lower, upper)
        }
    }

    fn row_bits(r: &Row) -> Vec<u32> {
        let vectors = [
            r.lin_a,
            r.ang_a,
            r.lin_b,
            r.ang_b,
            r.ang_a_response,
            r.ang_b_response,
        ];
        let scalars = [
            r.inv_a_mass,
            r.inv_b_mass,
            r.jac_inv,
            r.target,
            r.lower,
            r.upper,
            r.applied,
        ];
        let flags = [
            r.a,
            r.b,
            r.angular as u32,
            r.moves_a as u32,
            r.moves_b as u32,
        ];
        vectors
            .iter()
            .flat_map(|v| v.to_array())
            .chain(scalars)
            .map(f32::to_bits)
            .chain(flags)
            .collect()
    }

    /// The rows as they were built before the in-place path: the full relative matrix,
    /// `Row::new` and `Row::finish`, with `Mat3` (scalar) arithmetic throughout.
    fn rows_the_long_way(j: &Spring6Dof, bodies: &[SolverBody], info: &StepInfo) -> Vec<Row> {
        let (a, b) = (j.body_a, j.body_b);
        let fa = bodies[a].pose * j.frame_a;
        let fb = bodies[b].pose * j.frame_b;
        let ra = Mat3::from_quat(fa.rotation);
        let rb = Mat3::from_quat(fb.rotation);
        let linear = ra.transpose() * (fb.translation - fa.translation);
        let angles = bullet_euler_xyz(ra.transpose() * rb);
        let (x_b, z_a) = (rb.x_axis, ra.z_axis);
        let ax1 = z_a.cross(x_b);
        let axes = [
            ax1.cross(z_a).normalize_or_zero(),
            ax1.normalize_or_zero(),
            x_b.cross(ax1).normalize_or_zero(),
        ];
        let arm_a = fa.translation - bodies[a].pose.translation;
        let arm_b = fb.translation - bodies[b].pose.translation;
        let spring_rate = info.fps / info.iterations.max(1) as f32;
        // One axis: its limit and motor, as `push_rows` reads them.
        let drive = |position: f32, force: f32, lower: f32, upper: f32, spring: bool, angular| {
            let motor = spring.then(|| (spring_rate * force, force.abs() / info.fps));
            let limit = test_limit(position, lower, upper, angular);
            let axis = AxisDrive {
                limit,
                lower,
                upper,
                position,
                motor,
            };
            axis.drive(angular, info.fps * STOP_ERP)
        };
        let mut rows = Vec::new();
        let mut keep = |mut row: Row, d: RowDrive| {
            (row.target, row.lower, row.upper) = (d.target, d.lower, d.upper);
            if row.finish(bodies) {
                rows.push(row);
            }
        };
        for i in 0..3 {
            let (lower, upper, value) = (j.linear_lower[i], j.linear_upper[i], linear[i]);
            let force = value * j.linear_stiffness[i];
            if let Some(d) = drive(value, force, lower, upper, j.linear_spring[i], false) {
                let axis = ra.col(i);
                let ang = (arm_a.cross(axis), -arm_b.cross(axis));
                keep(Row::new(a, b, axis, ang.0, -axis, ang.1), d);
            }
        }
        for i in 0..3 {
            let (lower, upper, raw) = (j.angular_lower[i], j.angular_upper[i], angles[i]);
            let position = adjust_angle_to_limits(raw, lower, upper);
            let force = -raw * j.angular_stiffness[i];
            if let Some(d) = drive(position, force, lower, upper, j.angular_spring[i], true) {
                let mut row = Row::new(a, b, Vec3::ZERO, axes[i], Vec3::ZERO, -axes[i]);
                row.angular = true;
                keep(row, d);
            }
        }
        rows
    }

    #[test]
    fn rows_built_in_place_have_the_bits_of_the_long_way() {
        let mut n = Numbers(7);
        let info = StepInfo::new(60.0, 10);
        let mut compared = 0;
        for case in 0..2000 {
            let mut bodies = Vec::new();
            // Every fifth case axis-aligned, at rest: exact zeros (of either sign) in the
            // matrices and velocities, where a changed order of operations would show.
            let aligned = case % 5 == 0;
            let mut pose = || {
                let p = n.pose();
                if aligned {
                    Pose::from_parts(p.translation, Quat::IDENTITY)
                } else {
                    p
                }
            };
            let frames = (pose(), pose());
            for k in 0..2 {
                let pose = if aligned { frames.0 } else { n.pose() };
                let (v, w) = if aligned {
                    (Vec3::new(0.0, -0.0, 0.0), Vec3::ZERO)
                } else {
                    (n.vec(2.0), n.vec(4.0))
                };
                // Every third pair has a bone-following (fixed) side.
                bodies.push(if (case + k) % 3 == 0 {
                    SolverBody::fixed(pose, v, w)
                } else {
                    let inertia = n.vec(1.0).abs() + Vec3::splat(0.01);
                    SolverBody::dynamic(pose, v, w, n.next().abs() + 0.1, inertia)
                });
            }
            let (linear_lower, linear_upper) = n.limits(0.5);
            let (angular_lower, angular_upper) = n.limits(3.0);
            let joint = Spring6Dof {
                body_a: 0,
                body_b: 1,
                frame_a: frames.0,
                frame_b: frames.1,
                linear_lower,
                linear_upper,
                angular_lower,
                angular_upper,
                linear_stiffness: n.vec(50.0).abs(),
                angular_stiffness: n.vec(50.0).abs(),
                linear_spring: [n.next() > 0.0, n.next() > 0.0, n.next() > 0.0],
                angular_spring: [true, n.next() > -0.5, true],
            };
            let mut fast = Vec::new();
            joint.push_rows(&bodies, &info, &mut fast);
            let slow = rows_the_long_way(&joint, &bodies, &info);
            assert_eq!(fast.len(), slow.len(), "case {case}");
            for (f, s) in fast.iter().zip(&slow) {
                assert_eq!(row_bits(f), row_bits(s), "case {case}");
            }
            compared += fast.len();
        }
        assert!(compared > 6000, "only {compared} rows compared");
    }

    #[test]
    fn world_inverse_inertia_in_lanes_has_the_bits_of_mat3() {
        let mut n = Numbers(11);
        for _ in 0..2000 {
            let (pose, inv_inertia, ang) = (n.pose(), n.vec(3.0).abs(), n.vec(2.0));
            let body = SolverBody::dynamic(pose, Vec3::ZERO, Vec3::ZERO, 1.0, inv_inertia);
            let r = Mat3::from_quat(pose.rotation);
            let scalar = r * Mat3::from_diagonal(inv_inertia) * r.transpose();
            let lanes = Mat3::from(body.inv_inertia_world);
            let bits = |m: Mat3| m.to_cols_array().map(f32::to_bits);
            assert_eq!(bits(lanes), bits(scalar));
            let product = body.inv_inertia_world.mul_vec3a(ang.into());
            let expected = scalar * ang;
            assert_eq!(
                Vec3::from(product).to_array().map(f32::to_bits),
                expected.to_array().map(f32::to_bits)
            );
        }
    }
}
