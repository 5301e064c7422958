//! `E-VERSION-21-FEATURE`: PMX 2.1 features in a file declared 2.0. A 2.0
//! reader (MMD, older tools) fails on them. One problem per kind of feature,
//! targeting its first element; fix: declare 2.1. Which features need 2.1 is
//! [`crate::pmx::needs`]'s rule.

use super::{ElementRef, Fix, Problem};
use crate::pmx::needs::{v21_uses, V21Feature};
use crate::pmx::{Model, PmxVersion};

/// How many related elements a problem lists at most.
const MAX_RELATED: usize = 100;

pub fn check_version_features(model: &Model) -> Vec<Problem> {
    if model.header.version != PmxVersion::V2_0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for used in v21_uses(model) {
        let element = |i: usize| {
            let i = i as i32;
            match used.feature {
                V21Feature::QdefWeights => ElementRef::Vertex(i),
                V21Feature::FlipMorphs | V21Feature::ImpulseMorphs => ElementRef::Morph(i),
                V21Feature::MaterialFlags => ElementRef::Material(i),
                V21Feature::JointKinds => ElementRef::Joint(i),
                V21Feature::SoftBodies => ElementRef::SoftBody(i),
            }
        };
        let first = element(used.elements[0]);
        let msg = crate::tr!(
            "check-msg-version-21",
            feature = used.feature.what(),
            count = used.elements.len(),
            first = first.describe(model)
        );
        out.push(
            Problem::error("E-VERSION-21-FEATURE", first, msg)
                .related(
                    used.elements[1..]
                        .iter()
                        .take(MAX_RELATED)
                        .map(|&i| element(i)),
                )
                .with_fix(Some(Fix::SetVersion21)),
        );
    }
    out
}
