//! The undo stack; click an entry to jump there.

use eframe::egui;

use crate::app::commands::Command;
use crate::app::State;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(state.doc.history.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            state.commands.push(Command::Undo);
        }
        if ui
            .add_enabled(state.doc.history.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            state.commands.push(Command::Redo);
        }
    });
    let head = state.doc.history.head();
    let saved = state.doc.history.saved_head();
    let labels: Vec<String> = state
        .doc
        .history
        .entries()
        .map(|e| e.label.to_owned())
        .collect();
    let mut jump = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mark = |i: usize| if saved == Some(i) { "  (saved)" } else { "" };
            if ui
                .selectable_label(head == 0, format!("Opened{}", mark(0)))
                .clicked()
            {
                jump = Some(0);
            }
            for (k, text) in labels.iter().enumerate() {
                let i = k + 1;
                let t = egui::RichText::new(format!("{i}. {text}{}", mark(i)));
                let t = if i > head { t.weak() } else { t };
                if ui.selectable_label(head == i, t).clicked() {
                    jump = Some(i);
                }
            }
        });
    if let Some(i) = jump {
        state.commands.push(Command::GoTo(i));
    }
}
