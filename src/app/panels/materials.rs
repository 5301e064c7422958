//! Materials in draw order, with a visibility toggle (a view setting, not an edit).

use eframe::egui;

use super::{label, list_grid, show_list, ListRows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal(|ui| {
        if ui.button(tr!("materials-show-all")).clicked() {
            state.material_visible.fill(true);
        }
        if ui.button(tr!("materials-hide-all")).clicked() {
            state.material_visible.fill(false);
        }
    });
    // A checkbox click, applied once the list is drawn (visibility is a view
    // setting, not a model edit).
    let mut toggled = None;
    show_list(ui, state, |ui, state, commands| {
        let model = state.doc.model();
        let mut list = ListRows::indexed(state, commands, ElementKind::Material);
        list.toolbar(ui);
        list_grid(
            ui,
            egui::ScrollArea::vertical(),
            "materials_grid",
            4,
            |ui| {
                for (i, m) in model.materials.iter().enumerate() {
                    if let Some(&shown) = state.material_visible.get(i) {
                        let mut v = shown;
                        let r = ui.checkbox(&mut v, "");
                        if r.on_hover_text(tr!("materials-show-tip")).changed() {
                            toggled = Some((i, v));
                        }
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
                    list.row(ui, Selection::Material(i), label(i, &m.name));
                    let tex = usize::try_from(m.texture)
                        .ok()
                        .and_then(|t| model.textures.get(t))
                        .map_or("", String::as_str);
                    let faces = tr!("materials-faces", count = m.face_index_count / 3);
                    let text = format!("{faces}  {tex}");
                    ui.label(egui::RichText::new(text).weak());
                    ui.end_row();
                }
            },
        );
        list.finish()
    });
    if let Some((i, v)) = toggled {
        if let Some(slot) = state.material_visible.get_mut(i) {
            *slot = v;
        }
    }
}
