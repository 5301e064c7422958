//! Rigid bodies and joints as lists (group colour, shape, mode).

use eframe::egui;

use super::{index_order, label, list_grid, Rows};
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

fn name_of<'a>(names: &[&'a str], i: i32) -> &'a str {
    usize::try_from(i)
        .ok()
        .and_then(|i| names.get(i))
        .copied()
        .unwrap_or("—")
}

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
    let bone_names: Vec<&str> = model.bones.iter().map(|b| b.name.as_str()).collect();
    let body_names: Vec<&str> = model.rigid_bodies.iter().map(|b| b.name.as_str()).collect();
    let body_order = index_order(model.rigid_bodies.len());
    let joint_order = index_order(model.joints.len());
    let reveal = panels.reveal_selection;
    ui.columns(2, |cols| {
        cols[0].strong(format!("Rigid bodies ({})", model.rigid_bodies.len()));
        let rows = Rows::of(*selection, selected, reveal, &body_order);
        let scroll = egui::ScrollArea::both().id_salt("bodies");
        list_grid(&mut cols[0], scroll, "bodies_grid", 5, |ui| {
            for (i, rb) in model.rigid_bodies.iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, group_color(rb.group));
                rows.row(ui, commands, Selection::RigidBody(i), label(i, &rb.name));
                ui.label(format!("g{}", rb.group));
                ui.label(shape_name(rb.shape));
                ui.colored_label(rigid_color(rb.mode), mode_name(rb.mode));
                ui.label(egui::RichText::new(name_of(&bone_names, rb.bone)).weak());
                ui.end_row();
            }
        });
        cols[1].strong(format!("Joints ({})", model.joints.len()));
        let rows = Rows::of(*selection, selected, reveal, &joint_order);
        let scroll = egui::ScrollArea::both().id_salt("joints");
        list_grid(&mut cols[1], scroll, "joints_grid", 3, |ui| {
            for (i, j) in model.joints.iter().enumerate() {
                rows.row(ui, commands, Selection::Joint(i), label(i, &j.name));
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
