//! SDEF and QDEF on the shared generated fixtures: both keep a limb's
//! cross-section where linear blending of the same weights collapses it.

use glam::{Quat, Vec3};
use hone_core::deform::{Deformer, Pose};
use hone_core::pmx::{Model, Weights};

fn load(name: &str) -> Option<Model> {
    let path = hone_testkit::shared_model(&format!("generated_deform/{name}"))?;
    match hone_core::pmx::load(&path) {
        Ok(l) => Some(l.model),
        Err(e) => panic!("{name} failed to load: {e}"),
    }
}

/// The same weights, blended linearly (SDEF → BDEF2, QDEF → BDEF4).
fn as_linear(model: &Model) -> Model {
    let mut m = model.clone();
    for v in &mut m.vertices {
        v.weights = match v.weights {
            Weights::Sdef { bones, weight, .. } => Weights::Bdef2 { bones, weight },
            Weights::Qdef { bones, weights } => Weights::Bdef4 { bones, weights },
            w => w,
        };
    }
    m
}

fn skin(model: &Model, bone: usize, rotation: Quat) -> Vec<Vec3> {
    let d = Deformer::new(model);
    let mut s = d.new_state();
    let mut pose = Pose::new(model);
    pose.bones[bone].rotation = rotation;
    d.evaluate(model, &pose, &mut s);
    s.positions.clone()
}

/// Rings of vertices sharing a rest height (the fixtures are tubes along Y).
fn rings(model: &Model) -> Vec<Vec<usize>> {
    let mut rings: Vec<(f32, Vec<usize>)> = Vec::new();
    for (i, v) in model.vertices.iter().enumerate() {
        match rings
            .iter_mut()
            .find(|(y, _)| (y - v.position.y).abs() < 1e-4)
        {
            Some((_, r)) => r.push(i),
            None => rings.push((v.position.y, vec![i])),
        }
    }
    rings
        .into_iter()
        .map(|(_, r)| r)
        .filter(|r| r.len() >= 4)
        .collect()
}

/// Mean distance of a ring's vertices from the ring's centroid.
fn ring_radius(p: &[Vec3], ring: &[usize]) -> f32 {
    let c = ring.iter().map(|&i| p[i]).sum::<Vec3>() / ring.len() as f32;
    ring.iter().map(|&i| (p[i] - c).length()).sum::<f32>() / ring.len() as f32
}

/// The smallest ring radius after posing, relative to the rest radius.
fn min_radius_ratio(model: &Model, posed: &[Vec3]) -> f32 {
    let rest: Vec<Vec3> = model.vertices.iter().map(|v| v.position).collect();
    rings(model)
        .iter()
        .map(|r| ring_radius(posed, r) / ring_radius(&rest, r))
        .fold(f32::INFINITY, f32::min)
}

#[test]
fn sdef_elbow_keeps_its_cross_section() {
    let Some(model) = load("sdef-two-bone-elbow.pmx") else {
        return;
    };
    assert!(model
        .vertices
        .iter()
        .all(|v| matches!(v.weights, Weights::Sdef { .. })));
    let moving = model.bones.len() - 1;
    let bend = Quat::from_rotation_z(100f32.to_radians());
    let sdef = skin(&model, moving, bend);
    let linear = skin(&as_linear(&model), moving, bend);
    let (rs, rl) = (
        min_radius_ratio(&model, &sdef),
        min_radius_ratio(&model, &linear),
    );
    eprintln!("elbow at 100°: smallest ring radius SDEF {rs:.4}, linear {rl:.4} (of rest)");
    assert!((rs - 1.0).abs() < 0.01, "SDEF ring shrank to {rs}");
    assert!(rl < 0.9, "linear blending should visibly collapse ({rl})");
    // Rest pose reproduces the mesh exactly.
    let rest = skin(&model, moving, Quat::IDENTITY);
    for (p, v) in rest.iter().zip(&model.vertices) {
        assert!((*p - v.position).length() < 1e-5);
    }
}

#[test]
fn qdef_twist_avoids_the_candy_wrapper() {
    let Some(model) = load("qdef-twist-cylinder.pmx") else {
        return;
    };
    assert!(model
        .vertices
        .iter()
        .all(|v| matches!(v.weights, Weights::Qdef { .. })));
    let moving = model.bones.len() - 1;
    // Twist about the cylinder's own axis.
    let twist = Quat::from_rotation_y(160f32.to_radians());
    let dq = skin(&model, moving, twist);
    let linear = skin(&as_linear(&model), moving, twist);
    let (rq, rl) = (
        min_radius_ratio(&model, &dq),
        min_radius_ratio(&model, &linear),
    );
    eprintln!("twist 160°: smallest ring radius QDEF {rq:.4}, linear {rl:.4} (of rest)");
    assert!((rq - 1.0).abs() < 0.01, "QDEF ring shrank to {rq}");
    assert!(
        rl < 0.5,
        "linear blending should collapse toward the axis ({rl})"
    );
    let rest = skin(&model, moving, Quat::IDENTITY);
    for (p, v) in rest.iter().zip(&model.vertices) {
        assert!((*p - v.position).length() < 1e-5);
    }
}
