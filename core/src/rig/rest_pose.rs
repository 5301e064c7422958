//! "Apply pose as rest" (PMX Editor's TransformView behaviour): the posed model becomes
//! the new rest model, as one undo step. Bones move to their posed positions (tail
//! offsets, fixed axes and local axes turn with them), vertices and normals take their
//! skinned values, SDEF centres and vertex-morph offsets follow their bones, and rigid
//! bodies and joints move with their bones.
//!
//! The pose's morph weights are not baked (the morphs stay morphs); physics is off, as
//! in TransformView. Bone morphs, IK angle limits and joint limits keep their values:
//! they are relative to the new rest pose from now on.

use super::input::InputError;
use crate::deform::{DeformState, Deformer, Pose};
use crate::edit::{Element, ModelEdit};
use crate::physics::rules;
use crate::pmx::{euler_angles, euler_rotation, LocalAxes, Model, MorphOffsets, Tail, Weights};
use glam::{Mat3, Mat4, Vec3};

/// Skinning matrix of bone `b` (identity for an invalid reference).
fn skin_of(state: &DeformState, b: i32) -> Mat4 {
    usize::try_from(b)
        .ok()
        .and_then(|b| state.skinning.get(b))
        .copied()
        .filter(|_| b >= 0 && (b as usize) + 1 < state.skinning.len())
        .unwrap_or(Mat4::IDENTITY)
}

/// The linear part of a vertex's blended skinning (for offsets that move with it).
fn blended_linear(state: &DeformState, w: &Weights) -> Mat3 {
    let (bones, weights, n) = w.bone_weights();
    let m = (0..n).fold(Mat4::ZERO, |acc, k| {
        acc + skin_of(state, bones[k]) * weights[k]
    });
    Mat3::from_mat4(m)
}

/// Placement (translation + rotation) as a matrix from stored position and Euler angles.
fn placement(position: Vec3, rotation: Vec3) -> Mat4 {
    Mat4::from_rotation_translation(euler_rotation(rotation), position)
}

fn from_placement(m: Mat4) -> (Vec3, Vec3) {
    let (_, r, t) = m.to_scale_rotation_translation();
    (t, euler_angles(r.normalize()))
}

/// The edit that makes `pose` (bones only) the model's rest pose.
pub fn apply_pose_as_rest(model: &Model, pose: &Pose) -> Result<ModelEdit, InputError> {
    if pose.bones.len() != model.bones.len() {
        return Err(InputError::Invalid(crate::tr!(
            "rest-err-bone-count",
            pose = pose.bones.len(),
            model = model.bones.len()
        )));
    }
    let mut bones_only = pose.clone();
    bones_only.morphs = vec![0.0; model.morphs.len()];
    let deformer = Deformer::new(model);
    let mut state = deformer.new_state();
    deformer.evaluate(model, &bones_only, &mut state);

    let mut items: Vec<(usize, Element)> = Vec::new();
    for (i, bone) in model.bones.iter().enumerate() {
        let world = state.world[i];
        let (_, rot, pos) = world.to_scale_rotation_translation();
        let rot = rot.normalize();
        let mut b = bone.clone();
        b.position = pos;
        if let Tail::Offset(o) = b.tail {
            b.tail = Tail::Offset(rot * o);
        }
        b.fixed_axis = b.fixed_axis.map(|a| (rot * a).normalize_or(a));
        b.local_axes = b.local_axes.map(|a| LocalAxes {
            x: (rot * a.x).normalize_or(a.x),
            z: (rot * a.z).normalize_or(a.z),
        });
        if b != *bone {
            items.push((i, b.into()));
        }
    }
    for (i, v) in model.vertices.iter().enumerate() {
        let mut nv = v.clone();
        nv.position = state.positions[i];
        nv.normal = state.normals[i];
        if let Weights::Sdef {
            bones,
            weight,
            c,
            r0,
            r1,
        } = v.weights
        {
            let (m0, m1) = (skin_of(&state, bones[0]), skin_of(&state, bones[1]));
            nv.weights = Weights::Sdef {
                bones,
                weight,
                c: m0.transform_point3(c) * weight + m1.transform_point3(c) * (1.0 - weight),
                r0: m0.transform_point3(r0),
                r1: m1.transform_point3(r1),
            };
        }
        if nv != *v {
            items.push((i, nv.into()));
        }
    }
    for (i, m) in model.morphs.iter().enumerate() {
        let MorphOffsets::Vertex(offsets) = &m.offsets else {
            continue;
        };
        let mut nm = m.clone();
        if let MorphOffsets::Vertex(new) = &mut nm.offsets {
            for o in new.iter_mut() {
                if let Some(v) = usize::try_from(o.vertex)
                    .ok()
                    .and_then(|v| model.vertices.get(v))
                {
                    o.offset = blended_linear(&state, &v.weights) * o.offset;
                }
            }
        }
        if nm.offsets != MorphOffsets::Vertex(offsets.clone()) {
            items.push((i, nm.into()));
        }
    }
    // Bodies go where the posed bones put them (physics' placement rule); a joint
    // moves as its body does.
    let body_motion: Vec<Mat4> = model
        .rigid_bodies
        .iter()
        .map(|rb| {
            let placed = rules::pose_matrix(&rules::bone_driven_pose(model, rb, &state.world));
            placed * rules::rest_matrix(rb).inverse()
        })
        .collect();
    for (i, rb) in model.rigid_bodies.iter().enumerate() {
        let (position, rotation) =
            from_placement(body_motion[i] * placement(rb.position, rb.rotation));
        let mut nb = rb.clone();
        nb.position = position;
        nb.rotation = rotation;
        if nb != *rb {
            items.push((i, nb.into()));
        }
    }
    // A joint moves with body B (the child side of a chain, whose bone turns about the
    // joint), else with body A. The spec does not say; both agree at the pivot.
    for (i, j) in model.joints.iter().enumerate() {
        let body = |b: i32| {
            usize::try_from(b)
                .ok()
                .and_then(|b| body_motion.get(b))
                .copied()
        };
        let Some(m) = body(j.body_b).or_else(|| body(j.body_a)) else {
            continue;
        };
        let (position, rotation) = from_placement(m * placement(j.position, j.rotation));
        let mut nj = j.clone();
        nj.position = position;
        nj.rotation = rotation;
        if nj != *j {
            items.push((i, nj.into()));
        }
    }
    if items.is_empty() {
        return Err(InputError::Invalid(crate::tr!("rest-err-nothing")));
    }
    Ok(ModelEdit::set_many(items, "rest pose").label(crate::tr!("rig-label-rest-pose")))
}
