//! Interactive speed on Gene (28,646 vertices) and on eight Genes side by side
//! as one model, driven headless (no GL; the GPU scene's data is prepared as
//! the viewport does, the paint callback that would upload it never runs).
//!
//! * `paint_dab_gene`: one model-space weight-paint dab (radius 0.6 on the
//!   forearm, 左ひじ's weights) while paused with physics on: the brush, the
//!   edit, the partial re-skin, the weight view's colours and the GPU scene's
//!   changed ranges.
//! * `field_edit_gene`: a rigid body's mass as the inspector types it, through
//!   the change set to every cache (pose, physics world, overlays, GPU scene).
//! * `app_frame_gene_laugh`: one whole app frame (egui layout and tessellation
//!   of every panel, the pipeline with physics, the GPU scene) while 02_laugh plays.
//! * `big_model_frame`: one pipeline frame with physics of eight Genes merged
//!   into one model (`rig::merge`, no name matching, side by side).
//! * `big_model_open`: opening that model's file as File ▸ Open does (read,
//!   parse, deform caches), on the loading worker.
//!
//! Each skips with a printed reason when the shared models are absent.

use criterion::{criterion_group, criterion_main, Criterion};
use eframe::egui;
use hone::app::document::Document;
use hone::app::viewport::camera::Projector;
use hone::app::weight_view::{WeightMode, WeightView};
use hone::app::{HoneApp, Selection, State};
use hone::edit::ModelEdit;
use hone::pmx::Model;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[path = "../core/benches/eight_genes/mod.rs"]
mod eight_genes;

fn gene() -> Option<(PathBuf, Model)> {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        eprintln!("skipping: shared models not available (gene/Gene.pmx)");
        return None;
    };
    match hone::pmx::load(&path) {
        Ok(loaded) => Some((path, loaded.model)),
        Err(e) => {
            eprintln!("skipping: cannot load {}: {e}", path.display());
            None
        }
    }
}

/// The state as the window has it: a GPU scene to fill, physics on.
fn state_on(model: Model) -> State {
    let mut state = State::new(Document::new(model, None, "Gene.pmx"), None);
    state.viewport_mut().gpu = Some(Arc::new(Mutex::new(Default::default())));
    {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    state.playback_mut().pause();
    state
}

/// What the app does with a frame's commands and before drawing: the edit, the
/// caches following it, the overlays' deform order, the weight colours, the GPU scene.
fn frame_work(state: &mut State) {
    state.apply_commands();
    state.tick();
    {
        let f = state.frame_parts();
        f.debug.refresh_order(f.doc.model());
    }
    WeightView::update(state);
    hone::app::viewport::sync_gpu(state);
}

fn bench_paint_and_edit(c: &mut Criterion) {
    let Some((_, model)) = gene() else { return };
    let elbow = model.bone_index("左ひじ").expect("Gene has 左ひじ");
    let wrist = model.bone_index("左手首").expect("Gene has 左手首");
    let mut state = state_on(model.clone());
    state.viewport_mut().weights.mode = WeightMode::Bone;
    state.select(Selection::Bone(elbow));
    state.viewport_mut().paint.brush.radius = 0.6;
    frame_work(&mut state);
    // Mid-forearm; every vertex within 0.6 of it counts (front faces or not).
    let centre = (model.bones[elbow].position + model.bones[wrist].position) * 0.5;
    state.viewport_mut().paint.brush.front_only = false;
    let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1200.0, 800.0));
    let proj = Projector::new(&state.viewport().camera, rect);
    let pos = proj.project_mmd(centre).unwrap_or(rect.center());
    let mut add = true;
    c.bench_function("paint_dab_gene", |b| {
        b.iter(|| {
            // Add and subtract in turn (a stroke each), so every dab changes weights;
            // the stroke goes through the commands the viewport sends.
            use hone::app::commands::{Command, PaintCommand};
            use hone::app::viewport::paint::ModeKind;
            add = !add;
            state.viewport_mut().paint.brush.mode = if add {
                ModeKind::Add
            } else {
                ModeKind::Subtract
            };
            let sent = state.commands();
            for step in [
                PaintCommand::End,
                PaintCommand::Begin,
                PaintCommand::Dab {
                    centre,
                    at: pos,
                    proj,
                },
            ] {
                sent.push(Command::Paint(step));
            }
            frame_work(&mut state);
        })
    });

    let body = (0..model.rigid_bodies.len())
        .find(|&i| model.rigid_bodies[i].mode != hone::pmx::RigidMode::FollowBone)
        .expect("Gene has a dynamic body");
    let mut x = 0.0f32;
    c.bench_function("field_edit_gene", |b| {
        b.iter(|| {
            x += 0.001;
            let mut edited = state.doc().model().rigid_bodies[body].clone();
            edited.mass = 1.0 + x;
            state
                .commands()
                .edit(ModelEdit::set_rigid_body(body, edited, "mass").merging(2));
            frame_work(&mut state);
        })
    });
}

fn bench_app_frame(c: &mut Criterion) {
    let Some((path, model)) = gene() else { return };
    let Some(motion) = path
        .parent()
        .map(|d| d.join("motion").join("02_laugh.vmd"))
        .filter(|p| p.exists())
    else {
        eprintln!("skipping app_frame_gene_laugh: gene/motion/02_laugh.vmd not available");
        return;
    };
    hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
    let ctx = egui::Context::default();
    let mut app = HoneApp::headless(Document::new(model, None, "Gene.pmx"), &ctx);
    app.state.viewport_mut().gpu = Some(Arc::new(Mutex::new(Default::default())));
    let size = egui::vec2(1600.0, 1000.0);
    let mut time = 0.0;
    let mut frame = |app: &mut HoneApp| {
        time += 1.0 / 60.0;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
            predicted_dt: 1.0 / 60.0,
            time: Some(time),
            ..Default::default()
        };
        let out = ctx.run_ui(input, |ui| app.show(ui));
        std::hint::black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
    };
    // Fonts, layout caches and the first frames' work settle first.
    for _ in 0..10 {
        frame(&mut app);
    }
    hone::app::timeline::load_motion_file(&mut app.state, &motion);
    {
        let f = app.state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    app.state.playback_mut().looping = true;
    app.state.playback_mut().play();
    for _ in 0..30 {
        frame(&mut app);
    }
    assert!(app.state.playback().playing, "02_laugh plays");
    c.bench_function("app_frame_gene_laugh", |b| b.iter(|| frame(&mut app)));
}

fn bench_big_model(c: &mut Criterion) {
    let Some((_, gene)) = gene() else { return };
    let big = eight_genes::eight_genes(&gene);
    eprintln!(
        "big model: {} vertices, {} bones, {} bodies, {} joints",
        big.vertices.len(),
        big.bones.len(),
        big.rigid_bodies.len(),
        big.joints.len()
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("Gene8.pmx");
    hone::pmx::write::save(&big, &file, &Default::default()).expect("the big model saves");

    let mut pose = hone::app::pose::PoseState::new(&big);
    pose.set_physics(&big, true);
    // Settled first: hair and skirts hang.
    for _ in 0..30 {
        pose.advance(&big, 1.0 / 60.0);
    }
    c.bench_function("big_model_frame", |b| {
        b.iter(|| pose.advance(&big, 1.0 / 60.0))
    });

    let opened = hone::app::files::loading::Loading::start(&file).wait();
    assert!(opened.is_ok(), "the big model opens");
    let mut group = c.benchmark_group("big_model");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("big_model_open", |b| {
        b.iter(|| {
            let loading = hone::app::files::loading::Loading::start(&file);
            std::hint::black_box(loading.wait().is_ok())
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_paint_and_edit,
    bench_app_frame,
    bench_big_model
);
criterion_main!(benches);
