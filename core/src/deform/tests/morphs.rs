//! Group, flip, material, impulse and bone morphs.

use super::*;

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

pub(super) fn vmorph(name: &str, v: i32, offset: Vec3) -> Morph {
    Morph {
        name: name.into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Vertex(vec![VertexOffset { vertex: v, offset }]),
    }
}

pub(super) fn gmorph(name: &str, entries: &[(i32, f32)], flip: bool) -> Morph {
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

#[test]
fn morph_outputs_return_to_rest_when_the_weights_drop_to_zero() {
    let mut model = model_with_bones(vec![bone("root", Vec3::ZERO, -1), bone("b", Vec3::Y, 0)]);
    model.materials = vec![Material::default()];
    model.rigid_bodies = vec![RigidBody::default()];
    let offsets = [
        MorphOffsets::Bone(vec![crate::pmx::BoneOffset {
            bone: 1,
            translation: Vec3::X,
            rotation: Vec4::from(Quat::from_rotation_y(1.0)),
        }]),
        MorphOffsets::Material(vec![material_morph(0, MaterialOp::Add, Vec4::ONE)]),
        MorphOffsets::Impulse(vec![ImpulseOffset {
            rigid_body: 0,
            local: false,
            velocity: Vec3::Y,
            torque: Vec3::ZERO,
        }]),
    ];
    for offsets in offsets {
        model.morphs.push(Morph {
            name: "m".into(),
            name_en: String::new(),
            panel: 4,
            offsets,
        });
    }
    let d = Deformer::new(&model);
    let mut s = d.new_state();
    let mut pose = Pose::new(&model);
    let at_rest = |s: &DeformState| {
        s.bone_morph_translation.iter().all(|t| *t == Vec3::ZERO)
            && s.bone_morph_rotation.iter().all(|q| *q == Quat::IDENTITY)
            && s.materials.iter().all(|m| m.is_identity())
            && s.impulses.iter().all(|i| i.is_empty())
    };
    for round in 0..3 {
        pose.morphs.fill(1.0);
        d.apply_morphs(&model, &pose, &mut s);
        assert!(s.bone_morph_translation[1] == Vec3::X, "round {round}");
        assert!(!s.materials[0].is_identity() && !s.impulses[0].is_empty());
        pose.morphs.fill(0.0);
        if round == 1 {
            // The bones-only evaluation resets the other outputs too.
            d.apply_morph_weights(&model, &pose, &mut s);
        } else {
            d.apply_morphs(&model, &pose, &mut s);
        }
        assert!(at_rest(&s), "round {round}");
        d.apply_morphs(&model, &pose, &mut s);
        assert!(at_rest(&s), "round {round}, twice at zero");
    }
}
