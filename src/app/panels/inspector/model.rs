//! The model's own records: its name and comments (with the header shown), and
//! display frames.

use super::kit::{grid, Form};
use super::{edit_element, Lists};
use crate::app::commands::Commands;
use crate::pmx::{DisplayElement, DisplayFrame, Model, TextEncoding};
use eframe::egui;
use egui::Ui;

pub(super) fn info(ui: &mut Ui, model: &Model, commands: &mut Commands) {
    edit_element(ui, commands, 0, "Model".into(), &model.info, |ui, f| {
        grid(ui, "info", |ui| {
            f.text(ui, "name", |i| i.name.clone(), |i, v| i.name = v);
            f.text(ui, "name (en)", |i| i.name_en.clone(), |i, v| i.name_en = v);
            f.multiline(ui, "comment", |i| i.comment.clone(), |i, v| i.comment = v);
            f.multiline(
                ui,
                "comment (en)",
                |i| i.comment_en.clone(),
                |i, v| i.comment_en = v,
            );
        });
    });
    let h = &model.header;
    ui.separator();
    ui.label(format!(
        "PMX {:.1}, {}, {} additional UV, index sizes v{} t{} m{} b{} mo{} r{}",
        h.version.as_f32(),
        match h.encoding {
            TextEncoding::Utf16Le => "UTF-16",
            TextEncoding::Utf8 => "UTF-8",
        },
        h.additional_uv_count,
        h.index_sizes.vertex,
        h.index_sizes.texture,
        h.index_sizes.material,
        h.index_sizes.bone,
        h.index_sizes.morph,
        h.index_sizes.rigid_body
    ));
}

pub(super) fn display_frame(ui: &mut Ui, f: &mut Form<DisplayFrame>, n: Lists) {
    // The spec's special frames are told by flag and name: neither is edited here.
    let special = f.first().special;
    grid(ui, "display_frame", |ui| {
        if special {
            f.info(ui, "name", f.first().name.as_str());
        } else {
            f.text(ui, "name", |d| d.name.clone(), |d, v| d.name = v);
        }
        f.text(ui, "name (en)", |d| d.name_en.clone(), |d, v| d.name_en = v);
        let kind = if special {
            "special (Root/表情)"
        } else {
            "normal"
        };
        f.info(ui, "kind", kind);
        f.info(ui, "items", f.first().elements.len().to_string());
    });
    ui.separator();
    if f.is_multi() {
        ui.weak("Select one frame to edit its items.");
        return;
    }
    let locked = crate::app::panels::display_frames::special(f.first())
        == Some(crate::app::panels::display_frames::Special::Root);
    if locked {
        ui.weak("The Root frame's items are fixed (PMX spec).");
        return;
    }
    let items = &f.first().elements;
    grid(ui, "display_frame_items", |ui| {
        for (k, e) in items.iter().enumerate() {
            let (field, names, target) = match *e {
                DisplayElement::Bone(b) => ("bone", n.bones, b),
                DisplayElement::Morph(m) => ("morph", n.morphs, m),
            };
            f.reference(
                ui,
                field,
                names,
                false,
                move |d| match d.elements.get(k) {
                    Some(DisplayElement::Bone(i) | DisplayElement::Morph(i)) => *i,
                    None => target,
                },
                move |d, v| match d.elements.get_mut(k) {
                    Some(DisplayElement::Bone(i) | DisplayElement::Morph(i)) => *i = v,
                    None => {}
                },
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
    let heading = format!("Texture #{index}");
    let path = TexturePath(path.clone());
    edit_element(ui, commands, index, heading, &path, |ui, f| {
        grid(ui, "texture", |ui| {
            f.text(ui, "path", |t| t.0.clone(), |t, v| t.0 = v);
            let users = crate::app::panels::textures::users(model, index);
            f.info(ui, "used by", format!("{users} materials"));
        });
    });
}
