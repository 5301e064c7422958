//! The material form.

use super::kit::{grid, Form};
use super::Lists;
use crate::pmx::{Material, MaterialFlags, SphereMode, Toon, NONE};
use eframe::egui;
use egui::Ui;

const FLAGS: [(&str, u8); 8] = [
    ("double sided", MaterialFlags::DOUBLE_SIDED),
    ("ground shadow", MaterialFlags::GROUND_SHADOW),
    ("self shadow map", MaterialFlags::SELF_SHADOW_MAP),
    ("self shadow", MaterialFlags::SELF_SHADOW),
    ("edge", MaterialFlags::EDGE),
    ("vertex colour (2.1)", MaterialFlags::VERTEX_COLOR),
    ("points (2.1)", MaterialFlags::POINT),
    ("lines (2.1)", MaterialFlags::LINE),
];

pub(super) fn form(ui: &mut Ui, f: &mut Form<Material>, n: Lists) {
    grid(ui, "material", |ui| {
        f.text(ui, "name", |m| m.name.clone(), |m, v| m.name = v);
        f.text(ui, "name (en)", |m| m.name_en.clone(), |m, v| m.name_en = v);
        f.colour(ui, "diffuse", |m| m.diffuse, |m, v| m.diffuse = v);
        f.colour(ui, "specular", |m| m.specular, |m, v| m.specular = v);
        f.f32(
            ui,
            "specular power",
            0.1,
            |m| m.specular_power,
            |m, v| m.specular_power = v,
        );
        f.colour(ui, "ambient", |m| m.ambient, |m, v| m.ambient = v);
        for (field, bit) in FLAGS {
            f.check(
                ui,
                field,
                move |m| m.flags.has(bit),
                move |m, on| m.flags.set(bit, on),
            );
        }
        f.colour(ui, "edge colour", |m| m.edge_color, |m, v| m.edge_color = v);
        f.f32(
            ui,
            "edge size",
            0.01,
            |m| m.edge_size,
            |m, v| m.edge_size = v,
        );
        f.reference(
            ui,
            "texture",
            n.textures,
            true,
            |m| m.texture,
            |m, v| m.texture = v,
        );
        f.reference(
            ui,
            "sphere texture",
            n.textures,
            true,
            |m| m.sphere_texture,
            |m, v| m.sphere_texture = v,
        );
        f.choice(
            ui,
            "sphere mode",
            &[
                (SphereMode::Disabled, "off"),
                (SphereMode::Multiply, "multiply (sph)"),
                (SphereMode::Add, "add (spa)"),
                (SphereMode::SubTexture, "sub-texture"),
            ],
            |m| m.sphere_mode,
            |m, v| m.sphere_mode = v,
        );
        toon(ui, f, n);
        f.multiline(ui, "memo", |m| m.memo.clone(), |m, v| m.memo = v);
        f.info(
            ui,
            "face indices",
            format!("{} (edit the mesh to change)", f.first().face_index_count),
        );
    });
}

fn toon(ui: &mut Ui, f: &mut Form<Material>, n: Lists) {
    let shared = |m: &Material| matches!(m.toon, Toon::Shared(_));
    f.check(ui, "shared toon", shared, move |m, on| {
        if on != shared(m) {
            m.toon = if on {
                Toon::Shared(0)
            } else {
                Toon::Texture(NONE)
            };
        }
    });
    match f.first().toon {
        // Shown one-based as the file names are (toon01.bmp…toon10.bmp).
        Toon::Shared(_) => f.integer(
            ui,
            "toon (toonNN.bmp)",
            1u8,
            10,
            |m| match m.toon {
                Toon::Shared(k) => k.saturating_add(1),
                Toon::Texture(_) => 1,
            },
            |m, v| m.toon = Toon::Shared(v.clamp(1, 10) - 1),
        ),
        Toon::Texture(_) => f.reference(
            ui,
            "toon texture",
            n.textures,
            true,
            |m| match m.toon {
                Toon::Texture(t) => t,
                Toon::Shared(_) => NONE,
            },
            |m, v| m.toon = Toon::Texture(v),
        ),
    }
}
