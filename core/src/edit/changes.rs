//! What an edit changed, so that everything derived from the model (deformer,
//! physics world, GPU mesh, checks, motion binding…) rebuilds only what it reads.
//!
//! [`History::apply`](super::History::apply), [`undo`](super::History::undo),
//! [`redo`](super::History::redo) and [`jump_to`](super::History::jump_to) return a
//! [`ChangeSet`]:
//!
//! * **field edits**: per element, its kind, index and which fields changed
//!   ([`ChangeSet::edits`]; fields as [`Fields`] of the kind's field enum, e.g.
//!   [`JointField::AngularSpring`]). The fields are found by comparing the element
//!   before and after, so an edit that sets a value it already had reports nothing.
//! * **structural edits** (add, duplicate, delete, reorder): the kinds whose lists
//!   changed ([`ChangeSet::structure`]). Indices moved and references anywhere may
//!   have been remapped, so every kind counts as touched with all its fields.

use super::element::{Element, ElementKind};
use crate::pmx::{
    Bone, DisplayFrame, Joint, Material, Model, ModelInfo, Morph, RigidBody, SoftBody, Vertex,
};
use std::collections::hash_map::{Entry, HashMap};
use std::fmt;

/// A set of fields of one element kind (bit `n` = variant `n` of the kind's field enum).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Fields(u32);

impl Fields {
    pub const NONE: Fields = Fields(0);
    /// Every field (a structural edit, a whole-element replacement of a kind
    /// without a field enum, or a newly loaded model).
    pub const ALL: Fields = Fields(u32::MAX);

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `field` is among them.
    pub fn has(self, field: impl Into<Fields>) -> bool {
        self.0 & field.into().0 != 0
    }

    /// Whether every field in the set is one of `fields` (true for an empty set).
    pub fn only<F: Into<Fields>>(self, fields: impl IntoIterator<Item = F>) -> bool {
        let allowed = fields.into_iter().fold(0, |a, f| a | f.into().0);
        self.0 & !allowed == 0
    }

    pub fn union(self, other: Fields) -> Fields {
        Fields(self.0 | other.0)
    }
}

impl fmt::Debug for Fields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fields::ALL => f.write_str("Fields(ALL)"),
            Fields(bits) => write!(f, "Fields({bits:#b})"),
        }
    }
}

/// Declares the field enum of one element type and how to compare two elements.
macro_rules! field_enum {
    ($(#[$meta:meta])* $name:ident for $ty:ty { $($variant:ident = $field:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The model type's field name.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => stringify!($field)),+
                }
            }

            /// The fields in which `a` and `b` differ.
            pub fn diff(a: &$ty, b: &$ty) -> Fields {
                let mut bits = 0;
                $(
                    if a.$field != b.$field {
                        bits |= 1 << ($name::$variant as u32);
                    }
                )+
                Fields(bits)
            }
        }

        impl From<$name> for Fields {
            fn from(field: $name) -> Fields {
                Fields(1 << field as u32)
            }
        }
    };
}

field_enum! {
    /// Fields of a [`Bone`].
    BoneField for Bone {
        Name = name, NameEn = name_en, Position = position, Parent = parent,
        Layer = layer, Flags = flags, Tail = tail, Append = append,
        FixedAxis = fixed_axis, LocalAxes = local_axes,
        ExternalParent = external_parent_key, Ik = ik,
    }
}

field_enum! {
    /// Fields of a [`Material`].
    MaterialField for Material {
        Name = name, NameEn = name_en, Diffuse = diffuse, Specular = specular,
        SpecularPower = specular_power, Ambient = ambient, Flags = flags,
        EdgeColor = edge_color, EdgeSize = edge_size, Texture = texture,
        SphereTexture = sphere_texture, SphereMode = sphere_mode, Toon = toon,
        Memo = memo, FaceIndexCount = face_index_count,
    }
}

field_enum! {
    /// Fields of a [`RigidBody`].
    RigidBodyField for RigidBody {
        Name = name, NameEn = name_en, Bone = bone, Group = group,
        CollisionMask = collision_mask, Shape = shape, Size = size,
        Position = position, Rotation = rotation, Mass = mass,
        LinearDamping = linear_damping, AngularDamping = angular_damping,
        Restitution = restitution, Friction = friction, Mode = mode,
    }
}

field_enum! {
    /// Fields of a [`Joint`].
    JointField for Joint {
        Name = name, NameEn = name_en, Kind = kind, BodyA = body_a, BodyB = body_b,
        Position = position, Rotation = rotation, LinearLower = linear_lower,
        LinearUpper = linear_upper, AngularLower = angular_lower,
        AngularUpper = angular_upper, LinearSpring = linear_spring,
        AngularSpring = angular_spring,
    }
}

field_enum! {
    /// Fields of a [`Vertex`].
    VertexField for Vertex {
        Position = position, Normal = normal, Uv = uv,
        AdditionalUvs = additional_uvs, Weights = weights, EdgeScale = edge_scale,
    }
}

field_enum! {
    /// Fields of a [`Morph`].
    MorphField for Morph {
        Name = name, NameEn = name_en, Panel = panel, Offsets = offsets,
    }
}

field_enum! {
    /// Fields of a [`DisplayFrame`].
    DisplayFrameField for DisplayFrame {
        Name = name, NameEn = name_en, Special = special, Elements = elements,
    }
}

field_enum! {
    /// Fields of a [`SoftBody`].
    SoftBodyField for SoftBody {
        Name = name, NameEn = name_en, Shape = shape, Material = material,
        Group = group, CollisionMask = collision_mask, Flags = flags,
        BLinkDistance = b_link_distance, ClusterCount = cluster_count,
        TotalMass = total_mass, Margin = margin, AeroModel = aero_model,
        Config = config, Cluster = cluster, Iterations = iterations,
        MaterialParams = material_params, Anchors = anchors, Pins = pins,
    }
}

field_enum! {
    /// Fields of the [`ModelInfo`].
    InfoField for ModelInfo {
        Name = name, NameEn = name_en, Comment = comment, CommentEn = comment_en,
    }
}

/// How `other` differs from element `index` of `model` (of the same kind).
/// Kinds without a field enum (header, face, texture) report every field.
pub(crate) fn diff(other: &Element, model: &Model, index: usize) -> Fields {
    fn at<T>(list: &[T], index: usize, f: impl FnOnce(&T) -> Fields) -> Fields {
        list.get(index).map_or(Fields::ALL, f)
    }
    match other {
        Element::Bone(b) => at(&model.bones, index, |m| BoneField::diff(b, m)),
        Element::Material(e) => at(&model.materials, index, |m| MaterialField::diff(e, m)),
        Element::RigidBody(e) => at(&model.rigid_bodies, index, |m| RigidBodyField::diff(e, m)),
        Element::Joint(e) => at(&model.joints, index, |m| JointField::diff(e, m)),
        Element::Vertex(e) => at(&model.vertices, index, |m| VertexField::diff(e, m)),
        Element::Morph(e) => at(&model.morphs, index, |m| MorphField::diff(e, m)),
        Element::DisplayFrame(e) => at(&model.display_frames, index, |m| {
            DisplayFrameField::diff(e, m)
        }),
        Element::SoftBody(e) => at(&model.soft_bodies, index, |m| SoftBodyField::diff(e, m)),
        Element::Info(e) => InfoField::diff(e, &model.info),
        Element::Header(h) => {
            if *h == model.header {
                Fields::NONE
            } else {
                Fields::ALL
            }
        }
        Element::Face(f) => at(&model.faces, index, |m| {
            if f == m {
                Fields::NONE
            } else {
                Fields::ALL
            }
        }),
        Element::Texture(t) => at(&model.textures, index, |m| {
            if t == m {
                Fields::NONE
            } else {
                Fields::ALL
            }
        }),
    }
}

/// A set of element kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Kinds(u16);

impl Kinds {
    pub const NONE: Kinds = Kinds(0);
    pub const ALL: Kinds = Kinds((1 << ElementKind::ALL.len()) - 1);

    fn bit(kind: ElementKind) -> u16 {
        1 << ElementKind::ALL
            .iter()
            .position(|k| *k == kind)
            .unwrap_or(0)
    }

    pub fn contains(self, kind: ElementKind) -> bool {
        self.0 & Self::bit(kind) != 0
    }

    pub fn insert(&mut self, kind: ElementKind) {
        self.0 |= Self::bit(kind);
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = ElementKind> {
        ElementKind::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}

impl fmt::Debug for Kinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// One element whose fields changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementChange {
    pub kind: ElementKind,
    pub index: usize,
    pub fields: Fields,
}

/// What one or more edits changed in the model (see the module docs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChangeSet {
    /// Field edits, at most one entry per element (fields merged).
    edits: Vec<ElementChange>,
    /// Where each element's entry is in `edits`: merging a few edits into a set
    /// of many (a paint session's vertices) costs the few, not the many.
    at: HashMap<(ElementKind, usize), usize>,
    /// Kinds whose lists were added to, removed from or reordered.
    structure: Kinds,
    /// Kinds in which any element and field may have changed.
    wholesale: Kinds,
}

impl ChangeSet {
    /// Nothing changed.
    pub fn new() -> ChangeSet {
        ChangeSet::default()
    }

    /// Everything may have changed (e.g. another model was loaded).
    pub fn everything() -> ChangeSet {
        ChangeSet {
            structure: Kinds::ALL,
            wholesale: Kinds::ALL,
            ..ChangeSet::default()
        }
    }

    /// A structural edit of `kind`'s list: indices moved, references anywhere
    /// may have been remapped.
    pub fn structural(kind: ElementKind) -> ChangeSet {
        let mut structure = Kinds::NONE;
        structure.insert(kind);
        ChangeSet {
            structure,
            wholesale: Kinds::ALL,
            ..ChangeSet::default()
        }
    }

    /// Records that `fields` of element `index` of `kind` changed (nothing if empty).
    pub fn field_edit(&mut self, kind: ElementKind, index: usize, fields: Fields) {
        if fields.is_empty() {
            return;
        }
        match self.at.entry((kind, index)) {
            Entry::Occupied(at) => {
                let e = &mut self.edits[*at.get()];
                e.fields = e.fields.union(fields);
            }
            Entry::Vacant(at) => {
                at.insert(self.edits.len());
                self.edits.push(ElementChange {
                    kind,
                    index,
                    fields,
                });
            }
        }
    }

    /// Adds what `other` changed.
    pub fn merge(&mut self, other: &ChangeSet) {
        self.structure.0 |= other.structure.0;
        self.wholesale.0 |= other.wholesale.0;
        for e in &other.edits {
            self.field_edit(e.kind, e.index, e.fields);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.edits.is_empty() && self.structure.is_empty() && self.wholesale.is_empty()
    }

    /// Whether any list changed length or order.
    pub fn is_structural(&self) -> bool {
        !self.structure.is_empty()
    }

    /// The kinds whose lists changed length or order.
    pub fn structure(&self) -> Kinds {
        self.structure
    }

    /// Whether anything of `kind` may have changed.
    pub fn touches(&self, kind: ElementKind) -> bool {
        self.wholesale.contains(kind) || self.edits.iter().any(|e| e.kind == kind)
    }

    /// Every field of `kind` that may have changed, over all its elements.
    pub fn fields(&self, kind: ElementKind) -> Fields {
        if self.wholesale.contains(kind) {
            return Fields::ALL;
        }
        self.edits
            .iter()
            .filter(|e| e.kind == kind)
            .fold(Fields::NONE, |a, e| a.union(e.fields))
    }

    /// The field edits of `kind` as (index, fields). Complete only when the
    /// kind is not touched wholesale (check [`is_precise`](Self::is_precise)).
    pub fn edits(&self, kind: ElementKind) -> impl Iterator<Item = (usize, Fields)> + '_ {
        self.edits
            .iter()
            .filter(move |e| e.kind == kind)
            .map(|e| (e.index, e.fields))
    }

    /// True if [`edits`](Self::edits) lists every change of `kind`.
    pub fn is_precise(&self, kind: ElementKind) -> bool {
        !self.wholesale.contains(kind)
    }

    /// Every element field edit, in the order they were made.
    pub fn all_edits(&self) -> &[ElementChange] {
        &self.edits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Joint, Model};

    #[test]
    fn only_the_fields_that_differ_are_reported() {
        let mut model = Model::default();
        model.joints.push(Joint::default());
        let mut j = Joint::default();
        j.angular_spring.x = 5.0;
        j.name = "ばね".into();
        let f = diff(&Element::Joint(j.clone()), &model, 0);
        assert!(f.has(JointField::AngularSpring) && f.has(JointField::Name));
        assert!(!f.has(JointField::LinearSpring));
        assert!(f.only([JointField::AngularSpring, JointField::Name]));
        assert!(!f.only([JointField::Name]));
        assert_eq!(
            diff(&Element::Joint(Joint::default()), &model, 0),
            Fields::NONE
        );
        // Out of range: unknown, so everything.
        assert_eq!(diff(&Element::Joint(j), &model, 3), Fields::ALL);
    }

    #[test]
    fn change_sets_merge_per_element_and_structure_touches_everything() {
        let mut a = ChangeSet::new();
        a.field_edit(ElementKind::Bone, 2, BoneField::Name.into());
        a.field_edit(ElementKind::Bone, 2, BoneField::Position.into());
        a.field_edit(ElementKind::Material, 0, Fields::NONE);
        assert_eq!(a.edits(ElementKind::Bone).count(), 1);
        assert!(a.fields(ElementKind::Bone).has(BoneField::Position));
        assert!(
            !a.touches(ElementKind::Material),
            "an empty field set is no change"
        );
        assert!(!a.is_structural());
        let mut b = ChangeSet::structural(ElementKind::Joint);
        b.merge(&a);
        assert!(b.is_structural() && b.structure().contains(ElementKind::Joint));
        assert!(b.touches(ElementKind::Vertex) && !b.is_precise(ElementKind::Vertex));
        assert_eq!(b.fields(ElementKind::Material), Fields::ALL);
        assert_eq!(format!("{:?}", b.structure()), "{Joint}");
    }
}
