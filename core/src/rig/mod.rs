//! Rig generators: each builds one undoable [`ModelEdit`](crate::edit::ModelEdit) batch
//! (one undo step, nothing changed until it is applied, nothing half-done on error),
//! callable from the app, `hone rig` and `hone edit` scripts.
//!
//! * [`mirror`]: copy one side onto the other (bones, bodies, joints, bone morphs,
//!   display frames, weights); [`symmetric`]: find an element's counterpart.
//! * [`semistandard`]: add the semi-standard bones (準標準ボーン).
//! * [`names`]: the left/right naming rules every part of Hone uses.
//! * [`weights`], [`sdef`], [`paint`], [`transfer`]: vertex weight operations, BDEF2 →
//!   SDEF, the weight-painting kernel, weights from another model; [`morphs`]: morph
//!   authoring; [`rest_pose`]: apply a pose as the rest pose; [`spatial`]: nearest
//!   vertex / surface point; [`input`]: their input checks.

pub mod input;
pub mod mirror;
mod mirror_parts;
pub mod morphs;
pub mod names;
pub mod paint;
pub mod rest_pose;
pub mod sdef;
pub mod semistandard;
mod semistandard_limbs;
pub mod spatial;
pub mod symmetric;
pub mod transfer;
pub mod weight_math;
pub mod weights;

pub use names::Side;

use crate::edit::EditError;

/// Why a generator refused. A refused generator changes nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RigError {
    #[error("nothing to do: {0}")]
    NothingToDo(String),
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Edit(#[from] EditError),
}
