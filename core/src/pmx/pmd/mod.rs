//! PMD import: reads a PMD 1.0 file (with the English-name, toon and physics
//! extensions when present) and converts it to a PMX 2.0 [`Model`] the way
//! PMX Editor's PMD→PMX conversion does.
//!
//! Layout: the shared spec's PMD binary layout document (its README lists it).
//! Conversion rules: the 「PMDとの互換性」 part of the PMX spec (deform layers)
//! and the PMX bone/IK fields (the PMD IK value is a quarter of the PMX limit
//! angle). Where the specification is silent the choice is commented at the
//! place it is made.
//!
//! Reading is two-phase: `parse` turns bytes into raw PMD records (every
//! count checked against the bytes left before allocating), then `convert`
//! builds the PMX model. Problems that do not stop reading become warnings.

use std::collections::HashMap;

use glam::{Vec2, Vec3, Vec4};

use super::cursor::{vec3_at, Cursor, Le, Short};

use super::{
    Append, Bone, BoneFlags, DisplayElement, DisplayFrame, Error, Header, Ik, IkLimits, IkLink,
    IndexSizes, Joint, JointKind, Loaded, Material, MaterialFlags, Model, ModelInfo, Morph,
    MorphOffsets, PmxVersion, Result, RigidBody, RigidMode, RigidShape, Section, SphereMode, Tail,
    TextEncoding, Toon, Vertex, VertexOffset, Warning, Weights, NONE,
};

mod convert;
mod parse;

use convert::*;
pub use convert::{knee_limits, sphere_mode_of, split_texture_name};
use parse::*;

/// Reads PMD bytes and converts them to a PMX 2.0 model.
pub fn read_pmd(bytes: &[u8]) -> Result<Loaded> {
    let mut warnings = Vec::new();
    let pmd = parse(bytes, &mut warnings)?;
    let model = convert(pmd, &mut warnings);
    Ok(Loaded { model, warnings })
}

// ---------------------------------------------------------------- raw PMD records

/// A PMD file as stored, before conversion. Vertices and faces are already
/// in PMX form (their conversion needs no context).
#[derive(Debug, Default)]
struct PmdFile {
    name: String,
    comment: String,
    vertices: Vec<Vertex>,
    faces: Vec<[i32; 3]>,
    materials: Vec<PmdMaterial>,
    bones: Vec<PmdBone>,
    iks: Vec<PmdIk>,
    skins: Vec<PmdSkin>,
    /// Skin indices shown in the expression frame, with their byte offsets.
    skin_display: Vec<(u16, usize)>,
    /// Bone frame names (frame 1..=n in the bone display list).
    frame_names: Vec<String>,
    /// (bone index, frame number), frame numbers 1-based into `frame_names`.
    frame_bones: Vec<(u16, u8, usize)>,
    english: Option<PmdEnglish>,
    toon_names: Option<Vec<String>>,
    rigid_bodies: Vec<PmdRigidBody>,
    joints: Vec<Joint>,
}

#[derive(Debug)]
struct PmdMaterial {
    offset: usize,
    diffuse: Vec4,
    specular_power: f32,
    specular: Vec3,
    ambient: Vec3,
    toon_index: u8,
    edge_flag: u8,
    face_index_count: u32,
    file_name: String,
}

#[derive(Debug)]
struct PmdBone {
    offset: usize,
    name: String,
    parent: u16,
    tail: u16,
    kind: u8,
    ik_parent: u16,
    position: Vec3,
}

#[derive(Debug)]
struct PmdIk {
    offset: usize,
    bone: u16,
    target: u16,
    iterations: u16,
    control_weight: f32,
    links: Vec<u16>,
}

#[derive(Debug)]
struct PmdSkin {
    offset: usize,
    name: String,
    category: u8,
    /// Base: (vertex index, position). Others: (base entry index, offset).
    entries: Vec<(u32, Vec3)>,
}

#[derive(Debug, Default)]
struct PmdEnglish {
    name: String,
    comment: String,
    bones: Vec<String>,
    /// Names of the skins other than the base, in order.
    skins: Vec<String>,
    frames: Vec<String>,
}

#[derive(Debug)]
struct PmdRigidBody {
    offset: usize,
    body: RigidBody,
    /// Bone index as stored (0xFFFF = none); the position is relative to it.
    bone: u16,
}

/// A PMD index meaning "none".
const NO_INDEX: u16 = 0xFFFF;

fn warn(
    warnings: &mut Vec<Warning>,
    section: Section,
    index: Option<usize>,
    offset: usize,
    message: impl Into<String>,
) {
    warnings.push(Warning {
        section: section.name(),
        index,
        offset,
        message: message.into(),
    });
}
