//! What the simulation approximates, clamps or leaves out, per element, and how those
//! notes read: one label per note, grouped one line per kind for summaries.

use crate::pmx::Model;

/// What a [`Note`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum NoteTarget {
    RigidBody(usize),
    Joint(usize),
    SoftBody(usize),
}

/// Something the simulation approximates, clamps or leaves out, per element. `text`
/// comes from the catalogue (core/locales/*/notes.ftl) in the language current when the
/// physics was built: a joint's or soft body's note reads as a label ("not simulated: …",
/// "approximated: …"), a rigid body's keeps its own wording (clamps, replacements).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    pub target: NoteTarget,
    pub text: String,
}

/// The text of a note given as a catalogue key ([`super::joint_approximations`],
/// [`super::soft::unsimulated_parameters`], [`super::soft::approximated_parameters`]).
pub fn note_label(key: &str) -> String {
    crate::tr!(key)
}

/// The element a note is about, as "joint 3 \"name\"".
pub fn target_label(model: &Model, target: NoteTarget) -> String {
    let (key, index, name) = match target {
        NoteTarget::RigidBody(i) => (
            "note-target-rigid-body",
            i,
            model.rigid_bodies.get(i).map(|r| &r.name),
        ),
        NoteTarget::Joint(i) => ("note-target-joint", i, model.joints.get(i).map(|j| &j.name)),
        NoteTarget::SoftBody(i) => (
            "note-target-soft-body",
            i,
            model.soft_bodies.get(i).map(|s| &s.name),
        ),
    };
    let name = name.map_or("", String::as_str);
    crate::tr!(key, index = index, name = format!("{name:?}"))
}

/// The catalogue key of the kind of element a note is about.
fn kind_key(target: NoteTarget) -> &'static str {
    match target {
        NoteTarget::RigidBody(_) => "note-kind-rigid-bodies",
        NoteTarget::Joint(_) => "note-kind-joints",
        NoteTarget::SoftBody(_) => "note-kind-soft-bodies",
    }
}

/// One line per kind of note, in first-seen order: how many elements it concerns and the
/// first few of them, e.g. `joints (4): not simulated: … — joint 0 "a", joint 3 "b", …`.
pub fn grouped_notes(model: &Model, notes: &[Note]) -> Vec<String> {
    const SHOWN: usize = 3;
    let mut kinds: Vec<(&'static str, &str, Vec<NoteTarget>)> = Vec::new();
    for n in notes {
        let kind = kind_key(n.target);
        match kinds
            .iter_mut()
            .find(|(k, l, _)| *k == kind && *l == n.text)
        {
            Some((_, _, targets)) => targets.push(n.target),
            None => kinds.push((kind, &n.text, vec![n.target])),
        }
    }
    let separator = crate::tr!("note-list-separator");
    kinds
        .into_iter()
        .map(|(kind, label, targets)| {
            let mut shown: Vec<String> = targets
                .iter()
                .take(SHOWN)
                .map(|t| target_label(model, *t))
                .collect();
            if targets.len() > SHOWN {
                shown.push(crate::tr!("note-group-more"));
            }
            crate::tr!(
                "note-group-line",
                kind = crate::tr!(kind),
                count = targets.len(),
                label = label,
                targets = shown.join(&separator)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::Joint;

    #[test]
    fn notes_of_a_kind_share_one_line_with_a_count_and_examples() {
        let model = Model {
            joints: (0..5)
                .map(|i| Joint {
                    name: format!("j{i}"),
                    ..Joint::default()
                })
                .collect(),
            ..Model::default()
        };
        let note = |i: usize, text: &str| Note {
            target: NoteTarget::Joint(i),
            text: text.to_string(),
        };
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let softness = note_label("note-joint-softness");
        let notes: Vec<Note> = (0..5)
            .map(|i| note(i, &softness))
            .chain([note(2, "approximated: limits are odd")])
            .collect();
        let lines = grouped_notes(&model, &notes);
        assert_eq!(
            lines,
            [
                "joints (5): not simulated: softness / bias / relaxation factors — joint 0 \"j0\", joint 1 \"j1\", joint 2 \"j2\", …",
                "joints (1): approximated: limits are odd — joint 2 \"j2\"",
            ]
        );
    }
}
