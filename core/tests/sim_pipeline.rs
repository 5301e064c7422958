//! The frame pipeline on small models built in code.

use glam::{Quat, Vec3};
use hone_core::deform::Pose;
use hone_core::physics::PhysicsConfig;
use hone_core::pmx::{
    BoneFlags, Joint, JointKind, Material, Model, RigidBody, RigidMode, RigidShape, SoftBody,
    SoftBodyConfig, SoftBodyIterations, SoftBodyMaterial, SoftBodyShape,
};
use hone_core::sim::{Simulation, STAGES};

mod support;
use support::{bone, morph, vertex};

/// root → arm (mode-1 body hanging on a P2P at the arm's head) → tip (no body).
/// Vertex 0 is skinned to the arm, vertex 1 to the tip.
fn arm_model() -> Model {
    Model {
        bones: vec![
            bone("root", Vec3::ZERO, -1),
            bone("arm", Vec3::new(0.0, 5.0, 0.0), 0),
            bone("tip", Vec3::new(2.0, 5.0, 0.0), 1),
        ],
        vertices: vec![
            vertex(Vec3::new(1.0, 5.0, 0.0), 1),
            vertex(Vec3::new(2.0, 5.0, 0.0), 2),
        ],
        rigid_bodies: vec![
            RigidBody {
                name: "root".into(),
                bone: 0,
                mode: RigidMode::FollowBone,
                collision_mask: 0,
                size: Vec3::splat(0.2),
                ..Default::default()
            },
            RigidBody {
                name: "arm".into(),
                bone: 1,
                group: 1,
                collision_mask: 0,
                shape: RigidShape::Capsule,
                size: Vec3::new(0.2, 1.6, 0.0),
                position: Vec3::new(1.0, 5.0, 0.0),
                rotation: Vec3::new(0.0, 0.0, std::f32::consts::FRAC_PI_2),
                mode: RigidMode::Dynamic,
                mass: 1.0,
                linear_damping: 0.99,
                angular_damping: 0.99,
                ..Default::default()
            },
        ],
        joints: vec![Joint {
            kind: JointKind::P2p,
            body_a: 0,
            body_b: 1,
            position: Vec3::new(0.0, 5.0, 0.0),
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[test]
fn physics_results_reach_bones_children_and_skinning() {
    let mut model = arm_model();
    // 物理後変形: the tip is recomputed from the arm after physics.
    model.bones[2].flags.set(BoneFlags::AFTER_PHYSICS, true);
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    let pose = Pose::new(&model);
    for _ in 0..120 {
        sim.frame(&model, &pose, 1.0 / 60.0);
    }
    // The arm hangs from its head at (0, 5, 0).
    let arm = sim.state.world[1];
    assert!((arm.w_axis.truncate() - Vec3::new(0.0, 5.0, 0.0)).length() < 0.05);
    let v0 = sim.state.positions[0];
    assert!(v0.y < 4.2 && v0.x.abs() < 0.5, "arm vertex hangs: {v0}");
    // The tip (no body) keeps its offset from the arm, and its vertex follows.
    let tip_local = arm.inverse() * sim.state.world[2];
    assert!((tip_local.w_axis.truncate() - Vec3::new(2.0, 0.0, 0.0)).length() < 1e-3);
    let v1 = sim.state.positions[1];
    assert!(v1.y < 3.3, "tip vertex hangs: {v1}");
    // Physics ran one 1/60 s step per 60 fps frame (Bullet's fixed step, as the MMD
    // runtimes set it); there is one timing per stage.
    assert_eq!(sim.substeps(), 1);
    assert_eq!(STAGES.len(), sim.times().us.len());
}

#[test]
fn reset_puts_bodies_back_on_their_bones_with_zero_velocity() {
    let model = arm_model();
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    let mut pose = Pose::new(&model);
    for _ in 0..10 {
        sim.frame(&model, &pose, 1.0 / 60.0);
    }
    assert!(sim.physics.body_linvel(1).unwrap().length() > 0.1);
    // A new pose: the root turned; reset puts the arm body on the turned arm bone.
    pose.bones[0].rotation = Quat::from_rotation_y(1.0);
    sim.reset(&model, &pose);
    assert_eq!(sim.physics.body_linvel(1).unwrap(), Vec3::ZERO);
    let want = sim.physics.bone_driven_pose(1, &sim.state.world).unwrap();
    let got = sim.physics.body_pose(1).unwrap();
    assert!((got.translation - want.translation).length() < 1e-5);
    assert!(got.rotation.angle_between(want.rotation) < 2e-3);
    let expected = Quat::from_rotation_y(1.0) * Vec3::new(1.0, 5.0, 0.0);
    assert!(
        (got.translation - expected).length() < 1e-4,
        "{}",
        got.translation
    );
}

#[test]
fn physics_off_gives_the_plain_deform_result() {
    let model = arm_model();
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    sim.physics_enabled = false;
    let pose = Pose::new(&model);
    for _ in 0..30 {
        sim.frame(&model, &pose, 1.0 / 60.0);
    }
    assert_eq!(sim.state.positions[1], Vec3::new(2.0, 5.0, 0.0));
    assert_eq!(sim.substeps(), 0);
}

#[test]
fn soft_rope_in_the_pipeline_hangs_from_its_skinned_pin() {
    // Five vertices skinned to bone 0; a rope over them pinned at vertex 0.
    let mut model = Model {
        bones: vec![bone("root", Vec3::ZERO, -1)],
        vertices: (0..5)
            .map(|i| vertex(Vec3::new(i as f32 * 0.5, 3.0, 0.0), 0))
            .collect(),
        faces: (0..4).map(|i| [i, i + 1, i]).collect(),
        ..Default::default()
    };
    model.materials.push(Material {
        face_index_count: 12,
        ..Default::default()
    });
    model.soft_bodies.push(SoftBody {
        shape: SoftBodyShape::Rope,
        material: 0,
        collision_mask: 0,
        total_mass: 1.0,
        config: SoftBodyConfig {
            ahr: 1.0,
            ..Default::default()
        },
        iterations: SoftBodyIterations {
            position: 8,
            ..Default::default()
        },
        material_params: SoftBodyMaterial {
            lst: 1.0,
            ..Default::default()
        },
        pins: vec![0],
        ..Default::default()
    });
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    assert!(sim.state.skin_mask[4], "free soft vertices skip skinning");
    assert!(!sim.state.skin_mask[0], "pins are skinned");
    let mut pose = Pose::new(&model);
    pose.bones[0].translation = Vec3::new(0.0, 0.0, 1.0);
    for _ in 0..180 {
        sim.frame(&model, &pose, 1.0 / 60.0);
    }
    let p = &sim.state.positions;
    assert!(
        (p[0] - Vec3::new(0.0, 3.0, 1.0)).length() < 1e-5,
        "pin follows the bone: {}",
        p[0]
    );
    assert!(p[4].y < 1.2, "free end hangs: {}", p[4]);
}

#[test]
fn impulse_morphs_reach_the_bodies_before_the_step() {
    use hone_core::pmx::{ImpulseOffset, MorphOffsets};
    let mut model = arm_model();
    // A zero velocity stops the body.
    let arm_impulse = |name, velocity| {
        let offset = ImpulseOffset {
            rigid_body: 1,
            local: false,
            velocity,
            torque: Vec3::ZERO,
        };
        morph(name, MorphOffsets::Impulse(vec![offset]))
    };
    model
        .morphs
        .push(arm_impulse("push", Vec3::new(0.0, 0.0, 30.0)));
    model.morphs.push(arm_impulse("stop", Vec3::ZERO));
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    let mut pose = Pose::new(&model);
    sim.frame(&model, &pose, 1.0 / 60.0);
    let z0 = sim.physics.body_pose(1).unwrap().translation.z;
    pose.morphs[0] = 0.5;
    sim.frame(&model, &pose, 1.0 / 60.0);
    let vz = sim.physics.body_linvel(1).unwrap().z;
    assert!(vz > 3.0, "half of a 30-unit impulse on a mass-1 body: {vz}");
    assert!(sim.physics.body_pose(1).unwrap().translation.z > z0);
    pose.morphs[0] = 0.0;
    pose.morphs[1] = 1.0;
    sim.frame(&model, &pose, 1.0 / 60.0);
    let v = sim.physics.body_linvel(1).unwrap();
    assert!(
        v.z.abs() < vz * 0.2,
        "the stop morph zeroed the motion before the step: {v}"
    );
}

/// A trace lists every bone and body, frame 0 right after the reset (bodies on their
/// rest poses), then the frames asked for; without physics the bodies are null and
/// the bones are the animation alone.
#[test]
fn traces_record_frame_zero_then_every_kth_frame_in_the_reference_layout() {
    use hone_core::sim::{run, RunOptions};
    let model = arm_model();
    let options = RunOptions {
        seconds: 1.0,
        fps: 60.0,
        physics: true,
        trace_every: Some(7),
        ..Default::default()
    };
    let report = run(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        None,
        &options,
    );
    let trace = report.trace.expect("a trace was asked for");
    let numbers: Vec<usize> = trace.frames.iter().map(|f| f.frame).collect();
    let mut expected: Vec<usize> = (0..=60).step_by(7).collect();
    expected.push(60);
    assert_eq!(numbers, expected);
    assert_eq!(trace.bones.len(), 3);
    assert_eq!(trace.bones[2].parent, 1);
    assert_eq!(trace.bodies[1].name, "arm");
    assert_eq!(trace.bodies[1].mode, serde_json::json!(1));

    // Frame 0: the capsule where the file puts it (x = 1, turned 90° about Z).
    let b = trace.frames[0].body[1].expect("body pose");
    assert!((Vec3::new(b[0], b[1], b[2]) - Vec3::new(1.0, 5.0, 0.0)).length() < 1e-5);
    let q = Quat::from_xyzw(b[3], b[4], b[5], b[6]);
    let want = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
    assert!(q.dot(want).abs() > 1.0 - 1e-6, "{q}");
    // The arm falls: by frame 60 its bone turned well away from its rest rotation.
    let last = trace.frames.last().unwrap();
    let arm = last.bone[1];
    let turned = Quat::from_xyzw(arm[3], arm[4], arm[5], arm[6]).angle_between(Quat::IDENTITY);
    assert!(turned > 0.3, "arm turned only {turned} rad");
    assert_eq!(last.body_vel.len(), 2);
    assert!(last.body_vel[1].is_some());
    assert_eq!(trace.frames[3].t, 21.0 / 60.0);

    // The same run without physics: bodies null, bones at rest.
    let off = run(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        None,
        &RunOptions {
            physics: false,
            ..options
        },
    )
    .trace
    .unwrap();
    assert!(off
        .frames
        .iter()
        .all(|f| f.body.iter().all(|b| b.is_none())));
    let arm = off.frames.last().unwrap().bone[1];
    assert_eq!(&arm[..], &[0.0, 5.0, 0.0, 0.0, 0.0, 0.0, 1.0]);

    // The JSON has the reference's keys, in its order.
    let json = serde_json::to_string(&off).unwrap();
    let keys = ["\"fps\"", "\"bones\"", "\"bodies\"", "\"frames\""];
    let at: Vec<usize> = keys.iter().map(|k| json.find(k).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    assert!(json.contains("\"body\":[null,null]"));
}
