//! The dock: which tabs exist, the default layout, and how each tab is drawn.

use eframe::egui;

use crate::app::commands::Commands;
use crate::app::{panels, viewport, PanelState, State, View};
use egui_dock::{DockState, NodeIndex, TabViewer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Tab {
    Viewport,
    Bones,
    Morphs,
    Physics,
    CollisionMatrix,
    SoftBodies,
    Materials,
    Inspector,
    History,
    Log,
    DeformOrder,
    Problems,
    Simulation,
    DisplayFrames,
    Textures,
    Weights,
    Uv,
}

impl Tab {
    pub const ALL: [Tab; 17] = [
        Tab::Viewport,
        Tab::Bones,
        Tab::Morphs,
        Tab::Physics,
        Tab::CollisionMatrix,
        Tab::SoftBodies,
        Tab::Materials,
        Tab::Inspector,
        Tab::History,
        Tab::Log,
        Tab::DeformOrder,
        Tab::Problems,
        Tab::Simulation,
        Tab::DisplayFrames,
        Tab::Textures,
        Tab::Weights,
        Tab::Uv,
    ];

    /// The tab's catalogue key.
    pub fn key(self) -> &'static str {
        match self {
            Tab::Viewport => "tab-viewport",
            Tab::Bones => "tab-bones",
            Tab::Morphs => "tab-morphs",
            Tab::Physics => "tab-physics",
            Tab::CollisionMatrix => "tab-collision-matrix",
            Tab::SoftBodies => "tab-soft-bodies",
            Tab::Materials => "tab-materials",
            Tab::Inspector => "tab-inspector",
            Tab::History => "tab-history",
            Tab::Log => "tab-log",
            Tab::DeformOrder => "tab-deform-order",
            Tab::Problems => "tab-problems",
            Tab::Simulation => "tab-simulation",
            Tab::DisplayFrames => "tab-display-frames",
            Tab::Textures => "tab-textures",
            Tab::Weights => "tab-weights",
            Tab::Uv => "tab-uv",
        }
    }

    /// The tab's title in the current language.
    pub fn title(self) -> String {
        crate::tr!(self.key())
    }

    /// The tab's title in `lang` (`--tab` accepts either language).
    pub fn title_in(self, lang: hone_core::i18n::Lang) -> String {
        hone_core::i18n::lookup_in(&crate::app::i18n::APP, lang, self.key(), &[])
    }
}

/// Bones | Viewport (UV editor behind it) | Inspector, with lists and history/log tabbed below.
pub fn default_layout() -> DockState<Tab> {
    // The UV editor wants the viewport's room: a tab behind it.
    let mut state = DockState::new(vec![Tab::Viewport, Tab::Uv]);
    let tree = state.main_surface_mut();
    let [center, _left] = tree.split_left(
        NodeIndex::root(),
        0.2,
        vec![Tab::Bones, Tab::Morphs, Tab::Materials, Tab::Textures],
    );
    let [center, right] = tree.split_right(center, 0.72, vec![Tab::Inspector, Tab::Weights]);
    tree.split_below(right, 0.6, vec![Tab::History, Tab::Log]);
    tree.split_below(
        center,
        0.74,
        vec![
            Tab::Simulation,
            Tab::Physics,
            // Beside the bone tree and morph list, which its items are dragged from.
            Tab::DisplayFrames,
            Tab::SoftBodies,
            Tab::CollisionMatrix,
            Tab::Problems,
            Tab::DeformOrder,
        ],
    );
    state
}

/// Brings `tab` to the front (adding it to the focused leaf if it is closed).
pub fn focus_tab(state: &mut DockState<Tab>, tab: Tab) {
    match state.find_tab(&tab) {
        Some(path) => {
            let _ = state.set_active_tab(path);
        }
        None => {
            // The UV editor wants room: it opens beside the viewport.
            if let (Tab::Uv, Some(v)) = (tab, state.find_tab(&Tab::Viewport)) {
                state.set_focused_node_and_surface(v.node_path());
            }
            state.push_to_focused_leaf(tab)
        }
    }
}

/// The list tab that shows elements of `kind` (what a viewport pick brings forward).
pub fn list_tab(kind: crate::edit::ElementKind) -> Option<Tab> {
    use crate::edit::ElementKind as K;
    Some(match kind {
        K::Bone => Tab::Bones,
        K::Morph => Tab::Morphs,
        K::Material => Tab::Materials,
        K::Texture => Tab::Textures,
        K::RigidBody | K::Joint => Tab::Physics,
        K::SoftBody => Tab::SoftBodies,
        K::DisplayFrame => Tab::DisplayFrames,
        _ => return None,
    })
}

/// Brings `tab` to the front of its dock node if it is open; a closed tab
/// stays closed (the user closed it).
pub fn raise_tab(state: &mut DockState<Tab>, tab: Tab) {
    if let Some(path) = state.find_tab(&tab) {
        let _ = state.set_active_tab(path);
    }
}

/// A tab by name (`--tab`): its title in either language or its variant name, case
/// and spaces ignored.
pub fn tab_by_name(name: &str) -> Option<Tab> {
    let norm = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let n = norm(name);
    Tab::ALL.into_iter().find(|t| {
        hone_core::i18n::Lang::ALL
            .into_iter()
            .any(|lang| norm(&t.title_in(lang)) == n)
            || norm(&format!("{t:?}")) == n
    })
}

pub struct Viewer<'a> {
    pub state: &'a mut State,
}

impl TabViewer for Viewer<'_> {
    type Tab = Tab;

    fn id(&mut self, tab: &mut Tab) -> egui::Id {
        egui::Id::new(("hone_tab", *tab))
    }

    fn title(&mut self, tab: &mut Tab) -> egui::WidgetText {
        tab.title().into()
    }

    fn ui(&mut self, ui: &mut egui::Ui, tab: &mut Tab) {
        let state = &mut *self.state;
        // Panels that read a View and send commands.
        let read_and_send: Option<fn(&mut egui::Ui, &View, &mut Commands, &mut PanelState)> =
            match tab {
                Tab::Bones => Some(panels::bones::show),
                Tab::Morphs => Some(panels::morphs::show),
                Tab::Physics => Some(panels::physics::show),
                Tab::SoftBodies => Some(panels::soft_bodies::show),
                Tab::Simulation => Some(panels::simulation::show),
                Tab::DisplayFrames => Some(panels::display_frames::show),
                Tab::Textures => Some(panels::textures::show),
                Tab::History => Some(panels::history::show),
                Tab::Log => Some(panels::log::show),
                Tab::CollisionMatrix => Some(panels::collision_matrix::show),
                Tab::Materials => Some(panels::materials::show),
                Tab::DeformOrder => Some(panels::deform_order::show),
                Tab::Problems => Some(panels::problems::show),
                Tab::Weights => Some(panels::weights::show),
                Tab::Uv => Some(panels::uv::show),
                Tab::Inspector => Some(panels::inspector::show),
                _ => None,
            };
        if matches!(tab, Tab::Problems | Tab::DeformOrder) {
            panels::deform_order::prepare(state);
        }
        if let Some(show) = read_and_send {
            let (view, commands, local) = state.split();
            show(ui, &view, commands, local);
            return;
        }
        // The viewport reads its caches brought up to date, then draws and sends.
        if matches!(tab, Tab::Viewport) {
            viewport::prepare(state);
            let (view, commands, scratch) = state.split_viewport();
            viewport::show(ui, &view, commands, scratch);
        }
    }

    fn is_closeable(&self, tab: &Tab) -> bool {
        *tab != Tab::Viewport
    }

    fn clear_background(&self, tab: &Tab) -> bool {
        *tab != Tab::Viewport
    }

    fn scroll_bars(&self, _tab: &Tab) -> [bool; 2] {
        // Panels scroll their own lists.
        [false, false]
    }
}
