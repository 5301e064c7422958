//! Backups on save, as PMX Editor keeps them: before a save replaces a file, the
//! file as it was is copied to a backup folder, named with the time, and only the
//! newest few are kept.
//!
//! On by default, in the data directory (`$XDG_DATA_HOME/hone/backups`, or
//! `HONE_BACKUP_DIR`), one folder per saved file: a model's own folder is what riggers
//! zip and share, so backups stay out of it.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The backup setting (File ▸ Back up on save), kept between sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupSettings {
    pub enabled: bool,
    /// Backups kept per file; the oldest beyond it are removed.
    pub keep: usize,
}

impl Default for BackupSettings {
    fn default() -> Self {
        BackupSettings {
            enabled: true,
            keep: 5,
        }
    }
}

/// The backup folder: `HONE_BACKUP_DIR`, else `hone/backups` in the data directory.
pub fn backup_root() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("HONE_BACKUP_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    hone_core::recovery::recovery_dir().and_then(|r| r.parent().map(|p| p.join("backups")))
}

/// The folder holding `file`'s backups under `root`: its name and a hash of its full
/// path (two `model.pmx` in different folders keep apart).
pub fn folder_for(root: &Path, file: &Path) -> PathBuf {
    use std::hash::Hasher;
    let full = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let mut h = std::hash::DefaultHasher::new();
    h.write(full.as_os_str().as_encoded_bytes());
    let name = file
        .file_name()
        .map_or_else(|| "model".into(), |n| n.to_string_lossy().into_owned());
    root.join(format!("{name}-{:08x}", h.finish() as u32))
}

/// Copies `file` (about to be overwritten) into `folder` as `STEM YYYY-MM-DDTHH-MM-SS.mmmZ.EXT`,
/// then removes the oldest backups beyond `keep`. Returns the backup's path; nothing
/// when there is no file yet.
pub fn back_up(file: &Path, folder: &Path, keep: usize) -> std::io::Result<Option<PathBuf>> {
    if !file.is_file() {
        return Ok(None);
    }
    std::fs::create_dir_all(folder)?;
    let stem = file
        .file_stem()
        .map_or_else(|| "model".into(), |s| s.to_string_lossy().into_owned());
    let ext = file
        .extension()
        .map_or_else(|| "pmx".into(), |s| s.to_string_lossy().into_owned());
    // Colons are not allowed in Windows file names; the fixed width sorts by time.
    let time = humantime::format_rfc3339_millis(std::time::SystemTime::now())
        .to_string()
        .replace(':', "-");
    let target = folder.join(format!("{stem} {time}.{ext}"));
    std::fs::copy(file, &target)?;
    prune(folder, keep.max(1))?;
    Ok(Some(target))
}

/// The backups in `folder`, oldest first (their names sort by time).
pub fn list(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found
}

fn prune(folder: &Path, keep: usize) -> std::io::Result<()> {
    let found = list(folder);
    for old in &found[..found.len().saturating_sub(keep)] {
        std::fs::remove_file(old)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backups_keep_the_newest_few_with_their_bytes() {
        let (_work, file) = crate::app::files::testing::temp_path("rig.pmx");
        let root = tempfile::tempdir().unwrap();
        let folder = folder_for(root.path(), &file);
        assert_eq!(back_up(&file, &folder, 3).unwrap(), None, "no file yet");
        for i in 0..5u8 {
            std::fs::write(&file, [i; 4]).unwrap();
            back_up(&file, &folder, 3).unwrap().unwrap();
            // Names carry milliseconds: one apart is enough to keep them apart.
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let kept = list(&folder);
        assert_eq!(kept.len(), 3, "{kept:?}");
        // The oldest two went: the three kept hold versions 2, 3 and 4, in order.
        let contents: Vec<Vec<u8>> = kept.iter().map(|p| std::fs::read(p).unwrap()).collect();
        assert_eq!(contents, vec![vec![2; 4], vec![3; 4], vec![4; 4]]);
        let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("rig 20") && name.ends_with("Z.pmx"),
            "{name}"
        );
        assert!(!name.contains(':'), "{name}");
        // Another folder's rig.pmx keeps its own backups.
        let other = tempfile::tempdir().unwrap();
        assert_ne!(
            folder,
            folder_for(root.path(), &other.path().join("rig.pmx"))
        );
    }
}
