//! `E-VERSION-21-FEATURE`: PMX 2.1 features in a file declared 2.0. A 2.0
//! reader (MMD, older tools) fails on them. One problem per kind of feature,
//! targeting its first element; fix: declare 2.1.

use super::{ElementRef, Fix, Problem};
use crate::pmx::{JointKind, MaterialFlags, Model, PmxVersion, Weights};

/// How many related elements a problem lists at most.
const MAX_RELATED: usize = 100;

pub fn check_version_features(model: &Model) -> Vec<Problem> {
    if model.header.version != PmxVersion::V2_0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut report = |what: &str, elems: Vec<ElementRef>| {
        let Some(&first) = elems.first() else { return };
        let msg = format!(
            "the file is PMX 2.0 but uses {what} (PMX 2.1) in {} element(s), first {}",
            elems.len(),
            first.describe(model)
        );
        out.push(
            Problem::error("E-VERSION-21-FEATURE", first, msg)
                .related(elems.into_iter().skip(1).take(MAX_RELATED))
                .with_fix(Some(Fix::SetVersion21)),
        );
    };
    let idx = |i: usize| i as i32;

    report(
        "QDEF weights",
        (model.vertices.iter().enumerate())
            .filter(|(_, v)| matches!(v.weights, Weights::Qdef { .. }))
            .map(|(i, _)| ElementRef::Vertex(idx(i)))
            .collect(),
    );
    report(
        "flip morphs",
        (model.morphs.iter().enumerate())
            .filter(|(_, m)| m.kind() == crate::pmx::MorphKind::Flip)
            .map(|(i, _)| ElementRef::Morph(idx(i)))
            .collect(),
    );
    report(
        "impulse morphs",
        (model.morphs.iter().enumerate())
            .filter(|(_, m)| m.kind() == crate::pmx::MorphKind::Impulse)
            .map(|(i, _)| ElementRef::Morph(idx(i)))
            .collect(),
    );
    report(
        "material flags 0x20-0x80 (vertex colour, point, line)",
        (model.materials.iter().enumerate())
            .filter(|(_, m)| m.flags.0 & MaterialFlags::V21_ONLY != 0)
            .map(|(i, _)| ElementRef::Material(idx(i)))
            .collect(),
    );
    report(
        "joint types other than spring 6DOF",
        (model.joints.iter().enumerate())
            .filter(|(_, j)| j.kind != JointKind::Spring6Dof)
            .map(|(i, _)| ElementRef::Joint(idx(i)))
            .collect(),
    );
    report(
        "soft bodies",
        (0..model.soft_bodies.len())
            .map(|i| ElementRef::SoftBody(idx(i)))
            .collect(),
    );
    out
}
