//! [`State`]: everything the panels see — the document, the pose, the selection,
//! view options — and the once-per-frame bookkeeping that keeps them in step.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::document::Document;
use crate::app::View;
use crate::app::{pose, pose_undo, textures, timeline, viewport, LogLevel, Selected, Selection};

/// The view of a `State` as field borrows, so that `split` can lend the command queue
/// and the panel state beside it (a method would borrow the whole state).
macro_rules! view_of {
    ($state:expr) => {
        View {
            doc: &$state.doc,
            model: $state.doc.model(),
            selection: $state.selection,
            selected: &$state.selected,
            reveal: $state.panels.reveal_selection,
            pose: &$state.pose,
            playback: &$state.playback,
            debug: &$state.debug,
            textures: &$state.textures,
            log: &$state.log,
            material_visible: &$state.material_visible,
            weight_bone: $state.viewport.weights.bone,
            viewport: &$state.viewport,
            generator: $state.generator.as_ref(),
        }
    };
}

/// Panel-local UI state (search boxes etc.).
#[derive(Debug, Default)]
pub struct PanelState {
    pub bone_search: String,
    pub morph_search: String,
    pub body_search: String,
    pub joint_search: String,
    pub soft_body_search: String,
    pub texture_search: String,
    /// A new element's name being typed in its list row.
    pub renaming: Option<crate::app::panels::Renaming>,
    /// The bone tree's folds and its flattened rows (rebuilt when bones change).
    pub bone_tree: crate::app::panels::bones::TreeRows,
    /// Set for one frame when the selection changed outside the lists, so they
    /// scroll to it; cleared when the frame's commands are applied.
    pub reveal_selection: bool,
    /// The selection was picked in the viewport: the window brings the list
    /// tab holding it forward (then clears this).
    pub raise_list: bool,
    /// The inspector's pages and copy choices.
    pub inspector: crate::app::panels::inspector::InspectorState,
    /// A delete that waits for "delete them too / re-point / cancel".
    pub delete_question: Option<crate::app::panels::delete::DeleteQuestion>,
    /// A file dialog a panel asked for; the window opens it (the system's or its own
    /// picker) after the panels have drawn.
    pub pick: Option<crate::app::files::picker::PickRequest>,
    /// The UV editor's view, tool and buffers.
    pub uv: crate::app::panels::uv::UvEditor,
    /// The Weights panel's bones and values.
    pub weight_tools: crate::app::panels::weights::Tools,
}

pub struct State {
    // Private: the app reads through the accessors below and changes through commands.
    doc: Document,
    pose: pose::PoseState,
    /// The pose's own undo history (posing never enters the model's).
    pose_undo: pose_undo::PoseUndo,
    /// The active element (what the inspector heads, the gizmo follows).
    selection: Selection,
    /// The elements of the active one's kind selected with it (Ctrl/Shift-click);
    /// read both with [`State::selected_indices`].
    selected: Selected,
    /// What the panels asked for this frame (applied by [`State::apply_commands`]).
    commands: Commands,
    viewport: viewport::Viewport,
    /// The viewport's drawing buffers (label placement), lent beside the view.
    viewport_scratch: viewport::Scratch,
    textures: textures::TextureStore,
    /// Texture indices decoded since the last GPU sync.
    new_textures: Vec<usize>,
    material_visible: Vec<bool>,
    log: Vec<(LogLevel, String)>,
    panels: PanelState,
    repaint: Option<egui::Context>,
    /// Output format for Save (defaults to the model's header).
    save_options: crate::pmx::write::WriteOptions,
    /// What the model edits since the last [`tick`](Self::tick) changed; routed
    /// there to the caches that read it ([`model_changed`](Self::model_changed)).
    changes: crate::edit::ChangeSet,
    /// Deform-order / IK / problems caches and debug overlay switches.
    debug: viewport::debug_overlays::DebugState,
    /// Motion timeline and play state of the live pipeline.
    playback: timeline::Playback,
    /// Copies of unsaved edits in the recovery folder (off unless the app turns it on).
    autosave: crate::app::autosave::Autosave,
    /// The open file on disk: changed by another program since it was read or saved?
    watch: crate::app::files::watch::FileWatch,
    /// The open rig generator dialog (its plan previews in the viewport).
    generator: Option<crate::app::generators::Dialog>,
    /// The selection around each History step (by step index): undoing or
    /// redoing a step that added, removed or reordered elements puts back the
    /// selection of then, so the keys act on the same element (indices moved).
    step_selection: Vec<StepSelection>,
    /// The step the frame's commands made, whose selection after is noted
    /// once they are all applied.
    new_step: Option<usize>,
}

type SelectionState = (Selection, Selected);

/// Disjoint borrows of a [`State`] for the frame loop and the command handlers: the
/// document and the selection to read, the pose, the viewport and the debug caches
/// they update, the queue they send edits and selections to.
pub struct FrameParts<'a> {
    pub doc: &'a Document,
    pub selection: Selection,
    pub selected: &'a Selected,
    pub pose: &'a mut pose::PoseState,
    pub viewport: &'a mut viewport::Viewport,
    pub debug: &'a mut viewport::debug_overlays::DebugState,
    pub material_visible: &'a [bool],
    pub textures: &'a textures::TextureStore,
    pub commands: &'a mut Commands,
}

/// The selection before a History step was made and after its frame.
#[derive(Debug, Clone, Default)]
struct StepSelection {
    before: Option<SelectionState>,
    after: Option<SelectionState>,
}

impl State {
    pub fn new(doc: Document, repaint: Option<egui::Context>) -> Self {
        let mut s = State {
            pose: pose::PoseState::new(doc.model()),
            pose_undo: Default::default(),
            selection: Selection::None,
            selected: Selected::default(),
            commands: Commands::default(),
            viewport: viewport::Viewport::default(),
            viewport_scratch: Default::default(),
            textures: textures::TextureStore::empty(),
            new_textures: Vec::new(),
            material_visible: Vec::new(),
            log: Vec::new(),
            panels: PanelState::default(),
            repaint,
            save_options: Default::default(),
            changes: Default::default(),
            debug: Default::default(),
            playback: Default::default(),
            generator: None,
            autosave: Default::default(),
            watch: Default::default(),
            step_selection: Vec::new(),
            new_step: None,
            doc,
        };
        s.document_loaded(None);
        s
    }

    /// Resets everything derived from the document after it is replaced (`pose`: made
    /// for it already, off the UI thread).
    fn document_loaded(&mut self, pose: Option<pose::PoseState>) {
        self.watch.set(self.doc.path.as_deref(), self.doc.disk);
        let model = self.doc.model();
        self.pose = pose.unwrap_or_else(|| pose::PoseState::new(model));
        self.pose_undo.clear();
        self.changes = Default::default();
        self.debug.invalidate();
        self.playback.motion = None;
        self.playback.frame = 0.0;
        self.selection = Selection::None;
        self.selected = Selected::default();
        self.panels.bone_tree = Default::default();
        self.generator = None;
        // The previous document's edits were saved or given up before it was replaced.
        self.autosave.discard();
        self.step_selection.clear();
        self.new_step = None;
        self.commands.take();
        self.material_visible = vec![true; model.materials.len()];
        self.textures = textures::TextureStore::load(
            &model.textures,
            self.doc.base_dir(),
            self.doc.embedded_textures,
            self.repaint.clone(),
        );
        self.new_textures.clear();
        self.viewport.uploaded = None;
        self.viewport.stale.mesh = true;
        self.viewport.reset_camera(model);
        self.save_options = Default::default();
        let name = self.doc.display_name.clone();
        let message = crate::tr!(
            "log-opened",
            name = name,
            vertices = model.vertices.len(),
            bones = model.bones.len(),
            morphs = model.morphs.len(),
            materials = model.materials.len(),
            bodies = model.rigid_bodies.len(),
            joints = model.joints.len()
        );
        self.log(LogLevel::Info, message);
        for w in self.doc.warnings.clone() {
            self.log(LogLevel::Warning, w);
        }
    }

    pub fn set_document(&mut self, doc: Document) {
        self.doc = doc;
        self.document_loaded(None);
    }

    /// A document the loading thread read and prepared.
    pub fn set_prepared(&mut self, prepared: crate::app::files::loading::Prepared) {
        self.doc = prepared.doc;
        self.document_loaded(Some(prepared.pose));
    }

    /// The open document (its model, history, path).
    pub fn doc(&self) -> &Document {
        &self.doc
    }

    /// The document itself, for tests that save it, set its path or end a merge
    /// (the app changes it only through commands and [`State::save_document`]).
    #[doc(hidden)]
    pub fn doc_mut(&mut self) -> &mut Document {
        &mut self.doc
    }

    /// The live pose, its deformer and physics.
    pub fn pose(&self) -> &pose::PoseState {
        &self.pose
    }

    /// The pose for the frame loop and the command handlers (the parked pose);
    /// tests that set a pose directly.
    #[doc(hidden)]
    pub fn pose_mut(&mut self) -> &mut pose::PoseState {
        &mut self.pose
    }

    /// The active element.
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The elements of the active one's kind selected with it.
    pub fn selected(&self) -> &Selected {
        &self.selected
    }

    /// The frame's command queue: what is pushed here is applied by
    /// [`State::apply_commands`].
    pub fn commands(&mut self) -> &mut Commands {
        &mut self.commands
    }

    /// The commands pushed and not yet applied.
    pub fn pending_commands(&self) -> &[Command] {
        self.commands.pending()
    }

    /// The viewport's camera, modes, tools and GPU scene.
    pub fn viewport(&self) -> &viewport::Viewport {
        &self.viewport
    }

    /// The viewport for the command handlers (camera, gizmo, stroke) and the
    /// window (GPU scene, screenshot); tests that place the camera.
    #[doc(hidden)]
    pub fn viewport_mut(&mut self) -> &mut viewport::Viewport {
        &mut self.viewport
    }

    pub fn textures(&self) -> &textures::TextureStore {
        &self.textures
    }

    /// Which materials the viewport draws.
    pub fn material_visible(&self) -> &[bool] {
        &self.material_visible
    }

    /// The Log's lines, oldest first.
    pub fn log_lines(&self) -> &[(LogLevel, String)] {
        &self.log
    }

    /// The panels' own UI state (search boxes, folds, a name being typed).
    pub fn panels(&self) -> &PanelState {
        &self.panels
    }

    /// The panels' UI state, for the window (a file pick it answers) and tests.
    #[doc(hidden)]
    pub fn panels_mut(&mut self) -> &mut PanelState {
        &mut self.panels
    }

    /// Deform-order / IK / problems caches and the debug overlay switches.
    pub fn debug(&self) -> &viewport::debug_overlays::DebugState {
        &self.debug
    }

    /// The debug caches for the frame loop (they run checks lazily) and tests.
    #[doc(hidden)]
    pub fn debug_mut(&mut self) -> &mut viewport::debug_overlays::DebugState {
        &mut self.debug
    }

    /// The parts at once, for the frame loop ([`viewport::prepare`]) and the command
    /// handlers; tests and benches that run a step of it by hand.
    #[doc(hidden)]
    pub fn frame_parts(&mut self) -> FrameParts<'_> {
        FrameParts {
            doc: &self.doc,
            selection: self.selection,
            selected: &self.selected,
            pose: &mut self.pose,
            viewport: &mut self.viewport,
            debug: &mut self.debug,
            material_visible: &self.material_visible,
            textures: &self.textures,
            commands: &mut self.commands,
        }
    }

    pub fn log(&mut self, level: LogLevel, message: impl Into<String>) {
        self.log.push((level, message.into()));
    }

    /// Selects and lets the lists scroll to it (panels push
    /// [`Commands::select`] instead).
    pub fn select(&mut self, selection: Selection) {
        if self.selection != selection {
            self.selection = selection;
            self.panels.reveal_selection = true;
        }
        self.selected = Selected::single(selection);
    }

    /// The pose's own undo history.
    pub fn pose_undo(&self) -> &pose_undo::PoseUndo {
        &self.pose_undo
    }

    /// The pose's history, for [`pose_undo`]'s undo and redo of a pose change.
    pub(crate) fn pose_undo_mut(&mut self) -> &mut pose_undo::PoseUndo {
        &mut self.pose_undo
    }

    /// The window's context, which repaints it (none when headless without one).
    pub fn repaint(&self) -> Option<&egui::Context> {
        self.repaint.as_ref()
    }

    /// Texture indices decoded since the last call (the GPU sync uploads them).
    pub fn take_new_textures(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.new_textures)
    }

    /// Output format for Save (File ▸ Save format; [`Command::SaveOptions`] sets it).
    pub fn save_options(&self) -> crate::pmx::write::WriteOptions {
        self.save_options
    }

    pub fn autosave(&self) -> &crate::app::autosave::Autosave {
        &self.autosave
    }

    /// The window turns autosave on, adopts a restored slot, tests flush it.
    pub fn autosave_mut(&mut self) -> &mut crate::app::autosave::Autosave {
        &mut self.autosave
    }

    pub fn watch(&self) -> &crate::app::files::watch::FileWatch {
        &self.watch
    }

    /// The window starts the watch and answers its bars (keep, reload, gone).
    pub fn watch_mut(&mut self) -> &mut crate::app::files::watch::FileWatch {
        &mut self.watch
    }

    /// Saves the document to `path` in the save format, the watch noting what it
    /// wrote; returns the save rule's notes.
    pub fn save_document(&mut self, path: &std::path::Path) -> crate::pmx::Result<Vec<String>> {
        let (doc, options) = (&mut self.doc, self.save_options);
        self.watch.write_with(path, || doc.save_as(path, &options))
    }

    /// The open operation dialog.
    pub fn generator(&self) -> Option<&crate::app::generators::Dialog> {
        self.generator.as_ref()
    }

    pub fn generator_mut(&mut self) -> Option<&mut crate::app::generators::Dialog> {
        self.generator.as_mut()
    }

    /// Lends the open operation dialog beside the frame's view and command queue
    /// while its window draws; `draw` returning false closes it.
    pub fn with_generator(
        &mut self,
        draw: impl FnOnce(&View, &mut crate::app::generators::Dialog, &mut Commands) -> bool,
    ) {
        // Out while it draws (the view lends the state's fields).
        let Some(mut dialog) = self.generator.take() else {
            return;
        };
        let view = view_of!(self);
        if draw(&view, &mut dialog, &mut self.commands) {
            self.generator = Some(dialog);
        }
    }

    /// Puts a dialog (back) in place (none closes it).
    pub fn set_generator(&mut self, dialog: Option<crate::app::generators::Dialog>) {
        self.generator = dialog;
    }

    /// The motion and its play state.
    pub fn playback(&self) -> &timeline::Playback {
        &self.playback
    }

    /// The timeline's own bookkeeping (loading, ticking, seeking a motion); panels
    /// push [`Command::Playback`].
    pub fn playback_mut(&mut self) -> &mut timeline::Playback {
        &mut self.playback
    }

    /// The motion beside the pose it writes at the play head.
    pub(crate) fn playback_and_pose(&mut self) -> (&timeline::Playback, &mut pose::PoseState) {
        (&self.playback, &mut self.pose)
    }

    /// Every selected index of the active element's kind, ascending (one for a
    /// single selection, none when nothing or model info is selected).
    pub fn selected_indices(&self) -> Vec<usize> {
        self.selected.indices(self.selection)
    }

    /// What the Simulation panel plots ([`View::plot_targets`](crate::app::View::plot_targets)).
    pub fn plot_targets(&self, most: usize) -> (Vec<crate::sim::ProbeTarget>, Vec<String>) {
        self.view().plot_targets(most)
    }

    /// Frames the plots keep for `seconds`: the app runs at the display's rate, and 60
    /// frames a second is the common case.
    pub fn plot_frames(seconds: f32) -> usize {
        (seconds * 60.0).round() as usize
    }

    /// The selected vertices, ascending (none unless a vertex is the active element).
    pub fn selected_vertices(&self) -> Vec<usize> {
        self.view().selected_vertices()
    }

    /// Applies and records a model edit now (panels push [`Commands::edit`] instead).
    pub fn apply(&mut self, edit: crate::edit::ModelEdit) {
        let head = self.doc.history.head();
        let moves = edit.index_moves();
        let selection_before = (self.selection, self.selected.clone());
        match self.doc.apply(edit) {
            Ok(changes) => {
                self.changes.merge(&changes);
                if !moves.is_empty() {
                    self.follow_moves(&moves);
                }
                if self.doc.history.head() == head + 1 {
                    self.step_selection.resize(head, StepSelection::default());
                    self.step_selection.push(StepSelection {
                        before: Some(selection_before),
                        after: None,
                    });
                    self.new_step = Some(head);
                }
            }
            Err(e) => self.log(
                LogLevel::Warning,
                crate::tr!("log-edit-refused", error = e.to_string()),
            ),
        }
    }

    /// After an edit that removed or reordered elements: the selection, the
    /// generator dialog's elements and the pose follow their elements to their
    /// new indices, as the model's own references did.
    fn follow_moves(&mut self, moves: &crate::edit::IndexMoves) {
        self.selection = self.selection.follow(moves);
        self.selected.follow(moves);
        if let Some(dialog) = &mut self.generator {
            dialog.follow(moves);
        }
        let model = self.doc.model();
        self.pose
            .follow(moves, model.bones.len(), model.morphs.len());
    }

    pub fn undo(&mut self) {
        let step = self.doc.history.head().checked_sub(1);
        match self.doc.undo() {
            Some(changes) => {
                let then = step.and_then(|s| self.step_selection.get(s)?.before.clone());
                self.restore_selection(then, &changes);
                self.changes.merge(&changes);
            }
            None => self.log(LogLevel::Info, crate::tr!("log-nothing-to-undo")),
        }
    }

    pub fn redo(&mut self) {
        let step = self.doc.history.head();
        match self.doc.redo() {
            Some(changes) => {
                let then = self.step_selection.get(step).and_then(|s| s.after.clone());
                self.restore_selection(then, &changes);
                self.changes.merge(&changes);
            }
            None => self.log(LogLevel::Info, crate::tr!("log-nothing-to-redo")),
        }
    }

    /// Puts back `then` after an undo or redo that moved indices.
    fn restore_selection(
        &mut self,
        then: Option<SelectionState>,
        changes: &crate::edit::ChangeSet,
    ) {
        if let Some((active, selected)) = then.filter(|_| changes.is_structural()) {
            self.selection = active;
            self.selected = selected;
        }
    }

    /// Goes to the state after `index` steps of the history. As with undo and
    /// redo, a jump over steps that moved indices puts back the selection of
    /// the state it lands on: from before step `index` when going back, from
    /// after step `index − 1` when going forward.
    pub fn go_to(&mut self, index: usize) {
        let head = self.doc.history.head();
        let changes = self.doc.go_to(index);
        let landed = self.doc.history.head();
        let then = match landed.cmp(&head) {
            std::cmp::Ordering::Less => self
                .step_selection
                .get(landed)
                .and_then(|s| s.before.clone()),
            std::cmp::Ordering::Greater => {
                (landed.checked_sub(1)).and_then(|s| self.step_selection.get(s)?.after.clone())
            }
            std::cmp::Ordering::Equal => None,
        };
        self.restore_selection(then, &changes);
        self.changes.merge(&changes);
    }

    /// Routes what the edits changed to each cache that reads it: the pose's
    /// deformer and physics world, the checks and deform order, the GPU mesh,
    /// the motion binding, the per-material visibility and the selection.
    fn model_changed(&mut self, changes: &crate::edit::ChangeSet) {
        use crate::edit::ElementKind as K;
        let model = self.doc.model();
        self.pose.model_changed(model, changes);
        self.debug.model_changed(changes);
        self.viewport.model_changed(changes);
        timeline::model_changed(&mut self.playback, model, changes);
        self.viewport.weights.model_changed(changes);
        if let Some(dialog) = &mut self.generator {
            dialog.model_changed();
        }
        if changes.structure().contains(K::Material) {
            self.material_visible.resize(model.materials.len(), true);
        }
        if changes.touches(K::Bone) || changes.structure().contains(K::Bone) {
            self.panels.bone_tree.invalidate();
        }
        if changes.is_structural() {
            if !self.selection.is_valid(model) {
                self.selection = Selection::None;
            }
            self.selected.retain_valid(model);
            self.pose_undo
                .retain_fitting(model.bones.len(), model.morphs.len());
        }
        if changes.touches(K::Texture) || changes.structure().contains(K::Texture) {
            self.sync_textures();
        }
    }

    /// Applies the frame's commands in the order they were pushed. Called once per
    /// frame after every panel has drawn; the lists' "reveal" request of this frame
    /// ends here, so a selection made now scrolls them on the next frame.
    pub fn apply_commands(&mut self) {
        self.panels.reveal_selection = false;
        let mut any = false;
        // A command may push more (a list request pushes its edit and selection):
        // those apply in this frame too, a few rounds at most.
        for _ in 0..4 {
            let commands = self.commands.take();
            if commands.is_empty() {
                break;
            }
            any = true;
            self.apply_round(commands);
        }
        if let Some(step) = self.new_step.take() {
            if let Some(s) = self.step_selection.get_mut(step) {
                s.after = Some((self.selection, self.selected.clone()));
            }
        }
        if any {
            if let Some(ctx) = &self.repaint {
                ctx.request_repaint();
            }
        }
    }

    fn apply_round(&mut self, commands: Vec<Command>) {
        for command in commands {
            match command {
                Command::Edit(edit) => self.apply(edit),
                Command::BringTextures(origins) => {
                    self.doc.bring_textures_from(&origins);
                    self.sync_textures();
                }
                Command::Undo => self.undo(),
                Command::Redo => self.redo(),
                Command::GoTo(n) => self.go_to(n),
                Command::Select { selection, reveal } => {
                    if reveal {
                        self.select(selection);
                    } else {
                        self.selection = selection;
                        self.selected = Selected::single(selection);
                    }
                }
                Command::Pick { active, selected } => {
                    if active != self.selection {
                        self.panels.reveal_selection = true;
                    }
                    self.selection = active;
                    self.selected = selected;
                    self.panels.raise_list = true;
                }
                Command::SelectSet {
                    active,
                    selected,
                    reveal,
                } => {
                    if reveal && active != self.selection {
                        self.panels.reveal_selection = true;
                    }
                    self.selection = active;
                    self.selected = selected;
                }
                Command::PoseBone(bone, pose) => {
                    self.pose_undo
                        .before_change(&self.pose.pose, self.doc.history.revision());
                    self.pose.set_bone(bone, pose);
                }
                Command::PoseMorph(morph, weight) => {
                    self.pose_undo
                        .before_change(&self.pose.pose, self.doc.history.revision());
                    self.pose.set_morph(morph, weight);
                }
                Command::ResetPose => {
                    self.pose_undo
                        .before_change(&self.pose.pose, self.doc.history.revision());
                    self.pose.reset();
                }
                Command::UndoNewest => pose_undo::undo_newest(self, false),
                Command::RedoNewest => pose_undo::undo_newest(self, true),
                Command::UndoPose => pose_undo::undo_pose(self, false),
                Command::RedoPose => pose_undo::undo_pose(self, true),
                Command::ViewMode(mode) => viewport::modes::switch(self, mode),
                Command::Physics(on) => self.pose.set_physics(self.doc.model(), on),
                Command::ResetPhysics => self.pose.reset_physics(self.doc.model()),
                Command::Probe { targets, frames } => self.pose.set_probe(&targets, frames),
                Command::Generator(open) => {
                    self.generator = Some(crate::app::generators::Dialog::new(open));
                }
                Command::SaveMaterialsAsModel(materials) => {
                    // The extract operation's dialog on these materials.
                    if let Some(ctx) = self.repaint.clone() {
                        let op = &crate::ops::extract::OP;
                        let selection = crate::ops::Selection::of(
                            crate::edit::ElementKind::Material,
                            materials,
                        );
                        let write_options = self.save_options;
                        let (view, _, _) = self.split();
                        crate::app::outputs::open(&ctx, op, &view, selection, write_options);
                    }
                }
                Command::SetPhysicsConfig(config) => {
                    self.pose.set_physics_config(self.doc.model(), config);
                }
                Command::Playback(p) => timeline::playback_command(&mut self.playback, p),
                Command::UnloadMotion => timeline::unload_motion(self),
                Command::List(request) => {
                    let (view, commands, local) = self.split();
                    crate::app::panels::structure::perform(&view, commands, local, request);
                }
                Command::ClearLog => self.log.clear(),
                Command::Log(level, message) => self.log(level, message),
                Command::ShowMaterial(material, shown) => match material {
                    Some(m) => {
                        if let Some(slot) = self.material_visible.get_mut(m) {
                            *slot = shown;
                        }
                    }
                    None => self.material_visible.fill(shown),
                },
                Command::DebugView {
                    overlays,
                    ik_steps,
                    ik_step,
                } => {
                    self.debug.overlays = overlays;
                    self.debug.ik_steps = ik_steps;
                    self.debug.ik_step = ik_step;
                }
                Command::SaveOptions(options) => self.save_options = options,
                Command::View(view) => viewport::view_command(self, view),
                Command::Paint(step) => viewport::paint::apply(self, step),
                Command::MorphDrag(step) => viewport::morph_edit::apply(self, step),
            }
        }
    }

    /// Per-frame bookkeeping: texture decodes, pose refresh after edits.
    pub fn tick(&mut self) {
        // A drag or text entry in progress keeps merging into one undo step; a
        // new press always starts a new step. A field can keep the keyboard
        // through a drag (a drag is no click: the bone search box stays
        // focused), and two drags must not merge, or one Ctrl+Z undoes both.
        if let Some(ctx) = &self.repaint {
            let (pressed, down) = ctx.input(|i| (i.pointer.any_pressed(), i.pointer.any_down()));
            let typing = ctx.memory(|m| m.focused().is_some());
            if pressed || !(down || typing) {
                self.doc.end_merge();
                self.pose_undo.end_gesture();
            }
        }
        if let Some(ctx) = &self.repaint {
            let focused = |e: &egui::Event| matches!(e, egui::Event::WindowFocused(true));
            let (focus_gained, now) = ctx.input(|i| (i.events.iter().any(focused), i.time));
            let folder = self.doc.base_dir();
            self.debug.watch_texture_files(folder, focus_gained, now);
        }
        let ready = self.textures.poll();
        if !ready.is_empty() {
            self.new_textures.extend(ready);
            let missing: Vec<String> = self
                .textures
                .missing()
                .map(|(i, e)| crate::tr!("log-texture-missing", index = i, error = e.to_string()))
                .collect();
            if self.textures.pending() == 0 && !missing.is_empty() {
                for m in missing {
                    self.log(LogLevel::Warning, m);
                }
            }
        }
        let changes = std::mem::take(&mut self.changes);
        if !changes.is_empty() {
            self.model_changed(&changes);
        }
        let (failed, again) = self.autosave.tick(&self.doc, std::time::Instant::now());
        if let Some(error) = failed {
            self.log(
                LogLevel::Warning,
                crate::tr!("recovery-failed", error = error),
            );
        }
        if let (Some(ctx), Some(after)) = (&self.repaint, again) {
            ctx.request_repaint_after(after);
        }
        let dt = self
            .repaint
            .as_ref()
            .map_or(0.0, |c| c.input(|i| i.stable_dt));
        timeline::tick(self, dt);
        self.pose.evaluate(self.doc.model());
        let live = self.playback.playing
            && (self.pose.physics_enabled() || self.playback.motion.is_some());
        if let Some(ctx) = &self.repaint {
            if live {
                ctx.request_repaint();
            }
        }
    }

    /// Decodes the textures the table gained or re-pointed (a merged part's are read from
    /// its folder until the model is saved beside them).
    fn sync_textures(&mut self) {
        let doc = &self.doc;
        self.textures
            .sync(&doc.model().textures, |i| doc.texture_folder(i));
    }

    /// The window title: file name, an unsaved mark, the app name.
    pub fn title(&self) -> String {
        let dirty = if self.doc.is_dirty() { "● " } else { "" };
        format!("{dirty}{} — Hone", self.doc.display_name)
    }
}

impl State {
    /// The view alone (tests and code that send nothing).
    pub fn view(&self) -> View<'_> {
        view_of!(self)
    }

    /// The frame's view for the panels, the command queue they send to, and their
    /// own UI state: three disjoint borrows of the state.
    pub fn split(&mut self) -> (View<'_>, &mut Commands, &mut PanelState) {
        let view = view_of!(self);
        (view, &mut self.commands, &mut self.panels)
    }

    /// The frame's view for the viewport, the command queue its input sends to, and
    /// its drawing buffers: three disjoint borrows of the state.
    pub fn split_viewport(&mut self) -> (View<'_>, &mut Commands, &mut viewport::Scratch) {
        let view = view_of!(self);
        (view, &mut self.commands, &mut self.viewport_scratch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::demo;

    #[test]
    fn title_marks_unsaved_edits() {
        let mut state = State::new(Document::new(demo::tube_rig(), None, "tube.pmx"), None);
        assert_eq!(state.title(), "tube.pmx — Hone");
        let mut bone = state.doc.model().bones[0].clone();
        bone.layer = 1;
        state
            .commands
            .edit(crate::edit::ModelEdit::set_bone(0, bone, "deform layer"));
        // Nothing happens until the frame's commands are applied.
        assert_eq!(state.title(), "tube.pmx — Hone");
        state.apply_commands();
        assert_eq!(state.title(), "● tube.pmx — Hone");
        state.tick();
        state.commands.push(Command::Undo);
        state.apply_commands();
        assert_eq!(state.title(), "tube.pmx — Hone");
    }

    #[test]
    fn a_selection_from_outside_the_lists_reveals_it_for_one_frame() {
        let mut state = State::new(Document::new(demo::tube_rig(), None, "tube.pmx"), None);
        state.commands.select_in_list(Selection::Bone(1));
        state.apply_commands();
        assert_eq!(state.selection, Selection::Bone(1));
        assert!(
            !state.panels.reveal_selection,
            "clicked in a list: no scroll"
        );
        state.commands.select(Selection::Bone(2));
        state.apply_commands();
        assert_eq!(state.selection, Selection::Bone(2));
        assert!(state.panels.reveal_selection, "the lists scroll next frame");
        state.apply_commands();
        assert!(!state.panels.reveal_selection, "and only that frame");
    }
}
