//! Crash recovery: while a document has unsaved edits, the app keeps a copy of the
//! model in a recovery folder (the platform's data directory, e.g.
//! `$XDG_DATA_HOME/hone/recovery`; `HONE_RECOVERY_DIR` overrides it). A copy is one
//! PMX file and a small JSON file naming where it came from, both written through a
//! temp file and a rename, the JSON last (an entry without its JSON is not listed).
//! It is removed when the document is saved or closed without changes; what is left
//! after a crash or a kill is offered at the next start and by `hone recover`.

use crate::pmx::write::WriteOptions;
use crate::pmx::Model;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The recovery folder: `HONE_RECOVERY_DIR`, else `hone/recovery` in the platform's
/// data directory (`$XDG_DATA_HOME`, `~/.local/share` on Linux).
pub fn recovery_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("HONE_RECOVERY_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("hone").join("recovery"))
}

/// What an entry records besides the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// The file the document was opened from (None: the sample or a new model).
    pub source: Option<PathBuf>,
    /// The document's name as the window title shows it.
    pub display_name: String,
    /// Seconds since the Unix epoch when this copy was written.
    pub saved_at: u64,
    /// Undo steps since the document was opened or last saved.
    pub edits: usize,
    /// The process that wrote it (its entry is not offered while it runs).
    pub pid: u32,
}

/// One document's recovery copy: `ID.pmx` and `ID.json` in the folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    dir: PathBuf,
    id: String,
}

/// Why a recovery copy cannot be written or read.
#[derive(Debug, thiserror::Error)]
pub enum RecoveryError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Pmx(#[from] crate::pmx::Error),
    #[error("{path}: {message}")]
    Meta { path: PathBuf, message: String },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RecoveryError + '_ {
    move |source| RecoveryError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl Slot {
    /// A new slot in `dir`, unique to this process and document.
    pub fn new(dir: impl Into<PathBuf>) -> Slot {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        Slot {
            dir: dir.into(),
            id: format!("{now}-{}-{n}", std::process::id()),
        }
    }

    fn path(&self, ext: &str) -> PathBuf {
        self.dir.join(format!("{}.{ext}", self.id))
    }

    /// Writes the model and its record, replacing the previous copy. The model is
    /// written first, so the record never names a half-written model.
    pub fn write(&self, model: &Model, meta: &Meta) -> Result<(), RecoveryError> {
        std::fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        // The one save rule: a 2.0 header over 2.1 data is written as 2.1.
        crate::pmx::write::save_with_rule(model, self.path("pmx"), &WriteOptions::default())?;
        let json = serde_json::to_vec_pretty(meta).expect("the record serialises");
        write_atomically(&self.path("json"), &json)
    }

    /// Removes the copy (saved, or closed without changes). A missing copy is fine.
    pub fn remove(&self) {
        let _ = std::fs::remove_file(self.path("json"));
        let _ = std::fs::remove_file(self.path("pmx"));
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), RecoveryError> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(path)(e));
    }
    Ok(())
}

/// One copy found in the recovery folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub meta: Meta,
    pub slot: Slot,
}

impl Entry {
    /// The recovered model.
    pub fn load(&self) -> Result<Model, RecoveryError> {
        Ok(crate::pmx::load(self.slot.path("pmx"))?.model)
    }

    /// The model file of this copy.
    pub fn model_path(&self) -> PathBuf {
        self.slot.path("pmx")
    }
}

/// Every complete copy in `dir`, newest first. Copies of processes still running
/// (another Hone window) are left out when `skip_running` is set.
pub fn list(dir: &Path, skip_running: bool) -> Vec<Entry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<Entry> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| {
            let id = p.file_stem()?.to_str()?.to_string();
            let meta: Meta = serde_json::from_slice(&std::fs::read(&p).ok()?).ok()?;
            let slot = Slot {
                dir: dir.to_path_buf(),
                id,
            };
            slot.path("pmx").is_file().then_some(Entry { meta, slot })
        })
        .filter(|e| !(skip_running && process_running(e.meta.pid)))
        .collect();
    out.sort_by(|a, b| {
        b.meta
            .saved_at
            .cmp(&a.meta.saved_at)
            .then(a.slot.id.cmp(&b.slot.id))
    });
    out
}

/// Whether process `pid` runs (this process counts as running). Where that cannot be
/// told, no process counts as running, so nothing is hidden.
fn process_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    cfg!(target_os = "linux") && Path::new(&format!("/proc/{pid}")).exists()
}

/// Seconds since the Unix epoch.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(name: &str, saved_at: u64, pid: u32) -> Meta {
        Meta {
            source: Some(PathBuf::from(format!("/models/{name}"))),
            display_name: name.to_string(),
            saved_at,
            edits: 3,
            pid,
        }
    }

    #[test]
    fn a_written_copy_is_listed_loads_back_and_is_gone_after_remove() {
        let dir = tempfile::tempdir().unwrap();
        let mut model = crate::pmx::builder::sample_rig();
        model.bones[1].name = "編集済み".into();
        let slot = Slot::new(dir.path());
        // A pid that cannot run: the entry of a crashed process.
        let m = meta("a.pmx", 100, u32::MAX);
        slot.write(&model, &m).unwrap();
        let found = list(dir.path(), true);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].meta, m);
        assert_eq!(found[0].load().unwrap().bones[1].name, "編集済み");
        // Written again: still one entry, the newer model.
        model.bones[1].name = "二回目".into();
        slot.write(&model, &meta("a.pmx", 200, u32::MAX)).unwrap();
        let found = list(dir.path(), true);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].meta.saved_at, 200);
        assert_eq!(found[0].load().unwrap().bones[1].name, "二回目");
        slot.remove();
        assert!(list(dir.path(), true).is_empty());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "no file left"
        );
    }

    #[test]
    fn newest_first_running_processes_hidden_and_half_written_copies_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let model = crate::pmx::builder::sample_rig();
        Slot::new(dir.path())
            .write(&model, &meta("old.pmx", 10, u32::MAX))
            .unwrap();
        Slot::new(dir.path())
            .write(&model, &meta("new.pmx", 20, u32::MAX))
            .unwrap();
        let mine = Slot::new(dir.path());
        mine.write(&model, &meta("mine.pmx", 30, std::process::id()))
            .unwrap();
        // A model without its record (killed between the two writes) is not an entry.
        std::fs::write(dir.path().join("x.pmx"), b"PMX").unwrap();
        let names = |skip| -> Vec<String> {
            list(dir.path(), skip)
                .iter()
                .map(|e| e.meta.display_name.clone())
                .collect()
        };
        assert_eq!(names(true), ["new.pmx", "old.pmx"]);
        assert_eq!(names(false), ["mine.pmx", "new.pmx", "old.pmx"]);
    }
}
