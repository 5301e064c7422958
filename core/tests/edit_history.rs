//! History: labels, merging of drags, jump-to, saved marker, field edits of every kind.

mod edit_support;

use edit_support::Session;
use glam::Vec3;
use hone_core::edit::{Element, ModelEdit};
use hone_core::pmx::*;

fn set_layer(model: &Model, bone: usize, layer: i32) -> ModelEdit {
    let mut b = model.bones[bone].clone();
    b.layer = layer;
    ModelEdit::set_bone(bone, b, "deform layer").value(layer)
}

/// Sets one coordinate of a bone's position, as a drag with merge key 7 does.
fn drag(model: &Model, bone: usize, axis: usize, value: f32) -> ModelEdit {
    let mut b = model.bones[bone].clone();
    b.position[axis] = value;
    let field = ["position.x", "position.y", "position.z"][axis];
    ModelEdit::set_bone(bone, b, field).merging(7)
}

#[test]
fn field_edit_label_undo_redo() {
    let mut s = Session::full_rig();
    assert!(!s.history.can_undo() && !s.history.can_redo());
    s.apply_with(|m| set_layer(m, 4, 2));
    assert_eq!(s.model.bones[4].layer, 2);
    assert_eq!(s.history.undo_label(), Some("Set 右ひじ.deform layer = 2"));
    assert!(s.history.can_undo());
    s.undo_to_original();
    assert_eq!(s.history.redo_label(), Some("Set 右ひじ.deform layer = 2"));
    assert!(s.history.redo(&mut s.model).is_some());
    assert_eq!(s.model.bones[4].layer, 2);
    assert!(s.history.redo(&mut s.model).is_none());
}

#[test]
fn consecutive_drags_of_one_field_merge() {
    let mut s = Session::full_rig();
    for x in [0.1f32, 0.2, 0.3] {
        s.apply_with(|m| drag(m, 2, 0, x).value(x));
    }
    assert_eq!(s.history.len(), 1, "one drag = one undo step");
    assert_eq!(s.history.undo_label(), Some("Set 首.position.x = 0.3"));
    assert_eq!(s.model.bones[2].position.x, 0.3);
    s.undo_to_original();
    s.history.redo(&mut s.model);
    assert_eq!(s.model.bones[2].position.x, 0.3);
}

#[test]
fn different_fields_or_elements_do_not_merge() {
    let mut s = Session::full_rig();
    s.apply_with(|m| drag(m, 2, 0, 1.0));
    s.apply_with(|m| drag(m, 2, 1, 1.0));
    assert_eq!(s.history.len(), 2, "different fields = two steps");
    s.apply_with(|m| drag(m, 3, 1, 1.0));
    assert_eq!(s.history.len(), 3, "different bones = separate steps");
    // Without a merge key nothing merges.
    s.apply_with(|m| set_layer(m, 3, 1));
    s.apply_with(|m| set_layer(m, 3, 2));
    assert_eq!(s.history.len(), 5);
}

#[test]
fn end_merge_and_saving_split_drags() {
    let mut s = Session::full_rig();
    s.apply_with(|m| drag(m, 2, 0, 1.0));
    s.apply_with(|m| drag(m, 2, 0, 2.0));
    s.history.end_merge();
    s.apply_with(|m| drag(m, 2, 0, 3.0));
    assert_eq!(s.history.len(), 2, "a second drag is its own step");
    s.history.set_saved();
    s.apply_with(|m| drag(m, 2, 0, 4.0));
    assert_eq!(s.history.len(), 3, "nothing merges into the saved state");
    s.undo();
    assert_eq!(s.model.bones[2].position.x, 3.0);
    s.undo();
    assert_eq!(s.model.bones[2].position.x, 2.0);
    s.undo_to_original();
}

#[test]
fn saved_marker_and_jump_to() {
    let mut s = Session::full_rig();
    assert!(s.history.is_saved());
    s.apply_with(|m| set_layer(m, 1, 1));
    assert!(!s.history.is_saved());
    s.apply_with(|m| set_layer(m, 2, 2));
    let after_two = s.model.clone();
    s.history.set_saved();
    assert!(s.history.is_saved());
    s.apply(ModelEdit::delete_bone(4));
    assert!(!s.history.is_saved());

    let rows: Vec<(String, bool, bool)> = s
        .history
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

    s.history.jump_to(&mut s.model, 0);
    s.assert_original();
    assert_eq!(s.history.head(), 0);
    assert!(s.history.entries().all(|e| !e.applied));
    s.history.jump_to(&mut s.model, 2);
    assert_eq!(s.model, after_two);
    assert!(s.history.is_saved());
    s.history.jump_to(&mut s.model, 99);
    assert_eq!(s.history.head(), 3);
    assert_eq!(s.model.bones.len(), 8);

    // A new edit after undoing discards the undone steps.
    s.history.jump_to(&mut s.model, 1);
    s.apply_with(|m| set_layer(m, 5, 3));
    assert_eq!(s.history.len(), 2);
    assert!(!s.history.can_redo());
    assert_eq!(s.history.saved_head(), None, "the saved state is gone");

    s.history.clear();
    assert!(s.history.is_empty());
    assert!(!s.history.can_undo());
}

#[test]
fn every_kind_has_field_edits() {
    let mut s = Session::full_rig();

    let mut morph = s.model.morphs[1].clone();
    if let MorphOffsets::Bone(list) = &mut morph.offsets {
        list[0].translation = Vec3::new(9.0, 9.0, 9.0);
    }
    s.apply(ModelEdit::set_morph(1, morph, "offset 0"));
    let mut mat = s.model.materials[0].clone();
    mat.diffuse.x = 0.25;
    s.apply(ModelEdit::set_material(0, mat, "diffuse"));
    let mut rb = s.model.rigid_bodies[0].clone();
    rb.mass = 3.0;
    s.apply(ModelEdit::set_rigid_body(0, rb, "mass"));
    let mut j = s.model.joints[1].clone();
    j.linear_upper = Vec3::ONE;
    s.apply(ModelEdit::set_joint(1, j, "linear upper"));
    let mut sb = s.model.soft_bodies[0].clone();
    sb.total_mass = 2.0;
    s.apply(ModelEdit::set_soft_body(0, sb, "total mass"));
    let mut v = s.model.vertices[1].clone();
    v.weights = Weights::Bdef1 { bone: 2 };
    s.apply(ModelEdit::set_vertex(1, v, "weights"));
    let moved: Vec<(usize, Vertex)> = (0..s.model.vertices.len())
        .map(|i| {
            let mut v = s.model.vertices[i].clone();
            v.position += Vec3::X;
            (i, v)
        })
        .collect();
    s.apply(ModelEdit::set_vertices(moved, "position"));
    assert_eq!(s.history.undo_label(), Some("Set position on 6 vertices"));
    let mut frame = s.model.display_frames[2].clone();
    frame.elements.reverse();
    s.apply(ModelEdit::set_display_frame(2, frame, "order"));
    let mut info = s.model.info.clone();
    info.comment = "new".into();
    s.apply(ModelEdit::set_info(info, "comment"));
    assert_eq!(s.history.undo_label(), Some("Set model info.comment"));
    let mut header = s.model.header.clone();
    header.additional_uv_count = 2;
    s.apply(ModelEdit::set_header(header, "additional UVs"));
    s.apply(ModelEdit::set_texture(0, "c.png"));
    s.apply(ModelEdit::set(2, Element::Face([5, 4, 3]), "indices"));

    assert_eq!(s.model.header.additional_uv_count, 2);
    assert_eq!(s.model.vertices[1].weights, Weights::Bdef1 { bone: 2 });
    assert_eq!(
        s.model.vertices[1].position,
        s.original.vertices[1].position + Vec3::X
    );
    assert_eq!(s.model.textures[0], "c.png");
    assert_eq!(s.model.faces[2], [5, 4, 3]);
    assert_eq!(s.history.len(), 12);
    while s.history.undo(&mut s.model).is_some() {}
    s.assert_original();
}

#[test]
fn adds_and_raise_deform_layer() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::add_bone(Bone {
        name: "新規".into(),
        parent: 0,
        ..Bone::default()
    }));
    assert_eq!(s.history.undo_label(), Some("Add bone 新規"));
    assert_eq!(s.model.bones.len(), 10);
    s.apply(ModelEdit::add_rigid_body(RigidBody::default()));
    s.apply(ModelEdit::add_joint(Joint::default()));
    s.apply(ModelEdit::add_texture("x.png"));
    assert_eq!(s.model.rigid_bodies.len(), 4);
    assert_eq!(s.model.joints.len(), 3);

    s.apply_with(|m| ModelEdit::raise_deform_layer(m, &[1, 4, 5, 4], 1).unwrap());
    assert_eq!(
        s.history.undo_label(),
        Some("Set deform layer on 2 bones = 1")
    );
    assert_eq!(s.model.bones[1].layer, 1);
    assert_eq!(s.model.bones[5].layer, 1);
    assert!(ModelEdit::raise_deform_layer(&s.model, &[1, 4, 5], 1).is_none());

    let batch = ModelEdit::batch(
        "Delete arm",
        vec![ModelEdit::delete_bone(5), ModelEdit::delete_bone(4)],
    );
    s.apply(batch);
    assert_eq!(s.model.bones.len(), 8);
    assert_eq!(s.history.undo_label(), Some("Delete arm"));
    while s.history.undo(&mut s.model).is_some() {}
    s.assert_original();
    while s.history.redo(&mut s.model).is_some() {}
    assert_eq!(s.model.bones.len(), 8);
    assert_eq!(s.model.bones[7].name, "新規");
}

#[test]
fn revisions_track_changes_and_structure() {
    let mut s = Session::full_rig();
    let (r0, s0) = (s.history.revision(), s.history.structure_revision());
    s.apply_with(|m| set_layer(m, 1, 1));
    assert!(s.history.revision() > r0);
    assert_eq!(
        s.history.structure_revision(),
        s0,
        "a field edit is not structural"
    );
    s.apply(ModelEdit::delete_bone(4));
    let s1 = s.history.structure_revision();
    assert!(s1 > s0);
    s.undo();
    let s2 = s.history.structure_revision();
    assert!(s2 > s1, "undoing a delete is structural");
    let r = s.history.revision();
    s.undo();
    assert!(s.history.revision() > r);
    assert_eq!(s.history.structure_revision(), s2);
    // Nothing to undo: nothing changes.
    let r = s.history.revision();
    assert!(s.history.undo(&mut s.model).is_none());
    assert_eq!(s.history.revision(), r);
    s.history.jump_to(&mut s.model, 2);
    assert!(s.history.structure_revision() > s2);
}

/// One dab of a brush: vertex `v`'s position x set to `x`, as a stroke with key 9 does.
fn dab(model: &Model, vertices: &[usize], x: f32) -> ModelEdit {
    let set = vertices
        .iter()
        .map(|&v| {
            let mut vertex = model.vertices[v].clone();
            vertex.position.x = x;
            (v, vertex)
        })
        .collect();
    ModelEdit::set_vertices(set, "position").merging_any(9)
}

#[test]
fn a_stroke_over_other_vertices_merges_into_one_step_that_undoes_all() {
    let mut s = Session::full_rig();
    assert!(s.model.vertices.len() >= 4, "the rig has vertices");
    // Overlapping dabs: 0,1 then 1,2 then 2,3 (vertex 1 and 2 set twice).
    s.apply_with(|m| dab(m, &[0, 1], 5.0));
    s.apply_with(|m| dab(m, &[1, 2], 6.0));
    s.apply_with(|m| dab(m, &[2, 3], 7.0));
    assert_eq!(s.history.len(), 1, "one stroke = one undo step");
    let xs: Vec<f32> = (0..4).map(|v| s.model.vertices[v].position.x).collect();
    assert_eq!(xs, [5.0, 6.0, 7.0, 7.0]);
    s.undo_to_original();
    s.history.redo(&mut s.model);
    let again: Vec<f32> = (0..4).map(|v| s.model.vertices[v].position.x).collect();
    assert_eq!(again, xs, "redo gives the stroke's end state");
    // A plain merge key still needs the same elements; a new run starts a new step.
    s.history.end_merge();
    s.apply_with(|m| dab(m, &[0], 1.0));
    s.apply_with(|m| {
        let mut v = m.vertices[1].clone();
        v.position.x = 2.0;
        ModelEdit::set_vertices(vec![(1, v)], "position").merging(9)
    });
    assert_eq!(
        s.history.len(),
        3,
        "merging_any merges only with merging_any"
    );
}
