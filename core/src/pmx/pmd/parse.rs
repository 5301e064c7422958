//! PMD bytes to raw records: a bounds-checked reader, every count checked before allocating.

use super::*;

/// A cursor over the file plus the element being read, which every error
/// names (section, index, and the name once read).
pub(super) struct Reader<'a> {
    cursor: Cursor<'a>,
    section: Section,
    index: Option<usize>,
    name: Option<String>,
}

/// `pos()` and `left()` are the cursor's; reads go through the reader so
/// their errors are located.
impl<'a> std::ops::Deref for Reader<'a> {
    type Target = Cursor<'a>;
    fn deref(&self) -> &Cursor<'a> {
        &self.cursor
    }
}

impl<'a> Reader<'a> {
    fn at(&mut self, section: Section, index: Option<usize>) {
        self.section = section;
        self.index = index;
        self.name = None;
    }

    fn error(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::parse(self.section, self.index, self.name.clone(), offset, message)
    }

    #[cold]
    fn short(&self, s: Short, what: &str) -> Error {
        self.error(s.at, s.message(what))
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        self.cursor.take(n).map_err(|s| self.short(s, what))
    }

    /// A fixed-size value: `let parent: u16 = r.read("parent")?`.
    fn read<T: Le>(&mut self, what: &str) -> Result<T> {
        self.cursor.get().map_err(|s| self.short(s, what))
    }

    /// A fixed-size Shift-JIS field: text ends at the first NUL; the padding
    /// after it (0xFD or leftovers of older names) is ignored.
    fn text(&mut self, len: usize, what: &str) -> Result<String> {
        self.cursor.sjis(len).map_err(|s| self.short(s, what))
    }

    /// The current element's 20-byte name, remembered for its errors.
    fn name(&mut self) -> Result<String> {
        let name = self.text(20, "name")?;
        self.name = Some(name.clone());
        Ok(name)
    }

    /// Checks that `count` elements of at least `min_size` bytes each can fit
    /// in what is left, so a corrupt count never causes a huge allocation.
    fn check_count(&self, count: usize, min_size: usize, what: &str) -> Result<()> {
        self.cursor
            .check_fits(count, min_size)
            .map_err(|e| self.error(self.pos(), e.message(what, count)))
    }

    /// Reads `count` elements of `section` (the count already read, and
    /// checked here against `min_size` bytes each), each located in errors.
    fn elements<T>(
        &mut self,
        section: Section,
        count: usize,
        min_size: usize,
        what: &str,
        mut element: impl FnMut(&mut Self, usize) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.check_count(count, min_size, what)?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            self.at(section, Some(i));
            out.push(element(self, i)?);
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------- parsing

pub(super) const VERTEX_SIZE: usize = 38;
pub(super) const MATERIAL_SIZE: usize = 70;
pub(super) const BONE_SIZE: usize = 39;
pub(super) const IK_MIN_SIZE: usize = 11;
pub(super) const SKIN_MIN_SIZE: usize = 25;
pub(super) const RIGID_BODY_SIZE: usize = 83;
pub(super) const JOINT_SIZE: usize = 124;
pub(super) const TOON_NAME_SIZE: usize = 100;
pub(super) const TOON_COUNT: usize = 10;

pub(super) fn parse(bytes: &[u8], warnings: &mut Vec<Warning>) -> Result<PmdFile> {
    let mut r = Reader {
        cursor: Cursor::new(bytes),
        section: Section::Header,
        index: None,
        name: None,
    };
    let mut pmd = PmdFile::default();

    // Header.
    let magic = r.take(3, "magic")?;
    if magic != b"Pmd" {
        return Err(r.error(0, crate::tr!("pmd-read-not-pmd")));
    }
    let version_at = r.pos();
    let version = r.read::<f32>("version")?;
    if version != 1.0 {
        warn(
            warnings,
            Section::Header,
            None,
            version_at,
            crate::tr!("pmd-read-version", version = version.to_string()),
        );
    }
    r.at(Section::ModelInfo, None);
    pmd.name = r.text(20, "model name")?;
    pmd.comment = r.text(256, "comment")?;

    // Vertices.
    r.at(Section::Vertex, None);
    let count = r.read::<u32>("vertex count")? as usize;
    pmd.vertices = r.elements(Section::Vertex, count, VERTEX_SIZE, "vertices", |r, i| {
        let at = r.pos();
        let position = r.read::<Vec3>("position")?;
        let normal = r.read::<Vec3>("normal")?;
        let uv = r.read::<Vec2>("uv")?;
        let b0 = r.read::<u16>("bone")?;
        let b1 = r.read::<u16>("bone")?;
        let weight = r.read::<u8>("weight")?;
        let edge = r.read::<u8>("edge flag")?;
        // Bone numbers are plain indices here (0xFFFF has no "none" meaning
        // for a vertex); out-of-range ones survive for the checker.
        let (b0, b1) = (b0 as i32, b1 as i32);
        let weights = if b0 == b1 || weight == 100 {
            Weights::Bdef1 { bone: b0 }
        } else if weight == 0 {
            Weights::Bdef1 { bone: b1 }
        } else {
            if weight > 100 {
                warn(
                    warnings,
                    Section::Vertex,
                    Some(i),
                    at + 36,
                    crate::tr!(
                        "pmd-read-weight-over-100",
                        weight = weight,
                        kept = (weight as f32 / 100.0).to_string()
                    ),
                );
            }
            Weights::Bdef2 {
                bones: [b0, b1],
                weight: weight as f32 / 100.0,
            }
        };
        Ok(Vertex {
            position,
            normal,
            uv,
            weights,
            // PMD: 0 = normal, 1 = edge disabled.
            edge_scale: if edge == 1 { 0.0 } else { 1.0 },
            ..Vertex::default()
        })
    })?;

    // Faces: u16 vertex indices, three per triangle.
    r.at(Section::Face, None);
    let count = r.read::<u32>("face index count")? as usize;
    r.check_count(count, 2, "face indices")?;
    let data = r.take(count * 2, "face indices")?;
    if !count.is_multiple_of(3) {
        warn(
            warnings,
            Section::Face,
            None,
            r.pos() - count * 2,
            crate::tr!("pmd-read-face-count", count = count, dropped = count % 3),
        );
    }
    pmd.faces = data
        .chunks_exact(6)
        .map(|c| {
            [
                u16::from_le_bytes([c[0], c[1]]) as i32,
                u16::from_le_bytes([c[2], c[3]]) as i32,
                u16::from_le_bytes([c[4], c[5]]) as i32,
            ]
        })
        .collect();

    // Materials.
    r.at(Section::Material, None);
    let count = r.read::<u32>("material count")? as usize;
    pmd.materials = r.elements(
        Section::Material,
        count,
        MATERIAL_SIZE,
        "materials",
        |r, _| {
            let offset = r.pos();
            let rgb = r.read::<Vec3>("diffuse")?;
            let alpha = r.read::<f32>("alpha")?;
            let specular_power = r.read::<f32>("specularity")?;
            let specular = r.read::<Vec3>("specular")?;
            let ambient = r.read::<Vec3>("ambient")?;
            let toon_index = r.read::<u8>("toon index")?;
            let edge_flag = r.read::<u8>("edge flag")?;
            let face_index_count = r.read::<u32>("face index count")?;
            let file_name = r.text(20, "texture file name")?;
            Ok(PmdMaterial {
                offset,
                diffuse: rgb.extend(alpha),
                specular_power,
                specular,
                ambient,
                toon_index,
                edge_flag,
                face_index_count,
                file_name,
            })
        },
    )?;

    // Bones.
    r.at(Section::Bone, None);
    let count = r.read::<u16>("bone count")? as usize;
    pmd.bones = r.elements(Section::Bone, count, BONE_SIZE, "bones", |r, _| {
        Ok(PmdBone {
            offset: r.pos(),
            name: r.name()?,
            parent: r.read("parent")?,
            tail: r.read("tail")?,
            kind: r.read("bone type")?,
            ik_parent: r.read("IK parent")?,
            position: r.read("position")?,
        })
    })?;

    // IK chains.
    r.at(Section::IkChain, None);
    let count = r.read::<u16>("IK count")? as usize;
    pmd.iks = r.elements(Section::IkChain, count, IK_MIN_SIZE, "IK chains", |r, _| {
        let offset = r.pos();
        let bone = r.read::<u16>("IK bone")?;
        let target = r.read::<u16>("target bone")?;
        let len = r.read::<u8>("chain length")? as usize;
        let iterations = r.read::<u16>("iterations")?;
        let control_weight = r.read::<f32>("control weight")?;
        let data = r.take(len * 2, "chain bones")?;
        let links = data
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(PmdIk {
            offset,
            bone,
            target,
            iterations,
            control_weight,
            links,
        })
    })?;

    // Expressions (skins).
    r.at(Section::Expression, None);
    let count = r.read::<u16>("expression count")? as usize;
    pmd.skins = r.elements(
        Section::Expression,
        count,
        SKIN_MIN_SIZE,
        "expressions",
        |r, _| {
            let offset = r.pos();
            let name = r.name()?;
            let n = r.read::<u32>("vertex count")? as usize;
            let category = r.read::<u8>("category")?;
            r.check_count(n, 16, "expression vertices")?;
            let data = r.take(n * 16, "expression vertices")?;
            let entries = data
                .chunks_exact(16)
                .map(|c| (u32::from_le_bytes([c[0], c[1], c[2], c[3]]), vec3_at(c, 4)))
                .collect();
            Ok(PmdSkin {
                offset,
                name,
                category,
                entries,
            })
        },
    )?;

    // Display lists.
    r.at(Section::DisplayList, None);
    let count = r.read::<u8>("expression display count")? as usize;
    let start = r.pos();
    let data = r.take(count * 2, "expression display list")?;
    pmd.skin_display = data
        .chunks_exact(2)
        .enumerate()
        .map(|(i, c)| (u16::from_le_bytes([c[0], c[1]]), start + i * 2))
        .collect();
    let count = r.read::<u8>("bone frame name count")? as usize;
    pmd.frame_names = r.elements(
        Section::DisplayList,
        count,
        50,
        "bone frame names",
        |r, _| Ok(frame_name(&r.text(50, "bone frame name")?)),
    )?;
    r.at(Section::DisplayList, None);
    let count = r.read::<u32>("bone display count")? as usize;
    pmd.frame_bones = r.elements(
        Section::DisplayList,
        count,
        3,
        "bone display entries",
        |r, _| {
            let at = r.pos();
            Ok((r.read("bone")?, r.read("frame")?, at))
        },
    )?;

    // Extensions: each is optional only as a whole; the file may end before
    // one, but one that starts must be complete.
    if r.left() == 0 {
        return Ok(pmd);
    }
    r.at(Section::Extension, None);
    let has_english = r.read::<u8>("English-name flag")?;
    if has_english != 0 {
        let mut en = PmdEnglish {
            name: r.text(20, "English model name")?,
            comment: r.text(256, "English comment")?,
            ..PmdEnglish::default()
        };
        let bones = pmd.bones.len();
        en.bones = r.elements(
            Section::Extension,
            bones,
            20,
            "English bone names",
            |r, _| r.text(20, "English bone name"),
        )?;
        // The base expression has no English name.
        let skins = pmd.skins.len().saturating_sub(1);
        r.at(Section::Extension, None);
        en.skins = r.elements(
            Section::Extension,
            skins,
            20,
            "English expression names",
            |r, _| r.text(20, "English expression name"),
        )?;
        let frames = pmd.frame_names.len();
        r.at(Section::Extension, None);
        en.frames = r.elements(
            Section::Extension,
            frames,
            50,
            "English bone frame names",
            |r, _| Ok(frame_name(&r.text(50, "English bone frame name")?)),
        )?;
        pmd.english = Some(en);
    }

    if r.left() == 0 {
        return Ok(pmd);
    }
    r.at(Section::Extension, None);
    let toons = r.elements(
        Section::Extension,
        TOON_COUNT,
        TOON_NAME_SIZE,
        "toon texture names",
        |r, _| r.text(TOON_NAME_SIZE, "toon texture name"),
    )?;
    pmd.toon_names = Some(toons);

    if r.left() == 0 {
        return Ok(pmd);
    }
    r.at(Section::RigidBody, None);
    let count = r.read::<u32>("rigid body count")? as usize;
    pmd.rigid_bodies = r.elements(
        Section::RigidBody,
        count,
        RIGID_BODY_SIZE,
        "rigid bodies",
        |r, _| {
            let offset = r.pos();
            let name = r.name()?;
            let bone = r.read::<u16>("bone")?;
            let group = r.read::<u8>("group")?;
            let collision_mask = r.read::<u16>("collision mask")?;
            let shape = RigidShape::from_u8(r.read::<u8>("shape")?);
            let size = r.read::<Vec3>("size")?;
            let position = r.read::<Vec3>("position")?;
            let rotation = r.read::<Vec3>("rotation")?;
            let mass = r.read::<f32>("mass")?;
            let linear_damping = r.read::<f32>("linear damping")?;
            let angular_damping = r.read::<f32>("angular damping")?;
            let restitution = r.read::<f32>("restitution")?;
            let friction = r.read::<f32>("friction")?;
            let mode = RigidMode::from_u8(r.read::<u8>("mode")?);
            Ok(PmdRigidBody {
                offset,
                bone,
                body: RigidBody {
                    name,
                    name_en: String::new(),
                    bone: if bone == NO_INDEX { NONE } else { bone as i32 },
                    group,
                    // Stored as-is: bit n set = collides with group n.
                    collision_mask,
                    shape,
                    size,
                    // Still relative to the bone; made absolute in `convert`.
                    position,
                    rotation,
                    mass,
                    linear_damping,
                    angular_damping,
                    restitution,
                    friction,
                    mode,
                },
            })
        },
    )?;

    r.at(Section::Joint, None);
    let count = r.read::<u32>("joint count")? as usize;
    pmd.joints = r.elements(Section::Joint, count, JOINT_SIZE, "joints", |r, _| {
        Ok(Joint {
            name: r.name()?,
            name_en: String::new(),
            // PMD joints are always Bullet's generic 6DOF spring.
            kind: JointKind::Spring6Dof,
            body_a: r.read::<u32>("rigid body A")? as i32,
            body_b: r.read::<u32>("rigid body B")? as i32,
            position: r.read::<Vec3>("position")?,
            rotation: r.read::<Vec3>("rotation")?,
            linear_lower: r.read::<Vec3>("translation limit 1")?,
            linear_upper: r.read::<Vec3>("translation limit 2")?,
            angular_lower: r.read::<Vec3>("rotation limit 1")?,
            angular_upper: r.read::<Vec3>("rotation limit 2")?,
            linear_spring: r.read::<Vec3>("translation spring")?,
            angular_spring: r.read::<Vec3>("rotation spring")?,
        })
    })?;

    if r.left() > 0 {
        warn(
            warnings,
            Section::Trailer,
            None,
            r.pos(),
            crate::tr!("pmd-read-trailing", count = r.left()),
        );
    }
    Ok(pmd)
}

/// Bone frame names end in "\n" (PMD Editor needs the 0x0A before the NUL).
pub(super) fn frame_name(raw: &str) -> String {
    raw.trim_end_matches(['\n', '\r']).to_string()
}
