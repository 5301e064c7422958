//! VPD: MikuMikuDance's pose text format (Shift-JIS, CRLF). Layout (see
//! /work/shared/reference/rigging-conventions.md §3):
//!
//! ```text
//! Vocaloid Pose Data file
//!
//! model.osm;        // 親ファイル名
//! 2;                // 総ポーズボーン数
//!
//! Bone0{センター
//!   0.000000,-2.000000,0.500000;                // trans x,y,z
//!   0.000000,0.000000,0.000000,1.000000;        // Quaternion x,y,z,w
//! }
//!
//! Morph0{あ
//!   1.000000;
//! }
//! ```
//!
//! Translation and quaternion are the bone's local pose, the same values as a VMD key
//! (MMD's left-handed frame, nothing flipped). Morph blocks are an MMM extension MMD
//! ignores; they always follow the bones. The reader is lenient where the known readers
//! differ: `//` comments anywhere, blank lines, spaces or tabs around numbers, a count
//! line that disagrees with the blocks (a warning), an all-zero quaternion (identity).

use crate::deform::Pose;
use crate::pmx::Model;
use glam::{Quat, Vec3};
use std::collections::HashMap;

pub const SIGNATURE: &str = "Vocaloid Pose Data file";

#[derive(Debug, Clone, PartialEq)]
pub struct VpdBone {
    pub name: String,
    pub translation: Vec3,
    /// As stored (x, y, z, w); not necessarily unit length.
    pub rotation: Quat,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VpdMorph {
    pub name: String,
    pub weight: f32,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vpd {
    /// The `.osm` name (the model the pose was made for), without ".osm".
    pub model_name: String,
    pub bones: Vec<VpdBone>,
    pub morphs: Vec<VpdMorph>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VpdError {
    #[error("{}", crate::tr!("vpd-err-line", line = *line, message = message.as_str()))]
    Syntax { line: usize, message: String },
    #[error("VPD: {0}")]
    Io(String),
}

fn syntax(line: usize, message: impl Into<String>) -> VpdError {
    VpdError::Syntax {
        line,
        message: message.into(),
    }
}

/// Text without a `//` comment, trimmed (tabs, spaces, CR).
fn strip(line: &str) -> &str {
    line.split("//").next().unwrap_or("").trim()
}

/// Numbers of a `a,b,c;` line.
fn numbers<const N: usize>(line: usize, text: &str) -> Result<[f32; N], VpdError> {
    let body = text.strip_suffix(';').ok_or_else(|| {
        syntax(
            line,
            crate::tr!("vpd-err-numbers-end", count = N, found = text),
        )
    })?;
    let parts: Vec<&str> = body
        .split([',', ' ', '\t'])
        .filter(|s| !s.is_empty())
        .collect();
    if parts.len() != N {
        return Err(syntax(
            line,
            crate::tr!(
                "vpd-err-numbers-count",
                count = N,
                found = parts.len(),
                text = text
            ),
        ));
    }
    let mut out = [0.0f32; N];
    for (o, p) in out.iter_mut().zip(&parts) {
        *o = p
            .parse::<f32>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| syntax(line, crate::tr!("vpd-err-not-number", text = *p)))?;
    }
    Ok(out)
}

/// Reads VPD bytes (Shift-JIS; UTF-8 with a byte-order mark is accepted too). Returns
/// the pose and notes about what was tolerated.
pub fn read_vpd(bytes: &[u8]) -> Result<(Vpd, Vec<String>), VpdError> {
    let text = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(utf8) => String::from_utf8_lossy(utf8).into_owned(),
        None => encoding_rs::SHIFT_JIS.decode(bytes).0.into_owned(),
    };
    let mut warnings = Vec::new();
    // (1-based line number, content without comment), blank lines dropped.
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, strip(l)))
        .filter(|(_, l)| !l.is_empty());
    let mut next = |what: &str| {
        lines
            .next()
            .ok_or_else(|| syntax(0, crate::tr!("vpd-err-ends-before", what = what)))
    };
    let (n, sig) = next(&crate::tr!("vpd-part-signature"))?;
    if !sig.starts_with(SIGNATURE) {
        return Err(syntax(
            n,
            crate::tr!("vpd-err-not-vpd", signature = SIGNATURE),
        ));
    }
    let (n, osm) = next(&crate::tr!("vpd-part-model-name"))?;
    let osm = osm
        .strip_suffix(';')
        .ok_or_else(|| syntax(n, crate::tr!("vpd-err-model-name-end")))?;
    let model_name = osm.strip_suffix(".osm").unwrap_or(osm).to_string();
    let (n, count) = next(&crate::tr!("vpd-part-bone-count"))?;
    let count: usize = count
        .strip_suffix(';')
        .and_then(|c| c.trim().parse().ok())
        .ok_or_else(|| syntax(n, crate::tr!("vpd-err-bone-count", found = count)))?;
    let mut vpd = Vpd {
        model_name,
        ..Vpd::default()
    };
    while let Ok((n, head)) = next(&crate::tr!("vpd-part-block")) {
        let (kind, rest) = if let Some(r) = head.strip_prefix("Bone") {
            ("Bone", r)
        } else if let Some(r) = head.strip_prefix("Morph") {
            ("Morph", r)
        } else {
            return Err(syntax(n, crate::tr!("vpd-err-block-head", found = head)));
        };
        let (_, name) = rest
            .split_once('{')
            .ok_or_else(|| syntax(n, crate::tr!("vpd-err-no-brace", kind = kind)))?;
        let name = name.trim().to_string();
        if kind == "Bone" {
            if !vpd.morphs.is_empty() {
                warnings.push(crate::tr!("vpd-note-bone-after-morph", line = n));
            }
            let (nt, t) = next(&crate::tr!("vpd-part-translation"))?;
            let t = numbers::<3>(nt, t)?;
            let (nq, q) = next(&crate::tr!("vpd-part-quaternion"))?;
            let q = numbers::<4>(nq, q)?;
            let mut rotation = Quat::from_array(q);
            if rotation.length_squared() < 1e-12 {
                warnings.push(crate::tr!(
                    "vpd-note-zero-quaternion",
                    line = nq,
                    name = name.as_str()
                ));
                rotation = Quat::IDENTITY;
            }
            vpd.bones.push(VpdBone {
                name,
                translation: Vec3::from_array(t),
                rotation,
            });
        } else {
            let (nw, w) = next(&crate::tr!("vpd-part-morph-weight"))?;
            let [weight] = numbers::<1>(nw, w)?;
            vpd.morphs.push(VpdMorph { name, weight });
        }
        let (nc, close) = next("'}'")?;
        if close != "}" {
            return Err(syntax(
                nc,
                crate::tr!("vpd-err-close", kind = kind, found = close),
            ));
        }
    }
    if count != vpd.bones.len() {
        warnings.push(crate::tr!(
            "vpd-note-count",
            count = count,
            found = vpd.bones.len()
        ));
    }
    Ok((vpd, warnings))
}

pub fn load_vpd(path: impl AsRef<std::path::Path>) -> Result<(Vpd, Vec<String>), VpdError> {
    let path = path.as_ref();
    let bytes =
        std::fs::read(path).map_err(|e| VpdError::Io(format!("{}: {e}", path.display())))?;
    read_vpd(&bytes)
}

/// A number as VPD writers print it: 6 decimals, no negative zero.
fn num(x: f32) -> String {
    let s = format!("{:.6}", x);
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        s.trim_start_matches('-').to_string()
    } else {
        s
    }
}

/// Writes VPD bytes (Shift-JIS, CRLF). Names Shift-JIS cannot hold are written as
/// HTML numeric references by the encoder; they are listed in the returned notes.
pub fn write_vpd(vpd: &Vpd) -> (Vec<u8>, Vec<String>) {
    let mut t = String::new();
    t.push_str(SIGNATURE);
    t.push_str("\r\n\r\n");
    t.push_str(&format!("{}.osm;\t\t// 親ファイル名\r\n", vpd.model_name));
    t.push_str(&format!(
        "{};\t\t\t\t// 総ポーズボーン数\r\n\r\n",
        vpd.bones.len()
    ));
    for (i, b) in vpd.bones.iter().enumerate() {
        let (p, q) = (b.translation, b.rotation);
        t.push_str(&format!("Bone{i}{{{}\r\n", b.name));
        t.push_str(&format!(
            "  {},{},{};\t\t\t\t// trans x,y,z\r\n", // not a message: VPD file text
            num(p.x),
            num(p.y),
            num(p.z)
        ));
        t.push_str(&format!(
            "  {},{},{},{};\t\t// Quaternion x,y,z,w\r\n}}\r\n\r\n", // not a message: VPD file text
            num(q.x),
            num(q.y),
            num(q.z),
            num(q.w)
        ));
    }
    for (i, m) in vpd.morphs.iter().enumerate() {
        t.push_str(&format!(
            "Morph{i}{{{}\r\n  {};\r\n}}\r\n\r\n",
            m.name,
            num(m.weight)
        ));
    }
    let (bytes, _, lossy) = encoding_rs::SHIFT_JIS.encode(&t);
    let mut notes = Vec::new();
    if lossy {
        let bad = |n: &str| encoding_rs::SHIFT_JIS.encode(n).2;
        notes.extend(
            std::iter::once(&vpd.model_name)
                .chain(vpd.bones.iter().map(|b| &b.name))
                .chain(vpd.morphs.iter().map(|m| &m.name))
                .filter(|n| bad(n))
                .map(|n| crate::tr!("vpd-note-not-sjis", name = n.as_str())),
        );
    }
    (bytes.into_owned(), notes)
}

impl Vpd {
    /// The pose as a VPD, as mmd_tools writes one: bones whose pose differs from rest
    /// and morphs with a non-zero weight, in model order.
    pub fn from_pose(model: &Model, pose: &Pose) -> Vpd {
        let bones = model
            .bones
            .iter()
            .zip(&pose.bones)
            .filter(|(_, p)| p.rotation != Quat::IDENTITY || p.translation != Vec3::ZERO)
            .map(|(b, p)| VpdBone {
                name: b.name.clone(),
                translation: p.translation,
                rotation: p.rotation,
            })
            .collect();
        let morphs = model
            .morphs
            .iter()
            .zip(&pose.morphs)
            .filter(|(_, w)| **w != 0.0)
            .map(|(m, w)| VpdMorph {
                name: m.name.clone(),
                weight: *w,
            })
            .collect();
        Vpd {
            model_name: model.info.name.clone(),
            bones,
            morphs,
        }
    }

    /// The pose for `model` (names matched exactly; a repeated name: the last block
    /// wins) and the names the model does not have.
    pub fn to_pose(&self, model: &Model) -> (Pose, Vec<String>) {
        let mut pose = Pose::new(model);
        let mut unknown = Vec::new();
        let mut bones: HashMap<&str, usize> = HashMap::new();
        for (i, b) in model.bones.iter().enumerate() {
            bones.entry(b.name.as_str()).or_insert(i);
        }
        for b in &self.bones {
            match bones.get(b.name.as_str()) {
                Some(&i) => {
                    pose.bones[i].rotation = b.rotation.normalize();
                    pose.bones[i].translation = b.translation;
                }
                None => unknown.push(crate::tr!("pose-note-unknown-bone", name = b.name.as_str())),
            }
        }
        for m in &self.morphs {
            match model.morph_index(&m.name) {
                Some(i) => pose.morphs[i] = m.weight,
                None => unknown.push(crate::tr!(
                    "pose-note-unknown-morph",
                    name = m.name.as_str()
                )),
            }
        }
        (pose, unknown)
    }
}
