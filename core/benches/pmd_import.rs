//! PMD import speed on the shared models (skipped when they are absent).

use criterion::{criterion_group, criterion_main, Criterion};

fn pmd_import(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("shared models absent: PMD import bench skipped");
        return;
    };
    for rel in ["mei/mei.pmd", "gene/Gene.pmd"] {
        let Ok(bytes) = std::fs::read(dir.join(rel)) else {
            continue;
        };
        c.bench_function(&format!("read_pmd {rel}"), |b| {
            b.iter(|| hone_core::pmx::pmd::read_pmd(std::hint::black_box(&bytes)).unwrap())
        });
    }
}

criterion_group!(benches, pmd_import);
criterion_main!(benches);
