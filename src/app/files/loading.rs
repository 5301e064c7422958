//! Opening a file off the UI thread: a worker reads it (in chunks, so Cancel is
//! prompt and the bar moves), parses it and builds the deform caches; the window
//! keeps drawing and shows a progress bar. The current document stays open until
//! the new one is ready: a failed or cancelled load leaves it as it was.

use crate::app::document::Document;
use crate::app::pose::PoseState;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};

/// A document read and prepared by the worker.
pub struct Prepared {
    pub doc: Document,
    pub pose: PoseState,
}

/// Why a load gave nothing.
#[derive(Debug)]
pub enum LoadError {
    Cancelled,
    Failed(String),
}

/// Where the worker is: reading (with the share read), parsing, preparing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stage {
    Reading(f32),
    Parsing,
    Preparing,
}

/// A load in progress.
pub struct Loading {
    pub path: PathBuf,
    /// Per mille read, then 1001 parsing, 1002 preparing.
    progress: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    result: mpsc::Receiver<Result<Prepared, LoadError>>,
}

const PARSING: u32 = 1001;
const PREPARING: u32 = 1002;
const CHUNK: usize = 1 << 20;

impl Loading {
    /// Starts reading `path` on a worker thread.
    pub fn start(path: &Path) -> Loading {
        let progress = Arc::new(AtomicU32::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let job = (path.to_path_buf(), progress.clone(), cancel.clone());
        let spawned = std::thread::Builder::new()
            .name("hone-load".into())
            .spawn(move || {
                let (path, progress, cancel) = job;
                let _ = tx.send(load(&path, &progress, &cancel));
            });
        if let Err(e) = spawned {
            let (tx, rx2) = mpsc::channel();
            let _ = tx.send(Err(LoadError::Failed(e.to_string())));
            return Loading {
                path: path.to_path_buf(),
                progress,
                cancel,
                result: rx2,
            };
        }
        Loading {
            path: path.to_path_buf(),
            progress,
            cancel,
            result: rx,
        }
    }

    pub fn stage(&self) -> Stage {
        match self.progress.load(Ordering::Relaxed) {
            PARSING => Stage::Parsing,
            PREPARING => Stage::Preparing,
            n => Stage::Reading(n as f32 / 1000.0),
        }
    }

    /// Asks the worker to stop; its result is dropped. The caller forgets this load.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The result once the worker is done (never waits).
    pub fn poll(&self) -> Option<Result<Prepared, LoadError>> {
        match self.result.try_recv() {
            Ok(r) => Some(r),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                Some(Err(LoadError::Failed("the loading thread stopped".into())))
            }
        }
    }

    /// Waits for the result (tests).
    pub fn wait(&self) -> Result<Prepared, LoadError> {
        self.result
            .recv()
            .unwrap_or_else(|_| Err(LoadError::Failed("the loading thread stopped".into())))
    }
}

fn load(path: &Path, progress: &AtomicU32, cancel: &AtomicBool) -> Result<Prepared, LoadError> {
    use std::io::Read;
    let failed = |e: &dyn std::fmt::Display| LoadError::Failed(e.to_string());
    let mut file = std::fs::File::open(path).map_err(|e| failed(&e))?;
    let meta = file.metadata().map_err(|e| failed(&e))?;
    let total = meta.len().max(1);
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    let mut chunk = vec![0u8; CHUNK];
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(LoadError::Cancelled);
        }
        let n = file.read(&mut chunk).map_err(|e| failed(&e))?;
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..n]);
        let share = (bytes.len() as u64 * 1000 / total).min(1000) as u32;
        progress.store(share, Ordering::Relaxed);
    }
    progress.store(PARSING, Ordering::Relaxed);
    let doc = Document::from_bytes(path, meta.modified().ok(), &bytes)
        .map_err(|e| LoadError::Failed(e.to_string()))?;
    drop(bytes);
    if cancel.load(Ordering::Relaxed) {
        return Err(LoadError::Cancelled);
    }
    progress.store(PREPARING, Ordering::Relaxed);
    let pose = PoseState::new(doc.model());
    if cancel.load(Ordering::Relaxed) {
        return Err(LoadError::Cancelled);
    }
    Ok(Prepared { doc, pose })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_loads_on_the_worker_and_a_bad_file_fails() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rig.pmx");
        let model = crate::pmx::builder::sample_rig();
        crate::pmx::write::save(&model, &path, &Default::default()).unwrap();
        let loaded = Loading::start(&path).wait().unwrap();
        assert_eq!(loaded.doc.model(), &model);
        assert_eq!(loaded.doc.path.as_deref(), Some(path.as_path()));
        assert!(loaded.doc.disk.is_some());

        std::fs::write(&path, b"PMX \x00garbage").unwrap();
        assert!(matches!(
            Loading::start(&path).wait(),
            Err(LoadError::Failed(_))
        ));
        assert!(matches!(
            Loading::start(&dir.path().join("missing.pmx")).wait(),
            Err(LoadError::Failed(_))
        ));
    }

    #[test]
    fn a_cancelled_load_gives_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rig.pmx");
        let model = crate::pmx::builder::sample_rig();
        crate::pmx::write::save(&model, &path, &Default::default()).unwrap();
        let progress = AtomicU32::new(0);
        let cancel = AtomicBool::new(true);
        assert!(matches!(
            load(&path, &progress, &cancel),
            Err(LoadError::Cancelled)
        ));
        cancel.store(false, Ordering::Relaxed);
        assert!(load(&path, &progress, &cancel).is_ok());
        assert_eq!(progress.load(Ordering::Relaxed), PREPARING);
    }
}
