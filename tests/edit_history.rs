//! History: labels, merging of drags, jump-to, saved marker, field edits of every kind.

mod edit_support;

use edit_support::full_rig;
use glam::Vec3;
use hone::edit::{Element, History, ModelEdit};
use hone::pmx::*;

fn set_layer(model: &Model, bone: usize, layer: i32) -> ModelEdit {
    let mut b = model.bones[bone].clone();
    b.layer = layer;
    ModelEdit::set_bone(bone, b, "deform layer").value(layer)
}

#[test]
fn field_edit_label_undo_redo() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    assert!(!history.can_undo() && !history.can_redo());
    {
        let e = set_layer(&model, 4, 2);
        history.apply(&mut model, e)
    }
    .unwrap();
    assert_eq!(model.bones[4].layer, 2);
    assert_eq!(history.undo_label(), Some("Set 右ひじ.deform layer = 2"));
    assert!(history.can_undo());
    assert!(history.undo(&mut model));
    assert_eq!(model, original);
    assert_eq!(history.redo_label(), Some("Set 右ひじ.deform layer = 2"));
    assert!(history.redo(&mut model));
    assert_eq!(model.bones[4].layer, 2);
    assert!(!history.redo(&mut model));
}

#[test]
fn consecutive_drags_of_one_field_merge() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    for x in [0.1f32, 0.2, 0.3] {
        let mut b = model.bones[2].clone();
        b.position.x = x;
        let edit = ModelEdit::set_bone(2, b, "position.x").value(x).merging(7);
        history.apply(&mut model, edit).unwrap();
    }
    assert_eq!(history.len(), 1, "one drag = one undo step");
    assert_eq!(history.undo_label(), Some("Set 首.position.x = 0.3"));
    assert_eq!(model.bones[2].position.x, 0.3);
    history.undo(&mut model);
    assert_eq!(model, original);
    history.redo(&mut model);
    assert_eq!(model.bones[2].position.x, 0.3);
}

#[test]
fn different_fields_or_elements_do_not_merge() {
    let mut model = full_rig();
    let mut history = History::new();
    let mut b = model.bones[2].clone();
    b.position.x = 1.0;
    history
        .apply(
            &mut model,
            ModelEdit::set_bone(2, b, "position.x").merging(7),
        )
        .unwrap();
    let mut b = model.bones[2].clone();
    b.position.y = 1.0;
    history
        .apply(
            &mut model,
            ModelEdit::set_bone(2, b, "position.y").merging(7),
        )
        .unwrap();
    assert_eq!(history.len(), 2, "different fields = two steps");
    let mut b = model.bones[3].clone();
    b.position.y = 1.0;
    history
        .apply(
            &mut model,
            ModelEdit::set_bone(3, b, "position.y").merging(7),
        )
        .unwrap();
    assert_eq!(history.len(), 3, "different bones = separate steps");
    // Without a merge key nothing merges.
    {
        let e = set_layer(&model, 3, 1);
        history.apply(&mut model, e)
    }
    .unwrap();
    {
        let e = set_layer(&model, 3, 2);
        history.apply(&mut model, e)
    }
    .unwrap();
    assert_eq!(history.len(), 5);
}

#[test]
fn end_merge_and_saving_split_drags() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    let drag = |model: &Model, x: f32| {
        let mut b = model.bones[2].clone();
        b.position.x = x;
        ModelEdit::set_bone(2, b, "position.x").merging(7)
    };
    {
        let e = drag(&model, 1.0);
        history.apply(&mut model, e)
    }
    .unwrap();
    {
        let e = drag(&model, 2.0);
        history.apply(&mut model, e)
    }
    .unwrap();
    history.end_merge();
    {
        let e = drag(&model, 3.0);
        history.apply(&mut model, e)
    }
    .unwrap();
    assert_eq!(history.len(), 2, "a second drag is its own step");
    history.set_saved();
    {
        let e = drag(&model, 4.0);
        history.apply(&mut model, e)
    }
    .unwrap();
    assert_eq!(history.len(), 3, "nothing merges into the saved state");
    history.undo(&mut model);
    assert_eq!(model.bones[2].position.x, 3.0);
    history.undo(&mut model);
    assert_eq!(model.bones[2].position.x, 2.0);
    history.undo(&mut model);
    assert_eq!(model, original);
}

#[test]
fn saved_marker_and_jump_to() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    assert!(history.is_saved());
    {
        let e = set_layer(&model, 1, 1);
        history.apply(&mut model, e)
    }
    .unwrap();
    assert!(!history.is_saved());
    {
        let e = set_layer(&model, 2, 2);
        history.apply(&mut model, e)
    }
    .unwrap();
    let after_two = model.clone();
    history.set_saved();
    assert!(history.is_saved());
    history
        .apply(&mut model, ModelEdit::delete_bone(4))
        .unwrap();
    assert!(!history.is_saved());

    let rows: Vec<(String, bool, bool)> = history
        .entries()
        .map(|e| (e.label.to_string(), e.applied, e.saved))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Set 上半身.deform layer = 1".to_string(), true, false),
            ("Set 首.deform layer = 2".to_string(), true, true),
            ("Delete bone 右ひじ".to_string(), true, false),
        ]
    );

    history.jump_to(&mut model, 0);
    assert_eq!(model, original);
    assert_eq!(history.head(), 0);
    assert!(history.entries().all(|e| !e.applied));
    history.jump_to(&mut model, 2);
    assert_eq!(model, after_two);
    assert!(history.is_saved());
    history.jump_to(&mut model, 99);
    assert_eq!(history.head(), 3);
    assert_eq!(model.bones.len(), 8);

    // A new edit after undoing discards the undone steps.
    history.jump_to(&mut model, 1);
    {
        let e = set_layer(&model, 5, 3);
        history.apply(&mut model, e)
    }
    .unwrap();
    assert_eq!(history.len(), 2);
    assert!(!history.can_redo());
    assert_eq!(history.saved_head(), None, "the saved state is gone");

    history.clear();
    assert!(history.is_empty());
    assert!(!history.can_undo());
}

#[test]
fn every_kind_has_field_edits() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();

    let mut morph = model.morphs[1].clone();
    if let MorphOffsets::Bone(list) = &mut morph.offsets {
        list[0].translation = Vec3::new(9.0, 9.0, 9.0);
    }
    history
        .apply(&mut model, ModelEdit::set_morph(1, morph, "offset 0"))
        .unwrap();
    let mut mat = model.materials[0].clone();
    mat.diffuse.x = 0.25;
    history
        .apply(&mut model, ModelEdit::set_material(0, mat, "diffuse"))
        .unwrap();
    let mut rb = model.rigid_bodies[0].clone();
    rb.mass = 3.0;
    history
        .apply(&mut model, ModelEdit::set_rigid_body(0, rb, "mass"))
        .unwrap();
    let mut j = model.joints[1].clone();
    j.linear_upper = Vec3::ONE;
    history
        .apply(&mut model, ModelEdit::set_joint(1, j, "linear upper"))
        .unwrap();
    let mut sb = model.soft_bodies[0].clone();
    sb.total_mass = 2.0;
    history
        .apply(&mut model, ModelEdit::set_soft_body(0, sb, "total mass"))
        .unwrap();
    let mut v = model.vertices[1].clone();
    v.weights = Weights::Bdef1 { bone: 2 };
    history
        .apply(&mut model, ModelEdit::set_vertex(1, v, "weights"))
        .unwrap();
    let moved: Vec<(usize, Vertex)> = (0..model.vertices.len())
        .map(|i| {
            let mut v = model.vertices[i].clone();
            v.position += Vec3::X;
            (i, v)
        })
        .collect();
    history
        .apply(&mut model, ModelEdit::set_vertices(moved, "position"))
        .unwrap();
    assert_eq!(history.undo_label(), Some("Set position on 6 vertices"));
    let mut frame = model.display_frames[2].clone();
    frame.elements.reverse();
    history
        .apply(&mut model, ModelEdit::set_display_frame(2, frame, "order"))
        .unwrap();
    let mut info = model.info.clone();
    info.comment = "new".into();
    history
        .apply(&mut model, ModelEdit::set_info(info, "comment"))
        .unwrap();
    assert_eq!(history.undo_label(), Some("Set model info.comment"));
    let mut header = model.header.clone();
    header.additional_uv_count = 2;
    history
        .apply(&mut model, ModelEdit::set_header(header, "additional UVs"))
        .unwrap();
    history
        .apply(&mut model, ModelEdit::set_texture(0, "c.png"))
        .unwrap();
    history
        .apply(
            &mut model,
            ModelEdit::set(2, Element::Face([5, 4, 3]), "indices"),
        )
        .unwrap();

    assert_eq!(model.header.additional_uv_count, 2);
    assert_eq!(model.vertices[1].weights, Weights::Bdef1 { bone: 2 });
    assert_eq!(
        model.vertices[1].position,
        original.vertices[1].position + Vec3::X
    );
    assert_eq!(model.textures[0], "c.png");
    assert_eq!(model.faces[2], [5, 4, 3]);
    assert_eq!(history.len(), 12);
    while history.undo(&mut model) {}
    assert_eq!(model, original);
}

#[test]
fn adds_and_raise_deform_layer() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(
            &mut model,
            ModelEdit::add_bone(Bone {
                name: "新規".into(),
                parent: 0,
                ..Bone::default()
            }),
        )
        .unwrap();
    assert_eq!(history.undo_label(), Some("Add bone 新規"));
    assert_eq!(model.bones.len(), 10);
    history
        .apply(&mut model, ModelEdit::add_rigid_body(RigidBody::default()))
        .unwrap();
    history
        .apply(&mut model, ModelEdit::add_joint(Joint::default()))
        .unwrap();
    history
        .apply(&mut model, ModelEdit::add_texture("x.png"))
        .unwrap();
    assert_eq!(model.rigid_bodies.len(), 4);
    assert_eq!(model.joints.len(), 3);

    let edit = ModelEdit::raise_deform_layer(&model, &[1, 4, 5, 4], 1).unwrap();
    history.apply(&mut model, edit).unwrap();
    assert_eq!(
        history.undo_label(),
        Some("Set deform layer on 2 bones = 1")
    );
    assert_eq!(model.bones[1].layer, 1);
    assert_eq!(model.bones[5].layer, 1);
    assert!(ModelEdit::raise_deform_layer(&model, &[1, 4, 5], 1).is_none());

    let batch = ModelEdit::batch(
        "Delete arm",
        vec![ModelEdit::delete_bone(5), ModelEdit::delete_bone(4)],
    );
    history.apply(&mut model, batch).unwrap();
    assert_eq!(model.bones.len(), 8);
    assert_eq!(history.undo_label(), Some("Delete arm"));
    while history.undo(&mut model) {}
    assert_eq!(model, original);
    while history.redo(&mut model) {}
    assert_eq!(model.bones.len(), 8);
    assert_eq!(model.bones[7].name, "新規");
}

#[test]
fn revisions_track_changes_and_structure() {
    let mut model = full_rig();
    let mut history = History::new();
    let (r0, s0) = (history.revision(), history.structure_revision());
    {
        let e = set_layer(&model, 1, 1);
        history.apply(&mut model, e).unwrap();
    }
    assert!(history.revision() > r0);
    assert_eq!(
        history.structure_revision(),
        s0,
        "a field edit is not structural"
    );
    history
        .apply(&mut model, ModelEdit::delete_bone(4))
        .unwrap();
    let s1 = history.structure_revision();
    assert!(s1 > s0);
    history.undo(&mut model);
    let s2 = history.structure_revision();
    assert!(s2 > s1, "undoing a delete is structural");
    let r = history.revision();
    history.undo(&mut model);
    assert!(history.revision() > r);
    assert_eq!(history.structure_revision(), s2);
    // Nothing to undo: nothing changes.
    let r = history.revision();
    assert!(!history.undo(&mut model));
    assert_eq!(history.revision(), r);
    history.jump_to(&mut model, 2);
    assert!(history.structure_revision() > s2);
}
