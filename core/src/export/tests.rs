//! glTF export read back: the GLB's JSON and its accessors, checked against the model.

use super::gltf::export;
use super::*;
use crate::pmx::{
    Bone, Material, MaterialFlags, Model, Morph, MorphOffsets, Vertex, VertexOffset, Weights,
};
use glam::{Vec2, Vec3, Vec4};
use serde_json::Value;

mod vrm;

/// The GLB's JSON and binary chunk.
pub(crate) fn split_glb(bytes: &[u8]) -> (Value, Vec<u8>) {
    assert_eq!(&bytes[0..4], b"glTF");
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap()) as usize;
    assert_eq!(u32_at(4), 2, "version");
    assert_eq!(u32_at(8), bytes.len(), "total length");
    let json_len = u32_at(12);
    assert_eq!(&bytes[16..20], b"JSON");
    let json: Value = serde_json::from_slice(&bytes[20..20 + json_len]).unwrap();
    let bin_start = 20 + json_len;
    if bin_start == bytes.len() {
        return (json, Vec::new());
    }
    let bin_len = u32_at(bin_start);
    assert_eq!(&bytes[bin_start + 4..bin_start + 8], b"BIN\0");
    (json, bytes[bin_start + 8..bin_start + 8 + bin_len].to_vec())
}

fn view<'a>(json: &Value, bin: &'a [u8], view: &Value) -> &'a [u8] {
    let v = &json["bufferViews"][view.as_u64().unwrap() as usize];
    let offset = v["byteOffset"].as_u64().unwrap() as usize;
    &bin[offset..offset + v["byteLength"].as_u64().unwrap() as usize]
}

/// An accessor's values as f64 (float, u16 or u32 components), sparse values applied.
pub(crate) fn accessor(json: &Value, bin: &[u8], index: usize) -> Vec<f64> {
    let a = &json["accessors"][index];
    let width = match a["type"].as_str().unwrap() {
        "SCALAR" => 1,
        "VEC2" => 2,
        "VEC3" => 3,
        "VEC4" => 4,
        "MAT4" => 16,
        t => panic!("type {t}"),
    };
    let read = |bytes: &[u8], component: u64| -> Vec<f64> {
        match component {
            5126 => bytes
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
                .collect(),
            5125 => bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()) as f64)
                .collect(),
            5123 => bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes(c.try_into().unwrap()) as f64)
                .collect(),
            c => panic!("component {c}"),
        }
    };
    let count = a["count"].as_u64().unwrap() as usize;
    let component = a["componentType"].as_u64().unwrap();
    let mut values = match a.get("bufferView") {
        Some(v) => read(view(json, bin, v), component),
        None => vec![0.0; count * width],
    };
    assert_eq!(values.len(), count * width);
    if let Some(sparse) = a.get("sparse") {
        let indices = read(
            view(json, bin, &sparse["indices"]["bufferView"]),
            sparse["indices"]["componentType"].as_u64().unwrap(),
        );
        let sparse_values = read(view(json, bin, &sparse["values"]["bufferView"]), component);
        for (k, i) in indices.iter().enumerate() {
            let i = *i as usize;
            values[i * width..(i + 1) * width]
                .copy_from_slice(&sparse_values[k * width..(k + 1) * width]);
        }
    }
    values
}

/// Two bones (root at the origin, child at (0, 10, 5)), one quad in two materials (the second
/// double-sided, half transparent), one SDEF vertex, a BDEF4 vertex whose weights sum to 2 and a
/// vertex morph, plus an IK bone and a group morph the glTF cannot carry.
fn little_model() -> Model {
    let mut m = Model::default();
    m.info.name = "小さい".into();
    m.bones.push(Bone {
        name: "センター".into(),
        ..Default::default()
    });
    m.bones.push(Bone {
        name: "頭".into(),
        position: Vec3::new(0.0, 10.0, 5.0),
        parent: 0,
        ..Default::default()
    });
    let v = |p: Vec3, weights: Weights| Vertex {
        position: p,
        normal: Vec3::new(0.0, 0.0, -2.0),
        uv: Vec2::new(p.x, p.y),
        weights,
        ..Default::default()
    };
    m.vertices = vec![
        v(Vec3::new(0.0, 0.0, 1.0), Weights::Bdef1 { bone: 0 }),
        v(
            Vec3::new(1.0, 0.0, 1.0),
            Weights::Sdef {
                bones: [0, 1],
                weight: 0.25,
                c: Vec3::ZERO,
                r0: Vec3::ZERO,
                r1: Vec3::ZERO,
            },
        ),
        v(
            Vec3::new(1.0, 1.0, 1.0),
            Weights::Bdef4 {
                bones: [0, 1, 1, -1],
                weights: [1.0, 0.5, 0.5, 0.0],
            },
        ),
        v(
            Vec3::new(0.0, 1.0, 1.0),
            Weights::Bdef2 {
                bones: [1, 7],
                weight: 1.0,
            },
        ),
    ];
    m.faces = vec![[0, 1, 2], [0, 2, 3]];
    m.materials = vec![
        Material {
            name: "肌".into(),
            diffuse: Vec4::new(1.0, 0.5, 0.25, 1.0),
            face_index_count: 3,
            ..Default::default()
        },
        Material {
            name: "布".into(),
            diffuse: Vec4::new(0.0, 0.0, 1.0, 0.5),
            flags: MaterialFlags(MaterialFlags::DOUBLE_SIDED),
            face_index_count: 3,
            ..Default::default()
        },
    ];
    m.morphs.push(Morph {
        name: "あ".into(),
        name_en: String::new(),
        panel: 3,
        offsets: MorphOffsets::Vertex(vec![
            VertexOffset {
                vertex: 2,
                offset: Vec3::new(0.0, 0.0, 1.0),
            },
            VertexOffset {
                vertex: 2,
                offset: Vec3::new(1.0, 0.0, 0.0),
            },
            VertexOffset {
                vertex: 99,
                offset: Vec3::ONE,
            },
        ]),
    });
    m.morphs.push(Morph {
        name: "まとめ".into(),
        name_en: String::new(),
        panel: 4,
        offsets: MorphOffsets::Group(vec![]),
    });
    m.bones.push(Bone {
        name: "足ＩＫ".into(),
        ik: Some(crate::pmx::Ik {
            target: 1,
            loop_count: 40,
            limit_angle: 1.0,
            links: vec![],
        }),
        ..Default::default()
    });
    m
}

fn glb_options() -> ExportOptions {
    ExportOptions::new(ExportFormat::Glb)
}

#[test]
fn geometry_is_mirrored_in_metres_with_winding_reversed() {
    let model = little_model();
    let (bytes, _) = export(&model, &glb_options()).unwrap();
    let (json, bin) = split_glb(&bytes);
    let prims = json["meshes"][0]["primitives"].as_array().unwrap();
    assert_eq!(prims.len(), 2, "one primitive per material");
    let position = prims[0]["attributes"]["POSITION"].as_u64().unwrap() as usize;
    let positions = accessor(&json, &bin, position);
    // Vertex 2 at MMD (1, 1, 1) → (0.08, 0.08, -0.08).
    assert_eq!(
        &positions[6..9],
        &[0.08f32 as f64, 0.08f32 as f64, -0.08f32 as f64]
    );
    let normal = prims[0]["attributes"]["NORMAL"].as_u64().unwrap() as usize;
    assert_eq!(
        &accessor(&json, &bin, normal)[0..3],
        &[0.0, 0.0, 1.0],
        "mirrored, unit"
    );
    let indices = accessor(&json, &bin, prims[0]["indices"].as_u64().unwrap() as usize);
    assert_eq!(indices, vec![0.0, 2.0, 1.0], "MMD's (0, 1, 2) reversed");
    let indices = accessor(&json, &bin, prims[1]["indices"].as_u64().unwrap() as usize);
    assert_eq!(indices, vec![0.0, 3.0, 2.0]);
    // The child bone's node is placed relative to its parent, mirrored.
    let head = &json["nodes"][1];
    assert_eq!(head["name"], "頭");
    let t: Vec<f64> = head["translation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(
        (t[1] - 0.8).abs() < 1e-6 && (t[2] + 0.4).abs() < 1e-6,
        "{t:?}"
    );
    assert_eq!(json["nodes"][0]["children"], serde_json::json!([1]));
    // Inverse bind matrix of 頭: translation by minus its position.
    let skin = &json["skins"][0];
    let ibm = accessor(
        &json,
        &bin,
        skin["inverseBindMatrices"].as_u64().unwrap() as usize,
    );
    assert!((ibm[16 + 13] + 0.8).abs() < 1e-6 && (ibm[16 + 14] - 0.4).abs() < 1e-6);
    assert_eq!(skin["joints"].as_array().unwrap().len(), 3);
}

#[test]
fn weights_become_four_normalised_joints_and_sdef_is_reported() {
    let model = little_model();
    let (bytes, report) = export(&model, &glb_options()).unwrap();
    let (json, bin) = split_glb(&bytes);
    let attrs = &json["meshes"][0]["primitives"][0]["attributes"];
    let joints = accessor(&json, &bin, attrs["JOINTS_0"].as_u64().unwrap() as usize);
    let weights = accessor(&json, &bin, attrs["WEIGHTS_0"].as_u64().unwrap() as usize);
    // SDEF 0.25/0.75 → bone 1 first (the larger).
    assert_eq!(&joints[4..6], &[1.0, 0.0]);
    assert_eq!(&weights[4..8], &[0.75, 0.25, 0.0, 0.0]);
    // BDEF4 [0: 1, 1: 0.5, 1: 0.5] → bone 1 merged to 1.0, then halved with bone 0.
    assert_eq!(&weights[8..10], &[0.5, 0.5]);
    // BDEF2 with bone 7 (missing) at weight 0 → bone 1 alone.
    assert_eq!((joints[12], weights[12], weights[13]), (1.0, 1.0, 0.0));
    assert!(report
        .notes
        .contains(&ExportNote::SdefAsLinear { vertices: 1 }));
    assert!(report
        .notes
        .contains(&ExportNote::WeightsNormalised { vertices: 1 }));
    assert!(report.notes.contains(&ExportNote::IkDropped { bones: 1 }));
    assert!(report
        .notes
        .contains(&ExportNote::MorphsDropped { count: 1 }));
    for note in &report.notes {
        assert!(!note.message().is_empty());
    }
}

#[test]
fn vertex_morphs_become_sparse_named_targets_and_materials_keep_alpha_and_sides() {
    let model = little_model();
    let (bytes, _) = export(&model, &glb_options()).unwrap();
    let (json, bin) = split_glb(&bytes);
    let mesh = &json["meshes"][0];
    assert_eq!(mesh["extras"]["targetNames"], serde_json::json!(["あ"]));
    let target = mesh["primitives"][1]["targets"][0]["POSITION"]
        .as_u64()
        .unwrap() as usize;
    let offsets = accessor(&json, &bin, target);
    assert_eq!(offsets.len(), 12);
    // The two offsets of vertex 2 summed ((1, 0, 1) → (0.08, 0, -0.08)); vertex 99 ignored.
    assert_eq!(&offsets[6..9], &[0.08f32 as f64, 0.0, -0.08f32 as f64]);
    assert!(offsets[..6].iter().chain(&offsets[9..]).all(|x| *x == 0.0));
    let materials = json["materials"].as_array().unwrap();
    assert_eq!(materials[0]["alphaMode"], "OPAQUE");
    assert_eq!(materials[0]["doubleSided"], false);
    assert_eq!(materials[1]["alphaMode"], "BLEND");
    assert_eq!(materials[1]["doubleSided"], true);
    assert_eq!(
        materials[1]["pbrMetallicRoughness"]["baseColorFactor"],
        serde_json::json!([0.0, 0.0, 1.0, 0.5])
    );
}

#[test]
fn gltf_embeds_the_same_buffer_as_a_data_uri_and_output_is_deterministic() {
    use base64::Engine as _;
    let model = little_model();
    let (glb, _) = export(&model, &glb_options()).unwrap();
    let (glb_again, _) = export(&model, &glb_options()).unwrap();
    assert_eq!(glb, glb_again, "same model, same bytes");
    let options = ExportOptions::new(ExportFormat::Gltf);
    let (gltf, _) = export(&model, &options).unwrap();
    let json: Value = serde_json::from_slice(&gltf).unwrap();
    let uri = json["buffers"][0]["uri"].as_str().unwrap();
    let data = uri
        .strip_prefix("data:application/octet-stream;base64,")
        .unwrap();
    let bin = base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap();
    let (_, glb_bin) = split_glb(&glb);
    assert_eq!(bin, glb_bin);
    assert_eq!(
        json["buffers"][0]["byteLength"].as_u64().unwrap() as usize,
        bin.len()
    );
}

#[test]
fn bad_references_do_not_panic() {
    let mut model = little_model();
    model.bones[0].parent = 1; // 0 ↔ 1 cycle
    model.faces.push([0, 1, 500]);
    model.materials[1].face_index_count = 900;
    model.vertices[0].position = Vec3::new(f32::NAN, 0.0, 0.0);
    let (bytes, report) = export(&model, &glb_options()).unwrap();
    let (json, _) = split_glb(&bytes);
    assert!(report
        .notes
        .contains(&ExportNote::BadFacesDropped { count: 1 }));
    // The cycle is cut: some bone is a scene root and every bone is reached once.
    let roots = json["scenes"][0]["nodes"].as_array().unwrap();
    assert!(roots.iter().any(|r| r.as_u64().unwrap() < 3));
    let empty = Model::default();
    let (bytes, _) = export(&empty, &glb_options()).unwrap();
    let (json, bin) = split_glb(&bytes);
    assert!(json.get("meshes").is_none() && bin.is_empty());
}
