//! Rigid bodies and joints as lists (group colour, shape, mode).

use eframe::egui;

use super::terms::{joint_kind_name, mode_name, shape_name};
use super::{label, list_grid, show_list, ListRows};
use crate::app::viewport::overlays::{group_color, rigid_color};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
use crate::tr;

fn name_of<'a>(names: &[&'a str], i: i32) -> &'a str {
    usize::try_from(i)
        .ok()
        .and_then(|i| names.get(i))
        .copied()
        .unwrap_or("—")
}

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    show_list(ui, state, |ui, state, commands| {
        let model = state.doc.model();
        let bone_names: Vec<&str> = model.bones.iter().map(|b| b.name.as_str()).collect();
        let body_names: Vec<&str> = model.rigid_bodies.iter().map(|b| b.name.as_str()).collect();
        let mut request = None;
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.strong(tr!(
                "physics-bodies-title",
                count = model.rigid_bodies.len()
            ));
            let mut list = ListRows::indexed(state, commands, ElementKind::RigidBody);
            list.toolbar(ui);
            let scroll = egui::ScrollArea::both().id_salt("bodies");
            list_grid(ui, scroll, "bodies_grid", 5, |ui| {
                for (i, rb) in model.rigid_bodies.iter().enumerate() {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                    ui.painter().rect_filled(rect, 2.0, group_color(rb.group));
                    list.row(ui, Selection::RigidBody(i), label(i, &rb.name));
                    ui.label(format!("g{}", rb.group));
                    ui.label(shape_name(rb.shape));
                    ui.colored_label(rigid_color(rb.mode), mode_name(rb.mode));
                    ui.label(egui::RichText::new(name_of(&bone_names, rb.bone)).weak());
                    ui.end_row();
                }
            });
            request = list.finish();

            let ui = &mut cols[1];
            ui.strong(tr!("physics-joints-title", count = model.joints.len()));
            let mut list = ListRows::indexed(state, commands, ElementKind::Joint);
            list.toolbar(ui);
            let scroll = egui::ScrollArea::both().id_salt("joints");
            list_grid(ui, scroll, "joints_grid", 3, |ui| {
                for (i, j) in model.joints.iter().enumerate() {
                    list.row(ui, Selection::Joint(i), label(i, &j.name));
                    ui.label(joint_kind_name(j.kind));
                    let bodies = format!(
                        "{} ↔ {}",
                        name_of(&body_names, j.body_a),
                        name_of(&body_names, j.body_b)
                    );
                    ui.label(egui::RichText::new(bodies).weak());
                    ui.end_row();
                }
            });
            request = request.take().or(list.finish());
        });
        request
    });
}
