//! Checking the input of authoring operations: every index is validated before an
//! edit is built, so a bad selection fails with a message and changes nothing.

use crate::pmx::Model;

/// Why an authoring operation refused to build its edit.
#[derive(Debug, Clone, PartialEq)]
pub enum InputError {
    NoSuchVertex {
        index: usize,
        len: usize,
    },
    NoSuchBone {
        index: usize,
        len: usize,
    },
    NoSuchMorph {
        index: usize,
        len: usize,
    },
    /// `what` is an element kind's English name ("rigid body"), shown in the current language.
    NoSuchElement {
        what: &'static str,
        index: usize,
        len: usize,
    },
    Invalid(String),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::edit::ElementKind;
        let missing = |kind: String, index: usize, len: usize| {
            crate::tr!("err-input-no-such", kind = kind, index = index, len = len)
        };
        let text = match self {
            InputError::NoSuchVertex { index, len } => {
                missing(ElementKind::Vertex.label(), *index, *len)
            }
            InputError::NoSuchBone { index, len } => {
                missing(ElementKind::Bone.label(), *index, *len)
            }
            InputError::NoSuchMorph { index, len } => {
                missing(ElementKind::Morph.label(), *index, *len)
            }
            InputError::NoSuchElement { what, index, len } => {
                let kind = (ElementKind::ALL.iter())
                    .find(|k| k.name() == *what)
                    .map_or_else(|| what.to_string(), |k| k.label());
                missing(kind, *index, *len)
            }
            InputError::Invalid(message) => message.clone(),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for InputError {}

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
