//! SDEF and QDEF on the shared generated fixtures: both keep a limb's
//! cross-section where linear blending of the same weights collapses it.
//! Vertex edits update only the edited vertices' skinning entries, and skin
//! exactly as a deformer built anew.

use glam::{Quat, Vec3};
use hone_core::deform::{DeformState, Deformer, Pose};
use hone_core::edit::{ElementKind, History, ModelEdit};
use hone_core::pmx::{Model, MorphOffsets, Vertex, Weights};

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

/// A small deterministic generator (xorshift), so a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn vec(&mut self, scale: f32) -> Vec3 {
        Vec3::new(self.unit() - 0.5, self.unit() - 0.5, self.unit() - 0.5) * scale
    }
}

/// Random weights of a random kind; one bone in ten is out of range.
fn random_weights(rng: &mut Rng, bones: usize) -> Weights {
    let mut bone = || match rng.below(10) {
        0 => bones as i32 + 3,
        _ => rng.below(bones) as i32,
    };
    let b2 = [bone(), bone()];
    let b4 = [bone(), bone(), bone(), bone()];
    let w = rng.unit();
    let w4 = [rng.unit(), rng.unit(), rng.unit(), rng.unit()];
    match rng.below(5) {
        0 => Weights::Bdef1 { bone: b4[0] },
        1 => Weights::Bdef2 {
            bones: b2,
            weight: w,
        },
        2 => Weights::Bdef4 {
            bones: b4,
            weights: w4,
        },
        3 => Weights::Sdef {
            bones: b2,
            weight: w,
            c: rng.vec(20.0),
            r0: rng.vec(20.0),
            r1: rng.vec(20.0),
        },
        _ => Weights::Qdef {
            bones: b4,
            weights: w4,
        },
    }
}

/// Skinned positions and normals of `model` under `pose` from a deformer built anew.
fn fresh_skin(model: &Model, pose: &Pose) -> (Vec<Vec3>, Vec<Vec3>) {
    let d = Deformer::new(model);
    let mut s = d.new_state();
    d.evaluate(model, pose, &mut s);
    (s.positions, s.normals)
}

/// The kept deformer after an edit: only the vertices the ChangeSet names.
fn update_and_skin(
    deformer: &mut Deformer,
    state: &mut DeformState,
    model: &Model,
    pose: &Pose,
    changes: &hone_core::edit::ChangeSet,
) -> (Vec<Vec3>, Vec<Vec3>) {
    assert!(changes.is_precise(ElementKind::Vertex));
    let edited: Vec<usize> = changes.edits(ElementKind::Vertex).map(|(v, _)| v).collect();
    deformer.update_vertices(model, &edited, state);
    // The pose stands still: skinning only the edited vertices is enough.
    deformer.skin_vertices(state, &edited);
    let only_edited = (state.positions.clone(), state.normals.clone());
    deformer.evaluate(model, pose, state);
    let all = (state.positions.clone(), state.normals.clone());
    assert_eq!(only_edited, all, "skinning the edited vertices alone");
    all
}

#[test]
fn vertex_edits_update_only_their_entries_and_skin_as_a_full_rebuild() {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let mut model = hone_core::pmx::load(&path).expect("Gene loads").model;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // Posed, with a vertex morph on: skinning reads weights, rest positions
    // (plus morph offsets) and normals.
    let mut pose = Pose::new(&model);
    for b in &mut pose.bones {
        b.rotation = Quat::from_scaled_axis(rng.vec(0.6));
    }
    let morph = (model.morphs.iter())
        .position(|m| matches!(&m.offsets, MorphOffsets::Vertex(o) if o.len() > 50))
        .expect("Gene has a vertex morph");
    pose.morphs[morph] = 1.0;
    let morphed: Vec<usize> = match &model.morphs[morph].offsets {
        MorphOffsets::Vertex(o) => o.iter().map(|o| o.vertex as usize).collect(),
        _ => unreachable!(),
    };
    let mut deformer = Deformer::new(&model);
    assert!(model.vertices.len() > 8192, "Gene skins in parallel chunks");
    let mut state = deformer.new_state();
    deformer.evaluate(&model, &pose, &mut state);
    let original = (state.positions.clone(), state.normals.clone());
    assert_eq!(original, fresh_skin(&model, &pose));

    let mut history = History::new();
    let mut last = original.clone();
    // Vertices edited before: edited again, they leave the kinds they were given.
    let mut edited: Vec<usize> = Vec::new();
    for round in 0..8 {
        let mut set: Vec<(usize, Vertex)> = Vec::new();
        for k in 0..60 {
            // Some of every round's vertices are morphed ones.
            let v = if k < 5 {
                morphed[rng.below(morphed.len())]
            } else if k < 35 && !edited.is_empty() {
                edited[rng.below(edited.len())]
            } else {
                rng.below(model.vertices.len())
            };
            edited.push(v);
            let mut vertex: Vertex = model.vertices[v].clone();
            vertex.weights = random_weights(&mut rng, model.bones.len());
            if round % 2 == 1 {
                vertex.position += rng.vec(0.2);
                vertex.normal = (vertex.normal + rng.vec(0.5)).normalize_or_zero();
            }
            set.retain(|(i, _)| *i != v);
            set.push((v, vertex));
        }
        let edit = ModelEdit::set_vertices(set, "weights");
        let changes = history.apply(&mut model, edit).expect("the edit applies");
        let updated = update_and_skin(&mut deformer, &mut state, &model, &pose, &changes);
        assert_eq!(updated, fresh_skin(&model, &pose), "round {round}");
        let moved = (updated.0.iter().zip(&last.0))
            .filter(|(a, b)| a != b)
            .count();
        assert!(moved >= 30, "round {round} moved only {moved} vertices");
        last = updated;
    }
    while let Some(changes) = history.undo(&mut model) {
        last = update_and_skin(&mut deformer, &mut state, &model, &pose, &changes);
        assert_eq!(last, fresh_skin(&model, &pose));
    }
    assert_eq!(last, original, "undo restores the first skinning");
}
