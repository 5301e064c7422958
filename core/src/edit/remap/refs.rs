//! Every reference in the model to an element of one kind (the table in
//! [`super`]'s docs), visited in one place for remove, reorder and duplicate.

use super::super::element::ElementKind;
use crate::pmx::{Bone, DisplayElement, Model, MorphOffsets, Tail, Toon};

/// Calls `f` on every reference to an element of `kind` and stores its result.
/// `f` sees the raw stored value, −1 and out-of-range values included.
pub fn map_refs(model: &mut Model, kind: ElementKind, mut f: impl FnMut(i32) -> i32) {
    match kind {
        ElementKind::Header
        | ElementKind::Info
        | ElementKind::Face
        | ElementKind::Joint
        | ElementKind::SoftBody
        | ElementKind::DisplayFrame => {}
        ElementKind::Vertex => {
            for face in &mut model.faces {
                for v in face {
                    *v = f(*v);
                }
            }
            for morph in &mut model.morphs {
                match &mut morph.offsets {
                    MorphOffsets::Vertex(list) => {
                        list.iter_mut().for_each(|o| o.vertex = f(o.vertex))
                    }
                    MorphOffsets::Uv { offsets, .. } => {
                        offsets.iter_mut().for_each(|o| o.vertex = f(o.vertex))
                    }
                    _ => {}
                }
            }
            for sb in &mut model.soft_bodies {
                sb.anchors.iter_mut().for_each(|a| a.vertex = f(a.vertex));
                sb.pins.iter_mut().for_each(|p| *p = f(*p));
            }
        }
        ElementKind::Texture => {
            for m in &mut model.materials {
                m.texture = f(m.texture);
                m.sphere_texture = f(m.sphere_texture);
                if let Toon::Texture(t) = &mut m.toon {
                    *t = f(*t);
                }
            }
        }
        ElementKind::Material => {
            for morph in &mut model.morphs {
                if let MorphOffsets::Material(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.material = f(o.material));
                }
            }
            for sb in &mut model.soft_bodies {
                sb.material = f(sb.material);
            }
        }
        ElementKind::Bone => {
            for v in &mut model.vertices {
                for b in v.weights.bones_mut() {
                    *b = f(*b);
                }
            }
            for bone in &mut model.bones {
                map_bone_refs(bone, &mut f);
            }
            for morph in &mut model.morphs {
                if let MorphOffsets::Bone(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.bone = f(o.bone));
                }
            }
            for frame in &mut model.display_frames {
                for e in &mut frame.elements {
                    if let DisplayElement::Bone(b) = e {
                        *b = f(*b);
                    }
                }
            }
            for rb in &mut model.rigid_bodies {
                rb.bone = f(rb.bone);
            }
        }
        ElementKind::Morph => {
            for morph in &mut model.morphs {
                if let MorphOffsets::Group(list) | MorphOffsets::Flip(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.morph = f(o.morph));
                }
            }
            for frame in &mut model.display_frames {
                for e in &mut frame.elements {
                    if let DisplayElement::Morph(m) = e {
                        *m = f(*m);
                    }
                }
            }
        }
        ElementKind::RigidBody => {
            for j in &mut model.joints {
                j.body_a = f(j.body_a);
                j.body_b = f(j.body_b);
            }
            for morph in &mut model.morphs {
                if let MorphOffsets::Impulse(list) = &mut morph.offsets {
                    list.iter_mut().for_each(|o| o.rigid_body = f(o.rigid_body));
                }
            }
            for sb in &mut model.soft_bodies {
                sb.anchors
                    .iter_mut()
                    .for_each(|a| a.rigid_body = f(a.rigid_body));
            }
        }
    }
}

/// Calls `f` on every reference a bone holds to other bones: parent, tail, append
/// parent, IK target and IK links.
pub(super) fn map_bone_refs(bone: &mut Bone, mut f: impl FnMut(i32) -> i32) {
    bone.parent = f(bone.parent);
    if let Tail::Bone(t) = &mut bone.tail {
        *t = f(*t);
    }
    if let Some(a) = &mut bone.append {
        a.parent = f(a.parent);
    }
    if let Some(ik) = &mut bone.ik {
        ik.target = f(ik.target);
        ik.links.iter_mut().for_each(|l| l.bone = f(l.bone));
    }
}
