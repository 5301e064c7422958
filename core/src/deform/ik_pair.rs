//! Two independent IK chains solved side by side (a model's two legs).
//!
//! A CCD step is a serial chain of square roots, divisions and matrix
//! products, so one chain keeps the processor waiting; two chains that share
//! nothing, stepped in turn, run in each other's waits. The results are those
//! of solving them one after the other in the deform order, bit for bit: each
//! does the same operations on the same values, because neither reads what
//! the other (or anything evaluated between them in the order) writes. That is
//! checked once per model from the bones each IK and each bone update read and
//! write; pairs are only made when it holds.

use super::bones::BoneInfo;
use super::ik::{IkInfo, NoObserver, Pairing, Solving};
use super::order::BoneOrder;
use super::{DeformState, Deformer, Pose, NO_BONE};

/// The bones whose state (local values, IK rotation, world matrix) a step of
/// the deform order reads and writes.
#[derive(Default)]
struct Access {
    reads: Vec<u32>,
    writes: Vec<u32>,
}

impl Access {
    /// `update_bone(b)`: reads its parent and its append (付与) source.
    fn add_update(&mut self, bones: &[BoneInfo], b: u32) {
        let info = &bones[b as usize];
        self.reads.extend(
            [info.parent, info.append.map_or(NO_BONE, |a| a.source)]
                .into_iter()
                .filter(|&r| r != NO_BONE),
        );
        self.writes.push(b);
    }

    /// A solve: updates (or recomposes) its path, links, target and the
    /// links' subtrees, reading the IK bone's position.
    fn add_solve(&mut self, bones: &[BoneInfo], ik: &IkInfo) {
        let touched = (ik.path.iter().chain(&ik.refresh).copied())
            .chain(ik.links.iter().map(|l| l.bone))
            .chain([ik.target]);
        for b in touched {
            self.add_update(bones, b);
        }
        self.reads.push(ik.bone);
    }
}

/// Whether two lists of bones share one (`seen` is scratch, all false).
fn meet(a: &[u32], b: &[u32], seen: &mut [bool]) -> bool {
    a.iter().for_each(|&x| seen[x as usize] = true);
    let met = b.iter().any(|&x| seen[x as usize]);
    a.iter().for_each(|&x| seen[x as usize] = false);
    met
}

/// Pairs each IK of the fast chain loop with the next alike one before
/// physics whose solve can move up to it (see the module docs).
pub(crate) fn pair_iks(iks: &mut [IkInfo], bones: &[BoneInfo], order: &BoneOrder) {
    let entries = order.before_physics();
    let ik_at = |e: usize| {
        let i = bones[entries[e].bone].ik;
        (i != NO_BONE).then_some(i as usize)
    };
    let mut seen = vec![false; bones.len()];
    let alone = |iks: &[IkInfo], i: usize| iks[i].chain && iks[i].pair == Pairing::Alone;
    for e in 0..entries.len() {
        let Some(lead) = ik_at(e).filter(|&i| alone(iks, i)) else {
            continue;
        };
        // What happens from the leader's solve up to a candidate's place.
        let mut between = Access::default();
        between.add_solve(bones, &iks[lead]);
        for (f, entry) in entries.iter().enumerate().skip(e + 1) {
            // Only alike chains (legs): stepped in lockstep to the end.
            let alike = |i: usize| {
                iks[i].iterations == iks[lead].iterations
                    && iks[i].links.len() == iks[lead].links.len()
            };
            if let Some(follow) = ik_at(f).filter(|&i| alone(iks, i) && alike(i)) {
                let ik = &iks[follow];
                let mut own = Access::default();
                own.add_solve(bones, ik);
                let mut bone = Access::default();
                bone.add_update(bones, ik.bone);
                let mut meets = |a: &[u32], b: &[u32]| meet(a, b, &mut seen);
                let independent = !meets(&between.writes, &own.reads)
                    && !meets(&between.writes, &bone.reads)
                    && !meets(&between.reads, &own.writes)
                    && !meets(&between.reads, &bone.writes)
                    && !meets(&between.writes, &own.writes)
                    && !meets(&between.writes, &bone.writes)
                    // Its IK bone is updated again at its place: the same
                    // values only if its own solve leaves what that reads.
                    && !meets(&own.writes, &bone.reads)
                    && !meets(&own.writes, &bone.writes);
                if independent {
                    iks[lead].pair = Pairing::Leads(follow as u32);
                    iks[follow].pair = Pairing::Follows;
                    break;
                }
            }
            between.add_update(bones, entry.bone as u32);
            if let Some(i) = ik_at(f) {
                between.add_solve(bones, &iks[i]);
            }
        }
    }
}

impl Deformer {
    /// Solves `lead` and `follow` side by side, as solving them in the deform
    /// order would (see the module docs).
    pub(crate) fn solve_ik_pair(
        &self,
        lead: usize,
        follow: usize,
        pose: &Pose,
        state: &mut DeformState,
    ) {
        // The follower's IK bone, now rather than at its place in the order:
        // nothing between changes what it reads.
        self.update_bone(self.iks[follow].bone as usize, pose, state);
        if !(self.iks[lead].chain && self.iks[follow].chain) {
            // Only the fast loop steps in halves (a test turns it off).
            self.solve_ik_observed(lead, pose, state, &mut NoObserver);
            self.solve_ik_observed(follow, pose, state, &mut NoObserver);
            return;
        }
        let mut first = self.begin_ik(lead, pose, state, &mut NoObserver);
        let mut second = self.begin_ik(follow, pose, state, &mut NoObserver);
        let (a, b) = (&self.iks[lead].links, &self.iks[follow].links);
        let active = |s: &Option<Solving>| s.as_ref().is_some_and(|s| s.active);
        while active(&first) || active(&second) {
            for i in 0..a.len().max(b.len()) {
                // Both turns, then both applied: each step's parts close
                // together, so that they overlap in the processor.
                let (x, y) = (
                    first.as_mut().filter(|s| s.active).zip(a.get(i)),
                    second.as_mut().filter(|s| s.active).zip(b.get(i)),
                );
                let tx = x.as_ref().map(|(s, link)| self.turn_link(s, link, state));
                let ty = y.as_ref().map(|(s, link)| self.turn_link(s, link, state));
                if let (Some((s, link)), Some(turn)) = (x, tx) {
                    self.apply_link(s, link, turn, state);
                }
                if let (Some((s, link)), Some(turn)) = (y, ty) {
                    self.apply_link(s, link, turn, state);
                }
            }
            for s in [&mut first, &mut second].into_iter().flatten() {
                if s.active {
                    self.end_iteration(s);
                }
            }
        }
        if first.is_some() {
            self.finish_ik(lead, pose, state);
        }
        if second.is_some() {
            self.finish_ik(follow, pose, state);
        }
    }
}
