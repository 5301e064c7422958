//! PMX 2.0/2.1 reader.
//!
//! One pass over the bytes with a slice cursor. Every count is checked against
//! the bytes left (times the smallest size an element can have) before
//! anything is allocated, so no input can make the reader allocate much more
//! than the file's own size. Rule breaks that do not stop parsing (2.1
//! features in a 2.0 file, odd flag bytes, undecodable text, trailing bytes)
//! are read as they are and reported as [`Warning`]s.

use super::cursor::{f32_at, vec3_at, Cursor, Short};
use super::error::Section;
use super::model::*;
use super::needs;
use super::{Error, Loaded, Result, Warning};
use glam::{Vec2, Vec4};

/// `2.0f32` and `2.1f32` as the header stores them.
const VERSION_2_0: u32 = 0x4000_0000;
const VERSION_2_1: u32 = 0x4006_6666;

/// A low-level failure: where and what. Wrapped into [`Error::parse`] with the
/// section and element once it reaches the element loop.
#[derive(Debug)]
struct Fail {
    offset: usize,
    message: String,
}

type R<T> = std::result::Result<T, Box<Fail>>;

fn fail<T>(offset: usize, message: impl Into<String>) -> R<T> {
    Err(Box::new(Fail {
        offset,
        message: message.into(),
    }))
}

impl From<Short> for Box<Fail> {
    #[cold]
    fn from(s: Short) -> Self {
        Box::new(Fail {
            offset: s.at,
            message: format!(
                "unexpected end of file (needs {} bytes, {} left)",
                s.needed, s.left
            ),
        })
    }
}

/// A one-byte kind whose undefined values the model keeps as `Unknown(v)`.
trait ByteKind: Copy {
    fn from_byte(v: u8) -> Self;
    /// The byte, if it is not one of the defined kinds.
    fn unknown(self) -> Option<u8>;
}

macro_rules! byte_kind {
    ($($kind:ident),*) => {$(
        impl ByteKind for $kind {
            fn from_byte(v: u8) -> Self {
                $kind::from_u8(v)
            }
            fn unknown(self) -> Option<u8> {
                match self {
                    $kind::Unknown(v) => Some(v),
                    _ => None,
                }
            }
        }
    )*};
}
byte_kind!(SphereMode, MaterialOp, RigidShape, RigidMode, JointKind);

/// Reads a PMX 2.0 or 2.1 file.
pub fn read_pmx(bytes: &[u8]) -> Result<Loaded> {
    let mut r = Reader::new(bytes)?;
    let header = r.header.clone();
    let mut model = Model {
        header,
        ..Model::default()
    };

    model.info = r.section(Section::ModelInfo, None, |r| {
        Ok(ModelInfo {
            name: r.text()?,
            name_en: r.text()?,
            comment: r.text()?,
            comment_en: r.text()?,
        })
    })?;

    model.vertices = r.read_vertices()?;
    model.faces = r.read_faces()?;

    let n = r.count(Section::Texture, 4)?;
    model.textures = r.elements(Section::Texture, n, |r, _| r.text())?;

    let ts = r.sizes.texture as usize;
    let n = r.count(Section::Material, 84 + 2 * ts)?;
    model.materials = r.elements(Section::Material, n, |r, i| r.material(i))?;

    let bs = r.sizes.bone as usize;
    let n = r.count(Section::Bone, 26 + 2 * bs)?;
    model.bones = r.elements(Section::Bone, n, |r, i| r.bone(i))?;

    let n = r.count(Section::Morph, 14)?;
    model.morphs = r.elements(Section::Morph, n, |r, i| r.morph(i))?;

    let n = r.count(Section::DisplayFrame, 13)?;
    model.display_frames = r.elements(Section::DisplayFrame, n, |r, i| r.display_frame(i))?;

    let rs = r.sizes.rigid_body as usize;
    let n = r.count(Section::RigidBody, 69 + bs)?;
    model.rigid_bodies = r.elements(Section::RigidBody, n, |r, i| r.rigid_body(i))?;

    let n = r.count(Section::Joint, 105 + 2 * rs)?;
    model.joints = r.elements(Section::Joint, n, |r, i| r.joint(i))?;

    if r.header.version == PmxVersion::V2_1 {
        if r.is_at_end() {
            // Chosen: a 2.1 file that stops right after the joints is read as
            // having no soft bodies (the writer will add the empty section).
            r.warn(
                Section::SoftBody,
                None,
                "PMX 2.1 file ends before the soft-body count; read as no soft bodies",
            );
        } else {
            let n = r.count(Section::SoftBody, 141 + r.sizes.material as usize)?;
            model.soft_bodies = r.elements(Section::SoftBody, n, |r, i| r.soft_body(i))?;
        }
    }

    if !r.is_at_end() {
        // PMX Editor ignores data after the last section; we keep it (the model is plain data
        // and an unedited file saves byte-identical), with a note.
        let extra = r.left();
        r.warn(
            Section::Trailer,
            None,
            format!("{extra} bytes after the last section (no PMX data); kept as they are"),
        );
        model.trailing_bytes = r.bytes()[r.pos()..].to_vec();
    }

    Ok(Loaded {
        model,
        warnings: r.warnings,
    })
}

/// A cursor over the file plus what PMX needs to read it: the header's sizes
/// and encoding, warnings, and the element being read.
struct Reader<'a> {
    cursor: Cursor<'a>,
    header: Header,
    sizes: IndexSizes,
    utf8: bool,
    warnings: Vec<Warning>,
    /// Byte offset of the current element's name, to name it in an error.
    name_at: Option<usize>,
    /// The section and element being read (for text warnings).
    current: (Section, Option<usize>),
}

/// The byte reads (`u8()`, `vec3()`, `take(n)`, `pos()`, ...) are the cursor's.
impl<'a> std::ops::Deref for Reader<'a> {
    type Target = Cursor<'a>;
    fn deref(&self) -> &Cursor<'a> {
        &self.cursor
    }
}

impl std::ops::DerefMut for Reader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.cursor
    }
}

impl<'a> Reader<'a> {
    fn new(buf: &'a [u8]) -> Result<Self> {
        let header_err =
            |offset: usize, msg: String| Error::parse(Section::Header, None, None, offset, msg);
        let mut cursor = Cursor::new(buf);
        let Ok(magic) = cursor.array::<4>() else {
            return Err(header_err(
                0,
                format!("file is {} bytes, too short for a PMX header", buf.len()),
            ));
        };
        match &magic {
            b"PMX " => {}
            b"Pmx " => {
                return Err(Error::Unsupported(
                    "PMX 1.0 (\"Pmx \" magic) is not a published format; only PMX 2.0 and 2.1 can be read".into(),
                ))
            }
            m => {
                return Err(Error::Unsupported(format!(
                    "not a PMX file (magic bytes {:02x} {:02x} {:02x} {:02x}, expected \"PMX \")",
                    m[0], m[1], m[2], m[3]
                )))
            }
        }
        let mut r = Reader {
            cursor,
            header: Header::default(),
            sizes: IndexSizes::default(),
            utf8: false,
            warnings: Vec::new(),
            name_at: None,
            current: (Section::Header, None),
        };
        let version_bits = r.section(Section::Header, None, |r| Ok(r.u32()?))?;
        let version = match version_bits {
            VERSION_2_0 => PmxVersion::V2_0,
            VERSION_2_1 => PmxVersion::V2_1,
            bits => {
                return Err(Error::Unsupported(format!(
                    "PMX version {} is not supported (only 2.0 and 2.1)",
                    f32::from_bits(bits)
                )))
            }
        };
        let globals_at = r.pos();
        let n_globals = r.section(Section::Header, None, |r| Ok(r.u8()?))? as usize;
        if n_globals < 8 {
            return Err(header_err(
                globals_at,
                format!("header declares {n_globals} globals; PMX needs 8"),
            ));
        }
        let globals = r.section(Section::Header, None, |r| Ok(r.take(n_globals)?.to_vec()))?;
        let encoding = match globals[0] {
            0 => TextEncoding::Utf16Le,
            1 => TextEncoding::Utf8,
            v => {
                return Err(header_err(
                    globals_at + 1,
                    format!("text encoding {v} is neither 0 (UTF-16LE) nor 1 (UTF-8)"),
                ))
            }
        };
        let additional_uv_count = globals[1];
        if additional_uv_count > 4 {
            // More than 4 cannot be kept by the model; refuse rather than drop data.
            return Err(header_err(
                globals_at + 2,
                format!("additional UV count {additional_uv_count} (PMX allows 0 to 4)"),
            ));
        }
        const KINDS: [&str; 6] = [
            "vertex",
            "texture",
            "material",
            "bone",
            "morph",
            "rigid body",
        ];
        for (k, &s) in globals[2..8].iter().enumerate() {
            if !matches!(s, 1 | 2 | 4) {
                return Err(header_err(
                    globals_at + 3 + k,
                    format!("{} index size {s} (must be 1, 2 or 4)", KINDS[k]),
                ));
            }
        }
        let sizes = IndexSizes {
            vertex: globals[2],
            texture: globals[3],
            material: globals[4],
            bone: globals[5],
            morph: globals[6],
            rigid_body: globals[7],
        };
        if n_globals > 8 {
            r.warn(
                Section::Header,
                None,
                format!(
                    "header has {n_globals} globals; PMX {} defines 8 (extra kept)",
                    version.as_f32()
                ),
            );
        }
        r.header = Header {
            version,
            encoding,
            additional_uv_count,
            index_sizes: sizes,
            extra_globals: globals[8..].to_vec(),
        };
        r.sizes = sizes;
        r.utf8 = encoding == TextEncoding::Utf8;
        Ok(r)
    }

    fn is_v20(&self) -> bool {
        self.header.version == PmxVersion::V2_0
    }

    fn warn(&mut self, section: Section, index: Option<usize>, message: impl Into<String>) {
        self.warn_at(section, index, self.pos(), message)
    }

    #[cold]
    fn warn_at(
        &mut self,
        section: Section,
        index: Option<usize>,
        offset: usize,
        message: impl Into<String>,
    ) {
        self.warnings.push(Warning {
            section: section.name(),
            index,
            offset,
            message: message.into(),
        });
    }

    /// Runs one element's parse, turning a low-level failure into a located error.
    fn section<T>(
        &mut self,
        section: Section,
        index: Option<usize>,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> Result<T> {
        self.name_at = None;
        self.current = (section, index);
        f(self).map_err(|e| {
            let name = self.name_at.and_then(|at| self.name_from(at));
            Error::parse(section, index, name, e.offset, e.message)
        })
    }

    fn elements<T>(
        &mut self,
        section: Section,
        n: usize,
        mut f: impl FnMut(&mut Self, usize) -> R<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            self.name_at = None;
            self.current = (section, Some(i));
            match f(self, i) {
                Ok(v) => out.push(v),
                Err(e) => {
                    let name = self.name_at.and_then(|at| self.name_from(at));
                    return Err(Error::parse(section, Some(i), name, e.offset, e.message));
                }
            }
        }
        Ok(out)
    }

    /// Re-decodes the name text that starts at `at` (only on the error path).
    fn name_from(&self, at: usize) -> Option<String> {
        let len = i32::from_le_bytes(*self.bytes().get(at..)?.first_chunk::<4>()?);
        let bytes = self
            .bytes()
            .get(at + 4..at + 4 + usize::try_from(len).ok()?)?;
        Some(if self.utf8 {
            String::from_utf8_lossy(bytes).into_owned()
        } else {
            encoding_rs::UTF_16LE
                .decode_without_bom_handling(bytes)
                .0
                .into_owned()
        })
    }

    /// Reads an element count and checks that `count * min_size` bytes are left.
    fn count(&mut self, section: Section, min_size: usize) -> Result<usize> {
        self.section(section, None, |r| r.checked_count(min_size, "count"))
    }

    fn checked_count(&mut self, min_size: usize, what: &str) -> R<usize> {
        let at = self.pos();
        let n = self.i32()?;
        if n < 0 {
            return fail(at, format!("negative {what} {n}"));
        }
        let n = n as usize;
        if let Err(e) = self.check_fits(n, min_size) {
            return fail(
                at,
                format!(
                    "{what} {n} needs at least {} bytes but only {} are left",
                    e.need_text(),
                    e.left
                ),
            );
        }
        Ok(n)
    }

    /// A counted array: the count, checked against `min_size` bytes per
    /// record, then that many records.
    fn counted<T>(
        &mut self,
        min_size: usize,
        what: &str,
        mut record: impl FnMut(&mut Self) -> R<T>,
    ) -> R<Vec<T>> {
        let n = self.checked_count(min_size, what)?;
        let mut records = Vec::with_capacity(n);
        for _ in 0..n {
            records.push(record(self)?);
        }
        Ok(records)
    }

    /// A 0/1 byte. Other values are read as "on" with a warning.
    fn flag(&mut self, section: Section, index: usize, what: &str) -> R<bool> {
        let at = self.pos();
        let v = self.u8()?;
        if v > 1 {
            self.warn_at(
                section,
                Some(index),
                at,
                format!("{what} flag is {v} (expected 0 or 1); read as 1"),
            );
        }
        Ok(v != 0)
    }

    /// A kind byte; an undefined value is kept, with a warning naming `what`.
    fn kind<K: ByteKind>(&mut self, section: Section, index: usize, what: &str) -> R<K> {
        let at = self.pos();
        let kind = K::from_byte(self.u8()?);
        if let Some(v) = kind.unknown() {
            self.warn_at(
                section,
                Some(index),
                at,
                format!("unknown {what} {v}; kept"),
            );
        }
        Ok(kind)
    }

    /// Signed 1/2/4-byte index (bones, textures, materials, morphs, rigid bodies).
    #[inline(always)]
    fn index(&mut self, size: u8) -> R<i32> {
        Ok(match size {
            1 => self.u8()? as i8 as i32,
            2 => self.u16()? as i16 as i32,
            _ => self.i32()?,
        })
    }
    /// Vertex index: unsigned at 1 and 2 bytes, signed at 4.
    #[inline(always)]
    fn vertex_index(&mut self) -> R<i32> {
        Ok(match self.sizes.vertex {
            1 => self.u8()? as i32,
            2 => self.u16()? as i32,
            _ => self.i32()?,
        })
    }
    /// Signed index of a width known at compile time.
    #[inline(always)]
    fn bidx<const S: usize>(&mut self) -> R<i32> {
        let a: [u8; S] = self.array()?;
        let c: &[u8] = &a;
        Ok(match S {
            1 => c[0] as i8 as i32,
            2 => i16::from_le_bytes([c[0], c[1]]) as i32,
            _ => i32::from_le_bytes([c[0], c[1], c[2], c[3]]),
        })
    }

    #[inline(always)]
    fn bone_index(&mut self) -> R<i32> {
        self.index(self.sizes.bone)
    }

    /// TextBuf: i32 byte length + bytes in the header's encoding.
    fn text(&mut self) -> R<String> {
        let at = self.pos();
        let len = self.i32()?;
        if len < 0 {
            return fail(at, format!("negative text length {len}"));
        }
        let bytes = self.take(len as usize)?;
        if self.utf8 {
            match std::str::from_utf8(bytes) {
                Ok(s) => Ok(s.to_owned()),
                Err(_) => {
                    self.text_warning(at, "invalid UTF-8");
                    Ok(String::from_utf8_lossy(bytes).into_owned())
                }
            }
        } else {
            let (s, had_errors) = encoding_rs::UTF_16LE.decode_without_bom_handling(bytes);
            if had_errors {
                self.text_warning(at, "invalid UTF-16 (odd length or unpaired surrogate)");
            }
            Ok(s.into_owned())
        }
    }

    /// A text that names the current element (remembered for error messages).
    fn name(&mut self) -> R<String> {
        self.name_at = Some(self.pos());
        self.text()
    }

    #[cold]
    fn text_warning(&mut self, at: usize, what: &str) {
        self.warnings.push(Warning {
            section: self.current.0.name(),
            index: self.current.1,
            offset: at,
            message: format!(
                "{what}; decoded with U+FFFD replacements (will not save byte-identical)"
            ),
        });
    }

    // ------------------------------------------------------------ sections

    fn read_vertices(&mut self) -> Result<Vec<Vertex>> {
        let n_uv = self.header.additional_uv_count as usize;
        let bs = self.sizes.bone as usize;
        let min = 32 + 16 * n_uv + 1 + bs + 4;
        let n = self.count(Section::Vertex, min)?;
        // One monomorphic loop per bone index width keeps the hot loop lean.
        let (out, qdef) = match bs {
            1 => self.vertex_loop::<1>(n, n_uv)?,
            2 => self.vertex_loop::<2>(n, n_uv)?,
            _ => self.vertex_loop::<4>(n, n_uv)?,
        };
        let (qdef_count, first_qdef) = qdef;
        if let Some((first, at)) = first_qdef {
            self.warn_at(
                Section::Vertex,
                Some(first),
                at,
                format!("{qdef_count} vertices use QDEF weights, which are PMX 2.1 only, but the file says 2.0 (first: vertex {first}); read anyway"),
            );
        }
        Ok(out)
    }

    /// Reads `n` vertices; also counts QDEF vertices in a 2.0 file (count, first index and offset).
    #[allow(clippy::type_complexity)]
    fn vertex_loop<const BS: usize>(
        &mut self,
        n: usize,
        n_uv: usize,
    ) -> Result<(Vec<Vertex>, (usize, Option<(usize, usize)>))> {
        let mut out = Vec::with_capacity(n);
        let v20 = self.is_v20();
        let (mut qdef_count, mut first_qdef) = (0usize, None);
        for i in 0..n {
            let at = self.pos();
            match self.vertex::<BS>(n_uv) {
                Ok(v) => {
                    if v20 && needs::weights_need_v21(&v.weights) {
                        qdef_count += 1;
                        first_qdef.get_or_insert((i, at));
                    }
                    out.push(v)
                }
                Err(e) => {
                    return Err(Error::parse(
                        Section::Vertex,
                        Some(i),
                        None,
                        e.offset,
                        e.message,
                    ))
                }
            }
        }
        Ok((out, (qdef_count, first_qdef)))
    }

    #[inline(always)]
    fn vertex<const BS: usize>(&mut self, n_uv: usize) -> R<Vertex> {
        let a: [u8; 32] = self.array()?;
        let mut additional_uvs = [Vec4::ZERO; 4];
        for uv in additional_uvs.iter_mut().take(n_uv) {
            *uv = self.vec4()?;
        }
        let kind_at = self.pos();
        let weights = match self.u8()? {
            0 => Weights::Bdef1 {
                bone: self.bidx::<BS>()?,
            },
            1 => Weights::Bdef2 {
                bones: [self.bidx::<BS>()?, self.bidx::<BS>()?],
                weight: self.f32()?,
            },
            2 => Weights::Bdef4 {
                bones: [
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                ],
                weights: [self.f32()?, self.f32()?, self.f32()?, self.f32()?],
            },
            3 => Weights::Sdef {
                bones: [self.bidx::<BS>()?, self.bidx::<BS>()?],
                weight: self.f32()?,
                c: self.vec3()?,
                r0: self.vec3()?,
                r1: self.vec3()?,
            },
            4 => Weights::Qdef {
                bones: [
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                ],
                weights: [self.f32()?, self.f32()?, self.f32()?, self.f32()?],
            },
            k => {
                return fail(
                    kind_at,
                    format!("unknown weight kind {k} (0..=4 are defined)"),
                )
            }
        };
        let edge_scale = self.f32()?;
        Ok(Vertex {
            position: vec3_at(&a, 0),
            normal: vec3_at(&a, 12),
            uv: Vec2::new(f32_at(&a, 24), f32_at(&a, 28)),
            additional_uvs,
            weights,
            edge_scale,
        })
    }

    fn read_faces(&mut self) -> Result<Vec<[i32; 3]>> {
        let vs = self.sizes.vertex as usize;
        let count_at = self.pos();
        let n = self.count(Section::Face, vs)?;
        if n % 3 != 0 {
            return Err(Error::parse(
                Section::Face,
                None,
                None,
                count_at,
                format!("face index count {n} is not a multiple of 3"),
            ));
        }
        let bytes = self.section(Section::Face, None, |r| Ok(r.take(n * vs)?))?;
        let tri = 3 * vs;
        // The count check above guarantees the bytes; decode them in one tight pass.
        let faces = match vs {
            1 => bytes
                .chunks_exact(tri)
                .map(|c| [c[0] as i32, c[1] as i32, c[2] as i32])
                .collect(),
            2 => bytes
                .chunks_exact(tri)
                .map(|c| {
                    [
                        u16::from_le_bytes([c[0], c[1]]) as i32,
                        u16::from_le_bytes([c[2], c[3]]) as i32,
                        u16::from_le_bytes([c[4], c[5]]) as i32,
                    ]
                })
                .collect(),
            _ => bytes
                .chunks_exact(tri)
                .map(|c| {
                    [
                        i32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                        i32::from_le_bytes([c[4], c[5], c[6], c[7]]),
                        i32::from_le_bytes([c[8], c[9], c[10], c[11]]),
                    ]
                })
                .collect(),
        };
        Ok(faces)
    }

    fn material(&mut self, i: usize) -> R<Material> {
        let name = self.name()?;
        let name_en = self.text()?;
        let diffuse = self.vec4()?;
        let specular = self.vec3()?;
        let specular_power = self.f32()?;
        let ambient = self.vec3()?;
        let flags_at = self.pos();
        let flags = MaterialFlags(self.u8()?);
        if self.is_v20() && needs::v21_flag_bits(flags) != 0 {
            self.warn_at(
                Section::Material,
                Some(i),
                flags_at,
                format!(
                    "draw flags {:#04x} use PMX 2.1 bits (vertex colour/point/line) in a 2.0 file; kept",
                    flags.0
                ),
            );
        }
        let edge_color = self.vec4()?;
        let edge_size = self.f32()?;
        let ts = self.sizes.texture;
        let texture = self.index(ts)?;
        let sphere_texture = self.index(ts)?;
        let sphere_mode = self.kind(Section::Material, i, "sphere mode")?;
        let toon = if self.flag(Section::Material, i, "shared toon")? {
            Toon::Shared(self.u8()?)
        } else {
            Toon::Texture(self.index(ts)?)
        };
        let memo = self.text()?;
        let face_index_count = self.i32()?;
        Ok(Material {
            name,
            name_en,
            diffuse,
            specular,
            specular_power,
            ambient,
            flags,
            edge_color,
            edge_size,
            texture,
            sphere_texture,
            sphere_mode,
            toon,
            memo,
            face_index_count,
        })
    }

    fn bone(&mut self, i: usize) -> R<Bone> {
        let name = self.name()?;
        let name_en = self.text()?;
        let position = self.vec3()?;
        let parent = self.bone_index()?;
        let layer = self.i32()?;
        let raw = self.u16()?;
        let tail = if raw & BoneFlags::TAIL_IS_BONE != 0 {
            Tail::Bone(self.bone_index()?)
        } else {
            Tail::Offset(self.vec3()?)
        };
        let rotate = raw & BoneFlags::APPEND_ROTATE != 0;
        let translate = raw & BoneFlags::APPEND_MOVE != 0;
        let append = if rotate || translate {
            Some(Append {
                parent: self.bone_index()?,
                ratio: self.f32()?,
                rotate,
                translate,
            })
        } else {
            None
        };
        let fixed_axis = if raw & BoneFlags::FIXED_AXIS != 0 {
            Some(self.vec3()?)
        } else {
            None
        };
        let local_axes = if raw & BoneFlags::LOCAL_AXES != 0 {
            Some(LocalAxes {
                x: self.vec3()?,
                z: self.vec3()?,
            })
        } else {
            None
        };
        let external_parent_key = if raw & BoneFlags::EXTERNAL_PARENT != 0 {
            Some(self.i32()?)
        } else {
            None
        };
        let ik = if raw & BoneFlags::IK != 0 {
            let target = self.bone_index()?;
            let loop_count = self.i32()?;
            let limit_angle = self.f32()?;
            let n = self.checked_count(self.sizes.bone as usize + 1, "IK link count")?;
            // A link can be 2 bytes in the file but 32 in memory: let the
            // vector grow with what is actually read instead of trusting n.
            let mut links = Vec::with_capacity(n.min(64));
            for _ in 0..n {
                let bone = self.bone_index()?;
                let limits = if self.flag(Section::Bone, i, "IK link angle limit")? {
                    Some(IkLimits {
                        lower: self.vec3()?,
                        upper: self.vec3()?,
                    })
                } else {
                    None
                };
                links.push(IkLink { bone, limits });
            }
            Some(Ik {
                target,
                loop_count,
                limit_angle,
                links,
            })
        } else {
            None
        };
        Ok(Bone {
            name,
            name_en,
            position,
            parent,
            layer,
            flags: BoneFlags(raw & !BoneFlags::STRUCTURAL),
            tail,
            append,
            fixed_axis,
            local_axes,
            external_parent_key,
            ik,
        })
    }

    fn morph(&mut self, i: usize) -> R<Morph> {
        let name = self.name()?;
        let name_en = self.text()?;
        let panel = self.u8()?;
        let kind_at = self.pos();
        let kind_byte = self.u8()?;
        let Some(kind) = MorphKind::from_u8(kind_byte) else {
            return fail(
                kind_at,
                format!("unknown morph kind {kind_byte} (0..=10 are defined)"),
            );
        };
        if needs::morph_kind_needs_v21(kind) && self.is_v20() {
            self.warn_at(
                Section::Morph,
                Some(i),
                kind_at,
                format!(
                    "{} morph is PMX 2.1 only but the file says 2.0; read anyway",
                    kind.name()
                ),
            );
        }
        let s = self.sizes;
        let (vs, bs, ms, mts, rs) = (
            s.vertex as usize,
            s.bone as usize,
            s.morph as usize,
            s.material as usize,
            s.rigid_body as usize,
        );
        let offsets = match kind {
            MorphKind::Group | MorphKind::Flip => {
                let v = self.counted(ms + 4, "offset count", |r| {
                    Ok(GroupOffset {
                        morph: r.index(s.morph)?,
                        ratio: r.f32()?,
                    })
                })?;
                if kind == MorphKind::Group {
                    MorphOffsets::Group(v)
                } else {
                    MorphOffsets::Flip(v)
                }
            }
            MorphKind::Vertex => {
                // Fixed-size records: the count check guarantees the bytes,
                // so take them at once and decode in a tight loop.
                let n = self.checked_count(vs + 12, "offset count")?;
                let bytes = self.take(n * (vs + 12))?;
                MorphOffsets::Vertex(match vs {
                    1 => vertex_offsets::<1>(bytes),
                    2 => vertex_offsets::<2>(bytes),
                    _ => vertex_offsets::<4>(bytes),
                })
            }
            MorphKind::Bone => {
                let v = self.counted(bs + 28, "offset count", |r| {
                    Ok(BoneOffset {
                        bone: r.index(s.bone)?,
                        translation: r.vec3()?,
                        rotation: r.vec4()?,
                    })
                })?;
                MorphOffsets::Bone(v)
            }
            MorphKind::Uv
            | MorphKind::AdditionalUv1
            | MorphKind::AdditionalUv2
            | MorphKind::AdditionalUv3
            | MorphKind::AdditionalUv4 => {
                let n = self.checked_count(vs + 16, "offset count")?;
                let bytes = self.take(n * (vs + 16))?;
                MorphOffsets::Uv {
                    layer: kind_byte - MorphKind::Uv as u8,
                    offsets: match vs {
                        1 => uv_offsets::<1>(bytes),
                        2 => uv_offsets::<2>(bytes),
                        _ => uv_offsets::<4>(bytes),
                    },
                }
            }
            MorphKind::Material => {
                let v = self.counted(mts + 113, "offset count", |r| {
                    Ok(MaterialOffset {
                        material: r.index(s.material)?,
                        op: r.kind(Section::Morph, i, "material morph operation")?,
                        diffuse: r.vec4()?,
                        specular: r.vec3()?,
                        specular_power: r.f32()?,
                        ambient: r.vec3()?,
                        edge_color: r.vec4()?,
                        edge_size: r.f32()?,
                        texture_tint: r.vec4()?,
                        sphere_tint: r.vec4()?,
                        toon_tint: r.vec4()?,
                    })
                })?;
                MorphOffsets::Material(v)
            }
            MorphKind::Impulse => {
                let v = self.counted(rs + 25, "offset count", |r| {
                    Ok(ImpulseOffset {
                        rigid_body: r.index(s.rigid_body)?,
                        local: r.flag(Section::Morph, i, "impulse local")?,
                        velocity: r.vec3()?,
                        torque: r.vec3()?,
                    })
                })?;
                MorphOffsets::Impulse(v)
            }
        };
        Ok(Morph {
            name,
            name_en,
            panel,
            offsets,
        })
    }

    fn display_frame(&mut self, i: usize) -> R<DisplayFrame> {
        let name = self.name()?;
        let name_en = self.text()?;
        let special = self.flag(Section::DisplayFrame, i, "special-frame")?;
        let s = self.sizes;
        let min = 1 + (s.bone.min(s.morph) as usize);
        let elements = self.counted(min, "element count", |r| {
            let at = r.pos();
            Ok(match r.u8()? {
                0 => DisplayElement::Bone(r.index(s.bone)?),
                1 => DisplayElement::Morph(r.index(s.morph)?),
                t => {
                    return fail(
                        at,
                        format!("display element target {t} is neither 0 (bone) nor 1 (morph)"),
                    )
                }
            })
        })?;
        Ok(DisplayFrame {
            name,
            name_en,
            special,
            elements,
        })
    }

    fn rigid_body(&mut self, i: usize) -> R<RigidBody> {
        let section = Section::RigidBody;
        Ok(RigidBody {
            name: self.name()?,
            name_en: self.text()?,
            bone: self.bone_index()?,
            group: self.u8()?,
            collision_mask: self.u16()?,
            shape: self.kind(section, i, "shape")?,
            size: self.vec3()?,
            position: self.vec3()?,
            rotation: self.vec3()?,
            mass: self.f32()?,
            linear_damping: self.f32()?,
            angular_damping: self.f32()?,
            restitution: self.f32()?,
            friction: self.f32()?,
            mode: self.kind(section, i, "physics mode")?,
        })
    }

    fn joint(&mut self, i: usize) -> R<Joint> {
        let name = self.name()?;
        let name_en = self.text()?;
        let kind_at = self.pos();
        let kind: JointKind = self.kind(Section::Joint, i, "joint kind")?;
        if kind.unknown().is_none() && needs::joint_kind_needs_v21(kind) && self.is_v20() {
            self.warn_at(
                Section::Joint,
                Some(i),
                kind_at,
                format!(
                    "joint kind {} ({}) in a 2.0 file (2.0 has only spring 6DOF); read anyway",
                    kind.to_u8(),
                    kind.name()
                ),
            );
        }
        let rs = self.sizes.rigid_body;
        Ok(Joint {
            name,
            name_en,
            kind,
            body_a: self.index(rs)?,
            body_b: self.index(rs)?,
            position: self.vec3()?,
            rotation: self.vec3()?,
            linear_lower: self.vec3()?,
            linear_upper: self.vec3()?,
            angular_lower: self.vec3()?,
            angular_upper: self.vec3()?,
            linear_spring: self.vec3()?,
            angular_spring: self.vec3()?,
        })
    }

    fn soft_body(&mut self, i: usize) -> R<SoftBody> {
        let name = self.name()?;
        let name_en = self.text()?;
        let s = self.sizes;
        let shape = SoftBodyShape::from_u8(self.u8()?);
        let material = self.index(s.material)?;
        let group = self.u8()?;
        let collision_mask = self.u16()?;
        let flags = SoftBodyFlags(self.u8()?);
        let b_link_distance = self.i32()?;
        let cluster_count = self.i32()?;
        let total_mass = self.f32()?;
        let margin = self.f32()?;
        let aero_model = AeroModel::from_i32(self.i32()?);
        let config = SoftBodyConfig {
            vcf: self.f32()?,
            dp: self.f32()?,
            dg: self.f32()?,
            lf: self.f32()?,
            pr: self.f32()?,
            vc: self.f32()?,
            df: self.f32()?,
            mt: self.f32()?,
            chr: self.f32()?,
            khr: self.f32()?,
            shr: self.f32()?,
            ahr: self.f32()?,
        };
        let cluster = SoftBodyClusterParams {
            srhr_cl: self.f32()?,
            skhr_cl: self.f32()?,
            sshr_cl: self.f32()?,
            sr_splt_cl: self.f32()?,
            sk_splt_cl: self.f32()?,
            ss_splt_cl: self.f32()?,
        };
        let iterations = SoftBodyIterations {
            velocity: self.i32()?,
            position: self.i32()?,
            drift: self.i32()?,
            cluster: self.i32()?,
        };
        let material_params = SoftBodyMaterial {
            lst: self.f32()?,
            ast: self.f32()?,
            vst: self.f32()?,
        };
        let anchors = self.counted(
            s.rigid_body as usize + s.vertex as usize + 1,
            "anchor count",
            |r| {
                Ok(SoftBodyAnchor {
                    rigid_body: r.index(s.rigid_body)?,
                    vertex: r.vertex_index()?,
                    near_mode: r.flag(Section::SoftBody, i, "anchor near-mode")?,
                })
            },
        )?;
        let pins = self.counted(s.vertex as usize, "pin count", Self::vertex_index)?;
        Ok(SoftBody {
            name,
            name_en,
            shape,
            material,
            group,
            collision_mask,
            flags,
            b_link_distance,
            cluster_count,
            total_mass,
            margin,
            aero_model,
            config,
            cluster,
            iterations,
            material_params,
            anchors,
            pins,
        })
    }
}

/// Vertex index of width `S` at the start of `c` (unsigned at 1 and 2 bytes).
#[inline(always)]
fn vertex_index_at<const S: usize>(c: &[u8]) -> i32 {
    match S {
        1 => c[0] as i32,
        2 => u16::from_le_bytes([c[0], c[1]]) as i32,
        _ => i32::from_le_bytes([c[0], c[1], c[2], c[3]]),
    }
}

fn vertex_offsets<const S: usize>(bytes: &[u8]) -> Vec<VertexOffset> {
    bytes
        .chunks_exact(S + 12)
        .map(|c| VertexOffset {
            vertex: vertex_index_at::<S>(c),
            offset: vec3_at(c, S),
        })
        .collect()
}

fn uv_offsets<const S: usize>(bytes: &[u8]) -> Vec<UvOffset> {
    bytes
        .chunks_exact(S + 16)
        .map(|c| UvOffset {
            vertex: vertex_index_at::<S>(c),
            offset: vec3_at(c, S).extend(f32_at(c, S + 12)),
        })
        .collect()
}
