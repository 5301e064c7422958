//! Bullet's contact rules, each on a small model built in code (the numbers are Bullet's
//! `btContactSolverInfo` defaults and shape margins, as the MMD runtimes leave them):
//! penetrations pushed out at ERP 0.2 per step, through the velocity when shallower than
//! 0.04 and by a pseudo-velocity (split impulse) when deeper; a gap within the breaking
//! threshold (0.02 × the bounding radius) stops an approaching body at contact, a wider
//! one does not; a box's corners rounded by its margin; a box resting on a capsule.

use glam::{Mat4, Vec3};
use hone_core::physics::{BodyImpulse, ContactPoint, PhysicsConfig, PhysicsWorld};
use hone_core::pmx::builder::ModelBuilder;
use hone_core::pmx::Model;

const FRAME: f32 = 1.0 / 60.0;

/// A bone-following sphere of radius 1 at the origin (body 0) and a simulated body
/// (body 1) made by `probe` at `at`, without damping.
fn ball_and(at: Vec3, probe: impl FnOnce(hone_core::pmx::builder::RigidBodyBuilder<'_>)) -> Model {
    let mut b = ModelBuilder::new("contact");
    b.bone("ball", Vec3::ZERO);
    b.bone("probe", at).parent(0);
    b.rigid_body("ball", 0)
        .sphere(1.0)
        .at(Vec3::ZERO)
        .follow_bone();
    probe(
        b.rigid_body("probe", 1)
            .at(at)
            .dynamic()
            .group(1)
            .mass(1.0)
            .damping(0.0, 0.0),
    );
    b.build()
}

/// The world on its rest bones; the bones see the stepped pose (no motion-state
/// latency) so one step's result can be read directly.
fn start(model: &Model, config: PhysicsConfig) -> (PhysicsWorld, Vec<Mat4>) {
    let config = PhysicsConfig {
        motion_state_latency: false,
        ..config
    };
    let mut world = PhysicsWorld::new(model, config);
    let bones: Vec<Mat4> = model
        .bones
        .iter()
        .map(|b| Mat4::from_translation(b.position))
        .collect();
    world.reset(&bones);
    (world, bones)
}

fn weightless() -> PhysicsConfig {
    PhysicsConfig {
        gravity: Vec3::ZERO,
        ..Default::default()
    }
}

fn step(world: &mut PhysicsWorld, bones: &mut [Mat4], frames: usize) {
    for _ in 0..frames {
        world.set_bone_targets(bones);
        world.step(FRAME);
        world.write_back(bones);
    }
}

/// A sphere of radius 0.5 overlapping the ball by `depth` along +X, after one step:
/// its speed and how far it moved along X.
fn one_step_out_of(depth: f32) -> (f32, f32) {
    let x0 = 1.5 - depth;
    let model = ball_and(Vec3::new(x0, 0.0, 0.0), |p| {
        p.sphere(0.5);
    });
    let (mut world, mut bones) = start(&model, weightless());
    step(&mut world, &mut bones, 1);
    let v = world.body_linvel(1).unwrap();
    let moved = world.body_pose(1).unwrap().translation.x - x0;
    assert!(v.y.abs() < 1e-4 && v.z.abs() < 1e-4, "{v}");
    (v.x, moved)
}

#[test]
fn a_shallow_penetration_leaves_with_erp_speed_a_deep_one_is_moved_without_speed() {
    // Shallow (0.02 < 0.04): the ERP 0.2 correction is a real velocity, 0.2 × 0.02 per step.
    let (v, moved) = one_step_out_of(0.02);
    let expected = 0.2 * 0.02 / FRAME;
    assert!(
        (v - expected).abs() < 0.01 * expected,
        "speed {v} vs {expected}"
    );
    assert!((moved - expected * FRAME).abs() < 1e-4, "moved {moved}");
    // Deep (0.1 > 0.04): split impulse moves the body 0.2 × 0.1 and keeps no speed.
    let (v, moved) = one_step_out_of(0.1);
    assert!(v.abs() < 1e-3, "speed {v} kept from a split-impulse push");
    assert!((moved - 0.2 * 0.1).abs() < 1e-3, "moved {moved}");
}

/// A sphere of radius 0.5 with a `gap` to the ball along +X, moving towards it at `speed`:
/// the gap after one step (negative = overlapping).
fn gap_after_approach(gap: f32, speed: f32) -> f32 {
    let x0 = 1.5 + gap;
    let model = ball_and(Vec3::new(x0, 0.0, 0.0), |p| {
        p.sphere(0.5);
    });
    let (mut world, mut bones) = start(&model, weightless());
    world.apply_impulses(&[
        BodyImpulse::default(),
        BodyImpulse {
            global_velocity: Vec3::new(-speed, 0.0, 0.0),
            ..Default::default()
        },
    ]);
    // One step to find the contact at the start pose, one to move.
    step(&mut world, &mut bones, 1);
    world.body_pose(1).unwrap().translation.x - 1.5
}

#[test]
fn a_gap_within_the_breaking_threshold_stops_the_body_at_contact() {
    // Threshold: 0.02 × the smaller bounding radius, here the probe's √3 × 0.5 ≈ 0.87.
    let threshold = 0.02 * 0.5 * 3f32.sqrt();
    // 0.01 < threshold: the contact is found before the move and lets it close the gap only.
    let gap = gap_after_approach(0.01, 6.0);
    assert!(
        gap.abs() < 1e-4,
        "gap {gap} after closing 0.01 at 6 units/s"
    );
    // 0.05 > threshold: no contact yet, the body moves its full 0.1 into the ball.
    let gap = gap_after_approach(0.05, 6.0);
    assert!(gap < -0.04, "gap {gap}: a contact beyond {threshold} acted");
}

fn contacts(world: &PhysicsWorld) -> Vec<ContactPoint> {
    let mut out = Vec::new();
    world.contacts_into(&mut out);
    out
}

#[test]
fn a_box_corner_is_rounded_by_its_margin() {
    // A cube of half extent 0.5 with a corner towards the ball's centre: a sharp corner
    // would reach 0.01 into the ball; Bullet's margin (0.04 here) rounds it back by
    // 0.04 × (√3 − 1) ≈ 0.029, leaving a gap beyond the breaking threshold.
    let corner = 0.5 * 3f32.sqrt();
    let centre = Vec3::ONE.normalize() * (1.0 - 0.01 + corner);
    // Axis-aligned, on the diagonal: its (−1, −1, −1) corner faces the ball.
    let model = ball_and(centre, |p| {
        p.box_shape(Vec3::splat(0.5));
    });
    let (mut world, mut bones) = start(&model, weightless());
    step(&mut world, &mut bones, 1);
    assert!(
        contacts(&world).is_empty(),
        "the rounded corner touched: {:?}",
        contacts(&world)
    );
    // The same cube face-on at the same distance from its face overlaps and touches.
    let model = ball_and(Vec3::new(1.0 - 0.01 + 0.5, 0.0, 0.0), |p| {
        p.box_shape(Vec3::splat(0.5));
    });
    let (mut world, mut bones) = start(&model, weightless());
    step(&mut world, &mut bones, 1);
    let found = contacts(&world);
    assert!(
        found
            .iter()
            .any(|c| c.body_a == Some(0) && c.body_b == Some(1) && c.depth > 0.0),
        "{found:?}"
    );
}

/// A bone-following base made by `base` at the origin (body 0) and a simulated box of
/// `half` extents turned by `euler` (body 1), 1.2 above it, mass 1, friction 0.5.
fn box_dropped_on(
    half: Vec3,
    euler: Vec3,
    base: impl FnOnce(hone_core::pmx::builder::RigidBodyBuilder<'_>),
) -> Model {
    let mut b = ModelBuilder::new("dropped box");
    b.bone("base", Vec3::ZERO);
    b.bone("box", Vec3::new(0.0, 1.2, 0.0)).parent(0);
    base(b.rigid_body("base", 0).at(Vec3::ZERO).follow_bone());
    b.rigid_body("box", 1)
        .box_shape(half)
        .at(Vec3::new(0.0, 1.2, 0.0))
        .rotation(euler)
        .dynamic()
        .group(1)
        .mass(1.0)
        .damping(0.5, 0.5)
        .friction(0.5);
    b.build()
}

#[test]
fn a_box_dropped_on_a_capsule_comes_to_rest_on_its_surface() {
    // A horizontal capsule (radius 0.5, along X) under a flat box; the box falls from
    // 0.5 above it under MMD's gravity.
    let model = box_dropped_on(Vec3::new(0.8, 0.2, 0.4), Vec3::ZERO, |base| {
        base.capsule(0.5, 3.0)
            .rotation(Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2));
    });
    let (mut world, mut bones) = start(&model, PhysicsConfig::default());
    step(&mut world, &mut bones, 180);
    let pose = world.body_pose(1).unwrap();
    // Resting on top: its bottom face (0.2 below its centre) on the capsule's top (0.5).
    let gap = pose.translation.y - 0.2 - 0.5;
    assert!(gap.abs() < 0.01, "gap {gap}");
    // On top of the bar (it may slide a little down the round side before friction holds).
    assert!(
        pose.translation.x.abs() < 0.02 && pose.translation.z.abs() < 0.02,
        "{}",
        pose.translation
    );
    let v = world.body_linvel(1).unwrap();
    assert!(v.length() < 0.05, "still moving at {v}");
    // Bullet keeps at most 4 points per pair.
    let points = contacts(&world);
    assert!((1..=4).contains(&points.len()), "{} points", points.len());
    for c in &points {
        assert!(
            c.normal.y > 0.99,
            "normal {} from the bar up to the box",
            c.normal
        );
    }
}

#[test]
fn a_tilted_box_dropped_on_a_box_lands_flat_on_its_face() {
    // Bullet's box–box detector gives several points at once, so a box landing on a
    // corner is caught and laid flat; with one point a step it spins through.
    let model = box_dropped_on(Vec3::new(0.6, 0.3, 0.4), Vec3::new(0.2, 0.1, 0.1), |base| {
        base.box_shape(Vec3::new(2.0, 0.5, 2.0));
    });
    let (mut world, mut bones) = start(&model, PhysicsConfig::default());
    step(&mut world, &mut bones, 120);
    let pose = world.body_pose(1).unwrap();
    // Its half height (0.3) above the floor's top (0.5), its Y axis straight up.
    assert!(
        (pose.translation.y - 0.8).abs() < 0.01,
        "{}",
        pose.translation
    );
    let up = pose.rotation * Vec3::Y;
    assert!(up.y > 0.999, "still tilted: {up}");
    let points = contacts(&world);
    assert!((3..=4).contains(&points.len()), "{} points", points.len());
}
