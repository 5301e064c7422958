//! GUI tests with egui_kittest: the whole app UI without a GPU (the viewport
//! shows a placeholder), driven through the accessibility tree.

use eframe::egui;
use egui::accesskit;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use hone::app::{HoneApp, Selection};

mod gui_support;
use gui_support::{app, app_mut, harness, set_value, AppHarness};

#[test]
fn select_bone_edit_layer_then_undo() {
    let mut h = harness();
    h.run_steps(3);
    let upper = hone::app::demo::tube_rig().bone_index("上").unwrap();

    // Selecting in the bone tree shows the bone in the inspector.
    h.get_by_label(&format!("#{upper} 上")).click();
    h.run_steps(3);
    assert_eq!(app(&h).state.selection(), Selection::Bone(upper));
    h.get_by_label(&format!("Bone #{upper} 上"));
    assert_eq!(h.get_by_label("name").value().as_deref(), Some("上"));

    // Changing the deform layer changes the model through the history.
    set_value(&h, "deform layer", 3.0);
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.doc().model().bones[upper].layer, 3);
    assert!(a.state.doc().is_dirty());
    assert_eq!(a.state.doc().history.len(), 1);
    assert!(a.state.title().starts_with('●'), "{}", a.state.title());

    // Ctrl+Z restores it.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.doc().model().bones[upper].layer, 0);
    assert!(!a.state.doc().is_dirty());

    // Ctrl+Y redoes it.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones[upper].layer, 3);
}

#[test]
fn history_panel_jumps_and_bone_search_filters() {
    let mut h = harness();
    h.run_steps(3);
    h.get_by_label("#0 センター").click();
    h.run_steps(2);
    set_value(&h, "deform layer", 2.0);
    h.run_steps(2);
    assert_eq!(app(&h).state.doc().model().bones[0].layer, 2);
    // History shows the step; clicking "Opened" goes back to the original.
    h.get_by_label_contains("Opened").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones[0].layer, 0);
    assert!(app(&h).state.doc().history.can_redo());

    // Searching bones narrows the tree to matches.
    h.get_by_label("Search bones").focus();
    h.run_steps(1);
    h.get_by_label("Search bones").type_text("IK");
    h.run_steps(3);
    assert!(h.query_by_label("#4 先IK").is_some());
    assert!(h.query_by_label("#0 センター").is_none());
}

#[test]
fn morph_slider_changes_the_pose_not_the_model() {
    let mut h = harness();
    h.run_steps(3);
    let before = app(&h).state.pose().positions()[0];
    // The only morph pushes vertices outward; its slider is the one in the Morphs tab.
    {
        let dock = &mut h.state_mut().as_mut().unwrap().dock;
        let path = dock.find_tab(&hone::app::dock::Tab::Morphs).unwrap();
        dock.set_active_tab(path).unwrap();
    }
    h.run_steps(3);
    let slider = h.get_by_role(accesskit::Role::Slider);
    let (target_node, target_tree) = slider.accesskit_node().locate();
    h.event(egui::Event::AccessKitActionRequest(
        accesskit::ActionRequest {
            action: accesskit::Action::SetValue,
            target_node,
            target_tree,
            data: Some(accesskit::ActionData::NumericValue(1.0)),
        },
    ));
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.pose().morphs()[0], 1.0);
    let after = a.state.pose().positions()[0];
    assert!((after - before).length() > 0.5, "{before} → {after}");
    assert!(!a.state.doc().is_dirty(), "posing is not an edit");
}

#[test]
fn opening_another_model_with_unsaved_edits_asks_first() {
    let mut h = harness();
    h.run_steps(3);
    h.get_by_label("#0 センター").click();
    h.run_steps(2);
    set_value(&h, "deform layer", 1.0);
    h.run_steps(2);
    assert!(app(&h).state.doc().is_dirty());

    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open sample rig").click();
    h.run_steps(3);
    // The modal holds the action back.
    h.get_by_label("Unsaved changes");
    assert_eq!(app(&h).state.doc().display_name, "tube");
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert_eq!(app(&h).state.doc().model().bones[0].layer, 1);

    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Open sample rig").click();
    h.run_steps(3);
    h.get_by_label("Don't save").click();
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.doc().display_name, "hone-sample.pmx");
    assert!(!a.state.doc().is_dirty());
    assert!(a.state.doc().model().bones.len() > 50);
}

#[test]
fn undoing_or_redoing_a_move_keeps_the_moved_bone_selected() {
    let mut h = harness();
    h.run_steps(3);
    select_and_move_down_twice(&mut h);
    let shita = |i: usize| (i, "下".to_owned());
    // Undo the second move: 下 is back at #2 and still the one selected, so
    // the next Alt+↓ moves it again (not the bone now at #3).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(selected_bone(&h), shita(2));
    // Redo instead: 下 is at #3 again and still selected.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run_steps(2);
    assert_eq!(selected_bone(&h), shita(3));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
    h.run_steps(2);
    assert_eq!(app(&h).state.doc().model().bones[3].name, "下");
}

/// The bone selected and its name.
fn selected_bone(h: &Harness<'_, Option<HoneApp>>) -> (usize, String) {
    let a = app(h);
    match a.state.selection() {
        Selection::Bone(i) => (i, a.state.doc().model().bones[i].name.clone()),
        other => panic!("{other:?} selected"),
    }
}

/// Selects 下 (#1) and moves it down twice with Alt+↓: two steps that move
/// indices, 下 then at #3 and still selected.
fn select_and_move_down_twice(h: &mut Harness<'_, Option<HoneApp>>) {
    h.get_by_label("#1 下").click();
    h.run_steps(2);
    for _ in 0..2 {
        h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
        h.run_steps(2);
    }
    assert_eq!(selected_bone(h), (3, "下".to_owned()));
}

#[test]
fn a_history_jump_restores_the_selection_of_the_step_it_lands_on() {
    let mut h = harness();
    h.run_steps(3);
    select_and_move_down_twice(&mut h);
    let other = |h: &mut Harness<'_, Option<HoneApp>>| {
        h.get_by_label("#0 センター").click();
        h.run_steps(2);
        assert_eq!(selected_bone(h).0, 0);
    };
    // Back to the opened file: 下 is at #1 again and selected, as before the
    // first move (not センター, selected since).
    other(&mut h);
    h.get_by_label_contains("Opened").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().history.head(), 0);
    assert_eq!(selected_bone(&h), (1, "下".to_owned()));
    // Forward over both moves: as after the second.
    other(&mut h);
    h.get_by_label_contains("2. ").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().history.head(), 2);
    assert_eq!(selected_bone(&h), (3, "下".to_owned()));
    // Back one step from the row: as after the first move.
    other(&mut h);
    h.get_by_label_contains("1. ").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().history.head(), 1);
    assert_eq!(selected_bone(&h), (2, "下".to_owned()));
    // The keys then act on that bone.
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
    h.run_steps(2);
    assert_eq!(app(&h).state.doc().model().bones[3].name, "下");
}

/// One frame whose input holds `presses` key events of Ctrl+`key` (kept down:
/// egui marks every press after the first as a key repeat), then, if `release`,
/// the key's release. Two fresh presses need a release between them.
fn frame_with_presses(h: &mut AppHarness, key: egui::Key, presses: usize, release: bool) {
    let input = h.input_mut();
    for _ in 0..presses {
        input.events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::COMMAND,
        });
    }
    if release {
        input.events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed: false,
            repeat: false,
            modifiers: egui::Modifiers::COMMAND,
        });
    }
    h.step();
}

#[test]
fn a_held_ctrl_z_undoes_once_per_press_and_once_per_frame_while_it_repeats() {
    let mut h = harness();
    h.run_steps(3);
    // Six steps: the first bone's deform layer set to 1, 2, … 6.
    {
        let state = &mut app_mut(&mut h).state;
        for layer in 1..=6 {
            let mut bone = state.doc().model().bones[0].clone();
            bone.layer = layer;
            state.apply(hone::edit::ModelEdit::set(0, bone, "layer"));
            state.doc_mut().end_merge();
        }
        assert_eq!(state.doc().history.head(), 6);
    }
    let at = |h: &AppHarness| {
        let a = app(h);
        (
            a.state.doc().history.head(),
            a.state.doc().model().bones[0].layer,
        )
    };
    // The key goes down and repeats three times before the frame runs (a slow
    // frame): one step, not four.
    frame_with_presses(&mut h, egui::Key::Z, 4, false);
    assert_eq!(at(&h), (5, 5));
    // Still held: five repeats in a frame, one step; one repeat, one step.
    frame_with_presses(&mut h, egui::Key::Z, 5, false);
    assert_eq!(at(&h), (4, 4));
    frame_with_presses(&mut h, egui::Key::Z, 1, true);
    assert_eq!(at(&h), (3, 3));
    // Released: nothing queued keeps undoing.
    h.run_steps(3);
    assert_eq!(at(&h), (3, 3));
    // Two real presses in one frame (tapped twice during a slow frame): two steps.
    let input = h.input_mut();
    for _ in 0..2 {
        for pressed in [true, false] {
            input.events.push(egui::Event::Key {
                key: egui::Key::Z,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: egui::Modifiers::COMMAND,
            });
        }
    }
    h.step();
    assert_eq!(at(&h), (1, 1));
    // Ctrl+Y held the same way: one step for the press and its repeats.
    frame_with_presses(&mut h, egui::Key::Y, 3, true);
    assert_eq!(at(&h), (2, 2));
    // The history is intact: every step still redoes to its own value.
    frame_with_presses(&mut h, egui::Key::Y, 1, true);
    assert_eq!(at(&h), (3, 3));
    app_mut(&mut h).state.go_to(6);
    assert_eq!(at(&h), (6, 6));
    assert_eq!(app(&h).state.doc().history.len(), 6);
}

#[test]
fn material_checkbox_hides_it_and_show_all_restores() {
    let mut h = harness();
    h.run_steps(3);
    {
        let dock = &mut h.state_mut().as_mut().unwrap().dock;
        let path = dock.find_tab(&hone::app::dock::Tab::Materials).unwrap();
        dock.set_active_tab(path).unwrap();
    }
    h.run_steps(3);
    assert_eq!(app(&h).state.material_visible(), [true, true]);
    // Each material's row: its visibility checkbox (no label), then its name.
    h.get_by_label("#1 上地");
    let boxes: Vec<_> = h
        .get_all_by_role(accesskit::Role::CheckBox)
        .filter(|b| b.accesskit_node().label().unwrap_or_default().is_empty())
        .collect();
    assert_eq!(boxes.len(), 2, "one checkbox per material");
    boxes[1].click();
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.material_visible(), [true, false]);
    assert!(!a.state.doc().is_dirty(), "visibility is a view setting");
    assert_eq!(a.state.doc().history.len(), 0);
    h.get_by_label("Show all").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.material_visible(), [true, true]);
}
