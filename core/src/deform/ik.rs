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
use super::ik_limits::Arc;
pub(crate) use super::ik_turn::link_turn;
use super::{DeformState, Deformer, Pose, NO_BONE};
use crate::pmx::Model;
use glam::{Quat, Vec3, Vec3A};

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
    /// The most it turns per iteration is max_turn = limit angle × (link
    /// index + 1). The half-angle sine above which a turn is limited (the sine is
    /// monotonic on the half turn's [0, π/2]): INFINITY when max_turn ≥ π
    /// (never limits), negative when max_turn < 0 (always limits).
    pub limit_sin_half: f32,
    /// sin and cos of max_turn / 2, for the limited turn's quaternion.
    pub max_turn_half: (f32, f32),
    /// A single-axis link's limits as an arc (see [`Arc`]).
    pub arc: Option<Arc>,
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
    /// Whether it is solved side by side with another (see `ik_pair`).
    pub pair: Pairing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pairing {
    Alone,
    /// Solves itself and the IK at this index together.
    Leads(u32),
    /// Solved by its leader.
    Follows,
}

/// One IK's solver between iterations.
pub(crate) struct Solving {
    index: usize,
    chain: Option<Chain>,
    ik_pos: Vec3A,
    target_pos: Vec3A,
    iteration: u32,
    changed: bool,
    /// Whether another iteration runs.
    pub active: bool,
}

pub(crate) fn link_info(bone: u32, limits: Option<(Vec3, Vec3)>) -> LinkInfo {
    let Some((lo, hi)) = limits else {
        return LinkInfo {
            bone,
            limits: None,
            order: EulerOrder::Xzy,
            axis: SolveAxis::Free,
            path_start: usize::MAX,
            limit_sin_half: 0.0,
            max_turn_half: (0.0, 1.0),
            arc: None,
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
    let arc = match axis {
        SolveAxis::X => Arc::new(min.x, max.x),
        SolveAxis::Y => Arc::new(min.y, max.y),
        SolveAxis::Z => Arc::new(min.z, max.z),
        _ => None,
    };
    LinkInfo {
        bone,
        limits: Some((min, max)),
        order,
        axis,
        path_start: usize::MAX,
        limit_sin_half: 0.0,
        max_turn_half: (0.0, 1.0),
        arc,
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
            let (sin, cos) = (turn * 0.5).sin_cos();
            link.max_turn_half = (sin as f32, cos as f32);
            // The angle between two directions is ≤ π, so a turn of π or more
            // never limits (nor does NaN); a negative one always does.
            link.limit_sin_half = if turn.is_nan() || turn >= std::f64::consts::PI {
                f32::INFINITY
            } else if turn < 0.0 {
                -1.0
            } else {
                sin as f32
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
            pair: Pairing::Alone,
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

impl Deformer {
    /// A bone's position. The solver works in f32 like the MMD runtimes; its
    /// angles come from half-angle identities, not `acos`, which keeps them
    /// accurate for nearly parallel directions (see [`link_turn`]).
    #[inline]
    pub(crate) fn position(state: &DeformState, b: u32) -> Vec3A {
        Vec3A::from_vec4(state.world[b as usize].w_axis)
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
        match self.iks[index].pair {
            Pairing::Alone => self.solve_ik_observed(index, pose, state, &mut NoObserver),
            Pairing::Leads(other) => self.solve_ik_pair(index, other as usize, pose, state),
            // Its leader, earlier in this phase, solved it.
            Pairing::Follows => {}
        }
    }

    /// The solver with a hook after every iteration. `NoObserver` compiles to
    /// nothing, so the per-frame path stays as it was (no allocation, same math).
    #[inline]
    pub(crate) fn solve_ik_observed<O: IkObserver>(
        &self,
        index: usize,
        pose: &Pose,
        state: &mut DeformState,
        observer: &mut O,
    ) {
        let Some(mut solving) = self.begin_ik(index, pose, state, observer) else {
            return;
        };
        let ik = &self.iks[index];
        while solving.active {
            for link in &ik.links {
                self.step_link::<O>(&mut solving, link, pose, state);
            }
            observer.step(ik, state);
            self.end_iteration(&mut solving);
        }
        self.finish_ik(index, pose, state);
        observer.step(ik, state);
    }

    /// The solver's start, or None when it has nothing to do.
    #[inline]
    pub(crate) fn begin_ik<O: IkObserver>(
        &self,
        index: usize,
        pose: &Pose,
        state: &mut DeformState,
        observer: &mut O,
    ) -> Option<Solving> {
        let ik = &self.iks[index];
        // A switched-off IK leaves its links at their non-IK rotation
        // (reset_bones cleared their IK rotations this frame).
        if ik.links.is_empty() || !pose.is_ik_enabled(ik.bone as usize) {
            return None;
        }
        for link in &ik.links {
            state.ik_rotation[link.bone as usize] = Quat::IDENTITY;
        }
        let ik_pos = Self::position(state, ik.bone);
        self.update_bone(ik.target as usize, pose, state);
        if ik_pos.distance_squared(Self::position(state, ik.target)) < 1.0e-8 {
            // Already there: the links keep identity IK rotations.
            observer.step(ik, state);
            return None;
        }
        // Links (outermost first) and the target from this frame's values.
        for link in ik.links.iter().rev() {
            self.update_bone(link.bone as usize, pose, state);
        }
        self.update_bone(ik.target as usize, pose, state);
        observer.step(ik, state);
        let chain = ik.chain.then(|| Chain::new(self, ik, state));
        let target_pos = Self::position(state, ik.target);
        Some(Solving {
            index,
            chain,
            ik_pos,
            target_pos,
            iteration: 0,
            changed: false,
            active: ik.iterations > 0 && ik_pos.distance_squared(target_pos) >= 1.0e-8,
        })
    }

    /// One link's CCD step in the current iteration.
    #[inline]
    pub(crate) fn step_link<O: IkObserver>(
        &self,
        solving: &mut Solving,
        link: &LinkInfo,
        pose: &Pose,
        state: &mut DeformState,
    ) {
        if link.axis == SolveAxis::Fixed {
            return;
        }
        let ik = &self.iks[solving.index];
        let before = state.ik_rotation[link.bone as usize];
        let use_axis = solving.iteration < ik.iterations / 2;
        let (ik_pos, target_pos) = (solving.ik_pos, solving.target_pos);
        solving.target_pos = match solving.chain.as_mut() {
            Some(chain) => {
                let whole = O::READS_TARGET;
                chain.step(self, ik, link, ik_pos, target_pos, use_axis, whole, state)
            }
            None => self.solve_link(ik, link, ik_pos, target_pos, use_axis, pose, state),
        };
        solving.changed |= state.ik_rotation[link.bone as usize] != before;
    }

    /// [`step_link`](Self::step_link) of a fast-loop chain in two halves:
    /// the link's turn (None: none, or a fixed link)...
    #[inline]
    pub(crate) fn turn_link(
        &self,
        solving: &Solving,
        link: &LinkInfo,
        state: &DeformState,
    ) -> Option<Quat> {
        let chain = solving.chain.as_ref()?;
        if link.axis == SolveAxis::Fixed {
            return None;
        }
        let ik = &self.iks[solving.index];
        let use_axis = solving.iteration < ik.iterations / 2;
        let (ik_pos, target_pos) = (solving.ik_pos, solving.target_pos);
        let parent = chain.parent(ik, link, state);
        link_turn(link, state, ik_pos, target_pos, Some(parent), use_axis)
    }

    /// ...and the turn applied.
    #[inline]
    pub(crate) fn apply_link(
        &self,
        solving: &mut Solving,
        link: &LinkInfo,
        turn: Option<Quat>,
        state: &mut DeformState,
    ) {
        let (Some(rotation), Some(chain)) = (turn, solving.chain.as_mut()) else {
            return;
        };
        let ik = &self.iks[solving.index];
        let before = state.ik_rotation[link.bone as usize];
        solving.target_pos = chain.apply(self, ik, link, rotation, false, state);
        solving.changed |= rotation != before;
    }

    /// After every link took its step: whether another iteration runs.
    #[inline]
    pub(crate) fn end_iteration(&self, solving: &mut Solving) {
        let iterations = self.iks[solving.index].iterations;
        if solving.ik_pos.distance_squared(solving.target_pos) < 1.0e-8 {
            solving.active = false;
            return;
        }
        solving.iteration += 1;
        if !solving.changed {
            // An iteration is a pure function of the IK rotations and of
            // whether single-axis links still use their axis: a pass that
            // changed nothing repeats until that switches.
            let half = iterations / 2;
            if solving.iteration < half {
                solving.iteration = half;
            } else {
                solving.active = false;
                return;
            }
        }
        solving.changed = false;
        solving.active = solving.iteration < iterations;
    }

    /// Everything hanging below the links follows the final rotations.
    pub(crate) fn finish_ik(&self, index: usize, pose: &Pose, state: &mut DeformState) {
        for &b in &self.iks[index].refresh {
            let b = b as usize;
            if self.bones[b].is_ik_link {
                self.compose_world(b, pose, state);
            } else {
                self.update_bone(b, pose, state);
            }
        }
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
                // Each alone, in order (a pair's follower too).
                self.solve_ik_observed(ik as usize, pose, &mut state, &mut NoObserver);
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
        ik_pos: Vec3A,
        target_pos: Vec3A,
        use_axis: bool,
        pose: &Pose,
        state: &mut DeformState,
    ) -> Vec3A {
        let b = link.bone as usize;
        let parent = self.bones[b].parent;
        let parent_world = (parent != NO_BONE).then(|| &state.world[parent as usize]);
        let Some(rotation) = link_turn(link, state, ik_pos, target_pos, parent_world, use_axis)
        else {
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
    /// Whether it reads the target's whole matrix between iterations (else
    /// only its position is kept current until the loop ends).
    const READS_TARGET: bool = false;
    fn step(&mut self, ik: &IkInfo, state: &DeformState);
}

pub(crate) struct NoObserver;

impl IkObserver for NoObserver {
    #[inline(always)]
    fn step(&mut self, _: &IkInfo, _: &DeformState) {}
}

struct Recorder {
    steps: Vec<Vec<glam::Mat4>>,
    errors: Vec<f32>,
}

impl IkObserver for Recorder {
    const READS_TARGET: bool = true;
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
