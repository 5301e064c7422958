//! Texture files: resolved beside the model, decoded off the UI thread.
//!
//! The format is told by content (an `.sph` is usually a BMP); TGA has no magic
//! bytes, so it is tried last. A missing or broken texture is listed, never fatal.

use eframe::egui;

use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
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

/// What a texture was decoded from: the name the table stores and the file it found.
type Source = (String, Option<PathBuf>);
/// A finished decode: the slot, what it decoded, the image or why not.
type Decoded = (usize, Source, Result<DecodedImage, String>);

pub struct TextureStore {
    pub states: Vec<TexState>,
    /// Each state's source, so that a texture-table edit decodes only what changed.
    sources: Vec<Source>,
    rx: Option<Receiver<Decoded>>,
    tx: Option<Sender<Decoded>>,
    embedded: &'static [(&'static str, &'static [u8])],
    repaint: Option<egui::Context>,
}

impl TextureStore {
    /// Starts decoding every texture of the model in the background.
    pub fn load(
        textures: &[String],
        base_dir: Option<&Path>,
        embedded: &'static [(&'static str, &'static [u8])],
        repaint: Option<egui::Context>,
    ) -> Self {
        let mut store = TextureStore {
            embedded,
            repaint,
            ..TextureStore::empty()
        };
        store.sync(textures, |_| base_dir);
        store
    }

    pub fn empty() -> Self {
        TextureStore {
            states: Vec::new(),
            sources: Vec::new(),
            rx: None,
            tx: None,
            embedded: &[],
            repaint: None,
        }
    }

    /// Decodes, in the background, each texture of `textures` that is new or now names
    /// another file than it was decoded from (a merged part's, an added or renamed one),
    /// looked up in `folder(index)`; forgets those past the table's end.
    pub fn sync<'a>(&mut self, textures: &[String], folder: impl Fn(usize) -> Option<&'a Path>) {
        self.states.truncate(textures.len());
        self.sources.truncate(textures.len());
        let mut jobs: Vec<(usize, Source)> = Vec::new();
        for (i, name) in textures.iter().enumerate() {
            let path = folder(i).and_then(|d| crate::pmx::textures::find(d, name));
            let source = (name.clone(), path);
            if self.sources.get(i) == Some(&source) {
                continue;
            }
            if i < self.sources.len() {
                self.sources[i] = source.clone();
                self.states[i] = TexState::Pending;
            } else {
                self.sources.push(source.clone());
                self.states.push(TexState::Pending);
            }
            jobs.push((i, source));
        }
        if jobs.is_empty() {
            return;
        }
        let tx = match &self.tx {
            Some(tx) => tx.clone(),
            None => {
                let (tx, rx) = channel();
                self.rx = Some(rx);
                self.tx.insert(tx).clone()
            }
        };
        let embedded = self.embedded;
        let repaint = self.repaint.clone();
        std::thread::spawn(move || {
            jobs.into_par_iter().for_each(|(i, source)| {
                let (name, path) = &source;
                let bundled = embedded.iter().find(|(n, _)| n.eq_ignore_ascii_case(name));
                let result = match (path, bundled) {
                    (Some(p), _) => decode_file(p),
                    (None, Some((_, bytes))) => decode_bytes(bytes),
                    (None, None) => Err(crate::tr!("log-texture-not-found", name = name)),
                };
                let _ = tx.send((i, source, result));
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
            });
        });
    }

    /// Takes finished decodes; returns the indices that became ready.
    pub fn poll(&mut self) -> Vec<usize> {
        let mut ready = Vec::new();
        if let Some(rx) = &self.rx {
            while let Ok((i, source, result)) = rx.try_recv() {
                // A decode of what the slot held before a later edit is stale.
                if self.sources.get(i) != Some(&source) {
                    continue;
                }
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
