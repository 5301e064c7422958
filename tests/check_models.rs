//! `hone check` on the shared real models (skipped, and recorded by the testkit, when they are
//! absent).

use hone::check::{check_model, CheckContext, ElementRef, Severity};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Loads a shared model (PMX or PMD).
fn load(path: &Path) -> hone::pmx::Model {
    match hone::pmx::load(path) {
        Ok(l) => l.model,
        Err(e) => panic!("{} failed to load: {e}", path.display()),
    }
}

#[test]
fn check_every_shared_model() {
    for f in hone_testkit::shared_model_files(&["pmx", "pmd"]) {
        let model = load(&f);
        let problems = check_model(&model, &CheckContext::for_file(&f));
        // Every problem names an element that exists and every fix applies.
        for p in &problems {
            if let Some(i) = p.target.index() {
                assert!(i >= 0, "{}: {:?}", f.display(), p);
            }
            assert!(!p.message.is_empty());
            if let Some(fix) = &p.fix {
                let mut m = model.clone();
                fix.apply(&mut m, &mut hone::edit::History::new());
            }
        }
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let has_code = |c: &str| problems.iter().any(|p| p.code == c);
        // README: these declare 2.0 yet contain QDEF.
        if name.starts_with("qdef") || name.starts_with("mixed") {
            assert!(has_code("E-VERSION-21-FEATURE"), "{name}: {problems:#?}");
        }
        // Gene_light ships every texture it uses; Gene.pmx ships none.
        if name == "Gene_light.pmx" {
            assert!(!has_code("W-TEXTURE-MISSING"), "{problems:#?}");
        }
        if name == "Gene.pmx" {
            assert!(has_code("W-TEXTURE-MISSING"));
        }
        eprintln!(
            "{}: {} problems ({} errors)",
            f.display(),
            problems.len(),
            problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count()
        );
    }
}

fn gene_path() -> Option<PathBuf> {
    hone_testkit::shared_model("gene/Gene.pmx")
}

#[test]
fn gene_cloak_weight_is_deformed_before_its_parent() {
    let Some(path) = gene_path() else { return };
    let mut model = load(&path);
    let bone = model.bone_index("前クローク2_2錘").expect("bone exists") as i32;
    let parent = model.bones[bone as usize].parent;
    let problems = check_model(&model, &CheckContext::for_file(&path));
    let p = problems
        .iter()
        .find(|p| p.code == "E-ORDER-PARENT" && p.target == ElementRef::Bone(bone))
        .unwrap_or_else(|| panic!("order problem not found: {problems:#?}"));
    assert_eq!(p.related, vec![ElementRef::Bone(parent)]);
    assert!(p.message.contains("前クローク2_2錘"), "{}", p.message);
    let fix = p.fix.clone().expect("a layer fix");
    assert!(fix.apply(&mut model, &mut hone::edit::History::new()));
    let after = check_model(&model, &CheckContext::default());
    assert!(
        !after
            .iter()
            .any(|p| p.code.starts_with("E-ORDER") && p.target == ElementRef::Bone(bone)),
        "{after:#?}"
    );
    // The deformer now evaluates the bone after its parent.
    let order = hone::deform::BoneOrder::new(&model);
    let pos = |b: i32| order.entry_of(b as usize).unwrap().position;
    assert!(pos(bone) > pos(parent));
}

#[test]
fn cli_exit_codes_and_json() {
    let exe = env!("CARGO_BIN_EXE_hone");
    // Usage error.
    let out = Command::new(exe).args(["check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Unreadable file: 1.
    let out = Command::new(exe)
        .args(["check", "/nonexistent/file.pmx"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));

    let Some(path) = gene_path() else { return };
    let out = Command::new(exe)
        .args(["check", "--lang", "en", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    let errors = doc["errors"].as_u64().unwrap();
    assert!(errors > 0, "Gene has the order error");
    assert_eq!(out.status.code(), Some(1));
    let problems = doc["problems"].as_array().unwrap();
    assert!(problems.iter().any(|p| p["code"] == "E-ORDER-PARENT"
        && p["message"].as_str().unwrap().contains("前クローク2_2錘")
        && p["fix"]["description"]
            .as_str()
            .unwrap()
            .contains("deform layer")));
    // Human table mentions the same.
    let out = Command::new(exe).arg("check").arg(&path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("E-ORDER-PARENT") && text.contains("前クローク2_2錘"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// The bundled sample rig (what the GUI opens without a file) is clean.
#[test]
fn sample_rig_has_no_problems() {
    let model = hone::pmx::builder::sample_rig();
    assert!(!model.bones.is_empty() && !model.rigid_bodies.is_empty());
    let problems = check_model(&model, &CheckContext::default());
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Gene's 前クローク2_2錘: a simulated weight body on its own bone, which hangs
/// about 93 units below the cloak bone 前クローク2_2 it is jointed to.
#[test]
fn gene_cloak_weight_is_far_from_its_bone() {
    let Some(path) = gene_path() else { return };
    let model = load(&path);
    let body = model
        .rigid_bodies
        .iter()
        .position(|b| b.name == "前クローク2_2錘")
        .expect("body exists") as i32;
    let cloak = model.bone_index("前クローク2_2").expect("bone exists") as i32;
    let problems = check_model(&model, &CheckContext::for_file(&path));
    let p = problems
        .iter()
        .find(|p| p.code == "W-BODY-FAR-FROM-BONE" && p.target == ElementRef::RigidBody(body))
        .unwrap_or_else(|| panic!("not reported: {problems:#?}"));
    assert!(p.related.contains(&ElementRef::Bone(cloak)), "{p:?}");
    let units: f32 = p
        .message
        .split(" units")
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((90.0..96.0).contains(&units), "{}", p.message);
    // No other body of Gene is that far.
    let far = problems
        .iter()
        .filter(|p| p.code == "W-BODY-FAR-FROM-BONE")
        .count();
    assert_eq!(far, 1, "{problems:#?}");
}
