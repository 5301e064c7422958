//! The frame bench's work without criterion, for instruction counts:
//! `valgrind --tool=callgrind target/release/examples/frame_profile [FRAMES]`
//! (Gene + 02_laugh from the shared models, 600 frames at 60 Hz unless told, skinning on
//! one thread). Prints the mean µs per stage at the end.

use hone_core::physics::PhysicsConfig;
use hone_core::sim::Simulation;

#[path = "../benches/gene_laugh/mod.rs"]
mod gene_laugh;

fn main() {
    let Some(run) = gene_laugh::load() else {
        return;
    };
    let frames = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let mut sim = Simulation::new(&run.model, PhysicsConfig::default());
    sim.deformer.parallel = false;
    run.run_and_report("frame_profile", &mut sim, frames);
}
