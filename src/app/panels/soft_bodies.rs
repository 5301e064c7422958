//! Soft bodies (PMX 2.1).

use eframe::egui;

use super::label;
use crate::app::{Selection, State};
use crate::pmx::SoftBodyShape;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    let model = &state.doc.model;
    if model.soft_bodies.is_empty() {
        ui.weak("This model has no soft bodies (a PMX 2.1 feature).");
        return;
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("soft_grid")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    for (i, sb) in state.doc.model.soft_bodies.iter().enumerate() {
                        let selected = state.selection == Selection::SoftBody(i);
                        if ui.selectable_label(selected, label(i, &sb.name)).clicked() {
                            state.selection = Selection::SoftBody(i);
                        }
                        ui.label(match sb.shape {
                            SoftBodyShape::TriMesh => "tri-mesh",
                            SoftBodyShape::Rope => "rope",
                            SoftBodyShape::Unknown(_) => "unknown",
                        });
                        let material = usize::try_from(sb.material)
                            .ok()
                            .and_then(|m| state.doc.model.materials.get(m))
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
        });
}
