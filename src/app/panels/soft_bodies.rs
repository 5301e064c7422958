//! Soft bodies (PMX 2.1).

use eframe::egui;

use super::{label, list_grid, show_list, ListRows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    show_list(ui, state, |ui, state, commands| {
        let model = state.doc.model();
        let mut list = ListRows::indexed(state, commands, ElementKind::SoftBody);
        list.toolbar(ui);
        if model.soft_bodies.is_empty() {
            ui.weak(tr!("soft-bodies-none"));
        }
        list_grid(ui, egui::ScrollArea::vertical(), "soft_grid", 4, |ui| {
            for (i, sb) in model.soft_bodies.iter().enumerate() {
                list.row(ui, Selection::SoftBody(i), label(i, &sb.name));
                ui.label(super::terms::soft_shape_name(sb.shape));
                let material = usize::try_from(sb.material)
                    .ok()
                    .and_then(|m| model.materials.get(m))
                    .map_or("—", |m| m.name.as_str());
                ui.label(egui::RichText::new(material).weak());
                ui.label(tr!(
                    "soft-bodies-anchors-pins",
                    anchors = sb.anchors.len(),
                    pins = sb.pins.len()
                ));
                ui.end_row();
            }
        });
        list.finish()
    });
}
