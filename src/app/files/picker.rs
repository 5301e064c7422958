//! File dialogs that always open: the system's (rfd: a desktop portal or zenity) when
//! there is one, else a picker of our own drawn with egui (`egui-file-dialog`). A
//! system dialog that fails says so in the Log and the picker of our own takes over
//! for the rest of the session.

use crate::app::shell::Pending;
use crate::app::LogLevel;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a picked path is for.
#[derive(Debug, Clone)]
pub enum Purpose {
    OpenModel,
    /// Open a PMX Editor CSV (after the unsaved-changes question).
    ImportCsv,
    /// Save the model there, then go on with what waited for the save.
    SaveModel {
        then: Option<Pending>,
    },
    ExportCsv,
    LoadMotion,
    LoadPose,
    SavePose,
    /// The file output operation `op` (its name) writes (File ▸ Bake, Export, …).
    OutputPath {
        op: &'static str,
    },
    /// The recovery offer's "Save as": where the copy at `copy` goes.
    RecoveryCopy {
        copy: PathBuf,
    },
    /// A file option of the open operation's window.
    OperationOption {
        key: String,
    },
    /// The name translation's user dictionary.
    Dictionary,
    /// A file option of the open output operation's dialog (export's expression map).
    OutputOption {
        key: String,
    },
    /// The Weights panel's "Weights from model…": the model the weights come from.
    WeightsFromModel,
}

impl Purpose {
    /// The folder a pick for this purpose remembers (purposes that read or write the same
    /// kind of file share one).
    pub fn folder_key(&self) -> &'static str {
        match self {
            Purpose::OpenModel | Purpose::ImportCsv | Purpose::WeightsFromModel => "open-model",
            Purpose::SaveModel { .. } | Purpose::ExportCsv | Purpose::RecoveryCopy { .. } => {
                "save-model"
            }
            // Each output operation (bake, export, extract) its own folder.
            Purpose::OutputPath { op } => op,
            Purpose::LoadMotion => "motion",
            Purpose::LoadPose | Purpose::SavePose => "pose",
            Purpose::OperationOption { .. }
            | Purpose::Dictionary
            | Purpose::OutputOption { .. } => "option-file",
        }
    }
}

/// The last folder a pick chose, per [`Purpose::folder_key`]; kept with the app's
/// settings.
pub type LastFolders = std::collections::BTreeMap<String, PathBuf>;

/// Where code that holds only the egui context leaves its request (the window takes
/// it each frame, as it takes [`crate::app::state::PanelState::pick`]).
fn asked_id() -> eframe::egui::Id {
    eframe::egui::Id::new("hone_pick_asked")
}

/// Asks the window for a path (the system's dialog or the picker of our own).
pub fn ask(ctx: &eframe::egui::Context, request: PickRequest) {
    ctx.data_mut(|d| d.insert_temp(asked_id(), Some(request)));
    ctx.request_repaint();
}

/// The request left by [`ask`], once.
pub fn take_asked(ctx: &eframe::egui::Context) -> Option<PickRequest> {
    ctx.data_mut(|d| d.remove_temp::<Option<PickRequest>>(asked_id()))
        .flatten()
}

/// One question for a path.
#[derive(Debug, Clone)]
pub struct PickRequest {
    pub purpose: Purpose,
    pub title: String,
    /// Filter name and extensions (without the dot); the first is the default.
    pub filters: Vec<(String, Vec<&'static str>)>,
    /// Some: a save dialog suggesting this file name.
    pub save_name: Option<String>,
    pub directory: Option<PathBuf>,
}

/// Which dialog opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// The system's, through rfd.
    System,
    /// The picker drawn in the window.
    Builtin,
}

/// A system dialog that gives nothing back this fast did not open (nobody cancels a
/// dialog within a tenth of a second).
const FAILED_WITHIN: Duration = Duration::from_millis(100);

impl Backend {
    /// The backend for this machine: `HONE_FILE_DIALOG=builtin|system` decides, else
    /// the system's when zenity is installed or a desktop portal answers on D-Bus.
    pub fn detect() -> Backend {
        let forced = std::env::var("HONE_FILE_DIALOG").ok();
        Backend::choose(forced.as_deref(), program_on_path("zenity"), portal_running)
    }

    /// The choice, from what was found (tests give their own findings).
    pub fn choose(forced: Option<&str>, zenity: bool, portal: impl FnOnce() -> bool) -> Backend {
        match forced.map(str::trim) {
            Some(f) if f.eq_ignore_ascii_case("builtin") => Backend::Builtin,
            Some(f) if f.eq_ignore_ascii_case("system") => Backend::System,
            _ if zenity || portal() => Backend::System,
            _ => Backend::Builtin,
        }
    }
}

fn program_on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// Whether the session bus has (or can start) the desktop portal rfd talks to.
fn portal_running() -> bool {
    ["ListNames", "ListActivatableNames"].iter().any(|method| {
        std::process::Command::new("dbus-send")
            .args([
                "--session",
                "--print-reply",
                "--dest=org.freedesktop.DBus",
                "/org/freedesktop/DBus",
                &format!("org.freedesktop.DBus.{method}"),
            ])
            .stderr(std::process::Stdio::null())
            .output()
            .is_ok_and(|out| {
                out.status.success()
                    && String::from_utf8_lossy(&out.stdout)
                        .contains("org.freedesktop.portal.Desktop")
            })
    })
}

/// The app's file dialogs.
#[derive(Default)]
pub struct Picker {
    /// None: found out at the first dialog.
    backend: Option<Backend>,
    open: Option<(Box<egui_file_dialog::FileDialog>, Purpose)>,
    /// Paths given in turn instead of any dialog (tests: a user who picks these).
    answers: std::collections::VecDeque<PathBuf>,
    /// The titles of the dialogs asked for, in order (what tests look at).
    pub asked: Vec<String>,
    /// The last folder chosen per purpose, offered by the next pick for it.
    last_folders: LastFolders,
}

impl Picker {
    /// Dialogs from `backend` (tests inject the missing system dialog).
    pub fn with_backend(backend: Backend) -> Picker {
        Picker {
            backend: Some(backend),
            ..Picker::default()
        }
    }

    /// A picker whose dialogs answer `paths` in turn, at once (tests); once they are
    /// used up, the picker of our own opens.
    pub fn answering(paths: impl IntoIterator<Item = PathBuf>) -> Picker {
        Picker {
            backend: Some(Backend::Builtin),
            answers: paths.into_iter().collect(),
            ..Picker::default()
        }
    }

    pub fn backend(&mut self) -> Backend {
        *self.backend.get_or_insert_with(Backend::detect)
    }

    /// The last folders chosen (to keep with the settings).
    pub fn last_folders(&self) -> &LastFolders {
        &self.last_folders
    }

    /// Folders remembered from an earlier session.
    pub fn set_last_folders(&mut self, folders: LastFolders) {
        self.last_folders = folders;
    }

    /// The folder a dialog for `request` opens in: the last one chosen for its purpose
    /// while it exists, else the one the request suggests.
    pub fn directory_for(&self, request: &PickRequest) -> Option<PathBuf> {
        let last = self.last_folders.get(request.purpose.folder_key());
        last.filter(|dir| dir.is_dir())
            .cloned()
            .or_else(|| request.directory.clone())
    }

    /// Remembers `path`'s folder for `purpose`; gives the answer back.
    fn chosen(&mut self, purpose: Purpose, path: PathBuf) -> (Purpose, PathBuf) {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let key = purpose.folder_key().to_string();
            self.last_folders.insert(key, dir.to_path_buf());
        }
        (purpose, path)
    }

    /// The picker of our own is showing.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Asks for a path. A system dialog answers at once (Some when a path was
    /// chosen); the picker of our own answers later, through [`update`](Self::update).
    pub fn pick(
        &mut self,
        mut request: PickRequest,
        log: &mut dyn FnMut(LogLevel, String),
    ) -> Option<(Purpose, PathBuf)> {
        self.asked.push(request.title.clone());
        request.directory = self.directory_for(&request);
        if let Some(path) = self.answers.pop_front() {
            return Some(self.chosen(request.purpose, path));
        }
        if self.backend.is_none() && self.backend() == Backend::Builtin {
            log(LogLevel::Info, crate::tr!("files-dialog-missing"));
        }
        if self.backend() == Backend::System {
            let started = Instant::now();
            let picked = system_dialog(&request);
            if picked.is_some() || started.elapsed() >= FAILED_WITHIN {
                return picked.map(|p| self.chosen(request.purpose, p));
            }
            log(LogLevel::Warning, crate::tr!("files-dialog-failed"));
            self.backend = Some(Backend::Builtin);
        }
        self.open_builtin(request);
        None
    }

    fn open_builtin(&mut self, request: PickRequest) {
        let mut dialog = egui_file_dialog::FileDialog::new()
            .id("hone_file_picker")
            .labels(labels())
            .title(&request.title);
        for (name, extensions) in &request.filters {
            dialog = dialog.add_file_filter_extensions(name, extensions.clone());
            if request.save_name.is_some() {
                if let Some(ext) = extensions.first() {
                    dialog = dialog.add_save_extension(name, ext);
                }
            }
        }
        if let Some((first, _)) = request.filters.first() {
            dialog = dialog.default_file_filter(first);
            if request.save_name.is_some() {
                dialog = dialog.default_save_extension(first);
            }
        }
        if let Some(dir) = &request.directory {
            dialog = dialog.initial_directory(dir.clone());
        }
        match &request.save_name {
            Some(name) => {
                dialog = dialog.default_file_name(name);
                dialog.save_file();
            }
            None => dialog.pick_file(),
        }
        self.open = Some((Box::new(dialog), request.purpose));
    }

    /// Draws the picker of our own (once a frame); the chosen path when one was chosen.
    pub fn update(&mut self, ctx: &eframe::egui::Context) -> Option<(Purpose, PathBuf)> {
        let (dialog, _) = self.open.as_mut()?;
        dialog.update(ctx);
        if let Some(path) = dialog.take_picked() {
            let (_, purpose) = self.open.take()?;
            return Some(self.chosen(purpose, path));
        }
        if matches!(
            dialog.state(),
            egui_file_dialog::DialogState::Closed | egui_file_dialog::DialogState::Cancelled
        ) {
            self.open = None;
        }
        None
    }
}

/// The picker's own texts, from the catalogues (its icons kept).
fn labels() -> egui_file_dialog::FileDialogLabels {
    egui_file_dialog::FileDialogLabels {
        title_select_directory: format!("📁 {}", crate::tr!("picker-title-select-directory")),
        title_select_file: format!("📂 {}", crate::tr!("picker-title-select-file")),
        title_select_multiple: format!("🗐 {}", crate::tr!("picker-title-select-multiple")),
        title_save_file: format!("📥 {}", crate::tr!("picker-title-save-file")),
        cancel: crate::tr!("picker-cancel"),
        overwrite: crate::tr!("picker-overwrite"),
        reload: format!("⟲  {}", crate::tr!("picker-reload")),
        working_directory: format!("↗  {}", crate::tr!("picker-working-directory")),
        select_all: format!("🗐  {}", crate::tr!("picker-select-all")),
        show_hidden: format!(" {}", crate::tr!("picker-show-hidden")),
        show_system_files: format!(" {}", crate::tr!("picker-show-system-files")),
        heading_pinned: crate::tr!("picker-heading-pinned"),
        heading_places: crate::tr!("picker-heading-places"),
        heading_devices: crate::tr!("picker-heading-devices"),
        heading_removable_devices: crate::tr!("picker-heading-removable-devices"),
        home_dir: format!("🏠  {}", crate::tr!("picker-home-dir")),
        desktop_dir: format!("🖵  {}", crate::tr!("picker-desktop-dir")),
        documents_dir: format!("🗐  {}", crate::tr!("picker-documents-dir")),
        downloads_dir: format!("📥  {}", crate::tr!("picker-downloads-dir")),
        audio_dir: format!("🎵  {}", crate::tr!("picker-audio-dir")),
        pictures_dir: format!("🖼  {}", crate::tr!("picker-pictures-dir")),
        videos_dir: format!("🎞  {}", crate::tr!("picker-videos-dir")),
        pin_folder: format!("📌 {}", crate::tr!("picker-pin-folder")),
        unpin_folder: format!("✖ {}", crate::tr!("picker-unpin-folder")),
        rename_pinned_folder: format!("✏ {}", crate::tr!("picker-rename-pinned-folder")),
        selected_directory: crate::tr!("picker-selected-directory"),
        selected_file: crate::tr!("picker-selected-file"),
        selected_items: crate::tr!("picker-selected-items"),
        file_name: crate::tr!("picker-file-name"),
        file_filter_all_files: crate::tr!("picker-file-filter-all-files"),
        save_extension_any: crate::tr!("picker-save-extension-any"),
        open_button: format!("🗀  {}", crate::tr!("picker-open-button")),
        save_button: format!("📥  {}", crate::tr!("picker-save-button")),
        cancel_button: format!("🚫 {}", crate::tr!("picker-cancel-button")),
        overwrite_file_modal_text: crate::tr!("picker-overwrite-file-modal-text"),
        err_empty_folder_name: crate::tr!("picker-err-empty-folder-name"),
        err_empty_file_name: crate::tr!("picker-err-empty-file-name"),
        err_directory_exists: crate::tr!("picker-err-directory-exists"),
        err_file_exists: crate::tr!("picker-err-file-exists"),
    }
}

fn system_dialog(request: &PickRequest) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new().set_title(&request.title);
    for (name, extensions) in &request.filters {
        dialog = dialog.add_filter(name, extensions);
    }
    if let Some(dir) = &request.directory {
        dialog = dialog.set_directory(dir);
    }
    match &request.save_name {
        Some(name) => dialog.set_file_name(name).save_file(),
        None => dialog.pick_file(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(purpose: Purpose, directory: Option<PathBuf>) -> PickRequest {
        PickRequest {
            purpose,
            title: String::new(),
            filters: Vec::new(),
            save_name: None,
            directory,
        }
    }

    #[test]
    fn a_pick_offers_the_last_folder_chosen_for_its_purpose() {
        let root = tempfile::tempdir().unwrap();
        let (models, exports) = (root.path().join("models"), root.path().join("out"));
        std::fs::create_dir_all(&models).unwrap();
        std::fs::create_dir_all(&exports).unwrap();
        let mut picker = Picker::answering([exports.join("a.vrm"), models.join("b.pmx")]);
        let mut log = |_: LogLevel, _: String| {};
        // Nothing chosen yet: the folder the request suggests.
        let export = request(Purpose::OutputPath { op: "export" }, Some(models.clone()));
        assert_eq!(picker.directory_for(&export), Some(models.clone()));
        picker.pick(export.clone(), &mut log).unwrap();
        picker
            .pick(request(Purpose::OpenModel, None), &mut log)
            .unwrap();
        // Each purpose offers its own last folder, over what the request suggests.
        assert_eq!(picker.directory_for(&export), Some(exports.clone()));
        let open = request(Purpose::ImportCsv, None);
        assert_eq!(picker.directory_for(&open), Some(models.clone()));
        let bake = request(Purpose::OutputPath { op: "bake" }, Some(models.clone()));
        assert_eq!(picker.directory_for(&bake), Some(models.clone()));
        // Kept with the settings and given back to the next session.
        let kept = serde_json::to_string(picker.last_folders()).unwrap();
        let mut next = Picker::default();
        next.set_last_folders(serde_json::from_str(&kept).unwrap());
        assert_eq!(next.directory_for(&export), Some(exports.clone()));
        // A folder since removed is not offered.
        std::fs::remove_dir(&exports).unwrap();
        assert_eq!(next.directory_for(&export), Some(models));
    }

    #[test]
    fn without_zenity_or_a_portal_the_builtin_picker_is_used() {
        assert_eq!(Backend::choose(None, false, || false), Backend::Builtin);
        assert_eq!(Backend::choose(None, true, || false), Backend::System);
        assert_eq!(Backend::choose(None, false, || true), Backend::System);
        assert_eq!(
            Backend::choose(Some("builtin"), true, || true),
            Backend::Builtin
        );
        assert_eq!(
            Backend::choose(Some("system"), false, || false),
            Backend::System
        );
        // The portal is only asked about when zenity is missing.
        assert_eq!(
            Backend::choose(None, true, || panic!("asked")),
            Backend::System
        );
    }
}
