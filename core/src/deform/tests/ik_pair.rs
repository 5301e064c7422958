//! Two IKs solved side by side give what solving them one after the other in
//! the deform order gives, bit for bit; IKs whose solves touch what lies
//! between them in the order are not paired.

use super::super::ik::{IkInfo, Pairing};
use super::*;
use crate::pmx::builder::ModelBuilder;

/// A root, two legs (thigh → knee → ankle), then in layer 1 (after every leg
/// bone) the two leg IKs. With `reader`, a bone between the two IK bones in
/// the order turns with the right knee (付与), which the right leg's IK sets.
fn legs(reader: bool) -> Model {
    let mut b = ModelBuilder::new("legs");
    let root = b.bone("全ての親", Vec3::ZERO).movable().index();
    let mut leg = |side: &str, x: f32| {
        let hip = b
            .bone(&format!("{side}足"), Vec3::new(x, 10.0, 0.0))
            .parent(root)
            .index();
        let knee = b
            .bone(&format!("{side}ひざ"), Vec3::new(x, 5.5, -0.1))
            .parent(hip)
            .index();
        let ankle = b
            .bone(&format!("{side}足首"), Vec3::new(x, 1.0, 0.3))
            .parent(knee)
            .index();
        [hip, knee, ankle]
    };
    let (left, right) = (leg("左", 1.0), leg("右", -1.0));
    let ik = |b: &mut ModelBuilder, name: &str, x: f32, [hip, knee, ankle]: [i32; 3]| {
        b.bone(name, Vec3::new(x, 1.0, 0.3))
            .parent(root)
            .layer(1)
            .movable()
            .ik(ankle, 40, 2.0)
            .ik_link_limited(knee, Vec3::new(-PI, 0.0, 0.0), Vec3::new(-0.0087, 0.0, 0.0))
            .ik_link(hip);
    };
    ik(&mut b, "左足ＩＫ", 1.0, left);
    if reader {
        b.bone("右ひざ補助", Vec3::new(-1.0, 5.5, 0.0))
            .parent(root)
            .layer(1)
            .append_rotate(right[1], 0.5);
    }
    ik(&mut b, "右足ＩＫ", -1.0, right);
    b.build()
}

/// Random goals for every IK (some switched off) and random turns elsewhere.
fn poses(model: &Model, seed: u64, n: usize) -> Vec<Pose> {
    let mut s = seed;
    let mut r = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0
    };
    (0..n)
        .map(|_| {
            let mut pose = Pose::new(model);
            for (i, bone) in model.bones.iter().enumerate() {
                if bone.ik.is_some() {
                    pose.bones[i].translation = Vec3::new(3.0 * r(), 4.0 * r() + 2.0, 3.0 * r());
                    pose.ik_enabled[i] = r() > -0.8;
                } else if r() > 0.4 {
                    pose.bones[i].rotation = Quat::from_euler(EulerRot::YXZ, r(), r(), r());
                }
            }
            pose
        })
        .collect()
}

/// Poses evaluated with the deformer's pairs and with every IK alone: the
/// world matrices must be identical. Returns how many pairs there are.
fn assert_pairs_change_nothing(model: &Model, poses: &[Pose], label: &str) -> usize {
    let paired = Deformer::new(model);
    let mut alone = paired.clone();
    for ik in &mut alone.iks {
        ik.pair = Pairing::Alone;
    }
    let (mut a, mut b) = (paired.new_state(), alone.new_state());
    for (i, pose) in poses.iter().enumerate() {
        paired.evaluate_bones(model, pose, &mut a);
        alone.evaluate_bones(model, pose, &mut b);
        for (bone, (x, y)) in a.world.iter().zip(&b.world).enumerate() {
            assert_eq!(x, y, "{label}, pose {i}: bone {bone} differs");
        }
    }
    let leads = |ik: &&IkInfo| matches!(ik.pair, Pairing::Leads(_));
    paired.iks.iter().filter(leads).count()
}

#[test]
fn two_legs_are_solved_side_by_side_with_the_results_of_one_after_the_other() {
    let model = legs(false);
    let deformer = Deformer::new(&model);
    let (l, r) = (model.bone_index("左足ＩＫ"), model.bone_index("右足ＩＫ"));
    let ik_of = |b: Option<usize>| deformer.bones[b.unwrap()].ik as usize;
    assert_eq!(deformer.iks[ik_of(l)].pair, Pairing::Leads(ik_of(r) as u32));
    assert_eq!(deformer.iks[ik_of(r)].pair, Pairing::Follows);
    assert_eq!(
        assert_pairs_change_nothing(&model, &poses(&model, 3, 300), "legs"),
        1
    );
}

#[test]
fn an_ik_whose_result_is_read_before_its_place_is_not_paired() {
    let model = legs(true);
    let deformer = Deformer::new(&model);
    assert!(deformer.iks.iter().all(|ik| ik.pair == Pairing::Alone));
    // Forced, the pair would change what the reader between them sees: the
    // check is what keeps the results.
    let mut forced = deformer.clone();
    forced.iks[0].pair = Pairing::Leads(1);
    forced.iks[1].pair = Pairing::Follows;
    let reader = model.bone_index("右ひざ補助").unwrap();
    let (mut a, mut b) = (deformer.new_state(), forced.new_state());
    let differs = poses(&model, 5, 50).iter().any(|pose| {
        deformer.evaluate_bones(&model, pose, &mut a);
        forced.evaluate_bones(&model, pose, &mut b);
        a.world[reader] != b.world[reader]
    });
    assert!(differs);
}

#[test]
fn the_sample_rig_keeps_its_results() {
    let model = crate::pmx::builder::sample_rig();
    assert_pairs_change_nothing(&model, &poses(&model, 9, 200), "sample rig");
}

#[test]
fn gene_pairs_its_legs_and_keeps_its_results_under_02_laugh() {
    let Some((model, mut all)) = super::ik_fast::gene_under_02_laugh() else {
        return;
    };
    let deformer = Deformer::new(&model);
    let ik_of = |name: &str| deformer.bones[model.bone_index(name).unwrap()].ik as usize;
    assert_eq!(
        deformer.iks[ik_of("左足ＩＫ")].pair,
        Pairing::Leads(ik_of("右足ＩＫ") as u32)
    );
    all.extend(poses(&model, 13, 200));
    assert!(assert_pairs_change_nothing(&model, &all, "Gene") >= 1);
}
