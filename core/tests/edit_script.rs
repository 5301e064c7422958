//! `hone edit` scripts through the core engine: every operation, selectors, errors
//! that leave the model untouched, and the Gene round trip of issue 9.

use hone_core::edit::History;
use hone_core::ops::script::{parse_script, run_script, ScriptError};
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::{Model, RigidMode, RigidShape, Tail};
use serde_json::{json, Value};

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

fn run(model: &mut Model, script: Value) -> Result<Vec<String>, ScriptError> {
    let ops = parse_script(&script.to_string())?;
    let mut h = History::new();
    run_script(model, &mut h, &ops).map(|r| r.iter().map(|s| s.to_string()).collect())
}

fn gene() -> Option<Model> {
    // Skips (recorded by the testkit) when the shared models are absent.
    let path = hone_testkit::shared_model("gene/Gene.pmx")?;
    Some(hone_core::pmx::load(path).expect("Gene loads").model)
}

#[path = "support/right_hair.rs"]
mod right_hair;
use right_hair::{right_hair, right_hair_script};

#[test]
fn gene_right_hair_deleted_and_added_back_is_the_same_model() {
    let Some(original) = gene() else {
        return;
    };
    let mut model = original.clone();
    let script = right_hair_script(&original);
    let reports = run(&mut model, script).unwrap();
    let (bodies, joints) = right_hair(&original);
    eprintln!(
        "right-side hair: {} bodies, {} joints",
        bodies.len(),
        joints.len()
    );
    // Gene's right hair: 右横髪1_1..2_3 and the 後髪/前髪 bodies right of the centre.
    assert!(
        bodies.len() > 6 && joints.len() > 12,
        "{bodies:?} {joints:?}"
    );
    let (nb, nj) = (original.rigid_bodies.len(), original.joints.len());
    let want = format!("joints {nj} → {}", nj - joints.len());
    assert!(reports[0].contains(&want), "{}", reports[0]);
    let want = format!("rigid bodies {nb} → {}", nb - bodies.len());
    assert!(reports[1].contains(&want), "{}", reports[1]);
    assert_eq!(reports.len(), 2 + bodies.len() + joints.len());
    assert_eq!(model, original);
    assert_eq!(bytes(&model), bytes(&original));
}

#[test]
fn failing_operation_names_its_index_and_changes_nothing() {
    let original = sample_rig();
    for (script, index, needle) in [
        (
            json!([
                {"op": "set", "kind": "rigid_body", "select": 0, "field": "mass", "value": 2},
                {"op": "add", "kind": "rigid_body", "value": {"bone": "存在しない"}}
            ]),
            1,
            "no bone named \"存在しない\"",
        ),
        (
            json!([
                {"op": "delete", "kind": "joint", "select": 0},
                {"op": "set", "kind": "rigid_body", "select": "*", "field": "masss", "value": 2}
            ]),
            1,
            "no field \"masss\"",
        ),
        (
            json!([{"op": "move", "kind": "bone", "select": "髪*", "to": 9999}]),
            0,
            "past the end",
        ),
        (
            json!([{"op": "delete", "kind": "bone", "select": "髪2"}]),
            0,
            "refer to 髪2",
        ),
        (
            json!([{"op": "fly", "kind": "bone"}]),
            0,
            "unknown operation",
        ),
        (
            json!([{"op": "delete", "kind": "bone", "select": "髪2", "ref": "delete"}]),
            0,
            "unknown key \"ref\"",
        ),
    ] {
        let mut model = original.clone();
        match run(&mut model, script) {
            Err(ScriptError::Op {
                index: i, message, ..
            }) => {
                assert_eq!(i, index, "{message}");
                assert!(message.contains(needle), "{message}");
            }
            other => panic!("expected an error, got {other:?}"),
        }
        assert_eq!(bytes(&model), bytes(&original));
    }
}

#[test]
fn add_takes_gui_defaults_then_the_given_fields() {
    let mut model = sample_rig();
    let head = model.bone_index("頭").unwrap();
    run(
        &mut model,
        json!([
            {"op": "add", "kind": "bone", "select": "頭", "value": {"name": "アホ毛"}},
            {"op": "add", "kind": "rigid_body", "select": "アホ毛",
             "value": {"mass": 0.3, "shape": "box", "rotation_deg": [0, 90, 0]}},
            {"op": "add", "kind": "joint", "select": ["頭", "アホ毛"]}
        ]),
    )
    .unwrap();
    let bone = model.bones.last().unwrap();
    assert_eq!(bone.name, "アホ毛");
    assert_eq!(bone.parent, head as i32);
    // At the head's tail (offset 0, 2, 0 from 頭), continuing it.
    let head_pos = model.bones[head].position;
    assert_eq!(bone.position, head_pos + glam::Vec3::new(0.0, 2.0, 0.0));
    assert_eq!(bone.tail, Tail::Offset(glam::Vec3::new(0.0, 2.0, 0.0)));
    let body = model.rigid_bodies.last().unwrap();
    assert_eq!(body.bone as usize, model.bones.len() - 1);
    assert_eq!(body.mass, 0.3);
    assert_eq!(body.shape, RigidShape::Box);
    assert!((body.rotation.y - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    // 頭 has a body, so the new one swings.
    assert_eq!(body.mode, RigidMode::DynamicWithBonePosition);
    let joint = model.joints.last().unwrap();
    let head_body = model
        .rigid_bodies
        .iter()
        .position(|b| b.bone == head as i32)
        .unwrap();
    assert_eq!(joint.body_a, head_body as i32);
    assert_eq!(joint.body_b as usize, model.rigid_bodies.len() - 1);
    // At the child body's bone head.
    assert_eq!(joint.position, bone.position);
}

#[test]
fn duplicate_move_and_set_with_globs_and_lists() {
    let mut model = sample_rig();
    let n = model.rigid_bodies.len();
    let hair: Vec<usize> = (0..n)
        .filter(|&i| model.rigid_bodies[i].name.starts_with('髪'))
        .collect();
    assert!(hair.len() >= 2);
    run(
        &mut model,
        json!([
            {"op": "set", "kind": "rigid_body", "select": "髪*",
             "values": {"mass": 0.25, "mode": "dynamic", "no_collide": [3]}},
            {"op": "duplicate", "kind": "rigid_body", "select": [hair[0], hair[1]]},
            {"op": "move", "kind": "rigid_body", "select": [n, n + 1], "to": 0}
        ]),
    )
    .unwrap();
    assert_eq!(model.rigid_bodies.len(), n + 2);
    let copy = &model.rigid_bodies[0];
    assert!(copy.name.ends_with('+'), "{}", copy.name);
    assert_eq!(copy.mass, 0.25);
    assert_eq!(copy.mode, RigidMode::Dynamic);
    assert_eq!(copy.collision_mask, !(1u16 << 3));
    // The joints of the sample rig still point at the same bodies (by name).
    let original = sample_rig();
    for (j, o) in model.joints.iter().zip(&original.joints) {
        assert_eq!(
            model.rigid_bodies[j.body_a as usize].name,
            original.rigid_bodies[o.body_a as usize].name
        );
    }
}

#[test]
fn script_steps_undo_one_by_one_to_the_original() {
    let original = sample_rig();
    let mut model = original.clone();
    let mut h = History::new();
    let ops = parse_script(
        &json!([
            {"op": "delete", "kind": "bone", "select": "髪3", "refs": "repoint"},
            {"op": "chain", "bones": "スカート_*_0", "ring": true, "replace": true},
            {"op": "bodies_from_bones", "bones": ["頭", "首"], "replace": true}
        ])
        .to_string(),
    )
    .unwrap();
    run_script(&mut model, &mut h, &ops).unwrap();
    assert_eq!(h.len(), 3);
    while h.undo(&mut model).is_some() {}
    assert_eq!(bytes(&model), bytes(&original));
}

#[test]
fn gene_new_bone_body_and_joint_swing_without_nan_and_undo_exactly() {
    let Some(original) = gene() else {
        return;
    };
    let mut model = original.clone();
    let mut h = History::new();
    let ops = parse_script(
        &json!([
            {"op": "add", "kind": "bone", "select": "頭", "value": {"name": "新しい髪"}},
            {"op": "add", "kind": "rigid_body", "select": "新しい髪"},
            {"op": "add", "kind": "joint", "select": ["頭a", "新しい髪"]}
        ])
        .to_string(),
    )
    .unwrap();
    run_script(&mut model, &mut h, &ops).unwrap();
    let body = model.rigid_bodies.len() - 1;
    assert_eq!(
        model.rigid_bodies[body].mode,
        RigidMode::DynamicWithBonePosition
    );
    // The defaults leave nothing for the checker to call an error that Gene lacks.
    let errors = |m: &Model| {
        hone_core::check::check_model(m, &Default::default())
            .into_iter()
            .filter(|p| p.severity == hone_core::check::Severity::Error)
            .count()
    };
    assert_eq!(errors(&model), errors(&original));
    let r = hone_core::sim::run_headless(
        &model,
        Default::default(),
        &hone_core::deform::Pose::new(&model),
        None,
        1.0,
        60.0,
    );
    assert_eq!(r.nan_count, 0);
    let drift = r.max_drift[body].expect("the new body is simulated");
    assert!(drift < 1.0, "new body drifted {drift}");
    for _ in 0..3 {
        assert!(h.undo(&mut model).is_some());
    }
    assert_eq!(bytes(&model), bytes(&original));
}
