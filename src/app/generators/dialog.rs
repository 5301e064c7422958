//! The options window of the open operation, generated from its option schema:
//! what it runs on, one widget per option, what it would do, Apply.

use eframe::egui;
use serde_json::{json, Map, Value};

use super::Dialog;
use crate::app::commands::{Command, Commands};
use crate::app::files::picker::Purpose;
use crate::app::View;
use crate::ops::{Need, Opt, OptKind};
use crate::pmx::Model;
use crate::tr;

/// Draws the open operation's window from the view (the window lends the dialog,
/// [`State::with_generator`](crate::app::State::with_generator)). Apply sends its
/// edit (one undo step) and closes it; Cancel or the window's ✕ closes it: false
/// when the dialog is to close.
pub fn show(ctx: &egui::Context, view: &View, dialog: &mut Dialog, sent: &mut Commands) -> bool {
    dialog.refresh(view.model);
    let mut open = true;
    let mut apply = false;
    let mut cancel = false;
    let title = dialog.open.op.title();
    egui::Window::new(title.trim_end_matches('…'))
        .id(egui::Id::new("generator_dialog"))
        .open(&mut open)
        .resizable(true)
        .default_width(380.0)
        // Over the inspector, so the viewport's preview stays in sight.
        .default_pos(egui::pos2(
            (ctx.content_rect().right() - 400.0).max(0.0),
            60.0,
        ))
        .show(ctx, |ui| {
            ui.weak(dialog.open.op.help());
            egui::ScrollArea::vertical()
                .max_height(340.0)
                .show(ui, |ui| {
                    what_on(ui, view.model, dialog);
                    options(ui, view.model, dialog);
                });
            ui.separator();
            result(ui, dialog);
            ui.horizontal(|ui| {
                let can = dialog.planned.as_ref().is_some_and(|p| p.edit.is_some());
                if ui
                    .add_enabled(can, egui::Button::new(tr!("opsui-apply")))
                    .on_hover_text(tr!("opsui-apply-hover"))
                    .clicked()
                {
                    apply = true;
                }
                if ui.button(tr!("opsui-cancel")).clicked() {
                    cancel = true;
                }
                if dialog
                    .planned
                    .as_ref()
                    .is_some_and(|p| p.plan.is_some() || p.ghost.is_some())
                {
                    ui.checkbox(&mut dialog.preview, tr!("opsui-preview"));
                }
            });
        });
    if apply {
        if let Some(planned) = dialog.planned.as_mut() {
            if let Some(edit) = planned.edit.take() {
                sent.push(Command::Edit(edit));
                let textures = std::mem::take(&mut planned.textures);
                if !textures.is_empty() {
                    sent.push(Command::BringTextures(textures));
                }
            }
        }
        return false;
    }
    open && !cancel
}

/// `key`'s line naming the first few of the `selected` elements, how many more
/// there are and the count.
fn selected_names<'m>(
    ui: &mut egui::Ui,
    key: &str,
    selected: &[usize],
    name: impl Fn(usize) -> Option<&'m str>,
) {
    let names: Vec<&str> = selected.iter().filter_map(|&i| name(i)).take(6).collect();
    let more = selected.len().saturating_sub(names.len());
    let names = names.join(", ");
    ui.label(tr!(key, names = names, more = more, count = selected.len()));
}

/// What the operation runs on: the selected bones (and how many in all), or the
/// choice between the selection and the whole model.
fn what_on(ui: &mut egui::Ui, model: &Model, d: &mut Dialog) {
    match d.open.op.selection {
        Need::Elements => {
            let n = d.open.selected.len();
            let has = n > 0 && d.open.kind.is_some_and(|k| Need::Elements.accepts(k));
            ui.horizontal_wrapped(|ui| {
                ui.radio_value(&mut d.use_selection, false, tr!("opsui-whole-model"));
                ui.add_enabled_ui(has, |ui| {
                    let kind = d.open.kind.map(|k| k.plural()).unwrap_or_default();
                    ui.radio_value(
                        &mut d.use_selection,
                        true,
                        tr!("opsui-only-selection", count = n, kind = kind),
                    )
                    .on_disabled_hover_text(tr!("opsui-needs-selection"));
                });
            });
        }
        need => selected_line(ui, model, need, &d.selection(model)),
    }
}

/// The line naming what an operation needing `need` runs on: the selected bones or
/// materials (the first few by name), or how many vertices (the output dialogs too).
pub(crate) fn selected_line(
    ui: &mut egui::Ui,
    model: &Model,
    need: Need,
    sel: &crate::ops::Selection,
) {
    match need {
        Need::None | Need::Elements => {}
        Need::Bones => selected_names(ui, "opsui-selected-bones", &sel.bones, |b| {
            model.bones.get(b).map(|b| b.name.as_str())
        }),
        Need::Vertices => {
            ui.label(tr!("opsui-selected-vertices", count = sel.vertices.len()));
        }
        Need::Materials => {
            selected_names(ui, "extractui-selected-materials", &sel.materials, |m| {
                model.materials.get(m).map(|m| m.name.as_str())
            })
        }
    }
}

fn options(ui: &mut egui::Ui, model: &Model, d: &mut Dialog) {
    let file = |key: &str| Purpose::OperationOption { key: key.into() };
    option_grid(ui, model, d.open.op.options, &mut d.options.values, &file);
}

/// One row per option of a schema (its label, hover help, widget), editing `values`; a
/// file option's Browse… asks the picker with `file(key)` (the output dialogs use it too).
pub(crate) fn option_grid(
    ui: &mut egui::Ui,
    model: &Model,
    options: &[Opt],
    values: &mut Map<String, Value>,
    file: &dyn Fn(&str) -> Purpose,
) {
    egui::Grid::new("op_options")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for o in options {
                let mut label = ui.label(o.dialog_label());
                if let Some(help) = o.dialog_help() {
                    label = label.on_hover_text(help);
                }
                ui.horizontal_wrapped(|ui| {
                    if let Some(widget) = option(ui, model, o, values, file) {
                        widget.labelled_by(label.id);
                    }
                });
                ui.end_row();
            }
        });
}

/// One option's widget (its main response, for the label). An `auto` option (the
/// operation decides when absent) gets a tick box; unticked, its value starts from the
/// schema's default.
fn option(
    ui: &mut egui::Ui,
    model: &Model,
    o: &Opt,
    values: &mut Map<String, Value>,
    file: &dyn Fn(&str) -> Purpose,
) -> Option<egui::Response> {
    if o.auto {
        let mut auto = !values.contains_key(o.key);
        if ui.checkbox(&mut auto, tr!("opsui-auto")).changed() {
            if auto {
                values.remove(o.key);
            } else if let Some(v) = o.default.to_value(o.kind) {
                values.insert(o.key.to_string(), v);
            }
        }
        if auto {
            return None;
        }
    }
    let fallback = o.default.to_value(o.kind).unwrap_or(Value::Null);
    let v = values.entry(o.key.to_string()).or_insert(fallback);
    let id = egui::Id::new(("op_option", o.key));
    let response = match o.kind {
        OptKind::Bool => {
            let mut b = v.as_bool().unwrap_or(false);
            let r = ui.checkbox(&mut b, "");
            if r.changed() {
                *v = Value::Bool(b);
            }
            r
        }
        OptKind::Int { min, max } => {
            let mut i = v.as_i64().unwrap_or(min);
            let r = ui.add(egui::DragValue::new(&mut i).range(min..=max));
            if r.changed() {
                *v = json!(i);
            }
            r
        }
        OptKind::Mask => {
            let mut i = v.as_u64().unwrap_or(0xFFFF) as u16;
            let r = ui.add(egui::DragValue::new(&mut i).hexadecimal(4, false, true));
            if r.changed() {
                *v = json!(i);
            }
            r
        }
        OptKind::Float { min, max } => {
            let mut x = v.as_f64().unwrap_or(min as f64) as f32;
            let speed = ((max - min) / 500.0).clamp(0.001, 1.0);
            let r = ui.add(egui::DragValue::new(&mut x).speed(speed).range(min..=max));
            if r.changed() {
                *v = crate::ops::float(x);
            }
            r
        }
        OptKind::Choice(choices) => {
            let current = v.as_str().unwrap_or_default().to_string();
            let label = |value: &str| {
                choices
                    .iter()
                    .find(|c| c.value == value)
                    .map(|c| hone_core::tr!(c.label))
                    .unwrap_or_else(|| value.to_string())
            };
            egui::ComboBox::from_id_salt(id)
                .selected_text(label(&current))
                .show_ui(ui, |ui| {
                    for c in choices {
                        if ui
                            .selectable_label(current == c.value, hone_core::tr!(c.label))
                            .clicked()
                        {
                            *v = json!(c.value);
                        }
                    }
                })
                .response
        }
        OptKind::Choices(choices) => {
            let mut list: Vec<String> = serde_json::from_value(v.clone()).unwrap_or_default();
            let mut changed = false;
            for c in choices {
                let mut on = list.iter().any(|s| s == c.value);
                if ui.checkbox(&mut on, hone_core::tr!(c.label)).changed() {
                    changed = true;
                    list.retain(|s| s != c.value);
                    if on {
                        list.push(c.value.to_string());
                    }
                }
            }
            if changed {
                // Kept in the schema's order, so the plan compares equal when ticked back.
                let ordered: Vec<&str> = choices
                    .iter()
                    .map(|c| c.value)
                    .filter(|c| list.iter().any(|s| s == c))
                    .collect();
                *v = json!(ordered);
            }
            return None;
        }
        OptKind::Text => {
            let mut s = v.as_str().unwrap_or_default().to_string();
            let r = ui.text_edit_singleline(&mut s);
            if r.changed() {
                *v = json!(s);
            }
            r
        }
        OptKind::File => {
            let mut s = v.as_str().unwrap_or_default().to_string();
            let r = ui.text_edit_singleline(&mut s);
            if ui.button(tr!("opsui-browse")).clicked() {
                crate::app::files::picker::ask(
                    ui.ctx(),
                    crate::app::files::picker::PickRequest {
                        purpose: file(o.key),
                        title: o.dialog_label(),
                        filters: Vec::new(),
                        save_name: None,
                        directory: None,
                    },
                );
            }
            if r.changed() {
                *v = json!(s);
            }
            r
        }
        OptKind::Vec3 { min, max } => {
            let mut xyz: [f32; 3] = serde_json::from_value(v.clone()).unwrap_or_default();
            let mut changed = false;
            for c in &mut xyz {
                changed |= ui
                    .add(egui::DragValue::new(c).speed(0.5).range(min..=max))
                    .changed();
            }
            if changed {
                *v = Value::Array(xyz.iter().map(|&x| crate::ops::float(x)).collect());
            }
            return None;
        }
        OptKind::Groups => {
            let mut groups: Vec<u8> = serde_json::from_value(v.clone()).unwrap_or_default();
            let mut changed = false;
            for g in 0..16u8 {
                let mut on = groups.contains(&g);
                if ui.toggle_value(&mut on, format!("{g}")).changed() {
                    changed = true;
                    groups.retain(|&x| x != g);
                    if on {
                        groups.push(g);
                        groups.sort_unstable();
                    }
                }
            }
            if changed {
                *v = json!(groups);
            }
            return None;
        }
        OptKind::Bone => {
            let current = match &*v {
                Value::Number(n) => n.as_u64().map(|i| i as usize),
                Value::String(s) => model.bone_index(s),
                _ => None,
            };
            let name = |b: usize| {
                model
                    .bones
                    .get(b)
                    .map(|bone| format!("#{b} {}", bone.name))
                    .unwrap_or_default()
            };
            egui::ComboBox::from_id_salt(id)
                .selected_text(current.map(name).unwrap_or_default())
                .height(300.0)
                .show_ui(ui, |ui| {
                    for b in 0..model.bones.len() {
                        if ui.selectable_label(current == Some(b), name(b)).clicked() {
                            *v = json!(b);
                        }
                    }
                })
                .response
        }
    };
    Some(response)
}

fn result(ui: &mut egui::Ui, d: &Dialog) {
    let Some(p) = &d.planned else {
        return;
    };
    if let Some(e) = &p.error {
        ui.colored_label(egui::Color32::from_rgb(240, 150, 80), e);
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("generator_summary")
        .max_height(90.0)
        .show(ui, |ui| {
            for (i, line) in p.summary.iter().enumerate() {
                if i == 0 {
                    ui.strong(line);
                } else {
                    ui.weak(line);
                }
            }
        });
}
