//! Rig generators: each builds one undoable [`ModelEdit`](crate::edit::ModelEdit) batch
//! (one undo step, nothing changed until it is applied, nothing half-done on error),
//! callable from the app, `hone rig` and `hone edit` scripts.
//!
//! * [`mirror`]: copy one side onto the other (bones, bodies, joints, bone morphs,
//!   display frames, weights); [`symmetric`]: find an element's counterpart.
//! * [`semistandard`]: add the semi-standard bones (準標準ボーン).
//! * [`names`]: the left/right naming rules every part of Hone uses.
//! * [`rest`]: move a bone's rest position (the app's bone edit mode).

pub mod mirror;
mod mirror_parts;
pub mod names;
pub mod rest;
pub mod semistandard;
mod semistandard_limbs;
pub mod symmetric;
pub mod weight_math;

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
