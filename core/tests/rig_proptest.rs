//! Random generator runs on the sample rig: each is one undo step, and undoing it
//! gives back byte-identical output; redoing gives the same model as applying.

use hone_core::edit::History;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::write::write_pmx;
use hone_core::pmx::Model;
use hone_core::rig::args::{chain_options, BodyArgs, JointArgs, RingArg};
use hone_core::rig::{bodies, chain, RigPlan};
use proptest::prelude::*;

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &Default::default()).unwrap()
}

#[derive(Debug, Clone)]
struct Case {
    generator: u8,
    bones: Vec<usize>,
    shape: &'static str,
    replace: bool,
    ring: bool,
    root_mode: &'static str,
    group: Option<u8>,
}

fn case() -> impl Strategy<Value = Case> {
    let n = sample_rig().bones.len();
    (
        0u8..3,
        prop::collection::vec(0..n, 1..8),
        prop::sample::select(vec!["capsule", "box", "sphere"]),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec!["follow_bone", "dynamic", "dynamic_bone_position"]),
        prop::option::of(0u8..16),
    )
        .prop_map(
            |(generator, bones, shape, replace, ring, root_mode, group)| Case {
                generator,
                bones,
                shape,
                replace,
                ring,
                root_mode,
                group,
            },
        )
}

fn plan(model: &Model, c: &Case) -> Option<RigPlan> {
    let body_args = BodyArgs {
        shape: Some(c.shape.into()),
        root_mode: Some(c.root_mode.into()),
        group: c.group,
        replace: Some(c.replace),
        ..Default::default()
    };
    let joint_args = JointArgs {
        ring: Some(RingArg::On(c.ring)),
        replace: Some(c.replace),
        ..Default::default()
    };
    let opts = chain_options(&body_args, &joint_args).unwrap();
    match c.generator {
        0 => bodies::bodies_from_bones(model, &c.bones, &opts.bodies).ok(),
        1 => chain::joint_chain(model, &c.bones, &opts.joints).ok(),
        _ => chain::chain(model, &c.bones, &opts).ok(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generator_undo_is_byte_identical(c in case()) {
        let original = sample_rig();
        let before = bytes(&original);
        let Some(plan) = plan(&original, &c) else { return Ok(()) };
        let preview = plan.applied_to(&original);
        let Some(edit) = plan.into_edit() else { return Ok(()) };
        let mut model = original.clone();
        let mut h = History::new();
        h.apply(&mut model, edit).unwrap();
        prop_assert_eq!(h.len(), 1);
        // The preview model is what applying gives.
        prop_assert_eq!(&model, &preview);
        let after = bytes(&model);
        h.undo(&mut model);
        prop_assert_eq!(bytes(&model), before);
        h.redo(&mut model);
        prop_assert_eq!(bytes(&model), after);
    }
}
