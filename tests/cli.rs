//! The `hone` binary: info (text and JSON), convert, and exit codes
//! (0 success, 1 file error with a message on stderr, 2 usage error).

use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::*;
use std::path::Path;
use std::process::{Command, Output};

fn hone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(args)
        .output()
        .expect("runs hone")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A small model with bones, a vertex, a morph and a rigid body, saved to `path`.
fn write_sample(path: &Path) -> Vec<u8> {
    let mut m = Model::default();
    m.info.name = "テスト".into();
    m.bones = vec![
        Bone {
            name: "センター".into(),
            ..Bone::default()
        },
        Bone {
            name: "右ひじ".into(),
            parent: 0,
            ..Bone::default()
        },
    ];
    m.vertices = vec![
        Vertex::default(),
        Vertex {
            weights: Weights::Bdef2 {
                bones: [0, 1],
                weight: 0.5,
            },
            ..Vertex::default()
        },
        Vertex::default(),
    ];
    m.faces = vec![[0, 1, 2]];
    m.materials = vec![Material {
        face_index_count: 3,
        ..Material::default()
    }];
    m.rigid_bodies = vec![RigidBody {
        name: "剛体".into(),
        mode: RigidMode::Dynamic,
        shape: RigidShape::Capsule,
        ..RigidBody::default()
    }];
    let bytes = write_pmx(&m, &WriteOptions::default()).unwrap();
    std::fs::write(path, &bytes).unwrap();
    bytes
}

#[test]
fn info_prints_a_table_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.pmx");
    write_sample(&path);
    let out = hone(&["info", s(&path)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("PMX 2.0 (UTF-16LE)"), "{text}");
    assert!(text.contains("テスト"));
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["bones", "2"]),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["BDEF2", "1"]),
        "{text}"
    );

    let out = hone(&["info", s(&path), "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "PMX");
    assert_eq!(v["version"], "2.0");
    assert_eq!(v["counts"]["vertices"], 3);
    assert_eq!(v["counts"]["bones"], 2);
    assert_eq!(v["weight_kinds"]["BDEF1"], 2);
    assert_eq!(v["rigid_body_modes"]["dynamic"], 1);
    assert_eq!(v["rigid_body_shapes"]["capsule"], 1);
    assert_eq!(v["index_sizes"]["vertex"], 1);
}

#[test]
fn info_on_shared_models() {
    let Some(dir) = hone_testkit::shared_models() else {
        return;
    };
    let gene = dir.join("gene/Gene.pmx");
    let out = hone(&["info", "--json", s(&gene)]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["counts"]["vertices"], 28_646);
    assert_eq!(v["counts"]["ik_bones"], 6);
    assert_eq!(v["weight_kinds"]["BDEF4"], 4916);
    assert_eq!(v["warnings"].as_array().unwrap().len(), 0);
    let mei = dir.join("mei/mei.pmd");
    let out = hone(&["info", "--json", s(&mei)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "PMD");
    assert_eq!(v["counts"]["rigid_bodies"], 31);
    // PMD converts to PMX and reads back with the same counts.
    let tmp = tempfile::tempdir().unwrap();
    let pmx = tmp.path().join("mei.pmx");
    let out = hone(&["convert", s(&mei), s(&pmx)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m = read_pmx(&std::fs::read(&pmx).unwrap()).unwrap().model;
    assert_eq!(m.rigid_bodies.len(), 31);
    assert_eq!(m.joints.len(), 20);
    assert_eq!(
        m.vertices.len() as u64,
        v["counts"]["vertices"].as_u64().unwrap()
    );
    let qdef = dir.join("generated_deform/qdef-twist-cylinder.pmx");
    let out = hone(&["info", s(&qdef)]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("warnings (1)") && text.contains("QDEF"),
        "{text}"
    );
}

#[test]
fn convert_changes_encoding_and_version() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pmx");
    let original = write_sample(&input);
    let output = dir.path().join("out.pmx");
    let out = hone(&[
        "convert",
        s(&input),
        s(&output),
        "--encoding",
        "utf8",
        "--pmx-version",
        "2.1",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let converted = read_pmx(&std::fs::read(&output).unwrap()).unwrap().model;
    assert_eq!(converted.header.encoding, TextEncoding::Utf8);
    assert_eq!(converted.header.version, PmxVersion::V2_1);
    let before = read_pmx(&original).unwrap().model;
    assert_eq!(converted.bones, before.bones);
    assert_eq!(converted.info, before.info);
    // Without options the bytes are kept as they were.
    let same = dir.path().join("same.pmx");
    assert_eq!(
        hone(&["convert", s(&input), s(&same)]).status.code(),
        Some(0)
    );
    assert_eq!(std::fs::read(&same).unwrap(), original);
}

#[test]
fn convert_to_2_0_upgrades_a_model_with_2_1_features_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut m = Model::default();
    m.header.version = PmxVersion::V2_1;
    m.joints = vec![Joint {
        name: "蝶番".into(),
        kind: JointKind::Hinge,
        ..Joint::default()
    }];
    let input = dir.path().join("in.pmx");
    std::fs::write(&input, write_pmx(&m, &WriteOptions::default()).unwrap()).unwrap();
    let output = dir.path().join("out.pmx");
    let out = hone(&[
        "convert",
        s(&input),
        s(&output),
        "--pmx-version",
        "2.0",
        "--lang",
        "en",
    ]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("蝶番") && err.contains("PMX 2.1"), "{err}");
    let back = read_pmx(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!(back.model.header.version, PmxVersion::V2_1);
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
}

#[test]
fn corrupt_file_exits_1_naming_the_section() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.pmx");
    let bytes = write_sample(&path);
    // Cut inside the rigid body (the last element before the joint count).
    std::fs::write(&path, &bytes[..bytes.len() - 6]).unwrap();
    for args in [
        vec!["info", s(&path)],
        vec!["convert", s(&path), "/tmp/hone-cli-never-written.pmx"],
    ] {
        let out = hone(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("rigid body 0 (剛体)") && err.contains("at byte 0x"),
            "{err}"
        );
        assert!(err.contains("bad.pmx"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(!Path::new("/tmp/hone-cli-never-written.pmx").exists());
    // A missing file is a file error too.
    let out = hone(&["info", s(&dir.path().join("missing.pmx"))]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.pmx"));
}

#[test]
fn bad_usage_exits_2() {
    for args in [
        vec!["info"],
        vec!["info", "a.pmx", "--frobnicate"],
        vec!["convert", "a.pmx"],
        vec!["convert", "a.pmx", "b.pmx", "--pmx-version", "3.0"],
        vec!["convert", "a.pmx", "b.pmx", "--encoding", "latin1"],
    ] {
        let out = hone(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The bundled sample has all six joint kinds and two soft bodies: `hone info` names
/// what the physics approximates and what it does not simulate, one line per kind of
/// note with how many elements it concerns and the first few of them.
#[test]
fn info_lists_physics_approximations_of_the_sample_rig() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/sample/hone-sample.pmx");
    let model = hone::pmx::load(&sample).unwrap().model;
    let out = hone(&["info", s(&sample)]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    // The four kinds PMX 2.1 added go to rapier; spring 6DOF and 6DOF follow Bullet.
    use hone::pmx::JointKind;
    let by_rapier = model
        .joints
        .iter()
        .filter(|j| !matches!(j.kind, JointKind::Spring6Dof | JointKind::SixDof))
        .count();
    assert!(by_rapier > 0);
    let rapier_line = format!("joints ({by_rapier}): approximated: solved by rapier");
    assert!(
        text.lines().filter(|l| l.contains(&rapier_line)).count() == 1,
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.contains(
            "soft bodies (1): not simulated: pressure and volume (PR, VC, VST) need a closed mesh"
        ) && l.contains("soft body 0 \"マント\"")),
        "{text}"
    );

    let out = hone(&["info", "--json", s(&sample)]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let notes: Vec<&str> = json["notes"]
        .as_array()
        .expect("notes array")
        .iter()
        .filter_map(|n| n.as_str())
        .collect();
    assert!(notes.iter().any(|n| n
        .starts_with("soft bodies (1): ignored, as in Bullet: pressure and volume")
        && n.contains("soft body 1 ")));
    // One line per kind: no label twice.
    let labels: Vec<&str> = notes
        .iter()
        .map(|n| n.split(" — ").next().unwrap())
        .collect();
    let mut unique = labels.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), labels.len(), "{notes:?}");
}

/// `hone simulate --trace` writes the reference layout (every K-th frame plus the last);
/// physics settings are options; a bad step is a usage error.
#[test]
fn simulate_writes_a_trace_with_the_chosen_physics_settings() {
    let dir = tempfile::tempdir().unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("resources/sample/hone-sample.pmx");
    let trace = dir.path().join("trace.json");
    let out = hone(&[
        "simulate",
        s(&sample),
        "--seconds",
        "0.5",
        "--trace",
        s(&trace),
        "--every",
        "10",
        "--step",
        "1/120",
        "--solver-iterations",
        "6",
    ]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&trace).unwrap()).unwrap();
    let frames: Vec<u64> = json["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["frame"].as_u64().unwrap())
        .collect();
    assert_eq!(frames, [0, 10, 20, 30]);
    let model = hone::pmx::load(&sample).unwrap().model;
    assert_eq!(json["bones"].as_array().unwrap().len(), model.bones.len());
    let last = &json["frames"][3];
    assert_eq!(last["bone"][0].as_array().unwrap().len(), 7);
    assert_eq!(
        last["body"].as_array().unwrap().len(),
        model.rigid_bodies.len()
    );
    assert_eq!(last["body_vel"][0].as_array().unwrap().len(), 6);

    let out = hone(&["simulate", s(&sample), "--step", "-1"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
