//! Edit ▸ Translate names… fills empty English names in one undo step; the bone
//! inspector warns while a name typed is too long for a VMD or not Shift-JIS.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::Selection;
use hone::pmx::Model;

mod gui_support;
use gui_support::{app, harness_on, AppHarness};

/// The sample rig with every English name cleared.
fn without_english() -> Model {
    let mut m = hone::pmx::builder::sample_rig();
    m.bones.iter_mut().for_each(|b| b.name_en.clear());
    m.morphs.iter_mut().for_each(|x| x.name_en.clear());
    m.materials.iter_mut().for_each(|x| x.name_en.clear());
    m.rigid_bodies.iter_mut().for_each(|x| x.name_en.clear());
    m
}

fn model(h: &AppHarness) -> &Model {
    app(h).state.doc().model()
}

fn english_of(m: &Model, bone: &str) -> String {
    let i = m
        .bone_index(bone)
        .unwrap_or_else(|| panic!("{bone} in the sample"));
    m.bones[i].name_en.clone()
}

#[test]
fn translate_names_from_the_edit_menu_applies_one_step() {
    let original = without_english();
    let mut h = harness_on(original.clone(), "names");
    h.run_steps(3);
    let steps = app(&h).state.doc().history.len();
    h.get_by_label("Edit").click();
    h.run_steps(3);
    h.get_by_label("Translate names…").click();
    h.run_steps(4);
    assert!(hone::app::translate_names::is_open(&h.ctx), "window open");
    // The preview lists 左腕 (the bone and its rigid body) with its new English name
    // before anything is applied.
    assert!(h.query_all_by_label("→ arm_L").count() >= 1);
    assert_eq!(english_of(model(&h), "左腕"), "");
    h.get_by_label("Apply").click();
    h.run_steps(4);
    assert!(
        !hone::app::translate_names::is_open(&h.ctx),
        "window closed"
    );

    let m = model(&h);
    assert_eq!(
        app(&h).state.doc().history.len(),
        steps + 1,
        "one undo step"
    );
    assert_eq!(english_of(m, "左腕"), "arm_L");
    assert_eq!(english_of(m, "右腕"), "arm_R");
    assert_eq!(english_of(m, "センター"), "center");
    assert_eq!(english_of(m, "左つま先ＩＫ"), "toe IK_L");
    let names = |m: &Model| m.bones.iter().map(|b| b.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(m), names(&original), "Japanese names unchanged");
    let filled = m.bones.iter().filter(|b| !b.name_en.is_empty()).count();
    assert!(
        filled * 10 >= m.bones.len() * 9,
        "{filled} of {} bones",
        m.bones.len()
    );

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(model(&h), &original, "undone in one step");
}

#[test]
fn bone_name_field_warns_while_typing_a_name_a_vmd_cannot_hold() {
    let model = hone::pmx::builder::sample_rig();
    let bone = model.bone_index("左腕").unwrap();
    let mut h = harness_on(model, "names");
    h.run_steps(2);
    h.state_mut()
        .as_mut()
        .unwrap()
        .state
        .commands()
        .select(Selection::Bone(bone));
    h.run_steps(3);
    let too_long = "⚠ 16 bytes in Shift-JIS: a VMD motion keeps 15, so motions will miss it";
    assert!(h.query_by_label_contains("Shift-JIS").is_none());

    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "name");
    field.focus();
    h.run_steps(2);
    // 左腕 (4 bytes) + 6 kanji (12 bytes) = 16 bytes.
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "name")
        .type_text("捩捩捩捩捩捩");
    h.run_steps(4);
    assert_eq!(
        crate::model(&h).bones[bone].name,
        "左腕捩捩捩捩捩捩",
        "renamed"
    );
    h.get_by_label(too_long);

    h.key_press(egui::Key::Backspace);
    h.run_steps(4);
    assert!(h.query_by_label(too_long).is_none(), "15 bytes fit");
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "name")
        .type_text("🎀");
    h.run_steps(4);
    h.get_by_label_contains("Not in Shift-JIS: 🎀");
}
