//! Live simulation in the app, driven headless with egui_kittest: motion
//! timeline, play / step / reset, and rebuilding physics after an edit.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use glam::Quat;
use hone::app::{timeline, HoneApp, LogLevel};
use hone::motion::Vmd;
use hone::physics::BodyShape;

mod gui_support;
use gui_support::motion::{key, name};
use gui_support::{app, app_mut, harness};

/// Rotates 下 (the tube's root) from 0 to 90° over 60 frames; one key for a bone the rig lacks.
fn motion() -> Vmd {
    Vmd {
        model_name: "tube".into(),
        bone_keys: vec![
            (name("下"), key(0, 0.0)),
            (name("下"), key(60, std::f32::consts::FRAC_PI_2)),
            (name("存在しない"), key(10, 0.3)),
        ],
        ..Vmd::default()
    }
}

fn root() -> usize {
    hone::app::demo::tube_rig().bone_index("下").unwrap()
}

/// Opens the Simulation tab (it shares a leaf with the rigid-body list).
fn open_sim_tab(h: &mut Harness<'_, Option<HoneApp>>) {
    let dock = &mut app_mut(h).dock;
    let path = dock.find_tab(&hone::app::dock::Tab::Simulation).unwrap();
    dock.set_active_tab(path).unwrap();
    h.run_steps(2);
}

#[test]
fn a_loaded_motion_shows_its_length_and_unknown_names_are_logged() {
    let mut h = harness();
    h.run_steps(2);
    timeline::set_motion(&mut app_mut(&mut h).state, motion(), "test.vmd");
    open_sim_tab(&mut h);
    h.get_by_label("test.vmd");
    h.get_by_label("0 / 60");
    let log = &app(&h).state.log_lines();
    assert!(
        log.iter()
            .any(|(l, m)| *l == LogLevel::Warning && m.contains("存在しない")),
        "{log:?}"
    );
    assert!(!app(&h).state.playback().playing);
}

#[test]
fn play_advances_the_frame_and_step_advances_exactly_one() {
    let mut h = harness();
    h.run_steps(2);
    timeline::set_motion(&mut app_mut(&mut h).state, motion(), "test.vmd");
    open_sim_tab(&mut h);

    h.get_by_label("⏭ Step").click();
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.playback().frame, 1.0);
    assert!(!a.state.playback().playing);
    // The pose holds the motion's value at frame 1 (1/60 of the way to 90°).
    let want = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2 / 60.0);
    let got = a.state.pose().bones()[root()].rotation;
    assert!(got.abs_diff_eq(want, 1e-4), "{got} vs {want}");
    h.get_by_label("1 / 60");

    h.get_by_label("▶ Play").click();
    h.run_steps(4);
    let a = app(&h);
    assert!(a.state.playback().playing);
    assert!(
        a.state.playback().frame > 1.0,
        "{}",
        a.state.playback().frame
    );
    let f = a.state.playback().frame;
    h.get_by_label("⏸ Pause").click();
    h.run_steps(3);
    let paused_at = app(&h).state.playback().frame;
    assert!(paused_at >= f);
    h.run_steps(3);
    assert_eq!(app(&h).state.playback().frame, paused_at);
}

/// Where body `i` sits when its bone is in the rest (bone-driven) pose.
fn rest_pose(
    model: &hone::pmx::Model,
    sim: &hone::sim::Simulation,
    i: usize,
) -> rapier3d::prelude::Pose {
    let deformer = hone::deform::Deformer::new(model);
    let mut st = deformer.new_state();
    deformer.evaluate(model, &hone::deform::Pose::new(model), &mut st);
    sim.physics.bone_driven_pose(i, &st.world).unwrap()
}

#[test]
fn reset_puts_bodies_back_on_their_bones() {
    let mut h = harness();
    h.run_steps(2);
    open_sim_tab(&mut h);
    h.get_by_label("physics on").click();
    h.run_steps(2);
    h.get_by_label("⏸ Pause").click(); // playing is the default: physics runs live
    h.run_steps(1);
    for _ in 0..20 {
        h.get_by_label("⏭ Step").click();
        h.run_steps(1);
    }
    let dynamic = 0; // the capsule on 上
    let moved = {
        let model = &app(&h).state.doc().model();
        let sim = app(&h).state.pose().sim().expect("physics on");
        let p = sim.physics.body_pose(dynamic).unwrap();
        p.translation
            .distance(rest_pose(model, sim, dynamic).translation)
    };
    assert!(moved > 0.01, "the dynamic body did not fall: {moved}");

    h.get_by_label("⟲ Reset").click();
    h.run_steps(2);
    let model = &app(&h).state.doc().model();
    let sim = app(&h).state.pose().sim().unwrap();
    for i in 0..model.rigid_bodies.len() {
        let p = sim.physics.body_pose(i).unwrap();
        let want = rest_pose(model, sim, i);
        assert!(
            p.translation.distance(want.translation) < 1e-4,
            "body {i}: {:?} vs {:?}",
            p.translation,
            want.translation
        );
        assert!(p.rotation.angle_between(want.rotation) < 1e-3, "body {i}");
        assert!(sim.physics.body_linvel(i).unwrap().length() < 1e-6);
    }
}

#[test]
fn editing_a_body_while_paused_rebuilds_the_world() {
    let mut h = harness();
    h.run_steps(2);
    open_sim_tab(&mut h);
    h.get_by_label("physics on").click();
    h.get_by_label("⏸ Pause").click();
    h.run_steps(2);
    let radius = |h: &Harness<'_, Option<HoneApp>>| match app(h)
        .state
        .pose()
        .sim()
        .unwrap()
        .physics
        .proxies()[0]
        .shape
    {
        BodyShape::Capsule { radius, .. } => radius,
        ref s => panic!("capsule expected, got {s:?}"),
    };
    assert!((radius(&h) - 1.8).abs() < 1e-5);
    let has_mass = |h: &Harness<'_, Option<HoneApp>>, m: f32| {
        let sim = app(h).state.pose().sim().unwrap();
        sim.physics
            .rapier()
            .bodies
            .iter()
            .any(|(_, b)| (b.mass() - m).abs() < 1e-3)
    };
    assert!(!has_mass(&h, 5.0));

    // The edit the inspector makes: a new size and mass through the history.
    let state = &mut app_mut(&mut h).state;
    let mut body = state.doc().model().rigid_bodies[0].clone();
    body.size.x = 0.7;
    body.mass = 5.0;
    state.apply(hone::edit::ModelEdit::set_rigid_body(0, body, "size"));
    h.run_steps(2);
    assert!(!app(&h).state.playback().playing);
    assert!((radius(&h) - 0.7).abs() < 1e-5, "{}", radius(&h));
    assert!(has_mass(&h, 5.0));
    // Still paused, still simulating the edited model, and undo brings the old size back.
    app_mut(&mut h).state.undo();
    h.run_steps(2);
    assert!((radius(&h) - 1.8).abs() < 1e-5);
}

#[test]
fn the_viewport_mesh_includes_soft_bodies_while_physics_runs() {
    // The sample rig's cape and cord are soft bodies: the positions the viewport
    // uploads (PoseState::positions) must be the solver's, not the plain skin.
    gui_support::english();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(
            move |ui, app: &mut Option<HoneApp>| {
                app.get_or_insert_with(|| HoneApp::headless(hone::app::sample_document(), ui.ctx()))
                    .show(ui)
            },
            None,
        );
    h.run_steps(2);
    let state = &mut app_mut(&mut h).state;
    assert!(!state.doc().model().soft_bodies.is_empty());
    {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    state.playback_mut().pause();
    for _ in 0..30 {
        app_mut(&mut h).state.playback_mut().step();
        h.run_steps(1);
    }
    let state = &app(&h).state;
    let model = state.doc().model();
    let sim = state.pose().sim().unwrap();
    let deformer = hone::deform::Deformer::new(model);
    let mut skinned = deformer.new_state();
    deformer.evaluate(model, &hone::deform::Pose::new(model), &mut skinned);
    let soft: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| sim.soft.skip_skinning(v))
        .collect();
    assert!(!soft.is_empty());
    let moved = soft
        .iter()
        .filter(|&&v| state.pose().positions()[v].distance(skinned.positions[v]) > 1e-2)
        .count();
    assert!(moved > 0, "no soft-body vertex left its skinned place");
    assert!(state.pose().positions().iter().all(|p| p.is_finite()));
}

#[test]
fn seeking_resets_physics_at_the_new_frame_and_capture_mode_lands_on_its_frame() {
    let mut h = harness();
    h.run_steps(2);
    let state = &mut app_mut(&mut h).state;
    timeline::set_motion(state, motion(), "test.vmd");
    {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
    }
    state.playback_mut().play();
    h.run_steps(6);
    // Jump back: bodies go to the bone-driven pose of frame 10, at rest.
    app_mut(&mut h).state.playback_mut().pause();
    app_mut(&mut h).state.playback_mut().seek(10.0);
    h.run_steps(1);
    let state = &app(&h).state;
    assert_eq!(state.playback().frame, 10.0);
    let sim = state.pose().sim().unwrap();
    for i in 0..state.doc().model().rigid_bodies.len() {
        let want = sim.physics.bone_driven_pose(i, &sim.state.world).unwrap();
        let got = sim.physics.body_pose(i).unwrap();
        assert!(
            got.translation.distance(want.translation) < 1e-4,
            "body {i}"
        );
        if sim.physics.body_role(i).is_some_and(|r| r.is_dynamic()) {
            let v = sim.physics.body_linvel(i).unwrap();
            assert!(v.length() < 1e-6, "body {i}: {v}");
        }
    }

    // Screenshot mode: one second of lead-in ends paused on frame 30, physics on.
    let state = &mut app_mut(&mut h).state;
    timeline::prepare_capture(
        state,
        Some((motion(), "m.vmd".into())),
        Some(30.0),
        Some(1.0),
    );
    h.run_steps(2);
    let state = &app(&h).state;
    assert_eq!(state.playback().frame, 30.0);
    assert!(!state.playback().playing);
    assert!(state.pose().physics_enabled());
    let want = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4);
    assert!(state.pose().bones()[root()]
        .rotation
        .abs_diff_eq(want, 1e-4));
}
