//! Loading a motion (VMD) or a pose (VPD) off the UI thread: a worker reads the file
//! in chunks (so Cancel is prompt and the bar moves) and parses it; the window keeps
//! drawing. Binding to the model (names looked up) happens on the UI thread when the
//! result is taken: it needs the model and is quick. A failed or cancelled load
//! leaves the current motion and pose as they were.

use crate::motion::vpd::Vpd;
use crate::motion::Vmd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};

pub use super::loading::LoadError;

/// What the worker read.
pub enum ParsedMotion {
    Vmd(Vmd),
    /// A pose and the notes on lines it could not read.
    Vpd(Vpd, Vec<String>),
}

/// A motion or pose load in progress.
pub struct MotionLoading {
    pub path: PathBuf,
    /// Per mille read; [`PARSING`] once reading is done.
    progress: Arc<AtomicU32>,
    cancel: Arc<AtomicBool>,
    result: mpsc::Receiver<Result<ParsedMotion, LoadError>>,
}

const PARSING: u32 = 1001;
const CHUNK: usize = 256 * 1024;

impl MotionLoading {
    /// Starts reading `path` on a worker thread: a VPD when its extension says so, else
    /// a VMD. `repaint` is woken when the result is there.
    pub fn start(path: &Path, repaint: Option<eframe::egui::Context>) -> MotionLoading {
        let progress = Arc::new(AtomicU32::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let job = (path.to_path_buf(), progress.clone(), cancel.clone());
        let spawned = std::thread::Builder::new()
            .name("hone-load-motion".into())
            .spawn(move || {
                let (path, progress, cancel) = job;
                let _ = tx.send(load(&path, &progress, &cancel));
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
        let result = match spawned {
            Ok(_) => rx,
            Err(e) => {
                let (tx, rx) = mpsc::channel();
                let _ = tx.send(Err(LoadError::Failed(e.to_string())));
                rx
            }
        };
        MotionLoading {
            path: path.to_path_buf(),
            progress,
            cancel,
            result,
        }
    }

    /// The share read (0..=1), or None while parsing.
    pub fn read_share(&self) -> Option<f32> {
        match self.progress.load(Ordering::Relaxed) {
            PARSING => None,
            n => Some(n as f32 / 1000.0),
        }
    }

    /// Asks the worker to stop; the caller forgets this load.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The result once the worker is done (never waits).
    pub fn poll(&self) -> Option<Result<ParsedMotion, LoadError>> {
        match self.result.try_recv() {
            Ok(r) => Some(r),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(Err(LoadError::Failed(crate::tr!(
                "files2-motion-worker-stopped"
            )))),
        }
    }

    /// Waits for the result (tests).
    pub fn wait(&self) -> Result<ParsedMotion, LoadError> {
        self.result.recv().unwrap_or_else(|_| {
            Err(LoadError::Failed(crate::tr!(
                "files2-motion-worker-stopped"
            )))
        })
    }
}

/// Whether `path` names a pose file (VPD) rather than a motion.
pub fn is_pose(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vpd"))
}

fn load(path: &Path, progress: &AtomicU32, cancel: &AtomicBool) -> Result<ParsedMotion, LoadError> {
    use std::io::Read;
    let failed = |e: &dyn std::fmt::Display| LoadError::Failed(format!("{}: {e}", path.display()));
    let mut file = std::fs::File::open(path).map_err(|e| failed(&e))?;
    let total = file.metadata().map_err(|e| failed(&e))?.len().max(1);
    let mut bytes = Vec::with_capacity(total as usize);
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
    let parsed = if is_pose(path) {
        crate::motion::vpd::read_vpd(&bytes)
            .map(|(vpd, notes)| ParsedMotion::Vpd(vpd, notes))
            .map_err(|e| failed(&e))?
    } else {
        ParsedMotion::Vmd(crate::motion::vmd::read_vmd(&bytes).map_err(|e| failed(&e))?)
    };
    if cancel.load(Ordering::Relaxed) {
        return Err(LoadError::Cancelled);
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vmd_with_keys(n: u32) -> Vmd {
        let key = crate::motion::BoneKey {
            frame: 0,
            translation: glam::Vec3::ZERO,
            rotation: glam::Quat::IDENTITY,
            curves: [crate::motion::Bezier::LINEAR; 4],
            physics_off: false,
        };
        let name = crate::motion::VmdName {
            text: "センター".into(),
            raw: crate::motion::vmd::encode_name("センター", 15),
        };
        Vmd {
            bone_keys: (0..n)
                .map(|f| (name.clone(), crate::motion::BoneKey { frame: f, ..key }))
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn a_motion_loads_on_the_worker_and_a_bad_file_fails() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.vmd");
        crate::motion::save_vmd(&vmd_with_keys(30), &path).unwrap();
        match MotionLoading::start(&path, None).wait() {
            Ok(ParsedMotion::Vmd(v)) => {
                assert_eq!(v.bone_keys.len(), 30);
                assert_eq!(v.bone_keys[29].1.frame, 29);
            }
            _ => panic!("the motion did not load"),
        }
        std::fs::write(&path, b"not a motion").unwrap();
        assert!(matches!(
            MotionLoading::start(&path, None).wait(),
            Err(LoadError::Failed(_))
        ));
        assert!(matches!(
            MotionLoading::start(&dir.path().join("missing.vmd"), None).wait(),
            Err(LoadError::Failed(_))
        ));
    }

    #[test]
    fn a_cancelled_motion_load_gives_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.vmd");
        crate::motion::save_vmd(&vmd_with_keys(3), &path).unwrap();
        let progress = AtomicU32::new(0);
        let cancel = AtomicBool::new(true);
        assert!(matches!(
            load(&path, &progress, &cancel),
            Err(LoadError::Cancelled)
        ));
        cancel.store(false, Ordering::Relaxed);
        assert!(load(&path, &progress, &cancel).is_ok());
        assert_eq!(progress.load(Ordering::Relaxed), PARSING);
    }
}
