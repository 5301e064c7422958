//! What operations read besides the model: selections from their script / CLI form,
//! one bone, another model file, a pose file.
//!
//! Vertex selectors (`"vertices"`): absent or `"all"` = every vertex; a list of vertex
//! indices; `{"bone": S}` = the vertices weighted to the bones S selects; `{"material":
//! S}` = the vertices of those materials' faces. File paths are relative to the
//! current directory.

use super::script::{select, OpArgs};
use super::{Need, OpError, Operation, Options, Selection};
use crate::deform::{pose_from_json, Pose};
use crate::edit::ElementKind;
use crate::pmx::Model;
use crate::rig::weights;
use serde_json::Value;

/// A selector that names nothing usable.
pub type SelectorError = OpError;

/// The operation's selection from its script form (`value` under [`Need::key`];
/// None when absent).
pub fn selection(
    model: &Model,
    op: &Operation,
    value: Option<&Value>,
) -> Result<Selection, OpError> {
    need_selection(model, op.selection, value)
}

/// The selection `need` asks for, from its script form (an output operation's too).
pub fn need_selection(
    model: &Model,
    need: Need,
    value: Option<&Value>,
) -> Result<Selection, OpError> {
    let value = value.filter(|v| !v.is_null());
    Ok(match need {
        Need::None => Selection::default(),
        Need::Bones => {
            let v = value.ok_or_else(|| OpError(crate::tr!("err-op-missing", key = "bones")))?;
            let bones = select(model, ElementKind::Bone, v)
                .map_err(|e| OpError(crate::tr!("err-op-key", key = "bones", error = e)))?;
            Selection::of(ElementKind::Bone, bones)
        }
        Need::Vertices => Selection::of(ElementKind::Vertex, vertices_from_selector(model, value)?),
        Need::Materials => {
            let v =
                value.ok_or_else(|| OpError(crate::tr!("err-op-missing", key = "materials")))?;
            let materials = select(model, ElementKind::Material, v)
                .map_err(|e| OpError(crate::tr!("err-op-key", key = "materials", error = e)))?;
            Selection::of(ElementKind::Material, materials)
        }
        Need::Elements => match value {
            None => Selection::default(),
            Some(v) => super::selection_from_selector(model, v).map_err(OpError::new)?,
        },
    })
}

/// The vertices a selector names (see the module docs; None = every vertex).
pub fn vertices_from_selector(model: &Model, value: Option<&Value>) -> Result<Vec<usize>, OpError> {
    let all = || (0..model.vertices.len()).collect();
    match value {
        None | Some(Value::Null) => Ok(all()),
        Some(Value::String(s)) if s == "all" => Ok(all()),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| {
                v.as_u64()
                    .map(|i| i as usize)
                    .filter(|&i| i < model.vertices.len())
                    .ok_or_else(|| {
                        OpError(crate::tr!(
                            "err-op-not-a-vertex",
                            value = v.to_string(),
                            len = model.vertices.len()
                        ))
                    })
            })
            .collect(),
        Some(Value::Object(o)) if o.len() == 1 && o.contains_key("bone") => {
            let bones: Vec<i32> = select(model, ElementKind::Bone, &o["bone"])
                .map_err(|e| OpError(crate::tr!("err-op-key", key = "vertices", error = e)))?
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
                .map_err(|e| OpError(crate::tr!("err-op-key", key = "vertices", error = e)))?;
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
        Some(v) => Err(OpError(crate::tr!(
            "err-op-vertex-selector",
            value = v.to_string()
        ))),
    }
}

/// Exactly one bone from option `key`.
pub fn one_bone(model: &Model, options: &Options, key: &str) -> Result<usize, OpError> {
    match options
        .args()
        .select(model, ElementKind::Bone, key)?
        .as_slice()
    {
        [b] => Ok(*b),
        list => Err(OpError(crate::tr!(
            "err-op-one-bone",
            key = key,
            count = list.len()
        ))),
    }
}

/// The `name` and `panel` options of a new morph.
pub fn name_panel<'a>(args: &OpArgs<'a>) -> Result<(&'a str, u8), OpError> {
    let name = args.str_required("name")?;
    let panel = args
        .parse::<u8>("panel")?
        .unwrap_or(crate::rig::morphs::PANEL_OTHER);
    if panel > 4 {
        return Err(OpError(crate::tr!("err-op-panel", panel = panel)));
    }
    Ok((name, panel))
}

/// The model file option `file` names.
pub fn load_model(args: &OpArgs) -> Result<Model, OpError> {
    let path = args.str_required("file")?;
    crate::pmx::load(path).map(|l| l.model).map_err(|e| {
        OpError(crate::tr!(
            "err-op-key",
            key = "file",
            error = e.to_string()
        ))
    })
}

/// A pose from a JSON pose file or a VPD (by extension), option `pose`.
pub fn load_pose(model: &Model, args: &OpArgs) -> Result<Pose, OpError> {
    let path = args.str_required("pose")?;
    if path.to_ascii_lowercase().ends_with(".vpd") {
        let (vpd, _) = crate::motion::vpd::load_vpd(path).map_err(|e| {
            OpError(crate::tr!(
                "err-op-key",
                key = "pose",
                error = e.to_string()
            ))
        })?;
        return Ok(vpd.to_pose(model).0);
    }
    let text = std::fs::read_to_string(path).map_err(|e| {
        OpError(crate::tr!(
            "err-op-key",
            key = "pose",
            error = format!("{path}: {e}")
        ))
    })?;
    pose_from_json(model, &text).map(|p| p.pose).map_err(|e| {
        OpError(crate::tr!(
            "err-op-key",
            key = "pose",
            error = e.to_string()
        ))
    })
}

/// The summary of a vertex operation.
pub fn vertex_summary(edit: Option<crate::edit::ModelEdit>, selection: &Selection) -> super::Plan {
    super::Plan::edit(
        edit,
        vec![crate::tr!(
            "ops-summary-vertices",
            count = selection.vertices.len()
        )],
    )
}
