//! The JSON pose format of `hone pose` and the oracle files:
//! `{"bones": {"name": {"rot": [x,y,z,w], "pos": [x,y,z]}}, "morphs": {"name": weight}}`.

use super::Pose;
use crate::pmx::Model;
use glam::{Quat, Vec3};
use serde_json::Value;

/// A pose read from JSON, with the names the model does not have.
#[derive(Debug, Clone)]
pub struct ParsedPose {
    pub pose: Pose,
    /// Human-readable notes (unknown bone/morph names, odd values).
    pub warnings: Vec<String>,
}

fn floats<const N: usize>(v: &Value, what: &str) -> Result<[f32; N], String> {
    let arr = v
        .as_array()
        .filter(|a| a.len() == N)
        .ok_or_else(|| crate::tr!("pose-err-array", what = what, count = N))?;
    let mut out = [0.0f32; N];
    for (o, x) in out.iter_mut().zip(arr) {
        *o = x
            .as_f64()
            .ok_or_else(|| crate::tr!("pose-err-numbers", what = what))? as f32;
    }
    Ok(out)
}

/// Parses a pose for `model`. Structural errors are `Err`; unknown names
/// are warnings.
pub fn pose_from_json(model: &Model, text: &str) -> Result<ParsedPose, String> {
    let root: Value = serde_json::from_str(text)
        .map_err(|e| crate::tr!("pose-err-json", reason = e.to_string()))?;
    let root = root
        .as_object()
        .ok_or_else(|| crate::tr!("pose-err-top-level"))?;
    let mut pose = Pose::new(model);
    let mut warnings = Vec::new();
    if let Some(bones) = root.get("bones") {
        let bones = bones
            .as_object()
            .ok_or_else(|| crate::tr!("pose-err-bones-object"))?;
        for (name, key) in bones {
            let Some(i) = model.bone_index(name) else {
                warnings.push(crate::tr!("pose-note-unknown-bone", name = name.as_str()));
                continue;
            };
            if let Some(r) = key.get("rot") {
                let [x, y, z, w] =
                    floats::<4>(r, &crate::tr!("pose-what-rot", name = name.as_str()))?;
                let q = Quat::from_xyzw(x, y, z, w);
                if q.length_squared() < 1e-12 {
                    warnings.push(crate::tr!(
                        "pose-note-zero-quaternion",
                        name = name.as_str()
                    ));
                } else {
                    pose.bones[i].rotation = q.normalize();
                }
            }
            if let Some(p) = key.get("pos") {
                pose.bones[i].translation = Vec3::from(floats::<3>(
                    p,
                    &crate::tr!("pose-what-pos", name = name.as_str()),
                )?);
            }
        }
    }
    if let Some(morphs) = root.get("morphs") {
        let morphs = morphs
            .as_object()
            .ok_or_else(|| crate::tr!("pose-err-morphs-object"))?;
        for (name, w) in morphs {
            let w = w
                .as_f64()
                .ok_or_else(|| crate::tr!("pose-err-morph-weight", name = name.as_str()))?;
            match model.morph_index(name) {
                Some(i) => pose.morphs[i] = w as f32,
                None => warnings.push(crate::tr!("pose-note-unknown-morph", name = name.as_str())),
            }
        }
    }
    Ok(ParsedPose { pose, warnings })
}
