//! PMD import. Not yet implemented.
use super::{Error, Loaded, Result};

pub fn read_pmd(_bytes: &[u8]) -> Result<Loaded> {
    Err(Error::Unsupported(
        "PMD import is not implemented yet".into(),
    ))
}
