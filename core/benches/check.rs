//! `check_model` on Gene (224 bones, 28,646 vertices, 87 rigid bodies): the
//! whole rule set, as the problems panel runs it after an edit (goal ≤ 5 ms),
//! and each check group alone, to see where the time goes.

use criterion::{criterion_group, criterion_main, Criterion};
use hone_core::check::{self, check_model, CheckContext};
use hone_core::edit::ModelEdit;
use hone_core::pmx::Model;

type CheckFn = fn(&Model) -> Vec<check::Problem>;

/// Every check of `check_model` except the texture files (they need a folder).
const GROUPS: [(&str, CheckFn); 17] = [
    ("index ranges", check::refs::check_index_ranges),
    ("cycles", check::bones::check_cycles),
    ("deform order", check::order::check_deform_order),
    ("ik", check::bones::check_ik),
    ("weights", check::weights::check_weights),
    ("version", check::version::check_version_features),
    ("bodies+joints", check::physics::check_bodies_and_joints),
    ("body overlaps", check::physics::check_body_overlaps),
    ("rig", check::rig::check_rig),
    ("joints", check::joints::check_joints),
    ("texture paths", check::textures::check_texture_paths),
    ("names", check::names::check_names),
    ("nested groups", check::refs::check_nested_group_morphs),
    ("morph values", check::morphs::check_morph_values),
    ("axes", check::bones::check_axes),
    ("numbers", check::values::check_numbers),
    ("display frames", check::frames::check_display_frames),
];

fn bench_check(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("skipping: shared models not available");
        return;
    };
    let path = dir.join("gene").join("Gene.pmx");
    let Ok(loaded) = hone_core::pmx::load(&path) else {
        eprintln!("skipping: cannot load {}", path.display());
        return;
    };
    let model = loaded.model;
    let ctx = CheckContext::for_file(&path);
    c.bench_function("check_model Gene (textures included)", |b| {
        b.iter(|| check_model(&model, &ctx))
    });
    let no_files = CheckContext::default();
    c.bench_function("check_model Gene (no file system)", |b| {
        b.iter(|| check_model(&model, &no_files))
    });
    c.bench_function("check group: texture files", |b| {
        b.iter(|| check::textures::check_textures(&model, &ctx))
    });
    // After one edit, what the Problems panel re-runs (CheckResults::update).
    let mut results = check::CheckResults::new(&model, &no_files);
    let mut edited = model.clone();
    let mut history = hone_core::edit::History::new();
    let mut m = edited.materials[0].clone();
    m.diffuse.x *= 0.5;
    let colour = history
        .apply(&mut edited, ModelEdit::set_material(0, m, "diffuse"))
        .unwrap();
    let mut b = edited.rigid_bodies[10].clone();
    b.mass *= 2.0;
    let mass = history
        .apply(&mut edited, ModelEdit::set_rigid_body(10, b, "mass"))
        .unwrap();
    let mut bone = edited.bones[5].clone();
    bone.position.y += 0.1;
    let bone_move = history
        .apply(&mut edited, ModelEdit::set_bone(5, bone, "position"))
        .unwrap();
    for (name, changes) in [
        ("material colour", colour),
        ("body mass", mass),
        ("bone position", bone_move),
    ] {
        c.bench_function(&format!("checks after an edit: {name}"), |b| {
            b.iter(|| results.update(&edited, &no_files, &changes))
        });
    }
    for (name, f) in &GROUPS {
        c.bench_function(&format!("check group: {name}"), |b| b.iter(|| f(&model)));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = bench_check
}
criterion_main!(benches);
