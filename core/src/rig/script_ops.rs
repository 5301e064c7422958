//! Script operations of the generators (see [`crate::edit::script`]).

use super::args::{chain_options, BodyArgs, JointArgs};
use super::{bodies, chain, RigPlan};
use crate::edit::script::{OpArgs, OpError, OpSpec};
use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::Model;

/// Every option key of the generator operations: the body options, then "bones" and
/// "replace" (both generators), then the joint options.
const CHAIN_KEYS: &[&str] = &[
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
    "bones",
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
];
/// Body options with "bones" and "replace".
const BODY_KEYS: &[&str] = CHAIN_KEYS.split_at(15).0;
/// "bones", "replace" and the joint options.
const JOINT_KEYS: &[&str] = CHAIN_KEYS.split_at(13).1;

/// The generator operations. Mirror and semi-standard operations are added to this
/// table by their generators.
pub const SCRIPT_OPS: &[OpSpec] = &[
    OpSpec {
        name: "bodies_from_bones",
        keys: BODY_KEYS,
        usage: r#"{"op":"bodies_from_bones","bones":S, options…}  one body per bone (options as `hone rig bodies`)"#,
        build: build_bodies,
    },
    OpSpec {
        name: "joint_chain",
        keys: JOINT_KEYS,
        usage: r#"{"op":"joint_chain","bones":S, options…}  joints from each bone's body to its parent bone's body, "ring" for skirts"#,
        build: build_joints,
    },
    OpSpec {
        name: "chain",
        keys: CHAIN_KEYS,
        usage: r#"{"op":"chain","bones":ROOTS, options…}  bodies + joints (+ ring) for the root bones and everything below them (options as `hone rig chain`)"#,
        build: build_chain,
    },
];

/// The operation's option keys (all but "bones") as options struct `T`.
fn options<T: serde::de::DeserializeOwned>(args: &OpArgs) -> Result<T, OpError> {
    let mut map = serde_json::Map::new();
    for &key in CHAIN_KEYS.iter().filter(|&&k| k != "bones") {
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
        .map_err(|e| OpError(e.to_string()))?;
    finish(bodies::bodies_from_bones(model, &bones, &opts).map_err(|e| OpError(e.to_string()))?)
}

fn build_joints(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let bones = args.select(model, ElementKind::Bone, "bones")?;
    let opts = options::<JointArgs>(args)?
        .to_options()
        .map_err(|e| OpError(e.to_string()))?;
    finish(chain::joint_chain(model, &bones, &opts).map_err(|e| OpError(e.to_string()))?)
}

fn build_chain(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let roots = args.select(model, ElementKind::Bone, "bones")?;
    let opts =
        chain_options(&options(args)?, &options(args)?).map_err(|e| OpError(e.to_string()))?;
    finish(chain::chain(model, &roots, &opts).map_err(|e| OpError(e.to_string()))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_tables_split_where_the_options_do() {
        assert_eq!(BODY_KEYS.first(), Some(&"shape"));
        assert_eq!(BODY_KEYS[BODY_KEYS.len() - 2..], ["bones", "replace"]);
        assert_eq!(JOINT_KEYS[..3], ["bones", "replace", "joint_preset"]);
        assert_eq!(JOINT_KEYS.last(), Some(&"ring_limit_deg"));
    }
}
