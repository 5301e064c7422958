//! Hone's core: everything but the GUI and the command line.
//!
//! Flow: [`pmx`] (plain-data model, read/write) → [`edit`] (undoable commands with index
//! remapping) → [`deform`] / [`physics`] / [`sim`] (the runtime pipeline, state kept beside the
//! model) → [`check`] (rig problems and their fixes). [`motion`] reads VMD motions and VPD poses. [`rig`] holds authoring operations
//! (weights, painting, morphs, rest pose) that each build one undoable edit; [`ops`] declares the
//! operations every front-end lists (scripts, `hone rig`, the app's menus) and runs `hone edit` scripts.
//!
//! `examples/edit_pose_save.rs` uses it alone: load a model, edit it through the undo history,
//! pose it and save it (`cargo run -p hone-core --example edit_pose_save`).

pub mod check;
pub mod deform;
pub mod edit;
mod enum_with_all;
pub mod export;
pub mod geom;
pub mod i18n;
pub mod motion;
pub mod ops;
pub mod physics;
pub mod pmx;
pub mod recovery;
pub mod rig;
pub mod sim;
