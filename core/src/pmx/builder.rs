//! Making models in code: for tests across the project and for the bundled sample rig.
//!
//! Every `add` pushes the element at once and hands back a small handle whose
//! methods set fields fluently; `.index()` gives the element's index (`i32`, as
//! model references are) so later elements can refer to it.
//!
//! ```
//! use glam::{Vec3, Vec4};
//! use hone_core::pmx::builder::{bdef1, ModelBuilder};
//!
//! let mut b = ModelBuilder::new("test");
//! let root = b.bone("全ての親", Vec3::ZERO).movable().index();
//! let arm = b.bone("左腕", Vec3::new(1.0, 10.0, 0.0)).parent(root).tail_offset(Vec3::X).index();
//! let skin = b.material("肌", Vec4::ONE).index();
//! b.box_mesh(skin, Vec3::new(1.5, 10.0, 0.0), Vec3::splat(0.5), bdef1(arm));
//! let model = b.build();
//! assert_eq!(model.materials[0].face_index_count, 36);
//! ```
//!
//! Faces are wound so that `(b − a) × (c − a)` points along the outward normal,
//! which is clockwise seen from outside in MMD's left-handed frame (the DirectX
//! front face MMD draws).

use std::ops::Range;

use glam::{Quat, Vec2, Vec3, Vec4};

use super::model::*;
use super::needs::{needed_additional_uvs, required_version, smallest_index_sizes};

mod sample;
pub use sample::{sample_rig, sample_texture, SAMPLE_TEXTURE};

/// Morph panels (PMD categories).
pub mod panel {
    pub const SYSTEM: u8 = 0;
    pub const BROW: u8 = 1;
    pub const EYE: u8 = 2;
    pub const MOUTH: u8 = 3;
    pub const OTHER: u8 = 4;
}

// ---------------------------------------------------------------- weights

pub fn bdef1(bone: i32) -> Weights {
    Weights::Bdef1 { bone }
}
/// `weight` is `a`'s share; `b` gets the rest.
pub fn bdef2(a: i32, b: i32, weight: f32) -> Weights {
    Weights::Bdef2 {
        bones: [a, b],
        weight,
    }
}
pub fn bdef4(bones: [i32; 4], weights: [f32; 4]) -> Weights {
    Weights::Bdef4 { bones, weights }
}
pub fn sdef(a: i32, b: i32, weight: f32, c: Vec3, r0: Vec3, r1: Vec3) -> Weights {
    Weights::Sdef {
        bones: [a, b],
        weight,
        c,
        r0,
        r1,
    }
}
pub fn qdef(bones: [i32; 4], weights: [f32; 4]) -> Weights {
    Weights::Qdef { bones, weights }
}

/// Gives the weights of a generated vertex from its position and its parameter
/// `t` along the shape (0 at the start of a tube, 1 at its end; bottom→top for boxes).
pub trait Skin {
    fn weights(&mut self, position: Vec3, t: f32) -> Weights;
}

impl Skin for Weights {
    fn weights(&mut self, _: Vec3, _: f32) -> Weights {
        *self
    }
}

impl<F: FnMut(Vec3, f32) -> Weights> Skin for F {
    fn weights(&mut self, position: Vec3, t: f32) -> Weights {
        self(position, t)
    }
}

// ---------------------------------------------------------------- builder

/// Builds a [`Model`] element by element. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct ModelBuilder {
    model: Model,
    /// Faces per material, concatenated in material order by [`ModelBuilder::build`].
    material_faces: Vec<Vec<[i32; 3]>>,
    version: Option<PmxVersion>,
    additional_uvs: u8,
    /// Faces no material draws (only from `from_model`), kept at the end.
    unassigned_faces: Vec<[i32; 3]>,
}

fn idx(len: usize) -> i32 {
    i32::try_from(len).expect("more elements than PMX can index")
}

/// The element a model reference points at (`None` for −1 or out of range).
fn get<T>(list: &[T], index: i32) -> Option<&T> {
    usize::try_from(index).ok().and_then(|i| list.get(i))
}

fn group_offsets(members: impl IntoIterator<Item = (i32, f32)>) -> Vec<GroupOffset> {
    members
        .into_iter()
        .map(|(morph, ratio)| GroupOffset { morph, ratio })
        .collect()
}

impl ModelBuilder {
    pub fn new(name: &str) -> Self {
        let mut b = ModelBuilder::default();
        b.model.info.name = name.to_string();
        b
    }

    /// Continues from an existing model (e.g. a loaded file or `sample_rig()`).
    /// Faces are split back per material by the stored face counts; faces past
    /// the last material's share stay after all materials, as they were.
    /// `build` re-derives the version unless [`ModelBuilder::version`] is set.
    pub fn from_model(mut model: Model) -> Self {
        let faces = std::mem::take(&mut model.faces);
        let mut material_faces = Vec::with_capacity(model.materials.len());
        let mut at = 0usize;
        for m in &model.materials {
            let n = (m.face_index_count.max(0) as usize / 3).min(faces.len() - at);
            material_faces.push(faces[at..at + n].to_vec());
            at += n;
        }
        let additional_uvs = model.header.additional_uv_count.min(4);
        ModelBuilder {
            model,
            material_faces,
            version: None,
            additional_uvs,
            unassigned_faces: faces[at..].to_vec(),
        }
    }

    pub fn name_en(&mut self, name: &str) -> &mut Self {
        self.model.info.name_en = name.to_string();
        self
    }
    pub fn comment(&mut self, comment: &str, comment_en: &str) -> &mut Self {
        self.model.info.comment = comment.to_string();
        self.model.info.comment_en = comment_en.to_string();
        self
    }
    /// Text encoding of the file (UTF-16LE unless set).
    pub fn encoding(&mut self, encoding: TextEncoding) -> &mut Self {
        self.model.header.encoding = encoding;
        self
    }
    /// Forces the version instead of deriving it from the features used.
    pub fn version(&mut self, version: PmxVersion) -> &mut Self {
        self.version = Some(version);
        self
    }
    /// At least this many additional UVs (more if the data needs them).
    pub fn additional_uvs(&mut self, count: u8) -> &mut Self {
        self.additional_uvs = count.min(4);
        self
    }

    /// The model so far (faces are kept aside until `build`).
    pub fn model(&self) -> &Model {
        &self.model
    }
    /// Raw access for anything the handles do not cover. Faces live in the
    /// builder until `build`, so add them with [`ModelBuilder::triangle`].
    pub fn model_mut(&mut self) -> &mut Model {
        &mut self.model
    }

    /// Finishes the model: faces grouped per material (face counts set),
    /// version 2.1 iff a 2.1 feature is used (unless forced), the smallest
    /// index sizes, and the additional UV count the data needs.
    pub fn build(self) -> Model {
        let mut model = self.model;
        model.faces.clear();
        for (i, material) in model.materials.iter_mut().enumerate() {
            let faces = self.material_faces.get(i).map_or(&[][..], |f| &f[..]);
            material.face_index_count = idx(faces.len() * 3);
            model.faces.extend_from_slice(faces);
        }
        model.faces.extend_from_slice(&self.unassigned_faces);
        model.header.version = self.version.unwrap_or_else(|| required_version(&model));
        model.header.index_sizes = smallest_index_sizes(&model);
        model.header.additional_uv_count = self.additional_uvs.max(needed_additional_uvs(&model));
        model
    }

    // ------------------------------------------------------------ bones

    /// Adds a bone at `position` (model space), parentless, rotatable, visible
    /// and operable, tail offset zero.
    pub fn bone(&mut self, name: &str, position: Vec3) -> BoneBuilder<'_> {
        let bone = Bone {
            name: name.to_string(),
            position,
            ..Bone::default()
        };
        BoneBuilder::push(self, bone)
    }
    /// A handle to an existing bone, to change it later (e.g. a tail that is a later bone).
    pub fn bone_mut(&mut self, index: i32) -> BoneBuilder<'_> {
        BoneBuilder::existing(self, index)
    }
    pub fn bone_position(&self, index: i32) -> Vec3 {
        self.model.bones[index as usize].position
    }
    /// Where a bone's tail points to (model space).
    pub fn bone_tail_position(&self, index: i32) -> Vec3 {
        let bone = &self.model.bones[index as usize];
        match bone.tail {
            Tail::Offset(o) => bone.position + o,
            Tail::Bone(t) => get(&self.model.bones, t).map_or(bone.position, |t| t.position),
        }
    }

    // ------------------------------------------------------------ geometry

    pub fn vertex(&mut self, position: Vec3, normal: Vec3, uv: Vec2, weights: Weights) -> i32 {
        self.push_vertex(Vertex {
            position,
            normal,
            uv,
            weights,
            ..Vertex::default()
        })
    }
    pub fn push_vertex(&mut self, vertex: Vertex) -> i32 {
        self.model.vertices.push(vertex);
        idx(self.model.vertices.len() - 1)
    }
    pub fn vertex_mut(&mut self, index: i32) -> &mut Vertex {
        &mut self.model.vertices[index as usize]
    }

    /// Adds a path to the texture table (once; the same path gives the same index).
    pub fn texture(&mut self, path: &str) -> i32 {
        if let Some(i) = self.model.textures.iter().position(|t| t == path) {
            return idx(i);
        }
        self.model.textures.push(path.to_string());
        idx(self.model.textures.len() - 1)
    }

    /// Adds a material with this diffuse colour. Defaults: ambient half the
    /// diffuse, ground shadow + self-shadow flags, black edge, no texture.
    pub fn material(&mut self, name: &str, diffuse: Vec4) -> MaterialBuilder<'_> {
        let material = Material {
            name: name.to_string(),
            diffuse,
            ambient: diffuse.truncate() * 0.5,
            specular: Vec3::splat(0.1),
            flags: MaterialFlags(
                MaterialFlags::GROUND_SHADOW
                    | MaterialFlags::SELF_SHADOW_MAP
                    | MaterialFlags::SELF_SHADOW,
            ),
            ..Material::default()
        };
        self.material_faces.push(Vec::new());
        MaterialBuilder::push(self, material)
    }
    pub fn material_mut(&mut self, index: i32) -> MaterialBuilder<'_> {
        MaterialBuilder::existing(self, index)
    }

    /// Adds a face drawn by `material` (A-A-A / A-B-A patterns allowed for 2.1 point/line materials).
    pub fn triangle(&mut self, material: i32, face: [i32; 3]) {
        self.material_faces[material as usize].push(face);
    }
    /// Adds the quad a-b-c-d as triangles a-b-c and a-c-d.
    pub fn quad(&mut self, material: i32, a: i32, b: i32, c: i32, d: i32) {
        self.triangle(material, [a, b, c]);
        self.triangle(material, [a, c, d]);
    }
    /// Faces added so far for a material.
    pub fn material_faces(&self, material: i32) -> &[[i32; 3]] {
        &self.material_faces[material as usize]
    }

    // ------------------------------------------------------------ morphs

    /// Adds a morph of any kind.
    pub fn morph(&mut self, name: &str, panel: u8, offsets: MorphOffsets) -> MorphBuilder<'_> {
        let morph = Morph {
            name: name.to_string(),
            name_en: String::new(),
            panel,
            offsets,
        };
        MorphBuilder::push(self, morph)
    }
    pub fn vertex_morph(
        &mut self,
        name: &str,
        panel: u8,
        offsets: impl IntoIterator<Item = (i32, Vec3)>,
    ) -> MorphBuilder<'_> {
        let offsets = offsets
            .into_iter()
            .map(|(vertex, offset)| VertexOffset { vertex, offset })
            .collect();
        self.morph(name, panel, MorphOffsets::Vertex(offsets))
    }
    /// `layer` 0 = base UV, 1..=4 = additional UV1..4.
    pub fn uv_morph(
        &mut self,
        name: &str,
        panel: u8,
        layer: u8,
        offsets: impl IntoIterator<Item = (i32, Vec4)>,
    ) -> MorphBuilder<'_> {
        let offsets = offsets
            .into_iter()
            .map(|(vertex, offset)| UvOffset { vertex, offset })
            .collect();
        self.morph(name, panel, MorphOffsets::Uv { layer, offsets })
    }
    pub fn bone_morph(
        &mut self,
        name: &str,
        panel: u8,
        offsets: impl IntoIterator<Item = (i32, Vec3, Quat)>,
    ) -> MorphBuilder<'_> {
        let offsets = offsets
            .into_iter()
            .map(|(bone, translation, rotation)| BoneOffset {
                bone,
                translation,
                rotation: Vec4::from(rotation),
            })
            .collect();
        self.morph(name, panel, MorphOffsets::Bone(offsets))
    }
    pub fn material_morph(
        &mut self,
        name: &str,
        panel: u8,
        offsets: impl IntoIterator<Item = MaterialOffset>,
    ) -> MorphBuilder<'_> {
        let offsets = offsets.into_iter().collect();
        self.morph(name, panel, MorphOffsets::Material(offsets))
    }
    pub fn group_morph(
        &mut self,
        name: &str,
        panel: u8,
        members: impl IntoIterator<Item = (i32, f32)>,
    ) -> MorphBuilder<'_> {
        self.morph(name, panel, MorphOffsets::Group(group_offsets(members)))
    }
    /// PMX 2.1.
    pub fn flip_morph(
        &mut self,
        name: &str,
        panel: u8,
        members: impl IntoIterator<Item = (i32, f32)>,
    ) -> MorphBuilder<'_> {
        self.morph(name, panel, MorphOffsets::Flip(group_offsets(members)))
    }
    /// PMX 2.1.
    pub fn impulse_morph(
        &mut self,
        name: &str,
        panel: u8,
        offsets: impl IntoIterator<Item = ImpulseOffset>,
    ) -> MorphBuilder<'_> {
        let offsets = offsets.into_iter().collect();
        self.morph(name, panel, MorphOffsets::Impulse(offsets))
    }

    // ------------------------------------------------------------ display frames

    pub fn display_frame(&mut self, name: &str) -> FrameBuilder<'_> {
        let frame = DisplayFrame {
            name: name.to_string(),
            ..DisplayFrame::default()
        };
        FrameBuilder::push(self, frame)
    }

    // ------------------------------------------------------------ physics

    /// Adds a rigid body on `bone` (−1 = none), placed at the bone's position,
    /// a sphere of radius 1 following the bone, group 0 colliding with all.
    pub fn rigid_body(&mut self, name: &str, bone: i32) -> RigidBodyBuilder<'_> {
        let position = get(&self.model.bones, bone).map_or(Vec3::ZERO, |b| b.position);
        let body = RigidBody {
            name: name.to_string(),
            bone,
            position,
            size: Vec3::new(1.0, 0.0, 0.0),
            ..RigidBody::default()
        };
        RigidBodyBuilder::push(self, body)
    }
    pub fn rigid_body_mut(&mut self, index: i32) -> RigidBodyBuilder<'_> {
        RigidBodyBuilder::existing(self, index)
    }

    /// Adds a joint of `kind` between bodies `a` and `b`, placed where body
    /// `b`'s bone is (where MMD rigs put the hinge point) or else at body `b`,
    /// with all limits and springs zero (a locked joint).
    pub fn joint(&mut self, name: &str, kind: JointKind, a: i32, b: i32) -> JointBuilder<'_> {
        let position = get(&self.model.rigid_bodies, b).map_or(Vec3::ZERO, |body| {
            get(&self.model.bones, body.bone).map_or(body.position, |bone| bone.position)
        });
        let joint = Joint {
            name: name.to_string(),
            kind,
            body_a: a,
            body_b: b,
            position,
            ..Joint::default()
        };
        JointBuilder::push(self, joint)
    }

    /// Adds a soft body (PMX 2.1) over `material`'s faces, with PMX Editor's
    /// defaults for a new soft body (Bullet's btSoftBody defaults, B-link on at
    /// distance 2, link randomisation on, mass 1, margin 0.05).
    pub fn soft_body(
        &mut self,
        name: &str,
        shape: SoftBodyShape,
        material: i32,
    ) -> SoftBodyBuilder<'_> {
        let soft_body = SoftBody {
            name: name.to_string(),
            shape,
            material,
            collision_mask: 0xFFFF,
            flags: SoftBodyFlags(SoftBodyFlags::B_LINK | SoftBodyFlags::RANDOMIZE_LINKS),
            b_link_distance: 2,
            total_mass: 1.0,
            margin: 0.05,
            config: SoftBodyConfig {
                vcf: 1.0,
                df: 0.2,
                chr: 1.0,
                khr: 0.1,
                shr: 1.0,
                ahr: 0.7,
                ..SoftBodyConfig::default()
            },
            cluster: SoftBodyClusterParams {
                srhr_cl: 0.1,
                skhr_cl: 1.0,
                sshr_cl: 0.5,
                sr_splt_cl: 0.5,
                sk_splt_cl: 0.5,
                ss_splt_cl: 0.5,
            },
            iterations: SoftBodyIterations {
                velocity: 0,
                position: 1,
                drift: 0,
                cluster: 4,
            },
            material_params: SoftBodyMaterial {
                lst: 1.0,
                ast: 1.0,
                vst: 1.0,
            },
            ..SoftBody::default()
        };
        SoftBodyBuilder::push(self, soft_body)
    }

    // ------------------------------------------------------------ mesh helpers

    /// An axis-aligned box (24 vertices, flat normals, 12 faces). `t` for the
    /// skin runs from the bottom face (0) to the top (1).
    pub fn box_mesh(
        &mut self,
        material: i32,
        center: Vec3,
        half: Vec3,
        mut skin: impl Skin,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        // (normal, u axis, v axis) per face with u × v = normal.
        let faces = [
            (Vec3::X, Vec3::NEG_Z, Vec3::Y),
            (Vec3::NEG_X, Vec3::Z, Vec3::Y),
            (Vec3::Y, Vec3::X, Vec3::NEG_Z),
            (Vec3::NEG_Y, Vec3::X, Vec3::Z),
            (Vec3::Z, Vec3::X, Vec3::Y),
            (Vec3::NEG_Z, Vec3::NEG_X, Vec3::Y),
        ];
        for (n, u, v) in faces {
            let base = idx(self.model.vertices.len());
            for (su, sv) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let p = center + (n + u * su + v * sv) * half;
                let t = if half.y > 0.0 {
                    (p.y - (center.y - half.y)) / (2.0 * half.y)
                } else {
                    0.0
                };
                let uv = Vec2::new((su + 1.0) * 0.5, (1.0 - sv) * 0.5);
                let w = skin.weights(p, t);
                self.vertex(p, n, uv, w);
            }
            // (p1 − p0) × (p2 − p0) = 2u × (2u + 2v) ∥ u × v = n.
            self.quad(material, base, base + 1, base + 2, base + 3);
        }
        start..idx(self.model.vertices.len())
    }

    /// A closed cylinder from `from` to `to`: 12 sides, 4 rings, smooth sides, flat caps.
    pub fn cylinder_mesh(
        &mut self,
        material: i32,
        from: Vec3,
        to: Vec3,
        radius: f32,
        skin: impl Skin,
    ) -> Range<i32> {
        self.tube_mesh(
            material,
            &Tube {
                from,
                to,
                radius_from: radius,
                radius_to: radius,
                sides: 12,
                rings: 4,
                caps: true,
            },
            skin,
        )
    }

    /// A (possibly tapered) tube; see [`Tube`]. `t` runs 0 at `from` to 1 at `to`.
    /// UVs: u around (0..1), v along (0 at `from`).
    pub fn tube_mesh(&mut self, material: i32, tube: &Tube, mut skin: impl Skin) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        let axis = tube.to - tube.from;
        let len = axis.length();
        let dir = if len > 0.0 { axis / len } else { Vec3::Y };
        let (e1, e2) = perpendicular_frame(dir);
        let sides = tube.sides.max(3);
        let rings = tube.rings.max(1);
        // The slope of a tapered side tilts its normal along the axis.
        let slope = if len > 0.0 {
            (tube.radius_from - tube.radius_to) / len
        } else {
            0.0
        };
        let ring_start = idx(self.model.vertices.len());
        for r in 0..=rings {
            let t = r as f32 / rings as f32;
            let center = tube.from + axis * t;
            let radius = tube.radius_from + (tube.radius_to - tube.radius_from) * t;
            // One extra column so the texture seam has its own vertices.
            for s in 0..=sides {
                let a = s as f32 / sides as f32 * std::f32::consts::TAU;
                let radial = e1 * a.cos() + e2 * a.sin();
                let p = center + radial * radius;
                let n = (radial + dir * slope).normalize();
                let w = skin.weights(p, t);
                self.vertex(p, n, Vec2::new(s as f32 / sides as f32, t), w);
            }
        }
        let cols = idx(sides as usize + 1);
        for r in 0..rings as i32 {
            for s in 0..sides as i32 {
                let a = ring_start + r * cols + s;
                let b = a + 1;
                let c = a + cols + 1;
                let d = a + cols;
                // (around) × (along the axis) points outward, since e1 × e2 = dir.
                self.quad(material, a, b, c, d);
            }
        }
        if tube.caps {
            for (center, normal, t, radius) in [
                (tube.from, -dir, 0.0, tube.radius_from),
                (tube.to, dir, 1.0, tube.radius_to),
            ] {
                if radius <= 0.0 {
                    continue;
                }
                let w = skin.weights(center, t);
                let hub = self.vertex(center, normal, Vec2::splat(0.5), w);
                let rim = idx(self.model.vertices.len());
                for s in 0..sides {
                    let a = s as f32 / sides as f32 * std::f32::consts::TAU;
                    let radial = e1 * a.cos() + e2 * a.sin();
                    let p = center + radial * radius;
                    let w = skin.weights(p, t);
                    let uv = Vec2::new(0.5 + 0.5 * a.cos(), 0.5 + 0.5 * a.sin());
                    self.vertex(p, normal, uv, w);
                }
                for s in 0..sides as i32 {
                    let a = rim + s;
                    let b = rim + (s + 1) % sides as i32;
                    // radial(s) × radial(s+1) ∥ dir: the end cap keeps the order, the start cap flips it.
                    if normal.dot(dir) > 0.0 {
                        self.triangle(material, [hub, a, b]);
                    } else {
                        self.triangle(material, [hub, b, a]);
                    }
                }
            }
        }
        start..idx(self.model.vertices.len())
    }

    /// A UV sphere (`segments` around, `segments / 2` rings). `t` runs 0 at the bottom to 1 at the top.
    pub fn sphere_mesh(
        &mut self,
        material: i32,
        center: Vec3,
        radius: f32,
        segments: u32,
        mut skin: impl Skin,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        let seg = segments.max(4);
        let rings = (seg / 2).max(2);
        for r in 0..=rings {
            let v = r as f32 / rings as f32;
            let polar = v * std::f32::consts::PI; // 0 at the top
            for s in 0..=seg {
                let u = s as f32 / seg as f32;
                let a = u * std::f32::consts::TAU;
                let n = Vec3::new(polar.sin() * a.cos(), polar.cos(), polar.sin() * a.sin());
                let p = center + n * radius;
                let w = skin.weights(p, 1.0 - v);
                self.vertex(p, n, Vec2::new(u, v), w);
            }
        }
        let cols = idx(seg as usize + 1);
        for r in 0..rings as i32 {
            for s in 0..seg as i32 {
                let a = start + r * cols + s;
                let b = a + 1;
                let c = a + cols + 1;
                let d = a + cols;
                // (around) × (down) points outward.
                if r > 0 {
                    self.triangle(material, [a, b, d]);
                }
                if r < rings as i32 - 1 {
                    self.triangle(material, [b, c, d]);
                }
            }
        }
        start..idx(self.model.vertices.len())
    }

    /// A flat grid of `(nu + 1) × (nv + 1)` vertices: vertex (i, j) is
    /// `start + j * (nu + 1) + i` at `origin + u_edge * i / nu + v_edge * j / nv`.
    /// Its front faces `u_edge × v_edge`; UV (0,0) at the origin. `t` = j / nv.
    #[allow(clippy::too_many_arguments)]
    pub fn grid_mesh(
        &mut self,
        material: i32,
        origin: Vec3,
        u_edge: Vec3,
        v_edge: Vec3,
        nu: u32,
        nv: u32,
        mut skin: impl Skin,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        let (nu, nv) = (nu.max(1), nv.max(1));
        let normal = u_edge.cross(v_edge).normalize_or_zero();
        for j in 0..=nv {
            for i in 0..=nu {
                let (fu, fv) = (i as f32 / nu as f32, j as f32 / nv as f32);
                let p = origin + u_edge * fu + v_edge * fv;
                let w = skin.weights(p, fv);
                self.vertex(p, normal, Vec2::new(fu, fv), w);
            }
        }
        let cols = idx(nu as usize + 1);
        for j in 0..nv as i32 {
            for i in 0..nu as i32 {
                let a = start + j * cols + i;
                self.quad(material, a, a + 1, a + cols + 1, a + cols);
            }
        }
        start..idx(self.model.vertices.len())
    }

    /// A tube around a bone chain: through each bone's head and on to the last
    /// bone's tail. Each stretch is BDEF1 to its bone, blended by BDEF2 over
    /// `blend` (fraction of a stretch, 0..0.5) on both sides of each inner joint.
    pub fn chain_mesh(
        &mut self,
        material: i32,
        chain: &[i32],
        radius: f32,
        blend: f32,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        if chain.is_empty() {
            return start..start;
        }
        let mut points: Vec<Vec3> = chain.iter().map(|&b| self.bone_position(b)).collect();
        points.push(self.bone_tail_position(*chain.last().unwrap()));
        let blend = blend.clamp(0.0, 0.5);
        for (i, pair) in points.windows(2).enumerate() {
            let (prev, this, next) = (
                i.checked_sub(1).map(|p| chain[p]),
                chain[i],
                chain.get(i + 1).copied(),
            );
            let last = i + 1 == chain.len();
            let skin = move |_: Vec3, t: f32| -> Weights {
                match (prev, next) {
                    (Some(p), _) if blend > 0.0 && t < blend => {
                        bdef2(this, p, 0.5 + 0.5 * t / blend)
                    }
                    (_, Some(n)) if !last && blend > 0.0 && t > 1.0 - blend => {
                        bdef2(this, n, 0.5 + 0.5 * (1.0 - t) / blend)
                    }
                    _ => bdef1(this),
                }
            };
            self.tube_mesh(
                material,
                &Tube {
                    from: pair[0],
                    to: pair[1],
                    radius_from: radius,
                    radius_to: radius,
                    sides: 12,
                    rings: 4,
                    caps: i == 0 || last,
                },
                skin,
            );
        }
        start..idx(self.model.vertices.len())
    }
}

/// Two unit vectors perpendicular to `dir` and to each other, with e1 × e2 = dir.
fn perpendicular_frame(dir: Vec3) -> (Vec3, Vec3) {
    let helper = if dir.y.abs() < 0.9 { Vec3::Y } else { Vec3::Z };
    let e1 = helper.cross(dir).normalize();
    let e2 = dir.cross(e1);
    (e1, e2)
}

/// A tube for [`ModelBuilder::tube_mesh`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tube {
    pub from: Vec3,
    pub to: Vec3,
    pub radius_from: f32,
    pub radius_to: f32,
    pub sides: u32,
    pub rings: u32,
    pub caps: bool,
}

// ---------------------------------------------------------------- handles

/// Declares the fluent handle to one element list of the model: the struct,
/// `index()`, a private accessor to the element, and the constructors the
/// builder uses (`push` a new element, `existing` for an index).
macro_rules! handle {
    ($(#[$doc:meta])* $handle:ident, $element:ty, $list:ident, $get:ident, $what:literal) => {
        $(#[$doc])*
        pub struct $handle<'a> {
            b: &'a mut ModelBuilder,
            index: usize,
        }

        impl<'a> $handle<'a> {
            fn push(b: &'a mut ModelBuilder, element: $element) -> Self {
                let index = b.model.$list.len();
                b.model.$list.push(element);
                $handle { b, index }
            }
            #[allow(dead_code)] // only some kinds have a `_mut` accessor
            fn existing(b: &'a mut ModelBuilder, index: i32) -> Self {
                assert!((index as usize) < b.model.$list.len(), concat!("no ", $what, " {}"), index);
                $handle {
                    b,
                    index: index as usize,
                }
            }
        }

        impl $handle<'_> {
            pub fn index(&self) -> i32 {
                idx(self.index)
            }
            fn $get(&mut self) -> &mut $element {
                &mut self.b.model.$list[self.index]
            }
            pub fn name_en(mut self, name: &str) -> Self {
                self.$get().name_en = name.to_string();
                self
            }
        }
    };
}

/// Setters that store one argument in one field of the handle's element:
/// `name(field: Type);` sets the field of that name, `name(arg: Type) => field = expr;`
/// stores an expression of the argument.
macro_rules! setters {
    ($get:ident;) => {};
    ($get:ident; $(#[$doc:meta])* $name:ident($arg:ident: $ty:ty); $($rest:tt)*) => {
        setters!($get; $(#[$doc])* $name($arg: $ty) => $arg = $arg; $($rest)*);
    };
    ($get:ident; $(#[$doc:meta])* $name:ident($arg:ident: $ty:ty) => $field:ident = $value:expr; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(mut self, $arg: $ty) -> Self {
            self.$get().$field = $value;
            self
        }
        setters!($get; $($rest)*);
    };
}

/// Clears the mask bits of these collision groups (PMX Editor's 非衝突グループ).
fn clear_groups(mask: &mut u16, groups: &[u8]) {
    for &g in groups {
        // A group above 15 has no bit to clear (see physics::rules::group_bit).
        *mask = crate::physics::rules::mask_with(*mask, g, false);
    }
}

handle! {
    /// Fluent handle to a bone just added (or taken with `bone_mut`).
    BoneBuilder, Bone, bones, bone, "bone"
}

impl BoneBuilder<'_> {
    setters! { bone;
        /// −1 = no parent.
        parent(parent: i32);
        position(position: Vec3);
        /// 変形階層.
        layer(layer: i32);
        tail_offset(offset: Vec3) => tail = Tail::Offset(offset);
        tail_bone(bone: i32) => tail = Tail::Bone(bone);
        /// Replaces the non-structural flags (see [`BoneFlags`]).
        flags(flags: u16) => flags = BoneFlags(flags & !BoneFlags::STRUCTURAL);
        fixed_axis(axis: Vec3) => fixed_axis = Some(axis);
        external_parent(key: i32) => external_parent_key = Some(key);
    }
    /// Tail offset pointing at a model-space position.
    pub fn tail_at(mut self, position: Vec3) -> Self {
        let p = self.bone().position;
        self.tail_offset(position - p)
    }
    pub fn flag(mut self, bit: u16, on: bool) -> Self {
        self.bone().flags.set(bit, on);
        self
    }
    pub fn movable(self) -> Self {
        self.flag(BoneFlags::MOVABLE, true)
    }
    pub fn hidden(self) -> Self {
        self.flag(BoneFlags::VISIBLE, false)
    }
    pub fn not_operable(self) -> Self {
        self.flag(BoneFlags::OPERABLE, false)
    }
    pub fn not_rotatable(self) -> Self {
        self.flag(BoneFlags::ROTATABLE, false)
    }
    pub fn after_physics(self) -> Self {
        self.flag(BoneFlags::AFTER_PHYSICS, true)
    }
    /// 付与: take `ratio` of `parent`'s rotation and/or translation.
    pub fn append(mut self, parent: i32, ratio: f32, rotate: bool, translate: bool) -> Self {
        self.bone().append = Some(Append {
            parent,
            ratio,
            rotate,
            translate,
        });
        self
    }
    pub fn append_rotate(self, parent: i32, ratio: f32) -> Self {
        self.append(parent, ratio, true, false)
    }
    pub fn append_move(self, parent: i32, ratio: f32) -> Self {
        self.append(parent, ratio, false, true)
    }
    /// ローカル付与: append the parent's local transform instead of its user values.
    pub fn append_local(self) -> Self {
        self.flag(BoneFlags::APPEND_LOCAL, true)
    }
    pub fn local_axes(mut self, x: Vec3, z: Vec3) -> Self {
        self.bone().local_axes = Some(LocalAxes { x, z });
        self
    }
    /// Makes this an IK bone; add links with `ik_link`/`ik_link_limited` (effector side first).
    pub fn ik(mut self, target: i32, loop_count: i32, limit_angle: f32) -> Self {
        self.bone().ik = Some(Ik {
            target,
            loop_count,
            limit_angle,
            links: Vec::new(),
        });
        self
    }
    fn push_link(mut self, link: IkLink) -> Self {
        self.bone()
            .ik
            .as_mut()
            .expect("ik_link needs .ik(..) first")
            .links
            .push(link);
        self
    }
    pub fn ik_link(self, bone: i32) -> Self {
        self.push_link(IkLink { bone, limits: None })
    }
    /// A link limited to `lower..=upper` (radians per Euler axis).
    pub fn ik_link_limited(self, bone: i32, lower: Vec3, upper: Vec3) -> Self {
        self.push_link(IkLink {
            bone,
            limits: Some(IkLimits { lower, upper }),
        })
    }
}

handle! { MaterialBuilder, Material, materials, material, "material" }

impl MaterialBuilder<'_> {
    setters! { material;
        diffuse(diffuse: Vec4);
        ambient(ambient: Vec3);
        /// Replaces the draw flags.
        flags(flags: u8) => flags = MaterialFlags(flags);
        /// One of the shared toon01..toon10 (0..=9).
        toon_shared(index: u8) => toon = Toon::Shared(index);
        memo(memo: &str) => memo = memo.to_string();
    }
    pub fn specular(mut self, specular: Vec3, power: f32) -> Self {
        let m = self.material();
        m.specular = specular;
        m.specular_power = power;
        self
    }
    pub fn flag(mut self, bit: u8, on: bool) -> Self {
        self.material().flags.set(bit, on);
        self
    }
    pub fn double_sided(self) -> Self {
        self.flag(MaterialFlags::DOUBLE_SIDED, true)
    }
    /// Draws the outline edge in this colour and size.
    pub fn edge(mut self, color: Vec4, size: f32) -> Self {
        let m = self.material();
        m.flags.set(MaterialFlags::EDGE, true);
        m.edge_color = color;
        m.edge_size = size;
        self
    }
    pub fn texture(mut self, path: &str) -> Self {
        let t = self.b.texture(path);
        self.material().texture = t;
        self
    }
    pub fn sphere(mut self, path: &str, mode: SphereMode) -> Self {
        let t = self.b.texture(path);
        let m = self.material();
        m.sphere_texture = t;
        m.sphere_mode = mode;
        self
    }
    pub fn toon_texture(mut self, path: &str) -> Self {
        let t = self.b.texture(path);
        self.material().toon = Toon::Texture(t);
        self
    }
}

handle! { MorphBuilder, Morph, morphs, morph, "morph" }

/// A material morph offset that changes nothing when multiplied
/// (all factors 1); set the fields to change.
pub fn material_multiply(material: i32) -> MaterialOffset {
    MaterialOffset {
        material,
        op: MaterialOp::Multiply,
        diffuse: Vec4::ONE,
        specular: Vec3::ONE,
        specular_power: 1.0,
        ambient: Vec3::ONE,
        edge_color: Vec4::ONE,
        edge_size: 1.0,
        texture_tint: Vec4::ONE,
        sphere_tint: Vec4::ONE,
        toon_tint: Vec4::ONE,
    }
}

/// A material morph offset that changes nothing when added (all zero).
pub fn material_add(material: i32) -> MaterialOffset {
    MaterialOffset {
        material,
        op: MaterialOp::Add,
        diffuse: Vec4::ZERO,
        specular: Vec3::ZERO,
        specular_power: 0.0,
        ambient: Vec3::ZERO,
        edge_color: Vec4::ZERO,
        edge_size: 0.0,
        texture_tint: Vec4::ZERO,
        sphere_tint: Vec4::ZERO,
        toon_tint: Vec4::ZERO,
    }
}

handle! { FrameBuilder, DisplayFrame, display_frames, frame, "display frame" }

impl FrameBuilder<'_> {
    /// Special frame (Root, 表情): editors must not delete it.
    pub fn special(mut self) -> Self {
        self.frame().special = true;
        self
    }
    pub fn bone(self, bone: i32) -> Self {
        self.bones([bone])
    }
    pub fn bones(mut self, bones: impl IntoIterator<Item = i32>) -> Self {
        self.frame()
            .elements
            .extend(bones.into_iter().map(DisplayElement::Bone));
        self
    }
    pub fn morph(self, morph: i32) -> Self {
        self.morphs([morph])
    }
    pub fn morphs(mut self, morphs: impl IntoIterator<Item = i32>) -> Self {
        self.frame()
            .elements
            .extend(morphs.into_iter().map(DisplayElement::Morph));
        self
    }
}

handle! { RigidBodyBuilder, RigidBody, rigid_bodies, body, "rigid body" }

impl RigidBodyBuilder<'_> {
    setters! { body;
        /// Model-space position.
        at(position: Vec3);
        /// Euler angles in radians (see [`euler_rotation`](crate::pmx::euler_rotation)).
        rotation(euler: Vec3) => rotation = euler;
        mode(mode: RigidMode);
        /// Collision group 0..=15.
        group(group: u8);
        /// The stored mask: bit n set = collides with group n.
        mask(collision_mask: u16);
        mass(mass: f32);
        restitution(restitution: f32);
        friction(friction: f32);
    }
    fn shape(mut self, shape: RigidShape, size: Vec3) -> Self {
        let r = self.body();
        r.shape = shape;
        r.size = size;
        self
    }
    pub fn sphere(self, radius: f32) -> Self {
        self.shape(RigidShape::Sphere, Vec3::new(radius, 0.0, 0.0))
    }
    /// A box of these half extents.
    pub fn box_shape(self, half_extents: Vec3) -> Self {
        self.shape(RigidShape::Box, half_extents)
    }
    /// A capsule along its local Y: `height` is the cylinder part between the caps.
    pub fn capsule(self, radius: f32, height: f32) -> Self {
        self.shape(RigidShape::Capsule, Vec3::new(radius, height, 0.0))
    }
    /// A capsule whose cylinder part runs from `a` to `b`: placed at the
    /// midpoint and turned so its Y axis lies along `b − a`.
    pub fn capsule_between(self, a: Vec3, b: Vec3, radius: f32) -> Self {
        // A capsule is symmetric: point its axis up so the angles stay small.
        let d = if (b - a).y < 0.0 { a - b } else { b - a };
        self.capsule(radius, d.length())
            .at((a + b) * 0.5)
            .rotation(euler_angles(Quat::from_rotation_arc(
                Vec3::Y,
                d.normalize_or(Vec3::Y),
            )))
    }
    pub fn follow_bone(self) -> Self {
        self.mode(RigidMode::FollowBone)
    }
    pub fn dynamic(self) -> Self {
        self.mode(RigidMode::Dynamic)
    }
    pub fn dynamic_with_bone_position(self) -> Self {
        self.mode(RigidMode::DynamicWithBonePosition)
    }
    /// Clears the mask bits of these groups (PMX Editor's 非衝突グループ).
    pub fn no_collision_with(mut self, groups: &[u8]) -> Self {
        clear_groups(&mut self.body().collision_mask, groups);
        self
    }
    pub fn damping(mut self, linear: f32, angular: f32) -> Self {
        let r = self.body();
        r.linear_damping = linear;
        r.angular_damping = angular;
        self
    }
}

/// (v, 0, 0): the X-axis-only values of ConeTwist, Hinge and Slider joints.
fn on_x(v: f32) -> Vec3 {
    Vec3::new(v, 0.0, 0.0)
}

handle! { JointBuilder, Joint, joints, joint, "joint" }

impl JointBuilder<'_> {
    setters! { joint;
        at(position: Vec3);
        rotation(euler: Vec3) => rotation = euler;
    }
    pub fn linear_limits(mut self, lower: Vec3, upper: Vec3) -> Self {
        let j = self.joint();
        j.linear_lower = lower;
        j.linear_upper = upper;
        self
    }
    pub fn angular_limits(mut self, lower: Vec3, upper: Vec3) -> Self {
        let j = self.joint();
        j.angular_lower = lower;
        j.angular_upper = upper;
        self
    }
    pub fn springs(mut self, linear: Vec3, angular: Vec3) -> Self {
        let j = self.joint();
        j.linear_spring = linear;
        j.angular_spring = angular;
        self
    }
    /// ConeTwist (kind 3) fields as the spec maps them: swing spans (Z, Y) and
    /// twist span (X) into the angular lower limit; softness / bias /
    /// relaxation into the linear spring; damping and fix threshold into the
    /// linear limits' X. Motor off. Use Bullet's defaults 1.0 / 0.3 / 1.0,
    /// damping 0.01, fix threshold 0.05 unless you mean otherwise.
    #[allow(clippy::too_many_arguments)]
    pub fn cone_twist(
        self,
        swing_span1: f32,
        swing_span2: f32,
        twist_span: f32,
        softness: f32,
        bias: f32,
        relaxation: f32,
        damping: f32,
        fix_thresh: f32,
    ) -> Self {
        self.angular_limits(Vec3::new(twist_span, swing_span2, swing_span1), Vec3::ZERO)
            .linear_limits(on_x(damping), on_x(fix_thresh))
            .springs(Vec3::new(softness, bias, relaxation), Vec3::ZERO)
    }
    /// Hinge (kind 5) limits about the joint's X axis, with softness / bias /
    /// relaxation (Bullet's defaults 0.9 / 0.3 / 1.0). Motor off.
    pub fn hinge(self, low: f32, high: f32, softness: f32, bias: f32, relaxation: f32) -> Self {
        self.angular_limits(on_x(low), on_x(high))
            .springs(Vec3::new(softness, bias, relaxation), Vec3::ZERO)
    }
    /// Slider (kind 4) travel and twist along/about the joint's X axis. Motors off.
    pub fn slider(
        self,
        linear_low: f32,
        linear_high: f32,
        angle_low: f32,
        angle_high: f32,
    ) -> Self {
        self.linear_limits(on_x(linear_low), on_x(linear_high))
            .angular_limits(on_x(angle_low), on_x(angle_high))
            .springs(Vec3::ZERO, Vec3::ZERO)
    }
}

handle! { SoftBodyBuilder, SoftBody, soft_bodies, soft, "soft body" }

impl SoftBodyBuilder<'_> {
    setters! { soft;
        group(group: u8);
        mask(collision_mask: u16);
        flags(flags: u8) => flags = SoftBodyFlags(flags);
        mass(total_mass: f32);
        margin(margin: f32);
        aero(aero_model: AeroModel);
        config(config: SoftBodyConfig);
        cluster_params(cluster: SoftBodyClusterParams);
        iterations(iterations: SoftBodyIterations);
    }
    pub fn no_collision_with(mut self, groups: &[u8]) -> Self {
        clear_groups(&mut self.soft().collision_mask, groups);
        self
    }
    fn flag(mut self, bit: u8, on: bool) -> Self {
        let flags = &mut self.soft().flags.0;
        *flags = (*flags & !bit) | if on { bit } else { 0 };
        self
    }
    /// Bending links between nodes up to `distance` links apart (0 = none).
    pub fn b_link(mut self, distance: i32) -> Self {
        self.soft().b_link_distance = distance;
        self.flag(SoftBodyFlags::B_LINK, distance > 0)
    }
    /// Cluster collision with `count` clusters (0 = off).
    pub fn clusters(mut self, count: i32) -> Self {
        self.soft().cluster_count = count;
        self.flag(SoftBodyFlags::CLUSTERS, count > 0)
    }
    /// Linear / area-angular / volume stiffness, each 0..=1.
    pub fn stiffness(mut self, lst: f32, ast: f32, vst: f32) -> Self {
        self.soft().material_params = SoftBodyMaterial { lst, ast, vst };
        self
    }
    /// Ties `vertex`'s node to `rigid_body`.
    pub fn anchor(mut self, rigid_body: i32, vertex: i32, near_mode: bool) -> Self {
        self.soft().anchors.push(SoftBodyAnchor {
            rigid_body,
            vertex,
            near_mode,
        });
        self
    }
    pub fn pin(self, vertex: i32) -> Self {
        self.pins([vertex])
    }
    pub fn pins(mut self, vertices: impl IntoIterator<Item = i32>) -> Self {
        self.soft().pins.extend(vertices);
        self
    }
}

#[cfg(test)]
mod tests;
