//! Dock panels. Each reads the model through [`State`](crate::app::State) and
//! pushes [`Command`](crate::app::commands::Command)s (edits, selection, pose);
//! none mutates the model or the selection directly.

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::Selection;

pub mod bones;
pub mod collision_matrix;
pub mod deform_order;
pub mod history;
pub mod inspector;
pub mod log;
pub mod materials;
pub mod morphs;
pub mod physics;
pub mod problems;
pub mod simulation;
pub mod soft_bodies;

/// `#index name` for lists and reference pickers.
pub fn label(index: usize, name: &str) -> String {
    format!("#{index} {name}")
}

/// A list entry that selects `this` when clicked and scrolls into view while
/// `reveal` is set (the selection changed outside this list).
pub fn select_row(
    ui: &mut egui::Ui,
    current: Selection,
    commands: &mut Commands,
    reveal: bool,
    this: Selection,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    let selected = current == this;
    let r = ui.selectable_label(selected, text);
    if selected && reveal {
        r.scroll_to_me(Some(egui::Align::Center));
    }
    if r.clicked() {
        commands.select_in_list(this);
    }
    r
}

/// A striped grid of `columns` inside `scroll`, filling the panel.
pub fn list_grid(
    ui: &mut egui::Ui,
    scroll: egui::ScrollArea,
    id: &str,
    columns: usize,
    rows: impl FnOnce(&mut egui::Ui),
) {
    scroll.auto_shrink([false, false]).show(ui, |ui| {
        egui::Grid::new(id)
            .striped(true)
            .num_columns(columns)
            .show(ui, rows);
    });
}

/// A search box with a clear button.
pub fn search_box(ui: &mut egui::Ui, text: &mut String, hint: &str) {
    ui.horizontal(|ui| {
        let label = ui.label("🔍").on_hover_text(hint);
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text(hint)
                .desired_width(ui.available_width() - 28.0),
        )
        .labelled_by(label.id)
        .widget_info(|| {
            let mut info = egui::WidgetInfo::text_edit(true, "", "", hint);
            info.label = Some(hint.to_owned());
            info
        });
        if ui.small_button("✖").on_hover_text("Clear").clicked() {
            text.clear();
        }
    });
}

pub fn matches(query: &str, names: &[&str]) -> bool {
    if query.is_empty() {
        return true;
    }
    let q = query.to_lowercase();
    names.iter().any(|n| n.to_lowercase().contains(&q))
}
