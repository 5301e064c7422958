//! Pose files in the app: load and save MMD's VPD (Shift-JIS text), and "apply pose
//! as rest" (the pose's bones become the model's rest pose: bones, vertices, bodies
//! and joints move, one undo step), as PMX Editor's TransformView does.
//!
//! Loading a pose is runtime (pose commands, not a model edit); applying it as rest
//! is a model edit pushed as a command.

use crate::app::files::picker::{PickRequest, Purpose};
use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::{LogLevel, PanelState, View};
use crate::deform::{BonePose, Pose};
use crate::motion::vpd::{load_vpd, write_vpd, Vpd};
use std::path::Path;

/// Pushes the commands that show `pose`: every bone and morph set (a full pose
/// replaces the current one).
pub fn show_pose(sent: &mut Commands, pose: &Pose) {
    for (i, b) in pose.bones.iter().enumerate() {
        sent.pose_bone(i, *b);
    }
    for (i, w) in pose.morphs.iter().enumerate() {
        sent.pose_morph(i, *w);
    }
}

/// Reads a VPD and sends the commands that show it (names the model lacks go to
/// the Log).
pub fn load_vpd_file(view: &View, sent: &mut Commands, path: &Path) -> Result<(), String> {
    let (vpd, notes) = load_vpd(path).map_err(|e| format!("{}: {e}", path.display()))?;
    show_vpd(view, sent, path, &vpd, notes);
    Ok(())
}

/// Shows a pose read from `path` (by [`load_vpd_file`] or the loading worker).
pub fn show_vpd(view: &View, sent: &mut Commands, path: &Path, vpd: &Vpd, notes: Vec<String>) {
    let (pose, unknown) = vpd.to_pose(view.model);
    show_pose(sent, &pose);
    let notes: Vec<String> = notes.into_iter().chain(unknown).collect();
    log_vpd(sent, path, vpd, notes, "log-pose-loaded");
}

/// The file's notes as warnings, then the line `key` says (loaded / saved).
fn log_vpd(sent: &mut Commands, path: &Path, vpd: &Vpd, notes: Vec<String>, key: &str) {
    for n in notes {
        sent.log(LogLevel::Warning, format!("VPD {}: {n}", path.display()));
    }
    let line = crate::tr!(
        key,
        path = path.display().to_string(),
        bones = vpd.bones.len(),
        morphs = vpd.morphs.len()
    );
    sent.log(LogLevel::Info, line);
}

/// Writes the view's pose as a VPD (through a temporary file, then renamed); the
/// Log's line is sent.
pub fn save_vpd_file(view: &View, sent: &mut Commands, path: &Path) -> Result<(), String> {
    let vpd = Vpd::from_pose(view.model, &view.pose.pose);
    let (bytes, notes) = write_vpd(&vpd);
    let tmp = path.with_extension("vpd.tmp");
    std::fs::write(&tmp, &bytes)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    log_vpd(sent, path, &vpd, notes, "log-pose-saved");
    Ok(())
}

/// Pushes "apply pose as rest" for the current pose: one undoable edit; the bones
/// then go back to rest (they are the rest now), morph weights stay.
pub fn apply_pose_as_rest(view: &View, commands: &mut Commands) {
    let model = view.model;
    match crate::rig::rest_pose::apply_pose_as_rest(model, &view.pose.pose) {
        Ok(edit) => {
            commands.edit(edit);
            for i in 0..model.bones.len() {
                commands.pose_bone(i, BonePose::default());
            }
        }
        Err(e) => commands.push(Command::Log(
            LogLevel::Warning,
            crate::tr!("log-apply-pose-failed", error = e.to_string()),
        )),
    }
}

/// The pose items of the File menu.
pub fn menu_items(
    ui: &mut egui::Ui,
    view: &View,
    commands: &mut Commands,
    panels: &mut PanelState,
) {
    if ui.button(crate::tr!("menu-load-pose")).clicked() {
        ui.close();
        panels.pick = Some(PickRequest {
            purpose: Purpose::LoadPose,
            title: crate::tr!("files-title-load-pose"),
            filters: vec![(crate::tr!("filter-vpd-pose"), vec!["vpd", "VPD"])],
            save_name: None,
            directory: None,
        });
    }
    if ui.button(crate::tr!("menu-save-pose")).clicked() {
        ui.close();
        panels.pick = Some(PickRequest {
            purpose: Purpose::SavePose,
            title: crate::tr!("files-title-save-pose"),
            filters: vec![(crate::tr!("filter-vpd-pose"), vec!["vpd"])],
            save_name: Some("pose.vpd".into()),
            directory: None,
        });
    }
    if ui
        .add_enabled(
            !view.pose.is_rest(),
            egui::Button::new(crate::tr!("menu-apply-pose-as-rest")),
        )
        .on_hover_text(crate::tr!("menu-apply-pose-as-rest-hint"))
        .clicked()
    {
        ui.close();
        apply_pose_as_rest(view, commands);
    }
}
