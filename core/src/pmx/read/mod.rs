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

mod mesh;
mod physics;
mod rig;

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
            message: crate::tr!("pmx-read-short", needed = s.needed, left = s.left),
        })
    }
}

crate::enum_with_all! {
    /// A field a count, flag or kind error names.
    #[derive(Debug, Clone, Copy)]
    enum What {
        Count,
        SphereMode,
        SharedToon,
        Shape,
        PhysicsMode,
        JointKind,
        AnchorNearMode,
        AnchorCount,
        PinCount,
        IkLinkCount,
        IkLinkAngleLimit,
        OffsetCount,
        MaterialMorphOperation,
        ImpulseLocal,
        SpecialFrame,
        ElementCount,
    }
}

impl What {
    /// The field's name in the current language.
    fn label(self) -> String {
        crate::i18n::variant_label("pmx-field-", self)
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
                crate::tr!("pmx-read-no-soft-body-count"),
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
            crate::tr!("pmx-read-trailing-bytes", count = extra),
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
                crate::tr!("pmx-read-too-short", size = buf.len()),
            ));
        };
        match &magic {
            b"PMX " => {}
            b"Pmx " => return Err(Error::Unsupported(crate::tr!("pmx-read-pmx10"))),
            m => {
                return Err(Error::Unsupported(crate::tr!(
                    "pmx-read-not-pmx",
                    magic = format!("{:02x} {:02x} {:02x} {:02x}", m[0], m[1], m[2], m[3])
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
                return Err(Error::Unsupported(crate::tr!(
                    "pmx-read-version",
                    version = f32::from_bits(bits).to_string()
                )))
            }
        };
        let globals_at = r.pos();
        let n_globals = r.section(Section::Header, None, |r| Ok(r.u8()?))? as usize;
        if n_globals < 8 {
            return Err(header_err(
                globals_at,
                crate::tr!("pmx-read-few-globals", count = n_globals),
            ));
        }
        let globals = r.section(Section::Header, None, |r| Ok(r.take(n_globals)?.to_vec()))?;
        let encoding = match globals[0] {
            0 => TextEncoding::Utf16Le,
            1 => TextEncoding::Utf8,
            v => {
                return Err(header_err(
                    globals_at + 1,
                    crate::tr!("pmx-read-encoding", value = v),
                ))
            }
        };
        let additional_uv_count = globals[1];
        if additional_uv_count > 4 {
            // More than 4 cannot be kept by the model; refuse rather than drop data.
            return Err(header_err(
                globals_at + 2,
                crate::tr!("pmx-read-uv-count", count = additional_uv_count),
            ));
        }
        let kinds = [
            Section::Vertex,
            Section::Texture,
            Section::Material,
            Section::Bone,
            Section::Morph,
            Section::RigidBody,
        ];
        for (k, &s) in globals[2..8].iter().enumerate() {
            if !matches!(s, 1 | 2 | 4) {
                return Err(header_err(
                    globals_at + 3 + k,
                    crate::tr!("pmx-read-index-size", kind = kinds[k].label(), size = s),
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
                crate::tr!(
                    "pmx-read-extra-globals",
                    count = n_globals,
                    version = version.as_f32().to_string()
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
        self.section(section, None, |r| r.checked_count(min_size, What::Count))
    }

    fn checked_count(&mut self, min_size: usize, what: What) -> R<usize> {
        let at = self.pos();
        let n = self.i32()?;
        if n < 0 {
            return fail(
                at,
                crate::tr!("pmx-read-negative", what = what.label(), value = n),
            );
        }
        let n = n as usize;
        if let Err(e) = self.check_fits(n, min_size) {
            return fail(at, e.message(&what.label(), n));
        }
        Ok(n)
    }

    /// A counted array: the count, checked against `min_size` bytes per
    /// record, then that many records.
    fn counted<T>(
        &mut self,
        min_size: usize,
        what: What,
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
    fn flag(&mut self, section: Section, index: usize, what: What) -> R<bool> {
        let at = self.pos();
        let v = self.u8()?;
        if v > 1 {
            self.warn_at(
                section,
                Some(index),
                at,
                crate::tr!("pmx-read-flag", what = what.label(), value = v),
            );
        }
        Ok(v != 0)
    }

    /// A kind byte; an undefined value is kept, with a warning naming `what`.
    fn kind<K: ByteKind>(&mut self, section: Section, index: usize, what: What) -> R<K> {
        let at = self.pos();
        let kind = K::from_byte(self.u8()?);
        if let Some(v) = kind.unknown() {
            self.warn_at(
                section,
                Some(index),
                at,
                crate::tr!("pmx-read-unknown-kind", what = what.label(), value = v),
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
            return fail(
                at,
                crate::tr!("pmx-read-negative-text-length", length = len),
            );
        }
        let bytes = self.take(len as usize)?;
        if self.utf8 {
            match std::str::from_utf8(bytes) {
                Ok(s) => Ok(s.to_owned()),
                Err(_) => {
                    self.text_warning(at, crate::tr!("pmx-read-bad-utf8"));
                    Ok(String::from_utf8_lossy(bytes).into_owned())
                }
            }
        } else {
            let (s, had_errors) = encoding_rs::UTF_16LE.decode_without_bom_handling(bytes);
            if had_errors {
                self.text_warning(at, crate::tr!("pmx-read-bad-utf16"));
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
    fn text_warning(&mut self, at: usize, what: String) {
        self.warnings.push(Warning {
            section: self.current.0.name(),
            index: self.current.1,
            offset: at,
            message: crate::tr!("pmx-read-text-replaced", what = what),
        });
    }
}

#[cfg(test)]
mod field_label_tests {
    #[test]
    fn every_field_label_is_in_both_catalogues() {
        let names = super::What::ALL.map(|w| format!("{w:?}"));
        assert_eq!(crate::i18n::missing_keys("pmx-field-", names), [""; 0]);
    }
}
