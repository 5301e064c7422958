//! Opening the window with what `hone` was asked for. The command line
//! (`cli/gui.rs`) parses and checks its flags against the model before any
//! window opens and hands over a [`Launch`] of finished values.

use eframe::egui;

use crate::app::document::Document;
use crate::app::screenshot::ScreenshotJob;
use crate::app::viewport::collision::CollisionOptions;
use crate::app::viewport::debug_overlays::DebugOverlays;
use crate::app::viewport::ViewOptions;
use crate::app::{dock, timeline, HoneApp, Selection};
use crate::deform::Pose;
use crate::motion::Vmd;
use std::path::PathBuf;

/// What the window starts with.
pub struct Launch {
    pub doc: Document,
    /// Render once everything is loaded, write this PNG and exit.
    pub screenshot: Option<PathBuf>,
    pub size: Option<(u32, u32)>,
    pub select: Option<Selection>,
    /// Viewport switches; None keeps the ones the user last had.
    pub view: Option<ViewOptions>,
    pub debug_overlays: DebugOverlays,
    pub collision: CollisionOptions,
    /// Dock tab to bring to the front.
    pub tab: Option<dock::Tab>,
    /// A pose to show (bones and morphs), then single morph weights on top.
    pub pose: Option<Pose>,
    pub morphs: Vec<(usize, f32)>,
    /// A motion to bind (and its file name), the frame to show and the seconds of
    /// pipeline with physics to run up to that frame.
    pub motion: Option<(Vmd, String)>,
    pub frame: Option<f32>,
    pub play_seconds: Option<f32>,
    /// Camera yaw and pitch in degrees.
    pub yaw: Option<f32>,
    pub pitch: Option<f32>,
    /// The file asked for did not open (the window shows this, on `doc`).
    pub open_error: Option<String>,
    /// The weight view's mode (`--weights`).
    pub weights: Option<crate::app::weight_view::WeightMode>,
    /// An operation's dialog to open (`--dialog`).
    pub dialog: Option<crate::app::generators::Dialog>,
}

impl Launch {
    /// The window on `doc` with nothing else asked for.
    pub fn new(doc: Document) -> Self {
        Launch {
            doc,
            screenshot: None,
            size: None,
            select: None,
            view: None,
            debug_overlays: Default::default(),
            collision: Default::default(),
            tab: None,
            pose: None,
            morphs: Vec::new(),
            motion: None,
            frame: None,
            play_seconds: None,
            yaw: None,
            pitch: None,
            open_error: None,
            weights: None,
            dialog: None,
        }
    }

    /// Applies everything but the document to a freshly made app.
    fn set_up(self, app: &mut HoneApp, screenshot_mode: bool) {
        if let Some(e) = self.open_error {
            app.state.log(crate::app::LogLevel::Error, e.clone());
            app.error_message = Some(e);
        }
        let state = &mut app.state;
        if screenshot_mode {
            state.viewport_mut().options = self.view.unwrap_or_default();
            // Deterministic output: never ask a dialog from screenshot mode.
            app.allow_close = true;
        } else if let Some(view) = self.view {
            state.viewport_mut().options = view;
        }
        if let Some(s) = self.select {
            state.select(s);
        }
        if let Some(d) = self.dialog {
            state.set_generator(Some(d));
        }
        state.debug_mut().overlays = self.debug_overlays;
        if let Some(mode) = self.weights {
            state.viewport_mut().weights.mode = mode;
        }
        if let Some(t) = self.tab {
            dock::focus_tab(&mut app.dock, t);
        }
        state.viewport_mut().collision.options = self.collision;
        if self.collision.bodies && self.tab.is_none() {
            // Show the matrix beside the overlay.
            if let Some(path) = app.dock.find_tab(&dock::Tab::CollisionMatrix) {
                let _ = app.dock.set_active_tab(path);
            }
        }
        if let Some(pose) = self.pose {
            for (i, b) in pose.bones.into_iter().enumerate() {
                state.pose_mut().set_bone(i, b);
            }
            for (i, w) in pose.morphs.into_iter().enumerate() {
                state.pose_mut().set_morph(i, w);
            }
        }
        for (i, w) in self.morphs {
            state.pose_mut().set_morph(i, w);
        }
        if let Some(deg) = self.yaw.filter(|d| d.is_finite()) {
            state.viewport_mut().camera.yaw = deg.to_radians();
        }
        if let Some(deg) = self.pitch.filter(|d| d.is_finite()) {
            state.viewport_mut().camera.pitch = deg.to_radians().clamp(-1.55, 1.55);
        }
        if self.motion.is_some() || self.play_seconds.is_some() {
            timeline::prepare_capture(state, self.motion, self.frame, self.play_seconds);
        }
    }
}

/// Opens the window (or renders a screenshot and exits).
pub fn run(mut launch: Launch) -> Result<(), String> {
    let (w, h) = launch.size.unwrap_or((1600, 1000));
    let screenshot = launch.screenshot.take().map(ScreenshotJob::new);
    let screenshot_mode = screenshot.is_some();
    let result = screenshot.as_ref().map(|j| j.result.clone());
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Hone")
        .with_inner_size([w as f32, h as f32])
        .with_drag_and_drop(true)
        .with_app_id("hone");
    if screenshot_mode {
        viewport = viewport.with_resizable(false);
    }
    let options = eframe::NativeOptions {
        viewport,
        depth_buffer: 24,
        // The ground shadow darkens each floor pixel once (render.rs).
        stencil_buffer: 8,
        renderer: eframe::Renderer::Glow,
        persist_window: !screenshot_mode,
        // eframe restores the saved window size even with persist_window off: a
        // screenshot reads no saved state (a storage file that does not exist).
        persistence_path: screenshot_mode
            .then(|| std::env::temp_dir().join("hone-screenshot-reads-no-state/app.ron")),
        ..Default::default()
    };
    eframe::run_native(
        "Hone",
        options,
        Box::new(move |cc| {
            let doc =
                std::mem::replace(&mut launch.doc, Document::new(Default::default(), None, ""));
            let mut app = HoneApp::new(cc, doc, screenshot);
            launch.set_up(&mut app, screenshot_mode);
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}"))?;
    if let Some(result) = result {
        let r = result.lock().unwrap_or_else(|e| e.into_inner()).take();
        return match r {
            Some(r) => r,
            None => Err("the window closed before the screenshot was taken".into()),
        };
    }
    Ok(())
}
