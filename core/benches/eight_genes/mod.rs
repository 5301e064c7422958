//! Eight Genes side by side as one model, for the big-model benches
//! (`benches/interactive.rs`, `core/examples/big_frame_profile.rs`).

use glam::Vec3;
use hone_core::edit::History;
use hone_core::pmx::Model;
use hone_core::rig::merge::{merge, MergeOptions};
use hone_core::rig::transform::Transform;

/// Eight Genes side by side (12 units apart, far enough not to touch), merged one
/// at a time without name matching: every part keeps its own bones and bodies.
pub fn eight_genes(gene: &Model) -> Model {
    let mut model = gene.clone();
    let mut history = History::new();
    for k in 1..8 {
        let options = MergeOptions {
            match_names: false,
            share_bodies: false,
            transform: Transform {
                translate: Vec3::new(12.0 * k as f32, 0.0, 0.0),
                ..Transform::default()
            },
            part_name: format!("Gene{k}"),
            ..MergeOptions::default()
        };
        let (edit, _) = merge(&model, gene, &options).expect("Gene merges into itself");
        history.apply(&mut model, edit).expect("the merge applies");
    }
    model
}
