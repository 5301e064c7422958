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
use glam::{DVec3, Mat4};

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
    /// moves it), None for a root.
    outer: Option<Mat4>,
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
            outer: (parent != NO_BONE).then(|| state.world[parent as usize]),
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
        ik_pos: DVec3,
        target_pos: DVec3,
        use_axis: bool,
        state: &mut DeformState,
    ) -> DVec3 {
        let i = link.path_start;
        let b = link.bone as usize;
        let mut parent = if i == 0 {
            self.outer
        } else {
            Some(state.world[ik.path[i - 1] as usize])
        };
        let link_pos = state.world[b].w_axis.truncate().as_dvec3();
        let Some(rotation) = link_turn(
            link,
            link_pos,
            ik_pos,
            target_pos,
            parent.as_ref(),
            use_axis,
            state.ik_rotation[b],
            state.local_rotation[b],
        ) else {
            return target_pos;
        };
        state.ik_rotation[b] = rotation;
        self.local[i] = local_matrix(deformer, b, state);
        for (&p, local) in ik.path[i..].iter().zip(&self.local[i..]) {
            let world = match parent {
                Some(m) => m * *local,
                None => *local,
            };
            state.world[p as usize] = world;
            parent = Some(world);
        }
        state.world[ik.target as usize].w_axis.truncate().as_dvec3()
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
