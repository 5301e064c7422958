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
//! nothing merges into an entry that was marked saved. A brush stroke sets other
//! elements with every dab: [`ModelEdit::merging_any`] merges field edits of the same
//! field whatever elements they set.
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

mod apply;
pub mod changes;
pub mod element;
pub mod element_set;
mod history;
mod moves;
pub mod references;
pub mod remap;

pub use changes::{ChangeSet, Fields};
pub use element::{Element, ElementKind};
pub use element_set::ElementSet;
pub use history::{History, HistoryEntry};
pub use moves::IndexMoves;
pub use remap::Removed;

use crate::pmx::{
    Bone, DisplayFrame, Header, Joint, Material, Model, ModelInfo, Morph, RigidBody, SoftBody,
    Vertex,
};
use std::fmt;

/// Why an edit was refused. A refused edit changes nothing and is not recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    NoSuchElement {
        kind: ElementKind,
        index: usize,
        len: usize,
    },
    NotSupported(ElementKind),
    SpecialFrame(String),
    BadOrder(ElementKind),
    InconsistentMaterialFaces,
    VertexInUse(usize),
    Empty,
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            EditError::NoSuchElement { kind, index, len } => crate::tr!(
                "err-edit-no-such-element",
                kind = kind.label(),
                index = *index,
                len = *len
            ),
            EditError::NotSupported(kind) => {
                crate::tr!("err-edit-not-supported", kind = kind.label())
            }
            EditError::SpecialFrame(name) => {
                crate::tr!("err-edit-special-frame", name = name.as_str())
            }
            EditError::BadOrder(kind) => crate::tr!("err-edit-bad-order", kind = kind.label()),
            EditError::InconsistentMaterialFaces => crate::tr!("err-edit-material-faces"),
            EditError::VertexInUse(index) => {
                crate::tr!("err-edit-vertex-in-use", index = *index)
            }
            EditError::Empty => crate::tr!("err-edit-empty"),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for EditError {}

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
        /// The elements of `items` once a [`ModelEdit::merging_any`] run has
        /// merged into it (empty before): a dab late in a long stroke looks up
        /// its few elements, not all.
        merged: std::collections::HashSet<(ElementKind, usize)>,
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
            merged: Default::default(),
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
            Self::delete(ElementKind::Vertex, unused)
                .label(crate::tr!("edit-label-delete-unused-vertices", count = n))
        })
    }

    /// Reorders the list of `kind`: new index `i` holds old element `order[i]`.
    pub fn reorder(kind: ElementKind, order: Vec<usize>) -> Self {
        Self::new(Op::Reorder { kind, order })
    }

    /// Moves element `from` of `kind` to index `to`, shifting those between.
    pub fn move_element(model: &Model, kind: ElementKind, from: usize, to: usize) -> Self {
        let len = kind.len(model);
        let label = crate::tr!(
            "edit-label-move",
            kind = kind.label(),
            name = kind.display_name(model, from),
            to = to
        );
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
}
