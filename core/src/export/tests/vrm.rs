//! VRM's T pose, expression map, firstPerson split and matcaps, on the shared humanoid models.

use super::{accessor, split_glb};
use crate::export::*;
use crate::pmx::{Model, SphereMode, Weights};
use serde_json::Value;

/// The humanoid shared models (PMX and PMD), loaded; empty after a logged skip.
fn humanoids() -> Vec<(String, Model)> {
    [
        "gene/Gene.pmx",
        "gene/Gene_light.pmx",
        "gene/Gene.pmd",
        "mei/mei.pmd",
    ]
    .iter()
    .filter_map(|rel| {
        let path = hone_testkit::shared_model(rel)?;
        let model = crate::pmx::load_bytes(&std::fs::read(&path).unwrap())
            .unwrap()
            .model;
        Some((rel.to_string(), model))
    })
    .collect()
}

fn vrm_options() -> ExportOptions {
    ExportOptions {
        author: "Hone test".into(),
        license: "https://vrm.dev/licenses/1.0/".into(),
        ..ExportOptions::new(ExportFormat::Vrm)
    }
}

#[test]
fn t_pose_turns_both_arms_horizontal_and_carries_the_skin_rigidly_with_them() {
    for (name, model) in humanoids() {
        let parents = gltf::bone_parents(&model);
        let (human, _) = vrm::humanoid(&model, &parents).unwrap();
        let before = t_pose::arm_droop_degrees(&model, &human).unwrap();
        let posed = t_pose::t_posed(&model, &human, &parents);
        let after = t_pose::arm_droop_degrees(&posed, &human).unwrap();
        eprintln!("{name}: arms {before:.1}° from horizontal → {after:.3}°");
        assert!(before > 20.0, "{name}: an MMD model stands in an A pose");
        assert!(after < 0.1, "{name}: {after}° after the T pose");
        let bone = |m: &Model, n: &str| m.bones.iter().find(|b| b.name == n).unwrap().position;
        for (a, b) in [("左腕", "左ひじ"), ("左ひじ", "左手首"), ("右腕", "右ひじ")]
        {
            let rest = bone(&model, a).distance(bone(&model, b));
            let now = bone(&posed, a).distance(bone(&posed, b));
            assert!((rest - now).abs() < 1e-4, "{name}: {a}–{b} changed length");
        }
        // A vertex on the hand alone keeps its distance to the wrist and moves with it; one on
        // the lower body does not move.
        let wrist = model.bones.iter().position(|b| b.name == "左手首").unwrap() as i32;
        let legs = model.bones.iter().position(|b| b.name == "下半身").unwrap() as i32;
        let (mut hand, mut still) = (0, 0);
        for (v, p) in model.vertices.iter().zip(&posed.vertices) {
            match v.weights {
                Weights::Bdef1 { bone } if bone == wrist => {
                    let rest = v.position.distance(bone_at(&model, wrist));
                    let now = p.position.distance(bone_at(&posed, wrist));
                    assert!((rest - now).abs() < 1e-3, "{name}: the hand bent");
                    assert!(
                        p.position.distance(v.position) > 1.0,
                        "{name}: hand not moved"
                    );
                    assert!((p.normal.length() - 1.0).abs() < 1e-3);
                    hand += 1;
                }
                Weights::Bdef1 { bone } if bone == legs => {
                    assert_eq!(p.position, v.position);
                    still += 1;
                }
                _ => {}
            }
        }
        assert!(
            hand > 0 && still > 0,
            "{name}: {hand} hand, {still} hip vertices"
        );
    }
}

fn bone_at(model: &Model, bone: i32) -> glam::Vec3 {
    model.bones[bone as usize].position
}

/// The world position of each node (translations only, as Hone writes them).
fn node_world(json: &Value, node: usize, parents: &[Option<usize>]) -> glam::Vec3 {
    let t = &json["nodes"][node]["translation"];
    let local = if t.is_array() {
        glam::Vec3::new(
            t[0].as_f64().unwrap() as f32,
            t[1].as_f64().unwrap() as f32,
            t[2].as_f64().unwrap() as f32,
        )
    } else {
        glam::Vec3::ZERO
    };
    match parents[node] {
        Some(p) => node_world(json, p, parents) + local,
        None => local,
    }
}

#[test]
fn the_vrm_bind_pose_is_the_t_pose_and_its_inverse_bind_matrices_match_the_nodes() {
    for (name, model) in humanoids() {
        let (bytes, report) = export(&model, &vrm_options()).unwrap();
        // The report gives the turn the arms needed (Gene and mei droop 34–35°).
        assert!(report
            .notes
            .iter()
            .any(|n| matches!(n, ExportNote::TPoseBaked { degrees } if *degrees > 20.0)));
        let (json, bin) = split_glb(&bytes);
        let nodes = json["nodes"].as_array().unwrap();
        let mut parents = vec![None; nodes.len()];
        for (i, n) in nodes.iter().enumerate() {
            for c in n["children"].as_array().into_iter().flatten() {
                parents[c.as_u64().unwrap() as usize] = Some(i);
            }
        }
        let human = &json["extensions"]["VRMC_vrm"]["humanoid"]["humanBones"];
        let at = |vrm: &str| {
            let node = human[vrm]["node"].as_u64().unwrap() as usize;
            node_world(&json, node, &parents)
        };
        for side in ["left", "right"] {
            let upper = at(&format!("{side}LowerArm")) - at(&format!("{side}UpperArm"));
            let lower = at(&format!("{side}Hand")) - at(&format!("{side}LowerArm"));
            for d in [upper, lower] {
                let off = d.angle_between(glam::Vec3::X * d.x.signum()).to_degrees();
                assert!(off < 0.1, "{name}: {side} arm {off}° off horizontal");
            }
        }
        let skin = &json["skins"][0];
        let ibm = accessor(
            &json,
            &bin,
            skin["inverseBindMatrices"].as_u64().unwrap() as usize,
        );
        for (k, joint) in skin["joints"].as_array().unwrap().iter().enumerate() {
            let world = node_world(&json, joint.as_u64().unwrap() as usize, &parents);
            let t = glam::Vec3::new(
                ibm[k * 16 + 12] as f32,
                ibm[k * 16 + 13] as f32,
                ibm[k * 16 + 14] as f32,
            );
            assert!((t + world).length() < 1e-4, "{name}: joint {k} bind ≠ node");
        }
        // Off: the arms hang as the model has them.
        let options = ExportOptions {
            t_pose: Some(false),
            ..vrm_options()
        };
        let (_, report) = export(&model, &options).unwrap();
        assert!(report.notes.contains(&ExportNote::RestPoseNotT));
    }
}

#[test]
fn an_expression_map_overrides_adds_custom_expressions_and_reports_missing_morphs() {
    let Some((name, model)) = humanoids().into_iter().find(|(n, _)| n == "gene/Gene.pmx") else {
        return;
    };
    let map = ExpressionMap::from_csv(
        "# expression,morph,weight\nhappy,笑い,0.5\nhappy,存在しないモーフ\nwink,ウィンク\n\n",
    )
    .unwrap();
    let options = ExportOptions {
        expressions: Some(map),
        ..vrm_options()
    };
    let (bytes, report) = export(&model, &options).unwrap();
    assert!(report.notes.contains(&ExportNote::ExpressionMorphMissing {
        expression: "happy".into(),
        morph: "存在しないモーフ".into()
    }));
    let (json, _) = split_glb(&bytes);
    let expressions = &json["extensions"]["VRMC_vrm"]["expressions"];
    let happy = expressions["preset"]["happy"]["morphTargetBinds"]
        .as_array()
        .unwrap();
    let morph = model.morphs.iter().find(|m| m.name == "笑い").unwrap();
    eprintln!("{name}: happy ← 笑い ×0.5: {happy:?}");
    // A vertex morph binds at the map's weight; a group morph's members at ratio × weight.
    for bind in happy {
        let w = bind["weight"].as_f64().unwrap();
        assert!(w > 0.0 && w <= 0.5 + 1e-6, "{w}");
    }
    if matches!(morph.offsets, crate::pmx::MorphOffsets::Vertex(_)) {
        assert_eq!(happy[0]["weight"].as_f64().unwrap(), 0.5);
    }
    assert!(
        expressions["custom"]["wink"].is_object(),
        "not a preset: custom"
    );
    // The built-in names still fill what the map leaves out.
    assert!(expressions["preset"]["aa"].is_object());
}

#[test]
fn expression_maps_read_json_and_csv_and_bad_ones_say_where() {
    let json =
        ExpressionMap::from_json(r#"{"happy": "笑い", "aa": {"あ": 1.0, "ワ": 0.25}}"#).unwrap();
    assert_eq!(json.get("happy").unwrap(), &[("笑い".to_string(), 1.0)]);
    assert_eq!(
        json.get("aa").unwrap(),
        &[("あ".to_string(), 1.0), ("ワ".to_string(), 0.25)]
    );
    let csv = ExpressionMap::from_csv("aa,あ\r\naa,\"ワ\",0.25\r\n").unwrap();
    assert_eq!(csv.get("aa"), json.get("aa"));
    // The line number in either language.
    let error = ExpressionMap::from_csv("aa,あ\n\n\nblink\n").unwrap_err();
    assert!(error.contains('4'), "{error}");
    let error = ExpressionMap::from_csv("aa,あ,heavy\n").unwrap_err();
    assert!(error.contains("あ"), "{error}");
    assert!(ExpressionMap::from_json("[1]").is_err());
    assert!(ExpressionMap::from_json(r#"{"aa": 3}"#).is_err());
    assert!(ExpressionMap::from_json("{").is_err());
}

#[test]
fn head_only_materials_are_hidden_from_first_person_and_additive_spheres_become_matcaps() {
    let models = humanoids();
    let mut matcap_checked = 0;
    for (name, model) in &models {
        let (name, model) = (name.clone(), model.clone());
        let dir = hone_testkit::shared_model(&name).unwrap();
        let options = ExportOptions {
            texture_dir: dir.parent().map(|p| p.to_path_buf()),
            ..vrm_options()
        };
        let (bytes, report) = export(&model, &options).unwrap();
        let (json, _) = split_glb(&bytes);
        let annotations = json["extensions"]["VRMC_vrm"]["firstPerson"]["meshAnnotations"]
            .as_array()
            .unwrap();
        let third: Vec<&Value> = annotations
            .iter()
            .filter(|a| a["type"] == "thirdPersonOnly")
            .collect();
        let head_materials: Vec<String> = third
            .iter()
            .flat_map(|a| {
                let node = a["node"].as_u64().unwrap() as usize;
                let mesh = json["nodes"][node]["mesh"].as_u64().unwrap() as usize;
                json["meshes"][mesh]["primitives"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| {
                        let m = p["material"].as_u64().unwrap() as usize;
                        model.materials[m].name.clone()
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        eprintln!("{name}: thirdPersonOnly materials {head_materials:?}");
        assert!(!head_materials.is_empty(), "{name}: no head-only material");
        // Every drawn material is in exactly one mesh.
        let drawn: usize = json["meshes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["primitives"].as_array().unwrap().len())
            .sum();
        assert_eq!(
            drawn,
            model
                .materials
                .iter()
                .filter(|m| m.face_index_count > 0)
                .count()
        );
        let additive = model
            .materials
            .iter()
            .filter(|m| m.sphere_mode == SphereMode::Add && m.sphere_texture >= 0)
            .count();
        let matcaps = json["materials"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["extensions"]["VRMC_materials_mtoon"]["matcapTexture"].is_object())
            .count();
        eprintln!(
            "{name}: {matcaps} matcaps from {additive} additive spheres; {:?}",
            report
                .notes
                .iter()
                .find(|n| matches!(n, ExportNote::SpheresAsMatcap { .. }))
        );
        assert!(matcaps <= additive);
        assert_eq!(
            matcaps > 0,
            report
                .notes
                .iter()
                .any(|n| matches!(n, ExportNote::SpheresAsMatcap { carried, .. } if *carried > 0))
        );
        // No shared model has an additive sphere: give the first material whose texture was
        // embedded one (that texture) and the second a multiply one.
        let mut model = model;
        let textured: Vec<usize> = (0..model.materials.len())
            .filter(|&m| {
                json["materials"][m]["pbrMetallicRoughness"]["baseColorTexture"].is_object()
            })
            .take(2)
            .collect();
        let [add, multiply] = textured[..] else {
            continue;
        };
        let texture = model.materials[add].texture;
        model.materials[add].sphere_mode = SphereMode::Add;
        model.materials[add].sphere_texture = texture;
        model.materials[multiply].sphere_mode = SphereMode::Multiply;
        model.materials[multiply].sphere_texture = texture;
        let (bytes, report) = export(&model, &options).unwrap();
        let (json, _) = split_glb(&bytes);
        let mtoon = |m: usize| &json["materials"][m]["extensions"]["VRMC_materials_mtoon"];
        let index = mtoon(add)["matcapTexture"]["index"].as_u64().unwrap() as usize;
        let image = json["textures"][index]["source"].as_u64().unwrap() as usize;
        assert_eq!(
            json["images"][image]["name"],
            model.textures[texture as usize].as_str()
        );
        assert_eq!(
            mtoon(add)["matcapFactor"],
            serde_json::json!([1.0, 1.0, 1.0])
        );
        assert!(mtoon(multiply).get("matcapTexture").is_none());
        let note = report
            .notes
            .iter()
            .find_map(|n| match n {
                ExportNote::SpheresAsMatcap {
                    carried, dropped, ..
                } => Some((*carried, *dropped)),
                _ => None,
            })
            .unwrap();
        assert_eq!(note, (1, 1), "{name}");
        matcap_checked += 1;
    }
    assert!(
        models.is_empty() || matcap_checked > 0,
        "no model had two textured materials"
    );
}

#[test]
fn the_t_pose_turn_is_information_and_dropped_features_are_losses() {
    use crate::ops::output::{notes_by_kind, NoteKind, Progress, Sources};
    for (name, model) in humanoids() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("a.vrm");
        let sources = Sources::new(&model, None, &out);
        let meta =
            serde_json::json!({"author": "Hone test", "license": "https://vrm.dev/licenses/1.0/"});
        let options = crate::ops::Options::new(meta.as_object().unwrap().clone());
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let mut progress = Progress {
            report: &mut |_| {},
            cancel: &cancel,
        };
        let run = crate::ops::export::OP.run;
        let made = run(&sources, &Default::default(), &options, &mut progress).unwrap();
        let groups = notes_by_kind(&made.notes);
        let group = |kind| {
            let found = groups.iter().find(|(k, _)| *k == kind);
            found.map(|(_, texts)| texts.clone()).unwrap_or_default()
        };
        let (changed, lost) = (group(NoteKind::Changed), group(NoteKind::Lost));
        // The catalogue's T-pose sentence up to its number of degrees.
        let turn = crate::tr!("export-vrm-t-pose", degrees = "§");
        let turn = turn.split('§').next().unwrap();
        assert!(
            changed.iter().any(|t| t.starts_with(turn)),
            "{name}: the T-pose turn is information: {changed:?}"
        );
        assert!(
            !lost.iter().any(|t| t.starts_with(turn)),
            "{name}: {lost:?}"
        );
        // VRM has no IK: the model's IK bones are a loss.
        let ik_bones = model.bones.iter().filter(|b| b.ik.is_some()).count();
        assert!(ik_bones > 0, "{name}");
        let ik = crate::tr!("export-ik-dropped", count = ik_bones as i64);
        assert!(lost.contains(&ik.as_str()), "{name}: {ik} in {lost:?}");
        assert!(!changed.contains(&ik.as_str()), "{name}");
        // Changes come first, each group holds only its kind.
        assert_eq!(groups[0].0, NoteKind::Changed, "{name}");
        let kinds: Vec<NoteKind> = made.notes.iter().map(|n| n.kind).collect();
        assert_eq!(
            kinds.iter().filter(|k| **k == NoteKind::Lost).count(),
            lost.len(),
            "{name}"
        );
    }
}

#[test]
fn sdef_skinned_linearly_is_a_loss_and_normalised_weights_a_change() {
    assert_eq!(
        ExportNote::SdefAsLinear { vertices: 3 }.kind(),
        NoteKind::Lost
    );
    assert_eq!(
        ExportNote::SoftBodiesDropped { count: 1 }.kind(),
        NoteKind::Lost
    );
    assert_eq!(
        ExportNote::WeightsNormalised { vertices: 3 }.kind(),
        NoteKind::Changed
    );
    let matcap = |dropped| ExportNote::SpheresAsMatcap {
        carried: 2,
        dropped,
        toons: 1,
    };
    assert_eq!(matcap(0).kind(), NoteKind::Changed);
    assert_eq!(
        matcap(1).kind(),
        NoteKind::Lost,
        "a multiply sphere map is gone"
    );
}
