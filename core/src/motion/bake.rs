//! Baking physics (and optionally IK) into a VMD: the whole pipeline runs at MMD's
//! 30 frames per second with physics on, and every baked bone gets, per frame, the key
//! that puts it where physics put it when the result plays with physics **off**.
//!
//! A bone's key is its pose relative to its parent's world matrix, with what the deformer
//! adds on top of the key taken out again: the bone morph's rotation and offset, the
//! append (付与) part the deformer stored this frame, and — for IK links whose IK stays
//! on — the IK rotation (IK then solves on top of the key as it did). With `ik`, the IK
//! bones are switched off by property keys and their links are keyed with the IK result.
//!
//! Bones chosen by [`BakeBones::Physics`]: every bone a simulated body drives, and each
//! child of such a bone that is not after-physics (物理後変形) — in MMD such a child keeps
//! its pose from before physics, so it must be keyed to stay there when its parent plays
//! from keys. After-physics children follow their keyed parents by themselves.
//!
//! Afterwards the result is played (physics off) and measured against the physics-on
//! run; the report gives the largest error per bone, so whatever the keys cannot
//! reproduce (an append whose source is baked too, say) is said, not hidden.
//!
//! Keys are reduced per bone: a key is dropped when linear VMD interpolation between the
//! kept keys reproduces every dropped frame within the tolerance (rotation angle and
//! translation distance of the key values).

use super::vmd::{encode_name, BoneKey, PropertyKey, Vmd, VmdName};
use super::{Bezier, BindReport, BoundMotion, NameIndex, FRAMES_PER_SECOND};
use crate::deform::{Phase, Pose};
use crate::physics::rules::{body_role, effective_modes, placing_bone};
use crate::physics::PhysicsConfig;
use crate::pmx::Model;
use crate::sim::Simulation;
use glam::{Mat4, Quat, Vec3};
use std::sync::atomic::{AtomicBool, Ordering};

/// Which bones to bake.
#[derive(Debug, Clone, PartialEq)]
pub enum BakeBones {
    /// The bones physics drives (see the module documentation).
    Physics,
    /// Every bone MMD can key.
    All,
    /// These bones, by name.
    Names(Vec<String>),
}

/// What to bake; the CLI and the app both fill this.
#[derive(Debug, Clone, PartialEq)]
pub struct BakeOptions {
    pub bones: BakeBones,
    /// Also bake the IK links of every IK bone and switch those IK off.
    pub ik: bool,
    /// Largest rotation (degrees) a dropped key may differ from the interpolation.
    pub tolerance_deg: f32,
    /// Largest translation (model units) a dropped key may differ from the interpolation.
    pub tolerance_units: f32,
    /// First and last VMD frame baked (`end` None: the motion's last key).
    pub start: u32,
    pub end: Option<u32>,
    /// Mark baked keys with MMD's per-key physics-off switch, so players that honour it
    /// (MMD 9.x, Hone) hold the bones on the keys even with physics on.
    pub physics_off_switch: bool,
    pub physics: PhysicsConfig,
}

impl Default for BakeOptions {
    fn default() -> Self {
        BakeOptions {
            bones: BakeBones::Physics,
            ik: false,
            tolerance_deg: 0.005,
            tolerance_units: 1e-4,
            start: 0,
            end: None,
            physics_off_switch: true,
            physics: PhysicsConfig::default(),
        }
    }
}

/// One baked bone.
#[derive(Debug, Clone, PartialEq)]
pub struct BakedBone {
    pub bone: usize,
    pub name: String,
    /// Keys written after reduction (of one per baked frame).
    pub keys: usize,
    /// Largest difference from the physics-on run when the result plays with physics
    /// off: rotation in degrees, position in model units (world space).
    pub max_error_deg: f32,
    pub max_error_units: f32,
}

/// What a bake did and what it could not do.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BakeReport {
    pub start: u32,
    pub end: u32,
    pub bones: Vec<BakedBone>,
    /// Keys sampled (baked bones × frames) and written after reduction.
    pub sampled_keys: usize,
    pub written_keys: usize,
    /// The motion's own keys of baked bones inside the range, replaced.
    pub replaced_keys: usize,
    /// Bones chosen but not baked: their names do not fit a VMD's 15 bytes of Shift-JIS.
    pub unkeyable: Vec<String>,
    /// Names asked for that the model does not have.
    pub unknown_bones: Vec<String>,
    /// IK bones switched off (with `ik`).
    pub ik_switched_off: Vec<String>,
    /// IK bones left on (with `ik`): a link's name does not fit a bone key, or the IK
    /// bone's name does not fit the property key's 20 bytes.
    pub unkeyable_ik: Vec<String>,
    /// The motion's names the model lacks (their keys are kept in the output unchanged).
    pub bind: BindReport,
    /// Wall-clock seconds of the physics-on run, for the speed figure.
    pub run_seconds: f64,
}

impl BakeReport {
    /// Written keys ÷ sampled keys (1 = nothing dropped).
    pub fn ratio(&self) -> f32 {
        if self.sampled_keys == 0 {
            1.0
        } else {
            self.written_keys as f32 / self.sampled_keys as f32
        }
    }

    /// The baked bone with the largest rotation error, if any.
    pub fn worst(&self) -> Option<&BakedBone> {
        self.bones
            .iter()
            .max_by(|a, b| a.max_error_deg.total_cmp(&b.max_error_deg))
    }

    /// Largest position error over the baked bones.
    pub fn max_error_units(&self) -> f32 {
        self.bones
            .iter()
            .map(|b| b.max_error_units)
            .fold(0.0, f32::max)
    }
}

/// Why a bake produced nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BakeError {
    Cancelled,
    /// `start` after `end`.
    Range {
        start: u32,
        end: u32,
    },
    /// No bone to bake (nothing simulated, or no name matched).
    NoBones,
}

impl std::fmt::Display for BakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            BakeError::Cancelled => crate::tr!("bake-error-cancelled"),
            BakeError::Range { start, end } => {
                crate::tr!("bake-error-range", start = *start, end = *end)
            }
            BakeError::NoBones => crate::tr!("bake-error-no-bones"),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for BakeError {}

/// The bones a simulated body drives.
pub fn physics_bones(model: &Model) -> Vec<bool> {
    let mut driven = vec![false; model.bones.len()];
    let modes = effective_modes(model);
    for (body, mode) in model.rigid_bodies.iter().zip(modes) {
        if body_role(model, body, mode).is_dynamic() {
            if let Some(b) = placing_bone(model, body).filter(|_| body.bone >= 0) {
                driven[b] = true;
            }
        }
    }
    driven
}

fn parent_of(model: &Model, b: usize) -> Option<usize> {
    usize::try_from(model.bones[b].parent)
        .ok()
        .filter(|&p| p < model.bones.len() && p != b)
}

/// The IK bones (with links) and their links.
fn ik_bones(model: &Model) -> Vec<(usize, Vec<usize>)> {
    let n = model.bones.len();
    model
        .bones
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let ik = b.ik.as_ref()?;
            let links: Vec<usize> = ik
                .links
                .iter()
                .filter_map(|l| usize::try_from(l.bone).ok().filter(|&l| l < n))
                .collect();
            (!links.is_empty()).then_some((i, links))
        })
        .collect()
}

/// Bones chosen by `options` (before the name check), in bone order.
fn chosen_bones(model: &Model, options: &BakeOptions, report: &mut BakeReport) -> Vec<bool> {
    let n = model.bones.len();
    let mut chosen = match &options.bones {
        BakeBones::All => vec![true; n],
        BakeBones::Physics => {
            let driven = physics_bones(model);
            let mut chosen = driven.clone();
            for (b, chosen) in chosen.iter_mut().enumerate() {
                let follows = parent_of(model, b).is_some_and(|p| driven[p]);
                if follows && !model.bones[b].is_after_physics() {
                    *chosen = true;
                }
            }
            chosen
        }
        BakeBones::Names(names) => {
            let mut chosen = vec![false; n];
            for name in names {
                match model.bone_index(name) {
                    Some(b) => chosen[b] = true,
                    None => report.unknown_bones.push(name.clone()),
                }
            }
            chosen
        }
    };
    if options.ik {
        for (_, links) in ik_bones(model) {
            for l in links {
                chosen[l] = true;
            }
        }
    }
    chosen
}

/// Per bone what the key must take out again: IK stays on for it, append parts.
struct KeyRule {
    bone: usize,
    parent: Option<usize>,
    rel: Vec3,
    strip_ik: bool,
    append_rotate: bool,
    append_translate: bool,
}

impl KeyRule {
    /// The key that reproduces the bone's world matrix in `state` under its parent's.
    fn key(&self, sim: &Simulation, pose: &Pose) -> (Quat, Vec3) {
        let s = &sim.state;
        let b = self.bone;
        let world = s.world[b];
        let local = match self.parent {
            Some(p) => s.world[p].inverse() * world,
            None => world,
        };
        let (_, mut rotation, translation) = local.to_scale_rotation_translation();
        if self.strip_ik {
            rotation = s.ik_rotation[b].inverse() * rotation;
        }
        let user = pose.bones[b];
        let morph_rotation = s.bone_morph_rotation[b];
        let morph_translation = s.bone_morph_translation[b];
        // local = morph × user × append  ⇒  user = morph⁻¹ × local × append⁻¹.
        let mut key_rotation = morph_rotation.inverse() * rotation;
        if self.append_rotate {
            let append = (morph_rotation * user.rotation).inverse() * s.append_rotation[b];
            key_rotation *= append.inverse();
        }
        let mut key_translation = translation - self.rel - morph_translation;
        if self.append_translate {
            let append = s.append_translation[b] - user.translation - morph_translation;
            key_translation -= append;
        }
        (key_rotation.normalize(), key_translation)
    }
}

/// The angle of the rotation from `a` to `b` (radians), precise for small angles too
/// (acos of a dot product loses them below about 0.02° in f32).
pub fn angle_between(a: Quat, b: Quat) -> f32 {
    let d = a.conjugate() * b;
    2.0 * glam::Vec3::new(d.x, d.y, d.z).length().atan2(d.w.abs())
}

fn linear_key(frame: u32, (rotation, translation): (Quat, Vec3), physics_off: bool) -> BoneKey {
    BoneKey {
        frame,
        translation,
        rotation,
        curves: [Bezier::LINEAR; 4],
        physics_off,
    }
}

/// Indices of `samples` to keep so that linear VMD interpolation between kept keys
/// reproduces every sample within the tolerances (first and last always kept).
pub fn reduce_keys(
    samples: &[(Quat, Vec3)],
    tolerance_rad: f32,
    tolerance_units: f32,
) -> Vec<usize> {
    let n = samples.len();
    if n <= 2 {
        return (0..n).collect();
    }
    let key = |i: usize| linear_key(i as u32, samples[i], false);
    let fits = |a: usize, b: usize| {
        let (ka, kb) = (key(a), key(b));
        (a + 1..b).all(|m| {
            let (r, t) = super::interpolate(&ka, &kb, m as f32);
            angle_between(r, samples[m].0) <= tolerance_rad
                && (t - samples[m].1).length() <= tolerance_units
        })
    };
    let mut kept = vec![0];
    let mut i = 0;
    while i < n - 1 {
        let mut j = i + 1;
        while j + 1 < n && fits(i, j + 1) {
            j += 1;
        }
        kept.push(j);
        i = j;
    }
    kept
}

/// Bakes `vmd` on `model` as `options` say. `progress` gets 0..=1; setting `cancel` stops
/// the bake between frames with [`BakeError::Cancelled`].
pub fn bake(
    model: &Model,
    vmd: &Vmd,
    options: &BakeOptions,
    progress: &mut dyn FnMut(f32),
    cancel: &AtomicBool,
) -> Result<(Vmd, BakeReport), BakeError> {
    let (motion, bind) = BoundMotion::bind(vmd, model);
    let start = options.start;
    let end = options.end.unwrap_or(motion.last_frame);
    if start > end {
        return Err(BakeError::Range { start, end });
    }
    let mut report = BakeReport {
        start,
        end,
        bind,
        ..BakeReport::default()
    };
    let chosen = chosen_bones(model, options, &mut report);
    let mut baked = Vec::new();
    for (b, _) in chosen.iter().enumerate().filter(|(_, c)| **c) {
        let name = &model.bones[b].name;
        if super::names::vmd_name_fit(name).fits(super::names::VMD_BONE_NAME_BYTES) {
            baked.push(b);
        } else {
            report.unkeyable.push(name.clone());
        }
    }
    if baked.is_empty() {
        return Err(BakeError::NoBones);
    }
    // An IK is switched off only when all its links can be keyed; otherwise it stays on
    // (reported) and its keyable links are keyed under it.
    let fits = |b: usize| {
        super::names::vmd_name_fit(&model.bones[b].name).fits(super::names::VMD_BONE_NAME_BYTES)
    };
    let mut switched_ik = Vec::new();
    let mut switched_link = vec![false; model.bones.len()];
    if options.ik {
        for (b, links) in ik_bones(model) {
            let name_fits = super::names::vmd_name_fit(&model.bones[b].name).fits(20);
            if name_fits && links.iter().all(|&l| fits(l)) {
                switched_ik.push(b);
                for l in links {
                    switched_link[l] = true;
                }
            } else {
                report.unkeyable_ik.push(model.bones[b].name.clone());
            }
        }
    }
    let deformer_bones = crate::deform::Deformer::new(model);
    let rules: Vec<KeyRule> = baked
        .iter()
        .map(|&b| {
            let info = &deformer_bones.bones[b];
            let append = info.append;
            KeyRule {
                bone: b,
                parent: parent_of(model, b),
                rel: info.rel,
                strip_ik: info.is_ik_link && !switched_link[b],
                append_rotate: append.is_some_and(|a| a.rotate),
                append_translate: append.is_some_and(|a| a.translate),
            }
        })
        .collect();
    drop(deformer_bones);

    // The physics-on run, as `sim::run` numbers frames: `start` is the state right after a
    // reset on its pose, each later frame one pipeline step of 1/30 s.
    let frames = (end - start + 1) as usize;
    let began = std::time::Instant::now();
    let mut sim = Simulation::new(model, options.physics);
    sim.deformer.normals = false;
    let base = Pose::new(model);
    let mut pose = base.clone();
    motion.apply_to_pose(start as f32, &mut pose);
    sim.reset(model, &pose);
    let mut samples: Vec<Vec<(Quat, Vec3)>> = vec![Vec::with_capacity(frames); baked.len()];
    let mut on_world: Vec<Vec<Mat4>> = vec![Vec::with_capacity(frames); baked.len()];
    let record = |sim: &Simulation,
                  pose: &Pose,
                  samples: &mut Vec<Vec<(Quat, Vec3)>>,
                  on_world: &mut Vec<Vec<Mat4>>| {
        for (i, rule) in rules.iter().enumerate() {
            let (mut q, t) = rule.key(sim, pose);
            // Keep neighbouring keys in one hemisphere (slerp takes the short way anyway).
            if samples[i].last().is_some_and(|(p, _)| p.dot(q) < 0.0) {
                q = -q;
            }
            samples[i].push((q, t));
            on_world[i].push(sim.state.world[rule.bone]);
        }
    };
    record(&sim, &pose, &mut samples, &mut on_world);
    let dt = 1.0 / FRAMES_PER_SECOND;
    for f in start + 1..=end {
        if cancel.load(Ordering::Relaxed) {
            return Err(BakeError::Cancelled);
        }
        pose.clone_from(&base);
        // Sampled where `sim::run` (and `hone simulate --fps 30`) samples: through seconds,
        // so the same physics results come out to the last bit.
        let t = (f - start) as f32 / FRAMES_PER_SECOND;
        motion.apply_to_pose(start as f32 + t * FRAMES_PER_SECOND, &mut pose);
        sim.frame(model, &pose, dt);
        record(&sim, &pose, &mut samples, &mut on_world);
        progress(0.8 * (f - start) as f32 / frames as f32);
    }
    report.run_seconds = began.elapsed().as_secs_f64();

    // The output: the motion without the baked bones' keys inside the range, plus the bake.
    let mut out = vmd.clone();
    let names = NameIndex::new(model.bones.iter().map(|b| b.name.as_str()), 15);
    let mut is_baked = vec![false; model.bones.len()];
    for &b in &baked {
        is_baked[b] = true;
    }
    let raw = std::mem::take(&mut out.bone_interpolation_raw);
    let keys = std::mem::take(&mut out.bone_keys);
    let keep_raw = raw.len() == keys.len();
    for (i, (name, key)) in keys.into_iter().enumerate() {
        let replaced =
            (start..=end).contains(&key.frame) && names.find(&name).is_some_and(|b| is_baked[b]);
        if replaced {
            report.replaced_keys += 1;
        } else {
            out.bone_keys.push((name, key));
            if keep_raw {
                out.bone_interpolation_raw.push(raw[i]);
            }
        }
    }
    let tolerance_rad = options.tolerance_deg.max(0.0).to_radians();
    let tolerance_units = options.tolerance_units.max(0.0);
    for (i, &b) in baked.iter().enumerate() {
        let kept = reduce_keys(&samples[i], tolerance_rad, tolerance_units);
        let name = VmdName {
            text: model.bones[b].name.clone(),
            raw: encode_name(&model.bones[b].name, 15),
        };
        for &k in &kept {
            let key = linear_key(start + k as u32, samples[i][k], options.physics_off_switch);
            out.bone_keys.push((name.clone(), key));
        }
        report.sampled_keys += frames;
        report.written_keys += kept.len();
        report.bones.push(BakedBone {
            bone: b,
            name: model.bones[b].name.clone(),
            keys: kept.len(),
            max_error_deg: 0.0,
            max_error_units: 0.0,
        });
    }
    if !switched_ik.is_empty() {
        switch_ik_off(model, &switched_ik, start, &mut out, &mut report);
    }

    // Play the result with physics off and measure it against the physics-on run.
    let (played, _) = BoundMotion::bind(&out, model);
    let deformer = crate::deform::Deformer::new(model);
    let mut state = deformer.new_state();
    for (n, f) in (start..=end).enumerate() {
        if cancel.load(Ordering::Relaxed) {
            return Err(BakeError::Cancelled);
        }
        pose.clone_from(&base);
        played.apply_to_pose(f as f32, &mut pose);
        deformer.apply_morphs(model, &pose, &mut state);
        deformer.update_bones(&pose, &mut state, Phase::BeforePhysics);
        deformer.update_bones(&pose, &mut state, Phase::AfterPhysics);
        for (i, bone) in report.bones.iter_mut().enumerate() {
            let (_, ra, ta) = on_world[i][n].to_scale_rotation_translation();
            let (_, rb, tb) = state.world[bone.bone].to_scale_rotation_translation();
            bone.max_error_deg = bone.max_error_deg.max(angle_between(ra, rb).to_degrees());
            bone.max_error_units = bone.max_error_units.max((ta - tb).length());
        }
        progress(0.8 + 0.2 * (n + 1) as f32 / frames as f32);
    }
    Ok((out, report))
}

/// Property keys that switch the IK of `ik_bones` off from `start` on: every later key
/// says off for them, and a key at `start` (copying the state in force) is added if
/// there is none.
fn switch_ik_off(
    model: &Model,
    ik_bones: &[usize],
    start: u32,
    out: &mut Vmd,
    report: &mut BakeReport,
) {
    let mut names = Vec::new();
    for &b in ik_bones {
        let name = &model.bones[b].name;
        if !super::names::vmd_name_fit(name).fits(20) {
            report.unkeyable_ik.push(name.clone());
            continue;
        }
        report.ik_switched_off.push(name.clone());
        names.push(VmdName {
            text: name.clone(),
            raw: encode_name(name, 20),
        });
    }
    out.property_keys.sort_by_key(|k| k.frame);
    if !out.property_keys.iter().any(|k| k.frame == start) {
        let before = out.property_keys.iter().rev().find(|k| k.frame < start);
        let key = PropertyKey {
            frame: start,
            visible: before.is_none_or(|k| k.visible),
            ik: before.map(|k| k.ik.clone()).unwrap_or_default(),
        };
        let at = out.property_keys.partition_point(|k| k.frame < start);
        out.property_keys.insert(at, key);
    }
    for key in out.property_keys.iter_mut().filter(|k| k.frame >= start) {
        for name in &names {
            match key.ik.iter_mut().find(|(n, _)| n.text == name.text) {
                Some((_, on)) => *on = false,
                None => key.ik.push((name.clone(), false)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduction_keeps_every_frame_within_the_tolerance() {
        // A swing that eases in and out: linear keys cannot follow it exactly.
        let samples: Vec<(Quat, Vec3)> = (0..120)
            .map(|f| {
                let s = (f as f32 / 119.0 * std::f32::consts::PI).sin();
                (Quat::from_rotation_z(0.8 * s), Vec3::new(0.0, 0.3 * s, 0.0))
            })
            .collect();
        for tol_deg in [0.01f32, 0.1, 1.0] {
            let tol = tol_deg.to_radians();
            let kept = reduce_keys(&samples, tol, 1e-3);
            assert!(kept.len() < samples.len(), "nothing dropped at {tol_deg}°");
            assert_eq!(kept[0], 0);
            assert_eq!(*kept.last().unwrap(), 119);
            let keys: Vec<BoneKey> = kept
                .iter()
                .map(|&k| linear_key(k as u32, samples[k], false))
                .collect();
            for (f, (q, t)) in samples.iter().enumerate() {
                let next = keys.partition_point(|k| k.frame as usize <= f);
                let (r, p) = super::super::sample_bone_keys(&keys, next, f as f32);
                assert!(
                    angle_between(r, *q) <= tol + 1e-6,
                    "frame {f} at {tol_deg}°"
                );
                assert!((p - *t).length() <= 1e-3 + 1e-6);
            }
        }
        // A still track keeps its two ends only.
        let still = vec![(Quat::from_rotation_x(0.2), Vec3::ONE); 50];
        assert_eq!(reduce_keys(&still, 0.0, 0.0), vec![0, 49]);
    }
}
