//! The language switch: View ▸ Language relabels the whole window on the next frame.
//! Its own test binary: the language is process-wide, and the other GUI tests find
//! widgets by their English labels.

use egui_kittest::kittest::{NodeT, Queryable};
use hone::app::commands::Mode;
use hone::app::dock::{focus_tab, Tab};
use hone_core::i18n::{lang, Lang};
use std::sync::Mutex;

mod gui_support;
use gui_support::{app_mut, harness, AppHarness};

/// The language is process-wide: these tests take turns.
static LANGUAGE: Mutex<()> = Mutex::new(());

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
    let _turn = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
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

/// Every accessible label the window shows.
fn labels(h: &AppHarness) -> Vec<String> {
    h.query_all_by(|n| n.label().is_some())
        .map(|n| n.accesskit_node().label().unwrap_or_default().to_string())
        .collect()
}

/// `menu-file`, `tab-problems`: what a lookup of a key the catalogue lacks shows.
fn looks_like_a_key(label: &str) -> bool {
    let parts: Vec<&str> = label.split('-').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

#[test]
fn the_key_pattern_is_what_a_missing_message_shows() {
    let missing = hone_core::i18n::lookup_in(&hone::app::i18n::APP, Lang::Ja, "menu-no-such", &[]);
    assert!(looks_like_a_key(&missing), "{missing}");
    assert!(!looks_like_a_key("ファイル") && !looks_like_a_key("Reset view  (Home)"));
}

#[test]
fn in_japanese_no_tab_or_mode_shows_a_catalogue_key() {
    let _turn = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    let mut h = harness();
    hone_core::i18n::set_lang(Lang::Ja);
    let mut seen = 0;
    for mode in Mode::ALL {
        app_mut(&mut h)
            .state
            .commands()
            .push(hone::app::commands::Command::ViewMode(mode));
        for tab in Tab::ALL {
            focus_tab(&mut app_mut(&mut h).dock, tab);
            h.run_steps(2);
            for label in labels(&h) {
                assert!(
                    !looks_like_a_key(&label),
                    "{mode:?}, {tab:?}: the label {label:?} is a catalogue key (no message)"
                );
                seen += 1;
            }
        }
    }
    hone_core::i18n::set_lang(Lang::En);
    assert!(seen > 1000, "only {seen} labels looked at");
}
