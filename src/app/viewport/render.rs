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

/// Shared between the UI thread and the paint callback.
#[derive(Default)]
pub struct GpuScene {
    pub mesh: Option<Arc<MeshData>>,
    mesh_dirty: bool,
    /// GL-space skinned positions and normals.
    pub positions: Vec<[f32; 3]>,
    pub normals: Vec<[f32; 3]>,
    positions_dirty: bool,
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
    overlay_dirty: bool,
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
        self.positions_dirty = true;
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
        self.overlay_dirty = true;
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
            self.positions_dirty = true;
            self.overlay_dirty = true;
        }
        if self.positions_dirty && self.positions.len() == gpu.vertex_count {
            gpu.positions.fill(&self.positions);
            gpu.normals.fill(&self.normals);
            self.positions_dirty = false;
        }
        if self.uvs_dirty && self.uvs.len() == gpu.vertex_count {
            gpu.uvs.fill(&self.uvs);
            self.uvs_dirty = false;
        }
        if self.colors_dirty && self.colors.len() == gpu.vertex_count {
            gpu.colors.fill(&self.colors);
            self.colors_dirty = false;
        }
        if self.overlay_dirty && self.overlay.len() == gpu.vertex_count {
            gpu.overlay.fill(&self.overlay);
            self.overlay_dirty = false;
        }
        gpu.overlay_ready = self.overlay.len() == gpu.vertex_count && !self.overlay_dirty;
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

#[cfg(test)]
mod tests {
    use super::*;
    use mesh::tests::vertex_color_quads;

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
