//! Morphs in the spec's order: a flip pass, then a group/other pass
//! (「グループモーフや他のフリップモーフとの共存」).

use super::bones::slerp_identity;
use super::{DeformState, Deformer, Pose};
use crate::pmx::{Material, MaterialOffset, MaterialOp, Model, MorphOffsets};
use glam::{Quat, Vec3, Vec4};

/// Material values a material morph touches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MaterialValues {
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub edge_color: Vec4,
    pub edge_size: f32,
    pub texture_tint: Vec4,
    pub sphere_tint: Vec4,
    pub toon_tint: Vec4,
}

impl MaterialValues {
    pub const ONE: MaterialValues =
        MaterialValues::from_offset(&MaterialOffset::identity(-1, MaterialOp::Multiply));
    pub const ZERO: MaterialValues =
        MaterialValues::from_offset(&MaterialOffset::identity(-1, MaterialOp::Add));

    const fn from_offset(o: &MaterialOffset) -> MaterialValues {
        MaterialValues {
            diffuse: o.diffuse,
            specular: o.specular,
            specular_power: o.specular_power,
            ambient: o.ambient,
            edge_color: o.edge_color,
            edge_size: o.edge_size,
            texture_tint: o.texture_tint,
            sphere_tint: o.sphere_tint,
            toon_tint: o.toon_tint,
        }
    }
}

/// Accumulated material-morph sets of one material, kept apart as the spec
/// advises; drawn as `value × mul + add`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MaterialMorph {
    pub mul: MaterialValues,
    pub add: MaterialValues,
}

impl MaterialMorph {
    pub const IDENTITY: MaterialMorph = MaterialMorph {
        mul: MaterialValues::ONE,
        add: MaterialValues::ZERO,
    };

    /// Whether any morph touched this material.
    pub fn is_identity(&self) -> bool {
        *self == Self::IDENTITY
    }

    /// The material's colours after morphs. The tints are the factors for
    /// texture, sphere and toon colours: `tex.rgb × mul + add`, where the
    /// morph's A mixes the multiply with white and the add with black
    /// (spec: 乗算:白(1,1,1)との比率混合／加算:黒(0,0,0)との比率混合);
    /// their A is 1 (the texture keeps its own alpha).
    pub fn apply(&self, m: &Material) -> (MaterialValues, [(Vec3, Vec3); 3]) {
        let (mul, add) = (&self.mul, &self.add);
        let values = MaterialValues {
            diffuse: m.diffuse * mul.diffuse + add.diffuse,
            specular: m.specular * mul.specular + add.specular,
            specular_power: m.specular_power * mul.specular_power + add.specular_power,
            ambient: m.ambient * mul.ambient + add.ambient,
            edge_color: m.edge_color * mul.edge_color + add.edge_color,
            edge_size: m.edge_size * mul.edge_size + add.edge_size,
            texture_tint: Vec4::ONE * mul.texture_tint + add.texture_tint,
            sphere_tint: Vec4::ONE * mul.sphere_tint + add.sphere_tint,
            toon_tint: Vec4::ONE * mul.toon_tint + add.toon_tint,
        };
        let tint = |mt: Vec4, at: Vec4| {
            let m = Vec3::ONE + (mt.truncate() - Vec3::ONE) * mt.w;
            let a = at.truncate() * at.w;
            (m, a)
        };
        (
            values,
            [
                tint(mul.texture_tint, add.texture_tint),
                tint(mul.sphere_tint, add.sphere_tint),
                tint(mul.toon_tint, add.toon_tint),
            ],
        )
    }

    fn accumulate(&mut self, o: &MaterialOffset, w: f32) {
        let v = MaterialValues::from_offset(o);
        match o.op {
            MaterialOp::Multiply => {
                // Weighted multiply: lerp(1, value, w).
                let m = &mut self.mul;
                let l4 = |x: Vec4| Vec4::ONE + (x - Vec4::ONE) * w;
                let l3 = |x: Vec3| Vec3::ONE + (x - Vec3::ONE) * w;
                let l1 = |x: f32| 1.0 + (x - 1.0) * w;
                m.diffuse *= l4(v.diffuse);
                m.specular *= l3(v.specular);
                m.specular_power *= l1(v.specular_power);
                m.ambient *= l3(v.ambient);
                m.edge_color *= l4(v.edge_color);
                m.edge_size *= l1(v.edge_size);
                m.texture_tint *= l4(v.texture_tint);
                m.sphere_tint *= l4(v.sphere_tint);
                m.toon_tint *= l4(v.toon_tint);
            }
            MaterialOp::Add => {
                let a = &mut self.add;
                a.diffuse += v.diffuse * w;
                a.specular += v.specular * w;
                a.specular_power += v.specular_power * w;
                a.ambient += v.ambient * w;
                a.edge_color += v.edge_color * w;
                a.edge_size += v.edge_size * w;
                a.texture_tint += v.texture_tint * w;
                a.sphere_tint += v.sphere_tint * w;
                a.toon_tint += v.toon_tint * w;
            }
            // An operation the spec does not define changes nothing.
            MaterialOp::Unknown(_) => {}
        }
    }
}

/// Impulse-morph totals for one rigid body. Local and global are kept
/// apart and sent to physics separately, as the spec's editor does.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RigidImpulse {
    pub local_velocity: Vec3,
    pub local_torque: Vec3,
    pub global_velocity: Vec3,
    pub global_torque: Vec3,
    /// 停止制御: an all-zero impulse with non-zero weight asks physics to
    /// reset the body's motion.
    pub stop: bool,
}

impl RigidImpulse {
    pub fn is_empty(&self) -> bool {
        *self == RigidImpulse::default()
    }
}

/// The selected entry of a flip morph with `count` entries at `value`:
/// `floor((count+1)·value) − 1`, clamped to the entries; `None` selects
/// nothing (value 0, the initial state).
pub fn flip_index(count: usize, value: f32) -> Option<usize> {
    if count == 0 || value.is_nan() {
        return None;
    }
    let raw = ((count as f32 + 1.0) * value).floor() - 1.0;
    if raw < 0.0 {
        None
    } else {
        Some((raw as usize).min(count - 1))
    }
}

impl Deformer {
    /// Evaluates all morphs into `state` (morph weights, vertex and UV
    /// offsets, bone offsets, material sets, impulses). Only what morphs with
    /// non-zero weight touched last frame is reset.
    pub fn apply_morphs(&self, model: &Model, pose: &Pose, state: &mut DeformState) {
        self.morphs(model, pose, state, true);
    }

    /// Only what the bones read: morph weights (flips and groups applied) and
    /// bone morphs. Vertex, UV, material and impulse outputs stay at rest: for
    /// callers that need matrices alone.
    pub fn apply_morph_weights(&self, model: &Model, pose: &Pose, state: &mut DeformState) {
        self.morphs(model, pose, state, false);
    }

    fn morphs(&self, model: &Model, pose: &Pose, state: &mut DeformState, all: bool) {
        if !self.fits(state) {
            return;
        }
        self.reset_morph_outputs(state);
        let n = state.morph_weights.len();
        for (i, w) in state.morph_weights.iter_mut().enumerate() {
            *w = pose.morphs.get(i).copied().unwrap_or(0.0);
        }
        let morphs = &model.morphs[..n.min(model.morphs.len())];

        // Pass 1 (index order): flips, and flips inside groups.
        for &i in &self.flips_and_groups {
            let i = i as usize;
            let Some(morph) = morphs.get(i) else { break };
            match &morph.offsets {
                MorphOffsets::Flip(entries) => {
                    let v = state.morph_weights[i];
                    apply_flip(entries, v, &mut state.morph_weights);
                }
                MorphOffsets::Group(entries) => {
                    let gv = state.morph_weights[i];
                    if gv == 0.0 {
                        continue;
                    }
                    for e in entries {
                        let Some(t) = valid(e.morph, morphs.len()) else {
                            continue;
                        };
                        if let MorphOffsets::Flip(fe) = &morphs[t].offsets {
                            apply_flip(fe, gv * e.ratio, &mut state.morph_weights);
                        }
                    }
                }
                _ => {}
            }
        }

        // Pass 2 (index order): groups without their flips, then the rest.
        for i in 0..morphs.len() {
            let w = state.morph_weights[i];
            if w == 0.0 {
                continue;
            }
            match &morphs[i].offsets {
                MorphOffsets::Flip(_) => {}
                MorphOffsets::Group(entries) => {
                    for e in entries {
                        let Some(t) = valid(e.morph, morphs.len()) else {
                            continue;
                        };
                        // Groups of groups are not supported by the spec; flips ran in pass 1.
                        if !matches!(
                            morphs[t].offsets,
                            MorphOffsets::Group(_) | MorphOffsets::Flip(_)
                        ) {
                            self.apply_one(t, &morphs[t].offsets, w * e.ratio, state, all);
                        }
                    }
                }
                other => self.apply_one(i, other, w, state, all),
            }
        }
        for &v in &state.dirty_vertices {
            let v = v as usize;
            state.morphed_positions[v] =
                self.skin.rest_position[v] + glam::Vec3A::from(state.vertex_offsets[v]);
        }
    }

    fn reset_morph_outputs(&self, state: &mut DeformState) {
        for &v in &state.dirty_vertices {
            state.vertex_offsets[v as usize] = Vec3::ZERO;
            state.dirty_vertex_flag[v as usize] = false;
            state.morphed_positions[v as usize] = self.skin.rest_position[v as usize];
        }
        state.dirty_vertices.clear();
        for &v in &state.dirty_uvs {
            let v = v as usize;
            state.uv_offsets[v] = Vec4::ZERO;
            for layer in &mut state.additional_uv_offsets {
                layer[v] = Vec4::ZERO;
            }
            state.dirty_uv_flag[v] = false;
        }
        state.dirty_uvs.clear();
        if std::mem::take(&mut state.morphed_bones) {
            state.bone_morph_translation.fill(Vec3::ZERO);
            state.bone_morph_rotation.fill(Quat::IDENTITY);
        }
        if std::mem::take(&mut state.morphed_materials) {
            state.materials.fill(MaterialMorph::IDENTITY);
        }
        if std::mem::take(&mut state.morphed_impulses) {
            state.impulses.fill(RigidImpulse::default());
        }
    }

    /// Applies one non-group, non-flip morph's offsets with weight `w`.
    /// `all`: every kind; otherwise bone morphs only.
    fn apply_one(
        &self,
        index: usize,
        offsets: &MorphOffsets,
        w: f32,
        state: &mut DeformState,
        all: bool,
    ) {
        if w == 0.0 || !(all || matches!(offsets, MorphOffsets::Bone(_))) {
            return;
        }
        match offsets {
            MorphOffsets::Vertex(_) => {
                // Validated flat copy made by `Deformer::new`.
                let Some(m) = self.vertex_morphs.get(index) else {
                    return;
                };
                let offsets = &mut state.vertex_offsets[..];
                let flags = &mut state.dirty_vertex_flag[..];
                if offsets.len() != self.skin.len() || flags.len() != offsets.len() {
                    return;
                }
                for (&v, &o) in m.vertices.iter().zip(&m.offsets) {
                    let v = v as usize;
                    // SAFETY: `build_vertex_morphs` kept only vertices below
                    // the model's vertex count, which both arrays have (checked above).
                    unsafe {
                        *offsets.get_unchecked_mut(v) += o * w;
                        let flag = flags.get_unchecked_mut(v);
                        if !*flag {
                            *flag = true;
                            state.dirty_vertices.push(v as u32);
                        }
                    }
                }
            }
            MorphOffsets::Uv { layer, offsets } => {
                let n = state.uv_offsets.len();
                for o in offsets {
                    let Some(v) = valid(o.vertex, n) else {
                        continue;
                    };
                    let target = match layer {
                        0 => &mut state.uv_offsets[v],
                        l => &mut state.additional_uv_offsets[(*l as usize - 1).min(3)][v],
                    };
                    *target += o.offset * w;
                    if !state.dirty_uv_flag[v] {
                        state.dirty_uv_flag[v] = true;
                        state.dirty_uvs.push(v as u32);
                    }
                }
            }
            MorphOffsets::Bone(list) => {
                state.morphed_bones = true;
                let n = state.bone_morph_translation.len();
                for o in list {
                    let Some(b) = valid(o.bone, n) else { continue };
                    state.bone_morph_translation[b] += o.translation * w;
                    let q = Quat::from_vec4(o.rotation);
                    let len = q.length();
                    if len > 1e-12 {
                        let r = slerp_identity(q / len, w);
                        state.bone_morph_rotation[b] =
                            (r * state.bone_morph_rotation[b]).normalize();
                    }
                }
            }
            MorphOffsets::Material(list) => {
                state.morphed_materials = true;
                for o in list {
                    if o.material == -1 {
                        for m in state.materials.iter_mut() {
                            m.accumulate(o, w);
                        }
                    } else if let Some(m) = valid(o.material, state.materials.len()) {
                        state.materials[m].accumulate(o, w);
                    }
                }
            }
            MorphOffsets::Impulse(list) => {
                state.morphed_impulses = true;
                for o in list {
                    let Some(r) = valid(o.rigid_body, state.impulses.len()) else {
                        continue;
                    };
                    let imp = &mut state.impulses[r];
                    if o.is_stop() {
                        imp.stop = true;
                    } else if o.local {
                        imp.local_velocity += o.velocity * w;
                        imp.local_torque += o.torque * w;
                    } else {
                        imp.global_velocity += o.velocity * w;
                        imp.global_torque += o.torque * w;
                    }
                }
            }
            MorphOffsets::Group(_) | MorphOffsets::Flip(_) => {}
        }
    }
}

/// The flip and group morphs (pass 1 reads no others), in index order.
pub(crate) fn flips_and_groups(model: &Model) -> Vec<u32> {
    let switches = |m: &&crate::pmx::Morph| {
        matches!(m.offsets, MorphOffsets::Flip(_) | MorphOffsets::Group(_))
    };
    (model.morphs.iter().enumerate())
        .filter(|(_, m)| switches(m))
        .map(|(i, _)| i as u32)
        .collect()
}

/// A vertex morph with its references checked once.
#[derive(Debug, Clone, Default)]
pub(crate) struct VertexMorph {
    vertices: Vec<u32>,
    offsets: Vec<Vec3>,
}

/// One entry per morph (empty for other kinds).
pub(crate) fn build_vertex_morphs(model: &Model) -> Vec<VertexMorph> {
    let n = model.vertices.len();
    model
        .morphs
        .iter()
        .map(|m| match &m.offsets {
            MorphOffsets::Vertex(list) => {
                let valid: Vec<_> = list
                    .iter()
                    .filter_map(|o| valid(o.vertex, n).map(|v| (v as u32, o.offset)))
                    .collect();
                VertexMorph {
                    vertices: valid.iter().map(|x| x.0).collect(),
                    offsets: valid.iter().map(|x| x.1).collect(),
                }
            }
            _ => VertexMorph::default(),
        })
        .collect()
}

fn valid(i: i32, n: usize) -> Option<usize> {
    (i >= 0 && (i as usize) < n).then_some(i as usize)
}

/// Overwrites the selected entry's morph weight with the entry's value.
fn apply_flip(entries: &[crate::pmx::GroupOffset], value: f32, weights: &mut [f32]) {
    if let Some(k) = flip_index(entries.len(), value) {
        let e = entries[k];
        if let Some(t) = valid(e.morph, weights.len()) {
            weights[t] = e.ratio;
        }
    }
}
