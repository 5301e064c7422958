//! Delete / duplicate / reorder remap every reference; undo restores exactly.

mod edit_support;

use edit_support::full_rig;
use hone::edit::remap;
use hone::edit::{ElementKind, History, ModelEdit};
use hone::pmx::*;

fn weights_bones(m: &Model) -> Vec<Vec<i32>> {
    m.vertices
        .iter()
        .map(|v| v.weights.bones().to_vec())
        .collect()
}

#[test]
fn delete_bone_remaps_every_reference_and_undo_restores() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::delete_bone(4))
        .unwrap();
    assert_eq!(history.undo_label(), Some("Delete bone 右ひじ"));

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
        weights_bones(&model),
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
    match &model.morphs[1].offsets {
        MorphOffsets::Bone(list) => {
            assert_eq!(list.len(), 1);
            assert_eq!(list[0].bone, 2);
            assert_eq!(list[0].translation, glam::Vec3::Y);
        }
        other => panic!("{other:?}"),
    }
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

    assert!(history.undo(&mut model));
    assert_eq!(model, original);
    assert!(history.redo(&mut model));
    assert_eq!(model.bones.len(), 8);
    assert!(history.undo(&mut model));
    assert_eq!(model, original);
}

#[test]
fn deleting_a_chain_reparents_to_the_nearest_survivor() {
    let original = full_rig();
    let mut model = original.clone();
    // Delete 右腕 (3) and 右ひじ (4): 右手首's parent and the weights go to 上半身 (1).
    let removed = remap::remove_bones(&mut model, &[4, 3]);
    assert_eq!(removed.indices().collect::<Vec<_>>(), vec![3, 4]);
    assert_eq!(model.bones[3].name, "右手首");
    assert_eq!(model.bones[3].parent, 1);
    assert_eq!(model.bones[5].name, "右腕捩");
    assert_eq!(model.bones[5].parent, 1);
    assert_eq!(weights_bones(&model)[1], vec![1, 1]);
    assert_eq!(weights_bones(&model)[4], vec![1, 1, 5, -1]);
    let ik = model.bones[4].ik.as_ref().unwrap();
    assert!(ik.links.is_empty());
    assert_eq!(ik.target, 3);
    remap::restore(&mut model, removed);
    assert_eq!(model, original);
}

#[test]
fn deleting_a_root_bone_leaves_minus_one() {
    let original = full_rig();
    let mut model = original.clone();
    let removed = remap::remove_bones(&mut model, &[0]);
    assert_eq!(model.vertices[0].weights, Weights::Bdef1 { bone: -1 });
    assert_eq!(model.bones[0].parent, -1); // 上半身
    assert_eq!(model.bones[5].parent, -1); // 右腕IK
    assert_eq!(model.display_frames[0].elements, vec![]);
    remap::restore(&mut model, removed);
    assert_eq!(model, original);
}

#[test]
fn delete_morph_remaps_group_flip_and_display_frames() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::delete_morph(1))
        .unwrap();
    assert_eq!(model.morphs.len(), 6);
    match &model.morphs[3].offsets {
        MorphOffsets::Group(list) => {
            let refs: Vec<(i32, f32)> = list.iter().map(|o| (o.morph, o.ratio)).collect();
            assert_eq!(refs, vec![(0, 1.0), (2, 0.25)]);
        }
        other => panic!("{other:?}"),
    }
    match &model.morphs[4].offsets {
        MorphOffsets::Flip(list) => {
            let refs: Vec<i32> = list.iter().map(|o| o.morph).collect();
            assert_eq!(refs, vec![3]);
        }
        other => panic!("{other:?}"),
    }
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
    assert_eq!(model.bones, original.bones);
    history.undo(&mut model);
    assert_eq!(model, original);
}

#[test]
fn delete_rigid_body_remaps_joints_impulses_and_anchors() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::delete_rigid_body(1))
        .unwrap();
    let bodies: Vec<(i32, i32)> = model.joints.iter().map(|j| (j.body_a, j.body_b)).collect();
    assert_eq!(bodies, vec![(0, -1), (-1, 1)]);
    match &model.morphs[6].offsets {
        MorphOffsets::Impulse(list) => {
            assert_eq!(list.len(), 1);
            assert_eq!(list[0].rigid_body, 0);
            assert_eq!(list[0].velocity, glam::Vec3::Y);
        }
        other => panic!("{other:?}"),
    }
    let anchors = &model.soft_bodies[0].anchors;
    assert_eq!(anchors.len(), 1);
    assert_eq!((anchors[0].rigid_body, anchors[0].vertex), (1, 3));
    history.undo(&mut model);
    assert_eq!(model, original);
}

#[test]
fn delete_joint_and_soft_body_and_display_frame() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::delete_joint(0))
        .unwrap();
    assert_eq!(model.joints.len(), 1);
    assert_eq!(model.joints[0].name, "j1");
    history
        .apply(&mut model, ModelEdit::delete_soft_body(0))
        .unwrap();
    assert!(model.soft_bodies.is_empty());
    history
        .apply(&mut model, ModelEdit::delete_display_frame(2))
        .unwrap();
    assert_eq!(model.display_frames.len(), 2);
    // Special frames are refused and the refusal records nothing.
    let err = history
        .apply(&mut model, ModelEdit::delete_display_frame(0))
        .unwrap_err();
    assert!(matches!(err, hone::edit::EditError::SpecialFrame(_)));
    assert_eq!(history.len(), 3);
    history.jump_to(&mut model, 0);
    assert_eq!(model, original);
}

#[test]
fn delete_material_removes_its_faces_and_remaps_offsets() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::delete_material(1))
        .unwrap();
    assert_eq!(
        model.faces,
        vec![[0, 1, 2], [1, 2, 3], [3, 4, 5], [0, 2, 4]]
    );
    match &model.morphs[3].offsets {
        MorphOffsets::Material(list) => {
            let refs: Vec<i32> = list.iter().map(|o| o.material).collect();
            assert_eq!(refs, vec![-1, 1], "−1 (all materials) stays");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(model.soft_bodies[0].material, 1);
    history.undo(&mut model);
    assert_eq!(model, original);

    // First and last together.
    history
        .apply(
            &mut model,
            ModelEdit::delete(ElementKind::Material, vec![2, 0]),
        )
        .unwrap();
    assert_eq!(model.faces, vec![[2, 3, 4]]);
    assert_eq!(model.soft_bodies[0].material, -1);
    history.undo(&mut model);
    assert_eq!(model, original);
}

#[test]
fn delete_texture_remaps_materials() {
    let original = full_rig();
    let mut model = original.clone();
    let removed = remap::remove_textures(&mut model, &[1]);
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
    remap::restore(&mut model, removed);
    assert_eq!(model, original);
}

#[test]
fn duplicate_appends_copies_with_references_intact() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::duplicate_bone(4))
        .unwrap();
    assert_eq!(model.bones.len(), 10);
    let copy = &model.bones[9];
    assert_eq!(copy.name, "右ひじ+");
    assert_eq!(copy.name_en, "右ひじ_en+");
    assert_eq!(copy.parent, 3);
    assert_eq!(copy.tail, Tail::Bone(5));
    assert_eq!(copy.layer, 1);
    assert_eq!(model.bones[..9], original.bones[..]);
    assert_eq!(model.vertices, original.vertices);
    history.undo(&mut model);
    assert_eq!(model, original);

    // A chain duplicated together points at its own copies.
    history
        .apply(
            &mut model,
            ModelEdit::duplicate(ElementKind::Bone, vec![3, 4, 5, 6]),
        )
        .unwrap();
    let (arm, elbow, wrist, ik) = (
        &model.bones[9],
        &model.bones[10],
        &model.bones[11],
        &model.bones[12],
    );
    assert_eq!((arm.parent, arm.tail), (1, Tail::Bone(10)));
    assert_eq!((elbow.parent, elbow.tail), (9, Tail::Bone(11)));
    assert_eq!(wrist.parent, 10);
    let ik = ik.ik.as_ref().unwrap();
    assert_eq!(ik.target, 11);
    assert_eq!(
        ik.links.iter().map(|l| l.bone).collect::<Vec<_>>(),
        vec![10, 9]
    );
    history.undo(&mut model);
    assert_eq!(model, original);

    for (kind, len) in [
        (ElementKind::Morph, original.morphs.len()),
        (ElementKind::RigidBody, original.rigid_bodies.len()),
        (ElementKind::Joint, original.joints.len()),
    ] {
        history
            .apply(&mut model, ModelEdit::duplicate(kind, vec![1]))
            .unwrap();
        assert_eq!(kind.len(&model), len + 1);
        let mut copy = kind.get(&model, len).unwrap();
        let source = kind.get(&original, 1).unwrap();
        assert_eq!(
            copy.name().map(|n| n.trim_end_matches('+').to_string()),
            source.name().map(String::from)
        );
        // Apart from the name the copy is identical.
        match (&mut copy, &source) {
            (hone::edit::Element::Morph(c), hone::edit::Element::Morph(s)) => {
                c.name = s.name.clone();
                c.name_en = s.name_en.clone();
            }
            (hone::edit::Element::RigidBody(c), hone::edit::Element::RigidBody(s)) => {
                c.name = s.name.clone();
                c.name_en = s.name_en.clone();
            }
            (hone::edit::Element::Joint(c), hone::edit::Element::Joint(s)) => {
                c.name = s.name.clone();
                c.name_en = s.name_en.clone();
            }
            _ => unreachable!(),
        }
        assert_eq!(copy, source);
    }
    history.jump_to(&mut model, 0);
    assert_eq!(model, original);
}

#[test]
fn move_bone_remaps_and_undo_restores() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    // Move 右腕IK (6) to the front.
    let edit = ModelEdit::move_element(&model, ElementKind::Bone, 6, 0);
    history.apply(&mut model, edit).unwrap();
    assert_eq!(history.undo_label(), Some("Move bone 右腕IK to #0"));
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
    history.undo(&mut model);
    assert_eq!(model, original);
}

#[test]
fn reorder_materials_moves_their_faces() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(
            &mut model,
            ModelEdit::reorder(ElementKind::Material, vec![2, 0, 1]),
        )
        .unwrap();
    assert_eq!(model.materials[0].name, "服");
    assert_eq!(
        model.faces,
        vec![[3, 4, 5], [0, 2, 4], [0, 1, 2], [1, 2, 3], [2, 3, 4]]
    );
    assert_eq!(model.soft_bodies[0].material, 0);
    history.undo(&mut model);
    assert_eq!(model, original);
    assert!(history
        .apply(
            &mut model,
            ModelEdit::reorder(ElementKind::Material, vec![0, 0, 1])
        )
        .is_err());
}

#[test]
fn invalid_edits_are_refused_without_change() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    assert!(history
        .apply(&mut model, ModelEdit::delete_bone(50))
        .is_err());
    assert!(history
        .apply(&mut model, ModelEdit::set_bone(50, Bone::default(), "name"))
        .is_err());
    assert!(history
        .apply(&mut model, ModelEdit::delete(ElementKind::Vertex, vec![0]))
        .is_err());
    assert!(history
        .apply(&mut model, ModelEdit::duplicate(ElementKind::Joint, vec![]))
        .is_err());
    // A batch whose second part is invalid leaves the model as it was.
    let batch = ModelEdit::batch(
        "bad",
        vec![ModelEdit::delete_bone(0), ModelEdit::delete_bone(8)],
    );
    assert!(history.apply(&mut model, batch).is_err());
    assert_eq!(model, original);
    assert!(history.is_empty());
}

#[test]
fn duplicate_material_copies_its_faces() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    history
        .apply(
            &mut model,
            ModelEdit::duplicate(ElementKind::Material, vec![2, 1]),
        )
        .unwrap();
    assert_eq!(model.materials.len(), 5);
    assert_eq!(model.materials[3].name, "服+");
    assert_eq!(model.materials[4].name, "顔+");
    assert_eq!(model.materials[3].face_index_count, 6);
    assert_eq!(model.faces[..5], original.faces[..]);
    assert_eq!(model.faces[5..], [[3, 4, 5], [0, 2, 4], [2, 3, 4]]);
    assert!(remap::material_faces_consistent(&model));
    history.undo(&mut model);
    assert_eq!(model, original);

    // Refused when the face counts do not describe the face list.
    model.faces.push([0, 0, 0]);
    assert!(history
        .apply(
            &mut model,
            ModelEdit::duplicate(ElementKind::Material, vec![0])
        )
        .is_err());
}

#[test]
fn delete_unused_vertices_remaps_faces_morphs_and_soft_bodies() {
    let original = full_rig();
    let mut model = original.clone();
    let mut history = History::new();
    assert!(ModelEdit::delete_unused_vertices(&model).is_none());
    // Only 右ひじ's face [2, 3, 4] remains, so vertices 0, 1 and 5 become unused.
    history
        .apply(
            &mut model,
            ModelEdit::delete(ElementKind::Material, vec![0, 2]),
        )
        .unwrap();
    let err = history
        .apply(
            &mut model,
            ModelEdit::delete(ElementKind::Vertex, vec![0, 3]),
        )
        .unwrap_err();
    assert_eq!(err, hone::edit::EditError::VertexInUse(3));
    let edit = ModelEdit::delete_unused_vertices(&model).unwrap();
    history.apply(&mut model, edit).unwrap();
    assert_eq!(history.undo_label(), Some("Delete 3 unused vertices"));
    assert_eq!(model.vertices.len(), 3);
    assert_eq!(model.vertices[0].position, original.vertices[2].position);
    assert_eq!(model.faces, vec![[0, 1, 2]]);
    match &model.morphs[0].offsets {
        MorphOffsets::Vertex(list) => {
            assert_eq!(list.len(), 1);
            assert_eq!((list[0].vertex, list[0].offset), (0, glam::Vec3::Y));
        }
        other => panic!("{other:?}"),
    }
    match &model.morphs[2].offsets {
        MorphOffsets::Uv { offsets, .. } => assert!(offsets.is_empty()),
        other => panic!("{other:?}"),
    }
    let sb = &model.soft_bodies[0];
    assert_eq!(sb.anchors.len(), 1);
    assert_eq!((sb.anchors[0].rigid_body, sb.anchors[0].vertex), (2, 1));
    assert_eq!(sb.pins, vec![0]);
    history.undo(&mut model);
    history.undo(&mut model);
    assert_eq!(model, original);
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
