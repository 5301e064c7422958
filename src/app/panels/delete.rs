//! Deleting list elements. Nothing refers to the element: it goes at once.
//! Something does: a dialog says what ("3 joints and 120 vertex weights refer to
//! 後髪A1_1", from [`find_references`]) and offers the core's answers
//! ([`delete_with_references`]): delete them too, re-point them, or cancel.

use eframe::egui;

use crate::app::{LogLevel, Selection, State};
use crate::edit::references::{delete_with_references, find_references, RefPolicy};
use crate::edit::ElementKind;

/// A delete waiting for the user's answer.
#[derive(Debug, Clone)]
pub struct DeleteQuestion {
    pub kind: ElementKind,
    pub indices: Vec<usize>,
    /// "3 joints and 120 vertex weights refer to 後髪A1_1".
    pub message: String,
}

/// What "delete them too" and "re-point them" do for `kind`, for the buttons'
/// hover texts (None: the answer is the same as the other one).
fn answers(kind: ElementKind) -> (&'static str, Option<&'static str>) {
    match kind {
        ElementKind::Bone => (
            "Also delete the rigid bodies on the bone and their joints. Vertex weights and \
             child bones move to the parent bone; IK links, morph offsets and display-frame \
             entries are dropped.",
            Some(
                "Move everything to the parent bone: vertex weights (renormalised), child \
                 bones, rigid bodies, append parents and IK targets; joints of deleted bodies \
                 go to the body on the nearest ancestor bone. IK links, morph offsets and \
                 display-frame entries are dropped.",
            ),
        ),
        ElementKind::RigidBody => (
            "Also delete the joints on the body. Impulse-morph offsets and soft-body anchors \
             are dropped.",
            Some(
                "Re-point the joints to the body on the nearest ancestor bone (a joint left \
                 with one body is deleted). Impulse-morph offsets and soft-body anchors are \
                 dropped.",
            ),
        ),
        ElementKind::Material => (
            "Also delete the soft bodies on the material. Material-morph offsets are dropped.",
            Some("Keep the soft bodies without a material. Material-morph offsets are dropped."),
        ),
        _ => (
            "Delete, dropping the morph offsets and display-frame entries that name it and \
             clearing texture references.",
            None,
        ),
    }
}

/// Deletes `indices` of `kind` now if nothing else refers to them, else asks.
pub fn ask(state: &mut State, kind: ElementKind, indices: Vec<usize>) {
    let model = state.doc.model();
    let refs = find_references(model, kind, &indices);
    if refs.is_empty() {
        answer(state, kind, &indices, RefPolicy::Error);
    } else {
        state.panels.delete_question = Some(DeleteQuestion {
            kind,
            indices,
            message: refs.to_string(),
        });
    }
}

/// Deletes with `policy`, or logs why the core refused (nothing changes then).
fn answer(state: &mut State, kind: ElementKind, indices: &[usize], policy: RefPolicy) {
    match delete_with_references(state.doc.model(), kind, indices, policy) {
        Ok(edit) => {
            state.commands.edit(edit);
            state.commands.select_in_list(Selection::None);
        }
        Err(e) => state.log(LogLevel::Warning, format!("not deleted: {e}")),
    }
}

/// The open question, if any, as a modal dialog.
pub fn dialog(ctx: &egui::Context, state: &mut State) {
    let Some(q) = state.panels.delete_question.clone() else {
        return;
    };
    let (delete_too, repoint) = answers(q.kind);
    let mut choice = None;
    egui::Modal::new(egui::Id::new("delete_references")).show(ctx, |ui| {
        ui.heading("Delete with references?");
        ui.label(format!("{}.", q.message));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let text = if repoint.is_some() {
                "Delete them too"
            } else {
                "Delete"
            };
            if ui.button(text).on_hover_text(delete_too).clicked() {
                choice = Some(Some(RefPolicy::Delete));
            }
            if let Some(repoint) = repoint {
                if ui.button("Re-point them").on_hover_text(repoint).clicked() {
                    choice = Some(Some(RefPolicy::Repoint));
                }
            }
            if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                choice = Some(None);
            }
        });
    });
    if let Some(policy) = choice {
        state.panels.delete_question = None;
        if let Some(policy) = policy {
            answer(state, q.kind, &q.indices, policy);
        }
    }
}
