//! The options window of the open generator: options, what it would do, Apply.

use eframe::egui;
use glam::Vec3;

use super::{Dialog, Generator};
use crate::app::commands::Command;
use crate::app::State;
use crate::pmx::{RigidMode, RigidShape};
use crate::rig::bodies::Preset;
use crate::rig::chain::{JointLimits, JointPreset, Ring};
use crate::rig::semistandard::SemiStandard;
use crate::rig::Side;

/// Draws the open generator's window (if any). Apply pushes its edit (one undo
/// step) and closes it; Cancel or the window's ✕ closes it.
pub fn show(ctx: &egui::Context, state: &mut State) {
    let Some(mut dialog) = state.generator.take() else {
        return;
    };
    dialog.refresh(state.doc.model());
    let mut open = true;
    let mut apply = false;
    let mut cancel = false;
    egui::Window::new(dialog.open.generator.title().trim_end_matches('…'))
        .id(egui::Id::new("generator_dialog"))
        .open(&mut open)
        .resizable(true)
        .default_width(360.0)
        // Over the inspector, so the viewport's preview stays in sight.
        .default_pos(egui::pos2(
            (ctx.content_rect().right() - 380.0).max(0.0),
            60.0,
        ))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(340.0)
                .show(ui, |ui| {
                    what_on(ui, state, &dialog);
                    options(ui, &mut dialog);
                });
            ui.separator();
            result(ui, &dialog);
            ui.horizontal(|ui| {
                let can = dialog.planned.as_ref().is_some_and(|p| p.edit.is_some());
                if ui
                    .add_enabled(can, egui::Button::new("Apply"))
                    .on_hover_text("one undo step")
                    .clicked()
                {
                    apply = true;
                }
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
                if dialog.open.generator.has_preview() {
                    ui.checkbox(&mut dialog.preview, "Preview in the viewport");
                }
            });
        });
    if apply {
        if let Some(edit) = dialog.planned.as_mut().and_then(|p| p.edit.take()) {
            state.commands.push(Command::Edit(edit));
        }
        return;
    }
    if open && !cancel {
        state.generator = Some(dialog);
    }
}

fn what_on(ui: &mut egui::Ui, state: &State, dialog: &Dialog) {
    let model = state.doc.model();
    if dialog.open.generator.needs_bones() {
        let bones = dialog.bones(model);
        // The wizard's chains are every bone below the roots.
        let all = if dialog.open.generator == Generator::Chain {
            crate::rig::chain::bones_below(model, &bones).len()
        } else {
            bones.len()
        };
        let names: Vec<&str> = dialog
            .open
            .selected
            .iter()
            .filter_map(|&b| model.bones.get(b).map(|b| b.name.as_str()))
            .take(6)
            .collect();
        let more = dialog.open.selected.len().saturating_sub(names.len());
        let roots = if dialog.open.generator == Generator::Chain {
            "roots"
        } else {
            "selected"
        };
        ui.label(format!(
            "{roots}: {}{} — {} bones in all",
            names.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            },
            all
        ));
    }
}

fn options(ui: &mut egui::Ui, d: &mut Dialog) {
    let o = &mut d.options;
    match d.open.generator {
        Generator::Bodies => {
            ui.checkbox(&mut o.below, "with every bone below the selected ones");
            body_options(ui, o);
        }
        Generator::JointChain | Generator::SkirtRing => {
            ui.checkbox(&mut o.below, "with every bone below the selected ones");
            joint_options(ui, &mut o.joints);
        }
        Generator::Chain => {
            ui.weak("Bodies and joints for every bone below the roots, one collision group.");
            body_options(ui, o);
            ui.separator();
            joint_options(ui, &mut o.joints);
        }
        Generator::Mirror => mirror_options(ui, d),
        Generator::SemiStandard => {
            ui.label("Add (each is skipped when the model has it):");
            for (g, on) in SemiStandard::ALL.iter().zip(o.semistandard.iter_mut()) {
                ui.checkbox(on, g.name());
            }
        }
    }
}

fn body_options(ui: &mut egui::Ui, o: &mut super::Options) {
    let b = &mut o.bodies;
    egui::Grid::new("body_options")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Shape");
            ui.horizontal(|ui| {
                ui.radio_value(&mut b.shape, RigidShape::Capsule, "capsule");
                ui.radio_value(&mut b.shape, RigidShape::Box, "box");
                ui.radio_value(&mut b.shape, RigidShape::Sphere, "sphere");
            });
            ui.end_row();
            ui.label("Size");
            ui.horizontal(|ui| {
                ui.radio_value(&mut b.size_from_vertices, true, "from weighted vertices");
                ui.radio_value(&mut b.size_from_vertices, false, "from length only");
            });
            ui.end_row();
            ui.label("Radius ×");
            ui.add(
                egui::DragValue::new(&mut b.radius_scale)
                    .speed(0.01)
                    .range(0.05..=10.0),
            );
            ui.end_row();
            ui.label("Root body");
            mode_combo(ui, "root_mode", &mut b.root_mode);
            ui.end_row();
            ui.label("Other bodies");
            mode_combo(ui, "mode", &mut b.mode);
            ui.end_row();
            ui.label("Mass (root)");
            ui.add(
                egui::DragValue::new(&mut b.mass)
                    .speed(0.01)
                    .range(0.0..=1000.0),
            );
            ui.end_row();
            ui.label("Mass falloff");
            ui.add(
                egui::DragValue::new(&mut b.mass_falloff)
                    .speed(0.01)
                    .range(0.0..=1.0),
            );
            ui.end_row();
            ui.label("Minimum mass");
            ui.add(
                egui::DragValue::new(&mut b.min_mass)
                    .speed(0.01)
                    .range(0.0..=1000.0),
            );
            ui.end_row();
            ui.label("Damping/friction");
            egui::ComboBox::from_id_salt("body_preset")
                .selected_text(format!("{:?}", b.preset).to_lowercase())
                .show_ui(ui, |ui| {
                    for p in [
                        Preset::Hair,
                        Preset::Cloth,
                        Preset::Accessory,
                        Preset::Plain,
                    ] {
                        ui.selectable_value(&mut b.preset, p, format!("{p:?}").to_lowercase());
                    }
                });
            ui.end_row();
            ui.label("Collision group");
            ui.horizontal(|ui| {
                let mut auto = b.group.is_none();
                if ui
                    .checkbox(&mut auto, "first unused")
                    .on_hover_text("the lowest group no body uses")
                    .changed()
                {
                    b.group = if auto { None } else { Some(0) };
                }
                if let Some(g) = &mut b.group {
                    // Shown 1–16 as PMX Editor does; stored 0–15.
                    let mut shown = *g as u32 + 1;
                    ui.add(egui::DragValue::new(&mut shown).range(1..=16));
                    *g = (shown - 1) as u8;
                }
            });
            ui.end_row();
            ui.label("Collides with");
            ui.weak("the group's usual mask (bits of groups overlapped at rest cleared)");
            ui.end_row();
            ui.label("Name");
            ui.text_edit_singleline(&mut b.name)
                .on_hover_text("{bone} = the bone's name, {num} = the body's number");
            ui.end_row();
            ui.label("Existing bodies");
            ui.checkbox(
                &mut b.replace,
                "replace (else bones with a body are skipped)",
            );
            ui.end_row();
        });
}

fn mode_combo(ui: &mut egui::Ui, id: &str, mode: &mut RigidMode) {
    let text = |m: RigidMode| match m {
        RigidMode::FollowBone => "follow bone",
        RigidMode::Dynamic => "physics",
        RigidMode::DynamicWithBonePosition => "physics + bone position",
        RigidMode::Unknown(_) => "?",
    };
    egui::ComboBox::from_id_salt(id)
        .selected_text(text(*mode))
        .show_ui(ui, |ui| {
            for m in [
                RigidMode::FollowBone,
                RigidMode::Dynamic,
                RigidMode::DynamicWithBonePosition,
            ] {
                ui.selectable_value(mode, m, text(m));
            }
        });
}

fn joint_options(ui: &mut egui::Ui, j: &mut crate::rig::chain::JointOptions) {
    egui::Grid::new("joint_options").num_columns(2).show(ui, |ui| {
        ui.label("Limits preset");
        ui.horizontal(|ui| {
            for (p, name) in [
                (JointPreset::Hair, "hair"),
                (JointPreset::Skirt, "skirt"),
                (JointPreset::Loose, "loose"),
                (JointPreset::Stiff, "stiff"),
            ] {
                let l = JointLimits::preset(p);
                if ui.selectable_label(j.limits == l, name).clicked() {
                    j.limits = l;
                }
            }
        });
        ui.end_row();
        ui.label("Swing ± (x y z °)");
        degrees(ui, &mut j.limits);
        ui.end_row();
        ui.label("Springs (x y z)");
        vec3(ui, &mut j.limits.angular_spring, 0.0..=1000.0);
        ui.end_row();
        ui.label("Skirt ring");
        ui.horizontal(|ui| {
            ui.radio_value(&mut j.ring, Ring::Off, "off");
            ui.radio_value(&mut j.ring, Ring::Auto, "auto");
            ui.radio_value(&mut j.ring, Ring::Open, "open");
            ui.radio_value(&mut j.ring, Ring::Closed, "closed");
        })
        .response
        .on_hover_text(
            "horizontal joints between neighbouring chains at the same depth, ordered around the roots' centre",
        );
        ui.end_row();
        if j.ring != Ring::Off {
            ui.label("Ring swing ±");
            degrees(ui, &mut j.ring_limits);
            ui.end_row();
        }
        ui.label("Existing joints");
        ui.checkbox(&mut j.replace, "replace (else kept)");
        ui.end_row();
    });
}

/// Symmetric angular limits in degrees (upper = −lower).
fn degrees(ui: &mut egui::Ui, l: &mut JointLimits) {
    let mut deg = Vec3::new(
        l.angular_upper.x.to_degrees(),
        l.angular_upper.y.to_degrees(),
        l.angular_upper.z.to_degrees(),
    );
    let before = deg;
    vec3(ui, &mut deg, 0.0..=180.0);
    if deg != before {
        let springs = (l.linear_spring, l.angular_spring);
        *l = JointLimits::symmetric(deg);
        (l.linear_spring, l.angular_spring) = springs;
    }
}

fn vec3(ui: &mut egui::Ui, v: &mut Vec3, range: std::ops::RangeInclusive<f32>) {
    ui.horizontal(|ui| {
        for c in [&mut v.x, &mut v.y, &mut v.z] {
            ui.add(egui::DragValue::new(c).speed(0.5).range(range.clone()));
        }
    });
}

fn mirror_options(ui: &mut egui::Ui, d: &mut Dialog) {
    let has_selection = !d.open.selected.is_empty() && d.open.kind.is_some_and(super::mirror_kind);
    let o = &mut d.options;
    ui.horizontal(|ui| {
        ui.label("Copy");
        ui.radio_value(&mut o.from, Side::Left, "left onto right");
        ui.radio_value(&mut o.from, Side::Right, "right onto left");
    });
    ui.horizontal(|ui| {
        ui.radio_value(&mut o.mirror_selection_only, false, "whole model");
        let n = d.open.selected.len();
        let kind = d.open.kind.map(|k| k.plural()).unwrap_or("elements");
        let text = if has_selection {
            format!("make the {n} selected {kind} symmetric")
        } else {
            "make the selection symmetric".to_string()
        };
        ui.add_enabled_ui(has_selection, |ui| {
            ui.radio_value(&mut o.mirror_selection_only, true, text)
                .on_disabled_hover_text("select bones, bodies, joints, morphs or vertices first");
        });
    });
    let p = &mut o.mirror_parts;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut p.bones, "bones");
        ui.checkbox(&mut p.rigid_bodies, "rigid bodies");
        ui.checkbox(&mut p.joints, "joints");
        ui.checkbox(&mut p.bone_morphs, "bone morphs");
        ui.checkbox(&mut p.display_frames, "display frames");
        ui.checkbox(&mut p.weights, "vertex weights");
    });
    ui.horizontal(|ui| {
        ui.label("Vertex tolerance");
        ui.add(
            egui::DragValue::new(&mut o.mirror_tolerance)
                .speed(0.001)
                .range(0.0..=1.0),
        );
    });
    ui.weak(
        "Names swap 左/右 and L/R; missing counterparts are created, existing ones overwritten.",
    );
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
