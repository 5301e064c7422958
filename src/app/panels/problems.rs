//! Problems: `check_model` results, re-run whenever the model changes.
//! Clicking a problem selects its culprit; "Fix" applies the checker's fix
//! through the undo history.

use eframe::egui;

use crate::app::{LogLevel, Selection, State};
use crate::check::{ElementRef, Severity};
use crate::pmx::Model;
use egui::{Color32, RichText};

pub fn severity_icon(s: Severity) -> (&'static str, Color32) {
    match s {
        Severity::Error => ("⛔", Color32::from_rgb(240, 80, 80)),
        Severity::Warning => ("⚠", Color32::from_rgb(235, 185, 60)),
        Severity::Info => ("ℹ", Color32::from_rgb(120, 170, 240)),
    }
}

/// The app selection for a problem's element; None for kinds the app cannot
/// select (vertices, display frames), with a note why.
pub fn selection_for(model: &Model, target: ElementRef) -> Result<Selection, String> {
    let idx = |i: i32, len: usize| usize::try_from(i).ok().filter(|&i| i < len);
    let none = |what: &str| Err(format!("{what} cannot be selected in the app yet"));
    match target {
        ElementRef::Model => Ok(Selection::Model),
        ElementRef::Bone(i) => idx(i, model.bones.len())
            .map(Selection::Bone)
            .ok_or_else(|| format!("bone #{i} does not exist")),
        ElementRef::Morph(i) => idx(i, model.morphs.len())
            .map(Selection::Morph)
            .ok_or_else(|| format!("morph #{i} does not exist")),
        ElementRef::Material(i) => idx(i, model.materials.len())
            .map(Selection::Material)
            .ok_or_else(|| format!("material #{i} does not exist")),
        ElementRef::RigidBody(i) => idx(i, model.rigid_bodies.len())
            .map(Selection::RigidBody)
            .ok_or_else(|| format!("rigid body #{i} does not exist")),
        ElementRef::Joint(i) => idx(i, model.joints.len())
            .map(Selection::Joint)
            .ok_or_else(|| format!("joint #{i} does not exist")),
        ElementRef::SoftBody(i) => idx(i, model.soft_bodies.len())
            .map(Selection::SoftBody)
            .ok_or_else(|| format!("soft body #{i} does not exist")),
        // A face: the material that draws it.
        ElementRef::Face(f) => {
            let mut start = 0usize;
            let corner = usize::try_from(f).unwrap_or(usize::MAX).saturating_mul(3);
            for (m, mat) in model.materials.iter().enumerate() {
                let end = start + mat.face_index_count.max(0) as usize;
                if corner >= start && corner < end {
                    return Ok(Selection::Material(m));
                }
                start = end;
            }
            none("a face no material draws")
        }
        // A texture: the first material using it.
        ElementRef::Texture(t) => model
            .materials
            .iter()
            .position(|m| m.texture == t || m.sphere_texture == t)
            .map(Selection::Material)
            .ok_or_else(|| format!("texture #{t} is used by no material")),
        ElementRef::Vertex(i) => none(&format!("vertex #{i}")),
        ElementRef::DisplayFrame(i) => none(&format!("display frame #{i}")),
    }
}

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    state.debug.refresh(&state.doc.model, state.doc.generation);
    let problems = &state.debug.problems;
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    ui.horizontal(|ui| {
        for s in [Severity::Error, Severity::Warning, Severity::Info] {
            let (icon, color) = severity_icon(s);
            ui.colored_label(color, format!("{icon} {} {}", count(s), s.name()));
        }
    });
    ui.separator();
    if problems.is_empty() {
        ui.label("No problems found.");
        return;
    }
    let model = &state.doc.model;
    let mut select = None;
    let mut fix_edit = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, p) in problems.iter().enumerate() {
                ui.push_id(i, |ui| {
                    ui.horizontal(|ui| {
                        let (icon, color) = severity_icon(p.severity);
                        ui.colored_label(color, icon)
                            .on_hover_text(p.severity.name());
                        if let Some(fix) = &p.fix {
                            if ui
                                .small_button("Fix")
                                .on_hover_text(fix.description(model))
                                .clicked()
                            {
                                fix_edit = fix.edit(model);
                            }
                        }
                        let selected = selection_for(model, p.target)
                            .is_ok_and(|s| s == state.selection && s != Selection::None);
                        let text = RichText::new(format!("{}  {}", p.code, p.message));
                        if ui
                            .add(egui::Button::selectable(selected, text).wrap())
                            .clicked()
                        {
                            select = Some(p.target);
                        }
                    });
                });
            }
        });
    if let Some(target) = select {
        match selection_for(&state.doc.model, target) {
            Ok(s) => state.select(s),
            Err(e) => state.log(LogLevel::Info, e),
        }
    }
    if let Some(edit) = fix_edit {
        state.apply(edit);
    }
}
