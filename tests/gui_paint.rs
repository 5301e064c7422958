//! Paint weights mode, driven with pointer events as a user paints (egui_kittest):
//! a stroke across Gene's forearm for 左ひじ.

use eframe::egui;
use glam::Vec3;
use hone::app::commands::Command;
use hone::app::commands::Mode;
use hone::app::viewport::camera::{mmd_to_gl, OrbitCamera, Projector};
use hone::app::viewport::paint::ModeKind;
use hone::app::weight_view::{bone_weight, WeightMode};
use hone::app::{HoneApp, Selection};
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::Model;
use hone::rig::paint::Falloff;

mod gui_support;
use gui_support::{app, app_mut, harness_with, primary_drag, AppHarness};

/// Distance from `p` to the line through `origin` along unit `dir`.
fn to_ray(p: Vec3, origin: Vec3, dir: Vec3) -> f32 {
    let v = p - origin;
    (v - dir * v.dot(dir)).length()
}

/// MMD-space rays through the pointer path, each segment sampled finely: the app
/// dabs along the segments between frames (fills a fast move).
fn stroke_rays(proj: &Projector, path: &[egui::Pos2]) -> Vec<(Vec3, Vec3)> {
    let mut points = vec![path[0]];
    for w in path.windows(2) {
        points.extend((1..=32).map(|k| w[0].lerp(w[1], k as f32 / 32.0)));
    }
    points
        .iter()
        .map(|p| {
            let (o, d) = proj.ray(*p);
            (mmd_to_gl(o), mmd_to_gl(d))
        })
        .collect()
}

/// Gene in Paint weights mode on 左ひじ, the camera on its forearm (elbow `a` to
/// wrist `b`); None (skipped) without the shared models.
struct Forearm {
    gene: Model,
    elbow: usize,
    wrist: usize,
    a: Vec3,
    b: Vec3,
    h: AppHarness,
}

fn forearm() -> Option<Forearm> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    let gene = hone::pmx::load(&path).unwrap().model;
    let elbow = gene.bone_index("左ひじ").unwrap();
    let wrist = gene.bone_index("左手首").unwrap();
    let (a, b) = (gene.bones[elbow].position, gene.bones[wrist].position);
    let h = painting(&gene, elbow, a, b);
    Some(Forearm {
        gene,
        elbow,
        wrist,
        a,
        b,
        h,
    })
}

/// Gene in Paint weights mode on `bone`, the camera framing `a`–`b` from the front.
fn painting(gene: &Model, bone: usize, a: Vec3, b: Vec3) -> AppHarness {
    let mut h = harness_with(
        gene.clone(),
        "Gene.pmx",
        egui::vec2(1600.0, 1000.0),
        |_: &mut HoneApp| {},
    );
    h.run_steps(3);
    {
        let state = &mut app_mut(&mut h).state;
        state.select(Selection::Bone(bone));
        state.commands().push(Command::ViewMode(Mode::PaintWeights));
        let pad = Vec3::splat(1.0);
        state.viewport_mut().camera = OrbitCamera::framing(a.min(b) - pad, a.max(b) + pad);
    }
    h.run_steps(3);
    h
}

#[test]
fn a_stroke_on_genes_forearm_paints_inside_the_brush_in_one_undo_step() {
    let Some(f) = forearm() else {
        return;
    };
    let (gene, elbow, a, b, mut h) = (f.gene, f.elbow, f.a, f.b, f.h);
    {
        let state = &mut app_mut(&mut h).state;
        assert_eq!(state.viewport().modes.mode, Mode::PaintWeights);
        assert_eq!(
            state.viewport().weights.mode,
            WeightMode::Bone,
            "the mode shows the bone's weights"
        );
        let brush = &mut state.viewport_mut().paint.brush;
        brush.mode = ModeKind::Add;
        brush.radius = 0.6;
        brush.strength = 0.5;
        brush.front_only = false;
    }
    let radius = 0.6;
    let rect = app(&h)
        .state
        .viewport()
        .last_rect
        .expect("the viewport was drawn");
    let proj = Projector::new(&app(&h).state.viewport().camera, rect);
    // Pointer positions along the forearm, 20 % to 80 % of the way to the wrist.
    let path: Vec<egui::Pos2> = (0..=12)
        .map(|k| proj.project_mmd(a.lerp(b, 0.2 + 0.05 * k as f32)).unwrap())
        .collect();
    let colours_before = app(&h).state.viewport().weights.revision;
    primary_drag(&mut h, &path);

    let state = &app(&h).state;
    assert_eq!(state.doc().history.head(), 1, "one stroke, one undo step");
    assert_eq!(state.doc().history.len(), 1);
    assert!(
        state.viewport().weights.revision > colours_before,
        "the weight view recoloured"
    );
    let painted = state.doc().model();
    let rays = stroke_rays(&proj, &path);
    let mut changed = 0;
    let mut worst_sum = 0.0f32;
    for (i, (old, new)) in gene.vertices.iter().zip(&painted.vertices).enumerate() {
        if old == new {
            continue;
        }
        changed += 1;
        assert_eq!(old.position, new.position, "vertex {i} moved");
        // Each dab is centred on the mesh under the pointer, so on that pointer's
        // ray: a painted vertex is within the radius of one of the rays.
        let d = rays
            .iter()
            .map(|(o, dir)| to_ray(old.position, *o, *dir))
            .fold(f32::INFINITY, f32::min);
        assert!(d <= radius + 0.01, "vertex {i} is {d} from the stroke");
        let (_, w, n) = new.weights.bone_weights();
        let sum: f32 = w[..n].iter().sum();
        worst_sum = worst_sum.max((sum - 1.0).abs());
        let before = bone_weight(&gene, i, elbow).unwrap_or(0.0);
        let after = bone_weight(painted, i, elbow).unwrap_or(0.0);
        assert!(
            after > before,
            "vertex {i}: add took 左ひじ {before} → {after}"
        );
    }
    eprintln!(
        "stroke on 左ひじ: {changed} vertices painted within radius {radius}, worst |sum−1| {worst_sum:e}"
    );
    assert!(worst_sum < 1e-5, "sums stay 1 (worst off by {worst_sum})");
    assert!(changed > 20, "only {changed} vertices painted");

    app_mut(&mut h).state.commands().push(Command::Undo);
    h.run_steps(3);
    let opts = WriteOptions::default();
    assert_eq!(
        write_pmx(app(&h).state.doc().model(), &opts).unwrap(),
        write_pmx(&gene, &opts).unwrap(),
        "one undo restores the bytes"
    );
}

#[test]
fn front_only_leaves_the_far_side_and_x_mirror_paints_the_right_arm() {
    let Some(f) = forearm() else {
        return;
    };
    let (gene, a, b, mut h) = (f.gene, f.a, f.b, f.h);
    let right_elbow = gene.bone_index("右ひじ").unwrap();
    {
        let brush = &mut app_mut(&mut h).state.viewport_mut().paint.brush;
        brush.mode = ModeKind::Replace;
        brush.value = 1.0;
        brush.strength = 1.0;
        brush.radius = 2.0;
        brush.falloff = Falloff::Constant;
        brush.front_only = true;
        brush.mirror = true;
    }
    let rect = app(&h).state.viewport().last_rect.unwrap();
    let proj = Projector::new(&app(&h).state.viewport().camera, rect);
    let mid = proj.project_mmd(a.lerp(b, 0.5)).unwrap();
    primary_drag(
        &mut h,
        &[mid, mid + egui::vec2(3.0, 0.0), mid + egui::vec2(6.0, 0.0)],
    );
    let state = &app(&h).state;
    assert_eq!(state.doc().history.len(), 1);
    let painted = state.doc().model();
    let eye = mmd_to_gl(state.viewport().camera.eye());
    let (mut front, mut back, mut mirrored) = (0, 0, 0);
    for (i, (old, new)) in gene.vertices.iter().zip(&painted.vertices).enumerate() {
        if old.weights == new.weights {
            continue;
        }
        if old.position.x > 0.0 {
            // 左 is +X in MMD: the painted side, facing the camera (rest normals).
            if old.normal.dot(eye - old.position) > 0.0 {
                front += 1;
            } else {
                back += 1;
            }
        } else {
            mirrored += 1;
            let after = bone_weight(painted, i, right_elbow).unwrap_or(0.0);
            assert!(after > 0.99, "mirror vertex {i} got 右ひじ {after}");
        }
    }
    eprintln!("front only + X-mirror: {front} front, {back} back, {mirrored} mirrored");
    assert!(front > 10, "{front} front vertices painted");
    assert_eq!(back, 0, "front only painted {back} vertices facing away");
    assert!(mirrored > 10, "{mirrored} mirrored vertices painted");
}

#[test]
fn a_screen_space_brush_paints_what_lies_within_its_pixels() {
    let Some(f) = forearm() else {
        return;
    };
    let (gene, elbow, a, b, mut h) = (f.gene, f.elbow, f.a, f.b, f.h);
    let radius_px = 25.0;
    {
        let brush = &mut app_mut(&mut h).state.viewport_mut().paint.brush;
        brush.screen_space = true;
        brush.radius_px = radius_px;
        brush.mode = ModeKind::Subtract;
        brush.strength = 0.5;
        brush.front_only = false;
    }
    let rect = app(&h).state.viewport().last_rect.unwrap();
    let proj = Projector::new(&app(&h).state.viewport().camera, rect);
    let path: Vec<egui::Pos2> = (0..=6)
        .map(|k| proj.project_mmd(a.lerp(b, 0.3 + 0.05 * k as f32)).unwrap())
        .collect();
    primary_drag(&mut h, &path);
    let state = &app(&h).state;
    assert_eq!(state.doc().history.len(), 1);
    let painted = state.doc().model();
    let mut changed = 0;
    for (i, (old, new)) in gene.vertices.iter().zip(&painted.vertices).enumerate() {
        if old.weights == new.weights {
            continue;
        }
        changed += 1;
        let on_screen = proj.project_mmd(old.position).unwrap();
        let d = path
            .windows(2)
            .map(|w| {
                let (a, ab) = (w[0], w[1] - w[0]);
                let t = ((on_screen - a).dot(ab) / ab.length_sq().max(1e-6)).clamp(0.0, 1.0);
                on_screen.distance(a + ab * t)
            })
            .fold(f32::INFINITY, f32::min);
        assert!(
            d <= radius_px + 0.01,
            "vertex {i} is {d} px from the stroke"
        );
        let before = bone_weight(&gene, i, elbow).unwrap_or(0.0);
        let after = bone_weight(painted, i, elbow).unwrap_or(0.0);
        assert!(
            after < before,
            "vertex {i}: subtract took {before} → {after}"
        );
    }
    eprintln!("screen brush {radius_px} px: {changed} vertices");
    assert!(changed > 10, "{changed}");
}

#[test]
fn painting_a_posed_arm_paints_where_the_posed_mesh_is() {
    let Some(f) = forearm() else {
        return;
    };
    let (gene, elbow, wrist, a, mut h) = (f.gene, f.elbow, f.wrist, f.a, f.h);
    // Bend the elbow 90° (a pose, not an edit): the forearm leaves its rest place.
    app_mut(&mut h).state.commands().pose_bone(
        elbow,
        hone::deform::BonePose {
            rotation: glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
            ..Default::default()
        },
    );
    h.run_steps(3);
    let posed_wrist = app(&h).state.pose().world()[wrist].w_axis.truncate();
    assert!(
        posed_wrist.distance(gene.bones[wrist].position) > 1.0,
        "the forearm is bent"
    );
    {
        let state = &mut app_mut(&mut h).state;
        let pad = Vec3::splat(1.0);
        state.viewport_mut().camera =
            OrbitCamera::framing(a.min(posed_wrist) - pad, a.max(posed_wrist) + pad);
        let brush = &mut state.viewport_mut().paint.brush;
        brush.mode = ModeKind::Add;
        brush.radius = 0.5;
        brush.strength = 0.5;
        brush.front_only = false;
    }
    h.run_steps(3);
    let posed: Vec<Vec3> = app(&h).state.pose().positions().to_vec();
    let rect = app(&h).state.viewport().last_rect.unwrap();
    let proj = Projector::new(&app(&h).state.viewport().camera, rect);
    let path: Vec<egui::Pos2> = (0..=8)
        .map(|k| {
            proj.project_mmd(a.lerp(posed_wrist, 0.3 + 0.05 * k as f32))
                .unwrap()
        })
        .collect();
    primary_drag(&mut h, &path);
    let state = &app(&h).state;
    assert_eq!(state.doc().history.len(), 1);
    assert!(!state.pose().is_rest(), "the pose stays while painting");
    let rays = stroke_rays(&proj, &path);
    let mut changed = 0;
    for (i, (old, new)) in gene
        .vertices
        .iter()
        .zip(&state.doc().model().vertices)
        .enumerate()
    {
        if old.weights == new.weights {
            continue;
        }
        changed += 1;
        // Within the brush of the stroke measured on the posed mesh.
        let d = rays
            .iter()
            .map(|(o, dir)| to_ray(posed[i], *o, *dir))
            .fold(f32::INFINITY, f32::min);
        assert!(d <= 0.5 + 0.01, "vertex {i} is {d} from the stroke (posed)");
    }
    eprintln!("posed stroke: {changed} vertices");
    assert!(changed > 20, "{changed}");
}

#[test]
fn one_fast_move_paints_the_whole_way_from_the_press() {
    let Some(f) = forearm() else {
        return;
    };
    let (gene, a, b, mut h) = (f.gene, f.a, f.b, f.h);
    {
        let brush = &mut app_mut(&mut h).state.viewport_mut().paint.brush;
        brush.radius = 0.5;
        brush.front_only = false;
    }
    let rect = app(&h).state.viewport().last_rect.unwrap();
    let proj = Projector::new(&app(&h).state.viewport().camera, rect);
    // Pressed at 20 % of the forearm, one frame later at 80 %, released.
    let ends = [a.lerp(b, 0.2), a.lerp(b, 0.8)];
    let path: Vec<egui::Pos2> = ends.iter().map(|p| proj.project_mmd(*p).unwrap()).collect();
    let gap = path[0].distance(path[1]);
    primary_drag(&mut h, &path);
    let painted = app(&h).state.doc().model();
    // Painted vertices near the press, the middle and the end of the move.
    let near = |t: f32| {
        let (o, d) = proj.ray(path[0].lerp(path[1], t));
        let (o, d) = (mmd_to_gl(o), mmd_to_gl(d));
        gene.vertices
            .iter()
            .zip(&painted.vertices)
            .filter(|(old, new)| old.weights != new.weights && to_ray(old.position, o, d) < 0.5)
            .count()
    };
    let (start, middle, end) = (near(0.0), near(0.5), near(1.0));
    eprintln!("fast move over {gap:.0} px: {start} / {middle} / {end} vertices painted near start / middle / end");
    assert!(start > 3 && middle > 3 && end > 3, "a gap in the stroke");
    assert_eq!(app(&h).state.doc().history.len(), 1);
}
