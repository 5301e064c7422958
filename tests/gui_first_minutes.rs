//! Small faults a new user meets in the first minutes: the Log follows its newest line,
//! the file picker's type follows a typed extension and remembers the last folder.

mod gui_support;

use eframe::egui;
use egui_kittest::kittest::Queryable;
use gui_support::{app_mut, harness, AppHarness};
use hone::app::dock::{focus_tab, Tab};
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
