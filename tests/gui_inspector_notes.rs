//! The inspector shows what the physics approximates under a selected joint
//! and what it does not simulate under a selected soft body.

use egui_kittest::kittest::Queryable;
use hone::app::Selection;
use hone::physics::note_label;

mod gui_support;
use gui_support::{harness_on, AppHarness};

fn harness() -> AppHarness {
    harness_on(hone::pmx::builder::sample_rig(), "sample")
}

#[test]
fn inspector_lists_joint_and_soft_body_notes() {
    let model = hone::pmx::builder::sample_rig();
    let joint = model
        .joints
        .iter()
        .position(|j| !hone::physics::joint_approximations(j).is_empty())
        .expect("the sample has an approximated joint");
    let joint_note = note_label(hone::physics::joint_approximations(&model.joints[joint])[0]);
    let soft_note =
        note_label(hone::physics::soft::unsimulated_parameters(&model.soft_bodies[0])[0]);
    assert!(soft_note.starts_with("not simulated: "), "{soft_note}");

    let mut h = harness();
    h.run_steps(2);
    h.state_mut().as_mut().unwrap().state.selection = Selection::Joint(joint);
    h.run_steps(3);
    h.get_by_label(&joint_note);

    h.state_mut().as_mut().unwrap().state.selection = Selection::SoftBody(0);
    h.run_steps(3);
    h.get_by_label(&soft_note);
    assert!(h.query_by_label(&joint_note).is_none());
}
