//! The "Simulation" tab: play / pause / step / reset, the motion timeline and
//! the world settings. What the buttons do is described in [`crate::app::timeline`].

use eframe::egui;

use crate::app::commands::{Command, Commands, PlaybackCommand as P};
use crate::app::{PanelState, View};
use crate::tr;

/// The name of pipeline stage `stage` (the order of the timings' `us`).
fn stage_label(stage: usize) -> String {
    match stage {
        0 => tr!("sim-stage-morphs"),
        1 => tr!("sim-stage-bones"),
        2 => tr!("sim-stage-kinematic"),
        3 => tr!("sim-stage-physics"),
        4 => tr!("sim-stage-write-back"),
        5 => tr!("sim-stage-after-physics"),
        6 => tr!("sim-stage-skinning"),
        7 => tr!("sim-stage-soft-bodies"),
        _ => tr!("sim-stage-normals"),
    }
}

/// The tab: reads the pose, playback and simulation through `view`; every change
/// (transport, settings, selection, probes) is a command.
pub fn show(ui: &mut egui::Ui, view: &View, tx: &mut Commands, local: &mut PanelState) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            controls(ui, view, tx);
            ui.separator();
            motion(ui, view, tx, local);
            ui.separator();
            plots(ui, view, tx);
            ui.separator();
            stability(ui, view, tx);
            ui.separator();
            settings(ui, view, tx);
            ui.separator();
            timings(ui, view);
        });
}

fn controls(ui: &mut egui::Ui, view: &View, tx: &mut Commands) {
    ui.horizontal_wrapped(|ui| {
        let pb = view.playback;
        if pb.playing {
            if ui.button(format!("⏸ {}", tr!("sim-pause"))).clicked() {
                tx.push(Command::Playback(P::Pause));
            }
        } else if ui.button(format!("▶ {}", tr!("sim-play"))).clicked() {
            tx.push(Command::Playback(P::Play));
        }
        if ui
            .button(format!("⏭ {}", tr!("sim-step")))
            .on_hover_text(tr!("sim-step-tip"))
            .clicked()
        {
            tx.push(Command::Playback(P::Step));
        }
        if ui
            .button(format!("⟲ {}", tr!("sim-reset")))
            .on_hover_text(tr!("sim-reset-tip"))
            .clicked()
        {
            tx.push(Command::Playback(P::Reset));
        }
        ui.separator();
        let mut on = view.pose.physics_enabled();
        if ui.checkbox(&mut on, tr!("sim-physics-on")).changed() {
            tx.push(Command::Physics(on));
        }
    });
}

fn motion(ui: &mut egui::Ui, view: &View, tx: &mut Commands, local: &mut PanelState) {
    let Some(m) = &view.playback.motion else {
        ui.horizontal(|ui| {
            ui.label(tr!("sim-no-motion"));
            load_button(ui, local);
        });
        ui.weak(tr!("sim-no-motion-hint"));
        return;
    };
    let name = m.name.clone();
    let unknown =
        m.report.unknown_bones.len() + m.report.unknown_morphs.len() + m.report.unknown_ik.len();
    let last = m.last_frame();
    let mut unload = false;
    ui.horizontal(|ui| {
        ui.strong(&name);
        if unknown > 0 {
            ui.colored_label(
                egui::Color32::from_rgb(230, 180, 60),
                format!("⚠ {}", tr!("sim-unknown-names", count = unknown)),
            );
        }
        load_button(ui, local);
        unload = ui.button(tr!("sim-unload")).clicked();
    });
    if unload {
        tx.push(Command::UnloadMotion);
        return;
    }
    let pb = view.playback;
    let mut frame = pb.frame;
    ui.horizontal(|ui| {
        ui.spacing_mut().slider_width = (ui.available_width() - 120.0).max(80.0);
        let r = ui.add(
            egui::Slider::new(&mut frame, 0.0..=last as f32)
                .step_by(1.0)
                .show_value(false)
                .text(tr!("sim-frame")),
        );
        if r.changed() {
            tx.push(Command::Playback(P::Seek(frame.round())));
        }
    });
    ui.horizontal(|ui| {
        ui.label(format!("{} / {}", pb.frame.floor() as u32, last));
        ui.separator();
        let mut looping = pb.looping;
        if ui.checkbox(&mut looping, tr!("sim-loop")).changed() {
            tx.push(Command::Playback(P::Looping(looping)));
        }
        let mut speed = pb.speed;
        let r = ui.add(
            egui::Slider::new(&mut speed, 0.25..=2.0)
                .step_by(0.25)
                .text(tr!("sim-speed")),
        );
        if r.changed() {
            tx.push(Command::Playback(P::Speed(speed)));
        }
    });
    ui.horizontal(|ui| {
        let mut on = pb.reset_at.is_some();
        let mut at = pb.reset_at.unwrap_or(0);
        ui.checkbox(&mut on, tr!("sim-reset-at"))
            .on_hover_text(tr!("sim-reset-at-tip"));
        ui.add_enabled(on, egui::DragValue::new(&mut at).range(0..=last));
        let reset_at = on.then_some(at);
        if reset_at != pb.reset_at {
            tx.push(Command::Playback(P::ResetAt(reset_at)));
        }
    });
    ui.weak(tr!("sim-seek-note"));
}

/// Bodies that stretch, spin or oscillate since the last reset, each selectable.
fn stability(ui: &mut egui::Ui, view: &View, tx: &mut Commands) {
    ui.strong(tr!("sim-stability"));
    let Some(watch) = view.pose.sim().and_then(|s| s.stability()) else {
        ui.weak(tr!("sim-stability-off"));
        return;
    };
    let limits = crate::sim::StabilityLimits::default();
    let troubles = watch.troubles(view.model, &limits);
    if troubles.is_empty() {
        ui.label(format!("✔ {}", tr!("sim-stable")));
    }
    let mut pick = None;
    for t in &troubles {
        ui.horizontal_wrapped(|ui| {
            let this = crate::app::Selection::RigidBody(t.body);
            let label = format!("⚠ {} {}", t.body, t.name);
            if ui
                .selectable_label(view.selection == this, label)
                .on_hover_text(tr!("sim-select-body"))
                .clicked()
            {
                pick = Some(this);
            }
            ui.label(t.describe());
        });
    }
    if let Some(this) = pick {
        tx.select(this);
    }
    ui.weak(tr!(
        "sim-limits",
        stretch = format!("{:.1}", limits.stretch),
        spin = format!("{:.0}", limits.spin),
        reversals = format!("{:.0}", limits.reversals_per_second)
    ));
}

/// At most this many selected bones or bodies are plotted: more lines cannot be told apart.
pub(crate) const PLOTTED: usize = 8;

/// Seconds the plots show until the rigger chooses otherwise.
pub(crate) const PLOT_SECONDS: f32 = 10.0;

/// Swing, speed and distance from the bone of the selected bones and rigid bodies over the
/// last seconds, so a rigger sees which body lags, oscillates or stretches.
fn plots(ui: &mut egui::Ui, view: &View, tx: &mut Commands) {
    use crate::sim::ProbeTarget;
    egui::CollapsingHeader::new(tr!("sim-plots"))
        .id_salt("sim_plots")
        .default_open(true)
        .show(ui, |ui| {
            let Some(sim) = view.pose.sim() else {
                ui.weak(tr!("sim-plots-off"));
                return;
            };
            let (targets, names) = view.plot_targets(PLOTTED);
            let seconds_id = ui.id().with("seconds");
            let mut seconds: f32 =
                ui.data_mut(|d| *d.get_persisted_mut_or(seconds_id, PLOT_SECONDS));
            ui.horizontal(|ui| {
                ui.label(tr!("sim-plots-seconds"));
                ui.add(egui::Slider::new(&mut seconds, 2.0..=60.0).step_by(1.0));
            });
            ui.data_mut(|d| d.insert_persisted(seconds_id, seconds));
            let frames = crate::app::State::plot_frames(seconds);
            let current: Vec<ProbeTarget> = sim
                .probe()
                .map(|p| p.targets().collect())
                .unwrap_or_default();
            let capacity = sim.probe().map_or(0, |p| p.capacity());
            if current != targets || (!targets.is_empty() && capacity != frames) {
                tx.push(Command::Probe {
                    targets: targets.clone(),
                    frames,
                });
            }
            if targets.is_empty() {
                ui.weak(tr!("sim-plots-hint"));
                return;
            }
            let Some(probe) = sim.probe().filter(|_| current == targets) else {
                return;
            };
            type Pick = fn(&crate::sim::Sample) -> Option<f32>;
            let figures: [(String, Pick); 3] = [
                (tr!("sim-plot-swing"), |s| Some(s.swing_deg)),
                (tr!("sim-plot-speed"), |s| Some(s.speed)),
                (tr!("sim-plot-distance"), |s| s.distance),
            ];
            for (k, (label, pick)) in figures.into_iter().enumerate() {
                let mut plot = egui_plot::Plot::new(("sim_plot", k))
                    .height(120.0)
                    .link_axis("sim_plots", [true, false])
                    .y_axis_label(label)
                    .include_y(0.0)
                    .allow_scroll(false);
                if k == 0 {
                    // One legend: the colours are the same below.
                    plot = plot.legend(egui_plot::Legend::default());
                }
                plot.show(ui, |plot_ui| {
                    for (series, name) in probe.series().iter().zip(&names) {
                        let points: egui_plot::PlotPoints = series
                            .samples()
                            .filter_map(|s| Some([s.time as f64, pick(s)? as f64]))
                            .collect();
                        plot_ui.line(egui_plot::Line::new(name.clone(), points));
                    }
                });
            }
            ui.weak(tr!("sim-plots-note"));
        });
}

fn load_button(ui: &mut egui::Ui, local: &mut PanelState) {
    if ui.button(tr!("sim-load-motion")).clicked() {
        local.pick = Some(crate::app::files::picker::PickRequest {
            purpose: crate::app::files::picker::Purpose::LoadMotion,
            title: tr!("files-title-motion"),
            filters: vec![(tr!("sim-vmd-filter"), vec!["vmd", "VMD"])],
            save_name: None,
            directory: None,
        });
    }
}

fn settings(ui: &mut egui::Ui, view: &View, tx: &mut Commands) {
    ui.strong(tr!("sim-world"));
    let before = *view.pose.physics_config();
    let mut c = before;
    let mut warm_up = view.playback.warm_up_seconds;
    egui::Grid::new("sim_settings")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(tr!("sim-gravity"));
            ui.horizontal(|ui| {
                ui.add(
                    egui::DragValue::new(&mut c.gravity.x)
                        .speed(0.5)
                        .prefix("x "),
                );
                ui.add(
                    egui::DragValue::new(&mut c.gravity.y)
                        .speed(0.5)
                        .prefix("y "),
                );
                ui.add(
                    egui::DragValue::new(&mut c.gravity.z)
                        .speed(0.5)
                        .prefix("z "),
                );
            });
            ui.end_row();
            // Shown as a rate: 120 reads better than 0.008333.
            let mut rate = (1.0 / c.substep).round();
            ui.label(tr!("sim-substeps"));
            if ui
                .add(
                    egui::DragValue::new(&mut rate)
                        .range(30.0..=960.0)
                        .speed(1.0),
                )
                .on_hover_text(tr!("sim-substeps-tip"))
                .changed()
            {
                c.substep = 1.0 / rate;
            }
            ui.end_row();
            ui.label(tr!("sim-substep-cap"));
            ui.add(egui::DragValue::new(&mut c.max_substeps).range(1..=64))
                .on_hover_text(tr!("sim-substep-cap-tip"));
            ui.end_row();
            ui.label(tr!("sim-warm-up"));
            ui.add(
                egui::DragValue::new(&mut warm_up)
                    .range(0.0..=10.0)
                    .speed(0.05),
            );
            ui.end_row();
        });
    if !c.gravity.is_finite() {
        c.gravity = before.gravity;
    }
    if ui.button(tr!("sim-defaults")).clicked() {
        c = Default::default();
        warm_up = 0.0;
    }
    if c != before {
        tx.push(Command::SetPhysicsConfig(c));
    }
    if warm_up != view.playback.warm_up_seconds {
        tx.push(Command::Playback(P::WarmUp(warm_up)));
    }
}

fn timings(ui: &mut egui::Ui, view: &View) {
    let Some(sim) = view.pose.sim() else {
        ui.weak(tr!("sim-timings-off"));
        return;
    };
    ui.strong(tr!("sim-last-frame"));
    let t = sim.times();
    egui::Grid::new("sim_timings")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (stage, us) in t.us.into_iter().enumerate() {
                ui.label(stage_label(stage));
                ui.monospace(format!("{:8.3} ms", us / 1000.0));
                ui.end_row();
            }
            ui.strong(tr!("sim-total"));
            ui.monospace(format!("{:8.3} ms", t.total() / 1000.0));
            ui.end_row();
        });
}
