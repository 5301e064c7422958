//! [`View`]: what a panel reads of the document — the model, the selection, the pose,
//! the playback, the caches — all shared borrows. A panel draws from a `View` and
//! sends [`Command`](crate::app::commands::Command)s; its own UI state (search
//! boxes, the bone tree's folds) is the [`PanelState`](crate::app::PanelState) it gets beside them.

use crate::app::document::Document;
use crate::app::{pose, textures, timeline, viewport, LogLevel, Selected, Selection};
use crate::pmx::Model;

/// A read-only view of the document for one frame's panels.
pub struct View<'a> {
    pub doc: &'a Document,
    pub model: &'a Model,
    /// The active element.
    pub selection: Selection,
    /// The elements of its kind selected with it.
    pub selected: &'a Selected,
    /// The lists scroll to the active element this frame (it was selected elsewhere).
    pub reveal: bool,
    pub pose: &'a pose::PoseState,
    pub playback: &'a timeline::Playback,
    pub debug: &'a viewport::debug_overlays::DebugState,
    pub textures: &'a textures::TextureStore,
    pub log: &'a [(LogLevel, String)],
    /// Which materials the viewport draws (a view setting).
    pub material_visible: &'a [bool],
    /// The bone whose weights the viewport shows, if any.
    pub weight_bone: Option<usize>,
    /// The viewport's camera, view switches, mode and tool settings (the mode bar
    /// and the tool bars draw from them).
    pub viewport: &'a viewport::Viewport,
    /// The open operation dialog (the viewport previews its plan).
    pub generator: Option<&'a crate::app::generators::Dialog>,
}

impl View<'_> {
    /// Every selected index of the active element's kind, ascending.
    pub fn selected_indices(&self) -> Vec<usize> {
        self.selected.indices(self.selection)
    }

    /// The selected vertices, ascending (none unless a vertex is the active element).
    pub fn selected_vertices(&self) -> Vec<usize> {
        use crate::edit::ElementKind;
        self.selected
            .iter(self.selection, ElementKind::Vertex)
            .collect()
    }

    /// What the Simulation panel plots: the selected rigid bodies, then the selected
    /// bones (a bone's first body gives its distance), at most `most`, with names.
    pub fn plot_targets(&self, most: usize) -> (Vec<crate::sim::ProbeTarget>, Vec<String>) {
        use crate::edit::ElementKind;
        use crate::sim::ProbeTarget;
        let model = self.model;
        let bodies = self.selected.iter(self.selection, ElementKind::RigidBody);
        let bodies = bodies.filter_map(|i| {
            Some((
                ProbeTarget::body(model, i)?,
                model.rigid_bodies[i].name.clone(),
            ))
        });
        let bones = self.selected.iter(self.selection, ElementKind::Bone);
        let bones =
            bones.filter_map(|i| Some((ProbeTarget::bone(model, i)?, model.bones[i].name.clone())));
        bodies.chain(bones).take(most).unzip()
    }
}
