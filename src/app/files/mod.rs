//! The open file on disk: who else changed it ([`watch`]), backups of what a save
//! replaces ([`backup`]), the file picker that works without a system dialog
//! ([`picker`]) and opening files off the UI thread ([`loading`]).

pub mod backup;
pub mod job;
pub mod loading;
pub mod motion_loading;
pub mod picker;
pub mod texture_question;
pub mod watch;

use std::hash::Hasher;
use std::path::Path;
use std::time::SystemTime;

/// How much of each end of a file the identity hashes: enough to tell an edit from a
/// `touch`, cheap enough to check once a second on a 100 MB model.
const HASHED_END: usize = 64 * 1024;

/// What a file on disk was when read or written: its modification time and size, and
/// a hash of its first and last 64 KiB (a changed size or hash is a changed file; a
/// changed time alone is not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileIdentity {
    pub modified: Option<SystemTime>,
    pub len: u64,
    pub hash: u64,
}

impl FileIdentity {
    /// The identity of `bytes`, all of a file whose metadata was read before them.
    pub fn of_bytes(modified: Option<SystemTime>, bytes: &[u8]) -> Self {
        let head = &bytes[..bytes.len().min(HASHED_END)];
        let tail = &bytes[bytes.len().saturating_sub(HASHED_END)..];
        FileIdentity {
            modified,
            len: bytes.len() as u64,
            hash: hash_ends(head, tail),
        }
    }

    /// Reads the identity of the file at `path` (its ends only).
    pub fn of_file(path: &Path) -> std::io::Result<Self> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = std::fs::File::open(path)?;
        let meta = file.metadata()?;
        let len = meta.len();
        let mut head = vec![0; (len as usize).min(HASHED_END)];
        file.read_exact(&mut head)?;
        let mut tail = vec![0; (len as usize).min(HASHED_END)];
        file.seek(SeekFrom::Start(len - tail.len() as u64))?;
        file.read_exact(&mut tail)?;
        Ok(FileIdentity {
            modified: meta.modified().ok(),
            len,
            hash: hash_ends(&head, &tail),
        })
    }

    /// Only the time and size (no read): what the watcher looks at each second.
    fn stat(path: &Path) -> std::io::Result<(Option<SystemTime>, u64)> {
        let meta = std::fs::metadata(path)?;
        Ok((meta.modified().ok(), meta.len()))
    }

    /// Same size and hash: the same content, whatever the times say.
    pub fn same_content(&self, other: &FileIdentity) -> bool {
        self.len == other.len && self.hash == other.hash
    }
}

fn hash_ends(head: &[u8], tail: &[u8]) -> u64 {
    // Fixed keys: the same bytes hash the same for the whole session.
    let mut h = std::hash::DefaultHasher::new();
    h.write(head);
    h.write(tail);
    h.finish()
}

/// What the file workers' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::job::Progress;
    use super::loading::LoadError;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

    /// The path of `name` in a new temporary folder (removed when the folder is dropped).
    pub fn temp_path(name: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        (dir, path)
    }

    /// `load` gives up while cancelled, and otherwise runs to the end with the
    /// progress at `last_stage`.
    pub fn assert_cancel_stops<T>(
        load: impl Fn(&Progress) -> Result<T, LoadError>,
        last_stage: u32,
    ) {
        let (value, cancel) = (AtomicU32::new(0), AtomicBool::new(true));
        let progress = Progress::new(&value, &cancel);
        assert!(matches!(load(&progress), Err(LoadError::Cancelled)));
        cancel.store(false, Ordering::Relaxed);
        assert!(load(&progress).is_ok());
        assert_eq!(value.load(Ordering::Relaxed), last_stage);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_identity_sees_an_edit_but_not_a_touch() {
        let (_dir, path) = testing::temp_path("m.pmx");
        let bytes: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        let first = FileIdentity::of_file(&path).unwrap();
        assert!(first.same_content(&FileIdentity::of_bytes(None, &bytes)));
        // The same bytes written again: same content.
        std::fs::write(&path, &bytes).unwrap();
        assert!(first.same_content(&FileIdentity::of_file(&path).unwrap()));
        // One byte changed in the last 64 KiB, same size: a different file.
        let mut edited = bytes.clone();
        *edited.last_mut().unwrap() ^= 1;
        std::fs::write(&path, &edited).unwrap();
        assert!(!first.same_content(&FileIdentity::of_file(&path).unwrap()));
        // A shorter file.
        std::fs::write(&path, &bytes[..10]).unwrap();
        let short = FileIdentity::of_file(&path).unwrap();
        assert_eq!(short.len, 10);
        assert!(!first.same_content(&short));
    }
}
