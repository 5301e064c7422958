//! Dock panels. Each reads the model through [`State`](crate::app::State) and
//! pushes [`Command`](crate::app::commands::Command)s (edits, selection, pose);
//! none mutates the model or the selection directly.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::selection::ClickMods;
use crate::app::{Selected, Selection};

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
pub mod weights;

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

/// How a list shows the selection: the active element, those selected with it,
/// and the list's display order (Shift-click selects a range in that order).
pub struct Rows<'a> {
    pub active: Selection,
    pub selected: &'a Selected,
    /// Scroll to the active element (it was selected outside this list).
    pub reveal: bool,
    pub order: &'a [usize],
}

impl<'a> Rows<'a> {
    /// The rows of `state`'s selection for a list shown in `order`.
    pub fn of(active: Selection, selected: &'a Selected, reveal: bool, order: &'a [usize]) -> Self {
        Rows {
            active,
            selected,
            reveal,
            order,
        }
    }

    /// A list entry for `this`: highlighted when selected; a click selects it,
    /// Ctrl+click adds or removes it, Shift+click selects the range from the last
    /// clicked one; a right-click on an unselected entry selects it (so its context
    /// menu acts on it). Scrolls into view while `reveal` is set.
    pub fn row(
        &self,
        ui: &mut egui::Ui,
        commands: &mut Commands,
        this: Selection,
        text: impl Into<egui::WidgetText>,
    ) -> egui::Response {
        let selected = self.selected.contains(self.active, this);
        let r = ui.selectable_label(selected, text);
        if this == self.active && self.reveal {
            r.scroll_to_me(Some(egui::Align::Center));
        }
        if r.clicked() {
            let mods = ClickMods::from_egui(ui.input(|i| i.modifiers));
            if mods == ClickMods::default() {
                commands.select_in_list(this);
            } else {
                let (active, selected) = self.selected.click(self.active, this, mods, self.order);
                commands.push(Command::SelectSet {
                    active,
                    selected,
                    reveal: false,
                });
            }
        }
        if r.secondary_clicked() && !selected {
            commands.select_in_list(this);
        }
        r
    }
}

/// `0..len`, the display order of a list shown by index.
pub fn index_order(len: usize) -> Vec<usize> {
    (0..len).collect()
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
