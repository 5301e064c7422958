//! Morph authoring (core/src/rig/morphs.rs).

mod rig_support;
use glam::{Vec3, Vec4};
use hone_core::deform::{pose_from_json, Deformer, Pose};
use hone_core::edit::History;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::write::WriteOptions;
use hone_core::pmx::{DisplayElement, MaterialOp, Model, MorphKind, MorphOffsets};
use hone_core::rig::morphs;
use rig_support::{apply_and_undo, gene};
use std::collections::HashMap;

fn vertex_offsets(m: &Model, morph: usize) -> HashMap<i32, Vec3> {
    match &m.morphs[morph].offsets {
        MorphOffsets::Vertex(v) => v.iter().map(|o| (o.vertex, o.offset)).collect(),
        o => panic!("not a vertex morph: {:?}", o.kind()),
    }
}

#[test]
fn vertex_morph_from_a_copy_of_gene_with_a_applied() {
    let Some(gene) = gene() else {
        return;
    };
    let a = gene.morph_index("あ").expect("Gene has あ");
    // The copy: あ applied to the mesh, written to a file and read back.
    let mut copy = gene.clone();
    for (v, o) in vertex_offsets(&gene, a) {
        copy.vertices[v as usize].position += o;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gene_a.pmx");
    hone_core::pmx::write::save(&copy, &path, &WriteOptions::default()).unwrap();
    let copy = hone_core::pmx::load(&path).unwrap().model;

    let edit = morphs::vertex_morph_from_model(&gene, &copy, "あ2", 3).unwrap();
    let m = apply_and_undo(&gene, edit);
    let new = m.morphs.len() - 1;
    assert_eq!(m.morphs[new].name, "あ2");
    assert_eq!(m.morphs[new].panel, 3);
    let (old, got) = (vertex_offsets(&gene, a), vertex_offsets(&m, new));
    let nonzero: HashMap<i32, Vec3> = old.into_iter().filter(|(_, o)| *o != Vec3::ZERO).collect();
    assert_eq!(
        got.len(),
        nonzero.len(),
        "same vertices (zero offsets dropped)"
    );
    let worst = nonzero
        .iter()
        .map(|(v, o)| (got[v] - *o).length())
        .fold(0.0f32, f32::max);
    eprintln!(
        "あ rebuilt from a copy: {} offsets, worst difference {worst:.2e}",
        got.len()
    );
    assert!(worst < 1e-5);
    // Listed in the 表情 frame.
    let face = m
        .display_frames
        .iter()
        .find(|f| f.special && f.name == "表情")
        .unwrap();
    assert_eq!(
        face.elements.last(),
        Some(&DisplayElement::Morph(new as i32))
    );
    // Another vertex count is refused.
    let mut short = copy.clone();
    short.vertices.pop();
    assert!(morphs::vertex_morph_from_model(&gene, &short, "x", 4).is_err());
}

#[test]
fn bone_morph_from_gene_a_reproduces_the_pose() {
    let Some(gene) = gene() else {
        return;
    };
    let path = hone_testkit::shared_model("gene/oracle/gene_a.pose.json").unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let mut pose = pose_from_json(&gene, &text).unwrap().pose;
    pose.morphs.fill(0.0);
    let edit = morphs::bone_morph_from_pose(&gene, &pose, "ポーズA", 4).unwrap();
    let m = apply_and_undo(&gene, edit);
    let new = m.morphs.len() - 1;
    assert_eq!(m.morphs[new].kind(), MorphKind::Bone);
    assert_eq!(m.morphs[new].offsets.len(), 11);

    let eval = |model: &Model, pose: &Pose| {
        let d = Deformer::new(model);
        let mut s = d.new_state();
        d.evaluate(model, pose, &mut s);
        s
    };
    let want = eval(&gene, &pose);
    let mut by_morph = Pose::new(&m);
    by_morph.morphs[new] = 1.0;
    let got = eval(&m, &by_morph);
    let worst_bone = want
        .world
        .iter()
        .zip(&got.world)
        .map(|(a, b)| {
            (*a - *b)
                .to_cols_array()
                .iter()
                .fold(0.0f32, |x, y| x.max(y.abs()))
        })
        .fold(0.0f32, f32::max);
    let worst_vertex = want
        .positions
        .iter()
        .zip(&got.positions)
        .map(|(a, b)| a.distance(*b))
        .fold(0.0f32, f32::max);
    eprintln!(
        "bone morph vs pose: worst matrix entry {worst_bone:.2e}, worst vertex {worst_vertex:.2e}"
    );
    assert!(worst_bone < 1e-4);
    assert!(worst_vertex < 1e-4);
}

#[test]
fn group_flip_uv_material_impulse_and_offset_edits() {
    let model = sample_rig();
    let n = model.morphs.len();
    // Group from slider weights (zero dropped).
    let e = morphs::group_morph(&model, "まとめ", 4, &[(0, 0.5), (1, 0.0), (2, 1.0)]).unwrap();
    let m = apply_and_undo(&model, e);
    assert_eq!(m.morphs.len(), n + 1);
    match &m.morphs[n].offsets {
        MorphOffsets::Group(g) => {
            assert_eq!(
                g.iter().map(|o| (o.morph, o.ratio)).collect::<Vec<_>>(),
                [(0, 0.5), (2, 1.0)]
            )
        }
        o => panic!("{:?}", o.kind()),
    }
    assert!(morphs::group_morph(&model, "x", 4, &[(n + 5, 1.0)]).is_err());
    assert!(morphs::group_morph(&model, "", 4, &[(0, 1.0)]).is_err());

    let e = morphs::flip_morph(&model, "切替", 4, &[(0, 1.0), (1, 1.0)]).unwrap();
    assert_eq!(apply_and_undo(&model, e).morphs[n].kind(), MorphKind::Flip);
    let e = morphs::impulse_morph(&model, "衝撃", 4, &[0, 1], true, Vec3::Y, Vec3::ZERO).unwrap();
    assert_eq!(apply_and_undo(&model, e).morphs[n].offsets.len(), 2);
    assert!(morphs::impulse_morph(&model, "x", 4, &[9999], true, Vec3::Y, Vec3::ZERO).is_err());
    let e = morphs::uv_morph(&model, "UV", 4, 1, &[(0, Vec4::X), (1, Vec4::ZERO)]).unwrap();
    let m = apply_and_undo(&model, e);
    assert_eq!(m.morphs[n].kind(), MorphKind::AdditionalUv1);
    assert_eq!(m.morphs[n].offsets.len(), 1);
    let mut tint = morphs::neutral_material_offset(0, MaterialOp::Multiply);
    tint.diffuse = Vec4::new(1.0, 0.5, 0.5, 1.0);
    let e = morphs::material_morph(&model, "赤", 4, vec![tint]).unwrap();
    assert_eq!(
        apply_and_undo(&model, e).morphs[n].kind(),
        MorphKind::Material
    );

    // Vertex morph from recorded offsets, then add and remove offsets.
    let e = morphs::vertex_morph_from_offsets(
        &model,
        "伸び",
        4,
        &[(3, Vec3::X), (4, Vec3::ZERO), (5, Vec3::Y)],
    )
    .unwrap();
    let m = apply_and_undo(&model, e.clone());
    let mut m2 = model.clone();
    History::new().apply(&mut m2, e).unwrap();
    assert_eq!(m.morphs[n].offsets.len(), 2);
    let add = MorphOffsets::Vertex(vec![
        hone_core::pmx::VertexOffset {
            vertex: 5,
            offset: Vec3::Z,
        },
        hone_core::pmx::VertexOffset {
            vertex: 6,
            offset: Vec3::Z,
        },
    ]);
    let e = morphs::add_offsets(&m2, n, add).unwrap().unwrap();
    let m3 = apply_and_undo(&m2, e);
    match &m3.morphs[n].offsets {
        MorphOffsets::Vertex(v) => {
            let got: Vec<(i32, Vec3)> = v.iter().map(|o| (o.vertex, o.offset)).collect();
            assert_eq!(got, [(3, Vec3::X), (5, Vec3::Z), (6, Vec3::Z)]);
        }
        o => panic!("{:?}", o.kind()),
    }
    let e = morphs::remove_offsets(&m3, n, &[3, 6, 99])
        .unwrap()
        .unwrap();
    assert_eq!(apply_and_undo(&m3, e).morphs[n].offsets.len(), 1);
    assert!(morphs::remove_offsets(&m3, n, &[42]).unwrap().is_none());
    // Offsets of another kind are refused.
    let wrong = MorphOffsets::Bone(vec![]);
    assert!(morphs::add_offsets(&m3, n, wrong).unwrap().is_none());
    let wrong = MorphOffsets::Group(vec![hone_core::pmx::GroupOffset {
        morph: 0,
        ratio: 1.0,
    }]);
    assert!(morphs::add_offsets(&m3, n, wrong).is_err());
}
