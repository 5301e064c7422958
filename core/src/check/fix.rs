//! Fixes offered with problems. A fix computes whole replacement elements
//! ([`Change`]) from the current model, so the app can push them through the
//! undo stack like any field edit.

use super::valid;
use crate::physics::rules;
use crate::pmx::{Bone, Header, Model, Morph, PmxVersion, RigidBody, Vertex, Weights};
use glam::Vec3;
use serde::Serialize;

/// Which axis vector of a bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AxisKind {
    Fixed,
    LocalX,
    LocalZ,
}

impl AxisKind {
    pub fn name(self) -> &'static str {
        match self {
            AxisKind::Fixed => "fixed axis",
            AxisKind::LocalX => "local X axis",
            AxisKind::LocalZ => "local Z axis",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "fix", rename_all = "snake_case")]
pub enum Fix {
    /// Raise a bone's deform layer (never lowers); `dependents` are (bone,
    /// layer) raises that keep the bones depending on it after it.
    SetBoneLayer {
        bone: i32,
        layer: i32,
        dependents: Vec<(i32, i32)>,
    },
    /// Drop weights on −1 and scale the rest to sum 1 (BDEF2/SDEF: move the
    /// weight of a −1 bone to the other bone).
    NormalizeWeights {
        vertex: i32,
    },
    /// SDEF whose whole weight is on one bone: make it BDEF1 on that bone.
    SdefToBdef1 {
        vertex: i32,
    },
    /// Declare the file PMX 2.1.
    SetVersion21,
    /// Stop bodies `a` and `b` colliding: clear b's group bit in a's mask and
    /// a's group bit in b's mask (computed from the current model, so several
    /// such fixes compose).
    ExcludeCollision {
        a: i32,
        b: i32,
    },
    /// Scale a bone's axis vector to unit length.
    NormalizeAxis {
        bone: i32,
        axis: AxisKind,
    },
    RenameBone {
        bone: i32,
        name: String,
    },
    RenameMorph {
        morph: i32,
        name: String,
    },
}

/// One element after the fix, to swap into the model.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Header(Header),
    Vertex(usize, Vertex),
    Bone(usize, Box<Bone>),
    Morph(usize, Morph),
    RigidBody(usize, RigidBody),
}

impl Change {
    /// Writes the element into the model (out-of-range indices are ignored).
    pub fn write(self, model: &mut Model) {
        match self {
            Change::Header(h) => model.header = h,
            Change::Vertex(i, v) => {
                if let Some(slot) = model.vertices.get_mut(i) {
                    *slot = v
                }
            }
            Change::Bone(i, b) => {
                if let Some(slot) = model.bones.get_mut(i) {
                    *slot = *b
                }
            }
            Change::Morph(i, m) => {
                if let Some(slot) = model.morphs.get_mut(i) {
                    *slot = m
                }
            }
            Change::RigidBody(i, r) => {
                if let Some(slot) = model.rigid_bodies.get_mut(i) {
                    *slot = r
                }
            }
        }
    }
}

impl Fix {
    /// One line for a menu or the CLI.
    pub fn description(&self, model: &Model) -> String {
        use super::ElementRef as R;
        match self {
            Fix::SetBoneLayer {
                bone,
                layer,
                dependents,
            } => {
                let mut s = format!(
                    "raise deform layer of {} to {layer}",
                    R::Bone(*bone).describe(model)
                );
                if !dependents.is_empty() {
                    s.push_str(&format!(
                        " (and {} bone(s) that depend on it)",
                        dependents.len()
                    ));
                }
                s
            }
            Fix::NormalizeWeights { vertex } => {
                format!("normalise the weights of vertex #{vertex}")
            }
            Fix::SdefToBdef1 { vertex } => format!("make vertex #{vertex} BDEF1"),
            Fix::SetVersion21 => "declare the file PMX 2.1".to_string(),
            Fix::ExcludeCollision { a, b } => {
                let group = |i: i32| {
                    valid(i, model.rigid_bodies.len())
                        .map(|k| model.rigid_bodies[k].group.to_string())
                        .unwrap_or_else(|| "?".into())
                };
                format!(
                    "stop {} and {} colliding (clear mask bit {} on the first, bit {} on the second)",
                    R::RigidBody(*a).describe(model),
                    R::RigidBody(*b).describe(model),
                    group(*b),
                    group(*a)
                )
            }
            Fix::NormalizeAxis { bone, axis } => format!(
                "normalise the {} of {}",
                axis.name(),
                R::Bone(*bone).describe(model)
            ),
            Fix::RenameBone { bone, name } => {
                format!("rename {} to 「{name}」", R::Bone(*bone).describe(model))
            }
            Fix::RenameMorph { morph, name } => {
                format!("rename {} to 「{name}」", R::Morph(*morph).describe(model))
            }
        }
    }

    /// The changed elements, computed from the current model. Empty if the
    /// element no longer exists or nothing would change.
    pub fn changes(&self, model: &Model) -> Vec<Change> {
        let mut out = Vec::new();
        match self {
            Fix::SetBoneLayer {
                bone,
                layer,
                dependents,
            } => {
                for &(b, l) in std::iter::once(&(*bone, *layer)).chain(dependents) {
                    // Raise only: another fix may already have raised it further.
                    if let Some(i) =
                        valid(b, model.bones.len()).filter(|&i| model.bones[i].layer < l)
                    {
                        let mut nb = model.bones[i].clone();
                        nb.layer = l;
                        out.push(Change::Bone(i, Box::new(nb)));
                    }
                }
            }
            Fix::NormalizeWeights { vertex } => {
                if let Some(i) = valid(*vertex, model.vertices.len()) {
                    let mut v = model.vertices[i].clone();
                    if normalize_weights(&mut v.weights, model.bones.len()) {
                        out.push(Change::Vertex(i, v));
                    }
                }
            }
            Fix::SdefToBdef1 { vertex } => {
                if let Some(i) = valid(*vertex, model.vertices.len()) {
                    let mut v = model.vertices[i].clone();
                    if let Weights::Sdef { bones, weight, .. } = v.weights {
                        let bone = if weight >= 0.5 { bones[0] } else { bones[1] };
                        v.weights = Weights::Bdef1 { bone };
                        out.push(Change::Vertex(i, v));
                    }
                }
            }
            Fix::SetVersion21 => {
                let mut h = model.header.clone();
                h.version = PmxVersion::V2_1;
                out.push(Change::Header(h));
            }
            Fix::ExcludeCollision { a, b } => {
                let n = model.rigid_bodies.len();
                if let (Some(a), Some(b)) = (valid(*a, n), valid(*b, n)) {
                    let bodies = &model.rigid_bodies;
                    let mut ra = bodies[a].clone();
                    ra.collision_mask = rules::mask_with(ra.collision_mask, bodies[b].group, false);
                    if a == b {
                        out.push(Change::RigidBody(a, ra));
                    } else {
                        let mut rb = bodies[b].clone();
                        rb.collision_mask =
                            rules::mask_with(rb.collision_mask, bodies[a].group, false);
                        for (i, r) in [(a, ra), (b, rb)] {
                            if r.collision_mask != bodies[i].collision_mask {
                                out.push(Change::RigidBody(i, r));
                            }
                        }
                    }
                }
            }
            Fix::NormalizeAxis { bone, axis } => {
                if let Some(i) = valid(*bone, model.bones.len()) {
                    let mut b = model.bones[i].clone();
                    let v: Option<&mut Vec3> = match axis {
                        AxisKind::Fixed => b.fixed_axis.as_mut(),
                        AxisKind::LocalX => b.local_axes.as_mut().map(|a| &mut a.x),
                        AxisKind::LocalZ => b.local_axes.as_mut().map(|a| &mut a.z),
                    };
                    if let Some(v) = v {
                        if let Some(n) = v.try_normalize() {
                            *v = n;
                            out.push(Change::Bone(i, Box::new(b)));
                        }
                    }
                }
            }
            Fix::RenameBone { bone, name } => {
                if let Some(i) = valid(*bone, model.bones.len()) {
                    let mut b = model.bones[i].clone();
                    b.name = name.clone();
                    out.push(Change::Bone(i, Box::new(b)));
                }
            }
            Fix::RenameMorph { morph, name } => {
                if let Some(i) = valid(*morph, model.morphs.len()) {
                    let mut m = model.morphs[i].clone();
                    m.name = name.clone();
                    out.push(Change::Morph(i, m));
                }
            }
        }
        out
    }

    /// The fix as one undoable edit (history label "Fix: …"); `None` when
    /// nothing would change. This is how the app applies a fix.
    pub fn edit(&self, model: &Model) -> Option<crate::edit::ModelEdit> {
        use crate::edit::{Element, ModelEdit};
        let items: Vec<(usize, Element)> = self
            .changes(model)
            .into_iter()
            .map(|c| match c {
                Change::Header(h) => (0, Element::Header(h)),
                Change::Vertex(i, v) => (i, Element::Vertex(v)),
                Change::Bone(i, b) => (i, Element::Bone(b)),
                Change::Morph(i, m) => (i, Element::Morph(m)),
                Change::RigidBody(i, r) => (i, Element::RigidBody(r)),
            })
            .collect();
        if items.is_empty() {
            return None;
        }
        let label = format!("Fix: {}", self.description(model));
        Some(ModelEdit::set_many(items, self.field()).label(label))
    }

    /// The field a fix changes, for the edit history.
    fn field(&self) -> &'static str {
        match self {
            Fix::SetBoneLayer { .. } => "deform layer",
            Fix::NormalizeWeights { .. } | Fix::SdefToBdef1 { .. } => "weights",
            Fix::SetVersion21 => "version",
            Fix::ExcludeCollision { .. } => "collision mask",
            Fix::NormalizeAxis { .. } => "axis",
            Fix::RenameBone { .. } | Fix::RenameMorph { .. } => "name",
        }
    }

    /// Applies the fix directly (CLI and tests; the app goes through [`Fix::edit`]).
    pub fn apply(&self, model: &mut Model) {
        for c in self.changes(model) {
            c.write(model);
        }
    }
}

/// Drops weights on bones outside the model and rescales the rest to sum 1.
/// Returns false when there is nothing left to normalise to.
pub(crate) fn normalize_weights(w: &mut Weights, bone_count: usize) -> bool {
    let ok = |b: i32| valid(b, bone_count).is_some();
    match w {
        Weights::Bdef1 { .. } => false,
        Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => {
            match (ok(bones[0]), ok(bones[1])) {
                (true, false) => *weight = 1.0,
                (false, true) => *weight = 0.0,
                (true, true) => *weight = weight.clamp(0.0, 1.0),
                (false, false) => return false,
            }
            true
        }
        Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
            let mut sum = 0.0;
            for k in 0..4 {
                if !ok(bones[k]) || !weights[k].is_finite() || weights[k] < 0.0 {
                    weights[k] = 0.0;
                }
                sum += weights[k];
            }
            if sum <= 1e-6 {
                return false;
            }
            for x in weights.iter_mut() {
                *x /= sum;
            }
            true
        }
    }
}
