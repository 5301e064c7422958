//! VRM's T pose from MMD's A pose: each upper arm (腕) and lower arm (ひじ) is turned about its
//! own joint until it points straight out sideways, and the result is baked into a copy of the
//! model (bone positions, vertices re-skinned linearly with their normals and vertex-morph
//! offsets, rigid bodies and joints), so the export's bind pose and inverse bind matrices are
//! the T pose. Hands and fingers keep their angle to the lower arm.

use crate::pmx::{euler_angles, euler_rotation, Model, MorphOffsets};
use glam::{Quat, Vec3};
use std::collections::BTreeMap;

/// A turn about a pivot: x ↦ rotation · (x − pivot) + pivot.
#[derive(Clone, Copy)]
struct Turn {
    rotation: Quat,
    pivot: Vec3,
}

impl Turn {
    fn apply(&self, x: Vec3) -> Vec3 {
        self.rotation * (x - self.pivot) + self.pivot
    }
}

/// The model in T pose. `human` is the humanoid map (VRM name → bone); a side without upper
/// arm, lower arm and hand stays as it is. Returns the model unchanged when nothing turns.
pub fn t_posed(model: &Model, human: &BTreeMap<String, usize>, parents: &[Option<usize>]) -> Model {
    let mut turns: BTreeMap<usize, Turn> = BTreeMap::new();
    for side in ["left", "right"] {
        let bone = |part: &str| human.get(&format!("{side}{part}")).copied();
        let (Some(upper), Some(lower), Some(hand)) =
            (bone("UpperArm"), bone("LowerArm"), bone("Hand"))
        else {
            continue;
        };
        let at = |b: usize| model.bones[b].position;
        let upper_dir = (at(lower) - at(upper)).normalize_or_zero();
        let lower_dir = (at(hand) - at(lower)).normalize_or_zero();
        if upper_dir == Vec3::ZERO || lower_dir == Vec3::ZERO {
            continue;
        }
        // Straight out on the arm's own side (MMD's left is +X, but the rig decides).
        let out = Vec3::X * upper_dir.x.signum();
        let upper_turn = Quat::from_rotation_arc(upper_dir, out);
        // The lower arm turns in the upper arm's rest frame: after both turns it points out.
        let lower_turn = Quat::from_rotation_arc(lower_dir, upper_turn.inverse() * out);
        turns.insert(
            upper,
            Turn {
                rotation: upper_turn,
                pivot: at(upper),
            },
        );
        turns.insert(
            lower,
            Turn {
                rotation: lower_turn,
                pivot: at(lower),
            },
        );
    }
    let mut out = model.clone();
    if turns.is_empty() {
        return out;
    }
    // Each bone's whole move: its turned ancestors (and itself), innermost applied first.
    let moves: Vec<Vec<Turn>> = (0..model.bones.len())
        .map(|b| {
            let mut chain = Vec::new();
            let mut cur = Some(b);
            while let Some(c) = cur {
                if let Some(t) = turns.get(&c) {
                    chain.push(*t);
                }
                cur = parents.get(c).copied().flatten();
            }
            chain
        })
        .collect();
    let point = |b: usize, x: Vec3| moves[b].iter().fold(x, |x, t| t.apply(x));
    let rotation = |b: usize| moves[b].iter().fold(Quat::IDENTITY, |r, t| t.rotation * r);
    let bone_of = |i: i32| usize::try_from(i).ok().filter(|&b| b < model.bones.len());

    for (b, bone) in out.bones.iter_mut().enumerate() {
        bone.position = point(b, bone.position);
    }
    // Linear blend of the bones' moves, as glTF skins (SDEF/QDEF are exported linearly too).
    let mut vertex_rotation: Vec<Option<Quat>> = vec![None; model.vertices.len()];
    for (i, v) in out.vertices.iter_mut().enumerate() {
        let (ids, ws, count) = v.weights.bone_weights();
        let mut position = Vec3::ZERO;
        let mut normal = Vec3::ZERO;
        let mut total = 0.0;
        let mut blended = glam::Vec4::ZERO;
        let mut moved = false;
        for s in 0..count {
            let (Some(b), w) = (bone_of(ids[s]), ws[s]) else {
                continue;
            };
            if !w.is_finite() || w <= 0.0 {
                continue;
            }
            moved |= !moves[b].is_empty();
            position += point(b, v.position) * w;
            let r = rotation(b);
            normal += r * v.normal * w;
            // Quaternions of one vertex's bones are close; keep them in one hemisphere.
            let q = glam::Vec4::from(r);
            blended += if q.dot(blended) < 0.0 { -q } else { q } * w;
            total += w;
        }
        if !moved || total <= 0.0 {
            continue;
        }
        v.position = position / total;
        v.normal = normal.try_normalize().unwrap_or(v.normal);
        vertex_rotation[i] = Some(Quat::from_vec4(blended).normalize());
    }
    for morph in &mut out.morphs {
        if let MorphOffsets::Vertex(offsets) = &mut morph.offsets {
            for o in offsets {
                let r = usize::try_from(o.vertex)
                    .ok()
                    .and_then(|v| vertex_rotation.get(v).copied().flatten());
                if let Some(r) = r {
                    o.offset = r * o.offset;
                }
            }
        }
    }
    for body in &mut out.rigid_bodies {
        if let Some(b) = bone_of(body.bone).filter(|&b| !moves[b].is_empty()) {
            body.position = point(b, body.position);
            body.rotation = euler_angles(rotation(b) * euler_rotation(body.rotation));
        }
    }
    let body_bone: Vec<Option<usize>> = model
        .rigid_bodies
        .iter()
        .map(|body| bone_of(body.bone))
        .collect();
    for joint in &mut out.joints {
        let b = usize::try_from(joint.body_b)
            .ok()
            .and_then(|i| body_bone.get(i).copied().flatten());
        if let Some(b) = b.filter(|&b| !moves[b].is_empty()) {
            joint.position = point(b, joint.position);
            joint.rotation = euler_angles(rotation(b) * euler_rotation(joint.rotation));
        }
    }
    out
}

/// How far each arm bone points from straight out sideways, in degrees (the largest; a test
/// and the report use it). `None` without the arm bones.
pub fn arm_droop_degrees(model: &Model, human: &BTreeMap<String, usize>) -> Option<f32> {
    let mut worst: Option<f32> = None;
    for side in ["left", "right"] {
        for (from, to) in [("UpperArm", "LowerArm"), ("LowerArm", "Hand")] {
            let a = *human.get(&format!("{side}{from}"))?;
            let b = *human.get(&format!("{side}{to}"))?;
            let d = (model.bones[b].position - model.bones[a].position).normalize_or_zero();
            let angle = d.angle_between(Vec3::X * d.x.signum()).to_degrees();
            worst = Some(worst.map_or(angle, |w| w.max(angle)));
        }
    }
    worst
}
