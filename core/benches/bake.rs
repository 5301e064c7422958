//! Baking Gene + 02_laugh (301 VMD frames = 10 s of motion): the physics-on run, the
//! key reduction and the physics-off check. Goal: ≥ 50× real time. Needs the shared
//! models; without them the bench says so and measures nothing.

use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::motion::bake::{bake, BakeOptions};
use hone_core::motion::load_vmd;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn bake_bench(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("bake bench: shared models not found, nothing measured");
        return;
    };
    let model = hone_core::pmx::load(dir.join("gene/Gene.pmx"))
        .unwrap()
        .model;
    let vmd = load_vmd(dir.join("gene/motion/02_laugh.vmd")).unwrap();
    let cancel = AtomicBool::new(false);
    let options = BakeOptions::default();
    let (_, report) = bake(&model, &vmd, &options, &mut |_| {}, &cancel).unwrap();
    let seconds = (report.end - report.start + 1) as f64 / 30.0;
    eprintln!(
        "bake bench: {} bones, {seconds:.1} s of motion; divide by the time below for × real time",
        report.bones.len()
    );
    let mut group = c.benchmark_group("bake");
    group.sample_size(10);
    group.bench_function("gene_laugh_bake", |b| {
        b.iter(|| black_box(bake(&model, &vmd, &options, &mut |_| {}, &cancel).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, bake_bench);
criterion_main!(benches);
