//! Rigid bodies and joints as lists (group colour, shape, mode).

use eframe::egui;

use super::label;
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
    let model = &state.doc.model;
    let bone_names: Vec<String> = model.bones.iter().map(|b| b.name.clone()).collect();
    let body_names: Vec<String> = model.rigid_bodies.iter().map(|b| b.name.clone()).collect();
    ui.columns(2, |cols| {
        cols[0].strong(format!("Rigid bodies ({})", model.rigid_bodies.len()));
        egui::ScrollArea::both()
            .id_salt("bodies")
            .auto_shrink([false, false])
            .show(&mut cols[0], |ui| {
                egui::Grid::new("bodies_grid")
                    .striped(true)
                    .num_columns(5)
                    .show(ui, |ui| {
                        for (i, rb) in state.doc.model.rigid_bodies.iter().enumerate() {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                            ui.painter().rect_filled(rect, 2.0, group_color(rb.group));
                            let selected = state.selection == Selection::RigidBody(i);
                            let r = ui.selectable_label(selected, label(i, &rb.name));
                            if selected && state.panels.reveal_selection {
                                r.scroll_to_me(Some(egui::Align::Center));
                            }
                            if r.clicked() {
                                state.selection = Selection::RigidBody(i);
                            }
                            ui.label(format!("g{}", rb.group));
                            ui.label(shape_name(rb.shape));
                            ui.colored_label(rigid_color(rb.mode), mode_name(rb.mode));
                            ui.label(egui::RichText::new(name_of(&bone_names, rb.bone)).weak());
                            ui.end_row();
                        }
                    });
            });
        cols[1].strong(format!("Joints ({})", model.joints.len()));
        egui::ScrollArea::both()
            .id_salt("joints")
            .auto_shrink([false, false])
            .show(&mut cols[1], |ui| {
                egui::Grid::new("joints_grid")
                    .striped(true)
                    .num_columns(3)
                    .show(ui, |ui| {
                        for (i, j) in state.doc.model.joints.iter().enumerate() {
                            let selected = state.selection == Selection::Joint(i);
                            let r = ui.selectable_label(selected, label(i, &j.name));
                            if selected && state.panels.reveal_selection {
                                r.scroll_to_me(Some(egui::Align::Center));
                            }
                            if r.clicked() {
                                state.selection = Selection::Joint(i);
                            }
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
    });
}
