//! The desktop app: an eframe window with a dock of panels around a three-d viewport.
//!
//! [`State`] holds everything the panels see: the [`Document`](document::Document)
//! (model + undo history), the pose (runtime, not a model edit), selection and view
//! options. Panels read it and push [`commands::Command`]s — model edits
//! ([`ModelEdit`](crate::edit::ModelEdit)), selection and pose changes — which
//! [`State::apply_commands`] applies once per frame after every panel has drawn.
//!
//! The app never imports from `cli`: the command line parses its flags and hands
//! the window a finished [`launch::Launch`].

pub mod autosave;
pub mod commands;
pub mod demo;
pub mod dock;
pub mod document;
pub mod files;
pub mod fonts;
pub mod generators;
pub mod i18n;
pub mod launch;
mod menus;
pub mod morph_tools;
pub mod name_fit;
pub mod outputs;
pub mod panels;
pub mod pose;
pub mod pose_files;
pub mod pose_undo;
pub mod screenshot;
pub mod selection;
pub mod shell;
pub mod state;
pub mod textures;
pub mod timeline;
pub mod translate_names;
pub mod view;
pub mod viewport;
pub mod weight_view;

pub use document::sample_document;
pub use selection::{Selected, Selection};
pub use shell::HoneApp;
pub use state::{PanelState, State};
pub use view::View;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogLevel {
    Info,
    Warning,
    Error,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_opens_with_its_bundled_texture() {
        let doc = sample_document();
        assert_eq!(doc.display_name, "hone-sample.pmx");
        assert!(doc.model().bones.len() > 50);
        let mut store = textures::TextureStore::load(
            &doc.model().textures,
            doc.base_dir(),
            doc.embedded_textures,
            None,
        );
        let t0 = std::time::Instant::now();
        while store.pending() > 0 && t0.elapsed().as_secs() < 10 {
            store.poll();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(store.missing().count(), 0);
        assert!(store
            .states
            .iter()
            .all(|s| matches!(s, textures::TexState::Ready(_))));
    }
}
