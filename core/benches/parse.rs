//! PMX parse (and write) throughput on Gene.pmx from the shared models.
//! Skips (prints a note) when the shared models are absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hone_core::pmx::read::read_pmx;
use hone_core::pmx::write::{write_pmx, WriteOptions};
use std::hint::black_box;

fn parse(c: &mut Criterion) {
    let Some(path) = hone_testkit::shared_models_dir().map(|d| d.join("gene/Gene.pmx")) else {
        eprintln!("shared models not found; skipping the parse bench");
        return;
    };
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!("{} not found; skipping the parse bench", path.display());
        return;
    };
    let model = read_pmx(&bytes).expect("Gene.pmx parses").model;
    let mut g = c.benchmark_group("gene");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("read_pmx", |b| {
        b.iter(|| read_pmx(black_box(&bytes)).unwrap())
    });
    g.bench_function("write_pmx", |b| {
        b.iter(|| write_pmx(black_box(&model), &WriteOptions::default()).unwrap())
    });
    g.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
