//! The plots' figures: a pendulum modelled sideways swings down under gravity, so its
//! bone's swing (physics on against off) grows from 0 past 60°, it moves, and its body's
//! distance from where the bone alone puts it is the chord of that swing; with physics off
//! nothing swings.

use glam::Vec3;
use hone_core::deform::Pose;
use hone_core::physics::PhysicsConfig;
use hone_core::pmx::{Joint, JointKind};
use hone_core::sim::{run, ProbeTarget, RunOptions, Simulation};

mod support;
use support::rigid::*;

/// B 2 units along +X on a joint that lets it turn freely but not move away.
fn pendulum() -> hone_core::pmx::Model {
    pair(
        Vec3::new(2.0, 0.0, 0.0),
        Joint {
            kind: JointKind::Spring6Dof,
            angular_lower: Vec3::splat(1.0),
            angular_upper: Vec3::splat(-1.0),
            ..Default::default()
        },
    )
}

#[test]
fn a_falling_pendulum_swings_moves_and_stays_on_its_joint() {
    let model = pendulum();
    let target = ProbeTarget::body(&model, 1).expect("body 1 hangs on bone 1");
    assert_eq!(target.bone, 1);
    let report = run(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        None,
        &RunOptions {
            seconds: 1.0,
            probe: vec![target, ProbeTarget::bone(&model, 0).unwrap()],
            ..Default::default()
        },
    );
    let probe = report.probe.expect("a probe was asked for");
    let [swing, anchor] = probe.series() else {
        panic!("two series")
    };
    let samples: Vec<_> = swing.samples().copied().collect();
    assert_eq!(samples.len(), 60, "one sample per frame of 1 s at 60 fps");
    assert!(samples.windows(2).all(|w| w[1].time > w[0].time));
    assert!(
        (samples[59].time - 1.0).abs() < 1e-3,
        "{}",
        samples[59].time
    );
    assert!(
        samples[0].swing_deg < 5.0,
        "it starts where it was modelled: {}",
        samples[0].swing_deg
    );
    // Falling from horizontal, it passes the vertical (90°) within the second.
    assert!(swing.max_swing() > 60.0, "max swing {}", swing.max_swing());
    assert!(swing.max_swing() <= 180.0);
    assert!(samples.iter().any(|s| s.speed > 1.0), "it moves");
    // Distance from where the bone alone puts the body: about the chord of its arc about
    // the pivot (radius 2; the joint gives a little while it swings fast).
    for s in &samples {
        let distance = s.distance.expect("its body is watched");
        let chord = 4.0 * (s.swing_deg.to_radians() / 2.0).sin();
        assert!(
            (distance - chord).abs() < 0.15 * chord + 0.05,
            "at {} s: distance {distance}, chord of {}° {chord}",
            s.time,
            s.swing_deg
        );
    }
    // The kinematic anchor neither swings nor moves, and its body is not simulated.
    assert!(anchor
        .samples()
        .all(|s| s.swing_deg < 1e-3 && s.speed < 1e-3));
    assert!(anchor.samples().all(|s| s.distance.is_none()));
}

#[test]
fn with_physics_off_nothing_swings() {
    let model = pendulum();
    let report = run(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        None,
        &RunOptions {
            seconds: 0.5,
            physics: false,
            probe: vec![ProbeTarget::body(&model, 1).unwrap()],
            ..Default::default()
        },
    );
    let probe = report.probe.unwrap();
    let samples: Vec<_> = probe.series()[0].samples().copied().collect();
    assert_eq!(samples.len(), 30);
    assert!(samples.iter().all(|s| s.swing_deg < 1e-3 && s.speed < 1e-3));
}

#[test]
fn the_probe_keeps_its_last_frames_and_starts_over_at_a_reset() {
    let model = pendulum();
    let pose = Pose::new(&model);
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    sim.set_probe(&[ProbeTarget::body(&model, 1).unwrap()], 10);
    for _ in 0..25 {
        sim.frame(&model, &pose, FRAME);
    }
    let series = &sim.probe().unwrap().series()[0];
    assert_eq!(series.samples().len(), 10, "only the last 10 frames");
    let first = series.samples().next().unwrap().time;
    assert!(
        (first - 16.0 * FRAME).abs() < 1e-4,
        "frames 16–25 kept: {first}"
    );
    sim.reset(&model, &pose);
    assert_eq!(sim.probe().unwrap().series()[0].samples().len(), 0);
    sim.frame(&model, &pose, FRAME);
    let again = sim.probe().unwrap().series()[0].samples().next().copied();
    assert!((again.unwrap().time - FRAME).abs() < 1e-6);
    sim.set_probe(&[], 10);
    assert!(sim.probe().is_none(), "no targets: no probe");
}
