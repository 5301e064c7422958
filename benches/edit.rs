//! Edits on Gene (224 bones, 28,646 vertices): delete a bone and undo it (full
//! reference remapping both ways), one slider step (field edit that merges), and
//! one field edit per kind including the work the app then does: the frame's
//! bookkeeping (the pose and physics world follow the edit), the deform order
//! the overlays read, the GPU sync. Physics is on, the timeline paused (a
//! playing timeline runs a pipeline frame every app frame, edit or not).
//! The Problems panel re-runs every check after any edit while it is shown:
//! "app: checks after an edit" is what that adds.

use criterion::{criterion_group, criterion_main, Criterion};
use hone::app::document::Document;
use hone::app::State;
use hone::edit::{History, ModelEdit};
use std::sync::{Arc, Mutex};

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
    let mut state = State::new(Document::new(model.clone(), None, "Gene.pmx"), None);
    state.viewport.gpu = Some(Arc::new(Mutex::new(Default::default())));
    state.pose.set_physics(state.doc.model(), true);
    state.playback.pause();
    let settle = |state: &mut State| {
        state.tick();
        state.debug.refresh_order(state.doc.model());
        hone::app::viewport::sync_gpu(state);
    };
    settle(&mut state);
    let mut x = 0.0f32;
    c.bench_function("app: bone field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut bone = state.doc.model().bones[elbow].clone();
            bone.position.x = x;
            state.apply(ModelEdit::set_bone(elbow, bone, "position").merging(1));
            settle(&mut state);
        })
    });
    c.bench_function("app: body field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut body = state.doc.model().rigid_bodies[3].clone();
            body.mass = 1.0 + x;
            state.apply(ModelEdit::set_rigid_body(3, body, "mass").merging(2));
            settle(&mut state);
        })
    });
    c.bench_function("app: joint field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut joint = state.doc.model().joints[3].clone();
            joint.angular_spring.x = x;
            state.apply(ModelEdit::set_joint(3, joint, "angular spring").merging(3));
            settle(&mut state);
        })
    });
    c.bench_function("app: material field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut m = state.doc.model().materials[0].clone();
            m.diffuse.x = x.fract();
            state.apply(ModelEdit::set_material(0, m, "diffuse").merging(4));
            settle(&mut state);
        })
    });
    c.bench_function("app: checks after an edit (Gene)", |b| {
        b.iter(|| {
            state.debug.invalidate();
            state.debug.refresh(state.doc.model());
        })
    });
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
}

criterion_group!(benches, bench_edit);
criterion_main!(benches);
