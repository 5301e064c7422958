//! What one frame of the pipeline reads of the model: the deformer's read-set
//! ([`crate::deform::reads`]), the physics world's ([`crate::physics::reads`]) and
//! the soft bodies', which read the skinned vertices. A front-end routes an edit's
//! [`ChangeSet`] through [`reads`] and rebuilds only what it names.

use crate::deform::DeformReads;
use crate::edit::{ChangeSet, ElementKind as K};
use crate::physics::PhysicsReads;
use crate::pmx::Model;

/// What to rebuild after a change set.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rebuild {
    /// Everything: the deformer, its state and the simulation, as when the model was
    /// opened (structure, faces, header, soft bodies, or vertices soft bodies read).
    pub everything: bool,
    pub deform: DeformReads,
    pub physics: PhysicsReads,
}

impl Rebuild {
    pub fn is_empty(&self) -> bool {
        !self.everything && self.deform.is_empty() && self.physics == PhysicsReads::Nothing
    }
}

/// What of the pipeline `changes` touches.
pub fn reads(model: &Model, changes: &ChangeSet) -> Rebuild {
    let deform = crate::deform::reads(model, changes);
    let soft = changes.touches(K::SoftBody)
        || (changes.touches(K::Vertex) && !model.soft_bodies.is_empty());
    if deform.everything || soft {
        return Rebuild {
            everything: true,
            ..Default::default()
        };
    }
    Rebuild {
        everything: false,
        physics: crate::physics::reads(model, changes),
        deform,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::changes::{BoneField, MaterialField, RigidBodyField, VertexField};
    use crate::edit::Fields;
    use crate::pmx::{Bone, Material, RigidBody, SoftBody, Vertex};

    /// Two bones (the second a child of the first), a body on the second, a vertex,
    /// a material.
    fn model() -> Model {
        let mut m = Model::default();
        m.bones.push(Bone::default());
        m.bones.push(Bone {
            parent: 0,
            ..Bone::default()
        });
        m.rigid_bodies.push(RigidBody {
            bone: 1,
            ..RigidBody::default()
        });
        m.vertices.push(Vertex::default());
        m.materials.push(Material::default());
        m
    }

    fn edit(kind: K, index: usize, field: impl Into<Fields>) -> ChangeSet {
        let mut c = ChangeSet::new();
        c.field_edit(kind, index, field.into());
        c
    }

    #[test]
    fn a_body_mass_edit_updates_the_physics_world_only() {
        let r = reads(&model(), &edit(K::RigidBody, 0, RigidBodyField::Mass));
        assert!(!r.everything);
        assert!(r.deform.is_empty(), "the deformer reads no body: {r:?}");
        assert_eq!(r.physics, PhysicsReads::Update);
    }

    #[test]
    fn a_body_rename_reaches_nothing() {
        let r = reads(&model(), &edit(K::RigidBody, 0, RigidBodyField::Name));
        assert!(r.is_empty(), "{r:?}");
    }

    #[test]
    fn a_bone_parent_edit_rebuilds_the_bones_and_the_physics_world() {
        let r = reads(&model(), &edit(K::Bone, 1, BoneField::Parent));
        assert!(r.deform.bones && !r.deform.morphs && !r.deform.everything);
        assert_eq!(r.physics, PhysicsReads::Rebuild, "write-back order changed");
    }

    #[test]
    fn a_bone_position_reaches_physics_only_through_a_body_it_places() {
        let m = model();
        let placing = reads(&m, &edit(K::Bone, 1, BoneField::Position));
        assert!(placing.deform.bones);
        assert_eq!(placing.physics, PhysicsReads::Rebuild);
        let other = reads(&m, &edit(K::Bone, 0, BoneField::Position));
        assert!(other.deform.bones);
        assert_eq!(other.physics, PhysicsReads::Nothing, "no body on bone 0");
    }

    #[test]
    fn a_material_colour_reaches_neither() {
        let r = reads(&model(), &edit(K::Material, 0, MaterialField::Diffuse));
        assert!(r.is_empty(), "{r:?}");
        let counts = reads(
            &model(),
            &edit(K::Material, 0, MaterialField::FaceIndexCount),
        );
        assert!(counts.everything, "face counts regroup the faces");
    }

    #[test]
    fn a_weight_edit_reskins_that_vertex_unless_soft_bodies_read_it() {
        let mut m = model();
        let r = reads(&m, &edit(K::Vertex, 0, VertexField::Weights));
        assert_eq!(r.deform.vertices, vec![0]);
        assert!(!r.deform.bones && r.physics == PhysicsReads::Nothing);
        let uv = reads(&m, &edit(K::Vertex, 0, VertexField::Uv));
        assert!(uv.is_empty(), "skinning reads no UV: {uv:?}");
        m.soft_bodies.push(SoftBody::default());
        assert!(reads(&m, &edit(K::Vertex, 0, VertexField::Weights)).everything);
    }

    #[test]
    fn a_structural_change_rebuilds_everything() {
        let r = reads(&model(), &ChangeSet::structural(K::Joint));
        assert!(r.everything);
    }
}
