//! The model's own records: its name and comments (with the header shown), and
//! display frames.

use super::kit::{grid, Form, Lines};
use super::{edit_element, Lists};
use crate::app::commands::Commands;
use crate::pmx::{DisplayElement, DisplayFrame, Model, TextEncoding};
use crate::tr;
use eframe::egui;
use egui::Ui;

pub(super) fn info(ui: &mut Ui, model: &Model, commands: &mut Commands) {
    edit_element(
        ui,
        commands,
        0,
        tr!("inspector-title-model"),
        &model.info,
        |ui, f| {
            grid(ui, "info", |ui| {
                f.names(ui, None);
                f.text(
                    ui,
                    &tr!("inspector-field-comment"),
                    Lines::Several,
                    (|i| i.comment.clone(), |i, v| i.comment = v),
                );
                f.text(
                    ui,
                    &tr!("inspector-field-comment-en"),
                    Lines::Several,
                    (|i| i.comment_en.clone(), |i, v| i.comment_en = v),
                );
            });
        },
    );
    let h = &model.header;
    ui.separator();
    ui.label(tr!(
        "inspector-header",
        version = format!("{:.1}", h.version.as_f32()),
        encoding = match h.encoding {
            TextEncoding::Utf16Le => "UTF-16",
            TextEncoding::Utf8 => "UTF-8",
        },
        uv = h.additional_uv_count,
        sizes = format!(
            "v{} t{} m{} b{} mo{} r{}",
            h.index_sizes.vertex,
            h.index_sizes.texture,
            h.index_sizes.material,
            h.index_sizes.bone,
            h.index_sizes.morph,
            h.index_sizes.rigid_body
        )
    ));
}

pub(super) fn display_frame(ui: &mut Ui, f: &mut Form<DisplayFrame>, n: Lists) {
    // The spec's special frames are told by flag and name: neither is edited here.
    let special = f.first().special;
    grid(ui, "display_frame", |ui| {
        if special {
            f.info(ui, &tr!("inspector-field-name"), f.first().name.as_str());
            f.text(
                ui,
                &tr!("inspector-field-name-en"),
                Lines::One,
                (|d| d.name_en.clone(), |d, v| d.name_en = v),
            );
        } else {
            f.names(ui, None);
        }
        let kind = if special {
            tr!("inspector-frame-special")
        } else {
            tr!("inspector-frame-normal")
        };
        f.info(ui, &tr!("inspector-field-kind"), kind);
        f.info(
            ui,
            &tr!("inspector-field-items"),
            f.first().elements.len().to_string(),
        );
    });
    ui.separator();
    if f.is_multi() {
        ui.weak(tr!("inspector-frame-select-one"));
        return;
    }
    let locked = crate::app::panels::display_frames::special(f.first())
        == Some(crate::app::panels::display_frames::Special::Root);
    if locked {
        ui.weak(tr!("inspector-frame-root-fixed"));
        return;
    }
    let items = &f.first().elements;
    grid(ui, "display_frame_items", |ui| {
        for (k, e) in items.iter().enumerate() {
            let (field, names, target) = match *e {
                DisplayElement::Bone(b) => (tr!("inspector-field-bone"), n.bones, b),
                DisplayElement::Morph(m) => (tr!("inspector-field-morph"), n.morphs, m),
            };
            f.reference(
                ui,
                &field,
                names,
                false,
                (
                    move |d| match d.elements.get(k) {
                        Some(DisplayElement::Bone(i) | DisplayElement::Morph(i)) => *i,
                        None => target,
                    },
                    move |d, v| match d.elements.get_mut(k) {
                        Some(DisplayElement::Bone(i) | DisplayElement::Morph(i)) => *i = v,
                        None => {}
                    },
                ),
            );
        }
    });
}

/// A texture path of the texture table, as an element the form edits.
#[derive(Clone)]
struct TexturePath(String);

impl From<TexturePath> for crate::edit::Element {
    fn from(t: TexturePath) -> Self {
        crate::edit::Element::Texture(t.0)
    }
}

/// A texture path (relative to the model's folder) and what uses it.
pub(super) fn texture(ui: &mut Ui, model: &Model, index: usize, commands: &mut Commands) {
    let Some(path) = model.textures.get(index) else {
        return;
    };
    let heading = tr!("inspector-texture-title", index = index);
    let path = TexturePath(path.clone());
    edit_element(ui, commands, index, heading, &path, |ui, f| {
        grid(ui, "texture", |ui| {
            f.text(
                ui,
                &tr!("inspector-field-path"),
                Lines::One,
                (|t| t.0.clone(), |t, v| t.0 = v),
            );
            let users = crate::app::panels::textures::users(model, index);
            f.info(
                ui,
                &tr!("inspector-field-used-by"),
                tr!("textures-users", count = users),
            );
        });
    });
}
