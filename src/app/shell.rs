//! [`HoneApp`]: the window — menus, the dock of panels, open/save with the
//! unsaved-changes question, dropped files — around the [`State`].

use eframe::egui;

use crate::app::document::{sample_document, Document};
use crate::app::screenshot::ScreenshotJob;
use crate::app::{dock, fonts, panels, timeline, LogLevel, State};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Something that would drop unsaved edits, waiting for the user's answer.
#[derive(Debug, Clone)]
pub(super) enum Pending {
    Open(PathBuf),
    OpenDialog,
    OpenSample,
    Quit,
}

const RECENT_KEY: &str = "hone_recent";
const DOCK_KEY: &str = "hone_dock";
const VIEW_KEY: &str = "hone_view";
const LANG_KEY: &str = "hone_lang";

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
        }
    }

    pub fn new(
        cc: &eframe::CreationContext<'_>,
        doc: Document,
        screenshot: Option<ScreenshotJob>,
    ) -> Self {
        let mut app = HoneApp::headless(doc, &cc.egui_ctx);
        if let Some(gl) = &cc.gl {
            let _ = gl; // the GL context is picked up in the paint callback
            app.state.viewport.gpu = Some(Arc::new(Mutex::new(Default::default())));
        }
        if screenshot.is_none() {
            if let Some(storage) = cc.storage {
                if let Some(d) = eframe::get_value(storage, DOCK_KEY) {
                    app.dock = d;
                }
                if let Some(r) = eframe::get_value::<Vec<PathBuf>>(storage, RECENT_KEY) {
                    app.recent = r;
                }
                if let Some(v) = eframe::get_value(storage, VIEW_KEY) {
                    app.state.viewport.options = v;
                }
                let from_flag = crate::app::i18n::LANG_FROM_COMMAND_LINE
                    .load(std::sync::atomic::Ordering::Relaxed);
                if let Some(lang) = eframe::get_value(storage, LANG_KEY).filter(|_| !from_flag) {
                    hone_core::i18n::set_lang(lang);
                }
            }
        }
        if screenshot.is_none() {
            app.state.autosave = crate::app::autosave::Autosave::new();
            let offer = crate::app::autosave::RecoveryOffer::find();
            app.recovery = (!offer.entries.is_empty()).then_some(offer);
        }
        app.screenshot = screenshot;
        app
    }

    /// The start-up question about unsaved work a crash left, and what was chosen.
    fn recovery_modal(&mut self, ctx: &egui::Context) {
        use crate::app::autosave::{offer_modal, Choice};
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
                let picked = rfd::FileDialog::new()
                    .add_filter("PMX", &["pmx"])
                    .set_file_name(&e.meta.display_name)
                    .save_file();
                if let Some(path) = picked {
                    let copied = std::fs::copy(e.model_path(), &path);
                    match copied {
                        Ok(_) => {
                            let e = offer.entries.remove(i);
                            e.slot.remove();
                            let (name, path) = (e.meta.display_name, path.display().to_string());
                            let msg = crate::tr!("recovery-saved", name = name, path = path);
                            self.state.log(LogLevel::Info, msg);
                        }
                        Err(err) => self
                            .state
                            .log(LogLevel::Error, format!("{}: {err}", path.display())),
                    }
                }
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
                        self.state.autosave.adopt(e.slot);
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

    fn open_now(&mut self, path: &Path) {
        match Document::open(path) {
            Ok(doc) => {
                self.remember(path);
                self.state.set_document(doc);
            }
            Err(e) => self.state.log(
                LogLevel::Error,
                crate::tr!(
                    "log-cannot-open",
                    path = path.display().to_string(),
                    error = e.to_string()
                ),
            ),
        }
    }

    /// Runs `action`, first asking about unsaved edits.
    pub(super) fn request(&mut self, action: Pending) {
        if self.state.doc.is_dirty() {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    pub(super) fn perform(&mut self, action: Pending) {
        match action {
            Pending::Open(p) => self.open_now(&p),
            Pending::OpenDialog => {
                if let Some(p) = rfd::FileDialog::new()
                    .add_filter(
                        crate::tr!("filter-mmd-model"),
                        &["pmx", "pmd", "PMX", "PMD"],
                    )
                    .pick_file()
                {
                    self.open_now(&p);
                }
            }
            Pending::OpenSample => self.state.set_document(sample_document()),
            Pending::Quit => {
                // Saved, or the edits given up: the recovery copy goes.
                self.state.autosave.discard();
                self.allow_close = true;
                if let Some(ctx) = &self.state.repaint {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            }
        }
    }

    /// Save; returns whether the model is now saved.
    pub fn save(&mut self, save_as: bool) -> bool {
        let path = match (&self.state.doc.path, save_as) {
            (Some(p), false) if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pmx")) => {
                p.clone()
            }
            _ => {
                let suggested = self
                    .state
                    .doc
                    .path
                    .as_ref()
                    .and_then(|p| p.file_stem())
                    .map(|s| format!("{}.pmx", s.to_string_lossy()))
                    .unwrap_or_else(|| "model.pmx".into());
                let mut dialog = rfd::FileDialog::new()
                    .add_filter("PMX", &["pmx"])
                    .set_file_name(suggested);
                if let Some(dir) = self.state.doc.base_dir() {
                    dialog = dialog.set_directory(dir);
                }
                match dialog.save_file() {
                    Some(p) => p,
                    None => return false,
                }
            }
        };
        let options = self.state.save_options;
        match self.state.doc.save_as(&path, &options) {
            Ok(notes) => {
                for note in notes {
                    self.state
                        .log(LogLevel::Warning, crate::tr!("save-rule-note", note = note));
                }
                self.remember(&path);
                self.state.log(
                    LogLevel::Info,
                    crate::tr!("log-saved", path = path.display().to_string()),
                );
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
        let stem = (self.state.doc.path.as_ref())
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "model".into());
        let mut dialog = rfd::FileDialog::new()
            .add_filter("CSV", &["csv"])
            .set_file_name(format!("{stem}.csv"));
        if let Some(dir) = self.state.doc.base_dir() {
            dialog = dialog.set_directory(dir);
        }
        let Some(path) = dialog.save_file() else {
            return;
        };
        let file = path.display().to_string();
        match self.state.doc.export_csv(&path) {
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
            timeline::load_motion_file(&mut self.state, p);
        }
    }
    /// The whole UI inside `ui` (also what GUI tests drive).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.state.tick();
        self.shortcuts(&ctx);
        self.handle_drops(&ctx);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                let m = self.state.doc.model();
                ui.label(crate::tr!(
                    "status-model",
                    name = m.info.name.as_str(),
                    vertices = m.vertices.len(),
                    bones = m.bones.len(),
                    morphs = m.morphs.len(),
                    bodies = m.rigid_bodies.len(),
                    joints = m.joints.len()
                ));
                if let Some((level, msg)) = self.state.log.last() {
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
        crate::app::generators::show(&ctx, &mut self.state);
        crate::app::translate_names::show(&ctx, &mut self.state);
        crate::app::export::show(&ctx, &mut self.state);
        self.unsaved_modal(&ctx);
        self.error_modal(&ctx);
        self.recovery_modal(&ctx);
        panels::delete::dialog(&ctx, &mut self.state);
        self.state.apply_commands();
        if std::mem::take(&mut self.state.panels.raise_list) {
            let list = self.state.selection.kind().and_then(dock::list_tab);
            if let Some(tab) = list {
                dock::raise_tab(&mut self.dock, tab);
            }
        }

        let title = self.state.title();
        if title != self.last_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.last_title = title;
        }
    }
}

impl eframe::App for HoneApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.screenshot.is_none()
            && self.state.doc.is_dirty()
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
        eframe::set_value(storage, VIEW_KEY, &self.state.viewport.options);
        eframe::set_value(storage, LANG_KEY, &hone_core::i18n::lang());
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}
