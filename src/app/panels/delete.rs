//! Deleting list elements. Nothing refers to the element: it goes at once.
//! Something does: a dialog says what ("3 joints and 120 vertex weights refer to
//! 後髪A1_1", from [`find_references`]) and offers the core's answers
//! ([`delete_with_references`]): delete them too, re-point them, or cancel.

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::{LogLevel, PanelState, Selection, View};
use crate::edit::references::{delete_with_references, find_references, RefPolicy};
use crate::edit::ElementKind;
use crate::pmx::Model;
use crate::tr;

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
fn answers(kind: ElementKind) -> (String, Option<String>) {
    match kind {
        ElementKind::Bone => (tr!("delete-bone-too"), Some(tr!("delete-bone-repoint"))),
        ElementKind::RigidBody => (tr!("delete-body-too"), Some(tr!("delete-body-repoint"))),
        ElementKind::Material => (
            tr!("delete-material-too"),
            Some(tr!("delete-material-repoint")),
        ),
        _ => (tr!("delete-other"), None),
    }
}

/// Deletes `indices` of `kind` now if nothing else refers to them, else asks.
pub fn ask(
    model: &Model,
    commands: &mut Commands,
    local: &mut PanelState,
    kind: ElementKind,
    indices: Vec<usize>,
) {
    let refs = find_references(model, kind, &indices);
    if refs.is_empty() {
        answer(model, commands, kind, &indices, RefPolicy::Error);
    } else {
        local.delete_question = Some(DeleteQuestion {
            kind,
            indices,
            message: refs.to_string(),
        });
    }
}

/// Deletes with `policy`, or logs why the core refused (nothing changes then).
fn answer(
    model: &Model,
    commands: &mut Commands,
    kind: ElementKind,
    indices: &[usize],
    policy: RefPolicy,
) {
    match delete_with_references(model, kind, indices, policy) {
        Ok(edit) => {
            commands.edit(edit);
            commands.select_in_list(Selection::None);
        }
        Err(e) => commands.log(
            LogLevel::Warning,
            tr!("delete-refused", reason = e.to_string()),
        ),
    }
}

/// The open question, if any, as a modal dialog; the answer is sent as commands.
pub fn dialog(ctx: &egui::Context, view: &View, commands: &mut Commands, local: &mut PanelState) {
    let Some(q) = local.delete_question.clone() else {
        return;
    };
    let (delete_too, repoint) = answers(q.kind);
    let mut choice = None;
    egui::Modal::new(egui::Id::new("delete_references")).show(ctx, |ui| {
        ui.heading(tr!("delete-title"));
        ui.label(format!("{}.", q.message));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let text = if repoint.is_some() {
                tr!("delete-them-too")
            } else {
                tr!("delete-delete")
            };
            if ui.button(text).on_hover_text(delete_too).clicked() {
                choice = Some(Some(RefPolicy::Delete));
            }
            if let Some(repoint) = repoint {
                if ui
                    .button(tr!("delete-repoint"))
                    .on_hover_text(repoint)
                    .clicked()
                {
                    choice = Some(Some(RefPolicy::Repoint));
                }
            }
            if ui.button(tr!("delete-cancel")).clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                choice = Some(None);
            }
        });
    });
    if let Some(policy) = choice {
        local.delete_question = None;
        if let Some(policy) = policy {
            answer(view.model, commands, q.kind, &q.indices, policy);
        }
    }
}
