//! Options of the mirror and semi-standard generators from text (scripts and the
//! command line share these).

use crate::pmx::Model;
use crate::rig::mirror::{MirrorOptions, MirrorParts, DEFAULT_TOLERANCE};
use crate::rig::semistandard::{SemiStandard, SemiStandardOptions};
use crate::rig::Selection;
use crate::rig::Side;
use serde_json::Value;

/// The parts `skip` may name.
pub const MIRROR_PARTS: [&str; 6] = ["bones", "bodies", "joints", "morphs", "frames", "weights"];

/// Mirror options: `from` "left"/"right"; `select` a selector (names, globs, indices
/// or a list, as in scripts; matched against bones, bodies, joints and morphs) or
/// None for everything; `skip` parts from [`MIRROR_PARTS`].
pub fn mirror_options(
    model: &Model,
    from: &str,
    select: Option<&Value>,
    tolerance: Option<f32>,
    skip: &[String],
) -> Result<MirrorOptions, String> {
    let from: Side = from.parse()?;
    if let Some(bad) = skip.iter().find(|s| !MIRROR_PARTS.contains(&s.as_str())) {
        return Err(crate::tr!(
            "mirror-err-skip",
            part = bad.as_str(),
            parts = MIRROR_PARTS.join(", ")
        ));
    }
    let has = |p: &str| skip.iter().any(|s| s == p);
    let selection = select
        .map(|s| selection_from_selector(model, s))
        .transpose()?;
    Ok(MirrorOptions {
        from,
        selection,
        tolerance: tolerance.unwrap_or(DEFAULT_TOLERANCE),
        parts: MirrorParts {
            bones: !has("bones"),
            rigid_bodies: !has("bodies"),
            joints: !has("joints"),
            bone_morphs: !has("morphs"),
            display_frames: !has("frames"),
            weights: !has("weights"),
        },
    })
}

/// The bones, bodies, joints and morphs a script selector names (an index, a
/// name, a glob with `*`, or a list; see [`super::script::select`]), each
/// kind looked up on its own; an error only when it names nothing at all.
pub fn selection_from_selector(model: &Model, selector: &Value) -> Result<Selection, String> {
    use super::script::select;
    use crate::edit::ElementKind;
    // A list item that names no element of one kind may name another kind.
    let items: Vec<&serde_json::Value> = match selector {
        serde_json::Value::Array(items) => items.iter().collect(),
        v => vec![v],
    };
    let pick = |kind: ElementKind| -> Vec<usize> {
        let mut out: Vec<usize> = items
            .iter()
            .filter_map(|item| select(model, kind, item).ok())
            .flatten()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let sel = Selection {
        bones: pick(ElementKind::Bone),
        rigid_bodies: pick(ElementKind::RigidBody),
        joints: pick(ElementKind::Joint),
        morphs: pick(ElementKind::Morph),
        ..Selection::default()
    };
    if sel.is_empty() {
        return Err(crate::tr!(
            "mirror-err-empty-selection",
            selector = selector.to_string()
        ));
    }
    Ok(sel)
}

/// Semi-standard options: `only` Japanese names or keys of [`SemiStandard`] groups.
pub fn semistandard_options(only: Option<&[String]>) -> Result<SemiStandardOptions, String> {
    let only = only
        .map(|names| {
            names
                .iter()
                .map(|n| {
                    SemiStandard::parse(n).ok_or_else(|| {
                        crate::tr!(
                            "semi-err-unknown",
                            name = n.as_str(),
                            names = SemiStandard::ALL
                                .map(|g| format!("{}/{}", g.name(), g.key()))
                                .join(", ")
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?;
    Ok(SemiStandardOptions { only })
}
