//! `--screenshot` mode: render once everything is loaded (textures decoded and
//! on the GPU, a few frames drawn), write a PNG, close the window.

use eframe::egui;

use crate::app::{textures, State};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub struct ScreenshotJob {
    pub out: PathBuf,
    pub result: Arc<Mutex<Option<Result<(), String>>>>,
    requested: bool,
    started: std::time::Instant,
}

impl ScreenshotJob {
    pub fn new(out: PathBuf) -> Self {
        ScreenshotJob {
            out,
            result: Arc::new(Mutex::new(None)),
            requested: false,
            started: std::time::Instant::now(),
        }
    }

    /// Called every frame: asks for the screenshot once the scene is ready, then
    /// writes the image it gets back and closes the window.
    pub fn drive(&mut self, ctx: &egui::Context, state: &State) {
        let image = ctx.input(|i| {
            i.raw.events.iter().find_map(|e| match e {
                egui::Event::Screenshot { image, .. } => Some(image.clone()),
                _ => None,
            })
        });
        if let Some(image) = image {
            let [w, h] = image.size;
            let rgba: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
            let result = image::RgbaImage::from_raw(w as u32, h as u32, rgba)
                .ok_or_else(|| "bad screenshot buffer".to_string())
                .and_then(|img| {
                    img.save(&self.out)
                        .map_err(|e| format!("{}: {e}", self.out.display()))
                });
            *self.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if self.requested {
            ctx.request_repaint();
            return;
        }
        let textures_done = state.textures().pending() == 0;
        let ready_textures = state
            .textures()
            .states
            .iter()
            .filter(|t| matches!(t, textures::TexState::Ready(_)))
            .count();
        let gpu_ready = match &state.viewport().gpu {
            Some(g) => g
                .lock()
                .map(|s| {
                    s.uploaded_textures >= ready_textures && s.frames_drawn >= 3
                        || s.error.is_some()
                })
                .unwrap_or(true),
            None => true,
        };
        let timed_out = self.started.elapsed().as_secs() > 60;
        if (textures_done && gpu_ready) || timed_out {
            if timed_out {
                eprintln!("hone: screenshot: gave up waiting for textures after 60 s");
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(egui::UserData::default()));
            self.requested = true;
        }
        ctx.request_repaint();
    }
}
