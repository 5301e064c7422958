//! Small VMD motions made in code.

use glam::{Quat, Vec3};
use hone::motion::{Bezier, BoneKey, VmdName};

/// A VMD name as MMD writes it (15 bytes for bones and morphs).
pub fn name(text: &str) -> VmdName {
    VmdName {
        text: text.into(),
        raw: hone::motion::vmd::encode_name(text, 15),
    }
}

/// A linear key at `frame` turning the bone by `angle` about Z.
pub fn key(frame: u32, angle: f32) -> BoneKey {
    BoneKey {
        frame,
        translation: Vec3::ZERO,
        rotation: Quat::from_rotation_z(angle),
        curves: [Bezier::LINEAR; 4],
        physics_off: false,
    }
}

/// A motion turning `bone` by `angle` about Z from frame 0 to `frame`, linearly.
pub fn turning(bone: &str, frame: u32, angle: f32) -> hone::motion::Vmd {
    hone::motion::Vmd {
        model_name: "tube".into(),
        bone_keys: vec![(name(bone), key(0, 0.0)), (name(bone), key(frame, angle))],
        ..Default::default()
    }
}
