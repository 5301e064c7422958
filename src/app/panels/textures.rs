//! The texture table: paths materials refer to by index.

use eframe::egui;

use super::context_menu::{row_menu, MenuCx};
use super::structure::{self, selected_in, toolbar};
use super::{index_order, label, list_grid, Rows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    let State {
        doc,
        selection,
        selected,
        commands,
        panels,
        ..
    } = state;
    let model = doc.model();
    let kind = ElementKind::Texture;
    let sel = selected_in(*selection, selected, kind);
    let mut request = toolbar(ui, model, kind, &sel);
    let order = index_order(model.textures.len());
    let rows = Rows::of(*selection, selected, panels.reveal_selection, &order);
    list_grid(ui, egui::ScrollArea::vertical(), "textures_grid", 2, |ui| {
        for (i, path) in model.textures.iter().enumerate() {
            let r = rows.row(ui, commands, Selection::Texture(i), label(i, path));
            let cx = MenuCx {
                model,
                kind,
                active: *selection,
                selected: &sel,
                commands,
            };
            if let Some(q) = row_menu(&r, cx) {
                request = Some(q);
            }
            let users = users(model, i);
            ui.label(egui::RichText::new(format!("{users} materials")).weak());
            ui.end_row();
        }
    });
    request = request.or(rows.take_drop());
    if let Some(q) = request {
        structure::perform(state, q);
    }
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
