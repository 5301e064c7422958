//! A model with every kind of cross reference, and an edit session over it, for the
//! edit tests.
#![allow(dead_code)]

use glam::{Quat, Vec2, Vec3, Vec4};
use hone_core::edit::{EditError, History, ModelEdit};
use hone_core::pmx::builder::{
    bdef1, bdef2, bdef4, material_multiply, qdef, sdef, BoneBuilder, ModelBuilder,
};
use hone_core::pmx::*;

/// Bones:
/// 0 センター, 1 上半身(0, tail→2), 2 首(1), 3 右腕(1, tail→4), 4 右ひじ(3, tail→5, layer 1),
/// 5 右手首(4), 6 右腕IK(0, target 5, links 4 and 3), 7 右腕捩(3, append 4),
/// 8 壊れ (parent 99: out of range on purpose).
pub fn full_rig() -> Model {
    let mut b = ModelBuilder::new("テスト");
    b.name_en("test")
        .comment("c", "c")
        .version(PmxVersion::V2_1);

    fn bone<'a>(b: &'a mut ModelBuilder, name: &str, parent: i32) -> BoneBuilder<'a> {
        let at = Vec3::new(parent as f32, 1.0, 0.5);
        b.bone(name, at)
            .name_en(&format!("{name}_en"))
            .parent(parent)
    }
    bone(&mut b, "センター", -1);
    bone(&mut b, "上半身", 0).tail_bone(2);
    bone(&mut b, "首", 1);
    bone(&mut b, "右腕", 1).tail_bone(4);
    bone(&mut b, "右ひじ", 3).tail_bone(5).layer(1);
    bone(&mut b, "右手首", 4);
    bone(&mut b, "右腕IK", 0)
        .ik(5, 40, 0.5)
        .ik_link_limited(4, Vec3::new(-3.0, 0.0, 0.0), Vec3::new(-0.01, 0.0, 0.0))
        .ik_link(3);
    bone(&mut b, "右腕捩", 3).append(4, 0.5, true, false);
    bone(&mut b, "壊れ", 99);

    let weights = [
        bdef1(0),
        bdef2(3, 4, 0.3),
        bdef4([1, 2, 4, 5], [0.1, 0.2, 0.3, 0.4]),
        sdef(4, 5, 0.6, Vec3::ONE, Vec3::X, Vec3::Z),
        qdef([3, 4, 7, -1], [0.5, 0.25, 0.25, 0.0]),
        bdef1(99),
    ];
    for (i, w) in weights.into_iter().enumerate() {
        let x = i as f32;
        b.vertex(
            Vec3::new(x, x * 2.0, -x),
            Vec3::Y,
            Vec2::new(x / 10.0, 0.5),
            w,
        );
    }

    for path in ["a.png", "b.png", "toon.bmp"] {
        b.texture(path);
    }
    let materials = [
        ("体", 0, 1, Toon::Shared(0), &[[0, 1, 2], [1, 2, 3]][..]),
        ("顔", 1, -1, Toon::Texture(2), &[[2, 3, 4]]),
        ("服", -1, -1, Toon::Shared(3), &[[3, 4, 5], [0, 2, 4]]),
    ];
    for (name, texture, sphere_texture, toon, faces) in materials {
        let m = b.material(name, Vec4::ONE).index();
        // Plain defaults rather than the builder's, with the texture indices as given.
        b.model_mut().materials[m as usize] = Material {
            name: name.into(),
            texture,
            sphere_texture,
            toon,
            ..Material::default()
        };
        for &face in faces {
            b.triangle(m, face);
        }
    }

    b.vertex_morph("あ", 3, [(0, Vec3::X), (2, Vec3::Y)])
        .name_en("a");
    let (t, r) = (Vec3::X, Quat::IDENTITY);
    b.bone_morph("腕曲げ", 4, [(4, t, r), (2, Vec3::Y, r), (4, Vec3::Z, r)]);
    b.uv_morph("uv", 4, 0, [(1, Vec4::X)]);
    b.material_morph(
        "材質",
        4,
        [
            material_multiply(1),
            material_multiply(-1),
            material_multiply(2),
        ],
    );
    b.group_morph("グループ", 4, [(0, 1.0), (1, 0.5), (3, 0.25)]);
    b.flip_morph("フリップ", 4, [(4, 1.0), (1, 1.0)]);
    let impulse = |rigid_body, local, velocity, torque| ImpulseOffset {
        rigid_body,
        local,
        velocity,
        torque,
    };
    b.impulse_morph(
        "衝撃",
        4,
        [
            impulse(1, true, Vec3::X, Vec3::ZERO),
            impulse(0, false, Vec3::Y, Vec3::Z),
        ],
    );

    b.display_frame("Root").name_en("Root").special().bone(0);
    b.display_frame("表情")
        .name_en("Exp")
        .special()
        .morphs([0, 4]);
    b.display_frame("腕")
        .name_en("Arm")
        .bones([3, 4, 5])
        .morph(1);

    let model = b.model_mut();
    for (name, bone) in [("上半身", 1), ("右ひじ", 4), ("右手首", 5)] {
        model.rigid_bodies.push(RigidBody {
            name: name.into(),
            bone,
            ..RigidBody::default()
        });
    }
    for (name, body_a, body_b) in [("j0", 0, 1), ("j1", 1, 2)] {
        model.joints.push(Joint {
            name: name.into(),
            body_a,
            body_b,
            ..Joint::default()
        });
    }
    let anchor = |rigid_body, vertex, near_mode| SoftBodyAnchor {
        rigid_body,
        vertex,
        near_mode,
    };
    model.soft_bodies.push(SoftBody {
        name: "スカート".into(),
        material: 2,
        collision_mask: 0xFFFF,
        anchors: vec![anchor(1, 0, false), anchor(2, 3, true)],
        pins: vec![1, 2],
        ..SoftBody::default()
    });
    b.build()
}

/// A model being edited through a [`History`], beside the model it started as.
pub struct Session {
    pub original: Model,
    pub model: Model,
    pub history: History,
}

impl Session {
    pub fn new(model: Model) -> Self {
        Session {
            original: model.clone(),
            model,
            history: History::new(),
        }
    }

    /// A session on [`full_rig`].
    pub fn full_rig() -> Self {
        Self::new(full_rig())
    }

    /// Applies `edit`, which must be accepted.
    pub fn apply(&mut self, edit: ModelEdit) {
        self.history.apply(&mut self.model, edit).unwrap();
    }

    /// Applies the edit `make` builds from the current model; it must be accepted.
    pub fn apply_with(&mut self, make: impl FnOnce(&Model) -> ModelEdit) {
        let edit = make(&self.model);
        self.apply(edit);
    }

    pub fn try_apply(&mut self, edit: ModelEdit) -> std::result::Result<(), EditError> {
        self.history.apply(&mut self.model, edit).map(|_| ())
    }

    /// Undoes the last step, which must exist.
    pub fn undo(&mut self) {
        assert!(
            self.history.undo(&mut self.model).is_some(),
            "nothing to undo"
        );
    }

    /// Asserts that the model is the original again.
    pub fn assert_original(&self) {
        assert_eq!(self.model, self.original);
    }

    /// Undoes the last step and asserts that the original is back.
    pub fn undo_to_original(&mut self) {
        self.undo();
        self.assert_original();
    }
}
