//! Gene posed against the oracle poses in `shared/models/gene/oracle/`
//! (babylon-mmd 1.3.0, physics off, cross-checked with a second runtime).
//!
//! Every bone's world matrix must be within that bone's `tol` (largest
//! absolute element difference) and every skinned vertex within
//! `vertex_tol` (largest absolute coordinate difference).
//!
//! Where the oracle and the spec part ways:
//! - gene_rest, 前クローク2_2錘: its deform layer puts it before its parent
//!   前クローク2_2, so it reads its parent's matrix before the parent is
//!   computed. The spec says such a child does not deform correctly
//!   (子→親の順序では正しく変形しない) and that every bone's state is
//!   initialised first (変形パラメータの適用順序 0.). We initialise every bone
//!   to its rest matrix; the oracle's rest frame evidently read an identity
//!   parent (it is off from us by exactly the parent's rest translation,
//!   15.48), while in gene_a and gene_r7 it agrees with us within 2e-5. The
//!   two reference runtimes disagree there by 31 units (its tol), so we take
//!   the spec's reading.

use hone_core::deform::{pose_from_json, Deformer};
use serde_json::Value;
use std::path::PathBuf;

fn gene() -> Option<(PathBuf, hone_core::pmx::Model)> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    match hone_core::pmx::load(&path) {
        Ok(l) => Some((path.with_file_name("oracle"), l.model)),
        Err(e) => panic!("Gene.pmx failed to load: {e}"),
    }
}

#[derive(Default, Debug)]
struct Worst {
    name: String,
    err: f32,
    tol: f32,
}

#[test]
fn gene_matches_the_oracle_poses() {
    let Some((oracle, model)) = gene() else {
        return;
    };
    let deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&oracle)
        .expect("oracle dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".pose.json"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no oracle poses in {}", oracle.display());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".pose.json", "");
        let pose_text = std::fs::read_to_string(case).unwrap();
        let parsed = pose_from_json(&model, &pose_text).expect("pose parses");
        assert!(parsed.warnings.is_empty(), "{name}: {:?}", parsed.warnings);
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(oracle.join(format!("{name}.expected.json"))).unwrap(),
        )
        .unwrap();
        deformer.evaluate(&model, &parsed.pose, &mut state);

        let bones = expected["bones"].as_array().unwrap();
        assert_eq!(bones.len(), model.bones.len());
        let mut worst = Worst::default();
        let mut worst_ratio = Worst::default();
        let mut bad_bones = 0;
        for (i, b) in bones.iter().enumerate() {
            let bname = b["name"].as_str().unwrap();
            assert_eq!(bname, model.bones[i].name);
            let tol = b["tol"].as_f64().unwrap() as f32;
            let want: Vec<f32> = b["world"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
                .collect();
            let got = state.world[i].to_cols_array();
            let err = got
                .iter()
                .zip(&want)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0f32, f32::max);
            if err > worst.err {
                worst = Worst {
                    name: bname.into(),
                    err,
                    tol,
                };
            }
            if err / tol > worst_ratio.err / worst_ratio.tol.max(1e-9) {
                worst_ratio = Worst {
                    name: bname.into(),
                    err,
                    tol,
                };
            }
            if err > tol {
                bad_bones += 1;
                failures.push(format!(
                    "{name}: bone {i} {bname}: error {err:.5} > tol {tol:.5}"
                ));
            }
        }
        let vtol = expected["vertex_tol"].as_f64().unwrap() as f32;
        let verts = expected["vertices"].as_array().unwrap();
        assert_eq!(verts.len(), state.positions.len());
        let (mut vworst, mut vworst_i, mut bad_verts) = (0.0f32, 0usize, 0usize);
        for (i, v) in verts.iter().enumerate() {
            let v = v.as_array().unwrap();
            let p = state.positions[i];
            let err = [p.x, p.y, p.z]
                .iter()
                .zip(v)
                .map(|(a, b)| (a - b.as_f64().unwrap() as f32).abs())
                .fold(0.0f32, f32::max);
            if err > vworst {
                vworst = err;
                vworst_i = i;
            }
            if err > vtol {
                bad_verts += 1;
            }
        }
        if bad_verts > 0 {
            failures.push(format!(
                "{name}: {bad_verts} vertices beyond {vtol}; worst #{vworst_i} {vworst:.5}"
            ));
        }
        eprintln!(
            "{name}: worst bone {} err {:.6} (tol {:.6}); worst err/tol {} {:.6}/{:.6}; {bad_bones} bones over; worst vertex #{vworst_i} err {vworst:.6} (tol {vtol}); {bad_verts} vertices over",
            worst.name, worst.err, worst.tol, worst_ratio.name, worst_ratio.err, worst_ratio.tol
        );
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
