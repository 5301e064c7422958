//! [`HoneApp`]: the window — menus, the dock of panels, open/save with the
//! unsaved-changes question, dropped files — around the [`State`].

use eframe::egui;

use crate::app::document::{sample_document, Document};
use crate::app::files::backup::{self, BackupSettings};
use crate::app::files::loading::{LoadError, Loading, Stage};
use crate::app::files::picker::{PickRequest, Picker, Purpose};
use crate::app::screenshot::ScreenshotJob;
use crate::app::{dock, fonts, panels, timeline, LogLevel, State};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Something that would drop unsaved edits, waiting for the user's answer.
#[derive(Debug, Clone)]
pub enum Pending {
    Open(PathBuf),
    OpenDialog,
    OpenSample,
    Quit,
}

const RECENT_KEY: &str = "hone_recent";
const DOCK_KEY: &str = "hone_dock";
const VIEW_KEY: &str = "hone_view";
const LANG_KEY: &str = "hone_lang";
const BACKUP_KEY: &str = "hone_backup";
const FOLDERS_KEY: &str = "hone_picker_folders";

pub struct HoneApp {
    pub state: State,
    pub dock: egui_dock::DockState<dock::Tab>,
    pub recent: Vec<PathBuf>,
    pub(super) pending: Option<Pending>,
    /// Quit confirmed (or nothing to lose): let the close through.
    pub(super) allow_close: bool,
    screenshot: Option<ScreenshotJob>,
    last_title: String,
    /// An error to show in a dialog until dismissed (e.g. the file given on the
    /// command line did not open).
    pub error_message: Option<String>,
    /// Copies of unsaved work a crash left, offered until the user chooses.
    pub recovery: Option<crate::app::autosave::RecoveryOffer>,
    /// File dialogs: the system's, or the picker of our own when it has none.
    pub picker: Picker,
    /// A file being opened on the loading thread.
    pub loading: Option<Loading>,
    /// A motion (VMD) or pose (VPD) being read on its loading thread.
    pub motion_loading: Option<crate::app::files::motion_loading::MotionLoading>,
    /// A save over a file another program changed, waiting for "overwrite / save as /
    /// cancel" (the path, and what waited for the save).
    pub overwrite_question: Option<(PathBuf, Option<Pending>)>,
    /// Back up the file a save replaces (off in tests; the app's default is on).
    pub backup: BackupSettings,
    /// A write into another folder, waiting for Save / Cancel on what happens to the
    /// textures.
    pub texture_question: Option<crate::app::files::texture_question::TextureQuestion>,
    /// Saves made (tells a save through a dialog that happened from one still waiting).
    saves: u64,
}

impl HoneApp {
    /// An app without eframe (tests): no GL, no persistence.
    pub fn headless(doc: Document, ctx: &egui::Context) -> Self {
        fonts::install(ctx);
        HoneApp {
            state: State::new(doc, Some(ctx.clone())),
            dock: dock::default_layout(),
            recent: Vec::new(),
            pending: None,
            allow_close: false,
            screenshot: None,
            last_title: String::new(),
            error_message: None,
            recovery: None,
            // Headless (tests, benches): no system dialog can be answered, so the picker
            // of our own; `new` gives the window the machine's.
            picker: Picker::with_backend(crate::app::files::picker::Backend::Builtin),
            loading: None,
            motion_loading: None,
            overwrite_question: None,
            texture_question: None,
            saves: 0,
            backup: BackupSettings {
                enabled: false,
                ..BackupSettings::default()
            },
        }
    }

    pub fn new(
        cc: &eframe::CreationContext<'_>,
        doc: Document,
        screenshot: Option<ScreenshotJob>,
    ) -> Self {
        let mut app = HoneApp::headless(doc, &cc.egui_ctx);
        app.picker = Picker::default();
        if let Some(gl) = &cc.gl {
            let _ = gl; // the GL context is picked up in the paint callback
            app.state.viewport_mut().gpu = Some(Arc::new(Mutex::new(Default::default())));
        }
        if screenshot.is_none() {
            app.backup = BackupSettings::default();
            let repaint = Some(cc.egui_ctx.clone());
            app.state
                .watch_mut()
                .start(crate::app::files::watch::POLL_INTERVAL, repaint);
            if let Some(storage) = cc.storage {
                if let Some(b) = eframe::get_value(storage, BACKUP_KEY) {
                    app.backup = b;
                }
                if let Some(d) = eframe::get_value(storage, DOCK_KEY) {
                    app.dock = d;
                }
                if let Some(r) = eframe::get_value::<Vec<PathBuf>>(storage, RECENT_KEY) {
                    app.recent = r;
                }
                if let Some(f) = eframe::get_value(storage, FOLDERS_KEY) {
                    app.picker.set_last_folders(f);
                }
                if let Some(v) = eframe::get_value(storage, VIEW_KEY) {
                    app.state.viewport_mut().options = v;
                }
                let from_flag = crate::app::i18n::LANG_FROM_COMMAND_LINE
                    .load(std::sync::atomic::Ordering::Relaxed);
                if let Some(lang) = eframe::get_value(storage, LANG_KEY).filter(|_| !from_flag) {
                    hone_core::i18n::set_lang(lang);
                }
            }
        }
        if screenshot.is_none() {
            *app.state.autosave_mut() = crate::app::autosave::Autosave::new();
            let offer = crate::app::autosave::RecoveryOffer::find();
            app.recovery = (!offer.entries.is_empty()).then_some(offer);
        }
        app.screenshot = screenshot;
        app
    }

    /// The start-up question about unsaved work a crash left, and what was chosen.
    fn recovery_modal(&mut self, ctx: &egui::Context) {
        use crate::app::autosave::{offer_modal, Choice};
        // The picker of our own, asked by "Save as", is drawn over it meanwhile.
        if self.picker.is_open() {
            return;
        }
        let Some(offer) = &mut self.recovery else {
            return;
        };
        let Some(choice) = offer_modal(ctx, offer) else {
            return;
        };
        let take = |offer: &mut crate::app::autosave::RecoveryOffer, i: usize| {
            (i < offer.entries.len()).then(|| offer.entries.remove(i))
        };
        match choice {
            Choice::Later => offer.entries.clear(),
            Choice::Discard(i) => {
                if let Some(e) = take(offer, i) {
                    e.slot.remove();
                    let name = e.meta.display_name;
                    self.state.log(
                        LogLevel::Info,
                        crate::tr!("recovery-discarded", name = name),
                    );
                }
            }
            Choice::SaveAs(i) => {
                let Some(e) = offer.entries.get(i) else {
                    return;
                };
                let copy = e.model_path();
                let name = e.meta.display_name.clone();
                self.request_path(PickRequest {
                    purpose: Purpose::RecoveryCopy { copy },
                    title: crate::tr!("files-title-save"),
                    filters: vec![("PMX".into(), vec!["pmx"])],
                    save_name: Some(name),
                    directory: None,
                });
                return;
            }
            Choice::Restore(i) => {
                let Some(e) = take(offer, i) else {
                    return;
                };
                match e.load() {
                    Ok(model) => {
                        let name = e.meta.display_name.clone();
                        let doc =
                            Document::recovered(model, e.meta.source.clone(), &name, e.meta.edits);
                        self.state.set_document(doc);
                        // The copy stays until this session's own copy replaces it.
                        self.state.autosave_mut().adopt(e.slot);
                        self.state
                            .log(LogLevel::Info, crate::tr!("recovery-restored", name = name));
                    }
                    Err(err) => self.state.log(LogLevel::Error, err.to_string()),
                }
            }
        }
        if offer.entries.is_empty() {
            self.recovery = None;
        }
    }

    fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(10);
    }

    /// Starts opening `path` on the loading thread; the current document stays until
    /// the new one is ready.
    pub fn open_now(&mut self, path: &Path) {
        if let Some(old) = self.loading.take() {
            old.cancel();
        }
        self.loading = Some(Loading::start(path));
        if let Some(ctx) = self.state.repaint() {
            ctx.request_repaint();
        }
    }

    /// Takes the loading thread's result when it is there.
    pub fn poll_loading(&mut self) {
        let Some(loading) = &self.loading else {
            return;
        };
        let Some(result) = loading.poll() else {
            if let Some(ctx) = self.state.repaint() {
                ctx.request_repaint_after(std::time::Duration::from_millis(30));
            }
            return;
        };
        let path = loading.path.clone();
        self.loading = None;
        match result {
            Ok(prepared) => {
                self.remember(&path);
                self.state.set_prepared(prepared);
            }
            Err(LoadError::Cancelled) => self.log_cancelled("files-load-cancelled", &path),
            Err(LoadError::Failed(error)) => self.log_load_failure("log-cannot-open", &path, error),
        }
    }

    /// Logs why the file at `path` did not load; `key`'s message says what it was read as.
    fn log_load_failure(&mut self, key: &str, path: &Path, error: String) {
        let path = path.display().to_string();
        let line = crate::tr!(key, path = path, error = error);
        self.state.log(LogLevel::Error, line);
    }

    /// Logs that reading the file at `path` was cancelled (`key` says what it was read as).
    fn log_cancelled(&mut self, key: &str, path: &Path) {
        let line = crate::tr!(key, path = path.display().to_string());
        self.state.log(LogLevel::Info, line);
    }

    /// Stops the load in progress; the current document stays.
    pub fn cancel_loading(&mut self) {
        if let Some(loading) = self.loading.take() {
            loading.cancel();
            self.log_cancelled("files-load-cancelled", &loading.path);
        }
    }

    /// The progress of a load, with Cancel (a modal: nothing is edited meanwhile).
    fn loading_modal(&mut self, ctx: &egui::Context) {
        let Some(loading) = &self.loading else {
            return;
        };
        let name = loading
            .path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let (fraction, step) = match loading.stage() {
            Stage::Reading(f) => (0.5 * f, crate::tr!("files-loading-reading")),
            Stage::Parsing => (0.6, crate::tr!("files-loading-parsing")),
            Stage::Preparing => (0.9, crate::tr!("files-loading-preparing")),
        };
        let mut cancel = false;
        egui::Modal::new(egui::Id::new("loading_file")).show(ctx, |ui| {
            ui.heading(crate::tr!("files-loading", name = name));
            ui.add(
                egui::ProgressBar::new(fraction)
                    .text(step)
                    .desired_width(360.0)
                    .animate(true),
            );
            ui.add_space(6.0);
            if ui.button(crate::tr!("dialog-cancel")).clicked() {
                cancel = true;
            }
        });
        if cancel {
            self.cancel_loading();
        }
    }

    /// Asks for a path with the system's dialog or the picker of our own.
    pub fn request_path(&mut self, request: PickRequest) {
        let state = &mut self.state;
        let picked = self
            .picker
            .pick(request, &mut |level, message| state.log(level, message));
        if let Some((purpose, path)) = picked {
            self.picked(purpose, path);
        }
    }

    /// A path was chosen for `purpose`.
    fn picked(&mut self, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::OpenModel => self.open_now(&path),
            Purpose::ImportCsv => self.request(Pending::Open(path)),
            Purpose::SaveModel { then } => {
                self.save_to(path, then, false);
            }
            Purpose::ExportCsv => self.export_csv_to(&path),
            Purpose::LoadMotion | Purpose::LoadPose => self.load_motion(&path),
            Purpose::SavePose => {
                let (view, sent, _) = self.state.split();
                if let Err(e) = crate::app::pose_files::save_vpd_file(&view, sent, &path) {
                    sent.log(LogLevel::Error, e);
                }
            }
            Purpose::OutputPath { .. } => {
                if let Some(ctx) = self.state.repaint() {
                    crate::app::outputs::path_chosen(ctx, &path);
                }
            }
            Purpose::RecoveryCopy { copy } => self.save_recovery_copy(&copy, &path),
            Purpose::OperationOption { key } => {
                if let Some(dialog) = self.state.generator_mut() {
                    let value = serde_json::Value::String(path.to_string_lossy().into_owned());
                    dialog.options.values.insert(key, value);
                }
            }
            Purpose::Dictionary => {
                if let Some(ctx) = self.state.repaint().cloned() {
                    crate::app::translate_names::dictionary_chosen(&ctx, path);
                }
            }
            Purpose::OutputOption { key } => {
                if let Some(ctx) = self.state.repaint() {
                    crate::app::outputs::option_chosen(ctx, key, &path);
                }
            }
            Purpose::WeightsFromModel => {
                let (view, commands, _) = self.state.split();
                crate::app::panels::weights::weights_from_file(&view, commands, &path);
            }
        }
    }

    /// The texture question (before a write into another folder), and what was chosen.
    fn texture_modal(&mut self, ctx: &egui::Context) {
        use crate::app::files::texture_question::{modal, AfterTextures};
        let Some(question) = &self.texture_question else {
            return;
        };
        let Some(save) = modal(ctx, &question.plan, question.after.path()) else {
            return;
        };
        let Some(question) = self.texture_question.take() else {
            return;
        };
        if !save {
            let path = question.after.path().display().to_string();
            self.state.log(
                LogLevel::Info,
                crate::tr!("files2-textures-cancelled", path = path),
            );
            return;
        }
        match question.after {
            AfterTextures::SaveModel { path, then } => {
                self.save_to_asked(path, then, false, true);
            }
        }
    }

    /// Starts reading a motion (VMD) or pose (VPD) on the loading thread; one at a time
    /// (a new one replaces the one still reading).
    pub fn load_motion(&mut self, path: &Path) {
        use crate::app::files::motion_loading::MotionLoading;
        if let Some(old) = self.motion_loading.take() {
            old.cancel();
        }
        let repaint = self.state.repaint().cloned();
        self.motion_loading = Some(MotionLoading::start(path, repaint));
    }

    /// Takes a finished motion load in: binds the motion (or shows the pose); a failure
    /// is logged and the current motion stays.
    fn poll_motion_loading(&mut self) {
        use crate::app::files::motion_loading::{LoadError, ParsedMotion};
        let Some(result) = self.motion_loading.as_ref().and_then(|l| l.poll()) else {
            return;
        };
        let Some(loading) = self.motion_loading.take() else {
            return;
        };
        let path = loading.path;
        match result {
            Ok(ParsedMotion::Vmd(vmd)) => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| path.display().to_string());
                timeline::set_motion(&mut self.state, vmd, name);
            }
            Ok(ParsedMotion::Vpd(vpd, notes)) => {
                let (view, sent, _) = self.state.split();
                crate::app::pose_files::show_vpd(&view, sent, &path, &vpd, notes)
            }
            Err(LoadError::Cancelled) => {}
            Err(LoadError::Failed(error)) => {
                self.log_load_failure("log-cannot-load-motion", &path, error)
            }
        }
    }

    /// The small window of a motion being read: its progress and Cancel. Not modal:
    /// the rest of the window stays usable.
    fn motion_loading_window(&mut self, ctx: &egui::Context) {
        let Some(loading) = &self.motion_loading else {
            return;
        };
        let mut cancel = false;
        let name = (loading.path.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        egui::Window::new(crate::tr!("files2-motion-title"))
            .id(egui::Id::new("motion_loading"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -40.0))
            .show(ctx, |ui| {
                ui.label(crate::tr!("files2-motion-loading", name = name.as_str()));
                let bar = match loading.read_share() {
                    Some(share) => {
                        egui::ProgressBar::new(share).text(crate::tr!("files-loading-reading"))
                    }
                    None => egui::ProgressBar::new(1.0)
                        .text(crate::tr!("files2-motion-parsing"))
                        .animate(true),
                };
                ui.add(bar.desired_width(260.0));
                cancel = ui.button(crate::tr!("dialog-cancel")).clicked();
            });
        if cancel {
            if let Some(loading) = self.motion_loading.take() {
                loading.cancel();
                self.log_cancelled("files2-motion-cancelled", &loading.path);
            }
        } else {
            // The bar moves while the worker reads.
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    /// The recovery offer's "Save as": the copy at `copy` written to `path`, then gone
    /// from the offer and the recovery folder.
    fn save_recovery_copy(&mut self, copy: &Path, path: &Path) {
        let Some(offer) = &mut self.recovery else {
            return;
        };
        let Some(i) = offer.entries.iter().position(|e| e.model_path() == copy) else {
            return;
        };
        match std::fs::copy(copy, path) {
            Ok(_) => {
                let e = offer.entries.remove(i);
                e.slot.remove();
                let (name, path) = (e.meta.display_name, path.display().to_string());
                let msg = crate::tr!("recovery-saved", name = name, path = path);
                self.state.log(LogLevel::Info, msg);
                if offer.entries.is_empty() {
                    self.recovery = None;
                }
            }
            Err(err) => self
                .state
                .log(LogLevel::Error, format!("{}: {err}", path.display())),
        }
    }

    /// The bar shown while the open file differs from what was read or saved.
    fn changed_bar(&mut self, ui: &mut egui::Ui) {
        if self.loading.is_some() {
            return;
        }
        if self.state.watch().gone() {
            self.gone_bar(ui);
            return;
        }
        if !self.state.watch().changed() {
            return;
        }
        let (mut reload, mut keep) = (false, false);
        egui::Panel::top("file_changed").show(ui, |ui| {
            ui.horizontal(|ui| {
                let name = self.state.doc().display_name.as_str();
                let text = if self.state.doc().is_dirty() {
                    crate::tr!("files-changed-unsaved", name = name)
                } else {
                    crate::tr!("files-changed", name = name)
                };
                ui.colored_label(egui::Color32::from_rgb(230, 180, 60), text);
                reload = ui.button(crate::tr!("files-reload")).clicked();
                keep = ui.button(crate::tr!("files-keep")).clicked();
            });
        });
        if reload {
            self.reload_from_disk();
        } else if keep {
            self.state.watch_mut().keep();
            let name = self.state.doc().display_name.clone();
            self.state
                .log(LogLevel::Info, crate::tr!("files-kept", name = name));
        }
    }

    /// The bar shown while the open file is deleted or moved: the model stays in memory;
    /// Save writes it back where it was, Save as elsewhere.
    fn gone_bar(&mut self, ui: &mut egui::Ui) {
        let (mut save, mut save_as, mut keep) = (false, false, false);
        egui::Panel::top("file_gone").show(ui, |ui| {
            ui.horizontal(|ui| {
                let name = self.state.doc().display_name.as_str();
                let text = crate::tr!("files2-gone", name = name);
                ui.colored_label(egui::Color32::from_rgb(230, 180, 60), text);
                save = ui.button(crate::tr!("files2-gone-save")).clicked();
                save_as = ui.button(crate::tr!("files-save-as")).clicked();
                keep = ui.button(crate::tr!("files2-gone-keep")).clicked();
            });
        });
        if save {
            self.save(false);
        } else if save_as {
            self.save(true);
        } else if keep {
            self.state.watch_mut().accept_gone();
            let name = self.state.doc().display_name.clone();
            self.state
                .log(LogLevel::Info, crate::tr!("files2-gone-kept", name = name));
        }
    }

    /// Reloads the open file as it is on disk; unsaved edits first go to the recovery
    /// folder (restore them with `hone recover` or at the next start). If they cannot
    /// be kept, nothing is reloaded.
    pub fn reload_from_disk(&mut self) {
        let Some(path) = self.state.doc().path.clone() else {
            return;
        };
        if self.state.doc().is_dirty() {
            match keep_edits_for_recovery(self.state.doc()) {
                Ok(()) => {
                    let name = self.state.doc().display_name.clone();
                    self.state
                        .log(LogLevel::Info, crate::tr!("files-edits-kept", name = name));
                }
                Err(error) => {
                    self.state.log(
                        LogLevel::Error,
                        crate::tr!("files-edits-not-kept", error = error),
                    );
                    return;
                }
            }
        }
        self.state.watch_mut().keep();
        self.open_now(&path);
    }

    /// "The file changed since it was opened: overwrite / save as / cancel".
    fn overwrite_modal(&mut self, ctx: &egui::Context) {
        let Some((path, then)) = self.overwrite_question.clone() else {
            return;
        };
        let question = crate::tr!(
            "files-overwrite-question",
            path = path.display().to_string()
        );
        let choice = ask(
            ctx,
            "overwrite_changed",
            crate::tr!("files-overwrite-title"),
            question,
            ["files-overwrite", "files-save-as", "dialog-cancel"],
        );
        if choice.is_some() {
            self.overwrite_question = None;
        }
        match choice {
            Some(0) => {
                self.save_to(path, then, true);
            }
            Some(1) => {
                self.save_then(true, then);
            }
            _ => {}
        }
    }

    /// Runs `action`, first asking about unsaved edits.
    pub(super) fn request(&mut self, action: Pending) {
        if self.state.doc().is_dirty() {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    pub(super) fn perform(&mut self, action: Pending) {
        match action {
            Pending::Open(p) => self.open_now(&p),
            Pending::OpenDialog => {
                let directory = self.state.doc().base_dir().map(Path::to_path_buf);
                self.request_path(PickRequest {
                    purpose: Purpose::OpenModel,
                    title: crate::tr!("files-title-open"),
                    filters: vec![(
                        crate::tr!("filter-mmd-model"),
                        vec!["pmx", "pmd", "PMX", "PMD"],
                    )],
                    save_name: None,
                    directory,
                });
            }
            Pending::OpenSample => self.state.set_document(sample_document()),
            Pending::Quit => {
                // Saved, or the edits given up: the recovery copy goes.
                self.state.autosave_mut().discard();
                self.allow_close = true;
                if let Some(ctx) = self.state.repaint() {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        }
    }

    /// Save; returns whether the model is now saved (false while a dialog or a
    /// question waits).
    pub fn save(&mut self, save_as: bool) -> bool {
        self.save_then(save_as, None)
    }

    /// Save, then go on with `then` once saved.
    pub(super) fn save_then(&mut self, save_as: bool, then: Option<Pending>) -> bool {
        let path = match (&self.state.doc().path, save_as) {
            (Some(p), false) if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pmx")) => {
                p.clone()
            }
            _ => {
                let suggested = self
                    .state
                    .doc()
                    .path
                    .as_ref()
                    .and_then(|p| p.file_stem())
                    .map(|s| format!("{}.pmx", s.to_string_lossy()))
                    .unwrap_or_else(|| "model.pmx".into());
                let directory = self.state.doc().base_dir().map(Path::to_path_buf);
                let saves_before = self.saves;
                self.request_path(PickRequest {
                    purpose: Purpose::SaveModel { then },
                    title: crate::tr!("files-title-save"),
                    filters: vec![("PMX".into(), vec!["pmx"])],
                    save_name: Some(suggested),
                    directory,
                });
                // A system dialog saved already; the picker of our own saves later.
                return self.saves != saves_before;
            }
        };
        self.save_to(path, then, false)
    }

    /// Writes the model to `path` (a backup of the file it replaces first, when that
    /// is on), then goes on with `then`. Over the open file changed by another program
    /// since it was read, asks first unless `overwrite`. Returns whether it saved.
    pub(super) fn save_to(
        &mut self,
        path: PathBuf,
        then: Option<Pending>,
        overwrite: bool,
    ) -> bool {
        self.save_to_asked(path, then, overwrite, false)
    }

    /// [`save_to`](Self::save_to), the texture question answered (`textures_asked`) or
    /// still to ask.
    fn save_to_asked(
        &mut self,
        path: PathBuf,
        then: Option<Pending>,
        overwrite: bool,
        textures_asked: bool,
    ) -> bool {
        use crate::app::files::texture_question::{worth_asking, AfterTextures, TextureQuestion};
        let own_file = self.state.doc().path.as_deref() == Some(path.as_path());
        if !overwrite && own_file && self.state.watch().differs_from_known(&path) {
            self.overwrite_question = Some((path, then));
            return false;
        }
        if !textures_asked {
            if let Some(plan) = self.state.doc().texture_plan(&path).filter(worth_asking) {
                let after = AfterTextures::SaveModel { path, then };
                self.texture_question = Some(TextureQuestion { plan, after });
                return false;
            }
        }
        if self.backup.enabled && path.is_file() {
            let made = backup::backup_root()
                .ok_or_else(|| crate::tr!("recover-no-folder"))
                .and_then(|root| {
                    let folder = backup::folder_for(&root, &path);
                    backup::back_up(&path, &folder, self.backup.keep).map_err(|e| e.to_string())
                });
            if let Err(error) = made {
                // The save goes on: the file it replaces is still the user's choice.
                self.state.log(
                    LogLevel::Warning,
                    crate::tr!("files-backup-failed", error = error),
                );
            }
        }
        match self.state.save_document(&path) {
            Ok(notes) => {
                for note in notes {
                    self.state
                        .log(LogLevel::Warning, crate::tr!("save-rule-note", note = note));
                }
                self.remember(&path);
                self.saves += 1;
                self.state.log(
                    LogLevel::Info,
                    crate::tr!("log-saved", path = path.display().to_string()),
                );
                if let Some(action) = then {
                    self.perform(action);
                }
                true
            }
            Err(e) => {
                self.state.log(
                    LogLevel::Error,
                    crate::tr!(
                        "log-cannot-save",
                        path = path.display().to_string(),
                        error = e.to_string()
                    ),
                );
                false
            }
        }
    }

    /// File ▸ Export CSV…: the current model as PMX Editor CSV.
    pub(super) fn export_csv(&mut self) {
        let stem = (self.state.doc().path.as_ref())
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "model".into());
        let directory = self.state.doc().base_dir().map(Path::to_path_buf);
        self.request_path(PickRequest {
            purpose: Purpose::ExportCsv,
            title: crate::tr!("files-title-export-csv"),
            filters: vec![("CSV".into(), vec!["csv"])],
            save_name: Some(format!("{stem}.csv")),
            directory,
        });
    }

    fn export_csv_to(&mut self, path: &Path) {
        let file = path.display().to_string();
        match self.state.doc().export_csv(path) {
            Ok(()) => self
                .state
                .log(LogLevel::Info, crate::tr!("io-exported-csv", file = file)),
            Err(e) => self.state.log(
                LogLevel::Error,
                crate::tr!("io-cannot-export-csv", file = file, error = e.to_string()),
            ),
        }
    }

    fn handle_drops(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        });
        // A dropped .vmd plays on the open model; anything else opens as a model.
        let (motions, models): (Vec<PathBuf>, Vec<PathBuf>) = dropped
            .into_iter()
            .partition(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("vmd")));
        if let Some(p) = models.into_iter().next() {
            self.request(Pending::Open(p));
        }
        if let Some(p) = motions.last() {
            self.load_motion(p);
        }
    }
    /// The whole UI inside `ui` (also what GUI tests drive).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let started = std::time::Instant::now();
        self.state.tick();
        self.poll_loading();
        self.poll_motion_loading();
        if self.loading.is_none() {
            self.shortcuts(&ctx);
            self.handle_drops(&ctx);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        self.changed_bar(ui);
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                let m = self.state.doc().model();
                ui.label(crate::tr!(
                    "status-model",
                    name = m.info.name.as_str(),
                    vertices = m.vertices.len(),
                    bones = m.bones.len(),
                    morphs = m.morphs.len(),
                    bodies = m.rigid_bodies.len(),
                    joints = m.joints.len()
                ));
                if let Some((level, msg)) = self.state.log_lines().last() {
                    ui.separator();
                    let color = match level {
                        LogLevel::Info => ui.visuals().weak_text_color(),
                        LogLevel::Warning => egui::Color32::from_rgb(230, 180, 60),
                        LogLevel::Error => egui::Color32::from_rgb(240, 90, 90),
                    };
                    ui.colored_label(color, msg);
                }
            });
        });
        let mut viewer = dock::Viewer {
            state: &mut self.state,
        };
        egui_dock::DockArea::new(&mut self.dock)
            .style(egui_dock::Style::from_egui(ui.style().as_ref()))
            .show_leaf_collapse_buttons(false)
            .show_leaf_close_all_buttons(false)
            .show_inside(ui, &mut viewer);
        self.state.with_generator(|view, dialog, sent| {
            crate::app::generators::show(&ctx, view, dialog, sent)
        });
        let (view, commands, _) = self.state.split();
        crate::app::translate_names::show(&ctx, &view, commands);
        let (view, commands, _) = self.state.split();
        crate::app::outputs::show(&ctx, &view, commands);
        self.unsaved_modal(&ctx);
        self.overwrite_modal(&ctx);
        self.texture_modal(&ctx);
        if let Some(request) = self.state.panels_mut().pick.take() {
            self.request_path(request);
        }
        if let Some(request) = crate::app::files::picker::take_asked(&ctx) {
            self.request_path(request);
        }
        if let Some((purpose, path)) = self.picker.update(&ctx) {
            self.picked(purpose, path);
        }
        self.loading_modal(&ctx);
        self.motion_loading_window(&ctx);
        self.error_modal(&ctx);
        self.recovery_modal(&ctx);
        let (view, commands, local) = self.state.split();
        panels::delete::dialog(&ctx, &view, commands, local);
        self.state.apply_commands();
        // A command that asks for a path (e.g. save selected materials as a model).
        if let Some(request) = self.state.panels_mut().pick.take() {
            self.request_path(request);
        }
        if std::mem::take(&mut self.state.panels_mut().raise_list) {
            let list = self.state.selection().kind().and_then(dock::list_tab);
            if let Some(tab) = list {
                dock::raise_tab(&mut self.dock, tab);
            }
        }

        let title = self.state.title();
        if title != self.last_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.last_title = title;
        }
        let timing = &mut self.state.viewport_mut().timing;
        timing.record(ctx.input(|i| i.time), started.elapsed());
        timing.show(&ctx);
    }
}

impl eframe::App for HoneApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.screenshot.is_none()
            && self.state.doc().is_dirty()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::Quit);
        }
        self.show(ui);
        if let Some(job) = &mut self.screenshot {
            job.drive(&ctx, &self.state);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_some() {
            return;
        }
        eframe::set_value(storage, DOCK_KEY, &self.dock);
        eframe::set_value(storage, RECENT_KEY, &self.recent);
        eframe::set_value(storage, VIEW_KEY, &self.state.viewport().options);
        eframe::set_value(storage, LANG_KEY, &hone_core::i18n::lang());
        eframe::set_value(storage, BACKUP_KEY, &self.backup);
        eframe::set_value(storage, FOLDERS_KEY, self.picker.last_folders());
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}

/// Writes the document's unsaved state as a recovery entry (before a reload drops it).
fn keep_edits_for_recovery(doc: &Document) -> Result<(), String> {
    use hone_core::recovery::{self, Slot};
    let dir = recovery::recovery_dir().ok_or_else(|| crate::tr!("recover-no-folder"))?;
    let meta = crate::app::autosave::recovery_meta(doc);
    Slot::new(dir)
        .write(doc.model(), &meta)
        .map_err(|e| e.to_string())
}

/// A modal question with one button per answer (catalogue keys, in order); the
/// index of the answer picked this frame.
pub(super) fn ask<const N: usize>(
    ctx: &egui::Context,
    id: &str,
    title: String,
    question: String,
    answers: [&str; N],
) -> Option<usize> {
    let mut choice = None;
    egui::Modal::new(egui::Id::new(id)).show(ctx, |ui| {
        ui.heading(title);
        ui.label(question);
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for (i, key) in answers.into_iter().enumerate() {
                if ui.button(crate::tr!(key)).clicked() {
                    choice = Some(i);
                }
            }
        });
    });
    choice
}
