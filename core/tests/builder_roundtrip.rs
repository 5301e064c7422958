//! Models made with the builder survive the writer and reader unchanged, and
//! the builder's conventions agree with the rest of Hone.

use glam::{Quat, Vec2, Vec3, Vec4};
use hone_core::pmx::builder::*;
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::*;

fn roundtrip(model: &Model) -> Model {
    let bytes = write_pmx(model, &WriteOptions::default()).expect("writes");
    let loaded = read::read_pmx(&bytes).expect("reads back");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    loaded.model
}

fn small(encoding: TextEncoding) -> ModelBuilder {
    let mut b = ModelBuilder::new("小さい");
    b.encoding(encoding).comment("コメント", "comment");
    let root = b.bone("全ての親", Vec3::ZERO).movable().index();
    let arm = b
        .bone("腕", Vec3::new(1.0, 5.0, 0.0))
        .parent(root)
        .local_axes(Vec3::X, Vec3::Z)
        .tail_offset(Vec3::X)
        .index();
    b.bone("捩", Vec3::new(2.0, 5.0, 0.0))
        .parent(arm)
        .append(arm, 0.5, true, true)
        .append_local()
        .fixed_axis(Vec3::X)
        .after_physics()
        .external_parent(7);
    b.bone("IK", Vec3::new(3.0, 5.0, 0.0))
        .parent(root)
        .ik(arm, 40, 2.0)
        .ik_link_limited(arm, Vec3::new(-3.0, 0.0, 0.0), Vec3::new(-0.01, 0.0, 0.0));
    let m = b
        .material("m", Vec4::new(0.5, 0.6, 0.7, 1.0))
        .texture("a.png")
        .sphere("s.spa", SphereMode::Add)
        .toon_texture("toon.bmp")
        .memo("memo")
        .index();
    b.box_mesh(
        m,
        Vec3::new(1.0, 5.0, 0.0),
        Vec3::splat(0.5),
        bdef2(arm, root, 0.75),
    );
    b.cylinder_mesh(m, Vec3::ZERO, Vec3::Y, 0.3, |p: Vec3, t: f32| {
        sdef(arm, root, t, Vec3::ZERO, p, Vec3::Y)
    });
    b.vertex(
        Vec3::ONE,
        Vec3::Y,
        Vec2::ZERO,
        bdef4([0, 1, 2, 3], [0.1, 0.2, 0.3, 0.4]),
    );
    let body = b
        .rigid_body("r", arm)
        .box_shape(Vec3::ONE)
        .dynamic()
        .index();
    b.joint("j", JointKind::Spring6Dof, body, body)
        .linear_limits(-Vec3::ONE, Vec3::ONE)
        .springs(Vec3::ONE, Vec3::splat(2.0));
    b.vertex_morph("v", panel::EYE, [(0, Vec3::Y)]);
    b.bone_morph(
        "b",
        panel::OTHER,
        [(arm, Vec3::X, Quat::from_rotation_y(0.3))],
    );
    b.material_morph(
        "m",
        panel::OTHER,
        [material_multiply(m), material_add(NONE)],
    );
    b.uv_morph("uv", panel::OTHER, 2, [(0, Vec4::ONE)]);
    b.group_morph("g", panel::MOUTH, [(0, 0.5)]);
    b.display_frame("Root").special().bone(root);
    b.display_frame("表情").special().morphs([0, 1]);
    b
}

#[test]
fn a_2_0_model_round_trips_in_both_encodings() {
    for enc in [TextEncoding::Utf16Le, TextEncoding::Utf8] {
        let model = small(enc).build();
        assert_eq!(model.header.version, PmxVersion::V2_0);
        assert_eq!(model.header.additional_uv_count, 2);
        assert_eq!(roundtrip(&model), model);
    }
}

#[test]
fn a_2_1_model_round_trips() {
    let mut b = small(TextEncoding::Utf16Le);
    b.vertex(
        Vec3::ZERO,
        Vec3::Y,
        Vec2::ZERO,
        qdef([0, 1, 0, 0], [0.5, 0.5, 0.0, 0.0]),
    );
    b.flip_morph("f", panel::OTHER, [(0, 1.0), (1, 1.0)]);
    b.impulse_morph(
        "i",
        panel::OTHER,
        [ImpulseOffset {
            rigid_body: 0,
            local: true,
            velocity: Vec3::X,
            torque: Vec3::Y,
        }],
    );
    let a = b.rigid_body("a", 0).index();
    for kind in [
        JointKind::SixDof,
        JointKind::P2p,
        JointKind::ConeTwist,
        JointKind::Slider,
        JointKind::Hinge,
    ] {
        b.joint(kind.name(), kind, a, 0);
    }
    let line = b
        .material("line", Vec4::ONE)
        .flag(MaterialFlags::LINE, true)
        .index();
    let v: Vec<i32> = (0..4)
        .map(|i| {
            b.vertex(
                Vec3::new(0.0, -(i as f32), 0.0),
                Vec3::X,
                Vec2::ZERO,
                bdef1(0),
            )
        })
        .collect();
    for w in v.windows(2) {
        b.triangle(line, [w[0], w[1], w[0]]);
    }
    b.soft_body("rope", SoftBodyShape::Rope, line)
        .anchor(a, v[0], true)
        .pins([v[0], v[1]])
        .clusters(2);
    let model = b.build();
    assert_eq!(model.header.version, PmxVersion::V2_1);
    assert_eq!(roundtrip(&model), model);
}

#[test]
fn wide_indices_round_trip() {
    let mut b = ModelBuilder::new("wide");
    for i in 0..200 {
        b.bone(&format!("b{i}"), Vec3::new(i as f32, 0.0, 0.0))
            .parent(i - 1);
    }
    let m = b.material("m", Vec4::ONE).index();
    for i in 0..30 {
        b.sphere_mesh(m, Vec3::new(i as f32, 0.0, 0.0), 0.5, 16, bdef1(199 - i));
    }
    let model = b.build();
    assert_eq!(model.header.index_sizes.bone, 2);
    assert_eq!(model.header.index_sizes.vertex, 2);
    assert_eq!(roundtrip(&model), model);
}

#[test]
fn builder_header_is_what_the_writer_keeps() {
    // The sizes and version the builder derives are what a save writes: nothing grows.
    let model = small(TextEncoding::Utf8).build();
    assert_eq!(
        needs::choose_index_sizes(&model).unwrap(),
        model.header.index_sizes
    );
    assert_eq!(model.header.version, PmxVersion::V2_0);
    assert!(needs::v21_features(&model).is_empty());
    let sample = sample_rig();
    assert_eq!(
        needs::choose_index_sizes(&sample).unwrap(),
        sample.header.index_sizes
    );
    // The sample shows every joint kind and soft bodies: 2.1, and the writer lists why.
    assert_eq!(sample.header.version, PmxVersion::V2_1);
    let features = needs::v21_features(&sample);
    assert!(
        features.iter().any(|f| f.starts_with("soft bodies (2): ")),
        "{features:?}"
    );
}
