//! The pose being shown and its evaluation into bone matrices and skinned vertices.
//!
//! Pose changes are not model edits: they live here, beside the model.
//! Until `hone::deform` lands this evaluates plain forward kinematics
//! (parent chain, no IK/append/morphs) and linear blend skinning, so posing
//! and bone display work; the deform engine replaces `evaluate`.

use crate::pmx::Model;
use glam::{Mat4, Quat, Vec3};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BonePose {
    pub rotation: Quat,
    pub translation: Vec3,
}

impl Default for BonePose {
    fn default() -> Self {
        BonePose {
            rotation: Quat::IDENTITY,
            translation: Vec3::ZERO,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct PoseState {
    pub bones: Vec<BonePose>,
    pub morphs: Vec<f32>,
    /// Model-space (MMD) world matrices per bone.
    pub world: Vec<Mat4>,
    /// Skinned positions and normals (MMD space).
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    /// Bumped whenever `positions` change.
    pub revision: u64,
    order: Vec<usize>,
    skin: Vec<Mat4>,
    dirty: bool,
}

impl PoseState {
    pub fn new(model: &Model) -> Self {
        let mut s = PoseState {
            bones: vec![BonePose::default(); model.bones.len()],
            morphs: vec![0.0; model.morphs.len()],
            world: vec![Mat4::IDENTITY; model.bones.len()],
            positions: model.vertices.iter().map(|v| v.position).collect(),
            normals: model.vertices.iter().map(|v| v.normal).collect(),
            revision: 1,
            order: deform_order(model),
            skin: vec![Mat4::IDENTITY; model.bones.len()],
            dirty: true,
        };
        s.evaluate(model);
        s
    }

    /// Keeps the pose when the model's shape stayed the same; resets it otherwise.
    pub fn refresh(&mut self, model: &Model) {
        if self.bones.len() != model.bones.len()
            || self.morphs.len() != model.morphs.len()
            || self.positions.len() != model.vertices.len()
        {
            *self = PoseState::new(model);
        } else {
            self.order = deform_order(model);
            self.dirty = true;
            self.evaluate(model);
        }
    }

    pub fn is_rest(&self) -> bool {
        self.bones.iter().all(|b| *b == BonePose::default()) && self.morphs.iter().all(|m| *m == 0.0)
    }

    pub fn reset(&mut self) {
        self.bones.fill(BonePose::default());
        self.morphs.fill(0.0);
        self.dirty = true;
    }

    pub fn set_bone(&mut self, index: usize, pose: BonePose) {
        if let Some(b) = self.bones.get_mut(index) {
            *b = pose;
            self.dirty = true;
        }
    }

    pub fn set_morph(&mut self, index: usize, weight: f32) {
        if let Some(m) = self.morphs.get_mut(index) {
            *m = weight;
            self.dirty = true;
        }
    }

    /// Recomputes matrices and skinned vertices if the pose changed.
    pub fn evaluate(&mut self, model: &Model) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        for &i in &self.order {
            let bone = &model.bones[i];
            let pose = self.bones[i];
            let parent = usize::try_from(bone.parent)
                .ok()
                .filter(|&p| p < model.bones.len());
            let parent_pos = parent.map_or(Vec3::ZERO, |p| model.bones[p].position);
            let parent_world = parent.map_or(Mat4::IDENTITY, |p| self.world[p]);
            let local = Mat4::from_rotation_translation(
                pose.rotation,
                bone.position - parent_pos + pose.translation,
            );
            self.world[i] = parent_world * local;
            self.skin[i] = self.world[i] * Mat4::from_translation(-bone.position);
        }
        let bone_count = model.bones.len();
        for (i, v) in model.vertices.iter().enumerate() {
            let (bones, weights, n) = v.weights.bone_weights();
            let mut m = Mat4::ZERO;
            let mut total = 0.0;
            for k in 0..n {
                if let Ok(b) = usize::try_from(bones[k]) {
                    if b < bone_count && weights[k] != 0.0 {
                        m += self.skin[b] * weights[k];
                        total += weights[k];
                    }
                }
            }
            if total <= 0.0 {
                m = Mat4::IDENTITY;
            } else if (total - 1.0).abs() > 1e-4 {
                m *= 1.0 / total;
            }
            self.positions[i] = m.transform_point3(v.position);
            self.normals[i] = m.transform_vector3(v.normal).normalize_or_zero();
        }
        self.revision += 1;
    }
}

/// Parents before children, then by deform layer (after-physics bones last).
fn deform_order(model: &Model) -> Vec<usize> {
    let n = model.bones.len();
    let mut depth = vec![0usize; n];
    for (i, d) in depth.iter_mut().enumerate() {
        let mut p = model.bones[i].parent;
        let mut steps = 0;
        while let Ok(pi) = usize::try_from(p) {
            if pi >= n || steps > n {
                break;
            }
            steps += 1;
            p = model.bones[pi].parent;
        }
        *d = steps;
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (depth[i], i));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Bone, Vertex, Weights};

    #[test]
    fn rotating_a_parent_moves_the_child_and_its_vertices() {
        let mut model = Model::default();
        model.bones.push(Bone::default());
        model.bones.push(Bone {
            parent: 0,
            position: Vec3::new(0.0, 1.0, 0.0),
            ..Bone::default()
        });
        model.vertices.push(Vertex {
            position: Vec3::new(0.0, 2.0, 0.0),
            weights: Weights::Bdef1 { bone: 1 },
            ..Vertex::default()
        });
        let mut pose = PoseState::new(&model);
        pose.set_bone(
            0,
            BonePose {
                rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
                translation: Vec3::ZERO,
            },
        );
        pose.evaluate(&model);
        let child = pose.world[1].w_axis.truncate();
        assert!((child - Vec3::new(-1.0, 0.0, 0.0)).length() < 1e-5, "{child}");
        assert!((pose.positions[0] - Vec3::new(-2.0, 0.0, 0.0)).length() < 1e-5);
        pose.reset();
        pose.evaluate(&model);
        assert!((pose.positions[0] - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-5);
    }
}
