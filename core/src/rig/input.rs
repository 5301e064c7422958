//! Checking the input of authoring operations: every index is validated before an
//! edit is built, so a bad selection fails with a message and changes nothing.

use crate::pmx::Model;

/// Why an authoring operation refused to build its edit.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InputError {
    #[error("vertex #{index} does not exist (the model has {len})")]
    NoSuchVertex { index: usize, len: usize },
    #[error("bone #{index} does not exist (the model has {len})")]
    NoSuchBone { index: usize, len: usize },
    #[error("morph #{index} does not exist (the model has {len})")]
    NoSuchMorph { index: usize, len: usize },
    #[error("{what} #{index} does not exist (the model has {len})")]
    NoSuchElement {
        what: &'static str,
        index: usize,
        len: usize,
    },
    #[error("{0}")]
    Invalid(String),
}

pub fn check_vertices(model: &Model, vertices: &[usize]) -> Result<(), InputError> {
    let len = model.vertices.len();
    match vertices.iter().find(|&&v| v >= len) {
        Some(&index) => Err(InputError::NoSuchVertex { index, len }),
        None => Ok(()),
    }
}

pub fn check_bone(model: &Model, bone: usize) -> Result<i32, InputError> {
    let len = model.bones.len();
    if bone < len {
        Ok(bone as i32)
    } else {
        Err(InputError::NoSuchBone { index: bone, len })
    }
}

pub fn check_morph(model: &Model, morph: usize) -> Result<(), InputError> {
    let len = model.morphs.len();
    if morph < len {
        Ok(())
    } else {
        Err(InputError::NoSuchMorph { index: morph, len })
    }
}

/// The selection without repeats, in ascending order (one change per vertex).
pub fn unique_sorted(indices: &[usize]) -> Vec<usize> {
    let mut v = indices.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// Whether `ancestor` is a (strict) parent, grandparent, … of `bone`. Stops on cycles.
pub fn is_ancestor(model: &Model, ancestor: usize, bone: usize) -> bool {
    let mut cur = model.bones.get(bone).map_or(-1, |b| b.parent);
    for _ in 0..model.bones.len() {
        match usize::try_from(cur)
            .ok()
            .and_then(|c| model.bones.get(c).map(|b| (c, b)))
        {
            Some((c, _)) if c == ancestor => return true,
            Some((_, b)) => cur = b.parent,
            None => return false,
        }
    }
    false
}
