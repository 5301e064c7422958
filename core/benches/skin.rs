//! Skinning alone on Gene (28,646 vertices: BDEF1/2/4), posed with gene_r7:
//! parallel inside rayon's pool, and serial.
use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::deform::{pose_from_json, Deformer};
use std::time::Instant;

fn bench(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir().map(|d| d.join("gene")) else {
        eprintln!("shared models not available: nothing to measure");
        return;
    };
    let Ok(loaded) = hone_core::pmx::load(dir.join("Gene.pmx")) else {
        eprintln!("Gene.pmx not readable: nothing to measure");
        return;
    };
    let model = loaded.model;
    let text = std::fs::read_to_string(dir.join("oracle/gene_r7.pose.json"))
        .unwrap_or_else(|_| "{}".into());
    let pose = pose_from_json(&model, &text).expect("pose").pose;
    let mut deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    deformer.evaluate(&model, &pose, &mut state);
    let pool = rayon::ThreadPoolBuilder::new().build().unwrap();
    c.bench_function("gene_skin_parallel", |b| {
        b.iter_custom(|iters| {
            pool.install(|| {
                let start = Instant::now();
                for _ in 0..iters {
                    deformer.skin(&mut state);
                }
                start.elapsed()
            })
        })
    });
    deformer.parallel = false;
    c.bench_function("gene_skin_serial", |b| b.iter(|| deformer.skin(&mut state)));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
