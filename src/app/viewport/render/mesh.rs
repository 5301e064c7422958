//! The model's static draw data in GL space: index ranges per material (PMX 2.1
//! point/line drawing included), UVs, vertex colours, and the per-frame material values.

use crate::pmx::{MaterialFlags, Model, SphereMode, Toon};
use glam::{Vec3, Vec4};

/// What one material draws (static per model generation).
#[derive(Debug, Clone)]
pub struct DrawMaterial {
    /// Its range in [`MeshData::indices`], drawn as `primitive`.
    pub first_index: u32,
    pub index_count: u32,
    pub primitive: Primitive,
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub flags: MaterialFlags,
    pub edge_color: Vec4,
    pub edge_size: f32,
    pub texture: Option<usize>,
    pub sphere: Option<(usize, SphereMode)>,
    pub toon: ToonRef,
    /// PMX 2.1 vertex colour (0x20) that has an additional UV1 to read.
    pub vertex_color: bool,
}

/// How a material's faces are drawn: PMX 2.1 point (0x40) and line (0x80)
/// drawing turn each face A-B-C into its three points or its three edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Primitive {
    Triangles,
    /// Index pairs.
    Lines,
    Points,
}

impl Primitive {
    pub fn of(flags: MaterialFlags) -> Self {
        // Spec: with both bits on, point drawing wins.
        if flags.has(MaterialFlags::POINT) {
            Primitive::Points
        } else if flags.has(MaterialFlags::LINE) {
            Primitive::Lines
        } else {
            Primitive::Triangles
        }
    }

    /// Appends one face's indices. The spec leaves repeated items of the A-A-A
    /// (1 point) and A-B-A (1 line) patterns open (PMX Editor draws them again);
    /// we drop repeats and zero-length edges within a face, so a translucent
    /// point or line is not blended twice over itself. Faces are not merged.
    fn push_face(self, f: [u32; 3], out: &mut Vec<u32>) {
        match self {
            // Flipping Z mirrors the mesh; swap two corners to keep front faces front.
            Primitive::Triangles => out.extend_from_slice(&[f[0], f[2], f[1]]),
            Primitive::Points => {
                for (k, &v) in f.iter().enumerate() {
                    if !f[..k].contains(&v) {
                        out.push(v);
                    }
                }
            }
            Primitive::Lines => {
                let edges = [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])];
                for (k, &(a, b)) in edges.iter().enumerate() {
                    let same = |&(c, d): &(u32, u32)| (a, b) == (c, d) || (a, b) == (d, c);
                    if a != b && !edges[..k].iter().any(same) {
                        out.extend_from_slice(&[a, b]);
                    }
                }
            }
        }
    }

    pub(super) fn gl_mode(self) -> u32 {
        match self {
            Primitive::Triangles => three_d::context::TRIANGLES,
            Primitive::Lines => three_d::context::LINES,
            Primitive::Points => three_d::context::POINTS,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ToonRef {
    None,
    Shared(u8),
    Texture(usize),
}

/// A material's values this frame, after material morphs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LiveMaterial {
    pub diffuse: Vec4,
    pub specular: Vec3,
    pub specular_power: f32,
    pub ambient: Vec3,
    pub edge_color: Vec4,
    pub edge_size: f32,
    /// (multiply, add) for the texture, sphere and toon colours.
    pub tints: [(Vec3, Vec3); 3],
}

/// The model's static draw data, in GL space.
#[derive(Debug, Default, Clone)]
pub struct MeshData {
    pub uvs: Vec<[f32; 2]>,
    /// Each vertex's additional UV1 as RGBA (white when the model has none),
    /// read by materials with [`DrawMaterial::vertex_color`].
    pub colors: Vec<[f32; 4]>,
    pub edge_scale: Vec<f32>,
    pub indices: Vec<u32>,
    pub materials: Vec<DrawMaterial>,
}

impl MeshData {
    pub fn from_model(model: &Model) -> Self {
        let nv = model.vertices.len() as i64;
        let valid = |i: i32| (0..nv).contains(&(i as i64));
        let mut indices = Vec::with_capacity(model.faces.len() * 3);
        let mut materials = Vec::with_capacity(model.materials.len());
        let mut face = 0usize;
        for m in &model.materials {
            let faces = (m.face_index_count.max(0) as usize) / 3;
            let first = indices.len() as u32;
            let primitive = Primitive::of(m.flags);
            for f in model.faces.iter().skip(face).take(faces) {
                if f.iter().all(|&i| valid(i)) {
                    primitive.push_face(f.map(|i| i as u32), &mut indices);
                }
            }
            face += faces;
            let count = indices.len() as u32 - first;
            materials.push(DrawMaterial::new(model, m, first, count));
        }
        let has_uv1 = model.header.additional_uv_count >= 1;
        MeshData {
            uvs: model.vertices.iter().map(|v| v.uv.to_array()).collect(),
            colors: model
                .vertices
                .iter()
                .map(|v| {
                    if has_uv1 {
                        v.additional_uvs[0].to_array()
                    } else {
                        [1.0; 4]
                    }
                })
                .collect(),
            edge_scale: model.vertices.iter().map(|v| v.edge_scale).collect(),
            indices,
            materials,
        }
    }
}

impl MeshData {
    /// Material `index` again after a field edit that keeps its faces: colours,
    /// textures and flags change in place, no vertex or index data is rebuilt.
    /// False (nothing changed) if the edit changes what is drawn (primitive,
    /// vertex colours) or the index is out of range: rebuild the mesh then.
    pub fn update_material(&mut self, model: &Model, index: usize) -> bool {
        let (Some(old), Some(m)) = (self.materials.get(index), model.materials.get(index)) else {
            return false;
        };
        let new = DrawMaterial::new(model, m, old.first_index, old.index_count);
        if new.primitive != old.primitive || new.vertex_color != old.vertex_color {
            return false;
        }
        self.materials[index] = new;
        true
    }

    /// Whether any material reads the vertex colours.
    pub fn uses_vertex_colors(&self) -> bool {
        self.materials.iter().any(|m| m.vertex_color)
    }
}

impl DrawMaterial {
    /// How `m` draws its `count` indices from `first`.
    pub fn new(model: &Model, m: &crate::pmx::Material, first: u32, count: u32) -> Self {
        let tex = |i: i32| {
            usize::try_from(i)
                .ok()
                .filter(|&t| t < model.textures.len())
        };
        // Without an additional UV the 0x20 flag has nothing to read: such a
        // material draws as if the flag were off.
        let has_uv1 = model.header.additional_uv_count >= 1;
        DrawMaterial {
            first_index: first,
            index_count: count,
            primitive: Primitive::of(m.flags),
            diffuse: m.diffuse,
            specular: m.specular,
            specular_power: m.specular_power,
            ambient: m.ambient,
            flags: m.flags,
            edge_color: m.edge_color,
            edge_size: m.edge_size,
            texture: tex(m.texture),
            sphere: match m.sphere_mode {
                SphereMode::Multiply | SphereMode::Add => {
                    tex(m.sphere_texture).map(|t| (t, m.sphere_mode))
                }
                _ => None,
            },
            toon: match m.toon {
                Toon::Shared(n) => ToonRef::Shared(n.min(9)),
                Toon::Texture(i) => tex(i).map_or(ToonRef::None, ToonRef::Texture),
            },
            vertex_color: has_uv1 && m.flags.has(MaterialFlags::VERTEX_COLOR),
        }
    }

    /// The material's own values (no morph applied).
    pub fn rest(&self) -> LiveMaterial {
        LiveMaterial {
            diffuse: self.diffuse,
            specular: self.specular,
            specular_power: self.specular_power,
            ambient: self.ambient,
            edge_color: self.edge_color,
            edge_size: self.edge_size,
            tints: [(Vec3::ONE, Vec3::ZERO); 3],
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::pmx::{Material, Vertex};

    #[test]
    fn mesh_data_swaps_winding_and_splits_by_material() {
        let model = Model {
            vertices: vec![Vertex::default(); 4],
            faces: vec![[0, 1, 2], [1, 2, 3], [0, 9, 1]],
            materials: vec![
                Material {
                    face_index_count: 3,
                    ..Material::default()
                },
                Material {
                    face_index_count: 6,
                    toon: Toon::Shared(3),
                    ..Material::default()
                },
            ],
            ..Model::default()
        };
        let mesh = MeshData::from_model(&model);
        assert_eq!(mesh.indices, vec![0, 2, 1, 1, 3, 2]); // the out-of-range face is skipped
        assert_eq!(
            (mesh.materials[0].first_index, mesh.materials[0].index_count),
            (0, 3)
        );
        assert_eq!(
            (mesh.materials[1].first_index, mesh.materials[1].index_count),
            (3, 3)
        );
        assert_eq!(mesh.materials[1].toon, ToonRef::Shared(3));
    }

    fn flagged(flags: u8, faces: usize) -> Material {
        Material {
            flags: MaterialFlags(flags),
            face_index_count: faces as i32 * 3,
            ..Material::default()
        }
    }

    #[test]
    fn point_and_line_materials_draw_their_faces_as_points_and_edges() {
        let (p, l) = (MaterialFlags::POINT, MaterialFlags::LINE);
        let model = Model {
            vertices: vec![Vertex::default(); 4],
            faces: vec![
                [0, 1, 2], // triangles
                [0, 1, 2], // points: all three corners
                [3, 3, 3], // points: A-A-A is one point
                [0, 1, 2], // lines: A-B, B-C, C-A
                [1, 3, 1], // lines: A-B-A is one line
                [2, 2, 2], // lines: A-A-A has no edge
                [2, 3, 0], // point and line: point wins
            ],
            materials: vec![
                flagged(0, 1),
                flagged(p, 2),
                flagged(l, 3),
                flagged(p | l | MaterialFlags::EDGE, 1),
            ],
            ..Model::default()
        };
        let mesh = MeshData::from_model(&model);
        let ranges: Vec<_> = mesh
            .materials
            .iter()
            .map(|m| (m.primitive, m.first_index, m.index_count))
            .collect();
        assert_eq!(
            ranges,
            vec![
                (Primitive::Triangles, 0, 3),
                (Primitive::Points, 3, 4),
                (Primitive::Lines, 7, 8),
                (Primitive::Points, 15, 3),
            ]
        );
        assert_eq!(
            mesh.indices,
            vec![0, 2, 1, 0, 1, 2, 3, 0, 1, 1, 2, 2, 0, 1, 3, 2, 3, 0]
        );
        assert_eq!(Primitive::Points.gl_mode(), three_d::context::POINTS);
        assert_eq!(Primitive::Lines.gl_mode(), three_d::context::LINES);
    }

    /// A quad of each: plain and vertex-coloured, one additional UV (RGBA) per vertex.
    pub(in crate::app::viewport::render) fn vertex_color_quads() -> Model {
        use crate::pmx::builder::{bdef1, ModelBuilder};
        use glam::Vec2;
        let mut b = ModelBuilder::new("vertex colour");
        b.additional_uvs(1);
        b.bone("center", Vec3::ZERO);
        let plain = b.material("plain", Vec4::ONE).index();
        let colored = b
            .material("colored", Vec4::ONE)
            .flag(MaterialFlags::VERTEX_COLOR, true)
            .index();
        for (m, x) in [(plain, -2.0), (colored, 2.0)] {
            let v: Vec<i32> = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
                .iter()
                .map(|&(dx, dy)| {
                    let i = b.vertex(Vec3::new(x + dx, dy, 0.0), -Vec3::Z, Vec2::ZERO, bdef1(0));
                    b.vertex_mut(i).additional_uvs[0] = Vec4::new(1.0, 0.0, dy, 0.5 + dx * 0.5);
                    i
                })
                .collect();
            b.quad(m, v[0], v[1], v[2], v[3]);
        }
        b.build()
    }

    #[test]
    fn vertex_color_materials_read_additional_uv1_as_rgba() {
        let model = vertex_color_quads();
        assert_eq!(model.header.additional_uv_count, 1);
        let mesh = MeshData::from_model(&model);
        let flags: Vec<_> = mesh.materials.iter().map(|m| m.vertex_color).collect();
        assert_eq!(flags, [false, true]);
        assert!(mesh.uses_vertex_colors());
        let uv1: Vec<_> = model
            .vertices
            .iter()
            .map(|v| v.additional_uvs[0].to_array())
            .collect();
        assert_eq!(mesh.colors, uv1);
        assert_eq!(mesh.colors[6], [1.0, 0.0, 1.0, 1.0]);
        assert_eq!(mesh.colors.len(), mesh.uvs.len());
    }

    #[test]
    fn vertex_color_flag_without_additional_uvs_draws_as_without_it() {
        let mut model = vertex_color_quads();
        model.header.additional_uv_count = 0;
        let mesh = MeshData::from_model(&model);
        assert!(mesh.materials.iter().all(|m| !m.vertex_color));
        assert!(!mesh.uses_vertex_colors());
        assert!(mesh.colors.iter().all(|&c| c == [1.0; 4]));
        assert_eq!(mesh.colors.len(), model.vertices.len());
    }

    #[test]
    fn the_point_line_rig_keeps_material_order_and_sizes() {
        let model = crate::app::demo::point_line_rig();
        let mesh = MeshData::from_model(&model);
        let prims: Vec<_> = mesh.materials.iter().map(|m| m.primitive).collect();
        assert_eq!(
            prims,
            [Primitive::Triangles, Primitive::Points, Primitive::Lines]
        );
        let faces = |i: usize| model.materials[i].face_index_count as u32 / 3;
        let [solid, points, lines] = [&mesh.materials[0], &mesh.materials[1], &mesh.materials[2]];
        assert_eq!(solid.index_count, faces(0) * 3);
        // The sphere's faces give 3 points each, the A-A-A face one.
        assert_eq!(points.index_count, (faces(1) - 1) * 3 + 1);
        // 3 edges (6 indices) per sphere face, one edge for A-B-A.
        assert_eq!(lines.index_count, (faces(2) - 1) * 6 + 2);
        assert_eq!(points.first_index, solid.index_count);
        assert_eq!(lines.first_index, points.first_index + points.index_count);
        assert_eq!(points.rest().edge_size, 6.0, "point size");
        assert_eq!(model.header.version, crate::pmx::PmxVersion::V2_1);
    }
}
