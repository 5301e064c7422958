//! Delete / duplicate / reorder remap every reference; undo restores exactly.

mod edit_support;

use edit_support::{full_rig, Session};
use hone_core::edit::remap::{self, Removed};
use hone_core::edit::{Element, ElementKind, ModelEdit};
use hone_core::pmx::*;

fn weights_bones(m: &Model) -> Vec<Vec<i32>> {
    m.vertices
        .iter()
        .map(|v| v.weights.bones().to_vec())
        .collect()
}

/// Removes elements of full_rig with [`remap::remove`], lets `check` look at the
/// result, then restores and asserts the original is back.
fn remove_then_restore(kind: ElementKind, indices: &[usize], check: impl FnOnce(&Model, &Removed)) {
    let original = full_rig();
    let mut model = original.clone();
    let removed = remap::remove(&mut model, kind, indices);
    check(&model, &removed);
    remap::restore(&mut model, removed);
    assert_eq!(model, original);
}

#[test]
fn delete_bone_remaps_every_reference_and_undo_restores() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::delete_bone(4));
    assert_eq!(s.history.undo_label(), Some("Delete bone 右ひじ"));
    let (model, original) = (&s.model, &s.original);

    let names: Vec<&str> = model.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "センター",
            "上半身",
            "首",
            "右腕",
            "右手首",
            "右腕IK",
            "右腕捩",
            "壊れ"
        ]
    );
    // Weights: the deleted bone's slots go to its parent 右腕 (3); higher bones shift down.
    assert_eq!(
        weights_bones(model),
        vec![
            vec![0],
            vec![3, 3],
            vec![1, 2, 3, 4],
            vec![3, 4],
            vec![3, 3, 6, -1],
            vec![99],
        ]
    );
    // Weight values are untouched.
    assert!(matches!(model.vertices[1].weights, Weights::Bdef2 { weight, .. } if weight == 0.3));
    // Bones.
    assert_eq!(
        model.bones[4].parent, 3,
        "右手首 reparented to the deleted bone's parent"
    );
    assert_eq!(model.bones[3].tail, Tail::Bone(-1));
    assert_eq!(model.bones[1].tail, Tail::Bone(2));
    let ik = model.bones[5].ik.as_ref().unwrap();
    assert_eq!(ik.target, 4);
    assert_eq!(ik.links.len(), 1);
    assert_eq!(ik.links[0].bone, 3);
    assert!(ik.links[0].limits.is_none());
    assert_eq!(model.bones[6].append.unwrap().parent, -1);
    assert_eq!(model.bones[6].parent, 3);
    assert_eq!(
        model.bones[7].parent, 99,
        "out-of-range reference kept as is"
    );
    // Bone morph: both offsets of the deleted bone dropped.
    let MorphOffsets::Bone(list) = &model.morphs[1].offsets else {
        panic!("morph 1: {:?}", model.morphs[1].offsets)
    };
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].bone, 2);
    assert_eq!(list[0].translation, glam::Vec3::Y);
    // Display frames.
    assert_eq!(
        model.display_frames[2].elements,
        vec![
            DisplayElement::Bone(3),
            DisplayElement::Bone(4),
            DisplayElement::Morph(1)
        ]
    );
    assert_eq!(
        model.display_frames[0].elements,
        vec![DisplayElement::Bone(0)]
    );
    // Rigid bodies.
    let rb: Vec<i32> = model.rigid_bodies.iter().map(|r| r.bone).collect();
    assert_eq!(rb, vec![1, -1, 4]);
    // Things that do not refer to bones are untouched.
    assert_eq!(model.morphs[4], original.morphs[4]);
    assert_eq!(model.joints, original.joints);
    assert_eq!(model.soft_bodies, original.soft_bodies);

    s.undo_to_original();
    assert!(s.history.redo(&mut s.model).is_some());
    assert_eq!(s.model.bones.len(), 8);
    s.undo_to_original();
}

#[test]
fn deleting_a_chain_reparents_to_the_nearest_survivor() {
    // Delete 右腕 (3) and 右ひじ (4): 右手首's parent and the weights go to 上半身 (1).
    remove_then_restore(ElementKind::Bone, &[4, 3], |model, removed| {
        assert_eq!(removed.indices().collect::<Vec<_>>(), vec![3, 4]);
        assert_eq!(model.bones[3].name, "右手首");
        assert_eq!(model.bones[3].parent, 1);
        assert_eq!(model.bones[5].name, "右腕捩");
        assert_eq!(model.bones[5].parent, 1);
        assert_eq!(weights_bones(model)[1], vec![1, 1]);
        assert_eq!(weights_bones(model)[4], vec![1, 1, 5, -1]);
        let ik = model.bones[4].ik.as_ref().unwrap();
        assert!(ik.links.is_empty());
        assert_eq!(ik.target, 3);
    });
}

#[test]
fn deleting_a_root_bone_leaves_minus_one() {
    remove_then_restore(ElementKind::Bone, &[0], |model, _| {
        assert_eq!(model.vertices[0].weights, Weights::Bdef1 { bone: -1 });
        assert_eq!(model.bones[0].parent, -1); // 上半身
        assert_eq!(model.bones[5].parent, -1); // 右腕IK
        assert_eq!(model.display_frames[0].elements, vec![]);
    });
}

#[test]
fn delete_morph_remaps_group_flip_and_display_frames() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::delete_morph(1));
    let model = &s.model;
    assert_eq!(model.morphs.len(), 6);
    let MorphOffsets::Group(group) = &model.morphs[3].offsets else {
        panic!("morph 3: {:?}", model.morphs[3].offsets)
    };
    let refs: Vec<(i32, f32)> = group.iter().map(|o| (o.morph, o.ratio)).collect();
    assert_eq!(refs, vec![(0, 1.0), (2, 0.25)]);
    let MorphOffsets::Flip(flip) = &model.morphs[4].offsets else {
        panic!("morph 4: {:?}", model.morphs[4].offsets)
    };
    let refs: Vec<i32> = flip.iter().map(|o| o.morph).collect();
    assert_eq!(refs, vec![3]);
    assert_eq!(
        model.display_frames[1].elements,
        vec![DisplayElement::Morph(0), DisplayElement::Morph(3)]
    );
    assert_eq!(
        model.display_frames[2].elements,
        vec![
            DisplayElement::Bone(3),
            DisplayElement::Bone(4),
            DisplayElement::Bone(5)
        ]
    );
    assert_eq!(model.bones, s.original.bones);
    s.undo_to_original();
}

#[test]
fn delete_rigid_body_remaps_joints_impulses_and_anchors() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::delete_rigid_body(1));
    let model = &s.model;
    let bodies: Vec<(i32, i32)> = model.joints.iter().map(|j| (j.body_a, j.body_b)).collect();
    assert_eq!(bodies, vec![(0, -1), (-1, 1)]);
    let MorphOffsets::Impulse(list) = &model.morphs[6].offsets else {
        panic!("morph 6: {:?}", model.morphs[6].offsets)
    };
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].rigid_body, 0);
    assert_eq!(list[0].velocity, glam::Vec3::Y);
    let anchors = &model.soft_bodies[0].anchors;
    assert_eq!(anchors.len(), 1);
    assert_eq!((anchors[0].rigid_body, anchors[0].vertex), (1, 3));
    s.undo_to_original();
}

#[test]
fn delete_joint_and_soft_body_and_display_frame() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::delete_joint(0));
    assert_eq!(s.model.joints.len(), 1);
    assert_eq!(s.model.joints[0].name, "j1");
    s.apply(ModelEdit::delete_soft_body(0));
    assert!(s.model.soft_bodies.is_empty());
    s.apply(ModelEdit::delete_display_frame(2));
    assert_eq!(s.model.display_frames.len(), 2);
    // Special frames are refused and the refusal records nothing.
    let err = s.try_apply(ModelEdit::delete_display_frame(0)).unwrap_err();
    assert!(matches!(err, hone_core::edit::EditError::SpecialFrame(_)));
    assert_eq!(s.history.len(), 3);
    s.history.jump_to(&mut s.model, 0);
    s.assert_original();
}

#[test]
fn delete_material_removes_its_faces_and_remaps_offsets() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::delete_material(1));
    assert_eq!(
        s.model.faces,
        vec![[0, 1, 2], [1, 2, 3], [3, 4, 5], [0, 2, 4]]
    );
    let MorphOffsets::Material(list) = &s.model.morphs[3].offsets else {
        panic!("morph 3: {:?}", s.model.morphs[3].offsets)
    };
    let refs: Vec<i32> = list.iter().map(|o| o.material).collect();
    assert_eq!(refs, vec![-1, 1], "−1 (all materials) stays");
    assert_eq!(s.model.soft_bodies[0].material, 1);
    s.undo_to_original();

    // First and last together.
    s.apply(ModelEdit::delete(ElementKind::Material, vec![2, 0]));
    assert_eq!(s.model.faces, vec![[2, 3, 4]]);
    assert_eq!(s.model.soft_bodies[0].material, -1);
    s.undo_to_original();
}

#[test]
fn delete_texture_remaps_materials() {
    remove_then_restore(ElementKind::Texture, &[1], |model, _| {
        assert_eq!(
            model.textures,
            vec!["a.png".to_string(), "toon.bmp".to_string()]
        );
        assert_eq!(
            (
                model.materials[0].texture,
                model.materials[0].sphere_texture
            ),
            (0, -1)
        );
        assert_eq!(model.materials[1].texture, -1);
        assert_eq!(model.materials[1].toon, Toon::Texture(1));
        assert_eq!(model.materials[2].toon, Toon::Shared(3));
    });
}

#[test]
fn duplicate_appends_copies_with_references_intact() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::duplicate_bone(4));
    assert_eq!(s.model.bones.len(), 10);
    let copy = &s.model.bones[9];
    assert_eq!(copy.name, "右ひじ+");
    assert_eq!(copy.name_en, "右ひじ_en+");
    assert_eq!(copy.parent, 3);
    assert_eq!(copy.tail, Tail::Bone(5));
    assert_eq!(copy.layer, 1);
    assert_eq!(s.model.bones[..9], s.original.bones[..]);
    assert_eq!(s.model.vertices, s.original.vertices);
    s.undo_to_original();

    // A chain duplicated together points at its own copies.
    s.apply(ModelEdit::duplicate(ElementKind::Bone, vec![3, 4, 5, 6]));
    let [arm, elbow, wrist, ik] = [9, 10, 11, 12].map(|i| &s.model.bones[i]);
    assert_eq!((arm.parent, arm.tail), (1, Tail::Bone(10)));
    assert_eq!((elbow.parent, elbow.tail), (9, Tail::Bone(11)));
    assert_eq!(wrist.parent, 10);
    let ik = ik.ik.as_ref().unwrap();
    assert_eq!(ik.target, 11);
    assert_eq!(
        ik.links.iter().map(|l| l.bone).collect::<Vec<_>>(),
        vec![10, 9]
    );
    s.undo_to_original();

    for kind in [
        ElementKind::Morph,
        ElementKind::RigidBody,
        ElementKind::Joint,
    ] {
        let len = kind.len(&s.original);
        s.apply(ModelEdit::duplicate(kind, vec![1]));
        assert_eq!(kind.len(&s.model), len + 1);
        let mut copy = kind.get(&s.model, len).unwrap();
        let source = kind.get(&s.original, 1).unwrap();
        assert_eq!(
            copy.name().map(|n| n.trim_end_matches('+').to_string()),
            source.name().map(String::from)
        );
        // Apart from the "+" on its names the copy is identical.
        let (name, name_en) = match &mut copy {
            Element::Morph(c) => (&mut c.name, &mut c.name_en),
            Element::RigidBody(c) => (&mut c.name, &mut c.name_en),
            Element::Joint(c) => (&mut c.name, &mut c.name_en),
            _ => unreachable!(),
        };
        for n in [name, name_en] {
            if let Some(stripped) = n.strip_suffix('+') {
                *n = stripped.to_string();
            }
        }
        assert_eq!(copy, source);
    }
    s.history.jump_to(&mut s.model, 0);
    s.assert_original();
}

#[test]
fn move_bone_remaps_and_undo_restores() {
    let mut s = Session::full_rig();
    // Move 右腕IK (6) to the front.
    s.apply_with(|model| ModelEdit::move_element(model, ElementKind::Bone, 6, 0));
    assert_eq!(s.history.undo_label(), Some("Move bone 右腕IK to #0"));
    let model = &s.model;
    assert_eq!(model.bones[0].name, "右腕IK");
    assert_eq!(model.bones[0].parent, 1, "センター is now bone 1");
    let ik = model.bones[0].ik.as_ref().unwrap();
    assert_eq!(ik.target, 6);
    assert_eq!(
        ik.links.iter().map(|l| l.bone).collect::<Vec<_>>(),
        vec![5, 4]
    );
    assert_eq!(model.vertices[0].weights, Weights::Bdef1 { bone: 1 });
    assert_eq!(model.bones[8].parent, 99);
    s.undo_to_original();
}

#[test]
fn reorder_materials_moves_their_faces() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::reorder(ElementKind::Material, vec![2, 0, 1]));
    assert_eq!(s.model.materials[0].name, "服");
    assert_eq!(
        s.model.faces,
        vec![[3, 4, 5], [0, 2, 4], [0, 1, 2], [1, 2, 3], [2, 3, 4]]
    );
    assert_eq!(s.model.soft_bodies[0].material, 0);
    s.undo_to_original();
    assert!(s
        .try_apply(ModelEdit::reorder(ElementKind::Material, vec![0, 0, 1]))
        .is_err());
}

#[test]
fn invalid_edits_are_refused_without_change() {
    let mut s = Session::full_rig();
    assert!(s.try_apply(ModelEdit::delete_bone(50)).is_err());
    assert!(s
        .try_apply(ModelEdit::set_bone(50, Bone::default(), "name"))
        .is_err());
    assert!(s
        .try_apply(ModelEdit::delete(ElementKind::Vertex, vec![0]))
        .is_err());
    assert!(s
        .try_apply(ModelEdit::duplicate(ElementKind::Joint, vec![]))
        .is_err());
    // A batch whose second part is invalid leaves the model as it was.
    let batch = ModelEdit::batch(
        "bad",
        vec![ModelEdit::delete_bone(0), ModelEdit::delete_bone(8)],
    );
    assert!(s.try_apply(batch).is_err());
    s.assert_original();
    assert!(s.history.is_empty());
}

#[test]
fn duplicate_material_copies_its_faces() {
    let mut s = Session::full_rig();
    s.apply(ModelEdit::duplicate(ElementKind::Material, vec![2, 1]));
    let model = &s.model;
    assert_eq!(model.materials.len(), 5);
    assert_eq!(model.materials[3].name, "服+");
    assert_eq!(model.materials[4].name, "顔+");
    assert_eq!(model.materials[3].face_index_count, 6);
    assert_eq!(model.faces[..5], s.original.faces[..]);
    assert_eq!(model.faces[5..], [[3, 4, 5], [0, 2, 4], [2, 3, 4]]);
    assert!(remap::material_faces_consistent(model));
    s.undo_to_original();

    // Refused when the face counts do not describe the face list.
    s.model.faces.push([0, 0, 0]);
    assert!(s
        .try_apply(ModelEdit::duplicate(ElementKind::Material, vec![0]))
        .is_err());
}

#[test]
fn delete_unused_vertices_remaps_faces_morphs_and_soft_bodies() {
    let mut s = Session::full_rig();
    assert!(ModelEdit::delete_unused_vertices(&s.model).is_none());
    // Only 右ひじ's face [2, 3, 4] remains, so vertices 0, 1 and 5 become unused.
    s.apply(ModelEdit::delete(ElementKind::Material, vec![0, 2]));
    let err = s
        .try_apply(ModelEdit::delete(ElementKind::Vertex, vec![0, 3]))
        .unwrap_err();
    assert_eq!(err, hone_core::edit::EditError::VertexInUse(3));
    s.apply_with(|model| ModelEdit::delete_unused_vertices(model).unwrap());
    assert_eq!(s.history.undo_label(), Some("Delete 3 unused vertices"));
    let model = &s.model;
    assert_eq!(model.vertices.len(), 3);
    assert_eq!(model.vertices[0].position, s.original.vertices[2].position);
    assert_eq!(model.faces, vec![[0, 1, 2]]);
    let MorphOffsets::Vertex(list) = &model.morphs[0].offsets else {
        panic!("morph 0: {:?}", model.morphs[0].offsets)
    };
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].vertex, list[0].offset), (0, glam::Vec3::Y));
    let MorphOffsets::Uv { offsets: uv, .. } = &model.morphs[2].offsets else {
        panic!("morph 2: {:?}", model.morphs[2].offsets)
    };
    assert!(uv.is_empty());
    let sb = &model.soft_bodies[0];
    assert_eq!(sb.anchors.len(), 1);
    assert_eq!((sb.anchors[0].rigid_body, sb.anchors[0].vertex), (2, 1));
    assert_eq!(sb.pins, vec![0]);
    s.undo();
    s.undo_to_original();
}

#[test]
fn selection_index_helpers() {
    assert_eq!(remap::index_after_remove(&[4, 2, 4], 5), Some(3));
    assert_eq!(remap::index_after_remove(&[4, 2], 4), None);
    assert_eq!(remap::index_after_remove(&[4, 2], 1), Some(1));
    let order = remap::move_order(5, 3, 0);
    assert_eq!(order, vec![3, 0, 1, 2, 4]);
    assert_eq!(remap::index_after_reorder(&order, 3), Some(0));
    assert_eq!(remap::index_after_reorder(&order, 0), Some(1));
    assert_eq!(remap::index_after_reorder(&order, 9), None);
}
