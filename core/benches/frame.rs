//! One whole 60 Hz frame of Gene under a motion: morphs → bones → physics →
//! after-physics bones → skinning (goal ≤ 1 ms). Needs the shared models;
//! without them the bench says so and measures nothing.

use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::physics::PhysicsConfig;
use hone_core::sim::Simulation;
use std::hint::black_box;

mod gene_laugh;

fn frame(c: &mut Criterion) {
    let Some(run) = gene_laugh::load() else {
        return;
    };
    for (label, parallel) in [
        ("gene_laugh_frame_60hz", true),
        ("gene_laugh_frame_60hz_serial_skin", false),
    ] {
        let mut sim = Simulation::new(&run.model, PhysicsConfig::default());
        sim.deformer.parallel = parallel;
        // Per-stage means over one pass of the motion.
        run.run_and_report(label, &mut sim, run.frames);
        let mut pose = run.base.clone();
        let mut f = 0usize;
        c.bench_function(label, |b| {
            b.iter(|| {
                run.pose_at(f, &mut pose);
                f += 1;
                black_box(sim.frame(&run.model, &pose, gene_laugh::DT));
            })
        });
    }
}

criterion_group!(benches, frame);
criterion_main!(benches);
