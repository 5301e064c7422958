//! A soft-body skirt on the sample rig under Gene's 02_laugh: it never sinks
//! more than 0.05 units into the leg bodies (skipped when the shared motions are
//! absent).

use glam::Vec3;
use hone_core::deform::Pose;
use hone_core::motion::{load_vmd, BoundMotion};
use hone_core::physics::PhysicsConfig;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::{
    Model, RigidShape, SoftBody, SoftBodyConfig, SoftBodyIterations, SoftBodyMaterial,
    SoftBodyShape, Weights,
};
use hone_core::sim::Simulation;

/// Skirt radius the test narrows the mesh to: 0.1 inside the thighs' outer side
/// (capsule centres at x = ±1, radius 0.5), so the skirt drapes over the legs
/// and they press into it as they move.
const NARROW: f32 = 1.4;

/// The sample rig with its skirt material made a soft body pinned to 下半身 at the
/// waist, narrowed to touch the thighs; the sample's own soft bodies removed.
/// `mask`: the skirt's collision mask.
fn rig_with_soft_skirt(mask: u16) -> (Model, Vec<usize>) {
    let mut m = sample_rig();
    let skirt = m
        .materials
        .iter()
        .position(|x| x.name == "スカート")
        .expect("the sample has a skirt material");
    let lower = m
        .bones
        .iter()
        .position(|b| b.name == "下半身")
        .expect("下半身") as i32;
    let first: usize = m.materials[..skirt]
        .iter()
        .map(|x| x.face_index_count as usize / 3)
        .sum();
    let count = m.materials[skirt].face_index_count as usize / 3;
    let mut verts: Vec<usize> = m.faces[first..first + count]
        .iter()
        .flatten()
        .map(|&v| v as usize)
        .collect();
    verts.sort_unstable();
    verts.dedup();
    let top = verts
        .iter()
        .map(|&v| m.vertices[v].position.y)
        .fold(f32::NEG_INFINITY, f32::max);
    let mut pins = Vec::new();
    for &v in &verts {
        let vx = &mut m.vertices[v];
        if vx.position.y > top - 0.01 {
            vx.weights = Weights::Bdef1 { bone: lower };
            pins.push(v as i32);
        } else {
            let r = Vec3::new(vx.position.x, 0.0, vx.position.z);
            let len = r.length();
            if len > NARROW {
                let narrowed = r * (NARROW / len);
                vx.position.x = narrowed.x;
                vx.position.z = narrowed.z;
            }
        }
    }
    assert!(pins.len() >= 6, "a waist ring: {}", pins.len());
    m.soft_bodies = vec![SoftBody {
        name: "ソフトスカート".into(),
        shape: SoftBodyShape::TriMesh,
        material: skirt as i32,
        group: 5,
        collision_mask: mask,
        total_mass: 1.0,
        margin: 0.05,
        config: SoftBodyConfig {
            dp: 0.02,
            df: 0.2,
            chr: 1.0,
            khr: 1.0,
            ahr: 1.0,
            ..Default::default()
        },
        iterations: SoftBodyIterations {
            position: 8,
            ..Default::default()
        },
        material_params: SoftBodyMaterial {
            lst: 0.8,
            ast: 0.5,
            vst: 0.0,
        },
        pins,
        ..Default::default()
    }];
    let legs: Vec<usize> = m
        .rigid_bodies
        .iter()
        .enumerate()
        .filter(|(_, b)| b.name == "左足" || b.name == "右足")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(legs.len(), 2);
    (m, legs)
}

/// How deep `p` is inside body `i` of `model` at `pose` (negative: outside),
/// by the test's own sphere / capsule / box geometry.
fn depth(model: &Model, i: usize, pose: &rapier3d::prelude::Pose, p: Vec3) -> f32 {
    let b = &model.rigid_bodies[i];
    let local = pose.inverse_transform_point(p);
    match b.shape {
        RigidShape::Sphere => b.size.x - local.length(),
        RigidShape::Capsule => {
            let half = b.size.y * 0.5;
            let axis = Vec3::new(0.0, local.y.clamp(-half, half), 0.0);
            b.size.x - (local - axis).length()
        }
        RigidShape::Box => {
            let outside = (local.abs() - b.size).max(Vec3::ZERO);
            if outside == Vec3::ZERO {
                (b.size - local.abs()).min_element()
            } else {
                -outside.length()
            }
        }
        RigidShape::Unknown(s) => panic!("the sample's legs have a known shape, not {s}"),
    }
}

/// Runs 02_laugh; returns the deepest any skirt particle was inside a thigh at
/// the end of a frame, and how many frames some particle touched one (within 0.1).
fn run(mask: u16) -> Option<(f32, usize)> {
    let path = hone_testkit::shared_model("gene/motion/02_laugh.vmd")?;
    let (model, legs) = rig_with_soft_skirt(mask);
    let vmd = load_vmd(path).expect("02_laugh loads");
    let (motion, report) = BoundMotion::bind(&vmd, &model);
    assert!(report.bound_bones > 0, "02_laugh binds to the sample rig");
    let mut sim = Simulation::new(&model, PhysicsConfig::default());
    let mut pose = Pose::new(&model);
    let seconds = motion.duration().clamp(2.0, 20.0);
    let frames = (seconds * 60.0) as usize;
    let mut deepest = f32::NEG_INFINITY;
    let mut touching = 0;
    for f in 0..frames {
        motion.apply_to_pose(f as f32 * 0.5, &mut pose);
        sim.frame(&model, &pose, 1.0 / 60.0);
        let particles = sim.soft.particles(0).expect("the skirt is simulated");
        let mut touched = false;
        for &leg in &legs {
            let pose = sim.physics.body_pose(leg).unwrap();
            for &p in particles {
                let d = depth(&model, leg, &pose, p);
                deepest = deepest.max(d);
                touched |= d > -0.1;
            }
        }
        touching += touched as usize;
    }
    Some((deepest, touching))
}

#[test]
fn a_soft_skirt_under_02_laugh_never_sinks_into_the_legs() {
    let Some((deepest, touching)) = run(!(1 << 3) & !(1 << 4) & !(1 << 5)) else {
        hone_testkit::skip("02_laugh.vmd absent");
        return;
    };
    println!("soft skirt: deepest {deepest} into a thigh, touching in {touching} frames");
    assert!(
        touching > 30,
        "the skirt rests on the legs: {touching} frames"
    );
    assert!(deepest <= 0.05, "sank {deepest} into a leg body");
    // Without contacts against the body group, the same skirt sinks in.
    let (through, _) = run(!(1 << 1) & !(1 << 3) & !(1 << 4) & !(1 << 5)).unwrap();
    println!("without leg contacts: {through}");
    assert!(through > 0.05, "without contacts it sinks in: {through}");
}
