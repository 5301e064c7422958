//! Rigid bodies and joints as lists (group colour, shape, mode).

use eframe::egui;

use super::{label, list_grid, select_row};
use crate::app::viewport::overlays::{group_color, rigid_color};
use crate::app::{Selection, State};
use crate::pmx::{RigidMode, RigidShape};

pub fn shape_name(s: RigidShape) -> &'static str {
    match s {
        RigidShape::Sphere => "sphere",
        RigidShape::Box => "box",
        RigidShape::Capsule => "capsule",
        RigidShape::Unknown(_) => "unknown",
    }
}

pub fn mode_name(m: RigidMode) -> &'static str {
    match m {
        RigidMode::FollowBone => "bone",
        RigidMode::Dynamic => "physics",
        RigidMode::DynamicWithBonePosition => "physics + bone",
        RigidMode::Unknown(_) => "unknown",
    }
}

fn name_of(names: &[String], i: i32) -> &str {
    usize::try_from(i)
        .ok()
        .and_then(|i| names.get(i))
        .map_or("—", String::as_str)
}

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    let model = state.doc.model();
    let bone_names: Vec<String> = model.bones.iter().map(|b| b.name.clone()).collect();
    let body_names: Vec<String> = model.rigid_bodies.iter().map(|b| b.name.clone()).collect();
    let reveal = state.panels.reveal_selection;
    ui.columns(2, |cols| {
        cols[0].strong(format!("Rigid bodies ({})", model.rigid_bodies.len()));
        let scroll = egui::ScrollArea::both().id_salt("bodies");
        list_grid(&mut cols[0], scroll, "bodies_grid", 5, |ui| {
            for (i, rb) in state.doc.model().rigid_bodies.iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, group_color(rb.group));
                let this = Selection::RigidBody(i);
                select_row(
                    ui,
                    state.selection,
                    &mut state.commands,
                    reveal,
                    this,
                    label(i, &rb.name),
                );
                ui.label(format!("g{}", rb.group));
                ui.label(shape_name(rb.shape));
                ui.colored_label(rigid_color(rb.mode), mode_name(rb.mode));
                ui.label(egui::RichText::new(name_of(&bone_names, rb.bone)).weak());
                ui.end_row();
            }
        });
        cols[1].strong(format!("Joints ({})", model.joints.len()));
        let scroll = egui::ScrollArea::both().id_salt("joints");
        list_grid(&mut cols[1], scroll, "joints_grid", 3, |ui| {
            for (i, j) in state.doc.model().joints.iter().enumerate() {
                let this = Selection::Joint(i);
                select_row(
                    ui,
                    state.selection,
                    &mut state.commands,
                    reveal,
                    this,
                    label(i, &j.name),
                );
                ui.label(j.kind.name());
                ui.label(
                    egui::RichText::new(format!(
                        "{} ↔ {}",
                        name_of(&body_names, j.body_a),
                        name_of(&body_names, j.body_b)
                    ))
                    .weak(),
                );
                ui.end_row();
            }
        });
    });
}
