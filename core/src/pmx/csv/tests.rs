use super::*;
use crate::pmx::model::*;
use crate::pmx::needs::plan_save;
use crate::pmx::write::{write_pmx, WriteOptions};
use glam::Vec3;

/// PMX → CSV → PMX gives the same bytes (PMD: the imported model's PMX).
#[test]
fn every_shared_model_round_trips_byte_identical() {
    let files = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    let mut checked = 0;
    for path in files {
        let original = std::fs::read(&path).unwrap();
        let loaded = crate::pmx::load_bytes(&original).unwrap().model;
        let plan = plan_save(&loaded, &WriteOptions::default()).unwrap();
        let pmx = write_pmx(&loaded, &plan.options).unwrap();
        let is_pmx = path.extension().is_some_and(|e| e == "pmx");
        if is_pmx && plan.changes.is_empty() {
            assert!(
                pmx == original,
                "{}: PMX not byte-identical",
                path.display()
            );
        }
        let csv = write_csv(&loaded);
        let back = read_csv(&csv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let again = write_pmx(&back, &plan.options).unwrap();
        let p = path.display();
        assert_eq!(back.header, loaded.header, "{p}");
        assert_eq!(back.info, loaded.info, "{p}");
        assert_eq!(back.vertices, loaded.vertices, "{p}");
        assert_eq!(back.faces, loaded.faces, "{p}");
        assert_eq!(back.textures, loaded.textures, "{p}");
        assert_eq!(back.materials, loaded.materials, "{p}");
        if again != pmx {
            let first = again.iter().zip(&pmx).position(|(a, b)| a != b);
            panic!(
                "{}: PMX → CSV → PMX differs (sizes {} vs {}, first difference at {first:?})",
                path.display(),
                again.len(),
                pmx.len()
            );
        }
        checked += 1;
    }
    eprintln!("{checked} shared models round-tripped through CSV");
}

/// The sample rig (PMX 2.1: soft bodies, additional UVs, every morph kind it has) round-trips.
#[test]
fn the_sample_rig_round_trips_byte_identical() {
    let model = crate::pmx::builder::sample_rig();
    let pmx = write_pmx(&model, &WriteOptions::default()).unwrap();
    let back = read_csv(&write_csv(&model)).unwrap();
    assert!(write_pmx(&back, &WriteOptions::default()).unwrap() == pmx);
}

/// A CSV as PMX Editor writes it (Shift-JIS, headings, names as references, degrees,
/// 7 significant digits, no Hone lines), built by hand from the layout reference.
fn pmx_editor_csv() -> Vec<u8> {
    let lines = [
        ";Header,ver,文字エンコード(0:UTF16/1:UTF8),追加UV数",
        "Header,2,0,0",
        ";ModelInfo,モデル名,モデル名(英),コメント,コメント(英)",
        r#"ModelInfo,"テスト","test","一行目\r\n二行目","""quoted""""#,
        ";Vertex,頂点Index,…",
        r#"Vertex,0,0,0,0,0,0,-1,1,0.5,0.25,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"センター",1,"",0,"",0,"",0,0,0,0,0,0,0,0,0,0"#,
        r#"Vertex,1,0,1,0,0,0,-1,1,0.6000001,0.25,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,"センター",0.3,"頭",0.7,"",0,"",0,0,0,0,0,0,0,0,0,0"#,
        r#"Vertex,2,1,1,-1.072884E-06,0,0,-1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"頭",1,"",0,"",0,"",0,0,0,0,0,0,0,0,0,0"#,
        ";Material,材質名,…",
        r#"Material,"体","body",1,1,1,1,0,0,0,5,0.5,0.5,0.5,1,1,1,1,0,0,1,1,0,0,0,1,"tex\体.png","","0","toon02.bmp","メモ""#,
        ";Face,親材質名,面Index,頂点Index1,頂点Index2,頂点Index3",
        r#"Face,"体",0,0,1,2"#,
        ";Bone,ボーン名,…",
        r#"Bone,"センター","center",0,0,0,0,0,1,1,0,1,1,"",0,"",0,1,0,0,0,0,1,"",0,0,0,0,0,1,0,0,0,0,1,0,0,"",0,0"#,
        r#"Bone,"頭","head",0,0,0,1,0,1,0,0,1,1,"センター",1,"センター",0,0,0,0,1,0,0.5,"センター",0,0,0,0,0,1,0,0,0,0,1,0,0,"",0,0"#,
        ";Morph,モーフ名,…",
        r#"Morph,"あ","a",3,1"#,
        ";VertexMorph,親モーフ名,頂点Index,位置オフセット_x,位置オフセット_y,位置オフセット_z",
        r#"VertexMorph,"あ",2,0,0.1,0"#,
        ";Node,表示枠名,表示枠名(英)",
        r#"Node,"Root","Root""#,
        r#"Node,"表情","Exp""#,
        r#"Node,"体","body""#,
        ";NodeItem,親表示枠名,対象(0:ボーン/1:モーフ),ボーン名／モーフ名",
        r#"NodeItem,"Root",0,"センター""#,
        r#"NodeItem,"表情",1,"あ""#,
        r#"NodeItem,"体",0,"頭""#,
        ";Body,剛体名,…",
        r#"Body,"頭","head","頭",1,2,"1 3",2,0.5,1,0,0,1,0,90,0,-45,1,0.5,0.5,0,0.5"#,
        r#"Body,"体","body","センター",0,0,"",1,1,1,1,0,0,0,0,0,0,1,0.5,0.5,0,0.5"#,
        ";Joint,Joint名,…",
        r#"Joint,"首","neck","体","頭",0,0,1,0,0,30,0,0,0,0,0,0,0,-10,-20,-30,10,20,30,0,0,0,100,100,100"#,
    ];
    let text = lines.join("\r\n") + "\r\n";
    let (bytes, _, lossy) = encoding_rs::SHIFT_JIS.encode(&text);
    assert!(!lossy);
    bytes.into_owned()
}

/// The same model, built in code as its PMX would hold it.
fn pmx_editor_model() -> Model {
    let mut m = Model {
        info: ModelInfo {
            name: "テスト".into(),
            name_en: "test".into(),
            comment: "一行目\r\n二行目".into(),
            comment_en: "\"quoted\"".into(),
        },
        ..Model::default()
    };
    let v = |p: Vec3, uv: (f32, f32), weights| Vertex {
        position: p,
        normal: Vec3::new(0.0, 0.0, -1.0),
        uv: glam::Vec2::new(uv.0, uv.1),
        weights,
        edge_scale: 1.0,
        ..Vertex::default()
    };
    m.vertices = vec![
        v(Vec3::ZERO, (0.5, 0.25), Weights::Bdef1 { bone: 0 }),
        v(
            Vec3::Y,
            (0.6000001, 0.25),
            Weights::Bdef2 {
                bones: [0, 1],
                weight: 0.3,
            },
        ),
        v(
            Vec3::new(1.0, 1.0, -1.072884e-6),
            (0.0, 0.0),
            Weights::Bdef1 { bone: 1 },
        ),
    ];
    m.faces = vec![[0, 1, 2]];
    m.textures = vec!["tex\\体.png".into()];
    m.materials = vec![Material {
        name: "体".into(),
        name_en: "body".into(),
        diffuse: glam::Vec4::ONE,
        specular: Vec3::ZERO,
        specular_power: 5.0,
        ambient: Vec3::splat(0.5),
        flags: MaterialFlags(
            MaterialFlags::DOUBLE_SIDED
                | MaterialFlags::GROUND_SHADOW
                | MaterialFlags::SELF_SHADOW_MAP
                | MaterialFlags::SELF_SHADOW
                | MaterialFlags::EDGE,
        ),
        edge_size: 1.0,
        edge_color: glam::Vec4::new(0.0, 0.0, 0.0, 1.0),
        texture: 0,
        sphere_texture: NONE,
        sphere_mode: SphereMode::Disabled,
        toon: Toon::Shared(1),
        memo: "メモ".into(),
        face_index_count: 3,
    }];
    let f = BoneFlags::ROTATABLE | BoneFlags::VISIBLE | BoneFlags::OPERABLE;
    m.bones = vec![
        Bone {
            name: "センター".into(),
            name_en: "center".into(),
            flags: BoneFlags(f | BoneFlags::MOVABLE),
            tail: Tail::Offset(Vec3::Y),
            ..Bone::default()
        },
        Bone {
            name: "頭".into(),
            name_en: "head".into(),
            position: Vec3::Y,
            parent: 0,
            flags: BoneFlags(f | BoneFlags::TAIL_IS_BONE | BoneFlags::APPEND_ROTATE),
            tail: Tail::Bone(0),
            append: Some(Append {
                parent: 0,
                ratio: 0.5,
                rotate: true,
                translate: false,
            }),
            ..Bone::default()
        },
    ];
    m.morphs = vec![Morph {
        name: "あ".into(),
        name_en: "a".into(),
        panel: 3,
        offsets: MorphOffsets::Vertex(vec![VertexOffset {
            vertex: 2,
            offset: Vec3::new(0.0, 0.1, 0.0),
        }]),
    }];
    m.display_frames = vec![
        DisplayFrame {
            name: "Root".into(),
            name_en: "Root".into(),
            special: true,
            elements: vec![DisplayElement::Bone(0)],
        },
        DisplayFrame {
            name: "表情".into(),
            name_en: "Exp".into(),
            special: true,
            elements: vec![DisplayElement::Morph(0)],
        },
        DisplayFrame {
            name: "体".into(),
            name_en: "body".into(),
            special: false,
            elements: vec![DisplayElement::Bone(1)],
        },
    ];
    let d = |x: f32| x.to_radians();
    m.rigid_bodies = vec![
        RigidBody {
            name: "頭".into(),
            name_en: "head".into(),
            bone: 1,
            group: 2,
            collision_mask: !0b101,
            shape: RigidShape::Capsule,
            size: Vec3::new(0.5, 1.0, 0.0),
            position: Vec3::Y,
            rotation: Vec3::new(d(90.0), 0.0, d(-45.0)),
            mass: 1.0,
            linear_damping: 0.5,
            angular_damping: 0.5,
            restitution: 0.0,
            friction: 0.5,
            mode: RigidMode::Dynamic,
        },
        RigidBody {
            name: "体".into(),
            name_en: "body".into(),
            bone: 0,
            shape: RigidShape::Box,
            ..RigidBody::default()
        },
    ];
    m.joints = vec![Joint {
        name: "首".into(),
        name_en: "neck".into(),
        kind: JointKind::Spring6Dof,
        body_a: 1,
        body_b: 0,
        position: Vec3::Y,
        rotation: Vec3::new(0.0, d(30.0), 0.0),
        linear_lower: Vec3::ZERO,
        linear_upper: Vec3::ZERO,
        angular_lower: Vec3::new(d(-10.0), d(-20.0), d(-30.0)),
        angular_upper: Vec3::new(d(10.0), d(20.0), d(30.0)),
        linear_spring: Vec3::ZERO,
        angular_spring: Vec3::splat(100.0),
    }];
    m.header.index_sizes = crate::pmx::needs::smallest_index_sizes(&m);
    m
}

#[test]
fn a_csv_in_pmx_editors_layout_imports_to_the_same_model_as_its_pmx() {
    let read = read_csv(&pmx_editor_csv()).unwrap_or_else(|e| panic!("{e}"));
    let want = pmx_editor_model();
    assert_eq!(read.info, want.info);
    assert_eq!(read.vertices, want.vertices);
    assert_eq!(read.faces, want.faces);
    assert_eq!(read.textures, want.textures);
    assert_eq!(read.materials, want.materials);
    assert_eq!(read.bones, want.bones);
    assert_eq!(read.morphs, want.morphs);
    assert_eq!(read.display_frames, want.display_frames);
    // Degrees → radians through f64 may differ from f32's to_radians in the last bit.
    for (a, b) in read.rigid_bodies.iter().zip(&want.rigid_bodies) {
        assert!(
            (a.rotation - b.rotation).abs().max_element() < 1e-6,
            "{a:?}"
        );
        let mut a = a.clone();
        a.rotation = b.rotation;
        assert_eq!(&a, b);
    }
    assert_eq!(read.rigid_bodies.len(), 2);
    for (a, b) in read.joints.iter().zip(&want.joints) {
        for (x, y) in [
            (a.rotation, b.rotation),
            (a.angular_lower, b.angular_lower),
            (a.angular_upper, b.angular_upper),
        ] {
            assert!((x - y).abs().max_element() < 1e-6, "{a:?}");
        }
        assert_eq!((a.body_a, a.body_b, a.kind), (b.body_a, b.body_b, b.kind));
        assert_eq!(a.angular_spring, b.angular_spring);
    }
    assert_eq!(read.joints.len(), 1);
    assert_eq!(read.header.version, PmxVersion::V2_0);
    // And it writes a PMX that reads back as this model.
    let pmx = write_pmx(&read, &WriteOptions::default()).unwrap();
    let want_pmx = write_pmx(&want, &WriteOptions::default()).unwrap();
    assert_eq!(
        crate::pmx::read::read_pmx(&pmx).unwrap().model.bones,
        crate::pmx::read::read_pmx(&want_pmx).unwrap().model.bones
    );
}

fn error_of(text: &str) -> CsvError {
    read_csv_text(text).expect_err("a malformed line")
}

#[test]
fn malformed_lines_name_their_line_and_column() {
    let header = "Header,2,0,0\r\n";
    let e = error_of(&format!("{header}Bogus,1,2\r\n"));
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    let bone = r#"Bone,"センター","",0,0,0,0,0,1,1,0,1,1,"",0,"",0,1,0,0,0,0,1,"",0,0,0,0,0,1,0,0,0,0,1,0,0,"",0,0"#;
    let bad_number = bone.replacen(",0,0,0,0,0,1,1,", ",0,0,0,x,0,1,1,", 1);
    let e = error_of(&format!("{header};heading\r\n{bad_number}\r\n"));
    assert_eq!((e.line, e.column), (3, 7), "{e}");
    assert!(e.to_string().contains('x'), "{e}");
    let unknown_parent = bone.replacen(r#",1,1,"","#, r#",1,1,"どこ","#, 1);
    let e = error_of(&format!("{header}{unknown_parent}\r\n"));
    assert_eq!((e.line, e.column), (2, 14), "{e}");
    assert!(e.to_string().contains("どこ"), "{e}");
    let e = error_of(&format!("{header}{}\r\n", &bone[..bone.len() - 4]));
    assert_eq!(e.line, 2, "{e}");
    let e = error_of("ModelInfo,\"unclosed,\"\"\r\n");
    assert_eq!(e.line, 1, "{e}");
    let e = error_of(r#"Morph,"あ","a",3,99"#);
    assert_eq!((e.line, e.column), (1, 5), "{e}");
}
