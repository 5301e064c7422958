//! "Copy parameters from…": set chosen groups of fields of the selected rigid
//! bodies or joints to another one's values, as one undo step.

use eframe::egui;

use super::kit::{reference_picker, Names};
use crate::app::commands::Commands;
use crate::app::panels::terms::{kind_count, kind_name, kind_plural};
use crate::edit::{Element, ElementKind, ModelEdit};
use crate::pmx::{Joint, Model, RigidBody};
use crate::tr;
use egui::Ui;

/// A group of fields: its name (a catalogue key), whether it is ticked at first,
/// and how to copy it.
type Group<T> = (&'static str, bool, fn(&mut T, &T));

/// The copy of the named fields, from `s` (source) to `t` (target).
macro_rules! fields {
    ($($field:ident),+) => {
        |t, s| {
            $(t.$field = s.$field;)+
        }
    };
}

/// Body fields, in inspector order. Placement and bone are off at first: bodies
/// usually share physics parameters, not places.
pub const BODY_GROUPS: [Group<RigidBody>; 9] = [
    ("inspector-copy-bone", false, fields!(bone)),
    ("inspector-copy-group", true, fields!(group)),
    ("inspector-copy-mask", true, fields!(collision_mask)),
    ("inspector-copy-shape", false, fields!(shape, size)),
    (
        "inspector-copy-placement",
        false,
        fields!(position, rotation),
    ),
    ("inspector-copy-mass", true, fields!(mass)),
    (
        "inspector-copy-damping",
        true,
        fields!(linear_damping, angular_damping),
    ),
    (
        "inspector-copy-restitution",
        true,
        fields!(restitution, friction),
    ),
    ("inspector-copy-mode", true, fields!(mode)),
];

/// Joint fields, in inspector order.
pub const JOINT_GROUPS: [Group<Joint>; 7] = [
    ("inspector-copy-kind", true, fields!(kind)),
    ("inspector-copy-bodies", false, fields!(body_a, body_b)),
    (
        "inspector-copy-placement",
        false,
        fields!(position, rotation),
    ),
    (
        "inspector-copy-linear-limits",
        true,
        fields!(linear_lower, linear_upper),
    ),
    (
        "inspector-copy-angular-limits",
        true,
        fields!(angular_lower, angular_upper),
    ),
    ("inspector-copy-linear-spring", true, fields!(linear_spring)),
    (
        "inspector-copy-angular-spring",
        true,
        fields!(angular_spring),
    ),
];

/// The edit setting the ticked `groups` of `targets` to `source`'s values (None
/// if that changes nothing).
pub fn copy_edit<T>(
    list: &[T],
    source: usize,
    targets: &[usize],
    groups: &[Group<T>],
    ticked: &[bool],
    kind: ElementKind,
) -> Option<ModelEdit>
where
    T: Clone + PartialEq + Into<Element>,
{
    let src = list.get(source)?;
    let items: Vec<(usize, Element)> = targets
        .iter()
        .filter(|&&i| i != source)
        .filter_map(|&i| {
            let old = list.get(i)?;
            let mut new = old.clone();
            for ((_, _, copy), on) in groups.iter().zip(ticked) {
                if *on {
                    copy(&mut new, src);
                }
            }
            (new != *old).then(|| (i, new.into()))
        })
        .collect();
    if items.is_empty() {
        return None;
    }
    let fields: Vec<String> = groups
        .iter()
        .zip(ticked)
        .filter(|(_, on)| **on)
        .map(|((key, _, _), _)| tr!(key))
        .collect();
    let label = tr!(
        "inspector-copy-label",
        fields = fields.join(&tr!("problems-list-separator")),
        kind = kind_name(kind),
        index = source,
        targets = kind_count(kind, items.len())
    );
    let field = tr!("inspector-copy-field");
    Some(ModelEdit::set_many(items, field).label(label))
}

/// What the section remembers between frames (in the inspector's state).
#[derive(Clone, Debug)]
pub struct Choice {
    source: i32,
    ticked: Vec<bool>,
}

/// An element kind whose fields can be copied from one of its list.
pub(super) trait Copyable: Clone + PartialEq + Into<Element> + 'static {
    const KIND: ElementKind;
    const GROUPS: &'static [Group<Self>];
    fn list(model: &Model) -> &[Self];
    fn names(model: &Model) -> Names<'_>;
}

/// `Copyable` for an element type: its kind, groups, list and names.
macro_rules! copyable {
    ($($t:ty => $kind:ident, $groups:ident, $list:ident, $names:ident);*) => {
        $(impl Copyable for $t {
            const KIND: ElementKind = ElementKind::$kind;
            const GROUPS: &'static [Group<Self>] = &$groups;
            fn list(model: &Model) -> &[Self] {
                &model.$list
            }
            fn names(model: &Model) -> Names<'_> {
                Names::$names(&model.$list)
            }
        })*
    };
}
copyable!(
    RigidBody => RigidBody, BODY_GROUPS, rigid_bodies, Bodies;
    Joint => Joint, JOINT_GROUPS, joints, Joints
);

/// The collapsible "Copy parameters from…" section under the form of the
/// selected `targets` (of kind `T`); `remembered` keeps the choice between frames.
pub(super) fn section<T: Copyable>(
    ui: &mut Ui,
    commands: &mut Commands,
    model: &Model,
    targets: &[usize],
    remembered: &mut Option<Choice>,
) {
    let (list, names, groups, kind) = (T::list(model), T::names(model), T::GROUPS, T::KIND);
    ui.separator();
    let id = egui::Id::new(("copy_parameters", kind));
    let choice = remembered.get_or_insert_with(|| Choice {
        source: -1,
        ticked: groups.iter().map(|(_, on, _)| *on).collect(),
    });
    egui::CollapsingHeader::new(tr!("inspector-copy-title"))
        .id_salt(id)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                let from = ui.label(tr!("inspector-copy-from"));
                let picker =
                    reference_picker(ui, (id, "source"), &mut choice.source, names, false, false);
                picker.1.labelled_by(from.id);
            });
            ui.horizontal_wrapped(|ui| {
                for ((key, _, _), on) in groups.iter().zip(choice.ticked.iter_mut()) {
                    ui.checkbox(on, tr!(key));
                }
            });
            let n = targets.len();
            let text = if n == 1 {
                tr!("inspector-copy-to-this", kind = kind_name(kind))
            } else {
                tr!(
                    "inspector-copy-to-selected",
                    count = n,
                    kinds = kind_plural(kind)
                )
            };
            let source = usize::try_from(choice.source).ok();
            let edit =
                source.and_then(|s| copy_edit(list, s, targets, groups, &choice.ticked, kind));
            let button = ui.add_enabled(edit.is_some(), egui::Button::new(text));
            if source.is_some() && edit.is_none() {
                ui.weak(tr!("inspector-copy-nothing"));
            }
            if button.clicked() {
                if let Some(edit) = edit {
                    commands.edit(edit);
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::RigidMode;

    #[test]
    fn copies_only_the_ticked_groups_to_every_target_but_the_source() {
        let body = |mass: f32, group: u8, x: f32| RigidBody {
            mass,
            group,
            position: glam::Vec3::X * x,
            ..RigidBody::default()
        };
        let mut m = Model {
            rigid_bodies: vec![body(2.0, 3, 1.0), body(1.0, 0, 5.0), body(1.0, 0, 7.0)],
            ..Model::default()
        };
        m.rigid_bodies[0].mode = RigidMode::Dynamic;
        let mut ticked = vec![false; BODY_GROUPS.len()];
        // The expected label is the English catalogue's.
        hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
        let mass = (BODY_GROUPS.iter())
            .position(|g| g.0 == "inspector-copy-mass")
            .unwrap();
        ticked[mass] = true;
        let edit = copy_edit(
            &m.rigid_bodies,
            0,
            &[0, 1, 2],
            &BODY_GROUPS,
            &ticked,
            ElementKind::RigidBody,
        )
        .expect("two bodies change");
        let mut history = crate::edit::History::new();
        history.apply(&mut m, edit).unwrap();
        assert_eq!(history.len(), 1);
        assert_eq!(
            history.undo_label(),
            Some("Copy mass from rigid body #0 to 2 rigid bodies")
        );
        for b in &m.rigid_bodies[1..] {
            assert_eq!((b.mass, b.group, b.mode), (2.0, 0, RigidMode::FollowBone));
        }
        assert_eq!(m.rigid_bodies[2].position.x, 7.0, "placement not ticked");
        // Copying again changes nothing.
        assert!(copy_edit(
            &m.rigid_bodies,
            0,
            &[1, 2],
            &BODY_GROUPS,
            &ticked,
            ElementKind::RigidBody
        )
        .is_none());
    }

    /// Every group ticked copies every field but the names; each group alone
    /// copies something.
    fn all_groups_copy_all_but_the_names<T>(
        source: T,
        target: T,
        groups: &[Group<T>],
        names: fn(&mut T, &T),
    ) where
        T: Clone + PartialEq + std::fmt::Debug,
    {
        let mut all = target.clone();
        for (name, _, copy) in groups {
            let mut one = target.clone();
            copy(&mut one, &source);
            assert_ne!(one, target, "{name} copies nothing");
            copy(&mut all, &source);
        }
        names(&mut all, &source);
        assert_eq!(all, source);
    }

    #[test]
    fn the_groups_cover_every_body_and_joint_field() {
        use crate::pmx::{JointKind, RigidShape};
        use glam::Vec3;
        let v = |k: f32| Vec3::new(k, k + 0.5, k + 0.25);
        let body = RigidBody {
            name: "髪".into(),
            name_en: "hair".into(),
            bone: 3,
            group: 4,
            collision_mask: 0x0F0F,
            shape: RigidShape::Capsule,
            size: v(1.0),
            position: v(2.0),
            rotation: v(3.0),
            mass: 0.5,
            linear_damping: 0.6,
            angular_damping: 0.7,
            restitution: 0.8,
            friction: 0.9,
            mode: RigidMode::Dynamic,
        };
        all_groups_copy_all_but_the_names(body, RigidBody::default(), &BODY_GROUPS, |t, s| {
            t.name.clone_from(&s.name);
            t.name_en.clone_from(&s.name_en);
        });
        let joint = Joint {
            name: "髪".into(),
            name_en: "hair".into(),
            kind: JointKind::SixDof,
            body_a: 1,
            body_b: 2,
            position: v(1.0),
            rotation: v(2.0),
            linear_lower: v(3.0),
            linear_upper: v(4.0),
            angular_lower: v(5.0),
            angular_upper: v(6.0),
            linear_spring: v(7.0),
            angular_spring: v(8.0),
        };
        all_groups_copy_all_but_the_names(joint, Joint::default(), &JOINT_GROUPS, |t, s| {
            t.name.clone_from(&s.name);
            t.name_en.clone_from(&s.name_en);
        });
    }
}
