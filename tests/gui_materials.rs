//! The material list in the app (egui_kittest, driven through the real widgets):
//! dragging a row reorders the materials with their faces in one undo step, and
//! the Materials menu and the list's context menu offer order, merge and split.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::HoneApp;
use hone::edit::remap;

mod gui_support;
use gui_support::{app, harness_with, AppHarness};

fn sample() -> AppHarness {
    let model = hone::app::sample_document().model().clone();
    let mut h = harness_with(
        model,
        "hone-sample.pmx",
        egui::vec2(1600.0, 1000.0),
        |app: &mut HoneApp| focus_tab(&mut app.dock, Tab::Materials),
    );
    h.run_steps(3);
    h
}

/// Each material's name with its faces.
fn faces(model: &hone::pmx::Model) -> Vec<(String, Vec<[i32; 3]>)> {
    let mut out: Vec<_> = remap::material_face_ranges(model)
        .into_iter()
        .zip(&model.materials)
        .map(|(r, m)| (m.name.clone(), model.faces[r].to_vec()))
        .collect();
    out.sort();
    out
}

fn bytes(model: &hone::pmx::Model) -> Vec<u8> {
    hone::pmx::write::write_pmx(model, &Default::default()).unwrap()
}

/// The material row `#i NAME` (the leftmost widget with that label).
fn row_rect(h: &AppHarness, i: usize, name: &str) -> egui::Rect {
    h.get_all_by_label(&format!("#{i} {name}"))
        .map(|n| n.rect())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap_or_else(|| panic!("no row #{i} {name}"))
}

/// Drags from `from` to `to` as a mouse would, releasing over `to`.
fn drag(h: &mut AppHarness, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.run_steps(1);
    }
    h.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(3);
}

#[test]
fn dragging_a_material_row_moves_it_with_its_faces_in_one_step() {
    let mut h = sample();
    let original = app(&h).state.doc().model().clone();
    assert!(original.materials.len() >= 3);
    let last = original.materials.len() - 1;
    let name = original.materials[last].name.clone();
    let from = row_rect(&h, last, &name).center();
    let onto = row_rect(&h, 0, &original.materials[0].name);
    drag(&mut h, from, egui::pos2(onto.center().x, onto.top() + 2.0));
    let model = app(&h).state.doc().model().clone();
    assert_eq!(model.materials[0].name, name, "moved to the top");
    assert_eq!(model.materials[1].name, original.materials[0].name);
    assert_eq!(app(&h).state.doc().history.len(), 1, "one step");
    assert_eq!(
        faces(&model),
        faces(&original),
        "faces follow their material"
    );
    assert_ne!(model.faces, original.faces, "the face blocks moved");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert!(bytes(app(&h).state.doc().model()) == bytes(&original));
}

#[test]
fn the_materials_context_menu_offers_order_merge_and_split() {
    let mut h = sample();
    let name = app(&h).state.doc().model().materials[1].name.clone();
    let r = row_rect(&h, 1, &name);
    h.hover_at(r.center());
    h.run_steps(1);
    h.event(egui::Event::PointerButton {
        pos: r.center(),
        button: egui::PointerButton::Secondary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: r.center(),
        button: egui::PointerButton::Secondary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(3);
    for op in ["material_order", "merge_materials", "split_material"] {
        let title = hone::ops::find(op).unwrap().title();
        assert!(h.query_by_label(&title).is_some(), "context menu ▸ {title}");
    }
    // Move… opens the operation's dialog on the clicked material.
    let title = hone::ops::find("material_order").unwrap().title();
    h.get_by_label(&title).click();
    h.run_steps(3);
    let dialog = app(&h).state.generator().expect("a dialog");
    assert_eq!(dialog.open.op.name, "material_order");
    assert_eq!(dialog.open.selected, vec![1]);
}
