//! Gene under 02_laugh, the work the frame bench measures (also read by the
//! `frame_profile` example, which counts its instructions).

use hone_core::deform::Pose;
use hone_core::motion::{load_vmd, BoundMotion, FRAMES_PER_SECOND};
use hone_core::pmx::Model;
use hone_core::sim::{Simulation, STAGES};

pub struct GeneLaugh {
    pub model: Model,
    pub motion: BoundMotion,
    /// The rest pose the motion is applied to each frame.
    pub base: Pose,
    /// Frames in one pass of the motion at 60 Hz.
    pub frames: usize,
}

/// Loads Gene.pmx and 02_laugh.vmd from the shared models; None (said on stderr) without them.
pub fn load() -> Option<GeneLaugh> {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("shared models not found, nothing measured");
        return None;
    };
    let model = hone_core::pmx::load(dir.join("gene/Gene.pmx")).ok()?.model;
    let vmd = load_vmd(dir.join("gene/motion/02_laugh.vmd")).ok()?;
    let (motion, _) = BoundMotion::bind(&vmd, &model);
    let base = Pose::new(&model);
    let frames = (motion.duration().max(1.0) * 60.0) as usize;
    Some(GeneLaugh {
        model,
        motion,
        base,
        frames,
    })
}

/// One frame at 60 Hz.
pub const DT: f32 = 1.0 / 60.0;

impl GeneLaugh {
    /// The pose of frame `frame` (the motion repeating after one pass).
    pub fn pose_at(&self, frame: usize, pose: &mut Pose) {
        pose.clone_from(&self.base);
        let time = (frame % self.frames.max(1)) as f32 * DT * FRAMES_PER_SECOND;
        self.motion.apply_to_pose(time, pose);
    }

    /// Runs `frames` frames from frame 0; prints the mean µs per stage under `label`.
    pub fn run_and_report(&self, label: &str, sim: &mut Simulation, frames: usize) {
        let mut pose = self.base.clone();
        let mut sum = [0.0f64; STAGES.len()];
        for i in 0..frames {
            self.pose_at(i, &mut pose);
            let t = sim.frame(&self.model, &pose, DT);
            for (acc, us) in sum.iter_mut().zip(t.us) {
                *acc += us;
            }
        }
        let n = frames.max(1) as f64;
        eprintln!("{label}: mean µs per stage over {frames} frames:");
        for (name, us) in STAGES.iter().zip(sum) {
            eprintln!("  {name:<22}{:>9.1}", us / n);
        }
        eprintln!("  {:<22}{:>9.1}", "total", sum.iter().sum::<f64>() / n);
    }
}
