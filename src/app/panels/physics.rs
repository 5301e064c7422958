//! Rigid bodies and joints as lists (group colour, shape, mode).

use eframe::egui;

use super::context_menu::{row_menu, MenuCx};
use super::structure::{self, selected_in, toolbar};
use super::{index_order, label, list_grid, Rows};
use crate::app::viewport::overlays::{group_color, rigid_color};
use crate::app::{Selection, State};
use crate::edit::ElementKind;
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
    let bodies_kind = ElementKind::RigidBody;
    let sel_bodies = selected_in(*selection, selected, bodies_kind);
    let sel_joints = selected_in(*selection, selected, ElementKind::Joint);
    let mut request = None;
    ui.columns(2, |cols| {
        let ui = &mut cols[0];
        ui.strong(format!("Rigid bodies ({})", model.rigid_bodies.len()));
        request = request
            .take()
            .or(toolbar(ui, model, bodies_kind, &sel_bodies));
        let rows = Rows::of(*selection, selected, reveal, &body_order);
        let scroll = egui::ScrollArea::both().id_salt("bodies");
        list_grid(ui, scroll, "bodies_grid", 5, |ui| {
            for (i, rb) in model.rigid_bodies.iter().enumerate() {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, group_color(rb.group));
                let r = rows.row(ui, commands, Selection::RigidBody(i), label(i, &rb.name));
                let cx = MenuCx {
                    model,
                    kind: bodies_kind,
                    active: *selection,
                    selected: &sel_bodies,
                    commands,
                };
                if let Some(q) = row_menu(&r, cx) {
                    request = Some(q);
                }
                ui.label(format!("g{}", rb.group));
                ui.label(shape_name(rb.shape));
                ui.colored_label(rigid_color(rb.mode), mode_name(rb.mode));
                ui.label(egui::RichText::new(name_of(&bone_names, rb.bone)).weak());
                ui.end_row();
            }
        });
        request = request.take().or(rows.take_drop());

        let ui = &mut cols[1];
        let joints_kind = ElementKind::Joint;
        ui.strong(format!("Joints ({})", model.joints.len()));
        request = request
            .take()
            .or(toolbar(ui, model, joints_kind, &sel_joints));
        let rows = Rows::of(*selection, selected, reveal, &joint_order);
        let scroll = egui::ScrollArea::both().id_salt("joints");
        list_grid(ui, scroll, "joints_grid", 3, |ui| {
            for (i, j) in model.joints.iter().enumerate() {
                let r = rows.row(ui, commands, Selection::Joint(i), label(i, &j.name));
                let cx = MenuCx {
                    model,
                    kind: joints_kind,
                    active: *selection,
                    selected: &sel_joints,
                    commands,
                };
                if let Some(q) = row_menu(&r, cx) {
                    request = Some(q);
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
        request = request.take().or(rows.take_drop());
    });
    if let Some(q) = request {
        structure::perform(state, q);
    }
}
