//! Rigid bodies from bones: one body per bone, centred between the bone and its end
//! (tail, else its only child), oriented along it, sized from the bone's length and
//! the vertices weighted to it.
//!
//! Body frame (also used for the joints of [`super::chain`]): local Y runs along the
//! bone (head → end), local Z points away from the chain's centre (outward, e.g. away
//! from the head for hair, away from the legs for a skirt) and X = Y × Z runs around
//! it. So a joint's X rotation swings a segment in/out, Z swings it sideways, and Y
//! twists it.

use super::{Planned, RigError, RigPlan, Target};
use crate::physics::rules;
use crate::pmx::{euler_angles, Model, RigidBody, RigidMode, RigidShape, Tail};
use glam::{Mat3, Quat, Vec3};

/// Damping/friction presets (Hone's choices, from the habits collected in
/// rigging-conventions.md §5: cloth and hair without friction, heavy damping so
/// chains settle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Preset {
    #[default]
    Hair,
    Cloth,
    /// Accessories and danglers: lighter damping, some friction.
    Accessory,
    /// The values of a default PMX body (damping 0.5, friction 0.5).
    Plain,
}

impl Preset {
    pub const NAMES: &'static [&'static str] = &["hair", "cloth", "accessory", "plain"];

    pub fn parse(name: &str) -> Option<Preset> {
        Some(match name {
            "hair" => Preset::Hair,
            "cloth" | "skirt" => Preset::Cloth,
            "accessory" => Preset::Accessory,
            "plain" => Preset::Plain,
            _ => return None,
        })
    }

    /// (linear damping, angular damping, friction, restitution).
    pub fn values(self) -> (f32, f32, f32, f32) {
        match self {
            Preset::Hair => (0.9, 0.99, 0.0, 0.0),
            Preset::Cloth => (0.9, 0.95, 0.0, 0.0),
            Preset::Accessory => (0.5, 0.7, 0.3, 0.0),
            Preset::Plain => (0.5, 0.5, 0.5, 0.0),
        }
    }
}

/// Options of [`bodies_from_bones`].
#[derive(Debug, Clone, PartialEq)]
pub struct BodyOptions {
    pub shape: RigidShape,
    /// Radius from the vertices weighted to the bone (else from the length only).
    pub size_from_vertices: bool,
    /// Multiplies the computed radius.
    pub radius_scale: f32,
    /// Mode of a chain's first body (a bone whose parent is not among the bones).
    pub root_mode: RigidMode,
    /// Mode of the other bodies.
    pub mode: RigidMode,
    /// Mass of a chain's first body.
    pub mass: f32,
    /// Each body down the chain weighs this times its parent's (at least `min_mass`).
    pub mass_falloff: f32,
    pub min_mass: f32,
    pub preset: Preset,
    /// Collision group; None = the lowest group no body uses (else 15).
    pub group: Option<u8>,
    /// Collision mask; None = the mask most bodies of the group have, else every
    /// group but its own. Bits of groups the new bodies overlap at rest are cleared.
    pub mask: Option<u16>,
    /// Name pattern: `{bone}` the bone's name, `{num}` the body's number (1-based).
    pub name: String,
    /// Replace the existing body on a bone (keeping its index and joints) instead of
    /// skipping the bone.
    pub replace: bool,
}

impl Default for BodyOptions {
    fn default() -> Self {
        BodyOptions {
            shape: RigidShape::Capsule,
            size_from_vertices: true,
            radius_scale: 1.0,
            root_mode: RigidMode::FollowBone,
            mode: RigidMode::DynamicWithBonePosition,
            mass: 1.0,
            mass_falloff: 0.8,
            min_mass: 0.1,
            preset: Preset::Hair,
            group: None,
            mask: None,
            name: "{bone}".into(),
            replace: false,
        }
    }
}

/// Head and end of a bone at rest: the end is its tail (bone or non-zero offset),
/// else its child when it has exactly one. None for a bone without length.
pub fn bone_segment(model: &Model, bone: usize) -> Option<(Vec3, Vec3)> {
    let b = model.bones.get(bone)?;
    let head = b.position;
    let tail = match b.tail {
        Tail::Bone(t) => usize::try_from(t)
            .ok()
            .filter(|&t| t != bone)
            .and_then(|t| model.bones.get(t))
            .map(|t| t.position),
        Tail::Offset(o) => (o != Vec3::ZERO).then_some(head + o),
    };
    let end = tail.filter(|e| e.distance(head) > MIN_LENGTH).or_else(|| {
        let mut children = model
            .bones
            .iter()
            .filter(|c| c.parent == bone as i32 && c.position.distance(head) > MIN_LENGTH);
        match (children.next(), children.next()) {
            (Some(c), None) => Some(c.position),
            _ => None,
        }
    })?;
    Some((head, end))
}

/// Bones shorter than this get no body.
pub const MIN_LENGTH: f32 = 1e-3;

/// The body frame of the module docs for a segment; `centre` is what "outward"
/// points away from (None: the model's back, +Z).
pub fn segment_frame(head: Vec3, end: Vec3, centre: Option<Vec3>) -> Quat {
    let y = (end - head).normalize_or(Vec3::NEG_Y);
    let away = centre.map_or(Vec3::Z, |c| head - c);
    let mut z = away - y * away.dot(y);
    if z.length_squared() < 1e-8 {
        // Along the segment: fall back to the model's back, then its side.
        z = Vec3::Z - y * y.z;
        if z.length_squared() < 1e-8 {
            z = Vec3::X - y * y.x;
        }
    }
    let z = z.normalize();
    let x = y.cross(z);
    Quat::from_mat3(&Mat3::from_cols(x, y, z)).normalize()
}

/// Median distance of the vertices whose heaviest weight is on `bone` from the
/// segment, or None if no vertex is.
fn vertex_radius(model: &Model, bone: usize, head: Vec3, end: Vec3) -> Option<f32> {
    let mut d: Vec<f32> = model
        .vertices
        .iter()
        .filter(|v| dominant_bone(&v.weights) == Some(bone))
        .map(|v| crate::geom::point_segment_distance(v.position, head, end))
        .filter(|d| d.is_finite())
        .collect();
    if d.is_empty() {
        return None;
    }
    let mid = d.len() / 2;
    let (_, m, _) = d.select_nth_unstable_by(mid, f32::total_cmp);
    Some(*m)
}

fn dominant_bone(w: &crate::pmx::Weights) -> Option<usize> {
    let (bones, weights, n) = w.bone_weights();
    (0..n)
        .filter(|&k| bones[k] >= 0 && weights[k] > 0.0)
        .max_by(|&a, &b| weights[a].total_cmp(&weights[b]))
        .map(|k| bones[k] as usize)
}

/// The body [`bodies_from_bones`] makes for `bone` (None if the bone has no length):
/// shape and size from `opts`, the given mode and mass, preset damping, group and
/// mask as given (the caller resolves them).
pub fn body_for_bone(
    model: &Model,
    bone: usize,
    opts: &BodyOptions,
    centre: Option<Vec3>,
) -> Option<RigidBody> {
    let (head, end) = bone_segment(model, bone)?;
    let length = head.distance(end);
    // Radius: from the mesh when asked and weighted, kept between 0.1 and 0.4 of the
    // length so a wide strip of hair or a bone with a few stray vertices stays a
    // sensible capsule; 0.2 × length otherwise (Gene's hair bodies are 0.2).
    let from_mesh = opts
        .size_from_vertices
        .then(|| vertex_radius(model, bone, head, end))
        .flatten();
    let radius = from_mesh.map_or(0.2 * length, |r| r.clamp(0.1 * length, 0.4 * length))
        * opts.radius_scale.max(0.0);
    let size = match opts.shape {
        RigidShape::Sphere => Vec3::new(radius.max(0.5 * length), 0.0, 0.0),
        RigidShape::Box => Vec3::new(radius, 0.5 * length, (0.25 * radius).max(0.02)),
        _ => Vec3::new(radius, length, 0.0),
    };
    let b = &model.bones[bone];
    let (linear_damping, angular_damping, friction, restitution) = opts.preset.values();
    Some(RigidBody {
        name: name_from_pattern(&opts.name, &b.name, 1),
        name_en: if b.name_en.is_empty() {
            String::new()
        } else {
            name_from_pattern(&opts.name, &b.name_en, 1)
        },
        bone: bone as i32,
        group: opts.group.unwrap_or(0),
        collision_mask: opts.mask.unwrap_or(0xFFFF),
        shape: opts.shape,
        size,
        position: (head + end) * 0.5,
        rotation: euler_angles(segment_frame(head, end, centre)),
        mass: opts.mass,
        linear_damping,
        angular_damping,
        restitution,
        friction,
        mode: opts.mode,
    })
}

/// `pattern` with `{bone}` and `{num}` filled in.
pub fn name_from_pattern(pattern: &str, bone: &str, n: usize) -> String {
    pattern
        .replace("{bone}", bone)
        .replace("{num}", &n.to_string())
}

/// The lowest collision group no body uses (15 if all are used).
pub fn free_group(model: &Model) -> u8 {
    (0..rules::GROUP_COUNT)
        .find(|g| model.rigid_bodies.iter().all(|b| b.group != *g))
        .unwrap_or(rules::GROUP_COUNT - 1)
}

/// The mask most bodies of `group` have, else every group but `group`.
pub fn group_mask(model: &Model, group: u8) -> u16 {
    let mut counts: Vec<(u16, usize)> = Vec::new();
    for b in model.rigid_bodies.iter().filter(|b| b.group == group) {
        match counts.iter_mut().find(|(m, _)| *m == b.collision_mask) {
            Some((_, n)) => *n += 1,
            None => counts.push((b.collision_mask, 1)),
        }
    }
    counts
        .iter()
        .max_by_key(|(_, n)| *n)
        .map_or(rules::mask_with(0xFFFF, group, false), |(m, _)| *m)
}

/// The first body on `bone`, if any.
pub fn body_on_bone(model: &Model, bone: usize) -> Option<usize> {
    model
        .rigid_bodies
        .iter()
        .position(|b| b.bone == bone as i32)
}

/// Centre of a set of bones' heads (what "outward" points away from).
pub fn centre_of(model: &Model, bones: &[usize]) -> Option<Vec3> {
    let heads: Vec<Vec3> = bones
        .iter()
        .filter_map(|&b| model.bones.get(b))
        .map(|b| b.position)
        .collect();
    (!heads.is_empty()).then(|| heads.iter().sum::<Vec3>() / heads.len() as f32)
}

/// One body per bone of `bones` (see the module docs and [`BodyOptions`]). Bones
/// without length are skipped (noted); a bone that already has a body is skipped
/// unless `opts.replace`. Chain depth counts how many of a bone's ancestors are in
/// `bones`: depth 0 takes `root_mode` and `mass`, deeper bodies `mode` and the
/// falling mass.
pub fn bodies_from_bones(
    model: &Model,
    bones: &[usize],
    opts: &BodyOptions,
) -> Result<RigPlan, RigError> {
    let mut plan = RigPlan::new(crate::tr!("rig-label-bodies", count = bones.len()));
    plan_bodies(model, bones, opts, None, &mut plan)?;
    Ok(plan)
}

/// Adds the bodies of [`bodies_from_bones`] to `plan`; returns, per bone of `bones`,
/// the index its body will have (None if it gets none). `centre`: see
/// [`segment_frame`] (None: the centre of the chain roots).
pub(crate) fn plan_bodies(
    model: &Model,
    bones: &[usize],
    opts: &BodyOptions,
    centre: Option<Vec3>,
    plan: &mut RigPlan,
) -> Result<Vec<Option<usize>>, RigError> {
    if let Some(&bad) = bones.iter().find(|&&b| b >= model.bones.len()) {
        return Err(RigError::Invalid(crate::tr!(
            "rig-err-no-such-bone",
            index = bad,
            count = model.bones.len()
        )));
    }
    if !(opts.mass.is_finite() && opts.mass > 0.0) {
        return Err(RigError::Invalid(crate::tr!(
            "rig-err-mass",
            mass = opts.mass.to_string()
        )));
    }
    let group = opts.group.unwrap_or_else(|| free_group(model));
    if !rules::group_in_range(group) {
        return Err(RigError::Invalid(crate::tr!(
            "rig-err-group",
            group = group
        )));
    }
    let mask = opts.mask.unwrap_or_else(|| group_mask(model, group));
    let selected = |b: i32| b >= 0 && bones.contains(&(b as usize));
    let depth = |mut b: usize| {
        let mut d = 0;
        while selected(model.bones[b].parent) && d <= bones.len() {
            b = model.bones[b].parent as usize;
            d += 1;
        }
        d
    };
    let roots: Vec<usize> = bones.iter().copied().filter(|&b| depth(b) == 0).collect();
    let centre = centre.or_else(|| centre_of(model, &roots));
    let mut out = Vec::with_capacity(bones.len());
    let mut n = 0;
    for &bone in bones {
        let existing = body_on_bone(model, bone);
        if existing.is_some() && !opts.replace {
            plan.notes.push(crate::tr!(
                "rig-note-already-has-body",
                bone = model.bones[bone].name.as_str()
            ));
            out.push(existing);
            continue;
        }
        let d = depth(bone);
        let mass = (opts.mass * opts.mass_falloff.powi(d as i32)).max(opts.min_mass.min(opts.mass));
        let mode = if d == 0 { opts.root_mode } else { opts.mode };
        let o = BodyOptions {
            group: Some(group),
            mask: Some(mask),
            mass,
            mode,
            ..opts.clone()
        };
        let Some(mut body) = body_for_bone(model, bone, &o, centre) else {
            plan.notes.push(crate::tr!(
                "rig-note-no-length",
                bone = model.bones[bone].name.as_str()
            ));
            out.push(None);
            continue;
        };
        n += 1;
        body.name = name_from_pattern(&opts.name, &model.bones[bone].name, n);
        let target = existing.map_or(Target::New, Target::Replace);
        out.push(Some(plan.push_body(model, target, body)));
    }
    avoid_rest_overlaps(model, plan);
    Ok(out)
}

/// Clears, on the planned bodies, the mask bits of groups whose bodies they overlap
/// at rest (which the physics would push apart at the first step), using the
/// checker's overlap rule.
pub(crate) fn avoid_rest_overlaps(model: &Model, plan: &mut RigPlan) {
    let planned: Vec<usize> = (0..plan.rigid_bodies.len())
        .filter_map(|k| plan.index_of(model, crate::edit::ElementKind::RigidBody, k))
        .collect();
    if planned.is_empty() {
        return;
    }
    let after = plan.applied_to(model);
    for p in crate::check::physics::check_body_overlaps(&after) {
        let crate::check::ElementRef::RigidBody(a) = p.target else {
            continue;
        };
        let Some(&crate::check::ElementRef::RigidBody(b)) = p.related.first() else {
            continue;
        };
        for (me, other) in [(a, b), (b, a)] {
            let (Ok(me), Ok(other)) = (usize::try_from(me), usize::try_from(other)) else {
                continue;
            };
            let Some(k) = planned.iter().position(|&i| i == me) else {
                continue;
            };
            let group = after.rigid_bodies[other].group;
            let body: &mut Planned<RigidBody> = &mut plan.rigid_bodies[k];
            body.value.collision_mask = rules::mask_with(body.value.collision_mask, group, false);
            if planned.contains(&other) {
                break;
            }
        }
    }
}
