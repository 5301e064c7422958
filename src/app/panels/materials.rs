//! Materials in draw order, with a visibility toggle (a view setting, not an edit).

use eframe::egui;

use super::{label, list_grid, show_view_list, ListRows};
use crate::app::commands::{Command, Commands};
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    ui.horizontal(|ui| {
        if ui.button(tr!("materials-show-all")).clicked() {
            commands.push(Command::ShowMaterial(None, true));
        }
        if ui.button(tr!("materials-hide-all")).clicked() {
            commands.push(Command::ShowMaterial(None, false));
        }
    });
    // A checkbox click, sent once the list is drawn (visibility is a view
    // setting, not a model edit).
    let mut toggled = None;
    show_view_list(ui, view, commands, local, |ui, view, commands, _| {
        let model = view.model;
        let mut list = ListRows::indexed(view, commands, ElementKind::Material);
        list.toolbar(ui);
        list_grid(
            ui,
            egui::ScrollArea::vertical(),
            "materials_grid",
            4,
            |ui| {
                for (i, m) in model.materials.iter().enumerate() {
                    if let Some(&shown) = view.material_visible.get(i) {
                        let mut v = shown;
                        let r = ui.checkbox(&mut v, "");
                        if r.on_hover_text(tr!("materials-show-tip")).changed() {
                            toggled = Some((i, v));
                        }
                    }
                    let d = m.diffuse;
                    let (rect, swatch) =
                        ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                    // A round swatch with an outline: a white square read as an unticked
                    // checkbox beside the visibility one.
                    let colour = egui::Rgba::from_rgb(
                        d.x.clamp(0.0, 1.0),
                        d.y.clamp(0.0, 1.0),
                        d.z.clamp(0.0, 1.0),
                    );
                    let outline = ui.visuals().widgets.noninteractive.fg_stroke;
                    ui.painter().circle(rect.center(), 5.5, colour, outline);
                    swatch.on_hover_text(tr!("materials-diffuse-tip"));
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
        commands.push(Command::ShowMaterial(Some(i), v));
    }
}
