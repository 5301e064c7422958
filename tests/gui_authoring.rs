//! Authoring in the app, driven through the real widgets as a user would
//! (egui_kittest): multi-selection and batch edits in the lists and the
//! inspector.

use eframe::egui;
use egui::accesskit;
use egui_kittest::kittest::{NodeT, Queryable};
use hone::app::dock::{focus_tab, Tab};
use hone::app::{HoneApp, Selection};

mod gui_support;
use gui_support::{app, harness_with, AppHarness};

/// Sets a DragValue through accesskit, as a screen reader would.
fn set_value(h: &AppHarness, label: &str, value: f64) {
    let node = h.get_by_label(label);
    let (target_node, target_tree) = node.accesskit_node().locate();
    h.event(egui::Event::AccessKitActionRequest(
        accesskit::ActionRequest {
            action: accesskit::Action::SetValue,
            target_node,
            target_tree,
            data: Some(accesskit::ActionData::NumericValue(value)),
        },
    ));
}

/// The app on the bundled sample rig with `tab` in front.
fn sample_with(tab: Tab) -> AppHarness {
    let doc = hone::app::sample_document();
    let model = doc.model().clone();
    let mut h = harness_with(
        model,
        "hone-sample.pmx",
        egui::vec2(1600.0, 1000.0),
        move |app: &mut HoneApp| focus_tab(&mut app.dock, tab),
    );
    h.run_steps(3);
    h
}

/// A list row's label.
fn row(i: usize, name: &str) -> String {
    format!("#{i} {name}")
}

/// The body list's row `label`: bodies share names with bones (the tree is
/// left of the body list) and with joints (right of it).
fn body_row<'a>(h: &'a AppHarness, label: &'a str) -> egui_kittest::Node<'a> {
    let joints = h.get_by_label_contains("Joints (").rect().left();
    h.get_all_by_label(label)
        .filter(|n| n.rect().left() < joints)
        .max_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .unwrap_or_else(|| panic!("no body row {label}"))
}

/// Scrolls the body row `label` into view and clicks it.
fn click_body(h: &mut AppHarness, label: &str, modifiers: egui::Modifiers) {
    body_row(h, label).scroll_to_me();
    h.run_steps(10);
    body_row(h, label).click_modifiers(modifiers);
    h.run_steps(2);
}

#[test]
fn multi_select_five_bodies_and_set_their_mass_in_one_step() {
    let mut h = sample_with(Tab::Physics);
    let model = app(&h).state.doc.model().clone();
    let name = |i: usize| row(i, &model.rigid_bodies[i].name);
    // Four bodies in a row whose masses differ, and one more.
    let mass = |i: usize| model.rigid_bodies[i].mass;
    let s = (0..model.rigid_bodies.len() - 5)
        .find(|&s| (s..s + 4).any(|i| mass(i) != mass(s)))
        .expect("the sample's bodies differ in mass");
    let picked = [s, s + 1, s + 2, s + 3, s + 5];
    // Click the first, Shift-click the fourth, Ctrl-click one more.
    click_body(&mut h, &name(s), egui::Modifiers::NONE);
    click_body(&mut h, &name(s + 3), egui::Modifiers::SHIFT);
    click_body(&mut h, &name(s + 5), egui::Modifiers::COMMAND);
    let state = &app(&h).state;
    assert_eq!(
        state.selection,
        Selection::RigidBody(s + 5),
        "the last clicked is active"
    );
    assert_eq!(state.selected_indices(), picked.to_vec());
    h.get_by_label("5 × Rigid body");
    // The masses differ: the field says so.
    assert_eq!(h.get_by_label("mass").value().as_deref(), Some("mixed"));

    set_value(&h, "mass", 2.5);
    h.run_steps(3);
    let state = &app(&h).state;
    assert_eq!(state.doc.history.len(), 1, "one undo step");
    assert_eq!(
        state.doc.history.undo_label(),
        Some("Set mass on 5 rigid bodies = 2.5")
    );
    let after = state.doc.model();
    for (i, (new, old)) in after
        .rigid_bodies
        .iter()
        .zip(&model.rigid_bodies)
        .enumerate()
    {
        if picked.contains(&i) {
            assert_eq!(new.mass, 2.5, "body #{i}");
            let mut rest = new.clone();
            rest.mass = old.mass;
            assert_eq!(&rest, old, "only the mass of body #{i} changed");
        } else {
            assert_eq!(new, old, "body #{i} is not selected");
        }
    }

    // One Ctrl+Z restores all five.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc.model().rigid_bodies, model.rigid_bodies);
}
