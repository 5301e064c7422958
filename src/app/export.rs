//! File ▸ Export glTF / VRM…: the `export` output operation ([`crate::ops::export`]) on a
//! worker thread, the format by the chosen file's extension; for VRM a window asks the
//! author and the licence first (the operation's `author`, `license`, `t_pose` and
//! `expressions` options). Its menu entry and file filters come from the declaration. The
//! report (what could not be carried) goes to the Log and into a window. It reads a
//! [`View`] and logs through [`Commands`]; the window's state lives in egui memory and the
//! model is only read (a copy goes to the worker).

use std::path::{Path, PathBuf};

use crate::app::files::job::{Job, JobError};

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::view::View;
use crate::app::LogLevel;
use crate::export::ExportFormat;
use crate::ops::output::{Note, NoteKind, OutputOperation, Progress, Sources};
use crate::ops::{Options, Selection};
use serde_json::json;

const OP: &OutputOperation = &crate::ops::export::OP;

/// What the worker hands back: the report's notes, or the error.
type Outcome = Result<Vec<Note>, String>;

#[derive(Clone, Default)]
struct Window {
    /// The .vrm path waiting for author and licence.
    ask: Option<PathBuf>,
    author: String,
    license: String,
    /// Bake VRM's T pose (on unless the user unticks it).
    keep_a_pose: bool,
    /// An expression map file (JSON or CSV); empty for the built-in names.
    expressions: String,
    /// The running export's file and its job (the report's notes).
    job: Option<(PathBuf, Job<Vec<Note>>)>,
    /// The last export's file and notes (shown until closed).
    report: Option<(PathBuf, Vec<String>)>,
}

fn id() -> egui::Id {
    egui::Id::new("export_gltf")
}

fn window(ctx: &egui::Context) -> Window {
    ctx.data_mut(|d| d.get_temp::<Window>(id()))
        .unwrap_or_default()
}

/// The licence VRM's own tooling suggests; the user can change it.
const VRM_PUBLIC_LICENSE: &str = crate::ops::export::VRM_PUBLIC_LICENSE;

/// The File menu's entry: asks where to write, then exports (VRM asks its meta first).
pub fn menu_item(ui: &mut egui::Ui, view: &View) {
    if !ui.button(OP.title()).clicked() {
        return;
    }
    ui.close();
    let stem = (view.doc.path.as_ref())
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    crate::app::files::picker::ask(
        ui.ctx(),
        crate::app::files::picker::PickRequest {
            purpose: crate::app::files::picker::Purpose::Export,
            title: OP.title(),
            filters: vec![
                (crate::tr!("export-filter-glb"), vec!["glb"]),
                (crate::tr!("export-filter-gltf"), vec!["gltf"]),
                (crate::tr!("export-filter-vrm"), vec!["vrm"]),
            ],
            save_name: Some(format!("{stem}{}.{}", OP.file_suffix, OP.extensions[0])),
            directory: view.doc.base_dir().map(Path::to_path_buf),
        },
    );
}

/// Starts an export to `path` (a .vrm asks for its meta first); tests call it directly.
/// The expression map picked for the open VRM window.
pub fn expression_map_chosen(ctx: &egui::Context, path: PathBuf) {
    let mut w = window(ctx);
    w.expressions = path.display().to_string();
    ctx.data_mut(|d| d.insert_temp(id(), w));
}

pub fn choose(ctx: &egui::Context, view: &View, path: PathBuf) {
    let mut w = window(ctx);
    match ExportFormat::from_path(&path) {
        Some(ExportFormat::Vrm) => {
            if w.license.is_empty() {
                w.license = VRM_PUBLIC_LICENSE.into();
            }
            w.ask = Some(path);
        }
        Some(_) => start(ctx, &mut w, view, path),
        None => w.report = Some((path.clone(), vec![unknown_format(&path)])),
    }
    ctx.data_mut(|d| d.insert_temp(id(), w));
}

fn unknown_format(path: &Path) -> String {
    // The operation's own message for a file it cannot write.
    match crate::ops::export::format(&Options::default(), path) {
        Err(e) => e.0,
        Ok(_) => String::new(),
    }
}

fn start(ctx: &egui::Context, w: &mut Window, view: &View, path: PathBuf) {
    let Some(format) = ExportFormat::from_path(&path) else {
        return;
    };
    let mut options = json!({
        "author": w.author,
        "license": w.license,
        "t_pose": format == ExportFormat::Vrm && !w.keep_a_pose,
    });
    if format == ExportFormat::Vrm && !w.expressions.trim().is_empty() {
        options["expressions"] = json!(w.expressions.trim());
    }
    let options = match options {
        serde_json::Value::Object(map) => Options::new(map),
        _ => Options::default(),
    };
    // Options the operation refuses (a malformed expression map) are said at once.
    let sources = Sources::new(view.model, None, &path);
    if let Err(error) = crate::ops::export::export_options(&sources, &options) {
        w.report = Some((path, vec![error.0]));
        return;
    }
    let model = view.model.clone();
    let model_dir = view.doc.base_dir().map(Path::to_path_buf);
    let origins = view.doc.texture_origins().clone();
    let target = path.clone();
    let job = Job::start("export", Some(ctx.clone()), move |progress| {
        let mut sources = Sources::new(&model, model_dir.as_deref(), &target);
        sources.texture_origins = &origins;
        let mut progress = Progress {
            report: &mut |p: f32| progress.share(p),
            cancel: progress.cancel_flag(),
        };
        run(&sources, &options, &mut progress).map_err(JobError::Failed)
    });
    w.job = Some((path, job));
}

/// One export, written atomically (the worker's whole job): the notes.
pub fn run(sources: &Sources, options: &Options, progress: &mut Progress) -> Outcome {
    OP.run_and_write(sources, &Selection::default(), options, progress)
        .map(|written| written.notes)
        .map_err(|e| e.to_string())
}

/// The Log's and the report window's lines for an export's notes: each kind's heading,
/// then its notes (changes as information, losses as warnings).
fn report_lines(notes: &[Note]) -> Vec<(LogLevel, String)> {
    let mut lines = Vec::new();
    for (kind, texts) in crate::ops::output::notes_by_kind(notes) {
        let level = match kind {
            NoteKind::Changed => LogLevel::Info,
            NoteKind::Lost => LogLevel::Warning,
        };
        let heading = crate::tr!("export-log-heading", heading = kind.heading());
        lines.push((level, heading));
        lines.extend(
            texts
                .into_iter()
                .map(|note| (level, crate::tr!("export-note", note = note))),
        );
    }
    lines
}

/// The VRM meta window, the running export and the report.
pub fn show(ctx: &egui::Context, view: &View, commands: &mut Commands) {
    let mut w = window(ctx);
    if w.ask.is_none() && w.job.is_none() && w.report.is_none() {
        return;
    }
    if let Some(path) = w.ask.clone() {
        let mut go = false;
        let mut cancel = false;
        egui::Window::new(crate::tr!("export-vrm-title"))
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(path.display().to_string());
                egui::Grid::new("export_vrm_meta").show(ui, |ui| {
                    // Each field labelled by its row's label (screen readers, tests).
                    let label = ui.label(crate::tr!("export-vrm-author")).id;
                    ui.text_edit_singleline(&mut w.author).labelled_by(label);
                    ui.end_row();
                    let label = ui.label(crate::tr!("export-vrm-license")).id;
                    ui.text_edit_singleline(&mut w.license).labelled_by(label);
                    ui.end_row();
                    let label = ui.label(crate::tr!("export2-expressions")).id;
                    ui.horizontal(|ui| {
                        ui.text_edit_singleline(&mut w.expressions)
                            .labelled_by(label)
                            .on_hover_text(crate::tr!("export2-expressions-hint"));
                        if ui.button(crate::tr!("export2-browse")).clicked() {
                            crate::app::files::picker::ask(
                                ctx,
                                crate::app::files::picker::PickRequest {
                                    purpose: crate::app::files::picker::Purpose::ExpressionMap,
                                    title: crate::tr!("export2-expressions"),
                                    filters: vec![(
                                        crate::tr!("export2-filter-map"),
                                        vec!["json", "csv"],
                                    )],
                                    save_name: None,
                                    directory: None,
                                },
                            );
                        }
                    });
                    ui.end_row();
                });
                let mut t_pose = !w.keep_a_pose;
                ui.checkbox(&mut t_pose, crate::tr!("export2-t-pose"))
                    .on_hover_text(crate::tr!("export2-t-pose-hint"));
                w.keep_a_pose = !t_pose;
                ui.horizontal(|ui| {
                    let ready = !w.author.trim().is_empty() && !w.license.trim().is_empty();
                    go = ui
                        .add_enabled(ready, egui::Button::new(crate::tr!("export-go")))
                        .clicked();
                    cancel = ui.button(crate::tr!("export-cancel")).clicked();
                });
            });
        if go {
            w.ask = None;
            start(ctx, &mut w, view, path);
        } else if cancel {
            w.ask = None;
        }
    }
    if let Some((path, job)) = w.job.clone() {
        match job.poll() {
            None => {
                egui::Window::new(crate::tr!("export-running-title"))
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(crate::tr!(
                                "export-running",
                                path = path.display().to_string()
                            ));
                        });
                    });
            }
            Some(Ok(notes)) => {
                let lines = report_lines(&notes);
                for (level, line) in &lines {
                    commands.log(*level, line.clone());
                }
                commands.log(
                    LogLevel::Info,
                    crate::tr!("export-log-written", path = path.display().to_string()),
                );
                w.job = None;
                w.report = Some((path, lines.into_iter().map(|(_, line)| line).collect()));
            }
            Some(Err(JobError::Cancelled)) => w.job = None,
            Some(Err(JobError::Failed(error))) => {
                let message = crate::tr!(
                    "export-log-failed",
                    path = path.display().to_string(),
                    error = error
                );
                commands.log(LogLevel::Error, message.clone());
                w.job = None;
                w.report = Some((path, vec![message]));
            }
        }
    }
    if let Some((path, notes)) = &w.report {
        let mut close = false;
        egui::Window::new(crate::tr!("export-report-title"))
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(path.display().to_string());
                if notes.is_empty() {
                    ui.label(crate::tr!("export-report-all"));
                }
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        for note in notes {
                            ui.label(note);
                        }
                    });
                close = ui.button(crate::tr!("export-close")).clicked();
            });
        if close {
            w.report = None;
        }
    }
    ctx.data_mut(|d| d.insert_temp(id(), w));
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
        let lines = report_lines(&notes);
        let got: Vec<String> = lines.iter().map(|(l, t)| format!("{l:?}|{t}")).collect();
        let expected = "Info|Export: Carried with changes:\nInfo|  • arms turned\n\
                        Warning|Export: Not carried:\nWarning|  • IK gone\n\
                        Warning|  • soft bodies gone";
        assert_eq!(got.join("\n"), expected);
        assert!(report_lines(&[]).is_empty());
    }

    #[test]
    fn the_worker_writes_the_file_and_returns_the_report() {
        let model = crate::pmx::builder::sample_rig();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sample.glb");
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let mut progress = Progress {
            report: &mut |_| {},
            cancel: &cancel,
        };
        let sources = Sources::new(&model, None, &path);
        let notes = run(&sources, &Options::default(), &mut progress).unwrap();
        assert!(std::fs::read(&path).unwrap().starts_with(b"glTF"));
        assert!(
            !notes.is_empty(),
            "the sample rig has IK and physics, not carried"
        );
        // A VRM without an author fails and writes nothing.
        let vrm = dir.path().join("sample.vrm");
        let sources = Sources::new(&model, None, &vrm);
        assert!(run(&sources, &Options::default(), &mut progress).is_err());
        assert!(!vrm.exists());
    }
}
