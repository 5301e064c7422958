//! The panels in Japanese: the inspector and the lists show PMX Editor's terms,
//! a field found by its Japanese label edits the model, and switching the
//! language changes the labels on the next frame. One test in its own binary:
//! the language is process-wide.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::{HoneApp, Selection};
use hone_core::i18n::{set_lang, Lang};

mod gui_support;
use gui_support::{app, app_mut, harness_with, set_value};

#[test]
fn the_inspector_and_the_body_list_speak_japanese_and_switch_live() {
    let doc = hone::app::sample_document();
    let model = doc.model().clone();
    let mut h = harness_with(
        model,
        "hone-sample.pmx",
        egui::vec2(1600.0, 1000.0),
        |app: &mut HoneApp| focus_tab(&mut app.dock, Tab::Physics),
    );
    set_lang(Lang::Ja);
    app_mut(&mut h).state.select(Selection::RigidBody(0));
    h.run_steps(3);
    let bodies = app(&h).state.doc().model().rigid_bodies.len();
    h.get_by_label(&format!("剛体 ({bodies})"));
    for label in [
        "質量",
        "移動減衰",
        "回転減衰",
        "反発力",
        "摩擦力",
        "非衝突グループ",
    ] {
        h.get_by_label(label);
    }
    assert!(h.query_by_label("mass").is_none(), "no English field left");

    set_value(&h, "質量", 2.5);
    h.run_steps(3);
    let state = &app(&h).state;
    assert_eq!(state.doc().model().rigid_bodies[0].mass, 2.5);
    assert_eq!(state.doc().history.len(), 1, "one undo step");

    set_lang(Lang::En);
    h.run_steps(3);
    h.get_by_label("mass");
    h.get_by_label(&format!("Rigid bodies ({bodies})"));
    assert!(h.query_by_label("質量").is_none());
}
