//! VMD motions: reading, binding to a model by name, and sampling at any time.
//!
//! MMD plays VMD key frames at 30 frames per second. Between two keys the
//! *later* key's Bézier curves shape the blend (per translation axis and for
//! rotation); rotations are slerped, morph weights are linear, IK switches step.

pub mod bake;
pub mod names;
pub mod vmd;
pub mod vmd_write;
pub mod vpd;

pub use vmd::{load_vmd, read_vmd, BoneKey, MorphKey, PropertyKey, Vmd, VmdName};
pub use vmd_write::{save_vmd, write_vmd, VmdWriteReport};
pub use vpd::{load_vpd, read_vpd, write_vpd, Vpd, VpdBone, VpdError, VpdMorph};

use crate::pmx::Model;
use glam::{Quat, Vec3};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};

/// VMD key frames per second.
pub const FRAMES_PER_SECOND: f32 = 30.0;

/// A cubic Bézier easing curve from (0,0) to (1,1) with control points
/// (x1,y1), (x2,y2) in 0..=1 (the file stores them as bytes 0..=127).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bezier {
    pub x1: f32,
    pub y1: f32,
    pub x2: f32,
    pub y2: f32,
}

impl Bezier {
    /// MMD's default curve (20,20)-(107,107): a straight line.
    pub const LINEAR: Bezier = Bezier {
        x1: 20.0 / 127.0,
        y1: 20.0 / 127.0,
        x2: 107.0 / 127.0,
        y2: 107.0 / 127.0,
    };

    pub fn from_bytes(x1: u8, y1: u8, x2: u8, y2: u8) -> Self {
        // Bytes above 127 do not occur in MMD files; clamp so the curve stays monotone in x.
        let f = |b: u8| (b.min(127) as f32) / 127.0;
        Bezier {
            x1: f(x1),
            y1: f(y1),
            x2: f(x2),
            y2: f(y2),
        }
    }

    pub fn is_linear(&self) -> bool {
        self.x1 == self.y1 && self.x2 == self.y2
    }

    fn axis(t: f32, p1: f32, p2: f32) -> f32 {
        let u = 1.0 - t;
        3.0 * u * u * t * p1 + 3.0 * u * t * t * p2 + t * t * t
    }

    fn axis_slope(t: f32, p1: f32, p2: f32) -> f32 {
        let u = 1.0 - t;
        3.0 * u * u * p1 + 6.0 * u * t * (p2 - p1) + 3.0 * t * t * (1.0 - p2)
    }

    /// y at the given x in 0..=1: solves x(t) = x by Newton steps, falling back
    /// to bisection (x(t) is monotone because the control x's are in 0..=1).
    pub fn eval(&self, x: f32) -> f32 {
        let x = if x.is_finite() {
            x.clamp(0.0, 1.0)
        } else {
            0.0
        };
        if self.is_linear() {
            return x;
        }
        let mut t = x;
        for _ in 0..8 {
            let err = Self::axis(t, self.x1, self.x2) - x;
            if err.abs() < 1e-6 {
                return Self::axis(t, self.y1, self.y2);
            }
            let d = Self::axis_slope(t, self.x1, self.x2);
            if d.abs() < 1e-6 {
                break;
            }
            t = (t - err / d).clamp(0.0, 1.0);
        }
        let (mut lo, mut hi) = (0.0f32, 1.0f32);
        t = x;
        for _ in 0..40 {
            let v = Self::axis(t, self.x1, self.x2);
            if (v - x).abs() < 1e-6 {
                break;
            }
            if v < x {
                lo = t;
            } else {
                hi = t;
            }
            t = 0.5 * (lo + hi);
        }
        Self::axis(t, self.y1, self.y2)
    }
}

/// A motion bound to one model: key tracks indexed by the model's bone and morph indices.
#[derive(Debug, Clone, Default)]
pub struct BoundMotion {
    /// Per model bone: its keys sorted by frame (empty = not animated).
    pub bone_tracks: Vec<Vec<BoneKey>>,
    /// Per model morph: (frame, weight) sorted by frame.
    pub morph_tracks: Vec<Vec<MorphKey>>,
    /// Per model bone: IK on/off keys (frame, enabled), sorted by frame.
    pub ik_tracks: Vec<Vec<(u32, bool)>>,
    pub last_frame: u32,
    /// Where the last sample of each bone / morph track found its keys.
    bone_hints: KeyHints,
    morph_hints: KeyHints,
}

/// Per track, the index of the first key after the frame last sampled.
/// Playback moves forward, so the next frame's keys are usually the same
/// pair or the next one: two comparisons instead of a binary search. A hint
/// is only a guess that is checked, so results never depend on it; atomics
/// (relaxed) keep sampling `&self` and the motion shareable between threads.
#[derive(Debug, Default)]
struct KeyHints(Vec<AtomicU32>);

impl KeyHints {
    fn new(count: usize) -> KeyHints {
        KeyHints((0..count).map(|_| AtomicU32::new(0)).collect())
    }

    /// The index of the first key after `frame` (`keys` sorted by frame):
    /// what `keys.partition_point(|k| frame_of(k) <= frame)` returns.
    #[inline(always)]
    fn find<K>(&self, track: usize, keys: &[K], frame_of: impl Fn(&K) -> u32, frame: f32) -> usize {
        let before = |i: usize| frame_of(&keys[i]) as f32 <= frame;
        let fits = |i: usize| {
            i <= keys.len() && (i == 0 || before(i - 1)) && (i == keys.len() || !before(i))
        };
        let hint = self.0.get(track);
        let h = hint.map_or(0, |h| h.load(Ordering::Relaxed) as usize);
        if fits(h) {
            return h;
        }
        let i = if fits(h + 1) {
            h + 1
        } else {
            keys.partition_point(|k| frame_of(k) as f32 <= frame)
        };
        if let Some(hint) = hint {
            hint.store(i as u32, Ordering::Relaxed);
        }
        i
    }
}

impl Clone for KeyHints {
    fn clone(&self) -> Self {
        KeyHints(
            self.0
                .iter()
                .map(|h| AtomicU32::new(h.load(Ordering::Relaxed)))
                .collect(),
        )
    }
}

/// Names in the motion that the model does not have (reported, not fatal).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct BindReport {
    pub unknown_bones: Vec<String>,
    pub unknown_morphs: Vec<String>,
    pub unknown_ik: Vec<String>,
    pub bound_bones: usize,
    pub bound_morphs: usize,
}

/// Looks model names up the way MMD matches VMD names: exact text first, then
/// the Shift-JIS bytes cut to the field size (names longer than the field).
struct NameIndex {
    exact: HashMap<String, usize>,
    cut: HashMap<Vec<u8>, usize>,
}

impl NameIndex {
    fn new<'a>(names: impl Iterator<Item = &'a str>, field: usize) -> Self {
        let mut exact = HashMap::new();
        let mut cut = HashMap::new();
        for (i, n) in names.enumerate() {
            // The first element of a duplicated name wins, as in MMD.
            exact.entry(n.to_string()).or_insert(i);
            cut.entry(vmd::encode_name(n, field)).or_insert(i);
        }
        NameIndex { exact, cut }
    }
    fn find(&self, name: &VmdName) -> Option<usize> {
        self.exact
            .get(&name.text)
            .or_else(|| self.cut.get(&name.raw))
            .copied()
    }
}

/// Sorts keys by frame (stably); of two keys on one frame the later in the file wins.
fn sort_later_wins<K: Copy>(keys: &mut Vec<K>, frame: impl Fn(&K) -> u32) {
    keys.sort_by_key(&frame);
    keys.dedup_by(|later, earlier| {
        if frame(later) == frame(earlier) {
            *earlier = *later;
            true
        } else {
            false
        }
    });
}

fn push_unknown(list: &mut Vec<String>, name: &VmdName) {
    if !list.contains(&name.text) {
        list.push(name.text.clone());
    }
}

impl BoundMotion {
    /// Binds a VMD to a model by names. Unknown names are listed in the report.
    pub fn bind(vmd: &Vmd, model: &Model) -> (BoundMotion, BindReport) {
        let mut m = BoundMotion {
            bone_tracks: vec![Vec::new(); model.bones.len()],
            morph_tracks: vec![Vec::new(); model.morphs.len()],
            ik_tracks: vec![Vec::new(); model.bones.len()],
            last_frame: vmd.last_frame(),
            bone_hints: KeyHints::new(model.bones.len()),
            morph_hints: KeyHints::new(model.morphs.len()),
        };
        let mut report = BindReport::default();
        let bones = NameIndex::new(model.bones.iter().map(|b| b.name.as_str()), 15);
        let ik_bones = NameIndex::new(model.bones.iter().map(|b| b.name.as_str()), 20);
        let morphs = NameIndex::new(model.morphs.iter().map(|b| b.name.as_str()), 15);
        for (name, key) in &vmd.bone_keys {
            match bones.find(name) {
                Some(i) => m.bone_tracks[i].push(*key),
                None => push_unknown(&mut report.unknown_bones, name),
            }
        }
        for (name, key) in &vmd.morph_keys {
            match morphs.find(name) {
                Some(i) => m.morph_tracks[i].push(*key),
                None => push_unknown(&mut report.unknown_morphs, name),
            }
        }
        for pk in &vmd.property_keys {
            for (name, on) in &pk.ik {
                match ik_bones.find(name) {
                    Some(i) => m.ik_tracks[i].push((pk.frame, *on)),
                    None => push_unknown(&mut report.unknown_ik, name),
                }
            }
        }
        for t in &mut m.bone_tracks {
            sort_later_wins(t, |k| k.frame);
        }
        for t in &mut m.morph_tracks {
            sort_later_wins(t, |k| k.frame);
        }
        for t in &mut m.ik_tracks {
            t.sort_by_key(|k| k.0);
        }
        report.bound_bones = m.bone_tracks.iter().filter(|t| !t.is_empty()).count();
        report.bound_morphs = m.morph_tracks.iter().filter(|t| !t.is_empty()).count();
        (m, report)
    }

    /// Length in seconds (last key frame / 30).
    pub fn duration(&self) -> f32 {
        self.last_frame as f32 / FRAMES_PER_SECOND
    }

    /// The bone's local (rotation, translation offset) at `frame` (fractional),
    /// or None if the bone has no keys.
    pub fn sample_bone(&self, bone: usize, frame: f32) -> Option<(Quat, Vec3)> {
        let keys = self.bone_tracks.get(bone)?;
        if keys.is_empty() {
            return None;
        }
        let next = self.bone_hints.find(bone, keys, |k| k.frame, frame);
        Some(sample_bone_keys(keys, next, frame))
    }

    pub fn sample_morph(&self, morph: usize, frame: f32) -> Option<f32> {
        let keys = self.morph_tracks.get(morph)?;
        (!keys.is_empty()).then(|| self.morph_at(morph, keys, frame))
    }

    /// Morph track `morph` (`keys`, not empty) at `frame`.
    #[inline(always)]
    fn morph_at(&self, morph: usize, keys: &[MorphKey], frame: f32) -> f32 {
        let i = self.morph_hints.find(morph, keys, |k| k.frame, frame);
        if i == 0 || i >= keys.len() {
            return keys[i.min(keys.len() - 1)].weight;
        }
        let (a, b) = (&keys[i - 1], &keys[i]);
        let s = (frame - a.frame as f32) / (b.frame - a.frame) as f32;
        a.weight + (b.weight - a.weight) * s
    }

    /// Whether the IK of `bone` is on at `frame` (on when the motion says nothing).
    pub fn ik_enabled(&self, bone: usize, frame: f32) -> bool {
        let Some(keys) = self.ik_tracks.get(bone) else {
            return true;
        };
        let i = keys.partition_point(|k| (k.0 as f32) <= frame);
        if i == 0 {
            keys.first().map(|k| k.1).unwrap_or(true)
        } else {
            keys[i - 1].1
        }
    }

    /// Whether physics is on for `bone` at `frame`: as the last key at or before `frame`
    /// says (the first key's switch before it), on without keys.
    pub fn physics_enabled(&self, bone: usize, frame: f32) -> bool {
        let Some(keys) = self.bone_tracks.get(bone).filter(|k| !k.is_empty()) else {
            return true;
        };
        let next = self.bone_hints.find(bone, keys, |k| k.frame, frame);
        !keys[next.saturating_sub(1).min(keys.len() - 1)].physics_off
    }

    /// Whether any bone key turns physics off.
    pub fn switches_physics_off(&self) -> bool {
        self.bone_tracks.iter().flatten().any(|k| k.physics_off)
    }

    /// Sets the bones, morphs and IK and physics switches this motion animates in `pose` to
    /// their values at `frame` (no allocation); the rest of the pose is left as it is.
    pub fn apply_to_pose(&self, frame: f32, pose: &mut crate::deform::Pose) {
        let bones = pose.bones.iter_mut().zip(&self.bone_tracks);
        for (i, (b, keys)) in bones.enumerate() {
            if !keys.is_empty() {
                let next = self.bone_hints.find(i, keys, |k| k.frame, frame);
                (b.rotation, b.translation) = sample_bone_keys(keys, next, frame);
                if let Some(on) = pose.physics_enabled.get_mut(i) {
                    *on = !keys[next.saturating_sub(1).min(keys.len() - 1)].physics_off;
                }
            }
        }
        let morphs = pose.morphs.iter_mut().zip(&self.morph_tracks);
        for (i, (w, keys)) in morphs.enumerate() {
            if !keys.is_empty() {
                *w = self.morph_at(i, keys, frame);
            }
        }
        for i in 0..self.ik_tracks.len().min(pose.ik_enabled.len()) {
            if !self.ik_tracks[i].is_empty() {
                pose.ik_enabled[i] = self.ik_enabled(i, frame);
            }
        }
    }

    /// Whether any IK is switched off anywhere in the motion.
    pub fn switches_ik_off(&self) -> bool {
        self.ik_tracks.iter().flatten().any(|k| !k.1)
    }

    /// Writes the whole pose at `frame` into per-bone / per-morph slices (no allocation).
    /// Bones and morphs without keys are left untouched, so the caller decides their value.
    pub fn sample_into(
        &self,
        frame: f32,
        rotations: &mut [Quat],
        translations: &mut [Vec3],
        morph_weights: &mut [f32],
    ) {
        for i in 0..self.bone_tracks.len() {
            if let Some((r, t)) = self.sample_bone(i, frame) {
                if let Some(o) = rotations.get_mut(i) {
                    *o = r;
                }
                if let Some(o) = translations.get_mut(i) {
                    *o = t;
                }
            }
        }
        for i in 0..self.morph_tracks.len().min(morph_weights.len()) {
            if let Some(w) = self.sample_morph(i, frame) {
                morph_weights[i] = w;
            }
        }
    }
}

/// The value at `frame` of a non-empty track whose first key after `frame` is `next`.
#[inline(always)]
fn sample_bone_keys(keys: &[BoneKey], next: usize, frame: f32) -> (Quat, Vec3) {
    if next == 0 || next >= keys.len() {
        let k = &keys[next.min(keys.len() - 1)];
        return (k.rotation, k.translation);
    }
    let (a, b) = (&keys[next - 1], &keys[next]);
    // Most tracks hold still between most keys (slerp(q, q) is q).
    if a.rotation == b.rotation && a.translation == b.translation {
        return (a.rotation, a.translation);
    }
    interpolate(a, b, frame)
}

/// Between keys `a` and `b`, shaped by `b`'s curves.
fn interpolate(a: &BoneKey, b: &BoneKey, frame: f32) -> (Quat, Vec3) {
    let s = (frame - a.frame as f32) / (b.frame - a.frame) as f32;
    let [cx, cy, cz, cr] = &b.curves;
    // The four curves are usually one (often the linear default): solve once.
    let (tx, ty, tz, tr) = if cx == cy && cx == cz && cx == cr {
        let t = cx.eval(s);
        (t, t, t, t)
    } else {
        (cx.eval(s), cy.eval(s), cz.eval(s), cr.eval(s))
    };
    let d = b.translation - a.translation;
    let t = a.translation + Vec3::new(d.x * tx, d.y * ty, d.z * tz);
    let r = if a.rotation == b.rotation {
        a.rotation
    } else {
        a.rotation.slerp(b.rotation, tr)
    };
    (r, t)
}
