//! The vertex form: position, normal, UVs, weights (any type, converted on
//! request by the core), edge scale, and where the pose puts the vertex.

use super::kit::{at, grid, Form};
use super::Lists;
use crate::pmx::{Model, Vertex, WeightKind, Weights, NONE};
use crate::rig::weights::convert_weights;
use crate::tr;
use eframe::egui;
use egui::Ui;
use glam::Vec3;

/// The bones and weights of a vertex as four slots (unused: −1 and 0).
fn slots(w: &Weights) -> ([i32; 4], [f32; 4]) {
    let (bones, weights, n) = w.bone_weights();
    let mut b = [NONE; 4];
    let mut x = [0.0; 4];
    b[..n].copy_from_slice(&bones[..n]);
    x[..n].copy_from_slice(&weights[..n]);
    (b, x)
}

/// Sets bone slot `k` of whatever weight type the vertex has.
fn set_bone(w: &mut Weights, k: usize, bone: i32) {
    match w {
        Weights::Bdef1 { bone: b } if k == 0 => *b = bone,
        Weights::Bdef2 { bones, .. } | Weights::Sdef { bones, .. } if k < 2 => bones[k] = bone,
        Weights::Bdef4 { bones, .. } | Weights::Qdef { bones, .. } => bones[k] = bone,
        _ => {}
    }
}

/// Sets weight `k` of a four-bone type, or the first bone's weight of a two-bone type.
fn set_weight(w: &mut Weights, k: usize, value: f32) {
    match w {
        Weights::Bdef2 { weight, .. } | Weights::Sdef { weight, .. } if k == 0 => *weight = value,
        Weights::Bdef4 { weights, .. } | Weights::Qdef { weights, .. } => weights[k] = value,
        _ => {}
    }
}

pub(super) fn form(
    ui: &mut Ui,
    f: &mut Form<Vertex>,
    model: &Model,
    n: Lists,
    skinned: Option<Vec3>,
) {
    let v = f.first();
    grid(ui, "vertex", |ui| {
        f.vector(ui, &tr!("inspector-field-position"), 0.01, at!(position));
        f.vector(ui, &tr!("inspector-field-normal"), 0.005, at!(normal));
        f.vector(ui, &tr!("inspector-field-uv"), 0.001, at!(uv));
        let extra = usize::from(model.header.additional_uv_count).min(4);
        for k in 0..extra {
            f.vector(
                ui,
                &tr!("inspector-field-additional-uv", n = k + 1),
                0.001,
                (
                    move |v| v.additional_uvs[k],
                    move |v, x| v.additional_uvs[k] = x,
                ),
            );
        }
        weights(ui, f, model, n);
        f.info(
            ui,
            &tr!("inspector-field-bones-weights"),
            weight_summary(&v.weights, n.bones),
        );
        f.f32(
            ui,
            &tr!("inspector-field-edge-scale"),
            0.01,
            at!(edge_scale),
        );
        if let Some(p) = skinned {
            f.info(
                ui,
                &tr!("inspector-field-posed-position"),
                format!("{:.3}, {:.3}, {:.3}", p.x, p.y, p.z),
            );
        }
    });
}

fn weights(ui: &mut Ui, f: &mut Form<Vertex>, model: &Model, n: Lists) {
    let kinds = WeightKind::ALL.map(|k| (k, k.name()));
    let old_kind = f.first().weights.kind();
    let mut new_kind = None;
    f.row(ui, &tr!("inspector-field-weight-type"), |_, ui, label| {
        egui::ComboBox::from_id_salt("weight type")
            .selected_text(old_kind.name())
            .show_ui(ui, |ui| {
                for (k, name) in kinds {
                    if ui.selectable_label(k == old_kind, name).clicked() && k != old_kind {
                        new_kind = Some(k);
                    }
                }
            })
            .response
            .labelled_by(label);
    });
    if let Some(kind) = new_kind {
        // Each selected vertex converts its own weights; the conversion reads
        // only bone positions, so the change keeps a copy of the bones.
        let bones = Model {
            bones: model.bones.clone(),
            ..Model::default()
        };
        f.changed(tr!("inspector-field-weight-type"), kind.name(), move |v| {
            v.weights = convert_weights(&v.weights, kind, &bones, v.position)
        });
    }
    let w = &f.first().weights;
    let count = match w {
        Weights::Bdef1 { .. } => 1,
        Weights::Bdef2 { .. } | Weights::Sdef { .. } => 2,
        Weights::Bdef4 { .. } | Weights::Qdef { .. } => 4,
    };
    for k in 0..count {
        let field = if count == 1 {
            tr!("inspector-field-bone")
        } else {
            tr!("inspector-field-bone-n", n = k + 1)
        };
        f.reference(
            ui,
            &field,
            n.bones,
            true,
            (
                move |v| slots(&v.weights).0[k],
                move |v, b| set_bone(&mut v.weights, k, b),
            ),
        );
        if count == 4 {
            f.f32(
                ui,
                &tr!("inspector-field-weight-n", n = k + 1),
                0.005,
                (
                    move |v| slots(&v.weights).1[k],
                    move |v, x| set_weight(&mut v.weights, k, x),
                ),
            );
        }
    }
    if count == 2 {
        f.f32(
            ui,
            &tr!("inspector-field-weight-of-bone-1"),
            0.005,
            (
                |v| slots(&v.weights).1[0],
                |v, x| set_weight(&mut v.weights, 0, x),
            ),
        );
        let second = slots(w).1[1];
        f.info(
            ui,
            &tr!("inspector-field-weight-of-bone-2"),
            tr!("inspector-weight-2-note", value = format!("{second:.5}")),
        );
    }
    if let Weights::Sdef { .. } = w {
        fn sdef(w: &Weights) -> [Vec3; 3] {
            match w {
                Weights::Sdef { c, r0, r1, .. } => [*c, *r0, *r1],
                _ => [Vec3::ZERO; 3],
            }
        }
        fn set_sdef(w: &mut Weights, k: usize, x: Vec3) {
            if let Weights::Sdef { c, r0, r1, .. } = w {
                *[c, r0, r1][k] = x;
            }
        }
        for (k, field) in ["SDEF C", "SDEF R0", "SDEF R1"].into_iter().enumerate() {
            f.vector(
                ui,
                field,
                0.01,
                (
                    move |v| sdef(&v.weights)[k],
                    move |v, x| set_sdef(&mut v.weights, k, x),
                ),
            );
        }
    }
}

/// "name weight + name weight = sum" of the bones a vertex follows, −1 as "(none)".
pub fn weight_summary(w: &Weights, bone_names: super::kit::Names) -> String {
    let (bones, weights, n) = w.bone_weights();
    let none = tr!("inspector-none");
    let out_of_range = tr!("inspector-out-of-range-short");
    let terms: Vec<String> = bones[..n]
        .iter()
        .zip(&weights[..n])
        .filter(|(_, w)| **w != 0.0 || n == 1)
        .map(|(&b, w)| {
            let name = match bone_names.of(b) {
                Some(name) => name,
                None if b < 0 => none.as_str(),
                None => out_of_range.as_str(),
            };
            format!("{name} {w:.3}")
        })
        .collect();
    let sum: f32 = weights[..n].iter().sum();
    format!("{} = {sum:.3}", terms.join(" + "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::Bone;

    #[test]
    fn weight_summary_names_bones_and_sums() {
        // The expected text is the English catalogue's.
        hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
        let bones: Vec<Bone> = ["a", "b"]
            .map(|n| Bone {
                name: n.into(),
                ..Bone::default()
            })
            .to_vec();
        let names = super::super::kit::Names::Bones(&bones);
        let w = Weights::Bdef4 {
            bones: [0, NONE, 7, 1],
            weights: [0.5, 0.25, 0.0, 0.125],
        };
        assert_eq!(
            weight_summary(&w, names),
            "a 0.500 + (none) 0.250 + b 0.125 = 0.875"
        );
        assert_eq!(
            weight_summary(&Weights::Bdef1 { bone: 9 }, names),
            "(out of range) 1.000 = 1.000"
        );
    }
}
