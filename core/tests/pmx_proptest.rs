//! Random models survive write → read unchanged: both encodings, both
//! versions, every index size (including unsigned 2-byte vertex indices).

use glam::{Vec3, Vec4};
use hone_core::pmx::needs::{choose_index_sizes, plan_save, v21_features, SaveChange};
use hone_core::pmx::read::read_pmx;
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::*;
use proptest::prelude::*;

mod pmx_strategies;
mod seeded_rng;
use pmx_strategies::model;
use seeded_rng::Rng;

/// What reading back must give: the model as written, with the header saying
/// what the writer chose.
fn expected(model: &Model, opts: &WriteOptions) -> Model {
    let mut m = model.clone();
    m.header.index_sizes = choose_index_sizes(model).unwrap();
    if let Some(v) = opts.version {
        m.header.version = v;
    }
    if let Some(e) = opts.encoding {
        m.header.encoding = e;
    }
    m
}

fn encodings() -> impl Strategy<Value = Option<TextEncoding>> {
    prop_oneof![
        Just(None),
        Just(Some(TextEncoding::Utf8)),
        Just(Some(TextEncoding::Utf16Le))
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_models_survive_write_then_read(m in model(), encoding in encodings()) {
        // The save rule: the header's version, raised to 2.1 exactly when 2.1 data needs it.
        let plan = plan_save(&m, &WriteOptions { version: None, encoding }).unwrap();
        let opts = plan.options;
        let needs_21 = !v21_features(&m).is_empty();
        let want = if needs_21 { PmxVersion::V2_1 } else { m.header.version };
        prop_assert_eq!(opts.version, Some(want));
        let upgraded = plan.changes.iter().any(|c| matches!(c, SaveChange::UpgradedTo21 { .. }));
        prop_assert_eq!(upgraded, needs_21 && m.header.version == PmxVersion::V2_0);
        let bytes = write_pmx(&m, &opts).unwrap();
        let loaded = read_pmx(&bytes).unwrap();
        prop_assert_eq!(&loaded.model, &expected(&m, &opts));
        // No text problems in what we write ourselves, and a trailer note only for the model's
        // own bytes after the last section.
        prop_assert!(loaded.warnings.iter().all(|w| !w.message.contains("U+FFFD")), "{:?}", loaded.warnings);
        let trailer_notes = loaded.warnings.iter().filter(|w| w.section == "trailer").count();
        prop_assert_eq!(trailer_notes, usize::from(!m.trailing_bytes.is_empty()));
        // Writing what was read gives the same bytes.
        prop_assert_eq!(write_pmx(&loaded.model, &WriteOptions::default()).unwrap(), bytes);
    }

    #[test]
    fn explicit_versions_are_honoured(m in model()) {
        let features = v21_features(&m);
        let as20 = WriteOptions { version: Some(PmxVersion::V2_0), encoding: None };
        match write_pmx(&m, &as20) {
            Ok(bytes) => {
                prop_assert!(features.is_empty(), "wrote 2.0 despite {:?}", features);
                let back = read_pmx(&bytes).unwrap();
                prop_assert_eq!(&back.model, &expected(&m, &as20));
                // A clean 2.0 file: no version rule broken.
                prop_assert!(back.warnings.iter().all(|w| !w.message.contains("2.1") && !w.message.contains("2.0")), "{:?}", back.warnings);
            }
            Err(Error::Needs21(list)) => {
                prop_assert!(!features.is_empty());
                prop_assert_eq!(list, features);
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
        let as21 = WriteOptions { version: Some(PmxVersion::V2_1), encoding: None };
        let back = read_pmx(&write_pmx(&m, &as21).unwrap()).unwrap();
        prop_assert_eq!(&back.model, &expected(&m, &as21));
    }
}

// ------------------------------------------------------------------ big counts

/// Thousands of elements are built from a seed rather than shrinkable
/// strategies, to stay fast.
fn big_model(nv: usize, nb: usize, seed: u64) -> Model {
    let mut r = Rng(seed | 1);
    let mut m = Model::default();
    m.header.additional_uv_count = (seed % 5) as u8;
    for i in 0..nb {
        m.bones.push(Bone {
            name: format!("骨{i}"),
            parent: r.index_below(nb) - 1,
            tail: if i % 2 == 0 {
                Tail::Bone(r.index_below(nb))
            } else {
                Tail::Offset(Vec3::X)
            },
            ..Bone::default()
        });
    }
    for _ in 0..nv {
        let mut v = Vertex {
            position: Vec3::new(r.float(), r.float(), r.float()),
            weights: match r.below(3) {
                0 => Weights::Bdef1 {
                    bone: r.index_below(nb),
                },
                1 => Weights::Bdef2 {
                    bones: [r.index_below(nb), r.index_below(nb)],
                    weight: 0.25,
                },
                _ => Weights::Bdef4 {
                    bones: [
                        r.index_below(nb),
                        r.index_below(nb),
                        r.index_below(nb),
                        r.index_below(nb),
                    ],
                    weights: [0.25; 4],
                },
            },
            ..Vertex::default()
        };
        for uv in v
            .additional_uvs
            .iter_mut()
            .take(m.header.additional_uv_count as usize)
        {
            *uv = Vec4::splat(r.float());
        }
        m.vertices.push(v);
    }
    // Faces reach the last vertices, so 2-byte vertex indices above 32767 occur.
    for k in 0..200 {
        let hi = nv as i32 - 1 - (k % nv as i32);
        m.faces
            .push([hi, r.index_below(nv), hi.saturating_sub(1).max(0)]);
    }
    m.morphs.push(Morph {
        name: "big".into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Vertex(
            (0..100)
                .map(|k| VertexOffset {
                    vertex: nv as i32 - 1 - k.min(nv as i32 - 1),
                    offset: Vec3::Y,
                })
                .collect(),
        ),
    });
    m
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn big_counts_pick_wider_indices_and_round_trip(
        nv in prop_oneof![256usize..300, 32_768usize..=65_535, 65_536usize..66_000],
        nb in prop_oneof![128usize..200, 32_768usize..32_800],
        seed in any::<u64>(),
        encoding in encodings(),
    ) {
        let m = big_model(nv, nb, seed);
        // The save rule: the header's version, raised to 2.1 exactly when 2.1 data needs it.
        let plan = plan_save(&m, &WriteOptions { version: None, encoding }).unwrap();
        let opts = plan.options;
        let needs_21 = !v21_features(&m).is_empty();
        let want = if needs_21 { PmxVersion::V2_1 } else { m.header.version };
        prop_assert_eq!(opts.version, Some(want));
        let upgraded = plan.changes.iter().any(|c| matches!(c, SaveChange::UpgradedTo21 { .. }));
        prop_assert_eq!(upgraded, needs_21 && m.header.version == PmxVersion::V2_0);
        let bytes = write_pmx(&m, &opts).unwrap();
        let loaded = read_pmx(&bytes).unwrap();
        let sizes = loaded.model.header.index_sizes;
        prop_assert_eq!(sizes.vertex, if nv <= 65_535 { 2 } else { 4 });
        prop_assert_eq!(sizes.bone, if nb <= 32_767 { 2 } else { 4 });
        prop_assert_eq!(&loaded.model, &expected(&m, &opts));
    }
}
