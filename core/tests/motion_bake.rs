//! Baking physics into a VMD: the baked motion, written to bytes and read back, played
//! with physics off through `sim::run` must put every baked bone where the physics-on
//! run of the original motion put it (≤ 0.05°, ≤ 1e-3 units) at every VMD frame. Both
//! runs are `sim::run`'s, not the bake's own, and compared here.

use glam::{Quat, Vec3};
use hone_core::deform::Pose;
use hone_core::motion::bake::{angle_between, bake, BakeBones, BakeError, BakeOptions, BakeReport};
use hone_core::motion::{load_vmd, read_vmd, write_vmd, BoundMotion, Vmd};
use hone_core::pmx::{Joint, JointKind, Model};
use hone_core::sim::{run, RunOptions, Trace};
use std::sync::atomic::AtomicBool;

mod support;

const MAX_DEG: f32 = 0.05;
const MAX_UNITS: f32 = 1e-3;

fn trace(model: &Model, vmd: &Vmd, frames: u32, physics: bool, options: &BakeOptions) -> Trace {
    let (motion, _) = BoundMotion::bind(vmd, model);
    let run_options = RunOptions {
        seconds: frames as f32 / 30.0,
        fps: 30.0,
        physics,
        trace_every: Some(1),
        ..RunOptions::default()
    };
    run(
        model,
        options.physics,
        &Pose::new(model),
        Some(&motion),
        &run_options,
    )
    .trace
    .expect("a trace was asked for")
}

fn pose_of(entry: &[f32; 7]) -> (Vec3, Quat) {
    (
        Vec3::new(entry[0], entry[1], entry[2]),
        Quat::from_xyzw(entry[3], entry[4], entry[5], entry[6]),
    )
}

/// Bakes, writes and reads the result back, plays it with physics off and compares it
/// with the physics-on run of `vmd`. Returns the report and the largest errors seen.
fn bake_and_compare(model: &Model, vmd: &Vmd, options: &BakeOptions) -> (BakeReport, f32, f32) {
    let cancel = AtomicBool::new(false);
    let mut last_progress = 0.0f32;
    let (out, report) = bake(model, vmd, options, &mut |p| last_progress = p, &cancel).unwrap();
    assert!(
        (last_progress - 1.0).abs() < 1e-6,
        "progress ended at {last_progress}"
    );
    assert_eq!(report.start, 0, "these tests bake from frame 0");
    let (bytes, written) = write_vmd(&out);
    assert!(written.cut_bone_names.is_empty(), "{written:?}");
    let out = read_vmd(&bytes).unwrap();

    let on = trace(model, vmd, report.end, true, options);
    let off = trace(model, &out, report.end, false, options);
    assert_eq!(on.frames.len(), report.end as usize + 1);
    assert_eq!(off.frames.len(), on.frames.len());
    let (mut worst_deg, mut worst_units) = (0.0f32, 0.0f32);
    for (a, b) in on.frames.iter().zip(&off.frames) {
        for bone in &report.bones {
            let (pa, qa) = pose_of(&a.bone[bone.bone]);
            let (pb, qb) = pose_of(&b.bone[bone.bone]);
            let deg = angle_between(qa, qb).to_degrees();
            let units = (pa - pb).length();
            assert!(
                deg <= MAX_DEG && units <= MAX_UNITS,
                "{} at frame {}: {deg}° and {units} units from the physics-on run",
                bone.name,
                a.frame
            );
            worst_deg = worst_deg.max(deg);
            worst_units = worst_units.max(units);
        }
    }
    // The bake's own measurement agrees with the bound.
    let own = report.worst().map_or(0.0, |b| b.max_error_deg);
    assert!(
        own <= MAX_DEG && report.max_error_units() <= MAX_UNITS,
        "{own}°"
    );
    eprintln!(
        "{} bones, {} frames: {} of {} keys ({:.1} %), worst {worst_deg:.5}° {worst_units:.6} units; physics-on run {:.3} s",
        report.bones.len(),
        report.end - report.start + 1,
        report.written_keys,
        report.sampled_keys,
        100.0 * report.ratio(),
        report.run_seconds
    );
    (report, worst_deg, worst_units)
}

fn gene_and_laugh() -> Option<(Model, Vmd)> {
    let model = hone_core::pmx::load(hone_testkit::shared_model("gene/Gene.pmx")?)
        .unwrap()
        .model;
    let vmd = load_vmd(hone_testkit::shared_model("gene/motion/02_laugh.vmd")?).unwrap();
    Some((model, vmd))
}

#[test]
fn gene_laugh_baked_plays_back_without_physics() {
    let Some((model, vmd)) = gene_and_laugh() else {
        return;
    };
    let options = BakeOptions::default();
    let (report, _, _) = bake_and_compare(&model, &vmd, &options);
    // Gene's hair, skirt and cloak: dozens of simulated bones.
    assert!(
        report.bones.len() > 40,
        "{} bones baked",
        report.bones.len()
    );
    assert_eq!(report.end, 300);
    // Hair at rest between the laughs: linear keys carry most frames.
    assert!(report.ratio() < 0.9, "ratio {}", report.ratio());
    // Speed: the physics-on run at ≥ 50× real time (301 frames = 10 s of motion).
    let real_time = (report.end + 1) as f64 / 30.0;
    eprintln!("speed {:.0}× real time", real_time / report.run_seconds);
}

#[test]
fn gene_laugh_baked_with_ik_switches_ik_off_and_still_matches() {
    let Some((model, vmd)) = gene_and_laugh() else {
        return;
    };
    let options = BakeOptions {
        ik: true,
        end: Some(120),
        ..BakeOptions::default()
    };
    let (report, _, _) = bake_and_compare(&model, &vmd, &options);
    assert!(report.ik_switched_off.iter().any(|n| n == "左足ＩＫ"));
    assert!(report.bones.iter().any(|b| b.name == "左ひざ"));
}

#[test]
fn mei_pmd_baked_under_gene_motion() {
    let Some(path) = hone_testkit::shared_model("mei/mei.pmd") else {
        return;
    };
    let Some(motion) = hone_testkit::shared_model("gene/motion/02_laugh.vmd") else {
        return;
    };
    let model = hone_core::pmx::load(path).unwrap().model;
    let vmd = load_vmd(motion).unwrap();
    let options = BakeOptions {
        end: Some(150),
        ..BakeOptions::default()
    };
    let (report, _, _) = bake_and_compare(&model, &vmd, &options);
    assert!(report.bind.bound_bones > 0, "02_laugh binds to mei's bones");
    assert!(!report.bones.is_empty());
}

/// Two bones and a sphere swinging on a joint (mode 1), a child bone under the swinging
/// one (not after-physics, so it must be keyed), and an anchor the motion turns.
fn swinging_model() -> Model {
    let mut model = support::rigid::pair(
        Vec3::new(2.0, 0.0, 0.0),
        Joint {
            kind: JointKind::Spring6Dof,
            angular_lower: Vec3::splat(-1.0),
            angular_upper: Vec3::splat(1.0),
            ..Default::default()
        },
    );
    model
        .bones
        .push(support::bone("tip", Vec3::new(3.0, 0.0, 0.0), 1));
    model
}

fn turning_anchor() -> Vmd {
    use hone_core::motion::{Bezier, BoneKey, VmdName};
    let key = |frame, angle: f32| {
        (
            VmdName {
                text: "anchor".into(),
                raw: b"anchor".to_vec(),
            },
            BoneKey {
                frame,
                translation: Vec3::ZERO,
                rotation: Quat::from_rotation_y(angle),
                curves: [Bezier::LINEAR; 4],
                physics_off: false,
            },
        )
    };
    Vmd {
        bone_keys: vec![key(0, 0.0), key(40, 1.2), key(90, -0.5)],
        ..Vmd::default()
    }
}

#[test]
fn built_swing_bakes_its_driven_bone_and_child() {
    let model = swinging_model();
    let vmd = turning_anchor();
    let options = BakeOptions::default();
    let (report, _, _) = bake_and_compare(&model, &vmd, &options);
    let names: Vec<&str> = report.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["swing", "tip"]);
    // The swing really moves: physics-on differs from the motion alone.
    let on = trace(&model, &vmd, 90, true, &options);
    let plain = trace(&model, &vmd, 90, false, &options);
    let moved = on
        .frames
        .iter()
        .zip(&plain.frames)
        .map(|(a, b)| (pose_of(&a.bone[1]).0 - pose_of(&b.bone[1]).0).length())
        .fold(0.0f32, f32::max);
    assert!(moved > 0.1, "physics moved the swing only {moved}");
    // The motion's anchor keys stay as they were.
    let cancel = AtomicBool::new(false);
    let (out, _) = bake(&model, &vmd, &options, &mut |_| {}, &cancel).unwrap();
    let anchor: Vec<_> = out
        .bone_keys
        .iter()
        .filter(|(n, _)| n.text == "anchor")
        .collect();
    assert_eq!(anchor.len(), 3);
}

#[test]
fn tolerance_trades_keys_for_error_within_its_bound() {
    let model = swinging_model();
    let vmd = turning_anchor();
    let cancel = AtomicBool::new(false);
    let mut last = usize::MAX;
    for tolerance_deg in [0.0f32, 0.01, 0.5] {
        let options = BakeOptions {
            tolerance_deg,
            tolerance_units: tolerance_deg * 0.1,
            ..BakeOptions::default()
        };
        let (out, report) = bake(&model, &vmd, &options, &mut |_| {}, &cancel).unwrap();
        assert!(
            report.written_keys <= last,
            "more keys at a larger tolerance"
        );
        last = report.written_keys;
        // Dropped keys: their frames, sampled from the written keys, stay within the
        // tolerance of the full bake (tolerance 0 keeps them all).
        let full_options = BakeOptions {
            tolerance_deg: 0.0,
            tolerance_units: 0.0,
            ..BakeOptions::default()
        };
        let (full, _) = bake(&model, &vmd, &full_options, &mut |_| {}, &cancel).unwrap();
        let (reduced, _) = BoundMotion::bind(&out, &model);
        let (exact, _) = BoundMotion::bind(&full, &model);
        for f in 0..=90 {
            let (ra, ta) = reduced.sample_bone(1, f as f32).unwrap();
            let (rb, tb) = exact.sample_bone(1, f as f32).unwrap();
            assert!(angle_between(ra, rb).to_degrees() <= tolerance_deg + 1e-4);
            assert!((ta - tb).length() <= tolerance_deg * 0.1 + 1e-5);
        }
    }
    assert!(last < 91 * 2, "the largest tolerance dropped nothing");
}

#[test]
fn cancel_stops_and_bad_ranges_are_refused() {
    let model = swinging_model();
    let vmd = turning_anchor();
    let cancel = AtomicBool::new(true);
    let r = bake(&model, &vmd, &BakeOptions::default(), &mut |_| {}, &cancel);
    assert_eq!(r.unwrap_err(), BakeError::Cancelled);
    let cancel = AtomicBool::new(false);
    let options = BakeOptions {
        start: 50,
        end: Some(10),
        ..BakeOptions::default()
    };
    let r = bake(&model, &vmd, &options, &mut |_| {}, &cancel);
    assert_eq!(r.unwrap_err(), BakeError::Range { start: 50, end: 10 });
    let options = BakeOptions {
        bones: BakeBones::Names(vec!["nothing".into()]),
        ..BakeOptions::default()
    };
    let r = bake(&model, &vmd, &options, &mut |_| {}, &cancel);
    assert_eq!(r.unwrap_err(), BakeError::NoBones);
}
