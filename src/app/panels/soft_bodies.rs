//! Soft bodies (PMX 2.1), with a search box; only the rows in view are laid out.

use eframe::egui;

use super::{column, label, show_view_list, ListRows};
use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let model = view.model;
        let soft = &model.soft_bodies;
        let mut list = ListRows::search(ui, view, commands, local, ElementKind::SoftBody);
        if soft.is_empty() {
            ui.weak(tr!("soft-bodies-none"));
        }
        list.show_rows(ui, egui::ScrollArea::vertical(), |list, ui, i| {
            let sb = &soft[i];
            let left = ui.cursor().min.x;
            let cells = |ui: &mut egui::Ui| {
                column(ui, left, 160.0);
                ui.label(super::terms::soft_shape_name(sb.shape));
                column(ui, left, 230.0);
                let material = usize::try_from(sb.material)
                    .ok()
                    .and_then(|m| model.materials.get(m))
                    .map_or("—", |m| m.name.as_str());
                ui.label(egui::RichText::new(material).weak());
                column(ui, left, 340.0);
                ui.label(tr!(
                    "soft-bodies-anchors-pins",
                    anchors = sb.anchors.len(),
                    pins = sb.pins.len()
                ));
            };
            list.full_row(ui, Selection::SoftBody(i), label(i, &sb.name), cells);
        });
        list.finish()
    });
}
