//! File ▸ Export… and File ▸ Bake motion… driven headless: the VRM window asks author and
//! licence before it exports, the worker writes the file and the report shows, Cancel writes
//! nothing; the bake's progress window runs to a file, and its Cancel stops it.

mod gui_support;

use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::{app, app_mut, harness, harness_on, motion::key, motion::name, AppHarness};
use hone::app::LogLevel;
use hone::motion::Vmd;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs frames until `done` holds (at most `seconds`).
fn run_until(h: &mut AppHarness, seconds: u64, what: &str, done: impl Fn(&AppHarness) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what} never happened");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_steps(2);
}

/// Types into the focused field, as the keyboard does.
fn type_into(h: &mut AppHarness, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
    h.event(eframe::egui::Event::Text(text.to_owned()));
    h.run_steps(2);
}

fn choose(h: &mut AppHarness, path: &Path) {
    let ctx = h.ctx.clone();
    hone::app::export::choose(&ctx, &app(h).state.view(), path.to_path_buf());
    h.run_steps(3);
}

#[test]
fn the_vrm_window_needs_author_and_licence_then_writes_the_file_and_cancel_writes_nothing() {
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let model = hone::pmx::load_bytes(&std::fs::read(path).unwrap())
        .unwrap()
        .model;
    let mut h = harness_on(model, "Gene_light");
    h.run_steps(2);
    let dir = tempfile::tempdir().unwrap();

    // Cancel: the window goes, no file.
    let cancelled = dir.path().join("cancelled.vrm");
    choose(&mut h, &cancelled);
    h.get_by_label("Export VRM 1.0");
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(h.query_by_label("Export VRM 1.0").is_none());
    assert!(!cancelled.exists());

    // The licence comes filled in; Export waits for an author.
    let out = dir.path().join("gene.vrm");
    choose(&mut h, &out);
    assert!(h.get_by_label("Export").accesskit_node().is_disabled());
    let t_pose = h.get_by_label("T pose (arms horizontal, baked into the bind pose)");
    assert_eq!(
        t_pose.accesskit_node().toggled(),
        Some(eframe::egui::accesskit::Toggled::True),
        "VRM exports in T pose unless unticked"
    );
    type_into(&mut h, "Author", "Kittest");
    assert!(!h.get_by_label("Export").accesskit_node().is_disabled());
    h.get_by_label("Export").click();
    run_until(&mut h, 60, "the export report", |h| {
        h.query_by_label("Export report").is_some()
    });
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"glTF"));
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("\"VRMC_vrm\"") && text.contains("\"Kittest\""));
    let log = &app(&h).state.log_lines();
    // The T-pose turn is information (carried with a change), IK a loss.
    assert!(
        log.iter()
            .any(|(l, m)| *l == LogLevel::Info && m.contains("T pose")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|(l, m)| *l == LogLevel::Warning && m.contains("IK bones")),
        "{log:?}"
    );
    assert!(log.iter().any(|(_, m)| m.contains("gene.vrm")), "{log:?}");
    h.get_by_label("Close").click();
    h.run_steps(3);
    assert!(h.query_by_label("Export report").is_none());

    // A malformed expression map: the report says which line, nothing is written.
    let map = dir.path().join("bad.csv");
    std::fs::write(&map, "blink\n").unwrap();
    let refused = dir.path().join("refused.vrm");
    choose(&mut h, &refused);
    type_into(&mut h, "Expression map", &map.display().to_string());
    h.get_by_label("Export").click();
    h.run_steps(3);
    h.get_by_label("Export report");
    h.get_by_label_contains("line 1");
    assert!(!refused.exists());
}

fn bake_motion() -> Vmd {
    Vmd {
        model_name: "tube".into(),
        bone_keys: vec![
            (name("下"), key(0, 0.0)),
            (name("下"), key(600, std::f32::consts::PI)),
        ],
        ..Vmd::default()
    }
}

#[test]
fn the_bake_window_shows_progress_writes_the_motion_and_cancel_stops_it() {
    let mut h = harness();
    h.run_steps(2);
    hone::app::timeline::set_motion(&mut app_mut(&mut h).state, bake_motion(), "m.vmd");
    h.run_steps(2);
    let dir = tempfile::tempdir().unwrap();

    let out = dir.path().join("baked.vmd");
    let ctx = h.ctx.clone();
    hone::app::bake::start(&ctx, &app(&h).state.view(), out.clone(), Default::default());
    h.run_steps(1);
    assert!(hone::app::bake::is_running(&ctx));
    run_until(&mut h, 120, "the bake", |h| {
        !hone::app::bake::is_running(&h.ctx)
    });
    assert!(out.is_file(), "no baked file");
    let baked = hone::motion::load_vmd(&out).unwrap();
    assert!(!baked.bone_keys.is_empty());
    let log = &app(&h).state.log_lines();
    assert!(log.iter().any(|(_, m)| m.starts_with("baked ")), "{log:?}");

    // Cancel while it runs: it stops and writes nothing.
    let cancelled = dir.path().join("cancelled.vmd");
    hone::app::bake::start(
        &ctx,
        &app(&h).state.view(),
        cancelled.clone(),
        Default::default(),
    );
    h.run_steps(1);
    h.get_by_label("Baking physics into the motion");
    h.get_by_label("Cancel").click();
    run_until(&mut h, 60, "the cancel", |h| {
        !hone::app::bake::is_running(&h.ctx)
    });
    assert!(!cancelled.exists());
    let log = &app(&h).state.log_lines();
    assert!(
        log.iter()
            .any(|(l, m)| *l == LogLevel::Error && m.starts_with("Bake failed")),
        "{log:?}"
    );
}
