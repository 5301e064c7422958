//! The inspector shows what the physics approximates under a selected joint
//! and what it does not simulate under a selected soft body.

use egui_kittest::kittest::Queryable;
use hone::app::Selection;

mod gui_support;
use gui_support::{harness_on, AppHarness};

fn harness() -> AppHarness {
    harness_on(hone::pmx::builder::sample_rig(), "sample")
}

#[test]
fn inspector_lists_joint_and_soft_body_notes() {
    let model = hone::pmx::builder::sample_rig();
    // 髪1 is a cone-twist joint with a damping value, which the rapier joint leaves out.
    let joint = model.joints.iter().position(|j| j.name == "髪1").unwrap();
    let joint_note = "not simulated: cone-twist damping and fix threshold";
    // 飾り紐 (soft body 1) is a rope with VST set; a rope has no volume (as in Bullet).
    assert_eq!(model.soft_bodies[1].name, "飾り紐");
    assert!(model.soft_bodies[1].material_params.vst != 0.0);
    let soft_note = "ignored, as in Bullet: pressure and volume (PR, VC, VST) on a rope (a rope has no faces, so no volume)";

    let mut h = harness();
    h.run_steps(2);
    assert!(h.query_by_label(joint_note).is_none());
    h.state_mut()
        .as_mut()
        .unwrap()
        .state
        .commands()
        .select(Selection::Joint(joint));
    h.run_steps(3);
    h.get_by_label(joint_note);

    h.state_mut()
        .as_mut()
        .unwrap()
        .state
        .commands()
        .select(Selection::SoftBody(1));
    h.run_steps(3);
    h.get_by_label(soft_note);
    assert!(h.query_by_label(joint_note).is_none());
}
