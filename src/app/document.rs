//! The open file: the model, its path and its undo history.
//!
//! Every model change goes through [`Document::apply`] so it lands on the undo
//! stack; panels never mutate the model directly.

use crate::pmx::{Bone, Joint, Material, Model, ModelInfo, Morph, RigidBody, SoftBody};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A whole element, as stored in the model.
#[derive(Debug, Clone, PartialEq)]
pub enum Element {
    Info(ModelInfo),
    Bone(usize, Box<Bone>),
    Morph(usize, Box<Morph>),
    Material(usize, Box<Material>),
    RigidBody(usize, Box<RigidBody>),
    Joint(usize, Box<Joint>),
    SoftBody(usize, Box<SoftBody>),
}

impl Element {
    /// Puts this value into the model and returns what was there.
    fn swap_into(&mut self, model: &mut Model) {
        fn swap<T>(list: &mut [T], i: usize, v: &mut T) {
            if let Some(slot) = list.get_mut(i) {
                std::mem::swap(slot, v);
            }
        }
        match self {
            Element::Info(v) => std::mem::swap(&mut model.info, v),
            Element::Bone(i, v) => swap(&mut model.bones, *i, v),
            Element::Morph(i, v) => swap(&mut model.morphs, *i, v),
            Element::Material(i, v) => swap(&mut model.materials, *i, v),
            Element::RigidBody(i, v) => swap(&mut model.rigid_bodies, *i, v),
            Element::Joint(i, v) => swap(&mut model.joints, *i, v),
            Element::SoftBody(i, v) => swap(&mut model.soft_bodies, *i, v),
        }
    }

    fn same_slot(&self, other: &Element) -> bool {
        use Element::*;
        match (self, other) {
            (Info(_), Info(_)) => true,
            (Bone(a, _), Bone(b, _))
            | (Morph(a, _), Morph(b, _))
            | (Material(a, _), Material(b, _))
            | (RigidBody(a, _), RigidBody(b, _))
            | (Joint(a, _), Joint(b, _))
            | (SoftBody(a, _), SoftBody(b, _)) => a == b,
            _ => false,
        }
    }
}

/// Replaces one element with a new value (what the inspector emits).
#[derive(Debug, Clone)]
pub struct SetElement {
    /// Holds the value to put in; after `edit` it holds the old one (swap-based undo).
    value: Element,
    label: String,
    at: Instant,
}

impl SetElement {
    pub fn new(value: Element, label: impl Into<String>) -> Self {
        SetElement {
            value,
            label: label.into(),
            at: Instant::now(),
        }
    }
}

impl undo::Edit for SetElement {
    type Target = Model;
    type Output = ();

    fn edit(&mut self, model: &mut Model) {
        self.value.swap_into(model);
    }

    fn undo(&mut self, model: &mut Model) {
        self.value.swap_into(model);
    }

    /// Keystrokes and drags on the same field within a second make one undo step.
    fn merge(&mut self, other: Self) -> undo::Merged<Self> {
        if self.label == other.label
            && self.value.same_slot(&other.value)
            && other.at.duration_since(self.at).as_secs_f32() < 1.0
        {
            // `self` already holds the oldest value; the model holds the newest.
            self.at = other.at;
            undo::Merged::Yes
        } else {
            undo::Merged::No(other)
        }
    }
}

impl std::fmt::Display for SetElement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// Output format for Save; `None` keeps what the model's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SaveFormat {
    pub version: Option<crate::pmx::PmxVersion>,
    pub encoding: Option<crate::pmx::TextEncoding>,
}

pub struct Document {
    pub model: Model,
    pub path: Option<PathBuf>,
    /// Shown in the title when there is no path (e.g. the bundled sample).
    pub display_name: String,
    pub history: undo::Record<SetElement>,
    /// Bumped on every model change so caches (GPU buffers, deformer) know to rebuild.
    pub generation: u64,
    pub warnings: Vec<String>,
}

impl Document {
    pub fn new(model: Model, path: Option<PathBuf>, display_name: impl Into<String>) -> Self {
        Document {
            model,
            path,
            display_name: display_name.into(),
            history: undo::Record::new(),
            generation: 0,
            warnings: Vec::new(),
        }
    }

    pub fn open(path: &Path) -> crate::pmx::Result<Self> {
        let loaded = crate::pmx::load(path)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut doc = Document::new(loaded.model, Some(path.to_path_buf()), name);
        doc.warnings = loaded.warnings.iter().map(|w| w.to_string()).collect();
        Ok(doc)
    }

    /// Folder that texture paths are relative to.
    pub fn base_dir(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }

    pub fn is_dirty(&self) -> bool {
        !self.history.is_saved()
    }

    pub fn apply(&mut self, edit: SetElement) {
        self.history.edit(&mut self.model, edit);
        self.generation += 1;
    }

    pub fn undo(&mut self) -> bool {
        let done = self.history.undo(&mut self.model).is_some();
        self.generation += done as u64;
        done
    }

    pub fn redo(&mut self) -> bool {
        let done = self.history.redo(&mut self.model).is_some();
        self.generation += done as u64;
        done
    }

    /// Jumps to the state after `index` edits.
    pub fn go_to(&mut self, index: usize) {
        if index != self.history.head() {
            self.history.go_to(&mut self.model, index);
            self.generation += 1;
        }
    }

    pub fn save_as(
        &mut self,
        path: &Path,
        format: &SaveFormat,
    ) -> crate::pmx::Result<()> {
        // TODO(io): `crate::pmx::write::save` with WriteOptions once the writer lands.
        let _ = (path, format);
        return Err(crate::pmx::Error::Unsupported("PMX writing is not available yet".into()));
        #[allow(unreachable_code)]
        self.history.set_saved();
        self.path = Some(path.to_path_buf());
        if let Some(name) = path.file_name() {
            self.display_name = name.to_string_lossy().into_owned();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc_with_bones() -> Document {
        let mut model = Model::default();
        for name in ["センター", "上半身"] {
            model.bones.push(Bone {
                name: name.into(),
                ..Bone::default()
            });
        }
        Document::new(model, None, "test")
    }

    #[test]
    fn set_element_undo_redo_and_dirty_flag() {
        let mut doc = doc_with_bones();
        assert!(!doc.is_dirty());
        let mut bone = doc.model.bones[1].clone();
        bone.layer = 3;
        doc.apply(SetElement::new(Element::Bone(1, Box::new(bone)), "layer"));
        assert_eq!(doc.model.bones[1].layer, 3);
        assert!(doc.is_dirty());
        assert!(doc.undo());
        assert_eq!(doc.model.bones[1].layer, 0);
        assert!(!doc.is_dirty());
        assert!(doc.redo());
        assert_eq!(doc.model.bones[1].layer, 3);
    }

    #[test]
    fn quick_edits_of_one_field_merge_into_one_step() {
        let mut doc = doc_with_bones();
        for layer in 1..=3 {
            let mut bone = doc.model.bones[0].clone();
            bone.layer = layer;
            doc.apply(SetElement::new(Element::Bone(0, Box::new(bone)), "layer"));
        }
        assert_eq!(doc.history.len(), 1);
        doc.undo();
        assert_eq!(doc.model.bones[0].layer, 0);
    }
}
