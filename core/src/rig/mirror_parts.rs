//! The per-element parts of the mirror (see [`super::mirror`]): mirrored bones,
//! rigid bodies, joints, bone-morph offsets, vertex weights and display-frame entries.

use super::mirror::{MirrorReport, Pairs};
use super::names::{mirror_name, Side};
use super::symmetric::{mirror_point, VertexMirror};
use crate::edit::Element;
use crate::pmx::{
    Bone, BoneOffset, DisplayElement, Ik, IkLimits, Joint, JointKind, LocalAxes, Model, RigidBody,
    Tail, Weights, NONE,
};
use glam::{Vec3, Vec4};
use std::collections::HashMap;

/// Puts each created or overwritten counterpart that no display frame lists right
/// after its source in the source's frame.
pub(super) fn frame_entries(
    model: &Model,
    bones: &Pairs,
    morphs: &Pairs,
    changed: &mut Vec<(usize, Element)>,
    report: &mut MirrorReport,
) {
    // DisplayElement is not Hash; (is a morph, index) stands for it.
    let key = |e: &DisplayElement| match *e {
        DisplayElement::Bone(b) => (false, b),
        DisplayElement::Morph(m) => (true, m),
    };
    let listed: std::collections::HashSet<(bool, i32)> = model
        .display_frames
        .iter()
        .flat_map(|f| f.elements.iter().map(key))
        .collect();
    let bone_target: HashMap<i32, i32> = bones
        .pairs
        .iter()
        .map(|&(s, t)| (s as i32, t as i32))
        .collect();
    let morph_target: HashMap<i32, i32> = morphs
        .pairs
        .iter()
        .map(|&(s, t)| (s as i32, t as i32))
        .collect();
    let mut placed = std::collections::HashSet::new();
    for (fi, frame) in model.display_frames.iter().enumerate() {
        let mut elements = Vec::with_capacity(frame.elements.len());
        for &e in &frame.elements {
            elements.push(e);
            let counterpart = match e {
                DisplayElement::Bone(b) => bone_target.get(&b).map(|&t| DisplayElement::Bone(t)),
                DisplayElement::Morph(m) => morph_target.get(&m).map(|&t| DisplayElement::Morph(t)),
            };
            if let Some(c) = counterpart {
                if !listed.contains(&key(&c)) && placed.insert(key(&c)) {
                    elements.push(c);
                }
            }
        }
        if elements.len() != frame.elements.len() {
            report.display_entries_added += elements.len() - frame.elements.len();
            let mut f = frame.clone();
            f.elements = elements;
            changed.push((fi, f.into()));
        }
    }
}

/// Target-side vertices take the weights of their mirror vertex, bones swapped.
#[allow(clippy::too_many_arguments)]
pub(super) fn weights(
    model: &Model,
    bones: &Pairs,
    to: Side,
    tol: f32,
    selected_vertices: Option<&[usize]>,
    selected_bones: Option<&[usize]>,
    changed: &mut Vec<(usize, Element)>,
    report: &mut MirrorReport,
) {
    if model.vertices.is_empty() {
        return;
    }
    let index = VertexMirror::new(&model.vertices);
    let on_target = |v: usize| Side::of_x(model.vertices[v].position.x, tol) == Some(to);
    let mut targets: Vec<usize> = match (selected_vertices, selected_bones) {
        (None, _) => (0..model.vertices.len())
            .filter(|&v| on_target(v))
            .collect(),
        (Some(vs), bs) => {
            let mut t: Vec<usize> = vs
                .iter()
                .filter(|&&v| v < model.vertices.len())
                .filter_map(|&v| {
                    if on_target(v) {
                        Some(v)
                    } else {
                        index.mirror_of(v, tol).filter(|&m| on_target(m))
                    }
                })
                .collect();
            if let Some(bs) = bs.filter(|b| !b.is_empty()) {
                let mut wanted = vec![false; model.bones.len()];
                bs.iter().for_each(|&b| wanted[b] = true);
                let uses = |v: usize| {
                    let (b, w, n) = model.vertices[v].weights.bone_weights();
                    (0..n).any(|k| {
                        w[k] != 0.0 && b[k] >= 0 && wanted.get(b[k] as usize) == Some(&true)
                    })
                };
                for v in 0..model.vertices.len() {
                    if on_target(v) && uses(v) {
                        t.push(v);
                    } else if !on_target(v) && uses(v) {
                        if let Some(m) = index.mirror_of(v, tol).filter(|&m| on_target(m)) {
                            t.push(m);
                        }
                    }
                }
            }
            t
        }
    };
    targets.sort_unstable();
    targets.dedup();
    report.vertices_considered = targets.len();
    for v in targets {
        let Some(source) = index.mirror_of(v, tol) else {
            report.vertices_without_mirror += 1;
            continue;
        };
        let w = mirrored_weights(&model.vertices[source].weights, bones);
        if w != model.vertices[v].weights {
            let mut vertex = model.vertices[v].clone();
            vertex.weights = w;
            report.vertices_changed += 1;
            changed.push((v, vertex.into()));
        }
    }
}

fn mirror_vec(v: Vec3) -> Vec3 {
    // + 0.0 turns −0.0 into 0.0 so files do not carry signed zeros.
    mirror_point(v) + Vec3::ZERO
}

/// Euler angles (rx, ry, rz) → (rx, −ry, −rz).
pub fn mirror_euler(e: Vec3) -> Vec3 {
    Vec3::new(e.x, -e.y, -e.z) + Vec3::ZERO
}

/// Quaternion (x, y, z, w) → (x, −y, −z, w).
pub fn mirror_quat(q: Vec4) -> Vec4 {
    Vec4::new(q.x, -q.y, -q.z, q.w) + Vec4::ZERO
}

/// [lo, hi] → [−hi, −lo] on the axes where `flip` is set.
fn mirror_range(lower: Vec3, upper: Vec3, flip: [bool; 3]) -> (Vec3, Vec3) {
    let (mut lo, mut hi) = (lower, upper);
    for a in 0..3 {
        if flip[a] {
            lo[a] = -upper[a] + 0.0;
            hi[a] = -lower[a] + 0.0;
        }
    }
    (lo, hi)
}

const LINEAR_FLIP: [bool; 3] = [true, false, false];
const ANGULAR_FLIP: [bool; 3] = [false, true, true];

/// The English name of the copy: the source's with its side swapped; when the source's
/// English name has no side, an existing target keeps its own.
pub(super) fn mirrored_name_en(source_en: &str, existing: Option<&str>) -> String {
    match (mirror_name(source_en), existing) {
        (Some(m), _) => m,
        (None, Some(e)) => e.to_string(),
        (None, None) => source_en.to_string(),
    }
}

pub(super) fn mirrored_bone(model: &Model, s: usize, t: usize, bones: &Pairs) -> Bone {
    let src = &model.bones[s];
    let existing = model.bones.get(t);
    // A parent without counterpart: the nearest ancestor that has one (or is centre).
    let mut parent = src.parent;
    let mut guard = 0;
    let parent = loop {
        match bones.map(parent) {
            Some(p) => break p,
            None => {
                parent = model.bones.get(parent as usize).map_or(NONE, |b| b.parent);
                guard += 1;
                if guard > model.bones.len() {
                    break NONE;
                }
            }
        }
    };
    let tail = match src.tail {
        Tail::Offset(o) => Tail::Offset(mirror_vec(o)),
        Tail::Bone(b) => match bones.map(b) {
            Some(m) => Tail::Bone(m),
            None => Tail::Offset(mirror_vec(model.bones[b as usize].position - src.position)),
        },
    };
    let mut bone = Bone {
        name: mirror_name(&src.name).expect("sources have a side"),
        name_en: mirrored_name_en(&src.name_en, existing.map(|b| b.name_en.as_str())),
        position: mirror_vec(src.position),
        parent,
        tail,
        append: src.append.map(|mut a| {
            a.parent = bones.map_or_keep(a.parent);
            a
        }),
        fixed_axis: src.fixed_axis.map(mirror_vec),
        local_axes: src.local_axes.map(|a| LocalAxes {
            x: mirror_vec(a.x),
            z: mirror_vec(a.z),
        }),
        ik: src.ik.as_ref().map(|ik| Ik {
            target: bones.map_or_keep(ik.target),
            links: ik
                .links
                .iter()
                .map(|l| crate::pmx::IkLink {
                    bone: bones.map_or_keep(l.bone),
                    limits: l.limits.map(|lim| {
                        let (lower, upper) = mirror_range(lim.lower, lim.upper, ANGULAR_FLIP);
                        IkLimits { lower, upper }
                    }),
                })
                .collect(),
            ..ik.clone()
        }),
        ..src.clone()
    };
    if let Some(e) = existing {
        // The target keeps its own external-parent key if the source has none.
        if bone.external_parent_key.is_none() {
            bone.external_parent_key = e.external_parent_key;
        }
    }
    bone
}

pub(super) fn mirrored_body(model: &Model, s: usize, t: usize, bones: &Pairs) -> RigidBody {
    let src = &model.rigid_bodies[s];
    RigidBody {
        name: mirror_name(&src.name).expect("sources have a side"),
        name_en: mirrored_name_en(
            &src.name_en,
            model.rigid_bodies.get(t).map(|b| b.name_en.as_str()),
        ),
        bone: bones.map_or_keep(src.bone),
        position: mirror_vec(src.position),
        rotation: mirror_euler(src.rotation),
        ..src.clone()
    }
}

pub(super) fn mirrored_joint(model: &Model, s: usize, t: usize, bodies: &Pairs) -> Joint {
    let src = &model.joints[s];
    let mut j = Joint {
        name: mirror_name(&src.name).expect("sources have a side"),
        name_en: mirrored_name_en(
            &src.name_en,
            model.joints.get(t).map(|j| j.name_en.as_str()),
        ),
        body_a: bodies.map_or_keep(src.body_a),
        body_b: bodies.map_or_keep(src.body_b),
        position: mirror_vec(src.position),
        rotation: mirror_euler(src.rotation),
        ..src.clone()
    };
    // The spec gives types 3–5 other meanings for the limit and spring fields.
    match src.kind {
        JointKind::Spring6Dof | JointKind::SixDof => {
            (j.linear_lower, j.linear_upper) =
                mirror_range(src.linear_lower, src.linear_upper, LINEAR_FLIP);
            (j.angular_lower, j.angular_upper) =
                mirror_range(src.angular_lower, src.angular_upper, ANGULAR_FLIP);
        }
        // Slider: translation along the joint's X axis, which the reflection turns
        // round; its motor velocity (linear spring Y) changes sign with it.
        JointKind::Slider => {
            (j.linear_lower, j.linear_upper) =
                mirror_range(src.linear_lower, src.linear_upper, LINEAR_FLIP);
            j.linear_spring.y = -src.linear_spring.y + 0.0;
        }
        // ConeTwist: the motor target is a rotation stored as Euler angles.
        JointKind::ConeTwist => j.angular_spring = mirror_euler(src.angular_spring),
        // P2P has no limits; Hinge limits and motor are about the joint's X axis,
        // which the reflection keeps.
        JointKind::P2p | JointKind::Hinge | JointKind::Unknown(_) => {}
    }
    j
}

pub(super) fn mirrored_offset(o: &BoneOffset, bones: &Pairs) -> BoneOffset {
    BoneOffset {
        bone: bones.map_or_keep(o.bone),
        translation: mirror_vec(o.translation),
        rotation: mirror_quat(o.rotation),
    }
}

pub(super) fn mirrored_weights(w: &Weights, bones: &Pairs) -> Weights {
    let mut w = *w;
    for b in w.bones_mut() {
        *b = bones.map_or_keep(*b);
    }
    if let Weights::Sdef { c, r0, r1, .. } = &mut w {
        *c = mirror_vec(*c);
        *r0 = mirror_vec(*r0);
        *r1 = mirror_vec(*r1);
    }
    w
}
