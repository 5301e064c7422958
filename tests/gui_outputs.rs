//! File ▸ the output operations driven headless through their generated dialog: export's
//! format choice changes the file's extension, a VRM without an author fails and writes
//! nothing, with one the worker writes it and the report shows; a bake's option changed
//! in the dialog reaches the worker (the written motion ends where the dialog said);
//! Cancel in the dialog or while a bake runs writes nothing.

mod gui_support;

use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::{app, app_mut, harness, harness_on, AppHarness};
use hone::app::{outputs, LogLevel};
use hone::motion::Vmd;
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

/// File ▸ `title`.
fn file_menu(h: &mut AppHarness, title: &str) {
    gui_support::menu_entry(h, "File", title);
}

fn set_path(h: &mut AppHarness, path: &std::path::Path) {
    let ctx = h.ctx.clone();
    outputs::edit_dialog(&ctx, |d| d.path = path.display().to_string());
    h.run_steps(2);
}

fn dialog_path(h: &AppHarness) -> String {
    outputs::dialog(&h.ctx).expect("the dialog is open").path
}

fn finished(h: &mut AppHarness) {
    run_until(h, 120, "the run's end", |h| !outputs::is_running(&h.ctx));
}

/// Run in the open dialog, then the frames until it is over.
fn run(h: &mut AppHarness) {
    h.get_by_label("Run").click();
    h.run_steps(2);
    finished(h);
}

#[test]
fn export_from_the_file_menu_writes_a_vrm_with_the_dialogs_options_and_cancel_writes_nothing() {
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let model = hone::pmx::load_bytes(&std::fs::read(path).unwrap())
        .unwrap()
        .model;
    let mut h = harness_on(model, "Gene_light");
    h.run_steps(2);
    let dir = tempfile::tempdir().unwrap();
    let title = hone::ops::export::OP.title();

    // Cancel: the dialog goes, no file.
    file_menu(&mut h, &title);
    let cancelled = dir.path().join("cancelled.glb");
    set_path(&mut h, &cancelled);
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(outputs::dialog(&h.ctx).is_none());
    assert!(!cancelled.exists());

    // The dialog lists the schema's options by their short labels; the licence starts
    // from the app's default.
    file_menu(&mut h, &title);
    for label in [
        "Format",
        "Author",
        "Licence (URL)",
        "T pose",
        "Expression map",
    ] {
        h.get_by_label(label);
    }
    assert!(dialog_path(&h).ends_with(".glb"), "{}", dialog_path(&h));
    let out = dir.path().join("gene.glb");
    set_path(&mut h, &out);
    // Choosing VRM in the format's list changes the file's extension.
    let autos: Vec<_> = h.get_all_by_label("auto").collect();
    autos[0].click();
    h.run_steps(2);
    // The list is labelled by its row.
    h.get_by_label("Format").click();
    h.run_steps(2);
    h.get_by_label("VRM 1.0").click();
    h.run_steps(3);
    let vrm = dir.path().join("gene.vrm");
    assert_eq!(dialog_path(&h), vrm.display().to_string());

    // No author: the run fails, says so, writes nothing.
    run(&mut h);
    h.get_by_label("Export glTF / VRM: report");
    assert!(!vrm.exists());
    let failed = app(&h).state.log_lines().last().unwrap().clone();
    assert_eq!(failed.0, LogLevel::Error, "{failed:?}");
    h.get_by_label("Close").click();
    h.run_steps(2);

    // With an author typed into the field: written, the notes in the Log and the report.
    file_menu(&mut h, &title);
    set_path(&mut h, &vrm);
    h.get_by_label("Author").click();
    h.run_steps(2);
    h.event(eframe::egui::Event::Text("Kittest".into()));
    h.run_steps(2);
    run(&mut h);
    h.get_by_label("Export glTF / VRM: report");
    let bytes = std::fs::read(&vrm).unwrap();
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
    assert!(h.query_by_label("Export glTF / VRM: report").is_none());

    // A malformed expression map: the report names the line, nothing is written.
    let map = dir.path().join("bad.csv");
    std::fs::write(&map, "blink\n").unwrap();
    let refused = dir.path().join("refused.vrm");
    file_menu(&mut h, &title);
    set_path(&mut h, &refused);
    let ctx = h.ctx.clone();
    outputs::edit_dialog(&ctx, |d| {
        let values = &mut d.options.values;
        values.insert("author".into(), serde_json::json!("Kittest"));
        values.insert("format".into(), serde_json::json!("vrm"));
        values.insert(
            "expressions".into(),
            serde_json::json!(map.display().to_string()),
        );
    });
    h.run_steps(2);
    run(&mut h);
    h.get_by_label("Export glTF / VRM: report");
    let (level, said) = app(&h).state.log_lines().last().unwrap().clone();
    assert!(
        level == LogLevel::Error && said.contains("line 1"),
        "{said}"
    );
    // The report window and the status bar say it.
    assert!(h.get_all_by_label_contains("line 1").count() >= 2);
    assert!(!refused.exists());
}

fn bake_motion(last: u32) -> Vmd {
    gui_support::motion::turning("下", last, std::f32::consts::PI)
}

/// The last frame of the baked (physics) bones' keys: the motion's own bone is 下.
fn baked_end(vmd: &Vmd) -> u32 {
    let baked = vmd.bone_keys.iter().filter(|(n, _)| n.text != "下");
    baked
        .map(|(_, k)| k.frame)
        .max()
        .expect("no physics bone was baked")
}

#[test]
fn the_bake_dialogs_frame_range_reaches_the_worker_and_cancel_stops_it() {
    let mut h = harness();
    h.run_steps(2);
    let title = hone::ops::bake::OP.title();
    // No motion: the entry is disabled.
    h.get_by_label("File").click();
    h.run_steps(3);
    assert!(h.get_by_label(&title).accesskit_node().is_disabled());
    h.key_press(eframe::egui::Key::Escape);
    h.run_steps(2);
    hone::app::timeline::set_motion(&mut app_mut(&mut h).state, bake_motion(600), "m.vmd");
    h.run_steps(2);
    let dir = tempfile::tempdir().unwrap();

    // The last frame set in the dialog: the baked keys stop there.
    file_menu(&mut h, &title);
    assert!(
        dialog_path(&h).ends_with("m_baked.vmd"),
        "{}",
        dialog_path(&h)
    );
    let out = dir.path().join("short.vmd");
    set_path(&mut h, &out);
    h.get_by_label("auto").click();
    h.run_steps(2);
    gui_support::set_value(&h, "Last frame", 30.0);
    h.run_steps(2);
    let end = outputs::dialog(&h.ctx).unwrap().options.values["end"].clone();
    assert_eq!(end, serde_json::json!(30));
    run(&mut h);
    let short = baked_end(&hone::motion::load_vmd(&out).unwrap());
    assert!(short <= 30, "baked to {short}");
    let log = &app(&h).state.log_lines();
    assert!(log.iter().any(|(_, m)| m.starts_with("baked ")), "{log:?}");
    h.get_by_label("Close").click();
    h.run_steps(2);

    // The defaults bake to the motion's last key.
    file_menu(&mut h, &title);
    let full = dir.path().join("full.vmd");
    set_path(&mut h, &full);
    run(&mut h);
    let full_end = baked_end(&hone::motion::load_vmd(&full).unwrap());
    assert!(full_end > 30, "the default bake ended at {full_end}");
    h.get_by_label("Close").click();
    h.run_steps(2);

    // Cancel while it runs (a long motion): it stops and writes nothing.
    let long = bake_motion(30_000);
    hone::app::timeline::set_motion(&mut app_mut(&mut h).state, long, "long.vmd");
    h.run_steps(2);
    file_menu(&mut h, &title);
    let cancelled = dir.path().join("cancelled.vmd");
    set_path(&mut h, &cancelled);
    h.get_by_label("Run").click();
    // The dialog's window fades out over a few frames.
    h.run_steps(4);
    h.get_by_label("Bake motion: running");
    h.get_by_label("Cancel").click();
    finished(&mut h);
    assert!(!cancelled.exists());
    let log = &app(&h).state.log_lines();
    assert!(
        log.iter()
            .any(|(l, m)| *l == LogLevel::Info && m.contains("cancelled")),
        "{log:?}"
    );
}
