//! Deform-order dependency violations (`E-ORDER-PARENT`, `E-ORDER-APPEND`, `E-ORDER-IK`).
//!
//! The order is the spec's 変形順序: stable sort by (after-physics flag, deform
//! layer, index) — the same key as `hone_core::deform::BoneOrder`. A bone must come
//! after what it reads during its own evaluation:
//! - its parent (spec: 子→親の順序では正しく変形しない);
//! - its append source when that source is itself an append bone (多重付与) or
//!   the append is local (reads the source's matrix) — a one-level append of
//!   user values works in any order (spec, □変形順序による変形量の参照);
//! - for a rotation append whose source is an IK link: the IK bone that sets
//!   the source's IK rotation (付与親のIKリンク, e.g. 足D bones);
//! - for an IK bone: its target and links, whose world poses the solver reads.
//!
//! The offered fix raises the bone's deform layer to the smallest value that
//! puts it after all its same-phase dependencies (file index breaks ties), and
//! raises bones depending on it as far as needed so the fix creates no new
//! violation. A dependency in the after-physics phase of a before-physics bone
//! cannot be fixed by layers; no fix is offered then.

use super::{valid, ElementRef, Fix, Problem};
use crate::pmx::Model;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepKind {
    Parent,
    /// Multi-level or local append source.
    Append,
    /// The IK bone that rotates this bone's (rotation) append source.
    AppendIk,
    /// IK target or link of this IK bone.
    IkChain,
}

impl DepKind {
    fn code(self) -> &'static str {
        match self {
            DepKind::Parent => "E-ORDER-PARENT",
            DepKind::Append | DepKind::AppendIk => "E-ORDER-APPEND",
            DepKind::IkChain => "E-ORDER-IK",
        }
    }
    fn what(self) -> String {
        match self {
            DepKind::Parent => crate::tr!("check-dep-parent"),
            DepKind::Append => crate::tr!("check-dep-append"),
            DepKind::AppendIk => crate::tr!("check-dep-append-ik"),
            DepKind::IkChain => crate::tr!("check-dep-ik-chain"),
        }
    }
    fn consequence(self) -> String {
        match self {
            DepKind::Parent => crate::tr!("check-dep-parent-consequence"),
            DepKind::Append | DepKind::AppendIk => crate::tr!("check-dep-append-consequence"),
            DepKind::IkChain => crate::tr!("check-dep-ik-chain-consequence"),
        }
    }
}

/// What each bone must be evaluated after: `deps[i]` = (bone, why).
pub fn dependencies(model: &Model) -> Vec<Vec<(usize, DepKind)>> {
    let n = model.bones.len();
    let mut ik_of_link: Vec<Option<usize>> = vec![None; n];
    for (i, b) in model.bones.iter().enumerate() {
        if let Some(ik) = &b.ik {
            for l in &ik.links {
                if let Some(lb) = valid(l.bone, n) {
                    ik_of_link[lb].get_or_insert(i);
                }
            }
        }
    }
    let mut deps = vec![Vec::new(); n];
    for (i, b) in model.bones.iter().enumerate() {
        let d = &mut deps[i];
        let mut push = |j: usize, k: DepKind| {
            if j != i && !d.iter().any(|&(x, _)| x == j) {
                d.push((j, k));
            }
        };
        if let Some(p) = valid(b.parent, n) {
            push(p, DepKind::Parent);
        }
        if let Some(a) = &b.append {
            if let Some(s) = valid(a.parent, n) {
                if b.is_append_local() || model.bones[s].append.is_some() {
                    push(s, DepKind::Append);
                }
                if a.rotate && !b.is_append_local() {
                    if let Some(ik) = ik_of_link[s] {
                        push(ik, DepKind::AppendIk);
                    }
                }
            }
        }
        if let Some(ik) = &b.ik {
            if let Some(t) = valid(ik.target, n) {
                push(t, DepKind::IkChain);
            }
            for l in &ik.links {
                if let Some(lb) = valid(l.bone, n) {
                    push(lb, DepKind::IkChain);
                }
            }
        }
    }
    deps
}

/// Sort key of the deform order (as `deform::BoneOrder`), with trial layers for the fix.
fn key(model: &Model, layers: &[i32], i: usize) -> (bool, i32, usize) {
    (model.bones[i].is_after_physics(), layers[i], i)
}

/// Bone indices in deform order, from `hone_core::deform` so checker and deformer agree.
pub fn deform_order(model: &Model) -> Vec<usize> {
    crate::deform::BoneOrder::new(model).bones().collect()
}

/// Smallest layer for `bone` that puts it after every same-phase dependency.
fn min_layer(model: &Model, layers: &[i32], deps: &[(usize, DepKind)], bone: usize) -> i32 {
    let phase = model.bones[bone].is_after_physics();
    let mut need = layers[bone];
    for &(d, _) in deps {
        if model.bones[d].is_after_physics() == phase {
            let l = if bone > d {
                layers[d]
            } else {
                layers[d].saturating_add(1)
            };
            need = need.max(l);
        }
    }
    need
}

/// The layer raise for `bone` plus the raises of its dependents it forces.
/// `None` when dependencies form a cycle.
fn layer_fix(
    model: &Model,
    deps: &[Vec<(usize, DepKind)>],
    rdeps: &[Vec<usize>],
    bone: usize,
) -> Option<Fix> {
    let mut layers: Vec<i32> = model.bones.iter().map(|b| b.layer).collect();
    let n = layers.len();
    let new = min_layer(model, &layers, &deps[bone], bone);
    if new == layers[bone] {
        return None;
    }
    layers[bone] = new;
    let mut queue = vec![bone];
    let mut raised: Vec<usize> = Vec::new();
    let mut steps = 0usize;
    while let Some(x) = queue.pop() {
        for &d in &rdeps[x] {
            if d == bone {
                return None; // a dependency cycle through the bone itself
            }
            if model.bones[d].is_after_physics() != model.bones[x].is_after_physics() {
                continue;
            }
            if key(model, &layers, d) < key(model, &layers, x) {
                let need = if d > x {
                    layers[x]
                } else {
                    layers[x].saturating_add(1)
                };
                if need > layers[d] {
                    layers[d] = need;
                    if !raised.contains(&d) {
                        raised.push(d);
                    }
                    queue.push(d);
                }
            }
        }
        steps += 1;
        if steps > n * 4 + 16 {
            return None;
        }
    }
    raised.sort_unstable();
    Some(Fix::SetBoneLayer {
        bone: bone as i32,
        layer: new,
        dependents: raised.iter().map(|&d| (d as i32, layers[d])).collect(),
    })
}

pub fn check_deform_order(model: &Model) -> Vec<Problem> {
    let n = model.bones.len();
    let deps = dependencies(model);
    let mut rdeps = vec![Vec::new(); n];
    for (i, d) in deps.iter().enumerate() {
        for &(j, _) in d {
            rdeps[j].push(i);
        }
    }
    let order = deform_order(model);
    let mut position = vec![0usize; n];
    for (p, &b) in order.iter().enumerate() {
        position[b] = p;
    }
    let mut out = Vec::new();
    for &i in &order {
        let bone = &model.bones[i];
        let mut fix: Option<Option<Fix>> = None;
        for &(d, kind) in &deps[i] {
            if position[d] < position[i] {
                continue;
            }
            let dep = &model.bones[d];
            let phase = dep.is_after_physics() && !bone.is_after_physics();
            let msg = crate::tr!(
                "check-msg-order",
                bone = ElementRef::Bone(i as i32).describe(model),
                layer = bone.layer,
                position = position[i],
                what = kind.what(),
                dep = ElementRef::Bone(d as i32).describe(model),
                dep_layer = dep.layer,
                dep_position = position[d],
                consequence = kind.consequence(),
                // A selector in the catalogues, not a text.
                phase = if phase { "after-physics" } else { "same" },
            );
            let f = fix
                .get_or_insert_with(|| layer_fix(model, &deps, &rdeps, i))
                .clone();
            out.push(
                Problem::error(kind.code(), ElementRef::Bone(i as i32), msg)
                    .related([ElementRef::Bone(d as i32)])
                    .with_fix(f),
            );
        }
    }
    out
}
