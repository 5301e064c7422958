//! Helpers of the rig tests (`mod rig_support;`): undo checks and the shared Gene model.
#![allow(dead_code)]

use hone_core::edit::{History, ModelEdit};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::Model;

/// The bytes a save writes (through the save rule: a 2.0 model given a 2.1 feature is 2.1).
pub fn bytes(m: &Model) -> Vec<u8> {
    let plan = hone_core::pmx::needs::plan_save(m, &WriteOptions::default()).expect("plan");
    write_pmx(m, &plan.options).expect("write")
}

/// Applies `edit` through a history, returns the edited model, and checks that the edit
/// changed the file, that undo restores identical bytes and that redo gives the edit again.
pub fn apply_and_undo(model: &Model, edit: ModelEdit) -> Model {
    let before = bytes(model);
    let mut m = model.clone();
    let mut h = History::new();
    h.apply(&mut m, edit).expect("edit applies");
    let edited = m.clone();
    assert_ne!(bytes(&edited), before, "the edit changed nothing");
    assert!(h.undo(&mut m).is_some());
    assert_eq!(bytes(&m), before, "undo did not restore identical bytes");
    assert!(h.redo(&mut m).is_some());
    assert_eq!(
        bytes(&m),
        bytes(&edited),
        "redo did not give the edit again"
    );
    edited
}

/// Gene.pmx from the shared models, or None (a recorded skip) when they are missing.
pub fn gene() -> Option<Model> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(hone_core::pmx::load(&path).expect("Gene loads").model)
}
