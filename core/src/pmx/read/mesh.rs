//! Vertices, faces and materials.

use super::*;

impl Reader<'_> {
    pub(super) fn read_vertices(&mut self) -> Result<Vec<Vertex>> {
        let n_uv = self.header.additional_uv_count as usize;
        let bs = self.sizes.bone as usize;
        let min = 32 + 16 * n_uv + 1 + bs + 4;
        let n = self.count(Section::Vertex, min)?;
        // One monomorphic loop per bone index width keeps the hot loop lean.
        let (out, qdef) = match bs {
            1 => self.vertex_loop::<1>(n, n_uv)?,
            2 => self.vertex_loop::<2>(n, n_uv)?,
            _ => self.vertex_loop::<4>(n, n_uv)?,
        };
        let (qdef_count, first_qdef) = qdef;
        if let Some((first, at)) = first_qdef {
            self.warn_at(
                Section::Vertex,
                Some(first),
                at,
                crate::tr!("pmx-read-qdef-in-20", count = qdef_count, first = first),
            );
        }
        Ok(out)
    }

    /// Reads `n` vertices; also counts QDEF vertices in a 2.0 file (count, first index and offset).
    #[allow(clippy::type_complexity)]
    fn vertex_loop<const BS: usize>(
        &mut self,
        n: usize,
        n_uv: usize,
    ) -> Result<(Vec<Vertex>, (usize, Option<(usize, usize)>))> {
        let mut out = Vec::with_capacity(n);
        let v20 = self.is_v20();
        let (mut qdef_count, mut first_qdef) = (0usize, None);
        for i in 0..n {
            let at = self.pos();
            match self.vertex::<BS>(n_uv) {
                Ok(v) => {
                    if v20 && needs::weights_need_v21(&v.weights) {
                        qdef_count += 1;
                        first_qdef.get_or_insert((i, at));
                    }
                    out.push(v)
                }
                Err(e) => {
                    return Err(Error::parse(
                        Section::Vertex,
                        Some(i),
                        None,
                        e.offset,
                        e.message,
                    ))
                }
            }
        }
        Ok((out, (qdef_count, first_qdef)))
    }

    #[inline(always)]
    fn vertex<const BS: usize>(&mut self, n_uv: usize) -> R<Vertex> {
        let a: [u8; 32] = self.array()?;
        let mut additional_uvs = [Vec4::ZERO; 4];
        for uv in additional_uvs.iter_mut().take(n_uv) {
            *uv = self.vec4()?;
        }
        let kind_at = self.pos();
        let weights = match self.u8()? {
            0 => Weights::Bdef1 {
                bone: self.bidx::<BS>()?,
            },
            1 => Weights::Bdef2 {
                bones: [self.bidx::<BS>()?, self.bidx::<BS>()?],
                weight: self.f32()?,
            },
            3 => Weights::Sdef {
                bones: [self.bidx::<BS>()?, self.bidx::<BS>()?],
                weight: self.f32()?,
                c: self.vec3()?,
                r0: self.vec3()?,
                r1: self.vec3()?,
            },
            k @ (2 | 4) => {
                let bones = [
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                    self.bidx::<BS>()?,
                ];
                let weights = [self.f32()?, self.f32()?, self.f32()?, self.f32()?];
                if k == 2 {
                    Weights::Bdef4 { bones, weights }
                } else {
                    Weights::Qdef { bones, weights }
                }
            }
            k => return fail(kind_at, crate::tr!("pmx-read-weight-kind", value = k)),
        };
        let edge_scale = self.f32()?;
        Ok(Vertex {
            position: vec3_at(&a, 0),
            normal: vec3_at(&a, 12),
            uv: Vec2::new(f32_at(&a, 24), f32_at(&a, 28)),
            additional_uvs,
            weights,
            edge_scale,
        })
    }

    pub(super) fn read_faces(&mut self) -> Result<Vec<[i32; 3]>> {
        let vs = self.sizes.vertex as usize;
        let count_at = self.pos();
        let n = self.count(Section::Face, vs)?;
        if n % 3 != 0 {
            return Err(Error::parse(
                Section::Face,
                None,
                None,
                count_at,
                crate::tr!("pmx-read-face-count", count = n),
            ));
        }
        let bytes = self.section(Section::Face, None, |r| Ok(r.take(n * vs)?))?;
        let tri = 3 * vs;
        // The count check above guarantees the bytes; decode them in one tight pass.
        let faces = match vs {
            1 => bytes
                .chunks_exact(tri)
                .map(|c| [c[0] as i32, c[1] as i32, c[2] as i32])
                .collect(),
            2 => bytes
                .chunks_exact(tri)
                .map(|c| {
                    [
                        u16::from_le_bytes([c[0], c[1]]) as i32,
                        u16::from_le_bytes([c[2], c[3]]) as i32,
                        u16::from_le_bytes([c[4], c[5]]) as i32,
                    ]
                })
                .collect(),
            _ => bytes
                .chunks_exact(tri)
                .map(|c| {
                    [
                        i32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                        i32::from_le_bytes([c[4], c[5], c[6], c[7]]),
                        i32::from_le_bytes([c[8], c[9], c[10], c[11]]),
                    ]
                })
                .collect(),
        };
        Ok(faces)
    }

    pub(super) fn material(&mut self, i: usize) -> R<Material> {
        let name = self.name()?;
        let name_en = self.text()?;
        let diffuse = self.vec4()?;
        let specular = self.vec3()?;
        let specular_power = self.f32()?;
        let ambient = self.vec3()?;
        let flags_at = self.pos();
        let flags = MaterialFlags(self.u8()?);
        if self.is_v20() && needs::v21_flag_bits(flags) != 0 {
            self.warn_at(
                Section::Material,
                Some(i),
                flags_at,
                crate::tr!("pmx-read-flags-21", flags = format!("{:#04x}", flags.0)),
            );
        }
        let edge_color = self.vec4()?;
        let edge_size = self.f32()?;
        let ts = self.sizes.texture;
        let texture = self.index(ts)?;
        let sphere_texture = self.index(ts)?;
        let sphere_mode = self.kind(Section::Material, i, What::SphereMode)?;
        let toon = if self.flag(Section::Material, i, What::SharedToon)? {
            Toon::Shared(self.u8()?)
        } else {
            Toon::Texture(self.index(ts)?)
        };
        let memo = self.text()?;
        let face_index_count = self.i32()?;
        Ok(Material {
            name,
            name_en,
            diffuse,
            specular,
            specular_power,
            ambient,
            flags,
            edge_color,
            edge_size,
            texture,
            sphere_texture,
            sphere_mode,
            toon,
            memo,
            face_index_count,
        })
    }
}
