//! What the bones pass may leave out, worked out once per model from the
//! deform order: per-frame resets that nothing reads before the frame writes
//! them, and bones an IK's refresh would recompute only for the main pass to
//! compute them again before anyone reads them. Either way every matrix comes
//! out as with the full resets and refreshes (a test compares them).

use super::bones::BoneInfo;
use super::ik::IkInfo;
use super::order::BoneOrder;
use super::NO_BONE;

/// The bones pass's order as plain indices, and the per-frame resets of the
/// bone state that matter (`Deformer::reset_bones`).
#[derive(Debug, Clone, Default)]
pub(crate) struct PassPlan {
    /// Bones before physics, then after, in deform order.
    pub before_physics: Vec<u32>,
    pub after_physics: Vec<u32>,
    /// Bones whose world matrix may be read before the frame writes it (a
    /// child, append or IK ahead of it in the order; after-physics bones,
    /// which physics reads between the phases): they start at rest.
    pub world: Vec<u32>,
    /// After-physics bones: their local values start at rest too, as before
    /// physics nothing has written them (every other bone's are written
    /// before they are read).
    pub locals: Vec<u32>,
    /// IK links, the only bones that carry an IK rotation.
    pub links: Vec<u32>,
    /// Append bones, the only bones that store append values.
    pub appends: Vec<u32>,
}

/// Calls `f` with each bone whose state evaluating `bone`'s entry may read:
/// its parent and append source, and for an IK bone every bone its solve and
/// refresh update, with their parents and append sources.
fn reads(bone: u32, bones: &[BoneInfo], iks: &[IkInfo], f: &mut impl FnMut(u32)) {
    let direct = |b: u32, f: &mut dyn FnMut(u32)| {
        let info = &bones[b as usize];
        f(b);
        if info.parent != NO_BONE {
            f(info.parent);
        }
        if let Some(a) = info.append {
            f(a.source);
        }
    };
    direct(bone, f);
    let ik = bones[bone as usize].ik;
    if let Some(ik) = iks.get(ik as usize).filter(|_| ik != NO_BONE) {
        let links = ik.links.iter().map(|l| l.bone);
        let solved = links
            .chain([ik.bone, ik.target])
            .chain(ik.path.iter().copied());
        for b in solved.chain(ik.refresh.iter().copied()) {
            direct(b, f);
        }
    }
}

/// Drops from each before-physics IK's refresh the bones that come later in
/// the same phase when nothing between reads them (the refresh itself
/// included): the main pass overwrites their refreshed values unread. After
/// physics a refresh also overwrites physics-driven bones, so those IKs keep
/// theirs whole.
pub(crate) fn trim_ik_refreshes(bones: &[BoneInfo], iks: &mut [IkInfo], order: &BoneOrder) {
    let entries = order.entries();
    let split = order.before_physics().len();
    let position = |b: u32| {
        order
            .entry_of(b as usize)
            .map_or(usize::MAX, |e| e.position)
    };
    for k in 0..iks.len() {
        let start = position(iks[k].bone);
        if start >= split {
            continue;
        }
        let refresh = &iks[k].refresh;
        let mut skip: Vec<bool> = refresh
            .iter()
            .map(|&r| (start + 1..split).contains(&position(r)))
            .collect();
        // Read by an entry between the IK and the bone's own turn: keep it.
        for (i, &r) in refresh.iter().enumerate() {
            if !skip[i] {
                continue;
            }
            let between = &entries[start + 1..position(r)];
            skip[i] = !between.iter().any(|e| {
                let mut read = false;
                reads(e.bone as u32, bones, iks, &mut |x| read |= x == r);
                read
            });
        }
        // Read by a bone the refresh still recomputes: keep it (until stable).
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..refresh.len() {
                if skip[i] {
                    continue;
                }
                let info = &bones[refresh[i] as usize];
                let sources = [info.parent, info.append.map_or(NO_BONE, |a| a.source)];
                for (j, &r) in refresh.iter().enumerate() {
                    if skip[j] && sources.contains(&r) {
                        skip[j] = false;
                        changed = true;
                    }
                }
            }
        }
        let kept = (refresh.iter().zip(&skip))
            .filter(|(_, &s)| !s)
            .map(|(&r, _)| r)
            .collect();
        iks[k].refresh = kept;
    }
}

/// The resets `reset_bones` needs, from the order and the (trimmed) IKs.
pub(crate) fn pass_plan(bones: &[BoneInfo], iks: &[IkInfo], order: &BoneOrder) -> PassPlan {
    let split = order.before_physics().len();
    let n = bones.len();
    let position = |b: u32| {
        order
            .entry_of(b as usize)
            .map_or(usize::MAX, |e| e.position)
    };
    let mut world = vec![false; n];
    for e in order.entries() {
        world[e.bone] |= e.position >= split;
        reads(e.bone as u32, bones, iks, &mut |x| {
            world[x as usize] |= position(x) > e.position;
        });
    }
    let list =
        |keep: &dyn Fn(usize) -> bool| (0..n).filter(|&b| keep(b)).map(|b| b as u32).collect();
    let indices =
        |entries: &[super::BoneOrderEntry]| entries.iter().map(|e| e.bone as u32).collect();
    PassPlan {
        before_physics: indices(order.before_physics()),
        after_physics: indices(order.after_physics()),
        world: list(&|b| world[b]),
        locals: list(&|b| position(b as u32) >= split),
        links: list(&|b| bones[b].is_ik_link),
        appends: list(&|b| bones[b].append.is_some()),
    }
}
