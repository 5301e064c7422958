//! The checks other tools (nanoem's validator, PMX Editor's model check,
//! mmd_tools) run: numbers, colours, names, display frames, face counts, morph
//! values, texture paths. Each check: the builder's sample rig passes (no false
//! positive), one change makes it fail on the right element, and its fix (if
//! any) removes it through the undo history.

use glam::{Vec3, Vec4};
use hone::check::ElementRef as R;
use hone::pmx::builder::sample_rig;
use hone::pmx::*;

mod check_support;
use check_support::{find, fix_removes, has, has_code, problems};

#[test]
fn the_sample_rig_passes_every_check() {
    let m = sample_rig();
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));
}

fn index_of<T>(list: &[T], pred: impl Fn(&T) -> bool) -> usize {
    list.iter().position(pred).expect("element exists")
}

#[test]
fn non_finite_numbers_anywhere() {
    let clean = sample_rig();
    let mut m = clean.clone();
    m.vertices[3].normal.y = f32::NAN;
    m.bones[2].position.x = f32::INFINITY;
    m.materials[1].specular_power = f32::NEG_INFINITY;
    m.rigid_bodies[4].mass = f32::NAN;
    m.joints[2].linear_spring.z = f32::INFINITY;
    let vm = index_of(&m.morphs, |x| matches!(x.offsets, MorphOffsets::Vertex(_)));
    if let MorphOffsets::Vertex(v) = &mut m.morphs[vm].offsets {
        v[1].offset.x = f32::NAN;
    }
    m.soft_bodies[0].margin = f32::NAN;
    for (target, field) in [
        (R::Vertex(3), "normal"),
        (R::Bone(2), "position"),
        (R::Material(1), "specular power"),
        (R::RigidBody(4), "mass"),
        (R::Joint(2), "linear spring"),
        (R::Morph(vm as i32), "offset #1"),
        (R::SoftBody(0), "collision margin"),
    ] {
        let p = find(&m, "E-NONFINITE", target);
        assert!(p.message.contains(field), "{}", p.message);
    }
    assert_eq!(
        problems(&m)
            .iter()
            .filter(|p| p.code == "E-NONFINITE")
            .count(),
        7,
        "one problem per element"
    );
    // Fields other checks own are left to them.
    let mut m = clean;
    m.bones[2].fixed_axis = Some(Vec3::NAN);
    assert!(!has_code(&m, "E-NONFINITE"));
    assert!(has_code(&m, "E-AXIS-DEGENERATE"));
}

#[test]
fn colours_outside_zero_to_one() {
    let mut m = sample_rig();
    // The edges of the range are fine.
    m.materials[0].diffuse = Vec4::new(0.0, 1.0, 0.5, 1.0);
    assert!(!has_code(&m, "W-COLOR-RANGE"));
    m.materials[0].diffuse = Vec4::new(1.5, 0.5, 0.5, -0.1);
    m.materials[0].edge_color.x = 2.0;
    let p = find(&m, "W-COLOR-RANGE", R::Material(0));
    assert!(p.message.contains("diffuse") && p.message.contains("alpha"));
    assert!(p.message.contains("edge colour") && !p.message.contains("ambient"));
    fix_removes(&mut m, &p);
    assert_eq!(m.materials[0].diffuse, Vec4::new(1.0, 0.5, 0.5, 0.0));
    assert_eq!(m.materials[0].edge_color.x, 1.0);
}

#[test]
fn empty_names_for_every_kind() {
    let mut m = sample_rig();
    m.bones[5].name.clear();
    m.morphs[2].name = " ".into();
    m.materials[1].name.clear();
    m.rigid_bodies[3].name.clear();
    m.joints[1].name.clear();
    m.soft_bodies[0].name.clear();
    m.display_frames[3].name.clear();
    m.info.name.clear();
    // Bones and morphs are keyed by name: a warning; the rest are info.
    for (code, target) in [
        ("W-NAME-EMPTY", R::Bone(5)),
        ("W-NAME-EMPTY", R::Morph(2)),
        ("I-NAME-EMPTY", R::Material(1)),
        ("I-NAME-EMPTY", R::RigidBody(3)),
        ("I-NAME-EMPTY", R::Joint(1)),
        ("I-NAME-EMPTY", R::SoftBody(0)),
        ("I-NAME-EMPTY", R::DisplayFrame(3)),
        ("I-NAME-EMPTY", R::Model),
    ] {
        let p = find(&m, code, target);
        if target != R::Model {
            fix_removes(&mut m, &p);
        }
    }
    assert_eq!(m.bones[5].name, "ボーン5");
    assert_eq!(m.rigid_bodies[3].name, "剛体3");
    // An unnamed special frame is W-FRAME-*'s business, not I-NAME-EMPTY's.
    let mut m = sample_rig();
    m.display_frames[1].name.clear();
    assert!(!has(&m, "I-NAME-EMPTY", R::DisplayFrame(1)));
    assert!(has(&m, "W-FRAME-EXP", R::DisplayFrame(1)));
}

#[test]
fn duplicate_names_for_every_kind() {
    let mut m = sample_rig();
    m.materials[2].name = m.materials[0].name.clone();
    m.rigid_bodies[5].name = m.rigid_bodies[1].name.clone();
    m.joints[4].name = m.joints[0].name.clone();
    m.display_frames[4].name = m.display_frames[3].name.clone();
    for (later, first) in [
        (R::Material(2), R::Material(0)),
        (R::RigidBody(5), R::RigidBody(1)),
        (R::Joint(4), R::Joint(0)),
        (R::DisplayFrame(4), R::DisplayFrame(3)),
    ] {
        let p = find(&m, "I-DUP-NAME", later);
        assert_eq!(p.related, vec![first]);
        fix_removes(&mut m, &p);
        assert_eq!(
            later.name(&m),
            Some(&*format!("{}_2", first.name(&m).unwrap()))
        );
    }
    // A second soft body named like the first.
    let mut m = sample_rig();
    let copy = m.soft_bodies[0].clone();
    m.soft_bodies.push(copy);
    let last = m.soft_bodies.len() as i32 - 1;
    let p = find(&m, "I-DUP-NAME", R::SoftBody(last));
    assert_eq!(p.related, vec![R::SoftBody(0)]);
}

#[test]
fn names_a_vmd_motion_cannot_hold() {
    let mut m = sample_rig();
    // 15 bytes fit exactly; 16 do not.
    m.bones[5].name = "ABCDEFGHIJKLMNO".into();
    m.morphs[0].name = "あいうえおかきく".into(); // 16 bytes in Shift-JIS
    assert!(!has(&m, "I-NAME-VMD", R::Bone(5)));
    find(&m, "I-NAME-VMD", R::Morph(0));
    // Two bones agreeing in the first 15 bytes clash.
    m.bones[6].name = "ABCDEFGHIJKLMNOP".into();
    let p = find(&m, "W-NAME-VMD-CLASH", R::Bone(6));
    assert_eq!(p.related, vec![R::Bone(5)]);
    m.bones[6].name = "ABCDEFGHIJKLMNXP".into();
    assert!(!has_code(&m, "W-NAME-VMD-CLASH"));
    // A character Shift-JIS lacks.
    m.bones[7].name = "🎀".into();
    find(&m, "I-NAME-VMD", R::Bone(7));
}

#[test]
fn special_frames_first() {
    // Root missing: added back in front holding bone 0.
    let mut m = sample_rig();
    m.display_frames.remove(0);
    let p = find(&m, "W-FRAME-ROOT", R::DisplayFrame(0));
    fix_removes(&mut m, &p);
    assert_eq!(m.display_frames[0].name, "Root");
    assert_eq!(m.display_frames[0].elements, vec![DisplayElement::Bone(0)]);
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));
    // 表情 moved behind another frame and unflagged: moved back and flagged.
    let mut m = sample_rig();
    let exp = m.display_frames.remove(1);
    m.display_frames.push(DisplayFrame {
        special: false,
        ..exp
    });
    let p = find(&m, "W-FRAME-EXP", R::DisplayFrame(1));
    fix_removes(&mut m, &p);
    assert_eq!(m.display_frames[1].name, "表情");
    assert!(m.display_frames[1].special);
    assert!(problems(&m).is_empty(), "{:#?}", problems(&m));
}

#[test]
fn bones_and_morphs_in_no_frame() {
    let mut m = sample_rig();
    let knee = m.bone_index("左ひざ").unwrap() as i32;
    let legs = index_of(&m.display_frames, |f| f.name == "足");
    m.display_frames[legs]
        .elements
        .retain(|e| *e != DisplayElement::Bone(knee));
    let p = find(&m, "W-BONE-NO-FRAME", R::Bone(knee));
    fix_removes(&mut m, &p);
    // Back in the frame of its parent (左足).
    assert!(m.display_frames[legs]
        .elements
        .contains(&DisplayElement::Bone(knee)));
    // A hidden or non-operable bone need not be in a frame.
    let mut m = sample_rig();
    m.display_frames[legs]
        .elements
        .retain(|e| *e != DisplayElement::Bone(knee));
    m.bones[knee as usize].flags.set(BoneFlags::OPERABLE, false);
    assert!(!has_code(&m, "W-BONE-NO-FRAME"));

    let mut m = sample_rig();
    m.display_frames[1].elements.remove(0);
    let DisplayElement::Morph(morph) = sample_rig().display_frames[1].elements[0] else {
        panic!("表情 lists morphs");
    };
    let p = find(&m, "W-MORPH-NO-FRAME", R::Morph(morph));
    fix_removes(&mut m, &p);
    assert!(m.display_frames[1]
        .elements
        .contains(&DisplayElement::Morph(morph)));
}

#[test]
fn duplicate_and_hidden_frame_entries() {
    let mut m = sample_rig();
    let entry = m.display_frames[3].elements[0];
    m.display_frames[4].elements.push(entry);
    let p = find(&m, "W-FRAME-DUP", R::DisplayFrame(4));
    fix_removes(&mut m, &p);
    assert_eq!(m, sample_rig(), "the later entry is removed");

    let DisplayElement::Bone(b) = entry else {
        panic!("bones")
    };
    m.bones[b as usize].flags.set(BoneFlags::VISIBLE, false);
    let p = find(&m, "I-FRAME-HIDDEN", R::DisplayFrame(3));
    assert_eq!(p.related, vec![R::Bone(b)]);
}

#[test]
fn material_face_counts() {
    let mut m = sample_rig();
    let n = m.materials[0].face_index_count;
    m.materials[0].face_index_count = n - 1;
    find(&m, "E-MATERIAL-FACE-COUNT", R::Material(0));
    m.materials[0].face_index_count = n - 3;
    assert!(!has_code(&m, "E-MATERIAL-FACE-COUNT"));
    find(&m, "W-FACE-UNUSED", R::Model);
}

#[test]
fn morph_values_out_of_range() {
    let mut m = sample_rig();
    m.morphs[0].panel = 7;
    let p = find(&m, "W-MORPH-PANEL", R::Morph(0));
    fix_removes(&mut m, &p);
    assert_eq!(m.morphs[0].panel, 4);

    let mut m = sample_rig();
    let bm = index_of(&m.morphs, |x| matches!(x.offsets, MorphOffsets::Bone(_)));
    if let MorphOffsets::Bone(v) = &mut m.morphs[bm].offsets {
        v[0].rotation = Vec4::ZERO;
    }
    let p = find(&m, "W-MORPH-BONE-ROTATION", R::Morph(bm as i32));
    fix_removes(&mut m, &p);
    let MorphOffsets::Bone(v) = &m.morphs[bm].offsets else {
        panic!()
    };
    assert_eq!(v[0].rotation, Vec4::W, "zero becomes no rotation");

    let mut m = sample_rig();
    let mm = index_of(&m.morphs, |x| {
        matches!(x.offsets, MorphOffsets::Material(_))
    });
    if let MorphOffsets::Material(v) = &mut m.morphs[mm].offsets {
        v[0].op = MaterialOp::Unknown(5);
    }
    find(&m, "E-MORPH-MATERIAL-OP", R::Morph(mm as i32));

    // An additional-UV morph on a layer the header does not declare.
    let mut m = sample_rig();
    let layers = m.header.additional_uv_count;
    m.morphs.push(Morph {
        name: "UV".into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Uv {
            layer: layers + 1,
            offsets: vec![UvOffset {
                vertex: 0,
                offset: Vec4::ONE,
            }],
        },
    });
    let last = m.morphs.len() as i32 - 1;
    m.display_frames[1]
        .elements
        .push(DisplayElement::Morph(last));
    find(&m, "W-MORPH-UV-LAYER", R::Morph(last));
    m.header.additional_uv_count = layers + 1;
    assert!(!has_code(&m, "W-MORPH-UV-LAYER"));
}

#[test]
fn texture_paths_absolute_escaping_or_twice() {
    let mut m = sample_rig();
    m.textures = vec![
        "C:\\Users\\me\\tex\\a.png".into(),
        "\\\\server\\share\\b.png".into(),
        "../shared/c.png".into(),
        "tex/../d.png".into(),
        "tex\\E.png".into(),
        "TEX/e.png".into(),
    ];
    find(&m, "W-TEXTURE-PATH-ABSOLUTE", R::Texture(0));
    find(&m, "W-TEXTURE-PATH-ABSOLUTE", R::Texture(1));
    find(&m, "W-TEXTURE-PATH-ESCAPES", R::Texture(2));
    assert!(!has(&m, "W-TEXTURE-PATH-ESCAPES", R::Texture(3)));
    let p = find(&m, "I-TEXTURE-DUP", R::Texture(5));
    assert_eq!(p.related, vec![R::Texture(4)]);
    let count = |code| problems(&m).iter().filter(|p| p.code == code).count();
    assert_eq!(count("I-TEXTURE-DUP"), 1);
    assert_eq!(count("W-TEXTURE-PATH-ESCAPES"), 1);
}
