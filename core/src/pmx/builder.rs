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

mod handles;
mod meshes;
mod sample;
pub use handles::*;
pub use meshes::Tube;
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
}

#[cfg(test)]
mod tests;
