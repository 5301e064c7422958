//! Unit tests built from the spec's own examples (models made in code).

use super::*;
use crate::pmx::{
    Append, Bone, BoneFlags, GroupOffset, Ik, IkLimits, IkLink, ImpulseOffset, Material,
    MaterialOffset, MaterialOp, Morph, MorphOffsets, RigidBody, Vertex, VertexOffset, Weights,
};
use glam::{EulerRot, Mat4, Quat, Vec3, Vec4};
use std::f32::consts::{FRAC_PI_2, PI};

fn bone(name: &str, pos: Vec3, parent: i32) -> Bone {
    Bone {
        name: name.into(),
        position: pos,
        parent,
        ..Default::default()
    }
}

fn model_with_bones(bones: Vec<Bone>) -> Model {
    Model {
        bones,
        ..Default::default()
    }
}

fn eval(model: &Model, pose: &Pose) -> DeformState {
    let d = Deformer::new(model);
    let mut s = d.new_state();
    d.evaluate(model, pose, &mut s);
    s
}

fn pos(s: &DeformState, b: usize) -> Vec3 {
    s.world[b].w_axis.truncate()
}

fn rot(s: &DeformState, b: usize) -> Quat {
    Quat::from_mat4(&s.world[b]).normalize()
}

/// Angle of the rotation between two quaternions (asin form: exact near 0).
fn angle_between(a: Quat, b: Quat) -> f32 {
    let d = a.inverse() * b;
    2.0 * glam::Vec3::new(d.x, d.y, d.z).length().min(1.0).asin()
}

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

// ------------------------------------------------------------ morphs

#[test]
fn flip_index_matches_the_spec_example() {
    // 9 entries at 0.3 → index 2, the third entry.
    assert_eq!(flip_index(9, 0.3), Some(2));
    assert_eq!(flip_index(9, 0.0), None, "0 selects nothing");
    assert_eq!(flip_index(9, -0.5), None);
    assert_eq!(flip_index(9, 1.0), Some(8), "1 clamps to the last");
    assert_eq!(flip_index(9, 7.0), Some(8));
    assert_eq!(flip_index(9, 0.1), Some(0));
    assert_eq!(flip_index(9, 0.0999), None);
    assert_eq!(flip_index(0, 0.5), None);
    assert_eq!(flip_index(3, f32::NAN), None);
}

fn vertex_model(morphs: Vec<Morph>) -> Model {
    Model {
        vertices: vec![Vertex::default(), Vertex::default()],
        bones: vec![bone("root", Vec3::ZERO, -1)],
        morphs,
        ..Default::default()
    }
}

fn vmorph(name: &str, v: i32, offset: Vec3) -> Morph {
    Morph {
        name: name.into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Vertex(vec![VertexOffset { vertex: v, offset }]),
    }
}

fn gmorph(name: &str, entries: &[(i32, f32)], flip: bool) -> Morph {
    let e: Vec<GroupOffset> = entries
        .iter()
        .map(|&(morph, ratio)| GroupOffset { morph, ratio })
        .collect();
    Morph {
        name: name.into(),
        name_en: String::new(),
        panel: 4,
        offsets: if flip {
            MorphOffsets::Flip(e)
        } else {
            MorphOffsets::Group(e)
        },
    }
}

#[test]
fn group_and_flip_run_in_the_spec_order() {
    // 0 V1, 1 V2, 2 F = flip[V1 → 1.0, V2 → 0.5], 3 G = group[F ×1.0, V1 ×0.5]
    let model = vertex_model(vec![
        vmorph("V1", 0, Vec3::X),
        vmorph("V2", 0, Vec3::Y),
        gmorph("F", &[(0, 1.0), (1, 0.5)], true),
        gmorph("G", &[(2, 1.0), (0, 0.5)], false),
    ]);
    let d = Deformer::new(&model);
    let mut s = d.new_state();
    let mut pose = Pose::new(&model);
    pose.morphs[0] = 0.2; // overwritten by the flip regardless of its value
    pose.morphs[3] = 0.6; // group drives F at 0.6 → entry 0 → V1 := 1.0
    d.evaluate(&model, &pose, &mut s);
    assert_eq!(s.morph_weights[0], 1.0);
    assert_eq!(
        s.morph_weights[2], 0.0,
        "the group does not change F's own weight"
    );
    // V1 at 1.0 plus the group's own V1 share 0.6 × 0.5.
    assert!(
        (s.vertex_offsets[0] - Vec3::new(1.3, 0.0, 0.0)).length() < 1e-6,
        "{:?}",
        s.vertex_offsets[0]
    );
    assert!((s.positions[0] - Vec3::new(1.3, 0.0, 0.0)).length() < 1e-6);

    // F's own value 0.9 selects V2 (:= 0.5) in pass 1 before G (index 3) selects V1.
    pose.morphs[2] = 0.9;
    d.evaluate(&model, &pose, &mut s);
    assert_eq!(s.morph_weights[1], 0.5);
    assert_eq!(s.morph_weights[0], 1.0);
    assert!((s.vertex_offsets[0] - Vec3::new(1.3, 0.5, 0.0)).length() < 1e-6);

    // Back to rest: the offsets dirtied last frame are cleared.
    pose.reset();
    d.evaluate(&model, &pose, &mut s);
    assert_eq!(s.vertex_offsets[0], Vec3::ZERO);
    assert!(s.morphed_vertices().is_empty());
    assert_eq!(s.positions[0], Vec3::ZERO);
}

#[test]
fn groups_of_groups_are_ignored_and_flips_may_list_themselves() {
    let model = vertex_model(vec![
        vmorph("V", 1, Vec3::Z),
        gmorph("G1", &[(0, 1.0)], false),
        gmorph("G2", &[(1, 1.0), (0, 0.25)], false),
        gmorph("Self", &[(3, 0.7), (99, 1.0), (-5, 1.0)], true),
    ]);
    let mut pose = Pose::new(&model);
    pose.morphs[2] = 1.0;
    pose.morphs[3] = 0.4; // floor(4 × 0.4) − 1 = 0 → itself := 0.7
    let s = eval(&model, &pose);
    // Only G2's direct V share counts; G1 inside G2 is ignored.
    assert!((s.vertex_offsets[1] - Vec3::new(0.0, 0.0, 0.25)).length() < 1e-6);
    assert_eq!(s.morph_weights[3], 0.7);
}

fn material_morph(material: i32, op: MaterialOp, diffuse: Vec4) -> MaterialOffset {
    let (one4, one3, one) = match op {
        MaterialOp::Multiply => (Vec4::ONE, Vec3::ONE, 1.0),
        _ => (Vec4::ZERO, Vec3::ZERO, 0.0),
    };
    MaterialOffset {
        material,
        op,
        diffuse,
        specular: one3,
        specular_power: one,
        ambient: one3,
        edge_color: one4,
        edge_size: one,
        texture_tint: one4,
        sphere_tint: one4,
        toon_tint: one4,
    }
}

#[test]
fn material_morphs_keep_multiply_and_add_apart() {
    let mut model = vertex_model(vec![
        Morph {
            name: "mul0".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Material(vec![material_morph(
                0,
                MaterialOp::Multiply,
                Vec4::ZERO,
            )]),
        },
        Morph {
            name: "addRed".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Material(vec![material_morph(
                0,
                MaterialOp::Add,
                Vec4::new(1.0, 0.0, 0.0, 1.0),
            )]),
        },
        Morph {
            name: "allHalf".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Material(vec![material_morph(
                -1,
                MaterialOp::Multiply,
                Vec4::splat(0.5),
            )]),
        },
    ]);
    model.materials = vec![
        Material {
            diffuse: Vec4::new(0.5, 0.5, 0.5, 1.0),
            ..Default::default()
        },
        Material {
            diffuse: Vec4::new(0.2, 0.4, 0.6, 1.0),
            ..Default::default()
        },
    ];
    let d = Deformer::new(&model);
    let mut s = d.new_state();
    let mut pose = Pose::new(&model);
    // 乗算0 + 加算: any target value regardless of the material's own.
    pose.morphs[0] = 1.0;
    pose.morphs[1] = 1.0;
    d.evaluate(&model, &pose, &mut s);
    assert_eq!(s.materials[0].mul.diffuse, Vec4::ZERO);
    assert_eq!(s.materials[0].add.diffuse, Vec4::new(1.0, 0.0, 0.0, 1.0));
    let (v, _) = s.materials[0].apply(&model.materials[0]);
    assert_eq!(v.diffuse, Vec4::new(1.0, 0.0, 0.0, 1.0));
    assert!(s.materials[1].is_identity());

    // Half weights: mul lerps toward its value, add scales.
    pose.morphs[0] = 0.5;
    pose.morphs[1] = 0.5;
    d.evaluate(&model, &pose, &mut s);
    let (v, _) = s.materials[0].apply(&model.materials[0]);
    assert!(
        (v.diffuse - Vec4::new(0.75, 0.25, 0.25, 1.0)).length() < 1e-6,
        "{:?}",
        v.diffuse
    );

    // Material −1 reaches every material.
    pose.reset();
    pose.morphs[2] = 1.0;
    d.evaluate(&model, &pose, &mut s);
    let (v1, _) = s.materials[1].apply(&model.materials[1]);
    assert!((v1.diffuse - Vec4::new(0.1, 0.2, 0.3, 0.5)).length() < 1e-6);
    assert_eq!(s.materials[0].mul.diffuse, Vec4::splat(0.5));
}

#[test]
fn texture_tint_mixes_with_white_and_black_by_alpha() {
    let mut m = MaterialMorph::IDENTITY;
    m.mul.texture_tint = Vec4::new(0.0, 0.0, 0.0, 0.5);
    m.add.texture_tint = Vec4::new(1.0, 0.0, 0.0, 0.5);
    let (_, tints) = m.apply(&Material::default());
    assert_eq!(tints[0].0, Vec3::splat(0.5));
    assert_eq!(tints[0].1, Vec3::new(0.5, 0.0, 0.0));
    assert_eq!(tints[1], (Vec3::ONE, Vec3::ZERO));
}

#[test]
fn impulses_keep_local_global_and_stop_apart() {
    let mut model = vertex_model(vec![Morph {
        name: "imp".into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Impulse(vec![
            ImpulseOffset {
                rigid_body: 0,
                local: true,
                velocity: Vec3::X,
                torque: Vec3::Y,
            },
            ImpulseOffset {
                rigid_body: 0,
                local: false,
                velocity: Vec3::Z,
                torque: Vec3::ZERO,
            },
            ImpulseOffset {
                rigid_body: 1,
                local: false,
                velocity: Vec3::ZERO,
                torque: Vec3::ZERO,
            },
            ImpulseOffset {
                rigid_body: 7,
                local: false,
                velocity: Vec3::ONE,
                torque: Vec3::ONE,
            },
        ]),
    }]);
    model.rigid_bodies = vec![RigidBody::default(), RigidBody::default()];
    let mut pose = Pose::new(&model);
    let s = eval(&model, &pose);
    assert!(
        s.impulses.iter().all(|i| i.is_empty()),
        "weight 0 sends nothing"
    );
    pose.morphs[0] = -0.5;
    let s = eval(&model, &pose);
    assert_eq!(s.impulses[0].local_velocity, Vec3::new(-0.5, 0.0, 0.0));
    assert_eq!(s.impulses[0].local_torque, Vec3::new(0.0, -0.5, 0.0));
    assert_eq!(s.impulses[0].global_velocity, Vec3::new(0.0, 0.0, -0.5));
    assert!(!s.impulses[0].stop);
    assert!(s.impulses[1].stop);
}

#[test]
fn bone_morph_feeds_the_bone_pass() {
    let mut model = model_with_bones(vec![bone("root", Vec3::ZERO, -1), bone("b", Vec3::Y, 0)]);
    let q = Quat::from_rotation_z(FRAC_PI_2);
    model.morphs.push(Morph {
        name: "bm".into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Bone(vec![crate::pmx::BoneOffset {
            bone: 0,
            translation: Vec3::new(2.0, 0.0, 0.0),
            rotation: Vec4::from(q),
        }]),
    });
    let mut pose = Pose::new(&model);
    pose.morphs[0] = 0.5;
    let s = eval(&model, &pose);
    assert!((pos(&s, 0) - Vec3::new(1.0, 0.0, 0.0)).length() < 1e-6);
    assert!(angle_between(rot(&s, 0), Quat::from_rotation_z(FRAC_PI_2 / 2.0)) < 1e-5);
    // The child rides on the rotated parent.
    let expect = Vec3::new(1.0, 0.0, 0.0) + Quat::from_rotation_z(FRAC_PI_2 / 2.0) * Vec3::Y;
    assert!((pos(&s, 1) - expect).length() < 1e-5);
}

// ------------------------------------------------------------ append

fn append(source: i32, ratio: f32, rotate: bool, translate: bool) -> Option<Append> {
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
fn leg_model(knee_limit: bool) -> Model {
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

// ------------------------------------------------------------ robustness and helpers

#[test]
fn out_of_range_references_never_panic() {
    let mut a = bone("a", Vec3::ZERO, 99);
    a.append = append(-7, 0.5, true, true);
    let mut b = bone("b", Vec3::Y, 1); // its own parent
    b.ik = Some(Ik {
        target: 500,
        loop_count: -3,
        limit_angle: 1.0,
        links: vec![IkLink {
            bone: 42,
            limits: None,
        }],
    });
    let mut c = bone("c", Vec3::X, 0);
    c.ik = Some(Ik {
        target: 0,
        loop_count: 1000,
        limit_angle: f32::NAN,
        links: vec![
            IkLink {
                bone: 2,
                limits: None,
            },
            IkLink {
                bone: -1,
                limits: None,
            },
        ],
    });
    let mut model = model_with_bones(vec![a, b, c]);
    model.vertices = vec![
        Vertex {
            weights: Weights::Bdef1 { bone: 77 },
            ..Default::default()
        },
        Vertex {
            weights: Weights::Bdef4 {
                bones: [0, -1, 300, 1],
                weights: [0.25; 4],
            },
            ..Default::default()
        },
        Vertex {
            weights: Weights::Sdef {
                bones: [9, 0],
                weight: 0.5,
                c: Vec3::ZERO,
                r0: Vec3::ZERO,
                r1: Vec3::ZERO,
            },
            ..Default::default()
        },
        Vertex {
            weights: Weights::Qdef {
                bones: [-2, 5, 0, 0],
                weights: [0.5, 0.5, 0.0, 0.0],
            },
            ..Default::default()
        },
    ];
    model.morphs = vec![
        vmorph("bad", 1000, Vec3::ONE),
        gmorph("g", &[(55, 1.0)], false),
        gmorph("f", &[(-3, 1.0)], true),
    ];
    let mut pose = Pose::new(&model);
    pose.morphs.fill(1.0);
    pose.bones.truncate(1); // a pose shorter than the model
    let s = eval(&model, &pose);
    assert!(s.positions.iter().all(|p| p.is_finite()));
    assert!(s.world.iter().all(|m| m.is_finite()));
    assert_eq!(s.positions[0], Vec3::ZERO, "unknown bone skins as identity");
}

#[test]
fn fixed_axis_projection_and_local_axes() {
    let axis = Vec3::new(1.0, 1.0, 0.0).normalize();
    let q = Quat::from_axis_angle(Vec3::new(1.0, 0.8, 0.3).normalize(), 0.7);
    let p = project_to_fixed_axis(q, axis);
    let (pa, angle) = p.to_axis_angle();
    assert!((pa - axis).length() < 1e-5 && (angle - 0.7).abs() < 1e-5);
    // A rotation about the opposite axis keeps its sense.
    let p = project_to_fixed_axis(Quat::from_axis_angle(-axis, 0.3), axis);
    assert!(angle_between(p, Quat::from_axis_angle(axis, -0.3)) < 1e-5);
    assert_eq!(project_to_fixed_axis(q, Vec3::ZERO), Quat::IDENTITY);

    // Non-orthogonal X/Z: Y = Z × X, Z' = X × Y.
    let m = corrected_local_axes(Vec3::X, Vec3::new(0.3, 0.0, 1.0));
    assert!((m.x_axis - Vec3::X).length() < 1e-6);
    assert!((m.y_axis - Vec3::Y).length() < 1e-6);
    assert!((m.z_axis - Vec3::Z).length() < 1e-6);
    assert_eq!(corrected_local_axes(Vec3::X, Vec3::X), glam::Mat3::IDENTITY);
}

#[test]
fn skinning_kinds_match_hand_computation() {
    let root = bone("root", Vec3::ZERO, -1);
    let arm = bone("arm", Vec3::new(1.0, 0.0, 0.0), 0);
    let mut model = model_with_bones(vec![root, arm]);
    let v = |weights| Vertex {
        position: Vec3::new(2.0, 0.0, 0.0),
        normal: Vec3::Y,
        weights,
        ..Default::default()
    };
    model.vertices = vec![
        v(Weights::Bdef1 { bone: 1 }),
        v(Weights::Bdef2 {
            bones: [1, 0],
            weight: 0.25,
        }),
        v(Weights::Bdef4 {
            bones: [1, 0, 0, 0],
            weights: [0.5, 0.5, 0.0, 0.0],
        }),
        v(Weights::Qdef {
            bones: [1, 0, -1, -1],
            weights: [1.0, 0.0, 0.0, 0.0],
        }),
    ];
    let mut pose = Pose::new(&model);
    pose.bones[1].rotation = Quat::from_rotation_z(FRAC_PI_2);
    let s = eval(&model, &pose);
    // arm rotates +90° about Z around (1,0,0): (2,0,0) → (1,1,0).
    assert!((s.positions[0] - Vec3::new(1.0, 1.0, 0.0)).length() < 1e-6);
    assert!((s.normals[0] - Vec3::new(-1.0, 0.0, 0.0)).length() < 1e-6);
    let lerp = |w: f32| Vec3::new(1.0, 1.0, 0.0) * w + Vec3::new(2.0, 0.0, 0.0) * (1.0 - w);
    assert!((s.positions[1] - lerp(0.25)).length() < 1e-6);
    assert!((s.positions[2] - lerp(0.5)).length() < 1e-6);
    assert!((s.positions[3] - Vec3::new(1.0, 1.0, 0.0)).length() < 1e-5);
}

#[test]
fn a_state_from_another_model_is_left_alone() {
    let small = model_with_bones(vec![bone("a", Vec3::ZERO, -1)]);
    let big = leg_model(true);
    let d_big = Deformer::new(&big);
    let d_small = Deformer::new(&small);
    let mut s_small = d_small.new_state();
    assert!(d_small.fits(&s_small) && !d_big.fits(&s_small));
    let before = s_small.world.clone();
    let pose = Pose::new(&big);
    d_big.evaluate(&big, &pose, &mut s_small);
    s_small.set_bone_world(&d_big, 3, Mat4::IDENTITY);
    assert_eq!(s_small.world, before);
}
