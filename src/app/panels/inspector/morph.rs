//! The morph form: name, panel and its offsets, fifty to a page, each with a
//! remove button; a button adds a blank row.

use super::kit::{grid, Form};
use super::Lists;
use crate::pmx::{MaterialOp, Morph, MorphOffsets};
use crate::rig::morphs;
use eframe::egui;
use egui::Ui;

const PAGE: usize = 50;

/// Runs `change` on offset `k` of a morph whose offsets are of `variant`'s kind.
macro_rules! lift {
    ($k:expr, $pat:pat => $list:expr) => {
        move |m: &mut Morph, change: &dyn Fn(&mut _)| {
            #[allow(irrefutable_let_patterns)]
            if let $pat = &mut m.offsets {
                if let Some(o) = $list.get_mut($k) {
                    change(o);
                }
            }
        }
    };
}

pub(super) fn form(ui: &mut Ui, f: &mut Form<Morph>, n: Lists, page: &mut usize) {
    let m = f.first();
    grid(ui, "morph", |ui| {
        f.text(ui, "name", |m| m.name.clone(), |m, v| m.name = v);
        let name = &f.first().name;
        crate::app::name_fit::vmd_warning_row(ui, name, crate::motion::names::VMD_MORPH_NAME_BYTES);
        f.text(ui, "name (en)", |m| m.name_en.clone(), |m, v| m.name_en = v);
        f.choice(
            ui,
            "panel",
            &[
                (0, "system"),
                (1, "brow"),
                (2, "eye"),
                (3, "mouth"),
                (4, "other"),
            ],
            |m| m.panel,
            |m, v| m.panel = v,
        );
        f.info(ui, "kind", m.kind().name());
        f.info(ui, "offsets", m.offsets.len().to_string());
    });
    ui.separator();
    let len = m.offsets.len();
    let pages = len.div_ceil(PAGE).max(1);
    *page = (*page).min(pages - 1);
    if pages > 1 {
        ui.horizontal(|ui| {
            if ui.small_button("◀").clicked() && *page > 0 {
                *page -= 1;
            }
            ui.label(format!(
                "offsets {}–{} of {len}",
                *page * PAGE,
                ((*page + 1) * PAGE).min(len)
            ));
            if ui.small_button("▶").clicked() && *page + 1 < pages {
                *page += 1;
            }
        });
    }
    let range = *page * PAGE..((*page + 1) * PAGE).min(len);
    grid(ui, "offsets", |ui| offsets(ui, f, m, n, range));
    if ui
        .button("➕ Add offset")
        .on_hover_text(
            "A row that changes nothing yet (element 0, or every material), to fill in above",
        )
        .clicked()
    {
        f.changed("offsets", "+1 row", |m| {
            morphs::push_blank_offset(&mut m.offsets)
        });
        // Show the page with the new row.
        *page = len / PAGE;
    }
}

/// The heading of offset `k` with its remove button.
fn row_heading(ui: &mut Ui, f: &mut Form<Morph>, k: usize) {
    ui.strong(format!("offset {k}"));
    if ui
        .small_button("✕")
        .on_hover_text("Remove this offset")
        .clicked()
    {
        f.changed("offsets", format!("remove row {k}"), move |m| {
            morphs::remove_offset_at(&mut m.offsets, k)
        });
    }
    ui.end_row();
}

fn offsets(ui: &mut Ui, f: &mut Form<Morph>, m: &Morph, n: Lists, range: std::ops::Range<usize>) {
    match &m.offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
            for k in range {
                row_heading(ui, f, k);
                let lift = lift!(k, MorphOffsets::Group(v) | MorphOffsets::Flip(v) => v);
                f.nested(format_args!("offset {k}"), &v[k], lift, |g| {
                    g.reference(
                        ui,
                        "morph",
                        n.morphs,
                        false,
                        |o| o.morph,
                        |o, v| o.morph = v,
                    );
                    g.f32(ui, "ratio", 0.01, |o| o.ratio, |o, v| o.ratio = v);
                });
            }
        }
        MorphOffsets::Vertex(v) => {
            for k in range {
                row_heading(ui, f, k);
                let lift = lift!(k, MorphOffsets::Vertex(v) => v);
                f.nested(format_args!("offset {k}"), &v[k], lift, |g| {
                    g.i32(ui, "vertex", |o| o.vertex, |o, v| o.vertex = v);
                    g.vector(ui, "offset", 0.001, |o| o.offset, |o, v| o.offset = v);
                });
            }
        }
        MorphOffsets::Bone(v) => {
            for k in range {
                row_heading(ui, f, k);
                let lift = lift!(k, MorphOffsets::Bone(v) => v);
                f.nested(format_args!("offset {k}"), &v[k], lift, |g| {
                    g.reference(ui, "bone", n.bones, false, |o| o.bone, |o, v| o.bone = v);
                    g.vector(
                        ui,
                        "translation",
                        0.01,
                        |o| o.translation,
                        |o, v| o.translation = v,
                    );
                    g.vector(
                        ui,
                        "rotation (quat)",
                        0.001,
                        |o| o.rotation,
                        |o, v| o.rotation = v,
                    );
                });
            }
        }
        MorphOffsets::Uv { offsets: v, .. } => {
            for k in range {
                row_heading(ui, f, k);
                let lift = lift!(k, MorphOffsets::Uv { offsets: v, .. } => v);
                f.nested(format_args!("offset {k}"), &v[k], lift, |g| {
                    g.i32(ui, "vertex", |o| o.vertex, |o, v| o.vertex = v);
                    g.vector(ui, "uv offset", 0.001, |o| o.offset, |o, v| o.offset = v);
                });
            }
        }
        MorphOffsets::Material(v) => {
            for k in range {
                row_heading(ui, f, k);
                let lift = lift!(k, MorphOffsets::Material(v) => v);
                f.nested(format_args!("offset {k}"), &v[k], lift, |g| {
                    g.reference(
                        ui,
                        "material",
                        n.materials,
                        true,
                        |o| o.material,
                        |o, v| o.material = v,
                    );
                    g.choice(
                        ui,
                        "operation",
                        &[(MaterialOp::Multiply, "multiply"), (MaterialOp::Add, "add")],
                        |o| o.op,
                        |o, v| o.op = v,
                    );
                    g.vector(ui, "diffuse", 0.005, |o| o.diffuse, |o, v| o.diffuse = v);
                    g.vector(ui, "specular", 0.005, |o| o.specular, |o, v| o.specular = v);
                    g.f32(
                        ui,
                        "specular power",
                        0.05,
                        |o| o.specular_power,
                        |o, v| o.specular_power = v,
                    );
                    g.vector(ui, "ambient", 0.005, |o| o.ambient, |o, v| o.ambient = v);
                    g.vector(
                        ui,
                        "edge colour",
                        0.005,
                        |o| o.edge_color,
                        |o, v| o.edge_color = v,
                    );
                    g.f32(
                        ui,
                        "edge size",
                        0.01,
                        |o| o.edge_size,
                        |o, v| o.edge_size = v,
                    );
                    g.vector(
                        ui,
                        "texture tint",
                        0.005,
                        |o| o.texture_tint,
                        |o, v| o.texture_tint = v,
                    );
                    g.vector(
                        ui,
                        "sphere tint",
                        0.005,
                        |o| o.sphere_tint,
                        |o, v| o.sphere_tint = v,
                    );
                    g.vector(
                        ui,
                        "toon tint",
                        0.005,
                        |o| o.toon_tint,
                        |o, v| o.toon_tint = v,
                    );
                });
            }
        }
        MorphOffsets::Impulse(v) => {
            for k in range {
                row_heading(ui, f, k);
                let lift = lift!(k, MorphOffsets::Impulse(v) => v);
                f.nested(format_args!("offset {k}"), &v[k], lift, |g| {
                    g.reference(
                        ui,
                        "rigid body",
                        n.bodies,
                        false,
                        |o| o.rigid_body,
                        |o, v| o.rigid_body = v,
                    );
                    g.check(ui, "local", |o| o.local, |o, v| o.local = v);
                    g.vector(ui, "velocity", 0.01, |o| o.velocity, |o, v| o.velocity = v);
                    g.vector(ui, "torque", 0.01, |o| o.torque, |o, v| o.torque = v);
                });
            }
        }
    }
}
