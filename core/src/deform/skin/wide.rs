//! BDEF1, BDEF2 and BDEF4 two vertices at a time with AVX: each 128-bit half of a
//! 256-bit register holds one vertex and does exactly the operations glam's SSE2
//! path does for it, in the same order (no FMA), so the results are bit-for-bit
//! those of the one-vertex loop. Halves the arithmetic instructions of the
//! linear kinds.

use super::{Out, SkinData, BDEF1, BDEF2, BDEF4};
use glam::{Mat4, Vec3, Vec3A};
use std::arch::x86_64::*;

/// Two 128-bit values as the low and high halves of one register.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn pair(low: __m128, high: __m128) -> __m256 {
    _mm256_insertf128_ps(_mm256_castps128_ps256(low), high, 1)
}

/// The columns of two matrices, paired.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn columns(a: &Mat4, b: &Mat4) -> [__m256; 4] {
    [
        pair(a.x_axis.into(), b.x_axis.into()),
        pair(a.y_axis.into(), b.y_axis.into()),
        pair(a.z_axis.into(), b.z_axis.into()),
        pair(a.w_axis.into(), b.w_axis.into()),
    ]
}

/// `Mat4::transform_vector3a` per half: ((x·vx) + y·vy) + z·vz.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn times_vector(m: &[__m256; 4], v: __m256) -> __m256 {
    let mut res = _mm256_mul_ps(m[0], _mm256_permute_ps(v, 0b00_00_00_00));
    res = _mm256_add_ps(
        _mm256_mul_ps(m[1], _mm256_permute_ps(v, 0b01_01_01_01)),
        res,
    );
    _mm256_add_ps(
        _mm256_mul_ps(m[2], _mm256_permute_ps(v, 0b10_10_10_10)),
        res,
    )
}

/// `Mat4::transform_point3a` per half: the vector part, then + w.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn times_point(m: &[__m256; 4], p: __m256) -> __m256 {
    _mm256_add_ps(m[3], times_vector(m, p))
}

/// `Vec3A::normalize_or_zero` per half: 1 / sqrt((x² + y²) + z²), kept when finite
/// and positive, else zero.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn normalize_or_zero(v: __m256) -> __m256 {
    let sq = _mm256_mul_ps(v, v);
    let sum = _mm256_add_ps(
        _mm256_add_ps(
            _mm256_permute_ps(sq, 0b00_00_00_00),
            _mm256_permute_ps(sq, 0b01_01_01_01),
        ),
        _mm256_permute_ps(sq, 0b10_10_10_10),
    );
    let rcp = _mm256_div_ps(_mm256_set1_ps(1.0), _mm256_sqrt_ps(sum));
    let keep = _mm256_and_ps(
        _mm256_cmp_ps(rcp, _mm256_setzero_ps(), _CMP_GT_OQ),
        _mm256_cmp_ps(rcp, _mm256_set1_ps(f32::INFINITY), _CMP_LT_OQ),
    );
    _mm256_and_ps(_mm256_mul_ps(v, rcp), keep)
}

/// The two halves as the `Vec3`s stored per vertex.
#[inline]
#[target_feature(enable = "avx")]
unsafe fn halves(v: __m256) -> (Vec3, Vec3) {
    let low = Vec3A::from(_mm256_castps256_ps128(v));
    let high = Vec3A::from(_mm256_extractf128_ps(v, 1));
    (low.into(), high.into())
}

impl SkinData {
    /// Skins grouped entries of kind `K` (BDEF1, BDEF2 or BDEF4) from `s` in pairs while
    /// two are left before `e`; returns where it stopped (the caller does the
    /// rest one at a time). A pair with a masked vertex is left to
    /// [`skin_entry`](SkinData::skin_entry).
    ///
    /// # Safety
    /// The CPU has AVX; the same as `skin_kind`'s loop: the per-vertex arrays
    /// have the vertex count, `mats` every bone slot, `s..e` is within one group.
    #[target_feature(enable = "avx")]
    pub(super) unsafe fn skin_pairs<const K: u8, const N: bool>(
        &self,
        s: usize,
        e: usize,
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: &[bool],
        out: &Out,
    ) -> usize {
        let mut g = s;
        while g + 1 < e {
            let (va, vb) = (
                *self.vertex.get_unchecked(g) as usize,
                *self.vertex.get_unchecked(g + 1) as usize,
            );
            if *mask.get_unchecked(va) || *mask.get_unchecked(vb) {
                self.skin_entry::<K, N>(g, mats, morphed, mask, out);
                self.skin_entry::<K, N>(g + 1, mats, morphed, mask, out);
                g += 2;
                continue;
            }
            let (ba, bb) = (self.bones.get_unchecked(g), self.bones.get_unchecked(g + 1));
            let p = pair(
                (*morphed.get_unchecked(va)).into(),
                (*morphed.get_unchecked(vb)).into(),
            );
            let n = pair(
                (*self.rest_normal.get_unchecked(g)).into(),
                (*self.rest_normal.get_unchecked(g + 1)).into(),
            );
            let m0 = columns(
                mats.get_unchecked(ba[0] as usize),
                mats.get_unchecked(bb[0] as usize),
            );
            let weight = |g: usize, i: usize| _mm_set1_ps(self.weights.get_unchecked(g)[i]);
            let (position, normal) = if K == BDEF1 {
                // A rigid transform keeps the normal's length.
                (times_point(&m0, p), times_vector(&m0, n))
            } else if K == BDEF4 {
                // ((m0·w0 + m1·w1) + m2·w2) + m3·w3 per column, as `Mat4`'s operators.
                let mut mm = m0;
                let w0 = pair(weight(g, 0), weight(g + 1, 0));
                for c in &mut mm {
                    *c = _mm256_mul_ps(*c, w0);
                }
                for i in 1..4 {
                    let mi = columns(
                        mats.get_unchecked(ba[i] as usize),
                        mats.get_unchecked(bb[i] as usize),
                    );
                    let wi = pair(weight(g, i), weight(g + 1, i));
                    for (c, m) in mm.iter_mut().zip(mi) {
                        *c = _mm256_add_ps(*c, _mm256_mul_ps(m, wi));
                    }
                }
                (times_point(&mm, p), normalize_or_zero(times_vector(&mm, n)))
            } else {
                debug_assert_eq!(K, BDEF2);
                let m1 = columns(
                    mats.get_unchecked(ba[1] as usize),
                    mats.get_unchecked(bb[1] as usize),
                );
                let w = pair(weight(g, 0), weight(g + 1, 0));
                // m1 + (m0 − m1)·w per column, as the one-vertex path.
                let blend =
                    |c: usize| _mm256_add_ps(m1[c], _mm256_mul_ps(_mm256_sub_ps(m0[c], m1[c]), w));
                let mm = [blend(0), blend(1), blend(2), blend(3)];
                (times_point(&mm, p), normalize_or_zero(times_vector(&mm, n)))
            };
            let (pa, pb) = halves(position);
            *out.positions.add(va) = pa;
            *out.positions.add(vb) = pb;
            if N {
                let (na, nb) = halves(normal);
                *out.normals.add(va) = na;
                *out.normals.add(vb) = nb;
            }
            g += 2;
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use crate::deform::{pose_from_json, Deformer};

    /// The paired AVX path and the one-vertex path give identical bits on Gene
    /// (BDEF1, BDEF2 and BDEF4 vertices).
    #[test]
    fn pairs_skin_bit_for_bit_as_single_vertices() {
        if !std::is_x86_feature_detected!("avx") {
            eprintln!("skipped: no AVX on this CPU");
            return;
        }
        let Some(dir) = hone_testkit::shared_models_dir().map(|d| d.join("gene")) else {
            eprintln!("skipped: shared models not found");
            return;
        };
        let model = crate::pmx::load(dir.join("Gene.pmx")).expect("Gene").model;
        let text = std::fs::read_to_string(dir.join("oracle/gene_r7.pose.json")).expect("pose");
        let pose = pose_from_json(&model, &text).expect("pose").pose;
        let mut deformer = Deformer::new(&model);
        deformer.parallel = false;
        let mut state = deformer.new_state();
        deformer.evaluate(&model, &pose, &mut state);
        assert!(deformer.skin.avx, "AVX detected but not used");
        let (positions, normals) = (state.positions.clone(), state.normals.clone());
        deformer.skin.avx = false;
        state.positions.fill(glam::Vec3::splat(f32::NAN));
        state.normals.fill(glam::Vec3::splat(f32::NAN));
        deformer.skin(&mut state);
        let bits = |v: &[glam::Vec3]| -> Vec<[u32; 3]> {
            v.iter().map(|p| p.to_array().map(f32::to_bits)).collect()
        };
        assert_eq!(bits(&positions), bits(&state.positions));
        assert_eq!(bits(&normals), bits(&state.normals));
    }
}
