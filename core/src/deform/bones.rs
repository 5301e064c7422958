//! Local transforms (user, bone morph, append/付与) and world matrices.

use super::{DeformState, Deformer, Phase, Pose, NO_BONE};
use crate::pmx::{BoneFlags, Model};
use glam::{Mat4, Quat, Vec3};

#[derive(Debug, Clone, Copy)]
pub(crate) struct AppendInfo {
    pub source: u32,
    pub ratio: f32,
    pub rotate: bool,
    pub translate: bool,
    pub local: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct BoneInfo {
    /// Parent index or NO_BONE (also for out-of-range and self references).
    pub parent: u32,
    pub rest: Vec3,
    /// Rest offset from the parent (rest - parent rest).
    pub rel: Vec3,
    pub append: Option<AppendInfo>,
    /// Index into `Deformer::iks` when this bone is an IK bone.
    pub ik: u32,
    /// Whether some IK lists this bone as a link.
    pub is_ik_link: bool,
    pub external_key: Option<i32>,
    /// Children (for refreshing subtrees after IK).
    pub children: Vec<u32>,
}

fn valid(index: i32, count: usize) -> u32 {
    if index >= 0 && (index as usize) < count {
        index as u32
    } else {
        NO_BONE
    }
}

pub(crate) fn build_bone_infos(model: &Model) -> Vec<BoneInfo> {
    let n = model.bones.len();
    let mut infos: Vec<BoneInfo> = model
        .bones
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut parent = valid(b.parent, n);
            if parent == i as u32 {
                parent = NO_BONE;
            }
            let parent_rest = if parent != NO_BONE {
                model.bones[parent as usize].position
            } else {
                Vec3::ZERO
            };
            let append = b.append.and_then(|a| {
                let source = valid(a.parent, n);
                (source != NO_BONE && source != i as u32 && (a.rotate || a.translate)).then_some(
                    AppendInfo {
                        source,
                        ratio: a.ratio,
                        rotate: a.rotate,
                        translate: a.translate,
                        local: b.flags.has(BoneFlags::APPEND_LOCAL),
                    },
                )
            });
            BoneInfo {
                parent,
                rest: b.position,
                rel: b.position - parent_rest,
                append,
                ik: NO_BONE,
                is_ik_link: false,
                external_key: b.external_parent_key,
                children: Vec::new(),
            }
        })
        .collect();
    for i in 0..n {
        let p = infos[i].parent;
        if p != NO_BONE {
            infos[p as usize].children.push(i as u32);
        }
    }
    infos
}

impl Deformer {
    /// Spec step 0: every bone back to rest; IK and append state cleared.
    pub(crate) fn reset_bones(&self, state: &mut DeformState) {
        for (i, info) in self.bones.iter().enumerate() {
            state.world[i] = Mat4::from_translation(info.rest);
        }
        state.local_rotation.fill(Quat::IDENTITY);
        state.local_translation.fill(Vec3::ZERO);
        state.append_rotation.fill(Quat::IDENTITY);
        state.append_translation.fill(Vec3::ZERO);
        state.ik_rotation.fill(Quat::IDENTITY);
        state.physics_driven.fill(false);
    }

    /// Evaluates the bones of one phase in deform order, solving each IK
    /// in place when its bone comes up.
    pub fn update_bones(&self, pose: &Pose, state: &mut DeformState, phase: Phase) {
        if !self.fits(state) {
            return;
        }
        let entries = match phase {
            Phase::BeforePhysics => {
                self.reset_bones(state);
                self.order().before_physics()
            }
            Phase::AfterPhysics => self.order().after_physics(),
        };
        for entry in entries {
            let b = entry.bone;
            if state.physics_driven[b] {
                continue;
            }
            self.update_bone(b, pose, state);
            let ik = self.bones[b].ik;
            if ik != NO_BONE {
                self.solve_ik(ik as usize, pose, state);
            }
        }
    }

    /// The user rotation × bone-morph rotation (spec: 回転 * 回転モーフ).
    #[inline]
    fn animated_rotation(&self, b: usize, pose: &Pose, state: &DeformState) -> Quat {
        let user = pose.bones.get(b).map_or(Quat::IDENTITY, |p| p.rotation);
        let morph = state.bone_morph_rotation[b];
        // Most bones have no bone morph this frame (identity × q is q).
        if morph == Quat::IDENTITY {
            user
        } else {
            morph * user
        }
    }

    #[inline]
    fn animated_translation(&self, b: usize, pose: &Pose, state: &DeformState) -> Vec3 {
        let user = pose.bones.get(b).map_or(Vec3::ZERO, |p| p.translation);
        user + state.bone_morph_translation[b]
    }

    /// Local transform of one bone per 「ローカル変形順序」, then its world
    /// matrix from the parent's current world matrix. Does not solve IK.
    pub(crate) fn update_bone(&self, b: usize, pose: &Pose, state: &mut DeformState) {
        let info = &self.bones[b];
        let mut rotation = self.animated_rotation(b, pose, state);
        let mut translation = self.animated_translation(b, pose, state);

        if let Some(append) = info.append {
            let s = append.source as usize;
            let source = &self.bones[s];
            if append.rotate {
                let mut r = if append.local {
                    // Local append: the source's accumulated rotation (rotation
                    // part of its current world matrix), IK included, as
                    // babylon-mmd does; the spec's ローカル変形量(行列)の回転成分.
                    Quat::from_mat4(&state.world[s]).normalize()
                } else {
                    let base = if source.append.is_some_and(|a| a.rotate) {
                        state.append_rotation[s]
                    } else {
                        self.animated_rotation(s, pose, state)
                    };
                    if source.is_ik_link {
                        state.ik_rotation[s] * base
                    } else {
                        base
                    }
                };
                if append.ratio != 1.0 {
                    r = slerp_identity(r, append.ratio);
                }
                rotation = (rotation * r).normalize();
                state.append_rotation[b] = rotation;
            }
            if append.translate {
                let t = if append.local {
                    // Spec: ボーン位置 - 初期ボーン位置.
                    state.world[s].w_axis.truncate() - source.rest
                } else if source.append.is_some_and(|a| a.translate) {
                    state.append_translation[s]
                } else {
                    self.animated_translation(s, pose, state)
                };
                translation += t * append.ratio;
                state.append_translation[b] = translation;
            }
        }

        state.local_rotation[b] = rotation;
        state.local_translation[b] = translation;
        self.compose_world(b, pose, state);
    }

    /// World matrix from the stored local values, the IK rotation and the parent.
    #[inline]
    pub(crate) fn compose_world(&self, b: usize, pose: &Pose, state: &mut DeformState) {
        let info = &self.bones[b];
        // Only IK links carry an IK rotation (identity × q is q exactly).
        let rotation = if info.is_ik_link {
            state.ik_rotation[b] * state.local_rotation[b]
        } else {
            state.local_rotation[b]
        };
        let external = match info.external_key {
            Some(key) => pose.external_parent(key),
            None => None,
        };
        state.world[b] = if let Some(ext) = external {
            *ext * Mat4::from_rotation_translation(rotation, info.rest + state.local_translation[b])
        } else if info.parent != NO_BONE {
            let offset = info.rel + state.local_translation[b];
            compose(&state.world[info.parent as usize], rotation, offset)
        } else {
            Mat4::from_rotation_translation(rotation, info.rel + state.local_translation[b])
        };
    }
}

/// `parent × (rotation, offset)` as a matrix, with the products by the local
/// matrix's known zeros and ones left out: the same sums in the same order
/// as `parent * Mat4::from_rotation_translation(rotation, offset)`, so the
/// same values (up to the sign of a zero), in about half the work. Most
/// bones of a motion have an identity rotation: their axes are the parent's.
#[inline]
pub(crate) fn compose(parent: &Mat4, rotation: Quat, offset: Vec3) -> Mat4 {
    let w_axis = times_direction(parent, offset.extend(0.0)) + parent.w_axis;
    if rotation == Quat::IDENTITY {
        return Mat4::from_cols(parent.x_axis, parent.y_axis, parent.z_axis, w_axis);
    }
    let r = Mat4::from_quat(rotation);
    Mat4::from_cols(
        times_direction(parent, r.x_axis),
        times_direction(parent, r.y_axis),
        times_direction(parent, r.z_axis),
        w_axis,
    )
}

/// `m × v` for a direction (`v.w` = 0), summed in `Mat4 × Vec4`'s order.
#[inline(always)]
pub(crate) fn times_direction(m: &Mat4, v: glam::Vec4) -> glam::Vec4 {
    m.x_axis * v.x + m.y_axis * v.y + m.z_axis * v.z
}

/// slerp(identity, q, t) with exact trigonometry (append ratios may be
/// negative or above 1; the short arc is taken like MMD runtimes do).
pub(crate) fn slerp_identity(q: Quat, t: f32) -> Quat {
    let q = if q.w < 0.0 { -q } else { q };
    let w = q.w.clamp(-1.0, 1.0);
    let theta = w.acos();
    let s = theta.sin();
    if s.abs() < 1e-6 {
        // Nearly identity: linear blend is exact enough.
        return Quat::from_xyzw(q.x * t, q.y * t, q.z * t, 1.0 - t + w * t).normalize();
    }
    let a = ((1.0 - t) * theta).sin() / s;
    let b = (t * theta).sin() / s;
    Quat::from_xyzw(q.x * b, q.y * b, q.z * b, a + w * b)
}

/// Spherical interpolation between two rotations with exact trigonometry.
pub(crate) fn slerp(a: Quat, b: Quat, t: f32) -> Quat {
    let mut d = a.dot(b);
    let b = if d < 0.0 {
        d = -d;
        -b
    } else {
        b
    };
    if d > 0.9999 {
        return a.lerp(b, t).normalize();
    }
    let theta = d.clamp(-1.0, 1.0).acos();
    let s = theta.sin();
    let wa = ((1.0 - t) * theta).sin() / s;
    let wb = (t * theta).sin() / s;
    a * wa + b * wb
}
