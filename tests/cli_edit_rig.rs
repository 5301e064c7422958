//! `hone edit` and `hone rig` as a user runs them: Gene's right-side hair deleted
//! and added back by a script, script errors, and a hair chain rebuilt on a
//! stripped Gene that `hone check` accepts.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[path = "../core/tests/support/right_hair.rs"]
mod right_hair;

fn hone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(args)
        .output()
        .expect("runs hone")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn gene() -> Option<PathBuf> {
    // Skips (recorded by the testkit) when the shared models are absent.
    hone_testkit::shared_model("gene/Gene.pmx")
}

/// Error count from `hone check`'s last line ("…: N error(s), …").
fn check_errors(path: &Path) -> usize {
    let out = hone(&["check", s(path), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["errors"].as_u64().unwrap() as usize
}

#[test]
fn edit_script_deletes_and_adds_back_gene_right_hair() {
    let Some(gene) = gene() else {
        return;
    };
    let model = hone::pmx::load(&gene).unwrap().model;
    let dir = tempfile::tempdir().unwrap();
    // Every right-side hair body and joint deleted, then added back from the file's
    // values (the script a user would write; core/tests/support/right_hair.rs).
    let ops = right_hair::right_hair_script(&model);
    let (bodies, _) = right_hair::right_hair(&model);
    let script = dir.path().join("hair.json");
    std::fs::write(&script, serde_json::to_string_pretty(&ops).unwrap()).unwrap();
    let out_path = dir.path().join("out.pmx");
    let out = hone(&["edit", s(&gene), "--script", s(&script), "-o", s(&out_path)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(&format!("rigid bodies 87 → {}", 87 - bodies.len())),
        "{}",
        text(&out.stdout)
    );
    // `hone info` sees the same model, and the bytes equal a plain round trip.
    let info = |p: &Path| text(&hone(&["info", s(p), "--json"]).stdout);
    let a = info(&gene).replace(s(&gene), "M");
    let b = info(&out_path).replace(s(&out_path), "M");
    assert_eq!(a, b);
    let round = dir.path().join("round.pmx");
    assert!(hone(&["convert", s(&gene), s(&round)]).status.success());
    assert_eq!(
        std::fs::read(&round).unwrap(),
        std::fs::read(&out_path).unwrap()
    );
}

#[test]
fn script_errors_exit_1_with_the_operation_index_and_write_nothing() {
    let Some(gene) = gene() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for (script, needle) in [
        (
            r#"[{"op":"delete","kind":"joint","select":"右横髪*"},
                {"op":"add","kind":"rigid_body","value":{"bone":"存在しない骨"}}]"#,
            "operation 1 (add): bad value for rigid body.bone: no bone named \"存在しない骨\"",
        ),
        (
            r#"[{"op":"set","kind":"rigid_body","select":"頭a","field":"weight","value":1}]"#,
            "operation 0 (set): rigid body has no field \"weight\" (fields: name",
        ),
    ] {
        let path = dir.path().join("bad.json");
        std::fs::write(&path, script).unwrap();
        let out_path = dir.path().join("never.pmx");
        let out = hone(&["edit", s(&gene), "--script", s(&path), "-o", s(&out_path)]);
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(needle), "{}", text(&out.stderr));
        assert!(!out_path.exists());
    }
    // --dry-run prints and writes nothing.
    let path = dir.path().join("ok.json");
    std::fs::write(
        &path,
        r#"[{"op":"delete","kind":"joint","select":"右横髪*"}]"#,
    )
    .unwrap();
    let out = hone(&["edit", s(&gene), "--script", s(&path), "--dry-run"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("dry run: #0 delete: Delete 12 joints (joints 92 → 80)"));
}

#[test]
fn rig_chain_rebuilds_stripped_gene_hair_without_new_errors() {
    let Some(gene) = gene() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let strip = dir.path().join("strip.json");
    std::fs::write(
        &strip,
        r#"[{"op":"delete","kind":"rigid_body","select":"*髪*","refs":"delete"}]"#,
    )
    .unwrap();
    let stripped = dir.path().join("stripped.pmx");
    let out = hone(&["edit", s(&gene), "--script", s(&strip), "-o", s(&stripped)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let chained = dir.path().join("chained.pmx");
    let out = hone(&[
        "rig",
        "chain",
        s(&stripped),
        "-o",
        s(&chained),
        "--bones",
        "後髪*_1",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("22 rigid bodies"),
        "{}",
        text(&out.stdout)
    );
    let before = check_errors(&stripped);
    let after = check_errors(&chained);
    assert!(
        after <= before,
        "hone check: {before} errors before, {after} after"
    );
    // mirror needs --from (a usage error, exit 2); both are tested in rig_mirror_cli.
    let out = hone(&["rig", "mirror", s(&gene), "-o", s(&chained)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--from"));
    // Unknown bones are an error naming them.
    let out = hone(&[
        "rig",
        "bodies",
        s(&gene),
        "-o",
        s(&chained),
        "--bones",
        "尻尾",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no bone named \"尻尾\""));
}
