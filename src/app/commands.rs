//! What panels ask for. A panel reads the [`State`](crate::app::State) and pushes
//! [`Command`]s; the app applies them once per frame, after every panel has drawn
//! ([`State::apply_commands`](crate::app::State::apply_commands)), so all panels of
//! one frame see the same model, selection and pose.

use crate::app::{Selected, Selection};
use eframe::egui;
use glam::Vec3;

use crate::deform::BonePose;
use crate::edit::{ElementKind, ModelEdit};
use crate::ops::Operation;

#[derive(Debug, Clone)]
pub enum Command {
    /// A model edit, recorded in the undo history.
    Edit(ModelEdit),
    /// The textures the edit before added from another folder (a merged part's): the
    /// document copies them beside the model when it is saved.
    BringTextures(crate::pmx::textures::TextureOrigins),
    Undo,
    Redo,
    /// Jump to the state after `n` history steps (0 = as opened).
    GoTo(usize),
    /// Select an element; `reveal` scrolls the lists to it (the selection came
    /// from outside them, e.g. the viewport or a problem).
    Select {
        selection: Selection,
        reveal: bool,
    },
    /// A click on an element in the viewport (Ctrl/Shift-click adds or removes
    /// it, as in the lists): selects, scrolls the lists to the active element
    /// and brings its list's tab forward.
    Pick {
        active: Selection,
        selected: Selected,
    },
    /// Replace the whole selection: the active element and those selected with it
    /// (Ctrl/Shift-click, box selection).
    SelectSet {
        active: Selection,
        selected: Selected,
        reveal: bool,
    },
    /// Pose one bone (runtime, not a model edit).
    PoseBone(usize, BonePose),
    /// One morph's weight in the pose.
    PoseMorph(usize, f32),
    /// Every bone and morph back to rest.
    ResetPose,
    /// Physics on or off (starts from the current pose).
    Physics(bool),
    /// Every rigid body back on its bone.
    ResetPhysics,
    /// Record swing, speed and distance of these bones for the Simulation panel's plots
    /// (the last `frames` frames); none stops recording.
    Probe {
        targets: Vec<crate::sim::ProbeTarget>,
        frames: usize,
    },
    /// Ctrl+Z / Ctrl+Y: undo / redo the newest change, pose or model
    /// ([`crate::app::pose_undo`]).
    UndoNewest,
    RedoNewest,
    /// Undo / redo the last pose change (the pose's own history, not the model's).
    UndoPose,
    RedoPose,
    /// Switch the viewport's mode (Pose / Edit bones / Vertices).
    ViewMode(Mode),
    /// Open a rig generator's dialog on a selection (it applies its own edit).
    Generator(Open),
    /// Save these materials as a model of their own (asks where; the model is unchanged).
    SaveMaterialsAsModel(Vec<usize>),
    /// New world settings for the simulation (a running one restarts on the pose).
    SetPhysicsConfig(crate::physics::PhysicsConfig),
    /// The motion timeline's transport and options.
    Playback(PlaybackCommand),
    /// Unload the motion (the pose stays where it is).
    UnloadMotion,
    /// A list's structural request (add, duplicate, delete, move), performed on the
    /// selection of the moment it is applied.
    List(crate::app::panels::structure::Request),
    /// Empty the Log.
    ClearLog,
    /// A line for the Log (what a panel's action did or why it did nothing).
    Log(crate::app::LogLevel, String),
    /// Show or hide one material in the viewport (None: all of them); a view
    /// setting, not an edit.
    ShowMaterial(Option<usize>, bool),
    /// The debug overlays and the IK iteration viewer (Deform order panel).
    DebugView {
        overlays: crate::app::viewport::debug_overlays::DebugOverlays,
        ik_steps: bool,
        ik_step: usize,
    },
    /// A change of what the viewport shows (not the model, not the pose).
    View(ViewCommand),
    /// The output format for Save (File ▸ Save format).
    SaveOptions(crate::pmx::write::WriteOptions),
    /// Paint weights mode's stroke, as the viewport's pointer makes it.
    Paint(PaintCommand),
    /// Edit morph mode's arrows dragged on the selected vertices.
    MorphDrag(MorphDrag),
}

/// One step of a weight-paint stroke ([`crate::app::viewport::paint::apply`] does it):
/// a stroke is one undo step, its dabs merged into it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PaintCommand {
    /// Where the brush is on the mesh (MMD space), for its outline.
    Hover(Option<glam::Vec3>),
    /// The button went down: a new stroke on the weight view's bone.
    Begin,
    /// One dab at `centre` (MMD space; screen `at`, seen through `proj`).
    Dab {
        centre: glam::Vec3,
        at: egui::Pos2,
        proj: crate::app::viewport::camera::Projector,
    },
    /// The pointer reached `at`: the next frame's dabs fill the way from there.
    Reached(egui::Pos2),
    /// The button went up.
    End,
}

/// One step of an Edit morph drag ([`crate::app::viewport::morph_edit::apply`]):
/// a drag is one undo step.
#[derive(Debug, Clone, PartialEq)]
pub enum MorphDrag {
    /// An arrow was grabbed.
    Begin,
    /// The arrows moved `vertices` by `delta` (MMD space) this frame.
    Move { vertices: Vec<usize>, delta: Vec3 },
    /// The button went up (a "(new morph)" drag makes its morph now).
    End { vertices: Vec<usize> },
}

/// The viewport's mode ([`crate::app::viewport::modes`] runs it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Pose,
    EditBones,
    Vertices,
    PaintWeights,
    MorphEdit,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::Pose,
        Mode::EditBones,
        Mode::Vertices,
        Mode::PaintWeights,
        Mode::MorphEdit,
    ];

    pub fn label(self) -> String {
        crate::tr!(match self {
            Mode::Pose => "mode-pose",
            Mode::EditBones => "mode-edit-bones",
            Mode::Vertices => "mode-vertices",
            Mode::PaintWeights => "mode-paint-weights",
            Mode::MorphEdit => "mode-edit-morph",
        })
    }

    /// Whether the selected bone gets the gizmo (posing or moving its rest).
    pub fn has_bone_gizmo(self) -> bool {
        matches!(self, Mode::Pose | Mode::EditBones)
    }

    /// Whether clicks and box drags select vertices.
    pub fn selects_vertices(self) -> bool {
        matches!(self, Mode::Vertices | Mode::MorphEdit)
    }

    /// Whether the mode shows the rest pose (the pose is parked meanwhile).
    pub(crate) fn parks_pose(self) -> bool {
        matches!(self, Mode::EditBones | Mode::MorphEdit)
    }

    pub(crate) fn hint(self) -> String {
        crate::tr!(match self {
            Mode::Pose => "mode-pose-hint",
            Mode::EditBones => "mode-edit-bones-hint",
            Mode::Vertices => "mode-vertices-hint",
            Mode::PaintWeights => "mode-paint-weights-hint",
            Mode::MorphEdit => "mode-edit-morph-hint",
        })
    }
}

/// What opens a dialog: the operation and the selection it starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Open {
    pub op: &'static Operation,
    pub kind: Option<ElementKind>,
    pub selected: Vec<usize>,
}

/// What the viewport's toolbar changes of the view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ViewCommand {
    Options(crate::app::viewport::ViewOptions),
    Collision(crate::app::viewport::collision::CollisionOptions),
    Overlays(crate::app::viewport::debug_overlays::DebugOverlays),
    WeightMode(crate::app::weight_view::WeightMode),
    /// The camera back to where it starts on this model.
    ResetCamera,
    /// The camera around the selection (the whole model without one).
    FrameSelection,
    /// The frame-timing box shown or not (View ▸ Frame timing).
    Timing(bool),
    /// Edit bones mode's options (move children, keep an offset tail's end).
    RestOptions(crate::rig::rest::MoveRest),
    /// Vertices mode's select-by-weight and select-by-material settings.
    VertexTools(crate::app::viewport::modes::VertexTools),
    /// Paint weights mode's brush.
    Brush(crate::app::viewport::paint::BrushSettings),
    /// The vertex morph Edit morph mode records into (None: a new one).
    MorphTarget(Option<usize>),
    /// The camera after this frame's rotate, pan, zoom, Home or F (the viewport
    /// draws with it already).
    Camera(crate::app::viewport::camera::OrbitCamera),
    /// The gizmo's drag after this frame's pointer (grabbed, moved, let go).
    Gizmo(crate::app::viewport::gizmo::Gizmo),
    /// Where a box selection's drag started (None: no box).
    BoxFrom(Option<egui::Pos2>),
    /// Where the viewport was drawn (tests and the window aim at it).
    Rect(egui::Rect),
}

/// What the Simulation tab asks of the motion's playback.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PlaybackCommand {
    Play,
    Pause,
    Step,
    Reset,
    Seek(f32),
    Looping(bool),
    Speed(f32),
    /// Reset the physics when the motion passes this frame (none: never).
    ResetAt(Option<u32>),
    /// Seconds of physics run before playing from a reset.
    WarmUp(f32),
}

/// The commands of the current frame, in the order the panels pushed them.
#[derive(Debug, Default)]
pub struct Commands(Vec<Command>);

impl Commands {
    pub fn push(&mut self, command: Command) {
        self.0.push(command);
    }

    pub fn edit(&mut self, edit: ModelEdit) {
        self.push(Command::Edit(edit));
    }

    /// Selects and scrolls every list to the element.
    pub fn select(&mut self, selection: Selection) {
        self.push(Command::Select {
            selection,
            reveal: true,
        });
    }

    /// Selects from a list row the user clicked (already in view: no scrolling).
    pub fn select_in_list(&mut self, selection: Selection) {
        self.push(Command::Select {
            selection,
            reveal: false,
        });
    }

    pub fn pose_bone(&mut self, bone: usize, pose: BonePose) {
        self.push(Command::PoseBone(bone, pose));
    }

    pub fn pose_morph(&mut self, morph: usize, weight: f32) {
        self.push(Command::PoseMorph(morph, weight));
    }

    pub fn log(&mut self, level: crate::app::LogLevel, message: impl Into<String>) {
        self.push(Command::Log(level, message.into()));
    }

    /// Moves the commands of `other` behind these (`other` is left empty).
    pub fn append(&mut self, other: &mut Commands) {
        self.0.append(&mut other.0);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The pushed commands, oldest first (they are removed).
    pub fn take(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.0)
    }

    /// The commands pushed so far (tests and the bench look).
    pub fn pending(&self) -> &[Command] {
        &self.0
    }
}
