//! The undo history of one model.

use super::{ChangeSet, EditError, ModelEdit};
use crate::pmx::Model;
use undo::Record;

/// One row of the history panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryEntry<'a> {
    /// Position in the list, 0-based. `jump_to(index + 1)` goes to the state after it.
    pub index: usize,
    pub label: &'a str,
    /// True if the step is currently applied (false = undone, can be redone).
    pub applied: bool,
    /// True if the file was saved right after this step.
    pub saved: bool,
}

/// The undo history of one model: a linear [`undo::Record`] of [`ModelEdit`]s.
/// Applying a new edit after undoing discards the undone steps.
#[derive(Debug)]
pub struct History {
    record: Record<ModelEdit>,
    generation: u64,
    revision: u64,
    structure_revision: u64,
}

impl Default for History {
    fn default() -> Self {
        Self::new()
    }
}

impl History {
    /// An empty history; the model counts as saved.
    pub fn new() -> Self {
        History {
            record: Record::new(),
            generation: 0,
            revision: 0,
            structure_revision: 0,
        }
    }

    /// Keeps at most `limit` steps (the oldest are forgotten). `limit` must be > 0.
    pub fn with_limit(limit: usize) -> Self {
        History {
            record: Record::builder().limit(limit.max(1)).build(),
            generation: 0,
            revision: 0,
            structure_revision: 0,
        }
    }

    /// Checks `edit` against the model, applies it and records it (possibly merged into
    /// the previous step). Returns what changed; a refused edit changes nothing.
    pub fn apply(
        &mut self,
        model: &mut Model,
        mut edit: ModelEdit,
    ) -> Result<ChangeSet, EditError> {
        edit.check(model)?;
        edit.generation = self.generation;
        self.note_change(edit.is_structural());
        // A field edit reports what it changes itself, also when it merges into
        // the previous step: that step's changes are seen from before its first
        // edit, so they would miss a value set back to it (a brush adding, then
        // subtracting), and a long stroke would report every vertex again.
        let own = matches!(edit.op, super::Op::Set { .. }).then(|| edit.changes(model));
        self.record.edit(model, edit);
        Ok(own.unwrap_or_else(|| self.changes_of(self.record.head().checked_sub(1), model)))
    }

    /// What step `index` changed, seen from the model now.
    fn changes_of(&self, index: Option<usize>, model: &Model) -> ChangeSet {
        self.entry_at(index)
            .map_or_else(ChangeSet::new, |e| e.changes(model))
    }

    fn note_change(&mut self, structural: bool) {
        self.revision += 1;
        if structural {
            self.structure_revision += 1;
        }
    }

    /// The entry `undo` would undo / `redo` would redo.
    fn entry_at(&self, index: Option<usize>) -> Option<&ModelEdit> {
        index
            .and_then(|i| self.record.get_entry(i))
            .map(|e| e.as_ref())
    }

    /// Changes whenever the model changes through this history (apply, undo, redo,
    /// jump). Compare with a remembered value to know when to refresh views.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Changes whenever elements were added, removed or reordered (a subset of
    /// [`revision`](Self::revision) changes): rebuild anything indexed by element
    /// (pose arrays, `Deformer`, physics world, selections).
    pub fn structure_revision(&self) -> u64 {
        self.structure_revision
    }

    /// Ends the current merge run: the next edit starts a new step even if it has the
    /// same merge key (call when a drag stops).
    pub fn end_merge(&mut self) {
        self.generation += 1;
    }

    /// Undoes the last applied step and returns what changed; None if there is none.
    pub fn undo(&mut self, model: &mut Model) -> Option<ChangeSet> {
        self.generation += 1;
        let structural = self
            .entry_at(self.record.head().checked_sub(1))
            .map(ModelEdit::is_structural)?;
        self.note_change(structural);
        self.record.undo(model)?;
        Some(self.changes_of(Some(self.record.head()), model))
    }

    /// Redoes the next undone step and returns what changed; None if there is none.
    pub fn redo(&mut self, model: &mut Model) -> Option<ChangeSet> {
        self.generation += 1;
        let structural = self
            .entry_at(Some(self.record.head()))
            .map(ModelEdit::is_structural)?;
        self.note_change(structural);
        self.record.redo(model)?;
        Some(self.changes_of(self.record.head().checked_sub(1), model))
    }

    pub fn can_undo(&self) -> bool {
        self.record.can_undo()
    }
    pub fn can_redo(&self) -> bool {
        self.record.can_redo()
    }

    /// Label of the step [`undo`](Self::undo) would undo.
    pub fn undo_label(&self) -> Option<&str> {
        let head = self.record.head();
        head.checked_sub(1)
            .and_then(|i| self.record.get_entry(i))
            .map(|e| e.as_ref().label.as_str())
    }

    /// Label of the step [`redo`](Self::redo) would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.record
            .get_entry(self.record.head())
            .map(|e| e.as_ref().label.as_str())
    }

    /// Number of steps (applied and undone).
    pub fn len(&self) -> usize {
        self.record.len()
    }
    pub fn is_empty(&self) -> bool {
        self.record.is_empty()
    }

    /// Number of applied steps (0 = original state).
    pub fn head(&self) -> usize {
        self.record.head()
    }

    /// Every step, oldest first.
    pub fn entries(&self) -> impl Iterator<Item = HistoryEntry<'_>> + '_ {
        let head = self.record.head();
        let saved = self.record.saved();
        self.record
            .entries()
            .enumerate()
            .map(move |(index, e)| HistoryEntry {
                index,
                label: e.as_ref().label.as_str(),
                applied: index < head,
                saved: saved == Some(index + 1),
            })
    }

    /// Undoes or redoes until `head` steps are applied (0 = original; clamped to
    /// [`len`](Self::len)); returns what changed (every field of each element a
    /// step between set, as later steps may have set it again).
    pub fn jump_to(&mut self, model: &mut Model, head: usize) -> ChangeSet {
        self.generation += 1;
        let target = head.min(self.record.len());
        let now = self.record.head();
        if target == now {
            return ChangeSet::new();
        }
        let steps = target.min(now)..target.max(now);
        let structural = steps
            .clone()
            .filter_map(|i| self.entry_at(Some(i)))
            .any(ModelEdit::is_structural);
        self.note_change(structural);
        self.record.go_to(model, target);
        let mut set = ChangeSet::new();
        for e in steps.filter_map(|i| self.entry_at(Some(i))) {
            set.merge(&e.touched(model));
        }
        set
    }

    /// Marks the current state as saved (call after writing the file).
    pub fn set_saved(&mut self) {
        self.record.set_saved();
    }

    /// True if the model is as it was last saved (or loaded).
    pub fn is_saved(&self) -> bool {
        self.record.is_saved()
    }

    /// Head at the saved state, if that state is still reachable.
    pub fn saved_head(&self) -> Option<usize> {
        self.record.saved()
    }

    /// Forgets every step without changing the model (e.g. after loading another
    /// model). The current state counts as saved only if it was.
    pub fn clear(&mut self) {
        self.generation += 1;
        self.record.clear();
    }
}
