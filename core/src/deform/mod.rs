//! The deform pipeline: morphs → bones (deform order, append/付与, IK) →
//! skinning (BDEF1/2/4, SDEF, QDEF).
//!
//! [`Deformer::new`] precomputes everything that depends only on the model
//! (bone order, IK paths, skinning layout). [`Deformer::new_state`] allocates
//! the per-model runtime state once; evaluating a frame allocates nothing.
//!
//! One frame with physics, as [`crate::sim`] runs it:
//! ```
//! use hone_core::deform::{Deformer, Phase, Pose};
//!
//! let model = hone_core::pmx::builder::sample_rig();
//! let deformer = Deformer::new(&model);
//! let mut state = deformer.new_state();
//! let pose = Pose::new(&model);
//! deformer.apply_morphs(&model, &pose, &mut state);
//! deformer.update_bones(&pose, &mut state, Phase::BeforePhysics);
//! // Physics reads `state.world`, steps, then sets each body-driven bone's world matrix.
//! let hair = model.bone_index("髪1").unwrap();
//! let world_from_physics = state.world[hair];
//! state.set_bone_world(&deformer, hair, world_from_physics);
//! deformer.update_bones(&pose, &mut state, Phase::AfterPhysics);
//! deformer.skin(&mut state);
//! assert!(state.is_physics_driven(hair));
//! assert_eq!(state.positions.len(), model.vertices.len());
//! ```
//! [`Deformer::evaluate`] runs the same stages with physics off.
//!
//! Matrices are model-space bone transforms (MMD coordinates): `world[b]`
//! maps the bone's local frame to model space, so `world[b].w_axis` is the
//! bone's current position. The skinning matrix is `world * T(-rest)`.

mod axes;
mod bones;
mod ik;
mod ik_chain;
mod ik_limits;
mod ik_pair;
mod ik_turn;
mod morph;
mod order;
mod plan;
mod pose_json;
mod reads;
mod skin;

pub use axes::{corrected_local_axes, project_to_fixed_axis};
pub use ik::IkTrace;
pub use morph::{flip_index, MaterialMorph, MaterialValues, RigidImpulse};
pub use order::{BoneOrder, BoneOrderEntry, OrderNote};
pub use pose_json::{pose_from_json, ParsedPose};
pub use reads::{reads, DeformReads};

use crate::pmx::Model;
use glam::{Mat4, Quat, Vec3, Vec4};

/// A bone's user transform as a VMD key frame holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BonePose {
    /// Local rotation.
    pub rotation: Quat,
    /// Translation offset from the rest position (in the parent's frame).
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

/// User input for one frame, sized per model.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pose {
    /// One per bone, in file order.
    pub bones: Vec<BonePose>,
    /// One weight per morph, in file order.
    pub morphs: Vec<f32>,
    /// External-parent (外部親, bone flag 0x2000) world matrices by key.
    /// A bone whose key is listed takes that matrix as its parent's world
    /// transform (the bone then behaves as a root under it); a bone whose key
    /// is absent keeps its own parent (identity external transform).
    pub external_parents: Vec<(i32, Mat4)>,
    /// IK on/off per bone, in file order (only IK bones read it; VMD IK
    /// keys set it). A disabled IK does not solve: its links keep their
    /// non-IK rotation, as in MMD. Missing entries count as enabled.
    pub ik_enabled: Vec<bool>,
    /// Physics on/off per bone, in file order: VMD bone keys switch it (MMD's per-key
    /// physics switch). A bone whose physics is off follows its keys and its bodies are
    /// placed from it. Missing entries count as on.
    pub physics_enabled: Vec<bool>,
}

impl Pose {
    /// The rest pose for `model`: identity rotations, zero offsets and weights.
    pub fn new(model: &Model) -> Pose {
        Pose {
            bones: vec![BonePose::default(); model.bones.len()],
            morphs: vec![0.0; model.morphs.len()],
            external_parents: Vec::new(),
            ik_enabled: vec![true; model.bones.len()],
            physics_enabled: vec![true; model.bones.len()],
        }
    }

    /// Resets to the rest pose without reallocating.
    pub fn reset(&mut self) {
        self.bones.fill(BonePose::default());
        self.morphs.fill(0.0);
        self.ik_enabled.fill(true);
        self.physics_enabled.fill(true);
    }

    /// Whether the IK of `bone` solves (true unless switched off).
    #[inline]
    pub fn is_ik_enabled(&self, bone: usize) -> bool {
        self.ik_enabled.get(bone).copied().unwrap_or(true)
    }

    fn external_parent(&self, key: i32) -> Option<&Mat4> {
        self.external_parents
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, m)| m)
    }
}

/// Which bones `update_bones` evaluates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Bones without the after-physics flag (0x1000).
    BeforePhysics,
    /// Bones with the after-physics flag, continuing from physics results.
    AfterPhysics,
}

/// Per-model runtime state. Allocated once by [`Deformer::new_state`].
#[derive(Debug, Clone)]
pub struct DeformState {
    // ---- morph outputs
    /// Effective morph weights after flip morphs overwrote them.
    pub morph_weights: Vec<f32>,
    /// Position offset per vertex (vertex morphs).
    pub vertex_offsets: Vec<Vec3>,
    /// UV offset per vertex (x, y used; z, w kept as the morph stores them).
    pub uv_offsets: Vec<Vec4>,
    /// Additional-UV1..4 offsets per vertex.
    pub additional_uv_offsets: [Vec<Vec4>; 4],
    /// Bone-morph translation per bone (fed into the bone pass).
    pub bone_morph_translation: Vec<Vec3>,
    /// Bone-morph rotation per bone (fed into the bone pass).
    pub bone_morph_rotation: Vec<Quat>,
    /// Material-morph multiply and add sets per material.
    pub materials: Vec<MaterialMorph>,
    /// Accumulated impulse-morph values per rigid body (for physics).
    pub impulses: Vec<RigidImpulse>,
    /// Rest position + offset per vertex, kept in step sparsely: skinning
    /// reads one array instead of two.
    morphed_positions: Vec<glam::Vec3A>,
    /// Vertices whose position offsets are non-zero this frame.
    dirty_vertices: Vec<u32>,
    dirty_vertex_flag: Vec<bool>,
    /// Vertices whose UV offsets (any layer) are non-zero this frame.
    dirty_uvs: Vec<u32>,
    dirty_uv_flag: Vec<bool>,
    /// Whether morphs changed the bone, material or impulse outputs from
    /// rest this frame (the next frame resets only those).
    morphed_bones: bool,
    morphed_materials: bool,
    morphed_impulses: bool,

    // ---- bone state
    /// Rotation before IK (user × morph × append), per bone.
    pub local_rotation: Vec<Quat>,
    /// Translation offset before parenting (user + morph + append), per bone.
    pub local_translation: Vec<Vec3>,
    /// Stored append rotation/translation (多重付与 reads these).
    pub append_rotation: Vec<Quat>,
    pub append_translation: Vec<Vec3>,
    /// IK rotation per bone (identity for bones that are no IK link).
    pub ik_rotation: Vec<Quat>,
    /// Model-space world matrix per bone.
    pub world: Vec<Mat4>,
    /// Bones whose world matrix physics set this frame.
    physics_driven: Vec<bool>,
    /// Skinning matrices, one per bone plus a trailing identity used for
    /// out-of-range bone references.
    pub skinning: Vec<Mat4>,

    // ---- skinning outputs
    /// Skinned position per vertex.
    pub positions: Vec<Vec3>,
    /// Skinned normal per vertex.
    pub normals: Vec<Vec3>,
    /// Vertices `skin` leaves alone (soft bodies write them after skinning).
    pub skin_mask: Vec<bool>,
    /// How long serial and parallel skinning took lately (which to use).
    skin_timing: skin::SkinTiming,
}

impl DeformState {
    /// Sets a bone's world matrix from physics. The after-physics pass then
    /// continues from it: children and append references use it, and the
    /// bone's local rotation/translation are recovered from it (spec:
    /// 物理変形によるグローバル変形量をローカル変形量に一旦戻し…).
    /// Out-of-range bones are ignored. Call between the two `update_bones` phases.
    pub fn set_bone_world(&mut self, deformer: &Deformer, bone: usize, world: Mat4) {
        let Some(info) = deformer.bones.get(bone) else {
            return;
        };
        if !deformer.fits(self) {
            return;
        }
        self.world[bone] = world;
        self.physics_driven[bone] = true;
        let parent = if info.parent != NO_BONE {
            self.world[info.parent as usize]
        } else {
            Mat4::IDENTITY
        };
        let local = parent.inverse() * world;
        let (_, rot, pos) = local.to_scale_rotation_translation();
        // Keep the IK rotation out so `ik * local` reproduces the body's rotation.
        self.local_rotation[bone] = if info.is_ik_link {
            self.ik_rotation[bone].inverse() * rot
        } else {
            rot
        };
        self.local_translation[bone] = pos - info.rel;
    }

    /// Whether physics set this bone's world matrix this frame.
    pub fn is_physics_driven(&self, bone: usize) -> bool {
        self.physics_driven.get(bone).copied().unwrap_or(false)
    }

    /// Vertices with a non-zero position offset this frame.
    pub fn morphed_vertices(&self) -> &[u32] {
        &self.dirty_vertices
    }

    /// Vertices with a non-zero UV offset (any layer) this frame.
    pub fn morphed_uvs(&self) -> &[u32] {
        &self.dirty_uvs
    }
}

pub(crate) const NO_BONE: u32 = u32::MAX;

/// Precomputed, read-only data for deforming one model.
#[derive(Debug, Clone)]
pub struct Deformer {
    pub(crate) bones: Vec<bones::BoneInfo>,
    pub(crate) iks: Vec<ik::IkInfo>,
    order: BoneOrder,
    /// The bones pass in plain indices and the resets that matter (from the order).
    plan: plan::PassPlan,
    skin: skin::SkinData,
    vertex_morphs: Vec<morph::VertexMorph>,
    /// Flip and group morphs by index.
    flips_and_groups: Vec<u32>,
    morph_count: usize,
    material_count: usize,
    rigid_count: usize,
    /// Skin over rayon's pool. Parallel skinning allocates nothing when
    /// called from inside the pool (`pool.install`); from outside, rayon
    /// injects one job per call, which now and then allocates a queue block.
    /// Models under a few thousand vertices skin serially regardless, and
    /// larger ones go parallel only while that has lately been the faster
    /// (on a busy machine waking the pool costs more than it saves).
    pub parallel: bool,
    /// Skin normals too. Off where nothing draws them (`hone pose`, headless
    /// simulation): `state.normals` then keep their last values.
    pub normals: bool,
}

impl Deformer {
    pub fn new(model: &Model) -> Deformer {
        let mut bones = bones::build_bone_infos(model);
        let order = BoneOrder::new(model);
        let mut iks = ik::build_ik_infos(model, &mut bones);
        plan::trim_ik_refreshes(&bones, &mut iks, &order);
        let plan = plan::pass_plan(&bones, &iks, &order);
        let skin = skin::SkinData::new(model);
        Deformer {
            bones,
            iks,
            order,
            plan,
            skin,
            vertex_morphs: morph::build_vertex_morphs(model),
            flips_and_groups: morph::flips_and_groups(model),
            morph_count: model.morphs.len(),
            material_count: model.materials.len(),
            rigid_count: model.rigid_bodies.len(),
            parallel: true,
            normals: true,
        }
    }

    /// After field edits of bones that keep their number: the bone data, IK
    /// chains and deform order again. Skinning and morph data stay, and a state
    /// made for this deformer still fits. (A changed bone count rebuilds all.)
    pub fn rebuild_bones(&mut self, model: &Model) {
        if model.bones.len() != self.bones.len() {
            *self = Deformer::new(model);
            return;
        }
        let mut bones = bones::build_bone_infos(model);
        let order = BoneOrder::new(model);
        let mut iks = ik::build_ik_infos(model, &mut bones);
        plan::trim_ik_refreshes(&bones, &mut iks, &order);
        self.plan = plan::pass_plan(&bones, &iks, &order);
        self.iks = iks;
        self.bones = bones;
        self.order = order;
    }

    /// After field edits of morphs that keep their number: the vertex morph data
    /// and the list of flip and group morphs again (the other morphs' offsets
    /// are read from the model each frame).
    pub fn rebuild_morphs(&mut self, model: &Model) {
        if model.morphs.len() != self.morph_count {
            *self = Deformer::new(model);
            return;
        }
        self.vertex_morphs = morph::build_vertex_morphs(model);
        self.flips_and_groups = morph::flips_and_groups(model);
    }

    /// After field edits of vertices that keep their number (weights, positions,
    /// normals): the skinning data again; bones, morphs and a state made for this
    /// deformer stay. (A changed vertex count rebuilds all.)
    pub fn rebuild_skin(&mut self, model: &Model) {
        if model.vertices.len() != self.skin.len() {
            *self = Deformer::new(model);
            return;
        }
        self.skin = skin::SkinData::new(model);
    }

    /// After field edits of `vertices` (weights, positions, normals; the vertex
    /// and bone counts unchanged): only their skinning entries again, with the
    /// same result as [`rebuild_skin`](Self::rebuild_skin). `state`, made for
    /// this deformer, takes their new rest positions (morphs start from them).
    pub fn update_vertices(&mut self, model: &Model, vertices: &[usize], state: &mut DeformState) {
        if model.vertices.len() != self.skin.len() || model.bones.len() != self.bones.len() {
            *self = Deformer::new(model);
            return;
        }
        self.skin.update(model, vertices.iter().copied());
        if !self.fits(state) {
            return;
        }
        for &v in vertices {
            if let Some(&rest) = self.skin.rest_position.get(v) {
                state.morphed_positions[v] = rest + glam::Vec3A::from(state.vertex_offsets[v]);
            }
        }
    }

    /// Skinned positions (and normals) of `vertices` only, from the skinning
    /// matrices `state` holds: after [`update_vertices`](Self::update_vertices)
    /// while the pose stands still, the other vertices are as they were.
    pub fn skin_vertices(&self, state: &mut DeformState, vertices: &[usize]) {
        self.skin.skin_vertices(state, vertices, self.normals);
    }

    /// Whether `state` was made by this deformer (or one for an identical
    /// model shape). Every stage checks this and does nothing otherwise, so
    /// a stale state after a model edit never panics.
    pub fn fits(&self, state: &DeformState) -> bool {
        let (nb, nv) = (self.bones.len(), self.skin.len());
        state.world.len() == nb
            && state.skinning.len() == nb + 1
            && state.bone_morph_rotation.len() == nb
            && state.vertex_offsets.len() == nv
            && state.positions.len() == nv
            && state.morph_weights.len() == self.morph_count
            && state.materials.len() == self.material_count
            && state.impulses.len() == self.rigid_count
    }

    /// The deform order with the reason for every bone's place.
    pub fn order(&self) -> &BoneOrder {
        &self.order
    }

    /// Allocates the runtime state for this model (rest pose).
    pub fn new_state(&self) -> DeformState {
        let nb = self.bones.len();
        let nv = self.skin.len();
        let mut state = DeformState {
            morph_weights: vec![0.0; self.morph_count],
            vertex_offsets: vec![Vec3::ZERO; nv],
            uv_offsets: vec![Vec4::ZERO; nv],
            additional_uv_offsets: std::array::from_fn(|_| vec![Vec4::ZERO; nv]),
            bone_morph_translation: vec![Vec3::ZERO; nb],
            bone_morph_rotation: vec![Quat::IDENTITY; nb],
            materials: vec![MaterialMorph::IDENTITY; self.material_count],
            impulses: vec![RigidImpulse::default(); self.rigid_count],
            morphed_positions: self.skin.rest_position.clone(),
            dirty_vertices: Vec::with_capacity(nv),
            dirty_vertex_flag: vec![false; nv],
            dirty_uvs: Vec::with_capacity(nv),
            dirty_uv_flag: vec![false; nv],
            morphed_bones: false,
            morphed_materials: false,
            morphed_impulses: false,
            local_rotation: vec![Quat::IDENTITY; nb],
            local_translation: vec![Vec3::ZERO; nb],
            append_rotation: vec![Quat::IDENTITY; nb],
            append_translation: vec![Vec3::ZERO; nb],
            ik_rotation: vec![Quat::IDENTITY; nb],
            // At rest: bones read before they are written start there.
            world: (self.bones.iter())
                .map(|b| Mat4::from_translation(b.rest))
                .collect(),
            physics_driven: vec![false; nb],
            skinning: vec![Mat4::IDENTITY; nb + 1],
            positions: vec![Vec3::ZERO; nv],
            normals: vec![Vec3::Y; nv],
            skin_mask: vec![false; nv],
            skin_timing: Default::default(),
        };
        self.reset_bones(&mut state);
        self.skin(&mut state);
        state
    }

    /// Morphs, all bones with IK, and skinning, with physics off.
    pub fn evaluate(&self, model: &Model, pose: &Pose, state: &mut DeformState) {
        self.apply_morphs(model, pose, state);
        self.update_bones(pose, state, Phase::BeforePhysics);
        self.update_bones(pose, state, Phase::AfterPhysics);
        self.skin(state);
    }

    /// Bones only (no skinning, no vertex, UV or material morphs), physics
    /// off: for callers that need matrices.
    pub fn evaluate_bones(&self, model: &Model, pose: &Pose, state: &mut DeformState) {
        self.apply_morph_weights(model, pose, state);
        self.update_bones(pose, state, Phase::BeforePhysics);
        self.update_bones(pose, state, Phase::AfterPhysics);
    }

    /// Skinning matrices (world × T(−rest)) from `state.world`, without
    /// skinning the vertices.
    pub fn update_skinning_matrices(&self, state: &mut DeformState) {
        skin::update_skinning_matrices(self, state);
    }

    /// Skinning matrices from `state.world`, then skinned positions and
    /// normals for every vertex not in `state.skin_mask`.
    pub fn skin(&self, state: &mut DeformState) {
        skin::update_skinning_matrices(self, state);
        self.skin.skin(state, self.parallel, self.normals);
    }
}

#[cfg(test)]
mod tests;
