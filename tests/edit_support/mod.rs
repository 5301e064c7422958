//! A hand-built model with every kind of cross reference, for the edit tests.
#![allow(dead_code)]

use glam::{Vec2, Vec3, Vec4};
use hone::pmx::*;

fn bone(name: &str, parent: i32) -> Bone {
    Bone {
        name: name.into(),
        name_en: format!("{name}_en"),
        position: Vec3::new(parent as f32, 1.0, 0.5),
        parent,
        ..Bone::default()
    }
}

fn vertex(x: f32, weights: Weights) -> Vertex {
    Vertex {
        position: Vec3::new(x, x * 2.0, -x),
        normal: Vec3::Y,
        uv: Vec2::new(x / 10.0, 0.5),
        weights,
        ..Vertex::default()
    }
}

fn material(name: &str, faces: i32, texture: i32, sphere: i32, toon: Toon) -> Material {
    Material {
        name: name.into(),
        texture,
        sphere_texture: sphere,
        toon,
        face_index_count: faces * 3,
        ..Material::default()
    }
}

fn mat_offset(material: i32) -> MaterialOffset {
    MaterialOffset {
        material,
        op: MaterialOp::Multiply,
        diffuse: Vec4::ONE,
        specular: Vec3::ONE,
        specular_power: 1.0,
        ambient: Vec3::ONE,
        edge_color: Vec4::ONE,
        edge_size: 1.0,
        texture_tint: Vec4::ONE,
        sphere_tint: Vec4::ONE,
        toon_tint: Vec4::ONE,
    }
}

fn body(name: &str, bone: i32) -> RigidBody {
    RigidBody {
        name: name.into(),
        bone,
        ..RigidBody::default()
    }
}

fn joint(name: &str, a: i32, b: i32) -> Joint {
    Joint {
        name: name.into(),
        body_a: a,
        body_b: b,
        ..Joint::default()
    }
}

/// Bones:
/// 0 センター, 1 上半身(0, tail→2), 2 首(1), 3 右腕(1, tail→4), 4 右ひじ(3, tail→5, layer 1),
/// 5 右手首(4), 6 右腕IK(0, target 5, links 4 and 3), 7 右腕捩(3, append 4),
/// 8 壊れ (parent 99: out of range on purpose).
pub fn full_rig() -> Model {
    let mut bones = vec![
        bone("センター", -1),
        bone("上半身", 0),
        bone("首", 1),
        bone("右腕", 1),
        bone("右ひじ", 3),
        bone("右手首", 4),
        bone("右腕IK", 0),
        bone("右腕捩", 3),
        bone("壊れ", 99),
    ];
    bones[1].tail = Tail::Bone(2);
    bones[3].tail = Tail::Bone(4);
    bones[4].tail = Tail::Bone(5);
    bones[4].layer = 1;
    bones[6].ik = Some(Ik {
        target: 5,
        loop_count: 40,
        limit_angle: 0.5,
        links: vec![
            IkLink {
                bone: 4,
                limits: Some(IkLimits {
                    lower: Vec3::new(-3.0, 0.0, 0.0),
                    upper: Vec3::new(-0.01, 0.0, 0.0),
                }),
            },
            IkLink {
                bone: 3,
                limits: None,
            },
        ],
    });
    bones[7].append = Some(Append {
        parent: 4,
        ratio: 0.5,
        rotate: true,
        translate: false,
    });

    let vertices = vec![
        vertex(0.0, Weights::Bdef1 { bone: 0 }),
        vertex(
            1.0,
            Weights::Bdef2 {
                bones: [3, 4],
                weight: 0.3,
            },
        ),
        vertex(
            2.0,
            Weights::Bdef4 {
                bones: [1, 2, 4, 5],
                weights: [0.1, 0.2, 0.3, 0.4],
            },
        ),
        vertex(
            3.0,
            Weights::Sdef {
                bones: [4, 5],
                weight: 0.6,
                c: Vec3::ONE,
                r0: Vec3::X,
                r1: Vec3::Z,
            },
        ),
        vertex(
            4.0,
            Weights::Qdef {
                bones: [3, 4, 7, -1],
                weights: [0.5, 0.25, 0.25, 0.0],
            },
        ),
        vertex(5.0, Weights::Bdef1 { bone: 99 }),
    ];

    let morphs = vec![
        Morph {
            name: "あ".into(),
            name_en: "a".into(),
            panel: 3,
            offsets: MorphOffsets::Vertex(vec![
                VertexOffset {
                    vertex: 0,
                    offset: Vec3::X,
                },
                VertexOffset {
                    vertex: 2,
                    offset: Vec3::Y,
                },
            ]),
        },
        Morph {
            name: "腕曲げ".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Bone(vec![
                BoneOffset {
                    bone: 4,
                    translation: Vec3::X,
                    rotation: Vec4::W,
                },
                BoneOffset {
                    bone: 2,
                    translation: Vec3::Y,
                    rotation: Vec4::W,
                },
                BoneOffset {
                    bone: 4,
                    translation: Vec3::Z,
                    rotation: Vec4::W,
                },
            ]),
        },
        Morph {
            name: "uv".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Uv {
                layer: 0,
                offsets: vec![UvOffset {
                    vertex: 1,
                    offset: Vec4::X,
                }],
            },
        },
        Morph {
            name: "材質".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Material(vec![mat_offset(1), mat_offset(-1), mat_offset(2)]),
        },
        Morph {
            name: "グループ".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Group(vec![
                GroupOffset {
                    morph: 0,
                    ratio: 1.0,
                },
                GroupOffset {
                    morph: 1,
                    ratio: 0.5,
                },
                GroupOffset {
                    morph: 3,
                    ratio: 0.25,
                },
            ]),
        },
        Morph {
            name: "フリップ".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Flip(vec![
                GroupOffset {
                    morph: 4,
                    ratio: 1.0,
                },
                GroupOffset {
                    morph: 1,
                    ratio: 1.0,
                },
            ]),
        },
        Morph {
            name: "衝撃".into(),
            name_en: String::new(),
            panel: 4,
            offsets: MorphOffsets::Impulse(vec![
                ImpulseOffset {
                    rigid_body: 1,
                    local: true,
                    velocity: Vec3::X,
                    torque: Vec3::ZERO,
                },
                ImpulseOffset {
                    rigid_body: 0,
                    local: false,
                    velocity: Vec3::Y,
                    torque: Vec3::Z,
                },
            ]),
        },
    ];

    let display_frames = vec![
        DisplayFrame {
            name: "Root".into(),
            name_en: "Root".into(),
            special: true,
            elements: vec![DisplayElement::Bone(0)],
        },
        DisplayFrame {
            name: "表情".into(),
            name_en: "Exp".into(),
            special: true,
            elements: vec![DisplayElement::Morph(0), DisplayElement::Morph(4)],
        },
        DisplayFrame {
            name: "腕".into(),
            name_en: "Arm".into(),
            special: false,
            elements: vec![
                DisplayElement::Bone(3),
                DisplayElement::Bone(4),
                DisplayElement::Bone(5),
                DisplayElement::Morph(1),
            ],
        },
    ];

    let soft_bodies = vec![SoftBody {
        name: "スカート".into(),
        material: 2,
        collision_mask: 0xFFFF,
        anchors: vec![
            SoftBodyAnchor {
                rigid_body: 1,
                vertex: 0,
                near_mode: false,
            },
            SoftBodyAnchor {
                rigid_body: 2,
                vertex: 3,
                near_mode: true,
            },
        ],
        pins: vec![1, 2],
        ..SoftBody::default()
    }];

    Model {
        header: Header {
            version: PmxVersion::V2_1,
            ..Header::default()
        },
        info: ModelInfo {
            name: "テスト".into(),
            name_en: "test".into(),
            comment: "c".into(),
            comment_en: "c".into(),
        },
        vertices,
        faces: vec![[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [0, 2, 4]],
        textures: vec!["a.png".into(), "b.png".into(), "toon.bmp".into()],
        materials: vec![
            material("体", 2, 0, 1, Toon::Shared(0)),
            material("顔", 1, 1, -1, Toon::Texture(2)),
            material("服", 2, -1, -1, Toon::Shared(3)),
        ],
        bones,
        morphs,
        display_frames,
        rigid_bodies: vec![body("上半身", 1), body("右ひじ", 4), body("右手首", 5)],
        joints: vec![joint("j0", 0, 1), joint("j1", 1, 2)],
        soft_bodies,
    }
}
