//! The GL side of the viewport: buffers, textures and programs on three-d's
//! context, and the draw calls of one frame (ground shadow, materials, edges, grid).

use eframe::egui;

use super::shaders::*;
use super::{DrawMaterial, FrameSettings, LiveMaterial, MeshData, Primitive, ToonRef};
use crate::app::textures::DecodedImage;
use crate::app::viewport::camera::mmd_to_gl;
use crate::pmx::{MaterialFlags, SphereMode};
use glam::{Mat4, Vec3, Vec4};
use std::sync::Arc;
use three_d::context::HasContext;
use three_d::{
    Blend, ClearState, Context, Cull, DepthTest, ElementBuffer, Interpolation, Program,
    RenderStates, RenderTarget, ScissorBox, Texture2D, VertexBuffer, Viewport, Wrapping, WriteMask,
};

pub(super) struct Gpu {
    ctx: Context,
    mesh_program: Program,
    line_program: Program,
    shadow_program: Program,
    pub(super) positions: VertexBuffer<[f32; 3]>,
    pub(super) normals: VertexBuffer<[f32; 3]>,
    pub(super) uvs: VertexBuffer<[f32; 2]>,
    pub(super) colors: VertexBuffer<[f32; 4]>,
    /// Weight-view colours, and whether they fit the current mesh.
    pub(super) overlay: VertexBuffer<[f32; 4]>,
    pub(super) overlay_ready: bool,
    edge_scale: VertexBuffer<f32>,
    indices: ElementBuffer<u32>,
    pub(super) vertex_count: usize,
    pub(super) textures: Vec<Option<Texture2D>>,
    shared_toons: Vec<Texture2D>,
    white: Texture2D,
    grid: VertexBuffer<[f32; 3]>,
    grid_colors: VertexBuffer<[f32; 4]>,
}

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

/// MMD's shared toon `n` (0 = toon01) from its measured ramp ([`super::toons`]).
fn shared_toon(ctx: &Context, n: u8) -> Texture2D {
    // Row 0 is the top of the image (lit side), as the shader samples it.
    let data = super::toons::shared_toon_rows(n)
        .iter()
        .map(|c| [c[0], c[1], c[2], 255])
        .collect();
    texture_from_rgba(
        ctx,
        1,
        super::toons::ROWS as u32,
        data,
        Wrapping::ClampToEdge,
    )
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
    pub(super) fn new(gl: Arc<three_d::context::Context>) -> Result<Self, String> {
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

    pub(super) fn set_mesh(&mut self, mesh: &MeshData) {
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

    pub(super) fn upload_texture(&mut self, index: usize, img: &DecodedImage) {
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

    pub(super) fn draw(
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
