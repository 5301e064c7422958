//! Fixes offered with problems. A fix computes its edit from the current model
//! ([`Fix::edit`], in [`super::fix_edits`]): a [`ModelEdit`] like every other
//! change, so the app applies it through the undo history and the CLI through a
//! [`History`] too. [`fix_all`] applies every fix a filter accepts as one undo
//! step.

use super::{check_model, CheckContext, ElementRef, Problem};
use crate::edit::{History, ModelEdit};
use crate::pmx::{DisplayElement, Model};
use serde::Serialize;
// Weight normalisation lives beside the other fix edits; callers reach it here.
pub(crate) use super::fix_edits::normalize_weights;

/// Which axis vector of a bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AxisKind {
    Fixed,
    LocalX,
    LocalZ,
}

impl AxisKind {
    /// The axis as a user reads it, in the current language.
    pub fn label(self) -> String {
        match self {
            AxisKind::Fixed => crate::tr!("check-axis-fixed"),
            AxisKind::LocalX => crate::tr!("check-axis-local-x"),
            AxisKind::LocalZ => crate::tr!("check-axis-local-z"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Fix {
    /// Raise a bone's deform layer (never lowers); `dependents` are (bone,
    /// layer) raises that keep the bones depending on it after it.
    SetBoneLayer {
        bone: i32,
        layer: i32,
        dependents: Vec<(i32, i32)>,
    },
    /// Drop weights on −1 and scale the rest to sum 1 (BDEF2/SDEF: move the
    /// weight of a −1 bone to the other bone).
    NormalizeWeights { vertex: i32 },
    /// SDEF whose whole weight is on one bone: make it BDEF1 on that bone.
    SdefToBdef1 { vertex: i32 },
    /// Declare the file PMX 2.1.
    SetVersion21,
    /// Stop bodies `a` and `b` colliding: clear b's group bit in a's mask and
    /// a's group bit in b's mask (computed from the current model, so several
    /// such fixes compose).
    ExcludeCollision { a: i32, b: i32 },
    /// Scale a bone's axis vector to unit length.
    NormalizeAxis { bone: i32, axis: AxisKind },
    /// Give an element (bone, morph, material, rigid body, joint, soft body,
    /// display frame) a new name.
    Rename { target: ElementRef, name: String },
    /// Clamp a material's colours and alphas into [0, 1].
    ClampColors { material: i32 },
    /// Scale every bone-morph rotation of a morph to a unit quaternion (a zero
    /// one becomes "no rotation").
    NormalizeMorphRotations { morph: i32 },
    /// Move a morph to panel 4 ("other").
    SetMorphPanelOther { morph: i32 },
    /// Make a simulated body follow its bone (mode 0).
    FollowBone { body: i32 },
    /// Give a simulated body a mass of 1.
    SetBodyMassOne { body: i32 },
    /// Lower the springs of a joint's movable axes to where one 60 Hz step
    /// stays stable (ω·h = 1).
    SoftenJointSprings { joint: i32 },
    /// Add a bone or morph to display frame `frame` (nothing if it is in a frame).
    AddToFrame { frame: i32, element: DisplayElement },
    /// Add a bone to the ordinary display frame named `name`, making that frame
    /// (at the end) when there is none: a part whose bones have no framed
    /// ancestor gets one frame named after its top bone.
    AddToNewFrame {
        name: String,
        element: DisplayElement,
    },
    /// Keep the first display-frame entry of `element` and remove the others.
    RemoveDuplicateEntries { element: DisplayElement },
    /// Put the special frames first: "Root" (holding bone 0) at 0 and "表情" at 1,
    /// moving or adding them and setting their special flag.
    MakeSpecialFrames,
    /// Set 物理後変形 (after physics) on a bone, so it is recomputed from physics.
    SetAfterPhysics { bone: i32 },
    /// Move a material (with its faces) to just after material `after`; `name` is
    /// the material's, so a fix whose indices an earlier reorder moved does nothing.
    MoveMaterialAfter {
        material: i32,
        after: i32,
        name: String,
    },
}

impl Fix {
    /// One line for a menu or the CLI.
    pub fn description(&self, model: &Model) -> String {
        use super::ElementRef as R;
        // A fix about one element: its description names it under its kind's variable.
        let about = |key: &str, e: ElementRef| {
            let description = e.describe(model).into();
            crate::i18n::lookup(&crate::i18n::CORE, key, &[(e.role(), description)])
        };
        let element = |e: DisplayElement| match e {
            DisplayElement::Bone(b) => R::Bone(b).describe(model),
            DisplayElement::Morph(m) => R::Morph(m).describe(model),
        };
        match self {
            Fix::SetBoneLayer {
                bone,
                layer,
                dependents,
            } => {
                crate::tr!(
                    "check-fix-bone-layer",
                    bone = R::Bone(*bone).describe(model),
                    layer = *layer,
                    dependents = dependents.len()
                )
            }
            Fix::NormalizeWeights { vertex } => {
                crate::tr!("check-fix-normalize-weights", vertex = *vertex)
            }
            Fix::SdefToBdef1 { vertex } => crate::tr!("check-fix-sdef-to-bdef1", vertex = *vertex),
            Fix::SetVersion21 => crate::tr!("check-fix-version-21"),
            Fix::ExcludeCollision { a, b } => {
                let group = |i: i32| {
                    super::valid(i, model.rigid_bodies.len())
                        .map(|k| model.rigid_bodies[k].group.to_string())
                        .unwrap_or_else(|| "?".into())
                };
                crate::tr!(
                    "check-fix-exclude-collision",
                    a = R::RigidBody(*a).describe(model),
                    b = R::RigidBody(*b).describe(model),
                    group_b = group(*b),
                    group_a = group(*a)
                )
            }
            Fix::NormalizeAxis { bone, axis } => crate::tr!(
                "check-fix-normalize-axis",
                axis = axis.label(),
                bone = R::Bone(*bone).describe(model)
            ),
            Fix::Rename { target, name } => crate::tr!(
                "check-fix-rename",
                element = target.describe(model),
                name = name.as_str()
            ),
            Fix::ClampColors { material } => {
                about("check-fix-clamp-colors", R::Material(*material))
            }
            Fix::NormalizeMorphRotations { morph } => {
                about("check-fix-normalize-morph-rotations", R::Morph(*morph))
            }
            Fix::SetMorphPanelOther { morph } => {
                about("check-fix-morph-panel-other", R::Morph(*morph))
            }
            Fix::FollowBone { body } => about("check-fix-follow-bone", R::RigidBody(*body)),
            Fix::SetBodyMassOne { body } => about("check-fix-mass-one", R::RigidBody(*body)),
            Fix::SoftenJointSprings { joint } => {
                about("check-fix-soften-springs", R::Joint(*joint))
            }
            Fix::AddToFrame { frame, element: e } => crate::tr!(
                "check-fix-add-to-frame",
                element = element(*e),
                frame = R::DisplayFrame(*frame).describe(model)
            ),
            Fix::AddToNewFrame { name, element: e } => crate::tr!(
                "check-fix-add-to-named-frame",
                element = element(*e),
                frame = name.as_str()
            ),
            Fix::RemoveDuplicateEntries { element: e } => {
                crate::tr!("check-fix-remove-duplicate-entries", element = element(*e))
            }
            Fix::MakeSpecialFrames => crate::tr!("check-fix-special-frames"),
            Fix::SetAfterPhysics { bone } => about("fix-set-after-physics", R::Bone(*bone)),
            Fix::MoveMaterialAfter {
                material, after, ..
            } => crate::tr!(
                "check-fix-move-material-after",
                material = R::Material(*material).describe(model),
                after = R::Material(*after).describe(model)
            ),
        }
    }

    /// The field a fix changes, for the edit history.
    pub(super) fn field(&self) -> &'static str {
        match self {
            Fix::SetBoneLayer { .. } => "deform layer",
            Fix::NormalizeWeights { .. } | Fix::SdefToBdef1 { .. } => "weights",
            Fix::SetVersion21 => "version",
            Fix::ExcludeCollision { .. } => "collision mask",
            Fix::NormalizeAxis { .. } => "axis",
            Fix::Rename { .. } => "name",
            Fix::ClampColors { .. } => "colours",
            Fix::NormalizeMorphRotations { .. } => "bone offsets",
            Fix::SetMorphPanelOther { .. } => "panel",
            Fix::FollowBone { .. } => "mode",
            Fix::SetBodyMassOne { .. } => "mass",
            Fix::SoftenJointSprings { .. } => "springs",
            Fix::AddToFrame { .. }
            | Fix::AddToNewFrame { .. }
            | Fix::RemoveDuplicateEntries { .. }
            | Fix::MakeSpecialFrames => "display frames",
            Fix::SetAfterPhysics { .. } => "flags",
            Fix::MoveMaterialAfter { .. } => "order",
        }
    }

    /// Applies the fix through `history` (one undo step). False when it
    /// changes nothing or the edit is refused.
    pub fn apply(&self, model: &mut Model, history: &mut History) -> bool {
        match self.edit(model) {
            Some(edit) => history.apply(model, edit).is_ok(),
            None => false,
        }
    }
}

/// Every fix a [`fix_all`] applied, as one undoable edit.
#[derive(Debug, Clone)]
pub struct FixAll {
    /// One undo step holding every fix, in the order they were applied.
    pub edit: ModelEdit,
    /// "description (CODE)" of each fix applied.
    pub applied: Vec<String>,
}

/// Applies edits to a scratch copy one after another, keeping each as
/// computed, so they can be replayed on the original as one batch (each
/// later edit is computed from the model the earlier ones left).
pub(super) struct Sequence {
    pub scratch: Model,
    history: History,
    edits: Vec<ModelEdit>,
}

impl Sequence {
    pub fn new(model: &Model) -> Sequence {
        Sequence {
            scratch: model.clone(),
            history: History::with_limit(1),
            edits: Vec::new(),
        }
    }

    /// Applies `edit` to the scratch copy; false if it was refused.
    pub fn push(&mut self, edit: ModelEdit) -> bool {
        // The history keeps the applied copy (which then holds the old
        // values); the sequence keeps the edit as computed.
        let ok = self.history.apply(&mut self.scratch, edit.clone()).is_ok();
        if ok {
            self.edits.push(edit);
        }
        ok
    }

    /// The edits as one undo step; `None` when there are none.
    pub fn batch(self, label: String) -> Option<ModelEdit> {
        match self.edits.len() {
            0 => None,
            // One edit keeps its own kind (a field edit stays a field edit).
            1 => self.edits.into_iter().next().map(|e| e.label(label)),
            _ => Some(ModelEdit::batch(label, self.edits)),
        }
    }
}

/// Applies every fix offered for a problem `accept` takes, re-checking between
/// passes (a fix can uncover or settle others; at most 8 passes), and returns
/// them as one edit for the undo history. Computed on a copy: `model` is not
/// changed. `None` when no fix changes anything.
pub fn fix_all(
    model: &Model,
    ctx: &CheckContext,
    accept: impl Fn(&Problem) -> bool,
) -> Option<FixAll> {
    let mut seq = Sequence::new(model);
    let mut applied = Vec::new();
    for _pass in 0..8 {
        let mut any = false;
        for p in check_model(&seq.scratch, ctx).iter().filter(|p| accept(p)) {
            let Some(fix) = &p.fix else { continue };
            let Some(edit) = fix.edit(&seq.scratch) else {
                continue;
            };
            let description = format!("{} ({})", fix.description(&seq.scratch), p.code);
            if seq.push(edit) {
                applied.push(description);
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    let label = match applied.as_slice() {
        [one] => crate::tr!("check-fix-history-one", fix = one.as_str()),
        _ => crate::tr!("check-fix-history-many", count = applied.len()),
    };
    let edit = seq.batch(label)?;
    Some(FixAll { edit, applied })
}
