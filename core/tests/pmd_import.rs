//! PMD import: hand-made PMD bytes for each conversion rule (the shared real
//! files against the peer parsers' dumps are in `pmd_import_peers.rs`).

use glam::Vec3;
use hone_core::pmx::pmd::read_pmd;
use hone_core::pmx::{
    BoneFlags, DisplayElement, Error, JointKind, MaterialFlags, Model, MorphOffsets, Section,
    SphereMode, Tail, Toon, Weights,
};

mod pmd_builder;
mod support;
use pmd_builder::*;
use support::assert_ik_after_chain;

fn load(b: &PmdBuilder) -> Model {
    read_pmd(&b.bytes()).expect("hand-made PMD reads").model
}

// ---------------------------------------------------------------- hand-made files

#[test]
fn minimal_file_converts_vertices_weights_and_header() {
    let model = load(&PmdBuilder::minimal());
    assert_eq!(model.info.name, "テスト");
    assert_eq!(model.info.comment, "comment");
    assert_eq!(model.header.version, hone_core::pmx::PmxVersion::V2_0);
    assert_eq!(model.header.encoding, hone_core::pmx::TextEncoding::Utf16Le);
    assert_eq!(model.header.index_sizes.vertex, 1);
    assert_eq!(model.header.index_sizes.bone, 1);
    assert_eq!(model.vertices.len(), 3);
    assert_eq!(model.vertices[0].weights, Weights::Bdef1 { bone: 0 });
    assert_eq!(
        model.vertices[1].weights,
        Weights::Bdef2 {
            bones: [0, 1],
            weight: 0.3
        }
    );
    // Weight 0 means all on the second bone.
    assert_eq!(model.vertices[2].weights, Weights::Bdef1 { bone: 1 });
    // Edge flag 1 = edge disabled.
    assert_eq!(model.vertices[0].edge_scale, 1.0);
    assert_eq!(model.vertices[1].edge_scale, 0.0);
    assert_eq!(model.vertices[1].uv, glam::Vec2::new(0.5, 0.25));
    assert_eq!(model.faces, vec![[0, 1, 2]]);
    // Root frame with bone 0, empty expression frame.
    assert_eq!(model.display_frames.len(), 2);
    assert_eq!(model.display_frames[0].name, "Root");
    assert!(model.display_frames[0].special);
    assert_eq!(
        model.display_frames[0].elements,
        vec![DisplayElement::Bone(0)]
    );
    assert_eq!(model.display_frames[1].name, "表情");
    assert!(model.display_frames[1].special);
    assert!(model.rigid_bodies.is_empty());
}

#[test]
fn texture_and_sphere_names_split_and_deduplicate() {
    let mut b = PmdBuilder::minimal();
    b.materials = vec![
        material("a.bmp*b.sph"),
        material("a.bmp*c.spa"),
        material("d.bmp/b.sph"),
        material("e.spa"),
        material("tex/f.sph"),
        material("a.bmp"),
        material(""),
    ];
    let m = load(&b);
    assert_eq!(
        m.textures,
        vec!["a.bmp", "b.sph", "c.spa", "d.bmp", "e.spa", "tex/f.sph"]
    );
    let got: Vec<(i32, i32, SphereMode)> = m
        .materials
        .iter()
        .map(|x| (x.texture, x.sphere_texture, x.sphere_mode))
        .collect();
    assert_eq!(
        got,
        vec![
            (0, 1, SphereMode::Multiply),
            (0, 2, SphereMode::Add),
            (3, 1, SphereMode::Multiply),
            (-1, 4, SphereMode::Add),
            (-1, 5, SphereMode::Multiply),
            (0, -1, SphereMode::Disabled),
            (-1, -1, SphereMode::Disabled),
        ]
    );
    assert_eq!(m.materials[0].name, "材質1");
    assert_eq!(m.materials[6].name, "材質7");
}

#[test]
fn material_colours_flags_and_toons() {
    let mut b = PmdBuilder::minimal();
    b.materials = vec![
        PmdMaterial {
            alpha: 1.0,
            toon: 0,
            edge: 1,
            faces: 3,
            file: "",
        },
        PmdMaterial {
            alpha: 0.98,
            toon: 3,
            edge: 0,
            faces: 6,
            file: "",
        },
        PmdMaterial {
            alpha: 0.5,
            toon: 0xFF,
            edge: 0,
            faces: 0,
            file: "x.png",
        },
    ];
    // Without the toon extension: shared toons by index.
    let m = load(&b);
    let mat = &m.materials[0];
    assert_eq!(mat.diffuse, glam::Vec4::new(0.8, 0.7, 0.6, 1.0));
    assert_eq!(mat.specular_power, 12.0);
    assert_eq!(mat.specular, Vec3::new(0.1, 0.2, 0.3));
    assert_eq!(mat.ambient, Vec3::new(0.4, 0.5, 0.6));
    assert_eq!(mat.face_index_count, 3);
    assert_eq!(mat.toon, Toon::Shared(0));
    assert_eq!(
        mat.flags.0,
        MaterialFlags::EDGE
            | MaterialFlags::GROUND_SHADOW
            | MaterialFlags::SELF_SHADOW_MAP
            | MaterialFlags::SELF_SHADOW
    );
    // Alpha 0.98: no self shadow; below 1: double-sided.
    assert_eq!(m.materials[1].flags.0, MaterialFlags::DOUBLE_SIDED);
    assert_eq!(m.materials[1].toon, Toon::Shared(3));
    assert_eq!(
        m.materials[2].flags.0,
        MaterialFlags::DOUBLE_SIDED | MaterialFlags::SELF_SHADOW_MAP | MaterialFlags::SELF_SHADOW
    );
    assert_eq!(m.materials[2].toon, Toon::Texture(-1));

    // Toon extension: standard names stay shared, others become textures.
    let mut names = vec!["toon01.bmp"; 10];
    names[0] = "toon05.bmp";
    names[3] = "mytoon.bmp";
    b.toons = Some(names);
    let m = load(&b);
    assert_eq!(m.materials[0].toon, Toon::Shared(4));
    assert_eq!(m.textures, vec!["mytoon.bmp", "x.png"]);
    assert_eq!(m.materials[1].toon, Toon::Texture(0));
    assert_eq!(m.materials[2].texture, 1);
}

fn leg_rig() -> PmdBuilder {
    let mut b = PmdBuilder::minimal();
    b.bones = vec![
        bone("センター", 0xFFFF, 1, 1, 0, [0.0, 8.0, 0.0]), // 0
        bone("右足", 0, 2, 4, 0, [-1.0, 8.0, 0.0]),         // 1
        bone("右ひざ", 1, 3, 4, 0, [-1.0, 4.0, 0.0]),       // 2
        bone("右足首", 2, 0, 4, 0, [-1.0, 1.0, 0.0]),       // 3
        bone("右足ＩＫ", 0xFFFF, 5, 2, 0, [-1.0, 1.0, 0.0]), // 4
        bone("右足ＩＫ先", 4, 0, 7, 0, [-1.0, 1.0, 1.0]),   // 5
        bone("両目", 0, 0, 0, 0, [0.0, 15.0, -1.0]),        // 6
        bone("右目", 0, 8, 5, 6, [-0.3, 15.0, -1.0]),       // 7
        bone("右目先", 7, 0, 7, 0, [-0.3, 15.0, -2.0]),     // 8
        bone("右腕捩", 0, 10, 8, 0, [-2.0, 12.0, 0.0]),     // 9
        bone("右腕捩軸", 9, 0, 7, 0, [-4.0, 10.0, 0.0]),    // 10
        bone("右腕捩1", 0, 9, 9, 25, [-2.5, 11.5, 0.0]),    // 11
        bone("逆捩", 0, 9, 9, 0xFFF6, [-2.5, 11.5, 0.0]),   // 12
        bone("つま先", 3, 0, 6, 0, [-1.0, 0.0, -1.0]),      // 13
    ];
    b.iks = vec![(4, 3, 40, 0.1, vec![2, 1])];
    b
}

#[test]
fn bone_types_become_pmx_flags_append_and_axes() {
    let m = load(&leg_rig());
    let flags = |i: usize| m.bones[i].flags.0;
    const ROT: u16 = BoneFlags::ROTATABLE;
    const MOV: u16 = BoneFlags::MOVABLE;
    const VIS: u16 = BoneFlags::VISIBLE;
    const OP: u16 = BoneFlags::OPERABLE;
    assert_eq!(flags(0), ROT | MOV | VIS | OP);
    assert_eq!(flags(1), ROT | VIS | OP);
    assert_eq!(flags(4), ROT | MOV | VIS | OP);
    assert!(m.bones[4].ik.is_some());
    // Hidden and IK-target bones are not shown.
    assert_eq!(flags(5), ROT | OP);
    assert_eq!(flags(13), ROT | OP);
    assert_eq!(m.bones[0].parent, -1);
    assert_eq!(m.bones[0].tail, Tail::Bone(1));
    // Tail 0 and 0xFFFF both mean no tail.
    assert_eq!(m.bones[3].tail, Tail::Bone(-1));
    assert_eq!(m.bones[4].parent, -1);
    // Type 5: append rotation of the IK-field bone, ratio 1.
    let a = m.bones[7].append.expect("right eye appends");
    assert_eq!(
        (a.parent, a.ratio, a.rotate, a.translate),
        (6, 1.0, true, false)
    );
    assert_eq!(m.bones[7].tail, Tail::Bone(8));
    // Type 8: fixed axis towards the tail bone.
    let axis = m.bones[9].fixed_axis.expect("twist axis");
    assert!((axis - Vec3::new(-2.0, -2.0, 0.0).normalize()).length() < 1e-6);
    // Type 9: source in the tail field, percent (signed) in the IK field.
    let a = m.bones[11].append.expect("linked rotation");
    assert_eq!((a.parent, a.ratio, a.rotate), (9, 0.25, true));
    assert_eq!(m.bones[11].tail, Tail::Bone(-1));
    assert!(!m.bones[11].flags.has(VIS));
    assert_eq!(m.bones[12].append.unwrap().ratio, -0.1);
}

#[test]
fn ik_chains_knee_limits_and_layers() {
    let m = load(&leg_rig());
    let ik = m.bones[4].ik.as_ref().expect("IK on the IK bone");
    assert_eq!(ik.target, 3);
    assert_eq!(ik.loop_count, 40);
    assert!((ik.limit_angle - 0.4).abs() < 1e-6, "4 x the PMD value");
    assert_eq!(ik.links.len(), 2);
    assert_eq!(ik.links[0].bone, 2);
    let knee = ik.links[0].limits.expect("knee limit");
    assert_eq!(knee.lower, Vec3::new(-std::f32::consts::PI, 0.0, 0.0));
    assert!((knee.upper.x - (-0.5f32).to_radians()).abs() < 1e-7);
    assert!((knee.upper.x + 0.008727).abs() < 1e-6);
    assert_eq!((knee.upper.y, knee.upper.z), (0.0, 0.0));
    assert_eq!(ik.links[1].bone, 1);
    assert!(ik.links[1].limits.is_none());

    let layer = |name: &str| m.bones[m.bone_index(name).unwrap()].layer;
    assert_eq!(layer("センター"), 0);
    assert_eq!(layer("右足"), 0);
    assert_eq!(layer("右足ＩＫ"), 1);
    assert_eq!(layer("右足ＩＫ先"), 1, "under the IK bone");
    assert_eq!(layer("右目"), 2);
    assert_eq!(layer("右目先"), 2, "under a rotation-influenced bone");
    assert_eq!(layer("右腕捩1"), 2);
    assert_eq!(layer("右腕捩"), 0);
}

#[test]
fn ik_bone_is_raised_above_a_chain_under_rotation_influence() {
    let mut b = PmdBuilder::minimal();
    b.bones = vec![
        bone("センター", 0xFFFF, 1, 1, 0, [0.0, 8.0, 0.0]), // 0
        bone("右肩", 0, 0, 0, 0, [-0.3, 15.0, 0.0]),        // 1
        bone("右肩連", 0, 1, 9, 100, [-0.3, 15.0, 0.0]),    // 2
        bone("右腕xca", 2, 4, 4, 0, [-1.3, 15.0, 0.0]),     // 3
        bone("右腕xcb", 3, 0, 6, 0, [-3.7, 13.0, 0.0]),     // 4
        bone("右腕xcIK", 0, 0, 2, 0, [-3.7, 13.0, 0.0]),    // 5
        bone("右腕xcIK先", 5, 0, 7, 0, [-3.7, 12.0, 0.0]),  // 6
    ];
    b.iks = vec![(5, 4, 15, 0.5, vec![3])];
    let m = load(&b);
    let layers: Vec<i32> = m.bones.iter().map(|b| b.layer).collect();
    assert_eq!(layers, vec![0, 0, 2, 2, 2, 2, 2]);
    assert_ik_after_chain(&m);
}

#[test]
fn second_ik_chain_on_one_bone_gets_a_copy() {
    let mut b = leg_rig();
    b.iks.push((4, 13, 3, 0.5, vec![3]));
    let loaded = read_pmd(&b.bytes()).unwrap();
    let m = loaded.model;
    assert_eq!(m.bones.len(), 15);
    let copy = &m.bones[14];
    assert_eq!(copy.name, "右足ＩＫ+");
    assert_eq!(copy.parent, 4);
    assert_eq!(copy.layer, 1);
    let ik = copy.ik.as_ref().unwrap();
    assert_eq!((ik.target, ik.loop_count, ik.limit_angle), (13, 3, 2.0));
    assert!(loaded
        .warnings
        .iter()
        .any(|w| w.message.contains("second IK chain")));
}

#[test]
fn expressions_become_vertex_morphs_on_real_vertices() {
    let mut b = PmdBuilder::minimal();
    b.skins = vec![
        ("base", 0, vec![(2, [0.0, 1.0, 0.0]), (1, [1.0, 0.0, 0.0])]),
        ("あ", 3, vec![(0, [0.0, 0.5, 0.0]), (1, [0.25, 0.0, 0.0])]),
        ("まばたき", 2, vec![(1, [0.0, 0.0, -1.0])]),
    ];
    b.skin_display = vec![2, 1];
    b.frames = vec!["体", "頭"];
    b.frame_bones = vec![(1, 2), (0, 1)];
    b.english = Some((
        "Test",
        "English comment",
        vec!["center", "head"],
        vec!["a", "blink"],
        vec!["Body", "Head"],
    ));
    let m = load(&b);
    assert_eq!(m.info.name_en, "Test");
    assert_eq!(m.info.comment_en, "English comment");
    assert_eq!(m.bones[1].name_en, "head");
    assert_eq!(m.morphs.len(), 2, "the base is not kept");
    assert_eq!(m.morphs[0].name, "あ");
    assert_eq!(m.morphs[0].name_en, "a");
    assert_eq!(m.morphs[0].panel, 3);
    match &m.morphs[0].offsets {
        MorphOffsets::Vertex(o) => {
            assert_eq!(o.len(), 2);
            assert_eq!((o[0].vertex, o[0].offset), (2, Vec3::new(0.0, 0.5, 0.0)));
            assert_eq!((o[1].vertex, o[1].offset), (1, Vec3::new(0.25, 0.0, 0.0)));
        }
        other => panic!("vertex morph expected, got {other:?}"),
    }
    assert_eq!(m.morphs[1].name_en, "blink");
    assert_eq!(m.morphs[1].panel, 2);
    // Frames: Root, 表情 (skins 2, 1 → morphs 1, 0), then the named frames.
    let names: Vec<&str> = m.display_frames.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, vec!["Root", "表情", "体", "頭"]);
    assert_eq!(
        m.display_frames[1].elements,
        vec![DisplayElement::Morph(1), DisplayElement::Morph(0)]
    );
    assert_eq!(m.display_frames[2].name_en, "Body");
    assert_eq!(m.display_frames[2].elements, vec![DisplayElement::Bone(0)]);
    assert_eq!(m.display_frames[3].elements, vec![DisplayElement::Bone(1)]);
    assert!(!m.display_frames[3].special);
}

#[test]
fn rigid_bodies_become_absolute_and_joints_keep_limits() {
    let mut b = PmdBuilder::minimal();
    let body = |name, bone, pos| PmdRigid {
        name,
        bone,
        group: 3,
        mask: 0xFFF0,
        pos,
        mode: 1,
    };
    b.physics = Some((
        vec![
            body("頭", 1, [0.5, 0.5, 0.0]),
            body("浮き", 0xFFFF, [1.0, 0.0, 0.0]),
        ],
        vec![("首", 0, 1), ("片側", 0, 0xFFFF_FFFF)],
    ));
    let m = load(&b);
    assert_eq!(m.rigid_bodies.len(), 2);
    let r = &m.rigid_bodies[0];
    assert_eq!(r.name, "頭");
    assert_eq!(r.bone, 1);
    assert_eq!(
        r.position,
        Vec3::new(0.5, 2.5, 0.0),
        "relative to 頭 at y=2"
    );
    assert_eq!((r.group, r.collision_mask), (3, 0xFFF0));
    assert_eq!(r.shape, hone_core::pmx::RigidShape::Box);
    assert_eq!(r.size, Vec3::new(0.5, 0.6, 0.7));
    assert_eq!(r.rotation, Vec3::new(0.1, 0.2, 0.3));
    assert_eq!(
        (
            r.mass,
            r.linear_damping,
            r.angular_damping,
            r.restitution,
            r.friction
        ),
        (2.0, 0.3, 0.4, 0.1, 0.6)
    );
    assert_eq!(r.mode, hone_core::pmx::RigidMode::Dynamic);
    // No bone: -1, positioned relative to bone 0.
    assert_eq!(m.rigid_bodies[1].bone, -1);
    assert_eq!(m.rigid_bodies[1].position, Vec3::new(1.0, 1.0, 0.0));
    let j = &m.joints[0];
    assert_eq!((j.kind, j.body_a, j.body_b), (JointKind::Spring6Dof, 0, 1));
    assert_eq!(j.position, Vec3::new(0.0, 0.25, 0.5));
    assert_eq!(j.rotation, Vec3::new(1.0, 1.25, 1.5));
    assert_eq!(j.linear_lower, Vec3::new(2.0, 2.25, 2.5));
    assert_eq!(j.linear_upper, Vec3::new(3.0, 3.25, 3.5));
    assert_eq!(j.angular_lower, Vec3::new(4.0, 4.25, 4.5));
    assert_eq!(j.angular_upper, Vec3::new(5.0, 5.25, 5.5));
    assert_eq!(j.linear_spring, Vec3::new(6.0, 6.25, 6.5));
    assert_eq!(j.angular_spring, Vec3::new(7.0, 7.25, 7.5));
    assert_eq!(m.joints[1].body_b, -1);
}

fn parse_error(bytes: &[u8]) -> (Section, Option<usize>, usize, String) {
    match read_pmd(bytes) {
        Err(Error::Parse { location, message }) => {
            (location.section, location.index, location.offset, message)
        }
        Err(e) => panic!("parse error expected, got {e}"),
        Ok(_) => panic!("parse error expected, got a model"),
    }
}

#[test]
fn absent_extensions_are_fine_truncated_ones_are_errors() {
    let mut b = PmdBuilder::minimal();
    let base = b.bytes();
    assert!(read_pmd(&base).unwrap().model.rigid_bodies.is_empty());

    b.english = Some(("E", "", vec!["c", "h"], vec![], vec![]));
    b.physics = Some((
        vec![PmdRigid {
            name: "r",
            bone: 0,
            group: 0,
            mask: 0xFFFF,
            pos: [0.0; 3],
            mode: 0,
        }],
        vec![],
    ));
    let full = b.bytes();
    let english_end = base.len() + 1 + 20 + 256 + 2 * 20;
    let toon_end = english_end + 1000;
    // Ending exactly after a whole extension is fine.
    for end in [english_end, toon_end] {
        let loaded = read_pmd(&full[..end]).expect("whole extensions only");
        assert_eq!(loaded.model.info.name_en, "E");
        assert!(loaded.model.rigid_bodies.is_empty());
    }
    assert_eq!(read_pmd(&full).unwrap().model.rigid_bodies.len(), 1);
    // Cut inside an extension: an error naming where.
    let (section, _, offset, message) = parse_error(&full[..english_end - 5]);
    assert_eq!(section, Section::Extension);
    assert_eq!(
        offset,
        english_end - 40,
        "where the English bone names start"
    );
    assert!(message.contains("English bone names"), "{message}");
    let (section, index, _, _) = parse_error(&full[..toon_end - 1]);
    assert_eq!((section, index), (Section::Extension, None));
    let (section, index, _, _) = parse_error(&full[..full.len() - 2]);
    assert_eq!((section, index), (Section::Joint, None));
    let (section, index, _, _) = parse_error(&full[..toon_end + 4 + 50]);
    assert_eq!((section, index), (Section::RigidBody, None));
}

#[test]
fn errors_name_section_index_and_offset() {
    let mut b = leg_rig();
    b.skins = vec![
        ("base", 0, vec![(0, [0.0; 3])]),
        ("あ", 3, vec![(0, [1.0, 0.0, 0.0])]),
    ];
    let bytes = b.bytes();
    let bones_at = 283 + 4 + 3 * 38 + 4 + 6 + 4 + 70 + 2;
    // Cut inside the bones: the count no longer fits what is left.
    let (section, index, offset, message) = parse_error(&bytes[..bones_at + 2 * 39 + 25]);
    assert_eq!((section, index, offset), (Section::Bone, None, bones_at));
    assert!(message.contains("bones: 14,"), "{message}");

    // IK chain 0 claims 200 links: the error names the chain and the byte.
    let iks_at = bones_at + 14 * 39 + 2;
    let mut bad = bytes.clone();
    bad[iks_at + 4] = 200;
    let (section, index, offset, message) = parse_error(&bad);
    assert_eq!(
        (section, index, offset),
        (Section::IkChain, Some(0), iks_at + 11)
    );
    assert!(message.contains("chain bones"), "{message}");

    // Expression 1 claims more vertices than the file holds: named in the message.
    let skins_at = iks_at + 11 + 4 + 2;
    let second = skins_at + 25 + 16;
    let mut bad = bytes.clone();
    bad[second + 20..second + 24].copy_from_slice(&1000u32.to_le_bytes());
    let (section, index, offset, _) = parse_error(&bad);
    assert_eq!(
        (section, index, offset),
        (Section::Expression, Some(1), second + 25)
    );
    let e = read_pmd(&bad).unwrap_err().to_string();
    assert!(
        e.starts_with("expression 1 (あ): expression vertices: 1000,"),
        "{e}"
    );
    assert!(e.ends_with(&format!("at byte {:#x}", second + 25)), "{e}");

    // A huge count is refused before allocating.
    let mut huge = bytes.clone();
    huge[283..287].copy_from_slice(&u32::MAX.to_le_bytes());
    let (section, index, offset, message) = parse_error(&huge);
    assert_eq!((section, index, offset), (Section::Vertex, None, 287));
    assert!(message.contains("vertices"), "{message}");

    assert!(matches!(parse_error(b"Pmx"), (Section::Header, None, 0, _)));
    assert!(matches!(
        parse_error(b"Pmd\0\0\x80\x3f"),
        (Section::ModelInfo, None, 7, _)
    ));
}
