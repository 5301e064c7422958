//! Edits on Gene (224 bones, 28,646 vertices): delete a bone and undo it (full
//! reference remapping both ways), and one slider step (field edit that merges).

use criterion::{criterion_group, criterion_main, Criterion};
use hone::edit::{History, ModelEdit};

fn bench_edit(c: &mut Criterion) {
    let Some(dir) = hone_testkit::shared_models_dir() else {
        eprintln!("skipping: shared models not available");
        return;
    };
    let Ok(loaded) = hone::pmx::load(dir.join("gene").join("Gene.pmx")) else {
        eprintln!("skipping: cannot load Gene.pmx");
        return;
    };
    let mut model = loaded.model;
    let elbow = model.bone_index("左ひじ").expect("Gene has 左ひじ");
    let mut history = History::new();
    c.bench_function("delete bone + undo (Gene)", |b| {
        b.iter(|| {
            history
                .apply(&mut model, ModelEdit::delete_bone(elbow))
                .unwrap();
            history.undo(&mut model);
        })
    });
    let mut history = History::new();
    let mut x = 0.0f32;
    c.bench_function("merged slider step on a bone (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut bone = model.bones[elbow].clone();
            bone.position.x = x;
            let edit = ModelEdit::set_bone(elbow, bone, "position.x").merging(1);
            history.apply(&mut model, edit).unwrap();
        })
    });
    assert_eq!(history.len(), 1);
}

criterion_group!(benches, bench_edit);
criterion_main!(benches);
