//! The small clean rig the check tests change one way each (`check_rules.rs`,
//! `check_rules_physics.rs`).

use super::support::{bone, morph};
use glam::Vec3;
use hone::pmx::*;

/// 付与 of `ratio` of `parent`'s rotation.
pub fn append_rotation(parent: i32, ratio: f32) -> Option<Append> {
    Some(Append {
        parent,
        ratio,
        rotate: true,
        translate: false,
    })
}

/// A small rig with one of everything, free of problems.
pub fn clean() -> Model {
    let mut bones = vec![
        bone("センター", Vec3::new(0.0, 8.0, 0.0), -1),
        bone("上", Vec3::new(0.0, 10.0, 0.0), 0),
        bone("中", Vec3::new(0.0, 6.0, 0.0), 1),
        bone("先", Vec3::new(0.0, 2.0, 0.0), 2),
        bone("IK", Vec3::new(0.0, 2.0, 0.0), 0),
        bone("付与", Vec3::new(1.0, 10.0, 0.0), 0),
    ];
    bones[4].ik = Some(Ik {
        target: 3,
        loop_count: 40,
        limit_angle: 1.0,
        links: vec![
            IkLink {
                bone: 2,
                limits: None,
            },
            IkLink {
                bone: 1,
                limits: None,
            },
        ],
    });
    bones[5].append = append_rotation(1, 0.5);
    bones[1].fixed_axis = Some(Vec3::Y);
    bones[2].local_axes = Some(LocalAxes {
        x: Vec3::X,
        z: Vec3::Z,
    });
    let vertex = |weights| Vertex {
        weights,
        ..Vertex::default()
    };
    let vertices = vec![
        vertex(Weights::Bdef1 { bone: 1 }),
        vertex(Weights::Bdef2 {
            bones: [1, 2],
            weight: 0.3,
        }),
        vertex(Weights::Bdef4 {
            bones: [1, 2, 3, -1],
            weights: [0.5, 0.25, 0.25, 0.0],
        }),
        vertex(Weights::Sdef {
            bones: [1, 2],
            weight: 0.5,
            c: Vec3::new(0.0, 6.0, 0.0),
            r0: Vec3::new(0.0, 7.0, 0.0),
            r1: Vec3::new(0.0, 5.0, 0.0),
        }),
    ];
    Model {
        header: Header::default(),
        info: ModelInfo {
            name: "テスト".into(),
            ..ModelInfo::default()
        },
        vertices,
        faces: vec![[0, 1, 2], [1, 2, 3]],
        textures: vec![],
        materials: vec![Material {
            name: "体".into(),
            face_index_count: 6,
            ..Material::default()
        }],
        bones,
        morphs: vec![
            Morph {
                name: "あ".into(),
                name_en: String::new(),
                panel: 3,
                offsets: MorphOffsets::Vertex(vec![VertexOffset {
                    vertex: 0,
                    offset: Vec3::X,
                }]),
            },
            morph(
                "グループ",
                MorphOffsets::Group(vec![GroupOffset {
                    morph: 0,
                    ratio: 1.0,
                }]),
            ),
        ],
        display_frames: vec![
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
                elements: vec![DisplayElement::Morph(0), DisplayElement::Morph(1)],
            },
            DisplayFrame {
                name: "体".into(),
                name_en: "Body".into(),
                special: false,
                elements: (1..6).map(DisplayElement::Bone).collect(),
            },
        ],
        rigid_bodies: vec![
            RigidBody {
                name: "上剛体".into(),
                bone: 1,
                group: 0,
                collision_mask: 0xFFFF,
                shape: RigidShape::Capsule,
                size: Vec3::new(0.5, 3.0, 0.0),
                position: Vec3::new(0.0, 8.0, 0.0),
                mode: RigidMode::FollowBone,
                ..RigidBody::default()
            },
            RigidBody {
                name: "先剛体".into(),
                bone: 3,
                group: 1,
                collision_mask: 0xFFFF,
                shape: RigidShape::Sphere,
                size: Vec3::new(0.5, 0.0, 0.0),
                position: Vec3::new(0.0, 2.0, 0.0),
                mode: RigidMode::Dynamic,
                ..RigidBody::default()
            },
        ],
        joints: vec![Joint {
            name: "関節".into(),
            body_a: 0,
            body_b: 1,
            position: Vec3::new(0.0, 6.0, 0.0),
            ..Joint::default()
        }],
        soft_bodies: vec![],
        trailing_bytes: vec![],
    }
}

/// Moves the dynamic sphere (and its bone, so it stays on it) into the
/// kinematic capsule it is joined to.
pub fn joined_overlap(m: &mut Model) {
    m.rigid_bodies[1].position = Vec3::new(0.0, 6.6, 0.0);
    m.bones[3].position = Vec3::new(0.0, 6.6, 0.0);
}
