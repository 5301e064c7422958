//! [`DebugState`]: what the debug overlays and the Deform order / Problems
//! panels share — the deform order and its violations, the checker's problems,
//! an IK trace — each rebuilt only after an edit of what it reads.

use super::debug_overlays::{layers, DebugOverlays};
use crate::check::{Check, CheckContext, CheckResults, ElementRef, Problem};
use crate::deform::{BoneOrder, IkTrace};
use crate::edit::{ChangeSet, ElementKind};
use crate::pmx::Model;
use std::path::Path;

/// How often the texture files are looked for again while the window keeps the
/// focus (seconds): often enough to see a file saved from a paint program, rarely
/// enough that the stat calls cost nothing (one per texture path).
pub const TEXTURE_POLL_SECONDS: f64 = 2.0;

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
    /// Each check's problems, kept up to date edit by edit (`None`: run them all).
    checks: Option<CheckResults>,
    /// What changed since the checks last ran (they run lazily, while shown).
    unchecked: ChangeSet,
    /// The checks' context: the model's folder, for the texture files.
    check_context: CheckContext,
    /// The texture files on disk may have changed since the texture check ran.
    textures_stale: bool,
    /// When (egui time, seconds) the texture files were last marked for a look.
    textures_looked: f64,
    pub order: BoneOrder,
    /// The deform-order violations (`E-ORDER-*`, the same check the Problems panel lists).
    order_violations: Vec<Problem>,
    /// Per bone: indices into `order_violations` of its problems.
    order_problems: Vec<Vec<usize>>,
    /// `check_model` results for the current model (see [`refresh`](Self::refresh)).
    pub problems: Vec<Problem>,
    /// How many times checks ran (some or all; the problems were rebuilt).
    pub check_runs: u64,
    /// Show the selected chain's intermediate solutions.
    pub ik_steps: bool,
    pub ik_step: usize,
    pub trace: Option<TraceCache>,
    /// The model's deform layers, ascending ([`layers`]).
    pub layers: Vec<i32>,
}

impl Default for DebugState {
    fn default() -> Self {
        DebugState {
            overlays: Default::default(),
            order_stale: true,
            checks: None,
            unchecked: ChangeSet::new(),
            check_context: CheckContext::default(),
            textures_stale: false,
            textures_looked: f64::NEG_INFINITY,
            order: Default::default(),
            order_violations: Vec::new(),
            order_problems: Vec::new(),
            problems: Vec::new(),
            check_runs: 0,
            ik_steps: false,
            ik_step: 0,
            trace: None,
            layers: Vec::new(),
        }
    }
}

impl DebugState {
    /// Forget the caches (new document).
    pub fn invalidate(&mut self) {
        self.order_stale = true;
        self.checks = None;
        self.unchecked = ChangeSet::new();
        self.trace = None;
    }

    /// After model edits: the checks that read what changed run again (when
    /// next shown, [`CheckResults::update`]); the order, its labels and the IK
    /// trace read only the bones.
    pub fn model_changed(&mut self, changes: &ChangeSet) {
        if changes.is_empty() {
            return;
        }
        self.unchecked.merge(changes);
        if changes.touches(ElementKind::Bone) {
            self.order_stale = true;
            self.trace = None;
        }
    }

    /// Texture files appear and disappear outside the history: the texture check
    /// looks again when the window gets the focus back (the user was in a file
    /// manager or a paint program), when the model's folder changes (Save As), and
    /// otherwise every [`TEXTURE_POLL_SECONDS`] of frames; each time only when the
    /// checks are next shown. Called every frame with the egui time `now`.
    pub fn watch_texture_files(&mut self, folder: Option<&Path>, focus_gained: bool, now: f64) {
        if self.check_context.model_dir.as_deref() != folder {
            self.check_context.model_dir = folder.map(Path::to_path_buf);
            self.textures_stale = true;
        }
        if folder.is_some() && (focus_gained || now - self.textures_looked >= TEXTURE_POLL_SECONDS)
        {
            self.textures_stale = true;
            self.textures_looked = now;
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
        let ctx = &self.check_context;
        let textures = std::mem::take(&mut self.textures_stale);
        match &mut self.checks {
            Some(checks) if self.unchecked.is_empty() => {
                if !(textures && checks.rerun(model, ctx, Check::TextureFiles)) {
                    return;
                }
            }
            Some(checks) => {
                let ran = checks.update(model, ctx, &self.unchecked);
                if textures && !ran.contains(&Check::TextureFiles) {
                    checks.rerun(model, ctx, Check::TextureFiles);
                }
            }
            None => self.checks = Some(CheckResults::new(model, ctx)),
        }
        self.unchecked = ChangeSet::new();
        if let Some(checks) = &self.checks {
            self.problems = checks.problems().cloned().collect();
        }
        self.check_runs += 1;
    }

    /// Each check's problems and run counts, once the checks have run.
    pub fn check_results(&self) -> Option<&CheckResults> {
        self.checks.as_ref()
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
