//! Plain-data model of a PMX 2.0/2.1 file.
//!
//! References between elements are plain `i32` indices (−1 = none), exactly as
//! PMX Editor keeps them, so an edit never invalidates a pointer and an
//! out-of-range index survives loading (the checker reports it).
//!
//! Coordinates are MMD's: left-handed, Y up. Nothing here is converted.

use glam::{EulerRot, Quat, Vec2, Vec3, Vec4};
use serde::{Deserialize, Serialize};

/// Index value meaning "no reference".
pub const NONE: i32 = -1;

/// The rotation a rigid body's or joint's stored Euler angles (radians) stand for:
/// R = Ry(y)·Rx(x)·Rz(z), i.e. about Z first, then X, then Y — MMD's order for bones
/// and cameras. The spec does not say; babylon-mmd (the runtime the oracle poses come
/// from), saba and mmd_tools all build bodies and joints this way, so we do too.
pub fn euler_rotation(angles: Vec3) -> Quat {
    Quat::from_euler(EulerRot::YXZ, angles.y, angles.x, angles.z)
}

/// Inverse of [`euler_rotation`]: the (x, y, z) angles to store for a rotation.
pub fn euler_angles(rotation: Quat) -> Vec3 {
    let (y, x, z) = rotation.to_euler(EulerRot::YXZ);
    // + 0.0 turns −0.0 into 0.0 so files do not carry signed zeros.
    Vec3::new(x, y, z) + Vec3::ZERO
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Model {
    pub header: Header,
    pub info: ModelInfo,
    pub vertices: Vec<Vertex>,
    /// Triangles as three vertex indices. PMX 2.1 point/line materials reuse
    /// the same layout (A-A-A, A-B-A).
    pub faces: Vec<[i32; 3]>,
    pub textures: Vec<String>,
    pub materials: Vec<Material>,
    pub bones: Vec<Bone>,
    pub morphs: Vec<Morph>,
    pub display_frames: Vec<DisplayFrame>,
    pub rigid_bodies: Vec<RigidBody>,
    pub joints: Vec<Joint>,
    /// PMX 2.1 only.
    pub soft_bodies: Vec<SoftBody>,
    /// Bytes after the last section, which no section reads (some tools leave e.g. a zero
    /// soft-body count after a 2.0 file's joints). The spec is silent; PMX Editor ignores them.
    /// Kept and written back after the last section, so such files save byte-identical.
    #[serde(default)]
    pub trailing_bytes: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum PmxVersion {
    #[default]
    V2_0,
    V2_1,
}

impl PmxVersion {
    pub fn as_f32(self) -> f32 {
        match self {
            PmxVersion::V2_0 => 2.0,
            PmxVersion::V2_1 => 2.1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum TextEncoding {
    #[default]
    Utf16Le,
    Utf8,
}

/// Byte width (1, 2 or 4) of each kind of index reference in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexSizes {
    pub vertex: u8,
    pub texture: u8,
    pub material: u8,
    pub bone: u8,
    pub morph: u8,
    pub rigid_body: u8,
}

impl Default for IndexSizes {
    fn default() -> Self {
        IndexSizes {
            vertex: 1,
            texture: 1,
            material: 1,
            bone: 1,
            morph: 1,
            rigid_body: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Header {
    pub version: PmxVersion,
    pub encoding: TextEncoding,
    /// 0..=4 additional vec4 UVs per vertex.
    pub additional_uv_count: u8,
    pub index_sizes: IndexSizes,
    /// Header globals beyond the 8 the spec defines (kept so they round-trip).
    pub extra_globals: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct ModelInfo {
    pub name: String,
    pub name_en: String,
    pub comment: String,
    pub comment_en: String,
}

// ---------------------------------------------------------------- vertices

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Vertex {
    pub position: Vec3,
    pub normal: Vec3,
    pub uv: Vec2,
    /// Always four slots; only the first `header.additional_uv_count` are stored in the file.
    pub additional_uvs: [Vec4; 4],
    pub weights: Weights,
    pub edge_scale: f32,
}

impl Default for Vertex {
    fn default() -> Self {
        Vertex {
            position: Vec3::ZERO,
            normal: Vec3::Y,
            uv: Vec2::ZERO,
            additional_uvs: [Vec4::ZERO; 4],
            weights: Weights::Bdef1 { bone: 0 },
            edge_scale: 1.0,
        }
    }
}

/// How a vertex is bound to bones.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Weights {
    Bdef1 {
        bone: i32,
    },
    /// `weight` is bone 0's weight; bone 1 gets `1 - weight`.
    Bdef2 {
        bones: [i32; 2],
        weight: f32,
    },
    /// Weights as stored; the spec does not promise they sum to 1.
    Bdef4 {
        bones: [i32; 4],
        weights: [f32; 4],
    },
    /// BDEF2 plus the SDEF centre and the two (uncorrected) R points.
    Sdef {
        bones: [i32; 2],
        weight: f32,
        c: Vec3,
        r0: Vec3,
        r1: Vec3,
    },
    /// PMX 2.1: dual-quaternion blending, same layout as BDEF4.
    Qdef {
        bones: [i32; 4],
        weights: [f32; 4],
    },
}

impl Weights {
    pub fn kind(&self) -> WeightKind {
        match self {
            Weights::Bdef1 { .. } => WeightKind::Bdef1,
            Weights::Bdef2 { .. } => WeightKind::Bdef2,
            Weights::Bdef4 { .. } => WeightKind::Bdef4,
            Weights::Sdef { .. } => WeightKind::Sdef,
            Weights::Qdef { .. } => WeightKind::Qdef,
        }
    }

    /// The referenced bones with their effective weights (BDEF2/SDEF expanded).
    pub fn bone_weights(&self) -> ([i32; 4], [f32; 4], usize) {
        match *self {
            Weights::Bdef1 { bone } => ([bone, NONE, NONE, NONE], [1.0, 0.0, 0.0, 0.0], 1),
            Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => (
                [bones[0], bones[1], NONE, NONE],
                [weight, 1.0 - weight, 0.0, 0.0],
                2,
            ),
            Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
                (bones, weights, 4)
            }
        }
    }

    /// Mutable access to every bone reference (for index remapping).
    pub fn bones_mut(&mut self) -> &mut [i32] {
        match self {
            Weights::Bdef1 { bone } => std::slice::from_mut(bone),
            Weights::Bdef2 { bones, .. } | Weights::Sdef { bones, .. } => bones,
            Weights::Bdef4 { bones, .. } | Weights::Qdef { bones, .. } => bones,
        }
    }

    pub fn bones(&self) -> &[i32] {
        match self {
            Weights::Bdef1 { bone } => std::slice::from_ref(bone),
            Weights::Bdef2 { bones, .. } | Weights::Sdef { bones, .. } => bones,
            Weights::Bdef4 { bones, .. } | Weights::Qdef { bones, .. } => bones,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WeightKind {
    Bdef1 = 0,
    Bdef2 = 1,
    Bdef4 = 2,
    Sdef = 3,
    Qdef = 4,
}

impl WeightKind {
    pub const ALL: [WeightKind; 5] = [
        WeightKind::Bdef1,
        WeightKind::Bdef2,
        WeightKind::Bdef4,
        WeightKind::Sdef,
        WeightKind::Qdef,
    ];
    pub fn name(self) -> &'static str {
        match self {
            WeightKind::Bdef1 => "BDEF1",
            WeightKind::Bdef2 => "BDEF2",
            WeightKind::Bdef4 => "BDEF4",
            WeightKind::Sdef => "SDEF",
            WeightKind::Qdef => "QDEF",
        }
    }
}

// ---------------------------------------------------------------- materials

/// Material draw flags (one byte). 0x20..0x80 are PMX 2.1 extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MaterialFlags(pub u8);

impl MaterialFlags {
    pub const DOUBLE_SIDED: u8 = 0x01;
    pub const GROUND_SHADOW: u8 = 0x02;
    pub const SELF_SHADOW_MAP: u8 = 0x04;
    pub const SELF_SHADOW: u8 = 0x08;
    pub const EDGE: u8 = 0x10;
    pub const VERTEX_COLOR: u8 = 0x20;
    pub const POINT: u8 = 0x40;
    pub const LINE: u8 = 0x80;
    /// Bits only PMX 2.1 defines.
    pub const V21_ONLY: u8 = Self::VERTEX_COLOR | Self::POINT | Self::LINE;

    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
    pub fn set(&mut self, bit: u8, on: bool) {
        if on {
            self.0 |= bit
        } else {
            self.0 &= !bit
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum SphereMode {
    #[default]
    Disabled,
    Multiply,
    Add,
    /// Draws the main texture again with additional UV1.xy.
    SubTexture,
    /// A value the spec does not define, kept as read.
    Unknown(u8),
}

impl SphereMode {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => SphereMode::Disabled,
            1 => SphereMode::Multiply,
            2 => SphereMode::Add,
            3 => SphereMode::SubTexture,
            v => SphereMode::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            SphereMode::Disabled => 0,
            SphereMode::Multiply => 1,
            SphereMode::Add => 2,
            SphereMode::SubTexture => 3,
            SphereMode::Unknown(v) => v,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Toon {
    /// One of the shared toon01.bmp..toon10.bmp (0..=9).
    Shared(u8),
    /// Own toon texture: index into the texture table.
    Texture(i32),
}

impl Default for Toon {
    fn default() -> Self {
        Toon::Texture(NONE)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Material {
    pub name: String,
    pub name_en: String,
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub flags: MaterialFlags,
    pub edge_color: Vec4,
    /// Edge size; the point size for 2.1 point materials.
    pub edge_size: f32,
    pub texture: i32,
    pub sphere_texture: i32,
    pub sphere_mode: SphereMode,
    pub toon: Toon,
    pub memo: String,
    /// Number of face *indices* (3 per triangle) this material draws, as stored.
    pub face_index_count: i32,
}

impl Default for Material {
    fn default() -> Self {
        Material {
            name: String::new(),
            name_en: String::new(),
            diffuse: Vec4::ONE,
            specular: Vec3::ZERO,
            specular_power: 5.0,
            ambient: Vec3::splat(0.5),
            flags: MaterialFlags(0),
            edge_color: Vec4::new(0.0, 0.0, 0.0, 1.0),
            edge_size: 1.0,
            texture: NONE,
            sphere_texture: NONE,
            sphere_mode: SphereMode::Disabled,
            toon: Toon::Texture(NONE),
            memo: String::new(),
            face_index_count: 0,
        }
    }
}

// ---------------------------------------------------------------- bones

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

// ---------------------------------------------------------------- morphs

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MorphKind {
    Group = 0,
    Vertex = 1,
    Bone = 2,
    Uv = 3,
    AdditionalUv1 = 4,
    AdditionalUv2 = 5,
    AdditionalUv3 = 6,
    AdditionalUv4 = 7,
    Material = 8,
    /// PMX 2.1.
    Flip = 9,
    /// PMX 2.1.
    Impulse = 10,
}

impl MorphKind {
    pub const ALL: [MorphKind; 11] = [
        MorphKind::Group,
        MorphKind::Vertex,
        MorphKind::Bone,
        MorphKind::Uv,
        MorphKind::AdditionalUv1,
        MorphKind::AdditionalUv2,
        MorphKind::AdditionalUv3,
        MorphKind::AdditionalUv4,
        MorphKind::Material,
        MorphKind::Flip,
        MorphKind::Impulse,
    ];
    pub fn from_u8(v: u8) -> Option<Self> {
        MorphKind::ALL.get(v as usize).copied()
    }
    pub fn name(self) -> &'static str {
        match self {
            MorphKind::Group => "group",
            MorphKind::Vertex => "vertex",
            MorphKind::Bone => "bone",
            MorphKind::Uv => "uv",
            MorphKind::AdditionalUv1 => "additional_uv1",
            MorphKind::AdditionalUv2 => "additional_uv2",
            MorphKind::AdditionalUv3 => "additional_uv3",
            MorphKind::AdditionalUv4 => "additional_uv4",
            MorphKind::Material => "material",
            MorphKind::Flip => "flip",
            MorphKind::Impulse => "impulse",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GroupOffset {
    pub morph: i32,
    pub ratio: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct VertexOffset {
    pub vertex: i32,
    pub offset: Vec3,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BoneOffset {
    pub bone: i32,
    pub translation: Vec3,
    /// Quaternion x, y, z, w as stored (not necessarily normalised).
    pub rotation: Vec4,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct UvOffset {
    pub vertex: i32,
    pub offset: Vec4,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MaterialOp {
    Multiply,
    Add,
    Unknown(u8),
}

impl MaterialOp {
    pub fn from_u8(v: u8) -> Self {
        match v {
            0 => MaterialOp::Multiply,
            1 => MaterialOp::Add,
            v => MaterialOp::Unknown(v),
        }
    }
    pub fn to_u8(self) -> u8 {
        match self {
            MaterialOp::Multiply => 0,
            MaterialOp::Add => 1,
            MaterialOp::Unknown(v) => v,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MaterialOffset {
    /// −1 = every material.
    pub material: i32,
    pub op: MaterialOp,
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub edge_color: Vec4,
    pub edge_size: f32,
    pub texture_tint: Vec4,
    pub sphere_tint: Vec4,
    pub toon_tint: Vec4,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ImpulseOffset {
    pub rigid_body: i32,
    pub local: bool,
    pub velocity: Vec3,
    pub torque: Vec3,
}

impl ImpulseOffset {
    /// All zero means "stop the body" (停止制御) per the spec.
    pub fn is_stop(&self) -> bool {
        self.velocity == Vec3::ZERO && self.torque == Vec3::ZERO
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MorphOffsets {
    Group(Vec<GroupOffset>),
    Vertex(Vec<VertexOffset>),
    Bone(Vec<BoneOffset>),
    /// `layer` 0 = the base UV, 1..=4 = additional UV1..4.
    Uv {
        layer: u8,
        offsets: Vec<UvOffset>,
    },
    Material(Vec<MaterialOffset>),
    Flip(Vec<GroupOffset>),
    Impulse(Vec<ImpulseOffset>),
}

impl MorphOffsets {
    pub fn kind(&self) -> MorphKind {
        match self {
            MorphOffsets::Group(_) => MorphKind::Group,
            MorphOffsets::Vertex(_) => MorphKind::Vertex,
            MorphOffsets::Bone(_) => MorphKind::Bone,
            MorphOffsets::Uv { layer, .. } => match layer {
                0 => MorphKind::Uv,
                1 => MorphKind::AdditionalUv1,
                2 => MorphKind::AdditionalUv2,
                3 => MorphKind::AdditionalUv3,
                _ => MorphKind::AdditionalUv4,
            },
            MorphOffsets::Material(_) => MorphKind::Material,
            MorphOffsets::Flip(_) => MorphKind::Flip,
            MorphOffsets::Impulse(_) => MorphKind::Impulse,
        }
    }
    pub fn len(&self) -> usize {
        match self {
            MorphOffsets::Group(v) | MorphOffsets::Flip(v) => v.len(),
            MorphOffsets::Vertex(v) => v.len(),
            MorphOffsets::Bone(v) => v.len(),
            MorphOffsets::Uv { offsets, .. } => offsets.len(),
            MorphOffsets::Material(v) => v.len(),
            MorphOffsets::Impulse(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Morph panel (PMD category): 0 system, 1 brow, 2 eye, 3 mouth, 4 other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Morph {
    pub name: String,
    pub name_en: String,
    pub panel: u8,
    pub offsets: MorphOffsets,
}

impl Morph {
    pub fn kind(&self) -> MorphKind {
        self.offsets.kind()
    }
}

// ---------------------------------------------------------------- display frames

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisplayElement {
    Bone(i32),
    Morph(i32),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct DisplayFrame {
    pub name: String,
    pub name_en: String,
    /// Special frames ("Root", "表情") must not be deleted by editors.
    pub special: bool,
    pub elements: Vec<DisplayElement>,
}

// ---------------------------------------------------------------- rigid bodies

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
    /// Linear stiffness [0,1].
    pub lst: f32,
    /// Area/angular stiffness [0,1].
    pub ast: f32,
    /// Volume stiffness [0,1].
    pub vst: f32,
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

impl Model {
    /// Finds a bone by its Japanese name.
    pub fn bone_index(&self, name: &str) -> Option<usize> {
        self.bones.iter().position(|b| b.name == name)
    }
    /// Finds a morph by its Japanese name.
    pub fn morph_index(&self, name: &str) -> Option<usize> {
        self.morphs.iter().position(|m| m.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euler_rotation_is_ry_rx_rz_and_round_trips() {
        let e = Vec3::new(0.3, -0.4, 0.5);
        let manual = glam::Mat3::from_rotation_y(e.y)
            * glam::Mat3::from_rotation_x(e.x)
            * glam::Mat3::from_rotation_z(e.z);
        let v = Vec3::new(0.2, 0.5, -0.9);
        assert!((euler_rotation(e) * v - manual * v).length() < 1e-6);
        // Different from Bullet's setEulerZYX order when several angles are set.
        let zyx = glam::Mat3::from_rotation_z(e.z)
            * glam::Mat3::from_rotation_y(e.y)
            * glam::Mat3::from_rotation_x(e.x);
        assert!((euler_rotation(e) * v - zyx * v).length() > 1e-3);
        for e in [e, Vec3::new(-1.2, 0.7, 2.9), Vec3::new(0.0, 1.5, -0.2)] {
            assert!((euler_angles(euler_rotation(e)) - e).length() < 1e-5, "{e}");
        }
    }
}
