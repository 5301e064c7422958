//! Opening a file off the UI thread: a worker reads it (in chunks, so Cancel is
//! prompt and the bar moves), parses it and builds the deform caches; the window
//! keeps drawing and shows a progress bar. The current document stays open until
//! the new one is ready: a failed or cancelled load leaves it as it was.

use super::job::{read_file, Job, Progress};
use crate::app::document::Document;
use crate::app::pose::PoseState;
use std::path::{Path, PathBuf};

pub use super::job::JobError as LoadError;

/// A document read and prepared by the worker.
pub struct Prepared {
    pub doc: Document,
    pub pose: PoseState,
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
    job: Job<Prepared>,
}

const PARSING: u32 = 1001;
const PREPARING: u32 = 1002;
const CHUNK: usize = 1 << 20;

impl Loading {
    /// Starts reading `path` on a worker thread.
    pub fn start(path: &Path) -> Loading {
        let file = path.to_path_buf();
        Loading {
            path: path.to_path_buf(),
            job: Job::start("hone-load", None, move |progress| load(&file, progress)),
        }
    }

    pub fn stage(&self) -> Stage {
        match self.job.progress() {
            PARSING => Stage::Parsing,
            PREPARING => Stage::Preparing,
            n => Stage::Reading(n as f32 / 1000.0),
        }
    }

    /// Asks the worker to stop; its result is dropped. The caller forgets this load.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The result once the worker is done (never waits).
    pub fn poll(&self) -> Option<Result<Prepared, LoadError>> {
        self.job.poll()
    }

    /// Waits for the result (tests).
    pub fn wait(&self) -> Result<Prepared, LoadError> {
        self.job.wait()
    }
}

fn load(path: &Path, progress: &Progress) -> Result<Prepared, LoadError> {
    let (bytes, meta) = read_file(path, CHUNK, progress, false)?;
    progress.stage(PARSING);
    let doc = Document::from_bytes(path, meta.modified().ok(), &bytes)
        .map_err(|e| LoadError::Failed(e.to_string()))?;
    drop(bytes);
    progress.check()?;
    progress.stage(PREPARING);
    let pose = PoseState::new(doc.model());
    progress.check()?;
    Ok(Prepared { doc, pose })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::testing::{assert_cancel_stops, temp_path};

    /// The sample rig saved in a temporary folder.
    fn saved_sample() -> (tempfile::TempDir, std::path::PathBuf, crate::pmx::Model) {
        let (dir, path) = temp_path("rig.pmx");
        let model = crate::pmx::builder::sample_rig();
        crate::pmx::write::save(&model, &path, &Default::default()).unwrap();
        (dir, path, model)
    }

    #[test]
    fn a_model_loads_on_the_worker_and_a_bad_file_fails() {
        let (dir, path, model) = saved_sample();
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
        let (_dir, path, _) = saved_sample();
        assert_cancel_stops(|progress| load(&path, progress), PREPARING);
    }
}
