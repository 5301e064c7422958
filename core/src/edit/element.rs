//! One element of a model as a value, and uniform access to the model's element lists.
//!
//! [`Element`] is what the field-edit commands swap in and out of the model and what
//! delete commands keep for undo. [`ElementKind`] names a list of the model.

use crate::pmx::{
    Bone, DisplayFrame, Header, Joint, Material, Model, ModelInfo, Morph, RigidBody, Section,
    SoftBody, Vertex,
};
use std::fmt;

/// The one table of which model list holds which kind: evaluates `$body` with `$list`
/// bound to `$model`'s list of elements of `$kind`, borrowed as written (`&model` or
/// `&mut model`), or evaluates `$single` for the single records (header, info).
macro_rules! on_list {
    ($kind:expr, &mut $model:ident, |$list:ident| $body:expr, $single:expr) => {
        on_list!(@ [&mut] $kind, $model, $list, $body, $single)
    };
    ($kind:expr, &$model:ident, |$list:ident| $body:expr, $single:expr) => {
        on_list!(@ [&] $kind, $model, $list, $body, $single)
    };
    (@ [$($borrow:tt)+] $kind:expr, $model:ident, $list:ident, $body:expr, $single:expr) => {
        match $kind {
            ElementKind::Header | ElementKind::Info => $single,
            ElementKind::Vertex => { let $list = $($borrow)+ $model.vertices; $body }
            ElementKind::Face => { let $list = $($borrow)+ $model.faces; $body }
            ElementKind::Texture => { let $list = $($borrow)+ $model.textures; $body }
            ElementKind::Material => { let $list = $($borrow)+ $model.materials; $body }
            ElementKind::Bone => { let $list = $($borrow)+ $model.bones; $body }
            ElementKind::Morph => { let $list = $($borrow)+ $model.morphs; $body }
            ElementKind::DisplayFrame => { let $list = $($borrow)+ $model.display_frames; $body }
            ElementKind::RigidBody => { let $list = $($borrow)+ $model.rigid_bodies; $body }
            ElementKind::Joint => { let $list = $($borrow)+ $model.joints; $body }
            ElementKind::SoftBody => { let $list = $($borrow)+ $model.soft_bodies; $body }
        }
    };
}

crate::enum_with_all! {
    /// A list (or single record) of the model.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum ElementKind {
        /// The file header (single record; the index is ignored).
        Header,
        /// Model name/comment (single record; the index is ignored).
        Info,
        Vertex,
        /// One triangle (three vertex indices).
        Face,
        /// One texture path of the texture table.
        Texture,
        Material,
        Bone,
        Morph,
        DisplayFrame,
        RigidBody,
        Joint,
        SoftBody,
    }
}

impl ElementKind {
    /// The file section that holds this kind: its names are the kind's singular names.
    pub fn section(self) -> Section {
        match self {
            ElementKind::Header => Section::Header,
            ElementKind::Info => Section::ModelInfo,
            ElementKind::Vertex => Section::Vertex,
            ElementKind::Face => Section::Face,
            ElementKind::Texture => Section::Texture,
            ElementKind::Material => Section::Material,
            ElementKind::Bone => Section::Bone,
            ElementKind::Morph => Section::Morph,
            ElementKind::DisplayFrame => Section::DisplayFrame,
            ElementKind::RigidBody => Section::RigidBody,
            ElementKind::Joint => Section::Joint,
            ElementKind::SoftBody => Section::SoftBody,
        }
    }

    /// Lower-case English name ("rigid body"), used in history labels.
    pub fn name(self) -> &'static str {
        self.section().name()
    }

    /// Plural of [`name`](Self::name).
    pub fn plural(self) -> &'static str {
        match self {
            ElementKind::Header => "headers",
            ElementKind::Info => "model infos",
            ElementKind::Vertex => "vertices",
            ElementKind::Face => "faces",
            ElementKind::Texture => "textures",
            ElementKind::Material => "materials",
            ElementKind::Bone => "bones",
            ElementKind::Morph => "morphs",
            ElementKind::DisplayFrame => "display frames",
            ElementKind::RigidBody => "rigid bodies",
            ElementKind::Joint => "joints",
            ElementKind::SoftBody => "soft bodies",
        }
    }

    /// [`name`](Self::name) in the current language (history labels).
    pub fn label(self) -> String {
        self.section().label()
    }

    /// [`plural`](Self::plural) in the current language (history labels).
    pub fn plural_label(self) -> String {
        crate::tr!(&crate::i18n::key_of("edit-kinds-", self.section().name()))
    }

    /// Header and model info are single records, not lists.
    pub fn is_single(self) -> bool {
        matches!(self, ElementKind::Header | ElementKind::Info)
    }

    /// Number of elements of this kind in `model` (1 for the single records).
    #[inline]
    pub fn len(self, model: &Model) -> usize {
        on_list!(self, &model, |list| list.len(), 1)
    }

    /// The element's name for labels: its Japanese name, else its English
    /// name, else `"bone #12"` (the kind in the current language).
    pub fn display_name(self, model: &Model, index: usize) -> String {
        if self.is_single() {
            return self.label();
        }
        match self.name_pair(model, index) {
            Some((ja, _)) if !ja.is_empty() => ja.to_string(),
            Some((_, en)) if !en.is_empty() => en.to_string(),
            _ => format!("{} #{index}", self.label()),
        }
    }

    /// The Japanese and English names of element `index` (a texture: its path and
    /// ""); None when it does not exist or its kind has no names.
    pub fn name_pair(self, model: &Model, index: usize) -> Option<(&str, &str)> {
        match self {
            ElementKind::Header | ElementKind::Info => None,
            ElementKind::Texture => model.textures.get(index).map(|t| (t.as_str(), "")),
            ElementKind::Material => model.materials.get(index).map(|e| (&*e.name, &*e.name_en)),
            ElementKind::Bone => model.bones.get(index).map(|e| (&*e.name, &*e.name_en)),
            ElementKind::Morph => model.morphs.get(index).map(|e| (&*e.name, &*e.name_en)),
            ElementKind::DisplayFrame => model
                .display_frames
                .get(index)
                .map(|e| (&*e.name, &*e.name_en)),
            ElementKind::RigidBody => model
                .rigid_bodies
                .get(index)
                .map(|e| (&*e.name, &*e.name_en)),
            ElementKind::Joint => model.joints.get(index).map(|e| (&*e.name, &*e.name_en)),
            ElementKind::SoftBody => model
                .soft_bodies
                .get(index)
                .map(|e| (&*e.name, &*e.name_en)),
            ElementKind::Vertex | ElementKind::Face => None,
        }
    }

    /// The Japanese names of the elements of this kind, in order (a texture's path;
    /// none for vertices, faces and the single records).
    pub fn names(self, model: &Model) -> Vec<&str> {
        (0..self.len(model))
            .map_while(|i| self.name_pair(model, i))
            .map(|(ja, _)| ja)
            .collect()
    }

    /// A copy of element `index`, if it exists.
    pub fn get(self, model: &Model, index: usize) -> Option<Element> {
        match self {
            ElementKind::Header => Some(Element::Header(model.header.clone())),
            ElementKind::Info => Some(Element::Info(model.info.clone())),
            _ => on_list!(
                self,
                &model,
                |list| list.get(index).cloned().map(Element::from),
                None
            ),
        }
    }

    /// Removes and returns the last element of this kind (None for single records).
    pub(crate) fn pop(self, model: &mut Model) -> Option<Element> {
        on_list!(self, &mut model, |list| list.pop().map(Element::from), None)
    }

    /// Removes element `index` (None if out of range or a single record).
    pub(crate) fn remove(self, model: &mut Model, index: usize) -> Option<Element> {
        if index >= self.len(model) {
            return None;
        }
        on_list!(
            self,
            &mut model,
            |list| Some(Element::from(list.remove(index))),
            None
        )
    }

    /// Shortens the list to `len` elements.
    pub(crate) fn truncate(self, model: &mut Model, len: usize) {
        on_list!(self, &mut model, |list| list.truncate(len), ())
    }

    /// Reorders the list so that new position `i` holds old element `order[i]`.
    /// `order` must be a permutation of `0..len` (checked by the caller).
    pub(crate) fn reorder(self, model: &mut Model, order: &[usize]) {
        fn apply<T>(list: &mut Vec<T>, order: &[usize]) {
            if order.len() != list.len() {
                return;
            }
            let mut slots: Vec<Option<T>> = std::mem::take(list).into_iter().map(Some).collect();
            list.extend(
                order
                    .iter()
                    .filter_map(|&o| slots.get_mut(o).and_then(Option::take)),
            );
        }
        on_list!(self, &mut model, |list| apply(list, order), ())
    }
}

impl fmt::Display for ElementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One element of the model, by value.
#[derive(Debug, Clone, PartialEq)]
pub enum Element {
    Header(Header),
    Info(ModelInfo),
    Vertex(Vertex),
    Face([i32; 3]),
    Texture(String),
    Material(Material),
    /// Boxed: a bone is much larger than the other variants.
    Bone(Box<Bone>),
    Morph(Morph),
    DisplayFrame(DisplayFrame),
    RigidBody(RigidBody),
    Joint(Joint),
    SoftBody(SoftBody),
}

impl Element {
    pub fn kind(&self) -> ElementKind {
        match self {
            Element::Header(_) => ElementKind::Header,
            Element::Info(_) => ElementKind::Info,
            Element::Vertex(_) => ElementKind::Vertex,
            Element::Face(_) => ElementKind::Face,
            Element::Texture(_) => ElementKind::Texture,
            Element::Material(_) => ElementKind::Material,
            Element::Bone(_) => ElementKind::Bone,
            Element::Morph(_) => ElementKind::Morph,
            Element::DisplayFrame(_) => ElementKind::DisplayFrame,
            Element::RigidBody(_) => ElementKind::RigidBody,
            Element::Joint(_) => ElementKind::Joint,
            Element::SoftBody(_) => ElementKind::SoftBody,
        }
    }

    /// The element's own name (Japanese, else English), if it has a non-empty one.
    pub fn name(&self) -> Option<&str> {
        let (ja, en) = match self {
            Element::Texture(t) => (t.as_str(), ""),
            Element::Material(e) => (&*e.name, &*e.name_en),
            Element::Bone(e) => (&*e.name, &*e.name_en),
            Element::Morph(e) => (&*e.name, &*e.name_en),
            Element::DisplayFrame(e) => (&*e.name, &*e.name_en),
            Element::RigidBody(e) => (&*e.name, &*e.name_en),
            Element::Joint(e) => (&*e.name, &*e.name_en),
            Element::SoftBody(e) => (&*e.name, &*e.name_en),
            _ => return None,
        };
        [ja, en].into_iter().find(|n| !n.is_empty())
    }

    /// Exchanges this value with element `index` of the model (the index is
    /// ignored for header and info). Returns false, changing nothing, if the
    /// index is out of range.
    pub(crate) fn swap_with(&mut self, model: &mut Model, index: usize) -> bool {
        fn swap_at<T>(v: &mut T, list: &mut [T], index: usize) -> bool {
            list.get_mut(index)
                .map(|slot| std::mem::swap(v, slot))
                .is_some()
        }
        match self {
            Element::Header(v) => std::mem::swap(v, &mut model.header),
            Element::Info(v) => std::mem::swap(v, &mut model.info),
            Element::Vertex(v) => return swap_at(v, &mut model.vertices, index),
            Element::Face(v) => return swap_at(v, &mut model.faces, index),
            Element::Texture(v) => return swap_at(v, &mut model.textures, index),
            Element::Material(v) => return swap_at(v, &mut model.materials, index),
            Element::Bone(v) => return swap_at(&mut **v, &mut model.bones, index),
            Element::Morph(v) => return swap_at(v, &mut model.morphs, index),
            Element::DisplayFrame(v) => return swap_at(v, &mut model.display_frames, index),
            Element::RigidBody(v) => return swap_at(v, &mut model.rigid_bodies, index),
            Element::Joint(v) => return swap_at(v, &mut model.joints, index),
            Element::SoftBody(v) => return swap_at(v, &mut model.soft_bodies, index),
        }
        true
    }

    /// Inserts the value at `index` of its list (clamped to the list's length).
    /// Header/info replace the single record.
    pub(crate) fn insert_into(self, model: &mut Model, index: usize) {
        fn ins<T>(list: &mut Vec<T>, index: usize, v: T) {
            let at = index.min(list.len());
            list.insert(at, v);
        }
        match self {
            Element::Header(v) => model.header = v,
            Element::Info(v) => model.info = v,
            Element::Vertex(v) => ins(&mut model.vertices, index, v),
            Element::Face(v) => ins(&mut model.faces, index, v),
            Element::Texture(v) => ins(&mut model.textures, index, v),
            Element::Material(v) => ins(&mut model.materials, index, v),
            Element::Bone(v) => ins(&mut model.bones, index, *v),
            Element::Morph(v) => ins(&mut model.morphs, index, v),
            Element::DisplayFrame(v) => ins(&mut model.display_frames, index, v),
            Element::RigidBody(v) => ins(&mut model.rigid_bodies, index, v),
            Element::Joint(v) => ins(&mut model.joints, index, v),
            Element::SoftBody(v) => ins(&mut model.soft_bodies, index, v),
        }
    }

    /// Appends the value to the end of its list.
    pub(crate) fn push_into(self, model: &mut Model) {
        self.insert_into(model, usize::MAX)
    }

    /// The Japanese and English names, for the kinds that have both.
    pub fn names_mut(&mut self) -> Option<(&mut String, &mut String)> {
        Some(match self {
            Element::Material(e) => (&mut e.name, &mut e.name_en),
            Element::Bone(e) => (&mut e.name, &mut e.name_en),
            Element::Morph(e) => (&mut e.name, &mut e.name_en),
            Element::DisplayFrame(e) => (&mut e.name, &mut e.name_en),
            Element::RigidBody(e) => (&mut e.name, &mut e.name_en),
            Element::Joint(e) => (&mut e.name, &mut e.name_en),
            Element::SoftBody(e) => (&mut e.name, &mut e.name_en),
            _ => return None,
        })
    }

    /// Renames the element for a duplicate: appends `suffix` to the names
    /// that are not empty (PMX Editor style "+" copies).
    pub(crate) fn add_name_suffix(&mut self, suffix: &str) {
        let Some((ja, en)) = self.names_mut() else {
            return;
        };
        for name in [ja, en] {
            if !name.is_empty() {
                name.push_str(suffix);
            }
        }
    }
}

impl From<Bone> for Element {
    fn from(v: Bone) -> Self {
        Element::Bone(Box::new(v))
    }
}

macro_rules! element_from {
    ($($ty:ty => $variant:ident),* $(,)?) => {
        $(impl From<$ty> for Element {
            fn from(v: $ty) -> Self {
                Element::$variant(v)
            }
        })*
    };
}

element_from! {
    Header => Header,
    ModelInfo => Info,
    Vertex => Vertex,
    [i32; 3] => Face,
    String => Texture,
    Material => Material,
    Morph => Morph,
    DisplayFrame => DisplayFrame,
    RigidBody => RigidBody,
    Joint => Joint,
    SoftBody => SoftBody,
}
