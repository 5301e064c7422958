//! `hone weights` and the VPD / rest-pose options of `hone pose`, end to end.

use std::path::Path;
use std::process::Command;

fn hone() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hone"))
}

fn gene_dir() -> Option<std::path::PathBuf> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(path.parent()?.to_path_buf())
}

/// Runs hone, asserts success, returns stdout.
fn run_ok<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Vec<u8> {
    let out = hone().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn run_json(args: &[&std::ffi::OsStr]) -> serde_json::Value {
    serde_json::from_slice(&run_ok(args)).unwrap()
}

#[test]
fn weights_prints_a_bones_vertices() {
    let Some(dir) = gene_dir() else { return };
    let file = dir.join("Gene.pmx");
    let got = run_json(&[
        "weights".as_ref(),
        file.as_os_str(),
        "--bone".as_ref(),
        "左ひじ".as_ref(),
        "--json".as_ref(),
    ]);
    let model = hone::pmx::load(&file).unwrap().model;
    let bone = model.bone_index("左ひじ").unwrap() as i32;
    // Expected from the raw slots, summed per vertex.
    let want: Vec<(usize, f32)> = model
        .vertices
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let (b, w, n) = v.weights.bone_weights();
            let s: f32 = (0..n).filter(|&k| b[k] == bone).map(|k| w[k]).sum();
            (s != 0.0).then_some((i, s))
        })
        .collect();
    assert_eq!(got["bone"], "左ひじ");
    assert_eq!(got["index"], bone);
    let rows = got["vertices"].as_array().unwrap();
    assert_eq!(rows.len(), want.len());
    assert!(rows.len() > 100);
    for (r, (i, w)) in rows.iter().zip(&want) {
        assert_eq!(r["vertex"].as_u64().unwrap() as usize, *i);
        assert!((r["weight"].as_f64().unwrap() as f32 - w).abs() < 1e-6);
    }
    let out = hone()
        .args([
            "weights".as_ref(),
            file.as_os_str(),
            "--bone".as_ref(),
            "無い".as_ref(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("無い"));
}

fn vertices(v: &serde_json::Value) -> Vec<[f64; 3]> {
    v["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| [0, 1, 2].map(|k| p[k].as_f64().unwrap()))
        .collect()
}

fn worst(a: &[[f64; 3]], b: &[[f64; 3]]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(p, q)| (0..3).map(|k| (p[k] - q[k]).abs()).fold(0.0, f64::max))
        .fold(0.0, f64::max)
}

#[test]
fn pose_writes_and_reads_vpd_and_applies_a_pose_as_rest() {
    let Some(dir) = gene_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let model = dir.join("Gene.pmx");
    // gene_a without its morphs (apply-as-rest bakes bones only).
    let mut json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("oracle/gene_a.pose.json")).unwrap(),
    )
    .unwrap();
    json.as_object_mut().unwrap().remove("morphs");
    let pose = tmp.path().join("a.json");
    std::fs::write(&pose, json.to_string()).unwrap();
    let vpd = tmp.path().join("a.vpd");
    let p = |p: &Path| p.as_os_str().to_owned();

    run_ok(&[
        "pose".into(),
        p(&model),
        p(&pose),
        "--write-vpd".into(),
        p(&vpd),
    ]);
    let text = encoding_rs::SHIFT_JIS
        .decode(&std::fs::read(&vpd).unwrap())
        .0
        .into_owned();
    assert!(text.starts_with("Vocaloid Pose Data file\r\n"));
    assert!(text.contains("11;"), "{text}");

    let by_json = run_json(&["pose".as_ref(), model.as_os_str(), pose.as_os_str()]);
    let by_vpd = run_json(&[
        "pose".as_ref(),
        model.as_os_str(),
        "--vpd".as_ref(),
        vpd.as_os_str(),
    ]);
    let d = worst(&vertices(&by_json), &vertices(&by_vpd));
    eprintln!("pose from VPD vs JSON: worst vertex difference {d:.2e}");
    assert!(d < 1e-4);

    let rested = tmp.path().join("rest.pmx");
    run_ok(&[
        "pose".into(),
        p(&model),
        p(&pose),
        "--apply-as-rest".into(),
        p(&rested),
    ]);
    let at_rest = run_json(&["pose".as_ref(), rested.as_os_str()]);
    let d = worst(&vertices(&by_json), &vertices(&at_rest));
    eprintln!("apply as rest, then pose at rest vs old model posed: worst {d:.2e}");
    assert!(d < 1e-3);
}
