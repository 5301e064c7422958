//! Every field of the selected element, editable with a fitting widget.
//!
//! A form ([`kit::Form`]) shows the element's fields; a field the user changes
//! becomes one [`ModelEdit`] pushed as a command (consecutive changes of one
//! field merge into one undo step while the drag or the typing lasts). Merely
//! looking at or focusing a field changes nothing. References are shown by name
//! and picked from a searchable list.

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::{Selection, State};
use crate::edit::{Element, ModelEdit};
use crate::pmx::Model;
use egui::Ui;
use kit::{Form, Names};

mod bone;
pub mod kit;
mod material;
mod model;
mod morph;
mod physics;
mod vertex;

pub use vertex::weight_summary;

/// The lists references point into.
#[derive(Clone, Copy)]
struct Lists<'a> {
    bones: Names<'a>,
    morphs: Names<'a>,
    materials: Names<'a>,
    bodies: Names<'a>,
    textures: Names<'a>,
}

impl<'a> Lists<'a> {
    fn of(m: &'a Model) -> Self {
        Lists {
            bones: Names::Bones(&m.bones),
            morphs: Names::Morphs(&m.morphs),
            materials: Names::Materials(&m.materials),
            bodies: Names::Bodies(&m.rigid_bodies),
            textures: Names::Textures(&m.textures),
        }
    }
}

pub fn show(ui: &mut Ui, state: &mut State) {
    let sel = state.selection;
    let State {
        doc,
        commands,
        pose,
        panels,
        ..
    } = state;
    let model = doc.model();
    let n = Lists::of(model);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match sel {
            Selection::None => {
                ui.weak("Select a bone, morph, material, rigid body or joint.");
                if ui.link("Model info").clicked() {
                    commands.select(Selection::Model);
                }
            }
            Selection::Model => model::info(ui, model, commands),
            Selection::Bone(i) => {
                if let Some(b) = present(ui, "bone", i, model.bones.get(i)) {
                    let heading = format!("Bone #{i} {}", b.name);
                    edit_element(ui, commands, i, heading, b, |ui, f| bone::form(ui, f, n));
                    bone::pose(ui, i, pose, commands);
                }
            }
            Selection::Morph(i) => {
                if let Some(m) = present(ui, "morph", i, model.morphs.get(i)) {
                    let heading = format!("Morph #{i} {}", m.name);
                    let page = &mut panels.morph_page;
                    edit_element(ui, commands, i, heading, m, |ui, f| {
                        morph::form(ui, f, n, page)
                    });
                }
            }
            Selection::Material(i) => {
                if let Some(m) = present(ui, "material", i, model.materials.get(i)) {
                    let heading = format!("Material #{i} {}", m.name);
                    edit_element(ui, commands, i, heading, m, |ui, f| {
                        material::form(ui, f, n)
                    });
                }
            }
            Selection::RigidBody(i) => {
                if let Some(b) = present(ui, "rigid body", i, model.rigid_bodies.get(i)) {
                    let heading = format!("Rigid body #{i} {}", b.name);
                    edit_element(ui, commands, i, heading, b, |ui, f| {
                        physics::rigid_body(ui, f, n)
                    });
                }
            }
            Selection::Joint(i) => {
                if let Some(j) = present(ui, "joint", i, model.joints.get(i)) {
                    let heading = format!("Joint #{i} {}", j.name);
                    edit_element(ui, commands, i, heading, j, |ui, f| {
                        physics::joint(ui, f, n)
                    });
                }
            }
            Selection::SoftBody(i) => {
                if let Some(s) = present(ui, "soft body", i, model.soft_bodies.get(i)) {
                    let heading = format!("Soft body #{i} {}", s.name);
                    edit_element(ui, commands, i, heading, s, |ui, f| {
                        physics::soft_body(ui, f, n)
                    });
                }
            }
            Selection::Vertex(i) => {
                if let Some(v) = present(ui, "vertex", i, model.vertices.get(i)) {
                    let skinned = pose.positions().get(i).copied();
                    edit_element(ui, commands, i, format!("Vertex #{i}"), v, |ui, f| {
                        vertex::form(ui, f, model, n, skinned)
                    });
                }
            }
            Selection::DisplayFrame(i) => {
                if let Some(d) = present(ui, "display frame", i, model.display_frames.get(i)) {
                    let heading = format!("Display frame #{i} {}", d.name);
                    edit_element(ui, commands, i, heading, d, |ui, f| {
                        model::display_frame(ui, f, n)
                    });
                }
            }
        });
}

/// The element, or a note that it no longer exists (deleted since it was selected).
fn present<'a, T>(ui: &mut Ui, kind: &str, index: usize, element: Option<&'a T>) -> Option<&'a T> {
    if element.is_none() {
        ui.weak(format!("There is no {kind} #{index} (any more)."));
    }
    element
}

/// The form of one element under `heading`; a change becomes one edit (named by
/// its field and new value) that merges with further changes of the same field.
fn edit_element<T>(
    ui: &mut Ui,
    commands: &mut Commands,
    index: usize,
    heading: String,
    element: &T,
    form: impl FnOnce(&mut Ui, &mut Form<T>),
) where
    T: Clone + Into<Element> + 'static,
{
    ui.heading(heading);
    let items = [element];
    let mut f = Form::new(&items);
    form(ui, &mut f);
    if let Some(change) = f.finish() {
        commands.edit(field_edit(index, element, change));
    }
}

/// The edit that makes `change` on element `index`.
fn field_edit<T>(index: usize, element: &T, change: kit::Change<T>) -> ModelEdit
where
    T: Clone + Into<Element> + 'static,
{
    let new = change.applied_to(element).into();
    let key = merge_key((new.kind(), index, &change.field));
    ModelEdit::set(index, new, change.field)
        .value(change.value)
        .merging(key)
}

/// Edits of one field of one element merge while a drag or text entry lasts.
fn merge_key(k: impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(k)
}
