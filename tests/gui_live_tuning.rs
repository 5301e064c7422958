//! Live tuning (issue 12 point 4) through the app, driven headless with egui_kittest: while
//! physics runs, a joint's spring or a body's damping typed into the inspector reaches the
//! running world at once (no reset: the bodies keep moving) and acts in the next frame;
//! an edit that changes what the world is made of still starts it over.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use glam::{Quat, Vec3};
use hone::app::dock::Tab;
use hone::app::Selection;
use hone::deform::BonePose;
use hone::edit::ModelEdit;
use hone::pmx::{Joint, Model, RigidMode};

mod gui_support;
use gui_support::{app, app_mut, harness_with, type_into, AppHarness};

/// The tube rig with its joint free to turn about Z (lower > upper), every other axis
/// locked, and its two overlapping bodies kept from colliding: 上's capsule swings on 下
/// like a pendulum.
fn pendulum() -> Model {
    let mut model = hone::app::demo::tube_rig();
    let joint = &mut model.joints[0];
    joint.angular_lower.z = 1.0;
    joint.angular_upper.z = -1.0;
    let [upper, lower] = [0, 1].map(|i| model.rigid_bodies[i].group);
    model.rigid_bodies[0].collision_mask &= !(1 << lower);
    model.rigid_bodies[1].collision_mask &= !(1 << upper);
    model
}

const TUBE: usize = 0;
const JOINT: usize = 0;

/// The app on the pendulum, physics on and paused, the whole rig (センター) turned a quarter
/// turn about Z so the capsule starts level and falls, `frames` frames stepped from the
/// Simulation tab.
fn swinging(frames: usize) -> AppHarness {
    let mut h = harness_with(pendulum(), "pendulum", egui::vec2(1400.0, 1400.0), |_| {});
    h.run_steps(2);
    let quarter = BonePose {
        rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
        translation: Vec3::ZERO,
    };
    app_mut(&mut h).state.commands().pose_bone(0, quarter);
    h.run_steps(2);
    focus(&mut h, Tab::Simulation);
    h.get_by_label("⏸ Pause").click();
    h.run_steps(2);
    h.get_by_label("physics on").click();
    h.run_steps(2);
    step(&mut h, frames);
    h
}

fn focus(h: &mut AppHarness, tab: Tab) {
    hone::app::dock::focus_tab(&mut app_mut(h).dock, tab);
    h.run_steps(2);
}

fn step(h: &mut AppHarness, frames: usize) {
    for _ in 0..frames {
        h.get_by_label("⏭ Step").click();
        h.run_steps(2);
    }
}

fn world(h: &AppHarness) -> &hone::physics::PhysicsWorld {
    &app(h).state.pose().sim().expect("physics runs").physics
}

/// What shows whether the running world was reset: the tube's motion.
#[derive(Debug, PartialEq)]
struct Motion {
    position: Vec3,
    rotation: Quat,
    linvel: Vec3,
    angvel: Vec3,
}

/// Changes only when the running world is built or reset.
fn epoch(h: &AppHarness) -> u64 {
    world(h).epoch()
}

fn motion(h: &AppHarness) -> Motion {
    let w = world(h);
    let pose = w.body_pose(TUBE).unwrap();
    Motion {
        position: pose.translation,
        rotation: pose.rotation,
        linvel: w.body_linvel(TUBE).unwrap(),
        angvel: w.body_angvel(TUBE).unwrap(),
    }
}

fn select(h: &mut AppHarness, selection: Selection) {
    app_mut(h).state.commands().select(selection);
    h.run_steps(3);
    focus(h, Tab::Inspector);
}

/// How far the tube has turned from where it started (level), in radians.
fn swung(m: &Motion, start: Quat) -> f32 {
    m.rotation.angle_between(start)
}

#[test]
fn a_spring_typed_into_the_inspector_acts_on_the_running_world_without_a_reset() {
    let mut edited = swinging(12);
    let mut untouched = swinging(12);
    let start = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
    let (before, epoch_before) = (motion(&edited), epoch(&edited));
    assert_eq!(
        before,
        motion(&untouched),
        "the two runs are the same so far"
    );
    assert!(
        before.angvel.length() > 1.0 && swung(&before, start) > 0.1,
        "the tube swings down: {before:?}"
    );

    select(&mut edited, Selection::Joint(JOINT));
    type_into(&mut edited, "angular spring", 2, "400");
    let a = app(&edited);
    assert_eq!(a.state.doc().model().joints[JOINT].angular_spring.z, 400.0);
    assert_eq!(
        a.state.doc().history.undo_label(),
        Some("Set 上-下.angular spring.z = 400")
    );
    // The running world holds the new stiffness, and nothing was reset: same epoch, the
    // tube where it was, still moving as fast.
    let spring = world(&edited).spring_joint(JOINT).expect("a spring 6DOF");
    assert_eq!(spring.angular_stiffness, Vec3::new(0.0, 0.0, 400.0));
    assert_eq!(motion(&edited), before);
    assert_eq!(epoch(&edited), epoch_before);

    // The next frame: the spring (equilibrium at the rest pose, level with 下) pulls the
    // tube back up, against the way gravity turns it in the unedited run.
    step(&mut edited, 1);
    step(&mut untouched, 1);
    let (e, u) = (motion(&edited), motion(&untouched));
    assert_eq!(
        epoch(&edited),
        epoch_before,
        "a frame later: still not reset"
    );
    let down = before.angvel.normalize();
    assert!(
        u.angvel.dot(down) - e.angvel.dot(down) > 0.5,
        "spin downwards: edited {}, untouched {}",
        e.angvel,
        u.angvel
    );
    assert!(swung(&e, start) < swung(&u, start));
}

#[test]
fn damping_typed_into_the_inspector_slows_the_running_body_at_once() {
    let mut edited = swinging(12);
    let mut untouched = swinging(12);
    let (before, epoch_before) = (motion(&edited), epoch(&edited));
    assert_eq!(before, motion(&untouched));

    select(&mut edited, Selection::RigidBody(TUBE));
    type_into(&mut edited, "angular damping", 0, "0.9");
    assert_eq!(
        app(&edited).state.doc().model().rigid_bodies[TUBE].angular_damping,
        0.9
    );
    let (_, angular) = world(&edited).body_damping(TUBE).unwrap();
    assert_eq!(angular, 0.9, "the running world damps with the new value");
    assert_eq!(motion(&edited), before, "not reset");
    assert_eq!(epoch(&edited), epoch_before);

    step(&mut edited, 1);
    step(&mut untouched, 1);
    let (e, u) = (motion(&edited), motion(&untouched));
    assert_eq!(epoch(&edited), epoch_before);
    // Bullet's damping scales the spin by (1 − 0.9)^(1/60) ≈ 0.96 per step: the damped
    // tube turns more slowly than the undamped one.
    assert!(
        e.angvel.length() < 0.98 * u.angvel.length(),
        "spin: edited {}, untouched {}",
        e.angvel.length(),
        u.angvel.length()
    );

    // A mass typed in: the world's mass and Bullet's inertia (linear in the mass) follow,
    // still no reset.
    let old_mass = world(&edited).body_mass(TUBE).unwrap();
    let old_inertia = world(&edited).body_inertia(TUBE).unwrap();
    let moving = motion(&edited);
    type_into(&mut edited, "mass", 0, "3");
    let w = world(&edited);
    assert_eq!(w.body_mass(TUBE), Some(3.0));
    let inertia = w.body_inertia(TUBE).unwrap();
    let expected = old_inertia * (3.0 / old_mass);
    assert!(
        (inertia - expected).abs().max_element() < 1e-4 * expected.max_element(),
        "inertia {inertia}, expected {expected}"
    );
    assert_eq!(motion(&edited), moving, "not reset");
    assert_eq!(epoch(&edited), epoch_before);
}

#[test]
fn edits_that_change_the_worlds_make_up_start_it_over() {
    let mut h = swinging(12);
    let (before, epoch_before) = (motion(&h), epoch(&h));
    assert!(before.linvel.length() > 1.0);

    // The tube made a bone-following body (mode 0): the world is rebuilt, every body
    // back on its bone at rest.
    let mut body = app(&h).state.doc().model().rigid_bodies[TUBE].clone();
    body.mode = RigidMode::FollowBone;
    app_mut(&mut h)
        .state
        .commands()
        .edit(ModelEdit::set_rigid_body(TUBE, body, "mode"));
    h.run_steps(3);
    assert_eq!(
        app(&h).state.doc().model().rigid_bodies[TUBE].mode,
        RigidMode::FollowBone
    );
    let rebuilt = motion(&h);
    assert_ne!(epoch(&h), epoch_before, "a new world");
    assert_eq!(rebuilt.linvel, Vec3::ZERO);

    // Undo, step on, then a structural edit (a joint added, as the lists do): reset too.
    app_mut(&mut h)
        .state
        .commands()
        .push(hone::app::commands::Command::Undo);
    h.run_steps(3);
    focus(&mut h, Tab::Simulation);
    step(&mut h, 5);
    let (running, epoch_running) = (motion(&h), epoch(&h));
    assert!(running.linvel.length() > 0.1, "{running:?}");
    let joint = Joint {
        name: "追加".into(),
        ..app(&h).state.doc().model().joints[JOINT].clone()
    };
    app_mut(&mut h)
        .state
        .commands()
        .edit(ModelEdit::add_joint(joint));
    h.run_steps(3);
    let after = motion(&h);
    assert_ne!(epoch(&h), epoch_running, "a structural edit resets");
    assert_eq!(after.linvel, Vec3::ZERO);
}
