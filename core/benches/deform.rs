//! Full evaluation of Gene (morphs + bones + IK + skinning of 28,646
//! vertices) with the oracle's gene_r7 pose: 125 bones and 57 morphs set.
use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::deform::{pose_from_json, Deformer, Phase, Pose};
use std::time::Instant;

fn gene() -> Option<(hone_core::pmx::Model, Pose)> {
    let dir = hone_testkit::shared_models_dir()?.join("gene");
    let model = hone_core::pmx::load(dir.join("Gene.pmx")).ok()?.model;
    let text = std::fs::read_to_string(dir.join("oracle/gene_r7.pose.json")).ok()?;
    let pose = pose_from_json(&model, &text).ok()?.pose;
    Some((model, pose))
}

fn bench(c: &mut Criterion) {
    let Some((model, pose)) = gene() else {
        eprintln!("Gene.pmx not available: nothing to measure");
        return;
    };
    let deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    // Time inside the pool, as the app runs its frame: no job is injected
    // per call. (Criterion itself cannot move into the pool.)
    let pool = rayon::ThreadPoolBuilder::new().build().unwrap();
    let timed = |name: &str, c: &mut Criterion, f: &mut (dyn FnMut() + Send)| {
        c.bench_function(name, |b| {
            b.iter_custom(|iters| {
                pool.install(|| {
                    let start = Instant::now();
                    for _ in 0..iters {
                        f();
                    }
                    start.elapsed()
                })
            })
        });
    };
    timed("gene_evaluate_full", c, &mut || {
        deformer.evaluate(&model, &pose, &mut state)
    });
    timed("gene_morphs", c, &mut || {
        deformer.apply_morphs(&model, &pose, &mut state)
    });
    timed("gene_bones_with_ik", c, &mut || {
        deformer.update_bones(&pose, &mut state, Phase::BeforePhysics);
        deformer.update_bones(&pose, &mut state, Phase::AfterPhysics);
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
