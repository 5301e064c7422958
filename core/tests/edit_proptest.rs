//! Random edit sequences: undo-all gives back the original model, redo-all gives
//! the state the edits produced, step by step.

mod edit_support;

use edit_support::full_rig;
use hone_core::edit::{ElementKind, History, ModelEdit};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::*;
use proptest::prelude::*;

const KINDS: [ElementKind; 8] = [
    ElementKind::Bone,
    ElementKind::Morph,
    ElementKind::Material,
    ElementKind::RigidBody,
    ElementKind::Joint,
    ElementKind::SoftBody,
    ElementKind::DisplayFrame,
    ElementKind::Texture,
];

#[derive(Debug, Clone)]
enum Step {
    DeleteUnusedVertices,
    BoneLayer {
        bone: usize,
        layer: i32,
        merge: bool,
    },
    BonePosition {
        bone: usize,
        x: f32,
        merge: bool,
    },
    BoneParent {
        bone: usize,
        parent: i32,
    },
    DropMorphOffset {
        morph: usize,
    },
    VertexWeights {
        vertex: usize,
        bone: i32,
        weight: f32,
    },
    BodyMass {
        body: usize,
        mass: f32,
    },
    InfoComment {
        text: String,
    },
    Add {
        kind: usize,
    },
    Duplicate {
        kind: usize,
        a: usize,
        b: usize,
    },
    Delete {
        kind: usize,
        a: usize,
        b: usize,
    },
    Move {
        kind: usize,
        from: usize,
        to: usize,
    },
    Batch {
        a: usize,
        b: usize,
    },
    Undo,
    Redo,
    EndMerge,
}

fn step() -> impl Strategy<Value = Step> {
    let i = 0usize..64;
    prop_oneof![
        (i.clone(), 0i32..4, any::<bool>()).prop_map(|(bone, layer, merge)| Step::BoneLayer {
            bone,
            layer,
            merge
        }),
        (i.clone(), -10.0f32..10.0, any::<bool>())
            .prop_map(|(bone, x, merge)| Step::BonePosition { bone, x, merge }),
        (i.clone(), -1i32..12).prop_map(|(bone, parent)| Step::BoneParent { bone, parent }),
        i.clone().prop_map(|morph| Step::DropMorphOffset { morph }),
        (i.clone(), -1i32..12, 0.0f32..1.0).prop_map(|(vertex, bone, weight)| {
            Step::VertexWeights {
                vertex,
                bone,
                weight,
            }
        }),
        (i.clone(), 0.0f32..5.0).prop_map(|(body, mass)| Step::BodyMass { body, mass }),
        "[a-zあ-ん]{0,4}".prop_map(|text| Step::InfoComment { text }),
        (0usize..8).prop_map(|kind| Step::Add { kind }),
        (0usize..8, i.clone(), i.clone()).prop_map(|(kind, a, b)| Step::Duplicate { kind, a, b }),
        (0usize..8, i.clone(), i.clone()).prop_map(|(kind, a, b)| Step::Delete { kind, a, b }),
        (0usize..8, i.clone(), i.clone()).prop_map(|(kind, from, to)| Step::Move {
            kind,
            from,
            to
        }),
        (i.clone(), i).prop_map(|(a, b)| Step::Batch { a, b }),
        Just(Step::DeleteUnusedVertices),
        Just(Step::Undo),
        Just(Step::Redo),
        Just(Step::EndMerge),
    ]
}

fn pick(seed: usize, len: usize) -> Option<usize> {
    (len > 0).then(|| seed % len)
}

fn new_element(kind: ElementKind) -> hone_core::edit::Element {
    use hone_core::edit::Element;
    match kind {
        ElementKind::Bone => Bone {
            name: "新".into(),
            parent: 0,
            ..Bone::default()
        }
        .into(),
        ElementKind::Morph => Morph {
            name: "新".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Group(vec![GroupOffset {
                morph: 0,
                ratio: 1.0,
            }]),
        }
        .into(),
        ElementKind::Material => Material {
            name: "新".into(),
            ..Material::default()
        }
        .into(),
        ElementKind::RigidBody => RigidBody {
            bone: 1,
            ..RigidBody::default()
        }
        .into(),
        ElementKind::Joint => Joint {
            body_a: 0,
            body_b: 1,
            ..Joint::default()
        }
        .into(),
        ElementKind::SoftBody => SoftBody {
            material: 0,
            ..SoftBody::default()
        }
        .into(),
        ElementKind::DisplayFrame => DisplayFrame {
            name: "枠".into(),
            elements: vec![DisplayElement::Bone(1), DisplayElement::Morph(0)],
            ..DisplayFrame::default()
        }
        .into(),
        _ => Element::Texture("new.png".into()),
    }
}

/// A field edit of bone `seed` (picked among the model's bones) made by `change`.
fn bone_edit(
    model: &Model,
    seed: usize,
    field: &str,
    change: impl FnOnce(&mut Bone),
) -> Option<ModelEdit> {
    let i = pick(seed, model.bones.len())?;
    let mut bone = model.bones[i].clone();
    change(&mut bone);
    Some(ModelEdit::set_bone(i, bone, field))
}

fn merging_if(edit: ModelEdit, merge: bool, key: u64) -> ModelEdit {
    if merge {
        edit.merging(key)
    } else {
        edit
    }
}

/// The edit a step stands for on the current model (None = not applicable).
fn edit_for(step: &Step, model: &Model) -> Option<ModelEdit> {
    Some(match step {
        Step::BoneLayer { bone, layer, merge } => {
            let e = bone_edit(model, *bone, "deform layer", |b| b.layer = *layer)?;
            merging_if(e.value(layer), *merge, 1)
        }
        Step::BonePosition { bone, x, merge } => {
            let e = bone_edit(model, *bone, "position.x", |b| b.position.x = *x)?;
            merging_if(e, *merge, 2)
        }
        Step::BoneParent { bone, parent } => {
            bone_edit(model, *bone, "parent", |b| b.parent = *parent)?
        }
        Step::DropMorphOffset { morph } => {
            let i = pick(*morph, model.morphs.len())?;
            let mut m = model.morphs[i].clone();
            match &mut m.offsets {
                MorphOffsets::Group(v) | MorphOffsets::Flip(v) => drop(v.pop()),
                MorphOffsets::Bone(v) => drop(v.pop()),
                MorphOffsets::Vertex(v) => drop(v.pop()),
                MorphOffsets::Material(v) => drop(v.pop()),
                MorphOffsets::Impulse(v) => drop(v.pop()),
                MorphOffsets::Uv { offsets, .. } => drop(offsets.pop()),
            }
            ModelEdit::set_morph(i, m, "offsets")
        }
        Step::VertexWeights {
            vertex,
            bone,
            weight,
        } => {
            let i = pick(*vertex, model.vertices.len())?;
            let mut v = model.vertices[i].clone();
            v.weights = Weights::Bdef2 {
                bones: [*bone, 0],
                weight: *weight,
            };
            ModelEdit::set_vertex(i, v, "weights")
        }
        Step::BodyMass { body, mass } => {
            let i = pick(*body, model.rigid_bodies.len())?;
            let mut r = model.rigid_bodies[i].clone();
            r.mass = *mass;
            ModelEdit::set_rigid_body(i, r, "mass").merging(3)
        }
        Step::InfoComment { text } => {
            let mut info = model.info.clone();
            info.comment = text.clone();
            ModelEdit::set_info(info, "comment")
        }
        Step::Add { kind } => ModelEdit::add(new_element(KINDS[*kind])),
        Step::Duplicate { kind, a, b } => {
            let kind = KINDS[*kind];
            let len = kind.len(model);
            ModelEdit::duplicate(kind, vec![pick(*a, len)?, pick(*b, len)?])
        }
        Step::Delete { kind, a, b } => {
            let kind = KINDS[*kind];
            let len = kind.len(model);
            ModelEdit::delete(kind, vec![pick(*a, len)?, pick(*b, len)?])
        }
        Step::Move { kind, from, to } => {
            let kind = KINDS[*kind];
            let len = kind.len(model);
            ModelEdit::move_element(model, kind, pick(*from, len)?, pick(*to, len)?)
        }
        Step::Batch { a, b } => ModelEdit::batch(
            "batch",
            vec![
                bone_edit(model, *a, "deform layer", |b| b.layer += 1)?,
                ModelEdit::delete(ElementKind::Bone, vec![pick(*b, model.bones.len())?]),
                ModelEdit::duplicate(ElementKind::Bone, vec![0]),
            ],
        ),
        Step::DeleteUnusedVertices => ModelEdit::delete_unused_vertices(model)?,
        Step::Undo | Step::Redo | Step::EndMerge => return None,
    })
}

fn run(base: &Model, steps: &[Step]) -> std::result::Result<(), TestCaseError> {
    let mut model = base.clone();
    let mut history = History::new();
    let faces_consistent = hone_core::edit::remap::material_faces_consistent(base);
    for s in steps {
        match s {
            Step::Undo => {
                history.undo(&mut model);
            }
            Step::Redo => {
                history.redo(&mut model);
            }
            Step::EndMerge => history.end_merge(),
            _ => {
                if let Some(edit) = edit_for(s, &model) {
                    let before = model.clone();
                    if history.apply(&mut model, edit).is_err() {
                        prop_assert_eq!(&model, &before, "a refused edit changed the model");
                    }
                }
            }
        }
        // Material deletes/duplicates/reorders keep each material's faces its own.
        prop_assert!(
            !faces_consistent || hone_core::edit::remap::material_faces_consistent(&model),
            "material face counts no longer cover the faces after {:?}",
            s
        );
    }
    // Redo what is left: the state the recorded edits produce.
    history.jump_to(&mut model, history.len());
    let len = history.len();
    // Undo one step at a time, remembering every state.
    let mut states = vec![model.clone()];
    while history.undo(&mut model).is_some() {
        states.push(model.clone());
    }
    prop_assert_eq!(states.len(), len + 1);
    prop_assert_eq!(&model, base, "undo-all must give back the original");
    let bytes = |m: &Model| write_pmx(m, &WriteOptions::default()).expect("writes");
    prop_assert!(
        bytes(&model) == bytes(base),
        "undo-all writes different bytes"
    );
    // Redo one step at a time: each state must match the one seen on the way down.
    for k in (0..len).rev() {
        prop_assert!(history.redo(&mut model).is_some());
        prop_assert_eq!(&model, &states[k], "redo to step {} differs", len - k);
    }
    // And jumping back and forth in one go.
    history.jump_to(&mut model, 0);
    prop_assert_eq!(&model, base);
    history.jump_to(&mut model, len);
    prop_assert_eq!(&model, &states[0]);
    prop_assert!(
        bytes(&model) == bytes(&states[0]),
        "redo-all writes different bytes than applying once"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn undo_all_restores_and_redo_all_reapplies(steps in prop::collection::vec(step(), 1..40)) {
        run(&full_rig(), &steps)?;
    }
}

proptest! {
    // The bundled sample rig: every morph kind, all joint kinds, soft bodies, a real mesh.
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn sample_rig_undo_all_restores_and_redo_all_reapplies(
        steps in prop::collection::vec(step(), 1..30)
    ) {
        run(&SAMPLE.with(|s| s.clone()), &steps)?;
    }
}

thread_local! {
    static SAMPLE: Model = hone_core::pmx::builder::sample_rig();
}

/// References of every kind that are neither −1 nor a valid index.
fn dangling(model: &Model) -> Vec<usize> {
    let mut copy = model.clone();
    KINDS
        .iter()
        .chain(&[ElementKind::Vertex])
        .map(|&kind| {
            let len = kind.len(model) as i32;
            let mut count = 0;
            hone_core::edit::remap::map_refs(&mut copy, kind, |x| {
                if x != -1 && !(0..len).contains(&x) {
                    count += 1;
                }
                x
            });
            count
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Deleting never leaves a reference pointing past the end: the number of broken
    /// references never grows (full_rig has two on purpose; they only go away when
    /// the element holding them is deleted).
    #[test]
    fn deletes_never_create_dangling_references(
        deletes in prop::collection::vec((0usize..8, prop::collection::vec(0usize..64, 1..4)), 1..6),
        sample in any::<bool>(),
    ) {
        let base = if sample { SAMPLE.with(|s| s.clone()) } else { full_rig() };
        let mut model = base.clone();
        let before = dangling(&model);
        let mut history = History::new();
        for (kind, seeds) in &deletes {
            let kind = KINDS[*kind];
            let len = kind.len(&model);
            if len == 0 {
                continue;
            }
            let indices = seeds.iter().map(|s| s % len).collect();
            let _ = history.apply(&mut model, ModelEdit::delete(kind, indices));
            let after = dangling(&model);
            prop_assert!(
                after.iter().zip(&before).all(|(a, b)| a <= b),
                "dangling references {:?} -> {:?}",
                before,
                after
            );
        }
        history.jump_to(&mut model, 0);
        prop_assert_eq!(&model, &base);
    }
}
