//! Morphs by panel category, a weight slider each (the pose, not an edit).

use eframe::egui;

use super::{label, matches, search_box, show_view_list, ListRows};
use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::tr;

pub fn panel_name(panel: u8) -> String {
    match panel {
        0 => tr!("morphs-panel-system"),
        1 => tr!("morphs-panel-brow"),
        2 => tr!("morphs-panel-eye"),
        3 => tr!("morphs-panel-mouth"),
        4 => tr!("morphs-panel-other"),
        _ => tr!("morphs-panel-unknown"),
    }
}

/// Morph indices by panel group, as the list shows them (brow, eye, mouth,
/// other, system, unknown), filtered by `query`.
fn groups(model: &crate::pmx::Model, query: &str) -> Vec<(u8, Vec<usize>)> {
    [1u8, 2, 3, 4, 0, 255]
        .into_iter()
        .map(|panel| {
            let members = model
                .morphs
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    if panel == 255 {
                        m.panel > 4
                    } else {
                        m.panel == panel
                    }
                })
                .filter(|(_, m)| matches(query, &[&m.name, &m.name_en]))
                .map(|(i, _)| i)
                .collect();
            (panel, members)
        })
        .collect()
}

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    ui.horizontal(|ui| {
        search_box(ui, &mut local.morph_search, &tr!("morphs-search"));
    });
    if ui
        .add_enabled(
            view.pose.morphs().iter().any(|w| *w != 0.0),
            egui::Button::new(tr!("morphs-zero-all")),
        )
        .clicked()
    {
        for i in 0..view.pose.morphs().len() {
            commands.pose_morph(i, 0.0);
        }
    }
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let model = view.model;
        let groups = groups(model, &local.morph_search);
        let order: Vec<usize> = groups.iter().flat_map(|(_, m)| m.iter().copied()).collect();
        let mut list =
            ListRows::new(view, commands, ElementKind::Morph, order).rename_in(&mut local.renaming);
        list.toolbar(ui);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for (panel, members) in groups {
                    if members.is_empty() {
                        continue;
                    }
                    let title = format!("{} ({})", panel_name(panel), members.len());
                    egui::CollapsingHeader::new(title)
                        .id_salt(("morph_panel", panel))
                        .default_open(true)
                        .show(ui, |ui| {
                            for i in members {
                                // Right to left: the slider keeps its place at the panel's
                                // edge and a long name is cut instead.
                                // One row high: a bare right-to-left layout would centre
                                // the row in all the height left and push the rest away.
                                let layout = egui::Layout::right_to_left(egui::Align::Center);
                                let size =
                                    egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
                                // A click beside the name selects the morph too.
                                let rect = egui::Rect::from_min_size(ui.cursor().min, size);
                                list.background(ui, rect, Selection::Morph(i));
                                ui.allocate_ui_with_layout(size, layout, |ui| {
                                    morph_row(ui, view.pose, &mut list, i);
                                });
                            }
                        });
                }
            });
        list.finish()
    });
}

/// One morph: its weight slider (the pose), kind, and the row to select it, with
/// its context menu (which may add the selected morphs to a display frame).
fn morph_row(ui: &mut egui::Ui, pose: &crate::app::pose::PoseState, list: &mut ListRows, i: usize) {
    let model = list.model;
    let m = &model.morphs[i];
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    ui.spacing_mut().slider_width = 70.0;
    let mut w = pose.morphs().get(i).copied().unwrap_or(0.0);
    let slider = egui::Slider::new(&mut w, 0.0..=1.0)
        .show_value(true)
        .max_decimals(2);
    if ui.add(slider).changed() {
        list.commands.pose_morph(i, w);
    }
    ui.label(
        egui::RichText::new(super::terms::morph_kind_name(m.kind()))
            .small()
            .weak(),
    );
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.with_layout(layout, |ui| {
        let r = list.row(ui, Selection::Morph(i), label(i, &m.name));
        if !m.name_en.is_empty() {
            r.on_hover_text(&m.name_en);
        }
    });
}
