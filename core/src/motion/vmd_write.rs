//! VMD writer: the layout [`super::vmd`] reads, as MikuMikuDance writes it.
//!
//! Always the "Vocaloid Motion Data 0002" header (20-byte model name). Names are
//! Shift-JIS in fixed fields (bones and morphs 15 bytes, IK switches 20); a name that
//! does not fit is cut to the field, as MMD itself does, and listed in the report so
//! the caller can say so. Interpolation blocks are written as MMD does (see
//! [`interpolation_bytes`]) unless the motion kept the bytes it was read from.

use super::vmd::{
    encode_name, read_interpolation, BoneKey, Vmd, VmdName, CAMERA_KEY_SIZE, LIGHT_KEY_SIZE,
    SHADOW_KEY_SIZE,
};
use super::Bezier;

/// Names that did not fit their field (cut, or holding characters Shift-JIS lacks).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VmdWriteReport {
    pub cut_bone_names: Vec<String>,
    pub cut_morph_names: Vec<String>,
    pub cut_ik_names: Vec<String>,
    /// The model name did not fit its 20 bytes.
    pub cut_model_name: bool,
}

impl VmdWriteReport {
    pub fn is_clean(&self) -> bool {
        self.cut_bone_names.is_empty()
            && self.cut_morph_names.is_empty()
            && self.cut_ik_names.is_empty()
            && !self.cut_model_name
    }
}

/// A curve control value (0..=1) as the file's byte (0..=127).
fn curve_byte(v: f32) -> u8 {
    if v.is_finite() {
        (v.clamp(0.0, 1.0) * 127.0).round() as u8
    } else {
        0
    }
}

/// The 64 interpolation bytes MMD writes for `curves` and the physics switch: row 0
/// holds x1 of X/Y/Z/R, then y1, x2, y2; rows 1–3 are row 0 shifted left by one byte
/// each (zero-filled); row-0 bytes 2 and 3 then carry the physics switch (0x63 0x0F off,
/// 0 0 on), the true values surviving in row 1.
pub fn interpolation_bytes(curves: &[Bezier; 4], physics_off: bool) -> [u8; 64] {
    let mut row = [0u8; 16];
    for (c, b) in curves.iter().enumerate() {
        row[c] = curve_byte(b.x1);
        row[4 + c] = curve_byte(b.y1);
        row[8 + c] = curve_byte(b.x2);
        row[12 + c] = curve_byte(b.y2);
    }
    let mut ip = [0u8; 64];
    for r in 0..4 {
        ip[r * 16..r * 16 + 16 - r].copy_from_slice(&row[r..]);
    }
    (ip[2], ip[3]) = if physics_off { (0x63, 0x0F) } else { (0, 0) };
    ip
}

/// A name field: the bytes read when they still decode to the name, else the name
/// encoded (and cut, reported through `cut`), NUL-padded to `size`.
fn put_name(out: &mut Vec<u8>, name: &VmdName, size: usize, cut: &mut impl FnMut()) {
    let kept = name.raw.len() <= size && super::vmd::decode_name(&name.raw).text == name.text;
    let bytes = if kept {
        name.raw.clone()
    } else {
        if !super::names::vmd_name_fit(&name.text).fits(size) {
            cut();
        }
        encode_name(&name.text, size)
    };
    out.extend_from_slice(&bytes);
    out.resize(out.len() + size - bytes.len(), 0);
}

fn put_f32(out: &mut Vec<u8>, v: f32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_u32(out: &mut Vec<u8>, v: usize) {
    out.extend_from_slice(&(v.min(u32::MAX as usize) as u32).to_le_bytes());
}

fn push_once(list: &mut Vec<String>, name: &str) {
    if !list.iter().any(|n| n == name) {
        list.push(name.to_string());
    }
}

/// A raw section kept from reading, or none when its length does not match the count.
fn raw_section(raw: &[u8], count: usize, key_size: usize) -> &[u8] {
    if raw.len() == count * key_size {
        raw
    } else {
        &[]
    }
}

/// The bytes of `vmd` as a VMD file, and what did not fit.
pub fn write_vmd(vmd: &Vmd) -> (Vec<u8>, VmdWriteReport) {
    let mut report = VmdWriteReport::default();
    let mut out = Vec::with_capacity(
        54 + vmd.bone_keys.len() * 111 + vmd.morph_keys.len() * 23 + vmd.camera_keys_raw.len(),
    );
    let mut magic = b"Vocaloid Motion Data 0002".to_vec();
    magic.resize(30, 0);
    out.extend_from_slice(&magic);
    let raw_name = VmdName {
        text: vmd.model_name.clone(),
        raw: vmd.model_name_raw.clone(),
    };
    if vmd.model_name_raw.len() == 20
        && super::vmd::decode_name(&vmd.model_name_raw).text == vmd.model_name
    {
        out.extend_from_slice(&vmd.model_name_raw);
    } else {
        let name = VmdName {
            raw: Vec::new(),
            ..raw_name
        };
        put_name(&mut out, &name, 20, &mut || report.cut_model_name = true);
    }

    put_u32(&mut out, vmd.bone_keys.len());
    for (i, (name, key)) in vmd.bone_keys.iter().enumerate() {
        put_name(&mut out, name, 15, &mut || {
            push_once(&mut report.cut_bone_names, &name.text)
        });
        write_bone_key(&mut out, key, vmd.bone_interpolation_raw.get(i));
    }

    put_u32(&mut out, vmd.morph_keys.len());
    for (name, key) in &vmd.morph_keys {
        put_name(&mut out, name, 15, &mut || {
            push_once(&mut report.cut_morph_names, &name.text)
        });
        put_u32(&mut out, key.frame as usize);
        put_f32(&mut out, key.weight);
    }

    for (count, raw, size) in [
        (vmd.camera_key_count, &vmd.camera_keys_raw, CAMERA_KEY_SIZE),
        (vmd.light_key_count, &vmd.light_keys_raw, LIGHT_KEY_SIZE),
        (
            vmd.self_shadow_key_count,
            &vmd.self_shadow_keys_raw,
            SHADOW_KEY_SIZE,
        ),
    ] {
        let raw = raw_section(raw, count, size);
        put_u32(&mut out, raw.len() / size);
        out.extend_from_slice(raw);
    }

    put_u32(&mut out, vmd.property_keys.len());
    for key in &vmd.property_keys {
        put_u32(&mut out, key.frame as usize);
        out.push(key.visible as u8);
        put_u32(&mut out, key.ik.len());
        for (name, on) in &key.ik {
            put_name(&mut out, name, 20, &mut || {
                push_once(&mut report.cut_ik_names, &name.text)
            });
            out.push(*on as u8);
        }
    }
    (out, report)
}

fn write_bone_key(out: &mut Vec<u8>, key: &BoneKey, raw: Option<&[u8; 64]>) {
    put_u32(out, key.frame as usize);
    for v in key.translation.to_array() {
        put_f32(out, v);
    }
    for v in key.rotation.to_array() {
        put_f32(out, v);
    }
    // The bytes read are kept only while they still say what the key says.
    let ip = match raw {
        Some(raw) if read_interpolation(raw) == (key.curves, key.physics_off) => *raw,
        _ => interpolation_bytes(&key.curves, key.physics_off),
    };
    out.extend_from_slice(&ip);
}

/// Writes `vmd` to `path` through a temporary file and a rename, so a failed write
/// keeps the old file.
pub fn save_vmd(vmd: &Vmd, path: &std::path::Path) -> std::io::Result<VmdWriteReport> {
    use std::io::Write as _;
    let (bytes, report) = write_vmd(vmd);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(&bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::super::vmd::{read_vmd, MorphKey, PropertyKey};
    use super::*;
    use glam::{Quat, Vec3};

    fn name(s: &str) -> VmdName {
        VmdName {
            text: s.into(),
            raw: encode_name(s, 15),
        }
    }

    fn sample() -> Vmd {
        let curve = Bezier::from_bytes(10, 30, 90, 127);
        Vmd {
            model_name: "テスト".into(),
            bone_keys: vec![
                (
                    name("センター"),
                    BoneKey {
                        frame: 3,
                        translation: Vec3::new(1.0, -2.0, 0.5),
                        rotation: Quat::from_rotation_y(0.3),
                        curves: [curve, Bezier::LINEAR, curve, Bezier::LINEAR],
                        physics_off: false,
                    },
                ),
                (
                    name("髪"),
                    BoneKey {
                        frame: 0,
                        translation: Vec3::ZERO,
                        rotation: Quat::from_rotation_x(-0.7),
                        curves: [Bezier::LINEAR; 4],
                        physics_off: true,
                    },
                ),
            ],
            morph_keys: vec![(
                name("まばたき"),
                MorphKey {
                    frame: 7,
                    weight: 0.25,
                },
            )],
            property_keys: vec![PropertyKey {
                frame: 5,
                visible: true,
                ik: vec![(name("左足ＩＫ"), false), (name("右足ＩＫ"), true)],
            }],
            ..Vmd::default()
        }
    }

    #[test]
    fn written_keys_read_back() {
        let vmd = sample();
        let (bytes, report) = write_vmd(&vmd);
        assert!(report.is_clean(), "{report:?}");
        let back = read_vmd(&bytes).unwrap();
        assert_eq!(back.model_name, vmd.model_name);
        assert_eq!(back.bone_keys, vmd.bone_keys);
        assert_eq!(back.morph_keys, vmd.morph_keys);
        assert_eq!(back.property_keys, vmd.property_keys);
        // Written as MMD does, the bytes are a fixed point.
        assert_eq!(write_vmd(&back).0, bytes);
    }

    #[test]
    fn interpolation_layout_as_mmd_writes_it() {
        let c = Bezier::from_bytes(20, 20, 107, 107);
        let ip = interpolation_bytes(&[c; 4], false);
        // Row 0 from a real MMD key (02_laugh, 全ての親): x1 x1 0 0 (physics on) y1… x2… y2…
        assert_eq!(&ip[0..8], &[20, 20, 0, 0, 20, 20, 20, 20]);
        assert_eq!(&ip[16..20], &[20, 20, 20, 20]);
        assert_eq!(ip[31], 0);
        let off = interpolation_bytes(&[c; 4], true);
        assert_eq!((off[2], off[3]), (0x63, 0x0F));
        assert_eq!(read_interpolation(&off), ([c; 4], true));
    }

    #[test]
    fn long_names_are_reported_not_cut_silently() {
        let mut vmd = sample();
        let long = "とても長い名前のボーンです";
        vmd.bone_keys[0].0 = VmdName {
            text: long.into(),
            raw: Vec::new(),
        };
        let (bytes, report) = write_vmd(&vmd);
        assert_eq!(report.cut_bone_names, vec![long.to_string()]);
        let back = read_vmd(&bytes).unwrap();
        assert_eq!(back.bone_keys[0].0.raw, encode_name(long, 15));
    }
}
