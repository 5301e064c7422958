//! PMD import: real files against the peer parsers' dumps, and hand-made PMD
//! bytes for each conversion rule.

use glam::Vec3;
use hone_core::pmx::pmd::read_pmd;
use hone_core::pmx::{
    BoneFlags, DisplayElement, Error, JointKind, MaterialFlags, Model, MorphOffsets, Section,
    SphereMode, Tail, Toon, Weights,
};
use serde_json::Value;

// ---------------------------------------------------------------- tiny PMD builder

fn sjis(s: &str) -> Vec<u8> {
    let (b, _, bad) = encoding_rs::SHIFT_JIS.encode(s);
    assert!(!bad, "{s} is not Shift-JIS");
    b.into_owned()
}

/// A fixed-size text field: NUL-terminated, padded with 0xFD like PMD Editor.
fn field(out: &mut Vec<u8>, s: &str, len: usize) {
    let mut b = sjis(s);
    assert!(b.len() <= len);
    if b.len() < len {
        b.push(0);
    }
    b.resize(len, 0xFD);
    out.extend_from_slice(&b);
}

fn f3(out: &mut Vec<u8>, v: [f32; 3]) {
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

#[derive(Clone)]
struct PmdBone {
    name: &'static str,
    parent: u16,
    tail: u16,
    kind: u8,
    ik: u16,
    pos: [f32; 3],
}

fn bone(name: &'static str, parent: u16, tail: u16, kind: u8, ik: u16, pos: [f32; 3]) -> PmdBone {
    PmdBone {
        name,
        parent,
        tail,
        kind,
        ik,
        pos,
    }
}

#[derive(Clone)]
struct PmdMaterial {
    alpha: f32,
    toon: u8,
    edge: u8,
    faces: u32,
    file: &'static str,
}

fn material(file: &'static str) -> PmdMaterial {
    PmdMaterial {
        alpha: 1.0,
        toon: 0xFF,
        edge: 1,
        faces: 3,
        file,
    }
}

#[derive(Clone)]
struct PmdRigid {
    name: &'static str,
    bone: u16,
    group: u8,
    mask: u16,
    pos: [f32; 3],
    mode: u8,
}

type Ik = (u16, u16, u16, f32, Vec<u16>);
type Skin = (&'static str, u8, Vec<(u32, [f32; 3])>);
/// (model, comment, bones, skins without base, frames)
type English = (
    &'static str,
    &'static str,
    Vec<&'static str>,
    Vec<&'static str>,
    Vec<&'static str>,
);
type Physics = (Vec<PmdRigid>, Vec<(&'static str, u32, u32)>);

#[derive(Clone, Default)]
struct PmdBuilder {
    /// (position, bones, weight, edge flag)
    vertices: Vec<([f32; 3], [u16; 2], u8, u8)>,
    faces: Vec<u16>,
    materials: Vec<PmdMaterial>,
    bones: Vec<PmdBone>,
    /// (bone, target, iterations, control weight, links)
    iks: Vec<Ik>,
    /// (name, category, entries)
    skins: Vec<Skin>,
    skin_display: Vec<u16>,
    frames: Vec<&'static str>,
    frame_bones: Vec<(u16, u8)>,
    english: Option<English>,
    toons: Option<Vec<&'static str>>,
    physics: Option<Physics>,
}

impl PmdBuilder {
    /// One triangle on bone 0, one material, a root and a child bone.
    fn minimal() -> Self {
        PmdBuilder {
            vertices: vec![
                ([0.0, 0.0, 0.0], [0, 0], 100, 0),
                ([1.0, 0.0, 0.0], [0, 1], 30, 1),
                ([0.0, 1.0, 0.0], [0, 1], 0, 0),
            ],
            faces: vec![0, 1, 2],
            materials: vec![material("a.bmp")],
            bones: vec![
                bone("センター", 0xFFFF, 1, 1, 0, [0.0, 1.0, 0.0]),
                bone("頭", 0, 0xFFFF, 0, 0, [0.0, 2.0, 0.0]),
            ],
            ..Default::default()
        }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut o = b"Pmd".to_vec();
        o.extend_from_slice(&1.0f32.to_le_bytes());
        field(&mut o, "テスト", 20);
        field(&mut o, "comment", 256);
        o.extend_from_slice(&(self.vertices.len() as u32).to_le_bytes());
        for (p, b, w, e) in &self.vertices {
            f3(&mut o, *p);
            f3(&mut o, [0.0, 1.0, 0.0]);
            o.extend_from_slice(&0.5f32.to_le_bytes());
            o.extend_from_slice(&0.25f32.to_le_bytes());
            o.extend_from_slice(&b[0].to_le_bytes());
            o.extend_from_slice(&b[1].to_le_bytes());
            o.push(*w);
            o.push(*e);
        }
        o.extend_from_slice(&(self.faces.len() as u32).to_le_bytes());
        for f in &self.faces {
            o.extend_from_slice(&f.to_le_bytes());
        }
        o.extend_from_slice(&(self.materials.len() as u32).to_le_bytes());
        for m in &self.materials {
            f3(&mut o, [0.8, 0.7, 0.6]);
            o.extend_from_slice(&m.alpha.to_le_bytes());
            o.extend_from_slice(&12.0f32.to_le_bytes());
            f3(&mut o, [0.1, 0.2, 0.3]);
            f3(&mut o, [0.4, 0.5, 0.6]);
            o.push(m.toon);
            o.push(m.edge);
            o.extend_from_slice(&m.faces.to_le_bytes());
            field(&mut o, m.file, 20);
        }
        o.extend_from_slice(&(self.bones.len() as u16).to_le_bytes());
        for b in &self.bones {
            field(&mut o, b.name, 20);
            o.extend_from_slice(&b.parent.to_le_bytes());
            o.extend_from_slice(&b.tail.to_le_bytes());
            o.push(b.kind);
            o.extend_from_slice(&b.ik.to_le_bytes());
            f3(&mut o, b.pos);
        }
        o.extend_from_slice(&(self.iks.len() as u16).to_le_bytes());
        for (b, t, it, w, links) in &self.iks {
            o.extend_from_slice(&b.to_le_bytes());
            o.extend_from_slice(&t.to_le_bytes());
            o.push(links.len() as u8);
            o.extend_from_slice(&it.to_le_bytes());
            o.extend_from_slice(&w.to_le_bytes());
            for l in links {
                o.extend_from_slice(&l.to_le_bytes());
            }
        }
        o.extend_from_slice(&(self.skins.len() as u16).to_le_bytes());
        for (name, cat, entries) in &self.skins {
            field(&mut o, name, 20);
            o.extend_from_slice(&(entries.len() as u32).to_le_bytes());
            o.push(*cat);
            for (i, p) in entries {
                o.extend_from_slice(&i.to_le_bytes());
                f3(&mut o, *p);
            }
        }
        o.push(self.skin_display.len() as u8);
        for s in &self.skin_display {
            o.extend_from_slice(&s.to_le_bytes());
        }
        o.push(self.frames.len() as u8);
        for f in &self.frames {
            field(&mut o, &format!("{f}\n"), 50);
        }
        o.extend_from_slice(&(self.frame_bones.len() as u32).to_le_bytes());
        for (b, f) in &self.frame_bones {
            o.extend_from_slice(&b.to_le_bytes());
            o.push(*f);
        }
        if self.english.is_none() && self.toons.is_none() && self.physics.is_none() {
            return o;
        }
        match &self.english {
            Some((name, comment, bones, skins, frames)) => {
                o.push(1);
                field(&mut o, name, 20);
                field(&mut o, comment, 256);
                for b in bones {
                    field(&mut o, b, 20);
                }
                for s in skins {
                    field(&mut o, s, 20);
                }
                for f in frames {
                    field(&mut o, f, 50);
                }
            }
            None => o.push(0),
        }
        if self.toons.is_none() && self.physics.is_none() {
            return o;
        }
        let default: Vec<String> = (1..=10).map(|i| format!("toon{i:02}.bmp")).collect();
        for i in 0..10 {
            match &self.toons {
                Some(t) => field(&mut o, t[i], 100),
                None => field(&mut o, &default[i], 100),
            }
        }
        if let Some((bodies, joints)) = &self.physics {
            o.extend_from_slice(&(bodies.len() as u32).to_le_bytes());
            for r in bodies {
                field(&mut o, r.name, 20);
                o.extend_from_slice(&r.bone.to_le_bytes());
                o.push(r.group);
                o.extend_from_slice(&r.mask.to_le_bytes());
                o.push(1); // box
                f3(&mut o, [0.5, 0.6, 0.7]);
                f3(&mut o, r.pos);
                f3(&mut o, [0.1, 0.2, 0.3]);
                for v in [2.0f32, 0.3, 0.4, 0.1, 0.6] {
                    o.extend_from_slice(&v.to_le_bytes());
                }
                o.push(r.mode);
            }
            o.extend_from_slice(&(joints.len() as u32).to_le_bytes());
            for (name, a, b) in joints {
                field(&mut o, name, 20);
                o.extend_from_slice(&a.to_le_bytes());
                o.extend_from_slice(&b.to_le_bytes());
                for k in 0..8 {
                    let base = k as f32;
                    f3(&mut o, [base, base + 0.25, base + 0.5]);
                }
            }
        }
        o
    }
}

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

/// Every IK bone deforms no earlier than its target and links (by layer).
fn assert_ik_after_chain(m: &Model) {
    for (i, b) in m.bones.iter().enumerate() {
        let Some(ik) = &b.ik else { continue };
        for other in std::iter::once(ik.target).chain(ik.links.iter().map(|l| l.bone)) {
            let o = &m.bones[other as usize];
            assert!(
                b.layer >= o.layer,
                "IK {i} {} (layer {}) before {} (layer {})",
                b.name,
                b.layer,
                o.name,
                o.layer
            );
        }
    }
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
    assert!(message.contains("14 bones"), "{message}");

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
        e.starts_with("expression 1 (あ): 1000 expression vertices"),
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

// ---------------------------------------------------------------- shared models

fn shared(rel: &str) -> Option<std::path::PathBuf> {
    hone_testkit::shared_model(rel)
}

fn read_model(rel: &str) -> Option<hone_core::pmx::Loaded> {
    let p = shared(rel)?;
    let bytes = std::fs::read(&p).unwrap();
    Some(read_pmd(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}")))
}

/// The peers' dumps that did not fail on this file.
fn peers(folder: &str, file: &str) -> Vec<Value> {
    ["pymeshio", "mmd-parser"]
        .iter()
        .filter_map(|peer| {
            let p = shared(&format!("{folder}/peers/{peer}/{file}.json"))?;
            let v: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            (v["error"].is_null() && v["ok"] != Value::Bool(false)).then_some(v)
        })
        .collect()
}

fn v3(v: &Value) -> Vec3 {
    let a = v.as_array().unwrap();
    Vec3::new(
        a[0].as_f64().unwrap() as f32,
        a[1].as_f64().unwrap() as f32,
        a[2].as_f64().unwrap() as f32,
    )
}

fn close(a: Vec3, b: Vec3, tol: f32, what: &str) {
    assert!((a - b).abs().max_element() <= tol, "{what}: {a} vs {b}");
}

fn check_against_peer(model: &Model, peer: &Value) {
    let who = peer["peer"].as_str().unwrap();
    let c = &peer["counts"];
    let iks = model.bones.iter().filter(|b| b.ik.is_some()).count();
    for (ours, key) in [
        (model.vertices.len(), "vertices"),
        (model.faces.len(), "triangles"),
        (model.materials.len(), "materials"),
        (model.bones.len(), "bones"),
        // Peers count the base expression; PMX drops it.
        (model.morphs.len() + 1, "morphs"),
        (model.rigid_bodies.len(), "rigid_bodies"),
        (model.joints.len(), "joints"),
        (iks, "ik_chains"),
    ] {
        assert_eq!(ours as u64, c[key].as_u64().unwrap(), "{who} {key}");
    }
    assert_eq!(model.info.name, peer["name"].as_str().unwrap(), "{who}");
    assert_eq!(
        model.info.name_en,
        peer["name_en"].as_str().unwrap(),
        "{who}"
    );

    for s in peer["vertices_sample"].as_array().unwrap() {
        let i = s["index"].as_u64().unwrap() as usize;
        let v = &model.vertices[i];
        close(v.position, v3(&s["position"]), 1e-5, "vertex position");
        close(v.normal, v3(&s["normal"]), 1e-5, "vertex normal");
        let uv = s["uv"].as_array().unwrap();
        assert!((v.uv.x - uv[0].as_f64().unwrap() as f32).abs() < 1e-5);
        assert!((v.uv.y - uv[1].as_f64().unwrap() as f32).abs() < 1e-5);
        let bones: Vec<i32> = s["bones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_i64().unwrap() as i32)
            .collect();
        let w0 = s["weights"][0].as_f64().unwrap() as f32;
        // Peers show PMD's raw pair; the PMX weight is the same share.
        let (b, w, _) = v.weights.bone_weights();
        if w0 >= 0.9999 {
            assert_eq!(v.weights, Weights::Bdef1 { bone: bones[0] }, "vertex {i}");
        } else if w0 <= 1e-4 {
            assert_eq!(v.weights, Weights::Bdef1 { bone: bones[1] }, "vertex {i}");
        } else {
            assert_eq!(&b[..2], &bones[..], "vertex {i}");
            assert!((w[0] - w0).abs() < 1e-5, "vertex {i}");
        }
    }

    for key in ["first_bone", "last_bone"] {
        let pb = &peer[key];
        let b = &model.bones[pb["index"].as_u64().unwrap() as usize];
        assert_eq!(b.name, pb["name"].as_str().unwrap(), "{who} {key}");
        assert_eq!(b.name_en, pb["name_en"].as_str().unwrap(), "{who} {key}");
        assert_eq!(
            b.parent as i64,
            pb["parent"].as_i64().unwrap(),
            "{who} {key}"
        );
        close(b.position, v3(&pb["position"]), 1e-5, key);
    }
    let face = |v: &Value| -> [i32; 3] {
        let a = v.as_array().unwrap();
        [0, 1, 2].map(|k| a[k].as_i64().unwrap() as i32)
    };
    assert_eq!(model.faces[0], face(&peer["first_face"]), "{who}");
    assert_eq!(
        *model.faces.last().unwrap(),
        face(&peer["last_face"]),
        "{who}"
    );

    for (key, index) in [
        ("rigid_first", 0),
        ("rigid_last", model.rigid_bodies.len() - 1),
    ] {
        let pr = &peer[key];
        let r = &model.rigid_bodies[index];
        assert_eq!(r.name, pr["name"].as_str().unwrap(), "{who} {key}");
        assert_eq!(r.bone as i64, pr["bone"].as_i64().unwrap(), "{who} {key}");
        assert_eq!(r.group as u64, pr["group"].as_u64().unwrap(), "{who} {key}");
        assert_eq!(
            r.collision_mask as u64,
            pr["no_collision_mask"].as_u64().unwrap()
        );
        assert_eq!(r.shape.to_u8() as u64, pr["shape"].as_u64().unwrap());
        assert_eq!(r.mode.to_u8() as u64, pr["mode"].as_u64().unwrap());
        close(r.size, v3(&pr["size"]), 1e-5, "rigid size");
        close(r.rotation, v3(&pr["rotation"]), 1e-5, "rigid rotation");
        // Peers show PMD's bone-relative position; ours is absolute.
        let origin = model.bones[r.bone.max(0) as usize].position;
        close(
            r.position - origin,
            v3(&pr["position"]),
            1e-5,
            "rigid position",
        );
        for (field, value) in [
            ("mass", r.mass),
            ("linear_damping", r.linear_damping),
            ("angular_damping", r.angular_damping),
            ("restitution", r.restitution),
            ("friction", r.friction),
        ] {
            assert!(
                (value - pr[field].as_f64().unwrap() as f32).abs() < 1e-5,
                "{who} {key} {field}"
            );
        }
    }
    let pj = &peer["joint_first"];
    let j = &model.joints[0];
    assert_eq!(j.name, pj["name"].as_str().unwrap());
    assert_eq!(
        (j.body_a as i64, j.body_b as i64),
        (
            pj["rigid_a"].as_i64().unwrap(),
            pj["rigid_b"].as_i64().unwrap()
        )
    );
    for (ours, key, what) in [
        (j.position, "position", "joint position"),
        (j.rotation, "rotation", "joint rotation"),
        (j.linear_lower, "translation_min", "joint translation min"),
        (j.linear_upper, "translation_max", "joint translation max"),
        (j.angular_lower, "rotation_min", "joint rotation min"),
        (j.angular_upper, "rotation_max", "joint rotation max"),
        (j.linear_spring, "spring_translation", "joint spring"),
        (j.angular_spring, "spring_rotation", "joint spring rotation"),
    ] {
        close(ours, v3(&pj[key]), 1e-5, what);
    }
}

#[test]
fn mei_imports_and_matches_the_peers() {
    let Some(loaded) = read_model("mei/mei.pmd") else {
        return;
    };
    let m = &loaded.model;
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let peers = peers("mei", "mei.pmd");
    assert!(!peers.is_empty());
    for p in &peers {
        check_against_peer(m, p);
    }
    // Mei-specific conversion facts.
    assert_eq!(m.header.index_sizes.vertex, 2);
    assert_eq!(m.header.index_sizes.bone, 2, "142 bones");
    assert_eq!(m.header.index_sizes.morph, 1);
    assert_eq!(m.textures.len(), 16, "17 materials share face.png");
    assert!(m
        .materials
        .iter()
        .all(|x| matches!(x.toon, Toon::Shared(0) | Toon::Shared(4))));
    assert!(m
        .materials
        .iter()
        .all(|x| x.flags.has(MaterialFlags::SELF_SHADOW)));
    let faces: i32 = m.materials.iter().map(|x| x.face_index_count).sum();
    assert_eq!(faces as usize, m.faces.len() * 3);
    let bone = |name: &str| &m.bones[m.bone_index(name).unwrap_or_else(|| panic!("{name}"))];
    let ik = bone("左足ＩＫ").ik.as_ref().unwrap();
    assert_eq!(ik.target, m.bone_index("左足首").unwrap() as i32);
    assert_eq!(ik.loop_count, 40);
    assert!((ik.limit_angle - 0.4).abs() < 1e-6, "0.1 x 4");
    let knee = ik.links[0];
    assert_eq!(knee.bone, m.bone_index("左ひざ").unwrap() as i32);
    assert_eq!(knee.limits.unwrap().lower.x, -std::f32::consts::PI);
    assert!(ik.links[1].limits.is_none(), "左足 has no limit");
    assert_eq!(bone("左足ＩＫ").layer, 1);
    assert_eq!(bone("左つま先ＩＫ").layer, 1);
    assert_eq!(bone("左足ＩＫ先").layer, 1);
    assert_eq!(bone("左目").layer, 2);
    assert_eq!(bone("左目先").layer, 2);
    assert_eq!(bone("左ひざ").layer, 0);
    assert_ik_after_chain(m);
    let eye = bone("左目").append.unwrap();
    assert_eq!(
        (eye.parent, eye.ratio),
        (m.bone_index("両目").unwrap() as i32, 1.0)
    );
    let twist = bone("右腕捩2").append.unwrap();
    assert_eq!(
        (twist.parent, twist.ratio),
        (m.bone_index("右腕捩").unwrap() as i32, 0.5)
    );
    assert!(bone("右腕捩").fixed_axis.is_some());
    // Frames: Root, 表情, then センター, IK, 上半身, 髪, 腕, 指, ... (8 named frames).
    assert_eq!(m.display_frames.len(), 2 + 8);
    assert_eq!(m.display_frames[2].name, "センター");
    assert_eq!(m.display_frames[1].elements.len(), 28);
    assert!(m.morphs.iter().all(|x| (1..=4).contains(&x.panel)));
    // Every vertex morph offset lands on a real vertex.
    for morph in &m.morphs {
        let MorphOffsets::Vertex(o) = &morph.offsets else {
            panic!()
        };
        assert!(o.iter().all(|o| (o.vertex as usize) < m.vertices.len()));
    }
}

#[test]
fn gene_imports_and_matches_the_peers() {
    let Some(loaded) = read_model("gene/Gene.pmd") else {
        return;
    };
    let m = &loaded.model;
    let peers = peers("gene", "Gene.pmd");
    assert!(!peers.is_empty());
    for p in &peers {
        check_against_peer(m, p);
    }
    assert_eq!(m.header.index_sizes.vertex, 2);
    assert_eq!(m.header.index_sizes.morph, 2, "177 morphs");
    // Gene's PMD holds negative linked-rotation ratios (0xFFF6 = −10%).
    assert_ik_after_chain(m);
    assert_eq!(m.bones[m.bone_index("右腕xcIK").unwrap()].layer, 2);
    assert_eq!(m.bones[m.bone_index("横クローク2_1").unwrap()].layer, 2);
    let b = &m.bones[m.bone_index("横クローク4_1").unwrap()];
    assert!((b.append.unwrap().ratio + 0.1).abs() < 1e-6);
    assert!(
        (m.bones[m.bone_index("左足ＩＫ").unwrap()]
            .ik
            .as_ref()
            .unwrap()
            .limit_angle
            - 2.0071287)
            .abs()
            < 1e-5
    );
}

/// Gene.pmd and Gene.pmx are a conversion pair: the mesh and the bone names
/// must agree. (The .pmx is the original; PMD cannot hold everything it has.)
#[test]
fn gene_pmd_agrees_with_gene_pmx_peer_dump() {
    let Some(loaded) = read_model("gene/Gene.pmd") else {
        return;
    };
    let m = &loaded.model;
    for p in peers("gene", "Gene.pmx") {
        let c = &p["counts"];
        assert_eq!(m.vertices.len() as u64, c["vertices"].as_u64().unwrap());
        assert_eq!(m.faces.len() as u64, c["triangles"].as_u64().unwrap());
        assert_eq!(m.bones.len() as u64, c["bones"].as_u64().unwrap());
        assert_eq!(
            m.rigid_bodies.len() as u64,
            c["rigid_bodies"].as_u64().unwrap()
        );
        assert_eq!(m.joints.len() as u64, c["joints"].as_u64().unwrap());
        for s in p["vertices_sample"].as_array().unwrap() {
            let i = s["index"].as_u64().unwrap() as usize;
            close(
                m.vertices[i].position,
                v3(&s["position"]),
                1e-5,
                "vertex vs pmx",
            );
        }
        // The PMX stores absolute rigid-body positions: ours must agree.
        let r = &m.rigid_bodies[0];
        close(
            r.position,
            v3(&p["rigid_first"]["position"]),
            1e-4,
            "first body vs pmx",
        );
        let r = m.rigid_bodies.last().unwrap();
        close(
            r.position,
            v3(&p["rigid_last"]["position"]),
            1e-4,
            "last body vs pmx",
        );
        assert_eq!(m.bones[223].name, p["last_bone"]["name"].as_str().unwrap());
    }
}
