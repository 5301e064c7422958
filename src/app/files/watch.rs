//! Files changed elsewhere: a small thread looks at the open file's time and size
//! once a second (hashing its ends only when they moved) and flags a change the
//! window shows as a bar (reload / keep). A thread and a `stat` rather than the
//! `notify` crate: one file, checked once a second, costs nothing, needs no
//! dependency, and also sees files on network drives and files replaced by a
//! rename (which an inotify watch on the file itself loses).
//!
//! The UI thread never waits here: it reads the flag with `try_lock`.

use super::FileIdentity;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the watcher looks.
pub const POLL_INTERVAL: Duration = Duration::from_secs(1);

#[derive(Debug, Default)]
struct Watched {
    path: Option<PathBuf>,
    /// The file as opened or last saved: saving over anything else asks first.
    known: Option<FileIdentity>,
    /// What the watcher compares with: `known`, or the change the user chose to keep
    /// the document over.
    accepted: Option<FileIdentity>,
    /// The file on disk now, when its content differs from `accepted`.
    changed: Option<FileIdentity>,
    /// Looks in a row that found no file: from [`GONE_AFTER`] on, it was deleted or
    /// moved (one miss may be a program replacing it).
    misses: u32,
    /// The user saw that the file is gone and keeps the model in memory.
    gone_seen: bool,
}

/// Looks in a row without the file before it counts as deleted or moved.
const GONE_AFTER: u32 = 2;

impl Watched {
    /// Looks at the file: a new time or size is read and hashed; a different
    /// content is flagged, a touch only moves the time kept.
    fn check(&mut self) {
        let (Some(path), Some(accepted)) = (&self.path, &mut self.accepted) else {
            return;
        };
        // A missing file is not a change to offer: it was deleted or moved (when still
        // missing at the next look), or is being replaced.
        let (modified, len) = match FileIdentity::stat(path) {
            Ok(found) => found,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                self.misses = self.misses.saturating_add(1);
                return;
            }
            Err(_) => return,
        };
        if self.misses > 0 {
            // Back (put back, or replaced by another program): compared as any file.
            self.misses = 0;
            self.gone_seen = false;
        }
        let seen = self.changed.as_ref().unwrap_or(&*accepted);
        if seen.modified == modified && seen.len == len {
            return;
        }
        let Ok(now) = FileIdentity::of_file(path) else {
            return;
        };
        if now.same_content(accepted) {
            accepted.modified = now.modified;
            self.changed = None;
        } else {
            self.changed = Some(now);
        }
    }
}

#[derive(Default)]
struct Shared {
    watched: Mutex<Watched>,
    stop: AtomicBool,
}

/// The watch on the open document's file.
#[derive(Default)]
pub struct FileWatch {
    shared: Arc<Shared>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl FileWatch {
    /// Starts the thread that looks every `interval` (the app: [`POLL_INTERVAL`];
    /// tests may call [`check_now`](Self::check_now) instead); a change found wakes the
    /// window through `repaint` (an idle egui window draws no frame by itself).
    pub fn start(&mut self, interval: Duration, repaint: Option<eframe::egui::Context>) {
        if self.thread.is_some() {
            return;
        }
        let shared = Arc::clone(&self.shared);
        let spawned = std::thread::Builder::new()
            .name("hone-file-watch".into())
            .spawn(move || {
                while !shared.stop.load(Ordering::Relaxed) {
                    std::thread::park_timeout(interval);
                    if shared.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if let Ok(mut w) = shared.watched.lock() {
                        let before = (w.changed, w.misses >= GONE_AFTER);
                        w.check();
                        let now = (w.changed, w.misses >= GONE_AFTER);
                        if (now.0.is_some() || now.1) && now != before {
                            if let Some(ctx) = &repaint {
                                ctx.request_repaint();
                            }
                        }
                    }
                }
            });
        self.thread = spawned.ok();
    }

    /// Looks at the file now, on this thread.
    pub fn check_now(&self) {
        if let Ok(mut w) = self.shared.watched.lock() {
            w.check();
        }
    }

    /// Watches `path`, as it was read (`identity`; None: read it now), or nothing.
    pub fn set(&self, path: Option<&Path>, identity: Option<FileIdentity>) {
        let identity = match (path, identity) {
            (Some(p), None) => FileIdentity::of_file(p).ok(),
            (_, id) => id,
        };
        if let Ok(mut w) = self.shared.watched.lock() {
            *w = Watched {
                path: path.map(Path::to_path_buf),
                known: identity,
                accepted: identity,
                ..Watched::default()
            };
        }
    }

    /// The file on disk differs from the document's: the bar shows. Never waits.
    pub fn changed(&self) -> bool {
        self.shared
            .watched
            .try_lock()
            .is_ok_and(|w| w.changed.is_some())
    }

    /// The open file was deleted or moved (and the user has not dismissed it): the bar
    /// says so. Never waits.
    pub fn gone(&self) -> bool {
        self.shared
            .watched
            .try_lock()
            .is_ok_and(|w| w.misses >= GONE_AFTER && !w.gone_seen)
    }

    /// Keep the model in memory without its file: no bar until the file comes back
    /// and goes again.
    pub fn accept_gone(&self) {
        if let Ok(mut w) = self.shared.watched.lock() {
            w.gone_seen = true;
        }
    }

    /// Keep the document over the changed file: no bar until it changes again. A save
    /// over it still asks first.
    pub fn keep(&self) {
        if let Ok(mut w) = self.shared.watched.lock() {
            if let Some(now) = w.changed.take() {
                w.accepted = Some(now);
            }
        }
    }

    /// Whether the file at `path` is the watched one and its content is no longer what
    /// was opened or last saved (a save over it asks first). Reads the file's ends.
    pub fn differs_from_known(&self, path: &Path) -> bool {
        let Ok(w) = self.shared.watched.lock() else {
            return false;
        };
        if w.path.as_deref() != Some(path) {
            return false;
        }
        match (w.known, FileIdentity::of_file(path)) {
            (Some(known), Ok(now)) => !known.same_content(&now),
            // Opened from a file that was unreadable afterwards, or is gone now:
            // nothing of anyone's is overwritten.
            _ => false,
        }
    }

    /// Runs `write` (a save to `path`) with the watcher held off, then watches the
    /// written file: a save of our own is never reported as a change.
    pub fn write_with<T, E>(
        &self,
        path: &Path,
        write: impl FnOnce() -> Result<T, E>,
    ) -> Result<T, E> {
        let mut w = self
            .shared
            .watched
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let result = write();
        if result.is_ok() {
            let identity = FileIdentity::of_file(path).ok();
            *w = Watched {
                path: Some(path.to_path_buf()),
                known: identity,
                accepted: identity,
                ..Watched::default()
            };
        }
        result
    }
}

impl Drop for FileWatch {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::testing::temp_path;

    /// A watch on a new file holding `bytes`, looked at once.
    fn watching(bytes: &[u8]) -> (tempfile::TempDir, PathBuf, FileWatch) {
        let (dir, path) = temp_path("m.pmx");
        std::fs::write(&path, bytes).unwrap();
        let watch = FileWatch::default();
        watch.set(Some(&path), None);
        watch.check_now();
        (dir, path, watch)
    }

    #[test]
    fn a_change_by_another_program_is_flagged_and_a_touch_is_not() {
        let (_dir, path, watch) = watching(b"first version");
        assert!(!watch.changed());

        // Same bytes, new time: not a change.
        let later = std::time::SystemTime::now() + Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(later)
            .unwrap();
        watch.check_now();
        assert!(!watch.changed(), "a touch is no change");

        std::fs::write(&path, b"second version!").unwrap();
        watch.check_now();
        assert!(watch.changed());
        assert!(watch.differs_from_known(&path));

        // Keep: the bar goes, a save still asks.
        watch.keep();
        watch.check_now();
        assert!(!watch.changed());
        assert!(watch.differs_from_known(&path));

        // Our own save: no bar, nothing to ask.
        watch
            .write_with(&path, || std::fs::write(&path, b"saved by us"))
            .unwrap();
        watch.check_now();
        assert!(!watch.changed());
        assert!(!watch.differs_from_known(&path));
    }

    #[test]
    fn a_deleted_or_moved_file_is_flagged_and_saving_brings_it_back() {
        let (dir, path, watch) = watching(b"first version");
        assert!(!watch.gone());

        // Moved away: one look may be a program replacing it; two are a move.
        std::fs::rename(&path, dir.path().join("elsewhere.pmx")).unwrap();
        watch.check_now();
        assert!(!watch.gone(), "one miss is not yet gone");
        watch.check_now();
        assert!(watch.gone());
        assert!(!watch.changed(), "gone is not a changed file");
        // Nothing there to be overwritten: a save does not ask.
        assert!(!watch.differs_from_known(&path));

        // Kept in memory: the bar goes and stays gone while the file is missing.
        watch.accept_gone();
        watch.check_now();
        assert!(!watch.gone());

        // Our save writes it back: watched again, neither gone nor changed.
        watch
            .write_with(&path, || std::fs::write(&path, b"saved by us"))
            .unwrap();
        watch.check_now();
        assert!(!watch.gone() && !watch.changed());

        // Deleted this time: gone again, and a file put back by another program is a
        // change like any other.
        std::fs::remove_file(&path).unwrap();
        watch.check_now();
        watch.check_now();
        assert!(watch.gone());
        std::fs::write(&path, b"theirs, put back").unwrap();
        watch.check_now();
        assert!(!watch.gone());
        assert!(watch.changed());
    }

    #[test]
    fn the_thread_finds_the_change_by_itself() {
        let (_dir, path, mut watch) = watching(b"one");
        watch.start(Duration::from_millis(10), None);
        std::fs::write(&path, b"two, longer").unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while !watch.changed() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(watch.changed());
    }
}
