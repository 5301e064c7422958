//! File ▸ Bake motion…: the `bake` output operation ([`crate::ops::bake`]) on the loaded
//! motion, on a worker thread with a progress bar and Cancel; the result lines go to the
//! Log. Its menu entry, file filter and suggested name come from the declaration. It reads
//! a [`View`] and logs through [`Commands`]; the job lives in egui memory and the model
//! and motion are copied to the worker, so nothing here touches the document.

use std::path::PathBuf;

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::files::job::{Job, JobError};
use crate::app::view::View;
use crate::app::LogLevel;
use crate::ops::output::{OutputOperation, Progress, Sources};
use crate::ops::{Options, Selection};

const OP: &OutputOperation = &crate::ops::bake::OP;

/// One bake in progress: its outcome is the lines for the Log.
#[derive(Clone)]
struct Running(Job<Vec<String>>);

fn id() -> egui::Id {
    egui::Id::new("bake_motion")
}

/// The File menu's entry: enabled while a motion is loaded and no bake runs.
pub fn menu_item(ui: &mut egui::Ui, view: &View) {
    let running = ui.ctx().data(|d| d.get_temp::<Running>(id())).is_some();
    let enabled = view.playback.motion.is_some() && !running;
    let button = ui
        .add_enabled(enabled, egui::Button::new(OP.title()))
        .on_disabled_hover_text(crate::tr!("bake-menu-needs-motion"));
    if !button.clicked() {
        return;
    }
    ui.close();
    let stem = view
        .playback
        .motion
        .as_ref()
        .map(|m| m.name.trim_end_matches(".vmd").to_string())
        .unwrap_or_else(|| "motion".into());
    let request = crate::app::files::picker::PickRequest {
        purpose: crate::app::files::picker::Purpose::BakeOutput,
        title: OP.title(),
        filters: vec![(crate::tr!("filter-vmd-motion"), vec!["vmd", "VMD"])],
        save_name: Some(format!("{stem}{}.{}", OP.file_suffix, OP.extensions[0])),
        directory: view.doc.base_dir().map(std::path::Path::to_path_buf),
    };
    crate::app::files::picker::ask(ui.ctx(), request);
}

/// Starts a bake of the loaded motion into `output` with the operation's `options`
/// (the menu passes its defaults; tests others).
pub fn start(ctx: &egui::Context, view: &View, output: PathBuf, options: Options) {
    let Some(motion) = view.playback.motion.as_ref() else {
        return;
    };
    let model = view.model.clone();
    let model_dir = view.doc.base_dir().map(std::path::Path::to_path_buf);
    let vmd = motion.vmd.clone();
    let job = Job::start("bake", Some(ctx.clone()), move |progress| {
        let mut sources = Sources::new(&model, model_dir.as_deref(), &output);
        sources.motion = Some(&vmd);
        let mut progress = Progress {
            report: &mut |p: f32| progress.share(p),
            cancel: progress.cancel_flag(),
        };
        OP.run_and_write(&sources, &Selection::default(), &options, &mut progress)
            .map(|written| written.lines)
            .map_err(|e| JobError::Failed(e.to_string()))
    });
    ctx.data_mut(|d| d.insert_temp(id(), Running(job)));
}

/// Whether a bake is running.
pub fn is_running(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<Running>(id())).is_some()
}

/// The progress window while a bake runs, and its result into the Log when it ends
/// (every frame, from the shell).
pub fn show(ctx: &egui::Context, commands: &mut Commands) {
    let Some(Running(job)) = ctx.data(|d| d.get_temp::<Running>(id())) else {
        return;
    };
    if let Some(outcome) = job.poll() {
        ctx.data_mut(|d| d.remove::<Running>(id()));
        match outcome {
            Ok(lines) => {
                for line in lines {
                    commands.log(LogLevel::Info, line);
                }
            }
            // A cancelled bake says so as its error (the core stops with one).
            Err(JobError::Failed(e)) => {
                commands.log(LogLevel::Error, crate::tr!("bake-failed", error = e))
            }
            Err(JobError::Cancelled) => {}
        }
        return;
    }
    let progress = job.progress() as f32 / 1000.0;
    egui::Window::new(crate::tr!("bake-title"))
        .id(id())
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.add(egui::ProgressBar::new(progress).show_percentage());
            if job.cancelling() {
                ui.label(crate::tr!("bake-cancelling"));
            } else if ui.button(crate::tr!("bake-cancel")).clicked() {
                job.cancel();
            }
        });
}
