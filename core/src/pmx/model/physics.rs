//! Rigid bodies, joints and soft bodies.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum RigidShape {
    #[default]
    Sphere,
    Box,
    Capsule,
    Unknown(u8),
}

impl RigidShape {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => RigidShape::Sphere,
            1 => RigidShape::Box,
            2 => RigidShape::Capsule,
            v => RigidShape::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            RigidShape::Sphere => 0,
            RigidShape::Box => 1,
            RigidShape::Capsule => 2,
            RigidShape::Unknown(v) => v,
        }
    }

    /// Half extents of the box around a body of this shape and `size` (in the
    /// body's frame; a capsule's axis is Y).
    pub fn half_extents(self, size: Vec3) -> Vec3 {
        match self {
            RigidShape::Sphere => Vec3::splat(size.x.abs()),
            RigidShape::Capsule => {
                let r = size.x.abs();
                Vec3::new(r, size.y.abs() * 0.5 + r, r)
            }
            RigidShape::Box | RigidShape::Unknown(_) => size.abs(),
        }
    }

    /// The size a body of shape `to` takes when it was this shape with `size`:
    /// it keeps the old shape's extent. PMX Editor keeps the raw numbers instead
    /// (a capsule turned box keeps depth 0); the spec says nothing. So a capsule
    /// becomes a box as wide and deep as its diameter and as tall as its full
    /// height with the caps; a sphere a cube of its diameter; a box a sphere (or
    /// a capsule's radius) of its largest half width. A capsule needs a length:
    /// from a shape with none left after the caps (a sphere, a cube) it takes
    /// its diameter as height, so it still reads as a capsule.
    pub fn converted_size(self, to: RigidShape, size: Vec3) -> Vec3 {
        if self == to || matches!(to, RigidShape::Unknown(_)) {
            return size;
        }
        let half = self.half_extents(size);
        match to {
            RigidShape::Sphere => Vec3::new(half.max_element(), 0.0, 0.0),
            RigidShape::Capsule => {
                let r = half.x.max(half.z);
                let height = 2.0 * (half.y - r);
                let height = if height > 0.0 { height } else { 2.0 * r };
                Vec3::new(r, height, 0.0)
            }
            RigidShape::Box | RigidShape::Unknown(_) => half,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum RigidMode {
    /// 0: follows its bone (kinematic).
    #[default]
    FollowBone,
    /// 1: simulated; the bone takes the body's transform.
    Dynamic,
    /// 2: simulated rotation; the bone keeps its animated position.
    DynamicWithBonePosition,
    Unknown(u8),
}

impl RigidMode {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => RigidMode::FollowBone,
            1 => RigidMode::Dynamic,
            2 => RigidMode::DynamicWithBonePosition,
            v => RigidMode::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            RigidMode::FollowBone => 0,
            RigidMode::Dynamic => 1,
            RigidMode::DynamicWithBonePosition => 2,
            RigidMode::Unknown(v) => v,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RigidBody {
    pub name: String,
    pub name_en: String,
    pub bone: i32,
    /// Collision group 0..=15 (the body is in group `1 << group`).
    pub group: u8,
    /// 非衝突グループフラグ as stored: bit n set = collides with group n,
    /// cleared = does not (PMD/PMX Editor store 0xFFFF minus the excluded groups).
    pub collision_mask: u16,
    pub shape: RigidShape,
    /// Sphere: x = radius. Box: half extents. Capsule: x = radius, y = height.
    pub size: Vec3,
    /// Absolute (model space) position.
    pub position: Vec3,
    /// Euler angles in radians.
    pub rotation: Vec3,
    pub mass: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub restitution: f32,
    pub friction: f32,
    pub mode: RigidMode,
}

impl Default for RigidBody {
    fn default() -> Self {
        RigidBody {
            name: String::new(),
            name_en: String::new(),
            bone: NONE,
            group: 0,
            collision_mask: 0xFFFF,
            shape: RigidShape::Sphere,
            size: Vec3::splat(1.0),
            position: Vec3::ZERO,
            rotation: Vec3::ZERO,
            mass: 1.0,
            linear_damping: 0.5,
            angular_damping: 0.5,
            restitution: 0.0,
            friction: 0.5,
            mode: RigidMode::FollowBone,
        }
    }
}

/// What a stored vector holds: a size or position, or Euler angles (radians in the model and
/// in PMX; PMX Editor's CSV writes degrees).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VectorUnit {
    Length,
    Angles,
}

impl RigidBody {
    /// The units of [`vectors`](Self::vectors).
    pub const VECTOR_UNITS: [VectorUnit; 3] =
        [VectorUnit::Length, VectorUnit::Length, VectorUnit::Angles];

    /// Size, position and rotation, in the order PMX and CSV store them.
    pub fn vectors(&self) -> [Vec3; 3] {
        [self.size, self.position, self.rotation]
    }
    pub fn vectors_mut(&mut self) -> [&mut Vec3; 3] {
        [&mut self.size, &mut self.position, &mut self.rotation]
    }

    /// Mass, linear and angular damping, restitution and friction, in the order PMX and CSV
    /// store them.
    pub fn scalars(&self) -> [f32; 5] {
        let r = self;
        [
            r.mass,
            r.linear_damping,
            r.angular_damping,
            r.restitution,
            r.friction,
        ]
    }
    pub fn scalars_mut(&mut self) -> [&mut f32; 5] {
        let r = self;
        [
            &mut r.mass,
            &mut r.linear_damping,
            &mut r.angular_damping,
            &mut r.restitution,
            &mut r.friction,
        ]
    }

    /// Changes the shape, converting the size so the body keeps its extent
    /// ([`RigidShape::converted_size`]).
    pub fn set_shape(&mut self, shape: RigidShape) {
        self.size = self.shape.converted_size(shape, self.size);
        self.shape = shape;
    }
}

// ---------------------------------------------------------------- joints

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum JointKind {
    /// 0: btGeneric6DofSpringConstraint (the only kind in PMX 2.0).
    #[default]
    Spring6Dof,
    /// 1: btGeneric6DofConstraint; spring constants unused.
    SixDof,
    /// 2: btPoint2PointConstraint; limits and springs unused.
    P2p,
    /// 3: btConeTwistConstraint; fields reinterpreted (see the spec).
    ConeTwist,
    /// 4: btSliderConstraint.
    Slider,
    /// 5: btHingeConstraint.
    Hinge,
    Unknown(u8),
}

impl JointKind {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => JointKind::Spring6Dof,
            1 => JointKind::SixDof,
            2 => JointKind::P2p,
            3 => JointKind::ConeTwist,
            4 => JointKind::Slider,
            5 => JointKind::Hinge,
            v => JointKind::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            JointKind::Spring6Dof => 0,
            JointKind::SixDof => 1,
            JointKind::P2p => 2,
            JointKind::ConeTwist => 3,
            JointKind::Slider => 4,
            JointKind::Hinge => 5,
            JointKind::Unknown(v) => v,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            JointKind::Spring6Dof => "spring_6dof",
            JointKind::SixDof => "6dof",
            JointKind::P2p => "p2p",
            JointKind::ConeTwist => "cone_twist",
            JointKind::Slider => "slider",
            JointKind::Hinge => "hinge",
            JointKind::Unknown(_) => "unknown",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Joint {
    pub name: String,
    pub name_en: String,
    pub kind: JointKind,
    pub body_a: i32,
    pub body_b: i32,
    pub position: Vec3,
    /// Euler angles in radians.
    pub rotation: Vec3,
    pub linear_lower: Vec3,
    pub linear_upper: Vec3,
    pub angular_lower: Vec3,
    pub angular_upper: Vec3,
    pub linear_spring: Vec3,
    pub angular_spring: Vec3,
}

impl Joint {
    /// The units of [`vectors`](Self::vectors).
    pub const VECTOR_UNITS: [VectorUnit; 8] = {
        use VectorUnit::{Angles, Length};
        [
            Length, Angles, Length, Length, Angles, Angles, Length, Length,
        ]
    };

    /// [`vectors`](Self::vectors), to fill them in order.
    pub fn vectors_mut(&mut self) -> [&mut Vec3; 8] {
        let j = self;
        [
            &mut j.position,
            &mut j.rotation,
            &mut j.linear_lower,
            &mut j.linear_upper,
            &mut j.angular_lower,
            &mut j.angular_upper,
            &mut j.linear_spring,
            &mut j.angular_spring,
        ]
    }

    /// Position, rotation, limits and springs, in the file's order.
    pub fn vectors(&self) -> [Vec3; 8] {
        [
            self.position,
            self.rotation,
            self.linear_lower,
            self.linear_upper,
            self.angular_lower,
            self.angular_upper,
            self.linear_spring,
            self.angular_spring,
        ]
    }
}

// ---------------------------------------------------------------- soft bodies

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SoftBodyShape {
    #[default]
    TriMesh,
    Rope,
    Unknown(u8),
}

impl SoftBodyShape {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => SoftBodyShape::TriMesh,
            1 => SoftBodyShape::Rope,
            v => SoftBodyShape::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            SoftBodyShape::TriMesh => 0,
            SoftBodyShape::Rope => 1,
            SoftBodyShape::Unknown(v) => v,
        }
    }
}

/// Soft-body flags: 0x01 B-link, 0x02 clusters, 0x04 link randomisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SoftBodyFlags(pub u8);

impl SoftBodyFlags {
    pub const B_LINK: u8 = 0x01;
    pub const CLUSTERS: u8 = 0x02;
    pub const RANDOMIZE_LINKS: u8 = 0x04;
    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// btSoftBody::eAeroModel as the file stores it (an int).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum AeroModel {
    #[default]
    VPoint,
    VTwoSided,
    VOneSided,
    FTwoSided,
    FOneSided,
    Unknown(i32),
}

impl AeroModel {
    pub fn from_i32(v: i32) -> Self {
        match v {
            0 => AeroModel::VPoint,
            1 => AeroModel::VTwoSided,
            2 => AeroModel::VOneSided,
            3 => AeroModel::FTwoSided,
            4 => AeroModel::FOneSided,
            v => AeroModel::Unknown(v),
        }
    }
    pub fn to_i32(self) -> i32 {
        match self {
            AeroModel::VPoint => 0,
            AeroModel::VTwoSided => 1,
            AeroModel::VOneSided => 2,
            AeroModel::FTwoSided => 3,
            AeroModel::FOneSided => 4,
            AeroModel::Unknown(v) => v,
        }
    }
}

/// btSoftBody::Config coefficients, named as in Bullet.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct SoftBodyConfig {
    pub vcf: f32,
    pub dp: f32,
    pub dg: f32,
    pub lf: f32,
    pub pr: f32,
    pub vc: f32,
    pub df: f32,
    pub mt: f32,
    pub chr: f32,
    pub khr: f32,
    pub shr: f32,
    pub ahr: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct SoftBodyClusterParams {
    pub srhr_cl: f32,
    pub skhr_cl: f32,
    pub sshr_cl: f32,
    pub sr_splt_cl: f32,
    pub sk_splt_cl: f32,
    pub ss_splt_cl: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SoftBodyIterations {
    pub velocity: i32,
    pub position: i32,
    pub drift: i32,
    pub cluster: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct SoftBodyMaterial {
    /// Linear stiffness, 0 to 1.
    pub lst: f32,
    /// Area/angular stiffness, 0 to 1.
    pub ast: f32,
    /// Volume stiffness, 0 to 1.
    pub vst: f32,
}

/// The soft-body parameter blocks field by field, in the order PMX and its CSV store them:
/// one list per block, so the readers and writers cannot disagree.
impl SoftBodyConfig {
    pub fn values_mut(&mut self) -> [&mut f32; 12] {
        [
            &mut self.vcf,
            &mut self.dp,
            &mut self.dg,
            &mut self.lf,
            &mut self.pr,
            &mut self.vc,
            &mut self.df,
            &mut self.mt,
            &mut self.chr,
            &mut self.khr,
            &mut self.shr,
            &mut self.ahr,
        ]
    }
    pub fn values(mut self) -> [f32; 12] {
        self.values_mut().map(|v| *v)
    }
}

impl SoftBodyClusterParams {
    pub fn values_mut(&mut self) -> [&mut f32; 6] {
        [
            &mut self.srhr_cl,
            &mut self.skhr_cl,
            &mut self.sshr_cl,
            &mut self.sr_splt_cl,
            &mut self.sk_splt_cl,
            &mut self.ss_splt_cl,
        ]
    }
    pub fn values(mut self) -> [f32; 6] {
        self.values_mut().map(|v| *v)
    }
}

impl SoftBodyIterations {
    pub fn values_mut(&mut self) -> [&mut i32; 4] {
        [
            &mut self.velocity,
            &mut self.position,
            &mut self.drift,
            &mut self.cluster,
        ]
    }
    pub fn values(mut self) -> [i32; 4] {
        self.values_mut().map(|v| *v)
    }
}

impl SoftBodyMaterial {
    pub fn values_mut(&mut self) -> [&mut f32; 3] {
        [&mut self.lst, &mut self.ast, &mut self.vst]
    }
    pub fn values(mut self) -> [f32; 3] {
        self.values_mut().map(|v| *v)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoftBodyAnchor {
    pub rigid_body: i32,
    pub vertex: i32,
    pub near_mode: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct SoftBody {
    pub name: String,
    pub name_en: String,
    pub shape: SoftBodyShape,
    pub material: i32,
    pub group: u8,
    pub collision_mask: u16,
    pub flags: SoftBodyFlags,
    pub b_link_distance: i32,
    pub cluster_count: i32,
    pub total_mass: f32,
    pub margin: f32,
    pub aero_model: AeroModel,
    pub config: SoftBodyConfig,
    pub cluster: SoftBodyClusterParams,
    pub iterations: SoftBodyIterations,
    pub material_params: SoftBodyMaterial,
    pub anchors: Vec<SoftBodyAnchor>,
    /// Pinned vertex indices: they follow the skinned mesh.
    pub pins: Vec<i32>,
}
