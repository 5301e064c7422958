//! Checks that follow edits (issues 13.4, 14.1): after an edit only the checks
//! that read what changed run again, and the kept and re-run results together
//! equal a full `check_model` run.

use hone_core::check::{check_model, Check, CheckContext, CheckResults, ElementRef, Problem};
use hone_core::edit::{ChangeSet, History, ModelEdit};
use hone_core::pmx::Model;

const BONE_CHECKS: [Check; 4] = [Check::Cycles, Check::DeformOrder, Check::Ik, Check::Axes];
const PHYSICS_CHECKS: [Check; 4] = [
    Check::BodiesAndJoints,
    Check::BodyOverlaps,
    Check::Rig,
    Check::Joints,
];

fn gene() -> Option<Model> {
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(hone_core::pmx::load(path).expect("Gene loads").model)
}

fn codes(problems: &[Problem]) -> Vec<&'static str> {
    problems.iter().map(|p| p.code).collect()
}

/// Applies the change set and checks the kept + re-run results against a full run.
fn follow(
    results: &mut CheckResults,
    model: &Model,
    changes: &ChangeSet,
    what: &str,
) -> Vec<Check> {
    let ctx = CheckContext::default();
    let ran = results.update(model, &ctx, changes);
    let incremental: Vec<&Problem> = results.problems().collect();
    let full = check_model(model, &ctx);
    let first_difference = (0..incremental.len().max(full.len()))
        .find(|&k| incremental.get(k).copied() != full.get(k));
    if let Some(k) = first_difference {
        panic!(
            "after {what}: incremental results ({}) differ from a full run ({}) first at #{k}:\n  {:?}\n  {:?}",
            incremental.len(),
            full.len(),
            incremental.get(k),
            full.get(k)
        );
    }
    ran
}

#[test]
fn a_material_colour_edit_re_runs_no_bone_or_physics_check() {
    let Some(mut model) = gene() else { return };
    let ctx = CheckContext::default();
    let mut results = CheckResults::new(&model, &ctx);
    let mut history = History::new();

    let mut m = model.materials[0].clone();
    m.diffuse.x = 1.5; // outside 0..1: the number check must see it
    let changes = history
        .apply(&mut model, ModelEdit::set_material(0, m, "diffuse"))
        .unwrap();
    let ran = follow(&mut results, &model, &changes, "a diffuse edit");
    for check in BONE_CHECKS.iter().chain(&PHYSICS_CHECKS) {
        assert!(!ran.contains(check), "{} ran again", check.name());
        assert_eq!(results.runs(*check), 1, "{} ran again", check.name());
    }
    assert!(
        ran.contains(&Check::Numbers),
        "material colours are numbers"
    );
    assert!(
        codes(results.of(Check::Numbers)).contains(&"W-COLOR-RANGE"),
        "the re-run number check reports the colour"
    );
    assert!(
        ran.len() < Check::ALL.len() / 2,
        "a colour edit re-ran {ran:?}"
    );
}

#[test]
fn a_body_edit_re_runs_the_physics_checks_and_no_bone_check() {
    let Some(mut model) = gene() else { return };
    let ctx = CheckContext::default();
    let mut results = CheckResults::new(&model, &ctx);
    let mut history = History::new();

    let body = (0..model.rigid_bodies.len())
        .find(|&i| model.rigid_bodies[i].mode != hone_core::pmx::RigidMode::FollowBone)
        .expect("Gene has simulated bodies");
    let mut b = model.rigid_bodies[body].clone();
    b.mass = 0.0;
    let mass_problem = |results: &CheckResults| {
        (results.of(Check::Rig).iter())
            .any(|p| p.code == "W-BODY-MASS" && p.target == ElementRef::RigidBody(body as i32))
    };
    assert!(!mass_problem(&results));
    let changes = history
        .apply(&mut model, ModelEdit::set_rigid_body(body, b, "mass"))
        .unwrap();
    let ran = follow(&mut results, &model, &changes, "a body mass edit");
    for check in PHYSICS_CHECKS {
        assert!(ran.contains(&check), "{} did not run again", check.name());
        assert_eq!(results.runs(check), 2);
    }
    for check in BONE_CHECKS {
        assert!(!ran.contains(&check), "{} ran again", check.name());
    }
    assert!(mass_problem(&results), "the re-run rig check sees mass 0");
}

#[test]
fn results_after_edits_and_undo_equal_a_full_run_on_gene() {
    let Some(mut model) = gene() else { return };
    let ctx = CheckContext::default();
    let mut results = CheckResults::new(&model, &ctx);
    let mut history = History::new();
    let full_at_start = check_model(&model, &ctx);

    // A bone rename: messages of many checks name it.
    let bone = model.bone_index("左腕").expect("Gene has 左腕");
    let mut b = model.bones[bone].clone();
    b.name = "右腕".into(); // now a duplicate name
    let changes = history
        .apply(&mut model, ModelEdit::set_bone(bone, b, "name"))
        .unwrap();
    let ran = follow(&mut results, &model, &changes, "a bone rename");
    assert!(ran.contains(&Check::Names) && !ran.contains(&Check::BodyOverlaps));

    // A vertex's weights onto bone −1, and its normal to NaN.
    let mut v = model.vertices[10].clone();
    v.weights = hone_core::pmx::Weights::Bdef2 {
        bones: [0, -1],
        weight: 0.5,
    };
    v.normal.x = f32::NAN;
    let changes = history
        .apply(&mut model, ModelEdit::set_vertex(10, v, "weights"))
        .unwrap();
    let ran = follow(&mut results, &model, &changes, "a vertex edit");
    assert!(!ran.contains(&Check::Rig) && ran.contains(&Check::Weights));

    // A joint limit inverted, a morph panel out of range.
    let mut j = model.joints[0].clone();
    j.angular_lower.x = 1.0;
    j.angular_upper.x = -1.0;
    let changes = history
        .apply(&mut model, ModelEdit::set_joint(0, j, "angular limits"))
        .unwrap();
    follow(&mut results, &model, &changes, "a joint edit");
    let mut m = model.morphs[0].clone();
    m.panel = 9;
    let changes = history
        .apply(&mut model, ModelEdit::set_morph(0, m, "panel"))
        .unwrap();
    follow(&mut results, &model, &changes, "a morph edit");

    // A structural edit (a bone added) re-runs everything.
    let changes = history
        .apply(&mut model, ModelEdit::add_bone(Default::default()))
        .unwrap();
    let ran = follow(&mut results, &model, &changes, "a bone added");
    assert_eq!(ran, Check::ALL.to_vec());

    let edited = results.problems().count();
    assert_ne!(
        edited,
        full_at_start.len(),
        "the edits changed the problems"
    );

    // Undo two steps, redo one, then undo everything.
    for step in 0..2 {
        let changes = history.undo(&mut model).expect("an undo step");
        follow(&mut results, &model, &changes, &format!("undo {step}"));
    }
    let changes = history.redo(&mut model).expect("a redo step");
    follow(&mut results, &model, &changes, "redo");
    while let Some(changes) = history.undo(&mut model) {
        follow(&mut results, &model, &changes, "undo");
    }
    let back: Vec<Problem> = results.problems().cloned().collect();
    assert_eq!(back, full_at_start, "all undone: the first results again");
}

#[test]
fn rerun_looks_at_the_texture_files_again_and_says_whether_that_changed_anything() {
    let dir = tempfile::tempdir().unwrap();
    // The sample rig's one texture, used by its clothes.
    let model = hone_core::pmx::builder::sample_rig();
    assert_eq!(model.textures, ["cloth.png"]);
    let ctx = CheckContext {
        model_dir: Some(dir.path().to_path_buf()),
    };
    let mut results = CheckResults::new(&model, &ctx);
    assert_eq!(
        codes(results.of(Check::TextureFiles)),
        ["W-TEXTURE-MISSING"]
    );
    assert!(
        !results.rerun(&model, &ctx, Check::TextureFiles),
        "nothing changed"
    );
    std::fs::write(dir.path().join("cloth.png"), b"png").unwrap();
    assert!(results.rerun(&model, &ctx, Check::TextureFiles));
    assert!(results.of(Check::TextureFiles).is_empty());
    assert_eq!(results.runs(Check::TextureFiles), 3);
    // Nothing else ran, and the results are a full run's.
    assert_eq!(results.runs(Check::Cycles), 1);
    assert!(results.problems().cloned().collect::<Vec<_>>() == check_model(&model, &ctx));
}
