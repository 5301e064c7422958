//! Script operations of the generators (see [`crate::edit::script`]).

use super::args::{chain_options, BodyArgs, JointArgs};
use super::{bodies, chain, RigPlan};
use crate::edit::script::{OpArgs, OpError, OpSpec};
use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::Model;

/// The generator operations. Mirror and semi-standard operations are added to this
/// table by their generators.
pub const SCRIPT_OPS: &[OpSpec] = &[
    OpSpec {
        name: "bodies_from_bones",
        keys: &[
            "bones",
            "shape",
            "size",
            "radius_scale",
            "root_mode",
            "mode",
            "mass",
            "mass_falloff",
            "min_mass",
            "preset",
            "group",
            "mask",
            "no_collide",
            "name",
            "replace",
        ],
        usage: r#"{"op":"bodies_from_bones","bones":S, options…}  one body per bone (options as `hone rig bodies`)"#,
        build: build_bodies,
    },
    OpSpec {
        name: "joint_chain",
        keys: &[
            "bones",
            "joint_preset",
            "limit_deg",
            "angular_lower_deg",
            "angular_upper_deg",
            "linear_lower",
            "linear_upper",
            "linear_spring",
            "angular_spring",
            "ring",
            "ring_limit_deg",
            "replace",
        ],
        usage: r#"{"op":"joint_chain","bones":S, options…}  joints from each bone's body to its parent bone's body, "ring" for skirts"#,
        build: build_joints,
    },
    OpSpec {
        name: "chain",
        keys: &[
            "bones",
            "shape",
            "size",
            "radius_scale",
            "root_mode",
            "mode",
            "mass",
            "mass_falloff",
            "min_mass",
            "preset",
            "group",
            "mask",
            "no_collide",
            "name",
            "replace",
            "joint_preset",
            "limit_deg",
            "angular_lower_deg",
            "angular_upper_deg",
            "linear_lower",
            "linear_upper",
            "linear_spring",
            "angular_spring",
            "ring",
            "ring_limit_deg",
        ],
        usage: r#"{"op":"chain","bones":ROOTS, options…}  bodies + joints (+ ring) for the root bones and everything below them (options as `hone rig chain`)"#,
        build: build_chain,
    },
];

/// The operation's keys other than "op" and "bones", as options struct `T`.
fn options<T: serde::de::DeserializeOwned>(args: &OpArgs) -> Result<T, OpError> {
    let mut map = serde_json::Map::new();
    for key in [
        "shape",
        "size",
        "radius_scale",
        "root_mode",
        "mode",
        "mass",
        "mass_falloff",
        "min_mass",
        "preset",
        "group",
        "mask",
        "no_collide",
        "name",
        "replace",
        "joint_preset",
        "limit_deg",
        "angular_lower_deg",
        "angular_upper_deg",
        "linear_lower",
        "linear_upper",
        "linear_spring",
        "angular_spring",
        "ring",
        "ring_limit_deg",
    ] {
        if let Some(v) = args.get(key) {
            map.insert(key.to_string(), v.clone());
        }
    }
    serde_json::from_value(serde_json::Value::Object(map)).map_err(|e| OpError(e.to_string()))
}

fn finish(plan: RigPlan) -> Result<Option<ModelEdit>, OpError> {
    Ok(plan.into_edit())
}

fn build_bodies(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let bones = args.select(model, ElementKind::Bone, "bones")?;
    let opts = options::<BodyArgs>(args)?
        .to_options()
        .map_err(|e| OpError(e.0))?;
    finish(bodies::bodies_from_bones(model, &bones, &opts).map_err(|e| OpError(e.0))?)
}

fn build_joints(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let bones = args.select(model, ElementKind::Bone, "bones")?;
    let opts = options::<JointArgs>(args)?
        .to_options()
        .map_err(|e| OpError(e.0))?;
    finish(chain::joint_chain(model, &bones, &opts).map_err(|e| OpError(e.0))?)
}

fn build_chain(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let roots = args.select(model, ElementKind::Bone, "bones")?;
    let opts = chain_options(&options(args)?, &options(args)?).map_err(|e| OpError(e.0))?;
    finish(chain::chain(model, &roots, &opts).map_err(|e| OpError(e.0))?)
}
