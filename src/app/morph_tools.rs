//! The Morph menu: the registered morph operations (a vertex morph from another model
//! file, a bone morph from a pose file; see [`crate::ops`]), then new morphs from what
//! the app shows (a bone morph from the pose, a group or flip morph from the morph
//! sliders, a UV morph shifting the selected vertices, a material morph on the selected
//! material, an impulse morph on the selected rigid bodies), adding the selected bones
//! at their pose to a bone morph and removing the selected elements' offsets from a
//! morph. Each is one core edit
//! ([`rig::morphs`](crate::rig::morphs)) pushed as a command: one undo step.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::{LogLevel, Selection, View};
use crate::edit::ModelEdit;
use crate::pmx::{MaterialOp, Model, Morph, MorphOffsets};
use crate::rig::input::InputError;
use crate::rig::morphs::{self, PANEL_OTHER};
use crate::tr;
use glam::{Vec3, Vec4};

/// A name not yet used by a morph: `base`, else `base2`, `base3`…
pub fn unused_name(model: &Model, base: &str) -> String {
    (1..)
        .map(|n| {
            if n == 1 {
                base.to_string()
            } else {
                format!("{base}{n}")
            }
        })
        .find(|n| model.morph_index(n).is_none())
        .unwrap_or_else(|| base.to_string())
}

/// The menu's own settings (egui memory).
#[derive(Debug, Clone, Default)]
struct Settings {
    uv_shift: [f32; 2],
}

type Out = Vec<(String, Result<Option<ModelEdit>, InputError>)>;

fn push(out: &mut Out, what: String, edit: Result<ModelEdit, InputError>) {
    out.push((what, edit.map(Some)));
}

/// A new-morph tool: enabled, label key, tip key, the new morph's base name.
type Tool<'a> = (bool, &'a str, &'a str, &'a str);
type Made = Result<ModelEdit, InputError>;
/// Builds a tool's morph under the name given.
type MakeMorph<'a> = &'a dyn Fn(&str) -> Made;

/// A new-morph tool's button: when clicked, `make` builds the morph under a name
/// not yet used (from the tool's base name) and its edit goes to `out`.
fn new_morph_button(
    ui: &mut egui::Ui,
    model: &Model,
    out: &mut Out,
    (enabled, key, tip, base): Tool,
    make: impl FnOnce(&str) -> Made,
) -> bool {
    let clicked = (ui.add_enabled(enabled, egui::Button::new(tr!(key))))
        .on_hover_text(tr!(tip))
        .clicked();
    if clicked {
        push(out, tr!(key), make(&unused_name(model, base)));
    }
    clicked
}

pub fn menu(ui: &mut egui::Ui, view: &View, commands: &mut Commands) {
    let id = egui::Id::new("morph_tools");
    let mut settings: Settings = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    // The registered morph operations, each with its option dialog.
    let selected = view.selected_indices();
    crate::app::generators::op_items(
        ui,
        crate::app::generators::menu_ops(crate::ops::Menu::Morph),
        view.selection.kind(),
        &selected,
        commands,
    );
    ui.separator();
    let model = view.model;
    let sliders = morphs::pose_morph_weights(&view.pose.pose);
    let vertices = match view.selection {
        Selection::Vertex(_) => view.selected_indices(),
        _ => Vec::new(),
    };
    let mut out: Out = Vec::new();

    let pose = &view.pose.pose;
    let tools: [(Tool, MakeMorph); 3] = [
        (
            (
                !view.pose.is_rest(),
                "morphtool-bone-from-pose",
                "morphtool-bone-from-pose-tip",
                "ポーズ",
            ),
            &|name| morphs::bone_morph_from_pose(model, pose, name, PANEL_OTHER),
        ),
        (
            (
                !sliders.is_empty(),
                "morphtool-group",
                "morphtool-group-tip",
                "グループ",
            ),
            &|name| morphs::group_morph(model, name, PANEL_OTHER, &sliders),
        ),
        (
            (
                sliders.len() >= 2,
                "morphtool-flip",
                "morphtool-flip-tip",
                "フリップ",
            ),
            &|name| morphs::flip_morph(model, name, PANEL_OTHER, &sliders),
        ),
    ];
    for (tool, make) in tools {
        if new_morph_button(ui, model, &mut out, tool, make) {
            ui.close();
        }
    }
    ui.separator();
    ui.horizontal(|ui| {
        let enabled = !vertices.is_empty();
        let tool = (enabled, "morphtool-uv", "morphtool-uv-tip", "UV");
        new_morph_button(ui, model, &mut out, tool, |name| {
            let shift = Vec4::new(settings.uv_shift[0], settings.uv_shift[1], 0.0, 0.0);
            let offsets: Vec<(usize, Vec4)> = vertices.iter().map(|&v| (v, shift)).collect();
            morphs::uv_morph(model, name, PANEL_OTHER, 0, &offsets)
        });
        ui.label(tr!("morphtool-du"));
        ui.add(egui::DragValue::new(&mut settings.uv_shift[0]).speed(0.01));
        ui.label(tr!("morphtool-dv"));
        ui.add(egui::DragValue::new(&mut settings.uv_shift[1]).speed(0.01));
    });
    let material = match view.selection {
        Selection::Material(m) if m < model.materials.len() => Some(m),
        _ => None,
    };
    let tool = (
        material.is_some(),
        "morphtool-material",
        "morphtool-material-tip",
        "材質",
    );
    let made = new_morph_button(ui, model, &mut out, tool, |name| {
        // Clickable only with a material selected.
        let m = material.unwrap_or_default() as i32;
        let offset = morphs::neutral_material_offset(m, MaterialOp::Multiply);
        morphs::material_morph(model, name, PANEL_OTHER, vec![offset])
    });
    if made {
        ui.close();
    }
    let bodies = match view.selection {
        Selection::RigidBody(_) => view.selected_indices(),
        _ => Vec::new(),
    };
    let tool = (
        !bodies.is_empty(),
        "morphtool-impulse",
        "morphtool-impulse-tip",
        "インパルス",
    );
    let made = new_morph_button(ui, model, &mut out, tool, |name| {
        let (velocity, torque) = (Vec3::ZERO, Vec3::ZERO);
        morphs::impulse_morph(model, name, PANEL_OTHER, &bodies, false, velocity, torque)
    });
    if made {
        ui.close();
    }
    ui.separator();
    let bones = match view.selection {
        Selection::Bone(_) => view.selected_indices(),
        _ => Vec::new(),
    };
    ui.add_enabled_ui(!bones.is_empty(), |ui| {
        ui.menu_button(tr!("morphtool-add-bones"), |ui| {
            let chosen = morph_list(ui, model, |m| matches!(m.offsets, MorphOffsets::Bone(_)));
            if let Some(i) = chosen {
                let e = morphs::bone_offsets_at_pose(model, &view.pose.pose, &bones)
                    .and_then(|o| morphs::add_offsets(model, i, o));
                out.push((tr!("morphtool-add-bones"), e));
                ui.close();
            }
        });
    });
    let (elements, what) = selection_elements(view);
    ui.add_enabled_ui(!elements.is_empty(), |ui| {
        ui.menu_button(tr!("morphtool-remove", what = what.clone()), |ui| {
            let selected =
                |t: &i32| usize::try_from(*t).is_ok_and(|t| elements.binary_search(&t).is_ok());
            let kind = view.selection;
            let mut chosen = None;
            for (i, m) in model.morphs.iter().enumerate() {
                let hits = if refers_to(kind, &m.offsets) {
                    morphs::targets(&m.offsets)
                        .iter()
                        .filter(|t| selected(t))
                        .count()
                } else {
                    0
                };
                if hits > 0 && ui.button(format!("#{i} {} ({hits})", m.name)).clicked() {
                    chosen = Some(i);
                }
            }
            if let Some(i) = chosen {
                out.push((
                    tr!("morphtool-remove-step"),
                    morphs::remove_offsets(model, i, &elements),
                ));
                ui.close();
            }
        });
    });
    ui.data_mut(|d| d.insert_temp(id, settings));
    for (what, e) in out {
        match e {
            Ok(Some(e)) => commands.edit(e),
            Ok(None) => {}
            Err(e) => commands.push(Command::Log(LogLevel::Warning, format!("{what}: {e}"))),
        }
    }
}

/// A button per morph for which `fits` holds; returns the one clicked.
fn morph_list(ui: &mut egui::Ui, model: &Model, fits: impl Fn(&Morph) -> bool) -> Option<usize> {
    let mut chosen = None;
    for (i, m) in model.morphs.iter().enumerate().filter(|(_, m)| fits(m)) {
        if ui.button(format!("#{i} {}", m.name)).clicked() {
            chosen = Some(i);
        }
    }
    if chosen.is_none() && !model.morphs.iter().any(fits) {
        ui.weak(tr!("morphtool-no-morph"));
    }
    chosen
}

/// The selected elements offsets can target, and what they are called.
fn selection_elements(view: &View) -> (Vec<usize>, String) {
    let what = match view.selection {
        Selection::Vertex(_) => tr!("morphtool-what-vertices"),
        Selection::Bone(_) => tr!("morphtool-what-bones"),
        Selection::Morph(_) => tr!("morphtool-what-morphs"),
        Selection::Material(_) => tr!("morphtool-what-materials"),
        Selection::RigidBody(_) => tr!("morphtool-what-bodies"),
        _ => return (Vec::new(), tr!("morphtool-what-elements")),
    };
    (view.selected_indices(), what)
}

/// Whether offsets of this kind target elements of the selection's kind.
fn refers_to(selection: Selection, offsets: &MorphOffsets) -> bool {
    matches!(
        (selection, offsets),
        (
            Selection::Vertex(_),
            MorphOffsets::Vertex(_) | MorphOffsets::Uv { .. }
        ) | (Selection::Bone(_), MorphOffsets::Bone(_))
            | (
                Selection::Morph(_),
                MorphOffsets::Group(_) | MorphOffsets::Flip(_)
            )
            | (Selection::Material(_), MorphOffsets::Material(_))
            | (Selection::RigidBody(_), MorphOffsets::Impulse(_))
    )
}
