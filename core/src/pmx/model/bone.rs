//! Bones: flags, tail, append (付与), local axes and IK.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::*;

/// Bone flags that do not decide which data follows in the file.
///
/// The structural bits (tail-is-bone 0x0001, IK 0x0020, append rotate/move
/// 0x0100/0x0200, fixed axis 0x0400, local axes 0x0800, external parent
/// 0x2000) are derived from the data in [`Bone`] and never stored here, so the
/// flags and the data cannot disagree. Unknown bits are kept as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BoneFlags(pub u16);

impl BoneFlags {
    pub const TAIL_IS_BONE: u16 = 0x0001;
    pub const ROTATABLE: u16 = 0x0002;
    pub const MOVABLE: u16 = 0x0004;
    pub const VISIBLE: u16 = 0x0008;
    pub const OPERABLE: u16 = 0x0010;
    pub const IK: u16 = 0x0020;
    pub const APPEND_LOCAL: u16 = 0x0080;
    pub const APPEND_ROTATE: u16 = 0x0100;
    pub const APPEND_MOVE: u16 = 0x0200;
    pub const FIXED_AXIS: u16 = 0x0400;
    pub const LOCAL_AXES: u16 = 0x0800;
    pub const AFTER_PHYSICS: u16 = 0x1000;
    pub const EXTERNAL_PARENT: u16 = 0x2000;
    /// Bits derived from the bone's data (see the type's docs).
    pub const STRUCTURAL: u16 = Self::TAIL_IS_BONE
        | Self::IK
        | Self::APPEND_ROTATE
        | Self::APPEND_MOVE
        | Self::FIXED_AXIS
        | Self::LOCAL_AXES
        | Self::EXTERNAL_PARENT;

    pub fn has(self, bit: u16) -> bool {
        self.0 & bit != 0
    }
    pub fn set(&mut self, bit: u16, on: bool) {
        if on {
            self.0 |= bit
        } else {
            self.0 &= !bit
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Tail {
    /// Offset from the bone's position.
    Offset(Vec3),
    /// Another bone.
    Bone(i32),
}

impl Default for Tail {
    fn default() -> Self {
        Tail::Offset(Vec3::ZERO)
    }
}

/// 付与: take a share of another bone's rotation and/or translation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Append {
    pub parent: i32,
    pub ratio: f32,
    pub rotate: bool,
    pub translate: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LocalAxes {
    pub x: Vec3,
    pub z: Vec3,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct IkLimits {
    /// Radians, per Euler axis.
    pub lower: Vec3,
    pub upper: Vec3,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct IkLink {
    pub bone: i32,
    pub limits: Option<IkLimits>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ik {
    pub target: i32,
    pub loop_count: i32,
    /// Per-iteration rotation limit in radians (PMD stores a quarter of this).
    pub limit_angle: f32,
    pub links: Vec<IkLink>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bone {
    pub name: String,
    pub name_en: String,
    pub position: Vec3,
    pub parent: i32,
    /// 変形階層 (deform layer).
    pub layer: i32,
    pub flags: BoneFlags,
    pub tail: Tail,
    pub append: Option<Append>,
    pub fixed_axis: Option<Vec3>,
    pub local_axes: Option<LocalAxes>,
    pub external_parent_key: Option<i32>,
    pub ik: Option<Ik>,
}

impl Default for Bone {
    fn default() -> Self {
        Bone {
            name: String::new(),
            name_en: String::new(),
            position: Vec3::ZERO,
            parent: NONE,
            layer: 0,
            flags: BoneFlags(BoneFlags::ROTATABLE | BoneFlags::VISIBLE | BoneFlags::OPERABLE),
            tail: Tail::default(),
            append: None,
            fixed_axis: None,
            local_axes: None,
            external_parent_key: None,
            ik: None,
        }
    }
}

impl Bone {
    /// The full 16-bit flag word as the file stores it (structural bits derived).
    pub fn file_flags(&self) -> u16 {
        let mut f = self.flags.0 & !BoneFlags::STRUCTURAL;
        if matches!(self.tail, Tail::Bone(_)) {
            f |= BoneFlags::TAIL_IS_BONE;
        }
        if self.ik.is_some() {
            f |= BoneFlags::IK;
        }
        if let Some(a) = &self.append {
            if a.rotate {
                f |= BoneFlags::APPEND_ROTATE;
            }
            if a.translate {
                f |= BoneFlags::APPEND_MOVE;
            }
        }
        if self.fixed_axis.is_some() {
            f |= BoneFlags::FIXED_AXIS;
        }
        if self.local_axes.is_some() {
            f |= BoneFlags::LOCAL_AXES;
        }
        if self.external_parent_key.is_some() {
            f |= BoneFlags::EXTERNAL_PARENT;
        }
        f
    }
    pub fn has_flag(&self, bit: u16) -> bool {
        self.file_flags() & bit != 0
    }
    pub fn is_after_physics(&self) -> bool {
        self.flags.has(BoneFlags::AFTER_PHYSICS)
    }
    pub fn is_append_local(&self) -> bool {
        self.flags.has(BoneFlags::APPEND_LOCAL)
    }
}
