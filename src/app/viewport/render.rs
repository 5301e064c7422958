//! GPU side of the viewport: three-d core on eframe's glow context.
//!
//! The UI thread fills a [`GpuScene`] (mesh, positions, textures, per-frame
//! uniforms); the egui paint callback uploads what changed and draws. Drawing
//! follows MMD: the ground shadow first, then materials in file order with
//! alpha blending, toon ramp, sphere map, back faces culled unless the material
//! is double-sided, PMX 2.1 point/line materials as points/lines, optional edges.

mod gpu;
mod mesh;
mod shaders;
mod toons;

pub use mesh::{DrawMaterial, LiveMaterial, MeshData, Primitive, ToonRef};

use eframe::egui;

use super::camera::mmd_to_gl;
use crate::app::textures::DecodedImage;
use crate::pmx::Model;
use glam::{Mat4, Vec3, Vec4};
use gpu::Gpu;
use std::ops::Range;
use std::sync::Arc;

/// Per-frame settings from the UI.
#[derive(Debug, Clone)]
pub struct FrameSettings {
    pub view_proj: Mat4,
    pub view: Mat4,
    pub eye: Vec3,
    pub camera_distance: f32,
    pub show_mesh: bool,
    pub wireframe: bool,
    pub edges: bool,
    pub grid: bool,
    /// MMD's ground shadow (materials with the ground-shadow flag).
    pub ground_shadow: bool,
    pub material_visible: Vec<bool>,
    pub background: [f32; 3],
    /// Draw the mesh in the weight view's colours ([`GpuScene::set_overlay`]).
    pub weight_overlay: bool,
}

impl Default for FrameSettings {
    fn default() -> Self {
        FrameSettings {
            view_proj: Mat4::IDENTITY,
            view: Mat4::IDENTITY,
            eye: Vec3::Z,
            camera_distance: 45.0,
            show_mesh: true,
            wireframe: false,
            edges: true,
            grid: true,
            ground_shadow: true,
            material_visible: Vec::new(),
            background: [0.35, 0.37, 0.42],
            weight_overlay: false,
        }
    }
}

/// What of a per-vertex buffer changed since it was last uploaded.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Dirty {
    #[default]
    Clean,
    All,
    /// Sorted, disjoint vertex ranges (a dab's vertices): only they go up.
    Ranges(Vec<Range<usize>>),
}

/// Changed vertices closer than this share one upload (fewer GL calls for a few
/// bytes more).
const RANGE_GAP: usize = 16;
/// More ranges than this upload the whole buffer instead.
const MAX_RANGES: usize = 256;

impl Dirty {
    /// Adds `vertices` (any order, repeats allowed) to what must go up.
    pub fn add(&mut self, vertices: &[usize]) {
        let mut ranges = match std::mem::take(self) {
            Dirty::All => {
                *self = Dirty::All;
                return;
            }
            Dirty::Clean => Vec::new(),
            Dirty::Ranges(r) => r,
        };
        ranges.extend(vertices.iter().map(|&v| v..v + 1));
        ranges.sort_unstable_by_key(|r| r.start);
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
        for r in ranges {
            match merged.last_mut() {
                Some(last) if r.start <= last.end + RANGE_GAP => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        *self = if merged.len() > MAX_RANGES {
            Dirty::All
        } else if merged.is_empty() {
            Dirty::Clean
        } else {
            Dirty::Ranges(merged)
        };
    }

    pub fn is_clean(&self) -> bool {
        *self == Dirty::Clean
    }

    /// Each range to upload of a buffer of `len` vertices (all of it for `All`).
    fn for_each_range(&self, len: usize, mut f: impl FnMut(Range<usize>)) {
        match self {
            Dirty::Clean => {}
            Dirty::All => f(0..len),
            Dirty::Ranges(ranges) => {
                for r in ranges {
                    f(r.start.min(len)..r.end.min(len));
                }
            }
        }
    }
}

/// Shared between the UI thread and the paint callback.
#[derive(Default)]
pub struct GpuScene {
    pub mesh: Option<Arc<MeshData>>,
    mesh_dirty: bool,
    /// GL-space skinned positions and normals.
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    positions_dirty: Dirty,
    pub new_textures: Vec<(usize, Arc<DecodedImage>)>,
    pub frame: FrameSettings,
    /// Per material, after material morphs (empty = as in the model).
    pub live_materials: Vec<LiveMaterial>,
    /// UVs after UV morphs, when any morph moved them.
    pub uvs: Vec<[f32; 2]>,
    uvs_dirty: bool,
    /// Vertex colours after additional-UV1 morphs, when any morph moved them.
    pub colors: Vec<[f32; 4]>,
    colors_dirty: bool,
    /// Per-vertex weight-view colours and the view revision they came from.
    overlay: Vec<[f32; 4]>,
    overlay_revision: Option<u64>,
    overlay_dirty: Dirty,
    gpu: Option<Gpu>,
    /// Textures uploaded since the last mesh change (for screenshot mode).
    pub uploaded_textures: usize,
    /// Frames drawn since the last mesh change.
    pub frames_drawn: u64,
    pub error: Option<String>,
}

impl GpuScene {
    pub fn set_mesh(&mut self, mesh: Arc<MeshData>) {
        self.mesh = Some(mesh);
        self.mesh_dirty = true;
        self.uploaded_textures = 0;
        self.frames_drawn = 0;
        self.new_textures.clear();
        if let Some(gpu) = &mut self.gpu {
            gpu.textures.clear();
        }
    }

    /// Material `index` of the model again, keeping the uploaded buffers and
    /// textures. False if the mesh must be rebuilt instead (see
    /// [`MeshData::update_material`]).
    pub fn update_material(&mut self, model: &Model, index: usize) -> bool {
        match &mut self.mesh {
            Some(mesh) => Arc::make_mut(mesh).update_material(model, index),
            None => false,
        }
    }

    /// Copies skinned MMD-space vertices in, converted to GL space.
    pub fn set_vertices(&mut self, positions: &[Vec3], normals: &[Vec3]) {
        self.positions.clear();
        self.positions
            .extend(positions.iter().map(|p| mmd_to_gl(*p).to_array()));
        self.normals.clear();
        self.normals
            .extend(normals.iter().map(|n| mmd_to_gl(*n).to_array()));
        self.positions_dirty = Dirty::All;
    }

    /// Copies in only `vertices` of the skinned MMD-space vertices (the rest did not
    /// move), to be uploaded as ranges. False, changing nothing, when the lengths do
    /// not fit the copy held (then [`set_vertices`](Self::set_vertices) is needed).
    pub fn set_some_vertices(
        &mut self,
        positions: &[Vec3],
        normals: &[Vec3],
        vertices: &[usize],
    ) -> bool {
        let n = self.positions.len();
        if positions.len() != n || normals.len() != n || self.normals.len() != n {
            return false;
        }
        if vertices.iter().any(|&v| v >= n) {
            return false;
        }
        for &v in vertices {
            self.positions[v] = mmd_to_gl(positions[v]).to_array();
            self.normals[v] = mmd_to_gl(normals[v]).to_array();
        }
        self.positions_dirty.add(vertices);
        true
    }

    /// What of the skinned vertices waits for upload.
    pub fn pending_vertices(&self) -> &Dirty {
        &self.positions_dirty
    }

    /// Hands each waiting range of the skinned vertices to `write` (first vertex,
    /// positions, normals) when the GPU holds `vertex_count` of them, and marks
    /// them uploaded. The paint callback writes them with `glBufferSubData`.
    pub fn upload_vertices(
        &mut self,
        vertex_count: usize,
        write: impl FnMut(usize, &[[f32; 3]], &[[f32; 3]]),
    ) {
        upload_vertex_ranges(
            &mut self.positions_dirty,
            &self.positions,
            &self.normals,
            vertex_count,
            write,
        );
    }

    /// UVs after UV morphs (uploaded on the next paint).
    pub fn set_uvs(&mut self, base: &[[f32; 2]], offsets: &[Vec4]) {
        self.uvs.clear();
        self.uvs.extend(
            base.iter()
                .zip(offsets)
                .map(|(uv, o)| [uv[0] + o.x, uv[1] + o.y]),
        );
        self.uvs_dirty = true;
    }

    /// Vertex colours after additional-UV1 morphs (uploaded on the next paint).
    pub fn set_colors(&mut self, base: &[[f32; 4]], offsets: &[Vec4]) {
        self.colors.clear();
        self.colors.extend(
            base.iter()
                .zip(offsets)
                .map(|(c, o)| (Vec4::from(*c) + *o).to_array()),
        );
        self.colors_dirty = true;
    }

    /// The weight view's colours (one per vertex), copied only when `revision` is new.
    pub fn set_overlay(&mut self, colors: &[[f32; 4]], revision: u64) {
        if self.overlay_revision == Some(revision) {
            return;
        }
        self.overlay_revision = Some(revision);
        self.overlay.clear();
        self.overlay.extend_from_slice(colors);
        self.overlay_dirty = Dirty::All;
    }

    /// The weight view's colours at `revision` when only `vertices` changed since
    /// `since` (a dab recoloured them); copies and uploads only those when the copy
    /// held is from `since` or later, else all of them.
    pub fn set_some_overlay(
        &mut self,
        colors: &[[f32; 4]],
        vertices: &[usize],
        since: u64,
        revision: u64,
    ) {
        let held = self.overlay_revision;
        let fits = held.is_some_and(|h| since <= h && h <= revision)
            && self.overlay.len() == colors.len()
            && vertices.iter().all(|&v| v < colors.len());
        if !fits {
            self.set_overlay(colors, revision);
            return;
        }
        if held == Some(revision) {
            return;
        }
        self.overlay_revision = Some(revision);
        for &v in vertices {
            self.overlay[v] = colors[v];
        }
        self.overlay_dirty.add(vertices);
    }

    /// What of the weight-view colours waits for upload.
    pub fn pending_overlay(&self) -> &Dirty {
        &self.overlay_dirty
    }

    /// Uploads what changed and draws into the callback's viewport.
    pub fn paint(&mut self, gl: &Arc<three_d::context::Context>, info: &egui::PaintCallbackInfo) {
        if self.gpu.is_none() {
            match Gpu::new(gl.clone()) {
                Ok(g) => self.gpu = Some(g),
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            }
        }
        let gpu = self.gpu.as_mut().expect("created above");
        if self.mesh_dirty {
            if let Some(mesh) = &self.mesh {
                gpu.set_mesh(mesh);
            }
            self.mesh_dirty = false;
            self.positions_dirty = Dirty::All;
            self.overlay_dirty = Dirty::All;
        }
        let count = gpu.vertex_count;
        if self.positions_dirty == Dirty::All && self.positions.len() == count {
            gpu.positions.fill(&self.positions);
            gpu.normals.fill(&self.normals);
            self.positions_dirty = Dirty::Clean;
        }
        upload_vertex_ranges(
            &mut self.positions_dirty,
            &self.positions,
            &self.normals,
            count,
            |first, positions, normals| {
                gpu.positions
                    .fill_subset(byte_offset::<[f32; 3]>(first), positions);
                gpu.normals
                    .fill_subset(byte_offset::<[f32; 3]>(first), normals);
            },
        );
        if self.uvs_dirty && self.uvs.len() == gpu.vertex_count {
            gpu.uvs.fill(&self.uvs);
            self.uvs_dirty = false;
        }
        if self.colors_dirty && self.colors.len() == gpu.vertex_count {
            gpu.colors.fill(&self.colors);
            self.colors_dirty = false;
        }
        if self.overlay.len() == count {
            match std::mem::take(&mut self.overlay_dirty) {
                Dirty::All => gpu.overlay.fill(&self.overlay),
                dirty => dirty.for_each_range(count, |r| {
                    gpu.overlay
                        .fill_subset(byte_offset::<[f32; 4]>(r.start), &self.overlay[r.clone()])
                }),
            }
        }
        gpu.overlay_ready = self.overlay.len() == count && self.overlay_dirty.is_clean();
        for (i, img) in self.new_textures.drain(..) {
            gpu.upload_texture(i, &img);
            self.uploaded_textures += 1;
        }
        gpu.draw(
            self.mesh.as_deref(),
            &self.live_materials,
            &self.frame,
            info,
        );
        self.frames_drawn += 1;
    }
}

/// Where element `first` of a buffer of `T` starts, as three-d 0.19's `fill_subset`
/// wants it: it hands its offset to `glBufferSubData` unchanged, so it counts bytes,
/// not elements (an element index there scrambled the mesh after a weight dab).
fn byte_offset<T>(first: usize) -> u32 {
    u32::try_from(first * std::mem::size_of::<T>()).unwrap_or(u32::MAX)
}

/// See [`GpuScene::upload_vertices`] (split out so the paint callback can write
/// into the GPU it borrows from the scene).
fn upload_vertex_ranges(
    dirty: &mut Dirty,
    positions: &[[f32; 3]],
    normals: &[[f32; 3]],
    vertex_count: usize,
    mut write: impl FnMut(usize, &[[f32; 3]], &[[f32; 3]]),
) {
    if dirty.is_clean() || positions.len() != vertex_count || normals.len() != vertex_count {
        return;
    }
    std::mem::take(dirty).for_each_range(vertex_count, |r| {
        write(r.start, &positions[r.clone()], &normals[r])
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use mesh::tests::vertex_color_quads;

    #[test]
    fn dirty_ranges_cover_the_vertices_added_and_merge_near_ones() {
        let mut d = Dirty::default();
        d.add(&[30, 3, 5, 4, 3]);
        assert_eq!(d, Dirty::Ranges(vec![3..6, 30..31]));
        d.add(&[100]);
        d.add(&[18]);
        // 18 is within the gap of both 3..6 and 30..31: one range; 100 is apart.
        assert_eq!(d, Dirty::Ranges(vec![3..31, 100..101]));
        d.add(&[]);
        assert_eq!(d, Dirty::Ranges(vec![3..31, 100..101]));
        let apart: Vec<usize> = (0..=MAX_RANGES).map(|i| i * 1000).collect();
        d.add(&apart);
        assert_eq!(d, Dirty::All, "too many ranges upload everything");
        d.add(&[1]);
        assert_eq!(d, Dirty::All);
    }

    /// A GPU buffer kept in memory: what `upload_vertices` wrote into it.
    fn upload(scene: &mut GpuScene, gpu: &mut [[f32; 3]]) -> usize {
        let mut written = 0;
        let n = gpu.len();
        scene.upload_vertices(n, |first, p, _| {
            gpu[first..first + p.len()].copy_from_slice(p);
            written += p.len();
        });
        written
    }

    #[test]
    fn some_vertices_upload_as_ranges_that_hold_every_change() {
        let n = 5000;
        let positions: Vec<Vec3> = (0..n).map(|i| Vec3::splat(i as f32)).collect();
        let normals = vec![Vec3::Y; n];
        let mut scene = GpuScene::default();
        assert!(
            !scene.set_some_vertices(&positions, &normals, &[0]),
            "nothing held yet"
        );
        scene.set_vertices(&positions, &normals);
        let mut gpu = vec![[0.0; 3]; n];
        assert_eq!(upload(&mut scene, &mut gpu), n, "the first upload is whole");
        // Scattered vertices move, as a dab on a mesh whose vertices are not in order.
        let mut moved = positions.clone();
        let changed: Vec<usize> = (0..60).map(|k| (k * 7919) % n).collect();
        for &v in &changed {
            moved[v] += Vec3::new(0.5, -1.0, 2.0);
        }
        assert!(scene.set_some_vertices(&moved, &normals, &changed));
        assert!(matches!(scene.pending_vertices(), Dirty::Ranges(_)));
        let written = upload(&mut scene, &mut gpu);
        assert!(written < n / 4, "{written} of {n} vertices went up");
        let expected: Vec<[f32; 3]> = moved.iter().map(|p| mmd_to_gl(*p).to_array()).collect();
        assert_eq!(gpu, expected, "the GPU copy holds every moved vertex");
        assert!(scene.pending_vertices().is_clean());
        assert_eq!(upload(&mut scene, &mut gpu), 0, "nothing left to upload");
        assert!(
            !scene.set_some_vertices(&moved, &normals, &[n]),
            "out of range"
        );
        assert!(
            scene.pending_vertices().is_clean(),
            "a refused copy changes nothing"
        );
    }

    #[test]
    fn recoloured_vertices_replace_only_themselves_in_the_overlay() {
        let mut colors = vec![[0.0, 0.0, 1.0, 1.0]; 300];
        let mut scene = GpuScene::default();
        scene.set_some_overlay(&colors, &[], 0, 1);
        assert_eq!(scene.overlay_dirty, Dirty::All, "no copy held: all of it");
        scene.overlay_dirty = Dirty::Clean;
        colors[7] = [1.0, 0.0, 0.0, 1.0];
        colors[250] = [1.0, 1.0, 0.0, 1.0];
        scene.set_some_overlay(&colors, &[7, 250], 1, 2);
        assert_eq!(scene.overlay, colors);
        assert_eq!(scene.overlay_dirty, Dirty::Ranges(vec![7..8, 250..251]));
        // A copy older than the recolouring started: all of it again.
        scene.overlay_dirty = Dirty::Clean;
        colors[100] = [0.0; 4];
        scene.overlay_revision = Some(0);
        scene.set_some_overlay(&colors, &[100], 2, 3);
        assert_eq!(scene.overlay_dirty, Dirty::All);
        assert_eq!(scene.overlay, colors);
    }

    #[test]
    fn additional_uv1_morph_offsets_move_the_vertex_colours() {
        let mesh = MeshData::from_model(&vertex_color_quads());
        let mut offsets = vec![Vec4::ZERO; mesh.colors.len()];
        offsets[4] = Vec4::new(-1.0, 0.5, 0.0, 0.25);
        let mut scene = GpuScene::default();
        scene.set_colors(&mesh.colors, &offsets);
        assert_eq!(scene.colors[4], [0.0, 0.5, 0.0, 0.75]);
        assert_eq!(scene.colors[5], mesh.colors[5]);
        assert!(scene.colors_dirty);
        // Refilled in place: no new allocation once sized.
        let ptr = scene.colors.as_ptr();
        scene.set_colors(&mesh.colors, &offsets);
        assert_eq!(scene.colors.as_ptr(), ptr);
    }
}
