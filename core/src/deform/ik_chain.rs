//! The IK loop for the common short chain (a leg: thigh → knee → ankle).
//!
//! When the path from the outermost link down to the target holds only the
//! links and the target, the target has no append (付与) and no bone on the
//! path has an external parent, a step only has to recompute the turned
//! link's local matrix and multiply down the path. The general loop
//! recomposes every path bone from its rotation each step instead. Both do
//! the same operations on the same values (`compose_world`'s), so they give
//! the same results bit for bit (a test compares them).

use super::ik::{link_turn, IkInfo, LinkInfo};
use super::{DeformState, Deformer, NO_BONE};
use glam::{Mat4, Quat, Vec3A};

/// The longest path the fast loop takes (its matrices live on the stack).
pub(crate) const CHAIN_MAX: usize = 6;

/// Whether `ik` qualifies for the fast loop (see the module docs).
pub(crate) fn is_simple_chain(ik: &IkInfo, bones: &[super::bones::BoneInfo]) -> bool {
    let path = &ik.path;
    let n = path.len();
    if !(2..=CHAIN_MAX).contains(&n) || path[n - 1] != ik.target {
        return false;
    }
    let is_link = |b: u32| ik.links.iter().any(|l| l.bone == b);
    let unique = (0..n).all(|i| !path[..i].contains(&path[i]));
    unique
        && path[..n - 1].iter().all(|&b| is_link(b))
        && !is_link(ik.target)
        && ik.links.iter().all(|l| l.path_start < n - 1)
        && path
            .iter()
            .all(|&b| bones[b as usize].external_key.is_none())
        && bones[ik.target as usize].append.is_none()
}

/// Local matrices of the path bones while one chain is solved.
pub(crate) struct Chain {
    local: [Mat4; CHAIN_MAX],
    /// World matrix of the outermost link's parent (nothing on the path
    /// moves it); identity for a root (identity × m is m exactly).
    outer: Mat4,
}

impl Chain {
    /// From the path bones' current local values and IK rotations.
    pub(crate) fn new(deformer: &Deformer, ik: &IkInfo, state: &DeformState) -> Chain {
        let mut local = [Mat4::IDENTITY; CHAIN_MAX];
        for (m, &b) in local.iter_mut().zip(&ik.path) {
            *m = local_matrix(deformer, b as usize, state);
        }
        let parent = deformer.bones[ik.path[0] as usize].parent;
        Chain {
            local,
            outer: if parent != NO_BONE {
                state.world[parent as usize]
            } else {
                Mat4::IDENTITY
            },
        }
    }

    /// One CCD step of `link`, as `Deformer::solve_link`; returns the
    /// target's new position.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn step(
        &mut self,
        deformer: &Deformer,
        ik: &IkInfo,
        link: &LinkInfo,
        ik_pos: Vec3A,
        target_pos: Vec3A,
        use_axis: bool,
        whole_target: bool,
        state: &mut DeformState,
    ) -> Vec3A {
        let parent = self.parent(ik, link, state);
        match link_turn(link, state, ik_pos, target_pos, Some(parent), use_axis) {
            Some(rotation) => self.apply(deformer, ik, link, rotation, whole_target, state),
            None => target_pos,
        }
    }

    /// The world matrix of `link`'s parent, as the step reads it.
    #[inline]
    pub(crate) fn parent<'a>(
        &'a self,
        ik: &IkInfo,
        link: &LinkInfo,
        state: &'a DeformState,
    ) -> &'a Mat4 {
        match link.path_start {
            0 => &self.outer,
            i => &state.world[ik.path[i - 1] as usize],
        }
    }

    /// A step after `link_turn`: sets the rotation and multiplies down the
    /// path; returns the target's new position. Unless `whole_target`, only
    /// the target's position is updated (its column of the product, the same
    /// values): the loop reads nothing else of it, and the refresh after the
    /// loop recomputes it whole.
    #[inline]
    pub(crate) fn apply(
        &mut self,
        deformer: &Deformer,
        ik: &IkInfo,
        link: &LinkInfo,
        rotation: Quat,
        whole_target: bool,
        state: &mut DeformState,
    ) -> Vec3A {
        let i = link.path_start;
        let b = link.bone as usize;
        let path = &ik.path;
        let mut parent = *self.parent(ik, link, state);
        state.ik_rotation[b] = rotation;
        self.local[i] = local_matrix(deformer, b, state);
        let last = path.len() - 1;
        for (&p, local) in path[i..last].iter().zip(&self.local[i..last]) {
            parent *= *local;
            state.world[p as usize] = parent;
        }
        let target = &mut state.world[path[last] as usize];
        if whole_target {
            *target = parent * self.local[last];
        } else {
            target.w_axis = parent * self.local[last].w_axis;
        }
        Vec3A::from_vec4(target.w_axis)
    }
}

/// The local matrix `compose_world` puts under the parent's world matrix.
#[inline]
fn local_matrix(deformer: &Deformer, b: usize, state: &DeformState) -> Mat4 {
    Mat4::from_rotation_translation(
        state.ik_rotation[b] * state.local_rotation[b],
        deformer.bones[b].rel + state.local_translation[b],
    )
}
