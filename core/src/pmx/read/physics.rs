//! Rigid bodies, joints and soft bodies.

use super::*;

impl Reader<'_> {
    pub(super) fn rigid_body(&mut self, i: usize) -> R<RigidBody> {
        let section = Section::RigidBody;
        let mut body = RigidBody {
            name: self.name()?,
            name_en: self.text()?,
            bone: self.bone_index()?,
            group: self.u8()?,
            collision_mask: self.u16()?,
            shape: self.kind(section, i, What::Shape)?,
            ..RigidBody::default()
        };
        for v in body.vectors_mut() {
            *v = self.vec3()?;
        }
        for x in body.scalars_mut() {
            *x = self.f32()?;
        }
        body.mode = self.kind(section, i, What::PhysicsMode)?;
        Ok(body)
    }

    pub(super) fn joint(&mut self, i: usize) -> R<Joint> {
        let name = self.name()?;
        let name_en = self.text()?;
        let kind_at = self.pos();
        let kind: JointKind = self.kind(Section::Joint, i, What::JointKind)?;
        if kind.unknown().is_none() && needs::joint_kind_needs_v21(kind) && self.is_v20() {
            self.warn_at(
                Section::Joint,
                Some(i),
                kind_at,
                crate::tr!(
                    "pmx-read-joint-kind-21",
                    value = kind.to_u8(),
                    kind = crate::pmx::summary::kind_label(kind.name())
                ),
            );
        }
        let rs = self.sizes.rigid_body;
        let mut joint = Joint {
            name,
            name_en,
            kind,
            body_a: self.index(rs)?,
            body_b: self.index(rs)?,
            ..Joint::default()
        };
        for v in joint.vectors_mut() {
            *v = self.vec3()?;
        }
        Ok(joint)
    }

    pub(super) fn soft_body(&mut self, i: usize) -> R<SoftBody> {
        let name = self.name()?;
        let name_en = self.text()?;
        let s = self.sizes;
        let shape = SoftBodyShape::from_u8(self.u8()?);
        let material = self.index(s.material)?;
        let group = self.u8()?;
        let collision_mask = self.u16()?;
        let flags = SoftBodyFlags(self.u8()?);
        let b_link_distance = self.i32()?;
        let cluster_count = self.i32()?;
        let total_mass = self.f32()?;
        let margin = self.f32()?;
        let aero_model = AeroModel::from_i32(self.i32()?);
        let mut config = SoftBodyConfig::default();
        let mut cluster = SoftBodyClusterParams::default();
        for v in config.values_mut().into_iter().chain(cluster.values_mut()) {
            *v = self.f32()?;
        }
        let mut iterations = SoftBodyIterations::default();
        for v in iterations.values_mut() {
            *v = self.i32()?;
        }
        let mut material_params = SoftBodyMaterial::default();
        for v in material_params.values_mut() {
            *v = self.f32()?;
        }
        let anchors = self.counted(
            s.rigid_body as usize + s.vertex as usize + 1,
            What::AnchorCount,
            |r| {
                Ok(SoftBodyAnchor {
                    rigid_body: r.index(s.rigid_body)?,
                    vertex: r.vertex_index()?,
                    near_mode: r.flag(Section::SoftBody, i, What::AnchorNearMode)?,
                })
            },
        )?;
        let pins = self.counted(s.vertex as usize, What::PinCount, Self::vertex_index)?;
        Ok(SoftBody {
            name,
            name_en,
            shape,
            material,
            group,
            collision_mask,
            flags,
            b_link_distance,
            cluster_count,
            total_mass,
            margin,
            aero_model,
            config,
            cluster,
            iterations,
            material_params,
            anchors,
            pins,
        })
    }
}
