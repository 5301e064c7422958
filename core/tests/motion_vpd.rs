//! VPD pose files (core/src/motion/vpd.rs) and "apply pose as rest"
//! (core/src/rig/rest_pose.rs).

use glam::{Mat4, Quat, Vec3, Vec4};
use hone_core::deform::{pose_from_json, Deformer, Pose};
use hone_core::edit::History;
use hone_core::motion::vpd::{read_vpd, write_vpd, Vpd, VpdBone, VpdMorph};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::{euler_rotation, Model};
use hone_core::rig::rest_pose::apply_pose_as_rest;

fn gene() -> Option<(Model, Pose)> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    let dir = path.parent().unwrap().to_path_buf();
    let model = hone_core::pmx::load(&path).expect("Gene loads").model;
    let text = std::fs::read_to_string(dir.join("oracle/gene_a.pose.json")).unwrap();
    let pose = pose_from_json(&model, &text).unwrap().pose;
    Some((model, pose))
}

/// A VPD as another tool writes it, typed from the format description: comment lines
/// before the signature, tabs, CRLF, a morph block (MMM), a `Bone` index not starting
/// at 0 in order, and a bone name with a half-width katakana and full-width letters.
const HAND_WRITTEN: &[&str] = &[
    "// exported by a hand",
    "Vocaloid Pose Data file",
    "",
    "miku.osm;\t\t// 親ファイル名",
    "3;\t\t\t\t// 総ポーズボーン数",
    "",
    "Bone0{センター",
    "  0.000000,-2.000000,0.500000;\t\t\t\t// trans x,y,z",
    "  0.000000,0.000000,0.000000,1.000000;\t\t// Quaternion x,y,z,w",
    "}",
    "",
    "Bone1{左ひじ",
    "  0.000000,0.000000,0.000000;\t\t\t\t// trans x,y,z",
    "  0.000000,-0.500000,0.000000,0.866025;\t\t// Quaternion x,y,z,w",
    "}",
    "",
    "Bone2{右足ＩＫ",
    "\t-0.300000, 0.200000, 1.000000;",
    "  0.000000,0.000000,0.000000,0.000000;",
    "}",
    "",
    "Morph0{あ",
    "  0.750000;\t// weight",
    "}",
    "",
];

fn hand_written() -> String {
    HAND_WRITTEN.join("\r\n")
}

#[test]
fn a_hand_written_vpd_reads_correctly() {
    let text = hand_written();
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
    let (vpd, notes) = read_vpd(&bytes).expect("reads");
    assert_eq!(vpd.model_name, "miku");
    let names: Vec<&str> = vpd.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["センター", "左ひじ", "右足ＩＫ"]);
    assert_eq!(vpd.bones[0].translation, Vec3::new(0.0, -2.0, 0.5));
    assert_eq!(
        vpd.bones[1].rotation,
        Quat::from_xyzw(0.0, -0.5, 0.0, 0.866025)
    );
    assert_eq!(vpd.bones[2].translation, Vec3::new(-0.3, 0.2, 1.0));
    assert_eq!(
        vpd.bones[2].rotation,
        Quat::IDENTITY,
        "zero quaternion → identity"
    );
    assert_eq!(
        vpd.morphs,
        vec![VpdMorph {
            name: "あ".into(),
            weight: 0.75
        }]
    );
    assert!(
        notes.iter().any(|n| n.contains("zero quaternion")),
        "{notes:?}"
    );
    // Broken files fail with the line number.
    let broken = text.replace("0.000000,-0.500000,0.000000,0.866025;", "0.0,-0.5,0.0;");
    assert_ne!(broken, text);
    let err = read_vpd(&encoding_rs::SHIFT_JIS.encode(&broken).0).unwrap_err();
    assert!(err.to_string().contains("line 14"), "{err}");
    assert!(read_vpd(b"Vocaloid Motion Data 0002").is_err());
}

#[test]
fn a_vpd_written_by_hone_reads_back_equal() {
    let vpd = Vpd {
        model_name: "ジーン".into(),
        bones: vec![
            VpdBone {
                name: "左腕".into(),
                translation: Vec3::new(0.125, -1.5, 0.0),
                rotation: Quat::from_rotation_z(0.61).normalize(),
            },
            VpdBone {
                name: "右足ＩＫ".into(),
                translation: Vec3::new(-0.3, 0.2, 1.0),
                rotation: Quat::from_xyzw(0.1, -0.2, 0.3, 0.9).normalize(),
            },
        ],
        morphs: vec![VpdMorph {
            name: "笑顔(総".into(),
            weight: 0.8,
        }],
    };
    let (bytes, notes) = write_vpd(&vpd);
    assert!(notes.is_empty());
    let text = encoding_rs::SHIFT_JIS.decode(&bytes).0;
    assert!(
        text.starts_with("Vocaloid Pose Data file\r\n\r\nジーン.osm;"),
        "{text}"
    );
    assert!(
        text.contains("Bone1{右足ＩＫ\r\n  -0.300000,0.200000,1.000000;"),
        "{text}"
    );
    let (back, notes) = read_vpd(&bytes).unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(back.model_name, vpd.model_name);
    assert_eq!(back.bones.len(), 2);
    for (a, b) in vpd.bones.iter().zip(&back.bones) {
        assert_eq!(a.name, b.name);
        // Six decimals, as MMD writes them.
        assert!((a.translation - b.translation).abs().max_element() <= 5e-7);
        assert!((a.rotation.xyz() - b.rotation.xyz()).abs().max_element() <= 5e-7);
        assert!((a.rotation.w - b.rotation.w).abs() <= 5e-7);
    }
    assert_eq!(back.morphs, vpd.morphs);
    // Writing what was read gives the same bytes.
    assert_eq!(write_vpd(&back).0, bytes);
}

#[test]
fn genes_pose_round_trips_through_vpd() {
    let Some((model, pose)) = gene() else {
        return;
    };
    let vpd = Vpd::from_pose(&model, &pose);
    assert_eq!(vpd.bones.len(), 11);
    assert_eq!(vpd.morphs.len(), 3);
    let (back, notes) = read_vpd(&write_vpd(&vpd).0).unwrap();
    assert!(notes.is_empty());
    let (p2, unknown) = back.to_pose(&model);
    assert!(unknown.is_empty(), "{unknown:?}");
    for (a, b) in pose.bones.iter().zip(&p2.bones) {
        let (qa, qb) = (Vec4::from(a.rotation), Vec4::from(b.rotation));
        assert!((qa - qb).abs().max_element() < 1e-6, "{qa} vs {qb}");
        assert!((a.translation - b.translation).length() < 1e-6);
    }
    assert_eq!(pose.morphs, p2.morphs);
}

#[test]
fn apply_pose_as_rest_on_gene_equals_the_posed_model() {
    let Some((model, pose)) = gene() else {
        return;
    };
    let edit = apply_pose_as_rest(&model, &pose).unwrap();
    let before = write_pmx(&model, &WriteOptions::default()).unwrap();
    let mut rested = model.clone();
    let mut history = History::new();
    history.apply(&mut rested, edit).unwrap();

    // The old model under the pose (bones only; morph weights are not baked).
    let mut bones_only = pose.clone();
    bones_only.morphs.fill(0.0);
    let d = Deformer::new(&model);
    let mut posed = d.new_state();
    d.evaluate(&model, &bones_only, &mut posed);

    // The new model at rest, evaluated from scratch.
    let d2 = Deformer::new(&rested);
    let mut rest = d2.new_state();
    d2.evaluate(&rested, &Pose::new(&rested), &mut rest);
    let worst = posed
        .positions
        .iter()
        .zip(&rest.positions)
        .map(|(a, b)| a.distance(*b))
        .fold(0.0f32, f32::max);
    let moved = model
        .vertices
        .iter()
        .zip(&rested.vertices)
        .filter(|(a, b)| a.position.distance(b.position) > 1e-3)
        .count();
    eprintln!("apply as rest: {moved} vertices moved; new rest vs old posed worst {worst:.2e}");
    assert!(moved > 1000);
    assert!(worst < 1e-3);
    for (i, b) in rested.bones.iter().enumerate() {
        let p = posed.world[i].w_axis.truncate();
        assert!(b.position.distance(p) < 1e-3, "bone {}", b.name);
    }
    // Bodies sit where the posed bones carried them: world × rest⁻¹ × placement.
    let mut checked = 0;
    for (old, new) in model.rigid_bodies.iter().zip(&rested.rigid_bodies) {
        let Some(bone) = usize::try_from(old.bone)
            .ok()
            .filter(|&b| b < model.bones.len())
        else {
            continue;
        };
        let carried = posed.world[bone]
            * Mat4::from_translation(-model.bones[bone].position)
            * Mat4::from_rotation_translation(euler_rotation(old.rotation), old.position);
        let now = Mat4::from_rotation_translation(euler_rotation(new.rotation), new.position);
        assert!(carried.abs_diff_eq(now, 1e-3), "body {}", old.name);
        checked += 1;
    }
    assert!(checked > 50);
    history.undo(&mut rested);
    assert_eq!(
        write_pmx(&rested, &WriteOptions::default()).unwrap(),
        before
    );
}
