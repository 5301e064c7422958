//! Fields of elements by name, for the script `set` and `add` operations.
//!
//! A field is a key of the element's serde form (`mass`, `position`, `append.ratio`
//! for nested ones), so every value a rigger edits is reachable and the names are
//! the model's own. On top of that, values are accepted in the forms a rigger
//! writes: references by element name (`"bone": "頭"`), enums by name
//! (`"shape": "capsule"`) or file number, angles in degrees (`rotation_deg`), bone
//! flags as booleans (`visible`), a bone tail as a bone or an offset, and a body's
//! non-collision groups as a list (`no_collide`).

use super::basic::find_by_name;
use crate::edit::{Element, ElementKind};
use crate::physics::rules;
use crate::pmx::{
    BoneFlags, DisplayFrame, JointKind, Material, Model, Morph, RigidMode, RigidShape, SoftBody,
    SoftBodyShape,
};
use serde_json::{json, Value};

/// One settable field, for help texts and error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldDoc {
    pub name: &'static str,
    pub help: &'static str,
}

const fn f(name: &'static str, help: &'static str) -> FieldDoc {
    FieldDoc { name, help }
}

const BONE: &[FieldDoc] = &[
    f("name", "Japanese name"),
    f("name_en", "English name"),
    f("position", "[x,y,z]"),
    f("parent", "bone (name or index, null = none)"),
    f("layer", "deform layer (変形階層)"),
    f("tail", "bone (name/index) or offset [x,y,z]"),
    f("flags", "flag bits (structural bits come from the data)"),
    f("rotatable", "bool"),
    f("movable", "bool"),
    f("visible", "bool"),
    f("operable", "bool"),
    f("after_physics", "bool"),
    f(
        "append",
        "null or {parent, ratio, rotate, translate}; also append.parent …",
    ),
    f("fixed_axis", "null or [x,y,z]"),
    f("local_axes", "null or {x:[..], z:[..]}"),
    f("external_parent_key", "null or integer"),
    f(
        "ik",
        "null or {target, loop_count, limit_angle, links}; also ik.target …",
    ),
];

const MORPH: &[FieldDoc] = &[
    f("name", "Japanese name"),
    f("name_en", "English name"),
    f("panel", "0 system, 1 brow, 2 eye, 3 mouth, 4 other"),
    f(
        "offsets",
        "offsets in Hone's serde form, e.g. {\"Bone\": [...]}",
    ),
];

const MATERIAL: &[FieldDoc] = &[
    f("name", ""),
    f("name_en", ""),
    f("diffuse", "[r,g,b,a]"),
    f("specular", "[r,g,b]"),
    f("specular_power", ""),
    f("ambient", "[r,g,b]"),
    f("flags", "draw flag bits"),
    f("edge_color", "[r,g,b,a]"),
    f("edge_size", ""),
    f("texture", "texture (path or index, null = none)"),
    f("sphere_texture", "texture (path or index, null = none)"),
    f("sphere_mode", "disabled, multiply, add, sub_texture or 0-3"),
    f("toon", "{\"Shared\": 0-9} or {\"Texture\": index}"),
    f("memo", ""),
];

const RIGID_BODY: &[FieldDoc] = &[
    f("name", ""),
    f("name_en", ""),
    f("bone", "bone (name or index, null = none)"),
    f("group", "collision group 0-15"),
    f(
        "collision_mask",
        "16 bits, bit n set = collides with group n",
    ),
    f(
        "no_collide",
        "list of groups it does not collide with (sets collision_mask)",
    ),
    f("shape", "sphere, box, capsule or 0-2"),
    f(
        "size",
        "sphere [r,_,_], box half extents, capsule [r,height,_]",
    ),
    f("position", "[x,y,z], model space"),
    f(
        "rotation",
        "Euler [x,y,z] in radians (rotation_deg in degrees)",
    ),
    f("mass", ""),
    f("linear_damping", ""),
    f("angular_damping", ""),
    f("restitution", ""),
    f("friction", ""),
    f("mode", "follow_bone, dynamic, dynamic_bone_position or 0-2"),
];

const JOINT: &[FieldDoc] = &[
    f("name", ""),
    f("name_en", ""),
    f(
        "kind",
        "spring_6dof, 6dof, p2p, cone_twist, slider, hinge or 0-5",
    ),
    f("body_a", "rigid body (name or index)"),
    f("body_b", "rigid body (name or index)"),
    f("position", "[x,y,z]"),
    f("rotation", "Euler radians (rotation_deg in degrees)"),
    f("linear_lower", "[x,y,z]"),
    f("linear_upper", "[x,y,z]"),
    f("angular_lower", "radians (angular_lower_deg in degrees)"),
    f("angular_upper", "radians (angular_upper_deg in degrees)"),
    f("linear_spring", "[x,y,z]"),
    f("angular_spring", "[x,y,z]"),
];

const SOFT_BODY: &[FieldDoc] = &[
    f("name", ""),
    f("name_en", ""),
    f("shape", "trimesh, rope or 0-1"),
    f("material", "material (name or index)"),
    f("group", "collision group 0-15"),
    f("collision_mask", "16 bits"),
    f("flags", "0x01 B-link, 0x02 clusters, 0x04 random links"),
    f("b_link_distance", ""),
    f("cluster_count", ""),
    f("total_mass", ""),
    f("margin", ""),
    f("aero_model", "{\"VPoint\"} … as serde"),
    f(
        "config",
        "{vcf, dp, dg, lf, pr, vc, df, mt, chr, khr, shr, ahr}; also config.dp …",
    ),
    f("cluster", "cluster parameters; also cluster.srhr_cl …"),
    f("iterations", "{velocity, position, drift, cluster}"),
    f("material_params", "{lst, ast, vst}"),
    f("anchors", "[{rigid_body, vertex, near_mode}]"),
    f("pins", "[vertex, …]"),
];

const DISPLAY_FRAME: &[FieldDoc] = &[
    f("name", ""),
    f("name_en", ""),
    f(
        "elements",
        "[{\"Bone\": i} | {\"Morph\": i} | \"bone:NAME\" | \"morph:NAME\"]",
    ),
];

const TEXTURE: &[FieldDoc] = &[f("path", "file path relative to the model")];

/// The fields a script can set on elements of `kind`.
pub fn field_docs(kind: ElementKind) -> &'static [FieldDoc] {
    match kind {
        ElementKind::Bone => BONE,
        ElementKind::Morph => MORPH,
        ElementKind::Material => MATERIAL,
        ElementKind::RigidBody => RIGID_BODY,
        ElementKind::Joint => JOINT,
        ElementKind::SoftBody => SOFT_BODY,
        ElementKind::DisplayFrame => DISPLAY_FRAME,
        ElementKind::Texture => TEXTURE,
        _ => &[],
    }
}

fn field_list(kind: ElementKind) -> String {
    let names: Vec<&str> = field_docs(kind).iter().map(|d| d.name).collect();
    names.join(", ")
}

/// The element as its serde JSON object.
fn to_json(e: &Element) -> Value {
    let v = match e {
        Element::Bone(b) => serde_json::to_value(&**b),
        Element::Morph(m) => serde_json::to_value(m),
        Element::Material(m) => serde_json::to_value(m),
        Element::RigidBody(b) => serde_json::to_value(b),
        Element::Joint(j) => serde_json::to_value(j),
        Element::SoftBody(s) => serde_json::to_value(s),
        Element::DisplayFrame(d) => serde_json::to_value(d),
        Element::Texture(t) => Ok(json!({ "path": t })),
        _ => Ok(Value::Null),
    };
    v.unwrap_or(Value::Null)
}

fn from_json(kind: ElementKind, v: Value) -> Result<Element, serde_json::Error> {
    Ok(match kind {
        ElementKind::Bone => Element::from(serde_json::from_value::<crate::pmx::Bone>(v)?),
        ElementKind::Morph => Element::from(serde_json::from_value::<Morph>(v)?),
        ElementKind::Material => Element::from(serde_json::from_value::<Material>(v)?),
        ElementKind::RigidBody => {
            Element::from(serde_json::from_value::<crate::pmx::RigidBody>(v)?)
        }
        ElementKind::Joint => Element::from(serde_json::from_value::<crate::pmx::Joint>(v)?),
        ElementKind::SoftBody => Element::from(serde_json::from_value::<SoftBody>(v)?),
        ElementKind::DisplayFrame => Element::from(serde_json::from_value::<DisplayFrame>(v)?),
        _ => {
            let path = v.get("path").cloned().unwrap_or(Value::Null);
            Element::Texture(serde_json::from_value::<String>(path)?)
        }
    })
}

/// The current value of `field` (a serde key or dotted path) of `e`.
pub fn get_field(e: &Element, field: &str) -> Option<Value> {
    let mut v = &to_json(e);
    for key in field.split('.') {
        v = v.get(key)?;
    }
    Some(v.clone())
}

/// Which list a reference field points into.
fn reference_kind(kind: ElementKind, path: &str) -> Option<ElementKind> {
    use ElementKind as K;
    Some(match (kind, path) {
        (K::Bone, "parent" | "append.parent" | "ik.target") => K::Bone,
        (K::RigidBody, "bone") => K::Bone,
        (K::Joint, "body_a" | "body_b") => K::RigidBody,
        (K::SoftBody, "material") => K::Material,
        (K::Material, "texture" | "sphere_texture") => K::Texture,
        _ => return None,
    })
}

/// Enum fields: names by file number.
/// Enum names by file number, and the serde value of a file number.
type EnumTable = (&'static [&'static str], fn(u8) -> Value);

fn enum_names(kind: ElementKind, path: &str) -> Option<EnumTable> {
    use ElementKind as K;
    fn ser<T: serde::Serialize>(t: T) -> Value {
        serde_json::to_value(t).unwrap_or(Value::Null)
    }
    Some(match (kind, path) {
        (K::RigidBody, "shape") => (&["sphere", "box", "capsule"], |n| {
            ser(RigidShape::from_u8(n))
        }),
        (K::RigidBody, "mode") => (&["follow_bone", "dynamic", "dynamic_bone_position"], |n| {
            ser(RigidMode::from_u8(n))
        }),
        (K::Joint, "kind") => (
            &[
                "spring_6dof",
                "6dof",
                "p2p",
                "cone_twist",
                "slider",
                "hinge",
            ],
            |n| ser(JointKind::from_u8(n)),
        ),
        (K::SoftBody, "shape") => (&["trimesh", "rope"], |n| ser(SoftBodyShape::from_u8(n))),
        (K::Material, "sphere_mode") => (&["disabled", "multiply", "add", "sub_texture"], |n| {
            ser(crate::pmx::SphereMode::from_u8(n))
        }),
        _ => return None,
    })
}

/// Angle fields that also take `<field>_deg`.
fn is_angle(kind: ElementKind, path: &str) -> bool {
    matches!(
        (kind, path),
        (ElementKind::RigidBody, "rotation")
            | (
                ElementKind::Joint,
                "rotation" | "angular_lower" | "angular_upper"
            )
    )
}

const BONE_FLAGS: &[(&str, u16)] = &[
    ("rotatable", BoneFlags::ROTATABLE),
    ("movable", BoneFlags::MOVABLE),
    ("visible", BoneFlags::VISIBLE),
    ("operable", BoneFlags::OPERABLE),
    ("after_physics", BoneFlags::AFTER_PHYSICS),
];

/// Resolves a reference value: a name (exact), an index, or null (−1).
fn reference(model: &Model, target: ElementKind, v: &Value) -> Result<Value, String> {
    let len = target.len(model);
    match v {
        Value::Null => Ok(json!(-1)),
        Value::String(name) => find_by_name(model, target, name)
            .map(|i| json!(i))
            .ok_or_else(|| {
                crate::tr!(
                    "field-err-no-named",
                    kind = target.label(),
                    name = name.as_str()
                )
            }),
        Value::Number(n) => match n.as_i64() {
            Some(-1) => Ok(json!(-1)),
            Some(i) if i >= 0 && (i as usize) < len => Ok(json!(i)),
            _ => Err(crate::tr!(
                "field-err-out-of-range",
                kind = target.label(),
                index = n.to_string(),
                count = len
            )),
        },
        v => Err(crate::tr!(
            "field-err-expected-reference",
            kind = target.label(),
            value = v.to_string()
        )),
    }
}

fn enum_value(names: &[&str], make: fn(u8) -> Value, v: &Value) -> Result<Value, String> {
    let norm = |s: &str| s.to_ascii_lowercase().replace(['_', ' ', '-'], "");
    match v {
        Value::Number(n) => match n.as_u64() {
            Some(i) if (i as usize) < names.len() => Ok(make(i as u8)),
            _ => Err(crate::tr!(
                "field-err-expected-range",
                max = names.len() - 1,
                value = n.to_string()
            )),
        },
        // A name, or the serde variant name ("DynamicWithBonePosition").
        Value::String(s) => (0..names.len())
            .find(|&i| norm(names[i]) == norm(s) || make(i as u8).as_str() == Some(s.as_str()))
            .map(|i| make(i as u8))
            .ok_or_else(|| {
                crate::tr!(
                    "field-err-expected-one-of",
                    names = names.join(", "),
                    value = s.as_str()
                )
            }),
        // Already in serde form.
        v => Ok(v.clone()),
    }
}

fn degrees(v: &Value) -> Result<Value, String> {
    let to_rad = |x: &Value| {
        x.as_f64()
            .map(|d| json!(d.to_radians()))
            .ok_or_else(|| crate::tr!("field-err-expected-number", value = x.to_string()))
    };
    match v {
        Value::Array(a) => a
            .iter()
            .map(to_rad)
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array),
        v => to_rad(v),
    }
}

/// A display-frame element list: serde form, or "bone:NAME" / "morph:NAME".
fn frame_elements(model: &Model, v: &Value) -> Result<Value, String> {
    let Value::Array(items) = v else {
        return Ok(v.clone());
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let Value::String(s) = item else {
            out.push(item.clone());
            continue;
        };
        let (key, kind, name) = match s.split_once(':') {
            Some(("bone", n)) => ("Bone", ElementKind::Bone, n),
            Some(("morph", n)) => ("Morph", ElementKind::Morph, n),
            _ => return Err(crate::tr!("field-err-frame-item", value = s.as_str())),
        };
        let i = reference(model, kind, &json!(name))?;
        out.push(json!({ key: i }));
    }
    Ok(Value::Array(out))
}

/// Fields a script must not set, and why.
fn read_only(kind: ElementKind, path: &str) -> Option<String> {
    match (kind, path) {
        (ElementKind::Material, "face_index_count") => Some(crate::tr!("field-why-face-count")),
        (ElementKind::DisplayFrame, "special") => Some(crate::tr!("field-why-special-frame")),
        _ => None,
    }
}

/// Sets `field` of `element` to `value` (in any of the forms the module docs list),
/// resolving names against `model`. The element is unchanged on error, and the error
/// names the field (and, for an unknown field, every field of the kind).
pub fn set_field(
    model: &Model,
    element: &mut Element,
    field: &str,
    value: &Value,
) -> Result<(), String> {
    let kind = element.kind();
    let mut obj = to_json(element);
    let (path, value) = normalise(model, kind, field, value, &obj)?;
    if let Some(why) = read_only(kind, &path) {
        return Err(crate::tr!(
            "field-err-read-only",
            kind = kind.label(),
            field = path.as_str(),
            why = why
        ));
    }
    let slot = path
        .split('.')
        .try_fold(&mut obj, |v, key| v.get_mut(key))
        .ok_or_else(|| {
            crate::tr!(
                "field-err-no-field",
                kind = kind.label(),
                field = field,
                fields = field_list(kind)
            )
        })?;
    *slot = value;
    let new = from_json(kind, obj).map_err(|e| bad_value(kind, field, e.to_string()))?;
    *element = new;
    Ok(())
}

fn bad_value(kind: ElementKind, field: &str, reason: String) -> String {
    crate::tr!(
        "field-err-bad-value",
        kind = kind.label(),
        field = field,
        reason = reason
    )
}

/// Turns a field name and value as written into a serde path and serde value.
fn normalise(
    model: &Model,
    kind: ElementKind,
    field: &str,
    value: &Value,
    obj: &Value,
) -> Result<(String, Value), String> {
    let bad = |e: String| bad_value(kind, field, e);
    if let Some(base) = field.strip_suffix("_deg").filter(|b| is_angle(kind, b)) {
        return Ok((base.to_string(), degrees(value).map_err(bad)?));
    }
    if let Some(target) = reference_kind(kind, field) {
        return Ok((field.into(), reference(model, target, value).map_err(bad)?));
    }
    if let Some((names, make)) = enum_names(kind, field) {
        return Ok((field.into(), enum_value(names, make, value).map_err(bad)?));
    }
    match (kind, field) {
        (ElementKind::Bone, "tail") => {
            let v = match value {
                Value::Array(_) => json!({ "Offset": value }),
                Value::String(_) | Value::Number(_) | Value::Null => {
                    json!({ "Bone": reference(model, ElementKind::Bone, value).map_err(bad)? })
                }
                v => v.clone(),
            };
            Ok(("tail".into(), v))
        }
        (ElementKind::Bone, name) if BONE_FLAGS.iter().any(|(n, _)| *n == name) => {
            let bit = BONE_FLAGS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b);
            let on = value.as_bool().ok_or_else(|| {
                bad(crate::tr!(
                    "field-err-expected-bool",
                    value = value.to_string()
                ))
            })?;
            let mut flags = BoneFlags(obj["flags"].as_u64().unwrap_or(0) as u16);
            flags.set(bit.unwrap_or(0), on);
            Ok(("flags".into(), json!(flags.0)))
        }
        (ElementKind::RigidBody, "no_collide") => {
            let groups: Vec<u8> = serde_json::from_value(value.clone()).map_err(|e| {
                bad(crate::tr!(
                    "field-err-expected-groups",
                    reason = e.to_string()
                ))
            })?;
            let mut mask = 0xFFFFu16;
            for g in groups {
                if !rules::group_in_range(g) {
                    return Err(bad(crate::tr!("field-err-group", group = g)));
                }
                mask = rules::mask_with(mask, g, false);
            }
            Ok(("collision_mask".into(), json!(mask)))
        }
        (ElementKind::RigidBody | ElementKind::SoftBody, "group") => match value.as_u64() {
            Some(g) if g <= u8::MAX as u64 && rules::group_in_range(g as u8) => {
                Ok(("group".into(), value.clone()))
            }
            _ => Err(bad(crate::tr!(
                "field-err-expected-group",
                value = value.to_string()
            ))),
        },
        (ElementKind::DisplayFrame, "elements") => Ok((
            "elements".into(),
            frame_elements(model, value).map_err(bad)?,
        )),
        _ => Ok((field.to_string(), value.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Bone, Joint, RigidBody};

    fn model() -> Model {
        let mut m = Model::default();
        m.bones.push(Bone {
            name: "頭".into(),
            ..Bone::default()
        });
        m.bones.push(Bone {
            name: "髪".into(),
            ..Bone::default()
        });
        m
    }

    #[test]
    fn documented_fields_cover_every_serde_key() {
        let samples = [
            Element::from(Bone::default()),
            Element::from(RigidBody::default()),
            Element::from(Joint::default()),
            Element::from(Material::default()),
            Element::from(SoftBody::default()),
            Element::from(DisplayFrame::default()),
            Element::Texture("a.png".into()),
        ];
        for e in samples {
            let docs = field_docs(e.kind());
            for key in to_json(&e).as_object().unwrap().keys() {
                if read_only(e.kind(), key).is_some() {
                    continue;
                }
                assert!(
                    docs.iter().any(|d| d.name == key),
                    "{} field {key} is not documented",
                    e.kind()
                );
            }
        }
    }

    #[test]
    fn references_enums_degrees_and_flags() {
        let m = model();
        let mut e = Element::from(RigidBody::default());
        set_field(&m, &mut e, "bone", &json!("髪")).unwrap();
        set_field(&m, &mut e, "shape", &json!("Capsule")).unwrap();
        set_field(&m, &mut e, "mode", &json!(2)).unwrap();
        set_field(&m, &mut e, "rotation_deg", &json!([90, 0, 0])).unwrap();
        set_field(&m, &mut e, "no_collide", &json!([0, 4])).unwrap();
        set_field(&m, &mut e, "mass", &json!(0.25)).unwrap();
        let Element::RigidBody(b) = &e else { panic!() };
        assert_eq!(b.bone, 1);
        assert_eq!(b.shape, RigidShape::Capsule);
        assert_eq!(b.mode, RigidMode::DynamicWithBonePosition);
        assert!((b.rotation.x - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
        assert_eq!(b.collision_mask, !0b1_0001u16);
        assert_eq!(b.mass, 0.25);

        let mut bone = Element::from(Bone::default());
        set_field(&m, &mut bone, "visible", &json!(false)).unwrap();
        set_field(&m, &mut bone, "tail", &json!("頭")).unwrap();
        set_field(&m, &mut bone, "parent", &json!(null)).unwrap();
        let Element::Bone(b) = &bone else { panic!() };
        assert!(!b.flags.has(BoneFlags::VISIBLE));
        assert_eq!(b.tail, crate::pmx::Tail::Bone(0));
        assert_eq!(b.parent, -1);
    }

    #[test]
    fn errors_name_the_field_and_leave_the_element() {
        let m = model();
        let mut e = Element::from(RigidBody::default());
        let before = e.clone();
        let err = set_field(&m, &mut e, "masss", &json!(1)).unwrap_err();
        assert!(
            err.contains("no field \"masss\"") && err.contains("mass"),
            "{err}"
        );
        let err = set_field(&m, &mut e, "bone", &json!("尻尾")).unwrap_err();
        assert!(err.contains("no bone named \"尻尾\""), "{err}");
        let err = set_field(&m, &mut e, "mass", &json!("heavy")).unwrap_err();
        assert!(err.contains("rigid body.mass"), "{err}");
        let err = set_field(&m, &mut e, "bone", &json!(5)).unwrap_err();
        assert!(err.contains("out of range"), "{err}");
        assert_eq!(e, before);
    }
}
