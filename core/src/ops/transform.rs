//! `transform`: scale, rotate and move the model, or the selected vertices or bones
//! (with their bodies, joints and vertices) — [`crate::rig::transform`].

use super::kit::{float, range3, vec3};
use super::{Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::transform::{transform, Scope, Transform};

/// The uniform scale option (also merge's, for the part).
pub(super) const SCALE: Opt = float("scale", "ops-opt-scale", 0.001, 1000.0, 1.0);

/// Rotation in degrees about X, Y, Z (also merge's, for the part).
pub(super) const ROTATE_DEG: Opt = vec3("rotate_deg", "ops-opt-rotate-deg", DEGREES, [0.0; 3]);

const DEGREES: OptKind = range3(-360.0, 360.0);

/// A distance along X, Y, Z (also merge's offset).
pub(super) const LENGTH: OptKind = range3(-10000.0, 10000.0);

pub const OP: Operation = Operation::new("transform", Menu::Model, Need::Elements, plan)
    .keys("ops-transform-title", "ops-transform-help")
    .options(&[
        SCALE,
        ROTATE_DEG,
        vec3("translate", "ops-opt-translate", LENGTH, [0.0; 3]),
    ]);

fn plan(model: &Model, selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let t: Transform = options.deserialize()?;
    if t == Transform::default() {
        // Nothing to do is reported, not an error (as every operation does).
        return Ok(Plan::edit(None, vec![crate::tr!("transform-nothing")]));
    }
    // Bones take what hangs on them; vertices alone move only themselves.
    let scope =
        if !selection.is_empty() && selection.bones.is_empty() && selection.vertices.is_empty() {
            return Err(OpError::new(crate::tr!(
                "ops-transform-needs-bones-or-vertices"
            )));
        } else if !selection.bones.is_empty() {
            Scope::Bones(selection.bones.clone())
        } else if !selection.vertices.is_empty() {
            Scope::Vertices(selection.vertices.clone())
        } else {
            Scope::All
        };
    let edit = transform(model, &t, &scope)?;
    let summary = vec![edit.label_text().to_string()];
    Ok(Plan::edit(Some(edit), summary))
}
