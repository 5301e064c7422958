//! Ten seconds of every shared model under every shared motion (and at rest): the physics
//! never goes non-finite. Skipped, saying so, when the shared models are absent.

use hone_core::deform::Pose;
use hone_core::motion::{load_vmd, BoundMotion};
use hone_core::physics::PhysicsConfig;
use hone_core::sim::{run, RunOptions};
use std::path::{Path, PathBuf};

fn files_with(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            // Other parsers' dumps live in peers/: not models.
            if p.file_name().is_some_and(|n| n != "peers") {
                files_with(&p, extensions, out);
            }
        } else if p
            .extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.contains(&x.to_lowercase().as_str()))
        {
            out.push(p);
        }
    }
}

#[test]
fn every_shared_model_under_every_shared_motion_stays_finite_for_ten_seconds() {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("shared models not found: skipped");
        return;
    };
    let mut models = Vec::new();
    files_with(&dir, &["pmx", "pmd"], &mut models);
    let mut motions = Vec::new();
    files_with(&dir, &["vmd"], &mut motions);
    models.sort();
    motions.sort();
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
