//! Skinning of positions and normals: BDEF1/2/4 (linear blending with the
//! weights as stored), SDEF (spherical, with corrected R0/R1 centres) and
//! QDEF (dual-quaternion blending).
//!
//! The vertex data is laid out once, structure-of-arrays and grouped by
//! weight kind: each kind runs its own branch-free loop, and results are
//! written back to file order. An edit of some vertices rewrites only their
//! entries ([`SkinData::update`]); a vertex whose kind changed swaps across
//! the group boundaries, so the order within a group is file order only until
//! then (skinning does not depend on it). Every bone reference is validated
//! (out of range → a trailing identity matrix). Bone references are stored as
//! u16 to halve memory traffic; in a model with 65,535 bones or more,
//! references past that skin as identity.

use super::bones::times_direction;
use super::{DeformState, Deformer};
use crate::pmx::{Model, WeightKind, Weights};
use glam::{Mat4, Quat, Vec3, Vec3A, Vec4};
use rayon::prelude::*;

mod wide;

const BDEF1: u8 = 0;
const BDEF2: u8 = 1;
const BDEF4: u8 = 2;
const QDEF: u8 = 3;
/// Last, so its parameters can grow and shrink at their end (see `SkinData::sdef`).
const SDEF: u8 = 4;

/// Vertices per parallel task.
const CHUNK: usize = 2048;
/// Batches of eight per parallel task.
const BATCH_CHUNK: usize = CHUNK / wide::LANES;
/// Below this many vertices skinning stays on the calling thread: waking the
/// pool costs more than the second core saves.
const PARALLEL_MIN: usize = 4 * CHUNK;
/// Every this many calls the slower way is timed again (the load changes).
const RETRY_EVERY: u32 = 64;

/// Recent skinning times (µs, smoothed; 0 = not yet measured), serial and
/// parallel. Either way gives the same result; this only picks the faster.
#[derive(Debug, Clone, Default)]
pub(crate) struct SkinTiming {
    serial: f32,
    parallel: f32,
    calls: u32,
}

impl SkinTiming {
    /// Whether to go parallel this time: the faster lately, the other now
    /// and then, each measured at least once.
    fn choose(&mut self) -> bool {
        self.calls = self.calls.wrapping_add(1);
        if self.serial == 0.0 || self.parallel == 0.0 {
            return self.serial != 0.0;
        }
        let faster = self.parallel < self.serial;
        if self.calls.is_multiple_of(RETRY_EVERY) {
            !faster
        } else {
            faster
        }
    }

    fn record(&mut self, parallel: bool, us: f32) {
        let slot = if parallel {
            &mut self.parallel
        } else {
            &mut self.serial
        };
        *slot = if *slot == 0.0 {
            us.max(f32::MIN_POSITIVE)
        } else {
            *slot * 0.75 + us * 0.25
        };
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct SdefParams {
    c: Vec3A,
    /// Corrected centres (c + r0')/2 and (c + r1')/2.
    cr0: Vec3A,
    cr1: Vec3A,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct SkinData {
    /// Rest positions in file order (morphs start from these).
    pub(crate) rest_position: Vec<Vec3A>,
    // Everything below is in kind-grouped order.
    /// File index of each grouped entry: a permutation of 0..vertex count.
    vertex: Vec<u32>,
    /// Grouped entry of each file index (the inverse of `vertex`).
    slot: Vec<u32>,
    rest_normal: Vec<Vec3A>,
    bones: Vec<[u16; 4]>,
    weights: Vec<[f32; 4]>,
    /// SDEF parameters of the last group, backwards: entry `g` has
    /// `sdef[len - 1 - g]`, so a vertex joining or leaving the group at its
    /// front is a push or pop.
    sdef: Vec<SdefParams>,
    /// Start of each kind's group; `starts[5]` = vertex count.
    starts: [usize; 6],
    /// Every entry of `bones` is below this (bones + the identity slot).
    bone_slots: usize,
    /// BDEF1, BDEF2 and BDEF4 eight at a time where the CPU has AVX (`wide`);
    /// None: every vertex through the one-vertex loops.
    batches: Option<wide::Batches>,
}

/// Skinned outputs written through raw pointers: grouped entries map to
/// distinct vertices (`vertex` is a permutation), so parallel writes never
/// overlap.
struct Out {
    positions: *mut Vec3,
    normals: *mut Vec3,
}
// SAFETY: see the type's docs; the pointers outlive the skinning call.
unsafe impl Send for Out {}
unsafe impl Sync for Out {}

/// One vertex's skinning entry.
struct Entry {
    kind: u8,
    bones: [u16; 4],
    weights: [f32; 4],
    sdef: Option<SdefParams>,
}

impl Entry {
    /// `none`: the identity slot, which every invalid reference points at.
    fn of(weights: &Weights, none: u16) -> Entry {
        let fix = |b: i32| {
            if b >= 0 && (b as usize) < none as usize {
                b as u16
            } else {
                none
            }
        };
        let kind = match weights.kind() {
            WeightKind::Bdef1 => BDEF1,
            WeightKind::Bdef2 => BDEF2,
            WeightKind::Bdef4 => BDEF4,
            WeightKind::Qdef => QDEF,
            WeightKind::Sdef => SDEF,
        };
        let (bones, blend, _) = weights.bone_weights();
        let sdef = weights.sdef_points().map(|[c, r0, r1]| {
            let rw = r0 * blend[0] + r1 * blend[1];
            let r0c = c + r0 - rw;
            let r1c = c + r1 - rw;
            SdefParams {
                c: c.into(),
                cr0: ((c + r0c) * 0.5).into(),
                cr1: ((c + r1c) * 0.5).into(),
            }
        });
        let (mut bones, mut blend) = (bones.map(fix), blend);
        if kind == BDEF4 {
            // Weighted terms first, in file order; the rest name the identity slot
            // with weight 0 and are skipped (see `terms`), so vertices that use
            // fewer bones share batches.
            let (mut b, mut w, mut k) = ([none; 4], [0.0; 4], 0);
            for (&bone, &weight) in bones.iter().zip(&blend) {
                if weight != 0.0 {
                    (b[k], w[k]) = (bone, weight);
                    k += 1;
                }
            }
            (bones, blend) = (b, w);
        }
        Entry {
            kind,
            bones,
            weights: blend,
            sdef,
        }
    }
}

impl SkinData {
    pub(crate) fn new(model: &Model) -> SkinData {
        let nb = model.bones.len().min(u16::MAX as usize - 1);
        let none = nb as u16;
        let nv = model.vertices.len();
        let entries: Vec<Entry> = model
            .vertices
            .iter()
            .map(|v| Entry::of(&v.weights, none))
            .collect();
        let mut keyed: Vec<(u8, u32)> = (0..nv as u32)
            .map(|i| (entries[i as usize].kind, i))
            .collect();
        keyed.sort_by_key(|&(k, i)| (k, i));
        let mut d = SkinData {
            rest_position: model.vertices.iter().map(|v| v.position.into()).collect(),
            vertex: Vec::with_capacity(nv),
            slot: vec![0; nv],
            rest_normal: Vec::with_capacity(nv),
            bones: Vec::with_capacity(nv),
            weights: Vec::with_capacity(nv),
            sdef: Vec::new(),
            starts: [nv; 6],
            bone_slots: nb + 1,
            batches: None,
        };
        for k in (0..5u8).rev() {
            d.starts[k as usize] = keyed.partition_point(|&(kk, _)| kk < k);
        }
        for (g, &(_, i)) in keyed.iter().enumerate() {
            let e = &entries[i as usize];
            d.sdef.extend(e.sdef);
            d.vertex.push(i);
            d.slot[i as usize] = g as u32;
            d.rest_normal.push(model.vertices[i as usize].normal.into());
            d.bones.push(e.bones);
            d.weights.push(e.weights);
        }
        d.sdef.reverse();
        d.batches = wide::Batches::new(&d);
        d
    }

    /// After field edits of `vertices` (the vertex and bone counts unchanged):
    /// only their entries again, each moved to its kind's group if the kind
    /// changed. Skins exactly as [`new`](Self::new) on the edited model would.
    pub(crate) fn update(&mut self, model: &Model, vertices: impl IntoIterator<Item = usize>) {
        let none = (self.bone_slots - 1) as u16;
        let mut rebuild = false;
        for v in vertices {
            let (Some(vertex), Some(&g)) = (model.vertices.get(v), self.slot.get(v)) else {
                continue;
            };
            let e = Entry::of(&vertex.weights, none);
            let g = self.regroup(g as usize, e.kind);
            self.rest_position[v] = vertex.position.into();
            self.rest_normal[g] = vertex.normal.into();
            self.bones[g] = e.bones;
            self.weights[g] = e.weights;
            if let Some(p) = e.sdef {
                let at = self.vertex.len() - 1 - g;
                self.sdef[at] = p;
            }
            if let Some(b) = &mut self.batches {
                rebuild |= !b.detach(v);
            }
        }
        if rebuild {
            self.batches = wide::Batches::new(self);
        }
    }

    /// Moves grouped entry `g` into group `kind` by swaps with the entries at
    /// the boundaries it crosses; returns where it landed.
    fn regroup(&mut self, mut g: usize, kind: u8) -> usize {
        let to = kind as usize;
        let from = self.kind_at(g) as usize;
        // Up: become the last of group k, then the first of k + 1.
        for k in from..to {
            let last = self.starts[k + 1] - 1;
            self.swap(g, last);
            g = last;
            self.starts[k + 1] -= 1;
            if k + 1 == SDEF as usize {
                // SDEF is the last group, so `kind` is SDEF: the caller fills it.
                self.sdef.push(SdefParams::default());
            }
        }
        // Down: become the first of group k, then the last of k − 1.
        for k in (to + 1..=from).rev() {
            let first = self.starts[k];
            self.swap(g, first);
            g = first;
            self.starts[k] += 1;
            if k == SDEF as usize {
                self.sdef.pop();
            }
        }
        g
    }

    /// Swaps two grouped entries of one group.
    fn swap(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        self.vertex.swap(a, b);
        self.rest_normal.swap(a, b);
        self.bones.swap(a, b);
        self.weights.swap(a, b);
        self.slot[self.vertex[a] as usize] = a as u32;
        self.slot[self.vertex[b] as usize] = b as u32;
        if a >= self.starts[SDEF as usize] {
            let n = self.vertex.len() - 1;
            self.sdef.swap(n - a, n - b);
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.vertex.len()
    }

    /// Whether `state` has this layout's sizes; a state from another model is
    /// left alone rather than panic.
    fn fits(&self, state: &DeformState) -> bool {
        let n = self.vertex.len();
        state.positions.len() == n
            && state.normals.len() == n
            && state.morphed_positions.len() == n
            && state.skin_mask.len() == n
            && state.skinning.len() >= self.bone_slots
    }

    /// The kind group grouped entry `g` is in.
    fn kind_at(&self, g: usize) -> u8 {
        (0..5).rev().find(|&k| self.starts[k] <= g).unwrap_or(0) as u8
    }

    /// Skins only `vertices` (file indices) with the state's skinning matrices
    /// as they are: after an edit of those vertices while the pose stands still.
    /// Each is computed exactly as [`skin`](Self::skin) would.
    pub(crate) fn skin_vertices(&self, state: &mut DeformState, vertices: &[usize], normals: bool) {
        if !self.fits(state) {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if self.batches.is_some() {
            // SAFETY: batches exist only where the CPU has AVX and FMA.
            unsafe { self.skin_vertices_fused(state, vertices, normals) };
            return;
        }
        self.skin_vertices_as::<false>(state, vertices, normals);
    }

    /// [`skin_vertices`](Self::skin_vertices) with fused multiply-adds, as the batches.
    ///
    /// # Safety
    /// The CPU has AVX and FMA.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx,fma")]
    unsafe fn skin_vertices_fused(
        &self,
        state: &mut DeformState,
        vertices: &[usize],
        normals: bool,
    ) {
        self.skin_vertices_as::<true>(state, vertices, normals);
    }

    /// `F`: the linear kinds with fused multiply-adds (see [`linear_fused`]).
    #[inline(always)]
    fn skin_vertices_as<const F: bool>(
        &self,
        state: &mut DeformState,
        vertices: &[usize],
        normals: bool,
    ) {
        for &v in vertices {
            let Some(&g) = self.slot.get(v) else {
                continue;
            };
            if state.skin_mask[v] {
                continue;
            }
            let g = g as usize;
            let b = self.bones[g];
            let mats = &state.skinning;
            let m = |i: usize| &mats[b[i] as usize];
            let (w, p, nr) = (
                &self.weights[g],
                state.morphed_positions[v],
                self.rest_normal[g],
            );
            let (p, nr) = match self.kind_at(g) {
                BDEF1 => self.skin_one::<BDEF1, F>(g, m, w, p, nr),
                BDEF2 => self.skin_one::<BDEF2, F>(g, m, w, p, nr),
                BDEF4 => self.skin_one::<BDEF4, F>(g, m, w, p, nr),
                QDEF => self.skin_one::<QDEF, F>(g, m, w, p, nr),
                _ => self.skin_one::<SDEF, F>(g, m, w, p, nr),
            };
            state.positions[v] = p.into();
            if normals {
                state.normals[v] = nr.into();
            }
        }
    }

    /// Skins every vertex; with `normals` false the normals are left as they
    /// are (nothing draws them) and only positions are computed.
    pub(crate) fn skin(&self, state: &mut DeformState, parallel: bool, normals: bool) {
        if !self.fits(state) {
            return;
        }
        if normals {
            self.skin_all::<true>(state, parallel)
        } else {
            self.skin_all::<false>(state, parallel)
        }
    }

    fn skin_all<const N: bool>(&self, state: &mut DeformState, parallel: bool) {
        let n = self.vertex.len();
        let out = Out {
            positions: state.positions.as_mut_ptr(),
            normals: state.normals.as_mut_ptr(),
        };
        let (mats, morphed, mask) = (
            &state.skinning[..],
            &state.morphed_positions[..],
            &state.skin_mask[..],
        );
        // The batches take the linear kinds, the one-vertex loops the rest.
        let batches = self.batches.as_ref();
        let scalar_from = match batches {
            Some(_) => self.starts[QDEF as usize],
            None => 0,
        };
        let batch_count: usize = batches.map_or(0, |b| b.counts().iter().sum());
        let batch_tasks = batch_count.div_ceil(BATCH_CHUNK);
        let tasks = batch_tasks + (n - scalar_from).div_ceil(CHUNK);
        // Soft bodies mask a few vertices; without them no batch checks its lanes.
        let masked = any_set(mask);
        let run = |t: usize| {
            if t < batch_tasks {
                #[cfg(target_arch = "x86_64")]
                if let Some(b) = batches {
                    let range = (t * BATCH_CHUNK, ((t + 1) * BATCH_CHUNK).min(batch_count));
                    // SAFETY: batches exist only where the CPU has AVX; `fits`
                    // checked the per-vertex arrays and the bone slots.
                    unsafe {
                        self.skin_batches::<N>(
                            b,
                            range,
                            mats,
                            morphed,
                            masked.then_some(mask),
                            &out,
                        )
                    };
                }
            } else {
                let from = scalar_from + (t - batch_tasks) * CHUNK;
                self.skin_range::<N>(from, (from + CHUNK).min(n), mats, morphed, mask, &out)
            }
        };
        if !(parallel && n >= PARALLEL_MIN) {
            (0..tasks).for_each(run);
        } else {
            let timing = &mut state.skin_timing;
            let go_parallel = timing.choose();
            let start = std::time::Instant::now();
            if go_parallel {
                (0..tasks).into_par_iter().for_each(run);
            } else {
                (0..tasks).for_each(run);
            }
            timing.record(go_parallel, start.elapsed().as_secs_f32() * 1e6);
        }
        if let Some(b) = batches {
            // SAFETY: as above; after the batches, so a loose vertex's stale
            // lane (none: `detach` rewrites them) could never win.
            unsafe { self.skin_loose::<N>(b, mats, morphed, mask, &out) };
        }
    }

    /// Skins grouped entries `from..to`, one branch-free loop per kind.
    fn skin_range<const N: bool>(
        &self,
        from: usize,
        to: usize,
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: &[bool],
        out: &Out,
    ) {
        for kind in 0..5u8 {
            let (s, e) = (
                self.starts[kind as usize].max(from),
                self.starts[kind as usize + 1].min(to),
            );
            match kind {
                // Without batches (no AVX and FMA): plain products and sums.
                BDEF1 => self.skin_kind::<BDEF1, N>(s, e, mats, morphed, mask, out),
                BDEF2 => self.skin_kind::<BDEF2, N>(s, e, mats, morphed, mask, out),
                BDEF4 => self.skin_kind::<BDEF4, N>(s, e, mats, morphed, mask, out),
                SDEF => self.skin_kind::<SDEF, N>(s, e, mats, morphed, mask, out),
                _ => self.skin_kind::<QDEF, N>(s, e, mats, morphed, mask, out),
            }
        }
    }

    /// `N`: write normals too (when false their math is dead code, dropped).
    #[inline(always)]
    fn skin_kind<const K: u8, const N: bool>(
        &self,
        s: usize,
        e: usize,
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: &[bool],
        out: &Out,
    ) {
        for g in s..e {
            // SAFETY: `skin` checked that the per-vertex arrays have the vertex
            // count and `mats` has every bone slot, and `g` is below the count.
            unsafe { self.skin_entry::<K, N, false>(g, mats, morphed, mask, out) };
        }
    }

    /// Skins grouped entry `g` of kind `K`, unless its vertex is masked; `F`
    /// as in [`skin_one`](Self::skin_one).
    ///
    /// # Safety
    /// `g` is below the vertex count, the per-vertex arrays have the vertex
    /// count and `mats` every bone slot (`skin` checks this). `vertex` is a
    /// permutation of 0..vertex count, so each vertex belongs to exactly one
    /// grouped entry (no overlapping writes).
    #[inline(always)]
    unsafe fn skin_entry<const K: u8, const N: bool, const F: bool>(
        &self,
        g: usize,
        mats: &[Mat4],
        morphed: &[Vec3A],
        mask: &[bool],
        out: &Out,
    ) {
        let v = *self.vertex.get_unchecked(g) as usize;
        if *mask.get_unchecked(v) {
            return;
        }
        let b = self.bones.get_unchecked(g);
        let m = |i: usize| mats.get_unchecked(b[i] as usize);
        let (p, n) = self.skin_one::<K, F>(
            g,
            m,
            self.weights.get_unchecked(g),
            *morphed.get_unchecked(v),
            *self.rest_normal.get_unchecked(g),
        );
        *out.positions.add(v) = p.into();
        if N {
            *out.normals.add(v) = n.into();
        }
    }

    /// One vertex of kind `K`. `F`: the linear kinds exactly as the batches
    /// compute them (fused multiply-adds, see [`linear_fused`]); otherwise with
    /// glam's products and sums.
    #[inline(always)]
    fn skin_one<'m, const K: u8, const F: bool>(
        &self,
        g: usize,
        m: impl Fn(usize) -> &'m Mat4,
        w: &[f32; 4],
        p: Vec3A,
        n: Vec3A,
    ) -> (Vec3A, Vec3A) {
        if F && K <= BDEF4 {
            return linear_fused::<K>(m, w, p, n);
        }
        match K {
            BDEF1 => {
                // A rigid transform keeps the normal's length.
                let m0 = m(0);
                (m0.transform_point3a(p), m0.transform_vector3a(n))
            }
            BDEF2 => {
                let w = w[0];
                let (m0, m1) = (m(0), m(1));
                // m1 + (m0 - m1) w: one blend instead of two scalings.
                let mm = Mat4::from_cols(
                    m1.x_axis + (m0.x_axis - m1.x_axis) * w,
                    m1.y_axis + (m0.y_axis - m1.y_axis) * w,
                    m1.z_axis + (m0.z_axis - m1.z_axis) * w,
                    m1.w_axis + (m0.w_axis - m1.w_axis) * w,
                );
                (
                    mm.transform_point3a(p),
                    mm.transform_vector3a(n).normalize_or_zero(),
                )
            }
            BDEF4 => {
                let mm = *m(0) * w[0] + *m(1) * w[1] + *m(2) * w[2] + *m(3) * w[3];
                (
                    mm.transform_point3a(p),
                    mm.transform_vector3a(n).normalize_or_zero(),
                )
            }
            SDEF => {
                let Some(s) = self.sdef.get(self.vertex.len() - 1 - g) else {
                    return (p, n);
                };
                let (m0, m1) = (m(0), m(1));
                let q0 = Quat::from_mat4(m0).normalize();
                let q1 = Quat::from_mat4(m1).normalize();
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
                for (i, &wi) in w.iter().enumerate() {
                    if wi == 0.0 {
                        continue;
                    }
                    let mi = m(i);
                    let q = Quat::from_mat4(mi).normalize();
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
                    real += qv * (wi * sign);
                    dual += dv * (wi * sign);
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

/// BDEF1/2/4 with fused multiply-adds, in the order the eight-lane path uses:
/// the blend m1 + (m0 − m1)·w (BDEF2) or m0·w0 + m1·w1 + … over the weighted
/// terms (BDEF4), then each row c3 + c0·x + c1·y + c2·z (points) or
/// c0·x + c1·y + c2·z (vectors), and normals scaled by 1 / √(x² + y² + z²).
/// `f32::mul_add` rounds once on every target, so this gives the batches' bits
/// wherever it runs (fast where the caller enables FMA).
#[inline(always)]
fn linear_fused<'m, const K: u8>(
    m: impl Fn(usize) -> &'m Mat4,
    w: &[f32; 4],
    p: Vec3A,
    n: Vec3A,
) -> (Vec3A, Vec3A) {
    // Columns 0..4, rows 0..3 (the bottom row is never read).
    let rows = |m: &Mat4| -> [f32; 12] {
        let a = m.as_ref();
        std::array::from_fn(|j| a[j / 3 * 4 + j % 3])
    };
    let mut mm = rows(m(0));
    match K {
        BDEF2 => {
            let m1 = rows(m(1));
            for (e, e1) in mm.iter_mut().zip(m1) {
                *e = (*e - e1).mul_add(w[0], e1);
            }
        }
        BDEF4 => {
            for e in &mut mm {
                *e *= w[0];
            }
            for (i, &wi) in w.iter().enumerate().take(terms(w)).skip(1) {
                let mi = rows(m(i));
                for (e, ei) in mm.iter_mut().zip(mi) {
                    *e = ei.mul_add(wi, *e);
                }
            }
        }
        _ => {}
    }
    let point = |r: usize| {
        let v = mm[r].mul_add(p.x, mm[9 + r]);
        mm[6 + r].mul_add(p.z, mm[3 + r].mul_add(p.y, v))
    };
    let vector = |r: usize| mm[6 + r].mul_add(n.z, mm[3 + r].mul_add(n.y, mm[r] * n.x));
    let pos = Vec3A::new(point(0), point(1), point(2));
    let nv = Vec3A::new(vector(0), vector(1), vector(2));
    if K == BDEF1 {
        // A rigid transform keeps the normal's length.
        return (pos, nv);
    }
    let rcp = 1.0 / nv.z.mul_add(nv.z, nv.y.mul_add(nv.y, nv.x * nv.x)).sqrt();
    let normal = if rcp.is_finite() && rcp > 0.0 {
        nv * rcp
    } else {
        Vec3A::ZERO
    };
    (pos, normal)
}

/// How many BDEF4 terms a vertex's (compacted, see `Entry::of`) weights use:
/// those before the first zero, at least one.
#[inline(always)]
fn terms(w: &[f32; 4]) -> usize {
    1 + w[1..].iter().take_while(|&&x| x != 0.0).count()
}

/// Whether any flag is set, eight at a time.
fn any_set(flags: &[bool]) -> bool {
    // SAFETY: every bit pattern is a valid u64.
    let (head, words, tail) = unsafe { flags.align_to::<u64>() };
    head.contains(&true) || tail.contains(&true) || words.iter().fold(0, |a, &w| a | w) != 0
}

/// Skinning matrix per bone: world × T(−rest). The trailing slot stays identity.
pub(crate) fn update_skinning_matrices(deformer: &Deformer, state: &mut DeformState) {
    if !deformer.fits(state) {
        return;
    }
    // world × T(−rest): the axes stay, only the last column is computed (the
    // same sums as the full product, see `bones::compose`).
    for ((skinning, world), info) in state
        .skinning
        .iter_mut()
        .zip(&state.world)
        .zip(&deformer.bones)
    {
        let w_axis = times_direction(world, (-info.rest).extend(0.0)) + world.w_axis;
        *skinning = Mat4::from_cols(world.x_axis, world.y_axis, world.z_axis, w_axis);
    }
}

#[cfg(test)]
mod tests {
    use super::{SkinTiming, RETRY_EVERY};

    #[test]
    fn skinning_goes_the_faster_way_and_times_the_other_now_and_then() {
        let mut t = SkinTiming::default();
        assert!(!t.choose(), "serial is measured first");
        t.record(false, 100.0);
        assert!(t.choose(), "then parallel");
        t.record(true, 300.0);
        let calls = 4 * RETRY_EVERY as usize;
        let parallel = (0..calls).filter(|_| t.choose()).count();
        assert_eq!(parallel, 4, "the slower way only every {RETRY_EVERY} calls");
        // The load drops: parallel measures fast and takes over.
        for _ in 0..8 {
            t.record(true, 20.0);
        }
        assert!((0..10).filter(|_| t.choose()).count() >= 9);
    }
}
