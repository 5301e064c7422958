//! Chain generators on real rigs: Gene with its hair physics stripped by a script
//! gets it back from `chain` on the 後髪 roots, passes the checker with no new
//! errors and simulates stably at rest and under a motion (issue 10's check).

use hone_core::check::{check_model, CheckContext, Severity};
use hone_core::deform::Pose;
use hone_core::edit::{ElementKind, History};
use hone_core::motion::{load_vmd, BoundMotion};
use hone_core::ops::script::{parse_script, run_script};
use hone_core::physics::PhysicsConfig;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::{Model, RigidMode};
use hone_core::rig::args::{chain_options, BodyArgs, JointArgs, RingArg};
use hone_core::rig::chain::chain;
use hone_core::sim::{run_headless, RunReport};
use serde_json::json;

fn errors(model: &Model) -> Vec<String> {
    check_model(model, &CheckContext::default())
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| p.message)
        .collect()
}

fn apply_script(model: &mut Model, script: serde_json::Value) {
    let ops = parse_script(&script.to_string()).unwrap();
    run_script(model, &mut History::new(), &ops).unwrap();
}

/// Gene without any hair body or joint (those of 前髪, 横髪, 後髪), deleted by a script.
fn stripped_gene() -> Option<(Model, std::path::PathBuf)> {
    // Skips (recorded by the testkit) when the shared models are absent.
    let gene = hone_testkit::shared_model("gene/Gene.pmx")?;
    let dir = gene.parent().and_then(|p| p.parent())?.to_path_buf();
    let mut model = hone_core::pmx::load(&gene).expect("Gene loads").model;
    apply_script(
        &mut model,
        json!([{"op": "delete", "kind": "rigid_body", "select": "*髪*", "refs": "delete"}]),
    );
    assert!(model.rigid_bodies.iter().all(|b| !b.name.contains('髪')));
    assert!(model.joints.iter().all(|j| !j.name.contains('髪')));
    Some((model, dir))
}

fn hair_roots(model: &Model) -> Vec<usize> {
    let roots: Vec<usize> = (0..model.bones.len())
        .filter(|&i| {
            let n = &model.bones[i].name;
            n.starts_with("後髪") && n.ends_with("_1")
        })
        .collect();
    assert_eq!(roots.len(), 18, "後髪A1..A7, B1..B8, C1..C3");
    roots
}

/// Largest drift of the bodies with index ≥ `first` and the NaN count, checked.
fn assert_stable(model: &Model, r: &RunReport, first: usize, what: &str) -> f32 {
    assert_eq!(r.nan_count, 0, "{what}: non-finite bodies");
    assert_eq!(r.non_finite_vertices, 0, "{what}");
    let mut worst = 0.0f32;
    for (i, d) in r.max_drift.iter().enumerate().skip(first) {
        if let Some(d) = d {
            assert!(
                *d < 2.0,
                "{what}: {} drifted {d} from its bone",
                model.rigid_bodies[i].name
            );
            worst = worst.max(*d);
        }
    }
    eprintln!("{what}: max drift {worst:.4}, NaN {}", r.nan_count);
    worst
}

fn run_chain_case(root_mode: Option<&str>) {
    let Some((stripped, dir)) = stripped_gene() else {
        return;
    };
    let roots = hair_roots(&stripped);
    let body_args = BodyArgs {
        root_mode: root_mode.map(String::from),
        ..Default::default()
    };
    let opts = chain_options(&body_args, &JointArgs::default()).unwrap();
    let plan = chain(&stripped, &roots, &opts).unwrap();
    let first_new = stripped.rigid_bodies.len();
    let mut model = stripped.clone();
    let mut h = History::new();
    h.apply(&mut model, plan.clone().into_edit().unwrap())
        .unwrap();
    // Every 後髪 bone with a length got a body: 2 in A1, A7, B1, B8; 1 in the others.
    let new_bodies = model.rigid_bodies.len() - first_new;
    assert_eq!(new_bodies, 22, "{:?}", plan.notes);
    let dynamic = model.rigid_bodies[first_new..]
        .iter()
        .filter(|b| b.mode != RigidMode::FollowBone)
        .count();
    assert!(dynamic >= 4, "only {dynamic} simulated bodies");
    assert!(model.joints.len() > stripped.joints.len());
    // No new errors from the checker.
    let before = errors(&stripped);
    let after = errors(&model);
    assert!(
        after.len() <= before.len(),
        "new errors: {:?}",
        after
            .iter()
            .filter(|e| !before.contains(e))
            .collect::<Vec<_>>()
    );
    eprintln!(
        "check errors: stripped {}, after chain {}",
        before.len(),
        after.len()
    );

    let rest = run_headless(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        None,
        10.0,
        60.0,
    );
    assert_eq!(rest.frames, 600);
    assert_stable(&model, &rest, first_new, "at rest");
    let vmd = load_vmd(dir.join("gene/motion/02_laugh.vmd")).unwrap();
    let (motion, _) = BoundMotion::bind(&vmd, &model);
    let moving = run_headless(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        Some(&motion),
        10.0,
        60.0,
    );
    assert_stable(&model, &moving, first_new, "02_laugh.vmd");
}

#[test]
fn gene_hair_chain_from_stripped_model_is_stable_and_clean() {
    run_chain_case(None);
}

#[test]
fn gene_hair_chain_with_swinging_roots_is_stable_and_clean() {
    run_chain_case(Some("dynamic_bone_position"));
}

#[test]
fn chain_undo_restores_identical_bytes_on_gene() {
    let Some((stripped, _)) = stripped_gene() else {
        return;
    };
    let bytes = |m: &Model| hone_core::pmx::write::write_pmx(m, &Default::default()).unwrap();
    let original = bytes(&stripped);
    let roots = hair_roots(&stripped);
    let opts = chain_options(&BodyArgs::default(), &JointArgs::default()).unwrap();
    let mut model = stripped.clone();
    let mut h = History::new();
    h.apply(
        &mut model,
        chain(&stripped, &roots, &opts)
            .unwrap()
            .into_edit()
            .unwrap(),
    )
    .unwrap();
    assert_ne!(bytes(&model), original);
    h.undo(&mut model);
    assert_eq!(bytes(&model), original);
    h.redo(&mut model);
    assert_eq!(model.rigid_bodies.len(), stripped.rigid_bodies.len() + 22);
}

#[test]
fn skirt_ring_joins_neighbouring_chains_and_closes_the_ring() {
    let mut model = sample_rig();
    // Strip the sample skirt's bodies (and their joints).
    apply_script(
        &mut model,
        json!([{"op": "delete", "kind": "rigid_body", "select": "スカート*", "refs": "delete"}]),
    );
    let roots: Vec<usize> = (0..model.bones.len())
        .filter(|&i| {
            model.bones[i].name.starts_with("スカート_") && model.bones[i].name.ends_with("_0")
        })
        .collect();
    assert_eq!(roots.len(), 6);
    let joints = JointArgs {
        ring: Some(RingArg::On(true)),
        joint_preset: Some("skirt".into()),
        ..Default::default()
    };
    let bodies = BodyArgs {
        root_mode: Some("dynamic_bone_position".into()),
        preset: Some("cloth".into()),
        shape: Some("box".into()),
        ..Default::default()
    };
    let plan = chain(&model, &roots, &chain_options(&bodies, &joints).unwrap()).unwrap();
    assert_eq!(plan.rigid_bodies.len(), 12);
    let ring: Vec<_> = plan
        .joints
        .iter()
        .filter(|j| j.value.name.contains('~'))
        .collect();
    // 6 chains of 2 bodies all the way round: 6 neighbours × 2 depths.
    assert_eq!(ring.len(), 12, "{:?}", plan.notes);
    // Each ring joint joins two different chains at the same depth.
    for j in &ring {
        let a = plan.rigid_body(&model, j.value.body_a as usize).unwrap();
        let b = plan.rigid_body(&model, j.value.body_b as usize).unwrap();
        let depth = |bone: i32| model.bones[bone as usize].name.ends_with("_1");
        assert_eq!(depth(a.bone), depth(b.bone));
        assert_ne!(a.bone, b.bone);
    }
    // Vertical joints: chain roots to 下半身's body, and the second body to the first.
    assert_eq!(plan.joints.len() - ring.len(), 12);
    let before = errors(&model);
    let mut h = History::new();
    let bytes0 = hone_core::pmx::write::write_pmx(&model, &Default::default()).unwrap();
    h.apply(&mut model, plan.into_edit().unwrap()).unwrap();
    assert!(errors(&model).len() <= before.len(), "{:?}", errors(&model));
    let r = run_headless(
        &model,
        PhysicsConfig::default(),
        &Pose::new(&model),
        None,
        5.0,
        60.0,
    );
    assert_eq!(r.nan_count, 0);
    let worst = r.max_drift.iter().flatten().fold(0.0f32, |a, &b| a.max(b));
    assert!(worst < 2.0, "skirt drifted {worst}");
    h.undo(&mut model);
    assert_eq!(
        hone_core::pmx::write::write_pmx(&model, &Default::default()).unwrap(),
        bytes0
    );
    assert_eq!(
        model.rigid_bodies.len(),
        ElementKind::RigidBody.len(&sample_rig()) - 12
    );
}
