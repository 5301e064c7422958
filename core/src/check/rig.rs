//! Physics-rig logic: why a chain falls away, fights the legs or explodes.
//! What physics decides (roles, MMD's mode-2 rule, shapes, placement) comes
//! from [`crate::physics::rules`].
//!
//! - `W-BODY-UNJOINED`: a body that runs as mode 1 (or has no bone) and no
//!   joint ties to another body: it falls away.
//! - `W-CHAIN-ROOT-DYNAMIC`: bodies joined into a chain with no body that
//!   holds it (none follows its bone; none is mode 2, whose position stays on
//!   its bone): the whole chain drops. Reported on the chain's root (the body
//!   on the bone nearest the skeleton's root). Fix, when the root's parent bone
//!   is animated (not moved by physics): make the root follow its bone.
//! - `W-BODY-FOLLOW-ON-PHYSICS-BONE`: a bone-following body on a bone that
//!   physics moves (a simulated body drives it or an ancestor, or it appends
//!   from one): the body is placed from the pose before physics, lags a frame
//!   and pushes the simulation.
//! - `W-BODY-BONE-DRIVEN`: a simulated body on a bone an IK chain or append
//!   (付与) also drives: physics and the solver overwrite each other.
//! - `W-BODY-FAR-FROM-BONE`: a body whose centre is more than
//!   [`FAR_FACTOR`]× its size (its bounding radius), and at least [`FAR_MIN`]
//!   units, from its bone (head to tail) — or, for a simulated body, from the
//!   bone its bone hangs from (the parent): it swings on a long invisible arm.
//! - `W-BODY-MASS`: a body of mode 1 or 2 with mass ≤ 0: Bullet makes it
//!   static. Fix: mass 1.
//! - `W-BODY-TINY`: a simulated body smaller than [`TINY_SIZE`] (bounding
//!   radius): it jitters and tunnels.
//! - `I-BODY-MODE2-AS-MODE1`: a mode-2 body MMD runs as mode 1 (jointed to a
//!   simulated body on its bone's parent, [`rules::effective_modes`]).

use super::{valid, ElementRef, Fix, Problem};
use crate::physics::rules::{self, BodyShape};
use crate::physics::BodyRole;
use crate::pmx::{Model, RigidMode, Tail};
use glam::Vec3;

/// How many times its own size a body may sit from its bone.
pub const FAR_FACTOR: f32 = 5.0;
/// Distances below this (model units, ≈ 16 cm) are never "far".
pub const FAR_MIN: f32 = 2.0;
/// Simulated bodies with a bounding radius below this are "tiny".
pub const TINY_SIZE: f32 = 0.1;

/// What the rig checks derive once per run.
pub(crate) struct Rig {
    pub roles: Vec<BodyRole>,
    pub modes: Vec<RigidMode>,
    /// Joint-connected component of each body (the smallest body index in it).
    pub chain: Vec<usize>,
    /// Whether a valid joint ties the body to another body.
    pub joined: Vec<bool>,
    /// Per bone: the simulated body that moves it (drives it or an ancestor
    /// or its append parent), if any.
    pub moved_by: Vec<Option<usize>>,
    /// Per bone: the body that writes it back (first simulated body on it).
    pub driver: Vec<Option<usize>>,
}

impl Rig {
    pub fn new(model: &Model) -> Rig {
        let modes = rules::effective_modes(model);
        let roles: Vec<BodyRole> = model
            .rigid_bodies
            .iter()
            .zip(&modes)
            .map(|(b, &mode)| rules::body_role(model, b, mode))
            .collect();
        let (chain, joined) = joint_chains(model);
        let nbones = model.bones.len();
        let mut driver = vec![None; nbones];
        for (i, b) in model.rigid_bodies.iter().enumerate() {
            if let Some(bone) = valid(b.bone, nbones) {
                if matches!(roles[i], BodyRole::Dynamic | BodyRole::DynamicRotation)
                    && driver[bone].is_none()
                {
                    driver[bone] = Some(i);
                }
            }
        }
        let mut moved_by = vec![None; nbones];
        let mut done = vec![false; nbones];
        for b in 0..nbones {
            moved(model, b, &driver, &mut moved_by, &mut done, 0);
        }
        Rig {
            roles,
            modes,
            chain,
            joined,
            moved_by,
            driver,
        }
    }
}

/// Per body: its joint-connected chain (the smallest body index in it), and
/// whether a valid joint ties it to another body.
pub(crate) fn joint_chains(model: &Model) -> (Vec<usize>, Vec<bool>) {
    let nb = model.rigid_bodies.len();
    let mut parent: Vec<usize> = (0..nb).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let mut joined = vec![false; nb];
    for j in &model.joints {
        if let (Some(a), Some(b)) = (valid(j.body_a, nb), valid(j.body_b, nb)) {
            if a != b {
                joined[a] = true;
                joined[b] = true;
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    let chain = (0..nb).map(|i| find(&mut parent, i)).collect();
    (chain, joined)
}

/// Fills `moved_by[b]` from its driver, its parent and its append parent.
fn moved(
    model: &Model,
    b: usize,
    driver: &[Option<usize>],
    moved_by: &mut [Option<usize>],
    done: &mut [bool],
    depth: usize,
) -> Option<usize> {
    if done[b] || depth > model.bones.len() {
        return moved_by[b];
    }
    let n = model.bones.len();
    let bone = &model.bones[b];
    let from = |p: i32, moved_by: &mut [Option<usize>], done: &mut [bool]| {
        valid(p, n).and_then(|p| moved(model, p, driver, moved_by, done, depth + 1))
    };
    let m = driver[b]
        .or_else(|| from(bone.parent, moved_by, done))
        .or_else(|| {
            bone.append
                .as_ref()
                .and_then(|a| from(a.parent, moved_by, done))
        });
    moved_by[b] = m;
    done[b] = true;
    m
}

fn depth(model: &Model, b: usize) -> usize {
    let n = model.bones.len();
    let mut d = 0;
    let mut cur = valid(model.bones[b].parent, n);
    while let Some(c) = cur {
        d += 1;
        if d > n {
            break;
        }
        cur = valid(model.bones[c].parent, n);
    }
    d
}

/// The bone's segment: head to tail (tail bone's head, or head + offset).
pub(crate) fn bone_segment(model: &Model, b: usize) -> (Vec3, Vec3) {
    let head = model.bones[b].position;
    let tail = match model.bones[b].tail {
        Tail::Bone(t) => valid(t, model.bones.len()).map_or(head, |t| model.bones[t].position),
        Tail::Offset(o) => head + o,
    };
    (head, tail)
}

pub fn check_rig(model: &Model) -> Vec<Problem> {
    let rig = Rig::new(model);
    let mut out = Vec::new();
    let nbones = model.bones.len();
    let bone_ref = |b: usize| ElementRef::Bone(b as i32);
    for (i, body) in model.rigid_bodies.iter().enumerate() {
        let me = ElementRef::RigidBody(i as i32);
        let bone = valid(body.bone, nbones);
        let simulated = rig.roles[i].is_dynamic();
        let falls =
            simulated && (rig.modes[i] != RigidMode::DynamicWithBonePosition || bone.is_none());
        if falls && !rig.joined[i] {
            let unjoined = |key| me.finding(model, "W-BODY-UNJOINED", key);
            match bone {
                Some(b) => unjoined("check-msg-body-unjoined-drags").element("bone", bone_ref(b)),
                None => unjoined("check-msg-body-unjoined"),
            }
            .push(&mut out);
        }
        if body.mode != RigidMode::FollowBone && body.mass.is_finite() && body.mass <= 0.0 {
            me.finding(model, "W-BODY-MASS", "check-msg-body-mass")
                .arg("mode", mode_number(body.mode))
                .arg("mass", body.mass.to_string())
                .fix(Fix::SetBodyMassOne { body: i as i32 })
                .push(&mut out);
        }
        let shape = BodyShape::of(body);
        let size = shape.bounding_radius();
        if simulated && body.size.is_finite() && size < TINY_SIZE {
            me.finding(model, "W-BODY-TINY", "check-msg-body-tiny")
                .arg("size", format!("{size:.3}"))
                .arg("min", TINY_SIZE.to_string())
                .push(&mut out);
        }
        if body.mode == RigidMode::DynamicWithBonePosition && rig.modes[i] == RigidMode::Dynamic {
            me.finding(
                model,
                "I-BODY-MODE2-AS-MODE1",
                "check-msg-body-mode2-as-mode1",
            )
            .push(&mut out);
        }
        let Some(b) = bone else { continue };
        if rig.roles[i] == BodyRole::FollowBone {
            if let Some(d) = rig.moved_by[b].filter(|&d| d != i) {
                let other = ElementRef::RigidBody(d as i32);
                let key = "check-msg-body-follow-on-physics-bone";
                me.finding(model, "W-BODY-FOLLOW-ON-PHYSICS-BONE", key)
                    .element("bone", bone_ref(b))
                    .element("other", other)
                    .related([other, bone_ref(b)])
                    .push(&mut out);
            }
        }
        if rig.driver[b] == Some(i) {
            if let Some((append, other)) = solver_driver(model, b) {
                me.finding(model, "W-BODY-BONE-DRIVEN", "check-msg-body-bone-driven")
                    .element("bone", bone_ref(b))
                    // A selector in the catalogues, not a text.
                    .arg("by", if append { "append" } else { "ik" })
                    .element("other", bone_ref(other))
                    .related([bone_ref(b), bone_ref(other)])
                    .push(&mut out);
            }
        }
        if body.position.is_finite() && body.size.is_finite() {
            far_from_bone(model, i, b, simulated, size, &mut out);
        }
    }
    chains(model, &rig, &mut out);
    out
}

fn mode_number(mode: RigidMode) -> u8 {
    match mode {
        RigidMode::FollowBone => 0,
        RigidMode::Dynamic => 1,
        RigidMode::DynamicWithBonePosition => 2,
        RigidMode::Unknown(m) => m,
    }
}

/// (true for append (付与), false for IK, the source bone) when append or IK drives bone `b`.
fn solver_driver(model: &Model, b: usize) -> Option<(bool, usize)> {
    let n = model.bones.len();
    if let Some(a) = model.bones[b]
        .append
        .as_ref()
        .and_then(|a| valid(a.parent, n))
    {
        return Some((true, a));
    }
    model.bones.iter().enumerate().find_map(|(k, bone)| {
        let ik = bone.ik.as_ref()?;
        ik.links
            .iter()
            .any(|l| l.bone == b as i32)
            .then_some((false, k))
    })
}

fn far_from_bone(
    model: &Model,
    i: usize,
    b: usize,
    simulated: bool,
    size: f32,
    out: &mut Vec<Problem>,
) {
    let body = &model.rigid_bodies[i];
    let me = ElementRef::RigidBody(i as i32);
    let limit = (FAR_FACTOR * size).max(FAR_MIN);
    let to_bone = |bone| {
        let (head, tail) = bone_segment(model, bone);
        crate::geom::point_segment_distance(body.position, head, tail)
    };
    let own = to_bone(b);
    // The parent counts only with a direction (a tail): a tail-less helper
    // bone says nothing about where its children hang.
    let parent = valid(model.bones[b].parent, model.bones.len()).filter(|&p| {
        let (head, tail) = bone_segment(model, p);
        simulated && head != tail
    });
    let (d, from) = match parent {
        Some(p) if own <= limit => (to_bone(p), Some(p)),
        _ => (own, None),
    };
    if d <= limit || !d.is_finite() {
        return;
    }
    let bone = ElementRef::Bone(b as i32);
    let parent = from.map(|p| ElementRef::Bone(p as i32));
    let far = |key| me.finding(model, "W-BODY-FAR-FROM-BONE", key);
    match parent {
        None => far("check-msg-body-far-from-bone"),
        Some(p) => far("check-msg-body-far-from-parent").element("parent", p),
    }
    .arg("d", format!("{d:.1}"))
    .element("bone", bone)
    .arg("factor", FAR_FACTOR.to_string())
    .arg("size", format!("{size:.2}"))
    .related(std::iter::once(bone).chain(parent))
    .push(out);
}

/// `W-CHAIN-ROOT-DYNAMIC`: chains no body holds.
fn chains(model: &Model, rig: &Rig, out: &mut Vec<Problem>) {
    let nb = model.rigid_bodies.len();
    let nbones = model.bones.len();
    let holds = |i: usize| {
        let bone = valid(model.rigid_bodies[i].bone, nbones);
        rig.roles[i] == BodyRole::FollowBone
            || (rig.modes[i] == RigidMode::DynamicWithBonePosition && bone.is_some())
    };
    let mut held = vec![false; nb];
    let mut size = vec![0usize; nb];
    for i in 0..nb {
        held[rig.chain[i]] |= holds(i);
        size[rig.chain[i]] += 1;
    }
    // Root of each unheld chain: the body on the shallowest bone (boneless last).
    let mut root: Vec<Option<(usize, usize)>> = vec![None; nb];
    for i in 0..nb {
        let c = rig.chain[i];
        if held[c] || size[c] < 2 {
            continue;
        }
        let d = valid(model.rigid_bodies[i].bone, nbones).map_or(usize::MAX, |b| depth(model, b));
        if root[c].is_none_or(|(_, best)| d < best) {
            root[c] = Some((i, d));
        }
    }
    for (c, r) in root.iter().enumerate() {
        let Some((i, _)) = *r else { continue };
        let me = ElementRef::RigidBody(i as i32);
        let bone = valid(model.rigid_bodies[i].bone, nbones);
        let parent = bone.and_then(|b| valid(model.bones[b].parent, nbones));
        let parent_mover = parent.and_then(|p| rig.moved_by[p]);
        let members = ElementRef::RigidBody(c as i32);
        let (why, fix) = match (bone, parent, parent_mover) {
            (Some(_), Some(p), None) => (
                crate::tr!(
                    "check-msg-chain-parent-animated",
                    parent = ElementRef::Bone(p as i32).describe(model)
                ),
                Some(Fix::FollowBone { body: i as i32 }),
            ),
            (Some(_), Some(p), Some(m)) => (
                crate::tr!(
                    "check-msg-chain-parent-moved",
                    parent = ElementRef::Bone(p as i32).describe(model),
                    mover = ElementRef::RigidBody(m as i32).describe(model)
                ),
                None,
            ),
            _ => (crate::tr!("check-msg-chain-untied"), None),
        };
        let count = size[rig.chain[i]];
        me.finding(
            model,
            "W-CHAIN-ROOT-DYNAMIC",
            "check-msg-chain-root-dynamic",
        )
        .arg("count", count)
        .arg("why", why)
        .related((c != i).then_some(members))
        .fix(fix)
        .push(out);
    }
}
