//! Weight operations, BDEF2 → SDEF, the painting kernel and weight transfer
//! (core/src/rig/{weights,paint,transfer}.rs).

mod rig_support;
use glam::{Quat, Vec3};
use hone_core::deform::{Deformer, Pose};
use hone_core::edit::History;
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::{Model, Vertex, WeightKind, Weights, NONE};
use hone_core::rig::paint::{Brush, Falloff, PaintMirror, PaintMode, Stroke};
use hone_core::rig::{transfer, weights};
use rig_support::{apply_and_undo, gene};

/// Two bones in a line plus three vertices with hand-written weights.
fn small() -> Model {
    let mut m = sample_rig();
    m.vertices.truncate(0);
    m.faces.clear();
    m.morphs.clear();
    m.soft_bodies.clear();
    for mat in &mut m.materials {
        mat.face_index_count = 0;
    }
    for f in &mut m.display_frames {
        f.elements
            .retain(|e| !matches!(e, hone_core::pmx::DisplayElement::Morph(_)));
    }
    let v = |w: Weights| Vertex {
        weights: w,
        ..Vertex::default()
    };
    m.vertices = vec![
        v(Weights::Bdef4 {
            bones: [1, 2, 3, 4],
            weights: [0.5, 0.3, 0.15, 0.05],
        }),
        v(Weights::Bdef2 {
            bones: [1, 2],
            weight: 0.7,
        }),
        v(Weights::Bdef4 {
            bones: [1, 2, NONE, NONE],
            weights: [0.2, 0.2, 0.0, 0.0],
        }),
        v(Weights::Bdef1 { bone: 3 }),
    ];
    m
}

fn sum(w: &Weights) -> f32 {
    weights::entries(w).iter().map(|e| e.1).sum()
}

#[test]
fn normalize_limit_prune_replace_transfer() {
    let m = small();
    let all = [0, 1, 2, 3];

    // Normalize: only vertex 2 (sum 0.4) changes, to 0.5/0.5 in its slots.
    let e = weights::normalize(&m, &all)
        .unwrap()
        .expect("vertex 2 needs it");
    let n = apply_and_undo(&m, e);
    assert_eq!(
        n.vertices[2].weights,
        Weights::Bdef4 {
            bones: [1, 2, NONE, NONE],
            weights: [0.5, 0.5, 0.0, 0.0]
        }
    );
    assert_eq!(n.vertices[0].weights, m.vertices[0].weights);
    assert!(
        weights::normalize(&n, &all).unwrap().is_none(),
        "normalised twice"
    );

    // Limit to 2: the BDEF4 keeps 0.5 and 0.3 → 0.625 / 0.375 as BDEF2.
    let e = weights::limit_bones(&m, &[0], 2).unwrap().unwrap();
    let l = apply_and_undo(&m, e);
    match l.vertices[0].weights {
        Weights::Bdef2 { bones, weight } => {
            assert_eq!(bones, [1, 2]);
            assert!((weight - 0.625).abs() < 1e-6);
        }
        w => panic!("{w:?}"),
    }
    assert!(weights::limit_bones(&m, &[1, 3], 2).unwrap().is_none());
    assert!(weights::limit_bones(&m, &[0], 5).is_err());

    // Prune below 0.1: bone 4 (0.05) goes, the rest scale by 1/0.95.
    let e = weights::prune(&m, &[0], 0.1).unwrap().unwrap();
    let p = apply_and_undo(&m, e);
    let list = weights::entries(&p.vertices[0].weights);
    assert_eq!(list.iter().map(|e| e.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!((list[0].1 - 0.5 / 0.95).abs() < 1e-6);
    assert!((sum(&p.vertices[0].weights) - 1.0).abs() < 1e-6);

    // Replace 1 by 2: vertex 1 becomes BDEF1 on 2, vertex 0 merges 0.5 into slot of 2.
    let e = weights::replace_bone(&m, &all, 1, 2).unwrap().unwrap();
    let r = apply_and_undo(&m, e);
    assert_eq!(r.vertices[1].weights, Weights::Bdef1 { bone: 2 });
    assert!((weights::weight_of(&r.vertices[0].weights, 2) - 0.8).abs() < 1e-6);
    assert_eq!(weights::weight_of(&r.vertices[0].weights, 1), 0.0);
    assert!(r.vertices.iter().all(|v| !v.weights.bones().contains(&1)));
    assert_eq!(r.vertices[3], m.vertices[3]);

    // Transfer half of bone 1 to bone 5 (new): sums stay, BDEF2 grows to BDEF4.
    let e = weights::transfer_weight(&m, &[1], 1, 5, 0.5)
        .unwrap()
        .unwrap();
    let t = apply_and_undo(&m, e);
    let w = &t.vertices[1].weights;
    assert_eq!(w.kind(), WeightKind::Bdef4);
    assert!((weights::weight_of(w, 1) - 0.35).abs() < 1e-6);
    assert!((weights::weight_of(w, 5) - 0.35).abs() < 1e-6);
    assert!((sum(w) - 1.0).abs() < 1e-6);

    // Set and scale.
    let e = weights::set_weight(&m, &[1], 2, 0.6).unwrap().unwrap();
    let s = apply_and_undo(&m, e);
    assert!((weights::weight_of(&s.vertices[1].weights, 2) - 0.6).abs() < 1e-6);
    assert!((weights::weight_of(&s.vertices[1].weights, 1) - 0.4).abs() < 1e-6);
    let e = weights::scale_weight(&m, &[0], 1, 0.5).unwrap().unwrap();
    let s = apply_and_undo(&m, e);
    let w = &s.vertices[0].weights;
    assert!((weights::weight_of(w, 1) - 0.25).abs() < 1e-6);
    // The others keep their proportions: 0.3 : 0.15 : 0.05 of the remaining 0.75.
    assert!((weights::weight_of(w, 2) - 0.45).abs() < 1e-6);
    assert!((sum(w) - 1.0).abs() < 1e-6);

    // Bad input changes nothing and says why.
    assert!(weights::normalize(&m, &[99]).is_err());
    assert!(weights::set_weight(&m, &[0], 9999, 0.5).is_err());
}

#[test]
fn kind_changes_keep_the_largest_bones() {
    let m = small();
    let e = weights::set_kind(&m, &[0], WeightKind::Bdef1)
        .unwrap()
        .unwrap();
    assert_eq!(
        apply_and_undo(&m, e).vertices[0].weights,
        Weights::Bdef1 { bone: 1 }
    );
    let e = weights::set_kind(&m, &[0], WeightKind::Bdef2)
        .unwrap()
        .unwrap();
    match apply_and_undo(&m, e).vertices[0].weights {
        Weights::Bdef2 { bones, weight } => {
            assert_eq!(bones, [1, 2]);
            assert!((weight - 0.625).abs() < 1e-6)
        }
        w => panic!("{w:?}"),
    }
    let e = weights::set_kind(&m, &[1], WeightKind::Qdef)
        .unwrap()
        .unwrap();
    assert_eq!(
        apply_and_undo(&m, e).vertices[1].weights,
        Weights::Qdef {
            bones: [1, 2, 1, 1],
            weights: [0.7, 0.3, 0.0, 0.0]
        }
    );
    // A one-bone vertex cannot become SDEF.
    assert!(weights::set_kind(&m, &[3], WeightKind::Sdef)
        .unwrap()
        .is_none());
}

/// The sample rig's elbow SDEF vertices, their stored parameters, and the model with
/// them turned back into BDEF2 (same bones and weights).
fn elbow_as_bdef2() -> (Model, Model, Vec<usize>) {
    let original = sample_rig();
    let mut bdef2 = original.clone();
    let mut idx = Vec::new();
    for (i, v) in bdef2.vertices.iter_mut().enumerate() {
        if let Weights::Sdef { bones, weight, .. } = v.weights {
            v.weights = Weights::Bdef2 { bones, weight };
            idx.push(i);
        }
    }
    (original, bdef2, idx)
}

#[test]
fn sdef_from_bdef2_reproduces_the_sample_elbow() {
    let (original, bdef2, idx) = elbow_as_bdef2();
    assert!(
        idx.len() >= 48,
        "sample elbows have {} SDEF vertices",
        idx.len()
    );
    let e = weights::sdef_from_bdef2(&bdef2, &idx).unwrap().unwrap();
    let sdef = apply_and_undo(&bdef2, e);
    let (mut worst_c, mut worst_r) = (0.0f32, 0.0f32);
    for &i in &idx {
        let (
            Weights::Sdef {
                bones: b0,
                weight: w0,
                c: c0,
                r0: a0,
                r1: a1,
            },
            Weights::Sdef {
                bones: b1,
                weight: w1,
                c: c1,
                r0: d0,
                r1: d1,
            },
        ) = (original.vertices[i].weights, sdef.vertices[i].weights)
        else {
            panic!("vertex {i} is not SDEF");
        };
        assert_eq!((b0, w0), (b1, w1));
        worst_c = worst_c.max(c0.distance(c1));
        worst_r = worst_r.max(a0.distance(d0)).max(a1.distance(d1));
    }
    // Posed with the hand-made and with the computed parameters, 120° at the elbow.
    let bend = |m: &Model| {
        let d = Deformer::new(m);
        let mut s = d.new_state();
        let mut pose = Pose::new(m);
        for name in ["左ひじ", "右ひじ"] {
            pose.bones[m.bone_index(name).unwrap()].rotation =
                Quat::from_rotation_y(120f32.to_radians());
        }
        d.evaluate(m, &pose, &mut s);
        s.positions
    };
    let (a, b) = (bend(&original), bend(&sdef));
    let worst_p = idx
        .iter()
        .map(|&i| a[i].distance(b[i]))
        .fold(0.0f32, f32::max);
    eprintln!(
        "SDEF from BDEF2 on {} elbow vertices: C error {worst_c:.2e}, R0/R1 error {worst_r:.4}, \
         posed at 120° {worst_p:.4} (forearm radius 0.4)",
        idx.len()
    );
    assert!(worst_c < 1e-3, "C error {worst_c}");
    // The sample's weights ramp with a smoothstep across the blend, so a straight-line
    // fit of weight against distance puts the blend's ends (R0/R1) a little inside the
    // hand-made ones (4.8375 vs 4.875, 4.1399 vs 4.095 on the left arm).
    assert!(worst_r < 0.05, "R0/R1 error {worst_r}");
    assert!(worst_p < 0.025, "posed difference {worst_p}");
}

/// Smallest ring radius (vertices sharing a rest x within the blend, per arm side)
/// after bending 左ひじ by 120°, relative to rest.
fn elbow_min_radius(model: &Model, idx: &[usize]) -> f32 {
    let elbow = model.bone_index("左ひじ").unwrap();
    let d = Deformer::new(model);
    let mut s = d.new_state();
    let mut pose = Pose::new(model);
    pose.bones[elbow].rotation = Quat::from_rotation_y(120f32.to_radians());
    d.evaluate(model, &pose, &mut s);
    let mut rings: Vec<(f32, Vec<usize>)> = Vec::new();
    for &i in idx {
        let p = model.vertices[i].position;
        if p.x <= 0.0 {
            continue;
        }
        match rings.iter_mut().find(|(x, _)| (x - p.x).abs() < 1e-4) {
            Some((_, r)) => r.push(i),
            None => rings.push((p.x, vec![i])),
        }
    }
    let radius = |pos: &dyn Fn(usize) -> Vec3, ring: &[usize]| {
        let c = ring.iter().map(|&i| pos(i)).sum::<Vec3>() / ring.len() as f32;
        ring.iter().map(|&i| (pos(i) - c).length()).sum::<f32>() / ring.len() as f32
    };
    rings
        .iter()
        .filter(|(_, r)| r.len() >= 8)
        .map(|(_, r)| radius(&|i| s.positions[i], r) / radius(&|i| model.vertices[i].position, r))
        .fold(f32::INFINITY, f32::min)
}

#[test]
fn computed_sdef_keeps_the_elbow_cross_section_at_120_degrees() {
    let (_, bdef2, idx) = elbow_as_bdef2();
    let e = weights::sdef_from_bdef2(&bdef2, &idx).unwrap().unwrap();
    let mut sdef = bdef2.clone();
    History::new().apply(&mut sdef, e).unwrap();
    let (rs, rl) = (
        elbow_min_radius(&sdef, &idx),
        elbow_min_radius(&bdef2, &idx),
    );
    eprintln!("elbow at 120°: smallest ring radius SDEF {rs:.4}, linear {rl:.4} (of rest)");
    assert!(rl < 0.9, "linear blending should visibly collapse ({rl})");
    assert!(rs > rl + 0.05, "SDEF {rs} does not beat linear {rl}");
    assert!(rs > 0.95, "SDEF ring shrank to {rs}");
}

/// Vertices weighted to the bone (any amount), on its positive-x side.
fn weighted_to(model: &Model, bone: usize) -> Vec<usize> {
    (0..model.vertices.len())
        .filter(|&i| weights::weight_of(&model.vertices[i].weights, bone as i32) > 0.0)
        .collect()
}

#[test]
fn a_stroke_on_genes_forearm_stays_in_the_brush_and_keeps_sums() {
    let Some(gene) = gene() else {
        return;
    };
    let elbow = gene.bone_index("左ひじ").unwrap();
    let forearm = weighted_to(&gene, elbow);
    assert!(forearm.len() > 100);
    let positions: Vec<Vec3> = gene.vertices.iter().map(|v| v.position).collect();
    let all: Vec<usize> = (0..gene.vertices.len()).collect();
    let radius = 0.6;
    // A stroke of dabs along the forearm (from the elbow toward the wrist).
    let head = gene.bones[elbow].position;
    let wrist = gene.bones[gene.bone_index("左手首").unwrap()].position;
    let centres: Vec<Vec3> = (0..6)
        .map(|k| head.lerp(wrist, 0.2 + 0.1 * k as f32))
        .collect();
    for mode in [
        PaintMode::Add,
        PaintMode::Subtract,
        PaintMode::Replace,
        PaintMode::Smooth,
    ] {
        let brush = Brush {
            radius,
            strength: 0.5,
            value: 0.3,
            falloff: Falloff::Smooth,
            mode,
        };
        let mut stroke = Stroke::new(&gene, elbow, brush, None).unwrap();
        for c in &centres {
            stroke.dab(&gene, &positions, *c, &all).unwrap();
        }
        let edit = stroke.finish(&gene).expect("the stroke changed weights");
        let painted = apply_and_undo(&gene, edit);
        let mut changed = 0;
        for (i, (a, b)) in gene.vertices.iter().zip(&painted.vertices).enumerate() {
            if a == b {
                continue;
            }
            changed += 1;
            let d = centres
                .iter()
                .map(|c| c.distance(a.position))
                .fold(f32::INFINITY, f32::min);
            assert!(
                d < radius,
                "{mode:?}: vertex {i} changed {d} from the stroke"
            );
            assert_eq!(a.position, b.position);
            let s = sum(&b.weights);
            assert!((s - 1.0).abs() < 1e-5, "{mode:?}: vertex {i} sums to {s}");
        }
        eprintln!("{mode:?}: {changed} vertices changed within radius {radius}");
        assert!(changed > 10);
    }
}

#[test]
fn mirror_painting_and_blur_between_two_bones() {
    let Some(gene) = gene() else {
        return;
    };
    let positions: Vec<Vec3> = gene.vertices.iter().map(|v| v.position).collect();
    let (l, r) = (
        gene.bone_index("左ひじ").unwrap(),
        gene.bone_index("右ひじ").unwrap(),
    );
    let mirror = PaintMirror::new(&gene, l, None, 1e-3);
    assert_eq!(mirror.bone, r, "左ひじ mirrors to 右ひじ");
    let table = mirror.vertices.clone();
    let mirrored = table.iter().filter(|m| m.is_some()).count();
    eprintln!(
        "mirror table: {mirrored} of {} vertices have a mirror",
        table.len()
    );
    // The bone sharing most vertices with 左ひじ, and its mirror.
    let mut shared = vec![0usize; gene.bones.len()];
    for v in &gene.vertices {
        let e = weights::entries(&v.weights);
        if e.iter().any(|x| x.0 == l as i32 && x.1 > 0.0) {
            for x in e.iter().filter(|x| x.0 != l as i32 && x.1 > 0.0) {
                shared[x.0 as usize] += 1;
            }
        }
    }
    let la = (0..shared.len()).max_by_key(|&b| shared[b]).unwrap();
    let ra = gene
        .bone_index(&gene.bones[la].name.replacen('左', "右", 1))
        .unwrap();
    let all: Vec<usize> = (0..gene.vertices.len()).collect();
    let wrist = gene.bones[gene.bone_index("左手首").unwrap()].position;
    let centre = gene.bones[l].position.lerp(wrist, 0.5);
    let w = |m: &Model, i: usize, b: usize| weights::weight_of(&m.vertices[i].weights, b as i32);
    let paint = |mode: PaintMode, mirror: Option<PaintMirror>| {
        let brush = Brush {
            radius: 1.5,
            strength: 0.8,
            value: 0.0,
            falloff: Falloff::Linear,
            mode,
        };
        let mut stroke = Stroke::new(&gene, l, brush, mirror).unwrap();
        stroke.dab(&gene, &positions, centre, &all).unwrap();
        apply_and_undo(
            &gene,
            stroke.finish(&gene).expect("the dab changed weights"),
        )
    };

    // X-mirror: the mirror vertex gets the same dab on 右ひじ; where the weights were
    // symmetric before, they are after.
    let p = paint(PaintMode::Add, Some(mirror));
    let mut pairs = 0;
    for i in 0..gene.vertices.len() {
        let Some(m) = table[i].map(|m| m as usize) else {
            continue;
        };
        if gene.vertices[i] == p.vertices[i] || positions[i].x <= 0.0 {
            continue;
        }
        assert_ne!(gene.vertices[m], p.vertices[m], "mirror of {i} not painted");
        if (w(&gene, i, l) - w(&gene, m, r)).abs() < 1e-6 {
            assert!((w(&p, i, l) - w(&p, m, r)).abs() < 1e-5, "vertex {i}/{m}");
            pairs += 1;
        }
    }
    eprintln!("X-mirror add: {pairs} symmetric pairs painted alike");
    assert!(pairs > 50);

    // Blur between 左ひじ and its neighbour bone: each touched vertex's split
    // wA/(wA+wB) moves toward its mesh neighbours' mean split by strength × falloff,
    // and the pair's sum stays.
    let p = paint(PaintMode::Blur { other: la }, None);
    let nb = hone_core::rig::paint::neighbours(&gene);
    let split = |m: &Model, j: usize| {
        let s = w(m, j, l) + w(m, j, la);
        (s > 1e-6).then(|| w(m, j, l) / s)
    };
    let mut touched = 0;
    let mut moved = 0.0f32;
    for i in 0..gene.vertices.len() {
        if gene.vertices[i] == p.vertices[i] {
            continue;
        }
        touched += 1;
        let (s0, s1) = (w(&gene, i, l) + w(&gene, i, la), w(&p, i, l) + w(&p, i, la));
        assert!((s0 - s1).abs() < 1e-5, "vertex {i}: pair sum {s0} → {s1}");
        assert!((sum(&p.vertices[i].weights) - 1.0).abs() < 1e-5);
        let around: Vec<f32> = nb[i]
            .iter()
            .filter_map(|&j| split(&gene, j as usize))
            .collect();
        let mean = around.iter().sum::<f32>() / around.len() as f32;
        let f = 0.8 * (1.0 - positions[i].distance(centre) / 1.5);
        let r0 = split(&gene, i).unwrap();
        let want = r0 + (mean - r0) * f;
        let got = split(&p, i).unwrap();
        assert!(
            (got - want).abs() < 1e-4,
            "vertex {i}: split {got}, expected {want}"
        );
        moved += (got - r0).abs();
    }
    eprintln!(
        "blur 左ひじ/{}: {touched} vertices, mean split change {:.3}",
        gene.bones[la].name,
        moved / touched as f32
    );
    assert!(touched > 10);
    let _ = ra;
}

#[test]
fn weights_transfer_from_a_model_by_nearest_surface_point() {
    let Some(gene) = gene() else {
        return;
    };
    // Target: the same mesh with every weight wiped to センター; transfer must bring
    // back each vertex's own weights (nearest point = the vertex itself).
    let centre = gene.bone_index("センター").unwrap() as i32;
    let mut target = gene.clone();
    for v in &mut target.vertices {
        v.weights = Weights::Bdef1 { bone: centre };
    }
    let sel: Vec<usize> = (0..gene.vertices.len()).step_by(7).collect();
    let (edit, report) =
        transfer::transfer_from_model(&target, &gene, &sel, Default::default()).unwrap();
    eprintln!("transfer report: {report:?}");
    let t = apply_and_undo(&target, edit.unwrap());
    let mut worst = 0.0f32;
    let mut bad = 0;
    for &i in &sel {
        for (b, w) in weights::entries(&gene.vertices[i].weights) {
            if w < 1e-4 || gene.vertices[i].weights.bones().len() > 4 {
                continue;
            }
            let e = (weights::weight_of(&t.vertices[i].weights, b) - w).abs();
            if e > 1e-3 {
                bad += 1;
            }
            worst = worst.max(e);
        }
        assert!((sum(&t.vertices[i].weights) - 1.0).abs() < 1e-5);
    }
    // Coincident vertices (seams) may pick their twin's triangle: allow a few.
    eprintln!(
        "transfer onto itself: {bad} of {} entries differ by > 1e-3 (worst {worst:.3})",
        sel.len()
    );
    assert!(bad * 100 < sel.len(), "{bad} mismatches");
    assert!(report.max_distance < 1e-4);
}
