//! GPU side of the viewport: three-d core on eframe's glow context.
//!
//! The UI thread fills a [`GpuScene`] (mesh, positions, textures, per-frame
//! uniforms); the egui paint callback uploads what changed and draws. Drawing
//! follows MMD: the ground shadow first, then materials in file order with
//! alpha blending, toon ramp, sphere map, back faces culled unless the material
//! is double-sided, PMX 2.1 point/line materials as points/lines, optional edges.

use eframe::egui;

use super::camera::mmd_to_gl;
use crate::app::textures::DecodedImage;
use crate::pmx::{MaterialFlags, Model, SphereMode, Toon};
use glam::{Mat4, Vec3, Vec4};
use std::sync::Arc;
use three_d::context::HasContext;
use three_d::{
    Blend, ClearState, Context, Cull, DepthTest, ElementBuffer, Interpolation, Program,
    RenderStates, RenderTarget, ScissorBox, Texture2D, VertexBuffer, Viewport, Wrapping, WriteMask,
};

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

    fn gl_mode(self) -> u32 {
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

struct Gpu {
    ctx: Context,
    mesh_program: Program,
    line_program: Program,
    shadow_program: Program,
    positions: VertexBuffer<[f32; 3]>,
    normals: VertexBuffer<[f32; 3]>,
    uvs: VertexBuffer<[f32; 2]>,
    colors: VertexBuffer<[f32; 4]>,
    /// Weight-view colours, and whether they fit the current mesh.
    overlay: VertexBuffer<[f32; 4]>,
    overlay_ready: bool,
    edge_scale: VertexBuffer<f32>,
    indices: ElementBuffer<u32>,
    vertex_count: usize,
    textures: Vec<Option<Texture2D>>,
    shared_toons: Vec<Texture2D>,
    white: Texture2D,
    grid: VertexBuffer<[f32; 3]>,
    grid_colors: VertexBuffer<[f32; 4]>,
}

const MESH_VS: &str = r#"
uniform mat4 view_proj;
uniform float edge_width;
uniform float point_size;
in vec3 position;
in vec3 normal;
in vec2 uv;
in vec4 vertex_color;
in vec4 overlay_color;
in float edge_scale;
out vec3 v_normal;
out vec2 v_uv;
out vec4 v_color;
out vec4 v_overlay;
out vec3 v_world;
void main() {
    vec3 p = position;
    if (edge_width > 0.0) {
        p += normalize(normal) * edge_width * edge_scale;
    }
    v_normal = normal;
    v_uv = uv;
    v_color = vertex_color;
    v_overlay = overlay_color;
    v_world = p;
    gl_PointSize = point_size;
    gl_Position = view_proj * vec4(p, 1.0);
}
"#;

const MESH_FS: &str = r#"
uniform vec4 diffuse;
uniform vec3 ambient;
uniform vec3 specular;
uniform float specular_power;
uniform vec3 light_dir;
uniform vec3 light_color;
uniform vec3 eye;
uniform mat4 view;
uniform int use_texture;
uniform sampler2D tex;
uniform int sphere_mode;
uniform sampler2D sphere;
uniform int use_toon;
uniform sampler2D toon;
uniform float edge_width;
uniform vec4 flat_color;
uniform int flat_mode;
uniform vec3 tex_mul;
uniform vec3 tex_add;
uniform vec3 sphere_mul;
uniform vec3 sphere_add;
uniform vec3 toon_mul;
uniform vec3 toon_add;
uniform int use_vertex_color;
uniform int overlay_mode;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_color;
in vec4 v_overlay;
in vec3 v_world;
layout (location = 0) out vec4 out_color;
void main() {
    if (edge_width > 0.0 || flat_mode == 1) {
        out_color = flat_color;
        return;
    }
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 l = -normalize(light_dir);
    // Weight view: the vertex's colour, opaque, with a little shading for shape.
    if (overlay_mode == 1) {
        out_color = vec4(v_overlay.rgb * (0.6 + 0.4 * max(dot(n, l), 0.0)), 1.0);
        return;
    }
    // MMD: saturate(diffuse * light + ambient), then texture, sphere, toon, specular.
    vec3 color = clamp(diffuse.rgb * light_color + ambient, 0.0, 1.0);
    float alpha = diffuse.a;
    // PMX 2.1 vertex colour: the spec takes additional UV1 as the colour after
    // material and lighting, before texture/sphere/toon, and leaves the maths
    // open; we multiply it in (RGBA), so a white material shows it as is.
    if (use_vertex_color == 1) {
        vec4 vc = clamp(v_color, 0.0, 1.0);
        color *= vc.rgb;
        alpha *= vc.a;
    }
    // Textures are stored bottom-up, MMD UVs run top-down.
    if (use_texture == 1) {
        vec4 t = texture(tex, vec2(v_uv.x, 1.0 - v_uv.y));
        color *= t.rgb * tex_mul + tex_add;
        alpha *= t.a;
    }
    if (sphere_mode != 0) {
        vec3 vn = normalize(mat3(view) * n);
        vec3 s = texture(sphere, vn.xy * 0.5 + 0.5).rgb * sphere_mul + sphere_add;
        if (sphere_mode == 1) color *= s; else color += s;
    }
    if (use_toon == 1) {
        float lambert = dot(n, l);
        vec3 t = texture(toon, vec2(0.5, 0.5 + lambert * 0.5)).rgb * toon_mul + toon_add;
        color *= t;
    }
    if (specular_power > 0.0) {
        vec3 h = normalize(l + normalize(eye - v_world));
        color += specular * light_color * pow(max(dot(n, h), 0.0), specular_power);
    }
    out_color = vec4(clamp(color, 0.0, 1.0), alpha);
}
"#;

const LINE_VS: &str = r#"
uniform mat4 view_proj;
in vec3 position;
in vec4 color;
out vec4 v_color;
void main() {
    v_color = color;
    gl_Position = view_proj * vec4(position, 1.0);
}
"#;

const LINE_FS: &str = r#"
in vec4 v_color;
layout (location = 0) out vec4 out_color;
void main() { out_color = v_color; }
"#;

/// MMD's ground shadow: every vertex slides along the light direction onto the
/// floor y = 0 (GL space). Vertices under the floor drop straight onto it.
const SHADOW_VS: &str = r#"
uniform mat4 view_proj;
uniform vec3 light_dir;
in vec3 position;
void main() {
    vec3 p = position - light_dir * (max(position.y, 0.0) / light_dir.y);
    p.y = 0.0;
    gl_Position = view_proj * vec4(p, 1.0);
}
"#;

const SHADOW_FS: &str = r#"
uniform vec4 shadow_color;
layout (location = 0) out vec4 out_color;
void main() { out_color = shadow_color; }
"#;

/// MMD's default light: direction (−0.5, −1, 0.5) in MMD space, colour 154/255.
fn light_dir_gl() -> Vec3 {
    mmd_to_gl(Vec3::new(-0.5, -1.0, 0.5))
}
const LIGHT_COLOR: f32 = 154.0 / 255.0;

/// The ground shadow's colour. MMD makes it a user setting; a flat translucent
/// black reads as a shadow on any background (our choice).
const GROUND_SHADOW_COLOR: [f32; 4] = [0.0, 0.0, 0.0, 0.4];

/// Uniform names of the (multiply, add) tints for texture, sphere and toon.
const TINT_UNIFORMS: [(&str, &str); 3] = [
    ("tex_mul", "tex_add"),
    ("sphere_mul", "sphere_add"),
    ("toon_mul", "toon_add"),
];

fn mat(m: Mat4) -> three_d::Mat4 {
    three_d::Mat4::from(m.to_cols_array_2d())
}
fn v3(v: Vec3) -> three_d::Vec3 {
    three_d::vec3(v.x, v.y, v.z)
}
fn v4(v: Vec4) -> three_d::Vec4 {
    three_d::vec4(v.x, v.y, v.z, v.w)
}

/// MMD's shared toon01..10 are not redistributable; these are plain two-tone ramps
/// (light above, a tinted shade below) that give the same banded look.
fn shared_toon(ctx: &Context, n: u8) -> Texture2D {
    const SHADES: [[u8; 3]; 10] = [
        [205, 205, 205],
        [225, 205, 200],
        [190, 190, 190],
        [235, 220, 215],
        [215, 205, 225],
        [200, 215, 230],
        [225, 220, 205],
        [215, 225, 205],
        [230, 210, 210],
        [210, 210, 220],
    ];
    let shade = SHADES[n as usize % 10];
    // Row 0 is the top of the image (lit side); stored bottom-up by three-d.
    let mut data = Vec::with_capacity(32);
    for row in 0..32 {
        let c = if row < 14 { [255, 255, 255] } else { shade };
        data.push([c[0], c[1], c[2], 255]);
    }
    texture_from_rgba(ctx, 1, 32, data, Wrapping::ClampToEdge)
}

fn texture_from_rgba(
    ctx: &Context,
    w: u32,
    h: u32,
    data: Vec<[u8; 4]>,
    wrap: Wrapping,
) -> Texture2D {
    Texture2D::new(
        ctx,
        &three_d::CpuTexture {
            name: String::new(),
            data: three_d::TextureData::RgbaU8(data),
            width: w,
            height: h,
            min_filter: Interpolation::Linear,
            mag_filter: Interpolation::Linear,
            mipmap: Some(three_d::Mipmap::default()),
            wrap_s: wrap,
            wrap_t: wrap,
        },
    )
}

impl Gpu {
    fn new(gl: Arc<three_d::context::Context>) -> Result<Self, String> {
        let ctx = Context::from_gl_context(gl).map_err(|e| e.to_string())?;
        let mesh_program =
            Program::from_source(&ctx, MESH_VS, MESH_FS).map_err(|e| e.to_string())?;
        let line_program =
            Program::from_source(&ctx, LINE_VS, LINE_FS).map_err(|e| e.to_string())?;
        let shadow_program =
            Program::from_source(&ctx, SHADOW_VS, SHADOW_FS).map_err(|e| e.to_string())?;
        let (grid_pos, grid_col) = grid_lines();
        Ok(Gpu {
            positions: VertexBuffer::new(&ctx),
            normals: VertexBuffer::new(&ctx),
            uvs: VertexBuffer::new(&ctx),
            colors: VertexBuffer::new(&ctx),
            overlay: VertexBuffer::new(&ctx),
            overlay_ready: false,
            edge_scale: VertexBuffer::new(&ctx),
            indices: ElementBuffer::new(&ctx),
            vertex_count: 0,
            textures: Vec::new(),
            shared_toons: (0..10).map(|n| shared_toon(&ctx, n)).collect(),
            white: texture_from_rgba(&ctx, 1, 1, vec![[255; 4]], Wrapping::Repeat),
            grid: VertexBuffer::new_with_data(&ctx, &grid_pos),
            grid_colors: VertexBuffer::new_with_data(&ctx, &grid_col),
            mesh_program,
            line_program,
            shadow_program,
            ctx,
        })
    }

    fn set_mesh(&mut self, mesh: &MeshData) {
        self.vertex_count = mesh.uvs.len();
        self.uvs.fill(&mesh.uvs);
        self.colors.fill(&mesh.colors);
        self.overlay.fill(&vec![[1.0; 4]; self.vertex_count]);
        self.overlay_ready = false;
        self.edge_scale.fill(&mesh.edge_scale);
        self.indices.fill(&mesh.indices);
        // Filled from the skinned pose right after.
        self.positions.fill(&vec![[0.0; 3]; self.vertex_count]);
        self.normals.fill(&vec![[0.0, 1.0, 0.0]; self.vertex_count]);
        self.textures.clear();
    }

    fn upload_texture(&mut self, index: usize, img: &DecodedImage) {
        if img.width == 0 || img.height == 0 {
            return;
        }
        if self.textures.len() <= index {
            self.textures.resize_with(index + 1, || None);
        }
        let data: Vec<[u8; 4]> = img
            .rgba
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect();
        self.textures[index] = Some(texture_from_rgba(
            &self.ctx,
            img.width,
            img.height,
            data,
            Wrapping::Repeat,
        ));
    }

    fn texture(&self, i: usize) -> Option<&Texture2D> {
        self.textures.get(i).and_then(|t| t.as_ref())
    }

    fn draw(
        &self,
        mesh: Option<&MeshData>,
        live: &[LiveMaterial],
        frame: &FrameSettings,
        info: &egui::PaintCallbackInfo,
    ) {
        let vp = info.viewport_in_pixels();
        let viewport = Viewport {
            x: vp.left_px,
            y: vp.from_bottom_px,
            width: vp.width_px.max(1) as u32,
            height: vp.height_px.max(1) as u32,
        };
        let [r, g, b] = frame.background;
        RenderTarget::screen(&self.ctx, info.screen_size_px[0], info.screen_size_px[1])
            .clear_partially(
                ScissorBox {
                    x: viewport.x,
                    y: viewport.y,
                    width: viewport.width,
                    height: viewport.height,
                },
                ClearState::color_and_depth(r, g, b, 1.0, 1.0),
            );
        self.ctx.set_scissor(ScissorBox {
            x: viewport.x,
            y: viewport.y,
            width: viewport.width,
            height: viewport.height,
        });

        if frame.grid {
            let p = &self.line_program;
            p.use_uniform("view_proj", mat(frame.view_proj));
            p.use_vertex_attribute("position", &self.grid);
            p.use_vertex_attribute("color", &self.grid_colors);
            let states = RenderStates {
                depth_test: DepthTest::LessOrEqual,
                blend: Blend::TRANSPARENCY,
                write_mask: WriteMask::COLOR_AND_DEPTH,
                cull: Cull::None,
            };
            let count = self.grid.vertex_count() as i32;
            p.draw_with(states, viewport, || unsafe {
                self.ctx.draw_arrays(three_d::context::LINES, 0, count);
            });
        }

        let Some(mesh) = mesh else { return };
        if self.vertex_count == 0 || self.indices.count() == 0 {
            return;
        }
        let visible = |i: usize| frame.material_visible.get(i).copied().unwrap_or(true);
        let live_at = |i: usize, m: &DrawMaterial| live.get(i).copied().unwrap_or_else(|| m.rest());
        if frame.ground_shadow {
            self.draw_ground_shadow(mesh, frame, viewport, |i, m| {
                visible(i) && live_at(i, m).diffuse.w > 0.0
            });
        }
        let p = &self.mesh_program;
        p.use_uniform("view_proj", mat(frame.view_proj));
        p.use_uniform_if_required("view", mat(frame.view));
        p.use_uniform_if_required("eye", v3(frame.eye));
        p.use_uniform_if_required("light_dir", v3(light_dir_gl()));
        p.use_uniform_if_required("light_color", v3(Vec3::splat(LIGHT_COLOR)));
        p.use_uniform_if_required("point_size", 1.0f32);
        let triangles = |m: &DrawMaterial| m.primitive == Primitive::Triangles;

        let overlay = frame.weight_overlay && self.overlay_ready;
        p.use_uniform_if_required("overlay_mode", overlay as i32);
        if frame.show_mesh {
            p.use_uniform_if_required("edge_width", 0.0f32);
            p.use_uniform_if_required("flat_mode", 0i32);
            // Desktop GL takes gl_PointSize only with this on (GLES always does).
            let embedded = self.ctx.version().is_embedded;
            if !embedded {
                unsafe { self.ctx.enable(three_d::context::PROGRAM_POINT_SIZE) };
            }
            for (i, m) in mesh.materials.iter().enumerate() {
                let v = live_at(i, m);
                if m.index_count == 0 || !visible(i) || v.diffuse.w <= 0.0 {
                    continue;
                }
                self.set_material(m, &v);
                if m.primitive == Primitive::Points {
                    // The edge size is the point size (spec), taken in pixels as
                    // D3D9 point lists draw in PMX Editor; never under 1 px (D3D's minimum).
                    p.use_uniform_if_required("point_size", v.edge_size.max(1.0));
                }
                // Lines are 1 px, as D3D9 line lists are (the spec names no width).
                let states = RenderStates {
                    depth_test: DepthTest::LessOrEqual,
                    blend: Blend::TRANSPARENCY,
                    write_mask: WriteMask::COLOR_AND_DEPTH,
                    cull: if !triangles(m) || m.flags.has(MaterialFlags::DOUBLE_SIDED) {
                        Cull::None
                    } else {
                        Cull::Back
                    },
                };
                self.draw_range(p, states, viewport, m, m.primitive);
            }
            p.use_uniform_if_required("point_size", 1.0f32);
            if !embedded {
                unsafe { self.ctx.disable(three_d::context::PROGRAM_POINT_SIZE) };
            }
            if frame.edges {
                // Inverted hull: back faces pushed out along the normal, scaled with distance.
                // Point and line materials have no edge (spec, as PMX Editor).
                let unit = frame.camera_distance * 0.0012;
                p.use_uniform_if_required("sphere_mode", 0i32);
                for (i, m) in mesh.materials.iter().enumerate() {
                    let v = live_at(i, m);
                    if m.index_count == 0
                        || !triangles(m)
                        || !visible(i)
                        || !m.flags.has(MaterialFlags::EDGE)
                        || v.edge_size <= 0.0
                        || v.diffuse.w <= 0.0
                    {
                        continue;
                    }
                    p.use_uniform_if_required("edge_width", v.edge_size * unit);
                    p.use_uniform_if_required("flat_color", v4(v.edge_color));
                    let states = RenderStates {
                        depth_test: DepthTest::LessOrEqual,
                        blend: Blend::TRANSPARENCY,
                        write_mask: WriteMask::COLOR_AND_DEPTH,
                        cull: Cull::Front,
                    };
                    self.draw_range(p, states, viewport, m, Primitive::Triangles);
                }
                p.use_uniform_if_required("edge_width", 0.0f32);
            }
        }
        if frame.wireframe {
            p.use_uniform_if_required("edge_width", 0.0f32);
            p.use_uniform_if_required("flat_mode", 1i32);
            p.use_uniform_if_required("flat_color", three_d::vec4(0.1, 0.1, 0.15, 0.6));
            let states = RenderStates {
                depth_test: DepthTest::LessOrEqual,
                blend: Blend::TRANSPARENCY,
                write_mask: WriteMask::COLOR,
                cull: Cull::None,
            };
            unsafe {
                self.ctx
                    .polygon_mode(three_d::context::FRONT_AND_BACK, three_d::context::LINE);
            }
            for (i, m) in mesh.materials.iter().enumerate() {
                if m.index_count > 0 && triangles(m) && visible(i) {
                    self.draw_range(p, states, viewport, m, Primitive::Triangles);
                }
            }
            unsafe {
                self.ctx
                    .polygon_mode(three_d::context::FRONT_AND_BACK, three_d::context::FILL);
            }
            p.use_uniform_if_required("flat_mode", 0i32);
        }
    }

    /// The ground shadow of every material with the ground-shadow flag (point
    /// materials never cast one, as in PMX Editor; line materials do). A stencil
    /// pass darkens each floor pixel once however many triangles cover it; without
    /// a stencil buffer overlaps come out darker.
    fn draw_ground_shadow(
        &self,
        mesh: &MeshData,
        frame: &FrameSettings,
        viewport: Viewport,
        shown: impl Fn(usize, &DrawMaterial) -> bool,
    ) {
        let p = &self.shadow_program;
        p.use_uniform("view_proj", mat(frame.view_proj));
        p.use_uniform("light_dir", v3(light_dir_gl()));
        p.use_uniform("shadow_color", v4(Vec4::from(GROUND_SHADOW_COLOR)));
        let states = RenderStates {
            depth_test: DepthTest::Always,
            blend: Blend::TRANSPARENCY,
            write_mask: WriteMask::COLOR,
            cull: Cull::None,
        };
        unsafe {
            use three_d::context as gl;
            self.ctx.stencil_mask(0xff);
            self.ctx.clear_stencil(0);
            self.ctx.clear(gl::STENCIL_BUFFER_BIT);
            self.ctx.enable(gl::STENCIL_TEST);
            self.ctx.stencil_func(gl::EQUAL, 0, 0xff);
            self.ctx.stencil_op(gl::KEEP, gl::KEEP, gl::INCR);
        }
        for (i, m) in mesh.materials.iter().enumerate() {
            if m.index_count > 0
                && m.primitive != Primitive::Points
                && m.flags.has(MaterialFlags::GROUND_SHADOW)
                && shown(i, m)
            {
                self.draw_range(p, states, viewport, m, m.primitive);
            }
        }
        unsafe { self.ctx.disable(three_d::context::STENCIL_TEST) };
    }

    /// One material's index range as `primitive`. three-d disables the vertex
    /// attributes after every draw, so they are bound again each time; and
    /// glDrawElements wants the first index as a byte offset.
    fn draw_range(
        &self,
        p: &Program,
        states: RenderStates,
        viewport: Viewport,
        m: &DrawMaterial,
        primitive: Primitive,
    ) {
        p.use_vertex_attribute("position", &self.positions);
        if p.requires_attribute("normal") {
            p.use_vertex_attribute("normal", &self.normals);
        }
        if p.requires_attribute("uv") {
            p.use_vertex_attribute("uv", &self.uvs);
        }
        if p.requires_attribute("vertex_color") {
            p.use_vertex_attribute("vertex_color", &self.colors);
        }
        if p.requires_attribute("overlay_color") {
            p.use_vertex_attribute("overlay_color", &self.overlay);
        }
        if p.requires_attribute("edge_scale") {
            p.use_vertex_attribute("edge_scale", &self.edge_scale);
        }
        p.draw_elements_with(states, viewport, &self.indices, || unsafe {
            self.ctx.draw_elements(
                primitive.gl_mode(),
                m.index_count as i32,
                three_d::context::UNSIGNED_INT,
                (m.first_index * 4) as i32,
            );
        });
    }

    fn set_material(&self, m: &DrawMaterial, v: &LiveMaterial) {
        let p = &self.mesh_program;
        p.use_uniform_if_required("diffuse", v4(v.diffuse));
        p.use_uniform_if_required("ambient", v3(v.ambient));
        p.use_uniform_if_required("specular", v3(v.specular));
        p.use_uniform_if_required("specular_power", v.specular_power);
        p.use_uniform_if_required("use_vertex_color", m.vertex_color as i32);
        for ((mul, add), (m, a)) in TINT_UNIFORMS.iter().zip(v.tints) {
            p.use_uniform_if_required(mul, v3(m));
            p.use_uniform_if_required(add, v3(a));
        }
        let texture = m.texture.and_then(|t| self.texture(t));
        p.use_uniform_if_required("use_texture", texture.is_some() as i32);
        if p.requires_uniform("tex") {
            p.use_texture("tex", texture.unwrap_or(&self.white));
        }
        let sphere = m
            .sphere
            .and_then(|(t, mode)| Some((self.texture(t)?, mode)));
        p.use_uniform_if_required(
            "sphere_mode",
            match sphere {
                Some((_, SphereMode::Multiply)) => 1i32,
                Some((_, SphereMode::Add)) => 2,
                _ => 0,
            },
        );
        if p.requires_uniform("sphere") {
            p.use_texture("sphere", sphere.map_or(&self.white, |s| s.0));
        }
        let toon = match m.toon {
            ToonRef::None => None,
            ToonRef::Shared(n) => self.shared_toons.get(n as usize),
            ToonRef::Texture(t) => self.texture(t),
        };
        p.use_uniform_if_required("use_toon", toon.is_some() as i32);
        if p.requires_uniform("toon") {
            p.use_texture("toon", toon.unwrap_or(&self.white));
        }
    }
}

/// A 40×40 unit floor grid (5-unit lines) with the X (red) and Z (blue) axes.
fn grid_lines() -> (Vec<[f32; 3]>, Vec<[f32; 4]>) {
    let mut pos = Vec::new();
    let mut col = Vec::new();
    let half = 40.0f32;
    for i in -8..=8 {
        let t = i as f32 * 5.0;
        let c = [0.75, 0.75, 0.78, if i == 0 { 0.0 } else { 0.35 }];
        pos.extend_from_slice(&[
            [t, 0.0, -half],
            [t, 0.0, half],
            [-half, 0.0, t],
            [half, 0.0, t],
        ]);
        col.extend_from_slice(&[c, c, c, c]);
    }
    pos.extend_from_slice(&[
        [-half, 0.0, 0.0],
        [half, 0.0, 0.0],
        [0.0, 0.0, -half],
        [0.0, 0.0, half],
    ]);
    col.extend_from_slice(&[
        [0.9, 0.3, 0.3, 0.9],
        [0.9, 0.3, 0.3, 0.9],
        [0.3, 0.4, 0.95, 0.9],
        [0.3, 0.4, 0.95, 0.9],
    ]);
    (pos, col)
}

#[cfg(test)]
mod tests {
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
    fn vertex_color_quads() -> Model {
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
