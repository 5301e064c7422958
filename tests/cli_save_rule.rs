//! The one save rule from every `hone` command that writes a PMX file: a model holding PMX 2.1
//! data is written declaring 2.1 (said on stderr), never 2.0; a write that fails keeps the old
//! file and leaves no temp file.

use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::*;
use std::path::Path;
use std::process::{Command, Output};

fn hone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(args)
        .args(["--lang", "en"])
        .output()
        .expect("runs hone")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Two bones, a body on each and a spring-6DOF joint between them: valid PMX 2.0.
fn model_2_0() -> Model {
    let mut m = Model::default();
    m.header.version = PmxVersion::V2_0;
    m.bones = vec![
        Bone {
            name: "センター".into(),
            ..Bone::default()
        },
        Bone {
            name: "髪1".into(),
            parent: 0,
            position: glam::Vec3::new(0.0, 1.0, 0.0),
            ..Bone::default()
        },
    ];
    m.rigid_bodies = vec![
        RigidBody {
            name: "センター".into(),
            bone: 0,
            ..RigidBody::default()
        },
        RigidBody {
            name: "髪1".into(),
            bone: 1,
            mode: RigidMode::Dynamic,
            ..RigidBody::default()
        },
    ];
    m.joints = vec![Joint {
        name: "髪ジョイント".into(),
        body_a: 0,
        body_b: 1,
        ..Joint::default()
    }];
    m
}

/// The file some tools write: a 2.0 header over a hinge joint (Hone's writer refuses to).
fn write_2_0_file_with_a_hinge(path: &Path) {
    let mut m = model_2_0();
    m.header.version = PmxVersion::V2_1;
    m.joints[0].kind = JointKind::Hinge;
    let mut bytes = write_pmx(&m, &WriteOptions::default()).unwrap();
    bytes[4..8].copy_from_slice(&2.0f32.to_le_bytes());
    // 2.0 has no soft-body section: drop its (zero) count.
    bytes.truncate(bytes.len() - 4);
    std::fs::write(path, bytes).unwrap();
    let read = read_pmx(&std::fs::read(path).unwrap()).unwrap().model;
    assert_eq!(read.header.version, PmxVersion::V2_0);
}

/// Runs a writing command and checks OUT declares 2.1, reads clean, and stderr said so.
fn assert_written_as_2_1(out: Output, path: &Path) -> Model {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("saved as PMX 2.1 instead of 2.0") && err.contains("hinge"),
        "{err}"
    );
    let back = read_pmx(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(back.model.header.version, PmxVersion::V2_1);
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    back.model
}

#[test]
fn edit_script_setting_a_hinge_on_a_2_0_file_writes_2_1() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pmx");
    std::fs::write(
        &input,
        write_pmx(&model_2_0(), &WriteOptions::default()).unwrap(),
    )
    .unwrap();
    let script = dir.path().join("hinge.json");
    std::fs::write(
        &script,
        r#"[{"op":"set","kind":"joint","select":0,"field":"kind","value":"hinge"}]"#,
    )
    .unwrap();
    let output = dir.path().join("out.pmx");
    let out = hone(&["edit", s(&input), "--script", s(&script), "-o", s(&output)]);
    let back = assert_written_as_2_1(out, &output);
    assert_eq!(back.joints[0].kind, JointKind::Hinge);

    // A script that adds no 2.1 feature keeps 2.0 and says nothing about versions.
    std::fs::write(
        &script,
        r#"[{"op":"set","kind":"rigid_body","select":1,"field":"mass","value":2.0}]"#,
    )
    .unwrap();
    let out = hone(&["edit", s(&input), "--script", s(&script), "-o", s(&output)]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("2.1"));
    let back = read_pmx(&std::fs::read(&output).unwrap()).unwrap().model;
    assert_eq!(back.header.version, PmxVersion::V2_0);
    assert_eq!(back.rigid_bodies[1].mass, 2.0);
}

#[test]
fn convert_writes_a_2_0_file_holding_a_hinge_as_2_1() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pmx");
    write_2_0_file_with_a_hinge(&input);
    let output = dir.path().join("out.pmx");
    assert_written_as_2_1(hone(&["convert", s(&input), s(&output)]), &output);
}

#[test]
fn rig_writes_a_2_0_file_holding_a_hinge_as_2_1() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pmx");
    write_2_0_file_with_a_hinge(&input);
    let output = dir.path().join("out.pmx");
    let out = hone(&[
        "rig",
        "bodies",
        s(&input),
        "-o",
        s(&output),
        "--bones",
        "センター",
    ]);
    assert_written_as_2_1(out, &output);
}

#[test]
fn check_fix_writes_a_2_0_file_holding_a_hinge_as_2_1() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pmx");
    write_2_0_file_with_a_hinge(&input);
    let output = dir.path().join("out.pmx");
    let out = hone(&["check", s(&input), "--fix", s(&output)]);
    // The E-VERSION-21-FEATURE fix raises the version itself (so no upgrade is left for the
    // save rule to say); either way the file declares 2.1 and reads clean.
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let back = read_pmx(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!(back.model.header.version, PmxVersion::V2_1, "{err}");
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
}

#[test]
fn a_write_past_the_file_size_limit_keeps_the_old_file_and_no_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut big = model_2_0();
    big.vertices = vec![Vertex::default(); 20_000];
    let input = dir.path().join("big.pmx");
    std::fs::write(&input, write_pmx(&big, &WriteOptions::default()).unwrap()).unwrap();
    let output = dir.path().join("out.pmx");
    std::fs::write(&output, b"old bytes").unwrap();
    // ulimit -f counts 512-byte blocks here (dash and bash): 64 blocks = 32 KiB.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 64 && exec '{}' convert '{}' '{}' --lang en",
            env!("CARGO_BIN_EXE_hone"),
            s(&input),
            s(&output)
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("out.pmx"), "{err}");
    assert_eq!(std::fs::read(&output).unwrap(), b"old bytes");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.contains(".tmp-")),
        "temp file left: {names:?}"
    );
}

#[test]
fn convert_goes_pmx_to_csv_and_back_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pmx");
    let bytes = write_pmx(&model_2_0(), &WriteOptions::default()).unwrap();
    std::fs::write(&input, &bytes).unwrap();
    let csv = dir.path().join("model.csv");
    let out = hone(&["convert", s(&input), s(&csv)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Shift-JIS as PMX Editor writes it: the bone name is not UTF-8 in the file.
    let text = std::fs::read(&csv).unwrap();
    assert!(std::str::from_utf8(&text).is_err());
    let back = dir.path().join("back.pmx");
    let out = hone(&["convert", s(&csv), s(&back)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&back).unwrap() == bytes);
}

#[test]
fn a_malformed_csv_names_line_and_column_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("bad.csv");
    std::fs::write(&csv, "Header,2,0,0\r\nBone,\"a\",\"\",zero\r\n").unwrap();
    let output = dir.path().join("out.pmx");
    let out = hone(&["convert", s(&csv), s(&output)]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("line 2, column"), "{err}");
    assert!(!output.exists());
}
