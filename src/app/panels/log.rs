//! Messages: loading, warnings from the reader, missing textures, save results.

use eframe::egui;

use crate::app::{LogLevel, State};
use crate::tr;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal(|ui| {
        if ui.button(tr!("log-clear")).clicked() {
            state.log.clear();
        }
        ui.weak(tr!("log-count", count = state.log.len()));
    });
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (level, msg) in &state.log {
                let (icon, color) = match level {
                    LogLevel::Info => ("ℹ", ui.visuals().text_color()),
                    LogLevel::Warning => ("⚠", egui::Color32::from_rgb(230, 180, 60)),
                    LogLevel::Error => ("⛔", egui::Color32::from_rgb(240, 90, 90)),
                };
                ui.colored_label(color, format!("{icon} {msg}"));
            }
        });
}
