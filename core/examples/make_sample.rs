//! Writes the bundled sample rig and its texture:
//! `cargo run --release --example make_sample [OUT_DIR]`
//! (default `resources/sample/` in the crate). The files are committed; a
//! test checks that regenerating gives exactly the same bytes.

use std::path::PathBuf;

use hone_core::pmx::builder::{sample_rig, sample_texture, SAMPLE_TEXTURE};
use hone_core::pmx::write::{save, WriteOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../resources/sample"));
    std::fs::create_dir_all(&dir)?;
    let model = sample_rig();
    let pmx = dir.join("hone-sample.pmx");
    save(&model, &pmx, &WriteOptions::default())?;
    let texture = dir.join(SAMPLE_TEXTURE);
    sample_texture().save(&texture)?;
    println!(
        "wrote {} ({} vertices, {} bones, {} morphs, {} rigid bodies, {} joints, {} soft bodies) and {}",
        pmx.display(),
        model.vertices.len(),
        model.bones.len(),
        model.morphs.len(),
        model.rigid_bodies.len(),
        model.joints.len(),
        model.soft_bodies.len(),
        texture.display()
    );
    Ok(())
}
