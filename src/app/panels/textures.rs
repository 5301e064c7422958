//! The texture table: paths materials refer to by index, with a search box.

use eframe::egui;

use super::{column, label, search_box, show_view_list, virtual_rows, ListRows};
use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    search_box(ui, &mut local.texture_search, &tr!("lists-search-textures"));
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let model = view.model;
        let textures = &model.textures;
        let mut list = ListRows::searched(
            view,
            commands,
            ElementKind::Texture,
            &local.texture_search,
            |i| [textures[i].as_str(), ""],
        );
        list.toolbar(ui);
        let reveal = list.reveal_at();
        let scroll = egui::ScrollArea::vertical();
        virtual_rows(ui, scroll, list.rows.order.len(), reveal, |ui, k| {
            let i = list.rows.order[k];
            let left = ui.cursor().min.x;
            let cells = |ui: &mut egui::Ui| {
                column(ui, left, 260.0);
                let users = users(model, i);
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
