//! Edits on a real model (Gene, 28k vertices): deletes remap without leaving
//! dangling references, and undo writes the same bytes. Skips without the shared models.

use hone_core::edit::remap;
use hone_core::edit::{ElementKind, History, ModelEdit};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::Model;

fn gene() -> Option<Model> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(hone_core::pmx::load(&path).expect("Gene.pmx loads").model)
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).expect("writes")
}

/// References to `kind` that are neither −1 nor a valid index.
fn dangling(model: &Model, kind: ElementKind) -> usize {
    let len = kind.len(model) as i32;
    let mut count = 0;
    let mut copy = model.clone();
    remap::map_refs(&mut copy, kind, |x| {
        if x != -1 && !(0..len).contains(&x) {
            count += 1;
        }
        x
    });
    count
}

#[test]
fn gene_deletes_remap_and_undo_writes_identical_bytes() {
    let Some(original) = gene() else { return };
    let original_bytes = bytes(&original);
    let mut model = original.clone();
    let mut history = History::new();

    let bone = |name: &str| {
        original
            .bone_index(name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    let upper = bone("上半身");
    let elbow = bone("左ひじ");
    // Bones whose vertices must follow the nearest surviving ancestor.
    let weighted_to_elbow = original
        .vertices
        .iter()
        .filter(|v| v.weights.bones().contains(&(elbow as i32)))
        .count();
    assert!(weighted_to_elbow > 0);

    let cases: Vec<(ElementKind, Vec<usize>)> = vec![
        (ElementKind::Bone, vec![upper]),
        (ElementKind::Bone, vec![elbow, 0]),
        (ElementKind::Morph, vec![0, original.morphs.len() - 1]),
        (ElementKind::RigidBody, vec![0, 5]),
        (ElementKind::Joint, vec![3]),
        (ElementKind::Material, vec![1]),
        (ElementKind::Texture, vec![0]),
    ];
    for (kind, indices) in cases {
        let before = dangling(&model, kind);
        history
            .apply(&mut model, ModelEdit::delete(kind, indices.clone()))
            .unwrap();
        assert_eq!(kind.len(&model), kind.len(&original) - indices.len());
        assert_eq!(
            dangling(&model, kind),
            before,
            "deleting {kind} {indices:?} left dangling references"
        );
        // Undo of this step alone is exact.
        history.undo(&mut model);
        assert!(
            bytes(&model) == original_bytes,
            "undo of {kind} {indices:?}"
        );
    }
    // Several deletes in a row (indices looked up in the current model), then back.
    for name in ["右ひじ", "下半身", "首"] {
        let i = model.bone_index(name).unwrap();
        history
            .apply(&mut model, ModelEdit::delete_bone(i))
            .unwrap();
    }
    history
        .apply(
            &mut model,
            ModelEdit::delete(ElementKind::RigidBody, vec![1, 2]),
        )
        .unwrap();
    assert_eq!(model.bones.len(), original.bones.len() - 3);
    let edited = bytes(&model);
    history.jump_to(&mut model, 0);
    assert!(bytes(&model) == original_bytes);
    history.jump_to(&mut model, history.len());
    assert!(bytes(&model) == edited);
    history.jump_to(&mut model, 0);
    assert_eq!(model, original);
}

#[test]
fn gene_delete_stores_only_the_changed_references() {
    let Some(original) = gene() else { return };
    let mut model = original.clone();
    let elbow = original.bone_index("左ひじ").unwrap();
    let weighted = original
        .vertices
        .iter()
        .flat_map(|v| v.weights.bones().iter())
        .filter(|&&b| b == elbow as i32)
        .count();
    let removed = remap::remove(&mut model, ElementKind::Bone, &[elbow]);
    let stored_weights = removed
        .refs
        .iter()
        .filter(|(slot, _)| matches!(slot, remap::RefSlot::Weight { .. }))
        .count();
    assert_eq!(stored_weights, weighted);
    assert!(removed.refs.len() < 2 * weighted + 50);
    // The elbow's vertices now follow its parent (左腕 or whatever the file says).
    let parent = original.bones[elbow].parent;
    let new_parent = if parent > elbow as i32 {
        parent - 1
    } else {
        parent
    };
    let following = model
        .vertices
        .iter()
        .zip(&original.vertices)
        .filter(|(_, o)| o.weights.bones().contains(&(elbow as i32)))
        .all(|(v, _)| v.weights.bones().contains(&new_parent));
    assert!(following);
    remap::restore(&mut model, removed);
    assert_eq!(model, original);
}
