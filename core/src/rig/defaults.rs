//! The element a new "add" creates, one function per kind, shared by the app's
//! add commands and the script `add` operation (whose given fields then override):
//!
//! * bone: a child of the selected bone at the selected bone's end (its tail),
//!   continuing its direction and length, in its deform layer;
//! * rigid body: on the selected bone, placed, sized and oriented as
//!   [`super::bodies`] does for one bone; physics (with bone position) when the
//!   bone's parent has a body to hang from, else following the bone; group and
//!   mask of the parent bone's body;
//! * joint: a spring 6DOF joint between two bodies at the child body's bone head
//!   (the child is the body whose bone descends from the other's; else the second),
//!   oriented like the child body, with [`JointLimits::default`] limits;
//! * other kinds: the type's default values with a free name.

use super::bodies::{
    avoid_rest_overlaps, body_for_bone, body_on_bone, bone_segment, segment_frame, BodyOptions,
};
use super::chain::JointLimits;
use super::{RigPlan, Target};
use crate::edit::{Element, ElementKind};
use crate::pmx::{
    euler_angles, Bone, DisplayFrame, Joint, JointKind, Material, Model, Morph, MorphOffsets,
    RigidBody, RigidMode, SoftBody, Tail,
};

/// `base`, or `base` with the lowest number ≥ 1 that makes it unused.
pub fn unique_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (1..)
        .map(|n| format!("{base}{n}"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}

/// `base`, or `base` with the lowest number no element of `kind` is named.
fn free_name(model: &Model, kind: ElementKind, base: &str) -> String {
    let names = kind.names(model);
    unique_name(base, |n| names.contains(&n))
}

/// A new bone under `selected` (see the module docs); at the origin without parent
/// when nothing is selected.
pub fn new_bone(model: &Model, selected: Option<usize>) -> Bone {
    let mut bone = Bone {
        name: free_name(model, ElementKind::Bone, "新規ボーン"),
        ..Bone::default()
    };
    let Some(parent) = selected.filter(|&s| s < model.bones.len()) else {
        return bone;
    };
    let p = &model.bones[parent];
    bone.parent = parent as i32;
    bone.layer = p.layer;
    bone.flags
        .set(crate::pmx::BoneFlags::AFTER_PHYSICS, p.is_after_physics());
    match bone_segment(model, parent) {
        Some((head, end)) => {
            bone.position = end;
            bone.tail = Tail::Offset(end - head);
        }
        None => bone.position = p.position,
    }
    bone
}

/// A new rigid body on `bone` (see the module docs); a unit sphere at the origin
/// without a bone when none is given or the bone has no length.
pub fn new_rigid_body(model: &Model, bone: Option<usize>) -> RigidBody {
    let Some(bone) = bone.filter(|&b| b < model.bones.len()) else {
        return RigidBody {
            name: free_name(model, ElementKind::RigidBody, "新規剛体"),
            ..RigidBody::default()
        };
    };
    let parent_body = usize::try_from(model.bones[bone].parent)
        .ok()
        .and_then(|p| body_on_bone(model, p))
        .map(|i| &model.rigid_bodies[i]);
    let opts = BodyOptions {
        mode: if parent_body.is_some() {
            RigidMode::DynamicWithBonePosition
        } else {
            RigidMode::FollowBone
        },
        group: Some(parent_body.map_or(0, |b| b.group)),
        mask: Some(parent_body.map_or(0xFFFF, |b| b.collision_mask)),
        ..BodyOptions::default()
    };
    let centre = parent_body.map(|b| b.position);
    let mut body = body_for_bone(model, bone, &opts, centre).unwrap_or_else(|| RigidBody {
        bone: bone as i32,
        position: model.bones[bone].position,
        ..RigidBody::default()
    });
    body.mode = opts.mode;
    body.name = free_name(model, ElementKind::RigidBody, &model.bones[bone].name);
    // Not colliding with what it overlaps at rest (the head it hangs from, …).
    let mut plan = RigPlan::new("");
    plan.push_body(model, Target::New, body.clone());
    avoid_rest_overlaps(model, &mut plan);
    plan.rigid_bodies.pop().map_or(body, |p| p.value)
}

/// A new joint between bodies `a` and `b` (see the module docs). Missing bodies
/// leave −1 (the checker reports them).
pub fn new_joint(model: &Model, a: Option<usize>, b: Option<usize>) -> Joint {
    let nb = model.rigid_bodies.len();
    let (a, b) = (a.filter(|&i| i < nb), b.filter(|&i| i < nb));
    let (parent, child) = match (a, b) {
        (Some(a), Some(b)) if bone_descends(model, body_bone(model, a), body_bone(model, b)) => {
            (Some(b), Some(a))
        }
        pair => pair,
    };
    let limits = JointLimits::default();
    let base = child.map_or("新規ジョイント", |c| &model.rigid_bodies[c].name);
    let mut joint = Joint {
        name: free_name(model, ElementKind::Joint, base),
        kind: JointKind::Spring6Dof,
        body_a: parent.map_or(-1, |i| i as i32),
        body_b: child.map_or(-1, |i| i as i32),
        ..Joint::default()
    };
    limits.apply(&mut joint);
    if let Some(c) = child {
        // At the child's bone head, in the child's bone frame (outward = away from
        // the parent body), else where and as the child body is.
        let body = &model.rigid_bodies[c];
        let segment = body_bone(model, c).and_then(|bone| bone_segment(model, bone));
        match segment {
            Some((head, end)) => {
                let from = parent.map(|p| model.rigid_bodies[p].position);
                joint.position = head;
                joint.rotation = euler_angles(segment_frame(head, end, from));
            }
            None => {
                joint.position = body.position;
                joint.rotation = body.rotation;
            }
        }
    }
    joint
}

fn body_bone(model: &Model, body: usize) -> Option<usize> {
    usize::try_from(model.rigid_bodies.get(body)?.bone)
        .ok()
        .filter(|&b| b < model.bones.len())
}

/// True if bone `a` is a (strict) descendant of bone `b`.
fn bone_descends(model: &Model, a: Option<usize>, b: Option<usize>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    let mut p = model.bones[a].parent;
    for _ in 0..=model.bones.len() {
        if p == b as i32 {
            return true;
        }
        match usize::try_from(p).ok().and_then(|i| model.bones.get(i)) {
            Some(bone) => p = bone.parent,
            None => return false,
        }
    }
    false
}

/// The element "add" creates for `kind` with `selection` (bones for a bone or body,
/// two bodies for a joint; ignored for other kinds). None for kinds that cannot be
/// added (vertices, faces, header, info).
pub fn new_element(model: &Model, kind: ElementKind, selection: &[usize]) -> Option<Element> {
    let first = selection.first().copied();
    Some(match kind {
        ElementKind::Bone => new_bone(model, first).into(),
        ElementKind::RigidBody => new_rigid_body(model, first).into(),
        ElementKind::Joint => new_joint(model, first, selection.get(1).copied()).into(),
        ElementKind::Morph => Morph {
            name: free_name(model, ElementKind::Morph, "新規モーフ"),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Vertex(Vec::new()),
        }
        .into(),
        ElementKind::Material => Material {
            name: free_name(model, ElementKind::Material, "新規材質"),
            ..Material::default()
        }
        .into(),
        ElementKind::SoftBody => SoftBody {
            name: free_name(model, ElementKind::SoftBody, "新規ソフトボディ"),
            material: -1,
            collision_mask: 0xFFFF,
            ..SoftBody::default()
        }
        .into(),
        ElementKind::DisplayFrame => DisplayFrame {
            name: free_name(model, ElementKind::DisplayFrame, "新規枠"),
            ..DisplayFrame::default()
        }
        .into(),
        ElementKind::Texture => Element::Texture(String::new()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec3;

    #[test]
    fn names_get_a_free_number() {
        let taken = ["a", "a1"];
        assert_eq!(unique_name("b", |n| taken.contains(&n)), "b");
        assert_eq!(unique_name("a", |n| taken.contains(&n)), "a2");
    }

    #[test]
    fn new_bone_continues_the_selected_bone() {
        let mut m = Model::default();
        m.bones.push(Bone {
            name: "髪".into(),
            position: Vec3::new(0.0, 10.0, 0.0),
            tail: Tail::Offset(Vec3::new(0.0, -2.0, 0.0)),
            layer: 1,
            ..Bone::default()
        });
        let b = new_bone(&m, Some(0));
        assert_eq!(b.parent, 0);
        assert_eq!(b.position, Vec3::new(0.0, 8.0, 0.0));
        assert_eq!(b.tail, Tail::Offset(Vec3::new(0.0, -2.0, 0.0)));
        assert_eq!(b.layer, 1);
        assert_eq!(b.name, "新規ボーン");
    }
}
