//! Autosave and recovery: an edit reaches the recovery folder within the interval,
//! saving removes the copy, and `hone recover` lists and writes what a crash left.

use glam::Vec3;
use hone::app::autosave::Autosave;
use hone::app::document::Document;
use hone::app::State;
use hone::edit::ModelEdit;
use hone_core::recovery::{self, Meta, Slot};
use std::process::Command;
use std::time::Duration;

fn moved_bone_edit(state: &State) -> ModelEdit {
    let mut bone = state.doc().model().bones[1].clone();
    bone.position += Vec3::new(0.0, 0.5, 0.0);
    ModelEdit::set_bone(1, bone, "position")
}

#[test]
fn an_edit_is_copied_to_the_recovery_folder_and_the_copy_goes_when_saved() {
    let dir = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("rig.pmx");
    let model = hone::pmx::builder::sample_rig();
    hone::pmx::write::save(&model, &file, &Default::default()).unwrap();
    let mut state = State::new(Document::open(&file).unwrap(), None);
    *state.autosave_mut() = Autosave::with(Some(Slot::new(dir.path())), Duration::ZERO);

    state.tick();
    state.autosave_mut().flush();
    assert!(
        recovery::list(dir.path(), false).is_empty(),
        "nothing unsaved yet"
    );

    let edit = moved_bone_edit(&state);
    state.commands().edit(edit);
    state.apply_commands();
    state.tick();
    state.autosave_mut().flush();
    let found = recovery::list(dir.path(), false);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].meta.source.as_deref(), Some(file.as_path()));
    assert_eq!(found[0].meta.edits, 1);
    let copy = found[0].load().unwrap();
    assert_eq!(
        copy.bones[1].position,
        state.doc().model().bones[1].position
    );
    assert_ne!(copy.bones[1].position, model.bones[1].position);
    // This process runs: its copy is not offered to itself.
    assert!(recovery::list(dir.path(), true).is_empty());

    state.doc_mut().save_as(&file, &Default::default()).unwrap();
    state.tick();
    assert!(
        recovery::list(dir.path(), false).is_empty(),
        "saved: copy removed"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_copy_waits_for_the_interval_after_the_last_write() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = State::new(hone::app::sample_document(), None);
    *state.autosave_mut() = Autosave::with(Some(Slot::new(dir.path())), Duration::from_secs(3600));
    for _ in 0..2 {
        let edit = moved_bone_edit(&state);
        state.commands().edit(edit);
        state.apply_commands();
        state.tick();
        state.autosave_mut().flush();
    }
    // The first edit is written at once; the second waits out the hour.
    assert_eq!(state.autosave().writes, 1);
    let copy = recovery::list(dir.path(), false)[0].load().unwrap();
    assert_ne!(
        copy.bones[1].position,
        state.doc().model().bones[1].position
    );
}

#[test]
fn hone_recover_lists_the_copies_a_crash_left_and_writes_one() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    let mut model = hone::pmx::builder::sample_rig();
    model.bones[1].name = "復元テスト".into();
    let meta = Meta {
        source: Some("/models/mine/rig.pmx".into()),
        display_name: "rig.pmx".into(),
        saved_at: recovery::now() - 120,
        edits: 7,
        // No such process: it crashed.
        pid: u32::MAX,
    };
    Slot::new(dir.path()).write(&model, &meta).unwrap();
    let hone = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_hone"))
            .args(args)
            .args(["--lang", "en"])
            .env("HONE_RECOVERY_DIR", dir.path())
            .output()
            .unwrap()
    };
    let list = hone(&["recover", "--list"]);
    assert!(list.status.success());
    let text = String::from_utf8(list.stdout).unwrap();
    assert!(text.contains("  1  /models/mine/rig.pmx"), "{text}");
    assert!(text.contains("7 edits"), "{text}");

    let out = out_dir.path().join("back.pmx");
    let write = hone(&["recover", "1", "-o", out.to_str().unwrap()]);
    assert!(
        write.status.success(),
        "{}",
        String::from_utf8_lossy(&write.stderr)
    );
    let back = hone::pmx::load(&out).unwrap().model;
    assert_eq!(back.bones[1].name, "復元テスト");
    assert_eq!(back.bones.len(), model.bones.len());

    let missing = hone(&["recover", "2", "-o", out.to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no copy 2"));
}
