//! The PMX model, its reader and writer, and PMD import.

pub mod builder;
pub mod csv;
pub(crate) mod cursor;
pub mod error;
pub mod model;
pub mod needs;
pub mod pmd;
pub mod read;
pub mod rules;
pub mod summary;
pub mod textures;
pub mod write;

pub use error::{Error, Result, Section, Warning};
pub use model::*;

/// A model as read from a file, with the rule breaks that did not stop reading.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub model: Model,
    pub warnings: Vec<Warning>,
}

/// Reads a PMX or PMD file, telling them apart by their magic bytes.
pub fn load(path: impl AsRef<std::path::Path>) -> Result<Loaded> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    load_bytes(&bytes)
}

/// Reads PMX or PMD bytes, telling them apart by their magic bytes.
pub fn load_bytes(bytes: &[u8]) -> Result<Loaded> {
    if bytes.starts_with(b"Pmd") {
        pmd::read_pmd(bytes)
    } else {
        read::read_pmx(bytes)
    }
}
