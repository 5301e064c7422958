//! The one place list context menus (and the Edit menu's element part) are
//! built: element-specific entries first ("Add rigid body on 頭", "Add joint
//! between A and B", "Add to display frame"), then the registered operations that
//! work on the selection ([`generator_items`]), then the standard structural edits
//! of [`structure::menu_items`].

use eframe::egui;

use super::structure::{self, Request};
use super::{display_frames, label};
use crate::app::commands::Commands;
use crate::app::Selection;
use crate::edit::ElementKind;
use crate::pmx::{DisplayElement, Model};
use crate::tr;

/// What a menu needs: the model, the list's kind, the active element and the
/// selected indices of the kind (ascending), and the queue for edits that are
/// not list requests (display-frame items, generators).
pub struct MenuCx<'a> {
    pub model: &'a Model,
    pub kind: ElementKind,
    pub active: Selection,
    pub selected: &'a [usize],
    pub commands: &'a mut Commands,
}

/// The context menu of a list row (right-click); returns the structural edit
/// picked, if any (other entries push their commands themselves).
pub fn row_menu(r: &egui::Response, cx: MenuCx) -> Option<Request> {
    let mut cx = cx;
    let mut picked = None;
    r.context_menu(|ui| picked = items(ui, &mut cx));
    picked
}

/// Every entry for the selection: element-specific, generators, standard.
pub fn items(ui: &mut egui::Ui, cx: &mut MenuCx) -> Option<Request> {
    let mut picked = element_items(ui, cx);
    if let Some(q) = generator_items(ui, cx) {
        picked = Some(q);
    }
    if let Some(a) = structure::menu_items(ui, cx.model, cx.kind, cx.selected) {
        picked = Some(Request::on_selection(cx.kind, a));
    }
    picked
}

/// The registered operations whose selection need `cx.selected` meets (each opens
/// its option dialog) and "Select symmetric"; a separator keeps the standard edits
/// apart.
pub fn generator_items(ui: &mut egui::Ui, cx: &mut MenuCx) -> Option<Request> {
    crate::app::generators::menu_items(ui, cx.model, cx.kind, cx.active, cx.selected, cx.commands);
    None
}

/// Entries that depend on the kind and the selection.
fn element_items(ui: &mut egui::Ui, cx: &mut MenuCx) -> Option<Request> {
    let model = cx.model;
    let mut picked = None;
    match cx.kind {
        ElementKind::Bone => {
            let bone = match cx.active {
                Selection::Bone(b) if b < model.bones.len() => Some(b),
                _ => None,
            };
            if let Some(b) = bone {
                let name = &model.bones[b].name;
                if ui
                    .button(tr!("ctx-add-child-bone", name = name.as_str()))
                    .clicked()
                {
                    picked = Some(Request::add_for(ElementKind::Bone, vec![b]));
                    ui.close();
                }
                if ui
                    .button(tr!("ctx-add-body-on", name = name.as_str()))
                    .clicked()
                {
                    picked = Some(Request::add_for(ElementKind::RigidBody, vec![b]));
                    ui.close();
                }
            }
            to_frame(ui, cx, DisplayElement::Bone);
        }
        ElementKind::Morph => to_frame(ui, cx, DisplayElement::Morph),
        ElementKind::Material if !cx.selected.is_empty() => {
            let text = tr!("extractui-save-selected", count = cx.selected.len());
            if ui.button(text).clicked() {
                cx.commands
                    .push(crate::app::commands::Command::SaveMaterialsAsModel(
                        cx.selected.to_vec(),
                    ));
                ui.close();
            }
            // Splitting takes the vertex selection (Vertices mode): shown, disabled, here.
            if let Some(op) = crate::ops::find("split_material") {
                crate::app::generators::op_items(
                    ui,
                    std::iter::once(op),
                    Some(ElementKind::Material),
                    &[],
                    cx.commands,
                );
            }
            ui.separator();
        }
        ElementKind::RigidBody => {
            if let [a, b] = *cx.selected {
                // The active body first: the defaults pick the child body by the bones.
                let (a, b) = if cx.active == Selection::RigidBody(b) {
                    (b, a)
                } else {
                    (a, b)
                };
                let name = |i: usize| model.rigid_bodies[i].name.as_str();
                let text = format!("Add joint between {} and {}", name(a), name(b));
                if ui.button(text).clicked() {
                    picked = Some(Request::add_for(ElementKind::Joint, vec![a, b]));
                    ui.close();
                }
                ui.separator();
            }
        }
        _ => {}
    }
    picked
}

/// "Add to display frame ▸ frame" for the selected bones or morphs.
fn to_frame(ui: &mut egui::Ui, cx: &mut MenuCx, make: fn(i32) -> DisplayElement) {
    if cx.selected.is_empty() {
        return;
    }
    let items = cx.selected.iter().map(|&i| make(i as i32)).collect();
    display_frames::add_menu(ui, cx.model, cx.commands, items);
    ui.separator();
}

/// The Edit menu's element part: the standard edits for the active selection's
/// list (or a hint), and "Add ▸" for every list.
pub fn edit_menu(ui: &mut egui::Ui, cx: Option<MenuCx>) -> Option<Request> {
    let mut picked = None;
    match cx {
        Some(mut cx) => {
            let what = match cx.active.index() {
                Some(i) if cx.selected.len() <= 1 => label(i, &cx.kind.display_name(cx.model, i)),
                _ => super::terms::kind_count(cx.kind, cx.selected.len()),
            };
            ui.weak(format!("{} {what}", super::terms::kind_name(cx.kind)));
            picked = items(ui, &mut cx);
        }
        None => {
            ui.weak(tr!("ctx-select-hint"));
        }
    }
    ui.separator();
    ui.menu_button(tr!("ctx-add"), |ui| {
        for kind in structure::LIST_KINDS {
            if ui.button(super::terms::kind_name(kind)).clicked() {
                picked = Some(Request::on_selection(kind, structure::ListAction::Add));
                ui.close();
            }
        }
    });
    picked
}
