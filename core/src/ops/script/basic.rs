//! The element operations every kind has: add, delete, duplicate, move, set; and
//! selectors (index, exact name, `*` glob, or a list of these).

use super::{set_field, OpArgs, OpError, OpSpec};
use crate::edit::references::{delete_with_references, RefPolicy};
use crate::edit::{remap, Element, ElementKind, ModelEdit};
use crate::pmx::Model;
use serde_json::Value;

/// The kinds scripts name, with their script spelling.
pub const KINDS: &[(&str, ElementKind)] = &[
    ("bone", ElementKind::Bone),
    ("morph", ElementKind::Morph),
    ("material", ElementKind::Material),
    ("rigid_body", ElementKind::RigidBody),
    ("joint", ElementKind::Joint),
    ("soft_body", ElementKind::SoftBody),
    ("display_frame", ElementKind::DisplayFrame),
    ("texture", ElementKind::Texture),
];

/// The kind a script spells `name` (e.g. "rigid_body").
pub fn parse_kind(name: &str) -> Option<ElementKind> {
    KINDS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// Japanese and English name of element `i` (a texture's path as its name).
fn names(model: &Model, kind: ElementKind, i: usize) -> (&str, &str) {
    kind.name_pair(model, i).unwrap_or(("", ""))
}

/// The first element of `kind` whose Japanese name is `name`, else whose English name is.
pub fn find_by_name(model: &Model, kind: ElementKind, name: &str) -> Option<usize> {
    let len = kind.len(model);
    (0..len)
        .find(|&i| names(model, kind, i).0 == name)
        .or_else(|| (0..len).find(|&i| names(model, kind, i).1 == name))
}

/// `*` matches any run of characters (none included); everything else literally.
fn glob_match(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for p in middle {
        match rest.find(p) {
            Some(at) => rest = &rest[at + p.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// The elements of `kind` a selector names, in selector order without repeats: an
/// index, an exact name (Japanese, else English; every element so named), a glob with
/// `*` (matched against both names), or a list of these. A selector that matches
/// nothing is an error.
pub fn select(model: &Model, kind: ElementKind, selector: &Value) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    select_into(model, kind, selector, &mut out)?;
    Ok(out)
}

fn select_into(
    model: &Model,
    kind: ElementKind,
    selector: &Value,
    out: &mut Vec<usize>,
) -> Result<(), String> {
    let len = kind.len(model);
    let mut push = |i: usize| {
        if !out.contains(&i) {
            out.push(i);
        }
    };
    match selector {
        Value::Number(n) => match n.as_u64() {
            Some(i) if (i as usize) < len => push(i as usize),
            _ => {
                return Err(crate::tr!(
                    "err-select-no-index",
                    kind = kind.label(),
                    index = n.to_string(),
                    len = len
                ))
            }
        },
        Value::String(s) => {
            let glob = s.contains('*');
            let hits: Vec<usize> = if glob {
                (0..len)
                    .filter(|&i| {
                        let (ja, en) = names(model, kind, i);
                        glob_match(s, ja) || (!en.is_empty() && glob_match(s, en))
                    })
                    .collect()
            } else {
                let ja: Vec<usize> = (0..len).filter(|&i| names(model, kind, i).0 == s).collect();
                if ja.is_empty() {
                    (0..len).filter(|&i| names(model, kind, i).1 == s).collect()
                } else {
                    ja
                }
            };
            if hits.is_empty() {
                return Err(if glob {
                    crate::tr!(
                        "err-select-no-match",
                        kind = kind.label(),
                        pattern = s.as_str()
                    )
                } else {
                    crate::tr!("err-select-no-name", kind = kind.label(), name = s.as_str())
                });
            }
            hits.into_iter().for_each(push);
        }
        Value::Array(items) => {
            if items.is_empty() {
                return Err(crate::tr!("err-select-empty-list"));
            }
            for item in items {
                select_into(model, kind, item, out)?;
            }
        }
        v => return Err(crate::tr!("err-select-bad", value = v.to_string())),
    }
    Ok(())
}

/// Operations on elements of any kind.
pub const BASIC_OPS: &[OpSpec] = &[
    OpSpec {
        name: "add",
        keys: &["kind", "value", "select", "at"],
        usage: r#"{"op":"add","kind":K,"value":{FIELD:VALUE…},"select":S?,"at":N?}  new element; missing fields take the GUI's defaults for the selection S (bone: parent; rigid_body: bone; joint: two bodies); "at" inserts it at index N instead of the end"#,
        build: build_add,
    },
    OpSpec {
        name: "delete",
        keys: &["kind", "select", "refs"],
        usage: r#"{"op":"delete","kind":K,"select":S,"refs":"error"|"delete"|"repoint"}  delete; what refers to the elements: error (default) fails naming it, delete deletes it too, repoint moves it to the parent (weights renormalised)"#,
        build: build_delete,
    },
    OpSpec {
        name: "duplicate",
        keys: &["kind", "select"],
        usage: r#"{"op":"duplicate","kind":K,"select":S}  copies at the end of the list, names with "+""#,
        build: build_duplicate,
    },
    OpSpec {
        name: "move",
        keys: &["kind", "select", "to"],
        usage: r#"{"op":"move","kind":K,"select":S,"to":N}  the selected elements (in list order) to indices N…; every reference follows"#,
        build: build_move,
    },
    OpSpec {
        name: "set",
        keys: &["kind", "select", "field", "value", "values"],
        usage: r#"{"op":"set","kind":K,"select":S,"field":F,"value":V} or "values":{F:V,…}  set fields on every selected element (one step)"#,
        build: build_set,
    },
];

fn build_add(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let kind = args.kind()?;
    let fields = match args.get("value") {
        None | Some(Value::Null) => serde_json::Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(v) => {
            return Err(OpError(crate::tr!(
                "err-op-not-object",
                key = "value",
                value = v.to_string()
            )))
        }
    };
    // The selection the defaults are computed from: "select", else the value's own
    // anchor fields (a body's bone, a joint's bodies, a bone's parent).
    let mut selection = args.select_opt(model, kind_of_anchor(kind), "select")?;
    if selection.is_empty() {
        for key in anchor_fields(kind) {
            if let Some(v) = fields.get(*key).filter(|v| !v.is_null()) {
                let i = select(model, kind_of_anchor(kind), v).map_err(|e| {
                    OpError(crate::tr!(
                        "err-op-bad-value",
                        field = format!("{kind}.{key}"),
                        error = e
                    ))
                })?;
                selection.extend(i.first());
            }
        }
    }
    let mut element = crate::rig::defaults::new_element(model, kind, &selection)
        .ok_or_else(|| OpError(crate::tr!("err-op-cannot-add", kind = kind.label())))?;
    for (field, value) in &fields {
        set_field(model, &mut element, field, value)?;
    }
    let add = ModelEdit::add(element);
    let Some(at) = args.parse::<usize>("at")? else {
        return Ok(Some(add));
    };
    let len = kind.len(model);
    if at > len {
        return Err(OpError(crate::tr!(
            "err-op-at-past-end",
            at = at,
            len = len,
            kinds = kind.plural_label()
        )));
    }
    let order = remap::move_order(len + 1, len, at);
    let label = crate::tr!("script-label-add-at", kind = kind.label(), at = at);
    Ok(Some(ModelEdit::batch(
        label,
        vec![add, ModelEdit::reorder(kind, order)],
    )))
}

/// The kind the selection of an `add` names: bones for bodies, bodies for joints.
fn kind_of_anchor(kind: ElementKind) -> ElementKind {
    match kind {
        ElementKind::RigidBody => ElementKind::Bone,
        ElementKind::Joint => ElementKind::RigidBody,
        k => k,
    }
}

fn anchor_fields(kind: ElementKind) -> &'static [&'static str] {
    match kind {
        ElementKind::Bone => &["parent"],
        ElementKind::RigidBody => &["bone"],
        ElementKind::Joint => &["body_a", "body_b"],
        _ => &[],
    }
}

fn build_delete(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let kind = args.kind()?;
    let indices = args.select(model, kind, "select")?;
    let policy = match args.str("refs")? {
        None | Some("error") => RefPolicy::Error,
        Some("delete") => RefPolicy::Delete,
        Some("repoint") => RefPolicy::Repoint,
        Some(s) => return Err(OpError(crate::tr!("err-op-refs", value = s))),
    };
    delete_with_references(model, kind, &indices, policy)
        .map(Some)
        .map_err(|e| OpError(e.to_string()))
}

fn build_duplicate(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let kind = args.kind()?;
    let indices = args.select(model, kind, "select")?;
    Ok(Some(ModelEdit::duplicate(kind, indices)))
}

fn build_move(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let kind = args.kind()?;
    let mut picked = args.select(model, kind, "select")?;
    picked.sort_unstable();
    let to: usize = args.parse_required("to")?;
    let len = kind.len(model);
    if to + picked.len() > len {
        return Err(OpError(crate::tr!(
            "err-op-to-past-end",
            to = to,
            count = picked.len(),
            kinds = kind.plural_label(),
            len = len
        )));
    }
    let mut order: Vec<usize> = (0..len)
        .filter(|i| picked.binary_search(i).is_err())
        .collect();
    order.splice(to..to, picked);
    if order.iter().enumerate().all(|(i, &o)| i == o) {
        return Ok(None);
    }
    Ok(Some(ModelEdit::reorder(kind, order)))
}

fn build_set(model: &Model, args: &OpArgs) -> Result<Option<ModelEdit>, OpError> {
    let kind = args.kind()?;
    let indices = args.select(model, kind, "select")?;
    let mut fields: Vec<(String, Value)> = Vec::new();
    if let Some(field) = args.str("field")? {
        fields.push((field.to_string(), args.required("value")?.clone()));
    } else if args.get("value").is_some() {
        return Err(OpError(crate::tr!("err-op-value-needs-field")));
    }
    match args.get("values") {
        None | Some(Value::Null) => {}
        Some(Value::Object(m)) => fields.extend(m.iter().map(|(k, v)| (k.clone(), v.clone()))),
        Some(v) => {
            return Err(OpError(crate::tr!(
                "err-op-not-object",
                key = "values",
                value = v.to_string()
            )))
        }
    }
    if fields.is_empty() {
        return Err(OpError(crate::tr!("err-op-missing-field-value")));
    }
    let mut items: Vec<(usize, Element)> = Vec::with_capacity(indices.len());
    for &i in &indices {
        let Some(mut e) = kind.get(model, i) else {
            continue;
        };
        let before = e.clone();
        for (field, value) in &fields {
            set_field(model, &mut e, field, value)?;
        }
        if e != before {
            items.push((i, e));
        }
    }
    if items.is_empty() {
        return Ok(None);
    }
    let names: Vec<&str> = fields.iter().map(|(f, _)| f.as_str()).collect();
    let mut edit = ModelEdit::set_many(items, names.join(", "));
    if let [(_, v)] = fields.as_slice() {
        edit = edit.value(v);
    }
    Ok(Some(edit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match("右横髪*", "右横髪1_1"));
        assert!(glob_match("*髪*_1", "右横髪1_1"));
        assert!(!glob_match("*髪*_2", "右横髪1_1"));
        assert!(glob_match("*", ""));
        assert!(glob_match("a*a", "aa"));
        assert!(!glob_match("a*a", "a"));
        assert!(!glob_match("頭", "頭a"));
    }
}
