//! Bones, morphs and display frames.

use super::*;

impl Reader<'_> {
    /// An optional block: read only when the file says it is there.
    fn read_if<T>(&mut self, present: bool, read: impl FnOnce(&mut Self) -> R<T>) -> R<Option<T>> {
        if present {
            read(self).map(Some)
        } else {
            Ok(None)
        }
    }

    pub(super) fn bone(&mut self, i: usize) -> R<Bone> {
        let name = self.name()?;
        let name_en = self.text()?;
        let position = self.vec3()?;
        let parent = self.bone_index()?;
        let layer = self.i32()?;
        let raw = self.u16()?;
        let tail = if raw & BoneFlags::TAIL_IS_BONE != 0 {
            Tail::Bone(self.bone_index()?)
        } else {
            Tail::Offset(self.vec3()?)
        };
        let rotate = raw & BoneFlags::APPEND_ROTATE != 0;
        let translate = raw & BoneFlags::APPEND_MOVE != 0;
        let append = self.read_if(rotate || translate, |r| {
            Ok(Append {
                parent: r.bone_index()?,
                ratio: r.f32()?,
                rotate,
                translate,
            })
        })?;
        let fixed_axis = self.read_if(raw & BoneFlags::FIXED_AXIS != 0, |r| Ok(r.vec3()?))?;
        let local_axes = self.read_if(raw & BoneFlags::LOCAL_AXES != 0, |r| {
            Ok(LocalAxes {
                x: r.vec3()?,
                z: r.vec3()?,
            })
        })?;
        let external_parent_key =
            self.read_if(raw & BoneFlags::EXTERNAL_PARENT != 0, |r| Ok(r.i32()?))?;
        let ik = if raw & BoneFlags::IK != 0 {
            let target = self.bone_index()?;
            let loop_count = self.i32()?;
            let limit_angle = self.f32()?;
            let n = self.checked_count(self.sizes.bone as usize + 1, What::IkLinkCount)?;
            // A link can be 2 bytes in the file but 32 in memory: let the
            // vector grow with what is actually read instead of trusting n.
            let mut links = Vec::with_capacity(n.min(64));
            for _ in 0..n {
                let bone = self.bone_index()?;
                let limited = self.flag(Section::Bone, i, What::IkLinkAngleLimit)?;
                let limits = self.read_if(limited, |r| {
                    Ok(IkLimits {
                        lower: r.vec3()?,
                        upper: r.vec3()?,
                    })
                })?;
                links.push(IkLink { bone, limits });
            }
            Some(Ik {
                target,
                loop_count,
                limit_angle,
                links,
            })
        } else {
            None
        };
        Ok(Bone {
            name,
            name_en,
            position,
            parent,
            layer,
            flags: BoneFlags(raw & !BoneFlags::STRUCTURAL),
            tail,
            append,
            fixed_axis,
            local_axes,
            external_parent_key,
            ik,
        })
    }

    pub(super) fn morph(&mut self, i: usize) -> R<Morph> {
        let name = self.name()?;
        let name_en = self.text()?;
        let panel = self.u8()?;
        let kind_at = self.pos();
        let kind_byte = self.u8()?;
        let Some(kind) = MorphKind::from_u8(kind_byte) else {
            return fail(
                kind_at,
                crate::tr!("pmx-read-morph-kind", value = kind_byte),
            );
        };
        if needs::morph_kind_needs_v21(kind) && self.is_v20() {
            self.warn_at(
                Section::Morph,
                Some(i),
                kind_at,
                crate::tr!(
                    "pmx-read-morph-21",
                    kind = crate::pmx::summary::kind_label(kind.name())
                ),
            );
        }
        let s = self.sizes;
        let (vs, bs, ms, mts, rs) = (
            s.vertex as usize,
            s.bone as usize,
            s.morph as usize,
            s.material as usize,
            s.rigid_body as usize,
        );
        let offsets = match kind {
            MorphKind::Group | MorphKind::Flip => {
                let v = self.counted(ms + 4, What::OffsetCount, |r| {
                    Ok(GroupOffset {
                        morph: r.index(s.morph)?,
                        ratio: r.f32()?,
                    })
                })?;
                if kind == MorphKind::Group {
                    MorphOffsets::Group(v)
                } else {
                    MorphOffsets::Flip(v)
                }
            }
            MorphKind::Vertex => {
                // Fixed-size records: the count check guarantees the bytes,
                // so take them at once and decode in a tight loop.
                let n = self.checked_count(vs + 12, What::OffsetCount)?;
                let bytes = self.take(n * (vs + 12))?;
                MorphOffsets::Vertex(match vs {
                    1 => vertex_offsets::<1>(bytes),
                    2 => vertex_offsets::<2>(bytes),
                    _ => vertex_offsets::<4>(bytes),
                })
            }
            MorphKind::Bone => {
                let v = self.counted(bs + 28, What::OffsetCount, |r| {
                    Ok(BoneOffset {
                        bone: r.index(s.bone)?,
                        translation: r.vec3()?,
                        rotation: r.vec4()?,
                    })
                })?;
                MorphOffsets::Bone(v)
            }
            MorphKind::Uv
            | MorphKind::AdditionalUv1
            | MorphKind::AdditionalUv2
            | MorphKind::AdditionalUv3
            | MorphKind::AdditionalUv4 => {
                let n = self.checked_count(vs + 16, What::OffsetCount)?;
                let bytes = self.take(n * (vs + 16))?;
                MorphOffsets::Uv {
                    layer: kind_byte - MorphKind::Uv as u8,
                    offsets: match vs {
                        1 => uv_offsets::<1>(bytes),
                        2 => uv_offsets::<2>(bytes),
                        _ => uv_offsets::<4>(bytes),
                    },
                }
            }
            MorphKind::Material => {
                let v = self.counted(mts + 113, What::OffsetCount, |r| {
                    Ok(MaterialOffset {
                        material: r.index(s.material)?,
                        op: r.kind(Section::Morph, i, What::MaterialMorphOperation)?,
                        diffuse: r.vec4()?,
                        specular: r.vec3()?,
                        specular_power: r.f32()?,
                        ambient: r.vec3()?,
                        edge_color: r.vec4()?,
                        edge_size: r.f32()?,
                        texture_tint: r.vec4()?,
                        sphere_tint: r.vec4()?,
                        toon_tint: r.vec4()?,
                    })
                })?;
                MorphOffsets::Material(v)
            }
            MorphKind::Impulse => {
                let v = self.counted(rs + 25, What::OffsetCount, |r| {
                    Ok(ImpulseOffset {
                        rigid_body: r.index(s.rigid_body)?,
                        local: r.flag(Section::Morph, i, What::ImpulseLocal)?,
                        velocity: r.vec3()?,
                        torque: r.vec3()?,
                    })
                })?;
                MorphOffsets::Impulse(v)
            }
        };
        Ok(Morph {
            name,
            name_en,
            panel,
            offsets,
        })
    }

    pub(super) fn display_frame(&mut self, i: usize) -> R<DisplayFrame> {
        let name = self.name()?;
        let name_en = self.text()?;
        let special = self.flag(Section::DisplayFrame, i, What::SpecialFrame)?;
        let s = self.sizes;
        let min = 1 + (s.bone.min(s.morph) as usize);
        let elements = self.counted(min, What::ElementCount, |r| {
            let at = r.pos();
            Ok(match r.u8()? {
                0 => DisplayElement::Bone(r.index(s.bone)?),
                1 => DisplayElement::Morph(r.index(s.morph)?),
                t => return fail(at, crate::tr!("pmx-read-display-target", value = t)),
            })
        })?;
        Ok(DisplayFrame {
            name,
            name_en,
            special,
            elements,
        })
    }
}

/// Vertex index of width `S` at the start of `c` (unsigned at 1 and 2 bytes).
#[inline(always)]
fn vertex_index_at<const S: usize>(c: &[u8]) -> i32 {
    match S {
        1 => c[0] as i32,
        2 => u16::from_le_bytes([c[0], c[1]]) as i32,
        _ => i32::from_le_bytes([c[0], c[1], c[2], c[3]]),
    }
}

fn vertex_offsets<const S: usize>(bytes: &[u8]) -> Vec<VertexOffset> {
    bytes
        .chunks_exact(S + 12)
        .map(|c| VertexOffset {
            vertex: vertex_index_at::<S>(c),
            offset: vec3_at(c, S),
        })
        .collect()
}

fn uv_offsets<const S: usize>(bytes: &[u8]) -> Vec<UvOffset> {
    bytes
        .chunks_exact(S + 16)
        .map(|c| UvOffset {
            vertex: vertex_index_at::<S>(c),
            offset: vec3_at(c, S).extend(f32_at(c, S + 12)),
        })
        .collect()
}
