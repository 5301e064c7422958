//! What each [`Fix`] changes: its [`ModelEdit`], computed from the current
//! model (so fixes compose when applied one after another).

use super::fix::{AxisKind, Fix, Sequence};
use super::{valid, ElementRef};
use crate::edit::{Element, ElementKind, ModelEdit};
use crate::physics::rules;
use crate::pmx::{
    DisplayElement, DisplayFrame, Model, MorphOffsets, PmxVersion, RigidMode, Weights,
};
use glam::{Vec3, Vec4};

/// Step length the spring fix is sized for: one 60 Hz frame (MMD's step).
pub const SPRING_STEP: f32 = 1.0 / 60.0;

impl Fix {
    /// The fix as one undoable edit (history label "Fix: …"); `None` when
    /// nothing would change. This is how every caller applies a fix.
    pub fn edit(&self, model: &Model) -> Option<ModelEdit> {
        let label = crate::tr!("check-fix-history-one", fix = self.description(model));
        if let Fix::MakeSpecialFrames = self {
            return special_frames(model)?.batch(label);
        }
        if let Fix::MoveMaterialAfter {
            material,
            after,
            name,
        } = self
        {
            let len = model.materials.len();
            let (m, a) = (valid(*material, len)?, valid(*after, len)?);
            if a <= m
                || model.materials[m].name != *name
                || !crate::edit::remap::material_faces_consistent(model)
            {
                return None;
            }
            let order = crate::edit::remap::move_order(len, m, a);
            return Some(ModelEdit::reorder(ElementKind::Material, order).label(label));
        }
        if let Fix::AddToNewFrame { name, element } = self {
            return add_to_named_frame(model, name, *element).map(|e| e.label(label));
        }
        let items = self.changes(model);
        if items.is_empty() {
            return None;
        }
        Some(ModelEdit::set_many(items, self.field()).label(label))
    }

    /// The replaced elements (index, new value), computed from the current
    /// model. Empty if the element no longer exists or nothing would change.
    fn changes(&self, model: &Model) -> Vec<(usize, Element)> {
        let mut out = Vec::new();
        let nb = model.rigid_bodies.len();
        match self {
            Fix::SetBoneLayer {
                bone,
                layer,
                dependents,
            } => {
                for &(b, l) in std::iter::once(&(*bone, *layer)).chain(dependents) {
                    // Raise only: another fix may already have raised it further.
                    if let Some(i) =
                        valid(b, model.bones.len()).filter(|&i| model.bones[i].layer < l)
                    {
                        let mut nb = model.bones[i].clone();
                        nb.layer = l;
                        out.push((i, Element::Bone(Box::new(nb))));
                    }
                }
            }
            Fix::NormalizeWeights { vertex } => {
                if let Some(i) = valid(*vertex, model.vertices.len()) {
                    let mut v = model.vertices[i].clone();
                    if normalize_weights(&mut v.weights, model.bones.len()) {
                        out.push((i, Element::Vertex(v)));
                    }
                }
            }
            Fix::SdefToBdef1 { vertex } => {
                if let Some(i) = valid(*vertex, model.vertices.len()) {
                    let mut v = model.vertices[i].clone();
                    if let Weights::Sdef { bones, weight, .. } = v.weights {
                        let bone = if weight >= 0.5 { bones[0] } else { bones[1] };
                        v.weights = Weights::Bdef1 { bone };
                        out.push((i, Element::Vertex(v)));
                    }
                }
            }
            Fix::SetVersion21 => {
                if model.header.version != PmxVersion::V2_1 {
                    let mut h = model.header.clone();
                    h.version = PmxVersion::V2_1;
                    out.push((0, Element::Header(h)));
                }
            }
            Fix::ExcludeCollision { a, b } => {
                if let (Some(a), Some(b)) = (valid(*a, nb), valid(*b, nb)) {
                    let bodies = &model.rigid_bodies;
                    let mut ra = bodies[a].clone();
                    ra.collision_mask = rules::mask_with(ra.collision_mask, bodies[b].group, false);
                    let mut rb = bodies[b].clone();
                    rb.collision_mask = rules::mask_with(rb.collision_mask, bodies[a].group, false);
                    let pairs = if a == b {
                        vec![(a, ra)]
                    } else {
                        vec![(a, ra), (b, rb)]
                    };
                    for (i, r) in pairs {
                        if r.collision_mask != bodies[i].collision_mask {
                            out.push((i, Element::RigidBody(r)));
                        }
                    }
                }
            }
            Fix::NormalizeAxis { bone, axis } => {
                if let Some(i) = valid(*bone, model.bones.len()) {
                    let mut b = model.bones[i].clone();
                    let v: Option<&mut Vec3> = match axis {
                        AxisKind::Fixed => b.fixed_axis.as_mut(),
                        AxisKind::LocalX => b.local_axes.as_mut().map(|a| &mut a.x),
                        AxisKind::LocalZ => b.local_axes.as_mut().map(|a| &mut a.z),
                    };
                    if let Some(v) = v {
                        if let Some(n) = v.try_normalize() {
                            *v = n;
                            out.push((i, Element::Bone(Box::new(b))));
                        }
                    }
                }
            }
            Fix::Rename { target, name } => out.extend(renamed(model, *target, name)),
            Fix::ClampColors { material } => {
                if let Some(i) = valid(*material, model.materials.len()) {
                    let mut m = model.materials[i].clone();
                    let c4 = |v: Vec4| v.clamp(Vec4::ZERO, Vec4::ONE);
                    let c3 = |v: Vec3| v.clamp(Vec3::ZERO, Vec3::ONE);
                    m.diffuse = c4(m.diffuse);
                    m.specular = c3(m.specular);
                    m.ambient = c3(m.ambient);
                    m.edge_color = c4(m.edge_color);
                    if m != model.materials[i] {
                        out.push((i, Element::Material(m)));
                    }
                }
            }
            Fix::NormalizeMorphRotations { morph } => {
                if let Some(i) = valid(*morph, model.morphs.len()) {
                    let mut m = model.morphs[i].clone();
                    if let MorphOffsets::Bone(offsets) = &mut m.offsets {
                        for o in offsets.iter_mut() {
                            o.rotation = o.rotation.try_normalize().unwrap_or(Vec4::W);
                        }
                    }
                    if m != model.morphs[i] {
                        out.push((i, Element::Morph(m)));
                    }
                }
            }
            Fix::SetMorphPanelOther { morph } => {
                if let Some(i) = valid(*morph, model.morphs.len()) {
                    let mut m = model.morphs[i].clone();
                    if m.panel != 4 {
                        m.panel = 4;
                        out.push((i, Element::Morph(m)));
                    }
                }
            }
            Fix::FollowBone { body } => {
                if let Some(i) = valid(*body, nb) {
                    let mut r = model.rigid_bodies[i].clone();
                    if r.mode != RigidMode::FollowBone {
                        r.mode = RigidMode::FollowBone;
                        out.push((i, Element::RigidBody(r)));
                    }
                }
            }
            Fix::SetBodyMassOne { body } => {
                if let Some(i) = valid(*body, nb) {
                    let mut r = model.rigid_bodies[i].clone();
                    if r.mass != 1.0 {
                        r.mass = 1.0;
                        out.push((i, Element::RigidBody(r)));
                    }
                }
            }
            Fix::SoftenJointSprings { joint } => {
                if let Some(i) = valid(*joint, model.joints.len()) {
                    let mut j = model.joints[i].clone();
                    if let Some(m) = super::joints::spring_mass(model, &j) {
                        let limit = m / (SPRING_STEP * SPRING_STEP);
                        for k in 0..3 {
                            let movable = super::joints::movable_axes(&j);
                            if movable.0[k]
                                && j.linear_spring[k] > super::joints::SPRING_LIMIT * limit
                            {
                                j.linear_spring[k] = limit;
                            }
                            if movable.1[k]
                                && j.angular_spring[k] > super::joints::SPRING_LIMIT * limit
                            {
                                j.angular_spring[k] = limit;
                            }
                        }
                    }
                    if j != model.joints[i] {
                        out.push((i, Element::Joint(j)));
                    }
                }
            }
            Fix::AddToFrame { frame, element } => {
                let listed = model
                    .display_frames
                    .iter()
                    .any(|f| f.elements.contains(element));
                if let (Some(i), false) = (valid(*frame, model.display_frames.len()), listed) {
                    let mut f = model.display_frames[i].clone();
                    f.elements.push(*element);
                    out.push((i, Element::DisplayFrame(f)));
                }
            }
            Fix::RemoveDuplicateEntries { element } => {
                let mut seen = false;
                for (i, f) in model.display_frames.iter().enumerate() {
                    let mut nf: DisplayFrame = f.clone();
                    nf.elements.retain(|e| {
                        if e != element {
                            return true;
                        }
                        let keep = !seen;
                        seen = true;
                        keep
                    });
                    if nf.elements.len() != f.elements.len() {
                        out.push((i, Element::DisplayFrame(nf)));
                    }
                }
            }
            Fix::MakeSpecialFrames | Fix::AddToNewFrame { .. } => {}
            // A reorder, made in `edit`.
            Fix::MoveMaterialAfter { .. } => {}
            Fix::SetAfterPhysics { bone } => {
                if let Some(i) = valid(*bone, model.bones.len()) {
                    let mut b = model.bones[i].clone();
                    if !b.is_after_physics() {
                        b.flags.set(crate::pmx::BoneFlags::AFTER_PHYSICS, true);
                        out.push((i, Element::Bone(Box::new(b))));
                    }
                }
            }
        }
        out
    }
}

/// The element renamed, if it exists and the name changes.
fn renamed(model: &Model, target: ElementRef, name: &str) -> Option<(usize, Element)> {
    let i = usize::try_from(target.index()?).ok()?;
    if target.name(model) == Some(name) {
        return None;
    }
    let mut e = target.element_kind()?.get(model, i)?;
    *e.names_mut()?.0 = name.into();
    Some((i, e))
}

/// Adds `element` to the ordinary frame `name` (made at the end if missing);
/// `None` when the element is in a frame already.
fn add_to_named_frame(model: &Model, name: &str, element: DisplayElement) -> Option<ModelEdit> {
    let frames = &model.display_frames;
    if frames.iter().any(|f| f.elements.contains(&element)) {
        return None;
    }
    Some(
        match frames.iter().position(|f| !f.special && f.name == name) {
            Some(i) => {
                let mut f = frames[i].clone();
                f.elements.push(element);
                ModelEdit::set_display_frame(i, f, "display frames")
            }
            None => ModelEdit::add_display_frame(DisplayFrame {
                name: name.into(),
                name_en: String::new(),
                special: false,
                elements: vec![element],
            }),
        },
    )
}

/// Name of the special frame at position 0 and 1 (spec: 特殊枠).
pub const SPECIAL_FRAMES: [&str; 2] = ["Root", "表情"];

/// Moves, adds, renames and flags frames so that "Root" is frame 0 and "表情"
/// frame 1, both special. `None` when they already are.
fn special_frames(model: &Model) -> Option<Sequence> {
    let mut seq = Sequence::new(model);
    let mut changed = false;
    for (slot, name) in SPECIAL_FRAMES.into_iter().enumerate() {
        let frames = &seq.scratch.display_frames;
        let found = (slot..frames.len()).find(|&i| frames[i].name == name);
        let edit = match found {
            Some(i) if i == slot => None,
            Some(i) => Some(ModelEdit::move_element(
                &seq.scratch,
                ElementKind::DisplayFrame,
                i,
                slot,
            )),
            // A special frame in the slot under a name of its own: rename it.
            None if frames
                .get(slot)
                .is_some_and(|f| f.special && !SPECIAL_FRAMES.contains(&f.name.as_str())) =>
            {
                None
            }
            None => {
                let elements = if slot == 0 && !seq.scratch.bones.is_empty() {
                    vec![DisplayElement::Bone(0)]
                } else {
                    Vec::new()
                };
                let frame = DisplayFrame {
                    name: name.into(),
                    name_en: name.into(),
                    special: true,
                    elements,
                };
                changed |= seq.push(ModelEdit::add_display_frame(frame));
                let last = seq.scratch.display_frames.len() - 1;
                Some(ModelEdit::move_element(
                    &seq.scratch,
                    ElementKind::DisplayFrame,
                    last,
                    slot,
                ))
            }
        };
        if let Some(e) = edit {
            changed |= seq.push(e);
        }
        if let Some(f) = seq.scratch.display_frames.get(slot) {
            if !f.special || f.name != name {
                let mut nf = f.clone();
                nf.special = true;
                nf.name = name.into();
                changed |= seq.push(ModelEdit::set_display_frame(slot, nf, "special"));
            }
        }
    }
    changed.then_some(seq)
}

pub(crate) use crate::pmx::rules::normalize_weights;
