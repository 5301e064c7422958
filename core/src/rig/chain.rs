//! Joints along bone chains, skirt rings, and the one-step chain command.
//!
//! * [`joint_chain`]: a spring 6DOF joint between each bone's body and the body of its
//!   nearest ancestor bone that has one, at the child bone's head, in the child's body
//!   frame ([`super::bodies`]: Y along the bone, Z outward), limits and springs from
//!   [`JointLimits`].
//! * Ring: joints between neighbouring chains at the same depth, the chains ordered by
//!   angle around the centre of their roots (as skirts need).
//! * [`chain`]: root bones → bodies for every bone below them, joints along the
//!   chains (and to the body the roots hang from), optional ring, one collision
//!   group: one [`RigPlan`], one undo step.

use super::bodies::{bone_segment, plan_bodies, segment_frame, BodyOptions};
use super::{Planned, RigError, RigPlan, Target};
use crate::pmx::{euler_angles, Joint, JointKind, Model, RigidBody, RigidMode};
use glam::Vec3;

/// Limits and springs of a joint, in the joint's frame (radians for angles).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointLimits {
    pub linear_lower: Vec3,
    pub linear_upper: Vec3,
    pub angular_lower: Vec3,
    pub angular_upper: Vec3,
    pub linear_spring: Vec3,
    pub angular_spring: Vec3,
}

impl Default for JointLimits {
    /// The hair preset.
    fn default() -> Self {
        JointLimits::preset(JointPreset::Hair)
    }
}

/// Joint limit presets (Hone's choices; translation locked as PmxTailor and
/// mmd_tools do, twist about the bone kept small, rigging-conventions.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JointPreset {
    /// Swing ±30° in and out and sideways, twist ±5°.
    #[default]
    Hair,
    /// Skirt and cloth: swing ±30° in/out, ±10° sideways, twist ±5°.
    Skirt,
    /// Danglers: ±45° on every axis (mmd_tools' joint default).
    Loose,
    /// Nearly rigid: ±5° on every axis.
    Stiff,
}

impl JointPreset {
    pub const NAMES: &'static [&'static str] = &["hair", "skirt", "loose", "stiff"];

    pub fn parse(name: &str) -> Option<JointPreset> {
        Some(match name {
            "hair" => JointPreset::Hair,
            "skirt" | "cloth" => JointPreset::Skirt,
            "loose" => JointPreset::Loose,
            "stiff" => JointPreset::Stiff,
            _ => return None,
        })
    }
}

impl JointLimits {
    /// Symmetric angular limits of ±`deg` (x, y, z) degrees, translation locked.
    pub fn symmetric(deg: Vec3) -> Self {
        let r = Vec3::new(deg.x.to_radians(), deg.y.to_radians(), deg.z.to_radians());
        JointLimits {
            linear_lower: Vec3::ZERO,
            linear_upper: Vec3::ZERO,
            angular_lower: -r,
            angular_upper: r,
            linear_spring: Vec3::ZERO,
            angular_spring: Vec3::ZERO,
        }
    }

    pub fn preset(p: JointPreset) -> Self {
        match p {
            JointPreset::Hair => Self::symmetric(Vec3::new(30.0, 5.0, 30.0)),
            JointPreset::Skirt => Self::symmetric(Vec3::new(30.0, 5.0, 10.0)),
            JointPreset::Loose => Self::symmetric(Vec3::splat(45.0)),
            JointPreset::Stiff => Self::symmetric(Vec3::splat(5.0)),
        }
    }

    /// Writes the limits and springs into `j`.
    pub fn apply(&self, j: &mut Joint) {
        j.linear_lower = self.linear_lower;
        j.linear_upper = self.linear_upper;
        j.angular_lower = self.angular_lower;
        j.angular_upper = self.angular_upper;
        j.linear_spring = self.linear_spring;
        j.angular_spring = self.angular_spring;
    }
}

/// How ring joints close.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ring {
    /// No ring joints.
    #[default]
    Off,
    /// Close the ring (last chain to first) when the chains go all the way round:
    /// no gap between neighbours is more than twice the median gap.
    Auto,
    Open,
    Closed,
}

/// Options of [`joint_chain`] and the joint part of [`chain`].
#[derive(Debug, Clone, PartialEq)]
pub struct JointOptions {
    pub limits: JointLimits,
    /// Limits of ring joints.
    pub ring_limits: JointLimits,
    pub ring: Ring,
    /// Replace an existing joint between the same two bodies (else it is kept).
    pub replace: bool,
}

impl Default for JointOptions {
    fn default() -> Self {
        JointOptions {
            limits: JointLimits::default(),
            ring_limits: JointLimits::symmetric(Vec3::splat(30.0)),
            ring: Ring::Off,
            replace: false,
        }
    }
}

/// Options of [`chain`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChainOptions {
    pub bodies: BodyOptions,
    pub joints: JointOptions,
}

/// Body on each bone as the plan will leave it: planned bodies first, then the
/// model's (first body on the bone).
fn body_lookup(model: &Model, plan: &RigPlan) -> Vec<Option<usize>> {
    let mut out: Vec<Option<usize>> = (0..model.bones.len())
        .map(|b| super::bodies::body_on_bone(model, b))
        .collect();
    for k in 0..plan.rigid_bodies.len() {
        let bone = plan.rigid_bodies[k].value.bone;
        if let (Ok(bone), Some(i)) = (
            usize::try_from(bone),
            plan.index_of(model, crate::edit::ElementKind::RigidBody, k),
        ) {
            if bone < out.len() {
                out[bone] = Some(i);
            }
        }
    }
    out
}

/// The body of the nearest ancestor of `bone` that has one.
fn ancestor_body(model: &Model, bodies: &[Option<usize>], bone: usize) -> Option<usize> {
    let mut p = model.bones[bone].parent;
    for _ in 0..=model.bones.len() {
        let i = usize::try_from(p).ok().filter(|&i| i < model.bones.len())?;
        if let Some(b) = bodies[i] {
            return Some(b);
        }
        p = model.bones[i].parent;
    }
    None
}

fn is_dynamic(mode: RigidMode) -> bool {
    matches!(
        mode,
        RigidMode::Dynamic | RigidMode::DynamicWithBonePosition
    )
}

/// Bodies `a` and `b` as the plan leaves them, when a joint between them would move
/// something: two bone-following bodies need none.
fn joinable(model: &Model, plan: &RigPlan, a: usize, b: usize) -> Option<(RigidBody, RigidBody)> {
    let body_a = plan.rigid_body(model, a)?;
    let body_b = plan.rigid_body(model, b)?;
    (is_dynamic(body_a.mode) || is_dynamic(body_b.mode)).then(|| (body_a.clone(), body_b.clone()))
}

/// Existing joint between bodies `a` and `b` (either order).
fn joint_between(model: &Model, a: usize, b: usize) -> Option<usize> {
    let (a, b) = (a as i32, b as i32);
    model
        .joints
        .iter()
        .position(|j| (j.body_a, j.body_b) == (a, b) || (j.body_a, j.body_b) == (b, a))
}

/// Adds one joint per bone of `bones` (see the module docs) to `plan`; `centre` is
/// what the joint frames' Z points away from.
fn plan_joints(
    model: &Model,
    bones: &[usize],
    opts: &JointOptions,
    centre: Option<Vec3>,
    plan: &mut RigPlan,
) {
    let bodies = body_lookup(model, plan);
    for &bone in bones {
        let Some(child) = bodies[bone] else { continue };
        let Some(parent) = ancestor_body(model, &bodies, bone) else {
            plan.notes.push(crate::tr!(
                "rig-note-no-body-above",
                bone = model.bones[bone].name.as_str()
            ));
            continue;
        };
        let Some((pb, cb)) = joinable(model, plan, parent, child) else {
            continue;
        };
        let existing = joint_between(model, parent, child);
        if existing.is_some() && !opts.replace {
            plan.notes.push(crate::tr!(
                "rig-note-already-joined",
                a = pb.name.as_str(),
                b = cb.name.as_str()
            ));
            continue;
        }
        let head = model.bones[bone].position;
        let rotation = bone_segment(model, bone).map_or(cb.rotation, |(h, e)| {
            euler_angles(segment_frame(h, e, centre))
        });
        let mut joint = Joint {
            name: cb.name.clone(),
            name_en: cb.name_en.clone(),
            kind: JointKind::Spring6Dof,
            body_a: parent as i32,
            body_b: child as i32,
            position: head,
            rotation,
            ..Joint::default()
        };
        opts.limits.apply(&mut joint);
        plan.joints.push(Planned {
            target: existing.map_or(Target::New, Target::Replace),
            value: joint,
        });
    }
}

/// Joints between each bone's body and its parent bone's body (see the module docs)
/// for `bones`; bones without a body are skipped. With a ring, `bones` are treated as
/// chains below the bones whose parent is not among them.
pub fn joint_chain(
    model: &Model,
    bones: &[usize],
    opts: &JointOptions,
) -> Result<RigPlan, RigError> {
    check_bones(model, bones)?;
    let mut plan = RigPlan::new(crate::tr!("rig-label-joint-chain", count = bones.len()));
    let roots = roots_of(model, bones);
    let centre = chain_centre(model, &roots);
    plan_joints(model, bones, opts, centre, &mut plan);
    if opts.ring != Ring::Off {
        plan_ring(model, bones, &roots, opts, centre, &mut plan);
    }
    Ok(plan)
}

fn check_bones(model: &Model, bones: &[usize]) -> Result<(), RigError> {
    if bones.is_empty() {
        return Err(RigError::Invalid(crate::tr!("rig-err-no-bones")));
    }
    match bones.iter().find(|&&b| b >= model.bones.len()) {
        Some(&b) => Err(RigError::Invalid(crate::tr!(
            "rig-err-no-such-bone",
            index = b,
            count = model.bones.len()
        ))),
        None => Ok(()),
    }
}

/// Bones of `bones` whose parent is not in `bones`, in the given order.
fn roots_of(model: &Model, bones: &[usize]) -> Vec<usize> {
    bones
        .iter()
        .copied()
        .filter(|&b| {
            let p = model.bones[b].parent;
            p < 0 || !bones.contains(&(p as usize))
        })
        .collect()
}

/// What joint and body frames point away from: the parent of the first root (the
/// head for hair, the hips for a skirt), else the roots' centre.
fn chain_centre(model: &Model, roots: &[usize]) -> Option<Vec3> {
    let parent = roots
        .first()
        .and_then(|&r| usize::try_from(model.bones[r].parent).ok())
        .and_then(|p| model.bones.get(p));
    parent
        .map(|p| p.position)
        .or_else(|| super::bodies::centre_of(model, roots))
}

/// `roots` and every bone below them, each once, parents before children.
pub fn bones_below(model: &Model, roots: &[usize]) -> Vec<usize> {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); model.bones.len()];
    for (i, b) in model.bones.iter().enumerate() {
        if let Some(p) = usize::try_from(b.parent)
            .ok()
            .filter(|&p| p < children.len())
        {
            children[p].push(i);
        }
    }
    let mut seen = vec![false; model.bones.len()];
    let mut out = Vec::new();
    let mut stack: Vec<usize> = roots.iter().rev().copied().collect();
    while let Some(b) = stack.pop() {
        if b >= seen.len() || std::mem::replace(&mut seen[b], true) {
            continue;
        }
        out.push(b);
        stack.extend(children[b].iter().rev());
    }
    out
}

/// Ring joints: chain `i`'s body at depth `d` to chain `i+1`'s at depth `d`.
fn plan_ring(
    model: &Model,
    bones: &[usize],
    roots: &[usize],
    opts: &JointOptions,
    centre: Option<Vec3>,
    plan: &mut RigPlan,
) {
    let bodies = body_lookup(model, plan);
    // Chains are ordered by angle around their roots' centre; frames point away from
    // `centre` like the vertical joints'.
    let Some(middle) = super::bodies::centre_of(model, roots) else {
        return;
    };
    let centre = centre.unwrap_or(middle);
    // Each chain: its bodies from the root down, following the first child with a body.
    let mut chains: Vec<(f32, Vec<(usize, usize)>)> = Vec::new();
    for &root in roots {
        let mut list = Vec::new();
        let mut at = Some(root);
        while let Some(b) = at {
            if let Some(body) = bodies[b] {
                list.push((b, body));
            }
            at = bones
                .iter()
                .copied()
                .find(|&c| model.bones[c].parent == b as i32);
        }
        if !list.is_empty() {
            let d = model.bones[root].position - middle;
            chains.push((d.x.atan2(d.z), list));
        }
    }
    if chains.len() < 2 {
        plan.notes.push(crate::tr!("rig-note-ring-few-chains"));
        return;
    }
    chains.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = chains.len();
    let gap = |i: usize| {
        let next = chains[(i + 1) % n].0
            + if i + 1 == n {
                std::f32::consts::TAU
            } else {
                0.0
            };
        next - chains[i].0
    };
    let mut gaps: Vec<f32> = (0..n).map(gap).collect();
    let closed = match opts.ring {
        Ring::Closed => n > 2,
        Ring::Open | Ring::Off => false,
        Ring::Auto => {
            let largest = gaps.iter().copied().fold(0.0, f32::max);
            gaps.sort_by(f32::total_cmp);
            n > 2 && largest <= 2.0 * gaps[n / 2]
        }
    };
    // An open ring starts after the largest gap, so the open side is that gap.
    let start = if closed {
        0
    } else {
        (0..n)
            .max_by(|&a, &b| gap(a).total_cmp(&gap(b)))
            .map_or(0, |i| (i + 1) % n)
    };
    let pairs = if closed { n } else { n - 1 };
    for p in 0..pairs {
        let (a, b) = (&chains[(start + p) % n].1, &chains[(start + p + 1) % n].1);
        for (&(bone_a, body_a), &(_, body_b)) in a.iter().zip(b.iter()) {
            let Some((ba, bb)) = joinable(model, plan, body_a, body_b) else {
                continue;
            };
            if joint_between(model, body_a, body_b).is_some() {
                continue;
            }
            let position = (ba.position + bb.position) * 0.5;
            let rotation = bone_segment(model, bone_a).map_or(ba.rotation, |(h, e)| {
                euler_angles(segment_frame(h, e, Some(centre)))
            });
            let mut joint = Joint {
                name: format!("{}~{}", ba.name, bb.name),
                kind: JointKind::Spring6Dof,
                body_a: body_a as i32,
                body_b: body_b as i32,
                position,
                rotation,
                ..Joint::default()
            };
            opts.ring_limits.apply(&mut joint);
            plan.joints.push(Planned {
                target: Target::New,
                value: joint,
            });
        }
    }
}

/// The chain command: bodies for `roots` and every bone below them, joints along the
/// chains and to the body the roots hang from, ring joints if asked, all in one
/// collision group (see [`BodyOptions::group`]); one plan, one undo step.
pub fn chain(model: &Model, roots: &[usize], opts: &ChainOptions) -> Result<RigPlan, RigError> {
    check_bones(model, roots)?;
    let bones = bones_below(model, roots);
    let roots = roots_of(model, &bones);
    let centre = chain_centre(model, &roots);
    let names: Vec<&str> = roots
        .iter()
        .map(|&r| model.bones[r].name.as_str())
        .collect();
    let label = match names.as_slice() {
        [one] => crate::tr!("rig-label-chain-on", name = *one),
        _ => crate::tr!("rig-label-chain-roots", count = names.len()),
    };
    let mut plan = RigPlan::new(label);
    let made = plan_bodies(model, &bones, &opts.bodies, centre, &mut plan)?;
    if made.iter().all(Option::is_none) {
        return Err(RigError::Invalid(crate::tr!(
            "rig-err-no-length",
            count = bones.len(),
            names = names.join(", ")
        )));
    }
    plan_joints(model, &bones, &opts.joints, centre, &mut plan);
    if opts.joints.ring != Ring::Off {
        plan_ring(model, &bones, &roots, &opts.joints, centre, &mut plan);
    }
    Ok(plan)
}
