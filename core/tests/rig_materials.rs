//! Material order, merge and split (`hone_core::rig::materials`, ops
//! `material_order`, `merge_materials`, `split_material`) on the sample rig, a builder
//! model and the shared models (Gene.pmx, mei.pmd; skipped when absent): faces follow
//! their materials, references follow, and undo or the inverse operation gives the
//! same bytes.

use glam::{Quat, Vec3, Vec4};
use hone_core::deform::{Deformer, Pose};
use hone_core::edit::{remap, History};
use hone_core::ops::{find, Options, Selection};
use hone_core::pmx::builder::{bdef1, ModelBuilder};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::{MaterialOffset, MaterialOp, Model, MorphOffsets};
use hone_core::rig::materials::{plan_merge, plan_order, plan_split};
use std::collections::BTreeMap;

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).expect("writes")
}

/// The sample rig, plus Gene.pmx and mei.pmd when the shared models are there.
fn models() -> Vec<(String, Model)> {
    let mut out = vec![("sample".to_string(), hone_core::pmx::builder::sample_rig())];
    for rel in ["gene/Gene.pmx", "mei/mei.pmd"] {
        match hone_testkit::shared_model(rel) {
            Some(p) => out.push((rel.into(), hone_core::pmx::load(&p).expect("loads").model)),
            None => hone_testkit::skip(format!("{rel} not found")),
        }
    }
    out
}

/// Each material's faces by name (name + ordinal among equal names).
fn faces_by_material(model: &Model) -> BTreeMap<(String, usize), Vec<[i32; 3]>> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    remap::material_face_ranges(model)
        .into_iter()
        .zip(&model.materials)
        .map(|(r, m)| {
            let n = seen.entry(m.name.clone()).or_default();
            *n += 1;
            ((m.name.clone(), *n), model.faces[r].to_vec())
        })
        .collect()
}

/// The material-morph offsets as (morph, material name) pairs.
fn morph_targets(model: &Model) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, m) in model.morphs.iter().enumerate() {
        if let MorphOffsets::Material(list) = &m.offsets {
            for o in list {
                let name = usize::try_from(o.material)
                    .ok()
                    .and_then(|k| model.materials.get(k))
                    .map_or("*".to_string(), |m| m.name.clone());
                out.push((i, name));
            }
        }
    }
    out.sort();
    out
}

/// Skinned positions with every bone turned a little (a pose that moves every vertex).
fn deformed(model: &Model) -> Vec<Vec3> {
    let d = Deformer::new(model);
    let mut s = d.new_state();
    let mut pose = Pose::new(model);
    for (i, b) in pose.bones.iter_mut().enumerate() {
        b.rotation = Quat::from_rotation_z(0.01 * (i % 7) as f32);
    }
    d.evaluate(model, &pose, &mut s);
    s.positions.clone()
}

/// Triangles as sorted position triples (the deformed mesh, whatever the face order).
fn triangle_set(model: &Model, positions: &[Vec3]) -> Vec<[[u32; 3]; 3]> {
    let mut out: Vec<[[u32; 3]; 3]> = model
        .faces
        .iter()
        .map(|f| f.map(|v| positions[v as usize].to_array().map(f32::to_bits)))
        .collect();
    out.sort();
    out
}

#[test]
fn reorder_then_back_is_the_same_bytes_and_faces_follow() {
    for (name, model) in models() {
        let n = model.materials.len();
        assert!(n >= 4, "{name}");
        let before = bytes(&model);
        let mut edited = model.clone();
        let mut h = History::new();
        // Materials 1 and 2 to the end, then back to 1.
        let edit = plan_order(&model, &[1, 2], n).expect("plans");
        h.apply(&mut edited, edit).unwrap();
        assert_eq!(edited.materials[n - 2].name, model.materials[1].name);
        assert_eq!(edited.materials[n - 1].name, model.materials[2].name);
        assert_eq!(edited.faces.len(), model.faces.len(), "{name}");
        assert_eq!(
            faces_by_material(&edited),
            faces_by_material(&model),
            "{name}: every material keeps its triangles"
        );
        assert_eq!(morph_targets(&edited), morph_targets(&model), "{name}");
        let (p0, p1) = (deformed(&model), deformed(&edited));
        assert_eq!(p0, p1, "{name}: vertices deform the same");
        assert_eq!(
            triangle_set(&model, &p0),
            triangle_set(&edited, &p1),
            "{name}"
        );
        assert_ne!(bytes(&edited), before, "{name}: the order changed");
        let back = plan_order(&edited, &[n - 2, n - 1], 1).expect("plans");
        h.apply(&mut edited, back).unwrap();
        assert_eq!(bytes(&edited), before, "{name}: moved back");
        h.undo(&mut edited);
        h.undo(&mut edited);
        assert_eq!(bytes(&edited), before, "{name}: undone");
        // Nothing to move is reported, not an error.
        assert!(plan_order(&model, &[0], 0).is_err());
    }
}

/// Three boxes: an opaque body, a half-transparent veil and a second, identical veil;
/// a material morph on each veil.
fn builder_model() -> Model {
    let mut b = ModelBuilder::new("veils");
    let root = b.bone("センター", Vec3::ZERO).movable().index();
    let body = b.material("体", Vec4::ONE).index();
    let veil = b.material("ベール", Vec4::new(1.0, 1.0, 1.0, 0.5)).index();
    let veil2 = b.material("ベール2", Vec4::new(1.0, 1.0, 1.0, 0.5)).index();
    b.box_mesh(
        body,
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::splat(1.0),
        bdef1(root),
    );
    b.box_mesh(
        veil,
        Vec3::new(0.0, 1.0, -1.2),
        Vec3::splat(0.8),
        bdef1(root),
    );
    b.box_mesh(
        veil2,
        Vec3::new(0.0, 3.0, -1.2),
        Vec3::splat(0.8),
        bdef1(root),
    );
    let offset = |material: i32| MaterialOffset {
        material,
        op: MaterialOp::Multiply,
        diffuse: Vec4::new(1.0, 1.0, 1.0, 0.0),
        specular: Vec3::ONE,
        specular_power: 1.0,
        ambient: Vec3::ONE,
        edge_color: Vec4::ONE,
        edge_size: 1.0,
        texture_tint: Vec4::ONE,
        sphere_tint: Vec4::ONE,
        toon_tint: Vec4::ONE,
    };
    b.material_morph("ベール消し", 4, [offset(veil), offset(veil2)]);
    b.material_morph("体消し", 4, [offset(body)]);
    b.build()
}

#[test]
fn material_morph_targets_follow_a_reorder() {
    let model = builder_model();
    let mut edited = model.clone();
    let mut h = History::new();
    h.apply(&mut edited, plan_order(&model, &[0], 3).unwrap())
        .unwrap();
    assert_eq!(edited.materials[2].name, "体");
    let MorphOffsets::Material(list) = &edited.morphs[1].offsets else {
        panic!("a material morph");
    };
    assert_eq!(list[0].material, 2, "体消し still names 体");
    assert_eq!(morph_targets(&edited), morph_targets(&model));
}

#[test]
fn merge_then_split_gives_the_same_triangles_and_refuses_different_settings() {
    let model = builder_model();
    let veil_faces = faces_by_material(&model)[&("ベール2".to_string(), 1)].clone();
    let mut edited = model.clone();
    let mut h = History::new();
    let merge = plan_merge(&model, &[1, 2]).expect("same settings");
    assert_eq!(merge.faces, 24);
    h.apply(&mut edited, merge.edit).unwrap();
    assert_eq!(edited.materials.len(), 2);
    assert_eq!(edited.materials[1].face_index_count, 72);
    assert!(remap::material_faces_consistent(&edited));
    // One offset per morph and material: ベール消し keeps one, on ベール.
    assert_eq!(
        morph_targets(&edited),
        vec![(0, "ベール".to_string()), (1, "体".to_string())]
    );
    // Split the second veil's vertices back out.
    let verts: Vec<usize> = veil_faces.iter().flatten().map(|&v| v as usize).collect();
    let split = plan_split(&edited, &verts, "").expect("splits");
    assert_eq!(split.split, vec![(1, 12)]);
    h.apply(&mut edited, split.edit).unwrap();
    assert_eq!(edited.materials.len(), 3);
    assert_eq!(edited.materials[2].name, "ベール+");
    let after = faces_by_material(&edited);
    assert_eq!(after[&("ベール+".to_string(), 1)], veil_faces);
    let mut all_before: Vec<_> = model.faces.clone();
    let mut all_after: Vec<_> = edited.faces.clone();
    all_before.sort();
    all_after.sort();
    assert_eq!(all_before, all_after, "the same triangles");
    // The new material fades with the morph as its source did.
    assert_eq!(
        morph_targets(&edited),
        vec![
            (0, "ベール".to_string()),
            (0, "ベール+".to_string()),
            (1, "体".to_string())
        ]
    );
    for _ in 0..2 {
        h.undo(&mut edited);
    }
    assert_eq!(bytes(&edited), bytes(&model));
    // Different settings: refused, naming them.
    let err = plan_merge(&model, &[0, 1]).unwrap_err().to_string();
    assert!(err.contains("ベール") && err.contains("diffuse"), "{err}");
}

#[test]
fn split_then_merge_on_the_shared_models_gives_the_bytes_back_by_triangles() {
    for (name, model) in models() {
        // The material with the most faces; its vertices on the +X side.
        let ranges = remap::material_face_ranges(&model);
        let (m, range) = ranges
            .iter()
            .cloned()
            .enumerate()
            .max_by_key(|(_, r)| r.len())
            .unwrap();
        let verts: Vec<usize> = model.faces[range.clone()]
            .iter()
            .flatten()
            .map(|&v| v as usize)
            .filter(|&v| model.vertices[v].position.x > 0.0)
            .collect();
        let mut edited = model.clone();
        let mut h = History::new();
        let split = plan_split(&model, &verts, "").expect("splits");
        // Vertices shared with other materials may split those too.
        let moved = split.split.iter().find(|s| s.0 == m).expect("splits it").1;
        assert!(moved > 0 && moved < range.len(), "{name}");
        let count = split.split.len();
        let split_list = split.split.clone();
        h.apply(&mut edited, split.edit).unwrap();
        assert_eq!(edited.materials.len(), model.materials.len() + count);
        assert!(remap::material_faces_consistent(&edited), "{name}");
        let p = deformed(&model);
        assert_eq!(
            triangle_set(&model, &p),
            triangle_set(&edited, &p),
            "{name}"
        );
        // Each copy sits right after its source: merge them back from the last.
        for (k, &(src, faces)) in split_list.iter().enumerate().rev() {
            let at = src + k;
            assert_eq!(
                edited.materials[at + 1].face_index_count as usize,
                faces * 3
            );
            let merge = plan_merge(&edited, &[at, at + 1]).expect("same settings");
            h.apply(&mut edited, merge.edit).unwrap();
        }
        assert_eq!(edited.materials.len(), model.materials.len());
        let sorted = |model: &Model| -> Vec<Vec<[i32; 3]>> {
            remap::material_face_ranges(model)
                .into_iter()
                .map(|r| {
                    let mut f = model.faces[r].to_vec();
                    f.sort();
                    f
                })
                .collect()
        };
        assert_eq!(
            sorted(&edited),
            sorted(&model),
            "{name}: each material's triangles"
        );
        assert_eq!(morph_targets(&edited), morph_targets(&model), "{name}");
        for _ in 0..=count {
            h.undo(&mut edited);
        }
        assert_eq!(bytes(&edited), bytes(&model), "{name}: undone");
    }
}

#[test]
fn the_operations_run_from_options_and_refuse_without_changing_anything() {
    let model = builder_model();
    let run = |name: &str, sel: Selection, opts: serde_json::Value| {
        let op = find(name).unwrap();
        let serde_json::Value::Object(map) = opts else {
            unreachable!()
        };
        (op.plan)(&model, &sel, &Options::new(map))
    };
    let p = run(
        "material_order",
        Selection::of(hone_core::edit::ElementKind::Material, vec![0]),
        serde_json::json!({"to": 3}),
    )
    .unwrap();
    assert!(p.edit.is_some());
    let p = run(
        "merge_materials",
        Selection::of(hone_core::edit::ElementKind::Material, vec![1]),
        serde_json::json!({}),
    )
    .unwrap();
    assert!(
        p.edit.is_some(),
        "one veil merges the other: {:?}",
        p.summary
    );
    let p = run(
        "merge_materials",
        Selection::of(hone_core::edit::ElementKind::Material, vec![0]),
        serde_json::json!({}),
    )
    .unwrap();
    assert!(p.edit.is_none(), "体 is alone");
    // Every vertex selected: every material has all its faces, nothing to split.
    let all = (0..model.vertices.len()).collect();
    let p = run(
        "split_material",
        Selection::of(hone_core::edit::ElementKind::Vertex, all),
        serde_json::json!({"name": "x"}),
    )
    .unwrap();
    assert!(p.edit.is_none());
}

#[test]
fn a_transparent_material_before_an_opaque_one_it_covers_is_reported_and_fixed() {
    use hone_core::check::{check_model, CheckContext, ElementRef};
    let codes = |m: &Model| -> Vec<(ElementRef, Vec<ElementRef>)> {
        check_model(m, &CheckContext { model_dir: None })
            .into_iter()
            .filter(|p| p.code == "W-MATERIAL-TRANSPARENT-ORDER")
            .map(|p| (p.target, p.related))
            .collect()
    };
    let model = builder_model();
    // 体 first, the veils after it: as MMD wants.
    assert!(codes(&model).is_empty());
    let mut edited = model.clone();
    let mut h = History::new();
    h.apply(&mut edited, plan_order(&model, &[0], 3).unwrap())
        .unwrap();
    // Now ベール (in front of 体) is drawn first; ベール2 is above 体, covering nothing.
    assert_eq!(
        codes(&edited),
        vec![(ElementRef::Material(0), vec![ElementRef::Material(2)])]
    );
    let problem = check_model(&edited, &CheckContext { model_dir: None })
        .into_iter()
        .find(|p| p.code == "W-MATERIAL-TRANSPARENT-ORDER")
        .unwrap();
    assert!(problem.message.contains("体"), "{}", problem.message);
    let fix = problem.fix.expect("a fix");
    assert!(fix.apply(&mut edited, &mut h));
    assert_eq!(edited.materials[1].name, "体");
    assert_eq!(edited.materials[2].name, "ベール");
    assert!(codes(&edited).is_empty(), "after the fix");
    assert_eq!(faces_by_material(&edited), faces_by_material(&model));
}

#[test]
fn fixing_the_transparent_order_on_the_shared_models_leaves_none_and_keeps_every_triangle() {
    use hone_core::check::{check_model, fix_all, CheckContext};
    let ctx = CheckContext { model_dir: None };
    let code = "W-MATERIAL-TRANSPARENT-ORDER";
    for (name, model) in models() {
        let found = check_model(&model, &ctx)
            .iter()
            .filter(|p| p.code == code)
            .count();
        eprintln!("{name}: {found} {code}");
        for p in check_model(&model, &ctx).iter().filter(|p| p.code == code) {
            eprintln!("  {}", p.message);
        }
        let Some(all) = fix_all(&model, &ctx, |p| p.code == code) else {
            assert_eq!(found, 0, "{name}: problems without a fix");
            continue;
        };
        let mut fixed = model.clone();
        History::new().apply(&mut fixed, all.edit).unwrap();
        let left = check_model(&fixed, &ctx)
            .iter()
            .filter(|p| p.code == code)
            .count();
        assert_eq!(left, 0, "{name}: {:?}", all.applied);
        assert_eq!(
            faces_by_material(&fixed),
            faces_by_material(&model),
            "{name}"
        );
    }
}
