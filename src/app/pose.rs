//! The pose being shown, evaluated by `hone::deform` (morphs, append, IK,
//! skinning) or, with physics on, by `hone::sim::Simulation` every frame.
//! Pose changes are not model edits: they live here, beside the model.

use crate::deform::{DeformState, Deformer, Pose};
use crate::edit::{ChangeSet, ElementKind};
use crate::physics::PhysicsReads;
use crate::pmx::Model;
use glam::{Mat4, Vec3};

pub use crate::deform::BonePose;

pub struct PoseState {
    pub pose: Pose,
    deformer: Deformer,
    state: DeformState,
    /// Running physics (None = off).
    sim: Option<Box<crate::sim::Simulation>>,
    /// World settings the simulation is built with (kept across rebuilds).
    config: crate::physics::PhysicsConfig,
    /// Bumped whenever the skinned vertices change.
    pub revision: u64,
    dirty: bool,
    /// The vertices skinned again alone (dabs while paused) from revision
    /// `partial_since` to `partial_until`: the GPU copies only those. Stale once
    /// the revision moves on otherwise.
    partial: Vec<usize>,
    partial_since: u64,
    partial_until: u64,
}

impl PoseState {
    pub fn new(model: &Model) -> Self {
        let deformer = Deformer::new(model);
        let state = deformer.new_state();
        let mut s = PoseState {
            pose: Pose::new(model),
            deformer,
            state,
            sim: None,
            config: Default::default(),
            revision: 1,
            dirty: true,
            partial: Vec::new(),
            partial_since: 0,
            partial_until: 0,
        };
        s.evaluate(model);
        s
    }

    /// After a model edit: rebuild the deformer, keep the pose if the counts still fit
    /// (elements appended at the end, e.g. a new morph, start at rest).
    /// Moves each bone's pose and morph's weight to its element's new index after
    /// an edit that removed or reordered bones or morphs (new lengths given).
    pub fn follow(&mut self, moves: &crate::edit::IndexMoves, bones: usize, morphs: usize) {
        use ElementKind as K;
        if moves.touches(K::Bone) {
            self.pose.bones = moved(&self.pose.bones, moves, K::Bone, bones);
            self.dirty = true;
        }
        if moves.touches(K::Morph) {
            self.pose.morphs = moved(&self.pose.morphs, moves, K::Morph, morphs);
            self.dirty = true;
        }
    }

    pub fn refresh(&mut self, model: &Model) {
        let keep = self.pose.bones.len() <= model.bones.len()
            && self.pose.morphs.len() <= model.morphs.len();
        let mut pose = std::mem::take(&mut self.pose);
        pose.bones.resize(model.bones.len(), BonePose::default());
        pose.morphs.resize(model.morphs.len(), 0.0);
        let physics = self.physics_enabled();
        let config = self.config;
        // The revision only moves on: the GPU's copy must not look current.
        let revision = self.revision;
        *self = PoseState::new(model);
        self.revision += revision;
        self.config = config;
        if keep {
            self.pose = pose;
            self.dirty = true;
            self.evaluate(model);
        }
        self.set_physics(model, physics);
    }

    /// After model edits: rebuilds only what the core says reads what changed
    /// ([`crate::sim::reads`]), keeping the pose and the running simulation where it can.
    pub fn model_changed(&mut self, model: &Model, changes: &ChangeSet) {
        let rebuild = crate::sim::reads(model, changes);
        if rebuild.everything {
            self.refresh(model);
            return;
        }
        if !rebuild.deform.vertices.is_empty() {
            self.vertices_edited(model, &rebuild.deform.vertices);
        }
        if rebuild.deform.bones {
            self.rebuild_deformers(|d| d.rebuild_bones(model));
        }
        if rebuild.deform.morphs {
            self.rebuild_deformers(|d| d.rebuild_morphs(model));
        }
        match rebuild.physics {
            PhysicsReads::Nothing => {}
            PhysicsReads::Update => self.physics_edited(model, changes),
            PhysicsReads::Rebuild => self.rebuild_physics_world(model),
        }
    }

    /// The skinning entries of `vertices` (their skinning inputs changed), in
    /// the shown deformer and the simulation's, and their skinned positions.
    fn vertices_edited(&mut self, model: &Model, vertices: &[usize]) {
        self.deformer
            .update_vertices(model, vertices, &mut self.state);
        let mut fits = self.deformer.fits(&self.state);
        if let Some(sim) = &mut self.sim {
            sim.deformer
                .update_vertices(model, vertices, &mut sim.state);
            fits &= sim.deformer.fits(&sim.state);
        }
        if self.dirty || !fits {
            self.dirty = true;
            return;
        }
        // The pose stands still (a dab while paused): the bones and the physics
        // are as they were, so only the edited vertices are skinned again.
        self.deformer.skin_vertices(&mut self.state, vertices);
        if let Some(sim) = &mut self.sim {
            sim.deformer.skin_vertices(&mut sim.state, vertices);
        }
        if self.partial_until != self.revision || self.partial.len() > model.vertices.len() {
            self.partial.clear();
            self.partial_since = self.revision;
        }
        self.partial.extend_from_slice(vertices);
        self.revision += 1;
        self.partial_until = self.revision;
    }

    /// The only vertices skinned again since revision `since` (the first value),
    /// when every change since then skinned some vertices alone (weight dabs while
    /// the pose stood still); None when anything else changed.
    pub fn skinned_alone(&self) -> Option<(u64, &[usize])> {
        (self.partial_until == self.revision && !self.partial.is_empty())
            .then_some((self.partial_since, self.partial.as_slice()))
    }

    /// Rebuilds part of the shown deformer and the simulation's; the pose is
    /// evaluated again.
    fn rebuild_deformers(&mut self, rebuild: impl Fn(&mut Deformer)) {
        rebuild(&mut self.deformer);
        if let Some(sim) = &mut self.sim {
            rebuild(&mut sim.deformer);
        }
        self.dirty = true;
    }

    /// Field edits of rigid bodies or joints (counts unchanged) while the
    /// simulation may run: applied to the running world in place, no reset (live
    /// tuning); edits that change its make-up (modes, bones, joint pairs) rebuild it.
    fn physics_edited(&mut self, model: &Model, changes: &ChangeSet) {
        let Some(sim) = &mut self.sim else { return };
        if sim.physics.apply_changes(model, changes) {
            // Only what moves a body or joint now (not once physics steps) needs the
            // pose again: a typed mass keeps the frame as it is.
            self.dirty |= !crate::physics::pose_neutral(changes);
        } else {
            self.rebuild_physics_world(model);
        }
    }

    /// The running simulation's rigid-body world (and the soft bodies on it)
    /// again, bodies back on their bones; the deform state is kept.
    fn rebuild_physics_world(&mut self, model: &Model) {
        let Some(sim) = &mut self.sim else { return };
        sim.physics = crate::physics::PhysicsWorld::new(model, self.config);
        sim.soft = crate::physics::soft::SoftWorld::new(model, &sim.physics);
        sim.watch_stability(true);
        sim.reset(model, &self.pose);
        self.revision += 1;
    }

    pub fn bones(&self) -> &[BonePose] {
        &self.pose.bones
    }

    pub fn morphs(&self) -> &[f32] {
        &self.pose.morphs
    }

    /// The deformer for the model as edited (kept current by [`model_changed`](Self::model_changed)).
    pub fn deformer(&self) -> &Deformer {
        &self.deformer
    }

    /// The deform results shown (the simulation's when physics runs).
    pub fn deform_state(&self) -> &DeformState {
        match &self.sim {
            Some(sim) => &sim.state,
            None => &self.state,
        }
    }

    /// Model-space (MMD) world matrix per bone.
    pub fn world(&self) -> &[Mat4] {
        &self.deform_state().world
    }

    pub fn positions(&self) -> &[Vec3] {
        &self.deform_state().positions
    }

    pub fn normals(&self) -> &[Vec3] {
        &self.deform_state().normals
    }

    pub fn physics_enabled(&self) -> bool {
        self.sim.is_some()
    }

    /// Starts physics from the current pose (bodies on their bones), or stops it.
    pub fn set_physics(&mut self, model: &Model, on: bool) {
        if on == self.sim.is_some() {
            return;
        }
        self.sim = on.then(|| {
            let mut sim = crate::sim::Simulation::new(model, self.config);
            // The Simulation panel names the bodies that stretch, spin or oscillate.
            sim.watch_stability(true);
            sim.reset(model, &self.pose);
            Box::new(sim)
        });
        self.dirty = true;
        self.revision += 1;
    }

    /// The running simulation (timings, physics world, bodies and contacts for
    /// the debug views), if physics is on.
    pub fn sim(&self) -> Option<&crate::sim::Simulation> {
        self.sim.as_deref()
    }

    /// Records swing, speed and distance of `targets` in the running simulation (see
    /// [`crate::sim::Simulation::set_probe`]); the Simulation panel asks again after physics
    /// restarts.
    pub fn set_probe(&mut self, targets: &[crate::sim::ProbeTarget], frames: usize) {
        if let Some(sim) = &mut self.sim {
            sim.set_probe(targets, frames);
        }
    }

    pub fn physics_config(&self) -> &crate::physics::PhysicsConfig {
        &self.config
    }

    /// New world settings: a running simulation is rebuilt and reset on the current pose.
    pub fn set_physics_config(&mut self, model: &Model, config: crate::physics::PhysicsConfig) {
        if config == self.config {
            return;
        }
        self.config = config;
        if self.sim.is_some() {
            self.sim = None;
            self.set_physics(model, true);
        }
    }

    /// Whether the pose changed since it was last evaluated.
    pub fn pose_changed(&self) -> bool {
        self.dirty
    }

    /// One pipeline frame of `dt` seconds on the current pose: with physics the
    /// whole `Simulation::frame` (dt 0 re-poses without advancing physics time),
    /// without it a plain evaluate. Allocates nothing.
    pub fn advance(&mut self, model: &Model, dt: f32) {
        match &mut self.sim {
            Some(sim) => {
                sim.frame(model, &self.pose, dt.max(0.0));
                self.dirty = false;
                self.revision += 1;
            }
            None => self.evaluate(model),
        }
    }

    /// Reset, then `seconds` of 60 Hz frames on the current pose (hair and cloth settle).
    pub fn warm_up_physics(&mut self, model: &Model, seconds: f32) {
        if let Some(sim) = &mut self.sim {
            sim.warm_up(model, &self.pose, seconds, 60.0);
            self.dirty = false;
            self.revision += 1;
        }
    }

    /// Puts every body back on its bone.
    pub fn reset_physics(&mut self, model: &Model) {
        if let Some(sim) = &mut self.sim {
            sim.reset(model, &self.pose);
            self.revision += 1;
        }
    }

    /// One physics frame of `dt` seconds (no-op when physics is off).
    pub fn step_physics(&mut self, model: &Model, dt: f32) {
        if let Some(sim) = &mut self.sim {
            sim.frame(model, &self.pose, dt.clamp(1.0 / 240.0, 1.0 / 30.0));
            self.revision += 1;
        }
    }

    pub fn is_rest(&self) -> bool {
        self.pose.bones.iter().all(|b| *b == BonePose::default())
            && self.pose.morphs.iter().all(|m| *m == 0.0)
    }

    pub fn reset(&mut self) {
        self.pose.reset();
        self.dirty = true;
    }

    pub fn set_bone(&mut self, index: usize, pose: BonePose) {
        if let Some(b) = self.pose.bones.get_mut(index) {
            *b = pose;
            self.dirty = true;
        }
    }

    /// The motion's physics switch for bone `index` (off: it follows its keys).
    pub fn set_bone_physics(&mut self, index: usize, on: bool) {
        if let Some(p) = self.pose.physics_enabled.get_mut(index) {
            self.dirty |= *p != on;
            *p = on;
        }
    }

    pub fn set_morph(&mut self, index: usize, weight: f32) {
        if let Some(m) = self.pose.morphs.get_mut(index) {
            *m = weight;
            self.dirty = true;
        }
    }

    /// Re-evaluates if the pose changed since the last call.
    pub fn evaluate(&mut self, model: &Model) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        // With physics on, the simulation evaluates the pose each frame instead.
        self.deformer.evaluate(model, &self.pose, &mut self.state);
        self.revision += 1;
    }
}

/// `values` (one per element of `kind`) placed at their elements' new indices in a
/// list of `len`; new elements get the default.
fn moved<T: Clone + Default>(
    values: &[T],
    moves: &crate::edit::IndexMoves,
    kind: ElementKind,
    len: usize,
) -> Vec<T> {
    let mut out = vec![T::default(); len];
    for (old, v) in values.iter().enumerate() {
        if let Some(slot) = moves.index(kind, old).and_then(|new| out.get_mut(new)) {
            *slot = v.clone();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Bone, Vertex, Weights};
    use glam::Quat;

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
        let r0 = pose.revision;
        pose.set_bone(
            0,
            BonePose {
                rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
                translation: Vec3::ZERO,
            },
        );
        pose.evaluate(&model);
        assert!(pose.revision > r0);
        let child = pose.world()[1].w_axis.truncate();
        assert!(
            (child - Vec3::new(-1.0, 0.0, 0.0)).length() < 1e-5,
            "{child}"
        );
        assert!((pose.positions()[0] - Vec3::new(-2.0, 0.0, 0.0)).length() < 1e-5);
        assert!(!pose.is_rest());
        pose.reset();
        pose.evaluate(&model);
        assert!((pose.positions()[0] - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-5);
    }

    #[test]
    fn physics_moves_a_dynamic_body_and_stops_cleanly() {
        let model = crate::app::demo::tube_rig();
        let mut pose = PoseState::new(&model);
        let rest = pose.world()[2];
        pose.set_physics(&model, true);
        assert!(pose.physics_enabled());
        for _ in 0..60 {
            pose.step_physics(&model, 1.0 / 60.0);
        }
        // 上 hangs on a dynamic capsule: gravity moves it away from its rest pose.
        let moved = pose.world()[2];
        assert!(moved.is_finite());
        assert!(
            !moved.abs_diff_eq(rest, 1e-3),
            "the dynamic bone did not move"
        );
        pose.set_physics(&model, false);
        pose.evaluate(&model);
        assert!(pose.world()[2].abs_diff_eq(rest, 1e-4));
    }

    #[test]
    fn a_weight_edit_keeps_physics_running_and_skins_with_the_new_weights() {
        let mut model = crate::app::demo::tube_rig();
        let mut pose = PoseState::new(&model);
        let rest = pose.world()[2];
        pose.set_physics(&model, true);
        for _ in 0..30 {
            pose.step_physics(&model, 1.0 / 60.0);
        }
        let moved = pose.world()[2];
        assert!(
            !moved.abs_diff_eq(rest, 1e-3),
            "the dynamic bone did not move"
        );
        // A vertex 上 (bone 2) moves, now weighted to the unposed root instead.
        let v = (0..model.vertices.len())
            .find(|&v| model.vertices[v].weights == Weights::Bdef1 { bone: 2 })
            .expect("a vertex on 上 alone");
        assert!(pose.positions()[v].distance(model.vertices[v].position) > 1e-3);
        let mut vertex = model.vertices[v].clone();
        vertex.weights = Weights::Bdef1 { bone: 0 };
        let mut history = crate::edit::History::new();
        let changes = history
            .apply(
                &mut model,
                crate::edit::ModelEdit::set_vertex(v, vertex, "weights"),
            )
            .unwrap();
        // As the app's frame does once physics is on: the pose counts as shown.
        pose.advance(&model, 0.0);
        let moved = pose.world()[2];
        let revision = pose.revision;
        pose.model_changed(&model, &changes);
        assert!(pose.physics_enabled());
        assert!(
            pose.world()[2].abs_diff_eq(moved, 1e-6),
            "the simulation was not reset"
        );
        // Paused: the edited vertex is skinned again at once, without a frame.
        assert!(!pose.pose_changed() && pose.revision > revision);
        assert!(
            pose.positions()[v].distance(model.vertices[v].position) < 1e-4,
            "vertex {v} follows its new weights before the next frame"
        );
        pose.step_physics(&model, 1.0 / 60.0);
        assert!(
            pose.positions()[v].distance(model.vertices[v].position) < 1e-4,
            "vertex {v} follows its new weights"
        );
        assert!(!pose.world()[2].abs_diff_eq(rest, 1e-3));
    }
}
