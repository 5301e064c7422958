//! Rigid bodies and joints as lists (group colour, shape, mode), each with a search
//! box; only the rows in view are laid out.

use eframe::egui;

use super::terms::{joint_kind_name, mode_name, shape_name};
use super::{column, label, show_view_list, ListRows};
use crate::app::commands::Commands;
use crate::app::viewport::overlays::{group_color, rigid_color};
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

fn name_of<'a>(names: &[&'a str], i: i32) -> &'a str {
    usize::try_from(i)
        .ok()
        .and_then(|i| names.get(i))
        .copied()
        .unwrap_or("—")
}

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let model = view.model;
        let bone_names: Vec<&str> = model.bones.iter().map(|b| b.name.as_str()).collect();
        let body_names: Vec<&str> = model.rigid_bodies.iter().map(|b| b.name.as_str()).collect();
        let mut request = None;
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.strong(tr!(
                "physics-bodies-title",
                count = model.rigid_bodies.len()
            ));
            let bodies = &model.rigid_bodies;
            let mut list = ListRows::search(ui, view, commands, local, ElementKind::RigidBody)
                .rename_in(&mut local.renaming);
            let scroll = egui::ScrollArea::both().id_salt("bodies");
            list.show_rows(ui, scroll, |list, ui, i| {
                let rb = &bodies[i];
                let left = ui.cursor().min.x;
                let group = |ui: &mut egui::Ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                    ui.painter().rect_filled(rect, 2.0, group_color(rb.group));
                };
                let cells = |ui: &mut egui::Ui| {
                    column(ui, left, 170.0);
                    ui.label(format!("g{}", rb.group));
                    column(ui, left, 205.0);
                    ui.label(shape_name(rb.shape));
                    column(ui, left, 260.0);
                    ui.colored_label(rigid_color(rb.mode), mode_name(rb.mode));
                    column(ui, left, 330.0);
                    ui.label(egui::RichText::new(name_of(&bone_names, rb.bone)).weak());
                };
                list.full_row_with(
                    ui,
                    Selection::RigidBody(i),
                    label(i, &rb.name),
                    group,
                    cells,
                );
            });
            request = list.finish();

            let ui = &mut cols[1];
            ui.strong(tr!("physics-joints-title", count = model.joints.len()));
            let joints = &model.joints;
            let mut list = ListRows::search(ui, view, commands, local, ElementKind::Joint)
                .rename_in(&mut local.renaming);
            let scroll = egui::ScrollArea::both().id_salt("joints");
            list.show_rows(ui, scroll, |list, ui, i| {
                let j = &joints[i];
                let left = ui.cursor().min.x;
                let cells = |ui: &mut egui::Ui| {
                    column(ui, left, 150.0);
                    ui.label(joint_kind_name(j.kind));
                    column(ui, left, 230.0);
                    let bodies = format!(
                        "{} ↔ {}",
                        name_of(&body_names, j.body_a),
                        name_of(&body_names, j.body_b)
                    );
                    ui.label(egui::RichText::new(bodies).weak());
                };
                list.full_row(ui, Selection::Joint(i), label(i, &j.name), cells);
            });
            request = request.take().or(list.finish());
        });
        request
    });
}
