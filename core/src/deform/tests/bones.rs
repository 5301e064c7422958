//! Deform order, append (付与), IK and the physics hooks.

use super::*;

// ------------------------------------------------------------ deform order

#[test]
fn deform_order_follows_the_spec_example() {
    // A 前 階層2 / B 後 階層1 / C 前 階層0 / D 後 階層0 / E 前 階層0 / F 前 階層1
    let spec = [
        ("A", false, 2),
        ("B", true, 1),
        ("C", false, 0),
        ("D", true, 0),
        ("E", false, 0),
        ("F", false, 1),
    ];
    let bones = spec
        .iter()
        .map(|&(n, after, layer)| {
            let mut b = bone(n, Vec3::ZERO, -1);
            b.layer = layer;
            b.flags.set(BoneFlags::AFTER_PHYSICS, after);
            b
        })
        .collect();
    let model = model_with_bones(bones);
    let d = Deformer::new(&model);
    let names: Vec<&str> = d
        .order()
        .bones()
        .map(|i| model.bones[i].name.as_str())
        .collect();
    assert_eq!(names, ["C", "E", "F", "A", "D", "B"]);
    let before: Vec<usize> = d.order().before_physics().iter().map(|e| e.bone).collect();
    assert_eq!(before, [2, 4, 5, 0]);
    let after: Vec<usize> = d.order().after_physics().iter().map(|e| e.bone).collect();
    assert_eq!(after, [3, 1]);
    let e = d.order().entry_of(1).unwrap();
    assert_eq!((e.position, e.layer, e.after_physics), (5, 1, true));
    assert!(e.reason().contains("after physics"), "{}", e.reason());
}

#[test]
fn child_before_parent_is_flagged_and_sees_the_parent_at_rest() {
    let mut parent = bone("parent", Vec3::new(0.0, 1.0, 0.0), -1);
    parent.layer = 1;
    let child = bone("child", Vec3::new(0.0, 2.0, 0.0), 0);
    let model = model_with_bones(vec![parent, child]);
    let d = Deformer::new(&model);
    let e = d.order().entry_of(1).unwrap();
    assert_eq!(e.notes, vec![OrderNote::ParentLater { parent: 0 }]);
    let mut pose = Pose::new(&model);
    pose.bones[0].translation = Vec3::new(5.0, 0.0, 0.0);
    let s = eval(&model, &pose);
    assert!((pos(&s, 0) - Vec3::new(5.0, 1.0, 0.0)).length() < 1e-6);
    // The child ran first, against its parent's rest matrix.
    assert!((pos(&s, 1) - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-6);
}

// ------------------------------------------------------------ append

pub(super) fn append(source: i32, ratio: f32, rotate: bool, translate: bool) -> Option<Append> {
    Some(Append {
        parent: source,
        ratio,
        rotate,
        translate,
    })
}

#[test]
fn multi_level_append_passes_the_stored_append_value_on() {
    let root = bone("root", Vec3::ZERO, -1);
    let a = bone("A", Vec3::Y, 0);
    let mut b = bone("B", Vec3::X, 0);
    b.append = append(1, 0.5, true, true);
    let mut c = bone("C", Vec3::Z, 0);
    c.append = append(2, 0.5, true, true);
    let model = model_with_bones(vec![root, a, b, c]);
    let mut pose = Pose::new(&model);
    let deg = |d: f32| d.to_radians();
    pose.bones[1].rotation = Quat::from_rotation_y(deg(60.0));
    pose.bones[1].translation = Vec3::new(4.0, 0.0, 0.0);
    pose.bones[2].rotation = Quat::from_rotation_y(deg(10.0));
    pose.bones[2].translation = Vec3::new(0.0, 2.0, 0.0);
    let s = eval(&model, &pose);
    // B = [A]:0.5 × B's own = 30° + 10°; C = [B's append]:0.5 = 20°.
    assert!(angle_between(rot(&s, 2), Quat::from_rotation_y(deg(40.0))) < 1e-5);
    assert!(angle_between(rot(&s, 3), Quat::from_rotation_y(deg(20.0))) < 1e-5);
    // Moves: B = 0.5 A + B = (2,2,0); C = 0.5 B's append = (1,1,0).
    assert!((pos(&s, 2) - (Vec3::X + Vec3::new(2.0, 2.0, 0.0))).length() < 1e-5);
    assert!((pos(&s, 3) - (Vec3::Z + Vec3::new(1.0, 1.0, 0.0))).length() < 1e-5);
}

#[test]
fn append_with_negative_ratio_and_out_of_order_source() {
    let root = bone("root", Vec3::ZERO, -1);
    let mut a = bone("A", Vec3::Y, 0);
    a.append = append(0, 1.0, true, false); // A is itself an append bone
    a.layer = 1; // ... evaluated after C
    let mut c = bone("C", Vec3::Z, 0);
    c.append = append(1, -1.0, true, false);
    let model = model_with_bones(vec![root, a, c]);
    let d = Deformer::new(&model);
    assert!(d
        .order()
        .entry_of(2)
        .unwrap()
        .notes
        .contains(&OrderNote::AppendSourceLater { source: 1 }));
    let mut pose = Pose::new(&model);
    pose.bones[1].rotation = Quat::from_rotation_x(0.5);
    let s = eval(&model, &pose);
    // C read A's stored append value before A ran this frame: identity.
    assert!(angle_between(rot(&s, 2), Quat::IDENTITY) < 1e-6);

    // In order, C gets the inverse of A's rotation.
    let mut model2 = model.clone();
    model2.bones[1].layer = 0;
    let s = eval(&model2, &pose);
    assert!(angle_between(rot(&s, 2), Quat::from_rotation_x(-0.5)) < 1e-5);
}

// ------------------------------------------------------------ IK

/// Leg (0,10,0) → knee (0,5,0) → ankle (0,0,0); IK bone at the ankle.
pub(super) fn leg_model(knee_limit: bool) -> Model {
    let root = bone("root", Vec3::ZERO, -1);
    let leg = bone("leg", Vec3::new(0.0, 10.0, 0.0), 0);
    let knee = bone("knee", Vec3::new(0.0, 5.0, 0.0), 1);
    let ankle = bone("ankle", Vec3::new(0.0, 0.0, 0.0), 2);
    let mut ik = bone("legIK", Vec3::new(0.0, 0.0, 0.0), 0);
    ik.layer = 1;
    ik.ik = Some(Ik {
        target: 3,
        loop_count: 40,
        limit_angle: 2.0,
        links: vec![
            IkLink {
                bone: 2,
                limits: knee_limit.then_some(IkLimits {
                    lower: Vec3::new(-PI, 0.0, 0.0),
                    upper: Vec3::new(-0.5f32.to_radians(), 0.0, 0.0),
                }),
            },
            IkLink {
                bone: 1,
                limits: None,
            },
        ],
    });
    model_with_bones(vec![root, leg, knee, ankle, ik])
}

#[test]
fn leg_ik_reaches_a_reachable_target_and_respects_the_knee_limit() {
    let model = leg_model(true);
    let mut pose = Pose::new(&model);
    pose.bones[4].translation = Vec3::new(0.5, 3.0, -1.0);
    let s = eval(&model, &pose);
    let goal = Vec3::new(0.5, 3.0, -1.0);
    assert!((pos(&s, 4) - goal).length() < 1e-6);
    assert!(
        (pos(&s, 3) - goal).length() < 1e-2,
        "ankle at {:?}",
        pos(&s, 3)
    );
    // The knee turned about its X axis only, inside [-180°, -0.5°].
    let knee_local = s.ik_rotation[2] * s.local_rotation[2];
    let (y, x, z) = knee_local.to_euler(EulerRot::YXZ);
    assert!(
        y.abs() < 1e-4 && z.abs() < 1e-4,
        "knee turned off-axis: {y} {z}"
    );
    assert!(
        (-PI..=-0.5f32.to_radians() + 1e-6).contains(&x),
        "knee X angle {x} outside its limit"
    );
    let (axis, angle) = knee_local.to_axis_angle();
    assert!(
        angle > 0.1 && axis.x < -0.99,
        "knee bends by a negative X rotation: {axis:?} {angle}"
    );
    // Bone lengths are kept.
    assert!(((pos(&s, 1) - pos(&s, 2)).length() - 5.0).abs() < 1e-4);
    assert!(((pos(&s, 2) - pos(&s, 3)).length() - 5.0).abs() < 1e-4);
}

#[test]
fn knee_limit_keeps_the_knee_from_bending_backwards() {
    // A target straight below and beyond reach: the knee must not flip to a
    // positive X angle, and must end (nearly) straight.
    let model = leg_model(true);
    let mut pose = Pose::new(&model);
    pose.bones[4].translation = Vec3::new(0.0, -3.0, 0.5);
    let s = eval(&model, &pose);
    let knee_local = s.ik_rotation[2] * s.local_rotation[2];
    let (axis, angle) = knee_local.to_axis_angle();
    assert!(
        angle < 1e-3 || axis.x < 0.0,
        "knee flipped: {axis:?} {angle}"
    );
    assert!(angle <= 0.1, "knee should be near straight, got {angle}");
    // Without the limit the same chain bends freely: the limit did the work.
    let free = eval(&leg_model(false), &pose);
    assert!((pos(&free, 3) - Vec3::new(0.0, -3.0, 0.5)).length() > 2.0);
}

#[test]
fn ik_is_solved_in_place_in_the_deform_order() {
    // A bone after the IK (higher layer) parented to the knee follows the
    // solved knee; the IK result is visible to it.
    let mut model = leg_model(true);
    let mut follower = bone("follower", Vec3::new(0.0, 5.0, 1.0), 2);
    follower.layer = 2;
    model.bones.push(follower);
    let mut pose = Pose::new(&model);
    pose.bones[4].translation = Vec3::new(0.0, 3.0, -1.0);
    let s = eval(&model, &pose);
    let expect = s.world[2].transform_point3(Vec3::new(0.0, 0.0, 1.0));
    assert!((pos(&s, 5) - expect).length() < 1e-5);
}

// ------------------------------------------------------------ physics hooks

#[test]
fn after_physics_bones_continue_from_physics_matrices() {
    let root = bone("root", Vec3::ZERO, -1);
    let hair = bone("hair", Vec3::Y, 0);
    let mut tip = bone("tip", Vec3::new(0.0, 2.0, 0.0), 1);
    tip.flags.set(BoneFlags::AFTER_PHYSICS, true);
    let model = model_with_bones(vec![root, hair, tip]);
    let d = Deformer::new(&model);
    let mut s = d.new_state();
    let pose = Pose::new(&model);
    d.apply_morphs(&model, &pose, &mut s);
    d.update_bones(&pose, &mut s, Phase::BeforePhysics);
    let physics =
        Mat4::from_rotation_translation(Quat::from_rotation_z(FRAC_PI_2), Vec3::new(3.0, 1.0, 0.0));
    s.set_bone_world(&d, 1, physics);
    assert!(s.is_physics_driven(1));
    d.update_bones(&pose, &mut s, Phase::AfterPhysics);
    d.skin(&mut s);
    assert_eq!(s.world[1], physics);
    // The tip hangs one unit along the hair's rotated +Y: -X.
    assert!((pos(&s, 2) - Vec3::new(2.0, 1.0, 0.0)).length() < 1e-5);
    // The local values were recovered from the physics matrix.
    assert!(angle_between(s.local_rotation[1], Quat::from_rotation_z(FRAC_PI_2)) < 1e-5);
    assert!((s.local_translation[1] - Vec3::new(3.0, 0.0, 0.0)).length() < 1e-5);
}

#[test]
fn external_parent_matrix_replaces_the_parent() {
    let root = bone("root", Vec3::ZERO, -1);
    let mut hand = bone("hand", Vec3::new(1.0, 0.0, 0.0), 0);
    hand.external_parent_key = Some(7);
    let model = model_with_bones(vec![root, hand]);
    let mut pose = Pose::new(&model);
    pose.bones[0].translation = Vec3::new(0.0, 9.0, 0.0);
    let s = eval(&model, &pose);
    assert!(
        (pos(&s, 1) - Vec3::new(1.0, 9.0, 0.0)).length() < 1e-6,
        "no key given: normal parent"
    );
    pose.external_parents
        .push((7, Mat4::from_translation(Vec3::new(0.0, 0.0, 5.0))));
    let s = eval(&model, &pose);
    assert!((pos(&s, 1) - Vec3::new(1.0, 0.0, 5.0)).length() < 1e-6);
}

// ------------------------------------------------------------ fast composition

#[test]
fn composing_a_bone_gives_the_full_matrix_products_values() {
    use super::super::bones::compose;
    let wave = |i: usize, k: f32| (i as f32 * k).sin();
    let mut parents: Vec<Mat4> = (0..6)
        .map(|i| {
            Mat4::from_scale_rotation_translation(
                Vec3::splat(1.0 + 0.5 * wave(i, 0.9)),
                Quat::from_euler(
                    EulerRot::YXZ,
                    wave(i, 1.3) * 3.0,
                    wave(i, 2.1),
                    wave(i, 0.7),
                ),
                Vec3::new(wave(i, 5.0), wave(i, 3.0), wave(i, 1.1)) * 20.0,
            )
        })
        .collect();
    // An external parent may be any matrix, projective ones included.
    let projective = Mat4::from_cols_array(&[
        1.5, 0.0, 0.0, 0.1, 0.0, 2.0, 0.0, -0.2, 0.0, 0.0, -1.0, -1.0, 0.0, 0.0, -0.2, 0.5,
    ]);
    parents.push(projective * parents[1]);
    parents.push(Mat4::IDENTITY);
    let mut rotations: Vec<Quat> = (0..6)
        .map(|i| {
            Quat::from_euler(
                EulerRot::ZXY,
                wave(i, 1.7) * 3.0,
                wave(i, 0.4),
                wave(i, 2.9),
            )
        })
        .collect();
    rotations.extend([Quat::IDENTITY, -Quat::IDENTITY, Quat::from_rotation_x(1e-6)]);
    let offsets = [
        Vec3::ZERO,
        Vec3::new(1.0, -2.0, 3.5),
        Vec3::new(-0.25, 7.0, 0.0),
    ];
    for p in &parents {
        for &q in &rotations {
            for &o in &offsets {
                let full = *p * Mat4::from_rotation_translation(q, o);
                assert_eq!(
                    compose(p, q, o),
                    full,
                    "parent {p}, rotation {q}, offset {o}"
                );
            }
        }
    }
}

#[test]
fn skinning_matrices_are_the_world_matrices_times_the_inverse_rest_translation() {
    let model = crate::pmx::builder::sample_rig();
    let d = Deformer::new(&model);
    let mut s = d.new_state();
    let mut pose = Pose::new(&model);
    for (i, b) in pose.bones.iter_mut().enumerate() {
        b.rotation = Quat::from_euler(EulerRot::XYZ, 0.3 * i as f32, 0.2, -0.1 * i as f32);
        b.translation = Vec3::new(0.1, -0.2 * i as f32, 0.05);
    }
    d.evaluate_bones(&model, &pose, &mut s);
    d.update_skinning_matrices(&mut s);
    for (i, bone) in model.bones.iter().enumerate() {
        let full = s.world[i] * Mat4::from_translation(-bone.position);
        assert_eq!(s.skinning[i], full, "bone {i}");
    }
    assert_eq!(s.skinning[model.bones.len()], Mat4::IDENTITY);
}
