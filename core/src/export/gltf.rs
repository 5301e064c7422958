//! glTF 2.0 from a model: one skinned mesh (a primitive per material, morph targets from vertex
//! morphs), the bone tree as nodes with inverse bind matrices, materials and embedded textures.
//!
//! Every bone is a joint, at its rest position with no rotation (MMD bones have none at rest).
//! The vertex arrays are shared by all primitives; each material's triangles are its own index
//! accessor. Morph targets are sparse accessors (only the moved vertices are stored).

use super::json::*;
use super::texture::{self, Alpha};
use super::{
    unit_factor, ExportError, ExportFormat, ExportNote, ExportOptions, ExportReport,
    METRES_PER_UNIT,
};
use crate::edit::remap::material_face_ranges;
use crate::pmx::{MaterialFlags, Model, MorphOffsets, Toon, Weights};
use glam::Vec3;
use std::collections::BTreeMap;

/// A glTF document before packing: the JSON and its one binary buffer. Bone `i` is node `i`.
pub struct Document {
    pub(crate) root: Root,
    bin: Bin,
    /// The node holding the mesh, when the model has triangles.
    pub(crate) mesh_node: Option<usize>,
    /// Each morph's target index in the mesh (vertex morphs only).
    pub(crate) morph_targets: Vec<Option<usize>>,
    /// Each model texture embedded so far: its glTF texture and alpha (`None`: not readable).
    embedded: BTreeMap<usize, Option<(usize, Alpha)>>,
}

/// Writes the model as glTF (`.glb` or `.gltf` as `options.format` says), with what it could
/// not carry.
pub fn export(
    model: &Model,
    options: &ExportOptions,
) -> Result<(Vec<u8>, ExportReport), ExportError> {
    if options.wants_t_pose() {
        // The arms are found as VRM finds them; a model without them cannot be posed.
        let parents = bone_parents(model);
        let (human, _) = super::vrm::humanoid(model, &parents)?;
        let posed = super::t_pose::t_posed(model, &human, &parents);
        let (document, mut report) = build(&posed, options);
        let degrees = super::t_pose::arm_droop_degrees(model, &human).unwrap_or(0.0);
        report.notes.push(ExportNote::TPoseBaked { degrees });
        return Ok((document.pack(options.format)?, report));
    }
    let (document, report) = build(model, options);
    Ok((document.pack(options.format)?, report))
}

/// MMD's left-handed units to glTF's right-handed metres: Z mirrored, scaled.
pub fn to_gltf(p: Vec3) -> Vec3 {
    let p = Vec3::new(p.x, p.y, -p.z) * METRES_PER_UNIT;
    if p.is_finite() {
        p
    } else {
        Vec3::ZERO
    }
}

/// The document for a model and its report (textures are read from `options.texture_dir`).
pub fn build(model: &Model, options: &ExportOptions) -> (Document, ExportReport) {
    let mut report = ExportReport::default();
    let mut doc = Document {
        root: Root {
            asset: Asset {
                version: "2.0".into(),
                generator: format!("Hone {}", env!("CARGO_PKG_VERSION")),
            },
            ..Default::default()
        },
        bin: Bin::default(),
        mesh_node: None,
        morph_targets: vec![None; model.morphs.len()],
        embedded: BTreeMap::new(),
    };
    let parents = bone_parents(model);
    let roots = doc.add_bones(model, &parents);
    let mut scene_nodes = roots;
    doc.mesh_node = doc.add_mesh(model, options, &mut report);
    scene_nodes.extend(doc.mesh_node);
    doc.root.scenes.push(Scene {
        name: model.info.name.clone(),
        nodes: scene_nodes,
    });
    note_what_glb_drops(model, &mut report);
    (doc, report)
}

/// Each bone's parent when it is a usable one: in range, not itself, and not closing a cycle
/// (a cycle is cut where the walk finds it, so every bone is reached from a root).
pub(crate) fn bone_parents(model: &Model) -> Vec<Option<usize>> {
    let n = model.bones.len();
    let mut parent: Vec<Option<usize>> = model
        .bones
        .iter()
        .enumerate()
        .map(|(i, b)| usize::try_from(b.parent).ok().filter(|&p| p < n && p != i))
        .collect();
    // 0 unseen, 1 on the current walk, 2 known to reach a root.
    let mut state = vec![0u8; n];
    let mut walk = Vec::new();
    for start in 0..n {
        walk.clear();
        let mut cur = start;
        loop {
            match state[cur] {
                2 => break,
                1 => {
                    let last = *walk.last().expect("a bone on the walk");
                    parent[last] = None;
                    break;
                }
                _ => {}
            }
            state[cur] = 1;
            walk.push(cur);
            match parent[cur] {
                Some(p) => cur = p,
                None => break,
            }
        }
        for &b in &walk {
            state[b] = 2;
        }
    }
    parent
}

fn note_what_glb_drops(model: &Model, report: &mut ExportReport) {
    let notes = &mut report.notes;
    let ik = model.bones.iter().filter(|b| b.ik.is_some()).count();
    if ik > 0 {
        notes.push(ExportNote::IkDropped { bones: ik });
    }
    let append = model.bones.iter().filter(|b| b.append.is_some()).count();
    if append > 0 {
        notes.push(ExportNote::AppendDropped { bones: append });
    }
    if !model.rigid_bodies.is_empty() || !model.joints.is_empty() {
        notes.push(ExportNote::PhysicsDropped {
            bodies: model.rigid_bodies.len(),
            joints: model.joints.len(),
        });
    }
    if !model.soft_bodies.is_empty() {
        notes.push(ExportNote::SoftBodiesDropped {
            count: model.soft_bodies.len(),
        });
    }
    let other_morphs = model
        .morphs
        .iter()
        .filter(|m| !matches!(m.offsets, MorphOffsets::Vertex(_)))
        .count();
    if other_morphs > 0 {
        notes.push(ExportNote::MorphsDropped {
            count: other_morphs,
        });
    }
    let toon_sphere = model
        .materials
        .iter()
        .filter(|m| m.sphere_texture >= 0 || !matches!(m.toon, Toon::Texture(t) if t < 0))
        .count();
    if toon_sphere > 0 {
        notes.push(ExportNote::ToonSphereDropped {
            materials: toon_sphere,
        });
    }
}

impl Document {
    /// Bone nodes 0..n and the skeleton's roots.
    fn add_bones(&mut self, model: &Model, parents: &[Option<usize>]) -> Vec<usize> {
        let mut roots = Vec::new();
        for (i, bone) in model.bones.iter().enumerate() {
            let world = to_gltf(bone.position);
            let local = match parents[i] {
                Some(p) => world - to_gltf(model.bones[p].position),
                None => {
                    roots.push(i);
                    world
                }
            };
            self.root.nodes.push(Node {
                name: bone.name.clone(),
                translation: (local != Vec3::ZERO).then_some(local.to_array()),
                ..Default::default()
            });
        }
        for (i, parent) in parents.iter().enumerate() {
            if let Some(p) = parent {
                self.root.nodes[*p].children.push(i);
            }
        }
        roots
    }

    /// The mesh node (with its skin when the model has bones), or `None` for a model without
    /// a triangle to draw.
    fn add_mesh(
        &mut self,
        model: &Model,
        options: &ExportOptions,
        report: &mut ExportReport,
    ) -> Option<usize> {
        let vertex_count = model.vertices.len();
        let primitives_indices = self.material_indices(model, report);
        if primitives_indices.is_empty() {
            return None;
        }
        let mut attributes = BTreeMap::new();
        attributes.insert("POSITION".to_string(), self.positions(model));
        attributes.insert("NORMAL".to_string(), self.normals(model));
        attributes.insert("TEXCOORD_0".to_string(), self.texcoords(model));
        let bones = model.bones.len();
        let skinned = bones > 0 && bones <= u16::MAX as usize + 1;
        if bones > u16::MAX as usize + 1 {
            report.notes.push(ExportNote::TooManyBones { bones });
        }
        if skinned {
            let (joints, weights) = self.skin_attributes(model, report);
            attributes.insert("JOINTS_0".to_string(), joints);
            attributes.insert("WEIGHTS_0".to_string(), weights);
        }
        let (targets, target_names) = self.morph_targets(model, vertex_count);
        let materials = self.materials(model, options, report);
        let primitives = primitives_indices
            .into_iter()
            .map(|(material, indices)| Primitive {
                attributes: attributes.clone(),
                indices,
                material: materials[material],
                targets: targets.clone(),
            })
            .collect();
        let mesh = self.root.meshes.len();
        self.root.meshes.push(Mesh {
            name: model.info.name.clone(),
            primitives,
            weights: vec![0.0; target_names.len()],
            extras: (!target_names.is_empty()).then_some(MeshExtras { target_names }),
        });
        let skin = skinned.then(|| self.skin(model));
        let node = self.root.nodes.len();
        self.root.nodes.push(Node {
            name: model.info.name.clone(),
            mesh: Some(mesh),
            skin,
            ..Default::default()
        });
        Some(node)
    }

    /// Each drawn material's triangle index accessor, winding reversed for the mirror.
    fn material_indices(
        &mut self,
        model: &Model,
        report: &mut ExportReport,
    ) -> Vec<(usize, usize)> {
        let vertex_count = model.vertices.len();
        let mut out = Vec::new();
        let (mut point_line, mut bad) = (0, 0);
        let ranges = material_face_ranges(model);
        for (m, (material, range)) in model.materials.iter().zip(ranges).enumerate() {
            let faces = &model.faces[range];
            if material.flags.has(MaterialFlags::POINT) || material.flags.has(MaterialFlags::LINE) {
                point_line += 1;
                continue;
            }
            let mut indices = Vec::with_capacity(faces.len() * 3);
            for face in faces {
                let ok = face
                    .iter()
                    .all(|&v| usize::try_from(v).is_ok_and(|v| v < vertex_count));
                if ok {
                    indices.extend([face[0] as u32, face[2] as u32, face[1] as u32]);
                } else {
                    bad += 1;
                }
            }
            if indices.is_empty() {
                continue;
            }
            let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
            let view = self.bin.view(&bytes, Some(ELEMENT_ARRAY_BUFFER));
            out.push((
                m,
                self.accessor(view, UNSIGNED_INT, indices.len(), "SCALAR"),
            ));
        }
        if point_line > 0 {
            report
                .notes
                .push(ExportNote::PointLineMaterialsDropped { count: point_line });
        }
        if bad > 0 {
            report
                .notes
                .push(ExportNote::BadFacesDropped { count: bad });
        }
        out
    }

    fn positions(&mut self, model: &Model) -> usize {
        let points: Vec<Vec3> = model.vertices.iter().map(|v| to_gltf(v.position)).collect();
        let view = self.bin.view(&vec3_bytes(&points), Some(ARRAY_BUFFER));
        let accessor = self.accessor(view, FLOAT, points.len(), "VEC3");
        let (min, max) = bounds(&points);
        self.root.accessors[accessor].min = Some(min.to_array().to_vec());
        self.root.accessors[accessor].max = Some(max.to_array().to_vec());
        accessor
    }

    fn normals(&mut self, model: &Model) -> usize {
        let normals: Vec<Vec3> = model
            .vertices
            .iter()
            .map(|v| {
                Vec3::new(v.normal.x, v.normal.y, -v.normal.z)
                    .try_normalize()
                    .unwrap_or(Vec3::Y)
            })
            .collect();
        let view = self.bin.view(&vec3_bytes(&normals), Some(ARRAY_BUFFER));
        self.accessor(view, FLOAT, normals.len(), "VEC3")
    }

    /// MMD's UVs already have glTF's origin (top left).
    fn texcoords(&mut self, model: &Model) -> usize {
        let bytes: Vec<u8> = model
            .vertices
            .iter()
            .flat_map(|v| {
                let uv = if v.uv.is_finite() {
                    v.uv
                } else {
                    glam::Vec2::ZERO
                };
                [uv.x, uv.y]
            })
            .flat_map(f32::to_le_bytes)
            .collect();
        let view = self.bin.view(&bytes, Some(ARRAY_BUFFER));
        self.accessor(view, FLOAT, model.vertices.len(), "VEC2")
    }

    fn skin_attributes(&mut self, model: &Model, report: &mut ExportReport) -> (usize, usize) {
        let bones = model.bones.len();
        let (mut sdef, mut qdef, mut normalised) = (0, 0, 0);
        let mut joint_bytes = Vec::with_capacity(model.vertices.len() * 8);
        let mut weight_bytes = Vec::with_capacity(model.vertices.len() * 16);
        for v in &model.vertices {
            match v.weights {
                Weights::Sdef { .. } => sdef += 1,
                Weights::Qdef { .. } => qdef += 1,
                _ => {}
            }
            let (joints, weights, changed) = joint_weights(&v.weights, bones);
            normalised += changed as usize;
            joint_bytes.extend(joints.iter().flat_map(|j| j.to_le_bytes()));
            weight_bytes.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
        }
        for (count, note) in [
            (sdef, ExportNote::SdefAsLinear { vertices: sdef }),
            (qdef, ExportNote::QdefAsLinear { vertices: qdef }),
            (
                normalised,
                ExportNote::WeightsNormalised {
                    vertices: normalised,
                },
            ),
        ] {
            if count > 0 {
                report.notes.push(note);
            }
        }
        let n = model.vertices.len();
        let view = self.bin.view(&joint_bytes, Some(ARRAY_BUFFER));
        let joints = self.accessor(view, UNSIGNED_SHORT, n, "VEC4");
        let view = self.bin.view(&weight_bytes, Some(ARRAY_BUFFER));
        let weights = self.accessor(view, FLOAT, n, "VEC4");
        (joints, weights)
    }

    /// Every bone a joint; inverse bind matrices undo each bone's rest position.
    fn skin(&mut self, model: &Model) -> usize {
        let mut bytes = Vec::with_capacity(model.bones.len() * 64);
        for bone in &model.bones {
            let inverse_bind = glam::Mat4::from_translation(-to_gltf(bone.position));
            bytes.extend(
                inverse_bind
                    .to_cols_array()
                    .iter()
                    .flat_map(|x| x.to_le_bytes()),
            );
        }
        let view = self.bin.view(&bytes, None);
        let inverse_bind_matrices = self.accessor(view, FLOAT, model.bones.len(), "MAT4");
        self.root.skins.push(Skin {
            name: model.info.name.clone(),
            inverse_bind_matrices,
            joints: (0..model.bones.len()).collect(),
        });
        self.root.skins.len() - 1
    }

    /// One target per vertex morph (POSITION only), sparse; and the targets' names.
    fn morph_targets(
        &mut self,
        model: &Model,
        vertex_count: usize,
    ) -> (Vec<BTreeMap<String, usize>>, Vec<String>) {
        let mut targets = Vec::new();
        let mut names = Vec::new();
        for (m, morph) in model.morphs.iter().enumerate() {
            let MorphOffsets::Vertex(offsets) = &morph.offsets else {
                continue;
            };
            self.morph_targets[m] = Some(targets.len());
            // Offsets for one vertex add up (the spec does not forbid repeats).
            let mut moved: BTreeMap<u32, Vec3> = BTreeMap::new();
            for o in offsets {
                if let Ok(v) = usize::try_from(o.vertex) {
                    if v < vertex_count {
                        *moved.entry(v as u32).or_insert(Vec3::ZERO) += to_gltf(o.offset);
                    }
                }
            }
            let values: Vec<Vec3> = moved.values().copied().collect();
            let (mut min, mut max) = bounds(&values);
            if values.len() < vertex_count {
                // The vertices not listed stay at zero.
                min = min.min(Vec3::ZERO);
                max = max.max(Vec3::ZERO);
            }
            let sparse = (!values.is_empty()).then(|| {
                let index_bytes: Vec<u8> = moved.keys().flat_map(|k| k.to_le_bytes()).collect();
                let indices = self.bin.view(&index_bytes, None);
                let values_view = self.bin.view(&vec3_bytes(&values), None);
                Sparse {
                    count: values.len(),
                    indices: SparseIndices {
                        buffer_view: indices,
                        component_type: UNSIGNED_INT,
                    },
                    values: SparseValues {
                        buffer_view: values_view,
                    },
                }
            });
            self.root.accessors.push(Accessor {
                buffer_view: None,
                component_type: FLOAT,
                count: vertex_count,
                kind: "VEC3",
                min: Some(min.to_array().to_vec()),
                max: Some(max.to_array().to_vec()),
                sparse,
            });
            let mut target = BTreeMap::new();
            target.insert("POSITION".to_string(), self.root.accessors.len() - 1);
            targets.push(target);
            names.push(morph.name.clone());
        }
        (targets, names)
    }

    /// One glTF material per PMX material (same order); textures read once each.
    fn materials(
        &mut self,
        model: &Model,
        options: &ExportOptions,
        report: &mut ExportReport,
    ) -> Vec<usize> {
        let mut out = Vec::with_capacity(model.materials.len());
        for material in &model.materials {
            let texture = self.texture(model, material.texture, options, report);
            let base = material.diffuse.to_array().map(|x| unit_factor(x, 1.0));
            let (alpha_mode, alpha_cutoff) = match texture.map(|(_, a)| a) {
                _ if base[3] < 1.0 => ("BLEND", None),
                Some(Alpha::Blended) => ("BLEND", None),
                Some(Alpha::Cutout) => ("MASK", Some(0.5)),
                _ => ("OPAQUE", None),
            };
            self.root.materials.push(Material {
                name: material.name.clone(),
                pbr_metallic_roughness: Pbr {
                    base_color_factor: base,
                    base_color_texture: texture.map(|(index, _)| TextureRef { index }),
                    // MMD's materials are not physically based: no metal, fully rough.
                    metallic_factor: 0.0,
                    roughness_factor: 1.0,
                },
                alpha_mode,
                alpha_cutoff,
                double_sided: material.flags.has(MaterialFlags::DOUBLE_SIDED),
                extensions: Default::default(),
            });
            out.push(self.root.materials.len() - 1);
        }
        out
    }

    /// The glTF texture for the model's texture `index` (embedded once), `None` when the index
    /// is out of range or the file is missing or unreadable (reported once).
    pub(crate) fn texture(
        &mut self,
        model: &Model,
        index: i32,
        options: &ExportOptions,
        report: &mut ExportReport,
    ) -> Option<(usize, Alpha)> {
        let t = usize::try_from(index)
            .ok()
            .filter(|&t| t < model.textures.len())?;
        if let Some(done) = self.embedded.get(&t) {
            return *done;
        }
        let done = self.embed_texture(model, t, options, report);
        self.embedded.insert(t, done);
        done
    }

    fn embed_texture(
        &mut self,
        model: &Model,
        index: usize,
        options: &ExportOptions,
        report: &mut ExportReport,
    ) -> Option<(usize, Alpha)> {
        let name = &model.textures[index];
        let found = options
            .texture_origins
            .origin_folder(&model.textures, index)
            .or(options.texture_dir.as_deref())
            .and_then(|dir| crate::pmx::textures::find(dir, name));
        let image = match found {
            Some(path) => texture::load(&path),
            None => Err(crate::tr!("export-texture-not-found")),
        };
        let image = match image {
            Ok(image) => image,
            Err(reason) => {
                report.notes.push(ExportNote::TextureMissing {
                    name: name.clone(),
                    reason,
                });
                return None;
            }
        };
        if self.root.samplers.is_empty() {
            self.root.samplers.push(Sampler {
                mag_filter: LINEAR,
                min_filter: LINEAR_MIPMAP_LINEAR,
                wrap_s: REPEAT,
                wrap_t: REPEAT,
            });
        }
        let buffer_view = self.bin.view(&image.bytes, None);
        self.root.images.push(Image {
            name: name.clone(),
            buffer_view,
            mime_type: image.mime_type,
        });
        self.root.textures.push(Texture {
            sampler: 0,
            source: self.root.images.len() - 1,
        });
        Some((self.root.textures.len() - 1, image.alpha))
    }

    fn accessor(
        &mut self,
        view: usize,
        component_type: u32,
        count: usize,
        kind: &'static str,
    ) -> usize {
        self.root.accessors.push(Accessor {
            buffer_view: Some(view),
            component_type,
            count,
            kind,
            ..Default::default()
        });
        self.root.accessors.len() - 1
    }

    /// The finished file: `.glb` (JSON chunk, binary chunk) or `.gltf` (the buffer as a
    /// base64 data URI).
    pub(crate) fn pack(mut self, format: ExportFormat) -> Result<Vec<u8>, ExportError> {
        use base64::Engine as _;
        let bin = std::mem::take(&mut self.bin.data);
        self.root.buffer_views = std::mem::take(&mut self.bin.views);
        if bin.len() as u64 > u32::MAX as u64 - 1024 {
            return Err(ExportError::TooLarge {
                bytes: bin.len() as u64,
            });
        }
        if !bin.is_empty() {
            let uri = (format == ExportFormat::Gltf).then(|| {
                format!(
                    "data:application/octet-stream;base64,{}",
                    base64::engine::general_purpose::STANDARD.encode(&bin)
                )
            });
            self.root.buffers.push(Buffer {
                byte_length: bin.len(),
                uri,
            });
        }
        let json = match format {
            ExportFormat::Gltf => serde_json::to_vec_pretty(&self.root),
            ExportFormat::Glb | ExportFormat::Vrm => serde_json::to_vec(&self.root),
        }
        .expect("glTF structs serialise (no maps with non-string keys)");
        if format == ExportFormat::Gltf {
            return Ok(json);
        }
        let json_padded = json.len().div_ceil(4) * 4;
        let bin_padded = bin.len().div_ceil(4) * 4;
        let bin_chunk = if bin.is_empty() { 0 } else { 8 + bin_padded };
        let total = 12 + 8 + json_padded + bin_chunk;
        if total as u64 > u32::MAX as u64 {
            return Err(ExportError::TooLarge {
                bytes: total as u64,
            });
        }
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(b"glTF");
        out.extend_from_slice(&2u32.to_le_bytes());
        out.extend_from_slice(&(total as u32).to_le_bytes());
        out.extend_from_slice(&(json_padded as u32).to_le_bytes());
        out.extend_from_slice(b"JSON");
        out.extend_from_slice(&json);
        out.resize(12 + 8 + json_padded, b' ');
        if !bin.is_empty() {
            out.extend_from_slice(&(bin_padded as u32).to_le_bytes());
            out.extend_from_slice(b"BIN\0");
            out.extend_from_slice(&bin);
            out.resize(total, 0);
        }
        Ok(out)
    }
}

/// A vertex's four joints and weights: invalid bones and non-positive weights dropped, a bone
/// named twice merged, the rest scaled to sum to 1 (the validator requires it). `true` when that
/// changed a BDEF4/QDEF vertex's weights beyond rounding.
fn joint_weights(weights: &Weights, bones: usize) -> ([u16; 4], [f32; 4], bool) {
    let (ids, ws, count) = weights.bone_weights();
    let mut pairs: [(u16, f32); 4] = [(0, 0.0); 4];
    let mut used = 0;
    let mut merged = false;
    for s in 0..count {
        let Ok(bone) = usize::try_from(ids[s]) else {
            continue;
        };
        let w = ws[s];
        if bone >= bones || !w.is_finite() || w <= 0.0 {
            continue;
        }
        match pairs[..used].iter_mut().find(|(j, _)| *j as usize == bone) {
            Some(pair) => {
                pair.1 += w;
                merged = true;
            }
            None => {
                pairs[used] = (bone as u16, w);
                used += 1;
            }
        }
    }
    let sum: f32 = pairs[..used].iter().map(|p| p.1).sum();
    if used == 0 || sum <= 0.0 {
        // No usable weight: bind to the first valid bone named, else the first bone.
        let first = ids[..count]
            .iter()
            .find_map(|&b| usize::try_from(b).ok().filter(|&b| b < bones))
            .unwrap_or(0);
        return ([first as u16, 0, 0, 0], [1.0, 0.0, 0.0, 0.0], true);
    }
    // Largest first, so the rounding fix lands on the largest weight.
    pairs[..used].sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut joints = [0u16; 4];
    let mut out = [0f32; 4];
    for (k, (j, w)) in pairs[..used].iter().enumerate() {
        joints[k] = *j;
        out[k] = w / sum;
    }
    out[0] = 1.0 - out[1..].iter().sum::<f32>();
    let four = matches!(weights, Weights::Bdef4 { .. } | Weights::Qdef { .. });
    (joints, out, four && (merged || (sum - 1.0).abs() > 1e-3))
}

fn bounds(points: &[Vec3]) -> (Vec3, Vec3) {
    if points.is_empty() {
        return (Vec3::ZERO, Vec3::ZERO);
    }
    points.iter().fold(
        (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    )
}

fn vec3_bytes(points: &[Vec3]) -> Vec<u8> {
    points
        .iter()
        .flat_map(|p| p.to_array())
        .flat_map(f32::to_le_bytes)
        .collect()
}

/// The binary buffer and its views, each view starting on 4 bytes (the widest component).
#[derive(Default)]
struct Bin {
    data: Vec<u8>,
    views: Vec<BufferView>,
}

impl Bin {
    fn view(&mut self, bytes: &[u8], target: Option<u32>) -> usize {
        self.data.resize(self.data.len().div_ceil(4) * 4, 0);
        self.views.push(BufferView {
            buffer: 0,
            byte_offset: self.data.len(),
            byte_length: bytes.len(),
            target,
        });
        self.data.extend_from_slice(bytes);
        self.views.len() - 1
    }
}
