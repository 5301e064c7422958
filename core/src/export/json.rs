//! The subset of glTF 2.0's JSON that export writes, as serde structs.
//!
//! Our own structs rather than the `gltf-json` crate: export needs about a dozen types, the VRM
//! extensions (VRMC_*) are not in `gltf-json` and would go through its untyped extension maps
//! anyway, and fields serialise in declaration order (maps are `BTreeMap`), so the same model
//! always gives the same bytes. Field names follow the glTF schema (camelCase).

use serde::Serialize;
use std::collections::BTreeMap;

pub type Extensions = BTreeMap<String, serde_json::Value>;

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Root {
    pub asset: Asset,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extensions_used: Vec<String>,
    pub scene: usize,
    pub scenes: Vec<Scene>,
    pub nodes: Vec<Node>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub meshes: Vec<Mesh>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skins: Vec<Skin>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub materials: Vec<Material>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub textures: Vec<Texture>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<Image>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub samplers: Vec<Sampler>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub accessors: Vec<Accessor>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub buffer_views: Vec<BufferView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub buffers: Vec<Buffer>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub extensions: Extensions,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Asset {
    pub version: String,
    pub generator: String,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Scene {
    pub name: String,
    pub nodes: Vec<usize>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Node {
    pub name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translation: Option<[f32; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mesh: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skin: Option<usize>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Mesh {
    pub name: String,
    pub primitives: Vec<Primitive>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub weights: Vec<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extras: Option<MeshExtras>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MeshExtras {
    /// The morph targets' names: the convention three.js, Blender and Babylon read.
    pub target_names: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Primitive {
    pub attributes: BTreeMap<String, usize>,
    pub indices: usize,
    pub material: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<BTreeMap<String, usize>>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Skin {
    pub name: String,
    pub inverse_bind_matrices: usize,
    pub joints: Vec<usize>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Material {
    pub name: String,
    pub pbr_metallic_roughness: Pbr,
    pub alpha_mode: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alpha_cutoff: Option<f32>,
    pub double_sided: bool,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub extensions: Extensions,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pbr {
    pub base_color_factor: [f32; 4],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_color_texture: Option<TextureRef>,
    pub metallic_factor: f32,
    pub roughness_factor: f32,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct TextureRef {
    pub index: usize,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Texture {
    pub sampler: usize,
    pub source: usize,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    pub name: String,
    pub buffer_view: usize,
    pub mime_type: &'static str,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sampler {
    pub mag_filter: u32,
    pub min_filter: u32,
    pub wrap_s: u32,
    pub wrap_t: u32,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Accessor {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buffer_view: Option<usize>,
    pub component_type: u32,
    pub count: usize,
    #[serde(rename = "type")]
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<Vec<f32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Vec<f32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sparse: Option<Sparse>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Sparse {
    pub count: usize,
    pub indices: SparseIndices,
    pub values: SparseValues,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SparseIndices {
    pub buffer_view: usize,
    pub component_type: u32,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SparseValues {
    pub buffer_view: usize,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BufferView {
    pub buffer: usize,
    pub byte_offset: usize,
    pub byte_length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Buffer {
    pub byte_length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
}

pub const FLOAT: u32 = 5126;
pub const UNSIGNED_SHORT: u32 = 5123;
pub const UNSIGNED_INT: u32 = 5125;
pub const ARRAY_BUFFER: u32 = 34962;
pub const ELEMENT_ARRAY_BUFFER: u32 = 34963;
pub const LINEAR: u32 = 9729;
pub const LINEAR_MIPMAP_LINEAR: u32 = 9987;
pub const REPEAT: u32 = 10497;
