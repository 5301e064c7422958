use super::*;

fn two_bones() -> (ModelBuilder, i32, i32) {
    let mut b = ModelBuilder::new("t");
    let root = b.bone("全ての親", Vec3::ZERO).movable().index();
    let arm = b
        .bone("腕", Vec3::new(0.0, 5.0, 0.0))
        .parent(root)
        .tail_offset(Vec3::new(0.0, 5.0, 0.0))
        .index();
    (b, root, arm)
}

/// Every face's (b − a) × (c − a) must point the way its vertex normals do.
fn assert_outward(model: &Model) {
    for (i, f) in model.faces.iter().enumerate() {
        let [a, b, c] = f.map(|v| &model.vertices[v as usize]);
        let cross = (b.position - a.position).cross(c.position - a.position);
        let n = a.normal + b.normal + c.normal;
        assert!(cross.dot(n) > 0.0, "face {i} {f:?} is wound inward");
    }
}

#[test]
fn handles_return_indices_and_wire_references() {
    let (mut b, root, arm) = two_bones();
    assert_eq!((root, arm), (0, 1));
    let ik = b
        .bone("IK", Vec3::new(0.0, 10.0, 0.0))
        .parent(root)
        .ik(arm, 40, 2.0)
        .ik_link_limited(arm, Vec3::new(-3.0, 0.0, 0.0), Vec3::new(-0.01, 0.0, 0.0))
        .ik_link(root)
        .index();
    let m = b.build();
    assert_eq!(ik, 2);
    assert_eq!(m.bones[1].parent, 0);
    assert!(m.bones[0].flags.has(BoneFlags::MOVABLE));
    let k = m.bones[2].ik.as_ref().unwrap();
    assert_eq!((k.target, k.loop_count, k.limit_angle), (1, 40, 2.0));
    assert_eq!(k.links.len(), 2);
    assert!(k.links[0].limits.is_some() && k.links[1].limits.is_none());
    assert!(m.bones[2].has_flag(BoneFlags::IK));
}

#[test]
fn bone_options_set_flags_through_data() {
    let (mut b, root, arm) = two_bones();
    let t = b
        .bone("捩1", Vec3::ZERO)
        .parent(root)
        .append_rotate(arm, 0.25)
        .append_local()
        .after_physics()
        .fixed_axis(Vec3::X)
        .local_axes(Vec3::X, Vec3::Z)
        .layer(2)
        .hidden()
        .tail_bone(arm)
        .index();
    let m = b.build();
    let bone = &m.bones[t as usize];
    let f = bone.file_flags();
    for bit in [
        BoneFlags::APPEND_ROTATE,
        BoneFlags::APPEND_LOCAL,
        BoneFlags::AFTER_PHYSICS,
        BoneFlags::FIXED_AXIS,
        BoneFlags::LOCAL_AXES,
        BoneFlags::TAIL_IS_BONE,
    ] {
        assert!(f & bit != 0, "bit {bit:#x} missing");
    }
    assert!(f & BoneFlags::VISIBLE == 0);
    assert!(f & BoneFlags::APPEND_MOVE == 0);
    assert_eq!(bone.append.unwrap().ratio, 0.25);
    assert_eq!(bone.layer, 2);
}

#[test]
fn faces_are_grouped_per_material_in_material_order() {
    let (mut b, _, arm) = two_bones();
    let m0 = b.material("a", Vec4::ONE).index();
    let m1 = b.material("b", Vec4::ONE).texture("tex/a.png").index();
    let v: Vec<i32> = (0..4)
        .map(|i| {
            b.vertex(
                Vec3::new(i as f32, 0.0, 0.0),
                Vec3::Y,
                Vec2::ZERO,
                bdef1(arm),
            )
        })
        .collect();
    // Interleave: the builder must still group them.
    b.triangle(m1, [v[0], v[1], v[2]]);
    b.triangle(m0, [v[1], v[2], v[3]]);
    b.triangle(m1, [v[2], v[3], v[0]]);
    let m = b.build();
    assert_eq!(m.materials[0].face_index_count, 3);
    assert_eq!(m.materials[1].face_index_count, 6);
    assert_eq!(m.faces, vec![[1, 2, 3], [0, 1, 2], [2, 3, 0]]);
    assert_eq!(m.textures, vec!["tex/a.png".to_string()]);
    assert_eq!(m.materials[1].texture, 0);
}

#[test]
fn textures_are_shared_by_path() {
    let mut b = ModelBuilder::new("t");
    let a = b.texture("a.png");
    let c = b
        .material("m", Vec4::ONE)
        .texture("a.png")
        .toon_texture("t.bmp")
        .index();
    let m = b.build();
    assert_eq!(a, 0);
    assert_eq!(m.materials[c as usize].texture, 0);
    assert_eq!(m.materials[c as usize].toon, Toon::Texture(1));
    assert_eq!(m.textures.len(), 2);
}

#[test]
fn plain_model_is_2_0_with_one_byte_indices() {
    let (mut b, _, arm) = two_bones();
    let m0 = b.material("a", Vec4::ONE).index();
    b.box_mesh(m0, Vec3::ZERO, Vec3::ONE, bdef2(arm, 0, 0.5));
    let body = b.rigid_body("r", arm).index();
    b.joint("j", JointKind::Spring6Dof, body, body);
    let m = b.build();
    assert_eq!(m.header.version, PmxVersion::V2_0);
    assert_eq!(m.header.index_sizes, IndexSizes::default());
    assert_eq!(m.header.additional_uv_count, 0);
}

#[test]
fn each_2_1_feature_alone_makes_2_1() {
    type Use = fn(&mut ModelBuilder, i32);
    let uses: [(&str, Use); 6] = [
        ("qdef", |b, bone| {
            b.vertex(
                Vec3::ZERO,
                Vec3::Y,
                Vec2::ZERO,
                qdef([bone, 0, -1, -1], [0.5, 0.5, 0.0, 0.0]),
            );
        }),
        ("flip", |b, _| {
            b.flip_morph("f", panel::OTHER, [(0, 1.0)]);
        }),
        ("impulse", |b, _| {
            let r = b.rigid_body("r", 0).index();
            b.impulse_morph(
                "i",
                panel::OTHER,
                [ImpulseOffset {
                    rigid_body: r,
                    local: false,
                    velocity: Vec3::Y,
                    torque: Vec3::ZERO,
                }],
            );
        }),
        ("material flag", |b, _| {
            b.material("p", Vec4::ONE).flag(MaterialFlags::POINT, true);
        }),
        ("joint kind", |b, _| {
            let r = b.rigid_body("r", 0).index();
            b.joint("j", JointKind::Hinge, r, r);
        }),
        ("soft body", |b, _| {
            let m = b.material("c", Vec4::ONE).index();
            b.soft_body("s", SoftBodyShape::Rope, m);
        }),
    ];
    for (what, add) in uses {
        let (mut b, _, arm) = two_bones();
        add(&mut b, arm);
        assert_eq!(b.build().header.version, PmxVersion::V2_1, "{what}");
    }
    // And a forced version wins.
    let (mut b, _, _) = two_bones();
    b.version(PmxVersion::V2_1);
    assert_eq!(b.build().header.version, PmxVersion::V2_1);
}

#[test]
fn index_sizes_grow_at_the_spec_boundaries() {
    let mut b = ModelBuilder::new("t");
    for i in 0..127 {
        b.bone(&format!("b{i}"), Vec3::ZERO);
    }
    for i in 0..255 {
        b.vertex(Vec3::splat(i as f32), Vec3::Y, Vec2::ZERO, bdef1(0));
    }
    let m = b.clone().build();
    assert_eq!(
        (m.header.index_sizes.bone, m.header.index_sizes.vertex),
        (1, 1)
    );
    b.bone("one more", Vec3::ZERO);
    b.vertex(Vec3::ZERO, Vec3::Y, Vec2::ZERO, bdef1(0));
    let m = b.clone().build();
    assert_eq!(
        (m.header.index_sizes.bone, m.header.index_sizes.vertex),
        (2, 2)
    );
    for _ in 0..65280 {
        b.vertex(Vec3::ZERO, Vec3::Y, Vec2::ZERO, bdef1(0));
    }
    assert_eq!(b.model().vertices.len(), 65536);
    assert_eq!(b.build().header.index_sizes.vertex, 4);
    let model = Model {
        rigid_bodies: vec![RigidBody::default(); 32768],
        ..Model::default()
    };
    assert_eq!(smallest_index_sizes(&model).rigid_body, 4);
}

#[test]
fn additional_uv_count_follows_the_data() {
    let (mut b, _, arm) = two_bones();
    let v = b.vertex(Vec3::ZERO, Vec3::Y, Vec2::ZERO, bdef1(arm));
    b.uv_morph("uv3", panel::OTHER, 3, [(v, Vec4::ONE)]);
    assert_eq!(b.clone().build().header.additional_uv_count, 3);
    b.vertex_mut(v).additional_uvs[3] = Vec4::X;
    assert_eq!(b.clone().build().header.additional_uv_count, 4);
    let (mut b, _, _) = two_bones();
    b.additional_uvs(2);
    assert_eq!(b.build().header.additional_uv_count, 2);
}

#[test]
fn every_morph_kind_can_be_built() {
    let (mut b, _, arm) = two_bones();
    let m0 = b.material("a", Vec4::ONE).index();
    let v = b.vertex(Vec3::ZERO, Vec3::Y, Vec2::ZERO, bdef1(arm));
    let r = b.rigid_body("r", arm).index();
    let vm = b.vertex_morph("あ", panel::MOUTH, [(v, Vec3::Y)]).index();
    b.bone_morph(
        "曲げ",
        panel::OTHER,
        [(arm, Vec3::ZERO, Quat::from_rotation_x(0.5))],
    );
    for layer in 0..=4 {
        b.uv_morph(&format!("uv{layer}"), panel::OTHER, layer, [(v, Vec4::X)]);
    }
    let mut off = material_multiply(m0);
    off.diffuse = Vec4::new(1.0, 0.0, 0.0, 1.0);
    b.material_morph("赤", panel::OTHER, [off, material_add(-1)]);
    b.group_morph("g", panel::OTHER, [(vm, 1.0)]);
    b.flip_morph("f", panel::OTHER, [(vm, 1.0)]);
    b.impulse_morph(
        "i",
        panel::OTHER,
        [ImpulseOffset {
            rigid_body: r,
            local: true,
            velocity: Vec3::Z,
            torque: Vec3::ZERO,
        }],
    )
    .name_en("impulse");
    let m = b.build();
    let mut kinds: Vec<MorphKind> = m.morphs.iter().map(|m| m.kind()).collect();
    kinds.sort();
    assert_eq!(kinds, MorphKind::ALL.to_vec());
    assert_eq!(m.header.additional_uv_count, 4);
    let MorphOffsets::Bone(bo) = &m.morphs[1].offsets else {
        panic!()
    };
    assert!((Quat::from_vec4(bo[0].rotation) - Quat::from_rotation_x(0.5)).length() < 1e-6);
    assert_eq!(m.morphs.last().unwrap().name_en, "impulse");
}

#[test]
fn rigid_bodies_sit_on_their_bones_and_masks_clear_groups() {
    let (mut b, _, arm) = two_bones();
    let r = b
        .rigid_body("r", arm)
        .capsule(0.5, 2.0)
        .group(3)
        .no_collision_with(&[3, 4])
        .dynamic()
        .index();
    let free = b.rigid_body("free", NONE).index();
    let m = b.build();
    let body = &m.rigid_bodies[r as usize];
    assert_eq!(body.position, Vec3::new(0.0, 5.0, 0.0));
    assert_eq!(body.collision_mask, !((1 << 3) | (1 << 4)));
    assert_eq!(body.mode, RigidMode::Dynamic);
    assert_eq!(body.size, Vec3::new(0.5, 2.0, 0.0));
    assert_eq!(m.rigid_bodies[free as usize].position, Vec3::ZERO);
}

#[test]
fn capsule_between_aligns_its_axis() {
    let (mut b, _, arm) = two_bones();
    let (p, q) = (Vec3::new(1.0, 2.0, 3.0), Vec3::new(4.0, 2.0, 3.0));
    let r = b.rigid_body("r", arm).capsule_between(p, q, 0.3).index();
    let m = b.build();
    let body = &m.rigid_bodies[r as usize];
    assert!((body.position - Vec3::new(2.5, 2.0, 3.0)).length() < 1e-6);
    assert!((body.size.y - 3.0).abs() < 1e-6);
    let axis = euler_rotation(body.rotation) * Vec3::Y;
    assert!(axis.abs().abs_diff_eq(Vec3::X, 1e-5), "{axis}");
}

#[test]
fn joints_default_to_the_child_bone_and_kind_helpers_map_fields() {
    let (mut b, root, arm) = two_bones();
    let a = b.rigid_body("a", root).index();
    let c = b
        .rigid_body("c", arm)
        .at(Vec3::new(0.0, 7.0, 0.0))
        .dynamic()
        .index();
    let hinge = b
        .joint("h", JointKind::Hinge, a, c)
        .hinge(-1.0, 0.5, 0.9, 0.3, 1.0)
        .index();
    let cone = b
        .joint("c", JointKind::ConeTwist, a, c)
        .cone_twist(0.1, 0.2, 0.3, 1.0, 0.3, 1.0, 0.01, 0.05)
        .index();
    let slider = b
        .joint("s", JointKind::Slider, a, c)
        .slider(-0.5, 0.5, 0.0, 0.0)
        .at(Vec3::ONE)
        .index();
    let m = b.build();
    let h = &m.joints[hinge as usize];
    assert_eq!(h.position, Vec3::new(0.0, 5.0, 0.0));
    assert_eq!((h.angular_lower.x, h.angular_upper.x), (-1.0, 0.5));
    assert_eq!(h.linear_spring, Vec3::new(0.9, 0.3, 1.0));
    let c = &m.joints[cone as usize];
    assert_eq!(c.angular_lower, Vec3::new(0.3, 0.2, 0.1));
    assert_eq!((c.linear_lower.x, c.linear_upper.x), (0.01, 0.05));
    let s = &m.joints[slider as usize];
    assert_eq!((s.linear_lower.x, s.linear_upper.x), (-0.5, 0.5));
    assert_eq!(s.position, Vec3::ONE);
    assert_eq!(m.header.version, PmxVersion::V2_1);
}

#[test]
fn soft_body_defaults_match_pmx_editor_and_anchors_pins_add() {
    let (mut b, _, arm) = two_bones();
    let mat = b.material("cloth", Vec4::ONE).double_sided().index();
    let grid = b.grid_mesh(mat, Vec3::ZERO, Vec3::X, Vec3::NEG_Y, 2, 2, bdef1(arm));
    let body = b.rigid_body("r", arm).index();
    let s = b
        .soft_body("s", SoftBodyShape::TriMesh, mat)
        .anchor(body, grid.start, true)
        .pins([grid.start, grid.start + 1])
        .clusters(0)
        .b_link(3)
        .index();
    let m = b.build();
    let sb = &m.soft_bodies[s as usize];
    assert_eq!(
        sb.flags.0,
        SoftBodyFlags::B_LINK | SoftBodyFlags::RANDOMIZE_LINKS
    );
    assert_eq!(sb.b_link_distance, 3);
    assert_eq!((sb.total_mass, sb.margin), (1.0, 0.05));
    assert_eq!(sb.config.df, 0.2);
    assert_eq!(sb.iterations.cluster, 4);
    assert_eq!(
        sb.anchors,
        vec![SoftBodyAnchor {
            rigid_body: body,
            vertex: 0,
            near_mode: true
        }]
    );
    assert_eq!(sb.pins, vec![0, 1]);
}

#[test]
fn mesh_helpers_wind_outward_with_unit_normals() {
    let (mut b, root, arm) = two_bones();
    let m = b.material("m", Vec4::ONE).index();
    let boxes = b.box_mesh(
        m,
        Vec3::new(1.0, 2.0, 3.0),
        Vec3::new(1.0, 2.0, 0.5),
        bdef1(root),
    );
    assert_eq!(boxes.len(), 24);
    b.cylinder_mesh(m, Vec3::ZERO, Vec3::new(3.0, 1.0, 0.0), 0.5, bdef1(arm));
    b.tube_mesh(
        m,
        &Tube {
            from: Vec3::new(0.0, 0.0, 0.0),
            to: Vec3::new(0.0, -4.0, 1.0),
            radius_from: 1.0,
            radius_to: 0.5,
            sides: 8,
            rings: 2,
            caps: true,
        },
        bdef1(arm),
    );
    b.sphere_mesh(m, Vec3::new(0.0, 9.0, 0.0), 1.5, 12, bdef1(arm));
    b.grid_mesh(m, Vec3::ZERO, Vec3::X, Vec3::NEG_Y, 3, 2, bdef1(arm));
    b.chain_mesh(m, &[root, arm], 0.4, 0.25);
    let model = b.build();
    assert_outward(&model);
    for v in &model.vertices {
        assert!((v.normal.length() - 1.0).abs() < 1e-4);
        assert!(v.uv.x >= 0.0 && v.uv.x <= 1.0 && v.uv.y >= 0.0 && v.uv.y <= 1.0);
    }
    for f in &model.faces {
        assert!(f.iter().all(|&i| (i as usize) < model.vertices.len()));
    }
}

#[test]
fn skin_closures_see_position_and_t() {
    let (mut b, root, arm) = two_bones();
    let m = b.material("m", Vec4::ONE).index();
    let range = b.cylinder_mesh(
        m,
        Vec3::ZERO,
        Vec3::new(0.0, 10.0, 0.0),
        1.0,
        |p: Vec3, t: f32| {
            assert!((p.y - t * 10.0).abs() < 1e-4);
            bdef2(arm, root, t)
        },
    );
    let model = b.build();
    let top = &model.vertices[(range.end - 1) as usize];
    assert_eq!(top.weights, bdef2(arm, root, 1.0));
}

#[test]
fn chain_mesh_blends_at_inner_joints_only() {
    let mut b = ModelBuilder::new("t");
    let a = b.bone("a", Vec3::ZERO).index();
    let c = b.bone("b", Vec3::new(0.0, 4.0, 0.0)).parent(a).index();
    b.bone_mut(a).tail_bone(c);
    b.bone_mut(c).tail_offset(Vec3::new(0.0, 4.0, 0.0));
    let m = b.material("m", Vec4::ONE).index();
    b.chain_mesh(m, &[a, c], 0.5, 0.25);
    let model = b.build();
    for v in &model.vertices {
        let y = v.position.y;
        let (bones, weights, _) = v.weights.bone_weights();
        let share_of = |bone: i32| -> f32 {
            bones
                .iter()
                .zip(weights)
                .filter(|(b, _)| **b == bone)
                .map(|(_, w)| w)
                .sum()
        };
        if y < 3.0 - 1e-3 {
            assert_eq!(v.weights, bdef1(a), "y = {y}");
        } else if y > 5.0 + 1e-3 {
            assert_eq!(v.weights, bdef1(c), "y = {y}");
        } else if (y - 4.0).abs() < 1e-3 {
            assert!((share_of(a) - 0.5).abs() < 1e-5 && (share_of(c) - 0.5).abs() < 1e-5);
        }
    }
    assert_outward(&model);
}

#[test]
fn display_frames_collect_elements() {
    let (mut b, root, arm) = two_bones();
    let v = b.vertex(Vec3::ZERO, Vec3::Y, Vec2::ZERO, bdef1(arm));
    let mo = b.vertex_morph("m", panel::EYE, [(v, Vec3::X)]).index();
    b.display_frame("Root").special().bone(root);
    b.display_frame("表情").special().morph(mo);
    b.display_frame("体").bones([root, arm]).morphs([mo]);
    let m = b.build();
    assert_eq!(m.display_frames.len(), 3);
    assert!(m.display_frames[0].special && !m.display_frames[2].special);
    assert_eq!(
        m.display_frames[2].elements,
        vec![
            DisplayElement::Bone(0),
            DisplayElement::Bone(1),
            DisplayElement::Morph(0)
        ]
    );
}

#[test]
fn from_model_continues_and_rebuilds_the_same_model() {
    let sample = sample_rig();
    assert_eq!(ModelBuilder::from_model(sample.clone()).build(), sample);
    let mut b = ModelBuilder::from_model(sample.clone());
    let skin = 0;
    let extra = b.box_mesh(skin, Vec3::new(0.0, 25.0, 0.0), Vec3::ONE, bdef1(0));
    let m = b.build();
    assert_eq!(
        m.materials[0].face_index_count,
        sample.materials[0].face_index_count + 36
    );
    assert_eq!(m.faces.len(), sample.faces.len() + 12);
    // The new faces sit at the end of material 0's run.
    let end0 = m.materials[0].face_index_count as usize / 3;
    assert!(m.faces[end0 - 12..end0]
        .iter()
        .flatten()
        .all(|v| extra.contains(v)));
    // Faces past the materials' counts survive.
    let mut odd = sample.clone();
    odd.faces.push([0, 1, 2]);
    let rebuilt = ModelBuilder::from_model(odd.clone()).build();
    assert_eq!(rebuilt.faces, odd.faces);
}
