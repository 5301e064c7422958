//! The egui_kittest harness the GUI tests share: the whole app driven headless
//! (no GPU; the viewport shows a placeholder) on a document made for the test.
#![allow(dead_code)] // each test binary uses its own subset

pub mod motion;

use eframe::egui;
use egui_kittest::Harness;
use hone::app::document::Document;
use hone::app::HoneApp;
use hone::pmx::Model;

pub type AppHarness = Harness<'static, Option<HoneApp>>;

/// The GUI tests find widgets by their English labels: they run in English
/// whatever the machine's locale.
pub fn english() {
    hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
}

/// The app on `model`, in a window of `size`; `setup` runs once when the app is created.
pub fn harness_with(
    model: Model,
    name: &'static str,
    size: egui::Vec2,
    setup: impl FnOnce(&mut HoneApp) + 'static,
) -> AppHarness {
    english();
    let mut pending = Some((model, setup));
    Harness::builder().with_size(size).build_ui_state(
        move |ui, app: &mut Option<HoneApp>| {
            app.get_or_insert_with(|| {
                let (model, setup) = pending.take().expect("the app is created once");
                let mut app = HoneApp::headless(Document::new(model, None, name), ui.ctx());
                setup(&mut app);
                app
            })
            .show(ui)
        },
        None,
    )
}

/// The app on `model` (shown as `name`) in a 1400×900 window.
pub fn harness_on(model: Model, name: &'static str) -> AppHarness {
    harness_with(model, name, egui::vec2(1400.0, 900.0), |_| {})
}

/// The app on the small built-in tube rig in a 1400×900 window.
pub fn harness() -> AppHarness {
    harness_on(hone::app::demo::tube_rig(), "tube")
}

pub fn app<'a>(h: &'a Harness<'_, Option<HoneApp>>) -> &'a HoneApp {
    h.state().as_ref().expect("app created on the first frame")
}

pub fn app_mut<'a>(h: &'a mut Harness<'_, Option<HoneApp>>) -> &'a mut HoneApp {
    h.state_mut()
        .as_mut()
        .expect("app created on the first frame")
}

/// Moves the pointer to `pos` and presses (`Some(true)`) or releases the primary
/// button there, as a mouse does.
pub fn pointer(h: &mut AppHarness, pos: egui::Pos2, pressed: Option<bool>) {
    pointer_events(h, pos, pressed);
    h.run_steps(2);
}

/// The events of [`pointer`], for the next frame of any harness.
pub fn pointer_events<S>(h: &mut Harness<'_, S>, pos: egui::Pos2, pressed: Option<bool>) {
    h.event(egui::Event::PointerMoved(pos));
    if let Some(pressed) = pressed {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
    }
}

/// A state on `model` as a window starts it, `setup` applied first (and the
/// commands it pushed), for tests that draw one panel on it.
pub fn state_with(model: Model, setup: impl FnOnce(&mut hone::app::State)) -> hone::app::State {
    english();
    let mut state = hone::app::State::new(Document::new(model, None, "test.pmx"), None);
    setup(&mut state);
    state.apply_commands();
    state.tick();
    state
}

/// A primary-button drag along `path` (pressed at the first point, released at the last).
pub fn primary_drag(h: &mut AppHarness, path: &[egui::Pos2]) {
    pointer(h, path[0], None);
    pointer(h, path[0], Some(true));
    for p in &path[1..] {
        pointer(h, *p, None);
    }
    pointer(h, *path.last().unwrap(), Some(false));
    h.run_steps(3);
}

/// `menu` ▸ `entry` in the menu bar; a window it opens settles over a few frames.
pub fn menu_entry(h: &mut AppHarness, menu: &str, entry: &str) {
    use egui_kittest::kittest::Queryable;
    h.get_by_label(menu).click();
    h.run_steps(3);
    h.get_by_label(entry).click();
    h.run_steps(3);
}

/// Sets a DragValue through accesskit, as a screen reader would.
pub fn set_value(h: &AppHarness, label: &str, value: f64) {
    use egui_kittest::kittest::Queryable;
    set_node_value(h, &h.get_by_label(label), value);
}

/// Sets the value of a DragValue `node` of any harness (a screen reader's SetValue).
pub fn set_node_value<S>(h: &Harness<'_, S>, node: &egui_kittest::Node<'_>, value: f64) {
    use egui_kittest::kittest::NodeT;
    let (target_node, target_tree) = node.accesskit_node().locate();
    h.event(egui::Event::AccessKitActionRequest(
        egui::accesskit::ActionRequest {
            action: egui::accesskit::Action::SetValue,
            target_node,
            target_tree,
            data: Some(egui::accesskit::ActionData::NumericValue(value)),
        },
    ));
}

/// Types `value` into the `component`-th number of the inspector row `label`, as a user
/// does (focus, digits, Enter).
pub fn type_into(h: &mut AppHarness, label: &str, component: usize, value: &str) {
    use egui_kittest::kittest::Queryable;
    h.get_all_by_label(label).nth(component).unwrap().focus();
    h.run_steps(2);
    h.event(egui::Event::Text(value.to_owned()));
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
}

/// Only the inspector on `model` with `select` selected, tall enough to lay out
/// every field.
pub fn inspector_only(model: Model, select: hone::app::Selection) -> AppHarness {
    let mut h = harness_with(model, "sample.pmx", egui::vec2(900.0, 2400.0), move |app| {
        app.dock = egui_dock::DockState::new(vec![hone::app::dock::Tab::Inspector]);
        app.state.select(select);
    });
    h.run_steps(3);
    h
}
