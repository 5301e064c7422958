//! Delete with references: the report, and the "delete them too" / "re-point"
//! edits, on Gene's 後髪A1_1 chain and the sample rig.

use hone_core::edit::references::{
    delete_with_references, find_references, DeleteError, RefPolicy,
};
use hone_core::edit::{ElementKind, History};
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::write::write_pmx;
use hone_core::pmx::{Model, Tail, Weights};

fn gene() -> Option<Model> {
    // Skips (recorded by the testkit) when the shared models are absent.
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(hone_core::pmx::load(path).expect("Gene loads").model)
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &Default::default()).unwrap()
}

fn weight_on(w: &Weights, bone: usize) -> f32 {
    let (bones, weights, n) = w.bone_weights();
    (0..n)
        .filter(|&k| bones[k] == bone as i32)
        .map(|k| weights[k])
        .sum()
}

#[test]
fn report_names_every_kind_of_reference() {
    let Some(model) = gene() else {
        return;
    };
    let bone = model.bone_index("後髪A1_1").unwrap();
    let weighted = (model.vertices.iter())
        .filter(|v| weight_on(&v.weights, bone) != 0.0)
        .count();
    assert!(weighted > 0);
    let body = (model.rigid_bodies.iter())
        .position(|b| b.bone == bone as i32)
        .unwrap();
    let joints = (model.joints.iter())
        .filter(|j| j.body_a == body as i32 || j.body_b == body as i32)
        .count();
    let r = find_references(&model, ElementKind::Bone, &[bone]);
    assert_eq!(r.referrers.vertices.len(), weighted);
    assert_eq!(r.referrers.rigid_bodies, vec![body]);
    assert_eq!(r.referrers.joints.len(), joints);
    assert_eq!(r.child_bones, vec![model.bone_index("後髪A1_2").unwrap()]);
    let text = r.to_string();
    assert!(
        text.contains(&format!("{joints} joints"))
            && text.contains(&format!("{weighted} vertex weights"))
            && text.ends_with("refer to 後髪A1_1"),
        "{text}"
    );
    // Deleting the whole chain: the chain's own bones no longer count as references.
    let chain: Vec<usize> = ["後髪A1_1", "後髪A1_2", "後髪A1End"]
        .iter()
        .map(|n| model.bone_index(n).unwrap())
        .collect();
    assert!(find_references(&model, ElementKind::Bone, &chain)
        .child_bones
        .is_empty());
    // The default policy refuses and says why.
    match delete_with_references(&model, ElementKind::Bone, &[bone], RefPolicy::Error) {
        Err(DeleteError::Referenced(r)) => assert_eq!(r.referrers.vertices.len(), weighted),
        other => panic!("{other:?}"),
    }
}

#[test]
fn repoint_moves_weights_bodies_and_children_to_the_parent() {
    let Some(original) = gene() else {
        return;
    };
    let bone = original.bone_index("後髪A1_1").unwrap();
    let head = original.bone_index("頭").unwrap();
    let body_name = "後髪A1_1";
    let moved: Vec<usize> = (0..original.vertices.len())
        .filter(|&v| weight_on(&original.vertices[v].weights, bone) != 0.0)
        .collect();
    let mut model = original.clone();
    let mut h = History::new();
    let edit =
        delete_with_references(&original, ElementKind::Bone, &[bone], RefPolicy::Repoint).unwrap();
    h.apply(&mut model, edit).unwrap();
    assert_eq!(model.bones.len(), original.bones.len() - 1);
    let head = head - usize::from(bone < head);
    for &v in &moved {
        let before = &original.vertices[v].weights;
        let after = &model.vertices[v].weights;
        let (_, weights, n) = after.bone_weights();
        let sum: f32 = weights[..n].iter().sum();
        assert!((sum - 1.0).abs() < 1e-5, "vertex {v}: weights sum to {sum}");
        // The deleted bone's share went to 頭 (its parent).
        let expected = weight_on(before, bone) + weight_on(before, head);
        assert!(
            (weight_on(after, head) - expected).abs() < 1e-5,
            "vertex {v}: {before:?} → {after:?}"
        );
    }
    let body = model
        .rigid_bodies
        .iter()
        .find(|b| b.name == body_name)
        .unwrap();
    assert_eq!(body.bone, head as i32);
    let child = model.bone_index("後髪A1_2").unwrap();
    assert_eq!(model.bones[child].parent, head as i32);
    assert_eq!(model.joints.len(), original.joints.len());
    h.undo(&mut model);
    assert_eq!(bytes(&model), bytes(&original));
}

#[test]
fn delete_policy_takes_the_bodies_and_joints_along() {
    let Some(original) = gene() else {
        return;
    };
    let bone = original.bone_index("後髪A1_2").unwrap();
    let r = find_references(&original, ElementKind::Bone, &[bone]);
    assert_eq!(r.referrers.rigid_bodies.len(), 1);
    let mut model = original.clone();
    let mut h = History::new();
    let edit =
        delete_with_references(&original, ElementKind::Bone, &[bone], RefPolicy::Delete).unwrap();
    h.apply(&mut model, edit).unwrap();
    assert_eq!(model.rigid_bodies.len(), original.rigid_bodies.len() - 1);
    assert_eq!(
        model.joints.len(),
        original.joints.len() - r.referrers.joints.len()
    );
    assert!(model.rigid_bodies.iter().all(|b| b.name != "後髪A1_2"));
    // 後髪A1_1's tail pointed at the deleted bone: it keeps its drawn end.
    let parent = model.bone_index("後髪A1_1").unwrap();
    assert_eq!(
        model.bones[parent].tail,
        Tail::Offset(original.bones[bone].position - original.bones[parent].position)
    );
    h.undo(&mut model);
    assert_eq!(bytes(&model), bytes(&original));
}

#[test]
fn deleting_a_body_repoints_its_joints_up_the_chain() {
    let original = sample_rig();
    let hair2 = original
        .rigid_bodies
        .iter()
        .position(|b| b.name == "髪2")
        .unwrap();
    let hair1 = original
        .rigid_bodies
        .iter()
        .position(|b| b.name == "髪1")
        .unwrap();
    let r = find_references(&original, ElementKind::RigidBody, &[hair2]);
    assert!(r.referrers.joints.len() >= 2, "{r}");
    let mut model = original.clone();
    let mut h = History::new();
    let edit = delete_with_references(
        &original,
        ElementKind::RigidBody,
        &[hair2],
        RefPolicy::Repoint,
    )
    .unwrap();
    h.apply(&mut model, edit).unwrap();
    let hair1_now = hair1 - usize::from(hair2 < hair1);
    // The 髪2–髪3 joint now holds 髪3 to 髪1; the 髪1–髪2 joint (now 髪1–髪1) is gone.
    let hair3 = model
        .rigid_bodies
        .iter()
        .position(|b| b.name == "髪3")
        .unwrap();
    assert!(model.joints.iter().any(|j| {
        (j.body_a, j.body_b) == (hair1_now as i32, hair3 as i32)
            || (j.body_a, j.body_b) == (hair3 as i32, hair1_now as i32)
    }));
    assert!(model
        .joints
        .iter()
        .all(|j| j.body_a != j.body_b && j.body_a >= 0 && j.body_b >= 0));
    h.undo(&mut model);
    assert_eq!(bytes(&model), bytes(&original));
}
