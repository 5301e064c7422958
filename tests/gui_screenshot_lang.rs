//! The main window in Japanese and in English (issue 21.3).
//!
//! Through egui_kittest, at a narrow and a wide window: every menu title, every dock
//! tab's title and the viewport toolbar's buttons are drawn in the chosen language (the
//! texts are read from the catalogue, not written here) and none of the other
//! language's; no two of them overlap; menu titles and toolbar buttons are never cut by
//! their panel or the window. A dock leaf's tab bar scrolls when its tabs do not fit, so
//! a tab title may be cut at its end: Japanese must not cut more of them than English.
//! Under Xvfb, `hone --screenshot --lang ja` and `--lang en` both write images and their
//! menu bars differ. One test binary: the language is process-wide.

use eframe::egui;
use hone::app::dock::Tab;
use hone_core::i18n::{lookup_in, set_lang, Lang};

mod gui_support;
use gui_support::harness_with;

/// Menu bar titles (src/app/menus.rs).
const MENU_KEYS: &[&str] = &[
    "menu-file",
    "menu-edit",
    "menu-rig",
    "menu-model",
    "menu-morph",
    "menu-view",
];

/// The viewport toolbar's toggles and buttons (src/app/viewport/mod.rs).
const TOOLBAR_KEYS: &[&str] = &[
    "view-mesh",
    "view-wireframe",
    "view-edges",
    "view-bones",
    "view-bodies",
    "view-joints",
    "view-grid",
    "view-shadow",
    "view-reset-view",
    "view-frame",
    "view-reset-pose",
    "view-physics",
];

/// (narrow, wide): the narrowest window the default layout is meant for, and the
/// default `--size`.
const SIZES: [egui::Vec2; 2] = [egui::vec2(1280.0, 800.0), egui::vec2(1600.0, 1000.0)];

fn app_text(lang: Lang, key: &str) -> String {
    lookup_in(&hone::app::i18n::APP, lang, key, &[])
}

/// Every text the frame painted: its string, where it is and the clip rectangle it was
/// painted in.
fn painted_texts(output: &egui::FullOutput) -> Vec<(String, egui::Rect, egui::Rect)> {
    fn walk(
        shape: &egui::Shape,
        clip: egui::Rect,
        out: &mut Vec<(String, egui::Rect, egui::Rect)>,
    ) {
        match shape {
            egui::Shape::Text(t) => {
                let rect = t.visual_bounding_rect();
                out.push((t.galley.text().to_string(), rect, clip));
            }
            egui::Shape::Vec(shapes) => {
                for s in shapes {
                    walk(s, clip, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &output.shapes {
        walk(&clipped.shape, clipped.clip_rect, &mut out);
    }
    out
}

/// Where each text of `wanted` (matched exactly) is drawn, and the problems: not drawn,
/// or overlapping another of them. The second list holds the texts cut by their clip
/// rectangle or the window.
fn layout_problems(
    texts: &[(String, egui::Rect, egui::Rect)],
    wanted: &[String],
    window: egui::Rect,
) -> (Vec<String>, Vec<String>) {
    let mut problems = Vec::new();
    let mut cut = Vec::new();
    // What shows of each text: its rectangle within its clip rectangle.
    let mut found: Vec<(&str, egui::Rect)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    // A text wanted twice (the Morph menu and the Morphs tab may read the same) is
    // looked up once: every place it is drawn counts.
    for w in wanted.iter().filter(|w| seen.insert(w.as_str())) {
        let hits: Vec<_> = texts.iter().filter(|(s, _, _)| s == w).collect();
        if hits.is_empty() {
            problems.push(format!("{w:?} is not drawn"));
            continue;
        }
        for (s, rect, clip) in hits {
            // Half a point of slack for glyph bounds rounding.
            let visible = clip.intersect(window).expand(0.5);
            if !visible.contains_rect(*rect) {
                cut.push(format!(
                    "{s:?} at {rect:?} is cut (visible area {visible:?})"
                ));
            }
            found.push((s, rect.intersect(*clip)));
        }
    }
    for (i, (a, ra)) in found.iter().enumerate() {
        for (b, rb) in &found[i + 1..] {
            let overlap = ra.intersect(*rb);
            if overlap.width() > 1.0 && overlap.height() > 1.0 {
                problems.push(format!("{a:?} {ra:?} overlaps {b:?} {rb:?}"));
            }
        }
    }
    (problems, cut)
}

/// Menu titles and toolbar buttons (never cut), and tab titles (a dock leaf's tab bar
/// scrolls when its tabs do not fit).
fn wanted_texts(lang: Lang) -> (Vec<String>, Vec<String>) {
    let mut fixed: Vec<String> = MENU_KEYS.iter().map(|k| app_text(lang, k)).collect();
    fixed.extend(TOOLBAR_KEYS.iter().map(|k| app_text(lang, k)));
    let tabs = Tab::ALL.iter().map(|t| t.title_in(lang)).collect();
    (fixed, tabs)
}

#[test]
fn the_main_window_in_each_language_shows_its_own_labels_uncut_and_apart() {
    let mut report = Vec::new();
    // Tab titles cut at the end of a tab bar, per window size: (ja, en).
    let mut cut_tabs = [[0usize; 2]; SIZES.len()];
    for (li, lang) in Lang::ALL.into_iter().enumerate() {
        let other = Lang::ALL.into_iter().find(|&l| l != lang).unwrap();
        for (si, size) in SIZES.into_iter().enumerate() {
            let mut h = harness_with(
                hone::app::sample_document().model().clone(),
                "hone-sample.pmx",
                size,
                |_| {},
            );
            set_lang(lang);
            h.run_steps(4);
            let texts = painted_texts(h.output());
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
            let (fixed, tabs) = wanted_texts(lang);
            let all: Vec<String> = fixed.iter().chain(&tabs).cloned().collect();
            let (problems, cut) = layout_problems(&texts, &all, window);
            let place = format!("{lang} {}x{}", size.x, size.y);
            report.extend(problems.iter().map(|p| format!("{place}: {p}")));
            for c in &cut {
                if tabs.iter().any(|t| c.starts_with(&format!("{t:?}"))) {
                    cut_tabs[si][li] += 1;
                    println!("{place}: tab bar scrolls: {c}");
                } else {
                    report.push(format!("{place}: {c}"));
                }
            }
            // Nothing of the other language's menus, tabs or toolbar is drawn.
            let (other_fixed, other_tabs) = wanted_texts(other);
            for w in other_fixed.iter().chain(&other_tabs) {
                if !all.contains(w) && texts.iter().any(|(s, _, _)| s == w) {
                    report.push(format!("{place}: {other} text {w:?} is drawn"));
                }
            }
        }
    }
    set_lang(Lang::En);
    for (si, size) in SIZES.into_iter().enumerate() {
        let [ja, en] = cut_tabs[si];
        println!("{}x{}: tab titles cut: ja {ja}, en {en}", size.x, size.y);
        if ja > en {
            report.push(format!(
                "{}x{}: Japanese cuts {ja} tab titles, English {en}",
                size.x, size.y
            ));
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn the_layout_check_finds_missing_cut_and_overlapping_labels() {
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(100.0, 100.0));
    let clip = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(50.0, 100.0));
    let r = |x0: f32, y0: f32, x1: f32, y1: f32| {
        egui::Rect::from_min_max(egui::pos2(x0, y0), egui::pos2(x1, y1))
    };
    let texts = vec![
        ("ファイル".to_string(), r(0.0, 0.0, 30.0, 10.0), clip),
        ("編集".to_string(), r(20.0, 0.0, 40.0, 10.0), clip),
        ("ボーン".to_string(), r(40.0, 20.0, 70.0, 30.0), clip),
        ("モーフ".to_string(), r(0.0, 40.0, 30.0, 50.0), clip),
        // Beside ボーン's hidden end, in the next panel: not an overlap.
        (
            "ビュー".to_string(),
            r(52.0, 20.0, 70.0, 30.0),
            r(50.0, 0.0, 100.0, 100.0),
        ),
    ];
    // モーフ twice (a menu and a tab may read the same): not an overlap with itself.
    let wanted: Vec<String> = [
        "ファイル",
        "編集",
        "ボーン",
        "モーフ",
        "モーフ",
        "ビュー",
        "剛体",
    ]
    .map(String::from)
    .to_vec();
    let (problems, cut) = layout_problems(&texts, &wanted, window);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems[0].contains("剛体") && problems[0].contains("not drawn"));
    assert!(problems[1].contains("ファイル") && problems[1].contains("overlaps"));
    assert_eq!(cut.len(), 1, "{cut:#?}");
    assert!(cut[0].contains("ボーン"));
    // The same texts apart and inside: nothing to report.
    let apart = vec![
        ("ファイル".to_string(), r(0.0, 0.0, 18.0, 10.0), clip),
        ("編集".to_string(), r(20.0, 0.0, 40.0, 10.0), clip),
    ];
    let wanted: Vec<String> = ["ファイル", "編集"].map(String::from).to_vec();
    assert_eq!(layout_problems(&apart, &wanted, window), (vec![], vec![]));
}

/// `hone --screenshot OUT --lang L` under Xvfb.
fn screenshot(lang: Lang, out: &std::path::Path) -> std::process::Output {
    std::process::Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1344x864x24"])
        .arg(env!("CARGO_BIN_EXE_hone"))
        .arg("--screenshot")
        .arg(out)
        .args(["--size", "1280x800", "--lang", lang.code()])
        .output()
        .expect("run xvfb-run")
}

#[test]
fn screenshots_in_japanese_and_english_differ_in_their_menus() {
    if !hone_testkit::xvfb_run() {
        hone_testkit::skip("xvfb-run is not installed: no screenshots in two languages");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut images = Vec::new();
    for lang in [Lang::Ja, Lang::En] {
        let out = dir.path().join(format!("main-{lang}.png"));
        let run = screenshot(lang, &out);
        assert!(
            run.status.success(),
            "hone --screenshot --lang {lang} failed: {}\n{}",
            run.status,
            String::from_utf8_lossy(&run.stderr)
        );
        let img = image::open(&out).expect("a PNG").to_rgba8();
        assert_eq!(img.dimensions(), (1280, 800), "{lang}");
        images.push(img);
    }
    // The menu bar (the top 24 px, left half) holds only translated text: it must differ.
    let (ja, en) = (&images[0], &images[1]);
    let mut differing = 0u32;
    let mut total = 0u32;
    for y in 0..24 {
        for x in 0..640 {
            let (a, b) = (ja.get_pixel(x, y).0, en.get_pixel(x, y).0);
            total += 1;
            if (0..3).any(|k| a[k].abs_diff(b[k]) > 40) {
                differing += 1;
            }
        }
    }
    let fraction = differing as f64 / total as f64;
    assert!(
        fraction > 0.01,
        "the menu bars look the same in Japanese and English ({:.2} % differ)",
        100.0 * fraction
    );
}
