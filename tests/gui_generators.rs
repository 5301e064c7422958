//! The rig generators run from the app as a user would (egui_kittest): select
//! bones in the tree, open the generator from the Rig menu, Apply, then undo with
//! Ctrl+Z — the model must come back byte-identical. Also "Select symmetric".

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::Selection;
use hone::edit::{ElementKind, History, ModelEdit};
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::Model;

mod gui_support;
use gui_support::{app, harness_with, AppHarness};

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

fn sample() -> Model {
    hone::app::sample_document().model().clone()
}

/// The sample rig without rigid bodies and joints (a rig to generate physics for).
fn sample_without_physics() -> Model {
    let mut m = sample();
    let mut h = History::new();
    let joints: Vec<usize> = (0..m.joints.len()).collect();
    let bodies: Vec<usize> = (0..m.rigid_bodies.len()).collect();
    h.apply(&mut m, ModelEdit::delete(ElementKind::Joint, joints))
        .unwrap();
    h.apply(&mut m, ModelEdit::delete(ElementKind::RigidBody, bodies))
        .unwrap();
    m
}

/// The app on `model`, tall enough that the bone tree (which lays out only the rows in
/// view) shows every row the tests click.
fn open(model: Model) -> AppHarness {
    let mut h = harness_with(model, "rig.pmx", egui::vec2(1600.0, 2600.0), |_| {});
    h.run_steps(3);
    h
}

fn model(h: &AppHarness) -> &Model {
    app(h).state.doc().model()
}

/// Clicks the bone tree's row of `bone` (Ctrl held to add it to the selection).
fn click_bone(h: &mut AppHarness, bone: usize, ctrl: bool) {
    let label = format!("#{bone} {}", model(h).bones[bone].name);
    h.get_by_label(&label).scroll_to_me();
    h.run_steps(5);
    let modifiers = if ctrl {
        egui::Modifiers::COMMAND
    } else {
        egui::Modifiers::NONE
    };
    h.get_by_label(&label).click_modifiers(modifiers);
    h.run_steps(3);
}

/// Rig ▸ `entry`, then Apply in its dialog.
fn run_generator(h: &mut AppHarness, entry: &str) {
    h.get_by_label("Rig").click();
    h.run_steps(3);
    h.get_by_label(entry).click();
    h.run_steps(5);
    assert!(app(h).state.generator().is_some(), "{entry}: dialog open");
    let planned = app(h).state.generator().unwrap().planned.clone();
    let planned = planned.expect("planned on the first frame");
    assert!(
        planned.edit.is_some(),
        "{entry}: nothing to apply: {:?} {:?}",
        planned.error,
        planned.summary
    );
    h.get_by_label("Apply").click();
    h.run_steps(3);
    assert!(app(h).state.generator().is_none(), "{entry}: dialog closed");
}

fn undo_by_key(h: &mut AppHarness) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
}

/// Hair root bones of the sample: 髪 bones whose parent is not one.
fn hair_roots(m: &Model) -> Vec<usize> {
    (0..m.bones.len())
        .filter(|&b| {
            let parent = m.bones[b].parent;
            m.bones[b].name.contains('髪')
                && !(parent >= 0 && m.bones[parent as usize].name.contains('髪'))
        })
        .collect()
}

#[test]
fn chain_wizard_from_the_rig_menu_applies_one_step_and_undoes_byte_identical() {
    let original = sample_without_physics();
    let roots = hair_roots(&original);
    assert!(!roots.is_empty(), "the sample has hair bones");
    let mut h = open(original.clone());
    click_bone(&mut h, roots[0], false);
    for &r in &roots[1..] {
        click_bone(&mut h, r, true);
    }
    assert_eq!(app(&h).state.selected_indices(), roots);
    run_generator(&mut h, "Chain wizard (hair/skirt swing)…");
    let m = model(&h);
    assert!(
        m.rigid_bodies.len() >= 2,
        "bodies made: {}",
        m.rigid_bodies.len()
    );
    assert!(!m.joints.is_empty(), "joints made");
    // Every new body sits on a bone below a chosen root.
    let chains = hone::rig::chain::bones_below(&original, &roots);
    assert!(m
        .rigid_bodies
        .iter()
        .all(|b| chains.contains(&(b.bone as usize))));
    assert_eq!(app(&h).state.doc().history.len(), 1, "one undo step");
    undo_by_key(&mut h);
    assert_eq!(bytes(model(&h)), bytes(&original));
}

#[test]
fn bodies_then_joint_chain_each_one_step_undone_to_the_original_bytes() {
    let original = sample_without_physics();
    let roots = hair_roots(&original);
    let mut h = open(original.clone());
    click_bone(&mut h, roots[0], false);
    run_generator(&mut h, "Rigid bodies from bones…");
    let after_bodies = model(&h).rigid_bodies.len();
    assert!(after_bodies > 0);
    assert!(model(&h).joints.is_empty());
    run_generator(&mut h, "Joint chain…");
    assert!(!model(&h).joints.is_empty());
    assert_eq!(model(&h).rigid_bodies.len(), after_bodies);
    assert_eq!(app(&h).state.doc().history.len(), 2);
    undo_by_key(&mut h);
    undo_by_key(&mut h);
    assert_eq!(bytes(model(&h)), bytes(&original));
}

#[test]
fn mirror_and_semistandard_from_the_menu_undo_byte_identical() {
    let original = sample();
    let mut h = open(original.clone());
    run_generator(&mut h, "Mirror left ↔ right…");
    let mirrored = bytes(model(&h));
    assert_ne!(
        mirrored,
        bytes(&original),
        "the sample's weights are not quite symmetric"
    );
    run_generator(&mut h, "Semi-standard bones…");
    assert!(model(&h).bones.len() > original.bones.len());
    assert!(model(&h).bones.iter().any(|b| b.name == "上半身2"));
    undo_by_key(&mut h);
    assert_eq!(bytes(model(&h)), mirrored);
    undo_by_key(&mut h);
    assert_eq!(bytes(model(&h)), bytes(&original));
}

#[test]
fn select_symmetric_adds_the_other_side() {
    let m = sample();
    let left = m.bones.iter().position(|b| b.name == "左腕").unwrap();
    let right = m.bones.iter().position(|b| b.name == "右腕").unwrap();
    let mut h = open(m);
    click_bone(&mut h, left, false);
    h.get_by_label("Rig").click();
    h.run_steps(3);
    h.get_by_label("Select symmetric").click();
    h.run_steps(3);
    let state = &app(&h).state;
    assert_eq!(state.selection(), Selection::Bone(left));
    let mut want = vec![left, right];
    want.sort();
    assert_eq!(state.selected_indices(), want);
}

#[test]
fn skirt_ring_joins_the_chains_sideways_in_one_step() {
    let original = sample_without_physics();
    let roots: Vec<usize> = (0..original.bones.len())
        .filter(|&b| {
            let bone = &original.bones[b];
            bone.name.contains("スカート")
                && !(bone.parent >= 0
                    && original.bones[bone.parent as usize]
                        .name
                        .contains("スカート"))
        })
        .collect();
    assert!(roots.len() >= 3, "the sample's skirt chains: {roots:?}");
    let mut h = open(original.clone());
    click_bone(&mut h, roots[0], false);
    for &r in &roots[1..] {
        click_bone(&mut h, r, true);
    }
    run_generator(&mut h, "Rigid bodies from bones…");
    let with_bodies = bytes(model(&h));
    run_generator(&mut h, "Skirt ring…");
    // Ring joints join bodies on bones of two different chains.
    let m = model(&h);
    let chain_of = |body: i32| {
        let mut b = m.rigid_bodies[body as usize].bone;
        while b >= 0 && !roots.contains(&(b as usize)) {
            b = m.bones[b as usize].parent;
        }
        b
    };
    let across = m
        .joints
        .iter()
        .filter(|j| chain_of(j.body_a) != chain_of(j.body_b))
        .count();
    assert!(across >= roots.len() - 1, "{across} ring joints");
    undo_by_key(&mut h);
    assert_eq!(bytes(model(&h)), with_bodies);
    undo_by_key(&mut h);
    assert_eq!(bytes(model(&h)), bytes(&original));
}
