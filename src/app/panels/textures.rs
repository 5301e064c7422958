//! The texture table: paths materials refer to by index.

use eframe::egui;

use super::{label, list_grid, show_list, ListRows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    show_list(ui, state, |ui, state, commands| {
        let model = state.doc.model();
        let mut list = ListRows::indexed(state, commands, ElementKind::Texture);
        list.toolbar(ui);
        list_grid(ui, egui::ScrollArea::vertical(), "textures_grid", 2, |ui| {
            for (i, path) in model.textures.iter().enumerate() {
                list.row(ui, Selection::Texture(i), label(i, path));
                let users = users(model, i);
                ui.label(egui::RichText::new(tr!("textures-users", count = users)).weak());
                ui.end_row();
            }
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
