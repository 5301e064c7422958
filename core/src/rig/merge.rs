//! Add a part from another model (an accessory, hair, an outfit) to a model, as one
//! undo step.
//!
//! Two ways to join the skeletons (the riggers' two cases in
//! `../shared/reference/interop.md`):
//!
//! * **attach** (`match_names: false`, `attach: Some(bone)`): every part bone is new;
//!   the part's root bones go under `bone`. The part stays where it was modelled,
//!   moved by [`MergeOptions::transform`].
//! * **match by names** (the default): a part bone named like a base bone — exactly,
//!   else by the standard / semi-standard aliases of the built-in name dictionary
//!   ([`crate::rig::translate`]: 肘 = ひじ, 脚 = 足, full-width = ASCII digits) — *is*
//!   the base's bone: the part's weights, children, bodies and morph offsets re-point
//!   to it. Unmatched bones are added under their (matched) parents; a root goes
//!   under `attach` when given. `map` names pairs by hand and wins over both.
//!
//! Everything else is appended after the base's elements: vertices, faces, textures
//! (the caller copies the files: [`crate::pmx::textures`]), materials, bones,
//! morphs, rigid bodies, joints, soft bodies. A new name that clashes with one of the
//! base (or another new one) gets the prefix, then a number: never a duplicate.
//! A part morph with the name and kind of a base morph is combined into it (its
//! offsets remapped; an offset on an element the base morph already moves is
//! dropped) or, with [`MorphMerge::Prefix`], added under a prefixed name. New bones go
//! into the display frame of their nearest matched ancestor (else into a new frame
//! named after the part); new morphs (panels 1–4) into 表情.
//!
//! A new bone takes at least its parent's deform layer (and 物理後変形 when the parent
//! has it), so it never deforms before the bone it hangs on. A part material-morph
//! offset on "every material" (−1) keeps that meaning: every material of the result.
//!
//! Rigid bodies: a part body on a matched bone is not duplicated when the base has a
//! body on that bone (option `share_bodies`): the part's joints attach to the base's
//! body. Collision groups shift by `group_offset` (mod 16) and each mask turns with
//! them, so the part's bodies ignore the same groups of the part as before; a part
//! body that ignored a body now shared with the base ignores that base body's group.
//! The header takes the higher PMX version and additional-UV count of the two (the
//! save rule decides the index sizes).

use super::input::InputError;
use super::transform::{transform, Scope, Transform};
use super::translate::{translate_name, Rule, UserDictionary};
use crate::edit::remap::map_refs;
use crate::edit::{Element, ElementKind, History, ModelEdit};
use crate::pmx::{DisplayElement, DisplayFrame, Model, MorphOffsets};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// What a part morph with the name and kind of a base morph becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MorphMerge {
    /// One morph moving both (the part's offsets added to the base's).
    #[default]
    Combine,
    /// A separate morph with the prefix.
    Prefix,
}

/// How to merge (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct MergeOptions {
    /// The base bone the part's root bones go under.
    pub attach: Option<usize>,
    /// Match part bones to base bones by name (exact, then aliases).
    pub match_names: bool,
    /// Part bone name → base bone name, before any other matching.
    pub map: Vec<(String, String)>,
    /// Put before clashing new names ("" = the part's name and "_").
    pub prefix: String,
    /// Applied to the part before merging (scale, rotate, then translate).
    pub transform: Transform,
    /// Added to the part bodies' collision groups (mod 16).
    pub group_offset: u8,
    pub morphs: MorphMerge,
    /// Part bodies on matched bones are not added where the base has one.
    pub share_bodies: bool,
    /// The part's name (a new display frame's, the default prefix's).
    pub part_name: String,
}

impl Default for MergeOptions {
    fn default() -> Self {
        MergeOptions {
            attach: None,
            match_names: true,
            map: Vec::new(),
            prefix: String::new(),
            transform: Transform::default(),
            group_offset: 0,
            morphs: MorphMerge::Combine,
            share_bodies: true,
            part_name: String::new(),
        }
    }
}

/// What a merge did, for its summary and report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MergeReport {
    /// (part bone, base bone) pairs that became one.
    pub matched: Vec<(String, String)>,
    /// (kind, old name, new name) of new elements renamed to avoid a clash.
    pub renamed: Vec<(ElementKind, String, String)>,
    pub added_vertices: usize,
    pub added_faces: usize,
    pub added_materials: usize,
    pub added_bones: usize,
    pub added_morphs: usize,
    /// Base morphs the part's offsets went into.
    pub combined_morphs: Vec<String>,
    pub added_bodies: usize,
    /// Part bodies left out for the base's body on the same bone.
    pub shared_bodies: usize,
    pub added_joints: usize,
    /// The part's textures in the merged texture table (the paths as the part stores them,
    /// relative to the part's folder).
    pub part_textures: Range<usize>,
    /// A new display frame named after the part was added.
    pub new_frame: bool,
}

/// The undo step adding `part` to `base`, and what it does.
pub fn merge(
    base: &Model,
    part: &Model,
    o: &MergeOptions,
) -> Result<(ModelEdit, MergeReport), InputError> {
    if let Some(a) = o.attach.filter(|&a| a >= base.bones.len()) {
        return Err(InputError::NoSuchBone {
            index: a,
            len: base.bones.len(),
        });
    }
    let mut part = part.clone();
    if o.transform != Transform::default() {
        let step = transform(&part, &o.transform, &Scope::All)?;
        History::new()
            .apply(&mut part, step)
            .map_err(|e| InputError::Invalid(e.to_string()))?;
    }
    let prefix = if o.prefix.is_empty() {
        format!("{}_", o.part_name.trim())
    } else {
        o.prefix.clone()
    };
    let mut report = MergeReport::default();

    // ---- bones: matched or new
    let matched = match_bones(base, &part, o)?;
    let nb = base.bones.len();
    let mut bone_map = Vec::with_capacity(part.bones.len());
    let mut new_bones = Vec::new();
    for (i, m) in matched.iter().enumerate() {
        match m {
            Some(b) => {
                bone_map.push(*b as i32);
                report
                    .matched
                    .push((part.bones[i].name.clone(), base.bones[*b].name.clone()));
            }
            None => {
                bone_map.push((nb + new_bones.len()) as i32);
                new_bones.push(i);
            }
        }
    }
    // Roots of the part hang under the attach bone.
    let attach = o.attach.map_or(crate::pmx::NONE, |a| a as i32);
    for &i in &new_bones {
        if !in_range(part.bones[i].parent, part.bones.len()) {
            part.bones[i].parent = -2; // marked: set after remapping
        }
    }

    // ---- bodies: shared or new
    let nbody = base.rigid_bodies.len();
    let mut body_map = Vec::with_capacity(part.rigid_bodies.len());
    let mut new_bodies = Vec::new();
    let mut shared_groups: Vec<(u8, u8)> = Vec::new(); // (part group, base body's group)
    for (i, rb) in part.rigid_bodies.iter().enumerate() {
        let on_matched = usize::try_from(rb.bone)
            .ok()
            .and_then(|b| matched.get(b).copied().flatten());
        let base_body = on_matched
            .filter(|_| o.share_bodies)
            .and_then(|b| base.rigid_bodies.iter().position(|x| x.bone == b as i32));
        match base_body {
            Some(bb) => {
                body_map.push(bb as i32);
                shared_groups.push((rb.group, base.rigid_bodies[bb].group));
                report.shared_bodies += 1;
            }
            None => {
                body_map.push((nbody + new_bodies.len()) as i32);
                new_bodies.push(i);
            }
        }
    }

    // ---- morphs: combined or new
    let nm = base.morphs.len();
    let mut morph_map = Vec::with_capacity(part.morphs.len());
    let mut new_morphs = Vec::new();
    let mut combined: Vec<(usize, usize)> = Vec::new(); // (part morph, base morph)
    for (i, m) in part.morphs.iter().enumerate() {
        let same = (o.morphs == MorphMerge::Combine)
            .then(|| {
                base.morphs
                    .iter()
                    .position(|b| b.name == m.name && same_morph_kind(&b.offsets, &m.offsets))
            })
            .flatten();
        match same {
            Some(b) => {
                morph_map.push(b as i32);
                combined.push((i, b));
            }
            None => {
                morph_map.push((nm + new_morphs.len()) as i32);
                new_morphs.push(i);
            }
        }
    }

    // ---- every reference of the part, to its index in the merged model
    // A reference out of the part's range (a broken file) must not land on one of the
    // base's elements: it becomes −1. Negative values keep their meaning.
    let shift = |n: usize, len: usize| {
        move |x: i32| match usize::try_from(x) {
            Ok(i) if i < len => (i + n) as i32,
            Ok(_) => crate::pmx::NONE,
            Err(_) => x,
        }
    };
    let through = |table: Vec<i32>| {
        move |x: i32| match usize::try_from(x) {
            Ok(i) => table.get(i).copied().unwrap_or(crate::pmx::NONE),
            Err(_) => x,
        }
    };
    let len = |k: ElementKind| k.len(&part);
    let (nvp, ntp, nmp) = (
        len(ElementKind::Vertex),
        len(ElementKind::Texture),
        len(ElementKind::Material),
    );
    map_refs(
        &mut part,
        ElementKind::Vertex,
        shift(base.vertices.len(), nvp),
    );
    map_refs(
        &mut part,
        ElementKind::Texture,
        shift(base.textures.len(), ntp),
    );
    map_refs(
        &mut part,
        ElementKind::Material,
        shift(base.materials.len(), nmp),
    );
    map_refs(&mut part, ElementKind::Bone, through(bone_map.clone()));
    map_refs(&mut part, ElementKind::Morph, through(morph_map));
    map_refs(&mut part, ElementKind::RigidBody, through(body_map.clone()));
    for &i in &new_bones {
        if part.bones[i].parent == -2 {
            part.bones[i].parent = attach;
        }
    }

    // A new bone deforms after its parent: at least the parent's layer, and after
    // physics when the parent is (the part's order already puts parents first).
    let mut merged_layer: HashMap<i32, (i32, bool)> = HashMap::new();
    for &i in &new_bones {
        let p = part.bones[i].parent;
        let parent = match usize::try_from(p) {
            Ok(b) if b < nb => Some((base.bones[b].layer, after_physics(&base.bones[b]))),
            _ => merged_layer.get(&p).copied(),
        };
        let b = &mut part.bones[i];
        if let Some((layer, after)) = parent {
            b.layer = b.layer.max(layer);
            if after {
                b.flags.set(crate::pmx::BoneFlags::AFTER_PHYSICS, true);
            }
        }
        merged_layer.insert(bone_map[i], (b.layer, after_physics(b)));
    }

    // ---- names: never a duplicate
    let mut names = Names::new(&prefix);
    let mut elements: Vec<Element> = Vec::new();
    let mut sets: Vec<(usize, Element)> = Vec::new();

    report.added_vertices = part.vertices.len();
    report.added_faces = part.faces.len();
    elements.extend(part.vertices.drain(..).map(Element::Vertex));
    elements.extend(part.faces.iter().map(|f| Element::Face(*f)));
    report.part_textures = base.textures.len()..base.textures.len() + part.textures.len();
    elements.extend(part.textures.iter().cloned().map(Element::Texture));

    names.load(base.materials.iter().map(|m| m.name.as_str()));
    for m in &part.materials {
        names.add(m.clone(), &mut elements, &mut report.renamed);
    }
    report.added_materials = part.materials.len();

    names.reset(base.bones.iter().map(|b| b.name.as_str()));
    for &i in &new_bones {
        names.add(part.bones[i].clone(), &mut elements, &mut report.renamed);
    }
    report.added_bones = new_bones.len();

    names.reset(base.morphs.iter().map(|m| m.name.as_str()));
    for &i in &new_morphs {
        names.add(part.morphs[i].clone(), &mut elements, &mut report.renamed);
    }
    report.added_morphs = new_morphs.len();
    for &(p, b) in &combined {
        let mut m = base.morphs[b].clone();
        if combine_offsets(&mut m.offsets, &part.morphs[p].offsets) {
            report.combined_morphs.push(m.name.clone());
            sets.push((b, m.into()));
        }
    }

    // Display frames: new bones under their nearest matched ancestor's frame.
    let mut frames = base.display_frames.clone();
    let mut part_frame = DisplayFrame {
        name: String::new(),
        name_en: String::new(),
        special: false,
        elements: Vec::new(),
    };
    for &i in &new_bones {
        let index = bone_map[i];
        let frame = base_ancestor(&part, &new_bones, nb, i).and_then(|b| {
            frames
                .iter()
                .position(|f| f.elements.contains(&DisplayElement::Bone(b as i32)))
        });
        match frame {
            Some(f) => frames[f].elements.push(DisplayElement::Bone(index)),
            None => part_frame.elements.push(DisplayElement::Bone(index)),
        }
    }
    let expression = frames
        .iter()
        .position(|f| f.special && f.name == "表情")
        .or_else(|| {
            frames
                .iter()
                .position(|f| f.special)
                .and(frames.get(1).map(|_| 1))
        });
    if let Some(e) = expression {
        for (k, &i) in new_morphs.iter().enumerate() {
            if (1..=4).contains(&part.morphs[i].panel) {
                frames[e]
                    .elements
                    .push(DisplayElement::Morph((nm + k) as i32));
            }
        }
    }
    for (f, (old, new)) in base.display_frames.iter().zip(frames).enumerate() {
        if *old != new {
            sets.push((f, new.into()));
        }
    }
    if !part_frame.elements.is_empty() {
        names.reset(base.display_frames.iter().map(|f| f.name.as_str()));
        let name = if o.part_name.trim().is_empty() {
            "part"
        } else {
            o.part_name.trim()
        };
        part_frame.name = names.fresh(name, ElementKind::DisplayFrame, &mut report.renamed);
        elements.push(part_frame.into());
        report.new_frame = true;
    }

    // Bodies: groups shift and masks turn with them.
    names.reset(base.rigid_bodies.iter().map(|b| b.name.as_str()));
    let shift_group = |g: u8| (g.wrapping_add(o.group_offset)) % 16;
    for &i in &new_bodies {
        let mut rb = part.rigid_bodies[i].clone();
        let mask = rb.collision_mask;
        rb.group = shift_group(rb.group);
        rb.collision_mask = mask.rotate_left(u32::from(o.group_offset % 16));
        for &(gone, base_group) in &shared_groups {
            if !crate::pmx::rules::mask_allows(mask, gone) {
                rb.collision_mask =
                    crate::pmx::rules::mask_with(rb.collision_mask, base_group, false);
            }
        }
        names.add(rb, &mut elements, &mut report.renamed);
    }
    report.added_bodies = new_bodies.len();

    // Joints between two shared bodies are the base's business: left out.
    names.reset(base.joints.iter().map(|j| j.name.as_str()));
    for j in &part.joints {
        let on_base = |b: i32| usize::try_from(b).is_ok_and(|b| b < nbody);
        if on_base(j.body_a) && on_base(j.body_b) {
            continue;
        }
        names.add(j.clone(), &mut elements, &mut report.renamed);
        report.added_joints += 1;
    }
    names.reset(base.soft_bodies.iter().map(|s| s.name.as_str()));
    for s in &part.soft_bodies {
        names.add(s.clone(), &mut elements, &mut report.renamed);
    }

    let mut header = base.header.clone();
    if part.header.version.as_f32() > header.version.as_f32() {
        header.version = part.header.version;
    }
    header.additional_uv_count = header
        .additional_uv_count
        .max(part.header.additional_uv_count);
    if header != base.header {
        sets.push((0, header.into()));
    }

    let label = crate::tr!(
        "merge-label",
        part = o.part_name.as_str(),
        bones = report.added_bones,
        matched = report.matched.len()
    );
    let mut steps = Vec::new();
    if !sets.is_empty() {
        steps.push(ModelEdit::set_many(sets, "merge"));
    }
    steps.push(ModelEdit::add_many(elements));
    Ok((ModelEdit::batch(label.clone(), steps), report))
}

fn after_physics(b: &crate::pmx::Bone) -> bool {
    b.flags.has(crate::pmx::BoneFlags::AFTER_PHYSICS)
}

fn in_range(x: i32, len: usize) -> bool {
    usize::try_from(x).is_ok_and(|x| x < len)
}

/// For each part bone, the base bone it is (None: a new bone).
fn match_bones(
    base: &Model,
    part: &Model,
    o: &MergeOptions,
) -> Result<Vec<Option<usize>>, InputError> {
    let base_by_name: HashMap<&str, usize> = base
        .bones
        .iter()
        .enumerate()
        .rev() // the first of duplicate names wins
        .map(|(i, b)| (b.name.as_str(), i))
        .collect();
    let mut out = vec![None; part.bones.len()];
    for (p, b) in &o.map {
        let pi = part
            .bones
            .iter()
            .position(|x| &x.name == p)
            .ok_or_else(|| {
                InputError::Invalid(crate::tr!("merge-no-part-bone", name = p.as_str()))
            })?;
        let bi = *base_by_name.get(b.as_str()).ok_or_else(|| {
            InputError::Invalid(crate::tr!("merge-no-base-bone", name = b.as_str()))
        })?;
        out[pi] = Some(bi);
    }
    if !o.match_names {
        return Ok(out);
    }
    // Aliases: the dictionary's English for a whole standard name; one base bone each.
    let user = UserDictionary::default();
    let alias = |name: &str| match translate_name(name, &user) {
        (Some(en), Rule::Dictionary | Rule::Rule) => Some(en),
        _ => None,
    };
    let mut base_alias: HashMap<String, Option<usize>> = HashMap::new();
    for (i, b) in base.bones.iter().enumerate() {
        if let Some(a) = alias(&b.name) {
            base_alias
                .entry(a)
                .and_modify(|e| *e = None) // ambiguous
                .or_insert(Some(i));
        }
    }
    let mapped: HashSet<&str> = o.map.iter().map(|(p, _)| p.as_str()).collect();
    for (i, b) in part.bones.iter().enumerate() {
        if mapped.contains(b.name.as_str()) {
            continue;
        }
        out[i] = base_by_name
            .get(b.name.as_str())
            .copied()
            .or_else(|| alias(&b.name).and_then(|a| base_alias.get(&a).copied().flatten()));
    }
    Ok(out)
}

/// The base bone above new part bone `i` (its nearest matched ancestor, or the
/// attach bone a root hangs under). Parents are already merged indices: one at or
/// past `nb` is new bone `parent - nb`.
fn base_ancestor(part: &Model, new_bones: &[usize], nb: usize, i: usize) -> Option<usize> {
    let mut at = i;
    for _ in 0..=new_bones.len() {
        let parent = usize::try_from(part.bones[at].parent).ok()?;
        if parent < nb {
            return Some(parent);
        }
        at = *new_bones.get(parent - nb)?;
    }
    None // a loop among the new bones
}

fn same_morph_kind(a: &MorphOffsets, b: &MorphOffsets) -> bool {
    match (a, b) {
        (MorphOffsets::Uv { layer: x, .. }, MorphOffsets::Uv { layer: y, .. }) => x == y,
        _ => a.kind() == b.kind(),
    }
}

/// Adds `part`'s (remapped) offsets to `base`'s, leaving out those on an element the
/// base morph already moves; true when something was added.
fn combine_offsets(base: &mut MorphOffsets, part: &MorphOffsets) -> bool {
    fn add<T: Copy>(to: &mut Vec<T>, from: &[T], key: impl Fn(&T) -> i32) -> bool {
        let have: HashSet<i32> = to.iter().map(&key).collect();
        let before = to.len();
        to.extend(from.iter().filter(|x| !have.contains(&key(x))).copied());
        to.len() > before
    }
    match (base, part) {
        (MorphOffsets::Group(a), MorphOffsets::Group(b))
        | (MorphOffsets::Flip(a), MorphOffsets::Flip(b)) => add(a, b, |o| o.morph),
        (MorphOffsets::Vertex(a), MorphOffsets::Vertex(b)) => add(a, b, |o| o.vertex),
        (MorphOffsets::Bone(a), MorphOffsets::Bone(b)) => add(a, b, |o| o.bone),
        (MorphOffsets::Uv { offsets: a, .. }, MorphOffsets::Uv { offsets: b, .. }) => {
            add(a, b, |o| o.vertex)
        }
        (MorphOffsets::Material(a), MorphOffsets::Material(b)) => add(a, b, |o| o.material),
        (MorphOffsets::Impulse(a), MorphOffsets::Impulse(b)) => add(a, b, |o| o.rigid_body),
        _ => false,
    }
}

/// Names in use in one list, and fresh names for new elements.
struct Names<'p> {
    prefix: &'p str,
    taken: HashSet<String>,
}

impl<'p> Names<'p> {
    fn new(prefix: &'p str) -> Self {
        Names {
            prefix,
            taken: HashSet::new(),
        }
    }
    fn load<'a>(&mut self, names: impl Iterator<Item = &'a str>) {
        self.taken.extend(names.map(str::to_string));
    }
    fn reset<'a>(&mut self, names: impl Iterator<Item = &'a str>) {
        self.taken.clear();
        self.load(names);
    }
    /// `name`, else the prefix and `name`, else that with 2, 3, …
    fn fresh(
        &mut self,
        name: &str,
        kind: ElementKind,
        renamed: &mut Vec<(ElementKind, String, String)>,
    ) -> String {
        let mut out = name.to_string();
        if self.taken.contains(&out) {
            out = format!("{}{name}", self.prefix);
            let stem = out.clone();
            let mut n = 2;
            while self.taken.contains(&out) {
                out = format!("{stem}{n}");
                n += 1;
            }
            renamed.push((kind, name.to_string(), out.clone()));
        }
        self.taken.insert(out.clone());
        out
    }
    /// Appends `element` to `elements` under a fresh name.
    fn add(
        &mut self,
        element: impl Into<Element>,
        elements: &mut Vec<Element>,
        renamed: &mut Vec<(ElementKind, String, String)>,
    ) {
        let mut element = element.into();
        let kind = element.kind();
        if let Some((name, _)) = element.names_mut() {
            *name = self.fresh(name, kind, renamed);
        }
        elements.push(element);
    }
}

impl MergeReport {
    /// What the merge adds, matches and renames, one localised line each.
    pub fn summary_lines(&self) -> Vec<String> {
        let mut out = vec![crate::tr!(
            "merge-summary-added",
            vertices = self.added_vertices,
            materials = self.added_materials,
            bones = self.added_bones,
            morphs = self.added_morphs,
            bodies = self.added_bodies,
            joints = self.added_joints
        )];
        if !self.matched.is_empty() {
            let pairs: Vec<String> = self
                .matched
                .iter()
                .map(|(p, b)| {
                    if p == b {
                        p.clone()
                    } else {
                        format!("{p}→{b}")
                    }
                })
                .collect();
            out.push(crate::tr!(
                "merge-summary-matched",
                count = self.matched.len(),
                bones = pairs.join(", ")
            ));
        }
        if !self.combined_morphs.is_empty() {
            out.push(crate::tr!(
                "merge-summary-combined",
                count = self.combined_morphs.len(),
                morphs = self.combined_morphs.join(", ")
            ));
        }
        if self.shared_bodies > 0 {
            out.push(crate::tr!(
                "merge-summary-shared-bodies",
                count = self.shared_bodies
            ));
        }
        for (kind, old, new) in &self.renamed {
            out.push(crate::tr!(
                "merge-summary-renamed",
                kind = kind.label(),
                old = old.as_str(),
                new = new.as_str()
            ));
        }
        out
    }
}
