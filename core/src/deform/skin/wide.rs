//! BDEF1, BDEF2 and BDEF4 eight vertices at a time. The linear kinds' vertices are
//! sorted by the bones they name and packed into batches of eight that share
//! those bones, so a batch reads each bone matrix once (broadcast to every lane)
//! and each lane only its own weights, rest normal and morphed position: no
//! gathers of matrices. BDEF4 vertices are also sorted by how many bones they
//! weight (see `Entry::of`), and a batch blends only those. Every lane uses
//! fused multiply-adds in the order of [`super::linear_fused`], which the
//! one-vertex path then uses too (loose and masked vertices, edits), so the
//! two paths agree bit for bit; a CPU without AVX and FMA gets no batches and
//! the one-vertex path with plain products and sums.
//!
//! An edit of some vertices takes them out of their batches (their lanes then
//! repeat a lane still in the batch) into a short list skinned one at a time;
//! past a share of the model the batches are built again.

use super::{terms, Out, SkinData, BDEF1, BDEF2, BDEF4, QDEF};
use glam::{Mat4, Vec3A};

pub(super) const LANES: usize = 8;
/// `Batches::lane` of a vertex in the loose list.
const LOOSE: u32 = u32::MAX;
/// `Batches::lane` of an SDEF or QDEF vertex (skinned in its group).
const OUTSIDE: u32 = u32::MAX - 1;
/// Past this share of the vertices (1/8) loose, the batches are built again.
const REBUILD_SHARE: usize = 8;

/// Eight vertices of one linear kind naming the same bones. A batch of a run
/// shorter than eight repeats its last vertex in the lanes left (the repeated
/// lanes compute and write the same values).
#[repr(C, align(32))]
#[derive(Debug, Clone, Copy)]
pub(super) struct Batch<const W: usize> {
    normal: [[f32; LANES]; 3],
    /// BDEF2: the first bone's weight; BDEF4: all four.
    weight: [[f32; LANES]; W],
    vertex: [u32; LANES],
    bones: [u16; 4],
    /// BDEF4: how many of `bones` are blended (1 to 4).
    terms: u8,
    /// The lanes are the vertices v, v + 1 … v + 7: a lane's 16-byte store may
    /// run into the next lane's vertex, which that lane then writes.
    consecutive: bool,
    /// Every vertex was edited away: nothing to do.
    empty: bool,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Batches {
    one: Vec<Batch<0>>,
    two: Vec<Batch<1>>,
    four: Vec<Batch<4>>,
    /// Per file index: `kind << 29 | batch << 3 | lane`, [`LOOSE`] or [`OUTSIDE`].
    lane: Vec<u32>,
    /// Linear-kind vertices edited since the build, skinned one at a time.
    pub(super) loose: Vec<u32>,
    /// The CPU has AVX-512 (F and VL): unmasked batches use those kernels.
    avx512: bool,
}

impl Batches {
    /// The batches of `skin`'s BDEF1, BDEF2 and BDEF4 groups, or None where the
    /// CPU lacks AVX or FMA (the one-vertex path then does all).
    pub(super) fn new(skin: &SkinData) -> Option<Batches> {
        if !has_avx_fma() {
            return None;
        }
        let mut b = Batches {
            lane: vec![OUTSIDE; skin.len()],
            avx512: has_avx512(),
            ..Batches::default()
        };
        b.one = b.pack(skin, BDEF1, |_, _| [[0.0; LANES]; 0]);
        b.two = b.pack(skin, BDEF2, |ws: &[&[f32; 4]], _| {
            [std::array::from_fn(|l| ws[l][0])]
        });
        b.four = b.pack(skin, BDEF4, |ws: &[&[f32; 4]], _| {
            std::array::from_fn(|i| std::array::from_fn(|l| ws[l][i]))
        });
        Some(b)
    }

    /// Batches of kind group `kind`, sorted by terms, bones, then file index.
    fn pack<const W: usize>(
        &mut self,
        skin: &SkinData,
        kind: u8,
        weights: impl Fn(&[&[f32; 4]], ()) -> [[f32; LANES]; W],
    ) -> Vec<Batch<W>> {
        // Keys made once (terms and bones as one number, then the file index): a
        // sort comparing through the arrays costs more than the rest of the
        // build on big models. Unused bones are the identity slot, so the
        // terms (BDEF4) only split runs where an invalid reference is weighted.
        let key = |g: usize| {
            let [a, b, c, d] = skin.bones[g].map(u128::from);
            let t = if kind == BDEF4 {
                terms(&skin.weights[g]) as u128
            } else {
                0
            };
            t << 64 | a << 48 | b << 32 | c << 16 | d
        };
        let mut keyed: Vec<(u128, u32, u32)> = (skin.starts[kind as usize]
            ..skin.starts[kind as usize + 1])
            .map(|g| (key(g), skin.vertex[g], g as u32))
            .collect();
        keyed.sort_unstable();
        let mut batches = Vec::with_capacity(keyed.len() / LANES + 1);
        let mut rest = Vec::new();
        for run in keyed.chunk_by(|a, b| a.0 == b.0) {
            // Whole stretches of consecutive vertices first (their stores are
            // fewer), then what is left of the run, densely.
            rest.clear();
            for stretch in run.chunk_by(|a, b| b.1 == a.1 + 1) {
                let whole = stretch.len() / LANES * LANES;
                for lanes in stretch[..whole].chunks(LANES) {
                    self.push(skin, lanes, &weights, &mut batches);
                }
                rest.extend_from_slice(&stretch[whole..]);
            }
            for lanes in rest.chunks(LANES) {
                self.push(skin, lanes, &weights, &mut batches);
            }
        }
        // In file order of their first vertex: the loads and stores then move
        // through memory mostly forwards (the bone matrices stay in cache).
        batches.sort_unstable_by_key(|b| b.vertex[0]);
        for (i, b) in batches.iter().enumerate() {
            let at = ((kind as u32) << 29) | ((i as u32) << 3);
            for l in 0..LANES {
                // Lanes past a short run repeat its last vertex.
                if l == 0 || b.vertex[l] != b.vertex[l - 1] {
                    self.lane[b.vertex[l] as usize] = at | l as u32;
                }
            }
        }
        batches
    }

    /// One batch of `lanes` (keyed grouped entries of one run, at most eight,
    /// in file order).
    fn push<const W: usize>(
        &self,
        skin: &SkinData,
        lanes: &[(u128, u32, u32)],
        weights: &impl Fn(&[&[f32; 4]], ()) -> [[f32; LANES]; W],
        batches: &mut Vec<Batch<W>>,
    ) {
        let g = |l: usize| lanes[l.min(lanes.len() - 1)].2 as usize;
        let vertex: [u32; LANES] = std::array::from_fn(|l| skin.vertex[g(l)]);
        let ws: [&[f32; 4]; LANES] = std::array::from_fn(|l| &skin.weights[g(l)]);
        batches.push(Batch {
            normal: std::array::from_fn(|c| std::array::from_fn(|l| skin.rest_normal[g(l)][c])),
            weight: weights(&ws, ()),
            vertex,
            bones: skin.bones[g(0)],
            terms: terms(ws[0]) as u8,
            consecutive: lanes.len() == LANES
                && (1..LANES).all(|l| vertex[l] == vertex[0] + l as u32),
            empty: false,
        });
    }

    /// Takes vertex `v` out of its batch (its entry changed) into the loose list.
    /// Returns false when so many are loose that the batches should be built again.
    pub(super) fn detach(&mut self, v: usize) -> bool {
        let Some(&at) = self.lane.get(v) else {
            return true;
        };
        if at == LOOSE {
            return true;
        }
        if at != OUTSIDE {
            let (kind, batch) = ((at >> 29) as u8, (at as usize & 0x1fff_ffff) >> 3);
            let lane = &self.lane;
            match kind {
                BDEF1 => detach_lane(&mut self.one[batch], v, at, lane),
                BDEF2 => detach_lane(&mut self.two[batch], v, at, lane),
                _ => detach_lane(&mut self.four[batch], v, at, lane),
            }
        }
        self.lane[v] = LOOSE;
        self.loose.push(v as u32);
        self.loose.len() <= self.lane.len() / REBUILD_SHARE + 64
    }

    /// Batches per kind (BDEF1, BDEF2, BDEF4).
    pub(super) fn counts(&self) -> [usize; 3] {
        [self.one.len(), self.two.len(), self.four.len()]
    }
}

/// Lanes holding `v` take a lane still in the batch (`at` is `v`'s own);
/// with none left the batch is empty.
fn detach_lane<const W: usize>(batch: &mut Batch<W>, v: usize, at: u32, lane: &[u32]) {
    let home = at & !7;
    let kept = (0..LANES).find(|&l| {
        let u = batch.vertex[l] as usize;
        u != v && lane[u] & !7 == home && lane[u] != LOOSE
    });
    let Some(k) = kept else {
        batch.empty = true;
        return;
    };
    for l in 0..LANES {
        if batch.vertex[l] as usize == v {
            batch.vertex[l] = batch.vertex[k];
            for c in 0..3 {
                batch.normal[c][l] = batch.normal[c][k];
            }
            for w in &mut batch.weight {
                w[l] = w[k];
            }
        }
    }
    batch.consecutive = false;
}

/// Whether the AVX-512 kernels can run here.
fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vl")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the eight-lane path can run here (checked once per model load).
fn has_avx_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl SkinData {
    /// Skins batches `from..to` (in the order BDEF1, BDEF2, BDEF4, counted
    /// across the three lists). A batch with a masked vertex goes one lane at a
    /// time through [`skin_entry`](SkinData::skin_entry).
    ///
    /// # Safety
    /// The CPU has AVX and FMA (`Batches::new` made them); the per-vertex arrays
    /// have the vertex count and `mats` every bone slot (`skin` checks this).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx,fma")]
    pub(super) unsafe fn skin_batches<const N: bool>(
        &self,
        batches: &Batches,
        (from, to): (usize, usize),
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: Option<&[bool]>,
        out: &Out,
    ) {
        let [n1, n2, n4] = batches.counts();
        let part = |start: usize, len: usize| {
            let (a, b) = (from.clamp(start, start + len), to.clamp(start, start + len));
            (a - start)..(b - start)
        };
        let (one, two, four) = (
            &batches.one[part(0, n1)],
            &batches.two[part(n1, n2)],
            &batches.four[part(n1 + n2, n4)],
        );
        if mask.is_none() {
            let wide = batches.avx512;
            Self::skin_batch_list_unmasked::<BDEF1, 0, N>(one, wide, mats, morphed, out);
            Self::skin_batch_list_unmasked::<BDEF2, 1, N>(two, wide, mats, morphed, out);
            Self::skin_batch_list_unmasked::<BDEF4, 4, N>(four, wide, mats, morphed, out);
            return;
        }
        self.skin_batch_list::<BDEF1, 0, N>(one, mats, morphed, mask, out);
        self.skin_batch_list::<BDEF2, 1, N>(two, mats, morphed, mask, out);
        self.skin_batch_list::<BDEF4, 4, N>(four, mats, morphed, mask, out);
    }

    /// The loose vertices, one at a time (SDEF and QDEF ones are in their groups).
    ///
    /// # Safety
    /// As [`skin_batches`](Self::skin_batches).
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx,fma"))]
    pub(super) unsafe fn skin_loose<const N: bool>(
        &self,
        batches: &Batches,
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: &[bool],
        out: &Out,
    ) {
        for &v in &batches.loose {
            let g = *self.slot.get_unchecked(v as usize) as usize;
            match self.kind_at(g) {
                BDEF1 => self.skin_entry::<BDEF1, N, true>(g, mats, morphed, mask, out),
                BDEF2 => self.skin_entry::<BDEF2, N, true>(g, mats, morphed, mask, out),
                BDEF4 => self.skin_entry::<BDEF4, N, true>(g, mats, morphed, mask, out),
                k => debug_assert!(k >= QDEF),
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline]
    #[target_feature(enable = "avx,fma")]
    unsafe fn skin_batch_list<const K: u8, const W: usize, const N: bool>(
        &self,
        list: &[Batch<W>],
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: Option<&[bool]>,
        out: &Out,
    ) {
        for b in list {
            if b.empty {
                continue;
            }
            if let Some(mask) = mask {
                if b.vertex.iter().any(|&v| *mask.get_unchecked(v as usize)) {
                    self.skin_lanes::<K, W, N>(b, mats, morphed, mask, out);
                    continue;
                }
            }
            avx::skin_batch::<K, W, N>(b, mats, morphed, out);
        }
    }

    /// As [`skin_batch_list`](Self::skin_batch_list) without a mask, on the
    /// widest kernels the CPU has.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    #[target_feature(enable = "avx,fma")]
    unsafe fn skin_batch_list_unmasked<const K: u8, const W: usize, const N: bool>(
        list: &[Batch<W>],
        avx512: bool,
        mats: &[Mat4],
        morphed: &[Vec3A],
        out: &Out,
    ) {
        if avx512 {
            avx512::skin_list::<K, W, N>(list, mats, morphed, out);
        } else {
            avx::skin_list::<K, W, N>(list, mats, morphed, out);
        }
    }

    /// A batch one lane at a time (one of its vertices is masked).
    #[cold]
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx,fma")]
    unsafe fn skin_lanes<const K: u8, const W: usize, const N: bool>(
        &self,
        b: &Batch<W>,
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: &[bool],
        out: &Out,
    ) {
        for &v in &b.vertex {
            let g = *self.slot.get_unchecked(v as usize) as usize;
            self.skin_entry::<K, N, true>(g, mats, morphed, mask, out);
        }
    }
}

/// The eight-lane kernels, compiled for the target features given: with
/// AVX-512 (`$avx512` true) the bone matrices' broadcast loads fold into the
/// multiply-adds and a lane's three floats are one masked store (fewer
/// instructions, the same arithmetic and bits). No closures or
/// `array::from_fn` inside: they would not inherit the features and stay out
/// of line.
macro_rules! kernels {
    ($name:ident, $features:literal, $avx512:literal) => {
        mod $name {
            use super::{Batch, Out, BDEF1, BDEF2, LANES};
            use glam::{Mat4, Vec3, Vec3A};
            use std::arch::x86_64::*;

            /// A bone matrix's first three rows, each element broadcast: `[column][row]`.
            type Broadcast = [[__m256; 3]; 4];
            /// x, y and z of eight lanes.
            type Rows = [__m256; 3];

            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn broadcast(m: &Mat4) -> Broadcast {
                let a = m.as_ref();
                let mut out = [[_mm256_setzero_ps(); 3]; 4];
                for (c, col) in out.iter_mut().enumerate() {
                    for (r, e) in col.iter_mut().enumerate() {
                        *e = _mm256_broadcast_ss(a.get_unchecked(c * 4 + r));
                    }
                }
                out
            }

            /// Per lane, each row c0·x + c1·y + c2·z for a direction, c3 + c0·x +
            /// c1·y + c2·z for a point (`P`), fused in that order.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn times<const P: bool>(m: &Broadcast, v: &Rows) -> Rows {
                let mut out = [_mm256_setzero_ps(); 3];
                for (r, o) in out.iter_mut().enumerate() {
                    let res = if P {
                        _mm256_fmadd_ps(m[0][r], v[0], m[3][r])
                    } else {
                        _mm256_mul_ps(m[0][r], v[0])
                    };
                    let res = _mm256_fmadd_ps(m[1][r], v[1], res);
                    *o = _mm256_fmadd_ps(m[2][r], v[2], res);
                }
                out
            }

            /// Per lane: × 1 / sqrt(x² + y² + z²) (fused), kept when finite and
            /// positive, else zero (as `Vec3A::normalize_or_zero`).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn normalize_or_zero(mut v: Rows) -> Rows {
                let sum = _mm256_fmadd_ps(
                    v[2],
                    v[2],
                    _mm256_fmadd_ps(v[1], v[1], _mm256_mul_ps(v[0], v[0])),
                );
                let rcp = _mm256_div_ps(_mm256_set1_ps(1.0), _mm256_sqrt_ps(sum));
                let keep = _mm256_and_ps(
                    _mm256_cmp_ps(rcp, _mm256_setzero_ps(), _CMP_GT_OQ),
                    _mm256_cmp_ps(rcp, _mm256_set1_ps(f32::INFINITY), _CMP_LT_OQ),
                );
                for c in &mut v {
                    *c = _mm256_and_ps(_mm256_mul_ps(*c, rcp), keep);
                }
                v
            }

            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn load_one(morphed: &[Vec3A], v: u32) -> __m128 {
                let p: *const Vec3A = morphed.get_unchecked(v as usize);
                _mm_load_ps(p.cast())
            }

            /// The lanes' morphed positions as x, y and z rows.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn load_positions(morphed: &[Vec3A], vertex: &[u32; LANES]) -> Rows {
                // Lanes l and l + 4 share a register, so the in-half transposes give
                // x0…x7 in order.
                let mut r = [_mm256_setzero_ps(); 4];
                for (l, e) in r.iter_mut().enumerate() {
                    *e = _mm256_set_m128(
                        load_one(morphed, vertex[l + 4]),
                        load_one(morphed, vertex[l]),
                    );
                }
                let t0 = _mm256_unpacklo_ps(r[0], r[1]);
                let t1 = _mm256_unpackhi_ps(r[0], r[1]);
                let t2 = _mm256_unpacklo_ps(r[2], r[3]);
                let t3 = _mm256_unpackhi_ps(r[2], r[3]);
                [
                    _mm256_shuffle_ps(t0, t2, 0b01_00_01_00),
                    _mm256_shuffle_ps(t0, t2, 0b11_10_11_10),
                    _mm256_shuffle_ps(t1, t3, 0b01_00_01_00),
                ]
            }

            /// Writes x, y and z (of a 16-byte x, y, z, z) to one `[f32; 3]`.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn store_exact(d: *mut Vec3, x: __m128) {
                let d = d.cast::<f32>();
                _mm_store_sd(d.cast(), _mm_castps_pd(x));
                _mm_store_ss(d.add(2), _mm_movehl_ps(x, x));
            }

            /// Writes x, y, z rows to eight consecutive `[f32; 3]` from `dst`: three
            /// 32-byte stores.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn store_packed(dst: *mut Vec3, v: &Rows) {
                let [x, y, z] = *v;
                // Per 128-bit half (lanes 0–3, 4–7), then the halves in memory order.
                let xy = _mm256_shuffle_ps(x, y, 0b10_00_10_00); // x0 x2 y0 y2
                let yz = _mm256_shuffle_ps(y, z, 0b11_01_11_01); // y1 y3 z1 z3
                let zx = _mm256_shuffle_ps(z, x, 0b11_01_10_00); // z0 z2 x1 x3
                let a = _mm256_shuffle_ps(xy, zx, 0b10_00_10_00); // x0 y0 z0 x1
                let b = _mm256_shuffle_ps(yz, xy, 0b11_01_10_00); // y1 z1 x2 y2
                let c = _mm256_shuffle_ps(zx, yz, 0b11_01_11_01); // z2 x3 y3 z3
                let d = dst.cast::<f32>();
                _mm256_storeu_ps(d, _mm256_permute2f128_ps(a, b, 0x20));
                _mm256_storeu_ps(d.add(8), _mm256_permute2f128_ps(c, a, 0x30));
                _mm256_storeu_ps(d.add(16), _mm256_permute2f128_ps(b, c, 0x31));
            }

            /// Writes x, y, z rows to the lanes' vertices in `dst` (`[f32; 3]` each).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn store(dst: *mut Vec3, v: &Rows, vertex: &[u32; LANES], consecutive: bool) {
                if consecutive {
                    store_packed(dst.add(vertex[0] as usize), v);
                    return;
                }
                let t0 = _mm256_unpacklo_ps(v[0], v[1]);
                let t1 = _mm256_unpackhi_ps(v[0], v[1]);
                let t2 = _mm256_unpacklo_ps(v[2], v[2]);
                let t3 = _mm256_unpackhi_ps(v[2], v[2]);
                // Each holds lanes l and l + 4 as x, y, z, z.
                let pairs = [
                    _mm256_shuffle_ps(t0, t2, 0b01_00_01_00),
                    _mm256_shuffle_ps(t0, t2, 0b11_10_11_10),
                    _mm256_shuffle_ps(t1, t3, 0b01_00_01_00),
                    _mm256_shuffle_ps(t1, t3, 0b11_10_11_10),
                ];
                let mut lanes = [_mm_setzero_ps(); LANES];
                for (l, p) in pairs.iter().enumerate() {
                    lanes[l] = _mm256_castps256_ps128(*p);
                    lanes[l + 4] = _mm256_extractf128_ps(*p, 1);
                }
                for l in 0..LANES {
                    let d = dst.add(vertex[l] as usize);
                    if $avx512 {
                        _mm_mask_storeu_ps(d.cast(), 0b0111, lanes[l]);
                    } else {
                        store_exact(d, lanes[l]);
                    }
                }
            }

            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn bone(b: &[u16; 4], i: usize, mats: &[Mat4]) -> Broadcast {
                broadcast(mats.get_unchecked(b[i] as usize))
            }

            #[inline]
            #[target_feature(enable = $features)]
            pub(super) unsafe fn skin_batch<const K: u8, const W: usize, const N: bool>(
                b: &Batch<W>,
                mats: &[Mat4],
                morphed: &[Vec3A],
                out: &Out,
            ) {
                let p = load_positions(morphed, &b.vertex);
                let mut mm = bone(&b.bones, 0, mats);
                if K == BDEF2 {
                    // m1 + (m0 − m1)·w, fused.
                    let (m1, w0) = (
                        bone(&b.bones, 1, mats),
                        _mm256_load_ps(b.weight[0].as_ptr()),
                    );
                    for (col, col1) in mm.iter_mut().zip(&m1) {
                        for (e, e1) in col.iter_mut().zip(col1) {
                            *e = _mm256_fmadd_ps(_mm256_sub_ps(*e, *e1), w0, *e1);
                        }
                    }
                } else if K != BDEF1 {
                    // m0·w0 + m1·w1 + … over the batch's terms, fused.
                    let w0 = _mm256_load_ps(b.weight[0].as_ptr());
                    for col in &mut mm {
                        for e in col {
                            *e = _mm256_mul_ps(*e, w0);
                        }
                    }
                    for i in 1..(b.terms as usize).min(W) {
                        let (mi, wi) = (
                            bone(&b.bones, i, mats),
                            _mm256_load_ps(b.weight[i].as_ptr()),
                        );
                        for (col, coli) in mm.iter_mut().zip(&mi) {
                            for (e, ei) in col.iter_mut().zip(coli) {
                                *e = _mm256_fmadd_ps(*ei, wi, *e);
                            }
                        }
                    }
                }
                store(
                    out.positions,
                    &times::<true>(&mm, &p),
                    &b.vertex,
                    b.consecutive,
                );
                if N {
                    let n = [
                        _mm256_load_ps(b.normal[0].as_ptr()),
                        _mm256_load_ps(b.normal[1].as_ptr()),
                        _mm256_load_ps(b.normal[2].as_ptr()),
                    ];
                    // A rigid transform (BDEF1) keeps the normal's length.
                    let mut normal = times::<false>(&mm, &n);
                    if K != BDEF1 {
                        normal = normalize_or_zero(normal);
                    }
                    store(out.normals, &normal, &b.vertex, b.consecutive);
                }
            }

            /// Every batch of `list` (none masked).
            #[target_feature(enable = $features)]
            pub(super) unsafe fn skin_list<const K: u8, const W: usize, const N: bool>(
                list: &[Batch<W>],
                mats: &[Mat4],
                morphed: &[Vec3A],
                out: &Out,
            ) {
                for b in list {
                    if !b.empty {
                        skin_batch::<K, W, N>(b, mats, morphed, out);
                    }
                }
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
kernels!(avx, "avx,fma", false);
#[cfg(target_arch = "x86_64")]
kernels!(avx512, "avx,fma,avx512f,avx512vl", true);

#[cfg(test)]
mod tests {
    use crate::deform::{pose_from_json, DeformState, Deformer};
    use crate::pmx::{Model, Weights};
    use glam::Vec3;

    /// Gene posed with gene_r7, or None (saying why) where the shared models
    /// are absent or this CPU gets no batches (AVX and FMA).
    fn gene() -> Option<(Model, crate::deform::Pose)> {
        if !(std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("fma")) {
            eprintln!("skipped: no AVX and FMA on this CPU");
            return None;
        }
        let Some(dir) = hone_testkit::shared_models_dir().map(|d| d.join("gene")) else {
            eprintln!("skipped: shared models not found");
            return None;
        };
        let model = crate::pmx::load(dir.join("Gene.pmx")).expect("Gene").model;
        let text = std::fs::read_to_string(dir.join("oracle/gene_r7.pose.json")).expect("pose");
        let pose = pose_from_json(&model, &text).expect("pose").pose;
        Some((model, pose))
    }

    fn bits(v: &[Vec3]) -> Vec<[u32; 3]> {
        v.iter().map(|p| p.to_array().map(f32::to_bits)).collect()
    }

    /// Skins `state` with the batches, then every vertex again through the
    /// one-vertex path they share its arithmetic with (`skin_vertices`), and
    /// returns both results.
    fn both_ways(deformer: &Deformer, state: &mut DeformState) -> [Vec<[u32; 3]>; 4] {
        assert!(deformer.skin.batches.is_some(), "AVX detected but not used");
        deformer.skin(state);
        let batched = [bits(&state.positions), bits(&state.normals)];
        poison(state);
        let every: Vec<usize> = (0..state.positions.len()).collect();
        deformer.skin_vertices(state, &every);
        let [p, n] = batched;
        [p, bits(&state.positions), n, bits(&state.normals)]
    }

    /// Unmasked outputs poisoned: the next pass must write every one.
    fn poison(state: &mut DeformState) {
        for v in (0..state.positions.len()).filter(|&v| !state.skin_mask[v]) {
            state.positions[v] = Vec3::NAN;
            state.normals[v] = Vec3::NAN;
        }
    }

    /// Without batches (a CPU lacking AVX or FMA) the one-vertex path rounds
    /// products and sums separately: its results differ from the fused ones
    /// only by rounding, far inside the tolerance `tests/skin_reference.rs`
    /// holds both to (1e-4 model units; that test runs the fused path here).
    #[test]
    fn plain_products_land_within_rounding_of_the_fused_ones() {
        let Some((model, pose)) = gene() else { return };
        let mut deformer = Deformer::new(&model);
        deformer.parallel = false;
        let mut state = deformer.new_state();
        deformer.evaluate(&model, &pose, &mut state);
        let (fused_p, fused_n) = (state.positions.clone(), state.normals.clone());
        let batches = deformer.skin.batches.take();
        poison(&mut state);
        deformer.skin(&mut state);
        deformer.skin.batches = batches;
        let off = |a: &[Vec3], b: &[Vec3]| {
            a.iter()
                .zip(b)
                .map(|(a, b)| (*a - *b).abs().max_element())
                .fold(0.0f32, |m, d| if d.is_nan() { f32::NAN } else { m.max(d) })
        };
        let (dp, dn) = (
            off(&state.positions, &fused_p),
            off(&state.normals, &fused_n),
        );
        eprintln!("plain vs fused: positions {dp:e}, normals {dn:e}");
        assert!(dp <= 1e-5 && dn <= 1e-5, "positions {dp}, normals {dn}");
        assert_ne!(
            bits(&state.positions),
            bits(&fused_p),
            "the two ways round differently (this test would show nothing)"
        );
    }

    /// The eight-lane path and the one-vertex path give identical bits on Gene
    /// (BDEF1, BDEF2 and BDEF4 vertices), serial and parallel.
    #[test]
    fn batches_skin_bit_for_bit_as_single_vertices() {
        let Some((model, pose)) = gene() else { return };
        let mut deformer = Deformer::new(&model);
        for parallel in [false, true] {
            deformer.parallel = parallel;
            let mut state = deformer.new_state();
            deformer.evaluate(&model, &pose, &mut state);
            let [p, p1, n, n1] = both_ways(&deformer, &mut state);
            assert!(p.iter().flatten().all(|&b| f32::from_bits(b).is_finite()));
            assert_eq!(p, p1, "positions, parallel {parallel}");
            assert_eq!(n, n1, "normals, parallel {parallel}");
        }
    }

    /// Edited vertices (kinds changed, bones changed) leave their batches and
    /// skin as a deformer built on the edited model does; masked vertices are
    /// left alone in either path.
    #[test]
    fn edited_and_masked_vertices_skin_as_a_fresh_deformer() {
        let Some((mut model, pose)) = gene() else {
            return;
        };
        let mut deformer = Deformer::new(&model);
        deformer.parallel = false;
        let mut state = deformer.new_state();
        // Every 97th vertex changes kind or bones, a stretch of consecutive ones too.
        let edited: Vec<usize> = (0..model.vertices.len())
            .step_by(97)
            .chain(1000..1013)
            .collect();
        for (i, &v) in edited.iter().enumerate() {
            let bone = (i % 200) as i32;
            model.vertices[v].weights = match i % 3 {
                0 => Weights::Bdef1 { bone },
                1 => Weights::Bdef2 {
                    bones: [bone, bone + 3],
                    weight: 0.3,
                },
                _ => Weights::Bdef4 {
                    bones: [bone, 4, 9, 16],
                    weights: [0.1, 0.2, 0.3, 0.4],
                },
            };
        }
        deformer.update_vertices(&model, &edited, &mut state);
        let loose = deformer.skin.batches.as_ref().map(|b| b.loose.len());
        assert_eq!(
            loose,
            Some(edited.len()),
            "edited vertices skin one at a time"
        );
        let mut fresh = Deformer::new(&model);
        fresh.parallel = false;
        let mut fresh_state = fresh.new_state();
        for (d, s) in [(&deformer, &mut state), (&fresh, &mut fresh_state)] {
            d.evaluate(&model, &pose, s);
        }
        assert_eq!(bits(&state.positions), bits(&fresh_state.positions));
        assert_eq!(bits(&state.normals), bits(&fresh_state.normals));
        // Masked: a batch with one masked lane leaves that vertex as it was.
        let kept = Vec3::new(7.0, 7.0, 7.0);
        for v in [5usize, 2000, 20000] {
            state.skin_mask[v] = true;
            state.positions[v] = kept;
        }
        let [p, p1, ..] = both_ways(&deformer, &mut state);
        assert_eq!(p, p1);
        assert_eq!(state.positions[2000], kept);
        assert_eq!(p[5], kept.to_array().map(f32::to_bits));
    }

    /// Editing many vertices builds the batches again rather than skin a large
    /// share one at a time.
    #[test]
    fn many_edits_rebuild_the_batches() {
        let Some((mut model, _)) = gene() else { return };
        let mut deformer = Deformer::new(&model);
        let mut state = deformer.new_state();
        let edited: Vec<usize> = (0..model.vertices.len() / 4).collect();
        for &v in &edited {
            model.vertices[v].weights = Weights::Bdef1 { bone: 1 };
        }
        deformer.update_vertices(&model, &edited, &mut state);
        let b = deformer.skin.batches.as_ref().expect("batches");
        assert!(b.loose.is_empty(), "{} loose", b.loose.len());
    }
}
