//! The "Simulation" tab: play / pause / step / reset, the motion timeline and
//! the world settings. What the buttons do is described in [`crate::app::timeline`].

use eframe::egui;

use crate::app::{timeline, State};

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            controls(ui, state);
            ui.separator();
            motion(ui, state);
            ui.separator();
            stability(ui, state);
            ui.separator();
            settings(ui, state);
            ui.separator();
            timings(ui, state);
        });
}

fn controls(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal_wrapped(|ui| {
        let pb = &mut state.playback;
        if pb.playing {
            if ui.button("⏸ Pause").clicked() {
                pb.pause();
            }
        } else if ui.button("▶ Play").clicked() {
            pb.play();
        }
        if ui
            .button("⏭ Step")
            .on_hover_text("Advance exactly one frame (1/30 s) and pause")
            .clicked()
        {
            pb.step();
        }
        if ui
            .button("⟲ Reset")
            .on_hover_text("Put every rigid body back on its bone")
            .clicked()
        {
            pb.request_reset();
        }
        ui.separator();
        let mut on = state.pose.physics_enabled();
        if ui.checkbox(&mut on, "physics on").changed() {
            state
                .commands
                .push(crate::app::commands::Command::Physics(on));
        }
    });
}

fn motion(ui: &mut egui::Ui, state: &mut State) {
    let Some(m) = &state.playback.motion else {
        ui.horizontal(|ui| {
            ui.label("No motion.");
            load_button(ui, state);
        });
        ui.weak("File › Load motion… or drop a .vmd on the window.");
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
                format!("⚠ {unknown} names not in the model (see Log)"),
            );
        }
        load_button(ui, state);
        unload = ui.button("Unload").clicked();
    });
    if unload {
        timeline::unload_motion(state);
        return;
    }
    let pb = &mut state.playback;
    let mut frame = pb.frame;
    ui.horizontal(|ui| {
        ui.spacing_mut().slider_width = (ui.available_width() - 120.0).max(80.0);
        let r = ui.add(
            egui::Slider::new(&mut frame, 0.0..=last as f32)
                .step_by(1.0)
                .show_value(false)
                .text("frame"),
        );
        if r.changed() {
            pb.seek(frame.round());
        }
    });
    ui.horizontal(|ui| {
        ui.label(format!("{} / {}", pb.frame.floor() as u32, last));
        ui.separator();
        ui.checkbox(&mut pb.looping, "loop");
        ui.add(
            egui::Slider::new(&mut pb.speed, 0.25..=2.0)
                .step_by(0.25)
                .text("speed ×"),
        );
    });
    ui.horizontal(|ui| {
        let mut on = pb.reset_at.is_some();
        let mut at = pb.reset_at.unwrap_or(0);
        ui.checkbox(&mut on, "reset physics at frame")
            .on_hover_text("Playing onto this frame puts every body back on its bone there");
        ui.add_enabled(on, egui::DragValue::new(&mut at).range(0..=last));
        pb.reset_at = on.then_some(at);
    });
    ui.weak("Seeking resets physics at the new frame, as MMD does.");
}

/// Bodies that stretch, spin or oscillate since the last reset, each selectable.
fn stability(ui: &mut egui::Ui, state: &mut State) {
    ui.strong("Stability");
    let Some(watch) = state.pose.sim().and_then(|s| s.stability()) else {
        ui.weak("Physics is off: misbehaving bodies are listed while it runs.");
        return;
    };
    let limits = crate::sim::StabilityLimits::default();
    let troubles = watch.troubles(state.doc.model(), &limits);
    if troubles.is_empty() {
        ui.label("✔ No body stretches, spins or oscillates since the last reset.");
    }
    let mut pick = None;
    for t in &troubles {
        ui.horizontal_wrapped(|ui| {
            let this = crate::app::Selection::RigidBody(t.body);
            let label = format!("⚠ {} {}", t.body, t.name);
            if ui
                .selectable_label(state.selection == this, label)
                .on_hover_text("Select this rigid body")
                .clicked()
            {
                pick = Some(this);
            }
            ui.label(t.describe());
        });
    }
    if let Some(this) = pick {
        state.select(this);
    }
    ui.weak(format!(
        "Limits: {:.1} units from the bone, {:.0} rad/s kept up, {:.0} reversals/s. \
         Reset (or warm-up) starts the watch over.",
        limits.stretch, limits.spin, limits.reversals_per_second
    ));
}

fn load_button(ui: &mut egui::Ui, state: &mut State) {
    if ui.button("Load motion…").clicked() {
        if let Some(p) = rfd::FileDialog::new()
            .add_filter("VMD motion", &["vmd", "VMD"])
            .pick_file()
        {
            timeline::load_motion_file(state, &p);
        }
    }
}

fn settings(ui: &mut egui::Ui, state: &mut State) {
    ui.strong("World");
    let mut c = *state.pose.physics_config();
    egui::Grid::new("sim_settings")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("gravity");
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
            ui.label("substeps per second");
            if ui
                .add(
                    egui::DragValue::new(&mut rate)
                        .range(30.0..=960.0)
                        .speed(1.0),
                )
                .on_hover_text("Fixed physics step (MMD runtimes: 60 per second)")
                .changed()
            {
                c.substep = 1.0 / rate;
            }
            ui.end_row();
            ui.label("substep cap per frame");
            ui.add(egui::DragValue::new(&mut c.max_substeps).range(1..=64))
                .on_hover_text("Time beyond the cap is dropped, as Bullet does");
            ui.end_row();
            ui.label("warm-up on reset (s)");
            ui.add(
                egui::DragValue::new(&mut state.playback.warm_up_seconds)
                    .range(0.0..=10.0)
                    .speed(0.05),
            );
            ui.end_row();
        });
    if !c.gravity.is_finite() {
        c.gravity = state.pose.physics_config().gravity;
    }
    state.pose.set_physics_config(state.doc.model(), c);
    if ui.button("Defaults").clicked() {
        state
            .pose
            .set_physics_config(state.doc.model(), Default::default());
        state.playback.warm_up_seconds = 0.0;
    }
}

fn timings(ui: &mut egui::Ui, state: &State) {
    let Some(sim) = state.pose.sim() else {
        ui.weak("Physics is off: frame timings show while it runs.");
        return;
    };
    ui.strong("Last frame");
    let t = sim.times();
    egui::Grid::new("sim_timings")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (label, us) in timeline::STAGE_LABELS.iter().zip(t.us) {
                ui.label(*label);
                ui.monospace(format!("{:8.3} ms", us / 1000.0));
                ui.end_row();
            }
            ui.strong("total");
            ui.monospace(format!("{:8.3} ms", t.total() / 1000.0));
            ui.end_row();
        });
}
