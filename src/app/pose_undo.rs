//! The pose's own undo history. Posing is not a model edit: it never enters the
//! document's history. Ctrl+Z undoes the newest change, pose or model: a pose
//! step is newest while the model has not changed since it was made (each step
//! remembers the model history's revision). So Ctrl+Z after a pose drag undoes
//! the drag, never an earlier model edit; Edit ▸ Undo pose change / Undo (model)
//! reach either history directly.
//!
//! One step is one gesture: every pose command while a drag or text entry lasts
//! merges into the step its first command opened ([`PoseUndo::end_gesture`]
//! closes it, as the document's merge window closes).

use crate::app::{LogLevel, State};
use crate::deform::Pose;

/// Steps kept; the oldest go first.
const LIMIT: usize = 200;

/// A pose before (undo) or after (redo) a step, with the model revision then.
type Step = (Pose, u64);

#[derive(Debug, Default)]
pub struct PoseUndo {
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// A gesture is under way: further changes belong to the last step.
    open: bool,
}

impl PoseUndo {
    /// Called before a pose change with the pose it changes and the model
    /// history's revision.
    pub fn before_change(&mut self, current: &Pose, model_revision: u64) {
        if self.open {
            return;
        }
        self.open = true;
        if self.undo.len() == LIMIT {
            self.undo.remove(0);
        }
        self.undo.push((current.clone(), model_revision));
        self.redo.clear();
    }

    /// Whether the last pose step is newer than the last model change (the
    /// model is still at the revision the step saw).
    pub fn undo_is_newest(&self, model_revision: u64) -> bool {
        self.undo.last().is_some_and(|s| s.1 == model_revision)
    }

    /// Whether the last undone pose step was undone after the last model change.
    pub fn redo_is_newest(&self, model_revision: u64) -> bool {
        self.redo.last().is_some_and(|s| s.1 == model_revision)
    }

    /// The gesture is over: the next change starts a new step.
    pub fn end_gesture(&mut self) {
        self.open = false;
    }

    /// Puts back the pose before the last step; false if there is none.
    pub fn undo(&mut self, current: &mut Pose, model_revision: u64) -> bool {
        self.open = false;
        step(&mut self.undo, &mut self.redo, current, model_revision)
    }

    /// Makes the last undone step again; false if there is none.
    pub fn redo(&mut self, current: &mut Pose, model_revision: u64) -> bool {
        self.open = false;
        step(&mut self.redo, &mut self.undo, current, model_revision)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets every step (a new document, or bones/morphs added or removed).
    pub fn clear(&mut self) {
        *self = PoseUndo::default();
    }

    /// Drops steps that no longer fit a model of `bones` bones and `morphs` morphs.
    pub fn retain_fitting(&mut self, bones: usize, morphs: usize) {
        let fits = |(p, _): &Step| p.bones.len() == bones && p.morphs.len() == morphs;
        if !(self.undo.iter().all(fits) && self.redo.iter().all(fits)) {
            self.clear();
        }
    }
}

/// Moves the newest pose of `from` into `current`, the pose it replaces onto `to`.
fn step(from: &mut Vec<Step>, to: &mut Vec<Step>, current: &mut Pose, revision: u64) -> bool {
    match from.pop() {
        Some((pose, _)) => {
            to.push((std::mem::replace(current, pose), revision));
            true
        }
        None => false,
    }
}

/// Ctrl+Z / Ctrl+Y: undoes (redoes) the newest change, the pose's or the model's.
pub fn undo_newest(state: &mut State, redo: bool) {
    let revision = state.doc().history.revision();
    let pose_newest = if redo {
        state.pose_undo().redo_is_newest(revision)
    } else {
        state.pose_undo().undo_is_newest(revision)
    };
    match (pose_newest, redo) {
        (true, _) => undo_pose(state, redo),
        (false, false) => state.undo(),
        (false, true) => state.redo(),
    }
}

/// Undoes (or redoes) the last pose change of `state`.
pub fn undo_pose(state: &mut State, redo: bool) {
    let mut pose = state.pose().pose.clone();
    let revision = state.doc().history.revision();
    let done = if redo {
        state.pose_undo_mut().redo(&mut pose, revision)
    } else {
        state.pose_undo_mut().undo(&mut pose, revision)
    };
    if !done {
        let key = if redo {
            "log-no-pose-redo"
        } else {
            "log-no-pose-undo"
        };
        state.log(LogLevel::Info, crate::tr!(key));
        return;
    }
    for (i, b) in pose.bones.into_iter().enumerate() {
        state.pose_mut().set_bone(i, b);
    }
    for (i, w) in pose.morphs.into_iter().enumerate() {
        state.pose_mut().set_morph(i, w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deform::BonePose;
    use glam::Vec3;

    fn posed(x: f32) -> Pose {
        Pose {
            bones: vec![BonePose {
                translation: Vec3::new(x, 0.0, 0.0),
                ..BonePose::default()
            }],
            ..Pose::default()
        }
    }

    #[test]
    fn one_gesture_is_one_step_and_redo_follows_undo() {
        let mut h = PoseUndo::default();
        let mut pose = posed(0.0);
        // A drag: three changes, one step.
        for x in [1.0, 2.0, 3.0] {
            h.before_change(&pose, 7);
            pose = posed(x);
        }
        h.end_gesture();
        h.before_change(&pose, 7);
        pose = posed(10.0);
        h.end_gesture();
        assert!(h.undo(&mut pose, 7));
        assert_eq!(pose, posed(3.0));
        assert!(h.undo(&mut pose, 7));
        assert_eq!(pose, posed(0.0), "the whole drag in one step");
        assert!(!h.undo(&mut pose, 7));
        assert!(h.redo(&mut pose, 7));
        assert_eq!(pose, posed(3.0));
        // A new change drops the redo steps.
        h.before_change(&pose, 7);
        assert!(!h.can_redo());
        assert!(h.can_undo());
        h.retain_fitting(2, 0);
        assert!(!h.can_undo(), "steps of another bone count are dropped");
    }

    #[test]
    fn a_pose_step_is_newest_until_the_model_changes() {
        let mut h = PoseUndo::default();
        let mut pose = posed(0.0);
        h.before_change(&pose, 3);
        pose = posed(1.0);
        h.end_gesture();
        assert!(h.undo_is_newest(3));
        // A model edit after the pose change (revision 3 → 4): the edit is newest.
        assert!(!h.undo_is_newest(4));
        assert!(h.undo(&mut pose, 4));
        assert!(h.redo_is_newest(4) && !h.redo_is_newest(5));
    }
}
