//! GUI tests for the rig-debugging panels: Deform order and Problems.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::{HoneApp, Selection};
use hone::pmx::Model;

mod gui_support;
use gui_support::{app, harness_with, AppHarness};

fn harness(model: Model, tab: Tab) -> AppHarness {
    harness_with(model, "test", egui::vec2(1400.0, 900.0), move |app| {
        // Only this panel lists bones by "#index name".
        if let Some(path) = app.dock.find_tab(&Tab::Bones) {
            app.dock.remove_tab(path);
        }
        focus_tab(&mut app.dock, tab);
    })
}

/// The tube rig with 下 moved to layer 1: 上 (layer 0) is now evaluated before its parent.
fn out_of_order_tube() -> Model {
    let mut m = hone::app::demo::tube_rig();
    let lower = m.bone_index("下").unwrap();
    m.bones[lower].layer = 1;
    m
}

fn order_problems(a: &HoneApp) -> Vec<String> {
    hone::check::check_model(&a.state.doc.model, &Default::default())
        .into_iter()
        .filter(|p| p.code.starts_with("E-ORDER"))
        .map(|p| p.message)
        .collect()
}

#[test]
fn deform_order_panel_lists_bones_in_the_deformers_order() {
    let model = hone::pmx::builder::sample_rig();
    let expected: Vec<usize> = hone::deform::Deformer::new(&model)
        .order()
        .bones()
        .collect();
    let mut h = harness(model.clone(), Tab::DeformOrder);
    h.run_steps(3);
    // The panel's rows, top to bottom, by their "#index name" labels.
    let mut rows: Vec<(f32, usize)> = Vec::new();
    for (i, b) in model.bones.iter().enumerate() {
        let label = format!("#{i} {}", b.name);
        let node = h.get_by_label(&label);
        rows.push((node.rect().min.y, i));
    }
    // Rows scrolled out of view still exist in the tree with their layout positions.
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let shown: Vec<usize> = rows.into_iter().map(|(_, i)| i).collect();
    assert_eq!(shown, expected);
    assert_eq!(
        app(&h).state.debug.order.bones().collect::<Vec<_>>(),
        expected
    );
}

#[test]
fn order_violation_fix_is_undoable() {
    let model = out_of_order_tube();
    let upper = model.bone_index("上").unwrap();
    let mut h = harness(model, Tab::DeformOrder);
    h.run_steps(3);
    assert!(!order_problems(app(&h)).is_empty());
    assert!(app(&h).state.debug.is_flagged(upper));

    // Select the flagged row: the explanation and the fix appear.
    h.get_by_label(&format!("#{upper} 上")).click();
    h.run_steps(3);
    assert_eq!(app(&h).state.selection, Selection::Bone(upper));
    h.get_by_label("Fix: raise deform layer to 1").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc.model.bones[upper].layer, 1);
    assert!(order_problems(app(&h)).is_empty());
    assert!(!app(&h).state.debug.is_flagged(upper));

    // Ctrl+Z brings the problem back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc.model.bones[upper].layer, 0);
    assert!(!order_problems(app(&h)).is_empty());
    assert!(app(&h).state.debug.is_flagged(upper));
}

#[test]
fn problems_panel_lists_and_selects_the_culprit() {
    let model = out_of_order_tube();
    let upper = model.bone_index("上").unwrap();
    let mut h = harness(model, Tab::Problems);
    h.run_steps(3);
    let problem = app(&h)
        .state
        .debug
        .problems
        .iter()
        .find(|p| p.code == "E-ORDER-PARENT")
        .expect("the checker reports the order problem")
        .clone();
    let label = format!("{}  {}", problem.code, problem.message);
    h.get_by_label(&label).click();
    h.run_steps(3);
    assert_eq!(app(&h).state.selection, Selection::Bone(upper));

    // Its Fix button applies the checker's fix; the list re-runs.
    let fixes = h.query_all_by_label("Fix").count();
    assert!(fixes >= 1);
    h.query_all_by_label("Fix").next().unwrap().click();
    h.run_steps(3);
    assert!(!app(&h)
        .state
        .debug
        .problems
        .iter()
        .any(|p| p.code == "E-ORDER-PARENT"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert!(app(&h)
        .state
        .debug
        .problems
        .iter()
        .any(|p| p.code == "E-ORDER-PARENT"));
}
