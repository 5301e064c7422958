//! Soft bodies (PMX 2.1).

use eframe::egui;

use super::{label, list_grid, show_list, ListRows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
use crate::pmx::SoftBodyShape;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    show_list(ui, state, |ui, state, commands| {
        let model = state.doc.model();
        let mut list = ListRows::indexed(state, commands, ElementKind::SoftBody);
        list.toolbar(ui);
        if model.soft_bodies.is_empty() {
            ui.weak("This model has no soft bodies (a PMX 2.1 feature).");
        }
        list_grid(ui, egui::ScrollArea::vertical(), "soft_grid", 4, |ui| {
            for (i, sb) in model.soft_bodies.iter().enumerate() {
                list.row(ui, Selection::SoftBody(i), label(i, &sb.name));
                ui.label(match sb.shape {
                    SoftBodyShape::TriMesh => "tri-mesh",
                    SoftBodyShape::Rope => "rope",
                    SoftBodyShape::Unknown(_) => "unknown",
                });
                let material = usize::try_from(sb.material)
                    .ok()
                    .and_then(|m| model.materials.get(m))
                    .map_or("—", |m| m.name.as_str());
                ui.label(egui::RichText::new(material).weak());
                ui.label(format!(
                    "{} anchors, {} pins",
                    sb.anchors.len(),
                    sb.pins.len()
                ));
                ui.end_row();
            }
        });
        list.finish()
    });
}
