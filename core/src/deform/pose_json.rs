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
        .ok_or_else(|| format!("{what}: expected an array of {N} numbers"))?;
    let mut out = [0.0f32; N];
    for (o, x) in out.iter_mut().zip(arr) {
        *o = x
            .as_f64()
            .ok_or_else(|| format!("{what}: expected numbers"))? as f32;
    }
    Ok(out)
}

/// Parses a pose for `model`. Structural errors are `Err`; unknown names
/// are warnings.
pub fn pose_from_json(model: &Model, text: &str) -> Result<ParsedPose, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| format!("pose JSON: {e}"))?;
    let root = root
        .as_object()
        .ok_or("pose JSON: the top level must be an object")?;
    let mut pose = Pose::new(model);
    let mut warnings = Vec::new();
    if let Some(bones) = root.get("bones") {
        let bones = bones
            .as_object()
            .ok_or("pose JSON: \"bones\" must be an object")?;
        for (name, key) in bones {
            let Some(i) = model.bone_index(name) else {
                warnings.push(format!("unknown bone {name:?} ignored"));
                continue;
            };
            if let Some(r) = key.get("rot") {
                let [x, y, z, w] = floats::<4>(r, &format!("bone {name:?} rot"))?;
                let q = Quat::from_xyzw(x, y, z, w);
                if q.length_squared() < 1e-12 {
                    warnings.push(format!(
                        "bone {name:?}: zero quaternion treated as identity"
                    ));
                } else {
                    pose.bones[i].rotation = q.normalize();
                }
            }
            if let Some(p) = key.get("pos") {
                pose.bones[i].translation =
                    Vec3::from(floats::<3>(p, &format!("bone {name:?} pos"))?);
            }
        }
    }
    if let Some(morphs) = root.get("morphs") {
        let morphs = morphs
            .as_object()
            .ok_or("pose JSON: \"morphs\" must be an object")?;
        for (name, w) in morphs {
            let w = w
                .as_f64()
                .ok_or_else(|| format!("morph {name:?}: weight must be a number"))?;
            match model.morph_index(name) {
                Some(i) => pose.morphs[i] = w as f32,
                None => warnings.push(format!("unknown morph {name:?} ignored")),
            }
        }
    }
    Ok(ParsedPose { pose, warnings })
}
