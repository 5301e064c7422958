//! "Fix all" of one category is one undo step: applying it changes the saved
//! bytes and fixes every fixable problem of the category; undoing it restores
//! the file byte for byte. On a builder-made model with problems in every
//! category that offers fixes, and on the shared Gene model.

use glam::Vec4;
use hone::check::{check_model, fix_all, Category, CheckContext};
use hone::edit::History;
use hone::pmx::builder::sample_rig;
use hone::pmx::write::write_pmx;
use hone::pmx::*;

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &Default::default()).expect("writes")
}

/// The sample rig with fixable problems in five categories.
fn broken_rig() -> Model {
    let mut m = sample_rig();
    // structure: a duplicate bone name, a morph on no panel
    m.bones[6].name = m.bones[5].name.clone();
    m.morphs[0].panel = 9;
    // weights: BDEF4 not summing to 1
    m.vertices[0].weights = Weights::Bdef4 {
        bones: [1, 2, 3, 4],
        weights: [0.5, 0.5, 0.5, 0.0],
    };
    // order: a bone deformed before its parent
    m.bones[3].layer = -1;
    // physics: a massless simulated body
    let sim = m
        .rigid_bodies
        .iter()
        .position(|b| b.mode == RigidMode::Dynamic)
        .unwrap();
    m.rigid_bodies[sim].mass = 0.0;
    // display: out-of-range colour, a bone out of its frame, Root not special
    m.materials[0].diffuse = Vec4::new(1.2, 0.0, 0.0, 1.0);
    m.display_frames[0].special = false;
    let e = m.display_frames[3].elements.pop().unwrap();
    assert!(matches!(e, DisplayElement::Bone(_)));
    m
}

fn check_category(m: &Model, category: Category, what: &str) {
    let ctx = CheckContext::default();
    let fixable = |m: &Model| {
        check_model(m, &ctx)
            .into_iter()
            .filter(|p| p.category() == category && p.fix.is_some())
            .count()
    };
    let before = bytes(m);
    let Some(all) = fix_all(m, &ctx, |p| p.category() == category) else {
        assert_eq!(
            fixable(m),
            0,
            "{what}: {category:?} offers fixes but fix_all did nothing"
        );
        return;
    };
    assert!(!all.applied.is_empty());
    let mut model = m.clone();
    let mut history = History::new();
    history.apply(&mut model, all.edit).expect("applies");
    assert_ne!(
        bytes(&model),
        before,
        "{what}: {category:?} fixes change the file"
    );
    assert_eq!(
        fixable(&model),
        0,
        "{what}: {category:?} fixes leave nothing to fix"
    );
    assert!(history.undo(&mut model).is_some(), "one undo step");
    assert!(!history.can_undo());
    assert_eq!(
        bytes(&model),
        before,
        "{what}: undoing {category:?} fixes restores the bytes"
    );
}

#[test]
fn fix_all_of_a_category_then_undo_restores_the_bytes() {
    let m = broken_rig();
    let ctx = CheckContext::default();
    for category in Category::ALL {
        let offered = check_model(&m, &ctx)
            .iter()
            .any(|p| p.category() == category && p.fix.is_some());
        // Textures offer no fixes; every other category has some here.
        assert_eq!(offered, category != Category::Textures, "{category:?}");
        check_category(&m, category, "broken rig");
    }
    // The sample rig itself has nothing to fix.
    assert!(fix_all(&sample_rig(), &ctx, |_| true).is_none());
}

#[test]
fn fix_all_on_gene_then_undo_restores_the_bytes() {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let m = hone::pmx::load(&path).unwrap().model;
    for category in Category::ALL {
        check_category(&m, category, "Gene");
    }
}
