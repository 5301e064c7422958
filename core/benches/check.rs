//! `check_model` on Gene (224 bones, 28,646 vertices, 87 rigid bodies): the
//! whole rule set, as the problems panel runs it after an edit.

use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::check::{check_model, CheckContext};

fn bench_check(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("skipping: shared models not available");
        return;
    };
    let path = dir.join("gene").join("Gene_light.pmx");
    let Ok(loaded) = hone_core::pmx::load(&path) else {
        eprintln!("skipping: cannot load {}", path.display());
        return;
    };
    let model = loaded.model;
    let ctx = CheckContext::for_file(&path);
    c.bench_function("check_model Gene_light (textures included)", |b| {
        b.iter(|| check_model(&model, &ctx))
    });
    let no_files = CheckContext::default();
    c.bench_function("check_model Gene_light (no file system)", |b| {
        b.iter(|| check_model(&model, &no_files))
    });
    c.bench_function("body overlaps Gene_light", |b| {
        b.iter(|| hone_core::check::physics::check_body_overlaps(&model))
    });
}

criterion_group!(benches, bench_check);
criterion_main!(benches);
