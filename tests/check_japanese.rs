//! `hone check --lang ja` speaks Japanese: the same problems and codes as in English,
//! every message and fix in Japanese beyond the quoted model names; and the history
//! labels follow the language.

use hone::edit::{ElementKind, History, ModelEdit};
use hone::pmx::Model;
use hone_core::i18n::{set_lang, Lang};
use std::path::Path;
use std::process::Command;

/// Text with the quoted model data (「name」, "texture path") taken out.
fn without_names(text: &str) -> String {
    let mut out = String::new();
    let mut closing: Option<char> = None;
    for c in text.chars() {
        match (closing, c) {
            (None, '「') => closing = Some('」'),
            (None, '"') => closing = Some('"'),
            (Some(end), c) if c == end => closing = None,
            (Some(_), _) => {}
            (None, c) => out.push(c),
        }
    }
    out
}

fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '\u{FF01}'..='\u{FF60}')
}

/// (code, message, fix description) of every problem `hone check --json` reports.
fn check(path: &Path, lang: Lang) -> Vec<(String, String, Option<String>)> {
    let out = Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(["check", "--json", "--lang", lang.code()])
        .arg(path)
        .output()
        .unwrap();
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    doc["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["code"].as_str().unwrap().to_string(),
                p["message"].as_str().unwrap().to_string(),
                p["fix"]["description"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// The sample rig broken in many ways (names, weights, bodies, joints, morphs, frames).
fn broken_rig() -> Model {
    let mut m = hone::pmx::builder::sample_rig();
    m.info.name.clear();
    m.bones[1].name.clear();
    let twin = m.bones[2].name.clone();
    m.bones[3].name = twin;
    m.bones[2].layer = -1;
    m.bones[0].parent = 999;
    if let Some(b) = m.rigid_bodies.iter_mut().find(|b| b.mass > 0.0) {
        b.mass = 0.0;
        b.mode = hone::pmx::RigidMode::Dynamic;
    }
    if let Some(j) = m.joints.first_mut() {
        j.body_b = j.body_a;
    }
    if let Some(j) = m.joints.get_mut(1) {
        j.angular_lower.y = -1.7;
        j.angular_upper.y = 1.7;
        j.linear_lower.x = 1.0;
        j.linear_upper.x = -1.0;
    }
    if let Some(v) = m.vertices.first_mut() {
        v.position.x = f32::NAN;
    }
    m.textures.push("C:\\textures\\skin.png".into());
    m.textures.push("../shared/skin.png".into());
    if let Some(mat) = m.materials.first_mut() {
        mat.diffuse.x = 1.5;
    }
    m.display_frames.clear();
    m
}

#[test]
fn hone_check_lang_ja_is_japanese_with_the_same_codes() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.pmx");
    hone::pmx::write::save(&broken_rig(), &broken, &Default::default()).unwrap();
    let mut files = vec![broken];
    files.extend(hone_testkit::shared_model_files(&["pmx", "pmd"]));

    let (mut texts, mut japanese, mut letters, mut latin) = (0, 0, 0, 0);
    let mut codes = std::collections::BTreeSet::new();
    for file in &files {
        let ja = check(file, Lang::Ja);
        let en = check(file, Lang::En);
        let code = |v: &[(String, String, Option<String>)]| -> Vec<String> {
            v.iter().map(|p| p.0.clone()).collect()
        };
        assert_eq!(code(&ja), code(&en), "{}: same problems", file.display());
        for ((c, message, fix), (_, en_message, _)) in ja.iter().zip(&en) {
            codes.insert(c.clone());
            assert_ne!(message, en_message, "{c} is not translated");
            for text in std::iter::once(message).chain(fix) {
                let text = without_names(text);
                texts += 1;
                if text.chars().any(is_japanese) {
                    japanese += 1;
                } else {
                    panic!("{}: {c}: not Japanese: {text}", file.display());
                }
                letters += text.chars().filter(|c| !c.is_whitespace()).count();
                latin += text.chars().filter(|c| c.is_ascii_alphabetic()).count();
            }
        }
    }
    let share = latin as f64 / letters as f64;
    eprintln!(
        "{} files, {} codes, {texts} messages and fixes, {japanese} Japanese, Latin letters {:.1} %",
        files.len(),
        codes.len(),
        share * 100.0
    );
    assert!(codes.len() >= 12, "too few codes exercised: {codes:?}");
    // Codes, file-format words (PMX, SDEF, IK) and numbers stay Latin; the rest is not.
    assert!(share < 0.15, "Latin letters {:.1} %", share * 100.0);
}

/// Edit titles follow the language current when the edit is made (one test: the
/// language is process-wide).
#[test]
fn history_labels_follow_the_language() {
    let mut model = hone::pmx::builder::sample_rig();
    let name = model.bones[1].name.clone();
    let mut history = History::new();
    set_lang(Lang::Ja);
    history
        .apply(&mut model, ModelEdit::delete(ElementKind::Bone, vec![1]))
        .unwrap();
    let ja = history.undo_label().unwrap_or_default().to_string();
    assert_eq!(ja, format!("ボーン {name} を削除"));
    history.undo(&mut model).expect("undone");
    set_lang(Lang::En);
    let mut history = History::new();
    history
        .apply(&mut model, ModelEdit::delete(ElementKind::Bone, vec![1, 2]))
        .unwrap();
    assert_eq!(history.undo_label().unwrap_or_default(), "Delete 2 bones");
}
