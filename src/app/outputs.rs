//! File ▸ the output operations ([`crate::ops::OUTPUTS`]: bake, export, extract — they
//! write a file and leave the model as it is). The File menu lists them from the
//! declaration, each entry enabled by what the operation needs (a motion, selected
//! materials…), and one dialog generated from the declaration runs them: the elements it
//! runs on, the file to write (a Browse… button with the operation's extensions and a
//! suggested name; a format option changes the extension), one widget per option (the
//! operation dialogs' widgets, `generators::option_grid`), Run and Cancel.
//!
//! Run copies the model (and the motion) to a [`Job`] worker: a progress window with
//! Cancel, then the report's lines in the Log and in a report window. A model product
//! (extract) whose textures the texture rule would copy, share, miss or refuse asks first,
//! with the question Save As asks; nothing is written before the answer. The only widgets
//! the schema does not say: the file row and that question. Everything here reads a
//! [`View`] and logs through [`Commands`]; the windows' state lives in egui memory.

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::files::job::{Job, JobError};
use crate::app::files::picker::{self, PickRequest, Purpose};
use crate::app::files::texture_question;
use crate::app::view::View;
use crate::app::LogLevel;
use crate::edit::ElementKind;
use crate::export::NoteKind;
use crate::motion::Vmd;
use crate::ops::output::{Note, Output, OutputOperation, Product, Progress, Sources, Written};
use crate::ops::{Menu, Need, Opt, OptKind, Options, Selection, OUTPUTS};
use crate::pmx::textures::{TextureOrigins, TexturePlan};
use crate::pmx::write::WriteOptions;
use crate::pmx::Model;
use crate::tr;

/// One open output dialog.
#[derive(Debug, Clone)]
pub struct Dialog {
    pub op: &'static OutputOperation,
    pub options: Options,
    /// The file to write, as typed or picked.
    pub path: String,
    /// What it runs on (taken when the dialog opened).
    pub selection: Selection,
    write_options: WriteOptions,
}

/// Where a run writes and what the writing needs besides the product.
#[derive(Clone)]
struct Target {
    op: &'static OutputOperation,
    path: PathBuf,
    model_dir: Option<PathBuf>,
    origins: TextureOrigins,
    write_options: WriteOptions,
}

impl Target {
    fn sources<'a>(&'a self, model: &'a Model, motion: Option<&'a Vmd>) -> Sources<'a> {
        let mut sources = Sources::new(model, self.model_dir.as_deref(), &self.path);
        sources.texture_origins = &self.origins;
        sources.write_options = self.write_options;
        sources.motion = motion;
        sources
    }

    fn title(&self) -> String {
        self.op.title().trim_end_matches('…').to_string()
    }
}

/// What a worker hands back.
enum Done {
    Written(Written),
    /// A model product whose textures want an answer before it is written.
    Ask(Box<Output>, TexturePlan),
}

/// What a finished run shows until closed.
#[derive(Clone)]
struct Report {
    title: String,
    lines: Vec<String>,
    notes: Vec<Note>,
    error: Option<String>,
}

/// The windows' state (egui memory).
#[derive(Clone, Default)]
struct Windows {
    dialog: Option<Dialog>,
    running: Option<(Target, Job<Done>)>,
    asking: Option<(Target, Box<Output>, TexturePlan)>,
    report: Option<Report>,
}

fn id() -> egui::Id {
    egui::Id::new("output_operations")
}

fn windows(ctx: &egui::Context) -> Windows {
    ctx.data_mut(|d| d.get_temp::<Windows>(id()))
        .unwrap_or_default()
}

fn store(ctx: &egui::Context, w: Windows) {
    ctx.data_mut(|d| d.insert_temp(id(), w));
}

/// The File menu's output entries: one per operation of [`OUTPUTS`], enabled when what
/// it needs is there (else the hover says what is missing), opening its dialog.
pub fn menu_items(ui: &mut egui::Ui, view: &View, write_options: WriteOptions) {
    let busy = is_running(ui.ctx());
    for op in OUTPUTS.iter().copied().filter(|op| op.menu == Menu::File) {
        let why = missing(op, view).or_else(|| busy.then(|| tr!("outputs-busy")));
        let button = ui.add_enabled(why.is_none(), egui::Button::new(op.title()));
        let button = button.on_hover_text(op.help());
        let clicked = match why {
            Some(why) => button.on_disabled_hover_text(why).clicked(),
            None => button.clicked(),
        };
        if clicked {
            open(ui.ctx(), op, view, selection_of(op, view), write_options);
            ui.close();
        }
    }
}

/// Why `op` cannot run on the view (None: it can): a motion it reads is not loaded, or
/// the selection it needs is empty.
pub fn missing(op: &OutputOperation, view: &View) -> Option<String> {
    if op.needs_motion() && view.playback.motion.is_none() {
        return Some(tr!("outputs-needs-motion"));
    }
    let kind = view.selection.kind();
    let empty = view.selected_indices().is_empty();
    let fits = |k: ElementKind| !empty && kind == Some(k);
    match op.selection {
        Need::None | Need::Elements => None,
        Need::Bones => (!fits(ElementKind::Bone)).then(|| tr!("opsui-needs-bones")),
        Need::Vertices => (!fits(ElementKind::Vertex)).then(|| tr!("opsui-needs-vertices")),
        Need::Materials => (!fits(ElementKind::Material)).then(|| tr!("extractui-needs-materials")),
    }
}

/// The selection `op` runs on: the selected elements of the kind it needs (any kind it
/// accepts for an optional selection); none for a whole-model operation.
pub fn selection_of(op: &OutputOperation, view: &View) -> Selection {
    match view.selection.kind() {
        Some(kind) if op.selection.accepts(kind) => Selection::of(kind, view.selected_indices()),
        _ => Selection::default(),
    }
}

/// The file the dialog offers: beside the model, named after the motion (an operation
/// reading one) or the model, the operation's suffix and first extension.
pub fn suggested_path(op: &OutputOperation, view: &View) -> PathBuf {
    let motion = view.playback.motion.as_ref().filter(|_| op.needs_motion());
    let stem = match motion {
        Some(m) => Path::new(&m.name).file_stem().map(|s| s.to_owned()),
        None => view
            .doc
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_owned()),
    };
    let stem = stem.map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned());
    let name = format!("{stem}{}.{}", op.file_suffix, op.extensions[0]);
    match view.doc.base_dir() {
        Some(dir) => dir.join(name),
        None => PathBuf::from(name),
    }
}

/// Opens `op`'s dialog on `selection` (from the File menu, or a list's context menu for
/// extract); the app's defaults, the suggested file. A dialog already open is replaced.
pub fn open(
    ctx: &egui::Context,
    op: &'static OutputOperation,
    view: &View,
    selection: Selection,
    write_options: WriteOptions,
) {
    let mut w = windows(ctx);
    w.dialog = Some(Dialog {
        op,
        options: op.defaults(),
        path: suggested_path(op, view).display().to_string(),
        selection,
        write_options,
    });
    store(ctx, w);
    ctx.request_repaint();
}

/// The open dialog (tests read and change it).
pub fn dialog(ctx: &egui::Context) -> Option<Dialog> {
    windows(ctx).dialog
}

/// Changes the open dialog (tests; the picker's answers).
pub fn edit_dialog(ctx: &egui::Context, change: impl FnOnce(&mut Dialog)) {
    let mut w = windows(ctx);
    if let Some(d) = w.dialog.as_mut() {
        change(d);
        store(ctx, w);
    }
}

/// The picker's answer for the dialog's file.
/// A chosen format follows the name's extension when it is one the operation writes
/// (a `.vrm` typed over `model.glb` exports VRM).
pub fn path_chosen(ctx: &egui::Context, path: &Path) {
    edit_dialog(ctx, |d| {
        d.path = path.display().to_string();
        let extension = path.extension().and_then(|e| e.to_str());
        let extension = extension.map(str::to_lowercase);
        if let (Some(o), Some(e)) = (format_option(d.op), extension) {
            if d.op.extensions.contains(&e.as_str()) && d.options.values.contains_key(o.key) {
                d.options.values.insert(o.key.into(), e.into());
            }
        }
    });
}

/// The picker's answer for a file option of the dialog.
pub fn option_chosen(ctx: &egui::Context, key: String, path: &Path) {
    let value = serde_json::Value::String(path.to_string_lossy().into_owned());
    edit_dialog(ctx, |d| {
        d.options.values.insert(key, value);
    });
}

/// Whether an output operation runs (or waits for its texture question).
pub fn is_running(ctx: &egui::Context) -> bool {
    let w = windows(ctx);
    w.running.is_some() || w.asking.is_some()
}

/// The option choosing among the operation's extensions (export's format), if any:
/// choosing one changes the file's extension.
fn format_option(op: &OutputOperation) -> Option<&'static Opt> {
    op.options.iter().find(|o| match o.kind {
        OptKind::Choice(choices) => {
            !choices.is_empty() && choices.iter().all(|c| op.extensions.contains(&c.value))
        }
        _ => false,
    })
}

fn format_value(d: &Dialog) -> Option<String> {
    let o = format_option(d.op)?;
    d.options.values.get(o.key)?.as_str().map(str::to_string)
}

/// Starts `dialog`'s operation on a worker (Run): the model, the motion and the options
/// are copied to it. Nothing happens when another runs or the file is not named.
pub fn start(ctx: &egui::Context, view: &View, dialog: &Dialog) {
    let mut w = windows(ctx);
    let path = dialog.path.trim();
    if w.running.is_some() || w.asking.is_some() || path.is_empty() {
        return;
    }
    let target = Target {
        op: dialog.op,
        path: PathBuf::from(path),
        model_dir: view.doc.base_dir().map(Path::to_path_buf),
        origins: view.doc.texture_origins().clone(),
        write_options: dialog.write_options,
    };
    let model = view.model.clone();
    let motion = (view.playback.motion.as_ref())
        .filter(|_| dialog.op.needs_motion())
        .map(|m| m.vmd.clone());
    let (selection, options) = (dialog.selection.clone(), dialog.options.clone());
    let worker = target.clone();
    let job = Job::start(dialog.op.name, Some(ctx.clone()), move |progress| {
        let sources = worker.sources(&model, motion.as_ref());
        let cancel = progress.cancel_flag();
        let mut report = |share: f32| progress.share(share);
        let mut core_progress = Progress {
            report: &mut report,
            cancel,
        };
        let output = (worker.op.run)(&sources, &selection, &options, &mut core_progress);
        progress.check()?;
        let output = output.map_err(|e| JobError::Failed(e.to_string()))?;
        if let Product::Model(part) = &output.product {
            if let Some(plan) = texture_plan(part, &sources) {
                return Ok(Done::Ask(Box::new(output), plan));
            }
        }
        write(&output, &sources, cancel)
    });
    w.running = Some((target, job));
    store(ctx, w);
}

/// What the texture rule would do to a model product's textures, when worth a question.
fn texture_plan(part: &Model, sources: &Sources) -> Option<TexturePlan> {
    crate::pmx::textures::plan_write(
        &part.textures,
        sources.texture_origins,
        Some(sources.model_dir?),
        sources.output,
        crate::pmx::textures::TextureMode::Copy,
    )
    .filter(texture_question::worth_asking)
}

/// Writes `output` (temporary file and rename): its lines, then the writing's.
fn write(
    output: &Output,
    sources: &Sources,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<Done, JobError> {
    let written = crate::ops::output::write(output, sources, cancel);
    let written = written.map_err(|e| JobError::Failed(e.to_string()))?;
    let mut lines = output.lines.clone();
    lines.extend(written);
    Ok(Done::Written(Written {
        lines,
        notes: output.notes.clone(),
    }))
}

/// The Log's lines for an output's notes: each kind under its heading, changes as
/// information, losses as warnings.
fn report_lines(notes: &[Note]) -> Vec<(LogLevel, String)> {
    let mut lines = Vec::new();
    for (kind, texts) in crate::ops::output::notes_by_kind(notes) {
        let level = match kind {
            NoteKind::Changed => LogLevel::Info,
            NoteKind::Lost => LogLevel::Warning,
        };
        lines.push((level, tr!("export-log-heading", heading = kind.heading())));
        lines.extend(
            texts
                .into_iter()
                .map(|note| (level, tr!("export-note", note = note))),
        );
    }
    lines
}

/// The dialog, the running job's progress, the texture question and the report (every
/// frame, from the window).
pub fn show(ctx: &egui::Context, view: &View, commands: &mut Commands) {
    let mut w = windows(ctx);
    if w.dialog.is_none() && w.running.is_none() && w.asking.is_none() && w.report.is_none() {
        return;
    }
    if let Some(mut d) = w.dialog.take() {
        match dialog_window(ctx, view, &mut d) {
            Some(true) => {
                store(ctx, w);
                start(ctx, view, &d);
                w = windows(ctx);
            }
            Some(false) => {}
            None => w.dialog = Some(d),
        }
    }
    if let Some((target, job)) = w.running.clone() {
        match job.poll() {
            None => progress_window(ctx, &target, &job),
            Some(done) => {
                w.running = None;
                finished(&mut w, target, done, commands);
            }
        }
    }
    if let Some((target, output, plan)) = w.asking.take() {
        match texture_question::modal(ctx, &plan, &target.path) {
            None => w.asking = Some((target, output, plan)),
            Some(false) => {
                let path = target.path.display().to_string();
                commands.log(
                    LogLevel::Info,
                    tr!("files2-textures-cancelled", path = path),
                );
            }
            Some(true) => {
                let writer = target.clone();
                let job = Job::start(target.op.name, Some(ctx.clone()), move |progress| {
                    // Writing reads the product, not the model: an empty one stands in.
                    let empty = Model::default();
                    let sources = writer.sources(&empty, None);
                    write(&output, &sources, progress.cancel_flag())
                });
                w.running = Some((target, job));
            }
        }
    }
    if let Some(report) = &w.report {
        if report_window(ctx, report) {
            w.report = None;
        }
    }
    store(ctx, w);
}

/// A run's outcome into the Log and the report window.
fn finished(
    w: &mut Windows,
    target: Target,
    done: Result<Done, JobError>,
    commands: &mut Commands,
) {
    let (title, path) = (target.title(), target.path.display().to_string());
    let (op, file) = (title.as_str(), path.as_str());
    let written = match done {
        Ok(Done::Ask(output, plan)) => {
            w.asking = Some((target, output, plan));
            return;
        }
        Ok(Done::Written(written)) => written,
        Err(JobError::Cancelled) => {
            let said = tr!("outputs-log-cancelled", op = op, path = file);
            commands.log(LogLevel::Info, said);
            return;
        }
        Err(JobError::Failed(error)) => {
            let said = tr!("outputs-log-failed", op = op, path = file, error = error);
            commands.log(LogLevel::Error, said.clone());
            w.report = Some(Report {
                title,
                lines: Vec::new(),
                notes: Vec::new(),
                error: Some(said),
            });
            return;
        }
    };
    for line in &written.lines {
        commands.log(LogLevel::Info, line.clone());
    }
    for (level, line) in report_lines(&written.notes) {
        commands.log(level, line);
    }
    let said = tr!("outputs-log-written", op = op, path = file);
    commands.log(LogLevel::Info, said);
    w.report = Some(Report {
        title,
        lines: written.lines,
        notes: written.notes,
        error: None,
    });
}

/// The dialog's window: Some(true) for Run, Some(false) for Cancel or ✕.
fn dialog_window(ctx: &egui::Context, view: &View, d: &mut Dialog) -> Option<bool> {
    let mut open = true;
    let mut answer = None;
    let title = d.op.title();
    egui::Window::new(title.trim_end_matches('…'))
        .id(egui::Id::new("output_dialog"))
        .open(&mut open)
        .collapsible(false)
        .resizable(true)
        .default_width(460.0)
        // Over the viewport's top, clear of the menu bar.
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(egui::pos2(ctx.content_rect().center().x, 80.0))
        .show(ctx, |ui| {
            ui.weak(d.op.help());
            what_on(ui, view, d);
            file_row(ui, d);
            let before = format_value(d);
            let file = |key: &str| Purpose::OutputOption { key: key.into() };
            crate::app::generators::option_grid(
                ui,
                view.model,
                d.op.options,
                &mut d.options.values,
                &file,
            );
            let after = format_value(d);
            if let Some(extension) = after.filter(|after| before.as_ref() != Some(after)) {
                let path = Path::new(d.path.trim()).with_extension(extension);
                d.path = path.display().to_string();
            }
            ui.separator();
            ui.horizontal(|ui| {
                let ready = !d.path.trim().is_empty();
                let run = ui.add_enabled(ready, egui::Button::new(tr!("outputs-run")));
                if run
                    .on_disabled_hover_text(tr!("outputs-needs-file"))
                    .clicked()
                {
                    answer = Some(true);
                }
                if ui.button(tr!("opsui-cancel")).clicked() {
                    answer = Some(false);
                }
            });
        });
    if !open {
        answer = Some(false);
    }
    answer
}

/// What the operation reads: the selected elements, the motion.
fn what_on(ui: &mut egui::Ui, view: &View, d: &Dialog) {
    crate::app::generators::selected_line(ui, view.model, d.op.selection, &d.selection);
    if d.op.needs_motion() {
        let name = view.playback.motion.as_ref().map(|m| m.name.as_str());
        ui.label(tr!("outputs-motion", name = name.unwrap_or_default()));
    }
}

/// The file to write: a field and Browse… (the operation's extensions, the name typed).
fn file_row(ui: &mut egui::Ui, d: &mut Dialog) {
    ui.horizontal(|ui| {
        let label = ui.label(tr!("outputs-file"));
        let field = egui::TextEdit::singleline(&mut d.path).desired_width(300.0);
        ui.add(field).labelled_by(label.id);
        if ui.button(tr!("opsui-browse")).clicked() {
            let current = PathBuf::from(d.path.trim());
            let filters =
                d.op.extensions
                    .iter()
                    .map(|e| (tr!("outputs-filter", ext = e.to_uppercase()), vec![*e]))
                    .collect();
            picker::ask(
                ui.ctx(),
                PickRequest {
                    purpose: Purpose::OutputPath { op: d.op.name },
                    title: d.op.title(),
                    filters,
                    save_name: current.file_name().map(|n| n.to_string_lossy().into()),
                    directory: current
                        .parent()
                        .filter(|p| p.is_dir())
                        .map(Path::to_path_buf),
                },
            );
        }
    });
}

/// A progress bar and Cancel while a job runs.
fn progress_window(ctx: &egui::Context, target: &Target, job: &Job<Done>) {
    let progress = job.progress().min(1000) as f32 / 1000.0;
    egui::Window::new(tr!("outputs-running-title", op = target.title()))
        .id(egui::Id::new("output_running"))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(target.path.display().to_string());
            ui.add(egui::ProgressBar::new(progress).show_percentage());
            if job.cancelling() {
                ui.label(tr!("outputs-cancelling"));
            } else if ui.button(tr!("opsui-cancel")).clicked() {
                job.cancel();
            }
        });
}

/// What the last run said; true when closed.
fn report_window(ctx: &egui::Context, report: &Report) -> bool {
    let mut close = false;
    egui::Window::new(tr!("outputs-report-title", op = report.title.as_str()))
        .id(egui::Id::new("output_report"))
        .collapsible(false)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    if let Some(error) = &report.error {
                        ui.colored_label(egui::Color32::from_rgb(240, 90, 90), error);
                    }
                    for line in &report.lines {
                        ui.label(line);
                    }
                    for (kind, texts) in crate::ops::output::notes_by_kind(&report.notes) {
                        ui.strong(kind.heading());
                        for text in texts {
                            ui.label(tr!("export-note", note = text));
                        }
                    }
                });
            close = ui.button(tr!("outputs-close")).clicked();
        });
    close
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_lists_changes_as_information_and_losses_as_warnings_each_under_its_heading() {
        hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
        let note = |kind, text: &str| Note {
            kind,
            text: text.into(),
        };
        let notes = [
            note(NoteKind::Lost, "IK gone"),
            note(NoteKind::Changed, "arms turned"),
            note(NoteKind::Lost, "soft bodies gone"),
        ];
        let got: Vec<String> = report_lines(&notes)
            .iter()
            .map(|(l, t)| format!("{l:?}|{t}"))
            .collect();
        let expected = "Info|Export: Carried with changes:\nInfo|  • arms turned\n\
                        Warning|Export: Not carried:\nWarning|  • IK gone\n\
                        Warning|  • soft bodies gone";
        assert_eq!(got.join("\n"), expected);
        assert!(report_lines(&[]).is_empty());
    }
}
