//! Files changed elsewhere (the bar, reload, keep, the question before overwriting),
//! backups on save, opening in the background (cancel, failure, frame times) and the
//! file picker of our own when the system has no dialog.

mod gui_support;

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gui_support::{app, app_mut, english, AppHarness};
use hone::app::document::Document;
use hone::app::files::picker::{Backend, Picker};
use hone::app::HoneApp;
use hone::pmx::Model;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// One recovery and one backup folder for the whole binary (environment variables are
/// process-wide); each test's files get their own backup folder inside.
fn folders() -> &'static (PathBuf, PathBuf) {
    static DIRS: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    DIRS.get_or_init(|| {
        let root = tempfile::tempdir().unwrap().keep();
        let (recovery, backups) = (root.join("recovery"), root.join("backups"));
        std::env::set_var("HONE_RECOVERY_DIR", &recovery);
        std::env::set_var("HONE_BACKUP_DIR", &backups);
        (recovery, backups)
    })
}

fn rig() -> Model {
    hone::pmx::builder::sample_rig()
}

fn write(model: &Model, path: &Path) {
    hone::pmx::write::save(model, path, &Default::default()).unwrap();
}

/// The app on the file at `path`, opened as File ▸ Open does.
fn harness_on_file(path: &Path) -> AppHarness {
    english();
    folders();
    let doc = Document::open(path).unwrap();
    let mut pending = Some(doc);
    Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(
            move |ui, app: &mut Option<HoneApp>| {
                app.get_or_insert_with(|| {
                    HoneApp::headless(pending.take().expect("created once"), ui.ctx())
                })
                .show(ui)
            },
            None,
        )
}

/// Runs frames until the load in progress is over (at most 20 s).
fn finish_loading(h: &mut AppHarness) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while app(h).loading.is_some() {
        assert!(Instant::now() < deadline, "the load never finished");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(2);
}

/// Renames bone 1 through the undo stack (an unsaved edit).
fn edit_bone_name(h: &mut AppHarness, name: &str) {
    let a = app_mut(h);
    let mut bone = a.state.doc().model().bones[1].clone();
    bone.name = name.into();
    a.state
        .commands()
        .edit(hone::edit::ModelEdit::set_bone(1, bone, "name"));
    h.run_steps(2);
}

/// Another program's version of the file: bone 1 renamed.
fn change_on_disk(path: &Path, name: &str) -> Model {
    let mut theirs = rig();
    theirs.bones[1].name = name.into();
    write(&theirs, path);
    theirs
}

#[test]
fn a_file_changed_on_disk_shows_the_bar_and_reload_gives_the_new_model() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rig.pmx");
    write(&rig(), &path);
    let mut h = harness_on_file(&path);
    h.run_steps(2);
    app(&h).state.watch().check_now();
    h.run_steps(2);
    assert!(h.query_by_label("Reload").is_none(), "nothing changed yet");

    let theirs = change_on_disk(&path, "他の");
    app(&h).state.watch().check_now();
    h.run_steps(2);
    h.get_by_label_contains("was changed on disk by another program");
    h.get_by_label("Reload").click();
    h.run_steps(1);
    finish_loading(&mut h);
    assert_eq!(app(&h).state.doc().model(), &theirs);
    assert!(!app(&h).state.doc().is_dirty());
    assert!(h.query_by_label("Reload").is_none(), "the bar went");
}

#[test]
fn reload_keeps_unsaved_edits_as_a_recovery_copy() {
    let (recovery_dir, _) = folders().clone();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rig-with-edits.pmx");
    write(&rig(), &path);
    let mut h = harness_on_file(&path);
    h.run_steps(2);
    edit_bone_name(&mut h, "私の編集");
    let theirs = change_on_disk(&path, "他の");
    app(&h).state.watch().check_now();
    h.run_steps(2);
    h.get_by_label_contains("Reload keeps your unsaved edits");
    h.get_by_label("Reload").click();
    h.run_steps(1);
    finish_loading(&mut h);
    assert_eq!(app(&h).state.doc().model(), &theirs);
    let kept: Vec<_> = hone_core::recovery::list(&recovery_dir, false)
        .into_iter()
        .filter(|e| e.meta.source.as_deref() == Some(path.as_path()))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].meta.edits, 1);
    assert_eq!(kept[0].load().unwrap().bones[1].name, "私の編集");
}

#[test]
fn keep_keeps_the_edits_and_saving_over_the_changed_file_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rig.pmx");
    write(&rig(), &path);
    let mut h = harness_on_file(&path);
    h.run_steps(2);
    edit_bone_name(&mut h, "私の編集");
    change_on_disk(&path, "他の");
    let their_bytes = std::fs::read(&path).unwrap();
    app(&h).state.watch().check_now();
    h.run_steps(2);
    h.get_by_label("Keep mine").click();
    h.run_steps(2);
    app(&h).state.watch().check_now();
    h.run_steps(2);
    assert!(h.query_by_label("Keep mine").is_none(), "the bar went");
    assert_eq!(app(&h).state.doc().model().bones[1].name, "私の編集");
    assert!(app(&h).state.doc().is_dirty());

    // Save asks; Cancel leaves the other program's file as it is.
    assert!(!app_mut(&mut h).save(false));
    h.run_steps(2);
    h.get_by_label("File changed on disk");
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(app(&h).overwrite_question.is_none());
    assert_eq!(std::fs::read(&path).unwrap(), their_bytes);
    assert!(app(&h).state.doc().is_dirty());

    // Overwrite writes ours, and the next save does not ask again.
    app_mut(&mut h).save(false);
    h.run_steps(2);
    h.get_by_label("Overwrite").click();
    h.run_steps(2);
    assert!(!app(&h).state.doc().is_dirty());
    let saved = hone::pmx::load(&path).unwrap().model;
    assert_eq!(saved.bones[1].name, "私の編集");
    app(&h).state.watch().check_now();
    h.run_steps(2);
    assert!(
        h.query_by_label("Reload").is_none(),
        "our own save is no change"
    );
    edit_bone_name(&mut h, "二回目");
    assert!(app_mut(&mut h).save(false), "saved without a question");
}

#[test]
fn saving_over_the_file_backs_it_up_and_keeps_the_newest_few() {
    let (_, backup_root) = folders().clone();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("backed-up.pmx");
    write(&rig(), &path);
    let mut h = harness_on_file(&path);
    h.run_steps(2);
    app_mut(&mut h).backup.enabled = true;
    app_mut(&mut h).backup.keep = 2;
    let folder = hone::app::files::backup::folder_for(&backup_root, &path);
    let mut versions = vec![std::fs::read(&path).unwrap()];
    for name in ["一", "二", "三"] {
        edit_bone_name(&mut h, name);
        assert!(app_mut(&mut h).save(false));
        versions.push(std::fs::read(&path).unwrap());
        std::thread::sleep(Duration::from_millis(5));
    }
    let kept = hone::app::files::backup::list(&folder);
    assert_eq!(kept.len(), 2, "{kept:?}");
    // The backups hold the file as each save found it: versions 1 and 2 (0 was pruned).
    let held: Vec<Vec<u8>> = kept.iter().map(|p| std::fs::read(p).unwrap()).collect();
    assert_eq!(held, versions[1..3].to_vec());
}

#[test]
fn a_failed_or_cancelled_load_leaves_the_document_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rig.pmx");
    write(&rig(), &path);
    let mut h = harness_on_file(&path);
    h.run_steps(2);
    edit_bone_name(&mut h, "私の編集");
    let before = app(&h).state.doc().model().clone();

    let broken = dir.path().join("broken.pmx");
    std::fs::write(&broken, b"PMX \x00\x00\x00\x40garbage").unwrap();
    app_mut(&mut h).open_now(&broken);
    finish_loading(&mut h);
    assert_eq!(app(&h).state.doc().model(), &before);
    assert!(app(&h).state.doc().is_dirty());
    h.get_by_label_contains("broken.pmx");

    let other = dir.path().join("other.pmx");
    let mut their = rig();
    their.bones[1].name = "別".into();
    write(&their, &other);
    app_mut(&mut h).open_now(&other);
    app_mut(&mut h).cancel_loading();
    // The worker finishes on its own; its model is dropped.
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(app(&h).state.doc().model(), &before);
    assert_eq!(app(&h).state.doc().path.as_deref(), Some(path.as_path()));
}

/// The sample rig grown to `vertices` vertices (tens of megabytes as a file; the
/// faces still use the first ones).
fn big_model(vertices: usize) -> Model {
    let mut model = rig();
    let template = model.vertices[0].clone();
    let extra = vertices - model.vertices.len();
    model.vertices.extend((0..extra).map(|i| {
        let mut v = template.clone();
        v.position.x = i as f32 * 1e-4;
        v
    }));
    model
}

#[test]
fn the_window_keeps_drawing_while_a_large_model_loads_and_cancel_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("rig.pmx");
    write(&rig(), &small);
    let large = dir.path().join("large.pmx");
    write(&big_model(400_000), &large);
    let size_mb = std::fs::metadata(&large).unwrap().len() as f64 / 1e6;
    let mut h = harness_on_file(&small);
    h.run_steps(2);
    let before = app(&h).state.doc().model().clone();

    // Cancel on the progress bar: the small model stays.
    app_mut(&mut h).open_now(&large);
    // The modal is placed on its second frame (the first one measures it).
    h.run_steps(3);
    assert!(
        app(&h).loading.is_some(),
        "loaded within 3 frames: too small to tell"
    );
    h.get_by_label("Opening large.pmx…");
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(app(&h).loading.is_none());
    for _ in 0..30 {
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(app(&h).state.doc().model(), &before);
    assert!(h.query_by_label("Opening large.pmx…").is_none());

    // Loaded to the end: the window keeps drawing short frames while the worker reads.
    app_mut(&mut h).open_now(&large);
    let mut frames = Vec::new();
    let started = Instant::now();
    let take_in = loop {
        let t = Instant::now();
        h.step();
        let frame = t.elapsed();
        if app(&h).loading.is_none() {
            break frame;
        }
        frames.push(frame);
        assert!(started.elapsed() < Duration::from_secs(30));
    };
    frames.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (p50, p90) = (frames[frames.len() / 2], frames[frames.len() * 9 / 10]);
    let slowest = *frames.last().unwrap();
    println!(
        "{size_mb:.1} MB loaded in {:.0} ms over {} frames; frames while loading: median {:.1} ms, \
         90th percentile {:.1} ms, slowest {:.1} ms; the frame taking the model in (views reset, \
         first skinning) {:.1} ms",
        ms(started.elapsed()),
        frames.len(),
        ms(p50),
        ms(p90),
        ms(slowest),
        ms(take_in)
    );
    assert!(
        frames.len() > 3,
        "the load took {} frames: too small a file to tell",
        frames.len()
    );
    assert_eq!(app(&h).state.doc().model().vertices.len(), 400_000);
    // The 90th percentile: on a shared machine a frame now and then waits for a core.
    assert!(p90 < Duration::from_millis(50), "{p90:?}");
}

#[test]
fn without_a_system_dialog_file_open_shows_the_picker_of_our_own() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rig.pmx");
    write(&rig(), &path);
    let mut h = harness_on_file(&path);
    h.run_steps(2);
    app_mut(&mut h).picker = Picker::with_backend(Backend::Builtin);
    assert!(h.query_by_label("Open a model").is_none());
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label_contains("Open…").click();
    h.run_steps(3);
    assert!(app(&h).picker.is_open());
    h.get_by_label("Open a model");
}
