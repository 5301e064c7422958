//! The weight-painting kernel: brush dabs on one bone's weights, GUI-free.
//!
//! The app hit-tests the mesh and feeds a [`Stroke`] one dab per mouse move: the hit
//! point, the candidate vertices (e.g. only front-facing ones, or all for "through")
//! and the positions it hit-tested against (posed, so painting works on a posed model).
//! The stroke keeps the in-progress weights beside the model ([`Stroke::weights`] for a
//! live preview) and [`Stroke::finish`] turns the whole stroke into one undo step.
//!
//! Every mode keeps each touched vertex's weights summing to 1: the painted bone's
//! weight changes and the vertex's other bones share the rest in their old proportions
//! (see [`super::weights::set_share`]); "blur between two bones" only moves weight
//! between the two bones.

use super::input::{check_bone, InputError};
use super::weights::{entries, rebuild, set_share, weight_of};
use crate::edit::ModelEdit;
use crate::pmx::{Model, Weights};
use glam::Vec3;
use std::collections::BTreeMap;

/// How a dab's effect fades from its centre (t = distance / radius, 0..=1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Falloff {
    /// Full effect to the rim.
    Constant,
    /// 1 − t.
    Linear,
    /// Smoothstep: 1 − 3t² + 2t³.
    #[default]
    Smooth,
}

impl Falloff {
    pub fn factor(self, t: f32) -> f32 {
        if !(t.is_finite() && t < 1.0) {
            return 0.0;
        }
        let t = t.max(0.0);
        match self {
            Falloff::Constant => 1.0,
            Falloff::Linear => 1.0 - t,
            Falloff::Smooth => 1.0 - t * t * (3.0 - 2.0 * t),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaintMode {
    /// Raise the bone's weight by strength × falloff.
    Add,
    /// Lower it (the other bones take the difference).
    Subtract,
    /// Move it toward [`Brush::value`].
    Replace,
    /// Move it toward the mean of the mesh neighbours' weights.
    Smooth,
    /// Smooth the split between the painted bone and `other`, keeping their sum.
    Blur { other: usize },
}

impl PaintMode {
    pub fn name(self) -> &'static str {
        match self {
            PaintMode::Add => "add",
            PaintMode::Subtract => "subtract",
            PaintMode::Replace => "replace",
            PaintMode::Smooth => "smooth",
            PaintMode::Blur { .. } => "blur",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Brush {
    /// Model-space radius.
    pub radius: f32,
    /// 0..=1: how much one dab changes a weight at the centre.
    pub strength: f32,
    /// Target weight of [`PaintMode::Replace`].
    pub value: f32,
    pub falloff: Falloff,
    pub mode: PaintMode,
}

/// X-mirror painting: each touched vertex's mirror vertex gets the same dab on the
/// mirrored bone(s). [`PaintMirror::new`] finds the mirror vertices and bones.
#[derive(Debug, Clone)]
pub struct PaintMirror {
    pub vertices: Vec<Option<u32>>,
    /// The painted bone's mirror (itself for a centre bone).
    pub bone: usize,
    /// The mirror of the blur mode's other bone.
    pub other: Option<usize>,
}

impl PaintMirror {
    /// Mirror vertices by position within `tolerance` ([`super::symmetric::VertexMirror`])
    /// and the painted (and blur) bone's mirror by name ([`super::names::mirror_name`];
    /// a centre bone is its own mirror).
    pub fn new(model: &Model, bone: usize, other: Option<usize>, tolerance: f32) -> Self {
        let index = super::symmetric::VertexMirror::new(&model.vertices);
        let vertices = (0..model.vertices.len())
            .map(|v| index.mirror_of(v, tolerance).map(|m| m as u32))
            .collect();
        let mirror_bone = |b: usize| {
            model
                .bones
                .get(b)
                .and_then(|x| super::names::mirror_name(&x.name))
                .and_then(|n| model.bone_index(&n))
                .unwrap_or(b)
        };
        PaintMirror {
            vertices,
            bone: mirror_bone(bone),
            other: other.map(mirror_bone),
        }
    }
}

/// One stroke in progress.
#[derive(Debug, Clone)]
pub struct Stroke {
    bone: i32,
    brush: Brush,
    mirror: Option<PaintMirror>,
    /// In-progress weights of every vertex the stroke touched.
    current: BTreeMap<usize, Weights>,
    /// Mesh neighbours per vertex (built on the first smoothing dab).
    neighbours: Option<Vec<Vec<u32>>>,
}

/// One vertex's share of a dab: which bone(s) and how strongly.
#[derive(Debug, Clone, Copy)]
struct Job {
    vertex: usize,
    factor: f32,
    bone: i32,
    other: i32,
}

impl Stroke {
    pub fn new(
        model: &Model,
        bone: usize,
        brush: Brush,
        mirror: Option<PaintMirror>,
    ) -> Result<Self, InputError> {
        let b = check_bone(model, bone)?;
        if let PaintMode::Blur { other } = brush.mode {
            check_bone(model, other)?;
        }
        if !(brush.radius.is_finite() && brush.radius > 0.0) {
            return Err(InputError::Invalid(crate::tr!(
                "paint-err-radius",
                value = brush.radius.to_string()
            )));
        }
        if let Some(m) = &mirror {
            check_bone(model, m.bone)?;
            if let Some(o) = m.other {
                check_bone(model, o)?;
            }
            if m.vertices.len() != model.vertices.len() {
                return Err(InputError::Invalid(crate::tr!(
                    "paint-err-mirror-table",
                    entries = m.vertices.len(),
                    vertices = model.vertices.len()
                )));
            }
        }
        Ok(Stroke {
            bone: b,
            brush,
            mirror,
            current: BTreeMap::new(),
            neighbours: None,
        })
    }

    /// The vertex's weights as the stroke has painted them so far.
    pub fn weights(&self, model: &Model, vertex: usize) -> Option<Weights> {
        self.current
            .get(&vertex)
            .copied()
            .or_else(|| model.vertices.get(vertex).map(|v| v.weights))
    }

    /// Every vertex the stroke touched, with its in-progress weights.
    pub fn touched(&self) -> impl Iterator<Item = (usize, &Weights)> + '_ {
        self.current.iter().map(|(i, w)| (*i, w))
    }

    /// One dab centred at `centre`: candidates within the brush radius of it (distances
    /// measured on `positions`, one per vertex) are painted. Returns the vertices whose
    /// weights changed.
    pub fn dab(
        &mut self,
        model: &Model,
        positions: &[Vec3],
        centre: Vec3,
        candidates: &[usize],
    ) -> Result<Vec<usize>, InputError> {
        if positions.len() != model.vertices.len() {
            return Err(InputError::Invalid(crate::tr!(
                "paint-err-positions",
                positions = positions.len(),
                vertices = model.vertices.len()
            )));
        }
        let hits: Vec<(usize, f32)> = candidates
            .iter()
            .filter_map(|&v| {
                let d = positions.get(v)?.distance(centre);
                let f = self.brush.falloff.factor(d / self.brush.radius);
                (f > 0.0).then_some((v, f))
            })
            .collect();
        self.dab_factors(model, &hits)
    }

    /// A dab with falloff factors already computed (0..=1 per vertex), e.g. for a brush
    /// measured in screen space. Strength still applies.
    pub fn dab_factors(
        &mut self,
        model: &Model,
        hits: &[(usize, f32)],
    ) -> Result<Vec<usize>, InputError> {
        super::input::check_vertices(model, &hits.iter().map(|h| h.0).collect::<Vec<_>>())?;
        let other = match self.brush.mode {
            PaintMode::Blur { other } => other as i32,
            _ => -1,
        };
        let mut jobs: Vec<Job> = Vec::with_capacity(hits.len() * 2);
        for &(vertex, f) in hits {
            let factor = (f.clamp(0.0, 1.0) * self.brush.strength).clamp(0.0, 1.0);
            jobs.push(Job {
                vertex,
                factor,
                bone: self.bone,
                other,
            });
            if let Some(m) = &self.mirror {
                if let Some(mv) = m.vertices[vertex] {
                    let other = m.other.map_or(other, |o| o as i32);
                    jobs.push(Job {
                        vertex: mv as usize,
                        factor,
                        bone: m.bone as i32,
                        other,
                    });
                }
            }
        }
        // A vertex painted twice in one dab (centre line, overlapping mirror) once.
        jobs.sort_by(|a, b| {
            (a.vertex, a.bone)
                .cmp(&(b.vertex, b.bone))
                .then(b.factor.total_cmp(&a.factor))
        });
        jobs.dedup_by(|a, b| a.vertex == b.vertex && a.bone == b.bone);
        if matches!(self.brush.mode, PaintMode::Smooth | PaintMode::Blur { .. })
            && self.neighbours.is_none()
        {
            self.neighbours = Some(neighbours(model));
        }
        // Every new value is computed from the weights before this dab.
        let updates: Vec<(usize, Weights)> = jobs
            .iter()
            .filter(|j| j.factor > 0.0)
            .filter_map(|j| {
                let old = self.weights(model, j.vertex)?;
                let new = self.paint_one(model, j, &old)?;
                (new != old).then_some((j.vertex, new))
            })
            .collect();
        let mut changed = Vec::with_capacity(updates.len());
        for (v, w) in updates {
            self.current.insert(v, w);
            changed.push(v);
        }
        changed.sort_unstable();
        changed.dedup();
        Ok(changed)
    }

    fn mean_of_neighbours(
        &self,
        model: &Model,
        v: usize,
        f: impl Fn(&Weights) -> Option<f32>,
    ) -> Option<f32> {
        let nb = self.neighbours.as_ref()?.get(v)?;
        let (sum, n) = nb
            .iter()
            .filter_map(|&u| f(&self.weights(model, u as usize)?))
            .fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
        (n > 0).then(|| sum / n as f32)
    }

    fn paint_one(&self, model: &Model, job: &Job, old: &Weights) -> Option<Weights> {
        let (bone, f) = (job.bone, job.factor);
        let w = weight_of(old, bone);
        let mut list = entries(old);
        match self.brush.mode {
            PaintMode::Add => set_share(&mut list, bone, w + f),
            PaintMode::Subtract => set_share(&mut list, bone, w - f),
            PaintMode::Replace => set_share(&mut list, bone, w + (self.brush.value - w) * f),
            PaintMode::Smooth => {
                let mean =
                    self.mean_of_neighbours(model, job.vertex, |n| Some(weight_of(n, bone)))?;
                set_share(&mut list, bone, w + (mean - w) * f);
            }
            PaintMode::Blur { .. } => {
                let other = job.other;
                let ratio = |x: &Weights| {
                    let (a, b) = (weight_of(x, bone), weight_of(x, other));
                    (a + b > 1e-6).then(|| a / (a + b))
                };
                let r = ratio(old)?;
                let mean = self.mean_of_neighbours(model, job.vertex, ratio)?;
                let s = w + weight_of(old, other);
                let r = r + (mean - r) * f;
                // Both bones need a slot; a full vertex gives up its smallest other bone.
                for (b, x) in [(bone, r * s), (other, (1.0 - r) * s)] {
                    match list.iter_mut().find(|e| e.0 == b) {
                        Some(e) => e.1 = x,
                        None if x > 0.0 => {
                            if list.len() >= 4 {
                                let k = (0..list.len())
                                    .filter(|&k| list[k].0 != bone && list[k].0 != other)
                                    .min_by(|&p, &q| list[p].1.total_cmp(&list[q].1))?;
                                let freed = list.remove(k).1;
                                let rest: f32 = list.iter().map(|e| e.1).sum::<f32>() + x;
                                list.iter_mut().for_each(|e| e.1 *= (rest + freed) / rest);
                                list.push((b, x * (rest + freed) / rest));
                            } else {
                                list.push((b, x));
                            }
                        }
                        None => {}
                    }
                }
            }
        }
        Some(rebuild(old, &list, false))
    }

    /// "Paint 左ひじ (add)": the stroke's history label.
    pub fn describe(&self, model: &Model) -> String {
        let bone_name = model
            .bones
            .get(self.bone as usize)
            .map_or("", |b| b.name.as_str());
        crate::tr!(
            "rig-label-paint",
            bone = bone_name,
            mode = self.brush.mode.name()
        )
    }

    /// The whole stroke as one undo step (None if it changed nothing).
    pub fn finish(self, model: &Model) -> Option<ModelEdit> {
        let title = self.describe(model);
        let changed: Vec<_> = self
            .current
            .into_iter()
            .filter_map(|(i, w)| {
                let v = model.vertices.get(i)?;
                (v.weights != w).then(|| {
                    let mut v = v.clone();
                    v.weights = w;
                    (i, v)
                })
            })
            .collect();
        let n = changed.len();
        (!changed.is_empty()).then(|| {
            ModelEdit::set_vertices(changed, "weights").label(crate::tr!(
                "rig-label-on-vertices",
                title = title,
                count = n
            ))
        })
    }
}

/// Vertices sharing an edge, per vertex (from the face list; bad indices skipped).
pub fn neighbours(model: &Model) -> Vec<Vec<u32>> {
    let n = model.vertices.len();
    let mut out: Vec<Vec<u32>> = vec![Vec::new(); n];
    for f in &model.faces {
        if !f.iter().all(|&i| i >= 0 && (i as usize) < n) {
            continue;
        }
        for k in 0..3 {
            let (a, b) = (f[k] as usize, f[(k + 1) % 3] as usize);
            if a != b {
                out[a].push(b as u32);
                out[b].push(a as u32);
            }
        }
    }
    for l in &mut out {
        l.sort_unstable();
        l.dedup();
    }
    out
}
