//! The texture table: paths materials refer to by index, with a search box.

use eframe::egui;

use super::{column, label, show_view_list, ListRows};
use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let textures = &view.model.textures;
        let mut list = ListRows::search(ui, view, commands, local, ElementKind::Texture);
        list.show_rows(ui, egui::ScrollArea::vertical(), |list, ui, i| {
            let left = ui.cursor().min.x;
            let cells = |ui: &mut egui::Ui| {
                column(ui, left, 260.0);
                let users = users(view.model, i);
                ui.label(egui::RichText::new(tr!("textures-users", count = users)).weak());
            };
            list.full_row(ui, Selection::Texture(i), label(i, &textures[i]), cells);
        });
        list.finish()
    });
}

/// How many materials use texture `index` (as texture, sphere or toon).
pub fn users(model: &crate::pmx::Model, index: usize) -> usize {
    let t = index as i32;
    model
        .materials
        .iter()
        .filter(|m| {
            m.texture == t
                || m.sphere_texture == t
                || matches!(m.toon, crate::pmx::Toon::Texture(x) if x == t)
        })
        .count()
}
