//! Undoable edits of a [`Model`]. Every model change in Hone goes through here:
//! panels build a [`ModelEdit`] and hand it to [`History::apply`]; they never
//! mutate the model themselves.
//!
//! # Quick start (for panels)
//!
//! ```
//! use hone_core::edit::{History, ModelEdit};
//! use hone_core::pmx::{Bone, Model};
//!
//! let mut model = Model::default();
//! model.bones.push(Bone { name: "右ひじ".into(), ..Bone::default() });
//! let mut history = History::new();
//!
//! // Field edit: copy the element, change the field, send the whole element back.
//! let mut bone = model.bones[0].clone();
//! bone.layer = 2;
//! history
//!     .apply(&mut model, ModelEdit::set_bone(0, bone, "deform layer").value(2))
//!     .unwrap();
//! assert_eq!(history.undo_label(), Some("Set 右ひじ.deform layer = 2"));
//!
//! history.undo(&mut model);
//! assert_eq!(model.bones[0].layer, 0);
//! history.redo(&mut model);
//! assert_eq!(model.bones[0].layer, 2);
//! ```
//!
//! # Field edits
//!
//! A field edit replaces whole elements ([`Element`]): `set_bone(i, new_bone, "field")`
//! swaps `new_bone` into `model.bones[i]` and keeps the old bone for undo. The `field`
//! text only names the change in the history ("Set 右ひじ.deform layer"); add
//! [`ModelEdit::value`] to show the new value. Constructors exist for every kind:
//! [`set_bone`](ModelEdit::set_bone), [`set_morph`](ModelEdit::set_morph) (offsets
//! included), [`set_material`](ModelEdit::set_material),
//! [`set_rigid_body`](ModelEdit::set_rigid_body), [`set_joint`](ModelEdit::set_joint),
//! [`set_soft_body`](ModelEdit::set_soft_body), [`set_vertex`](ModelEdit::set_vertex) /
//! [`set_vertices`](ModelEdit::set_vertices) (weights, positions, …),
//! [`set_display_frame`](ModelEdit::set_display_frame), [`set_texture`](ModelEdit::set_texture),
//! [`set_info`](ModelEdit::set_info), [`set_header`](ModelEdit::set_header), and the
//! general [`set`](ModelEdit::set) / [`set_many`](ModelEdit::set_many).
//!
//! # Merging (sliders, drags)
//!
//! While a slider is dragged the panel emits one edit per frame. Give them a merge key
//! with [`ModelEdit::merging`] (e.g. the egui widget id's `.value()`): a field edit
//! merges into the previous history entry when both have the same merge key, the same
//! elements and the same field text, so the whole drag is one undo step. Call
//! [`History::end_merge`] when the drag ends (egui: `response.drag_stopped()`), so the
//! next drag of the same slider becomes a new step. Edits without a key never merge, and
//! nothing merges into an entry that was marked saved.
//!
//! # Structure edits (indices are remapped)
//!
//! * [`ModelEdit::add`] (and `add_bone`, …) appends a new element at the end of its list.
//! * [`ModelEdit::duplicate`] (and `duplicate_bone`, …) appends copies **at the end** of
//!   the list (so no existing index moves); copies keep their references, bones
//!   duplicated together point at each other's copies, names get a "+" suffix, a
//!   duplicated material gets a copy of its faces (appended to the face list).
//! * [`ModelEdit::delete`] (and `delete_bone`, …) removes elements and remaps every
//!   reference in the model; what happens to references to the removed elements is
//!   documented in [`remap`] (list entries are dropped, vertex weights and bone parents
//!   move to the nearest surviving ancestor bone, other references become −1). Deleting
//!   a material also deletes its faces. Only vertices no face uses can be deleted
//!   ([`ModelEdit::delete_unused_vertices`]); faces cannot be deleted on their own.
//!   Special display frames cannot be deleted.
//! * [`ModelEdit::move_element`] / [`ModelEdit::reorder`] change the order of a list
//!   (e.g. bone order for deform order) and remap every reference.
//!
//! After an add or duplicate the new elements are at `old_len..new_len`.
//!
//! # Several changes as one step
//!
//! [`ModelEdit::batch`] groups edits (applied in order, undone in reverse); e.g.
//! [`ModelEdit::raise_deform_layer`] is a batch-like multi-element field edit.
//!
//! # History panel
//!
//! [`History::entries`] lists every step with its label and whether it is applied;
//! [`History::jump_to`] moves to the state after any step (0 = before the first);
//! [`History::set_saved`] / [`History::is_saved`] drive the unsaved-changes mark.
//! After loading another model, start a new `History` (or [`History::clear`]).
//!
//! # Keeping views in sync
//!
//! [`History::apply`], [`History::undo`], [`History::redo`] and [`History::jump_to`]
//! return a [`ChangeSet`]: which elements changed and in which fields (field
//! edits), or which lists changed length or order (structural edits, after which
//! every index may have moved — drop or fix selections with
//! [`remap::index_after_remove`], [`remap::index_after_reorder`]). A view rebuilds
//! only what depends on what changed: a material colour edit need not touch the
//! deformer, a joint spring edit need not rebuild the mesh. See [`changes`].

pub mod changes;
pub mod element;
mod history;
pub mod references;
pub mod remap;
pub mod script;
pub mod weights;

pub use changes::{ChangeSet, Fields};
pub use element::{Element, ElementKind};
pub use history::{History, HistoryEntry};
pub use remap::Removed;

use crate::pmx::{
    Bone, DisplayFrame, Header, Joint, Material, Model, ModelInfo, Morph, RigidBody, SoftBody,
    Vertex,
};
use std::fmt;
use undo::{Edit, Merged};

/// Why an edit was refused. A refused edit changes nothing and is not recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("{kind} #{index} does not exist (the model has {len})")]
    NoSuchElement {
        kind: ElementKind,
        index: usize,
        len: usize,
    },
    #[error("{0} elements cannot be added, deleted or reordered")]
    NotSupported(ElementKind),
    #[error("display frame \"{0}\" is special and cannot be deleted")]
    SpecialFrame(String),
    #[error("not a reordering of all {0} elements")]
    BadOrder(ElementKind),
    #[error(
        "materials can only be reordered or duplicated when their face counts cover the face list exactly"
    )]
    InconsistentMaterialFaces,
    #[error("vertex #{0} is used by a face; only unused vertices can be deleted")]
    VertexInUse(usize),
    #[error("nothing to do")]
    Empty,
}

/// One undoable change of the model. Build it with the constructors, apply it
/// with [`History::apply`].
#[derive(Debug, Clone)]
pub struct ModelEdit {
    op: Op,
    /// History label: `title`, then " = value" if there is a value.
    label: String,
    /// What the edit does ("Set 右ひじ.position.z"); generated from the model by
    /// [`History::apply`] unless set with [`label`](Self::label).
    title: String,
    /// Text of the new value, shown after " = " in the label.
    value: Option<String>,
    merge_key: Option<u64>,
    /// Merge field edits of other elements too ([`ModelEdit::merging_any`]).
    merge_any: bool,
    /// History merge generation (see [`History::end_merge`]).
    generation: u64,
}

#[derive(Debug, Clone)]
enum Op {
    /// Swap semantics: before `edit` the items hold the new values, after it the old ones.
    Set {
        items: Vec<(usize, Element)>,
        field: String,
    },
    /// Elements to append; empty while applied (they live in the model then).
    Add {
        items: Vec<Element>,
        kinds: Vec<ElementKind>,
    },
    Duplicate {
        kind: ElementKind,
        indices: Vec<usize>,
        done: Option<remap::Duplicated>,
    },
    Delete {
        kind: ElementKind,
        indices: Vec<usize>,
        removed: Option<Removed>,
    },
    Reorder {
        kind: ElementKind,
        order: Vec<usize>,
    },
    Batch(Vec<ModelEdit>),
}

impl ModelEdit {
    fn new(op: Op) -> Self {
        ModelEdit {
            op,
            label: String::new(),
            title: String::new(),
            value: None,
            merge_key: None,
            merge_any: false,
            generation: 0,
        }
    }

    // ------------------------------------------------------------ field edits

    /// Replaces element `index` of the value's kind (index ignored for header/info).
    /// `field` names what changed, for the history label.
    pub fn set(index: usize, value: impl Into<Element>, field: impl Into<String>) -> Self {
        Self::set_many(vec![(index, value.into())], field)
    }

    /// Replaces several elements at once (one undo step), e.g. weights of many vertices.
    pub fn set_many(items: Vec<(usize, Element)>, field: impl Into<String>) -> Self {
        Self::new(Op::Set {
            items,
            field: field.into(),
        })
    }

    pub fn set_bone(index: usize, bone: Bone, field: impl Into<String>) -> Self {
        Self::set(index, bone, field)
    }
    /// Name, panel and offsets of a morph.
    pub fn set_morph(index: usize, morph: Morph, field: impl Into<String>) -> Self {
        Self::set(index, morph, field)
    }
    pub fn set_material(index: usize, material: Material, field: impl Into<String>) -> Self {
        Self::set(index, material, field)
    }
    pub fn set_rigid_body(index: usize, body: RigidBody, field: impl Into<String>) -> Self {
        Self::set(index, body, field)
    }
    pub fn set_joint(index: usize, joint: Joint, field: impl Into<String>) -> Self {
        Self::set(index, joint, field)
    }
    pub fn set_soft_body(index: usize, soft_body: SoftBody, field: impl Into<String>) -> Self {
        Self::set(index, soft_body, field)
    }
    pub fn set_vertex(index: usize, vertex: Vertex, field: impl Into<String>) -> Self {
        Self::set(index, vertex, field)
    }
    /// Many vertices in one step (weight painting, moving a selection).
    pub fn set_vertices(vertices: Vec<(usize, Vertex)>, field: impl Into<String>) -> Self {
        let items = vertices
            .into_iter()
            .map(|(i, v)| (i, Element::Vertex(v)))
            .collect();
        Self::set_many(items, field)
    }
    pub fn set_display_frame(index: usize, frame: DisplayFrame, field: impl Into<String>) -> Self {
        Self::set(index, frame, field)
    }
    /// Texture path `index` of the texture table.
    pub fn set_texture(index: usize, path: impl Into<String>) -> Self {
        Self::set(index, Element::Texture(path.into()), "path")
    }
    pub fn set_info(info: ModelInfo, field: impl Into<String>) -> Self {
        Self::set(0, info, field)
    }
    /// Header settings (version, encoding, additional UV count, index sizes).
    pub fn set_header(header: Header, field: impl Into<String>) -> Self {
        Self::set(0, header, field)
    }

    /// Raises the deform layer (変形階層) of `bones` to at least `layer`, one undo
    /// step. Bones already at or above `layer` and invalid indices are skipped; None if
    /// nothing would change.
    pub fn raise_deform_layer(model: &Model, bones: &[usize], layer: i32) -> Option<Self> {
        let mut seen = std::collections::BTreeSet::new();
        let items: Vec<(usize, Element)> = bones
            .iter()
            .filter(|&&i| seen.insert(i))
            .filter_map(|&i| {
                let b = model.bones.get(i)?;
                (b.layer < layer).then(|| {
                    let mut b = b.clone();
                    b.layer = layer;
                    (i, Element::from(b))
                })
            })
            .collect();
        (!items.is_empty()).then(|| Self::set_many(items, "deform layer").value(layer))
    }

    // ------------------------------------------------------------ structure edits

    /// Appends an element at the end of its list.
    pub fn add(element: impl Into<Element>) -> Self {
        Self::add_many(vec![element.into()])
    }
    /// Appends several elements (any kinds) in one step.
    pub fn add_many(elements: Vec<Element>) -> Self {
        Self::new(Op::Add {
            items: elements,
            kinds: Vec::new(),
        })
    }
    pub fn add_bone(bone: Bone) -> Self {
        Self::add(bone)
    }
    pub fn add_morph(morph: Morph) -> Self {
        Self::add(morph)
    }
    /// Appends a material. It draws the faces after all other materials' faces, so
    /// give it `face_index_count: 0`, or add its faces with [`add_many`](Self::add_many)
    /// (`Element::Face`) in the same step.
    pub fn add_material(material: Material) -> Self {
        Self::add(material)
    }
    pub fn add_rigid_body(body: RigidBody) -> Self {
        Self::add(body)
    }
    pub fn add_joint(joint: Joint) -> Self {
        Self::add(joint)
    }
    pub fn add_soft_body(soft_body: SoftBody) -> Self {
        Self::add(soft_body)
    }
    pub fn add_display_frame(frame: DisplayFrame) -> Self {
        Self::add(frame)
    }
    pub fn add_texture(path: impl Into<String>) -> Self {
        Self::add(Element::Texture(path.into()))
    }

    /// Appends copies of elements `indices` of `kind` at the end of the list
    /// (see [`remap::duplicate`]).
    pub fn duplicate(kind: ElementKind, indices: Vec<usize>) -> Self {
        Self::new(Op::Duplicate {
            kind,
            indices,
            done: None,
        })
    }
    pub fn duplicate_bone(index: usize) -> Self {
        Self::duplicate(ElementKind::Bone, vec![index])
    }
    pub fn duplicate_morph(index: usize) -> Self {
        Self::duplicate(ElementKind::Morph, vec![index])
    }
    pub fn duplicate_rigid_body(index: usize) -> Self {
        Self::duplicate(ElementKind::RigidBody, vec![index])
    }
    pub fn duplicate_joint(index: usize) -> Self {
        Self::duplicate(ElementKind::Joint, vec![index])
    }

    /// Deletes elements `indices` of `kind` and remaps every reference (see [`remap`]).
    pub fn delete(kind: ElementKind, indices: Vec<usize>) -> Self {
        Self::new(Op::Delete {
            kind,
            indices,
            removed: None,
        })
    }
    pub fn delete_bone(index: usize) -> Self {
        Self::delete(ElementKind::Bone, vec![index])
    }
    pub fn delete_morph(index: usize) -> Self {
        Self::delete(ElementKind::Morph, vec![index])
    }
    /// Deletes the material and its faces.
    pub fn delete_material(index: usize) -> Self {
        Self::delete(ElementKind::Material, vec![index])
    }
    pub fn delete_rigid_body(index: usize) -> Self {
        Self::delete(ElementKind::RigidBody, vec![index])
    }
    pub fn delete_joint(index: usize) -> Self {
        Self::delete(ElementKind::Joint, vec![index])
    }
    pub fn delete_soft_body(index: usize) -> Self {
        Self::delete(ElementKind::SoftBody, vec![index])
    }
    pub fn delete_display_frame(index: usize) -> Self {
        Self::delete(ElementKind::DisplayFrame, vec![index])
    }

    /// Deletes the vertices no face uses (PMX Editor's "delete unused vertices"),
    /// dropping their morph offsets, soft-body anchors and pins. None if there are none.
    pub fn delete_unused_vertices(model: &Model) -> Option<Self> {
        let unused = remap::unused_vertices(model);
        (!unused.is_empty()).then(|| {
            let n = unused.len();
            Self::delete(ElementKind::Vertex, unused).label(format!("Delete {n} unused vertices"))
        })
    }

    /// Reorders the list of `kind`: new index `i` holds old element `order[i]`.
    pub fn reorder(kind: ElementKind, order: Vec<usize>) -> Self {
        Self::new(Op::Reorder { kind, order })
    }

    /// Moves element `from` of `kind` to index `to`, shifting those between.
    pub fn move_element(model: &Model, kind: ElementKind, from: usize, to: usize) -> Self {
        let len = kind.len(model);
        let label = format!("Move {} {} to #{to}", kind, kind.display_name(model, from));
        // Out of range: an empty order, which validation refuses.
        let order = if from < len && to < len {
            remap::move_order(len, from, to)
        } else {
            Vec::new()
        };
        Self::reorder(kind, order).label(label)
    }

    /// Several edits as one undo step, applied in order.
    pub fn batch(label: impl Into<String>, edits: Vec<ModelEdit>) -> Self {
        Self::new(Op::Batch(edits)).label(label)
    }

    // ------------------------------------------------------------ modifiers

    /// Shows `value` in the history label ("Set 右ひじ.deform layer = 2").
    pub fn value(mut self, value: impl fmt::Display) -> Self {
        self.value = Some(value.to_string());
        self.compose_label();
        self
    }

    /// Uses this history label instead of the generated one.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.title = label.into();
        self.compose_label();
        self
    }

    fn compose_label(&mut self) {
        self.label.clone_from(&self.title);
        if let Some(v) = &self.value {
            if !self.title.is_empty() {
                self.label.push_str(" = ");
                self.label.push_str(v);
            }
        }
    }

    /// Lets consecutive field edits with the same key, elements and field merge into
    /// one undo step (see the module docs).
    pub fn merging(mut self, key: u64) -> Self {
        self.merge_key = Some(key);
        self
    }

    /// Like [`merging`](Self::merging), but the edits may set different elements of
    /// the same field (a brush stroke touches new vertices with every dab): the step
    /// keeps each element's value from before the first edit that set it.
    pub fn merging_any(mut self, key: u64) -> Self {
        self.merge_key = Some(key);
        self.merge_any = true;
        self
    }

    /// The history label (empty until applied through [`History`] unless set).
    pub fn label_text(&self) -> &str {
        &self.label
    }

    /// True if the edit adds, removes or reorders elements (so indices, list
    /// lengths and anything sized per element, like a pose, change).
    pub fn is_structural(&self) -> bool {
        match &self.op {
            Op::Set { .. } => false,
            Op::Add { .. } | Op::Duplicate { .. } | Op::Delete { .. } | Op::Reorder { .. } => true,
            Op::Batch(edits) => edits.iter().any(ModelEdit::is_structural),
        }
    }

    /// What this edit changed, seen from the model in the state right after it
    /// was applied or undone (field edits compare the kept values with the model).
    pub(crate) fn changes(&self, model: &Model) -> ChangeSet {
        let mut set = ChangeSet::new();
        match &self.op {
            Op::Set { items, .. } => {
                for (i, e) in items {
                    set.field_edit(e.kind(), *i, changes::diff(e, model, *i));
                }
            }
            Op::Add { items, kinds } => {
                for kind in kinds.iter().copied().chain(items.iter().map(Element::kind)) {
                    set.merge(&ChangeSet::structural(kind));
                }
            }
            Op::Duplicate { kind, .. } | Op::Delete { kind, .. } | Op::Reorder { kind, .. } => {
                set = ChangeSet::structural(*kind);
            }
            Op::Batch(edits) => {
                for e in edits {
                    set.merge(&e.changes(model));
                }
            }
        }
        set
    }

    /// Like [`changes`](Self::changes) but every field of every element it
    /// sets (for several steps at once, where the kept values may be older).
    pub(crate) fn touched(&self, model: &Model) -> ChangeSet {
        let mut set = self.changes(model);
        let all: Vec<_> = set.all_edits().to_vec();
        for e in all {
            set.field_edit(e.kind, e.index, Fields::ALL);
        }
        if let Op::Set { items, .. } = &self.op {
            for (i, e) in items {
                set.field_edit(e.kind(), *i, Fields::ALL);
            }
        }
        set
    }

    // ------------------------------------------------------------ internals

    /// Checks the edit against `model`; for a batch this applies and rolls back
    /// its parts (later parts may depend on earlier ones). Fills in labels.
    fn check(&mut self, model: &mut Model) -> Result<(), EditError> {
        if self.title.is_empty() {
            self.title = self.describe(model);
            self.compose_label();
        }
        let in_range = |kind: ElementKind, index: usize| {
            let len = kind.len(model);
            if kind.is_single() || index < len {
                Ok(())
            } else {
                Err(EditError::NoSuchElement { kind, index, len })
            }
        };
        match &mut self.op {
            Op::Set { items, .. } => {
                if items.is_empty() {
                    return Err(EditError::Empty);
                }
                for (i, e) in items.iter() {
                    in_range(e.kind(), *i)?;
                }
            }
            Op::Add { items, .. } => {
                if items.is_empty() {
                    return Err(EditError::Empty);
                }
                if let Some(e) = items.iter().find(|e| e.kind().is_single()) {
                    return Err(EditError::NotSupported(e.kind()));
                }
            }
            Op::Duplicate { kind, indices, .. } => {
                if kind.is_single() {
                    return Err(EditError::NotSupported(*kind));
                }
                if indices.is_empty() {
                    return Err(EditError::Empty);
                }
                for i in indices.iter() {
                    in_range(*kind, *i)?;
                }
                if *kind == ElementKind::Material && !remap::material_faces_consistent(model) {
                    return Err(EditError::InconsistentMaterialFaces);
                }
            }
            Op::Delete { kind, indices, .. } => {
                if !remap::can_remove(*kind) {
                    return Err(EditError::NotSupported(*kind));
                }
                if indices.is_empty() {
                    return Err(EditError::Empty);
                }
                if *kind == ElementKind::Vertex {
                    let unused = remap::unused_vertices(model);
                    if let Some(&i) = indices.iter().find(|i| unused.binary_search(i).is_err()) {
                        in_range(*kind, i)?;
                        return Err(EditError::VertexInUse(i));
                    }
                }
                for i in indices.iter() {
                    in_range(*kind, *i)?;
                    if *kind == ElementKind::DisplayFrame && model.display_frames[*i].special {
                        return Err(EditError::SpecialFrame(
                            model.display_frames[*i].name.clone(),
                        ));
                    }
                }
            }
            Op::Reorder { kind, order } => {
                if kind.is_single() || *kind == ElementKind::Face {
                    return Err(EditError::NotSupported(*kind));
                }
                if !remap::is_permutation(order, kind.len(model)) {
                    return Err(EditError::BadOrder(*kind));
                }
                if *kind == ElementKind::Material && !remap::material_faces_consistent(model) {
                    return Err(EditError::InconsistentMaterialFaces);
                }
            }
            Op::Batch(edits) => {
                if edits.is_empty() {
                    return Err(EditError::Empty);
                }
                let mut done = 0;
                let mut result = Ok(());
                for e in edits.iter_mut() {
                    result = e.check(model);
                    if result.is_err() {
                        break;
                    }
                    e.edit(model);
                    done += 1;
                }
                for e in edits[..done].iter_mut().rev() {
                    e.undo(model);
                }
                result?;
            }
        }
        Ok(())
    }

    /// Generated history title, from the model before the edit.
    fn describe(&self, model: &Model) -> String {
        match &self.op {
            Op::Set { items, field } => {
                let kind = items.first().map(|(_, e)| e.kind());
                let same_kind = items.iter().all(|(_, e)| Some(e.kind()) == kind);
                match (items.as_slice(), kind) {
                    ([(i, e)], _) => {
                        let name = e.kind().display_name(model, *i);
                        if field.is_empty() {
                            format!("Edit {name}")
                        } else {
                            format!("Set {name}.{field}")
                        }
                    }
                    (_, Some(kind)) if same_kind => {
                        format!("Set {field} on {} {}", items.len(), kind.plural())
                    }
                    _ => format!("Set {field} on {} elements", items.len()),
                }
            }
            Op::Add { items, .. } => match items.as_slice() {
                [e] => match e.name() {
                    Some(n) => format!("Add {} {n}", e.kind()),
                    None => format!("Add {}", e.kind()),
                },
                _ => format!("Add {} elements", items.len()),
            },
            Op::Duplicate { kind, indices, .. } => match indices.as_slice() {
                [i] => format!("Duplicate {kind} {}", kind.display_name(model, *i)),
                _ => format!("Duplicate {} {}", indices.len(), kind.plural()),
            },
            Op::Delete { kind, indices, .. } => match indices.as_slice() {
                [i] => format!("Delete {kind} {}", kind.display_name(model, *i)),
                _ => format!("Delete {} {}", indices.len(), kind.plural()),
            },
            Op::Reorder { kind, .. } => format!("Reorder {}", kind.plural()),
            Op::Batch(edits) => format!("{} edits", edits.len()),
        }
    }

    fn same_targets(a: &[(usize, Element)], b: &[(usize, Element)]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|((i, e), (j, f))| i == j && e.kind() == f.kind())
    }
}

impl fmt::Display for ModelEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

impl Edit for ModelEdit {
    type Target = Model;
    type Output = ();

    fn edit(&mut self, model: &mut Model) {
        match &mut self.op {
            Op::Set { items, .. } => {
                for (i, e) in items.iter_mut() {
                    e.swap_with(model, *i);
                }
            }
            Op::Add { items, kinds } => {
                kinds.clear();
                for e in items.drain(..) {
                    kinds.push(e.kind());
                    e.push_into(model);
                }
            }
            Op::Duplicate {
                kind,
                indices,
                done,
            } => *done = Some(remap::duplicate(model, *kind, indices)),
            Op::Delete {
                kind,
                indices,
                removed,
            } => *removed = Some(remap::remove(model, *kind, indices)),
            Op::Reorder { kind, order } => {
                remap::permute(model, *kind, order);
            }
            Op::Batch(edits) => edits.iter_mut().for_each(|e| e.edit(model)),
        }
    }

    fn undo(&mut self, model: &mut Model) {
        match &mut self.op {
            Op::Set { items, .. } => {
                for (i, e) in items.iter_mut().rev() {
                    e.swap_with(model, *i);
                }
            }
            Op::Add { items, kinds } => {
                for k in kinds.iter().rev() {
                    if let Some(e) = k.pop(model) {
                        items.push(e);
                    }
                }
                items.reverse();
            }
            Op::Duplicate { done, .. } => {
                if let Some(d) = done.take() {
                    remap::undo_duplicate(model, d);
                }
            }
            Op::Delete { removed, .. } => {
                if let Some(r) = removed.take() {
                    remap::restore(model, r);
                }
            }
            Op::Reorder { kind, order } => {
                if remap::is_permutation(order, kind.len(model)) {
                    remap::permute(model, *kind, &remap::inverse_permutation(order));
                }
            }
            Op::Batch(edits) => edits.iter_mut().rev().for_each(|e| e.undo(model)),
        }
    }

    fn merge(&mut self, other: Self) -> Merged<Self> {
        let mergeable = self.merge_key.is_some()
            && self.merge_key == other.merge_key
            && self.generation == other.generation;
        if !mergeable {
            return Merged::No(other);
        }
        let any = self.merge_any && other.merge_any;
        let fits = match (&self.op, &other.op) {
            (
                Op::Set {
                    items: a,
                    field: fa,
                },
                Op::Set {
                    items: b,
                    field: fb,
                },
            ) => fa == fb && (any || Self::same_targets(a, b)),
            _ => false,
        };
        if !fits {
            return Merged::No(other);
        }
        // `self` keeps the values from before the first edit; `other`'s stored values
        // are the intermediate ones and are dropped, except for elements `self` did not
        // set (a brush reaching new vertices): theirs are from before the run.
        if let (Op::Set { items: a, .. }, Op::Set { items: b, .. }) = (&mut self.op, other.op) {
            if any {
                let had: std::collections::HashSet<(ElementKind, usize)> =
                    a.iter().map(|(i, e)| (e.kind(), *i)).collect();
                a.extend(
                    b.into_iter()
                        .filter(|(i, e)| !had.contains(&(e.kind(), *i))),
                );
            }
        }
        // The title names the element as it was before the first edit (a rename typed
        // letter by letter stays "Set 右ひじ.name"); the value is the last one set.
        self.value = other.value;
        self.compose_label();
        Merged::Yes
    }
}
