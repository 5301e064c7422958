//! `hone rig mirror`, `hone rig semistandard` and their `hone edit` script operations on
//! mei.pmd. Skips without the shared models.

use hone::edit::{ElementKind, History, ModelEdit};
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::Model;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(args)
        .output()
        .expect("runs hone")
}

fn mei_path() -> Option<PathBuf> {
    hone_testkit::shared_model("mei/mei.pmd")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn load(p: &Path) -> Model {
    hone::pmx::load(p).expect("output loads").model
}

fn ok(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn rig_mirror_recreates_deleted_right_hair_bodies() {
    let Some(mei) = mei_path() else { return };
    let dir = tempfile::tempdir().unwrap();
    let original = load(&mei);
    // mei without her right hair and ribbon joints and bodies.
    let mut m = original.clone();
    let mut h = History::new();
    let pick = |names: Vec<&str>| -> Vec<usize> {
        (0..names.len())
            .filter(|&i| {
                ["右髪", "右後ろ髪", "右リボン"]
                    .iter()
                    .any(|p| names[i].starts_with(p))
            })
            .collect()
    };
    let joints = pick(m.joints.iter().map(|j| j.name.as_str()).collect());
    h.apply(&mut m, ModelEdit::delete(ElementKind::Joint, joints))
        .unwrap();
    let bodies = pick(m.rigid_bodies.iter().map(|b| b.name.as_str()).collect());
    h.apply(&mut m, ModelEdit::delete(ElementKind::RigidBody, bodies))
        .unwrap();
    let stripped = dir.path().join("stripped.pmx");
    std::fs::write(&stripped, write_pmx(&m, &WriteOptions::default()).unwrap()).unwrap();

    let out = dir.path().join("mirrored.pmx");
    let text = ok(&hone(&[
        "rig",
        "mirror",
        s(&stripped),
        "-o",
        s(&out),
        "--from",
        "left",
    ]));
    assert!(
        text.contains("created: ") && text.contains("7 rigid bodies"),
        "{text}"
    );
    let r = load(&out);
    for name in ["右髪2", "右リボン1"] {
        let a = r.rigid_bodies.iter().find(|b| b.name == name).unwrap();
        let b = original
            .rigid_bodies
            .iter()
            .find(|b| b.name == name)
            .unwrap();
        assert!(a.position.distance(b.position) < 0.01, "{name}");
        assert_eq!((a.size, a.mass), (b.size, b.mass), "{name}");
    }

    // --select: only the ribbons; --skip weights keeps every vertex as it was.
    let out2 = dir.path().join("ribbons.pmx");
    ok(&hone(&[
        "rig",
        "mirror",
        s(&stripped),
        "-o",
        s(&out2),
        "--from",
        "left",
        "--select",
        "左リボン*",
        "--skip",
        "weights",
    ]));
    let r2 = load(&out2);
    assert!(r2.rigid_bodies.iter().any(|b| b.name == "右リボン2"));
    assert!(!r2.rigid_bodies.iter().any(|b| b.name == "右髪2"));
    assert_eq!(r2.vertices, m.vertices);

    // Usage errors exit 2, a selection naming nothing exits 1 and writes nothing.
    assert_eq!(
        hone(&[
            "rig",
            "mirror",
            s(&stripped),
            "-o",
            s(&out2),
            "--from",
            "up"
        ])
        .status
        .code(),
        Some(2)
    );
    let none = dir.path().join("none.pmx");
    let bad = hone(&[
        "rig",
        "mirror",
        s(&stripped),
        "-o",
        s(&none),
        "--from",
        "left",
        "--select",
        "無い*",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(!none.exists());
}

#[test]
fn rig_semistandard_adds_the_missing_bones() {
    let Some(mei) = mei_path() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ss.pmx");
    let text = ok(&hone(&["rig", "semistandard", s(&mei), "-o", s(&out)]));
    assert!(text.contains("added 20 bones"), "{text}");
    let r = load(&out);
    for name in [
        "操作中心",
        "腰",
        "腰キャンセル右",
        "左足IK親",
        "右足D",
        "左足先EX",
        "右肩C",
        "左親指０",
    ] {
        assert!(r.bone_index(name).is_some(), "{name}");
    }
    let only = dir.path().join("waist.pmx");
    let text = ok(&hone(&[
        "rig",
        "semistandard",
        s(&mei),
        "-o",
        s(&only),
        "--only",
        "腰,thumb0",
    ]));
    assert!(text.contains("added 5 bones"), "{text}");
    assert_eq!(load(&only).bones.len(), load(&mei).bones.len() + 5);
    let bad = hone(&[
        "rig",
        "semistandard",
        s(&mei),
        "-o",
        s(&only),
        "--only",
        "尻尾",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    let help =
        String::from_utf8_lossy(&hone(&["rig", "semistandard", "--help"]).stdout).to_string();
    assert!(help.contains("--only") && help.contains("足IK親"), "{help}");
    let help = String::from_utf8_lossy(&hone(&["rig", "mirror", "--help"]).stdout).to_string();
    assert!(
        help.contains("--from") && help.contains("--tolerance") && help.contains("--select"),
        "{help}"
    );
}

#[test]
fn edit_script_runs_mirror_and_semistandard_ops() {
    let Some(mei) = mei_path() else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("ops.json");
    std::fs::write(
        &script,
        r#"[{"op":"semistandard","only":["肩P"]},
            {"op":"mirror","from":"left","select":["左肩P","左肩C"],"skip":["weights"]},
            {"op":"mirror","from":"right","select":"右リボン*","tolerance":0.02}]"#,
    )
    .unwrap();
    let out = dir.path().join("out.pmx");
    ok(&hone(&[
        "edit",
        s(&mei),
        "--script",
        s(&script),
        "-o",
        s(&out),
    ]));
    let r = load(&out);
    assert!(r.bone_index("右肩P").is_some() && r.bone_index("左肩C").is_some());
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"[{"op":"mirror","from":"left","skip":["hair"]}]"#).unwrap();
    let failed = hone(&["edit", s(&mei), "--script", s(&bad), "-o", s(&out)]);
    assert_eq!(failed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&failed.stderr).contains("hair"));
}
