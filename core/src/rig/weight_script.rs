//! Script operations for weights, morphs and poses (see [`crate::edit::script`]).
//!
//! Vertex selectors (`"vertices"`): absent or `"all"` = every vertex; a list of vertex
//! indices; `{"bone": S}` = the vertices weighted to the bones S selects; `{"material":
//! S}` = the vertices of those materials' faces. File paths are relative to the
//! current directory.

use super::input::InputError;
use super::{morphs, rest_pose, transfer, weights};
use crate::deform::{pose_from_json, Pose};
use crate::edit::script::{select, OpArgs, OpError, OpSpec};
use crate::edit::ElementKind;
use crate::pmx::{Model, WeightKind};
use serde_json::Value;

impl From<InputError> for OpError {
    fn from(e: InputError) -> Self {
        OpError(e.to_string())
    }
}

pub const SCRIPT_OPS: &[OpSpec] = &[
    OpSpec {
        name: "normalize",
        keys: &["vertices"],
        usage: r#"{"op":"normalize","vertices":V}  weights sum to 1 (weights on missing bones dropped)"#,
        build: |m, a| Ok(weights::normalize(m, &vertices(m, a)?)?),
    },
    OpSpec {
        name: "limit",
        keys: &["vertices", "max_bones"],
        usage: r#"{"op":"limit","vertices":V,"max_bones":N}  keep the N largest weights (1-4), renormalised"#,
        build: |m, a| {
            let n = a.parse_required::<usize>("max_bones")?;
            Ok(weights::limit_bones(m, &vertices(m, a)?, n)?)
        },
    },
    OpSpec {
        name: "prune",
        keys: &["vertices", "threshold"],
        usage: r#"{"op":"prune","vertices":V,"threshold":0.01}  drop weights below the threshold, renormalised"#,
        build: |m, a| {
            let t = a.parse_required::<f32>("threshold")?;
            Ok(weights::prune(m, &vertices(m, a)?, t)?)
        },
    },
    OpSpec {
        name: "replace_bone",
        keys: &["vertices", "from", "to"],
        usage: r#"{"op":"replace_bone","from":BONE,"to":BONE,"vertices":V}  weights of one bone onto another"#,
        build: |m, a| {
            let (from, to) = (one_bone(m, a, "from")?, one_bone(m, a, "to")?);
            Ok(weights::replace_bone(m, &vertices(m, a)?, from, to)?)
        },
    },
    OpSpec {
        name: "transfer_weight",
        keys: &["vertices", "from", "to", "ratio"],
        usage: r#"{"op":"transfer_weight","from":BONE,"to":BONE,"ratio":0.5,"vertices":V}  move a share of one bone's weight to another"#,
        build: |m, a| {
            let (from, to) = (one_bone(m, a, "from")?, one_bone(m, a, "to")?);
            let ratio = a.parse::<f32>("ratio")?.unwrap_or(1.0);
            Ok(weights::transfer_weight(
                m,
                &vertices(m, a)?,
                from,
                to,
                ratio,
            )?)
        },
    },
    OpSpec {
        name: "weight_kind",
        keys: &["vertices", "kind"],
        usage: r#"{"op":"weight_kind","kind":"bdef1|bdef2|bdef4|sdef|qdef","vertices":V}  change the weight kind"#,
        build: |m, a| {
            let name = a.str_required("kind")?;
            let kind = WeightKind::ALL
                .into_iter()
                .find(|k| k.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    OpError(format!(
                        "unknown weight kind \"{name}\" (bdef1, bdef2, bdef4, sdef, qdef)"
                    ))
                })?;
            Ok(weights::set_kind(m, &vertices(m, a)?, kind)?)
        },
    },
    OpSpec {
        name: "sdef_from_bdef2",
        keys: &["vertices"],
        usage: r#"{"op":"sdef_from_bdef2","vertices":V}  BDEF2 → SDEF with C/R0/R1 computed from the two bones"#,
        build: |m, a| Ok(weights::sdef_from_bdef2(m, &vertices(m, a)?)?),
    },
    OpSpec {
        name: "weights_from_model",
        keys: &["vertices", "file", "max_distance"],
        usage: r#"{"op":"weights_from_model","file":"body.pmx","vertices":V,"max_distance":D}  weights of the nearest surface point of another model (bones matched by name)"#,
        build: |m, a| {
            let source = load_model(a)?;
            let options = transfer::TransferOptions {
                max_distance: a.parse::<f32>("max_distance")?.unwrap_or(f32::INFINITY),
            };
            Ok(transfer::transfer_from_model(m, &source, &vertices(m, a)?, options)?.0)
        },
    },
    OpSpec {
        name: "morph_from_model",
        keys: &["file", "name", "panel"],
        usage: r#"{"op":"morph_from_model","file":"posed.pmx","name":"あ","panel":3}  vertex morph = the other model's vertices − these (same vertex count)"#,
        build: |m, a| {
            let other = load_model(a)?;
            let (name, panel) = name_panel(a)?;
            Ok(Some(morphs::vertex_morph_from_model(
                m, &other, name, panel,
            )?))
        },
    },
    OpSpec {
        name: "bone_morph_from_pose",
        keys: &["pose", "name", "panel"],
        usage: r#"{"op":"bone_morph_from_pose","pose":"P.json|P.vpd","name":"ポーズ","panel":4}  bone morph reproducing a pose at weight 1"#,
        build: |m, a| {
            let pose = load_pose(m, a)?;
            let (name, panel) = name_panel(a)?;
            Ok(Some(morphs::bone_morph_from_pose(m, &pose, name, panel)?))
        },
    },
    OpSpec {
        name: "apply_pose_as_rest",
        keys: &["pose"],
        usage: r#"{"op":"apply_pose_as_rest","pose":"P.json|P.vpd"}  the pose's bones become the rest pose (mesh, bodies, joints move)"#,
        build: |m, a| Ok(Some(rest_pose::apply_pose_as_rest(m, &load_pose(m, a)?)?)),
    },
];

/// The vertices selector `"vertices"` names (see the module docs).
fn vertices(model: &Model, args: &OpArgs) -> Result<Vec<usize>, OpError> {
    let all = || (0..model.vertices.len()).collect();
    let bad = |v: &Value| {
        OpError(format!("\"vertices\": expected \"all\", a list of indices, {{\"bone\": S}} or {{\"material\": S}}, not {v}"))
    };
    match args.get("vertices") {
        None | Some(Value::Null) => Ok(all()),
        Some(Value::String(s)) if s == "all" => Ok(all()),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| {
                v.as_u64()
                    .map(|i| i as usize)
                    .filter(|&i| i < model.vertices.len())
                    .ok_or_else(|| {
                        OpError(format!(
                            "\"vertices\": {v} is not a vertex of this model (it has {})",
                            model.vertices.len()
                        ))
                    })
            })
            .collect(),
        Some(Value::Object(o)) if o.len() == 1 && o.contains_key("bone") => {
            let bones: Vec<i32> = select(model, ElementKind::Bone, &o["bone"])
                .map_err(|e| OpError(format!("\"vertices\": {e}")))?
                .into_iter()
                .map(|b| b as i32)
                .collect();
            Ok((0..model.vertices.len())
                .filter(|&i| {
                    bones
                        .iter()
                        .any(|&b| weights::weight_of(&model.vertices[i].weights, b) != 0.0)
                })
                .collect())
        }
        Some(Value::Object(o)) if o.len() == 1 && o.contains_key("material") => {
            let mats = select(model, ElementKind::Material, &o["material"])
                .map_err(|e| OpError(format!("\"vertices\": {e}")))?;
            let ranges = crate::edit::remap::material_face_ranges(model);
            let mut out: Vec<usize> = mats
                .iter()
                .filter_map(|&m| ranges.get(m))
                .flat_map(|r| model.faces[r.clone()].iter().flatten())
                .filter_map(|&v| usize::try_from(v).ok())
                .filter(|&v| v < model.vertices.len())
                .collect();
            out.sort_unstable();
            out.dedup();
            Ok(out)
        }
        Some(v) => Err(bad(v)),
    }
}

/// Exactly one bone from selector `key`.
fn one_bone(model: &Model, args: &OpArgs, key: &str) -> Result<usize, OpError> {
    match args.select(model, ElementKind::Bone, key)?.as_slice() {
        [b] => Ok(*b),
        list => Err(OpError(format!(
            "\"{key}\" must name one bone, it names {}",
            list.len()
        ))),
    }
}

fn name_panel<'a>(args: &OpArgs<'a>) -> Result<(&'a str, u8), OpError> {
    let name = args.str_required("name")?;
    let panel = args.parse::<u8>("panel")?.unwrap_or(morphs::PANEL_OTHER);
    if panel > 4 {
        return Err(OpError(format!("\"panel\" must be 0-4, not {panel}")));
    }
    Ok((name, panel))
}

fn load_model(args: &OpArgs) -> Result<Model, OpError> {
    let path = args.str_required("file")?;
    crate::pmx::load(path)
        .map(|l| l.model)
        .map_err(|e| OpError(format!("\"file\": {e}")))
}

/// A pose from a JSON pose file or a VPD (by extension).
fn load_pose(model: &Model, args: &OpArgs) -> Result<Pose, OpError> {
    let path = args.str_required("pose")?;
    if path.to_ascii_lowercase().ends_with(".vpd") {
        let (vpd, _) =
            crate::motion::vpd::load_vpd(path).map_err(|e| OpError(format!("\"pose\": {e}")))?;
        return Ok(vpd.to_pose(model).0);
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| OpError(format!("\"pose\": {path}: {e}")))?;
    pose_from_json(model, &text)
        .map(|p| p.pose)
        .map_err(|e| OpError(format!("\"pose\": {e}")))
}
