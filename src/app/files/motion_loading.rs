//! Loading a motion (VMD) or a pose (VPD) off the UI thread: a worker reads the file
//! in chunks (so Cancel is prompt and the bar moves) and parses it; the window keeps
//! drawing. Binding to the model (names looked up) happens on the UI thread when the
//! result is taken: it needs the model and is quick. A failed or cancelled load
//! leaves the current motion and pose as they were.

use super::job::{read_file, Job, Progress};
use crate::motion::vpd::Vpd;
use crate::motion::Vmd;
use std::path::{Path, PathBuf};

pub use super::job::JobError as LoadError;

/// What the worker read.
pub enum ParsedMotion {
    Vmd(Vmd),
    /// A pose and the notes on lines it could not read.
    Vpd(Vpd, Vec<String>),
}

/// A motion or pose load in progress.
pub struct MotionLoading {
    pub path: PathBuf,
    job: Job<ParsedMotion>,
}

/// The progress once reading is done.
const PARSING: u32 = 1001;
const CHUNK: usize = 256 * 1024;

impl MotionLoading {
    /// Starts reading `path` on a worker thread: a VPD when its extension says so, else
    /// a VMD. `repaint` is woken when the result is there.
    pub fn start(path: &Path, repaint: Option<eframe::egui::Context>) -> MotionLoading {
        let file = path.to_path_buf();
        MotionLoading {
            path: path.to_path_buf(),
            job: Job::start("hone-load-motion", repaint, move |progress| {
                load(&file, progress)
            }),
        }
    }

    /// The share read (0..=1), or None while parsing.
    pub fn read_share(&self) -> Option<f32> {
        match self.job.progress() {
            PARSING => None,
            n => Some(n as f32 / 1000.0),
        }
    }

    /// Asks the worker to stop; the caller forgets this load.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The result once the worker is done (never waits).
    pub fn poll(&self) -> Option<Result<ParsedMotion, LoadError>> {
        self.job.poll()
    }

    /// Waits for the result (tests).
    pub fn wait(&self) -> Result<ParsedMotion, LoadError> {
        self.job.wait()
    }
}

/// Whether `path` names a pose file (VPD) rather than a motion.
pub fn is_pose(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("vpd"))
}

fn load(path: &Path, progress: &Progress) -> Result<ParsedMotion, LoadError> {
    let failed = |e: &dyn std::fmt::Display| LoadError::Failed(format!("{}: {e}", path.display()));
    let (bytes, _) = read_file(path, CHUNK, progress, true)?;
    progress.stage(PARSING);
    let parsed = if is_pose(path) {
        crate::motion::vpd::read_vpd(&bytes)
            .map(|(vpd, notes)| ParsedMotion::Vpd(vpd, notes))
            .map_err(|e| failed(&e))?
    } else {
        ParsedMotion::Vmd(crate::motion::vmd::read_vmd(&bytes).map_err(|e| failed(&e))?)
    };
    progress.check()?;
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::files::testing::{assert_cancel_stops, temp_path};

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
        let (dir, path) = temp_path("m.vmd");
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
        let (_dir, path) = temp_path("m.vmd");
        crate::motion::save_vmd(&vmd_with_keys(3), &path).unwrap();
        assert_cancel_stops(|progress| load(&path, progress), PARSING);
    }
}
