//! File ▸ Bake motion…: bakes the loaded motion's physics into a VMD on a worker thread
//! (`hone_core::motion::bake`, the options `hone bake` fills), with a progress bar and
//! Cancel; the result lines go to the Log. The job lives in egui memory; the model and
//! motion are copied to the worker, so nothing here touches the document.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use eframe::egui;

use crate::app::{LogLevel, State};
use crate::motion::bake::{bake, BakeOptions};

/// One bake in progress, shared with its worker.
#[derive(Default)]
struct Job {
    /// Progress 0..=1 as f32 bits.
    progress: AtomicU32,
    cancel: AtomicBool,
    /// The worker's outcome: the lines for the Log, or the error.
    done: Mutex<Option<Result<Vec<String>, String>>>,
}

#[derive(Clone)]
struct Running(Arc<Job>);

fn id() -> egui::Id {
    egui::Id::new("bake_motion")
}

/// The File menu's entry: enabled while a motion is loaded and no bake runs.
pub fn menu_item(ui: &mut egui::Ui, state: &mut State) {
    let running = ui.ctx().data(|d| d.get_temp::<Running>(id())).is_some();
    let enabled = state.playback().motion.is_some() && !running;
    let button = ui
        .add_enabled(enabled, egui::Button::new(crate::tr!("bake-menu")))
        .on_disabled_hover_text(crate::tr!("bake-menu-needs-motion"));
    if !button.clicked() {
        return;
    }
    ui.close();
    let stem = state
        .playback()
        .motion
        .as_ref()
        .map(|m| m.name.trim_end_matches(".vmd").to_string())
        .unwrap_or_else(|| "motion".into());
    state.panels.pick = Some(crate::app::files::picker::PickRequest {
        purpose: crate::app::files::picker::Purpose::BakeOutput,
        title: crate::tr!("bake-menu"),
        filters: vec![(crate::tr!("filter-vmd-motion"), vec!["vmd", "VMD"])],
        save_name: Some(format!("{stem}_baked.vmd")),
        directory: state.doc.base_dir().map(std::path::Path::to_path_buf),
    });
}

/// Starts a bake of the loaded motion into `output` (the menu, tests).
pub fn start(ctx: &egui::Context, state: &mut State, output: PathBuf, options: BakeOptions) {
    let Some(motion) = state.playback().motion.as_ref() else {
        return;
    };
    let model = state.doc.model().clone();
    let vmd = motion.vmd.clone();
    let job = Arc::new(Job::default());
    let worker = job.clone();
    let repaint = ctx.clone();
    let spawned = std::thread::Builder::new()
        .name("bake".into())
        .spawn(move || {
            let mut progress = |p: f32| {
                worker.progress.store(p.to_bits(), Ordering::Relaxed);
                repaint.request_repaint();
            };
            let outcome = bake(&model, &vmd, &options, &mut progress, &worker.cancel)
                .map_err(|e| e.to_string())
                .and_then(|(out, report)| {
                    crate::motion::save_vmd(&out, &output)
                        .map_err(|e| format!("{}: {e}", output.display()))?;
                    Ok(crate::cli::bake::report_lines(&report, &output))
                });
            *worker.done.lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
            repaint.request_repaint();
        });
    match spawned {
        Ok(_) => ctx.data_mut(|d| {
            d.insert_temp(id(), Running(job));
        }),
        Err(e) => state.log(LogLevel::Error, e.to_string()),
    }
}

/// Whether a bake is running.
pub fn is_running(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<Running>(id())).is_some()
}

/// The progress window while a bake runs, and its result into the Log when it ends
/// (every frame, from the shell).
pub fn show(ctx: &egui::Context, state: &mut State) {
    let Some(Running(job)) = ctx.data(|d| d.get_temp::<Running>(id())) else {
        return;
    };
    let finished = job.done.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(outcome) = finished {
        ctx.data_mut(|d| d.remove::<Running>(id()));
        match outcome {
            Ok(lines) => {
                for line in lines {
                    state.log(LogLevel::Info, line);
                }
            }
            Err(e) => state.log(LogLevel::Error, crate::tr!("bake-failed", error = e)),
        }
        return;
    }
    let progress = f32::from_bits(job.progress.load(Ordering::Relaxed));
    egui::Window::new(crate::tr!("bake-title"))
        .id(id())
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.add(egui::ProgressBar::new(progress).show_percentage());
            if job.cancel.load(Ordering::Relaxed) {
                ui.label(crate::tr!("bake-cancelling"));
            } else if ui.button(crate::tr!("bake-cancel")).clicked() {
                job.cancel.store(true, Ordering::Relaxed);
            }
        });
}
