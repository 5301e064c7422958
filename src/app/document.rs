//! The open file: the model, its path and its undo history.
//!
//! The model is private: anything may read it ([`Document::model`]), but every
//! change goes through [`Document::apply`] (and undo/redo) so it lands on the
//! undo stack.

use crate::edit::{ChangeSet, EditError, History, ModelEdit};
use crate::pmx::write::WriteOptions;
use crate::pmx::Model;
use std::path::{Path, PathBuf};

pub struct Document {
    model: Model,
    pub path: Option<PathBuf>,
    /// Shown in the title when there is no path (e.g. the bundled sample).
    pub display_name: String,
    pub history: History,
    pub warnings: Vec<String>,
    /// Texture files bundled in the binary (the sample rig), by name.
    pub embedded_textures: &'static [(&'static str, &'static [u8])],
    /// Restored from a recovery copy: unsaved until saved, whatever the history says.
    recovered: bool,
    /// The edits the recovery copy held (before this session's).
    recovered_edits: usize,
    /// The file as it was read (None: not from a file): the watch compares with it.
    pub disk: Option<crate::app::files::FileIdentity>,
    /// Textures added from other folders (merged parts'), copied beside the model when
    /// it is saved.
    texture_origins: crate::pmx::textures::TextureOrigins,
}

impl Document {
    pub fn new(model: Model, path: Option<PathBuf>, display_name: impl Into<String>) -> Self {
        Document {
            model,
            path,
            display_name: display_name.into(),
            history: History::new(),
            warnings: Vec::new(),
            embedded_textures: &[],
            recovered: false,
            recovered_edits: 0,
            disk: None,
            texture_origins: Default::default(),
        }
    }

    /// A model restored from a recovery copy: it names the file it came from (Save
    /// writes there) and counts as unsaved.
    pub fn recovered(
        model: Model,
        path: Option<PathBuf>,
        display_name: impl Into<String>,
        edits: usize,
    ) -> Self {
        Document {
            recovered: true,
            recovered_edits: edits,
            ..Document::new(model, path, display_name)
        }
    }

    /// Opens a PMX or PMD file, or a PMX Editor CSV (by the .csv extension; Save then asks
    /// for a PMX path).
    pub fn open(path: &Path) -> crate::pmx::Result<Self> {
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let bytes = std::fs::read(path).map_err(|e| crate::pmx::Error::io(path, e))?;
        Document::from_bytes(path, modified, &bytes)
    }

    /// A document from the bytes of the file at `path` (read at time `modified`): PMX
    /// or PMD by their magic bytes, CSV by the extension.
    pub fn from_bytes(
        path: &Path,
        modified: Option<std::time::SystemTime>,
        bytes: &[u8],
    ) -> crate::pmx::Result<Self> {
        let is_csv = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let loaded = if is_csv {
            crate::pmx::Loaded {
                model: crate::pmx::csv::read_csv(bytes)?,
                warnings: Vec::new(),
            }
        } else {
            crate::pmx::load_bytes(bytes)?
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut doc = Document::new(loaded.model, Some(path.to_path_buf()), name);
        doc.warnings = loaded.warnings.iter().map(|w| w.to_string()).collect();
        doc.disk = Some(crate::app::files::FileIdentity::of_bytes(modified, bytes));
        Ok(doc)
    }

    /// The model as the edits so far left it (read only: change it with [`apply`](Self::apply)).
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Ends the current merge run of field edits (a drag or a text entry ended).
    pub fn end_merge(&mut self) {
        self.history.end_merge();
    }

    /// Folder that texture paths are relative to.
    pub fn base_dir(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }

    /// Restored from a recovery copy and not saved since.
    pub fn is_recovered(&self) -> bool {
        self.recovered
    }

    /// The edits a restored recovery copy held (0 for a file opened as it is).
    pub fn recovered_edits(&self) -> usize {
        self.recovered_edits
    }

    pub fn is_dirty(&self) -> bool {
        self.recovered || !self.history.is_saved()
    }

    /// Applies and records an edit; returns what changed. A refused edit changes nothing.
    pub fn apply(&mut self, edit: ModelEdit) -> Result<ChangeSet, EditError> {
        self.history.apply(&mut self.model, edit)
    }

    /// Undoes the last step; None if there is none.
    pub fn undo(&mut self) -> Option<ChangeSet> {
        self.history.undo(&mut self.model)
    }

    /// Redoes the next undone step; None if there is none.
    pub fn redo(&mut self) -> Option<ChangeSet> {
        self.history.redo(&mut self.model)
    }

    /// Jumps to the state after `index` edits.
    pub fn go_to(&mut self, index: usize) -> ChangeSet {
        self.history.jump_to(&mut self.model, index)
    }

    /// Writes the model with the core's save rule ([`crate::pmx::needs::plan_save`]: temp
    /// file + rename) and marks the history saved. Returns what the rule changed (a PMX
    /// 2.0 → 2.1 upgrade, grown index sizes) as catalogue sentences; the caller shows them.
    pub fn save_as(
        &mut self,
        path: &Path,
        options: &WriteOptions,
    ) -> crate::pmx::Result<Vec<String>> {
        let mut notes = self.bring_textures(path)?;
        let changes = crate::pmx::write::save_with_rule(&self.model, path, options)?;
        self.history.set_saved();
        self.recovered = false;
        self.recovered_edits = 0;
        self.path = Some(path.to_path_buf());
        if let Some(name) = path.file_name() {
            self.display_name = name.to_string_lossy().into_owned();
        }
        notes.extend(changes.iter().map(|c| c.message(&self.model)));
        Ok(notes)
    }

    /// What saving as `path` does to the texture files (the texture rule's plan; nothing
    /// changed yet): None when the model has no textures, or `path` is in its own folder
    /// and no texture came from elsewhere (a merged part's).
    pub fn texture_plan(&self, path: &Path) -> Option<crate::pmx::textures::TexturePlan> {
        crate::pmx::textures::plan_write(
            &self.model.textures,
            &self.texture_origins,
            self.base_dir(),
            path,
            crate::pmx::textures::TextureMode::Copy,
        )
    }

    /// Textures the last edit added from other folders (a merged part's plan says which).
    /// Where the merged parts' textures are read from until the model is saved.
    pub fn texture_origins(&self) -> &crate::pmx::textures::TextureOrigins {
        &self.texture_origins
    }

    /// The folder texture `index` is read from: a merged part's folder until the model is
    /// saved beside its textures, else the model's own.
    pub fn texture_folder(&self, index: usize) -> Option<&Path> {
        let textures = &self.model.textures;
        self.texture_origins
            .origin_folder(textures, index)
            .or(self.base_dir())
    }

    pub fn bring_textures_from(&mut self, origins: &crate::pmx::textures::TextureOrigins) {
        self.texture_origins.extend(origins);
    }

    /// Save As into another folder, or a save after a merge: the texture rule
    /// ([`crate::pmx::textures`]) copies the texture files beside `path` (a renamed copy is
    /// one undo step); returns what it copied and the textures it could not find or would
    /// not follow.
    fn bring_textures(&mut self, path: &Path) -> crate::pmx::Result<Vec<String>> {
        let Some(plan) = self.texture_plan(path) else {
            return Ok(Vec::new());
        };
        let to = crate::pmx::textures::folder_of(path);
        let table = plan.apply().map_err(|e| crate::pmx::Error::io(&to, e))?;
        // Copied beside the model: read from its folder from now on.
        self.texture_origins.clear();
        let renamed: Vec<ModelEdit> = (table.iter().enumerate())
            .filter(|(i, t)| self.model.textures.get(*i) != Some(*t))
            .map(|(i, t)| ModelEdit::set_texture(i, t.clone()))
            .collect();
        if !renamed.is_empty() {
            let step = ModelEdit::batch(crate::tr!("save-textures-renamed"), renamed);
            if let Err(e) = self.history.apply(&mut self.model, step) {
                return Err(crate::pmx::Error::io(
                    &to,
                    std::io::Error::other(e.to_string()),
                ));
            }
        }
        Ok(plan.report_lines())
    }
}

impl Document {
    /// Writes the current model as PMX Editor CSV (temp file + rename); the document's own
    /// path and saved state do not change.
    pub fn export_csv(&self, path: &Path) -> crate::pmx::Result<()> {
        let bytes = crate::pmx::csv::write_csv(&self.model);
        crate::pmx::write::write_file_atomically(path, &bytes)
    }
}

/// The bundled sample rig (resources/sample, made by `pmx::builder::sample_rig`) and its texture.
static SAMPLE_PMX: &[u8] = include_bytes!("../../resources/sample/hone-sample.pmx");
pub static SAMPLE_TEXTURES: &[(&str, &[u8])] = &[(
    "cloth.png",
    include_bytes!("../../resources/sample/cloth.png"),
)];

/// The model `hone` opens without a file: the bundled sample rig.
pub fn sample_document() -> Document {
    match crate::pmx::load_bytes(SAMPLE_PMX) {
        Ok(loaded) => {
            let mut doc = Document::new(loaded.model, None, "hone-sample.pmx");
            doc.embedded_textures = SAMPLE_TEXTURES;
            doc
        }
        // Only if the reader rejects the bundled file: fall back to the rig in code.
        Err(_) => Document::new(crate::pmx::builder::sample_rig(), None, "sample rig"),
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
        let changes = doc
            .apply(ModelEdit::set_bone(1, bone, "deform layer"))
            .unwrap();
        assert_eq!(doc.model.bones[1].layer, 3);
        assert!(doc.is_dirty());
        assert!(changes
            .fields(crate::edit::ElementKind::Bone)
            .only([crate::edit::changes::BoneField::Layer]));
        assert!(!changes.is_structural());
        assert!(doc.undo().is_some());
        assert_eq!(doc.model.bones[1].layer, 0);
        assert!(!doc.is_dirty());
        assert!(doc.redo().is_some());
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
    fn saving_2_1_features_into_a_2_0_file_switches_to_2_1() {
        // The note is read in English.
        hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
        use crate::pmx::{JointKind, PmxVersion};
        hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
        let mut doc = doc_with_bones();
        doc.model.header.version = PmxVersion::V2_0;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plain.pmx");
        // No 2.1 features: stays 2.0, no message.
        assert!(doc
            .save_as(&path, &WriteOptions::default())
            .unwrap()
            .is_empty());
        assert_eq!(
            crate::pmx::load(&path).unwrap().model.header.version,
            PmxVersion::V2_0
        );
        // A hinge joint is 2.1-only: saved as 2.1 with a message naming it.
        doc.model.joints.push(crate::pmx::Joint {
            name: "ひんじ".into(),
            kind: JointKind::Hinge,
            ..Default::default()
        });
        let path = dir.path().join("hinge.pmx");
        let notes = doc.save_as(&path, &WriteOptions::default()).unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].contains("PMX 2.1") && notes[0].contains("ひんじ"),
            "{notes:?}"
        );
        let back = crate::pmx::load(&path).unwrap().model;
        assert_eq!(back.header.version, PmxVersion::V2_1);
        assert_eq!(back.joints[0].kind, JointKind::Hinge);
        // An explicit 2.0 target switches as well instead of failing.
        let explicit = WriteOptions {
            version: Some(PmxVersion::V2_0),
            ..Default::default()
        };
        assert_eq!(doc.save_as(&path, &explicit).unwrap().len(), 1);
        // The model itself is not edited behind the undo stack.
        assert_eq!(doc.model.header.version, PmxVersion::V2_0);
    }

    #[test]
    fn a_2_0_file_that_already_broke_the_rule_is_saved_valid() {
        use crate::pmx::{JointKind, PmxVersion};
        let mut doc = doc_with_bones();
        doc.model.header.version = PmxVersion::V2_1;
        doc.model.joints.push(crate::pmx::Joint {
            name: "ひんじ".into(),
            kind: JointKind::Hinge,
            ..Default::default()
        });
        // A 2.0 header holding a hinge, as some tools write it (the writer refuses to).
        let dir = tempfile::tempdir().unwrap();
        let original = dir.path().join("broken.pmx");
        let mut bytes = crate::pmx::write::write_pmx(&doc.model, &WriteOptions::default()).unwrap();
        bytes[4..8].copy_from_slice(&2.0f32.to_le_bytes());
        // 2.0 has no soft-body section: drop the empty one's count.
        bytes.truncate(bytes.len() - 4);
        std::fs::write(&original, &bytes).unwrap();

        let mut doc = Document::open(&original).unwrap();
        assert_eq!(doc.model.header.version, PmxVersion::V2_0);
        let notes = doc.save_as(&original, &WriteOptions::default()).unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
        let back = crate::pmx::load(&original).unwrap();
        assert_eq!(back.model.header.version, PmxVersion::V2_1);
        assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        assert_eq!(back.model.joints[0].kind, JointKind::Hinge);
    }

    #[test]
    fn unedited_shared_pmx_files_save_byte_identical_from_the_app() {
        let Some(dir) = hone_testkit::shared_models() else {
            return;
        };
        let out_dir = tempfile::tempdir().unwrap();
        let mut checked = 0;
        for folder in std::fs::read_dir(&dir).unwrap().flatten() {
            for file in std::fs::read_dir(folder.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let path = file.path();
                if path.extension().and_then(|e| e.to_str()) != Some("pmx") {
                    continue;
                }
                let Ok(mut doc) = Document::open(&path) else {
                    continue;
                };
                // A folder per file: textures of one model never meet another's.
                let folder = out_dir
                    .path()
                    .join(path.to_string_lossy().replace(['/', '\\'], "_"));
                std::fs::create_dir_all(&folder).unwrap();
                let out = folder.join("saved.pmx");
                let breaks_rule = doc.model.header.version == crate::pmx::PmxVersion::V2_0
                    && !crate::pmx::needs::v21_features(&doc.model).is_empty();
                // Save As into another folder also says what the texture rule did; only
                // the save rule's notes count here.
                let textures = crate::pmx::textures::plan_model(
                    &doc.model.textures,
                    path.parent().unwrap(),
                    &folder,
                    crate::pmx::textures::TextureMode::Copy,
                )
                .report_lines();
                let notes: Vec<String> = (doc.save_as(&out, &WriteOptions::default()).unwrap())
                    .into_iter()
                    .filter(|n| !textures.contains(n))
                    .collect();
                if breaks_rule {
                    // A 2.0 header holding 2.1 data is saved as 2.1, and said.
                    assert_eq!(notes.len(), 1, "{}: {notes:?}", path.display());
                    let back = crate::pmx::load(&out).unwrap();
                    assert_eq!(back.model.header.version, crate::pmx::PmxVersion::V2_1);
                    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
                    continue;
                }
                assert!(notes.is_empty(), "{}: {notes:?}", path.display());
                assert!(
                    std::fs::read(&out).unwrap() == std::fs::read(&path).unwrap(),
                    "{} changed on save",
                    path.display()
                );
                checked += 1;
            }
        }
        assert!(checked > 0, "no PMX files under {}", dir.display());
    }

    #[test]
    fn a_csv_opens_as_a_document_and_exports_back() {
        let mut doc = doc_with_bones();
        doc.model.materials.push(crate::pmx::Material {
            name: "体".into(),
            ..Default::default()
        });
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("model.csv");
        doc.export_csv(&csv).unwrap();
        let opened = Document::open(&csv).unwrap();
        assert_eq!(opened.model(), doc.model());
        std::fs::write(&csv, "Header,2,0,0\r\nBone,\"a\"\r\n").unwrap();
        let Err(e) = Document::open(&csv) else {
            panic!("a malformed CSV opened")
        };
        assert!(
            matches!(e, crate::pmx::Error::Csv(ref c) if c.line == 2),
            "{e}"
        );
    }

    #[test]
    fn a_refused_edit_changes_nothing() {
        let mut doc = doc_with_bones();
        let before = doc.model.clone();
        assert!(doc
            .apply(ModelEdit::set_bone(7, Bone::default(), "name"))
            .is_err());
        assert_eq!(doc.model, before);
        assert!(!doc.is_dirty());
    }
}
