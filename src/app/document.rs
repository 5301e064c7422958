//! The open file: the model, its path and its undo history.
//!
//! Every model change goes through [`Document::apply`] so it lands on the undo
//! stack; panels never mutate the model directly.

use crate::edit::{EditError, History, ModelEdit};
use crate::pmx::write::WriteOptions;
use crate::pmx::Model;
use std::path::{Path, PathBuf};

pub struct Document {
    pub model: Model,
    pub path: Option<PathBuf>,
    /// Shown in the title when there is no path (e.g. the bundled sample).
    pub display_name: String,
    pub history: History,
    /// Bumped on every model change so caches (GPU buffers, deformer) know to rebuild.
    pub generation: u64,
    pub warnings: Vec<String>,
    /// Texture files bundled in the binary (the sample rig), by name.
    pub embedded_textures: &'static [(&'static str, &'static [u8])],
}

impl Document {
    pub fn new(model: Model, path: Option<PathBuf>, display_name: impl Into<String>) -> Self {
        Document {
            model,
            path,
            display_name: display_name.into(),
            history: History::new(),
            generation: 0,
            warnings: Vec::new(),
            embedded_textures: &[],
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

    /// Applies and records an edit; a refused edit changes nothing.
    pub fn apply(&mut self, edit: ModelEdit) -> Result<(), EditError> {
        self.history.apply(&mut self.model, edit)?;
        self.generation += 1;
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        let done = self.history.undo(&mut self.model);
        self.generation += done as u64;
        done
    }

    pub fn redo(&mut self) -> bool {
        let done = self.history.redo(&mut self.model);
        self.generation += done as u64;
        done
    }

    /// Jumps to the state after `index` edits.
    pub fn go_to(&mut self, index: usize) {
        if index != self.history.head() {
            self.history.jump_to(&mut self.model, index);
            self.generation += 1;
        }
    }

    /// Writes the model (temp file + rename) and marks the history saved.
    pub fn save_as(&mut self, path: &Path, options: &WriteOptions) -> crate::pmx::Result<()> {
        crate::pmx::write::save(&self.model, path, options)?;
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
    use crate::pmx::Bone;

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
    fn edits_undo_redo_and_track_the_dirty_flag() {
        let mut doc = doc_with_bones();
        assert!(!doc.is_dirty());
        let mut bone = doc.model.bones[1].clone();
        bone.layer = 3;
        let g = doc.generation;
        doc.apply(ModelEdit::set_bone(1, bone, "deform layer"))
            .unwrap();
        assert_eq!(doc.model.bones[1].layer, 3);
        assert!(doc.is_dirty());
        assert!(doc.generation > g);
        assert!(doc.undo());
        assert_eq!(doc.model.bones[1].layer, 0);
        assert!(!doc.is_dirty());
        assert!(doc.redo());
        assert_eq!(doc.model.bones[1].layer, 3);
        doc.go_to(0);
        assert_eq!(doc.model.bones[1].layer, 0);
    }

    #[test]
    fn save_as_writes_a_readable_file_and_clears_the_dirty_mark() {
        let mut doc = doc_with_bones();
        let mut bone = doc.model.bones[0].clone();
        bone.name = "全ての親".into();
        doc.apply(ModelEdit::set_bone(0, bone, "name")).unwrap();
        assert!(doc.is_dirty());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pmx");
        doc.save_as(&path, &WriteOptions::default()).unwrap();
        assert!(!doc.is_dirty());
        assert_eq!(doc.display_name, "out.pmx");
        let back = crate::pmx::load(&path).unwrap().model;
        assert_eq!(back.bones[0].name, "全ての親");
    }

    #[test]
    fn a_refused_edit_changes_nothing() {
        let mut doc = doc_with_bones();
        let g = doc.generation;
        assert!(doc
            .apply(ModelEdit::set_bone(7, Bone::default(), "name"))
            .is_err());
        assert_eq!(doc.generation, g);
        assert!(!doc.is_dirty());
    }
}
