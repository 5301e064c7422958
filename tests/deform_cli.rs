//! `hone pose` end to end: JSON shape, exit codes, warnings on stderr.

use std::process::Command;

fn hone() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hone"))
}

fn gene_dir() -> Option<std::path::PathBuf> {
    let gene = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(gene.parent().unwrap().to_path_buf())
}

#[test]
fn pose_prints_bones_and_vertices_matching_the_oracle() {
    let Some(dir) = gene_dir() else { return };
    let out = hone()
        .args(["pose"])
        .arg(dir.join("Gene.pmx"))
        .arg(dir.join("oracle/gene_a.pose.json"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let want: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("oracle/gene_a.expected.json")).unwrap(),
    )
    .unwrap();
    let (gb, wb) = (
        got["bones"].as_array().unwrap(),
        want["bones"].as_array().unwrap(),
    );
    assert_eq!(gb.len(), wb.len());
    for (g, w) in gb.iter().zip(wb) {
        assert_eq!(g["name"], w["name"]);
        let tol = w["tol"].as_f64().unwrap();
        let gw = g["world"].as_array().unwrap();
        assert_eq!(gw.len(), 16);
        for (a, b) in gw.iter().zip(w["world"].as_array().unwrap()) {
            assert!(
                (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() <= tol,
                "{}",
                g["name"]
            );
        }
    }
    let (gv, wv) = (
        got["vertices"].as_array().unwrap(),
        want["vertices"].as_array().unwrap(),
    );
    assert_eq!(gv.len(), wv.len());
    let vtol = want["vertex_tol"].as_f64().unwrap();
    for (a, b) in gv.iter().zip(wv) {
        for k in 0..3 {
            assert!((a[k].as_f64().unwrap() - b[k].as_f64().unwrap()).abs() <= vtol);
        }
    }
}

#[test]
fn pose_reports_unknown_names_and_bad_input() {
    let Some(dir) = gene_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let pose = tmp.path().join("p.json");
    std::fs::write(
        &pose,
        r#"{"bones":{"no such bone":{"rot":[0,0,0,1]}},"morphs":{"no such morph":1}}"#,
    )
    .unwrap();
    let out = hone()
        .arg("pose")
        .arg(dir.join("Gene.pmx"))
        .arg(&pose)
        .arg("--no-vertices")
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no such bone") && err.contains("no such morph"),
        "{err}"
    );
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(got.get("vertices").is_none());
    assert_eq!(got["bones"].as_array().unwrap().len(), 224);

    let out = hone()
        .arg("pose")
        .arg(dir.join("Gene.pmx"))
        .arg(&pose)
        .args(["--bench", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    // --bench prints only the mean time (a timing is not asserted: speed lives in benches).
    let bench: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&String> = bench.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["mean_us"]);
    assert!(bench["mean_us"].is_number());

    std::fs::write(&pose, r#"{"bones":{"センター":{"rot":[0,0,1]}}}"#).unwrap();
    let out = hone()
        .arg("pose")
        .arg(dir.join("Gene.pmx"))
        .arg(&pose)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a malformed pose is a run error"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("センター"));

    let out = hone().arg("pose").output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "missing arguments are a usage error"
    );
}
