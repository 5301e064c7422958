//! The f32 link step keeps small angles accurate; the IK solver's fast
//! paths give the general code's results: the f32 single-axis clamp against
//! the f64 Euler clamp (to f32 rounding), the short-chain loop against the
//! general loop (whole poses compared bit for bit).

use super::super::ik::{link_info, link_turn, EulerOrder};
use super::super::ik_limits::{clamp_euler, clamp_single_axis};
use super::*;
use glam::DQuat;

/// A small deterministic generator (xorshift64), uniform in [0, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// The rotation angle between two rotations (either sign of either).
fn angle_between(a: DQuat, b: DQuat) -> f64 {
    let d = a.inverse() * b;
    2.0 * d.xyz().length().atan2(d.w.abs())
}

#[test]
fn single_axis_clamp_gives_the_euler_clamps_result() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let orders = [EulerOrder::Yxz, EulerOrder::Zyx, EulerOrder::Xzy];
    // A knee's range, one inside ±90°, one past ±180°, one not containing 0.
    let ranges = [(-2.88f32, 0.1745f32), (-0.5, 1.2), (-3.5, 3.5), (1.0, 1.4)];
    let (mut compared, mut unchanged, mut worst) = (0usize, 0, 0.0f64);
    for order in orders {
        for axis in 0..3 {
            for (lo, hi) in ranges {
                let (mut min, mut max) = (Vec3::ZERO, Vec3::ZERO);
                min[axis] = lo;
                max[axis] = hi;
                let mut link = link_info(0, Some((min, max)));
                link.order = order;
                let unit = Vec3::AXES[axis].as_dvec3();
                for i in 0..400 {
                    let r = match i % 4 {
                        // A turn about this axis alone (up to ±179°): beyond the limits, near
                        // them, and past ±88° where the middle angle clamps.
                        0 => DQuat::from_axis_angle(unit, rng.range(-3.13, 3.13)),
                        1 => DQuat::from_axis_angle(
                            unit,
                            [lo, hi][i / 4 % 2] as f64 + rng.range(-1e-6, 1e-6),
                        ),
                        // Nearly about it (what CCD's free half produces).
                        2 => {
                            let tilt = glam::DVec3::new(
                                rng.range(-1e-8, 1e-8),
                                rng.range(-1e-8, 1e-8),
                                rng.range(-1e-8, 1e-8),
                            );
                            DQuat::from_axis_angle((unit + tilt).normalize(), rng.range(-3.0, 3.0))
                        }
                        _ => DQuat::from_euler(
                            glam::EulerRot::YXZ,
                            rng.range(-3.1, 3.1),
                            rng.range(-1.5, 1.5),
                            rng.range(-3.1, 3.1),
                        ),
                    };
                    // Half the time under an animated rotation (Gene's knees
                    // are keyed 3° about z), so that `r` is what lies under the limits.
                    let local = if i % 8 < 4 {
                        Quat::IDENTITY
                    } else {
                        Quat::from_euler(
                            glam::EulerRot::YXZ,
                            rng.range(-0.1, 0.1) as f32,
                            rng.range(-0.1, 0.1) as f32,
                            rng.range(-0.1, 0.1) as f32,
                        )
                    };
                    let ik_rot = (r * local.as_dquat().inverse()).as_quat().normalize();
                    for reflect in [false, true] {
                        let fast = clamp_single_axis(ik_rot, local, axis, &link, lo, hi, reflect);
                        // The Euler clamp in f64 on the same f32 inputs.
                        let (ik64, local64) = (ik_rot.as_dquat(), local.as_dquat());
                        let clamped = clamp_euler(ik64 * local64, order, min, max, reflect);
                        let general = (clamped * local64.inverse()).normalize();
                        assert!(fast.is_normalized(), "{fast:?}");
                        // f32 rounding (~1e-7), divided by the cosine of the
                        // middle angle where asin decomposes it (≥ cos 88°).
                        let d = angle_between(fast.as_dquat(), general);
                        worst = worst.max(d);
                        assert!(
                            d < 4e-6,
                            "{order:?} axis {axis} [{lo}, {hi}] reflect {reflect}: {r:?} {d:e}"
                        );
                        compared += 1;
                        unchanged += (clamped == ik64 * local64) as usize;
                    }
                }
            }
        }
    }
    // Both outcomes were exercised: inside the limits, and clamped.
    assert!(
        unchanged > 1000 && compared - unchanged > 1000,
        "{unchanged} of {compared}"
    );
    eprintln!("single-axis clamp: worst {worst:.1e} rad from the f64 Euler clamp");
}

/// Gene and every frame of 02_laugh as a pose, or None (the test skips)
/// without the shared models.
pub(super) fn gene_under_02_laugh() -> Option<(Model, Vec<Pose>)> {
    let pmx = hone_testkit::shared_model("gene/Gene.pmx")?;
    let vmd = hone_testkit::shared_model("gene/motion/02_laugh.vmd")?;
    let model = crate::pmx::load(&pmx).unwrap().model;
    let (motion, _) =
        crate::motion::BoundMotion::bind(&crate::motion::load_vmd(&vmd).unwrap(), &model);
    let frames = (motion.duration() * crate::motion::FRAMES_PER_SECOND) as usize + 1;
    let poses = (0..frames)
        .map(|f| {
            let mut pose = Pose::new(&model);
            motion.apply_to_pose(f as f32, &mut pose);
            pose
        })
        .collect();
    Some((model, poses))
}

/// Evaluates `pose` with the short-chain loop on and with it off for every
/// IK; the world matrices must be identical.
fn assert_chain_loop_matches(model: &Model, poses: impl Iterator<Item = Pose>, label: &str) {
    let fast = Deformer::new(model);
    let mut general = fast.clone();
    for ik in &mut general.iks {
        ik.chain = false;
    }
    let (mut a, mut b) = (fast.new_state(), general.new_state());
    let mut count = 0;
    for (i, pose) in poses.enumerate() {
        fast.evaluate_bones(model, &pose, &mut a);
        general.evaluate_bones(model, &pose, &mut b);
        for (bone, (x, y)) in a.world.iter().zip(&b.world).enumerate() {
            assert_eq!(x, y, "{label}, pose {i}: bone {bone} differs");
        }
        count += 1;
    }
    assert!(count > 0);
}

/// Random poses that move every IK goal about and turn some bones.
fn random_poses(model: &Model, seed: u64, n: usize) -> impl Iterator<Item = Pose> + '_ {
    let mut rng = Rng(seed);
    (0..n).map(move |_| {
        let mut pose = Pose::new(model);
        for (i, bone) in model.bones.iter().enumerate() {
            let mut r = || rng.range(-1.0, 1.0) as f32;
            if bone.ik.is_some() {
                pose.bones[i].translation = Vec3::new(3.0 * r(), 4.0 * r() + 2.0, 3.0 * r());
                pose.bones[i].rotation = Quat::from_euler(EulerRot::YXZ, r(), r(), 0.5 * r());
            } else if r() > 0.4 {
                pose.bones[i].rotation = Quat::from_euler(EulerRot::YXZ, r(), r(), r());
            }
        }
        pose
    })
}

#[test]
fn short_chain_loop_matches_the_general_loop_on_the_sample_rig() {
    let model = crate::pmx::builder::sample_rig();
    let deformer = Deformer::new(&model);
    let leg = model.bone_index("左足ＩＫ").unwrap();
    let leg_ik = deformer.iks.iter().find(|ik| ik.bone as usize == leg);
    assert!(
        leg_ik.unwrap().chain,
        "the leg IK takes the short-chain loop"
    );
    assert_chain_loop_matches(&model, random_poses(&model, 7, 300), "sample rig");
}

#[test]
fn short_chain_loop_matches_the_general_loop_on_gene_under_02_laugh() {
    let Some((model, motion_poses)) = gene_under_02_laugh() else {
        return;
    };
    let deformer = Deformer::new(&model);
    for name in ["左足ＩＫ", "右足ＩＫ"] {
        let b = model.bone_index(name).unwrap();
        let ik = deformer.iks.iter().find(|ik| ik.bone as usize == b);
        assert!(ik.unwrap().chain, "{name} takes the short-chain loop");
    }
    assert_chain_loop_matches(&model, motion_poses.into_iter(), "Gene 02_laugh");
    assert_chain_loop_matches(&model, random_poses(&model, 11, 200), "Gene random");
}

/// The f32 link step turns by the angle between the two directions even when
/// they are nearly parallel (f32 `acos` of their dot would be off by up to
/// ~6e-5 rad at 1e-3 rad). Expected: the angle of the same f32 positions,
/// computed in f64 with atan2.
#[test]
fn f32_link_step_turns_by_the_angle_between_nearly_parallel_directions() {
    let model = crate::pmx::builder::sample_rig();
    let deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut link = link_info(0, None);
    link.limit_sin_half = f32::INFINITY;
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut worst = 0.0f64;
    for &angle in &[
        1.5e-4f64,
        3e-4,
        1e-3,
        1e-2,
        0.3,
        1.5,
        3.0,
        std::f64::consts::PI - 1e-3,
    ] {
        for _ in 0..50 {
            let link_pos = Vec3::new(
                rng.range(-5.0, 5.0) as f32,
                rng.range(0.0, 15.0) as f32,
                rng.range(-5.0, 5.0) as f32,
            );
            let axis =
                glam::DVec3::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.3).normalize();
            let arm = axis.any_orthonormal_vector() * rng.range(1.0, 8.0);
            let to_ik = DQuat::from_axis_angle(axis, angle) * arm;
            let target = link_pos - arm.as_vec3();
            let ik = link_pos - to_ik.as_vec3();
            state.world[0] = Mat4::from_translation(link_pos);
            state.ik_rotation[0] = Quat::IDENTITY;
            let turn = link_turn(&link, &state, ik.into(), target.into(), None, false)
                .expect("turns")
                .as_dquat();
            let (a, b) = ((link_pos - target).as_dvec3(), (link_pos - ik).as_dvec3());
            let expected = a.cross(b).length().atan2(a.dot(b));
            let got = 2.0 * turn.xyz().length().atan2(turn.w);
            let err = (got - expected).abs();
            worst = worst.max(err / expected.max(1e-3));
            assert!(err < 3e-7 + 1e-6 * expected, "{angle}: {got} vs {expected}");
            // About the directions' common normal: it carries a onto b (the
            // normal's direction comes from a cross product of length sin θ,
            // so near θ = π its f32 rounding is divided by that).
            let miss = (turn * a.normalize() - b.normalize()).length();
            assert!(miss < 1e-6 + 2e-7 / angle.sin(), "{angle}: {miss:e}");
        }
    }
    eprintln!("f32 link step: worst angle error {worst:.1e} (relative, floor 1e-3 rad)");
}
