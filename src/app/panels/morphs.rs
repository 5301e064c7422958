//! Morphs by panel category, a weight slider each (the pose, not an edit).

use eframe::egui;

use super::{label, matches, search_box, select_row};
use crate::app::{Selection, State};

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
    let query = state.panels.morph_search.clone();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for panel in [1u8, 2, 3, 4, 0, 255] {
                let members: Vec<usize> = state
                    .doc
                    .model()
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
                    .filter(|(_, m)| matches(&query, &[&m.name, &m.name_en]))
                    .map(|(i, _)| i)
                    .collect();
                if members.is_empty() {
                    continue;
                }
                egui::CollapsingHeader::new(format!("{} ({})", panel_name(panel), members.len()))
                    .id_salt(("morph_panel", panel))
                    .default_open(true)
                    .show(ui, |ui| {
                        egui::Grid::new(("morph_grid", panel))
                            .num_columns(3)
                            .striped(true)
                            .show(ui, |ui| {
                                for i in members {
                                    let m = &state.doc.model().morphs[i];
                                    select_row(
                                        ui,
                                        state.selection,
                                        &mut state.commands,
                                        state.panels.reveal_selection,
                                        Selection::Morph(i),
                                        label(i, &m.name),
                                    );
                                    ui.label(egui::RichText::new(m.kind().name()).small().weak());
                                    let mut w = state.pose.morphs().get(i).copied().unwrap_or(0.0);
                                    if ui
                                        .add(egui::Slider::new(&mut w, 0.0..=1.0).show_value(true))
                                        .changed()
                                    {
                                        state.commands.pose_morph(i, w);
                                    }
                                    ui.end_row();
                                }
                            });
                    });
            }
        });
}
