//! The bones pass with its planned resets and trimmed IK refreshes gives the
//! full resets' and refreshes' matrices, frame after frame on one state.

use super::super::plan::pass_plan;
use super::super::{bones, ik};
use super::*;

/// `model`'s deformer with every reset and every refresh bone, as the pass
/// ran before the plan.
fn unplanned(model: &Model) -> Deformer {
    let mut d = Deformer::new(model);
    let mut infos = bones::build_bone_infos(model);
    d.iks = ik::build_ik_infos(model, &mut infos);
    let all: Vec<u32> = (0..model.bones.len() as u32).collect();
    d.plan = pass_plan(&infos, &d.iks, &d.order);
    d.plan.world = all.clone();
    d.plan.locals = all.clone();
    d.plan.links = all.clone();
    d.plan.appends = all;
    d
}

/// Poses that move every IK goal and turn every third bone, differently each time.
fn swaying_poses(model: &Model, n: usize) -> impl Iterator<Item = Pose> + '_ {
    (0..n).map(move |k| {
        let mut pose = Pose::new(model);
        for (i, bone) in model.bones.iter().enumerate() {
            let w = |f: f32| ((k * 7 + i) as f32 * f).sin();
            if bone.ik.is_some() {
                pose.bones[i].translation =
                    Vec3::new(3.0 * w(0.7), 4.0 * w(1.3) + 2.0, 3.0 * w(0.4));
            } else if (i + k) % 3 == 0 {
                pose.bones[i].rotation = Quat::from_euler(EulerRot::YXZ, w(0.9), w(1.7), w(2.3));
                pose.bones[i].translation = Vec3::splat(0.2 * w(3.1));
            }
        }
        pose
    })
}

fn assert_same_passes(model: &Model, poses: impl Iterator<Item = Pose>, label: &str) -> usize {
    let (planned, full) = (Deformer::new(model), unplanned(model));
    let (mut a, mut b) = (planned.new_state(), full.new_state());
    assert_eq!(a.world, b.world, "{label}: new state");
    let mut frames = 0;
    for (f, pose) in poses.enumerate() {
        for (d, s) in [(&planned, &mut a), (&full, &mut b)] {
            d.evaluate_bones(model, &pose, s);
            d.update_skinning_matrices(s);
        }
        for i in 0..model.bones.len() {
            assert_eq!(a.world[i], b.world[i], "{label}, frame {f}: bone {i}");
            assert_eq!(a.local_rotation[i], b.local_rotation[i], "{label} {f}: {i}");
            assert_eq!(
                a.local_translation[i], b.local_translation[i],
                "{label} {f}: {i}"
            );
        }
        assert_eq!(a.skinning, b.skinning, "{label}, frame {f}");
        frames += 1;
    }
    frames
}

#[test]
fn planned_resets_and_trimmed_refreshes_match_the_full_pass_on_gene() {
    let Some((model, played)) = super::ik_fast::gene_under_02_laugh() else {
        return;
    };
    // Gene's plan does leave things out (else this test compares nothing new).
    let planned = Deformer::new(&model);
    let full = unplanned(&model);
    let refreshes = |d: &Deformer| d.iks.iter().map(|ik| ik.refresh.len()).sum::<usize>();
    assert!(refreshes(&planned) < refreshes(&full));
    assert!(planned.plan.world.len() < model.bones.len());
    assert!(assert_same_passes(&model, played.into_iter(), "02_laugh") > 100);
    assert_same_passes(&model, swaying_poses(&model, 60), "Gene swaying");
}

#[test]
fn planned_resets_and_trimmed_refreshes_match_the_full_pass_out_of_order() {
    // The leg, plus bones the order puts before what they read: a child
    // before its parent, an append before its (append) source, a bone under
    // the knee after the IK, and an after-physics tip.
    let mut model = leg_model(true);
    let mut knee_child = bone("under knee", Vec3::new(0.0, 4.0, 1.0), 2);
    knee_child.layer = 2;
    let mut early_child = bone("early child", Vec3::new(0.0, 1.0, 0.0), 7);
    early_child.layer = -1;
    let mut late_parent = bone("late parent", Vec3::new(1.0, 9.0, 0.0), 1);
    late_parent.layer = 2;
    late_parent.append = append(2, 0.5, true, true);
    let mut early_append = bone("early append", Vec3::new(0.0, 8.0, 0.0), 0);
    early_append.append = append(7, -0.7, true, true);
    let mut tip = bone("tip", Vec3::new(0.0, -1.0, 0.0), 3);
    tip.flags.set(BoneFlags::AFTER_PHYSICS, true);
    let mut local = bone("local append", Vec3::new(2.0, 2.0, 0.0), 0);
    local.append = append(5, 1.0, true, true);
    local.flags.set(BoneFlags::APPEND_LOCAL, true);
    local.layer = 1; // between the IK and its source
    let mut unread = bone("unread under knee", Vec3::new(0.0, 4.0, -1.0), 2);
    unread.layer = 2;
    // A child before its parent away from the IK (no refresh covers it).
    let mut late_root_child = bone("late root child", Vec3::new(-1.0, 3.0, 0.0), 0);
    late_root_child.layer = 3;
    let mut early_grandchild = bone("early grandchild", Vec3::new(-1.0, 4.0, 0.0), 12);
    early_grandchild.layer = -1;
    model.bones.extend([
        knee_child,
        early_child,
        late_parent,
        early_append,
        tip,
        local,
        unread,
        late_root_child,
        early_grandchild,
    ]);
    let d = Deformer::new(&model);
    // The unread bone leaves the refresh; the one a local append reads early stays.
    let refresh = &d.iks[0].refresh;
    assert!(
        !refresh.contains(&11) && refresh.contains(&5),
        "{refresh:?}"
    );
    let local_later = |n: &&OrderNote| matches!(n, OrderNote::LocalAppendSourceLater { .. });
    let notes: Vec<&OrderNote> = d.order().entries().iter().flat_map(|e| &e.notes).collect();
    assert!(notes
        .iter()
        .any(|n| matches!(n, OrderNote::ParentLater { .. })));
    assert!(notes
        .iter()
        .any(|n| matches!(n, OrderNote::AppendSourceLater { .. })));
    assert!(notes.iter().any(local_later));
    assert!(assert_same_passes(&model, swaying_poses(&model, 40), "leg") == 40);
    let rig = crate::pmx::builder::sample_rig();
    assert_same_passes(&rig, swaying_poses(&rig, 40), "sample rig");
}
