//! Materials in draw order, with a visibility toggle (a view setting, not an edit).

use eframe::egui;

use super::context_menu::{row_menu, MenuCx};
use super::structure::{self, selected_in, toolbar};
use super::{index_order, label, list_grid, Rows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal(|ui| {
        if ui.button("Show all").clicked() {
            state.material_visible.fill(true);
        }
        if ui.button("Hide all").clicked() {
            state.material_visible.fill(false);
        }
    });
    let State {
        doc,
        selection,
        selected,
        commands,
        panels,
        material_visible,
        ..
    } = state;
    let model = doc.model();
    let order = index_order(model.materials.len());
    let rows = Rows::of(*selection, selected, panels.reveal_selection, &order);
    let kind = ElementKind::Material;
    let sel = selected_in(*selection, selected, kind);
    let mut request = toolbar(ui, model, kind, &sel);
    list_grid(
        ui,
        egui::ScrollArea::vertical(),
        "materials_grid",
        4,
        |ui| {
            for (i, m) in model.materials.iter().enumerate() {
                if let Some(v) = material_visible.get_mut(i) {
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
                let r = rows.row(ui, commands, Selection::Material(i), label(i, &m.name));
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
                let tex = usize::try_from(m.texture)
                    .ok()
                    .and_then(|t| model.textures.get(t))
                    .map_or("", String::as_str);
                ui.label(
                    egui::RichText::new(format!("{} faces  {tex}", m.face_index_count / 3)).weak(),
                );
                ui.end_row();
            }
        },
    );
    request = request.or(rows.take_drop());
    if let Some(q) = request {
        structure::perform(state, q);
    }
}
