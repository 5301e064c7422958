//! Morphs by panel category, a weight slider each (the pose, not an edit).

use eframe::egui;

use super::context_menu::{row_menu, MenuCx};
use super::structure::{self, selected_in, toolbar};
use super::{label, matches, search_box, Rows};
use crate::app::{Selection, State};
use crate::edit::ElementKind;

pub fn panel_name(panel: u8) -> &'static str {
    match panel {
        0 => "System",
        1 => "Brow (眉)",
        2 => "Eye (目)",
        3 => "Mouth (口)",
        4 => "Other (その他)",
        _ => "Unknown panel",
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

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    ui.horizontal(|ui| {
        search_box(ui, &mut state.panels.morph_search, "Search morphs");
    });
    if ui
        .add_enabled(
            state.pose.morphs().iter().any(|w| *w != 0.0),
            egui::Button::new("Zero all"),
        )
        .clicked()
    {
        for i in 0..state.pose.morphs().len() {
            state.commands.pose_morph(i, 0.0);
        }
    }
    let State {
        doc,
        selection,
        selected,
        commands,
        panels,
        pose,
        ..
    } = state;
    let model = doc.model();
    let groups = groups(model, &panels.morph_search);
    let order: Vec<usize> = groups.iter().flat_map(|(_, m)| m.iter().copied()).collect();
    let rows = Rows::of(*selection, selected, panels.reveal_selection, &order);
    let kind = ElementKind::Morph;
    let sel = selected_in(*selection, selected, kind);
    let mut request = toolbar(ui, model, kind, &sel);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (panel, members) in groups {
                if members.is_empty() {
                    continue;
                }
                egui::CollapsingHeader::new(format!("{} ({})", panel_name(panel), members.len()))
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
                            ui.allocate_ui_with_layout(size, layout, |ui| {
                                let q = morph_row(ui, model, pose, commands, &rows, &sel, i);
                                request = q.or(request.take());
                            });
                        }
                    });
            }
        });
    request = request.or(rows.take_drop());
    if let Some(q) = request {
        structure::perform(state, q);
    }
}

/// One morph: its weight slider (the pose), kind, and the row to select it, with
/// its context menu (which may add the selected morphs to a display frame).
fn morph_row(
    ui: &mut egui::Ui,
    model: &crate::pmx::Model,
    pose: &crate::app::pose::PoseState,
    commands: &mut crate::app::commands::Commands,
    rows: &Rows,
    sel: &[usize],
    i: usize,
) -> Option<structure::Request> {
    let m = &model.morphs[i];
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
    ui.spacing_mut().slider_width = 70.0;
    let mut w = pose.morphs().get(i).copied().unwrap_or(0.0);
    let slider = egui::Slider::new(&mut w, 0.0..=1.0)
        .show_value(true)
        .max_decimals(2);
    if ui.add(slider).changed() {
        commands.pose_morph(i, w);
    }
    ui.label(egui::RichText::new(m.kind().name()).small().weak());
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.with_layout(layout, |ui| {
        let r = rows.row(ui, commands, Selection::Morph(i), label(i, &m.name));
        let cx = MenuCx {
            model,
            kind: ElementKind::Morph,
            active: rows.active,
            selected: sel,
            commands,
        };
        let q = row_menu(&r, cx);
        if !m.name_en.is_empty() {
            r.on_hover_text(&m.name_en);
        }
        q
    })
    .inner
}
