//! Soft bodies (PMX 2.1).

use eframe::egui;

use super::{label, list_grid, select_row};
use crate::app::{Selection, State};
use crate::pmx::SoftBodyShape;

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    let model = state.doc.model();
    if model.soft_bodies.is_empty() {
        ui.weak("This model has no soft bodies (a PMX 2.1 feature).");
        return;
    }
    let reveal = state.panels.reveal_selection;
    list_grid(ui, egui::ScrollArea::vertical(), "soft_grid", 4, |ui| {
        for (i, sb) in state.doc.model().soft_bodies.iter().enumerate() {
            let this = Selection::SoftBody(i);
            select_row(
                ui,
                state.selection,
                &mut state.commands,
                reveal,
                this,
                label(i, &sb.name),
            );
            ui.label(match sb.shape {
                SoftBodyShape::TriMesh => "tri-mesh",
                SoftBodyShape::Rope => "rope",
                SoftBodyShape::Unknown(_) => "unknown",
            });
            let material = usize::try_from(sb.material)
                .ok()
                .and_then(|m| state.doc.model().materials.get(m))
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
}
