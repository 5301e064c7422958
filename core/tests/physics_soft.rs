//! Soft bodies (XPBD) on models built in code.

use glam::{Mat4, Vec3};
use hone_core::physics::soft::SoftWorld;
use hone_core::physics::{PhysicsConfig, PhysicsWorld};
use hone_core::pmx::{
    Bone, Material, Model, RigidBody, RigidMode, RigidShape, SoftBody, SoftBodyAnchor,
    SoftBodyConfig, SoftBodyFlags, SoftBodyIterations, SoftBodyMaterial, SoftBodyShape, Vertex,
};

const FRAME: f32 = 1.0 / 60.0;

fn vertex(p: Vec3) -> Vertex {
    Vertex {
        position: p,
        normal: Vec3::Z,
        ..Default::default()
    }
}

fn soft(shape: SoftBodyShape) -> SoftBody {
    SoftBody {
        name: "soft".into(),
        shape,
        material: 0,
        group: 2,
        collision_mask: 0xFFFF,
        total_mass: 1.0,
        margin: 0.05,
        config: SoftBodyConfig {
            dp: 0.01,
            df: 0.2,
            chr: 1.0,
            khr: 1.0,
            ahr: 1.0,
            ..Default::default()
        },
        iterations: SoftBodyIterations {
            position: 16,
            ..Default::default()
        },
        material_params: SoftBodyMaterial {
            lst: 1.0,
            ast: 0.5,
            vst: 0.0,
        },
        ..Default::default()
    }
}

/// A horizontal rope of 11 vertices from (0,0,0) to (2,0,0) as PMX 2.1 line faces (A-B-A).
fn rope_model() -> Model {
    let vertices: Vec<Vertex> = (0..11)
        .map(|i| vertex(Vec3::new(i as f32 * 0.2, 0.0, 0.0)))
        .collect();
    let faces: Vec<[i32; 3]> = (0..10).map(|i| [i, i + 1, i]).collect();
    let mut sb = soft(SoftBodyShape::Rope);
    sb.pins = vec![0];
    soft_model(vertices, faces, sb)
}

/// One material drawing all `faces`, and the soft body `sb` over it.
fn soft_model(vertices: Vec<Vertex>, faces: Vec<[i32; 3]>, sb: SoftBody) -> Model {
    Model {
        materials: vec![Material {
            face_index_count: faces.len() as i32 * 3,
            ..Default::default()
        }],
        vertices,
        faces,
        soft_bodies: vec![sb],
        ..Default::default()
    }
}

fn positions(model: &Model) -> Vec<Vec3> {
    model.vertices.iter().map(|v| v.position).collect()
}

#[test]
fn pinned_rope_hangs_down_and_keeps_its_length() {
    let model = rope_model();
    let mut physics = PhysicsWorld::new(&model, PhysicsConfig::default());
    let mut soft = SoftWorld::new(&model, &physics);
    assert_eq!(soft.len(), 1);
    let skinned = positions(&model);
    soft.reset(&skinned);
    let mut out = skinned.clone();
    let mut normals = vec![Vec3::Z; out.len()];
    for _ in 0..300 {
        physics.set_bone_targets(&[]);
        let n = physics.step(FRAME);
        soft.set_pin_targets(&skinned);
        soft.step(n, &mut physics);
    }
    soft.update_normals();
    soft.write(&physics, &mut out, &mut normals);
    assert_eq!(out[0], Vec3::ZERO, "the pin stays on the skinned vertex");
    let end = out[10];
    assert!(end.y < -1.8, "the free end hangs down: {end}");
    assert!(end.x.abs() < 0.3, "under the pin: {end}");
    let length: f32 = out.windows(2).map(|w| w[0].distance(w[1])).sum();
    assert!(
        (length - 2.0).abs() / 2.0 < 0.05,
        "length {length} should stay within 5 % of 2"
    );
}

#[test]
fn pins_follow_the_skinned_mesh() {
    let model = rope_model();
    let mut physics = PhysicsWorld::new(&model, PhysicsConfig::default());
    let mut soft = SoftWorld::new(&model, &physics);
    let mut skinned = positions(&model);
    soft.reset(&skinned);
    for f in 0..120 {
        // The pinned vertex is carried along +Z by "skinning".
        skinned[0] = Vec3::new(0.0, 0.0, f as f32 * 0.05);
        physics.set_bone_targets(&[]);
        let n = physics.step(FRAME);
        soft.set_pin_targets(&skinned);
        soft.step(n, &mut physics);
    }
    let mut out = positions(&model);
    let mut normals = vec![Vec3::Z; out.len()];
    soft.update_normals();
    soft.write(&physics, &mut out, &mut normals);
    assert_eq!(out[0], skinned[0]);
    assert!(out[10].z > 3.0, "the rope follows its pin: {}", out[10]);
}

/// A 5×5 cloth hanging in the XY plane below a kinematic box that follows bone 0;
/// its top row is anchored to the box.
fn cape_model() -> Model {
    let mut vertices = Vec::new();
    for r in 0..5 {
        for c in 0..5 {
            vertices.push(vertex(Vec3::new(
                c as f32 * 0.5 - 1.0,
                -(r as f32) * 0.5,
                0.0,
            )));
        }
    }
    let mut faces = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            let i = r * 5 + c;
            faces.push([i, i + 1, i + 5]);
            faces.push([i + 1, i + 6, i + 5]);
        }
    }
    let mut sb = soft(SoftBodyShape::TriMesh);
    sb.flags = SoftBodyFlags(SoftBodyFlags::B_LINK);
    sb.b_link_distance = 2;
    sb.collision_mask = 0xFFFE; // not against the box's group 0
    sb.anchors = (0..5)
        .map(|c| SoftBodyAnchor {
            rigid_body: 0,
            vertex: c,
            near_mode: false,
        })
        .collect();
    Model {
        bones: vec![Bone {
            name: "shoulders".into(),
            position: Vec3::new(0.0, 0.5, 0.0),
            ..Default::default()
        }],
        rigid_bodies: vec![RigidBody {
            name: "box".into(),
            bone: 0,
            shape: RigidShape::Box,
            size: Vec3::new(1.5, 0.3, 0.3),
            position: Vec3::new(0.0, 0.3, 0.0),
            mode: RigidMode::FollowBone,
            group: 0,
            ..Default::default()
        }],
        ..soft_model(vertices, faces, sb)
    }
}

#[test]
fn trimesh_cape_anchored_to_a_body_follows_it() {
    let model = cape_model();
    let mut physics = PhysicsWorld::new(&model, PhysicsConfig::default());
    let mut soft = SoftWorld::new(&model, &physics);
    assert!(soft
        .notes()
        .iter()
        .any(|n| n.text.contains("B-links use AST")));
    let skinned = positions(&model);
    let mut bones = vec![Mat4::from_translation(model.bones[0].position)];
    physics.reset(&bones);
    soft.reset(&skinned);
    let shift = Vec3::new(3.0, 1.0, -2.0);
    let frames = 240;
    for f in 0..frames {
        let s = (f as f32 / 90.0).min(1.0);
        bones[0] = Mat4::from_translation(model.bones[0].position + shift * s);
        physics.set_bone_targets(&bones);
        let n = physics.step(FRAME);
        soft.set_pin_targets(&skinned);
        soft.step(n, &mut physics);
    }
    let mut out = skinned.clone();
    let mut normals = vec![Vec3::ZERO; out.len()];
    soft.update_normals();
    soft.write(&physics, &mut out, &mut normals);
    // Anchored top row: exactly on the body.
    for c in 0..5 {
        let want = skinned[c] + shift;
        assert!(
            (out[c] - want).length() < 1e-4,
            "anchor {c}: {} vs {want}",
            out[c]
        );
    }
    // The rest of the cape came along and hangs below the anchors.
    let mean: Vec3 = out.iter().copied().sum::<Vec3>() / out.len() as f32;
    let rest_mean: Vec3 = skinned.iter().copied().sum::<Vec3>() / skinned.len() as f32;
    assert!(
        (mean - (rest_mean + shift)).length() < 0.3,
        "cape centre {mean} vs {}",
        rest_mean + shift
    );
    let bottom = out[22];
    assert!(bottom.y < out[2].y - 1.7, "the cape hangs: {bottom}");
    // Cloth normals are unit length and face the model's normals (+Z) at rest.
    for n in &normals {
        assert!((n.length() - 1.0).abs() < 1e-3);
    }
}

#[test]
fn soft_body_collides_with_rigid_bodies_by_group() {
    // The rope falls onto a kinematic box below it unless the mask excludes the box.
    let run = |mask: u16| {
        let mut model = rope_model();
        model.soft_bodies[0].pins.clear();
        model.soft_bodies[0].collision_mask = mask;
        model.bones.push(Bone {
            name: "floor".into(),
            ..Default::default()
        });
        model.rigid_bodies.push(RigidBody {
            name: "floor".into(),
            bone: 0,
            shape: RigidShape::Box,
            size: Vec3::new(5.0, 0.5, 5.0),
            position: Vec3::new(1.0, -1.5, 0.0),
            group: 3,
            mode: RigidMode::FollowBone,
            ..Default::default()
        });
        let mut physics = PhysicsWorld::new(&model, PhysicsConfig::default());
        let mut soft = SoftWorld::new(&model, &physics);
        let skinned = positions(&model);
        let bones = vec![Mat4::IDENTITY];
        physics.reset(&bones);
        soft.reset(&skinned);
        for _ in 0..120 {
            physics.set_bone_targets(&bones);
            let n = physics.step(FRAME);
            soft.step(n, &mut physics);
        }
        soft.particles(0).unwrap()[5].y
    };
    let resting = run(0xFFFF);
    assert!(
        (resting - (-1.0 + 0.05)).abs() < 0.05,
        "lies on the box top (y = -1) plus the margin: {resting}"
    );
    let through = run(!(1u16 << 3));
    assert!(
        through < -3.0,
        "group 3 masked out: falls through, {through}"
    );
}

#[test]
fn bad_parameters_are_clamped_and_reported_not_fatal() {
    let mut model = rope_model();
    let sb = &mut model.soft_bodies[0];
    sb.total_mass = -3.0;
    sb.margin = f32::NAN;
    sb.material_params.lst = 7.0;
    sb.config.dp = -1.0;
    sb.config.pr = 2.0;
    sb.iterations.position = 0;
    sb.pins.push(999);
    sb.anchors.push(SoftBodyAnchor {
        rigid_body: 4,
        vertex: 1,
        near_mode: true,
    });
    model.soft_bodies.push(SoftBody {
        material: 9,
        ..Default::default()
    });
    let mut physics = PhysicsWorld::new(&model, PhysicsConfig::default());
    let mut soft = SoftWorld::new(&model, &physics);
    let notes: Vec<&str> = soft.notes().iter().map(|n| n.text.as_str()).collect();
    for want in [
        "total mass",
        "margin",
        "LST",
        "DP",
        "pressure",
        "iterations",
        "pin vertices",
        "anchor",
        "material index 9",
    ] {
        assert!(notes.iter().any(|n| n.contains(want)), "{want}: {notes:?}");
    }
    assert_eq!(soft.len(), 1);
    let skinned = positions(&model);
    soft.reset(&skinned);
    for _ in 0..60 {
        physics.set_bone_targets(&[]);
        let n = physics.step(FRAME);
        soft.step(n, &mut physics);
    }
    assert!(soft.particles(0).unwrap().iter().all(|p| p.is_finite()));
}
