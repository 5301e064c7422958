use super::*;
use crate::edit::History;
use crate::pmx::Bone;

/// MMD's standard bones, one side where there are two (the other is made by swapping 左/右).
const STANDARD: &[&str] = &[
    "センター",
    "上半身",
    "首",
    "頭",
    "左目",
    "両目",
    "下半身",
    "左肩",
    "左腕",
    "左ひじ",
    "左手首",
    "左親指１",
    "左親指２",
    "左人指１",
    "左人指２",
    "左人指３",
    "左中指１",
    "左中指２",
    "左中指３",
    "左薬指１",
    "左薬指２",
    "左薬指３",
    "左小指１",
    "左小指２",
    "左小指３",
    "左足",
    "左ひざ",
    "左足首",
    "左つま先",
    "左足ＩＫ",
    "左つま先ＩＫ",
];

/// The semi-standard bones of docs/rigging-conventions.md §1.1, one side each.
const SEMI_STANDARD: &[&str] = &[
    "全ての親",
    "操作中心",
    "グルーブ",
    "腰",
    "腰キャンセル左",
    "上半身2",
    "左足IK親",
    "左足D",
    "左ひざD",
    "左足首D",
    "左足先EX",
    "左肩P",
    "左肩C",
    "左腕捩",
    "左腕捩1",
    "左腕捩2",
    "左腕捩3",
    "左手捩",
    "左手捩1",
    "左手捩2",
    "左手捩3",
    "左親指０",
    "左ダミー",
];

fn both_sides(names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for n in names {
        out.push(n.to_string());
        if n.contains('左') {
            out.push(n.replace('左', "右"));
        }
    }
    out
}

/// A model of bare bones with these names (also used by the translate operation's tests).
pub(crate) fn model_with_bones(names: &[impl AsRef<str>]) -> Model {
    let mut m = Model::default();
    for n in names {
        m.bones.push(Bone {
            name: n.as_ref().to_string(),
            ..Bone::default()
        });
    }
    m
}

#[test]
fn every_standard_and_semi_standard_bone_gets_a_name() {
    let names = both_sides(&[STANDARD, SEMI_STANDARD].concat());
    let rows = preview(&model_with_bones(&names), false, &UserDictionary::default());
    assert_eq!(rows.len(), names.len());
    let unnamed: Vec<_> = rows
        .iter()
        .filter(|r| r.new.is_none())
        .map(|r| &r.name)
        .collect();
    assert!(unnamed.is_empty(), "no English for {unnamed:?}");
    // Distinct: each Japanese name its own English name.
    let mut seen = HashMap::new();
    for r in &rows {
        let en = r.new.clone().unwrap();
        assert!(en.is_ascii(), "{} → {en}", r.name);
        if let Some(other) = seen.insert(en.clone(), r.name.clone()) {
            panic!("{other} and {} both become {en}", r.name);
        }
    }
}

#[test]
fn names_as_mmd_models_and_mmd_tools_spell_them() {
    let user = UserDictionary::default();
    for (jp, en) in [
        ("左腕", "arm_L"),
        ("右ひじ", "elbow_R"),
        ("左足ＩＫ", "leg IK_L"),
        ("右つま先ＩＫ", "toe IK_R"),
        ("全ての親", "master"),
        ("左人指１", "fore1_L"),
        ("右中指３", "middle3_R"),
        ("左薬指２", "third2_L"),
        ("右小指１", "little1_R"),
        ("下半身", "lower body"),
        ("まばたき", "blink"),
        ("ウィンク右", "wink_R"),
        ("あ", "a"),
        ("ハイライト消し", "highlight off"),
        ("白目", "eye white"),
        ("表情", "Exp"),
    ] {
        assert_eq!(translate_name(jp, &user).0.as_deref(), Some(en), "{jp}");
    }
}

#[test]
fn only_empty_names_unless_overwrite() {
    let mut m = model_with_bones(&["左腕", "右腕"]);
    m.bones[1].name_en = "RightArm".into();
    let user = UserDictionary::default();
    let rows = preview(&m, false, &user);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].index, 0);
    let rows = preview(&m, true, &user);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].old, "RightArm");
    assert_eq!(rows[1].new.as_deref(), Some("arm_R"));
}

#[test]
fn user_dictionary_wins_and_reports_user() {
    let user = UserDictionary::parse(
        "\u{FEFF}# mine\n\n左腕,LeftArm\n\"スカート,前\",\"Skirt, \"\"front\"\"\"\n",
    )
    .unwrap();
    assert_eq!(user.len(), 2);
    assert_eq!(
        translate_name("左腕", &user),
        (Some("LeftArm".into()), Rule::User)
    );
    assert_eq!(user.get("スカート,前"), Some("Skirt, \"front\""));
    // Exact names only: 右腕 still comes from the built-in dictionary.
    assert_eq!(
        translate_name("右腕", &user),
        (Some("arm_R".into()), Rule::Dictionary)
    );
}

#[test]
fn bad_dictionaries_are_errors() {
    assert!(UserDictionary::parse("左腕").is_err());
    assert!(UserDictionary::parse("左腕,a,b").is_err());
    assert!(UserDictionary::parse("\"左腕,arm").is_err());
    let m = model_with_bones(&["左腕"]);
    let missing = TranslateOptions {
        overwrite: false,
        dictionary: Some("/nonexistent/dictionary.csv".into()),
    };
    assert!(plan_translate_names(&m, &missing).is_err());
}

#[test]
fn a_user_entry_that_merges_left_and_right_is_dropped() {
    let user = UserDictionary::parse("左袖,sleeve\n右袖,sleeve\n").unwrap();
    let m = model_with_bones(&["左袖", "右袖", "頭"]);
    let rows = preview(&m, false, &user);
    assert_eq!(rows[0].rule, Rule::None);
    assert_eq!(rows[1].rule, Rule::None);
    assert_eq!(rows[2].new.as_deref(), Some("head"));
}

#[test]
fn one_undo_step_changes_only_english_names() {
    let mut m = model_with_bones(&["左腕", "謎"]);
    m.morphs.push(crate::pmx::Morph {
        name: "まばたき".into(),
        name_en: String::new(),
        panel: 2,
        offsets: crate::pmx::MorphOffsets::Vertex(Vec::new()),
    });
    m.materials.push(crate::pmx::Material {
        name: "前髪".into(),
        ..Default::default()
    });
    let before = m.clone();
    let (edit, rows) = plan_translate_names(&m, &TranslateOptions::default()).unwrap();
    assert_eq!(rows.iter().filter(|r| r.rule == Rule::None).count(), 1);
    let mut h = History::new();
    h.apply(&mut m, edit.unwrap()).unwrap();
    assert_eq!(m.bones[0].name_en, "arm_L");
    assert_eq!(m.bones[1].name_en, "");
    assert_eq!(m.morphs[0].name_en, "blink");
    assert_eq!(m.materials[0].name_en, "front hair");
    assert_eq!(m.bones[0].name, "左腕");
    // Filled once, nothing is left to fill (謎 has no English).
    let (again, _) = plan_translate_names(&m, &TranslateOptions::default()).unwrap();
    assert!(again.is_none());
    h.undo(&mut m).unwrap();
    assert_eq!(m, before);
}

/// The shared models with every English name cleared, translated: ≥ 95 % of their
/// standard bones named, left and right distinct, Japanese names unchanged.
#[test]
fn shared_models_get_their_standard_bones_named() {
    let files = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    if files.is_empty() {
        hone_testkit::skip("shared models absent");
        return;
    }
    let standard = both_sides(&[STANDARD, SEMI_STANDARD].concat());
    let norm = |s: &str| rules::normalize_width(s);
    let mut checked = 0;
    for path in files {
        let Ok(loaded) = crate::pmx::load(&path) else {
            continue;
        };
        let mut m = loaded.model;
        for b in &mut m.bones {
            b.name_en.clear();
        }
        for x in &mut m.morphs {
            x.name_en.clear();
        }
        let japanese: Vec<String> = m.bones.iter().map(|b| b.name.clone()).collect();
        let (edit, rows) = plan_translate_names(&m, &TranslateOptions::default()).unwrap();
        let Some(edit) = edit else { continue };
        History::new().apply(&mut m, edit).unwrap();
        let after: Vec<String> = m.bones.iter().map(|b| b.name.clone()).collect();
        assert_eq!(
            japanese,
            after,
            "{}: Japanese names changed",
            path.display()
        );
        let present: Vec<&crate::pmx::Bone> = m
            .bones
            .iter()
            .filter(|b| standard.iter().any(|s| norm(s) == norm(&b.name)))
            .collect();
        let named = present.iter().filter(|b| !b.name_en.is_empty()).count();
        let bone_rows = rows.iter().filter(|r| r.kind == ElementKind::Bone).count();
        let all_named = m.bones.iter().filter(|b| !b.name_en.is_empty()).count();
        eprintln!(
            "{}: standard bones named {named}/{}; all bones {all_named}/{bone_rows}",
            path.display(),
            present.len()
        );
        if present.is_empty() {
            continue;
        }
        assert!(
            named * 100 >= present.len() * 95,
            "{}: {named} of {} standard bones named",
            path.display(),
            present.len()
        );
        for b in &m.bones {
            if let Some(mirror) = crate::rig::names::mirror_name(&b.name) {
                if let Some(o) = m.bones.iter().find(|o| o.name == mirror) {
                    if !b.name_en.is_empty() {
                        assert_ne!(b.name_en, o.name_en, "{} / {}", b.name, o.name);
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked > 0, "no shared model had standard bones");
}
