//! One whole 60 Hz frame of Gene under a motion: morphs → bones → physics →
//! after-physics bones → skinning (goal ≤ 1 ms). Needs the shared models;
//! without them the bench says so and measures nothing.

use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::deform::Pose;
use hone_core::motion::{load_vmd, BoundMotion, FRAMES_PER_SECOND};
use hone_core::physics::PhysicsConfig;
use hone_core::sim::{Simulation, STAGES};
use std::hint::black_box;

fn frame(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("frame bench: shared models not found, nothing measured");
        return;
    };
    let model = hone_core::pmx::load(dir.join("gene/Gene.pmx"))
        .unwrap()
        .model;
    let vmd = load_vmd(dir.join("gene/motion/02_laugh.vmd")).unwrap();
    let (motion, _) = BoundMotion::bind(&vmd, &model);
    let base = Pose::new(&model);
    let frames = (motion.duration().max(1.0) * 60.0) as usize;
    let dt = 1.0 / 60.0;

    for (label, parallel) in [
        ("gene_laugh_frame_60hz", true),
        ("gene_laugh_frame_60hz_serial_skin", false),
    ] {
        let mut sim = Simulation::new(&model, PhysicsConfig::default());
        sim.deformer.parallel = parallel;
        let mut pose = base.clone();
        let mut f = 0usize;
        // Per-stage means over one pass of the motion.
        let mut sum = [0.0f64; 9];
        for i in 0..frames {
            pose.clone_from(&base);
            motion.apply_to_pose(i as f32 * dt * FRAMES_PER_SECOND, &mut pose);
            let t = sim.frame(&model, &pose, dt);
            for (acc, us) in sum.iter_mut().zip(t.us) {
                *acc += us;
            }
        }
        eprintln!("{label}: mean µs per stage over {frames} frames:");
        for (s, name) in STAGES.iter().enumerate() {
            eprintln!("  {name:<22}{:>9.1}", sum[s] / frames as f64);
        }
        eprintln!(
            "  {:<22}{:>9.1}",
            "total",
            sum.iter().sum::<f64>() / frames as f64
        );
        c.bench_function(label, |b| {
            b.iter(|| {
                pose.clone_from(&base);
                motion.apply_to_pose((f % frames) as f32 * dt * FRAMES_PER_SECOND, &mut pose);
                f += 1;
                black_box(sim.frame(&model, &pose, dt));
            })
        });
    }
}

criterion_group!(benches, frame);
criterion_main!(benches);
