//! The desktop app: an eframe window with a dock of panels around a three-d viewport.
//!
//! [`State`] holds everything the panels see: the [`Document`] (model + undo
//! history), the pose (runtime, not a model edit), selection and view options.
//! Panels read the model and emit [`document::SetElement`] edits.

use eframe::egui;

pub mod demo;
pub mod dock;
pub mod document;
pub mod fonts;
pub mod panels;
pub mod pose;
pub mod textures;
pub mod timeline;
pub mod viewport;

use document::Document;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selection {
    #[default]
    None,
    Model,
    Bone(usize),
    Morph(usize),
    Material(usize),
    RigidBody(usize),
    Joint(usize),
    SoftBody(usize),
    /// A vertex, e.g. from a weight problem; the viewport marks it.
    Vertex(usize),
    DisplayFrame(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogLevel {
    Info,
    Warning,
    Error,
}

/// Panel-local UI state (search boxes etc.).
#[derive(Debug, Default)]
pub struct PanelState {
    pub bone_search: String,
    pub morph_search: String,
    /// Set when the selection changed outside a panel, so lists scroll to it.
    pub reveal_selection: bool,
    pub morph_page: usize,
}

pub struct State {
    pub doc: Document,
    pub pose: pose::PoseState,
    pub selection: Selection,
    pub viewport: viewport::Viewport,
    pub textures: textures::TextureStore,
    /// Texture indices decoded since the last GPU sync.
    pub new_textures: Vec<usize>,
    pub material_visible: Vec<bool>,
    pub log: Vec<(LogLevel, String)>,
    pub panels: PanelState,
    pub repaint: Option<egui::Context>,
    /// Output format for Save (defaults to the model's header).
    pub save_options: crate::pmx::write::WriteOptions,
    /// Last document generation the pose was refreshed for.
    pose_generation: u64,
    /// Deform-order / IK / problems caches and debug overlay switches.
    pub debug: viewport::debug_overlays::DebugState,
    /// Motion timeline and play state of the live pipeline.
    pub playback: timeline::Playback,
}

impl State {
    pub fn new(doc: Document, repaint: Option<egui::Context>) -> Self {
        let mut s = State {
            pose: pose::PoseState::new(&doc.model),
            selection: Selection::None,
            viewport: viewport::Viewport::default(),
            textures: textures::TextureStore::empty(),
            new_textures: Vec::new(),
            material_visible: Vec::new(),
            log: Vec::new(),
            panels: PanelState::default(),
            repaint,
            save_options: Default::default(),
            pose_generation: 0,
            debug: Default::default(),
            playback: Default::default(),
            doc,
        };
        s.document_loaded();
        s
    }

    /// Resets everything derived from the document after it is replaced.
    fn document_loaded(&mut self) {
        let model = &self.doc.model;
        self.pose = pose::PoseState::new(model);
        self.pose_generation = self.doc.generation;
        self.debug.invalidate();
        self.playback.motion = None;
        self.playback.frame = 0.0;
        self.selection = Selection::None;
        self.material_visible = vec![true; model.materials.len()];
        self.textures = textures::TextureStore::load(
            &model.textures,
            self.doc.base_dir(),
            self.doc.embedded_textures,
            self.repaint.clone(),
        );
        self.new_textures.clear();
        self.viewport.uploaded = None;
        self.viewport.reset_camera(model);
        self.save_options = Default::default();
        let name = self.doc.display_name.clone();
        self.log(
            LogLevel::Info,
            format!(
                "opened {name}: {} vertices, {} bones, {} morphs, {} materials, {} rigid bodies, {} joints",
                model.vertices.len(),
                model.bones.len(),
                model.morphs.len(),
                model.materials.len(),
                model.rigid_bodies.len(),
                model.joints.len()
            ),
        );
        for w in self.doc.warnings.clone() {
            self.log(LogLevel::Warning, w);
        }
    }

    pub fn set_document(&mut self, doc: Document) {
        self.doc = doc;
        self.document_loaded();
    }

    pub fn log(&mut self, level: LogLevel, message: impl Into<String>) {
        self.log.push((level, message.into()));
    }

    pub fn select(&mut self, selection: Selection) {
        if self.selection != selection {
            self.selection = selection;
            self.panels.reveal_selection = true;
        }
    }

    pub fn apply(&mut self, edit: crate::edit::ModelEdit) {
        if let Err(e) = self.doc.apply(edit) {
            self.log(LogLevel::Warning, format!("edit refused: {e}"));
        }
    }

    pub fn undo(&mut self) {
        if !self.doc.undo() {
            self.log(LogLevel::Info, "nothing to undo");
        }
    }

    pub fn redo(&mut self) {
        if !self.doc.redo() {
            self.log(LogLevel::Info, "nothing to redo");
        }
    }

    /// Per-frame bookkeeping: texture decodes, pose refresh after edits.
    pub fn tick(&mut self) {
        // A drag or text entry in progress keeps merging into one undo step.
        if let Some(ctx) = &self.repaint {
            let busy = ctx.input(|i| i.pointer.any_down()) || ctx.memory(|m| m.focused().is_some());
            if !busy {
                self.doc.history.end_merge();
            }
        }
        let ready = self.textures.poll();
        if !ready.is_empty() {
            self.new_textures.extend(ready);
            let missing: Vec<String> = self
                .textures
                .missing()
                .map(|(i, e)| format!("texture #{i}: {e}"))
                .collect();
            if self.textures.pending() == 0 && !missing.is_empty() {
                for m in missing {
                    self.log(LogLevel::Warning, m);
                }
            }
        }
        if self.pose_generation != self.doc.generation {
            self.pose.refresh(&self.doc.model);
            self.pose_generation = self.doc.generation;
            self.material_visible
                .resize(self.doc.model.materials.len(), true);
            if !selection_valid(&self.doc.model, self.selection) {
                self.selection = Selection::None;
            }
        }
        let dt = self
            .repaint
            .as_ref()
            .map_or(0.0, |c| c.input(|i| i.stable_dt));
        timeline::tick(self, dt);
        self.pose.evaluate(&self.doc.model);
        let live = self.playback.playing
            && (self.pose.physics_enabled() || self.playback.motion.is_some());
        if let Some(ctx) = &self.repaint {
            if live {
                ctx.request_repaint();
            }
        }
    }

    /// The window title: file name, an unsaved mark, the app name.
    pub fn title(&self) -> String {
        let dirty = if self.doc.is_dirty() { "● " } else { "" };
        format!("{dirty}{} — Hone", self.doc.display_name)
    }
}

fn selection_valid(model: &crate::pmx::Model, s: Selection) -> bool {
    match s {
        Selection::None | Selection::Model => true,
        Selection::Bone(i) => i < model.bones.len(),
        Selection::Morph(i) => i < model.morphs.len(),
        Selection::Material(i) => i < model.materials.len(),
        Selection::RigidBody(i) => i < model.rigid_bodies.len(),
        Selection::Joint(i) => i < model.joints.len(),
        Selection::SoftBody(i) => i < model.soft_bodies.len(),
        Selection::Vertex(i) => i < model.vertices.len(),
        Selection::DisplayFrame(i) => i < model.display_frames.len(),
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

/// Something that would drop unsaved edits, waiting for the user's answer.
#[derive(Debug, Clone)]
enum Pending {
    Open(PathBuf),
    OpenDialog,
    OpenSample,
    Quit,
}

/// `--screenshot` mode: render once everything is loaded, write a PNG, exit.
pub struct ScreenshotJob {
    pub out: PathBuf,
    pub result: Arc<Mutex<Option<Result<(), String>>>>,
    requested: bool,
    started: std::time::Instant,
}

impl ScreenshotJob {
    pub fn new(out: PathBuf) -> Self {
        ScreenshotJob {
            out,
            result: Arc::new(Mutex::new(None)),
            requested: false,
            started: std::time::Instant::now(),
        }
    }
}

const RECENT_KEY: &str = "hone_recent";
const DOCK_KEY: &str = "hone_dock";
const VIEW_KEY: &str = "hone_view";

pub struct HoneApp {
    pub state: State,
    pub dock: egui_dock::DockState<dock::Tab>,
    pub recent: Vec<PathBuf>,
    pending: Option<Pending>,
    /// Quit confirmed (or nothing to lose): let the close through.
    allow_close: bool,
    screenshot: Option<ScreenshotJob>,
    last_title: String,
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
            }
        }
        app.screenshot = screenshot;
        app
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
                format!("cannot open {}: {e}", path.display()),
            ),
        }
    }

    /// Runs `action`, first asking about unsaved edits.
    fn request(&mut self, action: Pending) {
        if self.state.doc.is_dirty() {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    fn perform(&mut self, action: Pending) {
        match action {
            Pending::Open(p) => self.open_now(&p),
            Pending::OpenDialog => {
                if let Some(p) = rfd::FileDialog::new()
                    .add_filter("MMD model", &["pmx", "pmd", "PMX", "PMD"])
                    .pick_file()
                {
                    self.open_now(&p);
                }
            }
            Pending::OpenSample => self.state.set_document(sample_document()),
            Pending::Quit => {
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
            Ok(note) => {
                if let Some(note) = note {
                    self.state.log(LogLevel::Warning, note);
                }
                self.remember(&path);
                self.state
                    .log(LogLevel::Info, format!("saved {}", path.display()));
                true
            }
            Err(e) => {
                self.state.log(
                    LogLevel::Error,
                    format!("cannot save {}: {e}", path.display()),
                );
                false
            }
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let redo_shift = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let save_as = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        // Longer shortcuts first: consume_shortcut matches modifiers loosely.
        let (u, r1, r2, sa, s, o) = ctx.input_mut(|i| {
            let r2 = i.consume_shortcut(&redo_shift);
            let u = i.consume_shortcut(&undo);
            let r1 = i.consume_shortcut(&redo_y);
            let sa = i.consume_shortcut(&save_as);
            let s = i.consume_shortcut(&save);
            let o = i.consume_shortcut(&open);
            (u, r1, r2, sa, s, o)
        });
        if u {
            self.state.undo();
        }
        if r1 || r2 {
            self.state.redo();
        }
        if sa {
            self.save(true);
        } else if s {
            self.save(false);
        }
        if o {
            self.request(Pending::OpenDialog);
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Open…  (Ctrl+O)").clicked() {
                    self.request(Pending::OpenDialog);
                }
                ui.menu_button("Open recent", |ui| {
                    if self.recent.is_empty() {
                        ui.label("(none)");
                    }
                    for p in self.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.request(Pending::Open(p));
                        }
                    }
                });
                if ui.button("Open sample rig").clicked() {
                    self.request(Pending::OpenSample);
                }
                if ui.button("Load motion…").clicked() {
                    if let Some(p) = rfd::FileDialog::new()
                        .add_filter("VMD motion", &["vmd", "VMD"])
                        .pick_file()
                    {
                        timeline::load_motion_file(&mut self.state, &p);
                    }
                }
                ui.separator();
                if ui.button("Save  (Ctrl+S)").clicked() {
                    self.save(false);
                }
                if ui.button("Save As…  (Ctrl+Shift+S)").clicked() {
                    self.save(true);
                }
                ui.menu_button("Save format", |ui| {
                    use crate::pmx::{PmxVersion, TextEncoding};
                    let o = &mut self.state.save_options;
                    ui.label("Version");
                    ui.radio_value(&mut o.version, None, "as loaded");
                    ui.radio_value(&mut o.version, Some(PmxVersion::V2_0), "PMX 2.0");
                    ui.radio_value(&mut o.version, Some(PmxVersion::V2_1), "PMX 2.1");
                    ui.separator();
                    ui.label("Text encoding");
                    ui.radio_value(&mut o.encoding, None, "as loaded");
                    ui.radio_value(&mut o.encoding, Some(TextEncoding::Utf16Le), "UTF-16");
                    ui.radio_value(&mut o.encoding, Some(TextEncoding::Utf8), "UTF-8");
                });
                ui.separator();
                if ui.button("Quit").clicked() {
                    self.request(Pending::Quit);
                }
            });
            ui.menu_button("Edit", |ui| {
                let undo_label = match self.state.doc.history.undo_label() {
                    Some(s) => format!("Undo {s}  (Ctrl+Z)"),
                    None => "Undo  (Ctrl+Z)".into(),
                };
                if ui
                    .add_enabled(
                        self.state.doc.history.can_undo(),
                        egui::Button::new(undo_label),
                    )
                    .clicked()
                {
                    self.state.undo();
                }
                if ui
                    .add_enabled(
                        self.state.doc.history.can_redo(),
                        egui::Button::new("Redo  (Ctrl+Y)"),
                    )
                    .clicked()
                {
                    self.state.redo();
                }
                if ui.button("Model info").clicked() {
                    self.state.select(Selection::Model);
                }
            });
            ui.menu_button("View", |ui| {
                for tab in dock::Tab::ALL {
                    let open = self.dock.find_tab(&tab).is_some();
                    if ui
                        .add_enabled(!open, egui::Button::new(tab.title()))
                        .clicked()
                    {
                        self.dock.push_to_focused_leaf(tab);
                    }
                }
                ui.separator();
                if ui.button("Reset layout").clicked() {
                    self.dock = dock::default_layout();
                }
                if ui.button("Reset view  (Home)").clicked() {
                    self.state.viewport.reset_camera(&self.state.doc.model);
                }
                if ui.button("Reset pose").clicked() {
                    self.state.pose.reset();
                }
            });
        });
    }

    fn unsaved_modal(&mut self, ctx: &egui::Context) {
        let Some(action) = self.pending.clone() else {
            return;
        };
        let mut choice = None;
        egui::Modal::new(egui::Id::new("unsaved_changes")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!(
                "Save the changes to {} first?",
                self.state.doc.display_name
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    choice = Some(0);
                }
                if ui.button("Don't save").clicked() {
                    choice = Some(1);
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(2);
                }
            });
        });
        match choice {
            Some(0) if self.save(false) => {
                self.pending = None;
                self.perform(action);
            }
            Some(1) => {
                self.pending = None;
                self.perform(action);
            }
            Some(2) => self.pending = None,
            _ => {}
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

    fn drive_screenshot(&mut self, ctx: &egui::Context) {
        let Some(job) = &mut self.screenshot else {
            return;
        };
        // Collect a finished screenshot.
        let image = ctx.input(|i| {
            i.raw.events.iter().find_map(|e| match e {
                egui::Event::Screenshot { image, .. } => Some(image.clone()),
                _ => None,
            })
        });
        if let Some(image) = image {
            let [w, h] = image.size;
            let rgba: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
            let result = image::RgbaImage::from_raw(w as u32, h as u32, rgba)
                .ok_or_else(|| "bad screenshot buffer".to_string())
                .and_then(|img| {
                    img.save(&job.out)
                        .map_err(|e| format!("{}: {e}", job.out.display()))
                });
            *job.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if job.requested {
            ctx.request_repaint();
            return;
        }
        let textures_done = self.state.textures.pending() == 0;
        let ready_textures = self
            .state
            .textures
            .states
            .iter()
            .filter(|t| matches!(t, textures::TexState::Ready(_)))
            .count();
        let gpu_ready = match &self.state.viewport.gpu {
            Some(g) => g
                .lock()
                .map(|s| {
                    s.uploaded_textures >= ready_textures && s.frames_drawn >= 3
                        || s.error.is_some()
                })
                .unwrap_or(true),
            None => true,
        };
        let timed_out = job.started.elapsed().as_secs() > 60;
        if (textures_done && gpu_ready) || timed_out {
            if timed_out {
                eprintln!("hone: screenshot: gave up waiting for textures after 60 s");
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(egui::UserData::default()));
            job.requested = true;
        }
        ctx.request_repaint();
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
                let m = &self.state.doc.model;
                ui.label(format!(
                    "{} · {} vertices · {} bones · {} morphs · {} bodies · {} joints",
                    m.info.name,
                    m.vertices.len(),
                    m.bones.len(),
                    m.morphs.len(),
                    m.rigid_bodies.len(),
                    m.joints.len()
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
        self.unsaved_modal(&ctx);

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
        self.drive_screenshot(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_some() {
            return;
        }
        eframe::set_value(storage, DOCK_KEY, &self.dock);
        eframe::set_value(storage, RECENT_KEY, &self.recent);
        eframe::set_value(storage, VIEW_KEY, &self.state.viewport.options);
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}

/// What `hone` (no subcommand) was asked to do.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    pub file: Option<PathBuf>,
    pub screenshot: Option<PathBuf>,
    pub size: Option<(u32, u32)>,
    pub select: Option<String>,
    pub show: Option<String>,
    /// `--overlay` list (debug overlays).
    pub overlay: Option<String>,
    /// Morph weights for the shown pose (name, weight).
    pub morphs: Vec<(String, f32)>,
    /// `--tab NAME`: dock tab to bring to the front.
    pub tab: Option<String>,
    /// VMD motion to bind (`--motion`), its frame (`--frame`) and seconds of
    /// pipeline with physics to run up to that frame (`--play-seconds`).
    pub motion: Option<PathBuf>,
    pub frame: Option<f32>,
    pub play_seconds: Option<f32>,
    /// Camera yaw in degrees (`--yaw`; 180 = from behind).
    pub yaw: Option<f32>,
    /// `--pose POSE.json` (the `hone pose` format) applied before drawing.
    pub pose: Option<PathBuf>,
    /// Camera pitch in degrees above the horizon (`--pitch`).
    pub pitch: Option<f32>,
}

/// Parses `--select kind:NAME` (bone, morph, material, body, joint, frame; Japanese or
/// English name) or `vertex:INDEX`.
pub fn parse_select(m: &crate::pmx::Model, spec: &str) -> Result<Selection, String> {
    let (kind, name) = spec
        .split_once(':')
        .ok_or_else(|| format!("--select wants KIND:NAME, got {spec:?}"))?;
    fn position<'a>(
        mut names: impl Iterator<Item = (&'a String, &'a String)>,
        name: &str,
    ) -> Option<usize> {
        names.position(|(n, en)| n == name || en == name)
    }
    let sel = match kind {
        "bone" => {
            position(m.bones.iter().map(|b| (&b.name, &b.name_en)), name).map(Selection::Bone)
        }
        "morph" => {
            position(m.morphs.iter().map(|b| (&b.name, &b.name_en)), name).map(Selection::Morph)
        }
        "material" => position(m.materials.iter().map(|b| (&b.name, &b.name_en)), name)
            .map(Selection::Material),
        "body" | "rigid_body" => {
            position(m.rigid_bodies.iter().map(|b| (&b.name, &b.name_en)), name)
                .map(Selection::RigidBody)
        }
        "joint" => {
            position(m.joints.iter().map(|b| (&b.name, &b.name_en)), name).map(Selection::Joint)
        }
        "frame" => position(m.display_frames.iter().map(|b| (&b.name, &b.name_en)), name)
            .map(Selection::DisplayFrame),
        // Vertices have no names: `vertex:INDEX`.
        "vertex" => name
            .parse::<usize>()
            .ok()
            .filter(|&i| i < m.vertices.len())
            .map(Selection::Vertex),
        _ => {
            return Err(format!(
            "--select: unknown kind {kind:?} (bone, morph, material, body, joint, frame, vertex)"
        ))
        }
    };
    sel.ok_or_else(|| format!("--select: no {kind} named {name:?}"))
}

/// Applies `--show a,b,c`: turns the listed overlays on (`-name` turns one off).
pub fn apply_show(options: &mut viewport::ViewOptions, spec: &str) -> Result<(), String> {
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (on, name) = match item.strip_prefix('-') {
            Some(n) => (false, n),
            None => (true, item),
        };
        let flag = match name {
            "mesh" => &mut options.mesh,
            "wireframe" => &mut options.wireframe,
            "edges" => &mut options.edges,
            "bones" => &mut options.bones,
            "bodies" | "rigid_bodies" => &mut options.bodies,
            "joints" => &mut options.joints,
            "grid" => &mut options.grid,
            "shadow" | "ground-shadow" => &mut options.ground_shadow,
            _ => {
                return Err(format!(
                    "--show: unknown item {name:?} (mesh, wireframe, edges, bones, bodies, joints, grid, shadow)"
                ))
            }
        };
        *flag = on;
    }
    Ok(())
}

/// Applies `--overlay a,b,c` (collision, joints, contacts) to the collision overlay options.
pub fn apply_overlay(
    options: &mut viewport::collision::CollisionOptions,
    spec: &str,
) -> Result<(), String> {
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if !options.apply_overlay_item(item) {
            return Err(format!(
                "--overlay: unknown item {item:?} (collision, joints, contacts, deform-order, ik)"
            ));
        }
    }
    Ok(())
}

/// Opens the window (or renders a screenshot and exits).
pub fn run(launch: Launch) -> Result<(), String> {
    let doc = match &launch.file {
        Some(p) => Document::open(p).map_err(|e| format!("cannot open {}: {e}", p.display()))?,
        None => sample_document(),
    };
    // Check the flags against the model before any window opens.
    let select = match &launch.select {
        Some(s) => Some(parse_select(&doc.model, s)?),
        None => None,
    };
    let mut morphs = Vec::new();
    for (name, w) in &launch.morphs {
        let i = doc
            .model
            .morphs
            .iter()
            .position(|m| &m.name == name || &m.name_en == name)
            .ok_or_else(|| format!("--morph: no morph named {name:?}"))?;
        morphs.push((i, *w));
    }
    let motion = match &launch.motion {
        Some(p) => {
            let vmd = crate::motion::load_vmd(p)
                .map_err(|e| format!("cannot load motion {}: {e}", p.display()))?;
            let name = p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            Some((vmd, name))
        }
        None => None,
    };
    let capture = (motion.is_some() || launch.play_seconds.is_some()).then_some((
        motion,
        launch.frame,
        launch.play_seconds,
    ));
    let yaw = launch.yaw;
    let pitch = launch.pitch;
    let pose = match &launch.pose {
        Some(p) => {
            let text =
                std::fs::read_to_string(p).map_err(|e| format!("--pose {}: {e}", p.display()))?;
            let parsed = crate::deform::pose_from_json(&doc.model, &text)
                .map_err(|e| format!("--pose {}: {e}", p.display()))?;
            for w in &parsed.warnings {
                eprintln!("hone: --pose {}: {w}", p.display());
            }
            Some(parsed.pose)
        }
        None => None,
    };
    let mut view = viewport::ViewOptions::default();
    if let Some(s) = &launch.show {
        apply_show(&mut view, s)?;
    }

    // Deform-order and IK overlays; the rest of the list is the collision overlays'.
    let mut debug_overlays = viewport::debug_overlays::DebugOverlays::default();
    let collision_items: Option<String> = launch.overlay.as_ref().map(|s| {
        s.split(',')
            .map(str::trim)
            .filter(|item| !debug_overlays.enable(item))
            .collect::<Vec<_>>()
            .join(",")
    });
    let tab = match &launch.tab {
        Some(t) => Some(dock::tab_by_name(t).ok_or_else(|| {
            let names: Vec<&str> = dock::Tab::ALL.iter().map(|t| t.title()).collect();
            format!("--tab: no tab {t:?} ({})", names.join(", "))
        })?),
        None => None,
    };
    let mut collision = viewport::collision::CollisionOptions::default();
    if let Some(s) = &collision_items {
        apply_overlay(&mut collision, s)?;
    }

    let (w, h) = launch.size.unwrap_or((1600, 1000));
    let screenshot = launch.screenshot.clone().map(ScreenshotJob::new);
    let result = screenshot.as_ref().map(|j| j.result.clone());
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Hone")
        .with_inner_size([w as f32, h as f32])
        .with_drag_and_drop(true)
        .with_app_id("hone");
    if screenshot.is_some() {
        viewport = viewport.with_resizable(false);
    }
    let options = eframe::NativeOptions {
        viewport,
        depth_buffer: 24,
        // The ground shadow darkens each floor pixel once (render.rs).
        stencil_buffer: 8,
        renderer: eframe::Renderer::Glow,
        persist_window: launch.screenshot.is_none(),
        ..Default::default()
    };
    let screenshot_mode = launch.screenshot.is_some();
    let show = launch.show.clone();
    eframe::run_native(
        "Hone",
        options,
        Box::new(move |cc| {
            let mut app = HoneApp::new(cc, doc, screenshot);
            if screenshot_mode {
                app.state.viewport.options = view;
                // Deterministic output: never ask a dialog from screenshot mode.
                app.allow_close = true;
            } else if show.is_some() {
                app.state.viewport.options = view;
            }
            if let Some(s) = select {
                app.state.select(s);
            }
            app.state.debug.overlays = debug_overlays;
            if let Some(t) = tab {
                dock::focus_tab(&mut app.dock, t);
            }
            app.state.viewport.collision.options = collision;
            if collision.bodies && tab.is_none() {
                // Show the matrix beside the overlay.
                if let Some(path) = app.dock.find_tab(&dock::Tab::CollisionMatrix) {
                    let _ = app.dock.set_active_tab(path);
                }
            }
            if let Some(pose) = pose {
                for (i, b) in pose.bones.into_iter().enumerate() {
                    app.state.pose.set_bone(i, b);
                }
                for (i, w) in pose.morphs.into_iter().enumerate() {
                    app.state.pose.set_morph(i, w);
                }
            }
            for (i, w) in morphs {
                app.state.pose.set_morph(i, w);
            }
            if let Some(deg) = yaw.filter(|d| d.is_finite()) {
                app.state.viewport.camera.yaw = deg.to_radians();
            }
            if let Some(deg) = pitch.filter(|d| d.is_finite()) {
                app.state.viewport.camera.pitch = deg.to_radians().clamp(-1.55, 1.55);
            }
            if let Some((motion, frame, seconds)) = capture {
                timeline::prepare_capture(&mut app.state, motion, frame, seconds);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}"))?;
    if let Some(result) = result {
        let r = result.lock().unwrap_or_else(|e| e.into_inner()).take();
        return match r {
            Some(r) => r,
            None => Err("the window closed before the screenshot was taken".into()),
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_and_show_flags_parse_and_refuse_unknowns() {
        let m = demo::tube_rig();
        assert_eq!(parse_select(&m, "bone:上"), Ok(Selection::Bone(2)));
        assert_eq!(parse_select(&m, "bone:upper"), Ok(Selection::Bone(2)));
        assert_eq!(parse_select(&m, "body:下"), Ok(Selection::RigidBody(1)));
        assert!(parse_select(&m, "bone:nope").unwrap_err().contains("nope"));
        assert!(parse_select(&m, "上").is_err());
        assert_eq!(parse_select(&m, "vertex:1"), Ok(Selection::Vertex(1)));
        let past_end = format!("vertex:{}", m.vertices.len());
        assert!(parse_select(&m, &past_end)
            .unwrap_err()
            .contains("no vertex"));
        assert!(parse_select(&m, "vertex:first").is_err());
        assert!(parse_select(&m, "face:1")
            .unwrap_err()
            .contains("unknown kind"));
        let mut o = viewport::ViewOptions::default();
        apply_show(&mut o, "bodies,joints,-bones,wireframe").unwrap();
        assert!(o.bodies && o.joints && o.wireframe && !o.bones && o.mesh);
        assert!(apply_show(&mut o, "bogus").is_err());
    }

    #[test]
    fn the_sample_opens_with_its_bundled_texture() {
        let doc = sample_document();
        assert_eq!(doc.display_name, "hone-sample.pmx");
        assert!(doc.model.bones.len() > 50);
        let mut store = textures::TextureStore::load(
            &doc.model.textures,
            doc.base_dir(),
            doc.embedded_textures,
            None,
        );
        let t0 = std::time::Instant::now();
        while store.pending() > 0 && t0.elapsed().as_secs() < 10 {
            store.poll();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(store.missing().count(), 0);
        assert!(store
            .states
            .iter()
            .all(|s| matches!(s, textures::TexState::Ready(_))));
    }

    #[test]
    fn title_marks_unsaved_edits() {
        let mut state = State::new(Document::new(demo::tube_rig(), None, "tube.pmx"), None);
        assert_eq!(state.title(), "tube.pmx — Hone");
        let mut bone = state.doc.model.bones[0].clone();
        bone.layer = 1;
        state.apply(crate::edit::ModelEdit::set_bone(0, bone, "deform layer"));
        assert_eq!(state.title(), "● tube.pmx — Hone");
        state.tick();
        state.undo();
        assert_eq!(state.title(), "tube.pmx — Hone");
    }
}
