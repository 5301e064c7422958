//! The collision matrix tab (egui_kittest) and contact extraction from the physics world.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use glam::Vec3;
use hone::app::{HoneApp, Selection};
use hone::pmx::{Model, RigidBody, RigidMode, RigidShape};

mod gui_support;
use gui_support::{app, harness_with, AppHarness};

fn harness() -> AppHarness {
    harness_with(
        hone::app::demo::tube_rig(),
        "tube",
        egui::vec2(1400.0, 1000.0),
        |_| {},
    )
}

fn open_matrix(h: &mut Harness<'_, Option<HoneApp>>) {
    h.run_steps(2);
    let dock = &mut h.state_mut().as_mut().unwrap().dock;
    let path = dock
        .find_tab(&hone::app::dock::Tab::CollisionMatrix)
        .unwrap();
    dock.set_active_tab(path).unwrap();
    h.run_steps(3);
}

fn masks(h: &Harness<'_, Option<HoneApp>>) -> Vec<u16> {
    app(h)
        .state
        .doc()
        .model()
        .rigid_bodies
        .iter()
        .map(|b| b.collision_mask)
        .collect()
}

#[test]
fn matrix_cell_toggles_both_groups_and_undo_restores() {
    let mut h = harness();
    open_matrix(&mut h);
    // tube rig: body 0 "上" in stored group 1 (shown 2), body 1 "下" in group 0 (shown 1).
    let before = masks(&h);
    assert_eq!(before, vec![0xFFFF, 0xFFFF]);
    h.get_by_label("groups 1 and 2").scroll_to_me();
    h.run();
    h.get_by_label("groups 1 and 2").click();
    h.run_steps(3);
    // Symmetric: group-1 bodies lose bit 1 (group 2), group-2 bodies lose bit 0 (group 1).
    assert_eq!(masks(&h), vec![!1u16, !(1u16 << 1)]);
    assert!(!hone::physics::rules::bodies_collide(
        app(&h).state.doc().model(),
        0,
        1
    ));
    // Clicking the mirrored cell turns collision back on.
    h.get_by_label("groups 2 and 1").scroll_to_me();
    h.run();
    h.get_by_label("groups 2 and 1").click();
    h.run_steps(3);
    assert_eq!(masks(&h), before);
    // Two undo steps, one per click.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(masks(&h), vec![!1u16, !(1u16 << 1)]);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(masks(&h), before);
    assert!(!app(&h).state.doc().history.can_undo());
}

#[test]
fn selected_body_mask_checkbox_edits_one_bit() {
    let mut h = harness();
    open_matrix(&mut h);
    h.state_mut()
        .as_mut()
        .unwrap()
        .state
        .commands()
        .select(Selection::RigidBody(0));
    h.run_steps(3);
    h.get_by_label("collides with group 5").scroll_to_me();
    h.run();
    h.get_by_label("collides with group 5").click();
    h.run_steps(3);
    assert_eq!(masks(&h), vec![!(1u16 << 4), 0xFFFF]);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(masks(&h), vec![0xFFFF, 0xFFFF]);
}

fn two_spheres(mask_a: u16, mask_b: u16) -> Model {
    let mut m = Model::default();
    for (i, (group, mask)) in [(0u8, mask_a), (1u8, mask_b)].into_iter().enumerate() {
        m.rigid_bodies.push(RigidBody {
            name: format!("ball{i}"),
            bone: -1,
            group,
            collision_mask: mask,
            shape: RigidShape::Sphere,
            size: Vec3::splat(1.0),
            // 1.5 apart with radius 1: overlapping by 0.5.
            position: Vec3::new(i as f32 * 1.5, 10.0, 0.0),
            mass: 1.0,
            mode: RigidMode::Dynamic,
            ..RigidBody::default()
        });
    }
    m
}

fn contacts_after_a_step(model: &Model) -> Vec<hone::physics::ContactPoint> {
    let config = hone::physics::PhysicsConfig {
        ground: false,
        ..Default::default()
    };
    let mut world = hone::physics::PhysicsWorld::new(model, config);
    world.step(1.0 / 60.0);
    let mut out = Vec::new();
    world.contacts_into(&mut out);
    out
}

#[test]
fn overlapping_spheres_report_contacts_unless_masks_exclude() {
    let touching = contacts_after_a_step(&two_spheres(0xFFFF, 0xFFFF));
    assert!(
        !touching.is_empty(),
        "no contacts between overlapping spheres"
    );
    for c in &touching {
        let mut pair = [c.body_a, c.body_b];
        pair.sort();
        assert_eq!(pair, [Some(0), Some(1)]);
        assert!(c.depth > 0.0, "depth {}", c.depth);
        assert!((c.normal.length() - 1.0).abs() < 1e-3);
        // The normal runs along the line between the centres.
        assert!(c.normal.x.abs() > 0.9, "normal {}", c.normal);
        assert!(
            c.point.y > 8.0 && c.point.x > -0.5 && c.point.x < 2.5,
            "{}",
            c.point
        );
    }
    // Body 0 refuses group 1 (body 1's group): one side is enough to exclude the pair.
    assert!(contacts_after_a_step(&two_spheres(!(1u16 << 1), 0xFFFF)).is_empty());
    assert!(contacts_after_a_step(&two_spheres(0xFFFF, !1u16)).is_empty());
}

#[test]
fn contacts_vec_is_reused() {
    let model = two_spheres(0xFFFF, 0xFFFF);
    let mut world = hone::physics::PhysicsWorld::new(
        &model,
        hone::physics::PhysicsConfig {
            ground: false,
            ..Default::default()
        },
    );
    world.step(1.0 / 60.0);
    let mut out = Vec::with_capacity(64);
    let ptr = out.as_ptr();
    for _ in 0..3 {
        world.contacts_into(&mut out);
    }
    assert_eq!(out.as_ptr(), ptr, "contacts_into reallocated a roomy Vec");
}
