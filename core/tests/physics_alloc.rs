//! Hone's own per-frame physics code allocates nothing (rapier's step is not counted).

use glam::{Mat4, Quat, Vec3};
use hone_core::physics::soft::SoftWorld;
use hone_core::physics::{BodyImpulse, PhysicsConfig, PhysicsWorld};
use hone_core::pmx::{
    AeroModel, Bone, Joint, JointKind, Material, Model, RigidBody, RigidMode, SoftBody,
    SoftBodyAnchor, SoftBodyClusterParams, SoftBodyConfig, SoftBodyFlags, SoftBodyIterations,
    SoftBodyMaterial, SoftBodyShape, Vertex,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn model() -> Model {
    let mut vertices = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            vertices.push(Vertex {
                position: Vec3::new(c as f32 * 0.5, 1.0 - r as f32 * 0.5, 0.0),
                ..Default::default()
            });
        }
    }
    let mut faces = Vec::new();
    for r in 0..3 {
        for c in 0..3 {
            let i = r * 4 + c;
            faces.push([i, i + 1, i + 4]);
            faces.push([i + 1, i + 5, i + 4]);
        }
    }
    Model {
        bones: vec![
            Bone {
                name: "root".into(),
                ..Default::default()
            },
            Bone {
                name: "arm".into(),
                position: Vec3::new(1.0, 2.0, 0.0),
                parent: 0,
                ..Default::default()
            },
            Bone {
                name: "tip".into(),
                position: Vec3::new(2.0, 2.0, 0.0),
                parent: 1,
                ..Default::default()
            },
        ],
        rigid_bodies: vec![
            RigidBody {
                bone: 0,
                position: Vec3::new(0.0, 2.0, 0.0),
                mode: RigidMode::FollowBone,
                ..Default::default()
            },
            RigidBody {
                bone: 1,
                group: 1,
                position: Vec3::new(1.5, 2.0, 0.0),
                mode: RigidMode::Dynamic,
                ..Default::default()
            },
        ],
        joints: vec![Joint {
            kind: JointKind::Spring6Dof,
            body_a: 0,
            body_b: 1,
            position: Vec3::new(1.0, 2.0, 0.0),
            angular_lower: Vec3::splat(-1.0),
            angular_upper: Vec3::splat(1.0),
            angular_spring: Vec3::splat(10.0),
            ..Default::default()
        }],
        materials: vec![Material {
            face_index_count: faces.len() as i32 * 3,
            ..Default::default()
        }],
        soft_bodies: vec![
            SoftBody {
                shape: SoftBodyShape::TriMesh,
                material: 0,
                collision_mask: 0xFFFF,
                flags: SoftBodyFlags(SoftBodyFlags::B_LINK),
                b_link_distance: 2,
                total_mass: 1.0,
                margin: 0.05,
                config: SoftBodyConfig {
                    dp: 0.01,
                    df: 0.3,
                    chr: 1.0,
                    khr: 1.0,
                    ahr: 1.0,
                    ..Default::default()
                },
                iterations: SoftBodyIterations {
                    position: 4,
                    ..Default::default()
                },
                material_params: SoftBodyMaterial {
                    lst: 0.8,
                    ast: 0.5,
                    vst: 0.0,
                },
                anchors: vec![SoftBodyAnchor {
                    rigid_body: 0,
                    vertex: 0,
                    near_mode: false,
                }],
                pins: vec![3],
                ..Default::default()
            },
            // The same cloth with every optional solver part on (aero, pose matching,
            // clusters, velocity/drift/cluster iterations).
            SoftBody {
                shape: SoftBodyShape::TriMesh,
                material: 0,
                collision_mask: 0xFFFF,
                flags: SoftBodyFlags(SoftBodyFlags::CLUSTERS),
                cluster_count: 3,
                total_mass: 1.0,
                margin: 0.05,
                aero_model: AeroModel::FTwoSided,
                config: SoftBodyConfig {
                    vcf: 1.0,
                    dp: 0.01,
                    dg: 0.1,
                    lf: 0.1,
                    mt: 0.2,
                    chr: 1.0,
                    khr: 1.0,
                    ..Default::default()
                },
                cluster: SoftBodyClusterParams {
                    srhr_cl: 1.0,
                    skhr_cl: 1.0,
                    sr_splt_cl: 0.5,
                    sk_splt_cl: 0.5,
                    ..Default::default()
                },
                iterations: SoftBodyIterations {
                    velocity: 2,
                    position: 4,
                    drift: 2,
                    cluster: 2,
                },
                material_params: SoftBodyMaterial {
                    lst: 0.8,
                    ast: 0.5,
                    vst: 0.0,
                },
                pins: vec![3],
                ..Default::default()
            },
        ],
        vertices,
        faces,
        ..Default::default()
    }
}

#[test]
fn per_frame_physics_code_does_not_allocate() {
    let model = model();
    let mut physics = PhysicsWorld::new(&model, PhysicsConfig::default());
    let mut soft = SoftWorld::new(&model, &physics);
    let skinned: Vec<Vec3> = model.vertices.iter().map(|v| v.position).collect();
    let mut positions = skinned.clone();
    let mut normals = vec![Vec3::Z; skinned.len()];
    let mut bones: Vec<Mat4> = model
        .bones
        .iter()
        .map(|b| Mat4::from_translation(b.position))
        .collect();
    let impulses = vec![BodyImpulse::default(); 2];
    physics.reset(&bones);
    soft.reset(&skinned);
    // The counter works: building the worlds allocated.
    assert!(ALLOCS.load(Ordering::Relaxed) > 0);
    let mut counted = 0;
    for f in 0..60 {
        bones[0] = Mat4::from_rotation_translation(
            Quat::from_rotation_y(f as f32 * 0.05),
            Vec3::new(0.0, 0.0, f as f32 * 0.01),
        );
        let before = ALLOCS.load(Ordering::Relaxed);
        physics.set_bone_targets(&bones);
        physics.apply_impulses(&impulses);
        counted += ALLOCS.load(Ordering::Relaxed) - before;
        let n = physics.step(1.0 / 60.0); // rapier: not counted
        let before = ALLOCS.load(Ordering::Relaxed);
        physics.write_back(&mut bones);
        soft.set_pin_targets(&skinned);
        soft.step(n, &mut physics);
        soft.update_normals();
        soft.write(&physics, &mut positions, &mut normals);
        counted += ALLOCS.load(Ordering::Relaxed) - before;
    }
    assert_eq!(counted, 0, "allocations in Hone's per-frame physics code");
    assert!(positions.iter().all(|p| p.is_finite()));
}
