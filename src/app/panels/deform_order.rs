//! Deform order: bones in evaluation order (the pipeline's `BoneOrder`), with
//! layer, after-physics flag and the reason for each position. Bones
//! evaluated before a bone they depend on are flagged red; selecting one
//! explains it and offers the checker's fix as an undoable edit. Below, the
//! IK chains with their remaining error and an iteration-step viewer.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::viewport::debug_overlays::{
    self as dbg, layer_color, layer_rank, layers, DebugOverlays,
};
use crate::app::{PanelState, Selection, State, View};
use crate::tr;
use egui::{Color32, RichText};

/// What this panel and the Problems panel read, brought up to date before they
/// draw (the window calls it, then gives them the [`View`]): the checks and the
/// deform order run lazily, while shown; the IK trace while its viewer is on.
pub fn prepare(state: &mut State) {
    let f = state.frame_parts();
    let model = f.doc.model();
    f.debug.refresh(model);
    if f.debug.ik_steps {
        dbg::update_trace(f.debug, model, f.pose, f.selection);
    }
}

/// The panel's view settings: the overlays and the IK iteration viewer.
#[derive(Clone, Copy, PartialEq)]
struct Settings {
    overlays: DebugOverlays,
    ik_steps: bool,
    ik_step: usize,
}

/// Draws from `view.debug` (its order, problems and IK trace brought up to date
/// before the panel draws, [`prepare`]); a fix is an edit command,
/// a changed toggle a [`Command::DebugView`].
pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, _local: &mut PanelState) {
    let debug = view.debug;
    let before = Settings {
        overlays: debug.overlays,
        ik_steps: debug.ik_steps,
        ik_step: debug.ik_step,
    };
    let mut settings = before;
    ui.horizontal_wrapped(|ui| {
        dbg::overlay_toggles(ui, &mut settings.overlays);
        let flagged = (0..view.model.bones.len())
            .filter(|&b| debug.is_flagged(b))
            .count();
        if flagged > 0 {
            ui.colored_label(
                dbg::VIOLATION,
                format!("⚠ {}", tr!("order-flagged", count = flagged)),
            );
        } else {
            ui.label(format!("✔ {}", tr!("order-fine")));
        }
    });
    ui.separator();
    let selected = match view.selection {
        Selection::Bone(b) if b < view.model.bones.len() => Some(b),
        _ => None,
    };
    if let Some(b) = selected {
        explain(ui, view, commands, b);
        ik_section(ui, view, &mut settings, b);
        ui.separator();
    }
    order_list(ui, view, commands);
    if settings != before {
        commands.push(Command::DebugView {
            overlays: settings.overlays,
            ik_steps: settings.ik_steps,
            ik_step: settings.ik_step,
        });
    }
}

/// Why the selected bone sits where it does, and the fix for a violation.
fn explain(ui: &mut egui::Ui, view: &View, commands: &mut Commands, bone: usize) {
    let model = view.model;
    let debug = view.debug;
    let Some(entry) = debug.order.entry_of(bone) else {
        return;
    };
    ui.label(RichText::new(format!("#{bone} {}", model.bones[bone].name)).strong());
    ui.label(entry.reason());
    let mut fix_edit = None;
    for (problem, dep) in debug.violations_of(bone) {
        let dep_entry = debug.order.entry_of(dep);
        ui.colored_label(
            dbg::VIOLATION,
            tr!(
                "order-violation",
                message = problem.message.as_str(),
                position = entry.position,
                dep = dep,
                name = model.bones[dep].name.as_str(),
                dep_position = dep_entry.map_or(0, |e| e.position)
            ),
        );
        if fix_edit.is_none() {
            if let Some(fix) = &problem.fix {
                let label = match fix {
                    crate::check::Fix::SetBoneLayer { layer, .. } => {
                        tr!("order-fix-layer", layer = *layer)
                    }
                    other => tr!("order-fix", fix = other.description(model)),
                };
                if ui
                    .button(label)
                    .on_hover_text(fix.description(model))
                    .clicked()
                {
                    fix_edit = fix.edit(model);
                }
            }
        }
    }
    if let Some(edit) = fix_edit {
        commands.edit(edit);
    }
}

fn ik_section(ui: &mut egui::Ui, view: &View, settings: &mut Settings, bone: usize) {
    let model = view.model;
    let Some(chain) = dbg::ik_chain_of(model, bone) else {
        return;
    };
    let world = view.pose.world();
    ui.separator();
    let title = tr!(
        "order-ik-chain",
        index = chain,
        name = model.bones[chain].name.as_str()
    );
    ui.label(RichText::new(title).strong());
    if let Some(ik) = &model.bones[chain].ik {
        let name = |i: i32| {
            usize::try_from(i)
                .ok()
                .and_then(|i| model.bones.get(i))
                .map_or("?".to_string(), |b| format!("#{i} {}", b.name))
        };
        ui.label(tr!(
            "order-ik-summary",
            effector = name(ik.target),
            links = ik.links.len(),
            iterations = ik.loop_count,
            limit = format!("{:.1}", ik.limit_angle.to_degrees())
        ));
        for l in &ik.links {
            let lim = match l.limits {
                Some(lim) => format!(
                    "{} x {:.0}..{:.0}°, y {:.0}..{:.0}°, z {:.0}..{:.0}°",
                    tr!("order-limits"),
                    lim.lower.x.to_degrees(),
                    lim.upper.x.to_degrees(),
                    lim.lower.y.to_degrees(),
                    lim.upper.y.to_degrees(),
                    lim.lower.z.to_degrees(),
                    lim.upper.z.to_degrees()
                ),
                None => tr!("order-no-limits"),
            };
            ui.label(format!(
                "  {}: {lim}",
                tr!("order-link", name = name(l.bone))
            ));
        }
    }
    if let Some(err) = dbg::ik_error(model, world, chain) {
        ui.label(tr!("order-error-after", error = format!("{err:.4}")));
    }
    ui.checkbox(&mut settings.ik_steps, tr!("order-show-iterations"))
        .on_hover_text(tr!("order-show-iterations-tip"));
    if settings.ik_steps {
        settings.overlays.ik = true;
        let trace = view.debug.trace.as_ref().filter(|t| t.key.1 == chain);
        if let Some(trace) = trace.and_then(|t| t.trace.as_ref()) {
            let last = trace.steps.len().saturating_sub(1);
            let step = &mut settings.ik_step;
            *step = (*step).min(last);
            ui.add(egui::Slider::new(step, 0..=last).text(tr!("order-step")));
            if let Some(e) = trace.errors.get(*step) {
                let what = if *step == 0 {
                    tr!("order-before-solving")
                } else if *step == last {
                    tr!("order-final")
                } else {
                    tr!("order-after-iteration", step = *step)
                };
                ui.label(tr!(
                    "order-error-at",
                    error = format!("{e:.4}"),
                    what = what
                ));
            }
        }
    }
}

fn order_list(ui: &mut egui::Ui, view: &View, commands: &mut Commands) {
    let model = view.model;
    let layers = layers(model);
    let reveal = view.reveal;
    super::list_grid(
        ui,
        egui::ScrollArea::vertical(),
        "deform_order_grid",
        4,
        |ui| {
            ui.strong("#");
            ui.strong(tr!("order-col-bone"));
            ui.strong(tr!("order-col-layer"));
            ui.strong(tr!("order-col-reason"));
            ui.end_row();
            let order = &view.debug.order;
            for (k, e) in order.entries().iter().enumerate() {
                if k == order.before_physics().len() && e.after_physics {
                    ui.label("──");
                    ui.label(RichText::new(tr!("order-after-physics")).italics());
                    ui.end_row();
                }
                let Some(bone) = model.bones.get(e.bone) else {
                    continue;
                };
                let flagged = view.debug.is_flagged(e.bone);
                ui.label(e.position.to_string());
                let mut text = RichText::new(super::label(e.bone, &bone.name));
                if flagged {
                    text = text.color(dbg::VIOLATION).strong();
                }
                let this = Selection::Bone(e.bone);
                super::select_row(ui, view.selection, commands, reveal, this, text);
                let mut layer = RichText::new(e.layer.to_string())
                    .color(layer_color(layer_rank(&layers, e.layer)));
                if e.after_physics {
                    layer = RichText::new(format!("{} P", e.layer))
                        .color(layer_color(layer_rank(&layers, e.layer)));
                }
                ui.label(layer);
                let reason = if flagged {
                    RichText::new(format!("⚠ {}", e.reason())).color(dbg::VIOLATION)
                } else {
                    RichText::new(e.reason()).color(Color32::GRAY)
                };
                ui.label(reason);
                ui.end_row();
            }
        },
    );
}
