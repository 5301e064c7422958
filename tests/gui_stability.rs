//! Stability tools in the Simulation panel, driven headless with egui_kittest: the bodies
//! that stretch, spin or oscillate are named there and selectable; "reset physics at
//! frame N" starts physics over when playing reaches N.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use glam::{Quat, Vec3};
use hone::app::{timeline, HoneApp, Selection};
use hone::motion::{Bezier, BoneKey, Vmd, VmdName};
use hone::pmx::{RigidBody, RigidMode, RigidShape};

mod gui_support;
use gui_support::{app, app_mut, harness, harness_on};

fn open_sim_tab(h: &mut Harness<'_, Option<HoneApp>>) {
    let dock = &mut app_mut(h).dock;
    let path = dock.find_tab(&hone::app::dock::Tab::Simulation).unwrap();
    dock.set_active_tab(path).unwrap();
    h.run_steps(2);
}

fn step(h: &mut Harness<'_, Option<HoneApp>>, times: usize) {
    for _ in 0..times {
        h.get_by_label("⏭ Step").click();
        h.run_steps(2);
    }
}

#[test]
fn a_body_that_falls_away_is_named_and_selectable() {
    // The tube rig plus a simulated sphere held by no joint: it falls off its bone.
    let mut model = hone::app::demo::tube_rig();
    model.rigid_bodies.push(RigidBody {
        name: "落ちる球".into(),
        bone: 0,
        shape: RigidShape::Sphere,
        size: Vec3::new(0.5, 0.0, 0.0),
        mode: RigidMode::Dynamic,
        mass: 1.0,
        collision_mask: 0,
        ..Default::default()
    });
    let falling = model.rigid_bodies.len() - 1;
    let mut h = harness_on(model, "falling");
    h.run_steps(2);
    open_sim_tab(&mut h);
    h.get_by_label("physics on").click();
    h.run_steps(2);
    h.get_by_label("⏸ Pause").click();
    h.run_steps(1);
    // It fell while physics ran live: a reset starts over with nothing to report.
    h.get_by_label("⟲ Reset").click();
    h.run_steps(2);
    h.get_by_label("✔ No body stretches, spins or oscillates since the last reset.");
    step(&mut h, 30);
    let label = format!("⚠ {falling} 落ちる球");
    h.get_by_label(&label).click();
    h.run_steps(2);
    assert_eq!(app(&h).state.selection(), Selection::RigidBody(falling));
    // Only the falling sphere: the tube's own bodies hang on their joints.
    let model = app(&h).state.doc().model();
    let troubles = app(&h)
        .state
        .pose()
        .sim()
        .unwrap()
        .stability()
        .unwrap()
        .troubles(model, &Default::default());
    let named: Vec<usize> = troubles.iter().map(|t| t.body).collect();
    assert_eq!(named, [falling], "{troubles:?}");
    assert!(troubles[0].stretch.unwrap() > 2.0);

    // A reset starts the watch over again.
    h.get_by_label("⟲ Reset").click();
    h.run_steps(2);
    h.get_by_label("✔ No body stretches, spins or oscillates since the last reset.");
}

fn name(text: &str) -> VmdName {
    VmdName {
        text: text.into(),
        raw: hone::motion::vmd::encode_name(text, 15),
    }
}

/// Turns 下 (the tube's root) a quarter turn over 60 frames.
fn turning() -> Vmd {
    let key = |frame, angle| BoneKey {
        frame,
        translation: Vec3::ZERO,
        rotation: Quat::from_rotation_z(angle),
        curves: [Bezier::LINEAR; 4],
        physics_off: false,
    };
    Vmd {
        model_name: "tube".into(),
        bone_keys: vec![
            (name("下"), key(0, 0.0)),
            (name("下"), key(60, std::f32::consts::FRAC_PI_2)),
        ],
        ..Vmd::default()
    }
}

fn fastest_body(h: &Harness<'_, Option<HoneApp>>) -> f32 {
    let sim = app(h).state.pose().sim().expect("physics on");
    (0..sim.physics.body_count())
        .map(|i| sim.physics.body_linvel(i).unwrap().length())
        .fold(0.0, f32::max)
}

#[test]
fn physics_resets_when_playing_reaches_the_chosen_frame() {
    let mut h = harness();
    h.run_steps(2);
    timeline::set_motion(&mut app_mut(&mut h).state, turning(), "turn.vmd");
    open_sim_tab(&mut h);
    h.get_by_label("physics on").click();
    h.run_steps(2);
    h.get_by_label("reset physics at frame").click();
    h.run_steps(1);
    app_mut(&mut h).state.playback_mut().reset_at = Some(10);
    step(&mut h, 9);
    assert_eq!(app(&h).state.playback().frame, 9.0);
    assert!(fastest_body(&h) > 0.1, "the turning tube swings its bodies");
    // Frame 10: every body back on its bone, at rest.
    step(&mut h, 1);
    assert_eq!(app(&h).state.playback().frame, 10.0);
    assert!(fastest_body(&h) < 1e-6, "{}", fastest_body(&h));
    step(&mut h, 1);
    assert!(fastest_body(&h) > 1e-3, "physics runs on after the reset");
}
