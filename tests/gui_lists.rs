//! The shared list code as a new user meets it: a click anywhere in a row selects
//! it, every list has a search box, a new element's row takes its name; and the
//! Simulation tab sends its settings as commands instead of changing the pose.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::commands::Command;
use hone::app::document::Document;
use hone::app::{Selection, State};

mod gui_support;
use gui_support::{app, app_mut, english, harness, pointer};

fn show_tab(h: &mut gui_support::AppHarness, tab: hone::app::dock::Tab) {
    let dock = &mut app_mut(h).dock;
    let path = dock.find_tab(&tab).unwrap();
    dock.set_active_tab(path).unwrap();
    h.run_steps(3);
}

#[test]
fn a_click_on_the_empty_right_part_of_a_row_selects_it() {
    let mut h = harness();
    h.run_steps(3);
    assert_eq!(app(&h).state.selection(), Selection::None);
    let label = h.get_by_label("#0 センター").rect();
    // Right of the label, inside the row: no widget there but the row itself.
    let spot = egui::pos2(label.right() + 40.0, label.center().y);
    assert!(!label.contains(spot), "beside the label, not on it");
    pointer(&mut h, spot, None);
    pointer(&mut h, spot, Some(true));
    pointer(&mut h, spot, Some(false));
    h.run_steps(2);
    assert_eq!(app(&h).state.selection(), Selection::Bone(0));
}

#[test]
fn the_rigid_body_list_has_a_search_box_that_filters() {
    let mut h = harness();
    show_tab(&mut h, hone::app::dock::Tab::Physics);
    let bodies = &app(&h).state.doc().model().rigid_bodies;
    let upper = bodies.iter().position(|b| b.name == "上").unwrap();
    let lower = bodies.iter().position(|b| b.name == "下").unwrap();
    let row = |i: usize, name: &str| format!("#{i} {name}");
    // A bone shares the body's name and index: count the rows, bone tree included.
    let count = |h: &gui_support::AppHarness, label: &str| h.query_all_by_label(label).count();
    let (uppers, lowers) = (count(&h, &row(upper, "上")), count(&h, &row(lower, "下")));
    assert!(lowers >= 1);
    h.get_by_label("Search rigid bodies").focus();
    h.run_steps(1);
    h.get_by_label("Search rigid bodies").type_text("上");
    h.run_steps(3);
    assert_eq!(count(&h, &row(upper, "上")), uppers, "the match stays");
    assert_eq!(
        count(&h, &row(lower, "下")),
        lowers - 1,
        "the other body is filtered out"
    );
}

#[test]
fn a_new_bone_takes_its_name_as_typed_in_one_undo_step() {
    let mut h = harness();
    h.run_steps(3);
    h.get_by_label("#0 センター").click();
    h.run_steps(2);
    let before = app(&h).state.doc().model().bones.len();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run_steps(4);
    let a = app(&h);
    assert_eq!(a.state.doc().model().bones.len(), before + 1);
    let new = before;
    assert_eq!(a.state.selection(), Selection::Bone(new));
    let default_name = a.state.doc().model().bones[new].name.clone();
    assert_eq!(a.state.doc().history.len(), 1);
    // The row's name field has the keyboard: typing goes straight into the name.
    assert!(
        h.ctx.memory(|m| m.focused().is_some()),
        "a text field is focused"
    );
    for text in ["左", "腕"] {
        h.event(egui::Event::Text(text.into()));
        h.run_steps(2);
    }
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.doc().model().bones[new].name, "左腕");
    assert_eq!(
        a.state.doc().history.len(),
        2,
        "the add, then the typing as one step"
    );
    assert!(
        a.state.panels().renaming.is_none(),
        "Enter ends the renaming"
    );
    app_mut(&mut h).state.commands().push(Command::Undo);
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(
        a.state.doc().model().bones.len(),
        before + 1,
        "the bone stays"
    );
    assert_eq!(a.state.doc().model().bones[new].name, default_name);
}

#[test]
fn the_simulation_tab_sends_its_world_settings_as_a_command() {
    english();
    let doc = Document::new(hone::app::demo::tube_rig(), None, "tube");
    let mut state = State::new(doc, None);
    let tuned = hone::physics::PhysicsConfig {
        max_substeps: 3,
        ..Default::default()
    };
    state.commands().push(Command::SetPhysicsConfig(tuned));
    state.apply_commands();
    assert_eq!(*state.pose().physics_config(), tuned);
    let mut h = egui_kittest::Harness::new_ui_state(
        |ui, state: &mut State| {
            let (view, commands, local) = state.split();
            hone::app::panels::simulation::show(ui, &view, commands, local);
        },
        state,
    );
    h.run_steps(2);
    assert!(
        h.state().pending_commands().is_empty(),
        "drawing alone sends nothing"
    );
    h.get_by_label("Defaults").click();
    h.run_steps(1);
    let state = h.state_mut();
    assert_eq!(
        *state.pose().physics_config(),
        tuned,
        "the panel changed nothing"
    );
    let sent: Vec<_> = state
        .commands()
        .pending()
        .iter()
        .filter_map(|c| match c {
            Command::SetPhysicsConfig(c) => Some(*c),
            _ => None,
        })
        .collect();
    assert_eq!(sent, vec![hone::physics::PhysicsConfig::default()]);
    state.apply_commands();
    assert_eq!(
        *state.pose().physics_config(),
        hone::physics::PhysicsConfig::default()
    );
}
