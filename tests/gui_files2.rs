//! Issue 22's gaps: every file pick through the picker (here Bake's output), the
//! texture question before Save As into another folder, motions loaded on a worker,
//! and the bar for an open file deleted or moved.

mod gui_support;

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gui_support::motion::{key, name};
use gui_support::{app, app_mut, english, harness, AppHarness};
use hone::app::document::Document;
use hone::app::files::picker::{Backend, Picker};
use hone::app::textures::TexState;
use hone::app::{timeline, HoneApp, LogLevel};
use hone::pmx::Model;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn write(model: &Model, path: &Path) {
    hone::pmx::write::save(model, path, &Default::default()).unwrap();
}

/// The app on the file at `path`, opened as File ▸ Open does.
fn harness_on_file(path: &Path) -> AppHarness {
    english();
    std::env::set_var(
        "HONE_RECOVERY_DIR",
        std::env::temp_dir().join("hone-files2-rec"),
    );
    let doc = Document::open(path).unwrap();
    let mut pending = Some(doc);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(
            move |ui, app: &mut Option<HoneApp>| {
                app.get_or_insert_with(|| {
                    HoneApp::headless(pending.take().expect("created once"), ui.ctx())
                })
                .show(ui)
            },
            None,
        );
    h.run_steps(2);
    h
}

/// A two-key motion on the tube rig's first bone.
fn turn(h: &mut AppHarness) -> hone::motion::Vmd {
    let first = app(h).state.doc().model().bones[0].name.clone();
    hone::motion::Vmd {
        bone_keys: vec![(name(&first), key(0, 0.0)), (name(&first), key(20, 0.8))],
        ..Default::default()
    }
}

fn click_menu(h: &mut AppHarness, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(2);
    h.get_by_label_contains(item).click();
    // A window or modal it opens settles (sizes itself) over a few frames.
    h.run_steps(6);
}

/// Steps until `done` (at most 30 s).
fn step_until(h: &mut AppHarness, what: &str, done: impl Fn(&AppHarness) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what}: never happened");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(2);
}

fn last_log(h: &AppHarness) -> (LogLevel, String) {
    let (level, text) = app(h).state.log_lines().last().expect("a Log line");
    (*level, text.clone())
}

#[test]
fn without_a_system_dialog_bake_asks_for_its_output_in_the_picker_of_our_own() {
    let mut h = harness();
    h.run_steps(2);
    let vmd = turn(&mut h);
    timeline::set_motion(&mut app_mut(&mut h).state, vmd, "turn.vmd");
    app_mut(&mut h).picker = Picker::with_backend(Backend::Builtin);
    assert!(!app(&h).picker.is_open());
    click_menu(&mut h, "File", "Bake motion…");
    // The dialog's Browse… asks for the file.
    h.get_by_label("Browse…").click();
    h.run_steps(6);
    assert!(
        app(&h).picker.is_open(),
        "the picker of our own did not open"
    );
    assert_eq!(app(&h).picker.asked, vec!["Bake motion…".to_string()]);
    // Its window, titled by the request, is on screen (the menu has closed).
    h.get_by_label("Bake motion…");
}

#[test]
fn the_path_picked_for_bake_is_where_the_baked_motion_goes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("baked.vmd");
    let mut h = harness();
    h.run_steps(2);
    let vmd = turn(&mut h);
    timeline::set_motion(&mut app_mut(&mut h).state, vmd, "turn.vmd");
    app_mut(&mut h).picker = Picker::answering([out.clone()]);
    click_menu(&mut h, "File", "Bake motion…");
    h.get_by_label("Browse…").click();
    h.run_steps(4);
    h.get_by_label("Run").click();
    step_until(&mut h, "the baked file", |_| out.is_file());
    let baked = hone::motion::load_vmd(&out).unwrap();
    assert!(!baked.bone_keys.is_empty());
}

/// A model in `dir/src` whose texture table holds a file that is there, one that is
/// not and an absolute path.
fn model_with_textures(dir: &Path) -> PathBuf {
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("tex")).unwrap();
    std::fs::write(src.join("tex/skin.png"), b"not really a png").unwrap();
    let mut model = hone::pmx::builder::sample_rig();
    model.textures = vec![
        "tex\\skin.png".into(),
        "gone.png".into(),
        "/etc/hostname".into(),
    ];
    // Material 0 uses the one that is there, material 1 the absolute path.
    model.materials[0].texture = 0;
    if let Some(m) = model.materials.get_mut(1) {
        m.texture = 2;
    }
    let path = src.join("m.pmx");
    write(&model, &path);
    path
}

#[test]
fn save_as_into_another_folder_asks_about_the_textures_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let path = model_with_textures(dir.path());
    let out_dir = dir.path().join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.join("copy.pmx");
    let mut h = harness_on_file(&path);
    app_mut(&mut h).picker = Picker::answering([out.clone(), out.clone()]);

    click_menu(&mut h, "File", "Save As…");
    assert!(app(&h).texture_question.is_some(), "no question");
    assert!(!out.exists(), "written before the answer");
    h.get_by_label("Copied beside the new file (1)");
    h.get_by_label_contains("Not found: the path is kept");
    h.get_by_label_contains("Not copied: an absolute path");
    h.get_by_label_contains("/etc/hostname");
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(app(&h).texture_question.is_none());
    assert!(
        !out.exists() && !out_dir.join("tex").exists(),
        "cancel wrote"
    );
    assert!(last_log(&h).1.contains("Not saved"));

    click_menu(&mut h, "File", "Save As…");
    assert!(app(&h).texture_question.is_some());
    h.get_by_label("Save").click();
    h.run_steps(3);
    assert!(app(&h).texture_question.is_none());
    let back = hone::pmx::load(&out).unwrap().model;
    assert_eq!(back.textures[0], "tex\\skin.png");
    assert_eq!(
        std::fs::read(out_dir.join("tex/skin.png")).unwrap(),
        b"not really a png"
    );
    assert_eq!(app(&h).state.doc().path.as_deref(), Some(out.as_path()));
}

#[test]
fn saving_into_the_models_own_folder_asks_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = model_with_textures(dir.path());
    let out = path.with_file_name("again.pmx");
    let mut h = harness_on_file(&path);
    app_mut(&mut h).picker = Picker::answering([out.clone()]);
    click_menu(&mut h, "File", "Save As…");
    assert!(app(&h).texture_question.is_none());
    assert!(out.is_file());
}

#[test]
fn a_motion_loads_on_the_worker_and_a_failed_one_keeps_the_current_motion() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("turn.vmd");
    let mut h = harness();
    h.run_steps(2);
    let vmd = turn(&mut h);
    hone::motion::save_vmd(&vmd, &good).unwrap();
    app_mut(&mut h).load_motion(&good);
    assert!(app(&h).motion_loading.is_some());
    step_until(&mut h, "the motion load", |h| {
        app(h).motion_loading.is_none()
    });
    let loaded = app(&h).state.playback().motion.as_ref().expect("a motion");
    assert_eq!(loaded.name, "turn.vmd");
    assert_eq!(loaded.vmd.bone_keys.len(), 2);

    let bad = dir.path().join("bad.vmd");
    std::fs::write(&bad, b"Vocaloid Motion Data 0002 but cut short").unwrap();
    app_mut(&mut h).load_motion(&bad);
    step_until(&mut h, "the failed load", |h| {
        app(h).motion_loading.is_none()
    });
    let kept = app(&h)
        .state
        .playback()
        .motion
        .as_ref()
        .expect("still a motion");
    assert_eq!(kept.name, "turn.vmd");
    let (level, text) = last_log(&h);
    assert_eq!(level, LogLevel::Error);
    assert!(text.contains("bad.vmd"), "{text}");
}

#[test]
fn an_open_file_deleted_shows_the_bar_and_save_writes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rig.pmx");
    write(&hone::pmx::builder::sample_rig(), &path);
    let mut h = harness_on_file(&path);
    assert!(h.query_by_label_contains("was deleted or moved").is_none());
    std::fs::rename(&path, dir.path().join("moved.pmx")).unwrap();
    app(&h).state.watch().check_now();
    app(&h).state.watch().check_now();
    h.run_steps(2);
    h.get_by_label_contains("rig.pmx was deleted or moved");
    // The model is still open.
    assert_eq!(app(&h).state.doc().path.as_deref(), Some(path.as_path()));
    h.get_by_label("Save it back").click();
    h.run_steps(3);
    assert!(path.is_file(), "not written back");
    app(&h).state.watch().check_now();
    h.run_steps(2);
    assert!(h.query_by_label_contains("was deleted or moved").is_none());

    // Deleted again; Keep in memory hides the bar while the file stays away.
    std::fs::remove_file(&path).unwrap();
    app(&h).state.watch().check_now();
    app(&h).state.watch().check_now();
    h.run_steps(2);
    h.get_by_label("Keep in memory").click();
    h.run_steps(2);
    app(&h).state.watch().check_now();
    h.run_steps(2);
    assert!(h.query_by_label_contains("was deleted or moved").is_none());
    assert!(!path.exists());
}

#[test]
fn saving_selected_materials_into_another_folder_asks_about_their_textures() {
    let dir = tempfile::tempdir().unwrap();
    let path = model_with_textures(dir.path());
    let out_dir = dir.path().join("part");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = out_dir.join("part.pmx");
    let mut h = harness_on_file(&path);
    app_mut(&mut h).picker = Picker::answering([out.clone()]);
    // The materials list's "Save as model…": the extract operation's dialog.
    let save = hone::app::commands::Command::SaveMaterialsAsModel(vec![0]);
    app_mut(&mut h).state.commands().push(save);
    h.run_steps(3);
    h.get_by_label("Browse…").click();
    h.run_steps(4);
    let chosen = hone::app::outputs::dialog(&h.ctx).expect("the dialog").path;
    assert_eq!(chosen, out.display().to_string());
    h.get_by_label("Run").click();
    let deadline = Instant::now() + Duration::from_secs(60);
    while h.query_by_label("Copied beside the new file (1)").is_none() {
        assert!(Instant::now() < deadline, "no question");
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    // The modal places itself over a few frames.
    h.run_steps(4);
    assert!(!out.exists(), "written before the answer");
    h.get_by_label("Save").click();
    let deadline = Instant::now() + Duration::from_secs(60);
    while hone::app::outputs::is_running(&h.ctx) {
        assert!(
            Instant::now() < deadline,
            "not written: {:?}",
            app(&h).state.log_lines()
        );
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_steps(3);
    assert!(
        out.is_file(),
        "not written: {:?}",
        app(&h).state.log_lines()
    );
    let part = hone::pmx::load(&out).unwrap().model;
    assert!(part.textures.iter().any(|t| t == "tex\\skin.png"));
    assert!(out_dir.join("tex/skin.png").is_file());
}

#[test]
fn the_recovery_offers_save_as_goes_through_the_picker() {
    use hone_core::recovery::{self, Meta, Slot};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rescued.pmx");
    let folder = dir.path().join("recovery");
    let mut h = harness();
    h.run_steps(2);
    // A recovery copy as a crash leaves it.
    let mut model = hone::pmx::builder::sample_rig();
    model.bones[1].name = "救出".into();
    let meta = Meta {
        source: None,
        display_name: "lost.pmx".into(),
        saved_at: recovery::now(),
        edits: 3,
        pid: 0,
    };
    Slot::new(&folder).write(&model, &meta).unwrap();
    let entries = recovery::list(&folder, false);
    assert_eq!(entries.len(), 1);
    app_mut(&mut h).recovery = Some(hone::app::autosave::RecoveryOffer { entries });
    app_mut(&mut h).picker = Picker::answering([out.clone()]);
    h.run_steps(2);
    h.get_by_label("Save as…").click();
    h.run_steps(3);
    assert_eq!(
        app(&h).picker.asked.len(),
        1,
        "not asked through the picker"
    );
    let back = hone::pmx::load(&out).unwrap().model;
    assert_eq!(back.bones[1].name, "救出");
    assert!(app(&h).recovery.is_none(), "the offer stays");
    assert!(recovery::list(&folder, false).is_empty(), "the copy stays");
}

#[test]
fn the_window_keeps_drawing_while_a_large_motion_loads_and_cancel_keeps_the_current_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness();
    h.run_steps(2);
    let small = turn(&mut h);
    timeline::set_motion(&mut app_mut(&mut h).state, small, "turn.vmd");
    // 300,000 bone keys: about 33 MB.
    let first = app(&h).state.doc().model().bones[0].name.clone();
    let big = hone::motion::Vmd {
        bone_keys: (0..300_000u32)
            .map(|f| (name(&first), key(f, (f % 90) as f32 * 0.01)))
            .collect(),
        ..Default::default()
    };
    let path = dir.path().join("long.vmd");
    hone::motion::save_vmd(&big, &path).unwrap();
    let size_mb = std::fs::metadata(&path).unwrap().len() as f64 / 1e6;

    let started = Instant::now();
    app_mut(&mut h).load_motion(&path);
    let mut frames = Vec::new();
    while app(&h).motion_loading.is_some() {
        assert!(started.elapsed() < Duration::from_secs(60), "never loaded");
        let t = Instant::now();
        h.step();
        frames.push(t.elapsed());
    }
    let total = started.elapsed();
    h.run_steps(2);
    assert_eq!(
        app(&h).state.playback().motion.as_ref().unwrap().name,
        "long.vmd"
    );
    frames.sort();
    let p90 = frames[frames.len() * 9 / 10];
    println!(
        "{size_mb:.1} MB motion loaded in {:.0} ms over {} frames; 90th percentile frame {:.1} ms, \
         slowest {:.1} ms (the last one binds it)",
        total.as_secs_f64() * 1e3,
        frames.len(),
        p90.as_secs_f64() * 1e3,
        frames.last().unwrap().as_secs_f64() * 1e3
    );
    assert!(frames.len() > 3, "too few frames to tell: {}", frames.len());
    assert!(p90 < Duration::from_millis(50), "{p90:?}");

    // Cancel from the progress window: the motion loaded before stays. (A second load
    // replaces one still reading: the missing file's error never shows.)
    app_mut(&mut h).load_motion(&path.with_file_name("missing-yet.vmd"));
    std::fs::copy(&path, path.with_file_name("again.vmd")).unwrap();
    app_mut(&mut h).load_motion(&path.with_file_name("again.vmd"));
    h.step();
    h.step();
    if app(&h).motion_loading.is_some() {
        h.get_by_label("Cancel").click();
        h.run_steps(2);
        assert!(app(&h).motion_loading.is_none());
        assert_eq!(
            app(&h).state.playback().motion.as_ref().unwrap().name,
            "long.vmd"
        );
        assert!(last_log(&h).1.contains("cancelled"));
    }
}

/// File ▸ Add model… then File ▸ Save: the part's textures come from its folder, so the
/// save asks first (the texture question lists the copies and the path it will not
/// follow), then copies them beside the model; the saved model's textures all resolve
/// in its folder, and the refused path pulled nothing in.
#[test]
fn add_model_then_save_brings_the_parts_textures_beside_the_model() {
    let models = ["gene/Gene_light.pmx", "alicia_blade/Alicia_blade.pmx"];
    let Some([light, blade]) = models
        .map(hone_testkit::shared_model)
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .and_then(|v| <[_; 2]>::try_from(v).ok())
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // The base: Gene_light with its textures, in a folder of its own (Save writes there).
    let base_dir = dir.path().join("base");
    std::fs::create_dir_all(base_dir.join("light")).unwrap();
    let base = base_dir.join("Gene_light.pmx");
    std::fs::copy(&light, &base).unwrap();
    for e in std::fs::read_dir(light.parent().unwrap().join("light"))
        .unwrap()
        .flatten()
    {
        std::fs::copy(e.path(), base_dir.join("light").join(e.file_name())).unwrap();
    }
    // The part: the blade, its texture files made, the first path climbing out.
    let part_dir = dir.path().join("downloads/blade");
    std::fs::create_dir_all(&part_dir).unwrap();
    let mut part = hone::pmx::load(&blade).unwrap().model;
    part.textures[0] = "..\\..\\secret.png".into();
    std::fs::write(dir.path().join("secret.png"), b"secret").unwrap();
    // Real image bytes (the viewport decodes them), one of Gene_light's.
    let image = std::fs::read(light.parent().unwrap().join("light/arm.png")).unwrap();
    for t in &part.textures[1..] {
        let file = part_dir.join(t.replace('\\', "/"));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, &image).unwrap();
    }
    let part_path = part_dir.join("blade.pmx");
    write(&part, &part_path);

    let mut h = harness_on_file(&base);
    let before = app(&h).state.doc().model().textures.clone();
    click_menu(&mut h, "File", "Add model…");
    let dialog = app_mut(&mut h).state.generator_mut().expect("the dialog");
    let value = serde_json::Value::String(part_path.to_string_lossy().into_owned());
    dialog.options.values.insert("part".into(), value);
    h.run_steps(4);
    // The preview names the refused path before anything is applied.
    h.get_by_label_contains(
        "texture not copied (absolute or outside its folder): ..\\..\\secret.png",
    );
    h.get_by_label("Apply").click();
    h.run_steps(4);
    let merged = app(&h).state.doc().model().textures.clone();
    assert_eq!(merged.len(), before.len() + part.textures.len());
    // The viewport draws the part's textures from its folder before anything is saved.
    let t0 = std::time::Instant::now();
    while app(&h).state.textures().pending() > 0 && t0.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.run_steps(1);
    }
    let states = &app(&h).state.textures().states;
    assert_eq!(states.len(), merged.len());
    assert!(
        matches!(states[before.len()], TexState::Missing(_)),
        "the refused path is not read"
    );
    for (i, state) in states.iter().enumerate().skip(before.len() + 1) {
        assert!(
            matches!(state, TexState::Ready(_)),
            "part texture {} not drawn: {state:?}",
            merged[i]
        );
    }

    click_menu(&mut h, "File", "Save  (Ctrl+S)");
    assert!(app(&h).texture_question.is_some(), "no question");
    h.get_by_label(&format!(
        "Copied beside the new file ({})",
        part.textures.len() - 1
    ));
    h.get_by_label_contains("Not copied: an absolute path");
    h.get_by_label("Save").click();
    h.run_steps(3);
    assert!(app(&h).texture_question.is_none());
    assert!(!app(&h).state.doc().is_dirty());

    let saved = hone::pmx::load(&base).unwrap().model;
    for (i, t) in saved.textures.iter().enumerate() {
        let here = hone::pmx::textures::find(&base_dir, t);
        if i == before.len() {
            assert!(here.is_none(), "the refused path resolves: {t}");
            continue;
        }
        let from = if i < before.len() {
            &base_dir
        } else {
            &part_dir
        };
        let source = hone::pmx::textures::find(from, &merged[i]);
        if let Some(source) = source {
            let here = here.unwrap_or_else(|| panic!("{t} does not resolve beside the model"));
            assert_eq!(std::fs::read(here).unwrap(), std::fs::read(source).unwrap());
        }
    }
    assert!(!base_dir.join("secret.png").exists());
    // Saved: the next save has nothing to ask.
    click_menu(&mut h, "File", "Save  (Ctrl+S)");
    assert!(app(&h).texture_question.is_none());
}
