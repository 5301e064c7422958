//! The 16×16 non-collision matrix (groups shown 1..16 like PMX Editor) and the
//! selected body's own mask. A cell click is one undoable edit, applied to both
//! groups' bodies (see [`toggle_cell_edit`] for why it is symmetric).

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::viewport::collision::{cell_state, group_color, toggle_cell_edit, CellState};
use crate::app::{PanelState, Selection, View};
use crate::physics::rules;
use crate::tr;

const CELL: f32 = 18.0;

/// Accessible name of cell (i, j), 1-based like the labels.
pub fn cell_label(gi: u8, gj: u8) -> String {
    tr!("collision-cell", a = gi + 1, b = gj + 1)
}

/// Accessible name of the selected body's checkbox for group `g` (0-based).
pub fn mask_label(g: u8) -> String {
    tr!("collision-mask-bit", group = g + 1)
}

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, _local: &mut PanelState) {
    egui::ScrollArea::both()
        .id_salt("collision_matrix")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // The selected body's own mask first: short, and what a picker wants.
            body_mask(ui, view, commands);
            ui.separator();
            ui.label(tr!("collision-about"));
            ui.horizontal(|ui| {
                legend_swatch(ui, CellState::Collide, &tr!("collision-collide"));
                legend_swatch(ui, CellState::Never, &tr!("collision-never"));
                legend_swatch(ui, CellState::Mixed, &tr!("collision-mixed-legend"));
                legend_swatch(ui, CellState::Empty, &tr!("collision-unused-legend"));
            });
            let outside = (view.model.rigid_bodies.iter())
                .filter(|b| !rules::group_in_range(b.group))
                .count();
            if outside > 0 {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 170, 60),
                    tr!("collision-outside", count = outside),
                );
            }
            ui.add_space(4.0);
            matrix(ui, view.model, commands);
        });
}

fn cell_fill(s: CellState) -> egui::Color32 {
    match s {
        CellState::Collide => egui::Color32::from_rgb(70, 170, 90),
        CellState::Never => egui::Color32::from_rgb(60, 60, 66),
        CellState::Mixed => egui::Color32::from_rgb(220, 160, 40),
        CellState::Empty => egui::Color32::from_rgb(40, 40, 44),
    }
}

fn legend_swatch(ui: &mut egui::Ui, s: CellState, text: &str) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().rect_filled(r, 2.0, cell_fill(s));
    ui.label(text);
}

fn matrix(ui: &mut egui::Ui, model: &crate::pmx::Model, commands: &mut Commands) {
    let mut counts = [0usize; 16];
    for rb in model
        .rigid_bodies
        .iter()
        .filter(|b| rules::group_in_range(b.group))
    {
        counts[rb.group as usize] += 1;
    }
    let mut clicked = None;
    egui::Grid::new("collision_grid")
        .spacing(egui::vec2(2.0, 2.0))
        .min_col_width(CELL)
        .show(ui, |ui| {
            ui.label("");
            for j in 0..16u8 {
                group_header(ui, j, counts[j as usize]);
            }
            ui.end_row();
            for i in 0..16u8 {
                group_header(ui, i, counts[i as usize]);
                for j in 0..16u8 {
                    let s = cell_state(model, i, j);
                    let (rect, r) =
                        ui.allocate_exact_size(egui::vec2(CELL, CELL), egui::Sense::click());
                    let label = cell_label(i, j);
                    let state_text = match s {
                        CellState::Collide => tr!("collision-collide"),
                        CellState::Never => tr!("collision-never"),
                        CellState::Mixed => tr!("collision-mixed"),
                        CellState::Empty => tr!("collision-unused"),
                    };
                    r.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &label)
                    });
                    let mut fill = cell_fill(s);
                    if r.hovered() {
                        fill = fill.gamma_multiply(1.3);
                    }
                    ui.painter().rect_filled(rect, 2.0, fill);
                    if s == CellState::Mixed {
                        ui.painter().text(
                            rect.center(),
                            egui::Align2::CENTER_CENTER,
                            "±",
                            egui::FontId::proportional(11.0),
                            egui::Color32::BLACK,
                        );
                    }
                    let r = r.on_hover_text(format!("{}: {state_text}", label));
                    if r.clicked() {
                        clicked = Some((i, j));
                    }
                }
                ui.end_row();
            }
        });
    if let Some((i, j)) = clicked {
        if let Some(edit) = toggle_cell_edit(model, i, j) {
            commands.edit(edit);
        }
    }
}

fn group_header(ui: &mut egui::Ui, g: u8, count: usize) {
    let (rect, r) = ui.allocate_exact_size(egui::vec2(CELL, CELL), egui::Sense::hover());
    let c = if count > 0 {
        group_color(g)
    } else {
        group_color(g).gamma_multiply(0.3)
    };
    ui.painter().rect_filled(rect.shrink(1.0), 2.0, c);
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        format!("{}", g + 1),
        egui::FontId::proportional(10.0),
        egui::Color32::BLACK,
    );
    r.on_hover_text(tr!("collision-group-count", group = g + 1, count = count));
}

fn body_mask(ui: &mut egui::Ui, view: &View, commands: &mut Commands) {
    let Selection::RigidBody(index) = view.selection else {
        ui.weak(tr!("collision-select-hint"));
        return;
    };
    let Some(rb) = view.model.rigid_bodies.get(index) else {
        return;
    };
    let group = if rules::group_in_range(rb.group) {
        tr!("collision-group", group = rb.group + 1)
    } else {
        tr!("collision-group-outside", group = rb.group as u32 + 1)
    };
    ui.strong(format!("#{index} {} — {group}", rb.name));
    let mut mask = rb.collision_mask;
    egui::Grid::new("body_mask").show(ui, |ui| {
        for g in 0..16u8 {
            let mut on = rules::mask_allows(mask, g);
            let r = ui
                .checkbox(&mut on, format!("{}", g + 1))
                .on_hover_text(mask_label(g));
            // The accessible name says what the box means, not just the number.
            r.widget_info(|| {
                egui::WidgetInfo::selected(egui::WidgetType::Checkbox, true, on, mask_label(g))
            });
            if r.changed() {
                mask = rules::mask_with(mask, g, on);
            }
            if g % 8 == 7 {
                ui.end_row();
            }
        }
    });
    if mask != rb.collision_mask {
        let mut body = rb.clone();
        body.collision_mask = mask;
        commands.edit(crate::edit::ModelEdit::set_rigid_body(
            index,
            body,
            tr!("collision-mask-field"),
        ));
    }
}
