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
    hone::check::check_model(a.state.doc().model(), &Default::default())
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
        app(&h).state.debug().order.bones().collect::<Vec<_>>(),
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
    assert!(app(&h).state.debug().is_flagged(upper));

    // Select the flagged row: the explanation and the fix appear.
    h.get_by_label(&format!("#{upper} 上")).click();
    h.run_steps(3);
    assert_eq!(app(&h).state.selection(), Selection::Bone(upper));
    h.get_by_label("Fix: raise deform layer to 1").click();
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones[upper].layer, 1);
    assert!(order_problems(app(&h)).is_empty());
    assert!(!app(&h).state.debug().is_flagged(upper));

    // Ctrl+Z brings the problem back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones[upper].layer, 0);
    assert!(!order_problems(app(&h)).is_empty());
    assert!(app(&h).state.debug().is_flagged(upper));
}

#[test]
fn problems_panel_lists_and_selects_the_culprit() {
    let model = out_of_order_tube();
    let upper = model.bone_index("上").unwrap();
    let mut h = harness(model, Tab::Problems);
    h.run_steps(3);
    let problem = app(&h)
        .state
        .debug()
        .problems
        .iter()
        .find(|p| p.code == "E-ORDER-PARENT")
        .expect("the checker reports the order problem")
        .clone();
    let label = format!("{}  {}", problem.code, problem.message);
    h.get_by_label(&label).click();
    h.run_steps(3);
    assert_eq!(app(&h).state.selection(), Selection::Bone(upper));

    // Its Fix button applies the checker's fix; the list re-runs.
    let fixes = h.query_all_by_label("Fix").count();
    assert!(fixes >= 1);
    h.query_all_by_label("Fix").next().unwrap().click();
    h.run_steps(3);
    assert!(!app(&h)
        .state
        .debug()
        .problems
        .iter()
        .any(|p| p.code == "E-ORDER-PARENT"));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert!(app(&h)
        .state
        .debug()
        .problems
        .iter()
        .any(|p| p.code == "E-ORDER-PARENT"));
}

/// The Problems row of the first problem about `target`, clicked.
fn click_problem_about(h: &mut AppHarness, target: hone::check::ElementRef) -> &'static str {
    let problem = app(h)
        .state
        .debug()
        .problems
        .iter()
        .find(|p| p.target == target)
        .unwrap_or_else(|| panic!("the checker reports a problem about {target:?}"))
        .clone();
    h.get_by_label(&format!("{}  {}", problem.code, problem.message))
        .click();
    h.run_steps(3);
    problem.code
}

#[test]
fn a_weight_problem_selects_its_vertex_and_the_inspector_edits_its_weights() {
    let mut model = hone::app::demo::tube_rig();
    let k = 30;
    // Weights summing to 0.7 (lower 下 = bone 1, upper 上 = bone 2).
    model.vertices[k].weights = hone::pmx::Weights::Bdef4 {
        bones: [1, 2, -1, -1],
        weights: [0.5, 0.2, 0.0, 0.0],
    };
    let mut h = harness(model, Tab::Problems);
    h.run_steps(3);
    let code = click_problem_about(&mut h, hone::check::ElementRef::Vertex(k as i32));
    assert_eq!(code, "W-WEIGHT-SUM");
    assert_eq!(app(&h).state.selection(), Selection::Vertex(k));

    // The inspector shows the vertex: its weight type, bones by name, the sum.
    h.get_by_label(&format!("Vertex #{k}"));
    h.get_by_value("BDEF4");
    h.get_by_value("#1 下");
    h.get_by_value("#2 上");
    h.get_by_label("下 0.500 + 上 0.200 = 0.700");
    assert!(h.query_by_label("SDEF C").is_none());

    // Changing the weight type is one undoable edit: BDEF2 keeps the two
    // strongest bones with their ratio.
    h.get_by_value("BDEF4").click();
    h.run_steps(2);
    h.get_by_label("BDEF2").click();
    h.run_steps(3);
    match app(&h).state.doc().model().vertices[k].weights {
        hone::pmx::Weights::Bdef2 { bones, weight } => {
            assert_eq!(bones, [1, 2]);
            assert!((weight - 0.5 / 0.7).abs() < 1e-5, "{weight}");
        }
        w => panic!("expected BDEF2, got {w:?}"),
    }
    assert_eq!(app(&h).state.selection(), Selection::Vertex(k));
    h.get_by_label("下 0.714 + 上 0.286 = 1.000");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert!(matches!(
        app(&h).state.doc().model().vertices[k].weights,
        hone::pmx::Weights::Bdef4 { .. }
    ));
}

#[test]
fn a_display_frame_problem_selects_the_frame_and_the_inspector_lists_its_items() {
    let mut model = hone::app::demo::tube_rig();
    model.display_frames.push(hone::pmx::DisplayFrame {
        name: "体".into(),
        name_en: "Body".into(),
        special: false,
        elements: vec![
            hone::pmx::DisplayElement::Bone(1),
            hone::pmx::DisplayElement::Bone(99),
            hone::pmx::DisplayElement::Morph(0),
        ],
    });
    let mut h = harness(model, Tab::Problems);
    h.run_steps(3);
    click_problem_about(&mut h, hone::check::ElementRef::DisplayFrame(1));
    assert_eq!(app(&h).state.selection(), Selection::DisplayFrame(1));

    h.get_by_label("Display frame #1 体");
    // A normal frame: its kind is shown, not edited (the spec's special frames are
    // told by flag and name; the display-frame panel protects them).
    h.get_by_label("kind");
    h.get_by_label("normal");
    h.get_by_value("#1 下");
    h.get_by_value("#99 (out of range)");
    h.get_by_value("#0 太い");

    // Re-pointing the bad item is an edit: the problem goes, undo brings it back.
    // (The frame has other problems too: it is where 表情 belongs.)
    let about_frame = |h: &AppHarness| {
        app(h).state.debug().problems.iter().any(|p| {
            p.target == hone::check::ElementRef::DisplayFrame(1) && p.code == "E-INDEX-RANGE"
        })
    };
    h.get_by_value("#99 (out of range)").click();
    h.run_steps(2);
    h.get_by_label("#2 上").click();
    h.run_steps(3);
    let frame = &app(&h).state.doc().model().display_frames[1];
    assert_eq!(frame.elements[1], hone::pmx::DisplayElement::Bone(2));
    assert!(!about_frame(&h));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert!(about_frame(&h));
}
