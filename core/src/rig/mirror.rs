//! Mirror left ↔ right: bones, rigid bodies, joints, bone-morph offsets, display-frame
//! entries and vertex weights, as one undoable [`ModelEdit`].
//!
//! Pairs are found by name ([`super::names`]: 左/右 prefixes and suffixes, `_L`/`_R`…).
//! An element named for the source side is copied onto its mirror-named counterpart,
//! which is created when missing and overwritten when present. Elements whose names
//! carry no side are centre elements: they map to themselves and are never changed.
//!
//! The mirror image is the reflection x → −x of MMD model space. Positions and axes
//! get x negated; Euler angles (rx, ry, rz) become (rx, −ry, −rz), which holds for any
//! Euler order because each factor reflects on its own; bone-morph rotations
//! (quaternions) become (x, −y, −z, w); ranges about/along an axis the reflection turns
//! round ([lo, hi] on the linear X axis and the angular Y and Z axes) become [−hi, −lo],
//! which keeps PMX Editor's lo > hi "free" and lo = hi "locked" meanings. Sizes, masses,
//! damping, springs, collision group and mask are copied unchanged.

use super::mirror_parts::{
    frame_entries, mirrored_body, mirrored_bone, mirrored_joint, mirrored_name_en, mirrored_offset,
    weights,
};
pub use super::mirror_parts::{mirror_euler, mirror_quat};
use super::names::{mirror_name, side_of_name, Side};
use super::symmetric::mirror_point;
use super::{RigError, Selection};
use crate::edit::{Element, ElementKind, ModelEdit};
use crate::pmx::{BoneOffset, Model, Morph, MorphOffsets};
use glam::Vec3;
use std::collections::HashMap;

/// Default distance (model units) within which a vertex's mirror vertex is looked for.
pub const DEFAULT_TOLERANCE: f32 = 0.01;

#[derive(Debug, Clone)]
pub struct MirrorOptions {
    /// The side copied onto the other.
    pub from: Side,
    /// None: "copy left onto right" for the whole model. Some: "make symmetric" for
    /// the selected bones, bodies, joints, morphs and vertices only (either side may
    /// be selected). Vertices are mirrored when selected and also when their weights
    /// involve a selected bone (on either side).
    pub selection: Option<Selection>,
    /// Vertex matching distance, and how far from the centre plane an element must be
    /// to count as being on a side.
    pub tolerance: f32,
    pub parts: MirrorParts,
}

impl MirrorOptions {
    pub fn new(from: Side) -> Self {
        MirrorOptions {
            from,
            selection: None,
            tolerance: DEFAULT_TOLERANCE,
            parts: MirrorParts::default(),
        }
    }
}

/// Which kinds of elements take part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MirrorParts {
    pub bones: bool,
    pub rigid_bodies: bool,
    pub joints: bool,
    /// Bone offsets of bone morphs.
    pub bone_morphs: bool,
    pub display_frames: bool,
    pub weights: bool,
}

impl Default for MirrorParts {
    fn default() -> Self {
        MirrorParts {
            bones: true,
            rigid_bodies: true,
            joints: true,
            bone_morphs: true,
            display_frames: true,
            weights: true,
        }
    }
}

/// Per kind: how many elements.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct KindCounts {
    pub bones: usize,
    pub rigid_bodies: usize,
    pub joints: usize,
    pub morphs: usize,
}

/// What [`mirror`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct MirrorReport {
    /// Counterparts that did not exist.
    pub created: KindCounts,
    /// Existing counterparts that changed.
    pub overwritten: KindCounts,
    /// Existing counterparts that were already the mirror image.
    pub unchanged: KindCounts,
    pub display_entries_added: usize,
    /// Vertices whose weights changed.
    pub vertices_changed: usize,
    /// Vertices on the target side (or selected) whose weights were checked.
    pub vertices_considered: usize,
    /// Target-side vertices with no vertex within the tolerance of their mirror position.
    pub vertices_without_mirror: usize,
    /// Elements left alone, with the reason.
    pub skipped: Vec<String>,
}

/// The edit to apply (one undo step) and what it does.
#[derive(Debug, Clone)]
pub struct Mirror {
    pub edit: ModelEdit,
    pub report: MirrorReport,
}

/// Source → target pairs of one kind, and every element's counterpart.
pub(super) struct Pairs {
    /// (source, target) in source order; targets ≥ the old length are new.
    pub(super) pairs: Vec<(usize, usize)>,
    /// Counterpart of every element (old and new); None for a sided element whose
    /// counterpart does not exist; centre elements are their own counterpart.
    counterpart: Vec<Option<usize>>,
    old_len: usize,
    /// Targets found by place (named without a side): overwritten, names kept.
    by_place: Vec<usize>,
}

/// How close (model units) an element named without a side must be to a source's
/// mirrored place to be taken as its counterpart. mei.pmd's 前髪横２ is 0.05 from the
/// mirror of 左前髪; creating a 右前髪 beside it would double the hair.
pub const PLACE_TOLERANCE: f32 = 0.1;

impl Pairs {
    /// `names`: the Japanese names; `pos`: an element's model-space position when it
    /// has one.
    #[allow(clippy::too_many_arguments)]
    fn new(
        what: &str,
        names: &[&str],
        pos: impl Fn(usize) -> Option<Vec3>,
        selected: Option<&[usize]>,
        from: Side,
        tolerance: f32,
        skipped: &mut Vec<String>,
    ) -> Pairs {
        let mut by_name: HashMap<&str, usize> = HashMap::new();
        for (i, n) in names.iter().enumerate() {
            by_name.entry(n).or_insert(i);
        }
        let find = |name: &str| by_name.get(name).copied();
        // A name saying one side while the element lies clearly on the other is a
        // naming mistake (mei.pmd has 左足ＩＫ先02 under 右足ＩＫ): mirroring it would
        // put a counterpart on the wrong side, so it is skipped and reported.
        let misplaced = |i: usize, side: Side| {
            pos(i)
                .and_then(|p| Side::of_x(p.x, tolerance))
                .is_some_and(|s| s != side)
        };
        let mut sources: Vec<usize> = match selected {
            None => (0..names.len())
                .filter(|&i| side_of_name(names[i]) == Some(from))
                .collect(),
            Some(sel) => sel
                .iter()
                .filter(|&&i| i < names.len())
                .filter_map(|&i| match side_of_name(names[i]) {
                    Some(s) if s == from => Some(i),
                    Some(_) => {
                        let m = mirror_name(names[i]).and_then(|n| find(&n));
                        if m.is_none() {
                            skipped.push(crate::tr!(
                                "mirror-skip-no-counterpart",
                                kind = what,
                                name = names[i],
                                side = from.label()
                            ));
                        }
                        m
                    }
                    None => {
                        skipped.push(crate::tr!(
                            "mirror-skip-no-side",
                            kind = what,
                            name = names[i]
                        ));
                        None
                    }
                })
                .collect(),
        };
        sources.sort_unstable();
        sources.dedup();
        sources.retain(|&i| {
            let bad = misplaced(i, from);
            if bad {
                skipped.push(crate::tr!(
                    "mirror-skip-misplaced",
                    kind = what,
                    name = names[i],
                    side = from.label()
                ));
            }
            !bad
        });
        // Only the first element with a name takes part (duplicates are ambiguous).
        sources.retain(|&i| find(names[i]) == Some(i));

        let old_len = names.len();
        let mut counterpart: Vec<Option<usize>> = names
            .iter()
            .map(|n| match mirror_name(n) {
                None => None,
                Some(m) => find(&m),
            })
            .collect();
        for (i, c) in counterpart.iter_mut().enumerate() {
            if side_of_name(names[i]).is_none() {
                *c = Some(i);
            }
        }
        let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(sources.len());
        let mut by_place = Vec::new();
        for s in sources {
            let target_name = mirror_name(names[s]).expect("sources have a side");
            // No element of that name: one named without a side at the mirrored place
            // is the counterpart under another name.
            let placed = || {
                let want = mirror_point(pos(s)?);
                (0..old_len)
                    .filter(|&j| side_of_name(names[j]).is_none() && !by_place.contains(&j))
                    .filter(|&j| {
                        pos(j).is_some_and(|p| Side::of_x(p.x, tolerance) == Some(from.opposite()))
                    })
                    .map(|j| (j, pos(j).unwrap().distance(want)))
                    .filter(|&(_, d)| d <= PLACE_TOLERANCE)
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(j, _)| j)
            };
            let t = match find(&target_name) {
                Some(t) => t,
                None => match placed() {
                    Some(j) => {
                        skipped.push(crate::tr!(
                            "mirror-skip-by-place",
                            kind = what,
                            name = names[s],
                            other = names[j]
                        ));
                        by_place.push(j);
                        j
                    }
                    None => old_len + pairs.iter().filter(|&&(_, t)| t >= old_len).count(),
                },
            };
            if t < old_len && misplaced(t, from.opposite()) {
                skipped.push(crate::tr!(
                    "mirror-skip-target-misplaced",
                    kind = what,
                    name = target_name,
                    side = from.opposite().label()
                ));
                continue;
            }
            pairs.push((s, t));
        }
        counterpart.resize(
            old_len + pairs.iter().filter(|p| p.1 >= old_len).count(),
            None,
        );
        for &(s, t) in &pairs {
            counterpart[s] = Some(t);
            counterpart[t] = Some(s);
        }
        Pairs {
            pairs,
            counterpart,
            old_len,
            by_place,
        }
    }

    pub(super) fn keeps_name(&self, t: usize) -> bool {
        self.by_place.contains(&t)
    }

    /// The counterpart of a reference (−1 and out-of-range references stay as they are).
    pub(super) fn map(&self, i: i32) -> Option<i32> {
        if i < 0 {
            return Some(i);
        }
        match self.counterpart.get(i as usize) {
            Some(c) => c.map(|c| c as i32),
            None => Some(i),
        }
    }

    /// Like [`map`](Self::map), keeping the reference when it has no counterpart.
    pub(super) fn map_or_keep(&self, i: i32) -> i32 {
        self.map(i).unwrap_or(i)
    }

    pub(super) fn is_new(&self, t: usize) -> bool {
        t >= self.old_len
    }
}

/// The places of the elements of `kind` that have one (bones, bodies, joints).
fn places(model: &Model, kind: ElementKind) -> Vec<Vec3> {
    match kind {
        ElementKind::Bone => model.bones.iter().map(|b| b.position).collect(),
        ElementKind::RigidBody => model.rigid_bodies.iter().map(|b| b.position).collect(),
        ElementKind::Joint => model.joints.iter().map(|j| j.position).collect(),
        _ => Vec::new(),
    }
}

/// Plans the mirror edit. Nothing is changed until the caller applies
/// [`Mirror::edit`] (one undo step). Errors when there is nothing to do.
pub fn mirror(model: &Model, opts: &MirrorOptions) -> Result<Mirror, RigError> {
    if !(opts.tolerance.is_finite() && opts.tolerance >= 0.0) {
        return Err(RigError::Invalid(crate::tr!(
            "mirror-err-tolerance",
            value = opts.tolerance.to_string()
        )));
    }
    let from = opts.from;
    let to = from.opposite();
    let tol = opts.tolerance;
    let parts = opts.parts;
    let sel = opts.selection.as_ref();
    let mut report = MirrorReport::default();
    let none: &[usize] = &[];
    let pick = |on: bool, list: fn(&Selection) -> &Vec<usize>| -> Option<&[usize]> {
        match sel {
            None if on => None,
            None => Some(none),
            Some(s) if on => Some(list(s).as_slice()),
            Some(_) => Some(none),
        }
    };

    let mut pair = |kind: ElementKind, on: bool, list: fn(&Selection) -> &Vec<usize>| {
        let (names, places) = (kind.names(model), places(model, kind));
        let place = |i: usize| places.get(i).copied();
        let selected = pick(on, list);
        Pairs::new(
            &kind.label(),
            &names,
            place,
            selected,
            from,
            tol,
            &mut report.skipped,
        )
    };
    let bones = pair(ElementKind::Bone, parts.bones, |s| &s.bones);
    let bodies = pair(ElementKind::RigidBody, parts.rigid_bodies, |s| {
        &s.rigid_bodies
    });
    let joints = pair(ElementKind::Joint, parts.joints, |s| &s.joints);
    let morphs = pair(ElementKind::Morph, parts.bone_morphs, |s| &s.morphs);

    let mut added: Vec<Element> = Vec::new();
    let mut changed: Vec<(usize, Element)> = Vec::new();

    // Created or overwritten elements of one kind.
    macro_rules! place {
        ($pairs:expr, $list:expr, $count:ident, $make:expr) => {
            for &(s, t) in &$pairs.pairs {
                let mut value = $make(s, t);
                if $pairs.keeps_name(t) {
                    value.name = $list[t].name.clone();
                    value.name_en = $list[t].name_en.clone();
                }
                if $pairs.is_new(t) {
                    report.created.$count += 1;
                    added.push(Element::from(value));
                } else if $list[t] != value {
                    report.overwritten.$count += 1;
                    changed.push((t, Element::from(value)));
                } else {
                    report.unchanged.$count += 1;
                }
            }
        };
    }
    place!(bones, model.bones, bones, |s, t| mirrored_bone(
        model, s, t, &bones
    ));
    place!(bodies, model.rigid_bodies, rigid_bodies, |s, t| {
        mirrored_body(model, s, t, &bones)
    });
    place!(joints, model.joints, joints, |s, t| mirrored_joint(
        model, s, t, &bodies
    ));

    // Bone morphs: a sided morph is copied onto its counterpart; in a centre morph the
    // offsets on source-side bones replace those on their counterparts.
    fn bone_morph(m: &Morph) -> Option<&Vec<BoneOffset>> {
        match &m.offsets {
            MorphOffsets::Bone(o) => Some(o),
            _ => None,
        }
    }
    for &(s, t) in &morphs.pairs {
        let src = &model.morphs[s];
        let Some(offsets) = bone_morph(src) else {
            report.skipped.push(crate::tr!(
                "mirror-skip-not-bone-morph",
                name = src.name.as_str()
            ));
            continue;
        };
        let value = Morph {
            name: mirror_name(&src.name).expect("sources have a side"),
            name_en: mirrored_name_en(
                &src.name_en,
                model.morphs.get(t).map(|m| m.name_en.as_str()),
            ),
            offsets: MorphOffsets::Bone(
                offsets.iter().map(|o| mirrored_offset(o, &bones)).collect(),
            ),
            ..src.clone()
        };
        if morphs.is_new(t) {
            report.created.morphs += 1;
            added.push(value.into());
        } else if model.morphs[t] != value {
            report.overwritten.morphs += 1;
            changed.push((t, value.into()));
        } else {
            report.unchanged.morphs += 1;
        }
    }
    if parts.bone_morphs && !bones.pairs.is_empty() {
        let source_bones: std::collections::HashSet<i32> =
            bones.pairs.iter().map(|p| p.0 as i32).collect();
        for (mi, m) in model.morphs.iter().enumerate() {
            let Some(offsets) = bone_morph(m) else {
                continue;
            };
            if side_of_name(&m.name).is_some() {
                continue;
            }
            let mirrored: Vec<BoneOffset> = offsets
                .iter()
                .filter(|o| source_bones.contains(&o.bone))
                .map(|o| mirrored_offset(o, &bones))
                .collect();
            if mirrored.is_empty() {
                continue;
            }
            let replaced: std::collections::HashSet<i32> =
                mirrored.iter().map(|o| o.bone).collect();
            let mut new_offsets: Vec<BoneOffset> = offsets
                .iter()
                .filter(|o| !replaced.contains(&o.bone))
                .copied()
                .collect();
            new_offsets.extend(mirrored);
            if new_offsets != *offsets {
                let mut value = m.clone();
                value.offsets = MorphOffsets::Bone(new_offsets);
                report.overwritten.morphs += 1;
                changed.push((mi, value.into()));
            }
        }
    }

    if parts.display_frames {
        frame_entries(model, &bones, &morphs, &mut changed, &mut report);
    }
    if parts.weights {
        // Bones whose weights are made symmetric: the selected ones and their
        // counterparts, whether or not the bones themselves take part.
        let selected_bones: Option<Vec<usize>> = sel.map(|s| {
            s.bones
                .iter()
                .filter(|&&b| b < model.bones.len())
                .flat_map(|&b| [Some(b as i32), bones.map(b as i32)])
                .flatten()
                .filter(|&b| b >= 0 && (b as usize) < model.bones.len())
                .map(|b| b as usize)
                .collect()
        });
        weights(
            model,
            &bones,
            to,
            tol,
            sel.map(|s| s.vertices.as_slice()),
            selected_bones.as_deref(),
            &mut changed,
            &mut report,
        );
    }

    let mut edits = Vec::new();
    if !added.is_empty() {
        edits.push(ModelEdit::add_many(added));
    }
    if !changed.is_empty() {
        edits.push(ModelEdit::set_many(changed, "mirror"));
    }
    if edits.is_empty() {
        let already = crate::tr!(
            "mirror-nothing",
            to = to.label(),
            from = from.label(),
            skipped = report.skipped.len()
        );
        return Err(RigError::NothingToDo(already));
    }
    let label = match sel {
        None => crate::tr!("rig-label-mirror", from = side(from), to = side(to)),
        Some(_) => crate::tr!("rig-label-symmetric", from = side(from), to = side(to)),
    };
    Ok(Mirror {
        edit: ModelEdit::batch(label, edits),
        report,
    })
}

/// A side as history labels name it, in the current language.
fn side(side: Side) -> String {
    match side {
        Side::Left => crate::tr!("rig-side-left"),
        Side::Right => crate::tr!("rig-side-right"),
    }
}
