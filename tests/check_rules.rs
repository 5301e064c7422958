//! One test per check: a small clean model, changed to contain exactly that
//! problem; the problem must be found on the right element, and its fix (if
//! any) must remove it. The physics checks are in `check_rules_physics.rs`.

use glam::Vec3;
use hone::check::{check_model, CheckContext, ElementRef, Fix, Severity};
use hone::pmx::*;

mod check_support;
use check_support::clean_rig::{append_rotation, clean, joined_overlap};
use check_support::support::morph;
use check_support::{find, fix_removes, has, problems};

#[test]
fn clean_model_has_no_problems() {
    let m = clean();
    let p = problems(&m);
    assert!(p.is_empty(), "{p:#?}");
}

#[test]
fn index_out_of_range() {
    let mut m = clean();
    m.vertices[1].weights = Weights::Bdef2 {
        bones: [1, 99],
        weight: 0.5,
    };
    m.faces[1][2] = 4;
    m.materials[0].texture = 3;
    m.bones[2].parent = 50;
    m.bones[4].ik.as_mut().unwrap().links[1].bone = -1;
    m.morphs[1].offsets = MorphOffsets::Group(vec![GroupOffset {
        morph: 7,
        ratio: 1.0,
    }]);
    m.display_frames[0].elements.push(DisplayElement::Morph(2));
    m.rigid_bodies[1].bone = 6;
    m.joints[0].body_b = 2;
    let expect = [
        ElementRef::Vertex(1),
        ElementRef::Face(1),
        ElementRef::Material(0),
        ElementRef::Bone(2),
        ElementRef::Bone(4),
        ElementRef::Morph(1),
        ElementRef::DisplayFrame(0),
        ElementRef::RigidBody(1),
        ElementRef::Joint(0),
    ];
    for t in expect {
        let p = find(&m, "E-INDEX-RANGE", t);
        assert_eq!(p.severity, Severity::Error);
    }
    let p = find(&m, "E-INDEX-RANGE", ElementRef::Bone(2));
    assert!(
        p.message.contains("中") && p.message.contains("50"),
        "{}",
        p.message
    );
}

#[test]
fn index_out_of_range_in_soft_body() {
    let mut m = clean();
    m.header.version = PmxVersion::V2_1;
    m.soft_bodies.push(SoftBody {
        name: "布".into(),
        material: 0,
        anchors: vec![SoftBodyAnchor {
            rigid_body: 1,
            vertex: 0,
            near_mode: false,
        }],
        pins: vec![2],
        ..SoftBody::default()
    });
    assert!(!has(&m, "E-INDEX-RANGE", ElementRef::SoftBody(0)));
    m.soft_bodies[0].anchors[0].rigid_body = 9;
    let p = find(&m, "E-INDEX-RANGE", ElementRef::SoftBody(0));
    assert!(p.message.contains("anchor rigid body"));
}

#[test]
fn deform_order_parent_later() {
    let mut m = clean();
    // 中 (index 2) at layer 0, its child 先 stays at 0, but 上 (its parent) goes to 1.
    m.bones[1].layer = 1;
    let p = find(&m, "E-ORDER-PARENT", ElementRef::Bone(2));
    assert_eq!(p.related, vec![ElementRef::Bone(1)]);
    match &p.fix {
        // 中 has index 2 > 1, so layer 1 is enough; 先 (3) follows, IK (4) needs 1 too.
        Some(Fix::SetBoneLayer { bone, layer, .. }) => {
            assert_eq!((*bone, *layer), (2, 1));
        }
        f => panic!("unexpected fix {f:?}"),
    }
    // 付与 (5) appends 上 (one level, user value): fine in any order.
    assert!(!has(&m, "E-ORDER-APPEND", ElementRef::Bone(5)));
    fix_removes(&mut m, &p);
    assert!(
        !problems(&m).iter().any(|q| q.code.starts_with("E-ORDER")),
        "{:#?}",
        problems(&m)
    );
}

#[test]
fn deform_order_fix_uses_index_tie_break() {
    let mut m = clean();
    // A bone at index 0-side depending on a later bone: needs layer + 1.
    m.bones[0].parent = 5; // センター's parent is 付与 (index 5, layer 0)
    m.bones[5].parent = -1;
    m.bones[5].append = None;
    let p = find(&m, "E-ORDER-PARENT", ElementRef::Bone(0));
    match &p.fix {
        Some(Fix::SetBoneLayer {
            bone,
            layer,
            dependents,
        }) => {
            assert_eq!((*bone, *layer), (0, 1));
            // Everything below センター must follow it to layer 1.
            assert!(!dependents.is_empty());
        }
        f => panic!("unexpected fix {f:?}"),
    }
    fix_removes(&mut m, &p);
    assert!(!problems(&m).iter().any(|q| q.code.starts_with("E-ORDER")));
}

#[test]
fn deform_order_multi_append() {
    let mut m = clean();
    // 上 appends 付与 (which is an append bone and later in the order).
    m.bones[1].append = append_rotation(5, 1.0);
    m.bones[5].append = append_rotation(0, 0.5);
    let p = find(&m, "E-ORDER-APPEND", ElementRef::Bone(1));
    assert_eq!(p.related, vec![ElementRef::Bone(5)]);
    fix_removes(&mut m, &p);
}

#[test]
fn deform_order_ik_before_its_chain() {
    let mut m = clean();
    m.bones[2].layer = 1; // link 中 after the IK bone (layer 0)
    m.bones[3].layer = 1;
    let p = find(&m, "E-ORDER-IK", ElementRef::Bone(4));
    assert!(p.related.contains(&ElementRef::Bone(2)) || p.related.contains(&ElementRef::Bone(3)));
    match &p.fix {
        Some(Fix::SetBoneLayer { bone, layer, .. }) => assert_eq!((*bone, *layer), (4, 1)),
        f => panic!("unexpected fix {f:?}"),
    }
    fix_removes(&mut m, &p);
}

#[test]
fn ik_chain_not_ancestors() {
    let mut m = clean();
    // Link 1 = 付与, which is not an ancestor of 中.
    m.bones[4].ik.as_mut().unwrap().links[1].bone = 5;
    let p = find(&m, "E-IK-CHAIN", ElementRef::Bone(4));
    assert!(p.related.contains(&ElementRef::Bone(5)));
    assert_eq!(p.severity, Severity::Error);
}

#[test]
fn ik_without_links_loops_or_target() {
    let mut m = clean();
    {
        let ik = m.bones[4].ik.as_mut().unwrap();
        ik.links.clear();
        ik.loop_count = 0;
        ik.target = -1;
    }
    find(&m, "W-IK-NO-LINKS", ElementRef::Bone(4));
    find(&m, "W-IK-LOOP-ZERO", ElementRef::Bone(4));
    find(&m, "E-IK-TARGET-NONE", ElementRef::Bone(4));
}

#[test]
fn append_cycle() {
    let mut m = clean();
    m.bones[1].append = append_rotation(5, 1.0);
    let p = find(&m, "E-APPEND-CYCLE", ElementRef::Bone(1));
    assert_eq!(p.related, vec![ElementRef::Bone(5)]);
    assert!(p.message.contains("上") && p.message.contains("付与"));
}

#[test]
fn parent_cycle() {
    let mut m = clean();
    m.bones[1].parent = 3;
    let p = find(&m, "E-PARENT-CYCLE", ElementRef::Bone(1));
    assert_eq!(p.related, vec![ElementRef::Bone(3), ElementRef::Bone(2)]);
}

#[test]
fn weights_not_summing_to_one() {
    let mut m = clean();
    m.vertices[2].weights = Weights::Bdef4 {
        bones: [1, 2, 3, -1],
        weights: [0.5, 0.5, 0.5, 0.0],
    };
    let p = find(&m, "W-WEIGHT-SUM", ElementRef::Vertex(2));
    assert_eq!(p.severity, Severity::Warning);
    fix_removes(&mut m, &p);
    match m.vertices[2].weights {
        Weights::Bdef4 { weights, .. } => {
            assert!((weights.iter().sum::<f32>() - 1.0).abs() < 1e-6);
            assert!((weights[0] - 1.0 / 3.0).abs() < 1e-6);
        }
        w => panic!("{w:?}"),
    }
    // Within tolerance: not reported.
    m.vertices[2].weights = Weights::Qdef {
        bones: [1, 2, -1, -1],
        weights: [0.5, 0.5005, 0.0, 0.0],
    };
    m.header.version = PmxVersion::V2_1;
    assert!(!has(&m, "W-WEIGHT-SUM", ElementRef::Vertex(2)));
}

#[test]
fn weight_on_bone_none() {
    let mut m = clean();
    m.vertices[1].weights = Weights::Bdef2 {
        bones: [1, -1],
        weight: 0.7,
    };
    let p = find(&m, "E-WEIGHT-NONE-BONE", ElementRef::Vertex(1));
    fix_removes(&mut m, &p);
    assert_eq!(m.vertices[1].weights.bone_weights().1[0], 1.0);

    m.vertices[2].weights = Weights::Bdef4 {
        bones: [1, -1, 3, -1],
        weights: [0.5, 0.25, 0.25, 0.0],
    };
    let p = find(&m, "E-WEIGHT-NONE-BONE", ElementRef::Vertex(2));
    fix_removes(&mut m, &p);

    m.vertices[0].weights = Weights::Bdef1 { bone: -1 };
    let p = find(&m, "E-WEIGHT-NONE-BONE", ElementRef::Vertex(0));
    assert!(p.fix.is_none(), "no bone to move BDEF1 to");

    m.vertices[2].weights = Weights::Bdef4 {
        bones: [1, 2, -1, -1],
        weights: [0.0; 4],
    };
    find(&m, "E-WEIGHT-ZERO", ElementRef::Vertex(2));
}

#[test]
fn sdef_degenerate_pointless_and_far_centre() {
    let mut m = clean();
    let sdef = |bones: [i32; 2], weight: f32, c: Vec3| Weights::Sdef {
        bones,
        weight,
        c,
        r0: c,
        r1: c,
    };
    // C at a bone's position, R0 = R1 = C: fine.
    m.vertices[3].weights = sdef([1, 2], 0.5, Vec3::new(0.0, 6.0, 0.0));
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));

    m.vertices[3].weights = sdef([2, 2], 0.5, Vec3::new(0.0, 6.0, 0.0));
    let p = find(&m, "W-SDEF-DEGENERATE", ElementRef::Vertex(3));
    fix_removes(&mut m, &p);
    assert_eq!(m.vertices[3].weights, Weights::Bdef1 { bone: 2 });

    m.vertices[3].weights = sdef([1, 2], 1.0, Vec3::new(0.0, 6.0, 0.0));
    let p = find(&m, "I-SDEF-POINTLESS", ElementRef::Vertex(3));
    assert_eq!(p.severity, Severity::Info);
    fix_removes(&mut m, &p);
    assert_eq!(m.vertices[3].weights, Weights::Bdef1 { bone: 1 });

    // Bones 上 (y 10) and 中 (y 6): segment length 4; C 5 units to the side.
    m.vertices[3].weights = sdef([1, 2], 0.5, Vec3::new(5.0, 8.0, 0.0));
    let p = find(&m, "W-SDEF-CENTER", ElementRef::Vertex(3));
    assert!(p.related.contains(&ElementRef::Bone(1)));
    m.vertices[3].weights = sdef([1, 2], 0.5, Vec3::new(3.0, 8.0, 0.0));
    assert!(!has(&m, "W-SDEF-CENTER", ElementRef::Vertex(3)));
}

#[test]
fn v21_features_in_v20_file() {
    type Make = Box<dyn Fn(&mut Model)>;
    let cases: Vec<(ElementRef, Make)> = vec![
        (
            ElementRef::Vertex(2),
            Box::new(|m: &mut Model| {
                m.vertices[2].weights = Weights::Qdef {
                    bones: [1, 2, 3, -1],
                    weights: [0.5, 0.25, 0.25, 0.0],
                }
            }),
        ),
        (
            ElementRef::Morph(2),
            Box::new(|m: &mut Model| {
                m.morphs.push(morph(
                    "フリップ",
                    MorphOffsets::Flip(vec![GroupOffset {
                        morph: 0,
                        ratio: 1.0,
                    }]),
                ))
            }),
        ),
        (
            ElementRef::Morph(2),
            Box::new(|m: &mut Model| {
                m.morphs.push(morph(
                    "衝撃",
                    MorphOffsets::Impulse(vec![ImpulseOffset {
                        rigid_body: 1,
                        local: false,
                        velocity: Vec3::Y,
                        torque: Vec3::ZERO,
                    }]),
                ))
            }),
        ),
        (
            ElementRef::Material(0),
            Box::new(|m: &mut Model| m.materials[0].flags = MaterialFlags(MaterialFlags::LINE)),
        ),
        (
            ElementRef::Joint(0),
            Box::new(|m: &mut Model| m.joints[0].kind = JointKind::Hinge),
        ),
        (
            ElementRef::SoftBody(0),
            Box::new(|m: &mut Model| {
                m.soft_bodies.push(SoftBody {
                    name: "布".into(),
                    material: 0,
                    ..SoftBody::default()
                })
            }),
        ),
    ];
    for (target, make) in cases {
        let mut m = clean();
        make(&mut m);
        let p = find(&m, "E-VERSION-21-FEATURE", target);
        assert_eq!(p.fix, Some(Fix::SetVersion21));
        fix_removes(&mut m, &p);
        assert_eq!(m.header.version, PmxVersion::V2_1);
    }
}

#[test]
fn missing_textures() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("tex")).unwrap();
    std::fs::write(dir.path().join("tex").join("Body.png"), b"x").unwrap();
    let ctx = CheckContext {
        model_dir: Some(dir.path().to_path_buf()),
    };
    let mut m = clean();
    m.textures = vec![
        "tex\\Body.png".into(),
        "tex/missing.png".into(),
        "TEX\\body.PNG".into(),
        "toon03.bmp".into(),
    ];
    m.materials[0].texture = 1;
    let p = check_model(&m, &ctx);
    let codes: Vec<(&str, ElementRef)> = p.iter().map(|p| (p.code, p.target)).collect();
    assert_eq!(
        codes,
        vec![
            ("W-TEXTURE-MISSING", ElementRef::Texture(1)),
            ("I-TEXTURE-CASE", ElementRef::Texture(2)),
            ("I-TEXTURE-DUP", ElementRef::Texture(2)),
        ]
    );
    assert_eq!(p[0].related, vec![ElementRef::Material(0)]);
    assert!(p[0].message.contains("tex/missing.png"));
}

#[test]
fn duplicate_names() {
    let mut m = clean();
    m.bones[5].name = "上".into();
    let p = find(&m, "W-DUP-BONE-NAME", ElementRef::Bone(5));
    assert_eq!(p.related, vec![ElementRef::Bone(1)]);
    fix_removes(&mut m, &p);
    assert_eq!(m.bones[5].name, "上_2");

    m.morphs[1].name = "あ".into();
    let p = find(&m, "W-DUP-MORPH-NAME", ElementRef::Morph(1));
    assert_eq!(p.related, vec![ElementRef::Morph(0)]);
    fix_removes(&mut m, &p);
}

#[test]
fn bad_axis_vectors() {
    let mut m = clean();
    m.bones[1].fixed_axis = Some(Vec3::new(0.0, 2.0, 0.0));
    let p = find(&m, "W-AXIS-NOT-UNIT", ElementRef::Bone(1));
    fix_removes(&mut m, &p);
    assert_eq!(m.bones[1].fixed_axis, Some(Vec3::Y));

    m.bones[1].fixed_axis = Some(Vec3::ZERO);
    let p = find(&m, "E-AXIS-DEGENERATE", ElementRef::Bone(1));
    assert!(p.fix.is_none());

    let mut m = clean();
    m.bones[2].local_axes = Some(LocalAxes {
        x: Vec3::X,
        z: Vec3::new(-2.0, 0.0, 0.0),
    });
    let all = problems(&m);
    assert!(all
        .iter()
        .any(|p| p.code == "E-AXIS-DEGENERATE" && p.message.contains("parallel")));
    assert!(all
        .iter()
        .any(|p| p.code == "W-AXIS-NOT-UNIT" && p.target == ElementRef::Bone(2)));
}

#[test]
fn problems_serialise_to_json() {
    let mut m = clean();
    m.bones[1].layer = 1;
    let p = find(&m, "E-ORDER-PARENT", ElementRef::Bone(2));
    let v = serde_json::to_value(&p).unwrap();
    assert_eq!(v["target"], serde_json::json!({"kind": "bone", "index": 2}));
    assert_eq!(v["severity"], "error");
    assert_eq!(v["fix"]["fix"], "set_bone_layer");
}

#[test]
fn missing_texture_no_material_uses() {
    let dir = tempfile::tempdir().unwrap();
    let ctx = CheckContext {
        model_dir: Some(dir.path().to_path_buf()),
    };
    let mut m = clean();
    m.textures = vec!["gone.png".into()];
    let p = check_model(&m, &ctx);
    assert_eq!(p.len(), 1, "{p:#?}");
    assert_eq!(
        (p[0].code, p[0].target),
        ("I-TEXTURE-MISSING-UNUSED", ElementRef::Texture(0))
    );
    m.materials[0].sphere_texture = 0;
    m.materials[0].sphere_mode = SphereMode::Multiply;
    let p = check_model(&m, &ctx);
    assert_eq!(
        (p[0].code, p[0].severity),
        ("W-TEXTURE-MISSING", Severity::Warning)
    );
}

#[test]
fn three_bones_with_one_name_get_distinct_new_names() {
    let mut m = clean();
    m.bones[4].name = "上".into();
    m.bones[5].name = "上".into();
    m.bones[3].name = "上_2".into(); // already taken: proposals must skip it
    let fixes: Vec<Fix> = problems(&m)
        .into_iter()
        .filter(|p| p.code == "W-DUP-BONE-NAME")
        .map(|p| p.fix.unwrap())
        .collect();
    assert_eq!(fixes.len(), 2);
    for f in &fixes {
        assert!(f.apply(&mut m, &mut hone::edit::History::new()));
    }
    assert_eq!(m.bones[4].name, "上_3");
    assert_eq!(m.bones[5].name, "上_4");
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));
}

/// `hone check` on built models written to disk: exit 0 for warnings only,
/// 1 with an error, JSON lists the problems with their fix.
#[test]
fn cli_exit_codes_on_built_models() {
    use std::process::Command;
    let exe = env!("CARGO_BIN_EXE_hone");
    let dir = tempfile::tempdir().unwrap();
    let opts = hone::pmx::write::WriteOptions::default();
    let run = |m: &Model, name: &str, json: bool| {
        let path = dir.path().join(name);
        hone::pmx::write::save(m, &path, &opts).unwrap();
        let mut c = Command::new(exe);
        // The summary line asserted below is the English one.
        c.args(["check", "--lang", "en"]);
        if json {
            c.arg("--json");
        }
        c.arg(&path).output().unwrap()
    };

    let out = run(&clean(), "clean.pmx", false);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("0 error(s), 0 warning(s)"));

    let mut warn = clean();
    warn.bones[5].name = "上".into();
    let out = run(&warn, "warn.pmx", true);
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["errors"], 0);
    assert_eq!(doc["warnings"], 1);
    let p = &doc["problems"][0];
    assert_eq!(p["code"], "W-DUP-BONE-NAME");
    assert_eq!(p["target"], serde_json::json!({"kind": "bone", "index": 5}));
    assert_eq!(p["fix"]["action"]["fix"], "rename");

    let mut err = clean();
    err.bones[1].layer = 1;
    let out = run(&err, "err.pmx", false);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("E-ORDER-PARENT") && text.contains("「中」"),
        "{text}"
    );
}

#[test]
fn fixes_go_through_the_undo_history() {
    use hone::edit::History;
    let mut m = clean();
    m.bones[1].layer = 1;
    joined_overlap(&mut m);
    let original = m.clone();
    let mut history = History::new();
    let mut applied = 0;
    for _ in 0..10 {
        let Some(p) = problems(&m).into_iter().find(|p| p.fix.is_some()) else {
            break;
        };
        let edit = p.fix.as_ref().unwrap().edit(&m).expect("an edit");
        assert!(edit.label_text().starts_with("Fix: "));
        history.apply(&mut m, edit).unwrap();
        assert!(!has(&m, p.code, p.target), "{} not fixed", p.code);
        applied += 1;
    }
    assert!(applied >= 2);
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));
    while history.undo(&mut m).is_some() {}
    assert_eq!(m, original);
}

#[test]
fn weights_outside_zero_to_one() {
    let mut m = clean();
    m.vertices[1].weights = Weights::Bdef2 {
        bones: [1, 2],
        weight: 1.25,
    };
    let p = find(&m, "W-WEIGHT-RANGE", ElementRef::Vertex(1));
    fix_removes(&mut m, &p);
    assert_eq!(m.vertices[1].weights.bone_weights().1[0], 1.0);

    m.vertices[2].weights = Weights::Bdef4 {
        bones: [1, 2, 3, -1],
        weights: [0.75, 0.5, -0.25, 0.0],
    };
    let p = find(&m, "W-WEIGHT-RANGE", ElementRef::Vertex(2));
    assert!(
        !has(&m, "W-WEIGHT-SUM", ElementRef::Vertex(2)),
        "reported once"
    );
    fix_removes(&mut m, &p);
    match m.vertices[2].weights {
        Weights::Bdef4 { weights, .. } => assert_eq!(weights, [0.6, 0.4, 0.0, 0.0]),
        w => panic!("{w:?}"),
    }
}

#[test]
fn group_morph_of_a_group_morph() {
    let mut m = clean();
    m.morphs.push(morph(
        "外",
        MorphOffsets::Group(vec![GroupOffset {
            morph: 1,
            ratio: 1.0,
        }]),
    ));
    let p = find(&m, "W-MORPH-GROUP-NESTED", ElementRef::Morph(2));
    assert_eq!(p.related, vec![ElementRef::Morph(1)]);
    // A group listing a plain morph (morph 1 → 0) is fine.
    assert!(!has(&m, "W-MORPH-GROUP-NESTED", ElementRef::Morph(1)));
}

#[test]
fn cli_fix_writes_a_fixed_model() {
    use std::process::Command;
    let exe = env!("CARGO_BIN_EXE_hone");
    let dir = tempfile::tempdir().unwrap();
    let mut m = clean();
    m.bones[1].layer = 1; // order errors
    joined_overlap(&mut m);
    m.vertices[2].weights = Weights::Bdef4 {
        bones: [1, 2, 3, -1],
        weights: [0.5, 0.5, 0.5, 0.0],
    };
    m.soft_bodies.push(SoftBody {
        name: "布".into(),
        material: 0,
        ..SoftBody::default()
    });
    m.header.version = PmxVersion::V2_1;
    let input = dir.path().join("in.pmx");
    hone::pmx::write::save(&m, &input, &Default::default()).unwrap();
    let output = dir.path().join("out.pmx");
    let out = Command::new(exe)
        .args(["check", "--lang", "en"])
        .arg(&input)
        .arg("--fix")
        .arg(&output)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("fixed: raise deform layer"), "{text}");
    let fixed = hone::pmx::load(&output).unwrap().model;
    assert!(problems(&fixed).is_empty(), "{:#?}", problems(&fixed));
    assert!(!problems(&m).is_empty());
}

#[test]
fn material_face_counts() {
    let mut m = clean();
    m.materials[0].face_index_count = 3;
    let p = find(&m, "W-FACE-UNUSED", ElementRef::Model);
    assert!(
        p.message.contains("3") && p.message.contains("6"),
        "{}",
        p.message
    );
    m.materials[0].face_index_count = 9;
    let p = find(&m, "E-INDEX-RANGE", ElementRef::Material(0));
    assert!(p.message.contains("0..9"), "{}", p.message);
    m.materials[0].face_index_count = 4;
    find(&m, "E-MATERIAL-FACE-COUNT", ElementRef::Material(0));
}
