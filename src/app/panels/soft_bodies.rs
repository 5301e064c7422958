//! Soft bodies (PMX 2.1).

use eframe::egui;

use super::context_menu::{row_menu, MenuCx};
use super::structure::{self, selected_in, toolbar};
use super::{index_order, label, list_grid, Rows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
use crate::pmx::SoftBodyShape;

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
    let kind = ElementKind::SoftBody;
    let sel = selected_in(*selection, selected, kind);
    let mut request = toolbar(ui, model, kind, &sel);
    if model.soft_bodies.is_empty() {
        ui.weak("This model has no soft bodies (a PMX 2.1 feature).");
    }
    let order = index_order(model.soft_bodies.len());
    let rows = Rows::of(*selection, selected, panels.reveal_selection, &order);
    list_grid(ui, egui::ScrollArea::vertical(), "soft_grid", 4, |ui| {
        for (i, sb) in model.soft_bodies.iter().enumerate() {
            let r = rows.row(ui, commands, Selection::SoftBody(i), label(i, &sb.name));
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
    request = request.or(rows.take_drop());
    if let Some(q) = request {
        structure::perform(state, q);
    }
}
