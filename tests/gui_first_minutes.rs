//! Small faults a new user meets in the first minutes: the Log follows its newest line,
//! the file picker's type follows a typed extension and remembers the last folder.

mod gui_support;

use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::{app_mut, harness, AppHarness};
use hone::app::dock::{focus_tab, Tab};
use hone::app::files::picker::{Backend, Picker};
use hone::app::LogLevel;

fn add_lines(h: &mut AppHarness, range: std::ops::Range<usize>, frame_each: bool) {
    for i in range {
        app_mut(h)
            .state
            .log(LogLevel::Info, format!("line number {i}"));
        if frame_each {
            h.run_steps(1);
        }
    }
    h.run_steps(3);
}

/// Whether Log line `i` is inside the window (the panel's scroll area clips the rest).
fn in_view(h: &AppHarness, i: usize) -> bool {
    let window = h.ctx.content_rect();
    let rect = h.get_by_label(&format!("ℹ line number {i}")).rect();
    rect.min.y >= window.min.y && rect.max.y <= window.max.y
}

#[test]
fn the_log_follows_its_newest_line_unless_the_user_scrolled_up() {
    let mut h = harness();
    h.run_steps(2);
    focus_tab(&mut app_mut(&mut h).dock, Tab::Log);
    h.run_steps(2);
    add_lines(&mut h, 0..200, true);
    assert!(in_view(&h, 199), "the newest line is in view");
    assert!(!in_view(&h, 0), "the oldest scrolled out");
    // Many lines in one frame, and lines while History is in front.
    add_lines(&mut h, 200..400, false);
    assert!(in_view(&h, 399));
    focus_tab(&mut app_mut(&mut h).dock, Tab::History);
    h.run_steps(2);
    add_lines(&mut h, 400..450, false);
    focus_tab(&mut app_mut(&mut h).dock, Tab::Log);
    h.run_steps(3);
    assert!(in_view(&h, 449), "lines added while the Log was hidden");
    // The user scrolls up to read: new lines do not pull the view down.
    let over = h.get_by_label("ℹ line number 449").rect();
    let at = egui::pos2(over.min.x + 20.0, over.min.y - 40.0);
    h.event(egui::Event::PointerMoved(at));
    for _ in 0..5 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Line,
            delta: egui::vec2(0.0, 10.0),
            modifiers: egui::Modifiers::default(),
            phase: egui::TouchPhase::Move,
        });
        h.run_steps(2);
    }
    h.run_steps(20);
    assert!(!in_view(&h, 449), "the user scrolled up");
    add_lines(&mut h, 450..460, true);
    assert!(!in_view(&h, 459), "the user's view stays where they put it");
}

/// File ▸ Export's dialog, Browse… in the picker of our own, opened in `folder` (the
/// last one chosen for exports); the user replaces the suggested name with `typed` and
/// presses Enter.
fn export_through_the_picker(h: &mut AppHarness, folder: &std::path::Path, typed: &str) {
    let mut folders = hone::app::files::picker::LastFolders::new();
    folders.insert("export".into(), folder.to_path_buf());
    let picker = &mut app_mut(h).picker;
    *picker = Picker::with_backend(Backend::Builtin);
    picker.set_last_folders(folders);
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Export glTF / VRM…").click();
    h.run_steps(6);
    h.get_by_label("Browse…").click();
    h.run_steps(6);
    assert!(app_mut(h).picker.is_open(), "Browse… opens the picker");
    // The suggested name, with the first type's extension, in the picker's name field
    // (drawn over the dialog, whose File field holds the same name).
    let text_input = egui::accesskit::Role::TextInput;
    h.get_all_by_value("model.glb")
        .rfind(|n| n.accesskit_node().role() == text_input)
        .expect("the file name field")
        .focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(typed.to_owned()));
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(6);
}

#[test]
fn a_typed_extension_decides_the_export_format_and_the_last_folder_is_offered() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness();
    h.run_steps(2);
    export_through_the_picker(&mut h, dir.path(), "tube.vrm");
    // The dialog now writes the typed file, in the remembered folder.
    let chosen = dir.path().join("tube.vrm");
    let dialog = hone::app::outputs::dialog(&h.ctx).expect("the export dialog stays open");
    assert_eq!(dialog.path, chosen.display().to_string());
    assert!(!app_mut(&mut h).picker.is_open());
    assert_eq!(
        app_mut(&mut h).picker.last_folders().get("export"),
        Some(&dir.path().to_path_buf())
    );
    // Run: the extension made it a VRM, which wants an author — it fails, writes nothing.
    h.get_by_label("Run").click();
    h.run_steps(2);
    for _ in 0..200 {
        if !hone::app::outputs::is_running(&h.ctx) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.run_steps(1);
    }
    h.run_steps(3);
    let log = app_mut(&mut h).state.log_lines().to_vec();
    let last = log.last().expect("the run logged");
    assert_eq!(last.0, LogLevel::Error, "{log:?}");
    assert!(!chosen.exists());
}
