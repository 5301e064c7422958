//! GLSL sources of the viewport's programs: the mesh (MMD shading, edges,
//! points/lines), plain coloured lines (grid) and the ground shadow.

pub(super) const MESH_VS: &str = r#"
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

pub(super) const MESH_FS: &str = r#"
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

pub(super) const LINE_VS: &str = r#"
uniform mat4 view_proj;
in vec3 position;
in vec4 color;
out vec4 v_color;
void main() {
    v_color = color;
    gl_Position = view_proj * vec4(position, 1.0);
}
"#;

pub(super) const LINE_FS: &str = r#"
in vec4 v_color;
layout (location = 0) out vec4 out_color;
void main() { out_color = v_color; }
"#;

/// MMD's ground shadow: every vertex slides along the light direction onto the
/// floor y = 0 (GL space). Vertices under the floor drop straight onto it.
pub(super) const SHADOW_VS: &str = r#"
uniform mat4 view_proj;
uniform vec3 light_dir;
in vec3 position;
void main() {
    vec3 p = position - light_dir * (max(position.y, 0.0) / light_dir.y);
    p.y = 0.0;
    gl_Position = view_proj * vec4(p, 1.0);
}
"#;

pub(super) const SHADOW_FS: &str = r#"
uniform vec4 shadow_color;
layout (location = 0) out vec4 out_color;
void main() { out_color = shadow_color; }
"#;
