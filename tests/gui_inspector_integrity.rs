//! Data integrity in the inspector (issue 9 point 7): focusing and leaving a
//! field without typing changes nothing and records nothing; typed values are
//! stored at full f32 precision; History labels name the value that was set.
// Literals with more digits than f32 keeps: the values a file holds, written out.
#![allow(clippy::excessive_precision)]

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use glam::Vec3;
use hone::app::dock::Tab;
use hone::app::{HoneApp, Selection};
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::*;

mod gui_support;
use gui_support::{app, app_mut, harness_with, AppHarness};

/// The tube rig with values no short decimal shows exactly, and every optional
/// bone part switched on, so the forms show all their fields.
fn awkward_rig() -> Model {
    let mut m = hone::app::demo::tube_rig();
    let ik = &mut m.bones[4];
    ik.position.z = -1.4071437;
    ik.append = Some(Append {
        parent: 1,
        ratio: 0.33333334,
        rotate: true,
        translate: true,
    });
    ik.fixed_axis = Some(Vec3::new(0.57735026, 0.57735026, -0.57735026));
    ik.local_axes = Some(LocalAxes {
        x: Vec3::new(0.70710677, 0.70710677, 0.0),
        z: Vec3::new(0.0, 0.0, 1.0000001),
    });
    ik.external_parent_key = Some(7);
    if let Some(ik) = &mut ik.ik {
        ik.limit_angle = 0.11459156;
        ik.links[0].limits = Some(IkLimits {
            lower: Vec3::new(-std::f32::consts::PI, -0.017453292, 0.12345678),
            upper: Vec3::new(-0.0087266465, 0.0, 1.2345679),
        });
    }
    let body = &mut m.rigid_bodies[0];
    body.position = Vec3::new(0.012345679, 12.345678, -1.4071437);
    body.rotation = Vec3::new(0.1, -0.7853961, 1.0e-7);
    body.mass = 0.3333333;
    body.linear_damping = 0.99999994;
    body.friction = 1.0e-8;
    // Out of the widgets' ranges: must be shown, not clamped on sight.
    body.group = 20;
    let joint = &mut m.joints[0];
    joint.rotation = Vec3::new(0.3490659, 0.0, -2.0943952);
    joint.linear_lower = Vec3::new(-0.123456789, 0.0, 0.0);
    joint.angular_lower = Vec3::new(-0.17453292, -0.08726646, -1.0e-6);
    joint.angular_upper = Vec3::new(0.17453292, 0.08726646, 3.0e-6);
    joint.linear_spring = Vec3::new(12.345679, 0.0, 100.00001);
    joint.angular_spring = Vec3::new(0.1, 0.2, 0.30000001);
    m
}

/// Only the inspector, tall enough to lay out every field.
fn inspector_harness(model: Model, select: Selection) -> AppHarness {
    harness_with(model, "awkward", egui::vec2(900.0, 2400.0), move |app| {
        app.dock = egui_dock::DockState::new(vec![Tab::Inspector]);
        app.state.select(select);
    })
}

fn select(h: &mut AppHarness, selection: Selection) {
    app_mut(h).state.commands().select(selection);
    h.run_steps(3);
}

/// Every input of the inspector (numbers, texts, checkboxes, pickers).
fn focus_and_leave_every_field(h: &mut AppHarness, heading: &str) -> usize {
    // By accesskit id: a number field keeps its id while it turns into a text edit.
    let ids: Vec<_> = h
        .query_all_by(|n| {
            matches!(
                n.role(),
                Role::SpinButton
                    | Role::TextInput
                    | Role::MultilineTextInput
                    | Role::CheckBox
                    | Role::ComboBox
            )
        })
        .map(|n| n.accesskit_node().id())
        .collect();
    // Each focus leaves the previous field; a click on the heading leaves the last.
    for &id in &ids {
        h.get_by(move |n| n.id() == id).focus();
        h.run_steps(2);
    }
    h.get_by_label(heading).click();
    h.run_steps(3);
    ids.len()
}

/// Types into the focused field, as the keyboard does.
fn type_text(h: &AppHarness, text: &str) {
    h.event(egui::Event::Text(text.to_owned()));
}

fn saved(app: &HoneApp) -> Vec<u8> {
    write_pmx(app.state.doc().model(), &WriteOptions::default()).unwrap()
}

#[test]
fn focusing_and_leaving_every_field_changes_nothing() {
    let model = awkward_rig();
    let before = write_pmx(&model, &WriteOptions::default()).unwrap();
    let mut h = inspector_harness(model, Selection::Bone(4));
    h.run_steps(3);
    for (selection, heading, at_least) in [
        (Selection::Bone(4), "Bone #4 先IK", 55),
        (Selection::RigidBody(0), "Rigid body #0 上", 36),
        (Selection::Joint(0), "Joint #0 上-下", 29),
    ] {
        select(&mut h, selection);
        let n = focus_and_leave_every_field(&mut h, heading);
        assert!(n >= at_least, "{heading}: only {n} fields found");
        let a = app(&h);
        let labels: Vec<&str> = a.state.doc().history.entries().map(|e| e.label).collect();
        assert!(labels.is_empty(), "{heading}: recorded {labels:?}");
        assert!(saved(a) == before, "{heading}: the saved bytes changed");
    }
}

#[test]
fn focusing_fields_of_a_real_rig_changes_nothing() {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let original = std::fs::read(&path).unwrap();
    let doc = hone::app::document::Document::open(&path).unwrap();
    let m = doc.model();
    let ik = m.bones.iter().position(|b| b.ik.is_some()).unwrap();
    let body = m.rigid_bodies.len() / 2;
    let joint = m.joints.len() / 2;
    let headings = [
        format!("Bone #{ik} {}", m.bones[ik].name),
        format!("Rigid body #{body} {}", m.rigid_bodies[body].name),
        format!("Joint #{joint} {}", m.joints[joint].name),
    ];
    let model = doc.model().clone();
    let mut h = inspector_harness(model, Selection::Bone(ik));
    h.run_steps(3);
    let selections = [
        Selection::Bone(ik),
        Selection::RigidBody(body),
        Selection::Joint(joint),
    ];
    for (selection, heading) in selections.into_iter().zip(&headings) {
        select(&mut h, selection);
        focus_and_leave_every_field(&mut h, heading);
        assert!(app(&h).state.doc().history.is_empty(), "{heading}");
    }
    // Gene.pmx round-trips byte-identical: untouched, it still saves as read.
    assert!(
        saved(app(&h)) == original,
        "Gene.pmx saves with other bytes"
    );
}

#[test]
fn typed_values_are_stored_exactly_and_named_in_the_history() {
    let mut h = inspector_harness(hone::app::demo::tube_rig(), Selection::Bone(2));
    h.run_steps(3);

    // Position z of 上: typed digits are stored at full f32 precision.
    h.get_all_by_label("position").nth(2).unwrap().focus();
    h.run_steps(2);
    type_text(&h, "-1.4071437");
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.doc().model().bones[2].position.z, -1.4071437f32);
    assert_eq!(
        a.state.doc().history.undo_label(),
        Some("Set 上.position.z = -1.4071437")
    );

    // A rename typed in two keystrokes: one step, named with the final value.
    h.get_by_label("name").focus();
    h.run_steps(2);
    h.key_press(egui::Key::End);
    h.get_by_label("name").type_text("A");
    h.run_steps(2);
    h.get_by_label("name").type_text("B");
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let a = app(&h);
    let name = a.state.doc().model().bones[2].name.clone();
    assert!(name.ends_with("AB"), "{name}");
    assert_eq!(a.state.doc().history.len(), 2);
    assert_eq!(
        a.state.doc().history.undo_label(),
        Some(format!("Set 上.name = {name}").as_str())
    );

    // The next edit names the bone by its new name and the layer it set.
    h.get_by_label("deform layer").focus();
    h.run_steps(2);
    type_text(&h, "3");
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let a = app(&h);
    assert_eq!(a.state.doc().model().bones[2].layer, 3);
    assert_eq!(
        a.state.doc().history.undo_label(),
        Some(format!("Set {name}.deform layer = 3").as_str())
    );
}

#[test]
fn typed_angles_are_stored_from_the_typed_degrees() {
    let mut h = inspector_harness(hone::app::demo::tube_rig(), Selection::Joint(0));
    h.run_steps(3);
    h.get_all_by_label("rotation").next().unwrap().focus();
    h.run_steps(2);
    type_text(&h, "12.5");
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let a = app(&h);
    // 12.5° in radians, rounded once to f32 (not via a rounded display).
    assert_eq!(a.state.doc().model().joints[0].rotation.x, 0.21816616f32);
    assert_eq!(
        a.state.doc().history.undo_label(),
        Some("Set 上-下.rotation.x = 12.5°")
    );
}

#[test]
fn a_capsule_turned_box_keeps_its_extent_in_one_undo_step() {
    // The tube rig's body 上: a capsule of radius 1.8 and height 4 (7.6 tall
    // with its caps).
    let model = hone::app::demo::tube_rig();
    assert_eq!(model.rigid_bodies[0].shape, RigidShape::Capsule);
    assert_eq!(model.rigid_bodies[0].size, Vec3::new(1.8, 4.0, 0.0));
    let mut h = inspector_harness(model.clone(), Selection::RigidBody(0));
    h.run_steps(3);
    let shape = h.get_by_label("shape");
    assert_eq!(shape.value().as_deref(), Some("capsule"));
    shape.click();
    h.run_steps(2);
    h.get_by_label("box").click();
    h.run_steps(3);
    let a = app(&h);
    let body = &a.state.doc().model().rigid_bodies[0];
    assert_eq!(body.shape, RigidShape::Box);
    // Half extents: as wide and deep as the diameter, as tall as the caps reach.
    assert_eq!(body.size, Vec3::new(1.8, 3.8, 1.8));
    assert_eq!(a.state.doc().history.len(), 1, "one undo step");
    let mut rest = body.clone();
    rest.shape = RigidShape::Capsule;
    rest.size = model.rigid_bodies[0].size;
    assert_eq!(rest, model.rigid_bodies[0], "nothing else changed");

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().rigid_bodies, model.rigid_bodies);
}

#[test]
fn an_ik_link_picker_is_found_by_its_label_and_repoints_the_link_in_one_step() {
    // The tube rig's 先IK: links 0 → 上 (#2), 1 → 下 (#1).
    let model = hone::app::demo::tube_rig();
    let ik = model.bone_index("先IK").unwrap();
    let mut h = inspector_harness(model.clone(), Selection::Bone(ik));
    h.run_steps(3);
    let picker = h.get_by_label("IKリンク 0");
    assert_eq!(picker.value().as_deref(), Some("#2 上"));
    assert_eq!(
        h.get_by_label("IKリンク 1").value().as_deref(),
        Some("#1 下")
    );
    picker.click();
    h.run_steps(2);
    h.get_by_label("#3 先").click();
    h.run_steps(3);
    let a = app(&h);
    let links = &a.state.doc().model().bones[ik].ik.as_ref().unwrap().links;
    assert_eq!(links[0].bone, 3);
    assert_eq!(links[1], model.bones[ik].ik.as_ref().unwrap().links[1]);
    assert_eq!(a.state.doc().history.len(), 1, "one undo step");
    assert_eq!(
        h.get_by_label("IKリンク 0").value().as_deref(),
        Some("#3 先")
    );

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().bones, model.bones);
}

#[test]
fn add_link_extends_the_ik_chain_upwards_and_never_adds_a_link_to_no_bone() {
    // 先IK's links end at 下; each Add link appends the parent of the last link, until
    // the chain reaches a root bone, where the button is off (the chaos test once got a
    // link to bone −1 from it).
    let model = hone::app::demo::tube_rig();
    let ik = model.bone_index("先IK").unwrap();
    let mut expected: Vec<i32> = model.bones[ik]
        .ik
        .as_ref()
        .unwrap()
        .links
        .iter()
        .map(|l| l.bone)
        .collect();
    let mut h = inspector_harness(model.clone(), Selection::Bone(ik));
    h.run_steps(3);
    for _ in 0..model.bones.len() + 1 {
        let parent = model.bones[*expected.last().unwrap() as usize].parent;
        h.get_by_label("Add link").click();
        h.run_steps(3);
        if parent >= 0 {
            expected.push(parent);
        }
        let links: Vec<i32> = app(&h).state.doc().model().bones[ik]
            .ik
            .as_ref()
            .unwrap()
            .links
            .iter()
            .map(|l| l.bone)
            .collect();
        assert_eq!(links, expected);
    }
    assert!(
        expected.len() > model.bones[ik].ik.as_ref().unwrap().links.len(),
        "at least one link was added"
    );
}
