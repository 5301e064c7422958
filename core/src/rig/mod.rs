//! Rig generators and authoring operations. Each one reads the model and returns a
//! [`ModelEdit`](crate::edit::ModelEdit) (one undo step) or an error that changed nothing.

pub mod input;
pub mod morphs;
pub mod paint;
pub mod rest_pose;
pub mod sdef;
pub mod spatial;
pub mod transfer;
pub mod weights;
