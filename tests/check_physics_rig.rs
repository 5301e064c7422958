//! Physics-rig logic checks on a small builder-made hair rig: a head body that
//! follows its bone and two simulated hair bodies jointed below it. The rig
//! passes every check; each test breaks it one way and expects the check to
//! name the culprit (and its fix, if any, to remove the problem).

use glam::Vec3;
use hone::check::ElementRef as R;
use hone::pmx::builder::ModelBuilder;
use hone::pmx::*;

mod check_support;
use check_support::{find, fix_removes, has, has_code, problems};

const HEAD: usize = 0;
const HAIR1: usize = 1;
const HAIR2: usize = 2;
/// Joints: head–hair1, hair1–hair2.
const J_HEAD: usize = 0;
const J_HAIR: usize = 1;
/// Bones.
const B_HEAD: i32 = 1;
const B_HAIR1: i32 = 2;
const B_HAIR2: i32 = 3;
const B_TIP: i32 = 4;

fn hair_rig() -> Model {
    let mut b = ModelBuilder::new("髪テスト");
    let root = b.bone("全ての親", Vec3::ZERO).movable().index();
    let head = b
        .bone("頭", Vec3::new(0.0, 16.0, 0.0))
        .parent(root)
        .tail_at(Vec3::new(0.0, 18.0, 0.0))
        .index();
    let p1 = Vec3::new(0.0, 16.0, 1.5);
    let p2 = Vec3::new(0.0, 14.0, 1.5);
    let p3 = Vec3::new(0.0, 12.0, 1.5);
    let h1 = b.bone("髪1", p1).parent(head).tail_at(p2).index();
    let h2 = b.bone("髪2", p2).parent(h1).tail_at(p3).index();
    let tip = b.bone("髪先", p3).parent(h2).index();
    let head_body = b
        .rigid_body("頭", head)
        .sphere(1.0)
        .at(Vec3::new(0.0, 17.0, 0.0))
        .group(0)
        .no_collision_with(&[1])
        .index();
    let hair1 = b
        .rigid_body("髪1", h1)
        .capsule_between(p1, p2, 0.3)
        .dynamic()
        .group(1)
        .no_collision_with(&[0, 1])
        .index();
    let hair2 = b
        .rigid_body("髪2", h2)
        .capsule_between(p2, p3, 0.3)
        .dynamic()
        .group(1)
        .no_collision_with(&[0, 1])
        .index();
    let limits = Vec3::splat(20f32.to_radians());
    b.joint("頭-髪1", JointKind::Spring6Dof, head_body, hair1)
        .at(p1)
        .angular_limits(-limits, limits);
    b.joint("髪1-髪2", JointKind::Spring6Dof, hair1, hair2)
        .at(p2)
        .angular_limits(-limits, limits);
    b.display_frame("Root").name_en("Root").special().bone(root);
    b.display_frame("表情").name_en("Exp").special();
    b.display_frame("髪").bones([head, h1, h2, tip]);
    b.build()
}

fn body(i: usize) -> R {
    R::RigidBody(i as i32)
}

#[test]
fn the_hair_rig_passes() {
    let m = hair_rig();
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));
}

#[test]
fn a_simulated_body_no_joint_holds_falls_away() {
    let mut m = hair_rig();
    m.joints.remove(J_HAIR);
    let p = find(&m, "W-BODY-UNJOINED", body(HAIR2));
    assert!(p.message.contains("「髪2」"), "{}", p.message);
    assert!(!has(&m, "W-BODY-UNJOINED", body(HAIR1)));
    // Mode 2 keeps its position on its bone: it does not fall away.
    m.rigid_bodies[HAIR2].mode = RigidMode::DynamicWithBonePosition;
    assert!(!has_code(&m, "W-BODY-UNJOINED"));
}

#[test]
fn a_chain_nothing_holds_drops_and_its_root_should_follow_the_bone() {
    let mut m = hair_rig();
    m.rigid_bodies[HEAD].mode = RigidMode::Dynamic;
    let p = find(&m, "W-CHAIN-ROOT-DYNAMIC", body(HEAD));
    assert!(p.message.contains("3 simulated bodies"), "{}", p.message);
    assert!(!has(&m, "W-CHAIN-ROOT-DYNAMIC", body(HAIR1)));
    fix_removes(&mut m, &p);
    assert_eq!(m, hair_rig());

    // Cut from the head, the two hair bodies drop; their root's parent bone
    // (頭) is moved by the simulated head body, so a joint is missing: no fix.
    let mut m = hair_rig();
    m.rigid_bodies[HEAD].mode = RigidMode::Dynamic;
    m.joints.remove(J_HEAD);
    let p = find(&m, "W-CHAIN-ROOT-DYNAMIC", body(HAIR1));
    assert!(p.fix.is_none());
    assert!(p.message.contains("「頭」"), "{}", p.message);
    find(&m, "W-BODY-UNJOINED", body(HEAD));
}

#[test]
fn a_bone_following_body_on_a_bone_physics_moves() {
    let mut m = hair_rig();
    for (name, bone) in [("飾り", B_HAIR2), ("先飾り", B_TIP), ("顔", B_HEAD)] {
        m.rigid_bodies.push(RigidBody {
            name: name.into(),
            bone,
            position: m.bones[bone as usize].position,
            size: Vec3::new(0.2, 0.0, 0.0),
            group: 2,
            collision_mask: 0,
            ..RigidBody::default()
        });
    }
    // On 髪2 (driven by the hair2 body) and on its child 髪先: reported.
    let p = find(&m, "W-BODY-FOLLOW-ON-PHYSICS-BONE", body(3));
    assert_eq!(p.related, vec![body(HAIR2), R::Bone(B_HAIR2)]);
    find(&m, "W-BODY-FOLLOW-ON-PHYSICS-BONE", body(4));
    // On the animated head: fine.
    assert!(!has(&m, "W-BODY-FOLLOW-ON-PHYSICS-BONE", body(5)));
}

#[test]
fn a_simulated_body_on_a_bone_ik_or_append_drives() {
    let mut m = hair_rig();
    m.bones[B_HAIR1 as usize].append = Some(Append {
        parent: B_HEAD,
        ratio: 0.5,
        rotate: true,
        translate: false,
    });
    let p = find(&m, "W-BODY-BONE-DRIVEN", body(HAIR1));
    assert!(p.message.contains("append"), "{}", p.message);
    assert_eq!(p.related, vec![R::Bone(B_HAIR1), R::Bone(B_HEAD)]);

    let mut m = hair_rig();
    let mut ik = Bone {
        name: "髪IK".into(),
        position: Vec3::new(0.0, 12.0, 1.5),
        parent: B_HEAD,
        ..Bone::default()
    };
    ik.ik = Some(Ik {
        target: B_TIP,
        loop_count: 10,
        limit_angle: 1.0,
        links: vec![IkLink {
            bone: B_HAIR2,
            limits: None,
        }],
    });
    m.bones.push(ik);
    let ik_bone = m.bones.len() as i32 - 1;
    m.display_frames[2]
        .elements
        .push(DisplayElement::Bone(ik_bone));
    let p = find(&m, "W-BODY-BONE-DRIVEN", body(HAIR2));
    assert!(p.message.contains("IK"), "{}", p.message);
    // An IK link without a body is no conflict.
    m.bones[ik_bone as usize].ik.as_mut().unwrap().links[0].bone = B_TIP;
    assert!(!has_code(&m, "W-BODY-BONE-DRIVEN"));
}

#[test]
fn a_body_far_from_its_bone() {
    let mut m = hair_rig();
    // The capsule's size (bounding radius) is 1.3: 5× is 6.5 units. 5 below
    // its centre it is 4 from its bone and 6 from its bone's parent: fine.
    m.rigid_bodies[HAIR2].position.y -= 5.0;
    assert!(!has_code(&m, "W-BODY-FAR-FROM-BONE"));
    m.rigid_bodies[HAIR2].position.y -= 5.0;
    let p = find(&m, "W-BODY-FAR-FROM-BONE", body(HAIR2));
    assert!(p.message.contains("(its bone)"), "{}", p.message);

    // Gene's 前クローク2_2錘: the body sits on its own bone, but that bone
    // hangs far below its parent.
    let mut m = hair_rig();
    let low = Vec3::new(0.0, -80.0, 1.5);
    m.bones[B_HAIR2 as usize].position = low;
    m.bones[B_TIP as usize].position = low - Vec3::Y * 2.0;
    m.rigid_bodies[HAIR2].position = low - Vec3::Y;
    let p = find(&m, "W-BODY-FAR-FROM-BONE", body(HAIR2));
    assert!(p.message.contains("parent of"), "{}", p.message);
    assert_eq!(p.related, vec![R::Bone(B_HAIR2), R::Bone(B_HAIR1)]);
}

#[test]
fn simulated_bodies_without_mass_or_size() {
    let mut m = hair_rig();
    m.rigid_bodies[HAIR2].mass = 0.0;
    let p = find(&m, "W-BODY-MASS", body(HAIR2));
    fix_removes(&mut m, &p);
    assert_eq!(m.rigid_bodies[HAIR2].mass, 1.0);
    // A bone-following body needs no mass.
    m.rigid_bodies[HEAD].mass = 0.0;
    assert!(!has_code(&m, "W-BODY-MASS"));

    let mut m = hair_rig();
    m.rigid_bodies[HAIR2].shape = RigidShape::Sphere;
    m.rigid_bodies[HAIR2].size = Vec3::new(0.1, 0.0, 0.0);
    assert!(!has_code(&m, "W-BODY-TINY"));
    m.rigid_bodies[HAIR2].size.x = 0.05;
    find(&m, "W-BODY-TINY", body(HAIR2));
    m.rigid_bodies[HEAD].size.x = 0.05;
    assert!(!has(&m, "W-BODY-TINY", body(HEAD)), "bone-following");
}

#[test]
fn mode_2_that_mmd_runs_as_mode_1() {
    let mut m = hair_rig();
    // Jointed to the head body, which follows its bone: stays mode 2.
    m.rigid_bodies[HAIR1].mode = RigidMode::DynamicWithBonePosition;
    assert!(!has_code(&m, "I-BODY-MODE2-AS-MODE1"));
    // Jointed to hair1, simulated on its bone's parent: runs as mode 1.
    m.rigid_bodies[HAIR2].mode = RigidMode::DynamicWithBonePosition;
    find(&m, "I-BODY-MODE2-AS-MODE1", body(HAIR2));
}

#[test]
fn joint_mass_ratio_y_limits_and_inverted_limits() {
    let mut m = hair_rig();
    m.rigid_bodies[HAIR2].mass = 10.0;
    assert!(!has_code(&m, "W-JOINT-MASS-RATIO"));
    m.rigid_bodies[HAIR2].mass = 20.0;
    let p = find(&m, "W-JOINT-MASS-RATIO", R::Joint(J_HAIR as i32));
    assert_eq!(p.related, vec![body(HAIR1), body(HAIR2)]);

    let mut m = hair_rig();
    m.joints[J_HAIR].angular_upper.y = 80f32.to_radians();
    assert!(!has_code(&m, "W-JOINT-Y-90"));
    m.joints[J_HAIR].angular_upper.y = 90f32.to_radians();
    find(&m, "W-JOINT-Y-90", R::Joint(J_HAIR as i32));

    let mut m = hair_rig();
    m.joints[J_HAIR].angular_lower.x = 0.0;
    m.joints[J_HAIR].angular_upper.x = 0.0;
    assert!(!has_code(&m, "W-JOINT-LIMIT-INVERTED"), "locked is fine");
    m.joints[J_HAIR].angular_lower.x = 0.5;
    m.joints[J_HAIR].angular_upper.x = -0.5;
    m.joints[J_HAIR].linear_lower.z = 1.0;
    let p = find(&m, "W-JOINT-LIMIT-INVERTED", R::Joint(J_HAIR as i32));
    assert!(
        p.message.contains("rotate X") && p.message.contains("move Z"),
        "{}",
        p.message
    );
}

#[test]
fn springs_too_stiff_for_60_hz() {
    let mut m = hair_rig();
    // Locked axes (limits 0..0) ignore their spring, however stiff.
    m.joints[J_HAIR].linear_spring = Vec3::splat(1.0e6);
    assert!(!has_code(&m, "W-JOINT-SPRING-STIFF"));
    // Free to move ±1 on Y: k·h²/m = 1e6 / 3600 / 0.5 ≫ 4.
    m.joints[J_HAIR].linear_lower.y = -1.0;
    m.joints[J_HAIR].linear_upper.y = 1.0;
    let p = find(&m, "W-JOINT-SPRING-STIFF", R::Joint(J_HAIR as i32));
    assert!(p.message.contains("move Y"), "{}", p.message);
    fix_removes(&mut m, &p);
    // Softened to k = m/h² (reduced mass 0.5); the locked axes keep theirs.
    let k = m.joints[J_HAIR].linear_spring;
    assert!((k.y - 0.5 * 3600.0).abs() < 1e-2, "{k}");
    assert_eq!((k.x, k.z), (1.0e6, 1.0e6));
    // Usual MMD values (rotation springs up to a few hundred) are fine.
    let mut m = hair_rig();
    m.joints[J_HAIR].angular_spring = Vec3::splat(300.0);
    assert!(!has_code(&m, "W-JOINT-SPRING-STIFF"));
}

#[test]
fn bodies_of_one_chain_that_collide_while_overlapping() {
    let mut m = hair_rig();
    // hair2 moved into the head sphere and allowed to hit group 0; the head
    // body accepts group 1. They are not joined directly, only through hair1.
    m.rigid_bodies[HAIR2].position = Vec3::new(0.0, 16.2, 0.6);
    m.rigid_bodies[HAIR2].collision_mask = !(1u16 << 1);
    assert!(
        !has_code(&m, "W-BODY-OVERLAP-CHAIN"),
        "head still refuses group 1"
    );
    m.rigid_bodies[HEAD].collision_mask = 0xFFFF;
    let p = find(&m, "W-BODY-OVERLAP-CHAIN", body(HEAD));
    assert_eq!(p.related, vec![body(HAIR2)]);
    assert!(!has_code(&m, "E-BODY-OVERLAP"));
    fix_removes(&mut m, &p);
    assert!(!hone::physics::rules::bodies_collide(&m, HEAD, HAIR2));
}
