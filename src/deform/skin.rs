//! Skinning of positions and normals: BDEF1/2/4 (linear blending with the
//! weights as stored), SDEF (spherical, with corrected R0/R1 centres) and
//! QDEF (dual-quaternion blending).
//!
//! The vertex data is laid out once, structure-of-arrays, with every bone
//! reference validated (out of range → a trailing identity matrix).

use super::{DeformState, Deformer};
use crate::pmx::{Model, Weights};
use glam::{Mat4, Quat, Vec3, Vec3A, Vec4};
use rayon::prelude::*;

const BDEF1: u8 = 0;
const BDEF2: u8 = 1;
const BDEF4: u8 = 2;
const SDEF: u8 = 3;
const QDEF: u8 = 4;

/// Vertices per parallel task.
const CHUNK: usize = 2048;

#[derive(Debug, Clone, Copy)]
struct SdefParams {
    c: Vec3A,
    /// Corrected centres (c + r0')/2 and (c + r1')/2.
    cr0: Vec3A,
    cr1: Vec3A,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct SkinData {
    rest_position: Vec<Vec3A>,
    rest_normal: Vec<Vec3A>,
    kind: Vec<u8>,
    bones: Vec<[u32; 4]>,
    weights: Vec<[f32; 4]>,
    /// Index into `sdef` for SDEF vertices.
    sdef_slot: Vec<u32>,
    sdef: Vec<SdefParams>,
}

impl SkinData {
    pub(crate) fn new(model: &Model) -> SkinData {
        let nb = model.bones.len();
        let fix = |b: i32| {
            if b >= 0 && (b as usize) < nb {
                b as u32
            } else {
                nb as u32
            }
        };
        let nv = model.vertices.len();
        let mut d = SkinData {
            rest_position: Vec::with_capacity(nv),
            rest_normal: Vec::with_capacity(nv),
            kind: Vec::with_capacity(nv),
            bones: Vec::with_capacity(nv),
            weights: Vec::with_capacity(nv),
            sdef_slot: Vec::with_capacity(nv),
            sdef: Vec::new(),
        };
        for v in &model.vertices {
            d.rest_position.push(v.position.into());
            d.rest_normal.push(v.normal.into());
            let (kind, bones, weights, slot) = match v.weights {
                Weights::Bdef1 { bone } => (
                    BDEF1,
                    [fix(bone), nb as u32, nb as u32, nb as u32],
                    [1.0, 0.0, 0.0, 0.0],
                    0,
                ),
                Weights::Bdef2 { bones, weight } => (
                    BDEF2,
                    [fix(bones[0]), fix(bones[1]), nb as u32, nb as u32],
                    [weight, 1.0 - weight, 0.0, 0.0],
                    0,
                ),
                Weights::Bdef4 { bones, weights } => (BDEF4, bones.map(fix), weights, 0),
                Weights::Qdef { bones, weights } => (QDEF, bones.map(fix), weights, 0),
                Weights::Sdef {
                    bones,
                    weight,
                    c,
                    r0,
                    r1,
                } => {
                    let (w0, w1) = (weight, 1.0 - weight);
                    let rw = r0 * w0 + r1 * w1;
                    let r0c = c + r0 - rw;
                    let r1c = c + r1 - rw;
                    d.sdef.push(SdefParams {
                        c: c.into(),
                        cr0: ((c + r0c) * 0.5).into(),
                        cr1: ((c + r1c) * 0.5).into(),
                    });
                    (
                        SDEF,
                        [fix(bones[0]), fix(bones[1]), nb as u32, nb as u32],
                        [w0, w1, 0.0, 0.0],
                        (d.sdef.len() - 1) as u32,
                    )
                }
            };
            d.kind.push(kind);
            d.bones.push(bones);
            d.weights.push(weights);
            d.sdef_slot.push(slot);
        }
        d
    }

    pub(crate) fn len(&self) -> usize {
        self.kind.len()
    }

    pub(crate) fn skin(&self, state: &mut DeformState, parallel: bool) {
        let mats = &state.skinning[..];
        let offsets = &state.vertex_offsets[..];
        let mask = &state.skin_mask[..];
        let run = |(ci, (pos, nrm)): (usize, (&mut [Vec3], &mut [Vec3]))| {
            let base = ci * CHUNK;
            for k in 0..pos.len() {
                let v = base + k;
                if mask[v] {
                    continue;
                }
                let (p, n) = self.skin_vertex(v, mats, offsets[v]);
                pos[k] = p.into();
                nrm[k] = n.into();
            }
        };
        if parallel {
            state
                .positions
                .par_chunks_mut(CHUNK)
                .zip(state.normals.par_chunks_mut(CHUNK))
                .enumerate()
                .for_each(run);
        } else {
            state
                .positions
                .chunks_mut(CHUNK)
                .zip(state.normals.chunks_mut(CHUNK))
                .enumerate()
                .for_each(run);
        }
    }

    #[inline(always)]
    fn skin_vertex(&self, v: usize, mats: &[Mat4], offset: Vec3) -> (Vec3A, Vec3A) {
        let p = self.rest_position[v] + Vec3A::from(offset);
        let n = self.rest_normal[v];
        let b = self.bones[v];
        let w = self.weights[v];
        // `get` keeps a mismatched state (model edited without a new
        // Deformer) from panicking.
        let m = |i: usize| mats.get(b[i] as usize).copied().unwrap_or(Mat4::IDENTITY);
        match self.kind[v] {
            BDEF1 => {
                let m0 = m(0);
                (
                    m0.transform_point3a(p),
                    m0.transform_vector3a(n).normalize_or_zero(),
                )
            }
            BDEF2 => {
                let mm = m(0) * w[0] + m(1) * w[1];
                (
                    mm.transform_point3a(p),
                    mm.transform_vector3a(n).normalize_or_zero(),
                )
            }
            BDEF4 => {
                let mm = m(0) * w[0] + m(1) * w[1] + m(2) * w[2] + m(3) * w[3];
                (
                    mm.transform_point3a(p),
                    mm.transform_vector3a(n).normalize_or_zero(),
                )
            }
            SDEF => {
                let s = &self.sdef[self.sdef_slot[v] as usize];
                let (m0, m1) = (m(0), m(1));
                let q0 = Quat::from_mat4(&m0).normalize();
                let q1 = Quat::from_mat4(&m1).normalize();
                let r = super::bones::slerp(q0, q1, w[1]);
                let pos = r * (p - s.c)
                    + m0.transform_point3a(s.cr0) * w[0]
                    + m1.transform_point3a(s.cr1) * w[1];
                (pos, (r * n).normalize_or_zero())
            }
            _ => {
                // QDEF: blend dual quaternions, aligned to the first one's hemisphere.
                let mut real = Vec4::ZERO;
                let mut dual = Vec4::ZERO;
                let mut first: Option<Vec4> = None;
                for i in 0..4 {
                    if w[i] == 0.0 {
                        continue;
                    }
                    let mi = m(i);
                    let q = Quat::from_mat4(&mi).normalize();
                    let t = mi.w_axis.truncate();
                    let d = Quat::from_xyzw(t.x, t.y, t.z, 0.0) * q * 0.5;
                    let (qv, dv) = (Vec4::from(q), Vec4::from(d));
                    let sign = match first {
                        None => {
                            first = Some(qv);
                            1.0
                        }
                        Some(f) if f.dot(qv) < 0.0 => -1.0,
                        _ => 1.0,
                    };
                    real += qv * (w[i] * sign);
                    dual += dv * (w[i] * sign);
                }
                let len = real.length();
                if len < 1e-8 {
                    return (p, n);
                }
                let rq = Quat::from_vec4(real / len);
                let dq = Quat::from_vec4(dual / len);
                let t = dq * rq.conjugate() * 2.0;
                let pos = rq * p + Vec3A::new(t.x, t.y, t.z);
                (pos, (rq * n).normalize_or_zero())
            }
        }
    }
}

/// Skinning matrix per bone: world × T(−rest). The trailing slot stays identity.
pub(crate) fn update_skinning_matrices(deformer: &Deformer, state: &mut DeformState) {
    for (i, info) in deformer.bones.iter().enumerate() {
        state.skinning[i] = state.world[i] * Mat4::from_translation(-info.rest);
    }
}
