//! One background job for the app's workers (opening a model, loading a motion or a
//! pose, baking, exporting): the work runs on a named thread, reports its progress
//! and watches a Cancel flag; the UI polls the result each frame and never waits.
//! A worker that panics still ends its job (with an error), so no window spins forever.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// Why a job gave nothing.
#[derive(Debug)]
pub enum JobError {
    Cancelled,
    Failed(String),
}

/// What the worker and the UI share: progress, Cancel, the result.
struct Shared<T> {
    /// Per mille done, or a stage code above 1000 the job's owner defines.
    progress: AtomicU32,
    cancel: AtomicBool,
    done: Mutex<Option<Result<T, JobError>>>,
}

/// The worker's side: where it reports progress and learns of Cancel.
pub struct Progress<'a> {
    progress: &'a AtomicU32,
    cancel: &'a AtomicBool,
    /// Woken when the share moves, so a progress bar redraws.
    repaint: Option<&'a eframe::egui::Context>,
}

impl<'a> Progress<'a> {
    /// A progress over these two (a job's, or a test's).
    pub fn new(progress: &'a AtomicU32, cancel: &'a AtomicBool) -> Self {
        Progress {
            progress,
            cancel,
            repaint: None,
        }
    }

    /// The share done, 0..=1.
    pub fn share(&self, share: f32) {
        let per_mille = (share.clamp(0.0, 1.0) * 1000.0) as u32;
        if self.progress.swap(per_mille, Ordering::Relaxed) != per_mille {
            if let Some(ctx) = self.repaint {
                ctx.request_repaint();
            }
        }
    }

    /// A stage of the owner's (a code above 1000).
    pub fn stage(&self, code: u32) {
        self.progress.store(code, Ordering::Relaxed);
    }

    /// Err(Cancelled) once Cancel was pressed: `progress.check()?` between steps.
    pub fn check(&self) -> Result<(), JobError> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(JobError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// The Cancel flag itself (for core functions that take one).
    pub fn cancel_flag(&self) -> &AtomicBool {
        self.cancel
    }
}

/// A job in progress (cheap to clone: the UI may keep it in egui memory).
pub struct Job<T> {
    shared: Arc<Shared<T>>,
}

impl<T> Clone for Job<T> {
    fn clone(&self) -> Self {
        Job {
            shared: self.shared.clone(),
        }
    }
}

/// Sets the result when the worker ends without one (it panicked).
struct Finish<T>(Arc<Shared<T>>);

impl<T> Drop for Finish<T> {
    fn drop(&mut self) {
        let mut done = self.0.done.lock().unwrap_or_else(|e| e.into_inner());
        if done.is_none() {
            *done = Some(Err(JobError::Failed(crate::tr!(
                "files2-motion-worker-stopped"
            ))));
        }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Runs `work` on a thread named `name`; `repaint` is woken when it ends.
    pub fn start(
        name: &str,
        repaint: Option<eframe::egui::Context>,
        work: impl FnOnce(&Progress) -> Result<T, JobError> + Send + 'static,
    ) -> Job<T> {
        let shared = Arc::new(Shared {
            progress: AtomicU32::new(0),
            cancel: AtomicBool::new(false),
            done: Mutex::new(None),
        });
        let finish = Finish(shared.clone());
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let shared = &finish.0;
                let progress = Progress {
                    progress: &shared.progress,
                    cancel: &shared.cancel,
                    repaint: repaint.as_ref(),
                };
                let result = work(&progress);
                *shared.done.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                drop(finish);
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
        if let Err(e) = spawned {
            *shared.done.lock().unwrap_or_else(|e| e.into_inner()) =
                Some(Err(JobError::Failed(e.to_string())));
        }
        Job { shared }
    }
}

impl<T> Job<T> {
    /// Per mille done, or the owner's stage code.
    pub fn progress(&self) -> u32 {
        self.shared.progress.load(Ordering::Relaxed)
    }

    /// Asks the worker to stop; its result is dropped by the caller.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether Cancel was pressed.
    pub fn cancelling(&self) -> bool {
        self.shared.cancel.load(Ordering::Relaxed)
    }

    /// The result once the worker is done (never waits; given once).
    pub fn poll(&self) -> Option<Result<T, JobError>> {
        self.shared
            .done
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// Waits for the result (tests).
    pub fn wait(&self) -> Result<T, JobError> {
        loop {
            if let Some(result) = self.poll() {
                return result;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// Reads the file at `path` in chunks of `chunk` bytes, the share read as progress, and
/// stops when cancelled; errors name the file when `name_file`.
pub fn read_file(
    path: &Path,
    chunk: usize,
    progress: &Progress,
    name_file: bool,
) -> Result<(Vec<u8>, std::fs::Metadata), JobError> {
    use std::io::Read;
    let failed = |e: &dyn std::fmt::Display| match name_file {
        true => JobError::Failed(format!("{}: {e}", path.display())),
        false => JobError::Failed(e.to_string()),
    };
    let mut file = std::fs::File::open(path).map_err(|e| failed(&e))?;
    let meta = file.metadata().map_err(|e| failed(&e))?;
    let total = meta.len().max(1);
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    let mut buffer = vec![0u8; chunk];
    loop {
        progress.check()?;
        let n = file.read(&mut buffer).map_err(|e| failed(&e))?;
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&buffer[..n]);
        progress.share(bytes.len() as f32 / total as f32);
    }
    Ok((bytes, meta))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_gives_its_result_once_and_a_panicking_worker_still_ends_it() {
        let job = Job::start("test-job", None, |p| {
            p.share(0.5);
            Ok(7)
        });
        assert_eq!(job.wait().unwrap(), 7);
        assert!(job.poll().is_none(), "given once");
        let job: Job<u32> = Job::start("test-panic", None, |_| panic!("boom"));
        assert!(matches!(job.wait(), Err(JobError::Failed(_))));
    }

    #[test]
    fn a_cancelled_read_stops() {
        let (_dir, path) = crate::app::files::testing::temp_path("f.bin");
        std::fs::write(&path, vec![1u8; 10_000]).unwrap();
        let (value, cancel) = (AtomicU32::new(0), AtomicBool::new(false));
        let progress = Progress::new(&value, &cancel);
        let (bytes, _) = read_file(&path, 1000, &progress, false).unwrap();
        assert_eq!(bytes.len(), 10_000);
        assert_eq!(value.load(Ordering::Relaxed), 1000);
        cancel.store(true, Ordering::Relaxed);
        assert!(matches!(
            read_file(&path, 1000, &progress, false),
            Err(JobError::Cancelled)
        ));
    }
}
