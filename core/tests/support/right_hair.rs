//! The issue-9 `hone edit` round trip on Gene: a script that deletes every rigid
//! body and joint of the right side's hair and adds each back from the values in the
//! file, at its old index (bodies by bone name, joints by body name), as a user
//! would write it. Shared by the core test (edit_script) and the CLI test
//! (cli_edit_rig) through `#[path]`.
#![allow(dead_code)]

use hone_core::pmx::Model;
use hone_core::rig::names::side_of_name;
use hone_core::rig::Side;
use serde_json::{json, Value};

/// Right of the centre plane: MMD's model-space right is −x.
const CENTRE: f32 = 0.05;

fn right_side(name: &str, x: f32) -> bool {
    match side_of_name(name) {
        Some(side) => side == Side::Right,
        None => x < -CENTRE,
    }
}

/// The right-side hair bodies (named 右…髪…, or hair named without a side lying
/// right of the centre) and every joint of the right-side hair or attached to one of
/// those bodies, as indices (ascending).
pub fn right_hair(model: &Model) -> (Vec<usize>, Vec<usize>) {
    let bodies: Vec<usize> = (0..model.rigid_bodies.len())
        .filter(|&i| {
            let b = &model.rigid_bodies[i];
            b.name.contains('髪') && right_side(&b.name, b.position.x)
        })
        .collect();
    let joints: Vec<usize> = (0..model.joints.len())
        .filter(|&i| {
            let j = &model.joints[i];
            let attached = [j.body_a, j.body_b]
                .iter()
                .any(|&b| b >= 0 && bodies.contains(&(b as usize)));
            attached || (j.name.contains('髪') && right_side(&j.name, j.position.x))
        })
        .collect();
    (bodies, joints)
}

/// The script: delete the joints, then the bodies (by index lists), then add every
/// body and joint back from the file's values.
pub fn right_hair_script(model: &Model) -> Value {
    let (bodies, joints) = right_hair(model);
    let mut ops = vec![
        json!({"op": "delete", "kind": "joint", "select": joints}),
        json!({"op": "delete", "kind": "rigid_body", "select": bodies}),
    ];
    let body_name = |i: i32| -> Value {
        let name = &model.rigid_bodies[i as usize].name;
        // A name shared by two bodies would be ambiguous: refer by index then.
        if model
            .rigid_bodies
            .iter()
            .filter(|b| &b.name == name)
            .count()
            == 1
        {
            json!(name)
        } else {
            json!(i)
        }
    };
    for &i in &bodies {
        let b = &model.rigid_bodies[i];
        let mut v = serde_json::to_value(b).unwrap();
        if b.bone >= 0 {
            v["bone"] = json!(model.bones[b.bone as usize].name);
        }
        ops.push(json!({"op": "add", "kind": "rigid_body", "value": v, "at": i}));
    }
    for &i in &joints {
        let j = &model.joints[i];
        let mut v = serde_json::to_value(j).unwrap();
        v["body_a"] = body_name(j.body_a);
        v["body_b"] = body_name(j.body_b);
        ops.push(json!({"op": "add", "kind": "joint", "value": v, "at": i}));
    }
    Value::Array(ops)
}
