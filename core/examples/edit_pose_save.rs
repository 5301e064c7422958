//! The core without the GUI: load a model, edit it through the undo history,
//! pose it, save it.
//!
//! `cargo run --release -p hone-core --example edit_pose_save [IN.pmx] [OUT.pmx]`
//! (without IN the bundled sample rig, built in code; OUT defaults to
//! `edited.pmx` in the system's temp folder).

use std::path::PathBuf;

use glam::Quat;
use hone_core::deform::{BonePose, Deformer, Pose};
use hone_core::edit::{History, ModelEdit};
use hone_core::pmx::write::{save, WriteOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    let mut model = match args.next() {
        Some(path) => hone_core::pmx::load(PathBuf::from(path))?.model,
        None => hone_core::pmx::builder::sample_rig(),
    };
    let out = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("edited.pmx"));

    // Edits: every change goes through ModelEdit; the history can undo it.
    let mut history = History::new();
    let bone = model
        .bones
        .iter()
        .position(|b| b.parent >= 0)
        .ok_or("the model has no bone with a parent")?;
    let mut renamed = model.bones[bone].clone();
    renamed.name_en = format!("{} (edited)", renamed.name_en);
    let changes = history.apply(
        &mut model,
        ModelEdit::set_bone(bone, renamed, "English name"),
    )?;
    println!(
        "edited bone #{bone} {}: structural {}, {} field edit(s)",
        model.bones[bone].name,
        changes.is_structural(),
        changes.all_edits().len()
    );

    // Pose: turn that bone 30° about Z and evaluate bones and skinning.
    let deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut pose = Pose::new(&model);
    pose.bones[bone] = BonePose {
        rotation: Quat::from_rotation_z(30f32.to_radians()),
        ..Default::default()
    };
    deformer.evaluate(&model, &pose, &mut state);
    let moved = state
        .positions
        .iter()
        .zip(&model.vertices)
        .filter(|(posed, rest)| posed.distance(rest.position) > 1e-4)
        .count();
    println!(
        "posed: {moved} of {} vertices moved; bone head at {:?}",
        model.vertices.len(),
        state.world[bone].w_axis.truncate()
    );

    // Save (temp file + rename): the model as edited, in its rest pose.
    save(&model, &out, &WriteOptions::default())?;
    println!("saved {}", out.display());
    Ok(())
}
