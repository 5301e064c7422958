//! Moving, rotating and scaling vertices' UVs in UV space (V down, as PMX stores
//! them), either the base UVs of one layer (0 = UV, 1..=4 = additional UV1..4, their
//! first two components) or a UV morph's offsets: the morphed UV is transformed and
//! the offset becomes "transformed − base", so the base mesh is untouched.

use crate::edit::{Element, ModelEdit};
use crate::pmx::{Model, MorphOffsets, UvOffset};
use crate::rig::input::InputError;
use glam::{Vec2, Vec4};

/// One affine change of UVs: `p' = pivot + R(scale ⊙ (p − pivot)) + translate`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UvAffine {
    pub translate: Vec2,
    /// Degrees, counter-clockwise as seen with V down (the UV editor's view).
    pub rotate_deg: f32,
    pub scale: Vec2,
    /// None: the centre of the transformed UVs' bounding box.
    pub pivot: Option<Vec2>,
}

impl Default for UvAffine {
    fn default() -> Self {
        UvAffine {
            translate: Vec2::ZERO,
            rotate_deg: 0.0,
            scale: Vec2::ONE,
            pivot: None,
        }
    }
}

impl UvAffine {
    /// Whether it changes nothing (whatever the pivot).
    pub fn is_identity(&self) -> bool {
        self.translate == Vec2::ZERO && self.rotate_deg == 0.0 && self.scale == Vec2::ONE
    }

    /// `p` moved by the transform about `pivot`.
    pub fn apply(&self, pivot: Vec2, p: Vec2) -> Vec2 {
        let (s, c) = self.rotate_deg.to_radians().sin_cos();
        let d = (p - pivot) * self.scale;
        // Counter-clockwise on a screen whose V axis points down.
        pivot + Vec2::new(d.x * c + d.y * s, -d.x * s + d.y * c) + self.translate
    }
}

/// Which UVs an edit changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UvTarget {
    /// The vertices' own UVs of a layer (0 = UV, 1..=4 = additional UV1..4).
    Base { layer: u8 },
    /// A UV morph's offsets (its own layer).
    Morph(usize),
}

/// A vertex's base UV on `layer`.
pub fn base_uv(model: &Model, vertex: usize, layer: u8) -> Vec2 {
    let v = &model.vertices[vertex];
    match layer {
        0 => v.uv,
        k => v.additional_uvs[(k as usize - 1).min(3)]
            .truncate()
            .truncate(),
    }
}

/// The layer and offsets of a UV morph (None for another kind).
pub fn uv_morph(model: &Model, morph: usize) -> Option<(u8, &[UvOffset])> {
    match &model.morphs.get(morph)?.offsets {
        MorphOffsets::Uv { layer, offsets } => Some((*layer, offsets)),
        _ => None,
    }
}

/// Each vertex's summed UV offset (u, v) in a morph's offsets (a vertex listed twice
/// counts twice, as the pipeline applies them).
pub fn offsets_by_vertex(model: &Model, offsets: &[UvOffset]) -> Vec<Vec2> {
    let mut out = vec![Vec2::ZERO; model.vertices.len()];
    for o in offsets {
        if let Some(slot) = usize::try_from(o.vertex).ok().and_then(|i| out.get_mut(i)) {
            *slot += o.offset.truncate().truncate();
        }
    }
    out
}

/// The edit that applies `t` to `vertices`' UVs of `target` (all vertices, or the
/// morph's vertices, when `vertices` is empty). Errors: a vertex or morph out of
/// range, a morph that is not a UV morph, a transform that is not finite or
/// scales by zero, or nothing that changes.
pub fn uv_transform(
    model: &Model,
    vertices: &[usize],
    t: &UvAffine,
    target: UvTarget,
) -> Result<ModelEdit, InputError> {
    let finite = t.translate.is_finite()
        && t.rotate_deg.is_finite()
        && t.scale.is_finite()
        && t.pivot.is_none_or(|p| p.is_finite());
    if !finite {
        return Err(InputError::Invalid(crate::tr!("uv-transform-not-finite")));
    }
    if t.scale.x == 0.0 || t.scale.y == 0.0 {
        return Err(InputError::Invalid(crate::tr!("uv-transform-zero-scale")));
    }
    let len = model.vertices.len();
    if let Some(&index) = vertices.iter().find(|&&v| v >= len) {
        return Err(InputError::NoSuchVertex { index, len });
    }
    let (layer, offsets) = match target {
        UvTarget::Base { layer } => (layer.min(4), None),
        UvTarget::Morph(m) => {
            if m >= model.morphs.len() {
                return Err(InputError::NoSuchMorph {
                    index: m,
                    len: model.morphs.len(),
                });
            }
            let (layer, offsets) = uv_morph(model, m).ok_or_else(|| {
                InputError::Invalid(crate::tr!(
                    "uv-transform-not-uv-morph",
                    name = model.morphs[m].name.clone()
                ))
            })?;
            (layer, Some(offsets))
        }
    };
    let summed = offsets.map(|o| offsets_by_vertex(model, o));
    let mut chosen: Vec<usize> = if !vertices.is_empty() {
        vertices.to_vec()
    } else if let Some(o) = offsets {
        o.iter()
            .filter_map(|o| usize::try_from(o.vertex).ok().filter(|&v| v < len))
            .collect()
    } else {
        (0..len).collect()
    };
    chosen.sort_unstable();
    chosen.dedup();
    let shown = |v: usize| base_uv(model, v, layer) + summed.as_ref().map_or(Vec2::ZERO, |s| s[v]);
    let pivot = t.pivot.unwrap_or_else(|| {
        let (lo, hi) = chosen.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(lo, hi), &v| (lo.min(shown(v)), hi.max(shown(v))),
        );
        if lo.is_finite() {
            (lo + hi) * 0.5
        } else {
            Vec2::ZERO
        }
    });
    let count = chosen.len() as i64;
    let edit = match target {
        UvTarget::Base { .. } => {
            let mut items: Vec<(usize, Element)> = Vec::new();
            for &i in &chosen {
                let mut nv = model.vertices[i].clone();
                let p = t.apply(pivot, shown(i));
                match layer {
                    0 => nv.uv = p,
                    k => {
                        let a = &mut nv.additional_uvs[k as usize - 1];
                        (a.x, a.y) = (p.x, p.y);
                    }
                }
                if nv != model.vertices[i] {
                    items.push((i, nv.into()));
                }
            }
            if items.is_empty() {
                return Err(InputError::Invalid(crate::tr!("uv-transform-nothing")));
            }
            ModelEdit::set_many(items, "uv").label(crate::tr!("uv-transform-label", count = count))
        }
        UvTarget::Morph(m) => {
            let mut morph = model.morphs[m].clone();
            let MorphOffsets::Uv { offsets, .. } = &mut morph.offsets else {
                unreachable!("checked above: a UV morph");
            };
            let mut wanted = vec![false; len];
            for &v in &chosen {
                wanted[v] = true;
            }
            // One entry per transformed vertex: its first entry carries the whole
            // offset (later duplicates would add to it), zw kept.
            let mut seen = vec![false; len];
            offsets.retain_mut(|o| {
                let Some(v) = usize::try_from(o.vertex)
                    .ok()
                    .filter(|&v| v < len && wanted[v])
                else {
                    return true;
                };
                if seen[v] {
                    return false;
                }
                seen[v] = true;
                let d = t.apply(pivot, shown(v)) - base_uv(model, v, layer);
                (o.offset.x, o.offset.y) = (d.x, d.y);
                true
            });
            for &v in chosen.iter().filter(|&&v| !seen[v]) {
                let d = t.apply(pivot, shown(v)) - base_uv(model, v, layer);
                if d != Vec2::ZERO {
                    offsets.push(UvOffset {
                        vertex: v as i32,
                        offset: Vec4::new(d.x, d.y, 0.0, 0.0),
                    });
                }
            }
            if morph == model.morphs[m] {
                return Err(InputError::Invalid(crate::tr!("uv-transform-nothing")));
            }
            let name = morph.name.clone();
            ModelEdit::set_morph(m, morph, "offsets").label(crate::tr!(
                "uv-transform-morph-label",
                count = count,
                name = name
            ))
        }
    };
    Ok(edit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::builder::sample_rig;

    fn applied(model: &Model, edit: ModelEdit) -> Model {
        let mut m = model.clone();
        crate::edit::History::new()
            .apply(&mut m, edit)
            .expect("applies");
        m
    }

    fn first_vertices(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    #[test]
    fn scale_by_two_then_half_gives_the_uvs_back() {
        let model = sample_rig();
        let vs = first_vertices(20);
        let pivot = Vec2::new(0.3, 0.7);
        let double = UvAffine {
            scale: Vec2::splat(2.0),
            pivot: Some(pivot),
            ..Default::default()
        };
        let half = UvAffine {
            scale: Vec2::splat(0.5),
            pivot: Some(pivot),
            ..Default::default()
        };
        let base = UvTarget::Base { layer: 0 };
        let m2 = applied(&model, uv_transform(&model, &vs, &double, base).unwrap());
        // Doubled about the pivot: distances to it doubled, others untouched.
        for v in 0..model.vertices.len() {
            let (a, b) = (model.vertices[v].uv, m2.vertices[v].uv);
            if v < 20 {
                assert!((b - pivot - (a - pivot) * 2.0).length() < 1e-6);
            } else {
                assert_eq!(a, b, "vertex {v} not selected");
            }
        }
        let back = applied(&m2, uv_transform(&m2, &vs, &half, base).unwrap());
        for v in 0..model.vertices.len() {
            let d = (back.vertices[v].uv - model.vertices[v].uv).length();
            assert!(d <= 1e-6, "vertex {v} off by {d}");
            assert_eq!(back.vertices[v].position, model.vertices[v].position);
        }
    }

    #[test]
    fn rotate_quarter_turn_about_a_pivot() {
        let mut model = sample_rig();
        model.vertices[0].uv = Vec2::new(0.75, 0.5);
        model.vertices[1].uv = Vec2::new(0.5, 0.25);
        let t = UvAffine {
            rotate_deg: 90.0,
            pivot: Some(Vec2::new(0.5, 0.5)),
            ..Default::default()
        };
        let m = applied(
            &model,
            uv_transform(&model, &[0, 1], &t, UvTarget::Base { layer: 0 }).unwrap(),
        );
        // Right of the pivot goes up on screen (V smaller), above goes left.
        assert!((m.vertices[0].uv - Vec2::new(0.5, 0.25)).length() < 1e-6);
        assert!((m.vertices[1].uv - Vec2::new(0.25, 0.5)).length() < 1e-6);
    }

    #[test]
    fn additional_uv_layer_keeps_z_and_w() {
        let mut model = sample_rig();
        model.vertices[3].additional_uvs[1] = Vec4::new(0.1, 0.2, 0.3, 0.4);
        let t = UvAffine {
            translate: Vec2::new(0.5, -0.1),
            ..Default::default()
        };
        let m = applied(
            &model,
            uv_transform(&model, &[3], &t, UvTarget::Base { layer: 2 }).unwrap(),
        );
        let a = m.vertices[3].additional_uvs[1];
        assert!((a - Vec4::new(0.6, 0.1, 0.3, 0.4)).length() < 1e-6, "{a}");
        assert_eq!(m.vertices[3].uv, model.vertices[3].uv);
    }

    #[test]
    fn morph_mode_moves_the_morphed_uv_and_leaves_the_base() {
        let mut model = sample_rig();
        model.morphs.push(crate::pmx::Morph {
            name: "uvtest".into(),
            offsets: MorphOffsets::Uv {
                layer: 0,
                offsets: vec![UvOffset {
                    vertex: 2,
                    offset: Vec4::new(0.1, 0.0, 0.0, 0.0),
                }],
            },
            name_en: String::new(),
            panel: 4,
        });
        let m = model.morphs.len() - 1;
        let t = UvAffine {
            translate: Vec2::new(0.0, 0.2),
            ..Default::default()
        };
        let out = applied(
            &model,
            uv_transform(&model, &[2, 5], &t, UvTarget::Morph(m)).unwrap(),
        );
        assert_eq!(out.vertices, model.vertices, "base UVs untouched");
        let (_, offs) = uv_morph(&out, m).unwrap();
        let by = offsets_by_vertex(&out, offs);
        assert!((by[2] - Vec2::new(0.1, 0.2)).length() < 1e-6);
        assert!((by[5] - Vec2::new(0.0, 0.2)).length() < 1e-6, "new offset");
        assert_eq!(offs.len(), 2);
        // A vertex morph is refused; so is a zero scale.
        let not_uv = model
            .morphs
            .iter()
            .position(|m| !matches!(m.offsets, MorphOffsets::Uv { .. }))
            .unwrap();
        assert!(uv_transform(&model, &[2], &t, UvTarget::Morph(not_uv)).is_err());
        let zero = UvAffine {
            scale: Vec2::new(0.0, 1.0),
            ..Default::default()
        };
        assert!(uv_transform(&model, &[2], &zero, UvTarget::Base { layer: 0 }).is_err());
        assert!(uv_transform(&model, &[usize::MAX], &t, UvTarget::Base { layer: 0 }).is_err());
    }
}
