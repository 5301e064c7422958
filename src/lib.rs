//! Hone: an editor and debugger for MikuMikuDance PMX rigs.
//!
//! The GUI-free core lives in the `hone-core` crate and is re-exported here, so `hone::pmx`
//! and `hone_core::pmx` are the same module. This crate adds the desktop [`app`] and the
//! command line ([`cli`]).
//!
//! Flow: `pmx` (plain-data model) → `edit` (undoable commands) →
//! `deform` / `physics` / `sim` (runtime pipeline, state kept beside the model) → `app` (view).

pub use hone_core::{check, deform, edit, export, motion, ops, physics, pmx, rig, sim};

pub mod app;
pub mod cli;
