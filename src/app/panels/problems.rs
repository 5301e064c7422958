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

/// The app selection for a problem's element, or a note why there is none.
pub fn selection_for(model: &Model, target: ElementRef) -> Result<Selection, String> {
    // An index into a list of `len` elements of kind `what`.
    let pick = |i: i32, len: usize, select: fn(usize) -> Selection, what: &str| {
        usize::try_from(i)
            .ok()
            .filter(|&i| i < len)
            .map(select)
            .ok_or_else(|| format!("{what} #{i} does not exist"))
    };
    match target {
        ElementRef::Model => Ok(Selection::Model),
        ElementRef::Bone(i) => pick(i, model.bones.len(), Selection::Bone, "bone"),
        ElementRef::Morph(i) => pick(i, model.morphs.len(), Selection::Morph, "morph"),
        ElementRef::Material(i) => pick(i, model.materials.len(), Selection::Material, "material"),
        ElementRef::RigidBody(i) => pick(
            i,
            model.rigid_bodies.len(),
            Selection::RigidBody,
            "rigid body",
        ),
        ElementRef::Joint(i) => pick(i, model.joints.len(), Selection::Joint, "joint"),
        ElementRef::SoftBody(i) => {
            pick(i, model.soft_bodies.len(), Selection::SoftBody, "soft body")
        }
        ElementRef::Vertex(i) => pick(i, model.vertices.len(), Selection::Vertex, "vertex"),
        ElementRef::DisplayFrame(i) => pick(
            i,
            model.display_frames.len(),
            Selection::DisplayFrame,
            "display frame",
        ),
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
            Err("a face no material draws cannot be selected".into())
        }
        // A texture: the first material using it.
        ElementRef::Texture(t) => model
            .materials
            .iter()
            .position(|m| m.texture == t || m.sphere_texture == t)
            .map(Selection::Material)
            .ok_or_else(|| format!("texture #{t} is used by no material")),
    }
}

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    state.debug.refresh(state.doc.model());
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
    let model = state.doc.model();
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
        match selection_for(state.doc.model(), target) {
            Ok(s) => state.commands.select(s),
            Err(e) => state.log(LogLevel::Info, e),
        }
    }
    if let Some(edit) = fix_edit {
        state.commands.edit(edit);
    }
}
