//! Unit tests built from the spec's own examples (models made in code).

use super::*;
use crate::pmx::{
    Append, Bone, BoneFlags, GroupOffset, Ik, IkLimits, IkLink, ImpulseOffset, Material,
    MaterialOffset, MaterialOp, Morph, MorphOffsets, RigidBody, Vertex, VertexOffset, Weights,
};
use glam::{EulerRot, Mat4, Quat, Vec3, Vec4};
use std::f32::consts::{FRAC_PI_2, PI};

mod bones;
mod ik_fast;
mod ik_pair;
mod morphs;
mod plan;

use bones::{append, leg_model};
use morphs::{gmorph, vmorph};

fn bone(name: &str, pos: Vec3, parent: i32) -> Bone {
    Bone {
        name: name.into(),
        position: pos,
        parent,
        ..Default::default()
    }
}

fn model_with_bones(bones: Vec<Bone>) -> Model {
    Model {
        bones,
        ..Default::default()
    }
}

fn eval(model: &Model, pose: &Pose) -> DeformState {
    let d = Deformer::new(model);
    let mut s = d.new_state();
    d.evaluate(model, pose, &mut s);
    s
}

fn pos(s: &DeformState, b: usize) -> Vec3 {
    s.world[b].w_axis.truncate()
}

fn rot(s: &DeformState, b: usize) -> Quat {
    Quat::from_mat4(&s.world[b]).normalize()
}

/// Angle of the rotation between two quaternions (asin form: exact near 0).
fn angle_between(a: Quat, b: Quat) -> f32 {
    let d = a.inverse() * b;
    2.0 * glam::Vec3::new(d.x, d.y, d.z).length().min(1.0).asin()
}

// ------------------------------------------------------------ robustness and helpers

#[test]
fn out_of_range_references_never_panic() {
    let mut a = bone("a", Vec3::ZERO, 99);
    a.append = append(-7, 0.5, true, true);
    let mut b = bone("b", Vec3::Y, 1); // its own parent
    b.ik = Some(Ik {
        target: 500,
        loop_count: -3,
        limit_angle: 1.0,
        links: vec![IkLink {
            bone: 42,
            limits: None,
        }],
    });
    let mut c = bone("c", Vec3::X, 0);
    c.ik = Some(Ik {
        target: 0,
        loop_count: 1000,
        limit_angle: f32::NAN,
        links: vec![
            IkLink {
                bone: 2,
                limits: None,
            },
            IkLink {
                bone: -1,
                limits: None,
            },
        ],
    });
    let mut model = model_with_bones(vec![a, b, c]);
    model.vertices = vec![
        Vertex {
            weights: Weights::Bdef1 { bone: 77 },
            ..Default::default()
        },
        Vertex {
            weights: Weights::Bdef4 {
                bones: [0, -1, 300, 1],
                weights: [0.25; 4],
            },
            ..Default::default()
        },
        Vertex {
            weights: Weights::Sdef {
                bones: [9, 0],
                weight: 0.5,
                c: Vec3::ZERO,
                r0: Vec3::ZERO,
                r1: Vec3::ZERO,
            },
            ..Default::default()
        },
        Vertex {
            weights: Weights::Qdef {
                bones: [-2, 5, 0, 0],
                weights: [0.5, 0.5, 0.0, 0.0],
            },
            ..Default::default()
        },
    ];
    model.morphs = vec![
        vmorph("bad", 1000, Vec3::ONE),
        gmorph("g", &[(55, 1.0)], false),
        gmorph("f", &[(-3, 1.0)], true),
    ];
    let mut pose = Pose::new(&model);
    pose.morphs.fill(1.0);
    pose.bones.truncate(1); // a pose shorter than the model
    let s = eval(&model, &pose);
    assert!(s.positions.iter().all(|p| p.is_finite()));
    assert!(s.world.iter().all(|m| m.is_finite()));
    assert_eq!(s.positions[0], Vec3::ZERO, "unknown bone skins as identity");
}

#[test]
fn fixed_axis_projection_and_local_axes() {
    let axis = Vec3::new(1.0, 1.0, 0.0).normalize();
    let q = Quat::from_axis_angle(Vec3::new(1.0, 0.8, 0.3).normalize(), 0.7);
    let p = project_to_fixed_axis(q, axis);
    let (pa, angle) = p.to_axis_angle();
    assert!((pa - axis).length() < 1e-5 && (angle - 0.7).abs() < 1e-5);
    // A rotation about the opposite axis keeps its sense.
    let p = project_to_fixed_axis(Quat::from_axis_angle(-axis, 0.3), axis);
    assert!(angle_between(p, Quat::from_axis_angle(axis, -0.3)) < 1e-5);
    assert_eq!(project_to_fixed_axis(q, Vec3::ZERO), Quat::IDENTITY);

    // Non-orthogonal X/Z: Y = Z × X, Z' = X × Y.
    let m = corrected_local_axes(Vec3::X, Vec3::new(0.3, 0.0, 1.0));
    assert!((m.x_axis - Vec3::X).length() < 1e-6);
    assert!((m.y_axis - Vec3::Y).length() < 1e-6);
    assert!((m.z_axis - Vec3::Z).length() < 1e-6);
    assert_eq!(corrected_local_axes(Vec3::X, Vec3::X), glam::Mat3::IDENTITY);
}

#[test]
fn skinning_kinds_match_hand_computation() {
    let root = bone("root", Vec3::ZERO, -1);
    let arm = bone("arm", Vec3::new(1.0, 0.0, 0.0), 0);
    let mut model = model_with_bones(vec![root, arm]);
    let v = |weights| Vertex {
        position: Vec3::new(2.0, 0.0, 0.0),
        normal: Vec3::Y,
        weights,
        ..Default::default()
    };
    model.vertices = vec![
        v(Weights::Bdef1 { bone: 1 }),
        v(Weights::Bdef2 {
            bones: [1, 0],
            weight: 0.25,
        }),
        v(Weights::Bdef4 {
            bones: [1, 0, 0, 0],
            weights: [0.5, 0.5, 0.0, 0.0],
        }),
        v(Weights::Qdef {
            bones: [1, 0, -1, -1],
            weights: [1.0, 0.0, 0.0, 0.0],
        }),
    ];
    let mut pose = Pose::new(&model);
    pose.bones[1].rotation = Quat::from_rotation_z(FRAC_PI_2);
    let s = eval(&model, &pose);
    // arm rotates +90° about Z around (1,0,0): (2,0,0) → (1,1,0).
    assert!((s.positions[0] - Vec3::new(1.0, 1.0, 0.0)).length() < 1e-6);
    assert!((s.normals[0] - Vec3::new(-1.0, 0.0, 0.0)).length() < 1e-6);
    let lerp = |w: f32| Vec3::new(1.0, 1.0, 0.0) * w + Vec3::new(2.0, 0.0, 0.0) * (1.0 - w);
    assert!((s.positions[1] - lerp(0.25)).length() < 1e-6);
    assert!((s.positions[2] - lerp(0.5)).length() < 1e-6);
    assert!((s.positions[3] - Vec3::new(1.0, 1.0, 0.0)).length() < 1e-5);
}

#[test]
fn a_state_from_another_model_is_left_alone() {
    let small = model_with_bones(vec![bone("a", Vec3::ZERO, -1)]);
    let big = leg_model(true);
    let d_big = Deformer::new(&big);
    let d_small = Deformer::new(&small);
    let mut s_small = d_small.new_state();
    assert!(d_small.fits(&s_small) && !d_big.fits(&s_small));
    let before = s_small.world.clone();
    let pose = Pose::new(&big);
    d_big.evaluate(&big, &pose, &mut s_small);
    s_small.set_bone_world(&d_big, 3, Mat4::IDENTITY);
    assert_eq!(s_small.world, before);
}

#[test]
fn positions_without_normals_and_matrices_without_vertex_morphs() {
    let model = crate::pmx::builder::sample_rig();
    let mut pose = Pose::new(&model);
    for (i, b) in pose.bones.iter_mut().enumerate() {
        b.rotation = Quat::from_rotation_z(0.1 * i as f32);
    }
    pose.morphs.fill(1.0);
    let full = eval(&model, &pose);
    assert!(full.positions.len() > 100);

    // Normals off: the same positions; the normals stay where they were.
    let mut d = Deformer::new(&model);
    d.normals = false;
    let mut s = d.new_state();
    let before = s.normals.clone();
    d.evaluate(&model, &pose, &mut s);
    assert_eq!(s.positions, full.positions);
    assert_eq!(s.normals, before);
    assert_ne!(s.normals, full.normals, "the pose turns the normals");

    // Morph weights only: the same bones, no vertex offsets.
    let d = Deformer::new(&model);
    let mut s = d.new_state();
    d.evaluate_bones(&model, &pose, &mut s);
    assert_eq!(s.world, full.world);
    assert!(s.morphed_vertices().is_empty());
    assert!(
        !full.morphed_vertices().is_empty(),
        "the sample's morphs move vertices"
    );
}
