//! Ten seconds of every shared model under every shared motion (and at rest): the physics
//! never goes non-finite. Skipped (recorded) when the shared models are absent.

use hone_core::deform::Pose;
use hone_core::motion::{load_vmd, BoundMotion};
use hone_core::physics::PhysicsConfig;
use hone_core::sim::{run, RunOptions};
use std::path::PathBuf;

#[test]
fn every_shared_model_under_every_shared_motion_stays_finite_for_ten_seconds() {
    let models = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    if models.is_empty() {
        return;
    }
    let motions = hone_testkit::shared_model_files(&["vmd"]);
    assert!(
        models.len() >= 5 && !motions.is_empty(),
        "{models:?} {motions:?}"
    );
    let vmds: Vec<_> = motions.iter().map(|p| load_vmd(p).unwrap()).collect();
    let options = RunOptions {
        seconds: 10.0,
        ..Default::default()
    };
    let check = |path: &PathBuf| {
        let model = hone_core::pmx::load(path).unwrap().model;
        let base = Pose::new(&model);
        let bound: Vec<BoundMotion> = vmds
            .iter()
            .map(|v| BoundMotion::bind(v, &model).0)
            .collect();
        let mut runs = 0;
        for motion in std::iter::once(None).chain(bound.iter().map(Some)) {
            let r = run(&model, PhysicsConfig::default(), &base, motion, &options);
            let name = path.display();
            assert_eq!(r.nan_count, 0, "{name}: non-finite bodies");
            assert_eq!(r.non_finite_vertices, 0, "{name}: non-finite vertices");
            assert!(r.final_world.iter().all(|m| m.is_finite()), "{name}");
            runs += 1;
        }
        runs
    };
    // Two halves in parallel (the machine has two cores).
    let (a, b) = models.split_at(models.len() / 2);
    let runs = std::thread::scope(|s| {
        let left = s.spawn(|| a.iter().map(check).sum::<usize>());
        let right: usize = b.iter().map(check).sum();
        left.join().unwrap() + right
    });
    eprintln!(
        "{runs} runs of 10 s: {} models × ({} motions + rest)",
        models.len(),
        motions.len()
    );
}
