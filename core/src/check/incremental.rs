//! Checks that follow edits: [`CheckResults`] keeps each check's problems and,
//! after an edit, re-runs only the checks that read what the edit's
//! [`ChangeSet`] changed (issue 14.1: each cache depends only on what it
//! reads). [`Check::reads`] declares, per check, the element kinds and fields
//! it reads — a name counts, since messages name elements. List lengths are
//! not declared: a structural edit touches every kind, so it re-runs all.
//!
//! Texture files on disk change outside the history: with a model folder in the
//! context, [`Check::TextureFiles`] re-runs after texture or material edits, and
//! when the caller asks ([`CheckResults::rerun`]; the app does on focus and every
//! 2 s while its Problems panel is shown).

use super::{
    after_physics, bones, frames, joints, materials, morphs, names, order, physics, refs, rig,
    textures, values, version, weights, CheckContext, Problem,
};
use crate::edit::changes::{
    BoneField as B, DisplayFrameField as D, InfoField, JointField as J, MaterialField as M,
    MorphField as Mo, RigidBodyField as R, SoftBodyField as S, VertexField as V,
};
use crate::edit::{ChangeSet, ElementKind as K, Fields};
use crate::pmx::Model;

/// One check of [`check_model`](super::check_model), in the order it runs them
/// (the discriminant is the place in [`Check::ALL`]).
/// The index-range and number checks are split in two: the vertices (one
/// shared pass with the weight check) and everything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Check {
    VertexRanges,
    Ranges,
    Cycles,
    DeformOrder,
    Ik,
    Weights,
    Version,
    BodiesAndJoints,
    BodyOverlaps,
    Rig,
    Joints,
    TextureFiles,
    TexturePaths,
    Names,
    NestedGroupMorphs,
    MorphValues,
    Axes,
    VertexNumbers,
    Numbers,
    DisplayFrames,
    BonesBelowPhysics,
    MaterialOrder,
}

/// A set of fields from a list of one kind's field enum.
fn of<F: Into<Fields> + Copy>(fields: &[F]) -> Fields {
    fields
        .iter()
        .fold(Fields::NONE, |all, &f| all.union(f.into()))
}

impl Check {
    /// Every check, in [`check_model`](super::check_model)'s order.
    pub const ALL: [Check; 22] = [
        Check::VertexRanges,
        Check::Ranges,
        Check::Cycles,
        Check::DeformOrder,
        Check::Ik,
        Check::Weights,
        Check::Version,
        Check::BodiesAndJoints,
        Check::BodyOverlaps,
        Check::Rig,
        Check::Joints,
        Check::TextureFiles,
        Check::TexturePaths,
        Check::Names,
        Check::NestedGroupMorphs,
        Check::MorphValues,
        Check::Axes,
        Check::VertexNumbers,
        Check::Numbers,
        Check::DisplayFrames,
        Check::BonesBelowPhysics,
        Check::MaterialOrder,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Check::VertexRanges => "index ranges (vertex weights)",
            Check::Ranges => "index ranges",
            Check::Cycles => "parent/append cycles",
            Check::DeformOrder => "deform order",
            Check::Ik => "IK setup",
            Check::Weights => "weights",
            Check::Version => "PMX 2.1 features",
            Check::BodiesAndJoints => "bodies and joints",
            Check::BodyOverlaps => "body overlaps",
            Check::Rig => "physics rig",
            Check::Joints => "joint settings",
            Check::TextureFiles => "texture files",
            Check::TexturePaths => "texture paths",
            Check::Names => "names",
            Check::NestedGroupMorphs => "nested group morphs",
            Check::MorphValues => "morph values",
            Check::Axes => "bone axes",
            Check::VertexNumbers => "numbers (vertices)",
            Check::Numbers => "numbers",
            Check::DisplayFrames => "display frames",
            Check::BonesBelowPhysics => "bones below physics",
            Check::MaterialOrder => "material order",
        }
    }

    /// The element kinds and fields whose change can change this check's
    /// problems (what it reads, names in its messages included).
    pub fn reads(self) -> Vec<(K, Fields)> {
        let all = Fields::ALL;
        match self {
            Check::VertexRanges => vec![(K::Vertex, of(&[V::Weights]))],
            Check::Ranges => vec![
                (K::Face, all),
                (
                    K::Material,
                    of(&[
                        M::Name,
                        M::FaceIndexCount,
                        M::Texture,
                        M::SphereTexture,
                        M::Toon,
                    ]),
                ),
                (
                    K::Bone,
                    of(&[B::Name, B::Parent, B::Tail, B::Append, B::Ik]),
                ),
                (K::Morph, of(&[Mo::Name, Mo::Offsets])),
                (K::DisplayFrame, of(&[D::Name, D::Elements])),
                (K::RigidBody, of(&[R::Name, R::Bone, R::Group])),
                (K::Joint, of(&[J::Name, J::BodyA, J::BodyB])),
                (
                    K::SoftBody,
                    of(&[S::Name, S::Material, S::Anchors, S::Pins]),
                ),
            ],
            Check::Cycles | Check::DeformOrder | Check::Ik | Check::Axes => vec![(K::Bone, all)],
            Check::Weights => vec![
                (K::Vertex, of(&[V::Weights])),
                (K::Bone, of(&[B::Name, B::Position])),
            ],
            Check::Version => vec![
                (K::Header, all),
                (K::Vertex, of(&[V::Weights])),
                (K::Morph, of(&[Mo::Name, Mo::Offsets])),
                (K::Material, of(&[M::Name, M::Flags])),
                (K::Joint, of(&[J::Name, J::Kind])),
                (K::SoftBody, all),
            ],
            Check::BodiesAndJoints => {
                vec![(K::RigidBody, all), (K::Joint, all), (K::SoftBody, all)]
            }
            Check::BodyOverlaps | Check::Joints => vec![(K::RigidBody, all), (K::Joint, all)],
            Check::Rig => vec![(K::Bone, all), (K::RigidBody, all), (K::Joint, all)],
            Check::TextureFiles => vec![
                (K::Texture, all),
                (K::Material, of(&[M::Texture, M::SphereTexture, M::Toon])),
            ],
            Check::TexturePaths => vec![(K::Texture, all)],
            Check::Names => vec![
                (K::Info, of(&[InfoField::Name])),
                (K::Bone, of(&[B::Name])),
                (K::Morph, of(&[Mo::Name])),
                (K::Material, of(&[M::Name])),
                (K::RigidBody, of(&[R::Name])),
                (K::Joint, of(&[J::Name])),
                (K::SoftBody, of(&[S::Name])),
                (K::DisplayFrame, of(&[D::Name, D::Special])),
            ],
            Check::NestedGroupMorphs => vec![(K::Morph, of(&[Mo::Name, Mo::Offsets]))],
            Check::MorphValues => vec![(K::Header, all), (K::Morph, all)],
            Check::VertexNumbers => vec![(
                K::Vertex,
                of(&[
                    V::Position,
                    V::Normal,
                    V::Uv,
                    V::AdditionalUvs,
                    V::EdgeScale,
                ]),
            )],
            Check::Numbers => vec![
                (K::Bone, all),
                (K::Morph, of(&[Mo::Name, Mo::Offsets])),
                (K::Material, all),
                (K::RigidBody, all),
                (K::Joint, all),
                (K::SoftBody, all),
            ],
            Check::BonesBelowPhysics => vec![
                (K::Bone, of(&[B::Name, B::Parent, B::Flags])),
                (K::RigidBody, all),
                (K::Joint, all),
                (K::Vertex, of(&[V::Weights])),
            ],
            Check::MaterialOrder => vec![
                (K::Material, of(&[M::Name, M::Diffuse, M::FaceIndexCount])),
                (K::Face, all),
                (K::Vertex, of(&[V::Position])),
            ],
            Check::DisplayFrames => vec![
                (K::DisplayFrame, all),
                (K::Bone, of(&[B::Name, B::Flags, B::Parent])),
                (K::Morph, of(&[Mo::Name])),
            ],
        }
    }

    /// Whether `changes` touch anything this check reads.
    pub fn affected_by(self, changes: &ChangeSet) -> bool {
        self.reads()
            .into_iter()
            .any(|(kind, fields)| changes.fields(kind).has(fields))
    }

    /// This check alone (the vertex checks make their own pass).
    fn run(self, model: &Model, ctx: &CheckContext) -> Vec<Problem> {
        match self {
            Check::VertexRanges | Check::Weights | Check::VertexNumbers => {
                let mut out = Vec::new();
                for (i, v) in model.vertices.iter().enumerate() {
                    match self {
                        Check::VertexRanges => refs::check_vertex(model, i, v, &mut out),
                        Check::Weights => weights::check_vertex(model, i, v, &mut out),
                        _ => values::check_vertex(model, i, v, &mut out),
                    }
                }
                out
            }
            Check::Ranges => refs::check_other_ranges(model),
            Check::Cycles => bones::check_cycles(model),
            Check::DeformOrder => order::check_deform_order(model),
            Check::Ik => bones::check_ik(model),
            Check::Version => version::check_version_features(model),
            Check::BodiesAndJoints => physics::check_bodies_and_joints(model),
            Check::BodyOverlaps => physics::check_body_overlaps(model),
            Check::Rig => rig::check_rig(model),
            Check::Joints => joints::check_joints(model),
            Check::TextureFiles => textures::check_textures(model, ctx),
            Check::TexturePaths => textures::check_texture_paths(model),
            Check::Names => names::check_names(model),
            Check::NestedGroupMorphs => refs::check_nested_group_morphs(model),
            Check::MorphValues => morphs::check_morph_values(model),
            Check::Axes => bones::check_axes(model),
            Check::Numbers => values::check_other_numbers(model),
            Check::DisplayFrames => frames::check_display_frames(model),
            Check::BonesBelowPhysics => after_physics::check_bones_below_physics(model),
            Check::MaterialOrder => materials::check_transparent_order(model),
        }
    }
}

/// The three vertex checks in one pass over the vertices (the largest list):
/// (ranges, weights, numbers), each `None` when not wanted.
type VertexProblems = [Option<Vec<Problem>>; 3];

fn vertex_pass(model: &Model, wanted: [bool; 3]) -> VertexProblems {
    let mut out: VertexProblems = wanted.map(|w| w.then(Vec::new));
    let [ranges, weights, numbers] = &mut out;
    match (ranges, weights, numbers) {
        (Some(r), Some(w), Some(n)) => {
            for (i, v) in model.vertices.iter().enumerate() {
                refs::check_vertex(model, i, v, r);
                weights::check_vertex(model, i, v, w);
                values::check_vertex(model, i, v, n);
            }
        }
        (r, w, n) => {
            // Fewer than three: each alone (an edit rarely needs two of them).
            for (check, slot) in [
                (Check::VertexRanges, r),
                (Check::Weights, w),
                (Check::VertexNumbers, n),
            ] {
                if let Some(slot) = slot {
                    *slot = check.run(model, &CheckContext::default());
                }
            }
        }
    }
    out
}

/// Each check's problems for one model, kept up to date edit by edit.
#[derive(Debug, Clone)]
pub struct CheckResults {
    /// Per check, in [`Check::ALL`] order.
    results: Vec<Vec<Problem>>,
    /// How many times each check ran.
    runs: Vec<u64>,
}

impl CheckResults {
    /// Every check on `model`.
    pub fn new(model: &Model, ctx: &CheckContext) -> CheckResults {
        let mut results = CheckResults {
            results: vec![Vec::new(); Check::ALL.len()],
            runs: vec![0; Check::ALL.len()],
        };
        results.run(model, ctx, [true; Check::ALL.len()]);
        results
    }

    /// After `changes` to the model: re-runs the checks that read what
    /// changed and keeps the others' problems. Returns the checks it ran.
    pub fn update(&mut self, model: &Model, ctx: &CheckContext, changes: &ChangeSet) -> Vec<Check> {
        if changes.is_empty() {
            return Vec::new();
        }
        let wanted = Check::ALL.map(|c| c.affected_by(changes));
        self.run(model, ctx, wanted);
        (Check::ALL.into_iter())
            .zip(wanted)
            .filter_map(|(c, w)| w.then_some(c))
            .collect()
    }

    fn run(&mut self, model: &Model, ctx: &CheckContext, wanted: [bool; Check::ALL.len()]) {
        let index = |c: Check| c as usize;
        let vertex_checks = [Check::VertexRanges, Check::Weights, Check::VertexNumbers];
        let vertex = vertex_pass(model, vertex_checks.map(|c| wanted[index(c)]));
        for (c, problems) in vertex_checks.into_iter().zip(vertex) {
            if let Some(p) = problems {
                self.results[index(c)] = p;
                self.runs[index(c)] += 1;
            }
        }
        for (k, check) in Check::ALL.into_iter().enumerate() {
            if wanted[k] && !vertex_checks.contains(&check) {
                self.results[k] = check.run(model, ctx);
                self.runs[k] += 1;
            }
        }
    }

    /// Every problem, grouped by check in [`Check::ALL`] order (as
    /// [`check_model`](super::check_model) returns them).
    pub fn problems(&self) -> impl Iterator<Item = &Problem> + '_ {
        self.results.iter().flatten()
    }

    /// Runs `check` again with the model unchanged (something it reads outside the
    /// model changed: texture files on disk); returns whether its problems changed.
    pub fn rerun(&mut self, model: &Model, ctx: &CheckContext, check: Check) -> bool {
        let before = std::mem::take(&mut self.results[check as usize]);
        let mut wanted = [false; Check::ALL.len()];
        wanted[check as usize] = true;
        self.run(model, ctx, wanted);
        self.results[check as usize] != before
    }

    /// The problems of one check.
    pub fn of(&self, check: Check) -> &[Problem] {
        &self.results[check as usize]
    }

    /// How many times `check` ran since [`new`](Self::new) (1 after it).
    pub fn runs(&self, check: Check) -> u64 {
        self.runs[check as usize]
    }

    pub fn into_problems(self) -> Vec<Problem> {
        self.results.into_iter().flatten().collect()
    }
}
