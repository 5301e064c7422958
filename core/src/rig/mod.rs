//! Rig generators: each one reads the model and returns what it would add or change
//! as a [`RigPlan`] (for a preview) that becomes one undoable [`ModelEdit`] batch
//! ([`RigPlan::into_edit`]), so the app, `hone rig` and `hone edit` scripts share them
//! and nothing is half-done on error (a generator that cannot run returns an error
//! before anything is applied).
//!
//! * [`defaults`]: the element a GUI "add" or a script `add` creates for a selection
//!   (a bone at the selected bone's tail, a body on the selected bone, a joint between
//!   two bodies).
//! * [`bodies`]: rigid bodies from bones (`bodies_from_bones`).
//! * [`chain`]: joints along bone chains, skirt rings, and the one-step "chain"
//!   command (bodies + joints + collision group).
//! * [`mirror`]: copy one side onto the other (bones, bodies, joints, bone morphs,
//!   display frames, weights) as one `ModelEdit` batch; [`symmetric`]: find an
//!   element's counterpart ("select symmetric").
//! * [`semistandard`]: add the semi-standard bones (準標準ボーン), one `ModelEdit` batch.
//! * [`names`]: the left/right naming rules every part of Hone uses; [`translate`]:
//!   English names from a dictionary and rules.
//! * [`rest`]: move a bone's rest position (the app's bone edit mode).
//! * [`weights`], [`sdef`], [`paint`], [`transfer`]: vertex weight operations, BDEF2 →
//!   SDEF, the weight-painting kernel, weights from another model; [`morphs`]: morph
//!   authoring; [`rest_pose`]: apply a pose as the rest pose; [`spatial`]: nearest
//!   vertex / surface point; [`input`]: their input checks.
//!
//! The operations built on these (scripts, `hone rig`, the app's menus) are declared
//! once in [`crate::ops`].

pub mod args;
pub mod bodies;
pub mod chain;
pub mod defaults;
pub mod input;
pub mod materials;
pub mod merge;
pub mod mirror;
mod mirror_parts;
pub mod morphs;
pub mod names;
pub mod paint;
pub mod parts;
pub mod rest;
pub mod rest_pose;
pub mod sdef;
mod selection;
pub mod semistandard;
mod semistandard_limbs;
pub mod spatial;
pub mod symmetric;
pub mod transfer;
pub mod transform;
pub mod translate;
pub mod uv;
pub mod weight_math;
mod weight_type;
pub mod weights;

pub use names::Side;
pub use selection::Selection;

use crate::edit::{Element, ElementKind, ModelEdit};
use crate::pmx::{Bone, Joint};
use crate::pmx::{Model, RigidBody};

/// Where a planned element goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Appended at the end of its list.
    New,
    /// Replaces the existing element at this index (its index, and so every
    /// reference to it, stays).
    Replace(usize),
}

/// One element a generator would add or replace.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned<T> {
    pub target: Target,
    pub value: T,
}

/// What a generator would do, before it is applied. References inside the planned
/// elements use the indices the elements will have: an existing element keeps its
/// index, the k-th new element of a kind gets `len + k` (see [`RigPlan::index_of`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RigPlan {
    /// History label of the step.
    pub label: String,
    pub bones: Vec<Planned<Bone>>,
    pub rigid_bodies: Vec<Planned<RigidBody>>,
    pub joints: Vec<Planned<Joint>>,
    /// Things the generator skipped or chose, one line each (shown to the user).
    pub notes: Vec<String>,
}

impl RigPlan {
    pub fn new(label: impl Into<String>) -> Self {
        RigPlan {
            label: label.into(),
            ..Default::default()
        }
    }

    /// True if applying the plan would change nothing.
    pub fn is_empty(&self) -> bool {
        self.bones.is_empty() && self.rigid_bodies.is_empty() && self.joints.is_empty()
    }

    /// The index the `k`-th planned element of `kind` will have in `model`.
    pub fn index_of(&self, model: &Model, kind: ElementKind, k: usize) -> Option<usize> {
        fn idx<T>(list: &[Planned<T>], len: usize, k: usize) -> Option<usize> {
            let p = list.get(k)?;
            Some(match p.target {
                Target::Replace(i) => i,
                Target::New => len + list[..k].iter().filter(|p| p.target == Target::New).count(),
            })
        }
        match kind {
            ElementKind::Bone => idx(&self.bones, model.bones.len(), k),
            ElementKind::RigidBody => idx(&self.rigid_bodies, model.rigid_bodies.len(), k),
            ElementKind::Joint => idx(&self.joints, model.joints.len(), k),
            _ => None,
        }
    }

    /// Adds a new body; returns the index it will have.
    pub fn push_body(&mut self, model: &Model, target: Target, body: RigidBody) -> usize {
        self.rigid_bodies.push(Planned {
            target,
            value: body,
        });
        let k = self.rigid_bodies.len() - 1;
        self.index_of(model, ElementKind::RigidBody, k)
            .unwrap_or(usize::MAX)
    }

    /// The rigid body the model will have at `index` once the plan is applied
    /// (planned or existing; deletions not taken into account).
    pub fn rigid_body<'a>(&'a self, model: &'a Model, index: usize) -> Option<&'a RigidBody> {
        (0..self.rigid_bodies.len())
            .find(|&k| self.index_of(model, ElementKind::RigidBody, k) == Some(index))
            .map(|k| &self.rigid_bodies[k].value)
            .or_else(|| model.rigid_bodies.get(index))
    }

    /// The model as it will be after the plan (for previews that need a whole model,
    /// and for checks of the result).
    pub fn applied_to(&self, model: &Model) -> Model {
        let mut m = model.clone();
        if let Some(edit) = self.clone().into_edit() {
            let mut h = crate::edit::History::new();
            // A plan that does not fit the model leaves the copy as it was.
            let _ = h.apply(&mut m, edit);
        }
        m
    }

    /// One undoable step: replacements, then additions (bones, bodies, joints). None
    /// if the plan is empty.
    pub fn into_edit(self) -> Option<ModelEdit> {
        if self.is_empty() {
            return None;
        }
        let mut sets: Vec<(usize, Element)> = Vec::new();
        let mut adds: Vec<Element> = Vec::new();
        fn split<T: Into<Element>>(
            list: Vec<Planned<T>>,
            sets: &mut Vec<(usize, Element)>,
            adds: &mut Vec<Element>,
        ) {
            for p in list {
                match p.target {
                    Target::Replace(i) => sets.push((i, p.value.into())),
                    Target::New => adds.push(p.value.into()),
                }
            }
        }
        split(self.bones, &mut sets, &mut adds);
        split(self.rigid_bodies, &mut sets, &mut adds);
        split(self.joints, &mut sets, &mut adds);
        let mut edits = Vec::new();
        if !sets.is_empty() {
            edits.push(ModelEdit::set_many(sets, "replace"));
        }
        if !adds.is_empty() {
            edits.push(ModelEdit::add_many(adds));
        }
        Some(ModelEdit::batch(self.label, edits))
    }
}

/// Why a generator refused. A refused generator changes nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RigError {
    #[error("{}", crate::tr!("err-rig-nothing-to-do", reason = .0.as_str()))]
    NothingToDo(String),
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Edit(#[from] crate::edit::EditError),
}
