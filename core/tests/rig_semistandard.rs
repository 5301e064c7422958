//! Semi-standard bones on mei.pmd: every missing bone is added, the mesh does not move
//! at rest nor under a motion that keys only the original bones, the D bones follow the
//! legs exactly, and a generated arm twist turns the arm progressively. Undo writes the
//! original bytes. Skips without the shared models.

use glam::{Mat4, Quat, Vec3};
use hone_core::check::{check_model, CheckContext, Severity};
use hone_core::deform::{Deformer, Pose};
use hone_core::edit::{ElementKind, History, ModelEdit};
use hone_core::motion::{load_vmd, BoundMotion};
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::Model;
use hone_core::rig::semistandard::{semistandard, SemiStandard, SemiStandardOptions};

fn load(rel: &str) -> Option<Model> {
    let path = hone_testkit::shared_model(rel)?;
    Some(hone_core::pmx::load(&path).expect("model loads").model)
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).expect("writes")
}

fn apply_checked(model: &Model, edit: ModelEdit) -> Model {
    let before = bytes(model);
    let mut m = model.clone();
    let mut h = History::new();
    h.apply(&mut m, edit).expect("edit applies");
    let after = bytes(&m);
    assert!(h.undo(&mut m).is_some());
    assert_eq!(bytes(&m), before, "undo restores byte-identical output");
    assert!(h.redo(&mut m).is_some());
    assert_eq!(bytes(&m), after, "redo gives the edit again");
    m
}

fn errors(m: &Model) -> Vec<String> {
    let mut e: Vec<String> = check_model(m, &CheckContext::default())
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| format!("{} {}", p.code, p.message))
        .collect();
    e.sort();
    e
}

/// Skinned positions of `model` under `pose_for(model)`.
fn skin(model: &Model, pose: &Pose) -> Vec<Vec3> {
    let d = Deformer::new(model);
    let mut s = d.new_state();
    d.evaluate(model, pose, &mut s);
    s.positions.clone()
}

fn max_delta(a: &[Vec3], b: &[Vec3]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(p, q)| p.distance(*q))
        .fold(0.0, f32::max)
}

const SEMI_STANDARD: [&str; 31] = [
    "全ての親",
    "操作中心",
    "グルーブ",
    "腰",
    "腰キャンセル右",
    "腰キャンセル左",
    "上半身2",
    "右足IK親",
    "左足IK親",
    "右足D",
    "右ひざD",
    "右足首D",
    "左足D",
    "左ひざD",
    "左足首D",
    "右足先EX",
    "左足先EX",
    "右腕捩",
    "左腕捩",
    "右手捩",
    "左手捩",
    "右肩P",
    "左肩P",
    "右肩C",
    "左肩C",
    "右親指０",
    "左親指０",
    "右腕捩1",
    "右腕捩3",
    "左手捩2",
    "左手捩3",
];

fn mei_with_semistandard() -> Option<(Model, Model)> {
    let original = load("mei/mei.pmd")?;
    let plan = semistandard(&original, &SemiStandardOptions::default()).expect("plans");
    println!(
        "added {:?}; skipped {:?}",
        plan.report.added, plan.report.skipped
    );
    let result = apply_checked(&original, plan.edit);
    Some((original, result))
}

#[test]
fn mei_gets_every_missing_bone_and_nothing_moves_at_rest() {
    let Some((original, result)) = mei_with_semistandard() else {
        return;
    };
    let missing_before: Vec<&str> = SEMI_STANDARD
        .iter()
        .copied()
        .filter(|n| original.bone_index(n).is_none())
        .collect();
    assert!(missing_before.len() >= 20, "{missing_before:?}");
    for name in SEMI_STANDARD {
        assert!(result.bone_index(name).is_some(), "{name} missing after");
    }
    assert_eq!(
        result.bones.len(),
        original.bones.len() + missing_before.len()
    );
    // Parents before children within a layer, append sources before their users.
    for (i, b) in result.bones.iter().enumerate() {
        if b.parent >= 0 {
            let p = &result.bones[b.parent as usize];
            assert!(
                p.layer < b.layer || (p.layer == b.layer && (b.parent as usize) < i),
                "{} before its parent {}",
                b.name,
                p.name
            );
        }
    }
    assert_eq!(errors(&result), errors(&original), "no new check errors");
    // Hierarchy MMD motions rely on.
    let parent = |n: &str| {
        let b = &result.bones[result.bone_index(n).unwrap()];
        result.bones[b.parent as usize].name.clone()
    };
    assert_eq!(parent("上半身"), "腰");
    assert_eq!(parent("下半身"), "腰");
    assert_eq!(parent("右足"), "腰キャンセル右");
    assert_eq!(parent("右足ＩＫ"), "右足IK親");
    assert_eq!(parent("右肩"), "右肩P");
    assert_eq!(parent("右腕"), "右肩C");
    assert_eq!(parent("右親指１"), "右親指０");
    assert_eq!(parent("右足先EX"), "右足首D");
    assert_eq!(result.bones[0].name, "操作中心");
    // Legs' weights moved to the D bones.
    for leg in ["右足", "右ひざ", "右足首"] {
        let b = result.bone_index(leg).unwrap() as i32;
        assert!(
            result
                .vertices
                .iter()
                .all(|v| !v.weights.bones().contains(&b)),
            "{leg}"
        );
    }
    // Visible new bones are in display frames.
    for name in [
        "操作中心",
        "腰",
        "右足IK親",
        "右肩P",
        "右親指０",
        "右足先EX",
    ] {
        let b = result.bone_index(name).unwrap() as i32;
        let listed = result.display_frames.iter().any(|f| {
            f.elements
                .contains(&hone_core::pmx::DisplayElement::Bone(b))
        });
        assert!(listed, "{name} in a display frame");
    }

    let rest = max_delta(
        &skin(&original, &Pose::new(&original)),
        &skin(&result, &Pose::new(&result)),
    );
    println!("rest: max vertex delta {rest:e}");
    assert!(rest <= 1e-4, "{rest}");
    // Nothing left to add.
    assert!(semistandard(&result, &SemiStandardOptions::default()).is_err());
}

#[test]
fn mei_plays_02_laugh_as_before_and_d_bones_follow_the_legs() {
    let Some((original, result)) = mei_with_semistandard() else {
        return;
    };
    let Some(dir) = hone_testkit::shared_models() else {
        return;
    };
    let vmd = load_vmd(dir.join("gene/motion/02_laugh.vmd")).expect("vmd");
    let (old_motion, _) = BoundMotion::bind(&vmd, &original);
    let (mut new_motion, _) = BoundMotion::bind(&vmd, &result);
    // Keys of bones the original model has only.
    for (i, b) in result.bones.iter().enumerate() {
        if original.bone_index(&b.name).is_none() {
            new_motion.bone_tracks[i].clear();
            new_motion.ik_tracks[i].clear();
        }
    }
    let (dold, dnew) = (Deformer::new(&original), Deformer::new(&result));
    let (mut sold, mut snew) = (dold.new_state(), dnew.new_state());
    let (mut pold, mut pnew) = (Pose::new(&original), Pose::new(&result));
    let pairs: Vec<(usize, usize)> = ["右足", "右ひざ", "右足首", "左足", "左ひざ", "左足首"]
        .iter()
        .map(|n| {
            (
                result.bone_index(n).unwrap(),
                result.bone_index(&format!("{n}D")).unwrap(),
            )
        })
        .collect();
    let (mut max_mesh, mut max_d) = (0.0f32, 0.0f32);
    let mut frames = 0;
    let mut moved = 0.0f32;
    for frame in (0..=old_motion.last_frame).step_by(3) {
        pold.reset();
        pnew.reset();
        old_motion.apply_to_pose(frame as f32, &mut pold);
        new_motion.apply_to_pose(frame as f32, &mut pnew);
        dold.evaluate(&original, &pold, &mut sold);
        dnew.evaluate(&result, &pnew, &mut snew);
        max_mesh = max_mesh.max(max_delta(&sold.positions, &snew.positions));
        moved = moved.max(max_delta(
            &sold.positions,
            &skin(&original, &Pose::new(&original)),
        ));
        for &(leg, d) in &pairs {
            let diff: Mat4 = snew.world[leg] - snew.world[d];
            let e = diff
                .to_cols_array()
                .iter()
                .fold(0.0f32, |m, x| m.max(x.abs()));
            max_d = max_d.max(e);
        }
        frames += 1;
    }
    println!(
        "02_laugh over {frames} frames: max mesh delta {max_mesh:e} (the motion moves vertices up to {moved:.3}); \
         max |world(leg) − world(D)| element {max_d:e}"
    );
    assert!(moved > 0.5, "the motion moves the mesh");
    assert!(max_mesh <= 1e-3, "{max_mesh}");
    assert!(max_d <= 1e-5, "{max_d}");
}

/// mei without her twist bones, then 腕捩/手捩 generated: twisting by 90° turns the
/// limb's vertices progressively from the upper joint to the lower one.
#[test]
fn generated_twist_turns_the_limb_progressively() {
    let Some(mei) = load("mei/mei.pmd") else {
        return;
    };
    let twist_bones: Vec<usize> = (0..mei.bones.len())
        .filter(|&i| mei.bones[i].name.contains("腕捩") || mei.bones[i].name.contains("手捩"))
        .collect();
    assert_eq!(twist_bones.len(), 20);
    let mut stripped = mei.clone();
    History::new()
        .apply(
            &mut stripped,
            ModelEdit::delete(ElementKind::Bone, twist_bones),
        )
        .unwrap();
    let opts = SemiStandardOptions {
        only: Some(vec![SemiStandard::ArmTwist, SemiStandard::WristTwist]),
    };
    let plan = semistandard(&stripped, &opts).expect("plans");
    assert_eq!(plan.report.added.len(), 16, "{:?}", plan.report.added);
    let result = apply_checked(&stripped, plan.edit);
    let rest = max_delta(
        &skin(&stripped, &Pose::new(&stripped)),
        &skin(&result, &Pose::new(&result)),
    );
    assert!(rest <= 1e-4, "{rest}");

    for (twist, upper, lower) in [("右腕捩", "右腕", "右ひじ"), ("右手捩", "右ひじ", "右手首")]
    {
        let t = result.bone_index(twist).unwrap();
        let axis = result.bones[t].fixed_axis.expect("fixed axis");
        let (up, lp) = (
            stripped.bones[stripped.bone_index(upper).unwrap()].position,
            stripped.bones[stripped.bone_index(lower).unwrap()].position,
        );
        let mut pose = Pose::new(&result);
        pose.bones[t].rotation = Quat::from_axis_angle(axis, 90f32.to_radians());
        let posed = skin(&result, &pose);
        let rest = skin(&result, &Pose::new(&result));
        // Angle each vertex turned about the limb's axis through the upper joint.
        let turned = |v: usize| {
            let flat = |p: Vec3| {
                let r = p - up;
                r - axis * r.dot(axis)
            };
            let (a, b) = (flat(rest[v]), flat(posed[v]));
            if a.length() < 1e-3 {
                return None;
            }
            Some(a.cross(b).dot(axis).atan2(a.dot(b)).to_degrees())
        };
        // Every vertex the upper bone moved before, by place along the limb (0 at the
        // upper joint, 1 at the lower one). Those fully on it must turn 90° × place;
        // blended ones (with the shoulder or elbow) less or more, but the turn must
        // grow along the limb.
        let u = stripped.bone_index(upper).unwrap() as i32;
        let only_on = |v: usize, bone: i32| {
            let (b, w, n) = stripped.vertices[v].weights.bone_weights();
            (0..n).all(|k| w[k] == 0.0 || b[k] == bone)
        };
        let uses = |v: usize, bone: i32| {
            let (b, w, n) = stripped.vertices[v].weights.bone_weights();
            (0..n).any(|k| w[k] != 0.0 && b[k] == bone)
        };
        let length = (lp - up).length();
        let mut bins = [(0.0f32, 0usize); 4];
        let (mut worst, mut full) = (0.0f32, 0);
        let mut limb = 0;
        for v in 0..stripped.vertices.len() {
            if !uses(v, u) {
                continue;
            }
            let Some(angle) = turned(v) else { continue };
            limb += 1;
            let along = ((stripped.vertices[v].position - up).dot(axis) / length).clamp(0.0, 1.0);
            if only_on(v, u) {
                full += 1;
                worst = worst.max((angle - 90.0 * along).abs());
            }
            let bin = ((along * 4.0) as usize).min(3);
            bins[bin].0 += angle;
            bins[bin].1 += 1;
        }
        let means: Vec<f32> = bins
            .iter()
            .filter(|b| b.1 > 0)
            .map(|b| b.0 / b.1 as f32)
            .collect();
        // Past the twist bone everything turns fully: the lower joint's vertices.
        let l = stripped.bone_index(lower).unwrap() as i32;
        let below: Vec<f32> = (0..stripped.vertices.len())
            .filter(|&v| only_on(v, l))
            .filter_map(turned)
            .collect();
        let below_err = below
            .iter()
            .map(|a| (a - 90.0).abs())
            .fold(0.0f32, f32::max);
        println!(
            "{twist} 90°: {limb} vertices on {upper}, mean turn per quarter of the limb {means:.1?}; \
             {full} fully on it turn 90°·place ± {worst:.2}°; {} vertices on {lower} alone turn 90° ± {below_err:.3}°",
            below.len(),
        );
        assert!(limb >= 40 && full >= 10, "{limb} {full}");
        assert!(means.len() == 4, "{means:?}");
        assert!(means.windows(2).all(|w| w[1] > w[0]), "{means:?}");
        assert!(means[0] < 25.0 && means[3] > 60.0, "{means:?}");
        assert!(worst < 2.0, "{worst}");
        assert!(!below.is_empty() && below_err < 0.5, "{below_err}");
    }
}
