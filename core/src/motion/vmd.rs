//! VMD (Vocaloid Motion Data) reader and writer.
//!
//! Layout (little-endian), as MikuMikuDance writes it:
//! - header: 30 bytes magic ("Vocaloid Motion Data 0002" NUL-padded; the old
//!   "Vocaloid Motion Data file" variant has a 10-byte model name), model name
//!   (20 bytes, Shift-JIS);
//! - bone keys: u32 count, each 111 bytes: name (15), frame u32, translation
//!   3×f32, rotation quaternion x,y,z,w, interpolation (64 bytes);
//! - morph keys: u32 count, each 23 bytes: name (15), frame u32, weight f32;
//! - camera keys (61 bytes each), light keys (28), self-shadow keys (9): kept as
//!   bytes (Hone does not play them) and written back as they were;
//! - property keys: frame u32, visible u8, u32 IK count, each IK: name (20), on u8.
//!
//! Every section after the bone keys is optional: older files simply end.

use super::Bezier;
use crate::pmx::cursor::{f32_at, until_nul, vec3_at, Cursor, Short};
use crate::pmx::{Error, Result, Section};
use glam::{Quat, Vec3};

const MAGIC_V2: &[u8] = b"Vocaloid Motion Data 0002";
const MAGIC_V1: &[u8] = b"Vocaloid Motion Data file";
const BONE_KEY_SIZE: usize = 111;
const MORPH_KEY_SIZE: usize = 23;
pub(crate) const CAMERA_KEY_SIZE: usize = 61;
pub(crate) const LIGHT_KEY_SIZE: usize = 28;
pub(crate) const SHADOW_KEY_SIZE: usize = 9;
/// Smallest property key: frame + visible + IK count.
const PROPERTY_KEY_MIN: usize = 9;
const PROPERTY_IK_SIZE: usize = 21;

/// A name as stored (Shift-JIS bytes up to the first NUL) and decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VmdName {
    pub text: String,
    pub raw: Vec<u8>,
}

/// One bone key frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneKey {
    pub frame: u32,
    /// Offset from the bone's rest position.
    pub translation: Vec3,
    pub rotation: Quat,
    /// Interpolation curves for X, Y, Z translation and rotation, towards this key.
    pub curves: [Bezier; 4],
    /// MMD marks "physics off for this bone" with bytes 0x63 0x0F in the
    /// interpolation block (slots 2 and 3 of the first row).
    pub physics_off: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MorphKey {
    pub frame: u32,
    pub weight: f32,
}

/// Model property key: visibility and the IK on/off switches.
#[derive(Debug, Clone, PartialEq)]
pub struct PropertyKey {
    pub frame: u32,
    pub visible: bool,
    pub ik: Vec<(VmdName, bool)>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vmd {
    pub model_name: String,
    pub bone_keys: Vec<(VmdName, BoneKey)>,
    pub morph_keys: Vec<(VmdName, MorphKey)>,
    pub property_keys: Vec<PropertyKey>,
    /// Sections Hone does not use; their keys are checked and counted.
    pub camera_key_count: usize,
    pub light_key_count: usize,
    pub self_shadow_key_count: usize,
    /// Those sections' keys as the file stores them (count × key size bytes each),
    /// so a written motion keeps its camera, light and shadow.
    pub camera_keys_raw: Vec<u8>,
    pub light_keys_raw: Vec<u8>,
    pub self_shadow_keys_raw: Vec<u8>,
    /// The model-name field as read (MMD leaves bytes after the NUL); written back
    /// when it still decodes to `model_name`.
    pub model_name_raw: Vec<u8>,
    /// Per bone key, its 64 interpolation bytes as read (MMD leaves stray bytes at the
    /// ends of rows 1–3); written back when they still read as the key's curves.
    /// Empty or shorter than `bone_keys`: the missing ones are written as MMD does.
    pub bone_interpolation_raw: Vec<[u8; 64]>,
}

impl Vmd {
    /// Last key frame of any bone, morph or property key.
    pub fn last_frame(&self) -> u32 {
        let b = self.bone_keys.iter().map(|(_, k)| k.frame).max();
        let m = self.morph_keys.iter().map(|(_, k)| k.frame).max();
        let p = self.property_keys.iter().map(|k| k.frame).max();
        b.into_iter().chain(m).chain(p).max().unwrap_or(0)
    }
}

/// Decodes a fixed-size Shift-JIS name field: bytes up to the first NUL.
/// A multi-byte character cut by the field's end decodes as U+FFFD.
pub fn decode_name(field: &[u8]) -> VmdName {
    let raw = until_nul(field).to_vec();
    let (text, _, _) = encoding_rs::SHIFT_JIS.decode(&raw);
    VmdName {
        text: text.into_owned(),
        raw,
    }
}

/// The bytes MMD would store for `name` in a `size`-byte field (Shift-JIS, cut to fit).
pub fn encode_name(name: &str, size: usize) -> Vec<u8> {
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(name);
    let mut v = bytes.into_owned();
    v.truncate(size);
    v
}

/// A short read, worded for VMD: what was being read, and for which key.
fn short(what: &str, index: Option<usize>) -> impl FnOnce(Short) -> Error + '_ {
    move |s| Error::parse(Section::Motion, index, None, s.at, s.message(what))
}

/// A section count, checked against the bytes left before anything is allocated.
fn count(c: &mut Cursor<'_>, what: &str, min_size: usize) -> Result<usize> {
    let at = c.pos();
    let n = c.u32().map_err(short(what, None))? as usize;
    c.check_fits(n, min_size)
        .map_err(|e| Error::parse(Section::Motion, None, None, at, e.message(what, n)))?;
    Ok(n)
}

/// A section of keys Hone does not use: checked, counted and kept as bytes.
fn skip_keys(c: &mut Cursor<'_>, kind: &str, key_size: usize) -> Result<(usize, Vec<u8>)> {
    let n = count(c, &crate::tr!("vmd-what-key-count", kind = kind), key_size)?;
    let bytes = c
        .take(n * key_size)
        .map_err(short(&format!("{kind} keys"), None))?;
    Ok((n, bytes.to_vec()))
}

/// Reads the four curves from a bone key's 64 interpolation bytes.
///
/// The block is four rows of 16 bytes; row 0 holds x1 of X/Y/Z/R, then y1, x2, y2
/// (so curve c uses bytes c, 4+c, 8+c, 12+c), and each later row is the previous
/// one shifted left by a byte. MMD overwrites row-0 bytes 2 and 3 (x1 of Z and R)
/// with its physics switch (0x63 0x0F = off, 0 0 = on); the true values survive in
/// row 1 (bytes 17 and 18), which is where they are taken from in that case.
pub fn read_interpolation(ip: &[u8; 64]) -> ([Bezier; 4], bool) {
    let physics_off = ip[2] == 0x63 && ip[3] == 0x0F;
    let overwritten = physics_off || (ip[2] == 0 && ip[3] == 0);
    let mut curves = [Bezier::LINEAR; 4];
    for (c, curve) in curves.iter_mut().enumerate() {
        let mut x1 = ip[c];
        if overwritten && (c == 2 || c == 3) && ip[16 + c - 1] != 0 {
            x1 = ip[16 + c - 1];
        }
        *curve = Bezier::from_bytes(x1, ip[4 + c], ip[8 + c], ip[12 + c]);
    }
    (curves, physics_off)
}

/// Parses VMD bytes. Never panics; truncated or inconsistent data gives an
/// error with the byte offset.
pub fn read_vmd(bytes: &[u8]) -> Result<Vmd> {
    let mut c = Cursor::new(bytes);
    let magic = c.take(30).map_err(short("header", None))?;
    let name_len = if magic.starts_with(MAGIC_V2) {
        20
    } else if magic.starts_with(MAGIC_V1) {
        10
    } else {
        return Err(Error::parse(
            Section::Motion,
            None,
            None,
            0,
            crate::tr!("vmd-read-not-vmd"),
        ));
    };
    let name_field = c.take(name_len).map_err(short("model name", None))?;
    let mut vmd = Vmd {
        model_name: decode_name(name_field).text,
        model_name_raw: name_field.to_vec(),
        ..Default::default()
    };

    let n = count(&mut c, "bone key count", BONE_KEY_SIZE)?;
    vmd.bone_keys.reserve_exact(n);
    vmd.bone_interpolation_raw.reserve_exact(n);
    for i in 0..n {
        let b = c.take(BONE_KEY_SIZE).map_err(short("bone key", Some(i)))?;
        let name = decode_name(&b[0..15]);
        let frame = u32::from_le_bytes([b[15], b[16], b[17], b[18]]);
        let translation = vec3_at(b, 19);
        let q = Quat::from_xyzw(f32_at(b, 31), f32_at(b, 35), f32_at(b, 39), f32_at(b, 43));
        // A zero or non-finite quaternion cannot be normalised: treat it as "no rotation".
        let rotation = if q.is_finite() && q.length_squared() > 1e-12 {
            q.normalize()
        } else {
            Quat::IDENTITY
        };
        let mut ip = [0u8; 64];
        ip.copy_from_slice(&b[47..111]);
        let (curves, physics_off) = read_interpolation(&ip);
        vmd.bone_interpolation_raw.push(ip);
        vmd.bone_keys.push((
            name,
            BoneKey {
                frame,
                translation: if translation.is_finite() {
                    translation
                } else {
                    Vec3::ZERO
                },
                rotation,
                curves,
                physics_off,
            },
        ));
    }

    if c.is_at_end() {
        return Ok(vmd);
    }
    let n = count(&mut c, "morph key count", MORPH_KEY_SIZE)?;
    vmd.morph_keys.reserve_exact(n);
    for i in 0..n {
        let b = c
            .take(MORPH_KEY_SIZE)
            .map_err(short("morph key", Some(i)))?;
        let weight = f32_at(b, 19);
        vmd.morph_keys.push((
            decode_name(&b[0..15]),
            MorphKey {
                frame: u32::from_le_bytes([b[15], b[16], b[17], b[18]]),
                weight: if weight.is_finite() { weight } else { 0.0 },
            },
        ));
    }

    if c.is_at_end() {
        return Ok(vmd);
    }
    (vmd.camera_key_count, vmd.camera_keys_raw) = skip_keys(&mut c, "camera", CAMERA_KEY_SIZE)?;

    if c.is_at_end() {
        return Ok(vmd);
    }
    (vmd.light_key_count, vmd.light_keys_raw) = skip_keys(&mut c, "light", LIGHT_KEY_SIZE)?;

    if c.is_at_end() {
        return Ok(vmd);
    }
    (vmd.self_shadow_key_count, vmd.self_shadow_keys_raw) =
        skip_keys(&mut c, "self-shadow", SHADOW_KEY_SIZE)?;

    if c.is_at_end() {
        return Ok(vmd);
    }
    let n = count(&mut c, "property key count", PROPERTY_KEY_MIN)?;
    vmd.property_keys.reserve_exact(n);
    for i in 0..n {
        let frame = c.u32().map_err(short("property key frame", Some(i)))?;
        let visible = c.u8().map_err(short("property key visible", Some(i)))? != 0;
        let at = c.pos();
        let ik_count = c.u32().map_err(short("property key IK count", Some(i)))? as usize;
        c.check_fits(ik_count, PROPERTY_IK_SIZE).map_err(|e| {
            Error::parse(
                Section::Motion,
                Some(i),
                None,
                at,
                crate::tr!(
                    "vmd-read-ik-count",
                    count = ik_count,
                    needed = e.need_text(),
                    left = e.left
                ),
            )
        })?;
        let mut ik = Vec::with_capacity(ik_count);
        for _ in 0..ik_count {
            let b = c
                .take(PROPERTY_IK_SIZE)
                .map_err(short("property key IK", Some(i)))?;
            ik.push((decode_name(&b[0..20]), b[20] != 0));
        }
        vmd.property_keys.push(PropertyKey { frame, visible, ik });
    }
    // Anything after the property section is ignored, as MMD does.
    Ok(vmd)
}

/// Reads a VMD file from disk.
pub fn load_vmd(path: impl AsRef<std::path::Path>) -> Result<Vmd> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    read_vmd(&bytes)
}
