//! The interactive bench's `big_model_frame` without criterion, for instruction
//! counts: eight Genes merged side by side (as `benches/interactive.rs` builds
//! them), physics on, rest pose, settled 30 frames, then FRAMES 60 Hz frames:
//! `valgrind --tool=callgrind target/release/examples/big_frame_profile [FRAMES] [serial]`.
//! Prints the mean and the fastest µs per stage at the end (on a busy machine
//! the fastest is the steadier figure).

use hone_core::deform::Pose;
use hone_core::physics::PhysicsConfig;
use hone_core::sim::{Simulation, STAGES};

#[path = "../benches/eight_genes/mod.rs"]
mod eight_genes;

fn main() {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        eprintln!("shared models not available: nothing to measure");
        return;
    };
    let gene = hone_core::pmx::load(path).expect("Gene.pmx").model;
    let model = eight_genes::eight_genes(&gene);
    let frames: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    // `serial`: skinning on this thread only (as frame_profile measures it).
    sim.deformer.parallel = std::env::args().nth(2).as_deref() != Some("serial");
    let pose = Pose::new(&model);
    for _ in 0..30 {
        sim.frame(&model, &pose, 1.0 / 60.0);
    }
    let mut sums = [0.0f64; STAGES.len()];
    let mut mins = [f64::INFINITY; STAGES.len() + 1];
    for _ in 0..frames {
        let times = sim.frame(&model, &pose, 1.0 / 60.0);
        for ((s, m), t) in sums.iter_mut().zip(&mut mins).zip(times.us) {
            *s += t;
            *m = m.min(t);
        }
        mins[STAGES.len()] = mins[STAGES.len()].min(times.total());
    }
    println!(
        "big model: {} vertices, {} bodies; mean and fastest µs per stage over {frames} frames:",
        model.vertices.len(),
        model.rigid_bodies.len()
    );
    for ((name, s), m) in STAGES.iter().zip(sums).zip(mins) {
        println!("  {name:22} {:8.1} {m:8.1}", s / frames as f64);
    }
    println!(
        "  {:22} {:8.1} {:8.1}",
        "total",
        sums.iter().sum::<f64>() / frames as f64,
        mins[STAGES.len()]
    );
}
