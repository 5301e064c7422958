//! `hone weights` and the VPD / rest-pose options of `hone pose`, end to end.

use hone::pmx::write::{save, WriteOptions};
use hone::pmx::{Model, MorphKind, MorphOffsets, WeightKind};
use hone::rig::weights::weight_of;
use std::collections::HashMap;
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

/// Offsets of vertex morph `morph` by vertex.
fn vertex_offsets(m: &Model, morph: usize) -> HashMap<i32, glam::Vec3> {
    match &m.morphs[morph].offsets {
        MorphOffsets::Vertex(v) => v.iter().map(|o| (o.vertex, o.offset)).collect(),
        o => panic!("not a vertex morph: {:?}", o.kind()),
    }
}

#[test]
fn edit_scripts_run_the_weight_morph_and_pose_operations() {
    let Some(dir) = gene_dir() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let file = dir.join("Gene.pmx");
    let gene = hone::pmx::load(&file).unwrap().model;
    let bone = |n: &str| gene.bone_index(n).unwrap() as i32;
    let (elbow, arm, r_elbow) = (bone("左ひじ"), bone("左腕"), bone("右ひじ"));
    let on = |b: i32| -> Vec<usize> {
        (0..gene.vertices.len())
            .filter(|&i| weight_of(&gene.vertices[i].weights, b) != 0.0)
            .collect()
    };
    let (left, right) = (on(elbow), on(r_elbow));
    assert!(!left.is_empty() && !right.is_empty());
    // あ applied to the mesh, saved: the source of a vertex morph.
    let a = gene.morph_index("あ").unwrap();
    let mut posed = gene.clone();
    for (v, o) in vertex_offsets(&gene, a) {
        posed.vertices[v as usize].position += o;
    }
    let posed_path = tmp.path().join("gene_a.pmx");
    save(&posed, &posed_path, &WriteOptions::default()).unwrap();
    let pose = dir.join("oracle/gene_a.pose.json");
    let script = serde_json::json!([
        {"op": "replace_bone", "from": "左ひじ", "to": "左腕", "vertices": {"bone": "左ひじ"}},
        {"op": "prune", "threshold": 0.3, "vertices": {"bone": "右ひじ"}},
        {"op": "limit", "max_bones": 1, "vertices": [right[0]]},
        {"op": "normalize"},
        {"op": "sdef_from_bdef2", "vertices": {"bone": "右ひじ"}},
        {"op": "morph_from_model", "file": posed_path, "name": "あ2", "panel": 3},
        {"op": "bone_morph_from_pose", "pose": pose, "name": "ポーズA"},
    ]);
    let script_path = tmp.path().join("ops.json");
    std::fs::write(&script_path, script.to_string()).unwrap();
    let out = tmp.path().join("out.pmx");
    let p = |p: &Path| p.as_os_str().to_owned();
    let report = run_ok(&[
        "edit".into(),
        p(&file),
        "--script".into(),
        p(&script_path),
        "-o".into(),
        p(&out),
    ]);
    eprintln!("{}", String::from_utf8_lossy(&report));
    let m = hone::pmx::load(&out).unwrap().model;

    // replace_bone: 左ひじ's weight now on 左腕, added to what 左腕 had.
    for &i in &left {
        let (old, new) = (&gene.vertices[i].weights, &m.vertices[i].weights);
        assert_eq!(weight_of(new, elbow), 0.0, "vertex {i}");
        let want = weight_of(old, arm) + weight_of(old, elbow);
        assert!((weight_of(new, arm) - want).abs() < 1e-5, "vertex {i}");
    }
    // prune, limit, normalize, sdef: no weight under 0.3 on the right elbow's
    // vertices; the limited vertex has one bone; every vertex sums to 1; BDEF2 ones
    // became SDEF.
    for &i in &right {
        let (bones, weights, n) = m.vertices[i].weights.bone_weights();
        let kept: Vec<f32> = (0..n)
            .filter(|&k| bones[k] >= 0)
            .map(|k| weights[k])
            .collect();
        assert!(
            kept.iter().all(|&w| w == 0.0 || w >= 0.3),
            "vertex {i}: {kept:?}"
        );
        if matches!(gene.vertices[i].weights.kind(), WeightKind::Bdef2) && kept.len() == 2 {
            assert_eq!(m.vertices[i].weights.kind(), WeightKind::Sdef, "vertex {i}");
        }
    }
    let (_, w0, _) = m.vertices[right[0]].weights.bone_weights();
    assert_eq!(w0[0], 1.0, "limited to one bone");
    let worst_sum = m
        .vertices
        .iter()
        .map(|v| {
            let (_, w, n) = v.weights.bone_weights();
            (w[..n].iter().sum::<f32>() - 1.0).abs()
        })
        .fold(0.0f32, f32::max);
    assert!(worst_sum < 1e-5, "worst sum error {worst_sum}");
    // The two morphs: あ2 equals あ (zero offsets dropped), ポーズA is a bone morph.
    assert_eq!(m.morphs.len(), gene.morphs.len() + 2);
    let want: HashMap<i32, glam::Vec3> = vertex_offsets(&gene, a)
        .into_iter()
        .filter(|(_, o)| *o != glam::Vec3::ZERO)
        .collect();
    let got = vertex_offsets(&m, gene.morphs.len());
    assert_eq!(got.len(), want.len());
    assert!(want.iter().all(|(v, o)| (got[v] - *o).length() < 1e-5));
    let last = &m.morphs[gene.morphs.len() + 1];
    assert_eq!(
        (last.name.as_str(), last.kind()),
        ("ポーズA", MorphKind::Bone)
    );
    assert!(!last.offsets.is_empty());

    // A bad operation: exit 1 naming its index, no output written.
    let bad = serde_json::json!([
        {"op": "normalize"},
        {"op": "limit", "max_bones": 7, "vertices": {"bone": "左ひじ"}},
    ]);
    std::fs::write(&script_path, bad.to_string()).unwrap();
    let out2 = tmp.path().join("out2.pmx");
    let run = hone()
        .arg("edit")
        .args([
            p(&file),
            "--script".into(),
            p(&script_path),
            "-o".into(),
            p(&out2),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(err.contains("operation 1 (limit)"), "{err}");
    assert!(!out2.exists());
}
