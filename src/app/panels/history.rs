//! The undo stack; click an entry to jump there.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::{PanelState, View};
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, _: &mut PanelState) {
    let history = &view.doc.history;
    let buttons = [
        (history.can_undo(), "history-undo", Command::Undo),
        (history.can_redo(), "history-redo", Command::Redo),
    ];
    ui.horizontal(|ui| {
        for (enabled, key, command) in buttons {
            if ui
                .add_enabled(enabled, egui::Button::new(tr!(key)))
                .clicked()
            {
                commands.push(command);
            }
        }
    });
    let head = view.doc.history.head();
    // A restored copy is unsaved from its first line on.
    let recovered = view.doc.is_recovered();
    let saved = view.doc.history.saved_head().filter(|_| !recovered);
    let labels: Vec<&str> = view.doc.history.entries().map(|e| e.label).collect();
    let mut jump = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let saved_mark = tr!("history-saved-mark");
            let mark = |i: usize| {
                if saved == Some(i) {
                    saved_mark.as_str()
                } else {
                    ""
                }
            };
            if ui
                .selectable_label(
                    head == 0,
                    format!(
                        "{}{}",
                        tr!(if recovered {
                            "history-restored"
                        } else {
                            "history-opened"
                        }),
                        mark(0)
                    ),
                )
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
        commands.push(Command::GoTo(i));
    }
}
