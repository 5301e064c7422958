//! [`DebugState`]: what the debug overlays and the Deform order / Problems
//! panels share — the deform order and its violations, the checker's problems,
//! an IK trace — each rebuilt only after an edit of what it reads.

use super::debug_overlays::{layers, DebugOverlays};
use super::labels::LabelScratch;
use crate::check::{ElementRef, Problem};
use crate::deform::{BoneOrder, IkTrace};
use crate::edit::{ChangeSet, ElementKind};
use crate::pmx::Model;

/// A cached IK trace for one chain and one pose revision.
pub struct TraceCache {
    pub key: (u64, usize),
    pub trace: Option<IkTrace>,
}

/// Debug data derived from the model, rebuilt when what it reads changes.
pub struct DebugState {
    pub overlays: DebugOverlays,
    /// The order, layers and order violations need rebuilding (a bone changed).
    order_stale: bool,
    /// The checker's problems need re-running (anything changed).
    problems_stale: bool,
    pub order: BoneOrder,
    /// The deform-order violations (`E-ORDER-*`, the same check the Problems panel lists).
    order_violations: Vec<Problem>,
    /// Per bone: indices into `order_violations` of its problems.
    order_problems: Vec<Vec<usize>>,
    /// `check_model` results for the current model (see [`refresh`](Self::refresh)).
    pub problems: Vec<Problem>,
    /// How many times the checks ran (the problems were rebuilt).
    pub check_runs: u64,
    /// Show the selected chain's intermediate solutions.
    pub ik_steps: bool,
    pub ik_step: usize,
    pub trace: Option<TraceCache>,
    /// The model's deform layers, ascending ([`layers`]).
    pub layers: Vec<i32>,
    /// Label placement buffers reused every frame.
    pub labels: LabelScratch,
}

impl Default for DebugState {
    fn default() -> Self {
        DebugState {
            overlays: Default::default(),
            order_stale: true,
            problems_stale: true,
            order: Default::default(),
            order_violations: Vec::new(),
            order_problems: Vec::new(),
            problems: Vec::new(),
            check_runs: 0,
            ik_steps: false,
            ik_step: 0,
            trace: None,
            layers: Vec::new(),
            labels: Default::default(),
        }
    }
}

impl DebugState {
    /// Forget the caches (new document).
    pub fn invalidate(&mut self) {
        self.order_stale = true;
        self.problems_stale = true;
        self.trace = None;
    }

    /// After model edits: the checks read the whole model, so any change
    /// re-runs them (when next shown); the order, its labels and the IK trace
    /// read only the bones.
    pub fn model_changed(&mut self, changes: &ChangeSet) {
        if changes.is_empty() {
            return;
        }
        self.problems_stale = true;
        if changes.touches(ElementKind::Bone) {
            self.order_stale = true;
            self.trace = None;
        }
    }

    /// The deform order, layers and order violations, if a bone changed.
    pub fn refresh_order(&mut self, model: &Model) {
        if !self.order_stale {
            return;
        }
        self.order_stale = false;
        // The same function `Deformer::new` uses, so panel and pipeline agree.
        self.order = BoneOrder::new(model);
        self.layers = layers(model);
        self.order_violations = crate::check::order::check_deform_order(model);
        self.order_problems.clear();
        self.order_problems.resize(model.bones.len(), Vec::new());
        for (i, p) in self.order_violations.iter().enumerate() {
            if let ElementRef::Bone(b) = p.target {
                if let Some(v) = usize::try_from(b)
                    .ok()
                    .and_then(|b| self.order_problems.get_mut(b))
                {
                    v.push(i);
                }
            }
        }
        self.trace = None;
    }

    /// The order (see [`refresh_order`](Self::refresh_order)) and the checker's
    /// problems, re-run if the model changed since they last ran.
    pub fn refresh(&mut self, model: &Model) {
        self.refresh_order(model);
        if self.problems_stale {
            self.problems_stale = false;
            self.problems = crate::check::check_model(model, &Default::default());
            self.check_runs += 1;
        }
    }

    /// The bones `bone` is evaluated before although it depends on them.
    pub fn violations_of(&self, bone: usize) -> impl Iterator<Item = (&Problem, usize)> + '_ {
        self.order_problems
            .get(bone)
            .into_iter()
            .flatten()
            .filter_map(|&i| {
                let p = &self.order_violations[i];
                let dep = p.related.iter().find_map(|r| match r {
                    ElementRef::Bone(d) => usize::try_from(*d).ok(),
                    _ => None,
                })?;
                Some((p, dep))
            })
    }

    pub fn is_flagged(&self, bone: usize) -> bool {
        self.order_problems.get(bone).is_some_and(|v| !v.is_empty())
    }
}
