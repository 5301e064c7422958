//! Edit ▸ Translate names…: English names from the core's dictionary and rules
//! ([`crate::rig::translate`]), with a preview table (kind, Japanese, old → new English,
//! rule), "overwrite" and a user dictionary (CSV). Apply pushes one model edit.
//! The window's settings live in egui memory; nothing here mutates the model.

use std::path::PathBuf;

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::View;
use crate::edit::ElementKind;
use crate::rig::translate::{edit_from_rows, preview, Row, Rule, UserDictionary};

/// The window's state (egui memory).
#[derive(Debug, Clone, Default)]
struct Window {
    open: bool,
    overwrite: bool,
    dictionary: Option<PathBuf>,
    user: UserDictionary,
    error: Option<String>,
    /// The rows for (history revision, overwrite, dictionary loads): planned again
    /// only when one of them changes.
    rows: Option<(u64, bool, u64, Vec<Row>)>,
    loads: u64,
}

fn id() -> egui::Id {
    egui::Id::new("translate_names")
}

/// The Edit menu's entry: opens the window.
pub fn menu_item(ui: &mut egui::Ui) {
    if ui
        .button(
            crate::ops::find("translate_names")
                .map(|op| op.title())
                .unwrap_or_default(),
        )
        .on_hover_text(crate::tr!("translate-menu-tip"))
        .clicked()
    {
        open(ui.ctx());
        ui.close();
    }
}

/// Opens the window (tests, the command palette).
pub fn open(ctx: &egui::Context) {
    let mut w = ctx
        .data_mut(|d| d.get_temp::<Window>(id()))
        .unwrap_or_default();
    w.open = true;
    w.rows = None;
    ctx.data_mut(|d| d.insert_temp(id(), w));
}

/// Whether the window is open.
pub fn is_open(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<Window>(id()))
        .is_some_and(|w| w.open)
}

fn kind_name(kind: ElementKind) -> String {
    match kind {
        ElementKind::Bone => crate::tr!("translate-kind-bone"),
        ElementKind::Morph => crate::tr!("translate-kind-morph"),
        ElementKind::Material => crate::tr!("translate-kind-material"),
        ElementKind::DisplayFrame => crate::tr!("translate-kind-frame"),
        ElementKind::RigidBody => crate::tr!("translate-kind-body"),
        ElementKind::Joint => crate::tr!("translate-kind-joint"),
        other => other.name().to_string(),
    }
}

fn rule_name(rule: Rule) -> String {
    hone_core::tr!(rule.key())
}

/// Shows the window when open (every frame, from the shell).
pub fn show(ctx: &egui::Context, view: &View, commands: &mut Commands) {
    let Some(mut w) = ctx.data(|d| d.get_temp::<Window>(id())) else {
        return;
    };
    if !w.open {
        return;
    }
    let model = view.model;
    let revision = view.doc.history.revision();
    let fresh = matches!(&w.rows, Some((r, o, l, _)) if *r == revision && *o == w.overwrite && *l == w.loads);
    if !fresh {
        let rows = preview(model, w.overwrite, &w.user);
        w.rows = Some((revision, w.overwrite, w.loads, rows));
    }
    let mut apply = false;
    let mut close = false;
    let mut open = true;
    egui::Window::new(crate::tr!("translate-title"))
        .id(id())
        .open(&mut open)
        .default_size([760.0, 520.0])
        .resizable(true)
        .show(ctx, |ui| {
            ui.checkbox(&mut w.overwrite, crate::tr!("translate-overwrite"))
                .on_hover_text(crate::tr!("translate-overwrite-tip"));
            ui.horizontal(|ui| {
                ui.label(crate::tr!("translate-dictionary"));
                match &w.dictionary {
                    Some(p) => ui.monospace(p.display().to_string()),
                    None => ui.weak(crate::tr!("translate-no-dictionary")),
                };
                if ui.button(crate::tr!("translate-choose")).clicked() {
                    crate::app::files::picker::ask(
                        ui.ctx(),
                        crate::app::files::picker::PickRequest {
                            purpose: crate::app::files::picker::Purpose::Dictionary,
                            title: crate::tr!("translate-dictionary"),
                            filters: vec![("CSV".into(), vec!["csv", "txt"])],
                            save_name: None,
                            directory: None,
                        },
                    );
                }
                if w.dictionary.is_some() && ui.button(crate::tr!("translate-clear")).clicked() {
                    w.dictionary = None;
                    w.user = UserDictionary::default();
                    w.error = None;
                    w.loads += 1;
                }
            });
            if let Some(e) = &w.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            let rows: &[Row] = w.rows.as_ref().map(|r| r.3.as_slice()).unwrap_or(&[]);
            let changes = rows.iter().filter(|r| r.changes()).count();
            let unknown = rows.iter().filter(|r| r.rule == Rule::None).count();
            ui.label(crate::tr!(
                "translate-summary",
                changes = changes,
                unknown = unknown
            ));
            ui.separator();
            let height = ui.available_height() - 40.0;
            egui::ScrollArea::both()
                .max_height(height.max(120.0))
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    egui::Grid::new("translate_rows")
                        .striped(true)
                        .num_columns(5)
                        .show(ui, |ui| {
                            ui.strong(crate::tr!("translate-col-kind"));
                            ui.strong(crate::tr!("translate-col-japanese"));
                            ui.strong(crate::tr!("translate-col-old"));
                            ui.strong(crate::tr!("translate-col-new"));
                            ui.strong(crate::tr!("translate-col-rule"));
                            ui.end_row();
                            for r in rows {
                                ui.label(kind_name(r.kind));
                                ui.label(&r.name);
                                ui.weak(&r.old);
                                match &r.new {
                                    Some(n) if r.changes() => ui.label(format!("→ {n}")),
                                    Some(n) => ui.weak(format!("= {n}")),
                                    None => ui.weak("—"),
                                };
                                ui.label(rule_name(r.rule));
                                ui.end_row();
                            }
                        });
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        changes > 0,
                        egui::Button::new(crate::tr!("translate-apply")),
                    )
                    .clicked()
                {
                    apply = true;
                }
                if ui.button(crate::tr!("translate-cancel")).clicked() {
                    close = true;
                }
            });
        });
    if apply {
        let rows = w.rows.as_ref().map(|r| r.3.as_slice()).unwrap_or(&[]);
        if let Some(edit) = edit_from_rows(model, rows) {
            commands.edit(edit);
        }
        close = true;
    }
    if close || !open {
        w.open = false;
        w.rows = None;
    }
    ctx.data_mut(|d| d.insert_temp(id(), w));
}

/// The dictionary picked for the window (if it is still open).
pub fn dictionary_chosen(ctx: &egui::Context, path: PathBuf) {
    let Some(mut w) = ctx.data(|d| d.get_temp::<Window>(id())) else {
        return;
    };
    load_dictionary(&mut w, path);
    ctx.data_mut(|d| d.insert_temp(id(), w));
}

fn load_dictionary(w: &mut Window, path: PathBuf) {
    match UserDictionary::load(&path) {
        Ok(user) => {
            w.user = user;
            w.error = None;
            w.dictionary = Some(path);
        }
        Err(e) => {
            w.error = Some(e.to_string());
        }
    }
    w.loads += 1;
}
