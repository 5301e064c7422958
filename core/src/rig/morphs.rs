//! Morph authoring, each one undo step: vertex morphs from recorded offsets or from
//! another model with the same vertices, bone morphs from a pose, group and flip morphs
//! from morph weights, UV, material and impulse morphs, and adding/removing offsets in
//! an existing morph.
//!
//! A new morph is appended and also listed in the special 表情 display frame when the
//! model has one (MMD shows only morphs in that frame on its facial panel; PMX Editor
//! adds new morphs there too).

use super::input::{check_morph, check_vertices, InputError};
use crate::deform::Pose;
use crate::edit::{Element, ModelEdit};
use crate::pmx::{
    BoneOffset, DisplayElement, GroupOffset, ImpulseOffset, MaterialOffset, MaterialOp, Model,
    Morph, MorphOffsets, UvOffset, VertexOffset,
};
use glam::{Quat, Vec3, Vec4};
use std::collections::HashSet;

/// Panel (PMD category) for new morphs: 0 system, 1 brow, 2 eye, 3 mouth, 4 other.
pub const PANEL_OTHER: u8 = 4;

/// Appends `morph` and lists it in the 表情 frame, as one step.
pub fn add_morph(model: &Model, morph: Morph) -> Result<ModelEdit, InputError> {
    if morph.name.is_empty() {
        return Err(InputError::Invalid(crate::tr!("rig-err-morph-needs-name")));
    }
    if morph.offsets.is_empty() {
        return Err(InputError::Invalid(crate::tr!(
            "rig-err-morph-no-offsets",
            name = morph.name.as_str()
        )));
    }
    let label = crate::tr!(
        "rig-label-add-morph",
        kind = morph.kind().name(),
        name = morph.name.as_str()
    );
    let index = model.morphs.len() as i32;
    let mut edits = vec![ModelEdit::add_morph(morph)];
    if let Some((f, frame)) = model
        .display_frames
        .iter()
        .enumerate()
        .find(|(_, f)| f.special && f.name == "表情")
    {
        let mut frame = frame.clone();
        frame.elements.push(DisplayElement::Morph(index));
        edits.push(ModelEdit::set_display_frame(f, frame, "elements"));
    }
    Ok(ModelEdit::batch(label, edits))
}

fn morph(name: &str, panel: u8, offsets: MorphOffsets) -> Morph {
    Morph {
        name: name.to_string(),
        name_en: String::new(),
        panel,
        offsets,
    }
}

/// A vertex morph from per-vertex offsets (e.g. recorded by the gizmo's morph edit
/// mode). Zero offsets are dropped; the base mesh is untouched.
pub fn vertex_morph_from_offsets(
    model: &Model,
    name: &str,
    panel: u8,
    offsets: &[(usize, Vec3)],
) -> Result<ModelEdit, InputError> {
    check_vertices(model, &offsets.iter().map(|o| o.0).collect::<Vec<_>>())?;
    let mut list: Vec<VertexOffset> = offsets
        .iter()
        .filter(|(_, o)| *o != Vec3::ZERO)
        .map(|&(v, offset)| VertexOffset {
            vertex: v as i32,
            offset,
        })
        .collect();
    list.sort_by_key(|o| o.vertex);
    list.dedup_by_key(|o| o.vertex);
    add_morph(model, morph(name, panel, MorphOffsets::Vertex(list)))
}

/// A vertex morph whose offsets are `other`'s vertex positions minus `base`'s (the two
/// must have the same vertex count). Vertices that did not move are left out.
pub fn vertex_morph_from_model(
    base: &Model,
    other: &Model,
    name: &str,
    panel: u8,
) -> Result<ModelEdit, InputError> {
    if base.vertices.len() != other.vertices.len() {
        return Err(InputError::Invalid(crate::tr!(
            "rig-err-vertex-count-differs",
            other = other.vertices.len(),
            this = base.vertices.len()
        )));
    }
    let offsets: Vec<(usize, Vec3)> = base
        .vertices
        .iter()
        .zip(&other.vertices)
        .enumerate()
        .map(|(i, (a, b))| (i, b.position - a.position))
        .filter(|(_, d)| d.is_finite())
        .collect();
    vertex_morph_from_offsets(base, name, panel, &offsets)
}

/// A bone morph holding the pose of every bone the pose moves (rotation and
/// translation as the pose has them), so applying it at weight 1 reproduces the pose.
pub fn bone_morph_from_pose(
    model: &Model,
    pose: &Pose,
    name: &str,
    panel: u8,
) -> Result<ModelEdit, InputError> {
    let offsets: Vec<BoneOffset> = pose
        .bones
        .iter()
        .take(model.bones.len())
        .enumerate()
        .filter(|(_, p)| p.rotation != Quat::IDENTITY || p.translation != Vec3::ZERO)
        .map(|(i, p)| BoneOffset {
            bone: i as i32,
            translation: p.translation,
            rotation: Vec4::from(p.rotation),
        })
        .collect();
    add_morph(model, morph(name, panel, MorphOffsets::Bone(offsets)))
}

/// Bone offsets holding `bones` at their pose in `pose` (a bone at rest too), to add
/// to a bone morph with [`add_offsets`].
pub fn bone_offsets_at_pose(
    model: &Model,
    pose: &Pose,
    bones: &[usize],
) -> Result<MorphOffsets, InputError> {
    let mut list = Vec::with_capacity(bones.len());
    for &b in bones {
        let i = super::input::check_bone(model, b)?;
        let p = pose.bones.get(b).copied().unwrap_or_default();
        list.push(BoneOffset {
            bone: i,
            translation: p.translation,
            rotation: Vec4::from(p.rotation),
        });
    }
    Ok(MorphOffsets::Bone(list))
}

fn group_offsets(model: &Model, weights: &[(usize, f32)]) -> Result<Vec<GroupOffset>, InputError> {
    for &(m, _) in weights {
        check_morph(model, m)?;
    }
    Ok(weights
        .iter()
        .filter(|(_, w)| *w != 0.0 && w.is_finite())
        .map(|&(m, ratio)| GroupOffset {
            morph: m as i32,
            ratio,
        })
        .collect())
}

/// A group morph of the given (morph, weight) pairs, e.g. the current morph sliders
/// (zero weights dropped).
pub fn group_morph(
    model: &Model,
    name: &str,
    panel: u8,
    weights: &[(usize, f32)],
) -> Result<ModelEdit, InputError> {
    let offsets = MorphOffsets::Group(group_offsets(model, weights)?);
    add_morph(model, morph(name, panel, offsets))
}

/// The non-zero morph weights of a pose as (morph, weight) pairs.
pub fn pose_morph_weights(pose: &Pose) -> Vec<(usize, f32)> {
    pose.morphs
        .iter()
        .enumerate()
        .filter(|(_, w)| **w != 0.0)
        .map(|(i, w)| (i, *w))
        .collect()
}

/// A flip morph (PMX 2.1) over the selected morphs: weight w turns on the
/// ⌊(n+1)·w⌋−1'th of them.
pub fn flip_morph(
    model: &Model,
    name: &str,
    panel: u8,
    weights: &[(usize, f32)],
) -> Result<ModelEdit, InputError> {
    let offsets = MorphOffsets::Flip(group_offsets(model, weights)?);
    add_morph(model, morph(name, panel, offsets))
}

/// An impulse morph (PMX 2.1) on the selected rigid bodies, all with the same velocity
/// and torque (both zero = stop the bodies).
pub fn impulse_morph(
    model: &Model,
    name: &str,
    panel: u8,
    bodies: &[usize],
    local: bool,
    velocity: Vec3,
    torque: Vec3,
) -> Result<ModelEdit, InputError> {
    let len = model.rigid_bodies.len();
    if let Some(&index) = bodies.iter().find(|&&b| b >= len) {
        return Err(InputError::NoSuchElement {
            what: "rigid body",
            index,
            len,
        });
    }
    let offsets = bodies
        .iter()
        .map(|&b| ImpulseOffset {
            rigid_body: b as i32,
            local,
            velocity,
            torque,
        })
        .collect();
    add_morph(model, morph(name, panel, MorphOffsets::Impulse(offsets)))
}

/// A UV morph on `layer` (0 = UV, 1..=4 = additional UV1..4); zero offsets dropped.
pub fn uv_morph(
    model: &Model,
    name: &str,
    panel: u8,
    layer: u8,
    offsets: &[(usize, Vec4)],
) -> Result<ModelEdit, InputError> {
    if layer > 4 {
        return Err(InputError::Invalid(crate::tr!(
            "rig-err-uv-layer",
            layer = layer
        )));
    }
    check_vertices(model, &offsets.iter().map(|o| o.0).collect::<Vec<_>>())?;
    let offsets = offsets
        .iter()
        .filter(|(_, o)| *o != Vec4::ZERO)
        .map(|&(v, offset)| UvOffset {
            vertex: v as i32,
            offset,
        })
        .collect();
    add_morph(
        model,
        morph(name, panel, MorphOffsets::Uv { layer, offsets }),
    )
}

/// A material offset that changes nothing: all ones for multiply, all zeros for add.
/// `material` −1 = every material.
pub fn neutral_material_offset(material: i32, op: MaterialOp) -> MaterialOffset {
    let x = if op == MaterialOp::Multiply { 1.0 } else { 0.0 };
    MaterialOffset {
        material,
        op,
        diffuse: Vec4::splat(x),
        specular: Vec3::splat(x),
        specular_power: x,
        ambient: Vec3::splat(x),
        edge_color: Vec4::splat(x),
        edge_size: x,
        texture_tint: Vec4::splat(x),
        sphere_tint: Vec4::splat(x),
        toon_tint: Vec4::splat(x),
    }
}

/// A material morph with the given offsets (edit them in the inspector afterwards).
pub fn material_morph(
    model: &Model,
    name: &str,
    panel: u8,
    offsets: Vec<MaterialOffset>,
) -> Result<ModelEdit, InputError> {
    let len = model.materials.len();
    if let Some(o) = offsets
        .iter()
        .find(|o| o.material < -1 || o.material >= len as i32)
    {
        return Err(InputError::NoSuchElement {
            what: "material",
            index: o.material.max(0) as usize,
            len,
        });
    }
    add_morph(model, morph(name, panel, MorphOffsets::Material(offsets)))
}

/// The element each offset targets (vertex, bone, morph, material or rigid body).
pub fn targets(offsets: &MorphOffsets) -> Vec<i32> {
    match offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => v.iter().map(|o| o.morph).collect(),
        MorphOffsets::Vertex(v) => v.iter().map(|o| o.vertex).collect(),
        MorphOffsets::Bone(v) => v.iter().map(|o| o.bone).collect(),
        MorphOffsets::Uv { offsets, .. } => offsets.iter().map(|o| o.vertex).collect(),
        MorphOffsets::Material(v) => v.iter().map(|o| o.material).collect(),
        MorphOffsets::Impulse(v) => v.iter().map(|o| o.rigid_body).collect(),
    }
}

/// Keeps the offsets for which `keep(index in list)` holds.
fn retain_offsets(offsets: &mut MorphOffsets, keep: impl Fn(usize) -> bool) {
    fn r<T>(v: &mut Vec<T>, keep: impl Fn(usize) -> bool) {
        let mut k = 0;
        v.retain(|_| {
            k += 1;
            keep(k - 1)
        });
    }
    match offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => r(v, keep),
        MorphOffsets::Vertex(v) => r(v, keep),
        MorphOffsets::Bone(v) => r(v, keep),
        MorphOffsets::Uv { offsets, .. } => r(offsets, keep),
        MorphOffsets::Material(v) => r(v, keep),
        MorphOffsets::Impulse(v) => r(v, keep),
    }
}

/// Appends a row of the offsets' kind that changes nothing yet (ratio, offset and
/// rotation zero or identity, on element 0; a material row on every material
/// (−1) with the neutral multiply values), for the inspector to fill in. An impulse
/// row is all zero, which stops the body (the spec's 停止制御) until it is set.
pub fn push_blank_offset(offsets: &mut MorphOffsets) {
    match offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => v.push(GroupOffset {
            morph: 0,
            ratio: 0.0,
        }),
        MorphOffsets::Vertex(v) => v.push(VertexOffset {
            vertex: 0,
            offset: Vec3::ZERO,
        }),
        MorphOffsets::Bone(v) => v.push(BoneOffset {
            bone: 0,
            translation: Vec3::ZERO,
            rotation: Vec4::from(Quat::IDENTITY),
        }),
        MorphOffsets::Uv { offsets, .. } => offsets.push(UvOffset {
            vertex: 0,
            offset: Vec4::ZERO,
        }),
        MorphOffsets::Material(v) => v.push(neutral_material_offset(-1, MaterialOp::Multiply)),
        MorphOffsets::Impulse(v) => v.push(ImpulseOffset {
            rigid_body: 0,
            local: false,
            velocity: Vec3::ZERO,
            torque: Vec3::ZERO,
        }),
    }
}

/// Removes row `k` of the offsets (nothing if there is no such row).
pub fn remove_offset_at(offsets: &mut MorphOffsets, k: usize) {
    retain_offsets(offsets, |i| i != k);
}

/// Appends `b`'s entries to `a` (same kind and layer), or None when they differ.
fn append_offsets(a: &mut MorphOffsets, b: MorphOffsets) -> Option<()> {
    match (a, b) {
        (MorphOffsets::Group(x), MorphOffsets::Group(y))
        | (MorphOffsets::Flip(x), MorphOffsets::Flip(y)) => x.extend(y),
        (MorphOffsets::Vertex(x), MorphOffsets::Vertex(y)) => x.extend(y),
        (MorphOffsets::Bone(x), MorphOffsets::Bone(y)) => x.extend(y),
        (
            MorphOffsets::Uv { layer, offsets: x },
            MorphOffsets::Uv {
                layer: l2,
                offsets: y,
            },
        ) if *layer == l2 => x.extend(y),
        (MorphOffsets::Material(x), MorphOffsets::Material(y)) => x.extend(y),
        (MorphOffsets::Impulse(x), MorphOffsets::Impulse(y)) => x.extend(y),
        _ => return None,
    }
    Some(())
}

/// Adds `offsets` (the morph's own kind) to morph `index`; an entry for an element the
/// morph already has replaces the old one (vertex, bone, morph, body; material offsets
/// are always appended, since one material may carry a multiply and an add entry).
pub fn add_offsets(
    model: &Model,
    index: usize,
    offsets: MorphOffsets,
) -> Result<Option<ModelEdit>, InputError> {
    check_morph(model, index)?;
    let old = &model.morphs[index];
    if offsets.is_empty() {
        return Ok(None);
    }
    let mut new = old.clone();
    if !matches!(offsets, MorphOffsets::Material(_)) {
        let replaced: HashSet<i32> = targets(&offsets).into_iter().collect();
        let have = targets(&new.offsets);
        retain_offsets(&mut new.offsets, |k| !replaced.contains(&have[k]));
    }
    let n = offsets.len();
    append_offsets(&mut new.offsets, offsets).ok_or_else(|| {
        InputError::Invalid(crate::tr!(
            "rig-err-offsets-kind",
            name = old.name.as_str(),
            kind = crate::pmx::summary::kind_label(old.kind().name())
        ))
    })?;
    Ok((new != *old).then(|| {
        ModelEdit::set_morph(index, new, "offsets").label(crate::tr!(
            "rig-label-add-offsets",
            count = n,
            name = old.name.as_str()
        ))
    }))
}

/// Removes the offsets of morph `index` that target any of `elements` (vertices for
/// vertex/UV morphs, bones, morphs, materials or rigid bodies by the morph's kind).
pub fn remove_offsets(
    model: &Model,
    index: usize,
    elements: &[usize],
) -> Result<Option<ModelEdit>, InputError> {
    check_morph(model, index)?;
    let old = &model.morphs[index];
    let have = targets(&old.offsets);
    let gone: HashSet<i32> = elements.iter().map(|&e| e as i32).collect();
    let mut new = old.clone();
    retain_offsets(&mut new.offsets, |k| !gone.contains(&have[k]));
    let n = old.offsets.len() - new.offsets.len();
    Ok((n > 0).then(|| {
        ModelEdit::set(index, Element::from(new), "offsets").label(crate::tr!(
            "rig-label-remove-offsets",
            count = n,
            name = old.name.as_str()
        ))
    }))
}
