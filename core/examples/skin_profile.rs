//! Skinning alone, serial, for instruction counts and a wall-clock minimum on a
//! busy machine: `valgrind --tool=callgrind target/release/examples/skin_profile [CALLS] [positions]`
//! (Gene posed with gene_r7 from the shared models, 2000 calls unless told).
//! Prints the fastest and the median call.

use hone_core::deform::{pose_from_json, Deformer};
use std::time::Instant;

fn main() {
    let Some(dir) = hone_testkit::shared_models_dir().map(|d| d.join("gene")) else {
        eprintln!("shared models not available: nothing to measure");
        return;
    };
    let model = hone_core::pmx::load(dir.join("Gene.pmx"))
        .expect("Gene.pmx")
        .model;
    let text = std::fs::read_to_string(dir.join("oracle/gene_r7.pose.json")).expect("pose");
    let pose = pose_from_json(&model, &text).expect("pose").pose;
    let calls: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mut deformer = Deformer::new(&model);
    deformer.parallel = false;
    // `positions`: skip the normals (as headless simulation does).
    deformer.normals = std::env::args().nth(2).as_deref() != Some("positions");
    let mut state = deformer.new_state();
    deformer.evaluate(&model, &pose, &mut state);
    let mut times: Vec<f64> = (0..calls)
        .map(|_| {
            let start = Instant::now();
            deformer.skin(&mut state);
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let per_vertex = |us: f64| us * 1e3 / model.vertices.len() as f64;
    let (min, median) = (times[0], times[calls / 2]);
    println!(
        "skin serial, {} vertices, {calls} calls: min {min:.1} µs ({:.2} ns/vertex), median {median:.1} µs ({:.2} ns/vertex)",
        model.vertices.len(),
        per_vertex(min),
        per_vertex(median)
    );
}
