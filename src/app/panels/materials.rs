//! Materials in draw order, with a visibility toggle (a view setting, not an edit).

use eframe::egui;

use super::{label, list_grid, select_row};
use crate::app::{Selection, State};

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal(|ui| {
        if ui.button("Show all").clicked() {
            state.material_visible.fill(true);
        }
        if ui.button("Hide all").clicked() {
            state.material_visible.fill(false);
        }
    });
    let reveal = state.panels.reveal_selection;
    list_grid(
        ui,
        egui::ScrollArea::vertical(),
        "materials_grid",
        4,
        |ui| {
            for (i, m) in state.doc.model().materials.iter().enumerate() {
                if let Some(v) = state.material_visible.get_mut(i) {
                    ui.checkbox(v, "").on_hover_text("Show in the viewport");
                }
                let d = m.diffuse;
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(
                    rect,
                    2.0,
                    egui::Rgba::from_rgb(
                        d.x.clamp(0.0, 1.0),
                        d.y.clamp(0.0, 1.0),
                        d.z.clamp(0.0, 1.0),
                    ),
                );
                let this = Selection::Material(i);
                select_row(
                    ui,
                    state.selection,
                    &mut state.commands,
                    reveal,
                    this,
                    label(i, &m.name),
                );
                let tex = usize::try_from(m.texture)
                    .ok()
                    .and_then(|t| state.doc.model().textures.get(t))
                    .map_or("", String::as_str);
                ui.label(
                    egui::RichText::new(format!("{} faces  {tex}", m.face_index_count / 3)).weak(),
                );
                ui.end_row();
            }
        },
    );
}
