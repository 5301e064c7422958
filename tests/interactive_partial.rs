//! Partial updates on Gene: a weight dab re-skins and uploads only the vertices
//! it touched, and the result is what a full re-skin and a full upload give; a
//! typed mass reaches the physics world without a new pipeline frame.

use glam::{Quat, Vec3};
use hone::app::document::Document;
use hone::app::viewport::camera::{mmd_to_gl, Projector};
use hone::app::viewport::paint;
use hone::app::viewport::render::{Dirty, GpuScene};
use hone::app::weight_view::{WeightMode, WeightView};
use hone::app::{Selection, State};
use hone::deform::BonePose;
use hone::edit::ModelEdit;
use hone::pmx::Model;
use std::sync::{Arc, Mutex};

fn gene() -> Option<Model> {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        hone_testkit::skip("shared models not available (gene/Gene.pmx)");
        return None;
    };
    Some(hone::pmx::load(path).expect("Gene.pmx loads").model)
}

fn frame_work(state: &mut State) {
    state.apply_commands();
    state.tick();
    WeightView::update(state);
    hone::app::viewport::sync_gpu(state);
}

/// Writes what the scene has waiting into `gpu` as the paint callback would.
fn upload(scene: &Arc<Mutex<GpuScene>>, gpu: &mut Vec<[f32; 3]>) -> usize {
    let mut scene = scene.lock().unwrap();
    if gpu.len() != scene.positions.len() {
        *gpu = vec![[f32::NAN; 3]; scene.positions.len()];
    }
    let mut written = 0;
    let n = gpu.len();
    scene.upload_vertices(n, |first, p, _| {
        gpu[first..first + p.len()].copy_from_slice(p);
        written += p.len();
    });
    written
}

#[test]
fn a_dab_reskins_and_uploads_only_its_vertices_and_matches_a_full_reskin() {
    let Some(model) = gene() else { return };
    let elbow = model.bone_index("左ひじ").unwrap();
    let wrist = model.bone_index("左手首").unwrap();
    let mut state = State::new(Document::new(model.clone(), None, "Gene.pmx"), None);
    let scene: Arc<Mutex<GpuScene>> = Arc::new(Mutex::new(Default::default()));
    state.viewport_mut().gpu = Some(scene.clone());
    {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    state.playback_mut().pause();
    // A bent wrist, so weight painted onto 左手首 moves the forearm's vertices.
    state.pose_mut().set_bone(
        wrist,
        BonePose {
            rotation: Quat::from_rotation_z(0.8),
            translation: Vec3::ZERO,
        },
    );
    state.viewport_mut().weights.mode = WeightMode::Bone;
    state.select(Selection::Bone(wrist));
    frame_work(&mut state);
    let mut gpu = Vec::new();
    let n = model.vertices.len();
    assert_eq!(upload(&scene, &mut gpu), n, "the first upload is whole");

    let before = state.pose().positions().to_vec();
    let brush = &mut state.viewport_mut().paint.brush;
    brush.radius = 0.6;
    brush.strength = 0.5;
    brush.front_only = false;
    brush.mode = paint::ModeKind::Add;
    let centre = (model.bones[elbow].position + model.bones[wrist].position) * 0.5;
    let rect =
        eframe::egui::Rect::from_min_size(Default::default(), eframe::egui::vec2(800.0, 600.0));
    let proj = Projector::new(&state.viewport().camera, rect);
    let pos = proj.project_mmd(centre).unwrap_or(rect.center());
    paint::dab_at(&mut state, &proj, centre, pos);
    paint::end_stroke(&mut state);
    frame_work(&mut state);

    let (_, alone) = state
        .pose()
        .skinned_alone()
        .expect("the dab skinned its vertices alone");
    let touched: std::collections::HashSet<usize> = alone.iter().copied().collect();
    let after = state.pose().positions().to_vec();
    let moved: Vec<usize> = (0..n).filter(|&v| before[v] != after[v]).collect();
    assert!(moved.len() > 20, "the dab moved {} vertices", moved.len());
    assert!(
        moved.iter().all(|v| touched.contains(v)),
        "only touched vertices moved"
    );
    assert!(
        matches!(scene.lock().unwrap().pending_vertices(), Dirty::Ranges(_)),
        "the dab uploads ranges, not the whole mesh"
    );
    let written = upload(&scene, &mut gpu);
    assert!(written < n / 4, "{written} of {n} vertices went up");

    // A full re-skin of the same pose gives the same positions…
    {
        let f = state.frame_parts();
        f.pose.advance(f.doc.model(), 0.0);
    }
    assert!(state.pose().skinned_alone().is_none());
    let full = state.pose().positions();
    for v in 0..n {
        assert!(
            after[v].distance(full[v]) < 1e-5,
            "vertex {v}: partial {} full {}",
            after[v],
            full[v]
        );
    }
    // …and the ranges left the GPU's copy as a whole upload would.
    for v in 0..n {
        let expected = mmd_to_gl(full[v]).to_array();
        let d = Vec3::from(gpu[v]).distance(Vec3::from(expected));
        assert!(d < 1e-5, "vertex {v}: GPU {:?} full {:?}", gpu[v], expected);
    }
}

#[test]
fn a_typed_mass_reaches_the_world_without_a_new_frame() {
    let Some(model) = gene() else { return };
    let mut state = State::new(Document::new(model.clone(), None, "Gene.pmx"), None);
    state.viewport_mut().gpu = Some(Arc::new(Mutex::new(Default::default())));
    {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    state.playback_mut().pause();
    frame_work(&mut state);
    let body = (0..model.rigid_bodies.len())
        .find(|&i| model.rigid_bodies[i].mode != hone::pmx::RigidMode::FollowBone)
        .unwrap();
    let revision = state.pose().revision;
    let mut edited = model.rigid_bodies[body].clone();
    edited.mass *= 3.0;
    state
        .commands()
        .edit(ModelEdit::set_rigid_body(body, edited.clone(), "mass"));
    frame_work(&mut state);
    assert_eq!(state.pose().revision, revision, "the frame stays as it was");
    let sim = state.pose().sim().expect("physics still runs");
    let mass = sim
        .physics
        .body_mass(body)
        .expect("the body is in the world");
    assert!((mass - edited.mass).abs() < 1e-4, "world mass {mass}");
    // A body moved: the frame follows at once.
    let mut moved = edited;
    moved.position.y += 0.5;
    state
        .commands()
        .edit(ModelEdit::set_rigid_body(body, moved, "position"));
    frame_work(&mut state);
    assert!(state.pose().revision > revision, "a moved body re-poses");
}
