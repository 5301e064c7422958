//! Pose evaluation against the mmd-anim crate (issue 12.6: Hone ≤ 0.5× its
//! time). Same model (Gene), same motion (02_laugh.vmd), the same sequence of
//! frames, and the same work on both sides: sample the motion at the frame,
//! morph weights (group morphs expanded) and bone morphs, bones with append
//! (付与) and IK, skinning matrices. mmd-anim stops there (its host skins the
//! vertices), so that is the fair pair; Hone's full evaluation (vertex, UV and
//! material morphs too, and skinned positions and normals, what `hone pose
//! --bench` times) is measured beside it. Before timing, the bench prints how
//! far the two sides' world matrices are apart, so the pair is seen to do the
//! same thing. Needs the shared models; without them it says so.

use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::deform::{Deformer, Phase, Pose};
use hone_core::motion::{load_vmd, BoundMotion, FRAMES_PER_SECOND};
use mmd_anim::format::{build_mmd_registered_pair_clip, import_pmx_runtime, import_vmd_motion};
use mmd_anim::runtime::RuntimeInstance;
use std::hint::black_box;
use std::sync::Arc;

fn bench(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("pose bench: shared models not found, nothing measured");
        return;
    };
    let (pmx_path, vmd_path) = (
        dir.join("gene/Gene.pmx"),
        dir.join("gene/motion/02_laugh.vmd"),
    );

    // Hone.
    let model = hone_core::pmx::load(&pmx_path).unwrap().model;
    let (motion, _) = BoundMotion::bind(&load_vmd(&vmd_path).unwrap(), &model);
    let mut deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut pose = Pose::new(&model);

    // mmd-anim.
    let pmx = import_pmx_runtime(&std::fs::read(&pmx_path).unwrap()).unwrap();
    let vmd = import_vmd_motion(&std::fs::read(&vmd_path).unwrap()).unwrap();
    let clip = build_mmd_registered_pair_clip(
        &pmx.model,
        &vmd,
        &pmx.bone_name_to_index,
        &pmx.morph_name_to_index,
        &pmx.ik_solver_bone_name_to_index,
        pmx.model.ik_count(),
    )
    .unwrap();
    let arena = Arc::new(pmx.model);
    let (morphs, iks) = (arena.morph_count() as usize, arena.ik_count());
    let mut runtime = RuntimeInstance::new_with_counts(arena, morphs, iks);

    // Every frame of the motion, in turn (both sides see the same sequence).
    let frames = (motion.duration() * FRAMES_PER_SECOND).max(1.0) as usize;
    let hone_matrices = |pose: &mut Pose, state: &mut _, f: usize| {
        pose.reset();
        motion.apply_to_pose(f as f32, pose);
        deformer.apply_morph_weights(&model, pose, state);
        deformer.update_bones(pose, state, Phase::BeforePhysics);
        deformer.update_bones(pose, state, Phase::AfterPhysics);
        deformer.update_skinning_matrices(state);
    };

    let mut worst = 0.0f32;
    for f in (0..frames).step_by(7) {
        hone_matrices(&mut pose, &mut state, f);
        runtime.evaluate_clip_frame(&clip, f as f32);
        for (a, b) in state.world.iter().zip(runtime.world_matrices()) {
            let d = (a.to_cols_array().iter())
                .zip(b.to_cols_array())
                .fold(0.0f32, |m, (x, y)| m.max((x - y).abs()));
            worst = worst.max(d);
        }
    }
    eprintln!(
        "pose bench: {} bones, {frames} frames; largest world-matrix difference Hone vs mmd-anim: {worst:.2e}",
        model.bones.len()
    );

    // The machine is shared: time both sides alternately, in thread CPU time
    // (what a preempted thread does not use), and compare round by round.
    let mut ratios = Vec::new();
    let (mut hone_us, mut anim_us) = (Vec::new(), Vec::new());
    for round in 0..40 {
        let t = thread_cpu_seconds();
        for f in 0..frames {
            runtime.evaluate_clip_frame(&clip, f as f32);
            black_box(runtime.skinning_matrices());
        }
        let anim = thread_cpu_seconds() - t;
        let t = thread_cpu_seconds();
        for f in 0..frames {
            hone_matrices(&mut pose, &mut state, f);
            black_box(&state.skinning);
        }
        let hone = thread_cpu_seconds() - t;
        if round > 0 {
            ratios.push(hone / anim);
            hone_us.push(hone * 1e6 / frames as f64);
            anim_us.push(anim * 1e6 / frames as f64);
        }
    }
    eprintln!(
        "pose bench, thread CPU time per frame (median of 39 alternating rounds): Hone {:.1} µs, mmd-anim {:.1} µs, ratio {:.2}",
        median(&mut hone_us),
        median(&mut anim_us),
        median(&mut ratios)
    );

    let mut group = c.benchmark_group("pose Gene 02_laugh");
    let mut f = 0usize;
    group.bench_function("mmd-anim evaluate_clip_frame", |b| {
        b.iter(|| {
            f = (f + 1) % frames;
            runtime.evaluate_clip_frame(&clip, f as f32);
            black_box(runtime.skinning_matrices());
        })
    });
    group.bench_function("hone same work (matrices)", |b| {
        b.iter(|| {
            f = (f + 1) % frames;
            hone_matrices(&mut pose, &mut state, f);
            black_box(&state.skinning);
        })
    });
    for (label, parallel) in [
        ("hone full evaluate (serial)", false),
        ("hone full evaluate (2 threads)", true),
    ] {
        deformer.parallel = parallel;
        group.bench_function(label, |b| {
            b.iter(|| {
                f = (f + 1) % frames;
                pose.reset();
                motion.apply_to_pose(f as f32, &mut pose);
                deformer.evaluate(&model, &pose, &mut state);
                black_box(&state.positions);
            })
        });
    }
    group.finish();
}

/// CPU time this thread has used.
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
