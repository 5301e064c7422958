//! What History::apply / undo / redo / jump_to report as changed.

mod edit_support;

use edit_support::Session;
use hone_core::edit::changes::{BoneField, JointField, MaterialField, VertexField};
use hone_core::edit::{ChangeSet, ElementKind, Fields, ModelEdit};

fn spring(s: &Session, joint: usize, x: f32) -> ModelEdit {
    let mut j = s.model.joints[joint].clone();
    j.angular_spring.x = x;
    ModelEdit::set_joint(joint, j, "angular spring").merging(3)
}

#[test]
fn a_field_edit_reports_its_element_and_only_the_fields_that_changed() {
    let mut s = Session::full_rig();
    let edit = spring(&s, 0, 5.0);
    let changes = s.history.apply(&mut s.model, edit).unwrap();
    assert!(!changes.is_structural());
    assert_eq!(
        changes.edits(ElementKind::Joint).collect::<Vec<_>>(),
        vec![(0, Fields::from(JointField::AngularSpring))]
    );
    assert!(changes.is_precise(ElementKind::Joint));
    assert!(!changes.touches(ElementKind::Bone) && !changes.touches(ElementKind::RigidBody));
    // Undo and redo report the same change.
    let undone = s.history.undo(&mut s.model).unwrap();
    assert_eq!(undone, changes);
    assert_eq!(s.history.redo(&mut s.model).unwrap(), changes);
}

#[test]
fn setting_a_value_the_element_already_has_changes_nothing() {
    let mut s = Session::full_rig();
    let same = s.model.materials[0].clone();
    let changes = s
        .history
        .apply(&mut s.model, ModelEdit::set_material(0, same, "diffuse"))
        .unwrap();
    assert!(changes.is_empty(), "{changes:?}");
    let mut m = s.model.materials[0].clone();
    m.diffuse.w = 0.5;
    m.name.push('2');
    let changes = s
        .history
        .apply(&mut s.model, ModelEdit::set_material(0, m, "diffuse"))
        .unwrap();
    let f = changes.fields(ElementKind::Material);
    assert!(f.has(MaterialField::Diffuse) && f.has(MaterialField::Name));
    assert!(f.only([MaterialField::Diffuse, MaterialField::Name]));
}

#[test]
fn structural_edits_report_their_kind_and_touch_everything() {
    let mut s = Session::full_rig();
    let changes = s
        .history
        .apply(&mut s.model, ModelEdit::delete_bone(4))
        .unwrap();
    assert!(changes.is_structural());
    assert_eq!(
        changes.structure().iter().collect::<Vec<_>>(),
        [ElementKind::Bone]
    );
    // References were remapped: vertices, bodies… count as touched.
    assert!(changes.touches(ElementKind::Vertex) && !changes.is_precise(ElementKind::RigidBody));
    let undone = s.history.undo(&mut s.model).unwrap();
    assert!(undone.structure().contains(ElementKind::Bone));
    let copy = ModelEdit::add_joint(s.model.joints[0].clone());
    let added = s.history.apply(&mut s.model, copy).unwrap();
    assert!(added.structure().contains(ElementKind::Joint));
}

#[test]
fn merged_steps_and_jumps_report_everything_they_cover() {
    let mut s = Session::full_rig();
    let edit = spring(&s, 0, 1.0);
    s.history.apply(&mut s.model, edit).unwrap();
    let edit = spring(&s, 0, 2.0);
    let second = s.history.apply(&mut s.model, edit).unwrap();
    assert_eq!(s.history.len(), 1, "a drag is one step");
    assert!(second
        .fields(ElementKind::Joint)
        .has(JointField::AngularSpring));
    let mut b = s.model.bones[2].clone();
    b.name.push('x');
    s.history.end_merge();
    s.history
        .apply(&mut s.model, ModelEdit::set_bone(2, b, "name"))
        .unwrap();
    let back = s.history.jump_to(&mut s.model, 0);
    assert!(back.touches(ElementKind::Joint) && back.touches(ElementKind::Bone));
    assert!(back.fields(ElementKind::Bone).has(BoneField::Name));
    assert!(
        s.history.jump_to(&mut s.model, 0).is_empty(),
        "no move, no change"
    );
    let mut all = ChangeSet::new();
    all.merge(&back);
    assert_eq!(all, back);
}

/// A brush stroke is one step of many dabs: each dab reports the vertices it
/// set, also one that goes back to its value from before the stroke (the step
/// as a whole no longer differs there, but the caches saw the dab before).
#[test]
fn a_merged_dab_reports_what_it_set_even_a_value_set_back() {
    let mut s = Session::full_rig();
    let dab = |s: &Session, v: usize, x: f32| {
        let mut vertex = s.model.vertices[v].clone();
        vertex.edge_scale = x;
        ModelEdit::set_vertices(vec![(v, vertex)], "edge").merging_any(7)
    };
    let before = s.model.vertices[0].edge_scale;
    let edit = dab(&s, 0, before + 1.0);
    s.history.apply(&mut s.model, edit).unwrap();
    let edit = dab(&s, 1, 5.0);
    let second = s.history.apply(&mut s.model, edit).unwrap();
    assert_eq!(s.history.len(), 1, "one stroke, one step");
    let vertices = |c: &ChangeSet| {
        c.edits(ElementKind::Vertex)
            .map(|(v, _)| v)
            .collect::<Vec<_>>()
    };
    assert_eq!(vertices(&second), vec![1], "only the dab's own vertex");
    let edit = dab(&s, 0, before);
    let third = s.history.apply(&mut s.model, edit).unwrap();
    assert_eq!(s.history.len(), 1);
    assert_eq!(vertices(&third), vec![0], "set back, still reported");
    assert!(third
        .fields(ElementKind::Vertex)
        .has(VertexField::EdgeScale));
}
