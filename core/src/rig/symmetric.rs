//! Finding an element's left/right counterpart: by mirrored name first, then by
//! mirrored position (X negated). Lists call [`select_symmetric`]; the mirror
//! generator uses [`VertexMirror`] for the weights.

use super::names::mirror_name;
use crate::edit::ElementKind;
use crate::pmx::{Model, Vertex};
use glam::Vec3;
use rstar::{primitives::GeomWithData, RTree};

/// X negated: the mirror image of a model-space point.
pub fn mirror_point(p: Vec3) -> Vec3 {
    Vec3::new(-p.x, p.y, p.z)
}

type Point = GeomWithData<[f32; 3], usize>;

/// A spatial index over vertex positions for finding each vertex's mirror vertex
/// (models have tens of thousands of vertices).
pub struct VertexMirror<'a> {
    tree: RTree<Point>,
    vertices: &'a [Vertex],
}

impl<'a> VertexMirror<'a> {
    pub fn new(vertices: &'a [Vertex]) -> Self {
        let points = vertices
            .iter()
            .enumerate()
            .filter(|(_, v)| v.position.is_finite())
            .map(|(i, v)| Point::new(v.position.to_array(), i))
            .collect();
        VertexMirror {
            tree: RTree::bulk_load(points),
            vertices,
        }
    }

    /// The vertex nearest to `vertex`'s mirrored position within `tolerance`, other
    /// than itself. Of vertices at the same place (UV seams) the one whose normal best
    /// matches the mirrored normal wins, then the lowest index.
    pub fn mirror_of(&self, vertex: usize, tolerance: f32) -> Option<usize> {
        let v = self.vertices.get(vertex)?;
        let target = mirror_point(v.position);
        let normal = mirror_point(v.normal);
        let mut best: Option<(f32, f32, usize)> = None;
        for p in self
            .tree
            .locate_within_distance(target.to_array(), tolerance * tolerance)
        {
            let i = p.data;
            if i == vertex {
                continue;
            }
            let d = Vec3::from_array(*p.geom()).distance(target);
            let agree = self.vertices[i].normal.dot(normal);
            // Distances within 1e-5 count as the same place (float noise).
            let better = match best {
                None => true,
                Some((bd, ba, bi)) => {
                    if (d - bd).abs() > 1e-5 {
                        d < bd
                    } else if (agree - ba).abs() > 1e-4 {
                        agree > ba
                    } else {
                        i < bi
                    }
                }
            };
            if better {
                best = Some((d, agree, i));
            }
        }
        best.map(|b| b.2)
    }
}

fn name_of(model: &Model, kind: ElementKind, index: usize) -> Option<&str> {
    Some(match kind {
        ElementKind::Bone => &model.bones.get(index)?.name,
        ElementKind::Morph => &model.morphs.get(index)?.name,
        ElementKind::Material => &model.materials.get(index)?.name,
        ElementKind::RigidBody => &model.rigid_bodies.get(index)?.name,
        ElementKind::Joint => &model.joints.get(index)?.name,
        ElementKind::SoftBody => &model.soft_bodies.get(index)?.name,
        ElementKind::DisplayFrame => &model.display_frames.get(index)?.name,
        _ => return None,
    })
}

fn position_of(model: &Model, kind: ElementKind, index: usize) -> Option<Vec3> {
    Some(match kind {
        ElementKind::Bone => model.bones.get(index)?.position,
        ElementKind::RigidBody => model.rigid_bodies.get(index)?.position,
        ElementKind::Joint => model.joints.get(index)?.position,
        ElementKind::Vertex => model.vertices.get(index)?.position,
        _ => return None,
    })
}

/// The element on the other side of `index`: the first element of the same kind named
/// with the mirrored name (左腕 ↔ 右腕), else — for kinds with a position (bones, bodies,
/// joints, vertices) — the nearest other element within `tolerance` of the mirrored
/// position. None for centre elements (named without a side and lying on the centre
/// plane) and elements with no counterpart.
pub fn symmetric_counterpart(
    model: &Model,
    kind: ElementKind,
    index: usize,
    tolerance: f32,
) -> Option<usize> {
    if let Some(mirrored) = name_of(model, kind, index).and_then(mirror_name) {
        let len = kind.len(model);
        if let Some(i) = (0..len).find(|&i| name_of(model, kind, i) == Some(mirrored.as_str())) {
            return Some(i);
        }
    }
    let p = position_of(model, kind, index)?;
    if p.x.abs() <= tolerance {
        return None;
    }
    let target = mirror_point(p);
    (0..kind.len(model))
        .filter(|&i| i != index)
        .filter_map(|i| Some((i, position_of(model, kind, i)?.distance(target))))
        .filter(|&(_, d)| d <= tolerance)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// "Select symmetric": the selection plus every selected element's counterpart
/// ([`symmetric_counterpart`]), sorted, without duplicates. Vertices go through a
/// spatial index, so large vertex selections stay fast.
pub fn select_symmetric(
    model: &Model,
    kind: ElementKind,
    selection: &[usize],
    tolerance: f32,
) -> Vec<usize> {
    let mut out: Vec<usize> = selection.to_vec();
    if kind == ElementKind::Vertex {
        let index = VertexMirror::new(&model.vertices);
        out.extend(
            selection
                .iter()
                .filter_map(|&v| index.mirror_of(v, tolerance)),
        );
    } else {
        out.extend(
            selection
                .iter()
                .filter_map(|&i| symmetric_counterpart(model, kind, i, tolerance)),
        );
    }
    out.retain(|&i| i < kind.len(model));
    out.sort_unstable();
    out.dedup();
    out
}
