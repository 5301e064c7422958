//! Messages: loading, warnings from the reader, missing textures, save results.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::{LogLevel, PanelState, View};
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, _: &mut PanelState) {
    ui.horizontal(|ui| {
        if ui.button(tr!("log-clear")).clicked() {
            commands.push(Command::ClearLog);
        }
        ui.weak(tr!("log-count", count = view.log.len()));
    });
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (level, msg) in view.log {
                let (icon, color) = match level {
                    LogLevel::Info => ("ℹ", ui.visuals().text_color()),
                    LogLevel::Warning => ("⚠", egui::Color32::from_rgb(230, 180, 60)),
                    LogLevel::Error => ("⛔", egui::Color32::from_rgb(240, 90, 90)),
                };
                ui.colored_label(color, format!("{icon} {msg}"));
            }
        });
}
