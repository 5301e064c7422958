//! Draw order of materials: `W-MATERIAL-TRANSPARENT-ORDER`. MMD draws materials
//! in list order and blends a semi-transparent one (diffuse alpha between 0 and 1,
//! 半透明) with what is already drawn, so an opaque material drawn after it and
//! behind it does not show through: the transparent part looks like a hole.
//!
//! "Covers" is the simple reading: the two materials' vertex bounding boxes
//! overlap as seen from the front (in X and Y, with some area); depth and the
//! texture's own alpha are not looked at (a texture with alpha is not read here).
//! Alpha 0 (a hidden material, shown only by a morph) is not reported: how far a
//! morph raises it is not known here. The fix moves the transparent material to
//! just after the last opaque material it covers.

use super::{ElementRef, Fix, Problem};
use crate::pmx::Model;
use glam::Vec2;

/// Each material's front-view box (min, max of its faces' vertices in X, Y);
/// None for a material without faces or with a face out of range.
fn boxes(model: &Model) -> Vec<Option<(Vec2, Vec2)>> {
    let ranges = crate::edit::remap::material_face_ranges(model);
    ranges
        .into_iter()
        .zip(&model.materials)
        .map(|(range, m)| {
            let n = usize::try_from(m.face_index_count).unwrap_or(0) / 3;
            // A range the face list cuts short is a face out of range.
            let faces = Some(&model.faces[range]).filter(|f| f.len() == n);
            let mut lo = Vec2::splat(f32::INFINITY);
            let mut hi = Vec2::splat(f32::NEG_INFINITY);
            for &v in faces?.iter().flatten() {
                let p = model.vertices.get(usize::try_from(v).ok()?)?.position;
                lo = lo.min(p.truncate());
                hi = hi.max(p.truncate());
            }
            (lo.x <= hi.x).then_some((lo, hi))
        })
        .collect()
}

fn overlap(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> bool {
    let lo = a.0.max(b.0);
    let hi = a.1.min(b.1);
    hi.x > lo.x && hi.y > lo.y
}

pub fn check_transparent_order(model: &Model) -> Vec<Problem> {
    let boxes = boxes(model);
    let mut out = Vec::new();
    for (i, m) in model.materials.iter().enumerate() {
        let alpha = m.diffuse.w;
        let Some(mine) = boxes[i].filter(|_| alpha > 0.0 && alpha < 1.0) else {
            continue;
        };
        let covered: Vec<usize> = (i + 1..model.materials.len())
            .filter(|&j| model.materials[j].diffuse.w >= 1.0)
            .filter(|&j| boxes[j].is_some_and(|b| overlap(mine, b)))
            .collect();
        let (Some(&first), Some(&last)) = (covered.first(), covered.last()) else {
            continue;
        };
        let key = "check-msg-material-transparent-order";
        ElementRef::Material(i as i32)
            .finding(model, "W-MATERIAL-TRANSPARENT-ORDER", key)
            .element("opaque", ElementRef::Material(first as i32))
            .arg("count", covered.len())
            .related(covered.iter().map(|&j| ElementRef::Material(j as i32)))
            .fix(Fix::MoveMaterialAfter {
                material: i as i32,
                after: last as i32,
                name: m.name.clone(),
            })
            .push(&mut out);
    }
    out
}
