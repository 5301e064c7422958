//! Problems: `check_model` results, re-run whenever the model changes, grouped
//! by category (structure, weights, order, physics, display, textures) with
//! counts. Clicking a problem selects its culprit; "Fix" applies the checker's
//! fix through the undo history; "Fix all" a category's fixes as one step.

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::{LogLevel, PanelState, Selection, View};
use crate::check::{Category, ElementRef, Problem, Severity};
use crate::edit::ElementKind;
use crate::pmx::Model;
use crate::tr;
use egui::{Color32, RichText};

/// "1 error", "3 warnings" (エラー 3 件).
fn severity_count(s: Severity, count: usize) -> String {
    match s {
        Severity::Error => tr!("problems-n-errors", count = count),
        Severity::Warning => tr!("problems-n-warnings", count = count),
        Severity::Info => tr!("problems-n-infos", count = count),
    }
}

fn severity_name(s: Severity) -> String {
    match s {
        Severity::Error => tr!("problems-severity-error"),
        Severity::Warning => tr!("problems-severity-warning"),
        Severity::Info => tr!("problems-severity-info"),
    }
}

pub fn severity_icon(s: Severity) -> (&'static str, Color32) {
    match s {
        Severity::Error => ("⛔", Color32::from_rgb(240, 80, 80)),
        Severity::Warning => ("⚠", Color32::from_rgb(235, 185, 60)),
        Severity::Info => ("ℹ", Color32::from_rgb(120, 170, 240)),
    }
}

/// The app selection for a problem's element, or a note why there is none.
pub fn selection_for(model: &Model, target: ElementRef) -> Result<Selection, String> {
    use ElementKind as K;
    let kind = match target {
        ElementRef::Model => return Ok(Selection::Model),
        ElementRef::Face(f) => return face_material(model, f),
        ElementRef::Texture(t) => return texture_user(model, t),
        ElementRef::Bone(_) => K::Bone,
        ElementRef::Morph(_) => K::Morph,
        ElementRef::Material(_) => K::Material,
        ElementRef::RigidBody(_) => K::RigidBody,
        ElementRef::Joint(_) => K::Joint,
        ElementRef::SoftBody(_) => K::SoftBody,
        ElementRef::Vertex(_) => K::Vertex,
        ElementRef::DisplayFrame(_) => K::DisplayFrame,
    };
    let i = target.index().unwrap_or(-1);
    usize::try_from(i)
        .ok()
        .filter(|&i| i < kind.len(model))
        .and_then(|i| Selection::of(kind, i))
        .ok_or_else(|| {
            tr!(
                "problems-missing",
                kind = super::terms::kind_name(kind),
                index = i
            )
        })
}

/// A face's selection: the material that draws it.
fn face_material(model: &Model, f: i32) -> Result<Selection, String> {
    let face = usize::try_from(f).unwrap_or(usize::MAX);
    crate::edit::remap::material_face_ranges(model)
        .iter()
        .position(|r| r.contains(&face))
        .map(Selection::Material)
        .ok_or_else(|| tr!("problems-face-undrawn"))
}

/// A texture's selection: the first material using it.
fn texture_user(model: &Model, t: i32) -> Result<Selection, String> {
    model
        .materials
        .iter()
        .position(|m| m.texture == t || m.sphere_texture == t)
        .map(Selection::Material)
        .ok_or_else(|| tr!("problems-texture-unused", index = t))
}

/// "physics (12: 1 error, 8 warnings, 3 infos)".
pub fn category_title(category: Category, problems: &[&Problem]) -> String {
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    let parts: Vec<String> = [Severity::Error, Severity::Warning, Severity::Info]
        .into_iter()
        .map(|s| (s, count(s)))
        .filter(|&(_, n)| n > 0)
        .map(|(s, n)| severity_count(s, n))
        .collect();
    tr!(
        "problems-category-title",
        category = category.label(),
        count = problems.len(),
        parts = parts.join(&tr!("problems-list-separator"))
    )
}

/// Accessible name of a category's "Fix all" button.
pub fn fix_all_label(category: Category) -> String {
    tr!("problems-fix-all-category", category = category.label())
}

/// Lists the problems of `view.debug` (refreshed for the model before the panel
/// draws: [`super::deform_order::prepare`]); a problem's select and fix are commands.
pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, _local: &mut PanelState) {
    let problems = &view.debug.problems;
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    ui.horizontal(|ui| {
        for s in [Severity::Error, Severity::Warning, Severity::Info] {
            let (icon, color) = severity_icon(s);
            ui.colored_label(color, format!("{icon} {}", severity_count(s, count(s))));
        }
    });
    ui.separator();
    if problems.is_empty() {
        ui.label(tr!("problems-none"));
        return;
    }
    let model = view.model;
    let mut select = None;
    let mut fix_edit = None;
    let mut fix_category = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Grouped by category in a fixed order, each with its counts.
            for category in Category::ALL {
                let in_category: Vec<&Problem> = problems
                    .iter()
                    .filter(|p| p.category() == category)
                    .collect();
                if in_category.is_empty() {
                    continue;
                }
                let fixable = in_category.iter().filter(|p| p.fix.is_some()).count();
                egui::CollapsingHeader::new(category_title(category, &in_category))
                    .id_salt(category.name())
                    .default_open(true)
                    .show(ui, |ui| {
                        if fixable > 0 {
                            let r = ui
                                .small_button(tr!("problems-fix-all", count = fixable))
                                .on_hover_text(tr!(
                                    "problems-fix-all-tip",
                                    category = category.label()
                                ));
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::WidgetType::Button,
                                    true,
                                    fix_all_label(category),
                                )
                            });
                            if r.clicked() {
                                fix_category = Some(category);
                            }
                        }
                        for (i, p) in in_category.iter().enumerate() {
                            ui.push_id(i, |ui| {
                                ui.horizontal(|ui| {
                                    let (icon, color) = severity_icon(p.severity);
                                    ui.colored_label(color, icon)
                                        .on_hover_text(severity_name(p.severity));
                                    if let Some(fix) = &p.fix {
                                        if ui
                                            .small_button(tr!("problems-fix"))
                                            .on_hover_text(fix.description(model))
                                            .clicked()
                                        {
                                            fix_edit = fix.edit(model);
                                        }
                                    }
                                    let selected = selection_for(model, p.target)
                                        .is_ok_and(|s| s == view.selection && s != Selection::None);
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
            }
        });
    if let Some(category) = fix_category {
        // The same context the list was checked with.
        let all = crate::check::fix_all(model, &Default::default(), |p| p.category() == category);
        fix_edit = all.map(|a| a.edit);
    }
    if let Some(target) = select {
        match selection_for(model, target) {
            Ok(s) => commands.select(s),
            Err(e) => commands.log(LogLevel::Info, e),
        }
    }
    if let Some(edit) = fix_edit {
        commands.edit(edit);
    }
}
