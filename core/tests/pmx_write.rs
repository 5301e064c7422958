//! Writer behaviour: 2.1 features refused as 2.0, encodings convert, index
//! sizes grow instead of wrapping, and `save` never damages an existing file.

use glam::Vec3;
use hone_core::pmx::needs::{choose_index_sizes, v21_features};
use hone_core::pmx::read::read_pmx;
use hone_core::pmx::write::{save, write_pmx, WriteOptions};
use hone_core::pmx::*;

mod support;
use support::{bone, morph};

/// A small model using every PMX 2.1-only feature once.
fn model_with_21_features() -> Model {
    let mut m = Model::default();
    m.header.version = PmxVersion::V2_1;
    m.bones = vec![
        bone("センター", Vec3::ZERO, -1),
        bone("上半身", Vec3::ZERO, 0),
    ];
    m.vertices = vec![
        Vertex::default(),
        Vertex {
            weights: Weights::Qdef {
                bones: [0, 1, -1, -1],
                weights: [0.5, 0.5, 0.0, 0.0],
            },
            ..Vertex::default()
        },
    ];
    m.materials = vec![Material {
        name: "点".into(),
        flags: MaterialFlags(MaterialFlags::POINT | MaterialFlags::EDGE),
        ..Material::default()
    }];
    m.rigid_bodies = vec![RigidBody::default()];
    m.morphs = vec![
        morph(
            "切替",
            MorphOffsets::Flip(vec![GroupOffset {
                morph: 1,
                ratio: 1.0,
            }]),
        ),
        morph(
            "衝撃",
            MorphOffsets::Impulse(vec![ImpulseOffset {
                rigid_body: 0,
                local: true,
                velocity: Vec3::Y,
                torque: Vec3::ZERO,
            }]),
        ),
    ];
    m.joints = vec![Joint {
        name: "蝶番".into(),
        kind: JointKind::Hinge,
        ..Joint::default()
    }];
    m.soft_bodies = vec![SoftBody {
        name: "布".into(),
        ..SoftBody::default()
    }];
    m
}

#[test]
fn writing_2_1_features_as_2_0_lists_each_of_them() {
    let m = model_with_21_features();
    let opts = WriteOptions {
        version: Some(PmxVersion::V2_0),
        encoding: None,
    };
    let Err(Error::Needs21(list)) = write_pmx(&m, &opts) else {
        panic!("expected Needs21")
    };
    let all = list.join("\n");
    for needle in [
        "QDEF", "vertex 1", "切替", "衝撃", "点", "0x40", "蝶番", "hinge", "布",
    ] {
        assert!(all.contains(needle), "{needle:?} missing from {all}");
    }
    assert_eq!(list, v21_features(&m));
    // The error text names them too.
    let msg = Error::Needs21(list).to_string();
    assert!(msg.starts_with("cannot write PMX 2.0"), "{msg}");

    // As 2.1 it writes and reads back unchanged.
    let bytes = write_pmx(&m, &WriteOptions::default()).unwrap();
    let back = read_pmx(&bytes).unwrap();
    assert_eq!(back.model, m);
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);

    // Without the 2.1 features the same model writes as 2.0.
    let mut plain = m.clone();
    plain.vertices[1].weights = Weights::Bdef1 { bone: 1 };
    plain.materials[0].flags = MaterialFlags(MaterialFlags::EDGE);
    plain.morphs.clear();
    plain.joints[0].kind = JointKind::Spring6Dof;
    plain.soft_bodies.clear();
    assert!(v21_features(&plain).is_empty());
    let bytes = write_pmx(&plain, &opts).unwrap();
    let back = read_pmx(&bytes).unwrap().model;
    assert_eq!(back.header.version, PmxVersion::V2_0);
    assert_eq!(back.bones, plain.bones);
}

#[test]
fn a_2_0_header_cannot_carry_2_1_data_even_when_kept() {
    let mut m = model_with_21_features();
    m.header.version = PmxVersion::V2_0;
    let Err(Error::Needs21(list)) = write_pmx(&m, &WriteOptions::default()) else {
        panic!("expected Needs21")
    };
    assert_eq!(list, v21_features(&m));
    assert!(list.iter().any(|l| l.contains("布")), "{list:?}");
    // The save rule chooses 2.1 and says why.
    let plan = hone_core::pmx::needs::plan_save(&m, &WriteOptions::default()).unwrap();
    assert_eq!(plan.options.version, Some(PmxVersion::V2_1));
    assert_eq!(plan.changes.len(), 1, "{:?}", plan.changes);
    let back = read_pmx(&write_pmx(&m, &plan.options).unwrap()).unwrap();
    assert_eq!(back.model.header.version, PmxVersion::V2_1);
    assert_eq!(back.model.soft_bodies, m.soft_bodies);
}

#[test]
fn encoding_conversion_round_trips_text() {
    let mut m = Model::default();
    m.info.name = "初音ミク 😀 𠮷".into();
    m.info.comment = "改行\r\nあり".into();
    m.bones = vec![bone("右ひじ", Vec3::ZERO, -1)];
    m.textures = vec!["tex\\顔.png".into()];
    for (from, to) in [
        (TextEncoding::Utf16Le, TextEncoding::Utf8),
        (TextEncoding::Utf8, TextEncoding::Utf16Le),
    ] {
        m.header.encoding = from;
        let original = write_pmx(&m, &WriteOptions::default()).unwrap();
        let converted = write_pmx(
            &m,
            &WriteOptions {
                version: None,
                encoding: Some(to),
            },
        )
        .unwrap();
        assert_ne!(original, converted);
        let back = read_pmx(&converted).unwrap().model;
        assert_eq!(back.header.encoding, to);
        assert_eq!(back.info, m.info);
        assert_eq!(back.bones[0].name, "右ひじ");
        assert_eq!(back.textures, m.textures);
        // And back again gives the original bytes.
        let again = write_pmx(
            &back,
            &WriteOptions {
                version: None,
                encoding: Some(from),
            },
        )
        .unwrap();
        assert_eq!(again, original);
    }
    // The encoding byte and the UTF-16 length (in bytes) are as the spec says.
    m.header.encoding = TextEncoding::Utf16Le;
    m.info.name = "ab".into();
    let b = write_pmx(&m, &WriteOptions::default()).unwrap();
    assert_eq!(b[9], 0);
    assert_eq!(&b[17..25], &[4, 0, 0, 0, b'a', 0, b'b', 0]);
}

#[test]
fn index_sizes_grow_with_counts() {
    let mut m = Model::default();
    let sizes = |m: &Model| {
        read_pmx(&write_pmx(m, &WriteOptions::default()).unwrap())
            .unwrap()
            .model
            .header
            .index_sizes
    };
    assert_eq!(sizes(&m), IndexSizes::default());
    m.vertices = vec![Vertex::default(); 255];
    assert_eq!(sizes(&m).vertex, 1);
    m.vertices.push(Vertex::default());
    assert_eq!(sizes(&m).vertex, 2);
    m.bones = (0..127)
        .map(|i| bone(&format!("b{i}"), Vec3::ZERO, i - 1))
        .collect();
    assert_eq!(sizes(&m).bone, 1);
    m.bones.push(bone("b127", Vec3::ZERO, 126));
    assert_eq!(sizes(&m).bone, 2);
    m.textures = vec![String::new(); 128];
    m.morphs = (0..128)
        .map(|i| Morph {
            name: format!("m{i}"),
            name_en: String::new(),
            panel: 1,
            offsets: MorphOffsets::Group(vec![]),
        })
        .collect();
    m.materials = vec![Material::default(); 128];
    m.rigid_bodies = vec![RigidBody::default(); 128];
    let s = sizes(&m);
    assert_eq!((s.texture, s.morph, s.material, s.rigid_body), (2, 2, 2, 2));

    // A file's wider sizes are kept while they fit (byte identity)...
    let mut small = Model::default();
    small.header.index_sizes = IndexSizes {
        vertex: 4,
        texture: 2,
        material: 4,
        bone: 2,
        morph: 4,
        rigid_body: 2,
    };
    assert_eq!(
        choose_index_sizes(&small).unwrap(),
        small.header.index_sizes
    );
    // ...and a too-narrow one grows to the smallest that fits.
    let mut grown = m.clone();
    grown.header.index_sizes = IndexSizes::default();
    assert_eq!(choose_index_sizes(&grown).unwrap().bone, 2);
}

#[test]
fn stored_values_never_wrap() {
    // Three bones but a parent reference of 300: 1 byte would wrap to 44.
    let mut m = Model {
        bones: vec![
            bone("a", Vec3::ZERO, -1),
            bone("b", Vec3::ZERO, 300),
            bone("c", Vec3::ZERO, -200),
        ],
        vertices: vec![Vertex::default(); 3],
        faces: vec![[0, 1, 70_000]],
        ..Model::default()
    };
    let bytes = write_pmx(&m, &WriteOptions::default()).unwrap();
    let back = read_pmx(&bytes).unwrap().model;
    assert_eq!(back.header.index_sizes.bone, 2);
    assert_eq!(back.header.index_sizes.vertex, 4);
    assert_eq!(back.bones[1].parent, 300);
    assert_eq!(back.bones[2].parent, -200);
    assert_eq!(back.faces, vec![[0, 1, 70_000]]);
    // A negative vertex reference cannot be stored unsigned: 4 bytes.
    m.faces = vec![[0, 1, -1]];
    let back = read_pmx(&write_pmx(&m, &WriteOptions::default()).unwrap())
        .unwrap()
        .model;
    assert_eq!(back.header.index_sizes.vertex, 4);
    assert_eq!(back.faces, vec![[0, 1, -1]]);
    // -128 still fits one signed byte, -129 does not.
    m.faces.clear();
    m.bones = vec![bone("a", Vec3::ZERO, -128)];
    assert_eq!(choose_index_sizes(&m).unwrap().bone, 1);
    m.bones = vec![bone("a", Vec3::ZERO, -129)];
    assert_eq!(choose_index_sizes(&m).unwrap().bone, 2);
}

#[test]
fn bone_flags_are_derived_from_data() {
    let mut b = bone("腕", Vec3::ZERO, -1);
    b.tail = Tail::Bone(0);
    b.append = Some(Append {
        parent: 0,
        ratio: 0.5,
        rotate: true,
        translate: false,
    });
    b.ik = Some(Ik {
        target: 0,
        loop_count: 40,
        limit_angle: 0.5,
        links: vec![IkLink {
            bone: 0,
            limits: Some(IkLimits {
                lower: Vec3::new(-1.0, 0.0, 0.0),
                upper: Vec3::ZERO,
            }),
        }],
    });
    b.flags.0 |= BoneFlags::AFTER_PHYSICS | 0x4000;
    let m = Model {
        bones: vec![b.clone()],
        ..Model::default()
    };
    let bytes = write_pmx(&m, &WriteOptions::default()).unwrap();
    let back = read_pmx(&bytes).unwrap().model;
    assert_eq!(back.bones[0], b);
    assert_eq!(
        back.bones[0].file_flags(),
        BoneFlags::ROTATABLE
            | BoneFlags::VISIBLE
            | BoneFlags::OPERABLE
            | BoneFlags::AFTER_PHYSICS
            | 0x4000
            | BoneFlags::TAIL_IS_BONE
            | BoneFlags::APPEND_ROTATE
            | BoneFlags::IK
    );
    assert_eq!(back.bones[0].flags.0 & BoneFlags::STRUCTURAL, 0);
}

#[test]
fn save_replaces_atomically_and_keeps_the_old_file_on_failure() {
    let saved_name = |path: &std::path::Path| {
        read_pmx(&std::fs::read(path).unwrap())
            .unwrap()
            .model
            .info
            .name
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.pmx");
    let mut m = Model::default();
    m.info.name = "first".into();
    save(&m, &path, &WriteOptions::default()).unwrap();
    assert_eq!(saved_name(&path), "first");
    m.info.name = "second".into();
    save(&m, &path, &WriteOptions::default()).unwrap();
    assert_eq!(saved_name(&path), "second");
    let only: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        only,
        vec![std::ffi::OsString::from("model.pmx")],
        "no temp file left behind"
    );

    // A write the model cannot do leaves the old file byte for byte.
    let before = std::fs::read(&path).unwrap();
    let mut bad = model_with_21_features();
    bad.info.name = "third".into();
    let opts = WriteOptions {
        version: Some(PmxVersion::V2_0),
        encoding: None,
    };
    assert!(matches!(save(&bad, &path, &opts), Err(Error::Needs21(_))));
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // A path whose parent is a file: an I/O error naming the path, nothing created.
    let blocker = dir.path().join("not_a_dir");
    std::fs::write(&blocker, b"x").unwrap();
    let target = blocker.join("model.pmx");
    let err = save(&m, &target, &WriteOptions::default()).unwrap_err();
    assert!(matches!(err, Error::Io { .. }), "{err}");
    assert!(err.to_string().contains("model.pmx"), "{err}");
    assert_eq!(std::fs::read(&blocker).unwrap(), b"x");

    // Renaming onto a directory fails after the temp file was written: it is removed.
    let dir_target = dir.path().join("occupied");
    std::fs::create_dir(&dir_target).unwrap();
    std::fs::write(dir_target.join("keep.txt"), b"keep").unwrap();
    assert!(save(&m, &dir_target, &WriteOptions::default()).is_err());
    assert_eq!(std::fs::read(dir_target.join("keep.txt")).unwrap(), b"keep");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
        .collect();
    assert!(leftovers.is_empty(), "temp files left: {leftovers:?}");
}
