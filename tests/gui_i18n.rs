//! The language switch: View ▸ Language relabels the whole window on the next frame.
//! Its own test binary: the language is process-wide, and the other GUI tests find
//! widgets by their English labels.

use egui_kittest::kittest::Queryable;
use hone::app::dock::Tab;
use hone_core::i18n::{lang, Lang};

mod gui_support;
use gui_support::{harness, AppHarness};

/// `menu` ▸ `submenu` ▸ `item`, as a user clicks through them.
fn pick(h: &mut AppHarness, menu: &str, submenu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(3);
    // egui marks a submenu's button with an arrow.
    h.get_by_label(&format!("{submenu} ⏵")).click();
    h.run_steps(3);
    h.get_by_label(item).click();
    h.run_steps(3);
}

#[test]
fn view_language_switches_the_menus_and_tabs_live_and_back() {
    let mut h = harness();
    h.run_steps(3);
    assert_eq!(lang(), Lang::En, "the harness starts in English");
    assert!(h.query_by_label("ファイル").is_none());

    pick(&mut h, "View", "Language", "日本語");
    assert_eq!(lang(), Lang::Ja);
    // The menu bar, the viewport toolbar and its mode bar, all from the catalogue.
    for label in [
        "ファイル",
        "編集",
        "表示",
        "リグ",
        "ワイヤー",
        "グリッド",
        "ボーン編集",
    ] {
        assert!(
            h.query_by_label(label).is_some(),
            "no {label:?} after switching to Japanese"
        );
    }
    for label in [
        "File",
        "Edit",
        "View",
        "Rig",
        "Wireframe",
        "Grid",
        "Edit bones",
    ] {
        assert!(
            h.query_by_label(label).is_none(),
            "{label:?} still in English after switching to Japanese"
        );
    }

    // The dock's tabs (egui_dock gives them no accessible label) read the same catalogue.
    assert_eq!(Tab::Problems.title(), "問題");

    pick(&mut h, "表示", "言語", "English");
    assert_eq!(lang(), Lang::En);
    assert!(h.query_by_label("File").is_some());
    assert!(h.query_by_label("ファイル").is_none());
}
