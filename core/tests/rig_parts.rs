//! Removing materials with clean-up and extracting materials (`hone_core::rig::parts`)
//! on the shared models: what stays is what the remaining faces need, no reference
//! dangles, no new check error appears, undo writes the same bytes, and an extracted
//! part deforms exactly like the original under a motion. Skips without the shared models.

use hone_core::check::{check_model, CheckContext, Severity};
use hone_core::deform::{Deformer, Pose};
use hone_core::edit::{remap, History};
use hone_core::motion::BoundMotion;
use hone_core::ops::{find, Options, Selection};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::{Model, MorphOffsets, Toon};
use hone_core::rig::parts::extract;
use std::collections::BTreeSet;

fn load(relative: &str) -> Option<Model> {
    let path = hone_testkit::shared_model(relative)?;
    Some(hone_core::pmx::load(&path).expect("loads").model)
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).expect("writes")
}

/// Error codes `check` reports (texture files are not looked for: the copy has no folder).
fn error_codes(model: &Model) -> BTreeSet<&'static str> {
    check_model(model, &CheckContext { model_dir: None })
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| p.code)
        .collect()
}

/// Vertex indices the faces of `materials` use, from the face list itself.
fn vertices_of(model: &Model, materials: &[usize]) -> BTreeSet<usize> {
    let mut start = 0usize;
    let mut out = BTreeSet::new();
    for (m, mat) in model.materials.iter().enumerate() {
        let n = mat.face_index_count as usize / 3;
        if materials.contains(&m) {
            for face in &model.faces[start..start + n] {
                out.extend(face.iter().map(|&v| v as usize));
            }
        }
        start += n;
    }
    out
}

fn faces_of(model: &Model, materials: &[usize]) -> usize {
    materials
        .iter()
        .map(|&m| model.materials[m].face_index_count as usize / 3)
        .sum()
}

fn materials_named(model: &Model, part: &str) -> Vec<usize> {
    (0..model.materials.len())
        .filter(|&m| model.materials[m].name.contains(part))
        .collect()
}

fn textures_used(model: &Model) -> BTreeSet<usize> {
    let mut used = BTreeSet::new();
    for m in &model.materials {
        let toon = match m.toon {
            Toon::Texture(t) => t,
            Toon::Shared(_) => -1,
        };
        for t in [m.texture, m.sphere_texture, toon] {
            if t >= 0 {
                used.insert(t as usize);
            }
        }
    }
    used
}

/// Every reference in range (the checker's index rule finds none out of range).
fn assert_indices_valid(model: &Model, what: &str) {
    let problems = check_model(model, &CheckContext { model_dir: None });
    let bad: Vec<_> = problems
        .iter()
        .filter(|p| p.code.starts_with("E-INDEX") || p.code.contains("RANGE"))
        .map(|p| p.message.clone())
        .collect();
    assert!(bad.is_empty(), "{what}: {bad:?}");
    assert!(model
        .faces
        .iter()
        .flatten()
        .all(|&v| v >= 0 && (v as usize) < model.vertices.len()));
    for v in &model.vertices {
        assert!(v
            .weights
            .bones()
            .iter()
            .all(|&b| b >= -1 && (b as i64) < model.bones.len() as i64));
    }
    for b in &model.rigid_bodies {
        assert!(b.bone >= -1 && (b.bone as i64) < model.bones.len() as i64);
    }
    for j in &model.joints {
        assert!(
            (0..model.rigid_bodies.len() as i32).contains(&j.body_a),
            "{what}: joint {}",
            j.name
        );
        assert!(
            (0..model.rigid_bodies.len() as i32).contains(&j.body_b),
            "{what}: joint {}",
            j.name
        );
    }
    // The written file reads back as the same model.
    let back = hone_core::pmx::load_bytes(&bytes(model))
        .expect("reads back")
        .model;
    assert_eq!(back.vertices.len(), model.vertices.len());
    assert_eq!(back.bones, model.bones);
}

#[test]
fn extracting_genes_hair_keeps_what_it_needs_and_it_deforms_like_the_original() {
    let (Some(model), Some(vmd)) = (
        load("gene/Gene.pmx"),
        hone_testkit::shared_model("gene/motion/02_laugh.vmd"),
    ) else {
        return;
    };
    let hair = materials_named(&model, "髪");
    assert!(!hair.is_empty(), "Gene has a hair material");
    let part = extract(&model, &hair).expect("extracts");

    // Counts: the hair's materials, faces and exactly the vertices its faces use.
    let kept: Vec<usize> = vertices_of(&model, &hair).into_iter().collect();
    assert_eq!(part.materials.len(), hair.len());
    assert_eq!(part.faces.len(), faces_of(&model, &hair));
    assert_eq!(part.vertices.len(), kept.len());
    assert!(remap::unused_vertices(&part).is_empty());
    assert!(part.bones.len() < model.bones.len());
    assert_indices_valid(&part, "Gene hair");

    // Every bone that weights a kept vertex is there, under the same parent name.
    let name = |m: &Model, b: i32| usize::try_from(b).ok().map(|b| m.bones[b].name.clone());
    for (new, &old) in kept.iter().enumerate() {
        let (a, b) = (&model.vertices[old], &part.vertices[new]);
        assert_eq!(a.position, b.position);
        let names_a: Vec<_> = a.weights.bones().iter().map(|&i| name(&model, i)).collect();
        let names_b: Vec<_> = b.weights.bones().iter().map(|&i| name(&part, i)).collect();
        assert_eq!(names_a, names_b, "vertex {old}");
    }
    for bone in &part.bones {
        let orig = model
            .bone_index(&bone.name)
            .expect("a kept bone is the original's");
        assert_eq!(
            name(&part, bone.parent),
            name(&model, model.bones[orig].parent)
        );
    }
    // Joints only between kept bodies; no morph emptied by the extraction.
    for j in &part.joints {
        assert!(j.body_a >= 0 && j.body_b >= 0);
    }
    for m in &part.morphs {
        assert!(!m.offsets.is_empty(), "morph {} left empty", m.name);
    }
    assert!(!part.morphs.iter().any(|m| matches!(&m.offsets, MorphOffsets::Vertex(o) if o.iter().any(|o| o.vertex as usize >= part.vertices.len()))));

    // No error the original did not have.
    let before = error_codes(&model);
    let new: Vec<_> = error_codes(&part).difference(&before).copied().collect();
    assert!(new.is_empty(), "new errors: {new:?}");

    // Under 02_laugh (physics off) the kept vertices land where the original's do.
    let vmd = hone_core::motion::load_vmd(&vmd).expect("reads 02_laugh");
    let (motion_a, _) = BoundMotion::bind(&vmd, &model);
    let (motion_b, _) = BoundMotion::bind(&vmd, &part);
    let (da, db) = (Deformer::new(&model), Deformer::new(&part));
    let (mut sa, mut sb) = (da.new_state(), db.new_state());
    let (mut pa, mut pb) = (Pose::new(&model), Pose::new(&part));
    let mut worst = 0.0f32;
    let last = motion_a.last_frame.max(1);
    for frame in (0..=last).step_by((last as usize / 12).max(1)) {
        motion_a.apply_to_pose(frame as f32, &mut pa);
        motion_b.apply_to_pose(frame as f32, &mut pb);
        da.evaluate(&model, &pa, &mut sa);
        db.evaluate(&part, &pb, &mut sb);
        for (new, &old) in kept.iter().enumerate() {
            worst = worst.max((sa.positions[old] - sb.positions[new]).abs().max_element());
        }
    }
    println!("Gene hair: {} vertices, {} bones, {} bodies, {} joints, {} morphs; worst deviation under 02_laugh {worst:e}",
        part.vertices.len(), part.bones.len(), part.rigid_bodies.len(), part.joints.len(), part.morphs.len());
    assert!(worst <= 1e-4, "worst deviation {worst}");
}

/// Removes `materials` through the registered operation, checks the clean-up, then
/// undoes it.
fn remove_and_clean(model: &Model, materials: Vec<usize>, what: &str) {
    let op = find("remove_materials").expect("registered");
    let selection = Selection {
        materials: materials.clone(),
        ..Selection::default()
    };
    let plan = (op.plan)(model, &selection, &Options::default()).expect("plans");
    assert!(!plan.summary.is_empty());
    let edit = plan.edit.expect("something to remove");
    let original = bytes(model);
    let mut after = model.clone();
    let mut history = History::new();
    history.apply(&mut after, edit).expect("applies");

    assert_eq!(
        after.materials.len(),
        model.materials.len() - materials.len()
    );
    assert_eq!(
        after.faces.len(),
        model.faces.len() - faces_of(model, &materials)
    );
    // Exactly the vertices only the removed faces used are gone.
    let removed_faces = vertices_of(model, &materials);
    let others: Vec<usize> = (0..model.materials.len())
        .filter(|m| !materials.contains(m))
        .collect();
    let still = vertices_of(model, &others);
    let gone = removed_faces.difference(&still).count();
    assert_eq!(after.vertices.len(), model.vertices.len() - gone, "{what}");
    assert_eq!(
        remap::unused_vertices(&after).len(),
        remap::unused_vertices(model).len()
    );
    // Every texture left is used, unless it was unused before.
    let unused_before = model.textures.len() - textures_used(model).len();
    assert_eq!(
        after.textures.len() - textures_used(&after).len(),
        unused_before,
        "{what}"
    );
    // Bodies never go on removal; each keeps its bone (by name).
    assert_eq!(after.rigid_bodies.len(), model.rigid_bodies.len());
    for (a, b) in model.rigid_bodies.iter().zip(&after.rigid_bodies) {
        let bone = |m: &Model, i: i32| usize::try_from(i).ok().map(|i| m.bones[i].name.clone());
        assert_eq!(bone(model, a.bone), bone(&after, b.bone));
    }
    // A remaining vertex keeps the same bones (a removed bone weighted no kept vertex).
    let kept: Vec<usize> = (0..model.vertices.len())
        .filter(|v| !removed_faces.contains(v) || still.contains(v))
        .collect();
    for (new, &old) in kept.iter().enumerate() {
        let names = |m: &Model, v: usize| -> Vec<Option<String>> {
            m.vertices[v]
                .weights
                .bones()
                .iter()
                .map(|&b| usize::try_from(b).ok().map(|b| m.bones[b].name.clone()))
                .collect()
        };
        assert_eq!(
            names(model, old),
            names(&after, new),
            "{what}: vertex {old}"
        );
    }
    assert_indices_valid(&after, what);
    let before = error_codes(model);
    let new: Vec<_> = error_codes(&after).difference(&before).copied().collect();
    assert!(new.is_empty(), "{what}: new errors {new:?}");
    println!(
        "{what}: removed {} materials, {gone} vertices, {} textures, {} bones, {} morphs, {} frames",
        materials.len(),
        model.textures.len() - after.textures.len(),
        model.bones.len() - after.bones.len(),
        model.morphs.len() - after.morphs.len(),
        model.display_frames.len() - after.display_frames.len()
    );

    history.undo(&mut after);
    assert!(bytes(&after) == original, "{what}: undo gives other bytes");
}

#[test]
fn removing_materials_cleans_up_on_gene_mei_and_alicia_and_undo_restores_the_bytes() {
    if let Some(gene) = load("gene/Gene.pmx") {
        remove_and_clean(&gene, materials_named(&gene, "髪"), "Gene hair");
        // The arms and hands' skin: the finger bones lose every weight.
        remove_and_clean(&gene, materials_named(&gene, "手肌"), "Gene hands");
    }
    if let Some(mei) = load("mei/mei.pmd") {
        remove_and_clean(&mei, vec![0, 3], "mei.pmd");
    }
    if let Some(alicia) = load("alicia_blade/Alicia_blade.pmx") {
        remove_and_clean(&alicia, vec![5], "Alicia_blade");
    }
}

#[test]
fn removing_the_hands_takes_the_finger_bones_but_not_bones_with_bodies() {
    let Some(gene) = load("gene/Gene.pmx") else {
        return;
    };
    let hands = materials_named(&gene, "手肌");
    let op = find("remove_materials").unwrap();
    let selection = Selection {
        materials: hands,
        ..Selection::default()
    };
    let plan = (op.plan)(&gene, &selection, &Options::default()).unwrap();
    let mut after = gene.clone();
    History::new()
        .apply(&mut after, plan.edit.unwrap())
        .unwrap();
    let names: BTreeSet<&str> = after.bones.iter().map(|b| b.name.as_str()).collect();
    // 左人指１ weights only the hand; nothing else uses it.
    assert!(gene.bone_index("左人指１").is_some());
    assert!(!names.contains("左人指１"), "finger bone kept");
    for body in &gene.rigid_bodies {
        if let Ok(b) = usize::try_from(body.bone) {
            assert!(
                names.contains(gene.bones[b].name.as_str()),
                "bone of body {} removed",
                body.name
            );
        }
    }
}
