//! Small rigs made in code for tests: a two-segment tube with bones, IK, two
//! rigid bodies and a joint, and a PMX 2.1 point/line drawing rig. (The
//! fallback when the bundled sample cannot be read is `pmx::builder::sample_rig`.)

use crate::pmx::*;
use glam::{Vec2, Vec3};

pub fn tube_rig() -> Model {
    let mut m = Model::default();
    m.info.name = "チューブ".into();
    m.info.name_en = "Tube".into();
    m.header.encoding = TextEncoding::Utf8;
    let names = [
        ("センター", "center"),
        ("下", "lower"),
        ("上", "upper"),
        ("先", "tip"),
    ];
    for (i, (name, en)) in names.iter().enumerate() {
        m.bones.push(Bone {
            name: (*name).into(),
            name_en: (*en).into(),
            position: Vec3::new(0.0, i as f32 * 5.0, 0.0),
            parent: i as i32 - 1,
            tail: if i + 1 < names.len() {
                Tail::Bone(i as i32 + 1)
            } else {
                Tail::Offset(Vec3::new(0.0, 2.0, 0.0))
            },
            flags: BoneFlags(
                BoneFlags::ROTATABLE
                    | BoneFlags::VISIBLE
                    | BoneFlags::OPERABLE
                    | if i == 0 { BoneFlags::MOVABLE } else { 0 },
            ),
            ..Bone::default()
        });
    }
    m.bones.push(Bone {
        name: "先IK".into(),
        name_en: "tip IK".into(),
        position: Vec3::new(0.0, 15.0, 0.0),
        parent: 0,
        flags: BoneFlags(
            BoneFlags::ROTATABLE | BoneFlags::MOVABLE | BoneFlags::VISIBLE | BoneFlags::OPERABLE,
        ),
        ik: Some(Ik {
            target: 3,
            loop_count: 40,
            limit_angle: 1.0,
            links: vec![
                IkLink {
                    bone: 2,
                    limits: None,
                },
                IkLink {
                    bone: 1,
                    limits: None,
                },
            ],
        }),
        ..Bone::default()
    });
    // Tube: 12 sides, 16 rings from y = 0 to 15, weighted between the segment bones.
    let sides = 12;
    let rings = 16;
    for r in 0..rings {
        let y = r as f32;
        let seg = (y / 5.0).min(2.0);
        let lower = seg.floor() as i32;
        let frac = seg - lower as f32;
        for s in 0..sides {
            let a = s as f32 / sides as f32 * std::f32::consts::TAU;
            let n = Vec3::new(a.cos(), 0.0, a.sin());
            m.vertices.push(Vertex {
                position: n * 1.5 + Vec3::new(0.0, y, 0.0),
                normal: n,
                uv: Vec2::new(s as f32 / sides as f32, 1.0 - y / 15.0),
                weights: if frac < 1e-3 || lower >= 2 {
                    Weights::Bdef1 { bone: lower.min(2) }
                } else {
                    Weights::Bdef2 {
                        bones: [lower, lower + 1],
                        weight: 1.0 - frac,
                    }
                },
                ..Vertex::default()
            });
        }
    }
    let idx = |r: usize, s: usize| (r * sides + s % sides) as i32;
    for r in 0..rings - 1 {
        for s in 0..sides {
            // Clockwise seen from outside, as MMD expects.
            m.faces.push([idx(r, s), idx(r + 1, s), idx(r, s + 1)]);
            m.faces
                .push([idx(r, s + 1), idx(r + 1, s), idx(r + 1, s + 1)]);
        }
    }
    let half = (m.faces.len() / 2) as i32 * 3;
    for (name, color) in [
        ("下地", Vec3::new(0.9, 0.5, 0.4)),
        ("上地", Vec3::new(0.4, 0.6, 0.9)),
    ] {
        m.materials.push(Material {
            name: name.into(),
            diffuse: color.extend(1.0),
            ambient: color * 0.5,
            specular: Vec3::splat(0.2),
            specular_power: 10.0,
            flags: MaterialFlags(MaterialFlags::EDGE | MaterialFlags::GROUND_SHADOW),
            toon: Toon::Shared(0),
            face_index_count: half,
            ..Material::default()
        });
    }
    m.morphs.push(Morph {
        name: "太い".into(),
        name_en: "thick".into(),
        panel: 4,
        offsets: MorphOffsets::Vertex(
            m.vertices
                .iter()
                .enumerate()
                .map(|(i, v)| VertexOffset {
                    vertex: i as i32,
                    offset: v.normal * 0.8,
                })
                .collect(),
        ),
    });
    m.rigid_bodies.push(RigidBody {
        name: "上".into(),
        bone: 2,
        shape: RigidShape::Capsule,
        size: Vec3::new(1.8, 4.0, 0.0),
        position: Vec3::new(0.0, 12.5, 0.0),
        mode: RigidMode::Dynamic,
        group: 1,
        ..RigidBody::default()
    });
    m.rigid_bodies.push(RigidBody {
        name: "下".into(),
        bone: 1,
        shape: RigidShape::Box,
        size: Vec3::new(1.6, 2.5, 1.6),
        position: Vec3::new(0.0, 7.5, 0.0),
        ..RigidBody::default()
    });
    m.joints.push(Joint {
        name: "上-下".into(),
        body_a: 1,
        body_b: 0,
        position: Vec3::new(0.0, 10.0, 0.0),
        ..Joint::default()
    });
    m.display_frames.push(DisplayFrame {
        name: "Root".into(),
        name_en: "Root".into(),
        special: true,
        elements: vec![DisplayElement::Bone(0)],
    });
    m
}

/// PMX 2.1 point and line drawing: a box drawn as triangles, a sphere drawn
/// as points (size 6 from its edge size), a sphere drawn as lines, plus the
/// 1-point (A-A-A) and 1-line (A-B-A) face patterns. All stand on the floor
/// with the ground-shadow flag on (points cast none: spec / PMX Editor).
pub fn point_line_rig() -> Model {
    use crate::pmx::builder::{bdef1, ModelBuilder};
    use glam::Vec4;
    let mut b = ModelBuilder::new("点と線");
    b.name_en("Points and lines").encoding(TextEncoding::Utf8);
    b.bone("センター", Vec3::ZERO);
    let skin = bdef1(0);
    let solid = b.material("面", Vec4::new(0.75, 0.78, 0.85, 1.0)).index();
    b.box_mesh(
        solid,
        Vec3::new(0.0, 3.0, 0.0),
        Vec3::new(2.0, 3.0, 2.0),
        skin,
    );
    let points = b
        .material("点", Vec4::new(0.95, 0.25, 0.2, 1.0))
        .flag(MaterialFlags::POINT, true)
        // The edge size is the point size; the edge itself stays off.
        .edge(Vec4::new(0.0, 0.0, 0.0, 1.0), 6.0)
        .flag(MaterialFlags::EDGE, false)
        .index();
    b.sphere_mesh(points, Vec3::new(-8.0, 5.0, 0.0), 4.0, 16, skin);
    let lines = b
        .material("線", Vec4::new(0.2, 0.8, 0.35, 1.0))
        .flag(MaterialFlags::LINE, true)
        .index();
    b.sphere_mesh(lines, Vec3::new(8.0, 5.0, 0.0), 4.0, 16, skin);
    // One point above the box (A-A-A) and one line across the front (A-B-A).
    let up = Vec3::Y;
    let top = b.vertex(Vec3::new(0.0, 9.0, 0.0), up, Vec2::ZERO, skin);
    b.triangle(points, [top, top, top]);
    let l0 = b.vertex(Vec3::new(-4.0, 0.5, -4.0), up, Vec2::ZERO, skin);
    let l1 = b.vertex(Vec3::new(4.0, 0.5, -4.0), up, Vec2::ZERO, skin);
    b.triangle(lines, [l0, l1, l0]);
    b.build()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tube_rests_where_it_was_modelled() {
        let m = super::tube_rig();
        let pose = crate::app::pose::PoseState::new(&m);
        for (v, p) in m.vertices.iter().zip(pose.positions()) {
            assert!((v.position - *p).length() < 1e-4, "{} → {}", v.position, p);
        }
    }
}
