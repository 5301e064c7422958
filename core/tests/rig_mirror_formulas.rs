//! Mirror left → right on a small hand-made rig: every formula (positions, axes, Euler
//! angles, limits, IK, bone-morph offsets, weights, display frames) checked against the
//! reflection itself. The real-model mirror tests (mei.pmd) are in `rig_mirror.rs`.

use glam::Vec3;
use hone_core::pmx::{euler_rotation, Model, Tail};
use hone_core::rig::mirror::{mirror, MirrorOptions};
use hone_core::rig::Side;

mod rig_support;
use rig_support::apply_and_undo;

/// The formulas on a small hand-made rig, checked against the reflection itself:
/// a mirrored rotation must equal S·R·S with S = diag(−1, 1, 1).
#[test]
fn mirror_formulas_on_a_small_rig() {
    use glam::{Mat3, Vec4};
    use hone_core::pmx::{
        Bone, BoneOffset, DisplayElement, DisplayFrame, Ik, IkLimits, IkLink, Joint, JointKind,
        LocalAxes, Morph, MorphOffsets, RigidBody, Vertex, Weights,
    };
    let mut m = Model::default();
    let b = |name: &str, position: Vec3, parent: i32| Bone {
        name: name.into(),
        name_en: String::new(),
        position,
        parent,
        ..Bone::default()
    };
    m.bones.push(b("上半身", Vec3::new(0.0, 9.0, 0.0), -1));
    let mut arm = b("左腕", Vec3::new(1.0, 10.0, 0.2), 0);
    arm.name_en = "arm_L".into();
    arm.local_axes = Some(LocalAxes {
        x: Vec3::new(0.8, -0.6, 0.0),
        z: Vec3::new(0.0, 0.0, 1.0),
    });
    arm.fixed_axis = Some(Vec3::new(0.8, -0.6, 0.0));
    arm.tail = Tail::Offset(Vec3::new(2.0, -1.0, 0.1));
    m.bones.push(arm);
    let mut ik = b("左足ＩＫ", Vec3::new(1.0, 1.0, 0.0), -1);
    ik.ik = Some(Ik {
        target: 1,
        loop_count: 40,
        limit_angle: 1.0,
        links: vec![IkLink {
            bone: 1,
            limits: Some(IkLimits {
                lower: Vec3::new(-1.0, -0.2, -0.3),
                upper: Vec3::new(0.0, 0.5, 0.1),
            }),
        }],
    });
    m.bones.push(ik);
    m.rigid_bodies.push(RigidBody {
        name: "左腕".into(),
        bone: 1,
        position: Vec3::new(1.5, 10.0, 0.5),
        rotation: Vec3::new(0.1, 0.2, 0.3),
        group: 3,
        collision_mask: 0xFFF7,
        ..RigidBody::default()
    });
    m.rigid_bodies.push(RigidBody {
        name: "上半身".into(),
        bone: 0,
        ..RigidBody::default()
    });
    let joint = |name: &str, kind| Joint {
        name: name.into(),
        kind,
        body_a: 1,
        body_b: 0,
        position: Vec3::new(1.0, 10.0, 0.2),
        rotation: Vec3::new(0.4, -0.5, 0.6),
        linear_lower: Vec3::new(-0.1, -0.2, -0.3),
        linear_upper: Vec3::new(0.2, 0.4, 0.6),
        angular_lower: Vec3::new(-0.5, -0.6, -0.7),
        angular_upper: Vec3::new(0.1, 0.2, 0.3),
        linear_spring: Vec3::new(1.0, 2.0, 3.0),
        angular_spring: Vec3::new(4.0, 5.0, 6.0),
        ..Joint::default()
    };
    m.joints.push(joint("左関節", JointKind::Spring6Dof));
    m.joints.push(joint("左スライダー", JointKind::Slider));
    let q = glam::Quat::from_euler(glam::EulerRot::YXZ, 0.3, 0.2, 0.1);
    m.morphs.push(Morph {
        name: "両腕".into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Bone(vec![BoneOffset {
            bone: 1,
            translation: Vec3::new(1.0, 2.0, 3.0),
            rotation: Vec4::from(q.to_array()),
        }]),
    });
    m.display_frames.push(DisplayFrame {
        name: "腕".into(),
        elements: vec![DisplayElement::Bone(1)],
        ..DisplayFrame::default()
    });
    let vertex = |x: f32, bone: i32| Vertex {
        position: Vec3::new(x, 10.0, 0.3),
        weights: Weights::Bdef1 { bone },
        ..Vertex::default()
    };
    m.vertices = vec![vertex(1.2, 1), vertex(-1.2, 0), vertex(0.0, 0)];

    let plan = mirror(&m, &MirrorOptions::new(Side::Left)).expect("plans");
    assert_eq!(plan.report.created.bones, 2);
    let r = apply_and_undo(&m, plan.edit);
    let s = Mat3::from_diagonal(Vec3::new(-1.0, 1.0, 1.0));
    let close = |a: Vec3, b: Vec3| (a - b).length() < 1e-6;

    let arm = &r.bones[r.bone_index("右腕").unwrap()];
    assert_eq!(arm.name_en, "arm_R");
    assert!(close(arm.position, Vec3::new(-1.0, 10.0, 0.2)));
    assert_eq!(arm.parent, 0, "centre parent kept");
    assert_eq!(arm.tail, Tail::Offset(Vec3::new(-2.0, -1.0, 0.1)));
    assert!(close(arm.fixed_axis.unwrap(), Vec3::new(-0.8, -0.6, 0.0)));
    assert!(close(arm.local_axes.unwrap().x, Vec3::new(-0.8, -0.6, 0.0)));
    let ik = &r.bones[r.bone_index("右足ＩＫ").unwrap()];
    let ik = ik.ik.as_ref().unwrap();
    assert_eq!(r.bones[ik.target as usize].name, "右腕");
    let lim = ik.links[0].limits.unwrap();
    assert!(
        close(lim.lower, Vec3::new(-1.0, -0.5, -0.1)) && close(lim.upper, Vec3::new(0.0, 0.2, 0.3))
    );

    let body = r.rigid_bodies.iter().find(|b| b.name == "右腕").unwrap();
    assert_eq!(r.bones[body.bone as usize].name, "右腕");
    assert_eq!((body.group, body.collision_mask), (3, 0xFFF7));
    assert!(close(body.position, Vec3::new(-1.5, 10.0, 0.5)));
    let want = s * Mat3::from_quat(euler_rotation(Vec3::new(0.1, 0.2, 0.3))) * s;
    let got = Mat3::from_quat(euler_rotation(body.rotation));
    assert!(
        (want - got).abs().to_cols_array().iter().all(|d| *d < 1e-5),
        "S·R·S"
    );

    let j = r.joints.iter().find(|j| j.name == "右関節").unwrap();
    // A stays A (the centre 上半身), B becomes 左腕's counterpart.
    assert_eq!(r.rigid_bodies[j.body_a as usize].name, "上半身");
    assert_eq!(r.rigid_bodies[j.body_b as usize].name, "右腕");
    let want = s * Mat3::from_quat(euler_rotation(Vec3::new(0.4, -0.5, 0.6))) * s;
    assert!((want - Mat3::from_quat(euler_rotation(j.rotation)))
        .abs()
        .to_cols_array()
        .iter()
        .all(|d| *d < 1e-5));
    assert!(
        close(j.linear_lower, Vec3::new(-0.2, -0.2, -0.3))
            && close(j.linear_upper, Vec3::new(0.1, 0.4, 0.6))
    );
    assert!(
        close(j.angular_lower, Vec3::new(-0.5, -0.2, -0.3))
            && close(j.angular_upper, Vec3::new(0.1, 0.6, 0.7))
    );
    assert_eq!(
        (j.linear_spring, j.angular_spring),
        (Vec3::new(1.0, 2.0, 3.0), Vec3::new(4.0, 5.0, 6.0))
    );
    let slider = r.joints.iter().find(|j| j.name == "右スライダー").unwrap();
    assert!(close(slider.linear_lower, Vec3::new(-0.2, -0.2, -0.3)));
    assert_eq!(
        slider.angular_lower,
        Vec3::new(-0.5, -0.6, -0.7),
        "slider: rotation about X kept"
    );
    assert_eq!(
        slider.linear_spring.y, -2.0,
        "slider motor velocity along X flips"
    );

    let MorphOffsets::Bone(offsets) = &r.morphs[0].offsets else {
        panic!()
    };
    assert_eq!(offsets.len(), 2);
    let right = offsets
        .iter()
        .find(|o| r.bones[o.bone as usize].name == "右腕")
        .unwrap();
    assert!(close(right.translation, Vec3::new(-1.0, 2.0, 3.0)));
    let mq = glam::Quat::from_array(right.rotation.to_array());
    let want = s * Mat3::from_quat(q) * s;
    assert!((want - Mat3::from_quat(mq))
        .abs()
        .to_cols_array()
        .iter()
        .all(|d| *d < 1e-5));

    let right_arm = r.bone_index("右腕").unwrap() as i32;
    assert_eq!(
        r.display_frames[0].elements,
        vec![DisplayElement::Bone(1), DisplayElement::Bone(right_arm)]
    );
    assert_eq!(r.vertices[1].weights, Weights::Bdef1 { bone: right_arm });
    assert_eq!(
        r.vertices[2].weights,
        Weights::Bdef1 { bone: 0 },
        "centre vertex left alone"
    );
}
