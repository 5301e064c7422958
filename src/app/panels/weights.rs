//! Weights: a numeric table of the selected vertices (a row each: kind, bones and
//! weights, sum) and the weight operations on them (set, scale, normalize, limit,
//! prune, replace, transfer, weight kind, BDEF2 → SDEF). Every operation is one
//! [`rig::weights`](crate::rig::weights) edit pushed as a command: one undo step.

use eframe::egui;

use super::label;
use crate::app::commands::{Command, Commands};
use crate::app::files::picker::{PickRequest, Purpose};
use crate::app::{LogLevel, PanelState, Selected, Selection, View};
use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::{Model, WeightKind, NONE};
use crate::rig::input::InputError;
use crate::rig::{sdef, weights};
use crate::tr;

/// The panel's own settings (in [`PanelState`], not in the model).
#[derive(Debug, Clone)]
pub struct Tools {
    /// Bone A (set/scale/replace/transfer from); None = the weight view's bone.
    pub bone_a: Option<usize>,
    /// Bone B (replace/transfer to).
    pub bone_b: Option<usize>,
    pub value: f32,
    pub factor: f32,
    pub max_bones: usize,
    pub threshold: f32,
    pub ratio: f32,
    pub kind: WeightKind,
}

impl Default for Tools {
    fn default() -> Self {
        Tools {
            bone_a: None,
            bone_b: None,
            value: 1.0,
            factor: 0.5,
            max_bones: 2,
            threshold: 0.01,
            ratio: 0.5,
            kind: WeightKind::Bdef2,
        }
    }
}

/// Rows drawn at most (the operations still act on the whole selection).
const MAX_ROWS: usize = 2000;

/// The selected vertices, ascending (none unless the active element is a vertex).
pub fn selected_vertices(view: &View) -> Vec<usize> {
    view.selected
        .iter(view.selection, ElementKind::Vertex)
        .collect()
}

/// The command that selects every vertex `bone` weights (weight > 0).
pub fn select_weighted_by(model: &Model, bone: usize) -> Option<Command> {
    let b = i32::try_from(bone).ok()?;
    let list: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| weights::weight_of(&model.vertices[v].weights, b) > 0.0)
        .collect();
    let first = *list.first()?;
    Some(Command::SelectSet {
        active: Selection::Vertex(first),
        selected: Selected::many(ElementKind::Vertex, list),
        reveal: false,
    })
}

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    let tools = &mut local.weight_tools;
    let view_bone = view.weight_bone;
    let model = view.model;
    let nb = model.bones.len();
    tools.bone_a = tools.bone_a.filter(|&b| b < nb).or(view_bone);
    tools.bone_b = tools.bone_b.filter(|&b| b < nb);
    let verts = selected_vertices(view);

    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("weights-selected", count = verts.len()));
        if let Some(b) = view_bone.filter(|&b| b < nb) {
            let text = tr!("weights-select-of", bone = model.bones[b].name.as_str());
            if ui
                .button(text)
                .on_hover_text(tr!("weights-select-of-tip"))
                .clicked()
            {
                if let Some(c) = select_weighted_by(model, b) {
                    commands.push(c);
                }
            }
        } else {
            ui.weak(tr!("weights-select-bone-hint"));
        }
    });
    if verts.is_empty() {
        ui.weak(tr!("weights-select-hint"));
        return;
    }
    let mut edits: Edits = Vec::new();
    operations(ui, model, &verts, tools, &mut edits);
    ui.horizontal(|ui| {
        // Every registered weight operation, each with its option dialog.
        ui.menu_button(crate::tr!("opsui-weight-ops"), |ui| {
            crate::app::generators::op_items(
                ui,
                crate::app::generators::menu_ops(crate::ops::Menu::Weights),
                Some(crate::edit::ElementKind::Vertex),
                &verts,
                commands,
            );
        });
        if ui
            .button(tr!("weights-from-model"))
            .on_hover_text(tr!("weights-from-model-tip"))
            .clicked()
        {
            local.pick = Some(PickRequest {
                purpose: Purpose::WeightsFromModel,
                title: tr!("weights-from-model-title"),
                filters: vec![("PMX / PMD".into(), vec!["pmx", "pmd"])],
                save_name: None,
                directory: view.doc.base_dir().map(std::path::Path::to_path_buf),
            });
        }
    });
    ui.separator();
    table(ui, model, &verts, &mut edits);
    for e in edits {
        match e {
            Ok(Some(edit)) => commands.edit(edit),
            Ok(None) => commands.log(LogLevel::Info, tr!("weights-nothing")),
            Err(e) => commands.log(
                LogLevel::Warning,
                tr!("weights-error", error = e.to_string()),
            ),
        }
    }
}

/// Sends the weights of `path`'s nearest surface points onto the selected vertices
/// (one undo step) and logs what the transfer matched (the picker's answer to
/// "Weights from model…").
pub fn weights_from_file(view: &View, commands: &mut Commands, path: &std::path::Path) {
    let source = match crate::pmx::load(path) {
        Ok(l) => l.model,
        Err(e) => return commands.log(LogLevel::Error, format!("{}: {e}", path.display())),
    };
    let verts = selected_vertices(view);
    let options = crate::rig::transfer::TransferOptions::default();
    match crate::rig::transfer::transfer_from_model(view.model, &source, &verts, options) {
        Ok((edit, report)) => {
            if let Some(edit) = edit {
                commands.edit(edit);
            }
            let mut line = tr!(
                "weights-transferred",
                file = path.display().to_string(),
                count = report.transferred,
                farthest = format!("{:.3}", report.max_distance),
                unmatched = report.unmatched
            );
            if !report.missing_bones.is_empty() {
                line.push_str(&tr!(
                    "weights-missing-bones",
                    bones = report.missing_bones.join(", ")
                ));
            }
            commands.log(LogLevel::Info, line);
        }
        Err(e) => commands.log(
            LogLevel::Warning,
            tr!("weights-from-file-error", error = e.to_string()),
        ),
    }
}

fn bone_picker(ui: &mut egui::Ui, model: &Model, id: &str, bone: &mut Option<usize>) {
    let name = |b: usize| label(b, &model.bones[b].name);
    let none = (tr!("weightops-no-bone"), false);
    super::index_combo(ui, id, bone, 0..model.bones.len(), name, none);
}

/// What the panel's operations planned this frame.
type Edits = Vec<Result<Option<ModelEdit>, InputError>>;

/// An operation's button, enabled once its bones are chosen (`bones`; `Some(())`
/// for one that needs none): a click plans the operation on them.
fn op_button<B>(
    ui: &mut egui::Ui,
    bones: Option<B>,
    key: &str,
    tip: Option<&str>,
    edits: &mut Edits,
    plan: impl FnOnce(B) -> Result<Option<ModelEdit>, InputError>,
) {
    let r = ui.add_enabled(bones.is_some(), egui::Button::new(tr!(key)));
    let r = match tip {
        Some(tip) => r.on_hover_text(tr!(tip)),
        None => r,
    };
    if let (true, Some(b)) = (r.clicked(), bones) {
        edits.push(plan(b));
    }
}

fn operations(ui: &mut egui::Ui, model: &Model, verts: &[usize], t: &mut Tools, edits: &mut Edits) {
    egui::Grid::new("weight_ops").num_columns(2).show(ui, |ui| {
        ui.label(tr!("weightops-bone-a"));
        bone_picker(ui, model, "weights_bone_a", &mut t.bone_a);
        ui.end_row();
        ui.label(tr!("weightops-bone-b"));
        bone_picker(ui, model, "weights_bone_b", &mut t.bone_b);
        ui.end_row();

        let (a, both, none) = (t.bone_a, t.bone_a.zip(t.bone_b), Some(()));
        ui.horizontal(|ui| {
            let tip = Some("weightops-set-a-tip");
            op_button(ui, a, "weightops-set-a", tip, edits, |a| {
                weights::set_weight(model, verts, a, t.value)
            });
            ui.add(drag(&mut t.value, 0.0, 1.0));
        });
        ui.horizontal(|ui| {
            op_button(ui, a, "weightops-scale-a", None, edits, |a| {
                weights::scale_weight(model, verts, a, t.factor)
            });
            ui.add(drag(&mut t.factor, 0.0, 100.0));
        });
        ui.end_row();

        ui.horizontal(|ui| {
            let tip = Some("weightops-replace-tip");
            op_button(ui, both, "weightops-replace", tip, edits, |(a, b)| {
                weights::replace_bone(model, verts, a, b)
            });
        });
        ui.horizontal(|ui| {
            let tip = Some("weightops-transfer-tip");
            op_button(ui, both, "weightops-transfer", tip, edits, |(a, b)| {
                weights::transfer_weight(model, verts, a, b, t.ratio)
            });
            ui.add(drag(&mut t.ratio, 0.0, 1.0));
        });
        ui.end_row();

        ui.horizontal(|ui| {
            let tip = Some("weightops-normalize-tip");
            op_button(ui, none, "weightops-normalize", tip, edits, |()| {
                weights::normalize(model, verts)
            });
            let tip = Some("weightops-limit-tip");
            op_button(ui, none, "weightops-limit", tip, edits, |()| {
                weights::limit_bones(model, verts, t.max_bones)
            });
            ui.add(egui::DragValue::new(&mut t.max_bones).range(1..=4));
        });
        ui.horizontal(|ui| {
            let tip = Some("weightops-prune-tip");
            op_button(ui, none, "weightops-prune", tip, edits, |()| {
                weights::prune(model, verts, t.threshold)
            });
            ui.add(drag(&mut t.threshold, 0.0, 1.0));
        });
        ui.end_row();

        ui.horizontal(|ui| {
            op_button(ui, none, "weightops-kind", None, edits, |()| {
                weights::set_kind(model, verts, t.kind)
            });
            egui::ComboBox::from_id_salt("weights_kind")
                .selected_text(t.kind.name())
                .show_ui(ui, |ui| {
                    for k in WeightKind::ALL {
                        ui.selectable_value(&mut t.kind, k, k.name());
                    }
                });
        });
        let tip = Some("weightops-sdef-tip");
        op_button(ui, none, "weightops-sdef", tip, edits, |()| {
            sdef::sdef_from_bdef2(model, verts)
        });
        ui.end_row();
    });
}

fn drag(v: &mut f32, lo: f32, hi: f32) -> egui::DragValue<'_> {
    egui::DragValue::new(v)
        .range(lo..=hi)
        .speed(0.01)
        .max_decimals(4)
}

/// One row per vertex: index, kind, up to four bone/weight cells, sum. A weight
/// dragged or typed sets that bone's weight on that vertex (the others share the rest).
fn table(ui: &mut egui::Ui, model: &Model, verts: &[usize], edits: &mut Edits) {
    if verts.len() > MAX_ROWS {
        ui.weak(tr!(
            "weights-first-rows",
            shown = MAX_ROWS,
            count = verts.len()
        ));
    }
    let shown = &verts[..verts.len().min(MAX_ROWS)];
    let scroll = egui::ScrollArea::both();
    super::list_grid(ui, scroll, "weight_table", 7, |ui| {
        ui.strong(tr!("weights-col-vertex"));
        ui.strong(tr!("weights-col-kind"));
        for k in 1..=4 {
            ui.strong(tr!("weights-col-bone", n = k));
        }
        ui.strong(tr!("weights-col-sum"));
        ui.end_row();
        for &v in shown {
            row(ui, model, v, edits);
            ui.end_row();
        }
    });
}

fn row(ui: &mut egui::Ui, model: &Model, v: usize, edits: &mut Edits) {
    let w = &model.vertices[v].weights;
    ui.label(format!("#{v}"));
    ui.label(w.kind().name());
    let (bones, ws, n) = w.bone_weights();
    let mut sum = 0.0;
    for k in 0..4 {
        if k >= n {
            ui.label("");
            continue;
        }
        let b = bones[k];
        sum += ws[k];
        let name = match usize::try_from(b).ok().and_then(|i| model.bones.get(i)) {
            Some(x) => x.name.clone(),
            None if b == NONE => "−1".into(),
            None => tr!("weights-missing-bone", index = b),
        };
        ui.horizontal(|ui| {
            ui.label(name);
            let mut value = ws[k];
            let valid = usize::try_from(b).ok().filter(|&i| i < model.bones.len());
            let r = ui.add_enabled(
                valid.is_some(),
                egui::DragValue::new(&mut value)
                    .range(0.0..=1.0)
                    .speed(0.005)
                    .max_decimals(4),
            );
            if let (true, Some(bone)) = (r.changed() && value != ws[k], valid) {
                // A drag on one cell merges into one undo step.
                let key = ((v as u64) << 16) ^ (bone as u64) ^ 0x5765_6967;
                edits.push(
                    weights::set_weight(model, &[v], bone, value)
                        .map(|e| e.map(|e| e.merging(key))),
                );
            }
        });
    }
    let bad = (sum - 1.0).abs() > crate::check::weights::WEIGHT_SUM_TOLERANCE;
    let text = format!("{sum:.4}");
    if bad {
        ui.colored_label(egui::Color32::from_rgb(255, 140, 40), text);
    } else {
        ui.label(text);
    }
}
