//! PMX 2.0/2.1 reader. Not yet implemented.
use super::{Error, Loaded, Result};

pub fn read_pmx(_bytes: &[u8]) -> Result<Loaded> {
    Err(Error::Unsupported("PMX reading is not implemented yet".into()))
}
