//! Texture files: resolved beside the model, decoded off the UI thread.
//!
//! The format is told by content (an `.sph` is usually a BMP); TGA has no magic
//! bytes, so it is tried last. A missing or broken texture is listed, never fatal.

use eframe::egui;

use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

#[derive(Debug)]
pub struct DecodedImage {
    pub width: u32,
    pub height: u32,
    /// RGBA8, rows from the top.
    pub rgba: Vec<u8>,
}

#[derive(Debug, Clone)]
pub enum TexState {
    Pending,
    Ready(Arc<DecodedImage>),
    Missing(String),
}

pub struct TextureStore {
    pub states: Vec<TexState>,
    rx: Option<Receiver<(usize, Result<DecodedImage, String>)>>,
}

impl TextureStore {
    /// Starts decoding every texture of the model in the background.
    pub fn load(
        textures: &[String],
        base_dir: Option<&Path>,
        embedded: &'static [(&'static str, &'static [u8])],
        repaint: Option<egui::Context>,
    ) -> Self {
        let (tx, rx) = channel();
        let jobs: Vec<(usize, Option<PathBuf>, String)> = textures
            .iter()
            .enumerate()
            .map(|(i, name)| {
                (
                    i,
                    base_dir.and_then(|d| crate::pmx::textures::find(d, name)),
                    name.clone(),
                )
            })
            .collect();
        std::thread::spawn(move || {
            jobs.into_par_iter().for_each(|(i, path, name)| {
                let bundled = embedded.iter().find(|(n, _)| n.eq_ignore_ascii_case(&name));
                let result = match (path, bundled) {
                    (Some(p), _) => decode_file(&p),
                    (None, Some((_, bytes))) => decode_bytes(bytes),
                    (None, None) => Err(crate::tr!("log-texture-not-found", name = name)),
                };
                let _ = tx.send((i, result));
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
            });
        });
        TextureStore {
            states: vec![TexState::Pending; textures.len()],
            rx: Some(rx),
        }
    }

    pub fn empty() -> Self {
        TextureStore {
            states: Vec::new(),
            rx: None,
        }
    }

    /// Takes finished decodes; returns the indices that became ready.
    pub fn poll(&mut self) -> Vec<usize> {
        let mut ready = Vec::new();
        if let Some(rx) = &self.rx {
            while let Ok((i, result)) = rx.try_recv() {
                if let Some(state) = self.states.get_mut(i) {
                    *state = match result {
                        Ok(img) => {
                            ready.push(i);
                            TexState::Ready(Arc::new(img))
                        }
                        Err(e) => TexState::Missing(e),
                    };
                }
            }
        }
        ready
    }

    pub fn pending(&self) -> usize {
        self.states
            .iter()
            .filter(|s| matches!(s, TexState::Pending))
            .count()
    }

    pub fn missing(&self) -> impl Iterator<Item = (usize, &str)> {
        self.states.iter().enumerate().filter_map(|(i, s)| match s {
            TexState::Missing(e) => Some((i, e.as_str())),
            _ => None,
        })
    }
}

pub fn decode_file(path: &Path) -> Result<DecodedImage, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    decode_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn decode_bytes(bytes: &[u8]) -> Result<DecodedImage, String> {
    let img = match image::load_from_memory(bytes) {
        Ok(img) => img,
        Err(first) => image::load_from_memory_with_format(bytes, image::ImageFormat::Tga)
            .map_err(|_| first.to_string())?,
    };
    let rgba = img.to_rgba8();
    Ok(DecodedImage {
        width: rgba.width(),
        height: rgba.height(),
        rgba: rgba.into_raw(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_by_content_not_extension() {
        let mut png = Vec::new();
        image::RgbaImage::from_pixel(2, 3, image::Rgba([10, 20, 30, 255]))
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("Tex")).unwrap();
        std::fs::write(dir.path().join("Tex/Face.SPH"), &png).unwrap();
        let path = crate::pmx::textures::find(dir.path(), "tex\\face.sph")
            .expect("case-insensitive resolve");
        let img = decode_file(&path).unwrap();
        assert_eq!((img.width, img.height), (2, 3));
        assert_eq!(&img.rgba[..4], &[10, 20, 30, 255]);
        assert!(crate::pmx::textures::find(dir.path(), "tex\\none.png").is_none());
        assert!(decode_bytes(b"not an image").is_err());
    }
}
