//! Every field of the selected element, editable with a fitting widget.
//!
//! A form ([`kit::Form`]) shows the element's fields; a field the user changes
//! becomes one [`ModelEdit`] pushed as a command (consecutive changes of one
//! field merge into one undo step while the drag or the typing lasts). Merely
//! looking at or focusing a field changes nothing. References are shown by name
//! and picked from a searchable list.

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::{Element, ElementKind, ModelEdit};
use crate::pmx::Model;
use crate::tr;
use egui::Ui;
use kit::{Form, Names};

mod bone;
mod copy;
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

/// The inspector's own UI state between frames (beside the other panels' in
/// [`PanelState`]).
#[derive(Debug, Default)]
pub struct InspectorState {
    /// The page of a morph's offsets shown.
    pub morph_page: usize,
    /// "Copy parameters from…": the source and the ticked groups, per kind.
    pub copy_body: Option<copy::Choice>,
    pub copy_joint: Option<copy::Choice>,
}

/// The selected element's form. Reads the view only: a change is a command.
/// A `&View` hands out shared borrows, so writing through it does not compile:
///
/// ```compile_fail,E0594
/// fn rename(view: &hone::app::View) {
///     view.model.bones[0].name = String::new();
/// }
/// ```
///
/// (Reading compiles: `fn name<'a>(view: &View<'a>) -> &'a str { &view.model.bones[0].name }`.)
pub fn show(ui: &mut Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    let sel = view.selection;
    let indices = view.selected_indices();
    let model = view.model;
    let local = &mut local.inspector;
    let n = Lists::of(model);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut edit = Editor {
                ui,
                commands,
                indices: &indices,
            };
            match sel {
                Selection::None => {
                    edit.ui.weak(tr!("inspector-select-hint"));
                    if edit.ui.link(tr!("inspector-model-info")).clicked() {
                        edit.commands.select(Selection::Model);
                    }
                }
                Selection::Model => model::info(edit.ui, model, edit.commands),
                Selection::Bone(i) => {
                    let single = edit.kind(ElementKind::Bone, i, &model.bones, |ui, f| {
                        bone::form(ui, f, n)
                    });
                    if single == Some(1) {
                        bone::pose(edit.ui, i, view.pose, edit.commands);
                    }
                }
                Selection::Morph(i) => {
                    let page = &mut local.morph_page;
                    edit.kind(ElementKind::Morph, i, &model.morphs, |ui, f| {
                        morph::form(ui, f, n, page)
                    });
                }
                Selection::Material(i) => {
                    edit.kind(ElementKind::Material, i, &model.materials, |ui, f| {
                        material::form(ui, f, n)
                    });
                }
                Selection::RigidBody(i) => {
                    let choice = &mut local.copy_body;
                    edit.copyable(model, i, choice, |ui, f| physics::rigid_body(ui, f, n));
                }
                Selection::Joint(i) => {
                    let choice = &mut local.copy_joint;
                    edit.copyable(model, i, choice, |ui, f| physics::joint(ui, f, n));
                }
                Selection::SoftBody(i) => {
                    edit.kind(ElementKind::SoftBody, i, &model.soft_bodies, |ui, f| {
                        physics::soft_body(ui, f, n)
                    });
                }
                Selection::Vertex(i) => {
                    let skinned = view.pose.positions().get(i).copied();
                    edit.kind(ElementKind::Vertex, i, &model.vertices, |ui, f| {
                        vertex::form(ui, f, model, n, skinned)
                    });
                }
                Selection::DisplayFrame(i) => {
                    let frames = &model.display_frames;
                    edit.kind(ElementKind::DisplayFrame, i, frames, |ui, f| {
                        model::display_frame(ui, f, n)
                    });
                }
                Selection::Texture(i) => {
                    let kind = ElementKind::Texture;
                    if present(edit.ui, kind, i, &indices, &model.textures).is_some() {
                        model::texture(edit.ui, model, i, edit.commands);
                    }
                }
            }
        });
}

/// Where a form draws and sends to, and the selected indices it edits.
struct Editor<'a, 'u> {
    ui: &'u mut Ui,
    commands: &'u mut Commands,
    indices: &'a [usize],
}

impl Editor<'_, '_> {
    /// The form of the selected elements of `kind` in `list`, the active one
    /// `active`; how many it edits (none: the active one is gone).
    fn kind<T>(
        &mut self,
        kind: ElementKind,
        active: usize,
        list: &[T],
        form: impl FnOnce(&mut Ui, &mut Form<T>),
    ) -> Option<usize>
    where
        T: Clone + Into<Element> + Named + 'static,
    {
        let items = present(self.ui, kind, active, self.indices, list)?;
        edit_elements(self.ui, self.commands, kind, &items, form);
        Some(items.len())
    }

    /// [`kind`](Self::kind) for bodies and joints, with the section copying
    /// another one's parameters to the selected ones (`choice`: its state).
    fn copyable<T: copy::Copyable + Named>(
        &mut self,
        model: &Model,
        active: usize,
        choice: &mut Option<copy::Choice>,
        form: impl FnOnce(&mut Ui, &mut Form<T>),
    ) {
        if self.kind(T::KIND, active, T::list(model), form).is_some() {
            copy::section::<T>(self.ui, self.commands, model, self.indices, choice);
        }
    }
}

/// The selected elements (`indices`, the active one `active` first), or a note
/// that the active one no longer exists (deleted since it was selected).
fn present<'a, T>(
    ui: &mut Ui,
    kind: ElementKind,
    active: usize,
    indices: &[usize],
    list: &'a [T],
) -> Option<Vec<(usize, &'a T)>> {
    let Some(first) = list.get(active) else {
        let kind = super::terms::kind_name(kind);
        ui.weak(tr!("inspector-gone", kind = kind, index = active));
        return None;
    };
    let mut items = vec![(active, first)];
    items.extend(
        indices
            .iter()
            .filter(|&&i| i != active)
            .filter_map(|&i| Some((i, list.get(i)?))),
    );
    Some(items)
}

/// The form of the selected elements (the active one first) under a heading
/// naming them; see [`edit_items`].
fn edit_elements<T>(
    ui: &mut Ui,
    commands: &mut Commands,
    kind: ElementKind,
    items: &[(usize, &T)],
    form: impl FnOnce(&mut Ui, &mut Form<T>),
) where
    T: Clone + Into<Element> + Named + 'static,
{
    let (active, first) = items[0];
    if items.len() == 1 {
        let heading = format!(
            "{} #{active} {}",
            super::terms::kind_heading(kind),
            first.name()
        );
        let heading = heading.trim_end().to_owned();
        edit_items(ui, commands, heading, items, form);
        return;
    }
    let heading = format!("{} × {}", items.len(), super::terms::kind_heading(kind));
    edit_items(ui, commands, heading, items, |ui, f| {
        ui.weak(tr!(
            "inspector-multi-note",
            index = active,
            name = first.name(),
            count = items.len(),
            mixed = kit::mixed_text()
        ));
        form(ui, f)
    });
}

/// The form of one element under `heading`.
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
    edit_items(ui, commands, heading, &[(index, element)], form);
}

/// The form of `items` under `heading`; a change becomes one edit of every one
/// of them (named by its field and new value) that merges with further changes
/// of the same field.
fn edit_items<T>(
    ui: &mut Ui,
    commands: &mut Commands,
    heading: String,
    items: &[(usize, &T)],
    form: impl FnOnce(&mut Ui, &mut Form<T>),
) where
    T: Clone + Into<Element> + 'static,
{
    ui.heading(heading);
    let elements: Vec<&T> = items.iter().map(|(_, e)| *e).collect();
    let mut f = Form::new(&elements);
    form(ui, &mut f);
    if let Some(change) = f.finish() {
        commands.edit(field_edit(items, change));
    }
}

/// The edit that makes `change` on every element of `items`.
fn field_edit<T>(items: &[(usize, &T)], change: kit::Change<T>) -> ModelEdit
where
    T: Clone + Into<Element> + 'static,
{
    let set: Vec<(usize, Element)> = items
        .iter()
        .map(|(i, e)| (*i, change.applied_to(e).into()))
        .collect();
    let kind = set[0].1.kind();
    let indices: Vec<usize> = items.iter().map(|(i, _)| *i).collect();
    let key = merge_key((kind, indices, &change.field));
    ModelEdit::set_many(set, change.field)
        .value(change.value)
        .merging(key)
}

/// The name an inspector heading shows.
pub trait Named {
    fn name(&self) -> &str;
}

impl<T: kit::Bilingual> Named for T {
    fn name(&self) -> &str {
        self.names()[0]
    }
}

impl Named for crate::pmx::Vertex {
    fn name(&self) -> &str {
        ""
    }
}

/// Edits of one field of one element merge while a drag or text entry lasts.
fn merge_key(k: impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(k)
}
