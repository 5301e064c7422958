//! Edits on Gene (224 bones, 28,646 vertices): delete a bone and undo it (full
//! reference remapping both ways), one slider step (field edit that merges), and
//! one field edit per kind including the work the app then does: the frame's
//! bookkeeping (the pose and physics world follow the edit), the deform order
//! the overlays read, the GPU sync. Physics is on, the timeline paused (a
//! playing timeline runs a pipeline frame every app frame, edit or not).
//! The Problems panel re-runs every check after any edit while it is shown:
//! "app: checks after an edit" is what that adds. "app: weight-paint dab" is one
//! frame of a paint stroke. "autosave: model copy" is all autosave does on the UI thread.

use criterion::{criterion_group, criterion_main, Criterion};
use hone::app::document::Document;
use hone::app::State;
use hone::edit::{History, ModelEdit};
use std::sync::{Arc, Mutex};

/// One dab of a 左ひじ stroke (add or subtract) on `hits`, merged into the
/// stroke's step as the viewport does.
fn dab(state: &mut State, bone: usize, hits: &[(usize, f32)], add: bool) {
    use hone::rig::paint::{Brush, Falloff, PaintMode, Stroke};
    let brush = Brush {
        radius: 1.0,
        strength: 0.05,
        value: 1.0,
        falloff: Falloff::Constant,
        mode: if add {
            PaintMode::Add
        } else {
            PaintMode::Subtract
        },
    };
    let m = state.doc().model();
    let mut stroke = Stroke::new(m, bone, brush, None).unwrap();
    let changed = stroke.dab_factors(m, hits).unwrap();
    let set: Vec<_> = changed
        .into_iter()
        .map(|v| {
            let mut vertex = m.vertices[v].clone();
            vertex.weights = stroke.weights(m, v).unwrap();
            (v, vertex)
        })
        .collect();
    assert!(!set.is_empty(), "the dab changed weights");
    state.apply(ModelEdit::set_vertices(set, "weights").merging_any(7));
}

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
    state.viewport_mut().gpu = Some(Arc::new(Mutex::new(Default::default())));
    {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    state.playback_mut().pause();
    let settle = |state: &mut State| {
        state.tick();
        {
            let f = state.frame_parts();
            f.debug.refresh_order(f.doc.model());
        }
        hone::app::viewport::sync_gpu(state);
    };
    settle(&mut state);
    let mut x = 0.0f32;
    c.bench_function("app: bone field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut bone = state.doc().model().bones[elbow].clone();
            bone.position.x = x;
            state.apply(ModelEdit::set_bone(elbow, bone, "position").merging(1));
            settle(&mut state);
        })
    });
    c.bench_function("app: body field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut body = state.doc().model().rigid_bodies[3].clone();
            body.mass = 1.0 + x;
            state.apply(ModelEdit::set_rigid_body(3, body, "mass").merging(2));
            settle(&mut state);
        })
    });
    c.bench_function("app: joint field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut joint = state.doc().model().joints[3].clone();
            joint.angular_spring.x = x;
            state.apply(ModelEdit::set_joint(3, joint, "angular spring").merging(3));
            settle(&mut state);
        })
    });
    c.bench_function("app: material field edit (Gene)", |b| {
        b.iter(|| {
            x += 0.001;
            let mut m = state.doc().model().materials[0].clone();
            m.diffuse.x = x.fract();
            state.apply(ModelEdit::set_material(0, m, "diffuse").merging(4));
            settle(&mut state);
        })
    });
    // One frame of a weight-paint stroke: a dab on the forearm's 左ひじ vertices
    // merged into the stroke's step, then the frame's work (skinning data rebuilt,
    // weight view recoloured) with the weight view on.
    let forearm: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| hone::app::weight_view::bone_weight(&model, v, elbow).is_some())
        .take(80)
        .collect();
    state.viewport_mut().weights.mode = hone::app::weight_view::WeightMode::Bone;
    state.select(hone::app::Selection::Bone(elbow));
    let hits: Vec<(usize, f32)> = forearm.iter().map(|&v| (v, 1.0)).collect();
    settle(&mut state);
    let mut add = true;
    c.bench_function("app: weight-paint dab, 80 vertices (Gene)", |b| {
        b.iter(|| {
            // Add and subtract in turn, so every dab changes the weights.
            add = !add;
            dab(&mut state, elbow, &hits, add);
            settle(&mut state);
            hone::app::weight_view::WeightView::update(&mut state);
        })
    });
    // The same dab late in a long stroke that has reached every vertex, last
    // first (so the forearm's are not at the front of any list), with the
    // checks not run since (the Problems tab not in front): the stroke's step
    // and the edits the checks wait for hold every vertex.
    let everywhere: Vec<(usize, f32)> = (0..model.vertices.len()).rev().map(|v| (v, 1.0)).collect();
    dab(&mut state, elbow, &everywhere, true);
    settle(&mut state);
    c.bench_function(
        "app: weight-paint dab late in a stroke over the whole mesh (Gene)",
        |b| {
            b.iter(|| {
                add = !add;
                dab(&mut state, elbow, &hits, add);
                settle(&mut state);
                hone::app::weight_view::WeightView::update(&mut state);
            })
        },
    );
    c.bench_function("app: checks after an edit (Gene)", |b| {
        b.iter(|| {
            state.debug_mut().invalidate();
            {
                let f = state.frame_parts();
                f.debug.refresh(f.doc.model());
            }
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
    // What autosave does on the UI thread when it writes a copy: clone the model
    // (the PMX file is written on a worker thread).
    c.bench_function("autosave: model copy on the UI thread (Gene)", |b| {
        b.iter(|| std::hint::black_box(model.clone()))
    });
}

criterion_group!(benches, bench_edit);
criterion_main!(benches);
