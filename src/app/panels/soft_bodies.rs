//! Soft bodies (PMX 2.1), with a search box; only the rows in view are laid out.

use eframe::egui;

use super::{column, label, search_box, show_view_list, virtual_rows, ListRows};
use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    search_box(
        ui,
        &mut local.soft_body_search,
        &tr!("lists-search-soft-bodies"),
    );
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let model = view.model;
        let soft = &model.soft_bodies;
        let mut list = ListRows::searched(
            view,
            commands,
            ElementKind::SoftBody,
            &local.soft_body_search,
            |i| [soft[i].name.as_str(), soft[i].name_en.as_str()],
        );
        list.toolbar(ui);
        if soft.is_empty() {
            ui.weak(tr!("soft-bodies-none"));
        }
        let reveal = list.reveal_at();
        let scroll = egui::ScrollArea::vertical();
        virtual_rows(ui, scroll, list.rows.order.len(), reveal, |ui, k| {
            let i = list.rows.order[k];
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
