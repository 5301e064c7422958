//! The fix of `W-BONE-NO-FRAME`: a bone goes into its nearest framed ancestor's frame;
//! a part with no framed ancestor gets one new frame named after its top bone.
//! On a builder model and on every shared model with such warnings.

use glam::Vec3;
use hone_core::check::{check_model, fix_all, CheckContext};
use hone_core::edit::History;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::{Bone, BoneFlags, DisplayElement, Model, Tail};

const CODE: &str = "W-BONE-NO-FRAME";

fn count(model: &Model) -> usize {
    check_model(model, &CheckContext { model_dir: None })
        .iter()
        .filter(|p| p.code == CODE)
        .count()
}

fn fix_frames(model: &Model) -> Model {
    let ctx = CheckContext { model_dir: None };
    let all = fix_all(model, &ctx, |p| p.code == CODE).expect("fixes to apply");
    let mut fixed = model.clone();
    History::new().apply(&mut fixed, all.edit).expect("applies");
    fixed
}

fn frame_of(model: &Model, bone: usize) -> Option<&str> {
    model
        .display_frames
        .iter()
        .find(|f| f.elements.contains(&DisplayElement::Bone(bone as i32)))
        .map(|f| f.name.as_str())
}

fn add_bone(model: &mut Model, name: &str, parent: i32) -> usize {
    let mut flags = BoneFlags::default();
    for bit in [
        BoneFlags::ROTATABLE,
        BoneFlags::VISIBLE,
        BoneFlags::OPERABLE,
    ] {
        flags.set(bit, true);
    }
    model.bones.push(Bone {
        name: name.into(),
        parent,
        flags,
        position: Vec3::new(0.0, 15.0, 0.0),
        tail: Tail::Offset(Vec3::Y),
        ..Bone::default()
    });
    model.bones.len() - 1
}

#[test]
fn a_part_under_the_root_gets_a_frame_named_after_its_top_bone() {
    let mut m = sample_rig();
    assert_eq!(count(&m), 0);
    let frames = m.display_frames.len();
    // A hat hanging off bone 0 (in the special Root frame) and a ribbon under 頭.
    let head = m.bone_index("頭").expect("the sample rig has 頭") as i32;
    let hat = add_bone(&mut m, "帽子", 0);
    let brim = add_bone(&mut m, "帽子つば", hat as i32);
    let tip = add_bone(&mut m, "帽子つば先", brim as i32);
    let ribbon = add_bone(&mut m, "リボン", head);
    assert_eq!(count(&m), 4);

    let fixed = fix_frames(&m);
    assert_eq!(count(&fixed), 0);
    assert_eq!(
        fixed.display_frames.len(),
        frames + 1,
        "one new frame for the hat"
    );
    for b in [hat, brim, tip] {
        assert_eq!(frame_of(&fixed, b), Some("帽子"));
    }
    let new = fixed.display_frames.last().unwrap();
    assert!(!new.special);
    // In bone order: the top bone first.
    assert_eq!(
        new.elements,
        [hat, brim, tip].map(|b| DisplayElement::Bone(b as i32))
    );
    assert_eq!(frame_of(&fixed, ribbon), frame_of(&m, head as usize));
}

#[test]
fn a_model_without_ordinary_frames_gets_one_per_part() {
    let mut m = sample_rig();
    m.display_frames.retain(|f| f.special);
    let n = count(&m);
    assert!(n > 0);
    let fixed = fix_frames(&m);
    assert_eq!(count(&fixed), 0);
    // Every frame made is named after a bone whose parent is in no ordinary frame.
    for f in fixed.display_frames.iter().filter(|f| !f.special) {
        let top = fixed.bone_index(&f.name).expect("named after a bone");
        assert!(matches!(f.elements.first(), Some(DisplayElement::Bone(b)) if *b as usize == top));
    }
}

#[test]
fn every_shared_model_with_unframed_bones_is_fixed() {
    let files = hone_testkit::shared_model_files(&["pmx", "pmd"]);
    let mut fixed_any = 0;
    for path in files {
        let Ok(loaded) = hone_core::pmx::load(&path) else {
            continue;
        };
        let model = loaded.model;
        let before = count(&model);
        if before == 0 {
            continue;
        }
        let fixed = fix_frames(&model);
        println!("{}: {before} W-BONE-NO-FRAME fixed", path.display());
        assert_eq!(count(&fixed), 0, "{}", path.display());
        // Nothing else changed but the frames.
        assert_eq!(fixed.bones, model.bones);
        assert!(fixed.display_frames.len() >= model.display_frames.len());
        fixed_any += 1;
    }
    println!("{fixed_any} shared models had unframed bones");
}
