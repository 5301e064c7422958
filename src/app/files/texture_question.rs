//! Before a file is written into another folder than the model's (Save As, an output
//! operation writing a model: saving selected materials as a model): the texture rule's plan shown as a question —
//! what will be copied beside the new file, what is already there, what cannot be
//! found and what will not be followed — with Save / Cancel. Nothing is written
//! before the answer.

use crate::app::shell::Pending;
use crate::pmx::textures::{TextureAction, TextureEntry, TexturePlan};
use eframe::egui;
use std::path::PathBuf;

/// What waits for the answer.
#[derive(Debug, Clone)]
pub enum AfterTextures {
    /// Save the model as `path`, then go on with `then`.
    SaveModel {
        path: PathBuf,
        then: Option<Pending>,
    },
}

impl AfterTextures {
    pub fn path(&self) -> &std::path::Path {
        match self {
            AfterTextures::SaveModel { path, .. } => path,
        }
    }
}

/// The question on screen.
#[derive(Debug, Clone)]
pub struct TextureQuestion {
    pub plan: TexturePlan,
    pub after: AfterTextures,
}

/// A plan worth a question: some texture is copied, shared, missing or refused (a plan
/// where everything is in place changes nothing).
pub fn worth_asking(plan: &TexturePlan) -> bool {
    plan.entries
        .iter()
        .any(|e| e.action != TextureAction::InPlace)
}

/// Whether an entry's action belongs to a group.
type InGroup = fn(&TextureAction) -> bool;

/// The groups the window lists, in order: (heading key, the entries' action matches).
const GROUPS: [(&str, InGroup); 4] = [
    ("files2-textures-copied", |a| {
        matches!(a, TextureAction::Copy { .. } | TextureAction::Relative)
    }),
    ("files2-textures-shared", |a| *a == TextureAction::Shared),
    ("files2-textures-missing", |a| *a == TextureAction::Missing),
    ("files2-textures-refused", |a| *a == TextureAction::Refused),
];

/// Draws the question about writing `plan`'s textures beside `path` (Save As, an output
/// operation's model); Some(true) for Save, Some(false) for Cancel.
pub fn modal(ctx: &egui::Context, plan: &TexturePlan, path: &std::path::Path) -> Option<bool> {
    let mut answer = None;
    let folder = crate::pmx::textures::folder_of(path);
    let modal = egui::Modal::new(egui::Id::new("texture_question")).show(ctx, |ui| {
        ui.set_max_width(620.0);
        ui.heading(crate::tr!("files2-textures-title"));
        let folder = folder.display().to_string();
        ui.label(crate::tr!("files2-textures-intro", folder = folder));
        ui.add_space(4.0);
        egui::ScrollArea::vertical()
            .max_height(320.0)
            .show(ui, |ui| {
                for (key, matches) in GROUPS {
                    let entries: Vec<&TextureEntry> = (plan.entries.iter())
                        .filter(|e| matches(&e.action))
                        .collect();
                    if entries.is_empty() {
                        continue;
                    }
                    let warn = matches!(key, "files2-textures-missing" | "files2-textures-refused");
                    let heading = crate::tr!(key, count = entries.len());
                    if warn {
                        ui.colored_label(egui::Color32::from_rgb(230, 180, 60), heading);
                    } else {
                        ui.strong(heading);
                    }
                    for e in entries {
                        let line = if e.path == e.stored {
                            e.stored.clone()
                        } else {
                            let (stored, path) = (e.stored.as_str(), e.path.as_str());
                            crate::tr!("files2-textures-renamed", stored = stored, path = path)
                        };
                        ui.monospace(format!("  {line}"));
                    }
                    ui.add_space(4.0);
                }
            });
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("files2-textures-save")).clicked() {
                answer = Some(true);
            }
            if ui.button(crate::tr!("dialog-cancel")).clicked() {
                answer = Some(false);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(false);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::textures::{plan_model, TextureMode};

    #[test]
    fn only_a_plan_that_moves_or_misses_something_is_worth_a_question() {
        let from = tempfile::tempdir().unwrap();
        let to = tempfile::tempdir().unwrap();
        std::fs::write(from.path().join("a.png"), b"png").unwrap();
        let plan = |texture: &str, into: &std::path::Path| {
            plan_model(&[texture.into()], from.path(), into, TextureMode::Copy)
        };
        assert!(worth_asking(&plan("a.png", to.path())), "copied");
        assert!(worth_asking(&plan("/etc/passwd", to.path())), "refused");
        assert!(worth_asking(&plan("b.png", to.path())), "missing");
        // Into its own folder: every texture is in place.
        let same = plan("a.png", from.path());
        assert!(!worth_asking(&same));
    }
}
