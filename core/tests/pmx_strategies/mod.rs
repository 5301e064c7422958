//! Proptest strategies for whole random PMX models (`pmx_proptest.rs`):
//! every element kind, references in and out of range, both versions' features.

use glam::{Vec2, Vec3, Vec4};
use hone_core::pmx::*;
use proptest::collection::vec;
use proptest::prelude::*;

// ------------------------------------------------------------------ leaves

fn float() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(1.0f32),
        Just(-0.0f32),
        -1.0e4f32..1.0e4f32,
        any::<f32>().prop_filter("finite (NaN != NaN)", |x| x.is_finite()),
    ]
}

fn v2() -> impl Strategy<Value = Vec2> {
    (float(), float()).prop_map(|(x, y)| Vec2::new(x, y))
}
fn v3() -> impl Strategy<Value = Vec3> {
    (float(), float(), float()).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}
fn v4() -> impl Strategy<Value = Vec4> {
    (float(), float(), float(), float()).prop_map(|(x, y, z, w)| Vec4::new(x, y, z, w))
}

/// Any valid text: Japanese, astral-plane characters (UTF-16 surrogate pairs), CR/LF.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[a-zA-Z0-9 _.]{0,8}",
        "[ぁ-んァ-ン一-龠右左ひじ足ＩＫ]{1,6}",
        "(?s).{0,6}",
        Just("😀\r\n𠮷".to_string()),
    ]
}

/// A reference into `n` elements: mostly valid, sometimes none, rarely anything.
fn reference(n: usize) -> impl Strategy<Value = i32> {
    prop_oneof![
        8 => -1..(n as i32 + 1),
        1 => Just(-1),
        1 => any::<i32>(),
    ]
}

/// Vertex references: non-negative mostly, since 1/2-byte vertex indices are unsigned.
fn vertex_ref(n: usize) -> impl Strategy<Value = i32> {
    prop_oneof![
        9 => 0..(n as i32 + 2),
        1 => any::<i32>(),
    ]
}

#[derive(Debug, Clone, Copy)]
struct Counts {
    vertices: usize,
    textures: usize,
    materials: usize,
    bones: usize,
    morphs: usize,
    rigid_bodies: usize,
    n_uv: u8,
}

// ------------------------------------------------------------------ elements

fn weights(c: Counts) -> impl Strategy<Value = Weights> {
    let b = move || reference(c.bones);
    prop_oneof![
        b().prop_map(|bone| Weights::Bdef1 { bone }),
        (b(), b(), float()).prop_map(|(x, y, weight)| Weights::Bdef2 {
            bones: [x, y],
            weight
        }),
        ([b(), b(), b(), b()], [float(), float(), float(), float()])
            .prop_map(|(bones, weights)| Weights::Bdef4 { bones, weights }),
        (b(), b(), float(), v3(), v3(), v3()).prop_map(|(x, y, weight, c, r0, r1)| Weights::Sdef {
            bones: [x, y],
            weight,
            c,
            r0,
            r1
        }),
        ([b(), b(), b(), b()], [float(), float(), float(), float()])
            .prop_map(|(bones, weights)| Weights::Qdef { bones, weights }),
    ]
}

fn vertex(c: Counts) -> impl Strategy<Value = Vertex> {
    (
        v3(),
        v3(),
        v2(),
        [v4(), v4(), v4(), v4()],
        weights(c),
        float(),
    )
        .prop_map(
            move |(position, normal, uv, mut additional_uvs, weights, edge_scale)| {
                // Only the header's number of additional UVs is stored.
                for uv in additional_uvs.iter_mut().skip(c.n_uv as usize) {
                    *uv = Vec4::ZERO;
                }
                Vertex {
                    position,
                    normal,
                    uv,
                    additional_uvs,
                    weights,
                    edge_scale,
                }
            },
        )
}

fn material(c: Counts) -> impl Strategy<Value = Material> {
    let t = move || reference(c.textures);
    (
        (text(), text(), v4(), v3(), float(), v3(), any::<u8>()),
        (v4(), float(), t(), t(), any::<u8>()),
        (
            prop_oneof![
                any::<u8>().prop_map(Toon::Shared),
                t().prop_map(Toon::Texture)
            ],
            text(),
            any::<i32>(),
        ),
    )
        .prop_map(
            |(
                (name, name_en, diffuse, specular, specular_power, ambient, flags),
                (edge_color, edge_size, texture, sphere_texture, sphere),
                (toon, memo, face_index_count),
            )| Material {
                name,
                name_en,
                diffuse,
                specular,
                specular_power,
                ambient,
                flags: MaterialFlags(flags),
                edge_color,
                edge_size,
                texture,
                sphere_texture,
                sphere_mode: SphereMode::from_u8(sphere),
                toon,
                memo,
                face_index_count,
            },
        )
}

fn ik(c: Counts) -> impl Strategy<Value = Ik> {
    let link = (
        reference(c.bones),
        proptest::option::of((v3(), v3()).prop_map(|(lower, upper)| IkLimits { lower, upper })),
    )
        .prop_map(|(bone, limits)| IkLink { bone, limits });
    (reference(c.bones), any::<i32>(), float(), vec(link, 0..4)).prop_map(
        |(target, loop_count, limit_angle, links)| Ik {
            target,
            loop_count,
            limit_angle,
            links,
        },
    )
}

fn bone(c: Counts) -> impl Strategy<Value = Bone> {
    let append = (reference(c.bones), float(), 1u8..4).prop_map(|(parent, ratio, rt)| Append {
        parent,
        ratio,
        // An append always has at least one of the two flag bits that announce it.
        rotate: rt & 1 != 0,
        translate: rt & 2 != 0,
    });
    (
        (
            text(),
            text(),
            v3(),
            reference(c.bones),
            any::<i32>(),
            any::<u16>(),
        ),
        (
            prop_oneof![
                v3().prop_map(Tail::Offset),
                reference(c.bones).prop_map(Tail::Bone)
            ],
            proptest::option::of(append),
            proptest::option::of(v3()),
            proptest::option::of((v3(), v3()).prop_map(|(x, z)| LocalAxes { x, z })),
            proptest::option::of(any::<i32>()),
            proptest::option::of(ik(c)),
        ),
    )
        .prop_map(
            |(
                (name, name_en, position, parent, layer, flags),
                (tail, append, fixed_axis, local_axes, external_parent_key, ik),
            )| Bone {
                name,
                name_en,
                position,
                parent,
                layer,
                // Structural bits are derived from the data, never stored.
                flags: BoneFlags(flags & !BoneFlags::STRUCTURAL),
                tail,
                append,
                fixed_axis,
                local_axes,
                external_parent_key,
                ik,
            },
        )
}

fn morph_offsets(c: Counts) -> impl Strategy<Value = MorphOffsets> {
    let group = || {
        vec(
            (reference(c.morphs), float()).prop_map(|(morph, ratio)| GroupOffset { morph, ratio }),
            0..4,
        )
    };
    let material = (
        (
            reference(c.materials),
            any::<u8>(),
            v4(),
            v3(),
            float(),
            v3(),
        ),
        (v4(), float(), v4(), v4(), v4()),
    )
        .prop_map(
            |(
                (material, op, diffuse, specular, specular_power, ambient),
                (edge_color, edge_size, texture_tint, sphere_tint, toon_tint),
            )| MaterialOffset {
                material,
                op: MaterialOp::from_u8(op),
                diffuse,
                specular,
                specular_power,
                ambient,
                edge_color,
                edge_size,
                texture_tint,
                sphere_tint,
                toon_tint,
            },
        );
    prop_oneof![
        group().prop_map(MorphOffsets::Group),
        vec(
            (vertex_ref(c.vertices), v3())
                .prop_map(|(vertex, offset)| VertexOffset { vertex, offset }),
            0..5
        )
        .prop_map(MorphOffsets::Vertex),
        vec(
            (reference(c.bones), v3(), v4()).prop_map(|(bone, translation, rotation)| BoneOffset {
                bone,
                translation,
                rotation
            }),
            0..4
        )
        .prop_map(MorphOffsets::Bone),
        (
            0u8..=4,
            vec(
                (vertex_ref(c.vertices), v4())
                    .prop_map(|(vertex, offset)| UvOffset { vertex, offset }),
                0..4
            )
        )
            .prop_map(|(layer, offsets)| MorphOffsets::Uv { layer, offsets }),
        vec(material, 0..3).prop_map(MorphOffsets::Material),
        group().prop_map(MorphOffsets::Flip),
        vec(
            (reference(c.rigid_bodies), any::<bool>(), v3(), v3()).prop_map(
                |(rigid_body, local, velocity, torque)| ImpulseOffset {
                    rigid_body,
                    local,
                    velocity,
                    torque
                }
            ),
            0..3
        )
        .prop_map(MorphOffsets::Impulse),
    ]
}

fn morph(c: Counts) -> impl Strategy<Value = Morph> {
    (text(), text(), any::<u8>(), morph_offsets(c)).prop_map(|(name, name_en, panel, offsets)| {
        Morph {
            name,
            name_en,
            panel,
            offsets,
        }
    })
}

fn display_frame(c: Counts) -> impl Strategy<Value = DisplayFrame> {
    let element = prop_oneof![
        reference(c.bones).prop_map(DisplayElement::Bone),
        reference(c.morphs).prop_map(DisplayElement::Morph),
    ];
    (text(), text(), any::<bool>(), vec(element, 0..5)).prop_map(
        |(name, name_en, special, elements)| DisplayFrame {
            name,
            name_en,
            special,
            elements,
        },
    )
}

fn rigid_body(c: Counts) -> impl Strategy<Value = RigidBody> {
    (
        (
            text(),
            text(),
            reference(c.bones),
            any::<u8>(),
            any::<u16>(),
            any::<u8>(),
        ),
        (
            v3(),
            v3(),
            v3(),
            [float(), float(), float(), float(), float()],
            any::<u8>(),
        ),
    )
        .prop_map(
            |(
                (name, name_en, bone, group, collision_mask, shape),
                (size, position, rotation, f, mode),
            )| RigidBody {
                name,
                name_en,
                bone,
                group,
                collision_mask,
                shape: RigidShape::from_u8(shape),
                size,
                position,
                rotation,
                mass: f[0],
                linear_damping: f[1],
                angular_damping: f[2],
                restitution: f[3],
                friction: f[4],
                mode: RigidMode::from_u8(mode),
            },
        )
}

fn joint(c: Counts) -> impl Strategy<Value = Joint> {
    (
        (
            text(),
            text(),
            any::<u8>(),
            reference(c.rigid_bodies),
            reference(c.rigid_bodies),
        ),
        [v3(), v3(), v3(), v3(), v3(), v3(), v3(), v3()],
    )
        .prop_map(|((name, name_en, kind, body_a, body_b), v)| Joint {
            name,
            name_en,
            kind: JointKind::from_u8(kind),
            body_a,
            body_b,
            position: v[0],
            rotation: v[1],
            linear_lower: v[2],
            linear_upper: v[3],
            angular_lower: v[4],
            angular_upper: v[5],
            linear_spring: v[6],
            angular_spring: v[7],
        })
}

fn soft_body(c: Counts) -> impl Strategy<Value = SoftBody> {
    let anchor = (
        reference(c.rigid_bodies),
        vertex_ref(c.vertices),
        any::<bool>(),
    )
        .prop_map(|(rigid_body, vertex, near_mode)| SoftBodyAnchor {
            rigid_body,
            vertex,
            near_mode,
        });
    (
        (
            text(),
            text(),
            any::<u8>(),
            reference(c.materials),
            any::<u8>(),
            any::<u16>(),
            any::<u8>(),
        ),
        (any::<i32>(), any::<i32>(), float(), float(), any::<i32>()),
        (
            vec(float(), 12),
            vec(float(), 6),
            [any::<i32>(), any::<i32>(), any::<i32>(), any::<i32>()],
            [float(), float(), float()],
        ),
        (vec(anchor, 0..3), vec(vertex_ref(c.vertices), 0..4)),
    )
        .prop_map(
            |(
                (name, name_en, shape, material, group, collision_mask, flags),
                (b_link_distance, cluster_count, total_mass, margin, aero),
                (cfg, cl, it, mat),
                (anchors, pins),
            )| SoftBody {
                name,
                name_en,
                shape: SoftBodyShape::from_u8(shape),
                material,
                group,
                collision_mask,
                flags: SoftBodyFlags(flags),
                b_link_distance,
                cluster_count,
                total_mass,
                margin,
                aero_model: AeroModel::from_i32(aero),
                config: SoftBodyConfig {
                    vcf: cfg[0],
                    dp: cfg[1],
                    dg: cfg[2],
                    lf: cfg[3],
                    pr: cfg[4],
                    vc: cfg[5],
                    df: cfg[6],
                    mt: cfg[7],
                    chr: cfg[8],
                    khr: cfg[9],
                    shr: cfg[10],
                    ahr: cfg[11],
                },
                cluster: SoftBodyClusterParams {
                    srhr_cl: cl[0],
                    skhr_cl: cl[1],
                    sshr_cl: cl[2],
                    sr_splt_cl: cl[3],
                    sk_splt_cl: cl[4],
                    ss_splt_cl: cl[5],
                },
                iterations: SoftBodyIterations {
                    velocity: it[0],
                    position: it[1],
                    drift: it[2],
                    cluster: it[3],
                },
                material_params: SoftBodyMaterial {
                    lst: mat[0],
                    ast: mat[1],
                    vst: mat[2],
                },
                anchors,
                pins,
            },
        )
}

// ------------------------------------------------------------------ models

fn index_size() -> impl Strategy<Value = u8> {
    prop_oneof![Just(1u8), Just(2u8), Just(4u8)]
}

pub fn model() -> impl Strategy<Value = Model> {
    (
        prop_oneof![Just(PmxVersion::V2_0), Just(PmxVersion::V2_1)],
        prop_oneof![Just(TextEncoding::Utf16Le), Just(TextEncoding::Utf8)],
        0u8..=4,
        [
            index_size(),
            index_size(),
            index_size(),
            index_size(),
            index_size(),
            index_size(),
        ],
        vec(any::<u8>(), 0..3),
        (
            0usize..12,
            0usize..4,
            0usize..4,
            0usize..8,
            0usize..6,
            0usize..4,
        ),
    )
        .prop_flat_map(
            |(version, encoding, n_uv, s, extra_globals, (nv, nt, nm, nb, nmo, nr))| {
                let c = Counts {
                    vertices: nv,
                    textures: nt,
                    materials: nm,
                    bones: nb,
                    morphs: nmo,
                    rigid_bodies: nr,
                    n_uv,
                };
                let header = Header {
                    version,
                    encoding,
                    additional_uv_count: n_uv,
                    index_sizes: IndexSizes {
                        vertex: s[0],
                        texture: s[1],
                        material: s[2],
                        bone: s[3],
                        morph: s[4],
                        rigid_body: s[5],
                    },
                    extra_globals,
                };
                let soft = if version == PmxVersion::V2_1 {
                    0..3usize
                } else {
                    0..1usize
                };
                (
                    Just(header),
                    [text(), text(), text(), text()],
                    vec(vertex(c), nv),
                    vec([vertex_ref(nv), vertex_ref(nv), vertex_ref(nv)], 0..8),
                    vec(text(), nt),
                    vec(material(c), nm),
                    vec(bone(c), nb),
                    vec(morph(c), nmo),
                    vec(display_frame(c), 0..3),
                    vec(rigid_body(c), nr),
                    vec(joint(c), 0..4),
                    // Soft bodies, and bytes after the last section (kept as they are).
                    (vec(soft_body(c), soft), vec(any::<u8>(), 0..3)),
                )
            },
        )
        .prop_map(
            |(
                header,
                info,
                vertices,
                faces,
                textures,
                materials,
                bones,
                morphs,
                display_frames,
                rigid_bodies,
                joints,
                (soft_bodies, trailing_bytes),
            )| {
                let [name, name_en, comment, comment_en] = info;
                Model {
                    header,
                    info: ModelInfo {
                        name,
                        name_en,
                        comment,
                        comment_en,
                    },
                    vertices,
                    faces,
                    textures,
                    materials,
                    bones,
                    morphs,
                    display_frames,
                    rigid_bodies,
                    joints,
                    soft_bodies,
                    trailing_bytes,
                }
            },
        )
}
