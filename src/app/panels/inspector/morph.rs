//! The morph form: name, panel and its offsets, fifty to a page, each with a
//! remove button; a button adds a blank row.

use super::kit::Components;
use super::kit::{at, grid, Form};
use super::Lists;
use crate::pmx::{MaterialOffset, MaterialOp, Morph, MorphOffsets, UvOffset, VertexOffset};
use crate::rig::morphs;
use crate::tr;
use eframe::egui;
use egui::Ui;

const PAGE: usize = 50;

/// The offsets list of a morph whose offsets are of the pattern's kind.
macro_rules! list_of {
    ($pat:pat => $list:expr) => {
        |offsets| match offsets {
            $pat => Some($list),
            _ => None,
        }
    };
}

pub(super) fn form(ui: &mut Ui, f: &mut Form<Morph>, n: Lists, page: &mut usize) {
    let m = f.first();
    grid(ui, "morph", |ui| {
        f.names(ui, Some(crate::motion::names::VMD_MORPH_NAME_BYTES));
        f.choice(
            ui,
            &tr!("inspector-field-panel"),
            &[
                (0, tr!("inspector-panel-system")),
                (1, tr!("inspector-panel-brow")),
                (2, tr!("inspector-panel-eye")),
                (3, tr!("inspector-panel-mouth")),
                (4, tr!("inspector-panel-other")),
            ],
            at!(panel),
        );
        let kind = crate::app::panels::terms::morph_kind_name(m.kind());
        f.info(ui, &tr!("inspector-field-kind"), kind);
        f.info(
            ui,
            &tr!("inspector-field-offsets"),
            m.offsets.len().to_string(),
        );
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
            ui.label(tr!(
                "inspector-offsets-page",
                from = *page * PAGE,
                to = ((*page + 1) * PAGE).min(len),
                count = len
            ));
            if ui.small_button("▶").clicked() && *page + 1 < pages {
                *page += 1;
            }
        });
    }
    let range = *page * PAGE..((*page + 1) * PAGE).min(len);
    grid(ui, "offsets", |ui| offsets(ui, f, m, n, range));
    if ui
        .button(format!("➕ {}", tr!("inspector-add-offset")))
        .on_hover_text(tr!("inspector-add-offset-tip"))
        .clicked()
    {
        let field = tr!("inspector-field-offsets");
        f.changed(field, tr!("inspector-row-added"), |m| {
            morphs::push_blank_offset(&mut m.offsets)
        });
        // Show the page with the new row.
        *page = len / PAGE;
    }
}

/// The heading of offset `k` with its remove button.
fn row_heading(ui: &mut Ui, f: &mut Form<Morph>, k: usize) {
    ui.strong(tr!("inspector-offset", index = k));
    if ui
        .small_button("✕")
        .on_hover_text(tr!("inspector-remove-offset"))
        .clicked()
    {
        let field = tr!("inspector-field-offsets");
        f.changed(field, tr!("inspector-row-removed", index = k), move |m| {
            morphs::remove_offset_at(&mut m.offsets, k)
        });
    }
    ui.end_row();
}

/// Rows `range` of a morph's offsets `list`: each a heading and the fields
/// `fields` draws; a change is made on row `k` of every edited morph whose
/// offsets `of` finds (those of the same kind).
fn rows<O: 'static>(
    ui: &mut Ui,
    f: &mut Form<Morph>,
    list: &[O],
    range: std::ops::Range<usize>,
    of: fn(&mut MorphOffsets) -> Option<&mut Vec<O>>,
    fields: impl Fn(&mut Ui, &mut Form<O>),
) {
    for k in range {
        row_heading(ui, f, k);
        let lift = move |m: &mut Morph, change: &dyn Fn(&mut O)| {
            if let Some(o) = of(&mut m.offsets).and_then(|v| v.get_mut(k)) {
                change(o);
            }
        };
        f.nested(tr!("inspector-offset", index = k), &list[k], lift, |g| {
            fields(ui, g)
        });
    }
}

/// The rows of vertex and UV morphs: a vertex and how far it moves.
trait VertexRow: 'static {
    type Offset: Components;
    fn vertex(&mut self) -> &mut i32;
    fn offset(&mut self) -> &mut Self::Offset;
    fn get(&self) -> (i32, Self::Offset);
}

macro_rules! vertex_row {
    ($($t:ty => $o:ty),*) => {
        $(impl VertexRow for $t {
            type Offset = $o;
            fn vertex(&mut self) -> &mut i32 {
                &mut self.vertex
            }
            fn offset(&mut self) -> &mut $o {
                &mut self.offset
            }
            fn get(&self) -> (i32, $o) {
                (self.vertex, self.offset)
            }
        })*
    };
}
vertex_row!(VertexOffset => glam::Vec3, UvOffset => glam::Vec4);

/// The vertex and offset fields of a vertex or UV morph row.
fn vertex_fields<O: VertexRow>(ui: &mut Ui, g: &mut Form<O>, offset: &str) {
    let vertex = tr!("inspector-field-vertex");
    g.i32(ui, &vertex, (|o| o.get().0, |o, v| *o.vertex() = v));
    g.vector(ui, offset, 0.001, (|o| o.get().1, |o, v| *o.offset() = v));
}

fn offsets(ui: &mut Ui, f: &mut Form<Morph>, m: &Morph, n: Lists, range: std::ops::Range<usize>) {
    match &m.offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
            rows(
                ui,
                f,
                v,
                range,
                list_of!(MorphOffsets::Group(v) | MorphOffsets::Flip(v) => v),
                |ui, g| {
                    g.reference(
                        ui,
                        &tr!("inspector-field-morph"),
                        n.morphs,
                        false,
                        at!(morph),
                    );
                    g.f32(ui, &tr!("inspector-field-ratio"), 0.01, at!(ratio));
                },
            );
        }
        MorphOffsets::Vertex(v) => {
            let offset = tr!("inspector-field-offset");
            rows(
                ui,
                f,
                v,
                range,
                list_of!(MorphOffsets::Vertex(v) => v),
                |ui, g| vertex_fields(ui, g, &offset),
            );
        }
        MorphOffsets::Uv { offsets: v, .. } => {
            let offset = tr!("inspector-field-uv-offset");
            rows(
                ui,
                f,
                v,
                range,
                list_of!(MorphOffsets::Uv { offsets: v, .. } => v),
                |ui, g| vertex_fields(ui, g, &offset),
            );
        }
        MorphOffsets::Bone(v) => {
            rows(
                ui,
                f,
                v,
                range,
                list_of!(MorphOffsets::Bone(v) => v),
                |ui, g| {
                    g.reference(ui, &tr!("inspector-field-bone"), n.bones, false, at!(bone));
                    g.vector(
                        ui,
                        &tr!("inspector-field-translation"),
                        0.01,
                        at!(translation),
                    );
                    g.vector(
                        ui,
                        &tr!("inspector-field-rotation-quat"),
                        0.001,
                        at!(rotation),
                    );
                },
            );
        }
        MorphOffsets::Material(v) => {
            rows(
                ui,
                f,
                v,
                range,
                list_of!(MorphOffsets::Material(v) => v),
                |ui, g| material_fields(ui, g, n),
            );
        }
        MorphOffsets::Impulse(v) => {
            rows(
                ui,
                f,
                v,
                range,
                list_of!(MorphOffsets::Impulse(v) => v),
                |ui, g| {
                    let body = tr!("inspector-field-rigid-body");
                    g.reference(ui, &body, n.bodies, false, at!(rigid_body));
                    g.check(ui, &tr!("inspector-field-local"), at!(local));
                    g.vector(ui, &tr!("inspector-field-velocity"), 0.01, at!(velocity));
                    g.vector(ui, &tr!("inspector-field-torque"), 0.01, at!(torque));
                },
            );
        }
    }
}

/// The fields of a material morph row.
fn material_fields(ui: &mut Ui, g: &mut Form<MaterialOffset>, n: Lists) {
    let material = tr!("inspector-field-material");
    g.reference(ui, &material, n.materials, true, at!(material));
    let ops = [
        (MaterialOp::Multiply, tr!("inspector-op-multiply")),
        (MaterialOp::Add, tr!("inspector-op-add")),
    ];
    g.choice(ui, &tr!("inspector-field-operation"), &ops, at!(op));
    g.vector(ui, &tr!("inspector-field-diffuse"), 0.005, at!(diffuse));
    g.vector(ui, &tr!("inspector-field-specular"), 0.005, at!(specular));
    g.f32(
        ui,
        &tr!("inspector-field-specular-power"),
        0.05,
        at!(specular_power),
    );
    g.vector(ui, &tr!("inspector-field-ambient"), 0.005, at!(ambient));
    g.vector(
        ui,
        &tr!("inspector-field-edge-colour"),
        0.005,
        at!(edge_color),
    );
    g.f32(ui, &tr!("inspector-field-edge-size"), 0.01, at!(edge_size));
    g.vector(
        ui,
        &tr!("inspector-field-texture-tint"),
        0.005,
        at!(texture_tint),
    );
    g.vector(
        ui,
        &tr!("inspector-field-sphere-tint"),
        0.005,
        at!(sphere_tint),
    );
    g.vector(ui, &tr!("inspector-field-toon-tint"), 0.005, at!(toon_tint));
}
