//! VMD IK on/off keys reach the deformer: a switched-off leg IK leaves the
//! knee at its non-IK rotation (straight), a switched-on one bends it.

use glam::{Quat, Vec3};
use hone_core::deform::{Deformer, Pose};
use hone_core::motion::{read_vmd, BoundMotion};
use hone_core::pmx::builder::ModelBuilder;
use hone_core::pmx::Model;

fn sjis(name: &str, size: usize) -> Vec<u8> {
    let (b, _, _) = encoding_rs::SHIFT_JIS.encode(name);
    let mut v = b.into_owned();
    v.resize(size, 0);
    v
}

const HIP: usize = 0;
const KNEE: usize = 1;
const ANKLE: usize = 2;
const LEG_IK: usize = 3;

/// Hip (y 10) → knee (y 5) → ankle (y 0), and a leg IK at the ankle whose
/// knee link bends about X only, as in MMD models.
fn leg() -> Model {
    let mut b = ModelBuilder::new("leg");
    let hip = b.bone("右足", Vec3::new(0.0, 10.0, 0.0)).index();
    let knee = b
        .bone("右ひざ", Vec3::new(0.0, 5.0, 0.0))
        .parent(hip)
        .index();
    let ankle = b.bone("右足首", Vec3::ZERO).parent(knee).index();
    b.bone("右足ＩＫ", Vec3::ZERO)
        .movable()
        .ik(ankle, 40, 2.0)
        .ik_link_limited(
            knee,
            Vec3::new(-std::f32::consts::PI, 0.0, 0.0),
            Vec3::new(-0.008_726_646, 0.0, 0.0),
        )
        .ik_link(hip);
    b.build()
}

/// A VMD that lifts the leg IK by 3 and pulls it forward by 2 on frame 0,
/// with IK on at frame 0 and off from frame 10.
fn motion() -> Vec<u8> {
    let mut v = sjis("Vocaloid Motion Data 0002", 30);
    v.extend(sjis("ik keys", 20));
    v.extend(1u32.to_le_bytes());
    v.extend(sjis("右足ＩＫ", 15));
    v.extend(0u32.to_le_bytes());
    for f in [0.0f32, 3.0, -2.0, 0.0, 0.0, 0.0, 1.0] {
        v.extend(f.to_le_bytes());
    }
    v.extend([20u8; 64]);
    // No morph, camera, light or shadow keys.
    for _ in 0..4 {
        v.extend(0u32.to_le_bytes());
    }
    v.extend(2u32.to_le_bytes());
    for (frame, on) in [(0u32, 1u8), (10, 0)] {
        v.extend(frame.to_le_bytes());
        v.push(1); // visible
        v.extend(1u32.to_le_bytes());
        v.extend(sjis("右足ＩＫ", 20));
        v.push(on);
    }
    v
}

fn knee_angle(world: &[glam::Mat4]) -> f32 {
    let hip = Quat::from_mat4(&world[HIP]);
    let knee = Quat::from_mat4(&world[KNEE]);
    (hip.inverse() * knee).angle_between(Quat::IDENTITY)
}

#[test]
fn vmd_ik_key_switches_the_leg_ik() {
    let model = leg();
    let vmd = read_vmd(&motion()).expect("hand-made VMD parses");
    let (bound, report) = BoundMotion::bind(&vmd, &model);
    assert!(report.unknown_ik.is_empty(), "{report:?}");
    assert!(bound.switches_ik_off());

    let deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut pose = Pose::new(&model);

    // Frame 0: IK on, the ankle reaches the lifted IK and the knee bends.
    bound.apply_to_pose(0.0, &mut pose);
    assert!(pose.is_ik_enabled(LEG_IK));
    deformer.evaluate(&model, &pose, &mut state);
    let ik_pos = state.world[LEG_IK].w_axis.truncate();
    let ankle = state.world[ANKLE].w_axis.truncate();
    assert!(
        ik_pos.distance(Vec3::new(0.0, 3.0, -2.0)) < 1e-4,
        "IK bone at {ik_pos}"
    );
    assert!(
        ankle.distance(ik_pos) < 1e-2,
        "ankle {ankle} vs IK {ik_pos}"
    );
    assert!(
        knee_angle(&state.world) > 0.5,
        "knee should bend, angle {}",
        knee_angle(&state.world)
    );

    // Frame 12: IK off; the IK bone still moves, the leg stays straight at rest.
    bound.apply_to_pose(12.0, &mut pose);
    assert!(!pose.is_ik_enabled(LEG_IK));
    deformer.evaluate(&model, &pose, &mut state);
    assert!(state.world[LEG_IK]
        .w_axis
        .truncate()
        .abs_diff_eq(Vec3::new(0.0, 3.0, -2.0), 1e-4));
    assert!(knee_angle(&state.world) < 1e-6);
    assert!(state.world[ANKLE]
        .w_axis
        .truncate()
        .abs_diff_eq(Vec3::ZERO, 1e-5));
    assert_eq!(state.ik_rotation[KNEE], Quat::IDENTITY);
    assert_eq!(state.ik_rotation[HIP], Quat::IDENTITY);

    // Back to frame 5: on again, the same bend as at frame 0.
    bound.apply_to_pose(5.0, &mut pose);
    deformer.evaluate(&model, &pose, &mut state);
    assert!(knee_angle(&state.world) > 0.5);
}

#[test]
fn disabled_ik_keeps_the_links_user_rotation() {
    let model = leg();
    let deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut pose = Pose::new(&model);
    pose.bones[LEG_IK].translation = Vec3::new(0.0, 3.0, -2.0);
    let user_knee = Quat::from_rotation_x(-0.3);
    pose.bones[KNEE].rotation = user_knee;
    pose.ik_enabled[LEG_IK] = false;
    deformer.evaluate(&model, &pose, &mut state);
    let local = Quat::from_mat4(&state.world[HIP]).inverse() * Quat::from_mat4(&state.world[KNEE]);
    assert!(local.angle_between(user_knee) < 1e-5);

    // Reset re-enables it.
    pose.reset();
    assert!(pose.is_ik_enabled(LEG_IK));
}
