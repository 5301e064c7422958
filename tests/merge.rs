//! Merging parts (issue 25.1): an accessory attached under a bone (Alicia's blade in
//! Gene's right hand), a model merged by bone names (PMD included), collision groups
//! and masks on built models, and the texture rule of `hone merge` / `hone convert`.

use glam::{Mat4, Quat, Vec3};
use hone::check::{check_model, CheckContext, Severity};
use hone::deform::{Deformer, Pose};
use hone::edit::History;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::*;
use hone::rig::merge::{merge, MergeOptions};
use hone::rig::transform::Transform;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(args)
        .args(["--lang", "en"])
        .output()
        .expect("runs hone")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hone-merge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn errors(model: &Model, path: &Path) -> BTreeSet<&'static str> {
    check_model(model, &CheckContext::for_file(path))
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| p.code)
        .collect()
}

fn skinned(model: &Model, pose: &Pose) -> (Vec<Vec3>, Vec<Mat4>) {
    let deformer = Deformer::new(model);
    let mut state = deformer.new_state();
    deformer.evaluate(model, pose, &mut state);
    (state.positions.clone(), state.world.clone())
}

#[test]
fn blade_attached_to_genes_right_wrist_adds_up_sits_where_placed_and_turns_with_the_wrist() {
    let (Some(gene_path), Some(blade_path)) = (
        hone_testkit::shared_model("gene/Gene.pmx"),
        hone_testkit::shared_model("alicia_blade/Alicia_blade.pmx"),
    ) else {
        return;
    };
    let gene = load(&gene_path).unwrap().model;
    let blade = load(&blade_path).unwrap().model;
    let dir = temp("blade");
    let out = dir.join("out/merged.pmx");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let offset = Vec3::new(-4.5, 9.0, 0.5);
    let run = hone(&[
        "merge",
        s(&gene_path),
        s(&blade_path),
        "-o",
        s(&out),
        "--attach",
        "右手首",
        "--match",
        "none",
        "--offset",
        "-4.5,9,0.5",
    ]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let merged = load(&out).unwrap().model;

    // Counts add up (the blade's one bone is new; nothing is shared).
    assert_eq!(
        merged.vertices.len(),
        gene.vertices.len() + blade.vertices.len()
    );
    assert_eq!(merged.faces.len(), gene.faces.len() + blade.faces.len());
    assert_eq!(
        merged.materials.len(),
        gene.materials.len() + blade.materials.len()
    );
    assert_eq!(merged.bones.len(), gene.bones.len() + blade.bones.len());
    assert_eq!(merged.morphs.len(), gene.morphs.len() + blade.morphs.len());
    assert_eq!(
        merged.textures.len(),
        gene.textures.len() + blade.textures.len()
    );
    let names: BTreeSet<&str> = merged.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names.len(), merged.bones.len(), "no duplicate bone name");

    // Every texture resolves beside OUT, but the blade's, which its folder lacks
    // (named in the report).
    let out_dir = out.parent().unwrap();
    let blade_dir = blade_path.parent().unwrap();
    // (The shared folder lacks Gene.pmx's tex/ and the blade's files: found ones are
    // checked here, Gene_light's in the convert and Save As tests.)
    for (i, t) in merged.textures.iter().enumerate() {
        let here = out_dir.join(t.replace('\\', "/")).is_file();
        let source = if i < gene.textures.len() {
            gene_path.parent().unwrap()
        } else {
            blade_dir
        };
        let there = source.join(t.replace('\\', "/")).is_file();
        assert_eq!(here, there, "{t}");
        if !there {
            assert!(
                stdout.contains(&format!("texture not found: {t}")),
                "{stdout}"
            );
        }
    }

    // At rest the blade is where it was placed.
    let wrist = gene.bones.iter().position(|b| b.name == "右手首").unwrap();
    let nv = gene.vertices.len();
    for (k, v) in blade.vertices.iter().enumerate() {
        let p = merged.vertices[nv + k].position;
        assert!((p - (v.position + offset)).length() <= 1e-4, "vertex {k}");
    }
    let blade_bone = &merged.bones[gene.bones.len()];
    assert_eq!(blade_bone.parent, wrist as i32);

    // Turning 右手首 turns the blade rigidly, with the wrist.
    let mut pose = Pose::new(&merged);
    pose.bones[wrist].rotation = Quat::from_euler(glam::EulerRot::YXZ, 0.4, -0.7, 0.9);
    let (rest, _) = skinned(&merged, &Pose::new(&merged));
    let (posed, world) = skinned(&merged, &pose);
    let pivot = merged.bones[wrist].position;
    let w = world[wrist];
    let mut worst = 0.0f32;
    for k in nv..merged.vertices.len() {
        let expected = w.transform_point3(rest[k] - pivot);
        worst = worst.max((posed[k] - expected).length());
    }
    assert!(worst <= 1e-4, "blade off the wrist's motion by {worst}");
    let moved = (nv..merged.vertices.len()).any(|k| (posed[k] - rest[k]).length() > 0.1);
    assert!(moved, "the wrist's turn moves the blade");

    // No check error that neither input had.
    let before: BTreeSet<_> = errors(&gene, &gene_path)
        .union(&errors(&blade, &blade_path))
        .copied()
        .collect();
    let after = errors(&merged, &out);
    assert!(
        after.is_subset(&before),
        "new errors: {:?}",
        after.difference(&before)
    );

    // The same merge as one undo step: undo gives the original bytes.
    let mut model = gene.clone();
    let original = write_pmx(&model, &WriteOptions::default()).unwrap();
    let o = MergeOptions {
        attach: Some(wrist),
        match_names: false,
        transform: Transform {
            translate: offset,
            ..Transform::default()
        },
        part_name: "Alicia_blade".into(),
        ..MergeOptions::default()
    };
    let (edit, _) = merge(&model, &blade, &o).unwrap();
    let mut history = History::new();
    history.apply(&mut model, edit).unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(model.vertices.len(), merged.vertices.len());
    history.undo(&mut model);
    assert_eq!(
        write_pmx(&model, &WriteOptions::default()).unwrap(),
        original
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A model merged into itself by names: every bone is the base's, the copy's weights
/// point at the same bones, and it deforms exactly like the original. PMD and PMX.
#[test]
fn merging_by_names_re_points_weights_and_adds_no_bones() {
    for rel in ["mei/mei.pmd", "gene/Gene_light.pmx"] {
        let Some(path) = hone_testkit::shared_model(rel) else {
            return;
        };
        let base = load(&path).unwrap().model;
        let o = MergeOptions {
            part_name: "copy".into(),
            ..MergeOptions::default()
        };
        let (edit, report) = merge(&base, &base, &o).unwrap();
        // Names used twice in the base match their first bone: the rest are new.
        let unique: BTreeSet<&str> = base.bones.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(report.added_bones, base.bones.len() - unique.len(), "{rel}");
        let mut model = base.clone();
        History::new().apply(&mut model, edit).unwrap();
        assert_eq!(model.bones.len(), base.bones.len() + report.added_bones);
        let nv = base.vertices.len();
        assert_eq!(model.vertices.len(), 2 * nv);
        if unique.len() == base.bones.len() {
            for k in 0..nv {
                assert_eq!(
                    model.vertices[nv + k].weights,
                    base.vertices[k].weights,
                    "{rel} {k}"
                );
            }
        }
        // Same-name morphs combined: no new morph, each moves both copies.
        assert_eq!(model.morphs.len(), base.morphs.len(), "{rel}");
        let mut pose = Pose::new(&model);
        for (i, b) in model.bones.iter().enumerate().take(base.bones.len()) {
            if b.name.contains("腕") || b.name.contains("首") {
                pose.bones[i].rotation = Quat::from_rotation_z(0.3);
            }
        }
        if let Some(m) = pose.morphs.first_mut() {
            *m = 1.0;
        }
        let (posed, _) = skinned(&model, &pose);
        let mut worst = 0.0f32;
        for k in 0..nv {
            worst = worst.max((posed[nv + k] - posed[k]).length());
        }
        assert!(worst <= 1e-4, "{rel}: the copy strays by {worst}");
    }
}

#[test]
fn standard_aliases_match_and_clashing_new_names_get_the_prefix() {
    let bone = |name: &str, parent: i32| Bone {
        name: name.into(),
        parent,
        ..Bone::default()
    };
    let mut base = Model {
        bones: vec![bone("センター", -1), bone("左ひじ", 0), bone("髪", 0)],
        ..Model::default()
    };
    let part = Model {
        bones: vec![bone("センター", -1), bone("左肘", 0), bone("髪先", 1)],
        ..Model::default()
    };
    let (edit, report) = merge(&base, &part, &MergeOptions::default()).unwrap();
    assert_eq!(
        report.matched,
        [
            ("センター".to_string(), "センター".to_string()),
            ("左肘".into(), "左ひじ".into())
        ]
    );
    let mut m = base.clone();
    History::new().apply(&mut m, edit).unwrap();
    let names: Vec<&str> = m.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["センター", "左ひじ", "髪", "髪先"]);
    assert_eq!(m.bones[3].parent, 1, "under the matched 左ひじ");

    // Attached without matching: every bone is new; a taken name gets the prefix; the
    // new bones deform after the bone they hang on (its layer).
    base.bones[2].layer = 1;
    let o = MergeOptions {
        match_names: false,
        attach: Some(2),
        prefix: "p_".into(),
        ..MergeOptions::default()
    };
    let (edit, report) = merge(&base, &part, &o).unwrap();
    assert!(report.matched.is_empty());
    let mut m = base.clone();
    History::new().apply(&mut m, edit).unwrap();
    let names: Vec<&str> = m.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(
        names,
        ["センター", "左ひじ", "髪", "p_センター", "左肘", "髪先"]
    );
    let parents: Vec<i32> = m.bones.iter().map(|b| b.parent).collect();
    assert_eq!(parents, [-1, 0, 0, 2, 3, 4]);
    let layers: Vec<i32> = m.bones.iter().map(|b| b.layer).collect();
    assert_eq!(layers, [0, 0, 1, 1, 1, 1]);
}

/// Built models: the part's bodies keep ignoring what they ignored when their groups
/// shift, a body on a matched bone is the base's, and the joint follows it.
#[test]
fn collision_groups_shift_and_masks_follow() {
    let bone = |name: &str, parent: i32| Bone {
        name: name.into(),
        parent,
        ..Bone::default()
    };
    let body = |name: &str, bone: i32, group: u8, ignore: &[u8]| RigidBody {
        name: name.into(),
        bone,
        group,
        collision_mask: ignore
            .iter()
            .fold(0xFFFF, |m, &g| rules::mask_with(m, g, false)),
        ..RigidBody::default()
    };
    let base = Model {
        bones: vec![bone("上半身", -1)],
        rigid_bodies: vec![body("上半身", 0, 0, &[])],
        ..Model::default()
    };
    let part = Model {
        bones: vec![bone("上半身", -1), bone("スカート", 0), bone("リボン", 1)],
        rigid_bodies: vec![
            body("上半身", 0, 2, &[2]),
            body("スカート", 1, 3, &[2, 3]),
            body("リボン", 2, 4, &[3]),
        ],
        joints: vec![
            Joint {
                name: "j1".into(),
                body_a: 0,
                body_b: 1,
                ..Joint::default()
            },
            Joint {
                name: "j2".into(),
                body_a: 1,
                body_b: 2,
                ..Joint::default()
            },
        ],
        ..Model::default()
    };
    let (edit, report) = merge(
        &base,
        &part,
        &MergeOptions {
            group_offset: 14,
            part_name: "skirt".into(),
            ..MergeOptions::default()
        },
    )
    .unwrap();
    assert_eq!(report.shared_bodies, 1);
    let mut m = base.clone();
    History::new().apply(&mut m, edit).unwrap();
    assert_eq!(m.rigid_bodies.len(), 3);
    let (skirt, ribbon) = (&m.rigid_bodies[1], &m.rigid_bodies[2]);
    assert_eq!((skirt.group, ribbon.group), (1, 2)); // 3 + 14, 4 + 14 (mod 16)
    let ignores = |b: &RigidBody| -> Vec<u8> {
        (0..16)
            .filter(|&g| !rules::mask_allows(b.collision_mask, g))
            .collect()
    };
    // スカート ignored groups 2 (the shared 上半身's) and 3 (itself): now 0 (2 + 14),
    // 1 (3 + 14) and 0, the base 上半身's group.
    assert_eq!(ignores(skirt), [0, 1]);
    // リボン ignored スカート's group 3: now 1.
    assert_eq!(ignores(ribbon), [1]);
    // The skirt still ignores the ribbon's old relation: ribbon ignores skirt.
    assert!(!rules::mask_allows(ribbon.collision_mask, skirt.group));
    // j1 hangs on the base's 上半身 body now.
    assert_eq!((m.joints[0].body_a, m.joints[0].body_b), (0, 1));
    assert_eq!((m.joints[1].body_a, m.joints[1].body_b), (1, 2));
    // New bones go into a frame named after the part (the base has none for 上半身).
    let frame = m.display_frames.iter().find(|f| f.name == "skirt").unwrap();
    assert_eq!(frame.elements.len(), 2);
}

/// `hone convert` into an empty folder copies the textures: the reopened model has
/// every texture (Gene_light).
#[test]
fn convert_into_an_empty_folder_brings_every_texture() {
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let model = load(&path).unwrap().model;
    let src = path.parent().unwrap();
    let found: Vec<&String> = model
        .textures
        .iter()
        .filter(|t| src.join(t.replace('\\', "/")).is_file())
        .collect();
    assert!(!found.is_empty());
    let dir = temp("convert");
    let out = dir.join("empty/light.pmx");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let run = hone(&["convert", s(&path), s(&out)]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let back = load(&out).unwrap().model;
    for t in &found {
        let i = model.textures.iter().position(|x| x == *t).unwrap();
        let p = out
            .parent()
            .unwrap()
            .join(back.textures[i].replace('\\', "/"));
        assert!(p.is_file(), "{t} beside the output");
        assert_eq!(
            std::fs::read(&p).unwrap(),
            std::fs::read(src.join(t.replace('\\', "/"))).unwrap()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The app's Save As of Gene_light into an empty folder: the reopened model has every
/// texture, and Save As says what it copied.
#[test]
fn save_as_into_an_empty_folder_brings_every_texture() {
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let model = load(&path).unwrap().model;
    let src = path.parent().unwrap();
    let dir = temp("save-as");
    let out = dir.join("light.pmx");
    let mut doc = hone::app::document::Document::new(model.clone(), Some(path.clone()), "x");
    let notes = doc.save_as(&out, &WriteOptions::default()).unwrap();
    let back = load(&out).unwrap().model;
    let mut found = 0;
    for (i, t) in model.textures.iter().enumerate() {
        if src.join(t.replace('\\', "/")).is_file() {
            found += 1;
            assert!(
                dir.join(back.textures[i].replace('\\', "/")).is_file(),
                "{t}"
            );
        } else {
            assert!(
                notes.iter().any(|n| n.contains(t.as_str())),
                "{t} named: {notes:?}"
            );
        }
    }
    assert!(found > 0);
    assert!(
        notes.iter().any(|n| n.contains(&found.to_string())),
        "{notes:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same operation from a script (`hone edit`) and from `hone rig merge`.
#[test]
fn merge_runs_from_a_script_and_from_hone_rig() {
    let Some((base, blade)) = light_and_blade() else {
        return;
    };
    let gene = load(&base).unwrap().model;
    let dir = temp("script");
    let script = dir.join("ops.json");
    let op = serde_json::json!([{
        "op": "merge", "part": s(&blade), "attach": "右手首", "match": "none",
        "offset": [1.0, 2.0, 3.0], "group_offset": 3
    }]);
    std::fs::write(&script, op.to_string()).unwrap();
    let out = dir.join("a.pmx");
    let run = hone(&["edit", s(&base), "--script", s(&script), "-o", s(&out)]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let a = load(&out).unwrap().model;
    assert_eq!(a.bones.len(), gene.bones.len() + 1);
    let out_b = dir.join("b.pmx");
    let run = hone(&[
        "rig",
        "merge",
        s(&base),
        "-o",
        s(&out_b),
        "--part",
        s(&blade),
        "--attach",
        "右手首",
        "--match",
        "none",
        "--offset",
        "1,2,3",
        "--group-offset",
        "3",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let b = load(&out_b).unwrap().model;
    assert_eq!(a, b, "script and hone rig give one model");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A copy of Alicia's blade in `folder` whose texture files exist (the shared folder
/// lacks them): each stored path gets a small file of its own bytes.
fn blade_with_textures(blade: &Path, folder: &Path) -> (PathBuf, Model) {
    let model = load(blade).unwrap().model;
    std::fs::create_dir_all(folder).unwrap();
    let path = folder.join("Alicia_blade.pmx");
    std::fs::copy(blade, &path).unwrap();
    for t in &model.textures {
        let file = folder.join(t.replace('\\', "/"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, format!("blade texture {t}")).unwrap();
    }
    (path, model)
}

/// Where texture `stored` of a model saved in `folder` is, as MMD finds it.
fn beside(folder: &Path, stored: &str) -> Option<PathBuf> {
    hone::pmx::textures::find(folder, stored)
}

/// `{"op":"merge"}` in a `hone edit` script brings the part's textures beside OUT (as
/// `hone merge` does): every texture of OUT resolves in OUT's folder, with the bytes of
/// the file it came from; the same from `hone rig merge`.
#[test]
fn a_script_merge_brings_the_parts_textures_beside_out() {
    let Some((base, blade)) = light_and_blade() else {
        return;
    };
    let gene = load(&base).unwrap().model;
    let dir = temp("script-textures");
    let (part, part_model) = blade_with_textures(&blade, &dir.join("part"));
    let script = dir.join("ops.json");
    let op = serde_json::json!([{
        "op": "merge", "part": s(&part), "attach": "右手首", "match": "none",
        "offset": [1.0, 2.0, 3.0]
    }]);
    std::fs::write(&script, op.to_string()).unwrap();
    for (front, out) in [
        ("edit", dir.join("edit/out.pmx")),
        ("rig", dir.join("rig/out.pmx")),
    ] {
        std::fs::create_dir_all(out.parent().unwrap()).unwrap();
        let rig =
            "rig merge {BASE} -o {OUT} --part {PART} --attach 右手首 --match none --offset 1,2,3";
        let run = match front {
            "edit" => hone(&["edit", s(&base), "--script", s(&script), "-o", s(&out)]),
            _ => hone(
                &(rig.split(' '))
                    .map(|a| match a {
                        "{BASE}" => s(&base),
                        "{OUT}" => s(&out),
                        "{PART}" => s(&part),
                        a => a,
                    })
                    .collect::<Vec<_>>(),
            ),
        };
        succeeded(&run);
        let merged = load(&out).unwrap().model;
        let out_dir = out.parent().unwrap();
        let sources = (gene.textures.iter().map(|t| (base.parent().unwrap(), t))).chain(
            part_model
                .textures
                .iter()
                .map(|t| (part.parent().unwrap(), t)),
        );
        let mut resolved = 0;
        for ((from, original), stored) in sources.zip(&merged.textures) {
            let Some(source) = beside(from, original) else {
                continue; // missing in its own folder: kept and named (tested above)
            };
            let here = beside(out_dir, stored)
                .unwrap_or_else(|| panic!("{front}: {stored} does not resolve beside OUT"));
            assert_eq!(std::fs::read(here).unwrap(), std::fs::read(source).unwrap());
            resolved += 1;
        }
        assert!(resolved >= part_model.textures.len(), "{front}: {resolved}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A part whose texture paths are absolute or climb out of its folder: the merge names
/// them (in the operation's summary and when OUT is written), copies nothing of them,
/// and still writes the rest.
#[test]
fn a_parts_absolute_or_escaping_texture_paths_are_refused_and_reported() {
    let Some((base, blade)) = light_and_blade() else {
        return;
    };
    let dir = temp("refused");
    let part_dir = dir.join("downloads/part");
    let (_, mut part) = blade_with_textures(&blade, &part_dir);
    // Files the bad paths point at exist: only the rule keeps them out.
    std::fs::write(dir.join("secret.png"), b"secret").unwrap();
    let absolute = dir.join("secret.png").to_string_lossy().into_owned();
    part.textures[0] = "..\\..\\secret.png".into();
    part.textures[1] = absolute.clone();
    let part_path = part_dir.join("bad.pmx");
    hone::pmx::write::save(&part, &part_path, &Default::default()).unwrap();
    let script = dir.join("ops.json");
    let op = serde_json::json!([{"op": "merge", "part": s(&part_path), "match": "none"}]);
    std::fs::write(&script, op.to_string()).unwrap();
    let out = dir.join("out/merged.pmx");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let run = hone(&["edit", s(&base), "--script", s(&script), "-o", s(&out)]);
    let stderr = succeeded(&run);
    for bad in ["..\\..\\secret.png", absolute.as_str()] {
        assert!(
            stderr.contains(&format!(
                "texture not copied (absolute or outside its folder): {bad}"
            )),
            "{bad} not reported: {stderr}"
        );
    }
    let copied: Vec<PathBuf> = walk(out.parent().unwrap());
    assert!(
        copied
            .iter()
            .all(|f| std::fs::read(f).unwrap() != b"secret"),
        "a refused file was copied: {copied:?}"
    );
    // The other textures came along.
    let merged = load(&out).unwrap().model;
    for t in &part.textures[2..] {
        assert!(beside(out.parent().unwrap(), t).is_some(), "{t}");
    }
    // The operation's summary names them before anything is written.
    let rig = hone(&[
        "rig",
        "merge",
        s(&base),
        "--part",
        s(&part_path),
        "--match",
        "none",
        "--dry-run",
    ]);
    let summary = String::from_utf8_lossy(&rig.stdout);
    assert!(summary.contains("..\\..\\secret.png"), "{summary}");
    assert!(
        merged.textures.contains(&absolute),
        "kept as stored, not followed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Gene_light and Alicia's blade, when the shared models are there.
fn light_and_blade() -> Option<(PathBuf, PathBuf)> {
    Some((
        hone_testkit::shared_model("gene/Gene_light.pmx")?,
        hone_testkit::shared_model("alicia_blade/Alicia_blade.pmx")?,
    ))
}

/// The run's stderr, once it succeeded.
fn succeeded(run: &Output) -> String {
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{stderr}");
    stderr
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
