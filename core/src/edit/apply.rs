//! How a [`ModelEdit`] is applied: checked against the model (index ranges,
//! labels), done, undone and merged for the undo crate, and the [`ChangeSet`]
//! it reports.

use super::*;
use undo::{Edit, Merged};

impl ModelEdit {
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
    pub(super) fn check(&mut self, model: &mut Model) -> Result<(), EditError> {
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

    /// Generated history title, from the model before the edit, in the language
    /// current when the edit is made (the title is kept as text).
    fn describe(&self, model: &Model) -> String {
        use crate::tr;
        match &self.op {
            Op::Set { items, field, .. } => {
                let kind = items.first().map(|(_, e)| e.kind());
                let same_kind = items.iter().all(|(_, e)| Some(e.kind()) == kind);
                let field = field_label(field);
                match (items.as_slice(), kind) {
                    ([(i, e)], _) => {
                        let name = e.kind().display_name(model, *i);
                        if field.is_empty() {
                            tr!("edit-label-edit", name = name)
                        } else {
                            tr!("edit-label-set", name = name, field = field)
                        }
                    }
                    (_, Some(kind)) if same_kind => tr!(
                        "edit-label-set-many",
                        field = field,
                        count = items.len(),
                        kinds = kind.plural_label()
                    ),
                    _ => tr!(
                        "edit-label-set-elements",
                        field = field,
                        count = items.len()
                    ),
                }
            }
            Op::Add { items, .. } => match items.as_slice() {
                [e] => match e.name() {
                    Some(n) => tr!("edit-label-add-named", kind = e.kind().label(), name = n),
                    None => tr!("edit-label-add", kind = e.kind().label()),
                },
                _ => tr!("edit-label-add-elements", count = items.len()),
            },
            Op::Duplicate { kind, indices, .. } => match indices.as_slice() {
                [i] => tr!(
                    "edit-label-duplicate",
                    kind = kind.label(),
                    name = kind.display_name(model, *i)
                ),
                _ => tr!(
                    "edit-label-duplicate-many",
                    count = indices.len(),
                    kinds = kind.plural_label()
                ),
            },
            Op::Delete { kind, indices, .. } => delete_label(model, *kind, indices),
            Op::Reorder { kind, .. } => tr!("edit-label-reorder", kinds = kind.plural_label()),
            Op::Batch(edits) => tr!("edit-label-batch", count = edits.len()),
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
                    ..
                },
                Op::Set {
                    items: b,
                    field: fb,
                    ..
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
        if let (
            Op::Set {
                items: a,
                merged: had,
                ..
            },
            Op::Set { items: b, .. },
        ) = (&mut self.op, other.op)
        {
            if any {
                if had.is_empty() {
                    had.extend(a.iter().map(|(i, e)| (e.kind(), *i)));
                }
                a.extend(b.into_iter().filter(|(i, e)| had.insert((e.kind(), *i))));
            }
        }
        // The title names the element as it was before the first edit (a rename typed
        // letter by letter stays "Set 右ひじ.name"); the value is the last one set.
        self.value = other.value;
        self.compose_label();
        Merged::Yes
    }
}

/// "Delete bone 左腕" / "Delete 3 bones", in the current language.
pub(crate) fn delete_label(model: &Model, kind: ElementKind, indices: &[usize]) -> String {
    match indices {
        [i] => crate::tr!(
            "edit-label-delete",
            kind = kind.label(),
            name = kind.display_name(model, *i)
        ),
        _ => crate::tr!(
            "edit-label-delete-many",
            count = indices.len(),
            kinds = kind.plural_label()
        ),
    }
}

/// A field name as the history shows it: its catalogue entry (`edit-field-…`, lower
/// case, spaces as dashes) in the current language, or the name as given when the
/// catalogue has none (fields are named by the many callers of [`ModelEdit::set`]).
pub(crate) fn field_label(field: &str) -> String {
    if field.is_empty() {
        return String::new();
    }
    let key = format!(
        "edit-field-{}",
        field.to_lowercase().replace([' ', '_', '.'], "-")
    );
    let text = crate::i18n::lookup(&crate::i18n::CORE, &key, &[]);
    if text == key {
        field.to_string()
    } else {
        text
    }
}
