//! Soft bodies in a frame: the sample rig (cape and cord) swinging its hips, and
//! the same rig with every optional solver part on its cape (aero, pose matching,
//! clusters, velocity/drift iterations). Needs no shared models.

use criterion::{criterion_group, criterion_main, Criterion};
use glam::Quat;
use hone_core::deform::Pose;
use hone_core::physics::PhysicsConfig;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::{AeroModel, Model, SoftBodyFlags};
use hone_core::sim::{Simulation, STAGES};
use std::hint::black_box;

/// Every optional part on the cape (the first soft body).
fn all_parts(mut m: Model) -> Model {
    let sb = &mut m.soft_bodies[0];
    sb.aero_model = AeroModel::FTwoSided;
    sb.config.dg = 0.05;
    sb.config.lf = 0.05;
    sb.config.mt = 0.1;
    sb.config.vcf = 1.0;
    sb.flags = SoftBodyFlags(sb.flags.0 | SoftBodyFlags::CLUSTERS);
    sb.cluster_count = 6;
    sb.iterations.velocity = 2;
    sb.iterations.drift = 1;
    sb.iterations.cluster = 2;
    m
}

fn soft(c: &mut Criterion) {
    let dt = 1.0 / 60.0;
    for (label, model) in [
        ("sample_rig_soft_frame", sample_rig()),
        ("sample_rig_soft_all_parts_frame", all_parts(sample_rig())),
    ] {
        let hips = model.bones.iter().position(|b| b.name == "下半身").unwrap();
        let mut sim = Simulation::new(&model, PhysicsConfig::default());
        let base = Pose::new(&model);
        let mut pose = base.clone();
        let mut f = 0usize;
        let swing = |pose: &mut Pose, f: usize| {
            pose.clone_from(&base);
            pose.bones[hips].rotation = Quat::from_rotation_y((f as f32 * 0.1).sin() * 0.8);
        };
        let frames = 240;
        let mut soft_us = 0.0;
        for i in 0..frames {
            swing(&mut pose, i);
            soft_us += sim.frame(&model, &pose, dt).us[7];
        }
        eprintln!(
            "{label}: {} mean {:.1} µs over {frames} frames",
            STAGES[7],
            soft_us / frames as f64
        );
        c.bench_function(label, |b| {
            b.iter(|| {
                swing(&mut pose, f);
                f += 1;
                black_box(sim.frame(&model, &pose, dt));
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = soft
}
criterion_main!(benches);
