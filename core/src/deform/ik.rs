//! CCD IK, solved in place when the IK bone comes up in the deform order.
//!
//! The solver follows the behaviour of MMD-compatible runtimes (babylon-mmd,
//! which the oracle poses come from): per iteration every link turns its
//! target toward the IK bone by at most `limit_angle × (link index + 1)`;
//! links with limits are clamped on Euler angles; a link limited to a single
//! axis (a knee) turns only about its parent's axis during the first half of
//! the iterations and reflects out-of-range angles back into the range
//! instead of clamping (this is what keeps a knee from locking straight or
//! flipping backwards). Links whose limits are all zero never turn.

use super::bones::BoneInfo;
use super::ik_chain::{is_simple_chain, Chain};
use super::{DeformState, Deformer, Pose, NO_BONE};
use crate::pmx::Model;
use glam::{DMat3, DQuat, DVec3, Quat, Vec3};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EulerOrder {
    Yxz,
    Zyx,
    Xzy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SolveAxis {
    Free,
    /// All limits zero: the link never turns.
    Fixed,
    X,
    Y,
    Z,
}

#[derive(Debug, Clone)]
pub(crate) struct LinkInfo {
    pub bone: u32,
    pub limits: Option<(Vec3, Vec3)>,
    pub order: EulerOrder,
    pub axis: SolveAxis,
    /// Where this link sits in `IkInfo::path` (updates start there), or
    /// usize::MAX when the link is not an ancestor of the target.
    pub path_start: usize,
    /// The most it turns per iteration (limit angle × (link index + 1)) and
    /// its cosine: a turn whose cosine is above needs no trigonometry.
    pub max_turn: f64,
    pub max_turn_cos: f64,
    /// sin and cos of max_turn / 2, for the limited turn's quaternion.
    pub max_turn_half: (f64, f64),
}

#[derive(Debug, Clone)]
pub(crate) struct IkInfo {
    pub bone: u32,
    pub target: u32,
    pub iterations: u32,
    pub links: Vec<LinkInfo>,
    /// From the outermost link down to the target along parent links.
    pub path: Vec<u32>,
    /// Links' subtrees in parent-before-child order, refreshed after solving.
    pub refresh: Vec<u32>,
    /// Whether the fast loop of `ik_chain` solves it.
    pub chain: bool,
}

fn link_info(bone: u32, limits: Option<(Vec3, Vec3)>) -> LinkInfo {
    let Some((lo, hi)) = limits else {
        return LinkInfo {
            bone,
            limits: None,
            order: EulerOrder::Xzy,
            axis: SolveAxis::Free,
            path_start: usize::MAX,
            max_turn: 0.0,
            max_turn_cos: 1.0,
            max_turn_half: (0.0, 1.0),
        };
    };
    let (min, max) = (lo.min(hi), lo.max(hi));
    let half_pi = std::f32::consts::FRAC_PI_2;
    // Decompose in an order whose middle angle stays inside ±90° for the limits.
    let order = if -half_pi < min.x && max.x < half_pi {
        EulerOrder::Yxz
    } else if -half_pi < min.y && max.y < half_pi {
        EulerOrder::Zyx
    } else {
        EulerOrder::Xzy
    };
    let zero = |i: usize| min[i] == 0.0 && max[i] == 0.0;
    let axis = match (zero(0), zero(1), zero(2)) {
        (true, true, true) => SolveAxis::Fixed,
        (false, true, true) => SolveAxis::X,
        (true, false, true) => SolveAxis::Y,
        (true, true, false) => SolveAxis::Z,
        _ => SolveAxis::Free,
    };
    LinkInfo {
        bone,
        limits: Some((min, max)),
        order,
        axis,
        path_start: usize::MAX,
        max_turn: 0.0,
        max_turn_cos: 1.0,
        max_turn_half: (0.0, 1.0),
    }
}

pub(crate) fn build_ik_infos(model: &Model, bones: &mut [BoneInfo]) -> Vec<IkInfo> {
    let n = bones.len();
    let valid = |i: i32| (i >= 0 && (i as usize) < n).then_some(i as u32);
    let mut out = Vec::new();
    for (bi, bone) in model.bones.iter().enumerate() {
        let Some(ik) = &bone.ik else { continue };
        let Some(target) = valid(ik.target) else {
            continue;
        };
        let mut links: Vec<LinkInfo> = ik
            .links
            .iter()
            .filter_map(|l| {
                valid(l.bone).map(|b| link_info(b, l.limits.map(|x| (x.lower, x.upper))))
            })
            .collect();
        // Path: target and its ancestors up to the outermost link.
        let mut ancestors = Vec::new();
        let mut cur = target;
        let mut guard = 0;
        while cur != NO_BONE && guard <= n {
            ancestors.push(cur);
            cur = bones[cur as usize].parent;
            guard += 1;
        }
        let outermost = ancestors
            .iter()
            .rposition(|a| links.iter().any(|l| l.bone == *a))
            .unwrap_or(0);
        let mut path: Vec<u32> = ancestors[..=outermost].to_vec();
        path.reverse();
        for (li, link) in links.iter_mut().enumerate() {
            link.path_start = path
                .iter()
                .position(|p| *p == link.bone)
                .unwrap_or(usize::MAX);
            let turn = ik.limit_angle as f64 * (li + 1) as f64;
            link.max_turn = turn;
            link.max_turn_half = (turn * 0.5).sin_cos();
            // acos(dot) ≤ π, so a turn of π or more never limits (nor does NaN,
            // as `f64::min` ignores it); a negative one always does.
            link.max_turn_cos = if turn.is_nan() || turn >= std::f64::consts::PI {
                -1.0
            } else if turn < 0.0 {
                f64::INFINITY
            } else {
                turn.cos()
            };
        }
        // Subtrees of the links, parent before child, each bone once.
        let mut refresh = Vec::new();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for link in &links {
            stack.push(link.bone);
            while let Some(b) = stack.pop() {
                if seen[b as usize] {
                    continue;
                }
                seen[b as usize] = true;
                refresh.push(b);
                for &c in bones[b as usize].children.iter().rev() {
                    stack.push(c);
                }
            }
        }
        // A link that is a descendant of an earlier-visited link is already in;
        // reorder so that every bone comes after its parent.
        refresh = order_parent_first(&refresh, bones);
        for link in &links {
            bones[link.bone as usize].is_ik_link = true;
        }
        bones[bi].ik = out.len() as u32;
        out.push(IkInfo {
            bone: bi as u32,
            target,
            iterations: ik.loop_count.clamp(0, 256) as u32,
            links,
            path,
            refresh,
            chain: false,
        });
    }
    for ik in &mut out {
        ik.chain = is_simple_chain(ik, bones);
    }
    out
}

/// Sorts a set of bones so that each comes after its ancestors in the set.
fn order_parent_first(set: &[u32], bones: &[BoneInfo]) -> Vec<u32> {
    let depth = |mut b: u32| {
        let mut d = 0usize;
        while bones[b as usize].parent != NO_BONE && d <= bones.len() {
            b = bones[b as usize].parent;
            d += 1;
        }
        d
    };
    let mut v: Vec<(usize, usize, u32)> = set
        .iter()
        .enumerate()
        .map(|(i, &b)| (depth(b), i, b))
        .collect();
    v.sort();
    v.into_iter().map(|(_, _, b)| b).collect()
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

/// Clamps a rotation to Euler limits (see the module docs).
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

impl Deformer {
    /// A bone's position in f64: the solver's angles come from nearly
    /// parallel vectors, where f32 `acos` loses too much.
    #[inline]
    fn position(state: &DeformState, b: u32) -> DVec3 {
        state.world[b as usize].w_axis.truncate().as_dvec3()
    }

    fn update_path_from(&self, ik: &IkInfo, start: usize, pose: &Pose, state: &mut DeformState) {
        for &b in &ik.path[start.min(ik.path.len())..] {
            let b = b as usize;
            if self.bones[b].is_ik_link {
                // Links keep their stored local values; only IK changes.
                self.compose_world(b, pose, state);
            } else {
                self.update_bone(b, pose, state);
            }
        }
    }

    pub(crate) fn solve_ik(&self, index: usize, pose: &Pose, state: &mut DeformState) {
        self.solve_ik_observed(index, pose, state, &mut NoObserver);
    }

    /// The solver with a hook after every iteration. `NoObserver` compiles to
    /// nothing, so the per-frame path stays as it was (no allocation, same math).
    #[inline]
    fn solve_ik_observed<O: IkObserver>(
        &self,
        index: usize,
        pose: &Pose,
        state: &mut DeformState,
        observer: &mut O,
    ) {
        let ik = &self.iks[index];
        // A switched-off IK leaves its links at their non-IK rotation
        // (reset_bones cleared their IK rotations this frame).
        if ik.links.is_empty() || !pose.is_ik_enabled(ik.bone as usize) {
            return;
        }
        for link in &ik.links {
            state.ik_rotation[link.bone as usize] = Quat::IDENTITY;
        }
        let ik_pos = Self::position(state, ik.bone);
        self.update_bone(ik.target as usize, pose, state);
        if ik_pos.distance_squared(Self::position(state, ik.target)) < 1.0e-8 {
            // Already there: the links keep identity IK rotations.
            observer.step(ik, state);
            return;
        }
        // Links (outermost first) and the target from this frame's values.
        for link in ik.links.iter().rev() {
            self.update_bone(link.bone as usize, pose, state);
        }
        self.update_bone(ik.target as usize, pose, state);
        observer.step(ik, state);
        let mut chain = ik.chain.then(|| Chain::new(self, ik, state));
        let mut target_pos = Self::position(state, ik.target);
        if ik_pos.distance_squared(target_pos) >= 1.0e-8 {
            let half = ik.iterations / 2;
            let mut iteration = 0;
            while iteration < ik.iterations {
                let mut changed = false;
                for link in &ik.links {
                    if link.axis != SolveAxis::Fixed {
                        let before = state.ik_rotation[link.bone as usize];
                        let use_axis = iteration < half;
                        target_pos = match chain.as_mut() {
                            Some(chain) => {
                                chain.step(self, ik, link, ik_pos, target_pos, use_axis, state)
                            }
                            None => {
                                self.solve_link(ik, link, ik_pos, target_pos, use_axis, pose, state)
                            }
                        };
                        changed |= state.ik_rotation[link.bone as usize] != before;
                    }
                }
                observer.step(ik, state);
                if ik_pos.distance_squared(target_pos) < 1.0e-8 {
                    break;
                }
                iteration += 1;
                if !changed {
                    // An iteration is a pure function of the IK rotations and
                    // of whether single-axis links still use their axis: a
                    // pass that changed nothing repeats until that switches.
                    if iteration < half {
                        iteration = half;
                    } else {
                        break;
                    }
                }
            }
        }
        // Everything hanging below the links follows the final rotations.
        for &b in &ik.refresh {
            let b = b as usize;
            if self.bones[b].is_ik_link {
                self.compose_world(b, pose, state);
            } else {
                self.update_bone(b, pose, state);
            }
        }
        observer.step(ik, state);
    }

    /// Solves one IK chain step by step for debugging: the bones before the
    /// IK bone in deform order are evaluated normally (physics off), then the
    /// chain is solved recording the link world matrices after every
    /// iteration. Allocates freely; the per-frame solver is untouched.
    /// None if `ik_bone` is not an IK bone with a valid target.
    pub fn trace_ik(&self, model: &Model, pose: &Pose, ik_bone: usize) -> Option<IkTrace> {
        let index = self.bones.get(ik_bone)?.ik;
        if index == NO_BONE {
            return None;
        }
        let mut state = self.new_state();
        self.apply_morphs(model, pose, &mut state);
        self.reset_bones(&mut state);
        let mut recorder = Recorder {
            steps: Vec::new(),
            errors: Vec::new(),
        };
        for entry in self.order().entries() {
            let b = entry.bone;
            self.update_bone(b, pose, &mut state);
            let ik = self.bones[b].ik;
            if b == ik_bone {
                self.solve_ik_observed(ik as usize, pose, &mut state, &mut recorder);
                break;
            }
            if ik != NO_BONE {
                self.solve_ik(ik as usize, pose, &mut state);
            }
        }
        let info = &self.iks[index as usize];
        Some(IkTrace {
            ik_bone,
            target: info.target as usize,
            links: info.links.iter().map(|l| l.bone as usize).collect(),
            steps: recorder.steps,
            errors: recorder.errors,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn solve_link(
        &self,
        ik: &IkInfo,
        link: &LinkInfo,
        ik_pos: DVec3,
        target_pos: DVec3,
        use_axis: bool,
        pose: &Pose,
        state: &mut DeformState,
    ) -> DVec3 {
        let b = link.bone as usize;
        let parent = self.bones[b].parent;
        let parent_world = (parent != NO_BONE).then(|| &state.world[parent as usize]);
        let Some(rotation) = link_turn(
            link,
            Self::position(state, link.bone),
            ik_pos,
            target_pos,
            parent_world,
            use_axis,
            state.ik_rotation[b],
            state.local_rotation[b],
        ) else {
            return target_pos;
        };
        state.ik_rotation[b] = rotation;
        let start = link.path_start;
        if start != usize::MAX {
            self.update_path_from(ik, start, pose, state);
        } else {
            self.compose_world(b, pose, state);
            self.update_path_from(ik, ik.path.len().saturating_sub(1), pose, state);
        }
        Self::position(state, ik.target)
    }
}

/// One CCD step of a link: its new IK rotation, turning the target (at
/// `target_pos`) toward the IK bone, or None when the link does not turn.
/// `parent_world` is the world matrix of the link's parent (None: a root).
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn link_turn(
    link: &LinkInfo,
    link_pos: DVec3,
    ik_pos: DVec3,
    target_pos: DVec3,
    parent_world: Option<&glam::Mat4>,
    use_axis: bool,
    ik_rotation: Quat,
    local_rotation: Quat,
) -> Option<Quat> {
    let to_target = (link_pos - target_pos).normalize_or_zero();
    let to_ik = (link_pos - ik_pos).normalize_or_zero();
    let world_axis = to_target.cross(to_ik);
    if world_axis.length_squared() < 1.0e-8 {
        return None;
    }
    let parent_rot = match parent_world {
        Some(m) => glam::Mat3::from_mat4(*m).as_dmat3(),
        None => DMat3::IDENTITY,
    };
    let free_axis = || (parent_rot.transpose() * world_axis).normalize_or_zero();
    let axis = if link.limits.is_some() && use_axis {
        let sign = |v: DVec3| if world_axis.dot(v) >= 0.0 { 1.0 } else { -1.0 };
        match link.axis {
            SolveAxis::X => DVec3::new(sign(parent_rot.x_axis), 0.0, 0.0),
            SolveAxis::Y => DVec3::new(0.0, sign(parent_rot.y_axis), 0.0),
            SolveAxis::Z => DVec3::new(0.0, 0.0, sign(parent_rot.z_axis)),
            _ => free_axis(),
        }
    } else {
        free_axis()
    };
    if axis == DVec3::ZERO {
        return None;
    }
    let dot = to_target.dot(to_ik).clamp(-1.0, 1.0);
    // The turn min(max_turn, acos(dot)); unlimited, its half-angle sine and
    // cosine come from `dot` itself; limited, from the precomputed ones
    // (what `DQuat::from_axis_angle(axis, max_turn)` computes).
    let (s, c) = if dot >= link.max_turn_cos {
        (((1.0 - dot) * 0.5).sqrt(), ((1.0 + dot) * 0.5).sqrt())
    } else {
        link.max_turn_half
    };
    let turn = DQuat::from_xyzw(axis.x * s, axis.y * s, axis.z * s, c);
    let mut ik_rot = turn * ik_rotation.as_dquat();
    if let Some((min, max)) = link.limits {
        let local = local_rotation.as_dquat();
        let clamped = match link.axis {
            SolveAxis::X => {
                clamp_single_axis(ik_rot * local, 0, link.order, min.x, max.x, use_axis)
            }
            SolveAxis::Y => {
                clamp_single_axis(ik_rot * local, 1, link.order, min.y, max.y, use_axis)
            }
            SolveAxis::Z => {
                clamp_single_axis(ik_rot * local, 2, link.order, min.z, max.z, use_axis)
            }
            _ => clamp_euler(ik_rot * local, link.order, min, max, use_axis),
        };
        ik_rot = clamped * local.inverse();
    }
    Some(ik_rot.normalize().as_quat())
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
    order: EulerOrder,
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
    let outer = |y: f64, x: f64| (y.atan2(x), false);
    // This axis's angle as `clamp_euler` decomposes it, whether that clamped
    // it to ±88°, and whether the other two angles are exactly zero.
    let ((angle, clamped_88), others_zero) = match (order, axis) {
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

/// One IK chain solved step by step ([`Deformer::trace_ik`]).
#[derive(Debug, Clone, PartialEq)]
pub struct IkTrace {
    pub ik_bone: usize,
    /// The PMX "target" bone: the effector brought to the IK bone.
    pub target: usize,
    /// Link bones in the file's order (nearest the effector first).
    pub links: Vec<usize>,
    /// Per step, the world matrices of `links` then of `target`. Step 0 is
    /// the chain before solving, then one step per iteration, and the last
    /// step is the final result after the bones below the links follow.
    pub steps: Vec<Vec<glam::Mat4>>,
    /// Distance effector ↔ IK bone at each step.
    pub errors: Vec<f32>,
}

pub(crate) trait IkObserver {
    fn step(&mut self, ik: &IkInfo, state: &DeformState);
}

struct NoObserver;

impl IkObserver for NoObserver {
    #[inline(always)]
    fn step(&mut self, _: &IkInfo, _: &DeformState) {}
}

struct Recorder {
    steps: Vec<Vec<glam::Mat4>>,
    errors: Vec<f32>,
}

impl IkObserver for Recorder {
    fn step(&mut self, ik: &IkInfo, state: &DeformState) {
        let m = |b: u32| state.world[b as usize];
        let mut step: Vec<glam::Mat4> = ik.links.iter().map(|l| m(l.bone)).collect();
        step.push(m(ik.target));
        self.steps.push(step);
        let (a, b) = (m(ik.bone).w_axis, m(ik.target).w_axis);
        self.errors.push(a.truncate().distance(b.truncate()));
    }
}

#[cfg(test)]
mod trace_tests {
    use super::*;
    use glam::Vec3;

    #[test]
    fn trace_ends_at_the_solvers_result_and_the_error_shrinks() {
        let model = crate::pmx::builder::sample_rig();
        let ik_bone = model.bone_index("左足ＩＫ").expect("sample has a leg IK");
        let deformer = Deformer::new(&model);
        let mut pose = Pose::new(&model);
        // Lift the foot goal up and forward so the knee must bend.
        pose.bones[ik_bone].translation = Vec3::new(0.0, 2.5, -1.0);
        let mut state = deformer.new_state();
        deformer.evaluate_bones(&model, &pose, &mut state);

        let trace = deformer
            .trace_ik(&model, &pose, ik_bone)
            .expect("an IK bone");
        assert!(trace.steps.len() >= 3, "initial, iterations, final");
        assert_eq!(trace.steps.len(), trace.errors.len());
        let last = trace.steps.last().unwrap();
        for (k, &l) in trace.links.iter().enumerate() {
            assert_eq!(last[k], state.world[l], "link {l} differs from the solver");
        }
        // The toe IK later turns the ankle (the effector) but does not move it.
        assert_eq!(
            last.last().unwrap().w_axis,
            state.world[trace.target].w_axis
        );
        let (first, final_err) = (trace.errors[0], *trace.errors.last().unwrap());
        assert!(first > 0.5, "the goal was moved away: {first}");
        assert!(final_err < first * 0.5, "{first} -> {final_err}");
        // Intermediate steps differ from the final one (it iterated).
        assert_ne!(trace.steps[1], *last);
        // Not an IK bone: no trace.
        assert!(deformer.trace_ik(&model, &pose, 0).is_none());
    }
}
