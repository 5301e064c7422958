//! The material form.

use super::kit::{at, grid, Form, Lines};
use super::Lists;
use crate::pmx::{Material, MaterialFlags, SphereMode, Toon, NONE};
use crate::tr;
use eframe::egui;
use egui::Ui;

/// The flag checkboxes: label and bit.
fn flags() -> [(String, u8); 8] {
    [
        (
            tr!("inspector-field-double-sided"),
            MaterialFlags::DOUBLE_SIDED,
        ),
        (
            tr!("inspector-field-ground-shadow"),
            MaterialFlags::GROUND_SHADOW,
        ),
        (
            tr!("inspector-field-self-shadow-map"),
            MaterialFlags::SELF_SHADOW_MAP,
        ),
        (
            tr!("inspector-field-self-shadow"),
            MaterialFlags::SELF_SHADOW,
        ),
        (tr!("inspector-field-edge"), MaterialFlags::EDGE),
        (
            tr!("inspector-field-vertex-colour"),
            MaterialFlags::VERTEX_COLOR,
        ),
        (tr!("inspector-field-points"), MaterialFlags::POINT),
        (tr!("inspector-field-lines"), MaterialFlags::LINE),
    ]
}

pub(super) fn form(ui: &mut Ui, f: &mut Form<Material>, n: Lists) {
    grid(ui, "material", |ui| {
        f.names(ui, None);
        f.colour(ui, &tr!("inspector-field-diffuse"), at!(diffuse));
        f.colour(ui, &tr!("inspector-field-specular"), at!(specular));
        f.f32(
            ui,
            &tr!("inspector-field-specular-power"),
            0.1,
            at!(specular_power),
        );
        f.colour(ui, &tr!("inspector-field-ambient"), at!(ambient));
        for (field, bit) in flags() {
            f.check(
                ui,
                &field,
                (move |m| m.flags.has(bit), move |m, on| m.flags.set(bit, on)),
            );
        }
        f.colour(ui, &tr!("inspector-field-edge-colour"), at!(edge_color));
        f.f32(ui, &tr!("inspector-field-edge-size"), 0.01, at!(edge_size));
        f.reference(
            ui,
            &tr!("inspector-field-texture"),
            n.textures,
            true,
            at!(texture),
        );
        f.reference(
            ui,
            &tr!("inspector-field-sphere-texture"),
            n.textures,
            true,
            at!(sphere_texture),
        );
        f.choice(
            ui,
            &tr!("inspector-field-sphere-mode"),
            &[
                (SphereMode::Disabled, tr!("inspector-sphere-off")),
                (SphereMode::Multiply, tr!("inspector-sphere-multiply")),
                (SphereMode::Add, tr!("inspector-sphere-add")),
                (SphereMode::SubTexture, tr!("inspector-sphere-sub")),
            ],
            at!(sphere_mode),
        );
        toon(ui, f, n);
        f.text(
            ui,
            &tr!("inspector-field-memo"),
            Lines::Several,
            (|m| m.memo.clone(), |m, v| m.memo = v),
        );
        f.info(
            ui,
            &tr!("inspector-field-face-indices"),
            tr!("inspector-face-indices", count = f.first().face_index_count),
        );
    });
}

fn toon(ui: &mut Ui, f: &mut Form<Material>, n: Lists) {
    let shared = |m: &Material| matches!(m.toon, Toon::Shared(_));
    f.check(
        ui,
        &tr!("inspector-field-shared-toon"),
        (shared, move |m, on| {
            if on != shared(m) {
                m.toon = if on {
                    Toon::Shared(0)
                } else {
                    Toon::Texture(NONE)
                };
            }
        }),
    );
    match f.first().toon {
        // Shown one-based as the file names are (toon01.bmp…toon10.bmp).
        Toon::Shared(_) => f.integer(
            ui,
            &tr!("inspector-field-toon-toonnn-bmp"),
            1u8,
            10,
            (
                |m| match m.toon {
                    Toon::Shared(k) => k.saturating_add(1),
                    Toon::Texture(_) => 1,
                },
                |m, v| m.toon = Toon::Shared(v.clamp(1, 10) - 1),
            ),
        ),
        Toon::Texture(_) => f.reference(
            ui,
            &tr!("inspector-field-toon-texture"),
            n.textures,
            true,
            (
                |m| match m.toon {
                    Toon::Texture(t) => t,
                    Toon::Shared(_) => NONE,
                },
                |m, v| m.toon = Toon::Texture(v),
            ),
        ),
    }
}
