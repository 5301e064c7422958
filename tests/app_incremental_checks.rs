//! The Problems panel's checks follow the app's edits (issues 13.4, 14.1): a
//! material colour edit re-runs no bone or physics check, a body edit re-runs
//! the physics checks, and after edits and undo the panel's problems equal a
//! full `check_model` run.

use hone::app::document::Document;
use hone::app::State;
use hone::check::{check_model, Check, CheckContext};
use hone::edit::ModelEdit;

/// What the app does after the frame's commands, with the Problems panel shown.
fn settle(state: &mut State) {
    state.apply_commands();
    state.tick();
    {
        let f = state.frame_parts();
        f.debug.refresh(f.doc.model());
    }
}

fn runs(state: &State, check: Check) -> u64 {
    state
        .debug()
        .check_results()
        .expect("the checks ran")
        .runs(check)
}

fn assert_full_run(state: &State, what: &str) {
    let full = check_model(state.doc().model(), &CheckContext::default());
    assert!(
        state.debug().problems == full,
        "after {what}: the panel's problems differ from a full run"
    );
}

#[test]
fn the_problems_follow_edits_re_running_only_what_they_read() {
    let model = hone::pmx::builder::sample_rig();
    assert!(!model.rigid_bodies.is_empty() && !model.materials.is_empty());
    let mut state = State::new(Document::new(model, None, "test.pmx"), None);
    settle(&mut state);
    let physics = [Check::BodiesAndJoints, Check::BodyOverlaps, Check::Rig];
    let bones = [Check::Cycles, Check::DeformOrder, Check::Ik, Check::Axes];
    for check in physics.iter().chain(&bones) {
        assert_eq!(runs(&state, *check), 1);
    }

    let mut m = state.doc().model().materials[0].clone();
    m.diffuse.y = 2.0;
    state
        .commands()
        .edit(ModelEdit::set_material(0, m, "diffuse"));
    settle(&mut state);
    for check in physics.iter().chain(&bones) {
        assert_eq!(runs(&state, *check), 1, "{} ran again", check.name());
    }
    assert_eq!(runs(&state, Check::Numbers), 2, "colours are numbers");
    assert!(state
        .debug()
        .problems
        .iter()
        .any(|p| p.code == "W-COLOR-RANGE"));
    assert_full_run(&state, "a colour edit");

    let mut body = state.doc().model().rigid_bodies[0].clone();
    body.mass += 1.0;
    state
        .commands()
        .edit(ModelEdit::set_rigid_body(0, body, "mass"));
    settle(&mut state);
    for check in physics {
        assert_eq!(runs(&state, check), 2, "{} did not run", check.name());
    }
    for check in bones {
        assert_eq!(runs(&state, check), 1, "{} ran again", check.name());
    }
    assert_full_run(&state, "a body edit");

    for _ in 0..2 {
        state.commands().push(hone::app::commands::Command::Undo);
        settle(&mut state);
        assert_full_run(&state, "undo");
    }
    assert!(!state
        .debug()
        .problems
        .iter()
        .any(|p| p.code == "W-COLOR-RANGE"));
}
