//! The baked motion in another player: babylon-mmd (the Bullet reference,
//! `shared/oracles/bullet/sim.mjs`) plays Gene's baked 02_laugh with physics off, and every
//! baked bone must be within 0.5° of Hone's physics-on run of the original motion.
//! The reference is run, not copied. Skips with a reason when node or the reference's
//! packages (`npm install` in its folder; `HONE_BULLET_ORACLE` names another copy) are absent.

use hone_core::deform::Pose;
use hone_core::motion::bake::{angle_between, bake, BakeOptions};
use hone_core::motion::{load_vmd, save_vmd, BoundMotion};
use hone_core::sim::{run, RunOptions, Trace};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

const FRAMES: u32 = 150;
const MAX_DEG: f32 = 0.5;

fn oracle_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("HONE_BULLET_ORACLE") {
        Some(d) => PathBuf::from(d),
        None => hone_testkit::shared_models()?.join("../oracles/bullet"),
    };
    if !dir.join("sim.mjs").is_file() {
        hone_testkit::skip(format!("no Bullet reference at {}", dir.display()));
        return None;
    }
    if !dir.join("node_modules").is_dir() {
        hone_testkit::skip(format!(
            "the Bullet reference's packages are not installed (npm install in {}, or HONE_BULLET_ORACLE)",
            dir.display()
        ));
        return None;
    }
    let node = std::process::Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        hone_testkit::skip("node is not installed");
        return None;
    }
    Some(dir)
}

fn quat(e: &[f32; 7]) -> glam::Quat {
    glam::Quat::from_xyzw(e[3], e[4], e[5], e[6])
}

#[test]
fn babylon_mmd_plays_the_bake_like_hone_with_physics() {
    let Some(oracle) = oracle_dir() else {
        return;
    };
    let Some(model_path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let motion_path = hone_testkit::shared_model("gene/motion/02_laugh.vmd").unwrap();
    let model = hone_core::pmx::load(&model_path).unwrap().model;
    let vmd = load_vmd(&motion_path).unwrap();
    let options = BakeOptions {
        end: Some(FRAMES),
        ..BakeOptions::default()
    };
    let cancel = AtomicBool::new(false);
    let (baked, report) = bake(&model, &vmd, &options, &mut |_| {}, &cancel).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let baked_path = tmp.path().join("baked.vmd");
    save_vmd(&baked, &baked_path).unwrap();
    let trace_path = tmp.path().join("oracle.json");
    let seconds = (FRAMES as f32 / 30.0).to_string();
    let out = std::process::Command::new("node")
        .current_dir(&oracle)
        .arg("sim.mjs")
        .arg(&model_path)
        .arg("--motion")
        .arg(&baked_path)
        .args(["--seconds", &seconds, "--fps", "30", "--no-physics"])
        .arg("--trace")
        .arg(&trace_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sim.mjs failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&trace_path).unwrap();
    let oracle_trace: Trace = serde_json::from_str(&text).unwrap();

    let (motion, _) = BoundMotion::bind(&vmd, &model);
    let hone = run(
        &model,
        options.physics,
        &Pose::new(&model),
        Some(&motion),
        &RunOptions {
            seconds: FRAMES as f32 / 30.0,
            fps: 30.0,
            trace_every: Some(1),
            ..RunOptions::default()
        },
    )
    .trace
    .unwrap();
    assert_eq!(oracle_trace.frames.len(), hone.frames.len());
    let mut worst = (0.0f32, String::new(), 0);
    for (a, b) in oracle_trace.frames.iter().zip(&hone.frames) {
        for bone in &report.bones {
            let deg =
                angle_between(quat(&a.bone[bone.bone]), quat(&b.bone[bone.bone])).to_degrees();
            if deg > worst.0 {
                worst = (deg, bone.name.clone(), a.frame);
            }
        }
    }
    eprintln!(
        "babylon-mmd without physics vs Hone with physics, {} baked bones: worst {:.4}° ({} at frame {})",
        report.bones.len(),
        worst.0,
        worst.1,
        worst.2
    );
    assert!(
        worst.0 <= MAX_DEG,
        "{} at frame {}: {}°",
        worst.1,
        worst.2,
        worst.0
    );
}
