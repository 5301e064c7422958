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

/// Something the simulation approximates, clamps or leaves out, per element.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    pub target: NoteTarget,
    pub text: String,
}

/// "not simulated: …" for notes about something left out, otherwise
/// "approximated: …" (clamps and replacements keep their own wording).
pub fn note_label(text: &str) -> String {
    let lower = text.to_lowercase();
    if lower.contains("not simulated")
        || lower.contains("not used")
        || lower.contains("not applied")
    {
        let what = [": not simulated", " are not simulated", " is not simulated"]
            .iter()
            .find_map(|suffix| text.strip_suffix(suffix))
            .unwrap_or(text);
        format!("not simulated: {what}")
    } else if lower.contains("clamped")
        || lower.contains("replaced")
        || lower.contains("ignored")
        || lower.contains("as in mmd")
    {
        text.to_string()
    } else {
        format!("approximated: {text}")
    }
}

/// The element a note is about, as "joint 3 \"name\"".
pub fn target_label(model: &Model, target: NoteTarget) -> String {
    match target {
        NoteTarget::RigidBody(i) => {
            let name = model.rigid_bodies.get(i).map_or("", |r| r.name.as_str());
            format!("rigid body {i} {name:?}")
        }
        NoteTarget::Joint(i) => {
            let name = model.joints.get(i).map_or("", |j| j.name.as_str());
            format!("joint {i} {name:?}")
        }
        NoteTarget::SoftBody(i) => {
            let name = model.soft_bodies.get(i).map_or("", |s| s.name.as_str());
            format!("soft body {i} {name:?}")
        }
    }
}

fn kind_label(target: NoteTarget) -> &'static str {
    match target {
        NoteTarget::RigidBody(_) => "rigid bodies",
        NoteTarget::Joint(_) => "joints",
        NoteTarget::SoftBody(_) => "soft bodies",
    }
}

/// One line per kind of note, in first-seen order: how many elements it concerns and the
/// first few of them, e.g. `joints (4): not simulated: … — joint 0 "a", joint 3 "b", …`.
pub fn grouped_notes(model: &Model, notes: &[Note]) -> Vec<String> {
    const SHOWN: usize = 3;
    let mut kinds: Vec<(&'static str, String, Vec<NoteTarget>)> = Vec::new();
    for n in notes {
        let kind = kind_label(n.target);
        let label = match n.target {
            // Body notes carry their own wording (clamps, replacements).
            NoteTarget::RigidBody(_) => n.text.clone(),
            _ => note_label(&n.text),
        };
        match kinds.iter_mut().find(|(k, l, _)| *k == kind && *l == label) {
            Some((_, _, targets)) => targets.push(n.target),
            None => kinds.push((kind, label, vec![n.target])),
        }
    }
    kinds
        .into_iter()
        .map(|(kind, label, targets)| {
            let mut shown: Vec<String> = targets
                .iter()
                .take(SHOWN)
                .map(|t| target_label(model, *t))
                .collect();
            if targets.len() > SHOWN {
                shown.push("…".to_string());
            }
            format!("{kind} ({}): {label} — {}", targets.len(), shown.join(", "))
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
        let notes: Vec<Note> = (0..5)
            .map(|i| note(i, "springs are not simulated"))
            .chain([note(2, "limits are odd")])
            .collect();
        let lines = grouped_notes(&model, &notes);
        assert_eq!(
            lines,
            [
                "joints (5): not simulated: springs — joint 0 \"j0\", joint 1 \"j1\", joint 2 \"j2\", …",
                "joints (1): approximated: limits are odd — joint 2 \"j2\"",
            ]
        );
    }
}
