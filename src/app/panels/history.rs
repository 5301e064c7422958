//! The undo stack; click an entry to jump there.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::{PanelState, View};
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, _: &mut PanelState) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                view.doc.history.can_undo(),
                egui::Button::new(tr!("history-undo")),
            )
            .clicked()
        {
            commands.push(Command::Undo);
        }
        if ui
            .add_enabled(
                view.doc.history.can_redo(),
                egui::Button::new(tr!("history-redo")),
            )
            .clicked()
        {
            commands.push(Command::Redo);
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
