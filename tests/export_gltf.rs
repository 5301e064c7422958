//! `hone export` on every shared model, checked by Khronos' glTF validator (npm `gltf-validator`,
//! installed by scripts/setup-debian.sh into scripts/gltf-validator/): 0 errors for each file.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `hone export … --lang en` (a global option goes after the subcommand).
fn hone_export() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hone"));
    c.args(["export", "--lang", "en"]);
    c
}

fn validator_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/gltf-validator/validate.mjs")
}

/// Whether node and the validator package are installed; records a skip when not.
fn validator_available() -> bool {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/gltf-validator/node_modules/gltf-validator/package.json");
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node || !package.is_file() {
        hone_testkit::skip(
            "node or the gltf-validator package is missing (sh scripts/setup-debian.sh installs both)",
        );
        return false;
    }
    true
}

/// The validator's verdict per file: (file, errors, first messages).
fn validate(files: &[PathBuf]) -> Vec<(String, u64, String)> {
    let out = Command::new("node")
        .arg(validator_script())
        .args(files)
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "validator failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), files.len(), "one verdict per file");
    lines
        .iter()
        .map(|l| {
            (
                l["file"].as_str().unwrap().to_string(),
                l["errors"].as_u64().unwrap(),
                l["messages"].to_string(),
            )
        })
        .collect()
}

/// `hone export MODEL -o OUT.vrm` with an author and the VRM licence.
fn export_vrm(model: &Path, out: &Path) -> std::process::Output {
    let meta = [
        "--author",
        "Hone test",
        "--license",
        "https://vrm.dev/licenses/1.0/",
    ];
    let mut run = hone_export();
    run.arg(model).arg("-o").arg(out).args(meta);
    run.output().unwrap()
}

fn export(model: &Path, out: &Path) -> String {
    let run = hone_export()
        .arg(model)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert!(run.status.success(), "{}: {stderr}", model.display());
    stderr
}

#[test]
fn every_shared_model_exports_to_glb_and_gltf_that_the_khronos_validator_passes() {
    let models = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    if models.is_empty() || !validator_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (i, model) in models.iter().enumerate() {
        let stem = model.file_stem().unwrap().to_string_lossy();
        for ext in ["glb", "gltf"] {
            let out = dir.path().join(format!("{i}-{stem}.{ext}"));
            export(model, &out);
            files.push(out);
        }
    }
    let verdicts = validate(&files);
    let failed: Vec<_> = verdicts.iter().filter(|v| v.1 > 0).collect();
    assert!(failed.is_empty(), "validator errors: {failed:#?}");
    eprintln!("validated {} files, 0 errors", verdicts.len());
}

/// Reads a .glb's JSON chunk.
fn glb_json(path: &Path) -> serde_json::Value {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..4], b"glTF");
    let len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    serde_json::from_slice(&bytes[20..20 + len]).unwrap()
}

#[test]
fn gene_light_carries_its_textures_morphs_and_bones_and_lists_what_it_cannot() {
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let model = hone::pmx::load_bytes(&std::fs::read(&path).unwrap())
        .unwrap()
        .model;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("gene.glb");
    let stderr = export(&path, &out);
    let json = glb_json(&out);
    // Every texture a material uses is embedded (all are beside Gene_light).
    let mut used: Vec<i32> = model
        .materials
        .iter()
        .map(|m| m.texture)
        .filter(|t| *t >= 0)
        .collect();
    used.sort();
    used.dedup();
    assert_eq!(json["images"].as_array().unwrap().len(), used.len());
    assert!(!stderr.contains("not embedded"), "{stderr}");
    let vertex_morphs: Vec<&str> = model
        .morphs
        .iter()
        .filter(|m| matches!(m.offsets, hone::pmx::MorphOffsets::Vertex(_)))
        .map(|m| m.name.as_str())
        .collect();
    let names: Vec<&str> = json["meshes"][0]["extras"]["targetNames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(names, vertex_morphs);
    assert!(names.contains(&"まばたき") && names.contains(&"あ"));
    assert_eq!(
        json["skins"][0]["joints"].as_array().unwrap().len(),
        model.bones.len()
    );
    let ik = model.bones.iter().filter(|b| b.ik.is_some()).count();
    assert!(
        stderr.contains(&format!("{ik} IK bones exported as plain bones")),
        "{stderr}"
    );
    assert!(stderr.contains(&format!(
        "{} rigid bodies and {} joints not exported",
        model.rigid_bodies.len(),
        model.joints.len()
    )));
}

#[test]
fn sdef_is_reported_in_both_languages_and_a_bad_extension_writes_nothing() {
    let Some(path) = hone_testkit::shared_model("generated_deform/sdef-two-bone-elbow.pmx") else {
        return;
    };
    let model = hone::pmx::load_bytes(&std::fs::read(&path).unwrap())
        .unwrap()
        .model;
    let sdef = model
        .vertices
        .iter()
        .filter(|v| matches!(v.weights, hone::pmx::Weights::Sdef { .. }))
        .count();
    assert!(sdef > 0);
    let dir = tempfile::tempdir().unwrap();
    let stderr = export(&path, &dir.path().join("a.glb"));
    assert!(stderr.contains(&format!(
        "{sdef} SDEF vertices exported with linear weights"
    )));
    let ja = Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(["export", "--lang", "ja"])
        .arg(&path)
        .arg("-o")
        .arg(dir.path().join("b.gltf"))
        .output()
        .unwrap();
    assert!(ja.status.success());
    assert!(String::from_utf8_lossy(&ja.stderr).contains(&format!(
        "SDEF の頂点 {sdef} 個を線形ウェイトで書き出しました"
    )));
    let bad = dir.path().join("c.obj");
    let run = hone_export()
        .arg(&path)
        .arg("-o")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(!bad.exists());
}

/// The human bones of a .vrm: VRM name → the MMD bone's name (the node's name).
fn human_bones(json: &serde_json::Value) -> std::collections::BTreeMap<String, String> {
    json["extensions"]["VRMC_vrm"]["humanoid"]["humanBones"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let node = v["node"].as_u64().unwrap() as usize;
            (
                k.clone(),
                json["nodes"][node]["name"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn vrm_of_every_humanoid_shared_model_has_the_required_bones_expressions_springs_and_validates() {
    let models = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    if models.is_empty() || !validator_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut made = Vec::new();
    for (i, path) in models.iter().enumerate() {
        let model = hone::pmx::load_bytes(&std::fs::read(path).unwrap())
            .unwrap()
            .model;
        let has = |name: &str| model.bones.iter().any(|b| b.name == name);
        let humanoid = [
            "センター",
            "上半身",
            "頭",
            "左腕",
            "左ひじ",
            "左手首",
            "右足",
            "右ひざ",
            "右足首",
        ]
        .iter()
        .all(|n| has(n));
        let out = dir.path().join(format!("{i}.vrm"));
        let run = export_vrm(path, &out);
        let stderr = String::from_utf8_lossy(&run.stderr);
        if !humanoid {
            assert_eq!(run.status.code(), Some(1), "{}: {stderr}", path.display());
            assert!(stderr.contains("cannot make a VRM"), "{stderr}");
            assert!(!out.exists());
            continue;
        }
        assert!(run.status.success(), "{}: {stderr}", path.display());
        let json = glb_json(&out);
        let bones = human_bones(&json);
        for name in hone::export::vrm::REQUIRED_BONES {
            assert!(bones.contains_key(name), "{}: no {name}", path.display());
        }
        assert_eq!(bones["hips"], "センター");
        assert_eq!(bones["head"], "頭");
        assert_eq!(bones["leftLowerArm"], "左ひじ");
        // The mesh follows the D bones where there are any.
        let leg = if has("左足D") { "左足D" } else { "左足" };
        assert_eq!(bones["leftUpperLeg"], leg, "{}", path.display());
        let vrm = &json["extensions"]["VRMC_vrm"];
        assert_eq!(vrm["meta"]["authors"], serde_json::json!(["Hone test"]));
        let morph = |n: &str| model.morphs.iter().any(|m| m.name == n);
        for (mmd, preset) in [("まばたき", "blink"), ("あ", "aa")] {
            assert_eq!(
                vrm["expressions"]["preset"].get(preset).is_some(),
                morph(mmd),
                "{}: {preset}",
                path.display()
            );
        }
        let dynamic_bones: std::collections::BTreeSet<String> = model
            .rigid_bodies
            .iter()
            .filter(|b| !matches!(b.mode, hone::pmx::RigidMode::FollowBone) && b.bone >= 0)
            .map(|b| model.bones[b.bone as usize].name.clone())
            .collect();
        let springs = json["extensions"]["VRMC_springBone"]["springs"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            !springs.is_empty(),
            !dynamic_bones.is_empty(),
            "{}",
            path.display()
        );
        for spring in &springs {
            let joints = spring["joints"].as_array().unwrap();
            assert!(joints.len() >= 2);
            // Every joint but the tip is a bone a dynamic body moves.
            for joint in &joints[..joints.len() - 1] {
                let node = joint["node"].as_u64().unwrap() as usize;
                let name = json["nodes"][node]["name"].as_str().unwrap();
                assert!(
                    dynamic_bones.contains(name),
                    "{name} in a spring has no dynamic body"
                );
            }
        }
        eprintln!(
            "{}: {} human bones, {} expressions, {} springs",
            path.display(),
            bones.len(),
            vrm["expressions"]["preset"]
                .as_object()
                .map_or(0, |p| p.len()),
            springs.len()
        );
        made.push(out);
    }
    assert!(made.len() >= 3, "Gene, Gene.pmd and mei are humanoid");
    let verdicts = validate(&made);
    let failed: Vec<_> = verdicts.iter().filter(|v| v.1 > 0).collect();
    assert!(failed.is_empty(), "validator errors: {failed:#?}");
}

#[test]
fn vrm_options_t_pose_off_and_expression_maps_validate_on_every_humanoid_shared_model() {
    let models = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    if models.is_empty() || !validator_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let json_map = dir.path().join("map.json");
    std::fs::write(
        &json_map,
        r#"{"happy": {"笑い": 0.5, "にこり": 1.0}, "mouthWide": "あ", "sad": "ないモーフ"}"#,
    )
    .unwrap();
    let csv_map = dir.path().join("map.csv");
    std::fs::write(
        &csv_map,
        "# expression,morph,weight\nblink,まばたき,1\nouch,困る,0.7\n",
    )
    .unwrap();
    let bad_map = dir.path().join("bad.csv");
    std::fs::write(&bad_map, "blink,まばたき\nthis line has no morph\n").unwrap();
    let mut made = Vec::new();
    for (i, path) in models.iter().enumerate() {
        let probe = dir.path().join(format!("{i}-probe.vrm"));
        let meta = [
            "--author",
            "Hone test",
            "--license",
            "https://vrm.dev/licenses/1.0/",
        ];
        let ok = hone_export()
            .arg(path)
            .arg("-o")
            .arg(&probe)
            .args(meta)
            .output()
            .unwrap()
            .status
            .success();
        if !ok {
            continue; // not humanoid: the test above checks the refusal
        }
        made.push(probe);
        let variants: [(&str, Vec<std::ffi::OsString>); 4] = [
            ("a-pose", vec!["--t-pose=false".into()]),
            ("t-pose-glb", vec!["--t-pose".into()]),
            (
                "json-map",
                vec!["--expressions".into(), json_map.clone().into()],
            ),
            (
                "csv-map",
                vec!["--expressions".into(), csv_map.clone().into()],
            ),
        ];
        for (label, args) in variants {
            let ext = if label == "t-pose-glb" { "glb" } else { "vrm" };
            let out = dir.path().join(format!("{i}-{label}.{ext}"));
            let run = hone_export()
                .arg(path)
                .arg("-o")
                .arg(&out)
                .args(meta)
                .args(&args)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(run.status.success(), "{} {label}: {stderr}", path.display());
            let json = glb_json(&out);
            match label {
                "a-pose" => assert!(stderr.contains("A pose"), "{stderr}"),
                "t-pose-glb" => {
                    assert!(json["extensions"].get("VRMC_vrm").is_none());
                    assert!(stderr.contains("T pose"), "{stderr}");
                }
                "json-map" => {
                    assert!(stderr.contains("no morph ないモーフ"), "{stderr}");
                    let custom = &json["extensions"]["VRMC_vrm"]["expressions"]["custom"];
                    assert!(custom["mouthWide"].is_object(), "{}", path.display());
                }
                _ => {
                    // A custom expression where the model has 困る, a reported miss where not.
                    let custom = &json["extensions"]["VRMC_vrm"]["expressions"]["custom"];
                    let missing = stderr.contains("no morph 困る");
                    assert_ne!(custom.get("ouch").is_some(), missing, "{stderr}");
                }
            }
            let annotations = &json["extensions"]["VRMC_vrm"]["firstPerson"]["meshAnnotations"];
            // Every VRM that draws something says what the wearer's own camera hides.
            let draws = json.get("meshes").is_some();
            assert!(
                ext == "glb" || !draws || annotations.is_array(),
                "{}",
                path.display()
            );
            made.push(out);
        }
        // A malformed map: an error naming the line, nothing written.
        let out = dir.path().join(format!("{i}-bad.vrm"));
        let run = hone_export()
            .arg(path)
            .arg("-o")
            .arg(&out)
            .args(meta)
            .arg("--expressions")
            .arg(&bad_map)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            !run.status.success() && stderr.contains("line 2"),
            "{stderr}"
        );
        assert!(!out.exists());
    }
    assert!(
        made.len() >= 15,
        "3 humanoid models × 5 files: {}",
        made.len()
    );
    let verdicts = validate(&made);
    let failed: Vec<_> = verdicts.iter().filter(|v| v.1 > 0).collect();
    assert!(failed.is_empty(), "validator errors: {failed:#?}");
    eprintln!(
        "validated {} VRM/GLB files with the new options, 0 errors",
        verdicts.len()
    );
}

/// A merged part's textures are read from the part's folder until the model is saved beside
/// them (the app exports an unsaved merge): with the origins every texture is embedded, without
/// them each is reported missing.
#[test]
fn textures_with_an_origin_are_read_from_that_folder() {
    use hone::export::{export, ExportFormat, ExportNote, ExportOptions};
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let model = hone::pmx::load(&path).unwrap().model;
    let elsewhere = tempfile::tempdir().unwrap();
    let missing = |options: &ExportOptions| {
        let (_, report) = export(&model, options).unwrap();
        report
            .notes
            .iter()
            .filter(|n| matches!(n, ExportNote::TextureMissing { .. }))
            .count()
    };
    let mut options = ExportOptions::new(ExportFormat::Glb);
    options.texture_dir = Some(elsewhere.path().to_path_buf());
    let used: std::collections::BTreeSet<usize> = model
        .materials
        .iter()
        .filter_map(|m| usize::try_from(m.texture).ok())
        .collect();
    assert!(!used.is_empty());
    assert_eq!(missing(&options), used.len(), "nothing beside the model");
    for &i in &used {
        options
            .texture_origins
            .bring(i, &model.textures[i], path.parent().unwrap());
    }
    assert_eq!(missing(&options), 0, "each read from its origin's folder");
}

#[test]
fn a_vrm_export_lists_the_t_pose_turn_as_a_change_and_dropped_features_as_losses() {
    for rel in ["gene/Gene.pmx", "mei/mei.pmd"] {
        let Some(path) = hone_testkit::shared_model(rel) else {
            continue;
        };
        let dir = tempfile::tempdir().unwrap();
        let run = export_vrm(&path, &dir.path().join("a.vrm"));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{rel}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        let at = |what: &str| lines.iter().position(|l| l.contains(what));
        let changed = at("hone: Carried with changes:").expect(&stderr);
        let lost = at("hone: Not carried:").expect(&stderr);
        let turn = at("arms turned into VRM's T pose").expect(&stderr);
        assert!(changed < turn && turn < lost, "{rel}: {stderr}");
        // Under the losses: IK bones (VRM has no IK) and 付与, each an item of the list.
        let losses = &lines[lost + 1..];
        let items = losses.iter().take_while(|l| l.starts_with("  • ")).count();
        assert!(
            losses[..items]
                .iter()
                .any(|l| l.contains("IK bones exported as plain bones")),
            "{rel}: {stderr}"
        );
        // The closing line counts only the losses.
        let things = format!("{items} things not carried");
        assert!(stderr.contains(&things), "{rel}: {things}: {stderr}");
    }
}
