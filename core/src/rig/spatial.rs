//! Nearest surface point of a mesh with its triangle's barycentric coordinates (parry's
//! triangle-mesh BVH). Mirror vertices: [`super::symmetric::VertexMirror`].

use crate::pmx::Model;
use glam::Vec3;
use rapier3d::parry::query::PointQueryWithLocation;
use rapier3d::parry::shape::TriMesh;

/// The nearest point on a mesh's surface.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfacePoint {
    /// The triangle's vertex indices (into the indexed model's vertices).
    pub triangle: [u32; 3],
    /// Barycentric coordinates of `point` in `triangle` (sum 1).
    pub barycentric: [f32; 3],
    pub point: Vec3,
    pub distance: f32,
}

/// Nearest-surface-point queries over a model's triangles.
pub struct SurfaceIndex {
    mesh: TriMesh,
}

impl SurfaceIndex {
    /// Indexes the model's triangles at its rest positions. Faces with repeated or
    /// out-of-range indices (points, lines, damaged data) are left out; None if no
    /// triangle is left.
    pub fn new(model: &Model) -> Option<Self> {
        let positions: Vec<Vec3> = model.vertices.iter().map(|v| v.position).collect();
        Self::from_mesh(&positions, &model.faces)
    }

    pub fn from_mesh(positions: &[Vec3], faces: &[[i32; 3]]) -> Option<Self> {
        let n = positions.len();
        let tris: Vec<[u32; 3]> = faces
            .iter()
            .filter(|f| {
                f.iter().all(|&i| i >= 0 && (i as usize) < n)
                    && f[0] != f[1]
                    && f[1] != f[2]
                    && f[0] != f[2]
                    && f.iter().all(|&i| positions[i as usize].is_finite())
            })
            .map(|f| f.map(|i| i as u32))
            .collect();
        if tris.is_empty() {
            return None;
        }
        let vertices: Vec<_> = positions
            .iter()
            .map(|p| {
                let p = if p.is_finite() { *p } else { Vec3::ZERO };
                rapier3d::parry::math::Vector::new(p.x, p.y, p.z)
            })
            .collect();
        let mesh = TriMesh::new(vertices, tris).ok()?;
        Some(SurfaceIndex { mesh })
    }

    /// The surface point nearest to `p`.
    pub fn nearest(&self, p: Vec3) -> Option<SurfacePoint> {
        if !p.is_finite() {
            return None;
        }
        let q = rapier3d::parry::math::Vector::new(p.x, p.y, p.z);
        let (proj, (tri, location)) = self.mesh.project_local_point_and_get_location(q, false);
        let triangle = *self.mesh.indices().get(tri as usize)?;
        let barycentric = location.barycentric_coordinates()?;
        let point = Vec3::new(proj.point.x, proj.point.y, proj.point.z);
        Some(SurfacePoint {
            triangle,
            barycentric,
            point,
            distance: point.distance(p),
        })
    }
}
