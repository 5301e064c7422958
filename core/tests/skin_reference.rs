//! Linear-blend skinning (BDEF1/2/4) against a plain reference written here:
//! each vertex is moved by every bone it names, world × T(−rest), and the moved
//! points are summed with the weights as stored. The deformer's grouped, blended
//! matrices must land on the same positions and normals, serial and parallel.

use glam::{Mat4, Vec3};
use hone_core::deform::{pose_from_json, Deformer, Pose};
use hone_core::pmx::{Model, Weights};

/// Model units (1 ≈ 8 cm): far below anything visible, far above f32 rounding.
const TOLERANCE: f32 = 1e-4;

/// The linear skinning of vertex `v` from the bones' world matrices, or None for
/// the kinds that are not linear (SDEF, QDEF).
fn reference(model: &Model, world: &[Mat4], offsets: &[Vec3], v: usize) -> Option<(Vec3, Vec3)> {
    let vertex = &model.vertices[v];
    let pairs: Vec<(i32, f32)> = match vertex.weights {
        Weights::Bdef1 { bone } => vec![(bone, 1.0)],
        Weights::Bdef2 { bones, weight } => vec![(bones[0], weight), (bones[1], 1.0 - weight)],
        Weights::Bdef4 { bones, weights } => bones.into_iter().zip(weights).collect(),
        _ => return None,
    };
    let rest = vertex.position + offsets.get(v).copied().unwrap_or(Vec3::ZERO);
    let (mut position, mut normal) = (Vec3::ZERO, Vec3::ZERO);
    for (bone, weight) in pairs {
        let m = match usize::try_from(bone).ok().and_then(|b| world.get(b)) {
            Some(w) => *w * Mat4::from_translation(-model.bones[bone as usize].position),
            None => Mat4::IDENTITY,
        };
        position += m.transform_point3(rest) * weight;
        normal += m.transform_vector3(vertex.normal) * weight;
    }
    if !matches!(vertex.weights, Weights::Bdef1 { .. }) {
        normal = normal.normalize_or_zero();
    }
    Some((position, normal))
}

fn check(model: &Model, pose: &Pose, label: &str) {
    let mut deformer = Deformer::new(model);
    for parallel in [false, true] {
        deformer.parallel = parallel;
        let mut state = deformer.new_state();
        deformer.evaluate(model, pose, &mut state);
        let mut compared = 0;
        let mut worst = (0.0f32, 0usize);
        for v in 0..model.vertices.len() {
            let Some((p, n)) = reference(model, &state.world, &state.vertex_offsets, v) else {
                continue;
            };
            let off = (state.positions[v] - p)
                .abs()
                .max_element()
                .max((state.normals[v] - n).abs().max_element());
            if off.is_nan() || off > worst.0 {
                worst = (off, v);
            }
            compared += 1;
        }
        assert!(compared > 0, "{label}: no linear vertex");
        assert!(
            worst.0 <= TOLERANCE,
            "{label} (parallel {parallel}): vertex {} is {} off the reference \
             (position {} vs {:?}, normal {} vs {:?})",
            worst.1,
            worst.0,
            state.positions[worst.1],
            reference(model, &state.world, &state.vertex_offsets, worst.1).map(|r| r.0),
            state.normals[worst.1],
            reference(model, &state.world, &state.vertex_offsets, worst.1).map(|r| r.1),
        );
        eprintln!(
            "{label} (parallel {parallel}): {compared} vertices, largest difference {:e}",
            worst.0
        );
    }
}

#[test]
fn gene_posed_skins_as_the_reference() {
    let Some(dir) = hone_testkit::shared_models_dir().map(|d| d.join("gene")) else {
        eprintln!("skipped: shared models not found");
        return;
    };
    let model = hone_core::pmx::load(dir.join("Gene.pmx"))
        .expect("Gene.pmx")
        .model;
    let text = std::fs::read_to_string(dir.join("oracle/gene_r7.pose.json")).expect("gene_r7");
    let pose = pose_from_json(&model, &text).expect("pose").pose;
    check(&model, &pose, "Gene gene_r7");
}

#[test]
fn every_weight_kind_and_bad_reference_skins_as_the_reference() {
    let Some(path) = hone_testkit::shared_model("generated_deform/mixed-deform-types.pmx") else {
        eprintln!("skipped: shared models not found");
        return;
    };
    let mut model = hone_core::pmx::load(&path)
        .expect("mixed-deform-types")
        .model;
    // References out of range skin as identity.
    let n = model.bones.len() as i32;
    if let Some(v) = model.vertices.first_mut() {
        v.weights = Weights::Bdef2 {
            bones: [n + 3, -1],
            weight: 0.25,
        };
    }
    let mut pose = Pose::new(&model);
    for (i, b) in pose.bones.iter_mut().enumerate() {
        let t = i as f32 * 0.37;
        b.rotation = glam::Quat::from_euler(glam::EulerRot::XYZ, t.sin(), (0.5 * t).cos(), 0.3);
        b.translation = Vec3::new(0.1 * t.cos(), 0.05, -0.02 * t);
    }
    check(&model, &pose, "mixed-deform-types");
}
