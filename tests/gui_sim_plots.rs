//! The Simulation panel's plots: selecting a simulated body while physics runs records its
//! swing, speed and distance every frame; a selected bone is plotted too; deselecting stops
//! the recording; with physics off the panel says how to get plots.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use hone::app::commands::Command;
use hone::app::{HoneApp, Selection};
use hone::pmx::RigidMode;
use hone::sim::ProbeTarget;

mod gui_support;
use gui_support::{app, app_mut, harness};

fn open_sim_tab(h: &mut Harness<'_, Option<HoneApp>>) {
    let dock = &mut app_mut(h).dock;
    let path = dock.find_tab(&hone::app::dock::Tab::Simulation).unwrap();
    dock.set_active_tab(path).unwrap();
    h.run_steps(2);
}

/// The first body physics moves, and its bone.
fn simulated_body(h: &Harness<'_, Option<HoneApp>>) -> (usize, usize) {
    let model = app(h).state.doc().model();
    let i = model
        .rigid_bodies
        .iter()
        .position(|b| b.mode != RigidMode::FollowBone && b.bone >= 0)
        .expect("the tube rig has simulated bodies");
    (i, model.rigid_bodies[i].bone as usize)
}

#[test]
fn a_selected_body_is_recorded_while_physics_runs_and_deselecting_stops_it() {
    let mut h = harness();
    h.run_steps(2);
    open_sim_tab(&mut h);
    h.get_by_label("Physics is off: turn it on to plot how bodies swing.");

    let (body, bone) = simulated_body(&h);
    {
        let state = &mut app_mut(&mut h).state;
        state.commands().push(Command::Physics(true));
        state.select(Selection::RigidBody(body));
    }
    h.run_steps(20);
    let a = app(&h);
    let probe = a.state.pose().sim().unwrap().probe().expect("recording");
    let want = ProbeTarget::body(a.state.doc().model(), body).unwrap();
    assert_eq!(probe.targets().collect::<Vec<_>>(), vec![want]);
    assert_eq!(want.bone, bone);
    let samples = probe.series()[0].samples().len();
    assert!(
        (10..=20).contains(&samples),
        "one sample per frame: {samples}"
    );
    // 10 s at 60 frames a second by default.
    assert_eq!(probe.capacity(), 600);
    h.get_by_label("Plots");

    // A bone is plotted too, with the body that hangs on it.
    app_mut(&mut h).state.select(Selection::Bone(bone));
    h.run_steps(3);
    let a = app(&h);
    let probe = a.state.pose().sim().unwrap().probe().expect("recording");
    let target = probe.targets().next().unwrap();
    assert_eq!((target.bone, target.body), (bone, Some(body)));

    app_mut(&mut h).state.select(Selection::None);
    h.run_steps(3);
    assert!(app(&h).state.pose().sim().unwrap().probe().is_none());
    h.get_by_label(
        "Select bones or rigid bodies (Ctrl-click for several) to plot their swing, speed and distance from the bone.",
    );
}

#[test]
fn the_recording_survives_a_physics_restart() {
    let mut h = harness();
    h.run_steps(2);
    open_sim_tab(&mut h);
    let (body, _) = simulated_body(&h);
    {
        let state = &mut app_mut(&mut h).state;
        state.commands().push(Command::Physics(true));
        state.select(Selection::RigidBody(body));
    }
    h.run_steps(5);
    app_mut(&mut h)
        .state
        .commands()
        .push(Command::Physics(false));
    h.run_steps(2);
    app_mut(&mut h)
        .state
        .commands()
        .push(Command::Physics(true));
    h.run_steps(5);
    let a = app(&h);
    let probe = a
        .state
        .pose()
        .sim()
        .unwrap()
        .probe()
        .expect("asked for again");
    assert_eq!(probe.targets().count(), 1);
    assert!(probe.series()[0].samples().len() >= 1);
}
