//! Building soft bodies from PMX data: particles, links, B-links, anchors, pins, and
//! notes for what is clamped or not simulated.

use super::solve::update_normals;
use super::{forces, shape, Aero, Anchor, Link, SoftSim, MAX_BLINKS_PER_PARTICLE, MAX_ITERATIONS};
use crate::physics::{CollisionFilter, Note, NoteTarget, PhysicsWorld};
use crate::pmx::{AeroModel, Model, SoftBody, SoftBodyFlags, SoftBodyShape, Vertex};
use glam::{Quat, Vec3};
use std::collections::{HashMap, VecDeque};

fn note(notes: &mut Vec<Note>, i: usize, text: impl Into<String>) {
    notes.push(Note {
        target: NoteTarget::SoftBody(i),
        text: text.into(),
    });
}

fn clamp01(v: f32, what: &str, i: usize, notes: &mut Vec<Note>) -> f32 {
    if v.is_finite() && (0.0..=1.0).contains(&v) {
        v
    } else {
        let c = if v.is_finite() {
            v.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let text = crate::tr!(
            "note-soft-clamped01",
            what = what,
            value = v.to_string(),
            clamped = c.to_string()
        );
        note(notes, i, text);
        c
    }
}

/// XPBD compliance (α̃ = α/h²) for a constraint between particles of inverse
/// masses summing to `w_sum` that, on its first iteration, corrects the same
/// fraction `k` of the error as Bullet's PBD link of stiffness `k`.
fn compliance_for(k: f32, w_sum: f32) -> f32 {
    let k = k.clamp(1.0e-3, 1.0);
    w_sum * (1.0 / k - 1.0)
}

fn rest_position(v: &Vertex) -> Vec3 {
    if v.position.is_finite() {
        v.position
    } else {
        Vec3::ZERO
    }
}

/// Bullet's `randomizeConstraints` (flag 0x04): each link, then each triangle,
/// swapped with one picked by a linear congruential generator of fixed seed
/// (Bullet's seed 243703 and Numerical Recipes' constants), so the order is the
/// same on every run and every machine.
fn randomize<T>(items: &mut [T], seed: &mut u32) {
    let n = items.len();
    for i in 0..n {
        *seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        items.swap(i, *seed as usize % n);
    }
}

/// Soft-body parameters Hone does not simulate, as catalogue keys (pure:
/// depends only on the soft body's data), for `hone info` and the inspector;
/// [`crate::physics::note_label`] gives their text. What is simulated in an
/// approximated way is reported by [`approximated_parameters`].
pub fn unsimulated_parameters(sb: &SoftBody) -> Vec<&'static str> {
    let c = &sb.config;
    let mut out = Vec::new();
    let rope = sb.shape == SoftBodyShape::Rope;
    if rope && (c.dg != 0.0 || c.lf != 0.0) {
        out.push("note-soft-aero-rope");
    }
    if rope && (c.pr != 0.0 || c.vc != 0.0 || sb.material_params.vst != 0.0) {
        out.push("note-soft-volume-rope");
    }
    out
}

/// Soft-body parameters simulated in an approximated way, as catalogue keys (pure).
pub fn approximated_parameters(sb: &SoftBody) -> Vec<&'static str> {
    let c = &sb.config;
    let mut out = Vec::new();
    if matches!(sb.aero_model, AeroModel::Unknown(_)) && (c.dg != 0.0 || c.lf != 0.0) {
        out.push("note-soft-aero-unknown");
    }
    if sb.shape == SoftBodyShape::TriMesh && sb.material_params.vst != 0.0 {
        out.push("note-soft-volume-stiffness");
    }
    if sb.flags.has(SoftBodyFlags::CLUSTERS) {
        out.push("note-soft-clusters-rigid");
    }
    if sb.iterations.drift > 0 {
        out.push("note-soft-drift-links");
    }
    let cl = &sb.cluster;
    if sb.flags.has(SoftBodyFlags::CLUSTERS) && (cl.sshr_cl != 0.0 || cl.ss_splt_cl != 0.0) {
        out.push("note-soft-cluster-soft-contacts");
    }
    out
}

/// Whether every edge of `triangles` lies on exactly two of them (a closed surface).
fn closed(triangles: &[[u32; 3]]) -> bool {
    let mut edges: HashMap<(u32, u32), u32> = HashMap::new();
    for t in triangles {
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            *edges.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    !edges.is_empty() && edges.values().all(|&n| n == 2)
}

fn iteration_count(v: i32, what: &str, i: usize, notes: &mut Vec<Note>) -> u32 {
    if (0..=MAX_ITERATIONS).contains(&v) {
        v as u32
    } else {
        let clamped = v.clamp(0, MAX_ITERATIONS);
        note(
            notes,
            i,
            crate::tr!(
                "note-soft-count-clamped",
                what = what,
                iterations = v,
                clamped = clamped
            ),
        );
        clamped as u32
    }
}

pub(super) fn build(
    model: &Model,
    physics: &PhysicsWorld,
    i: usize,
    sb: &SoftBody,
    notes: &mut Vec<Note>,
) -> Option<SoftSim> {
    let rope = match sb.shape {
        SoftBodyShape::TriMesh => false,
        SoftBodyShape::Rope => true,
        SoftBodyShape::Unknown(s) => {
            note(notes, i, crate::tr!("note-soft-unknown-shape", shape = s));
            return None;
        }
    };
    let Some(mat) = usize::try_from(sb.material)
        .ok()
        .filter(|&m| m < model.materials.len())
    else {
        note(
            notes,
            i,
            crate::tr!("note-soft-material-out-of-range", material = sb.material),
        );
        return None;
    };
    // The material's faces: the ones after all earlier materials' faces.
    let first: usize = model.materials[..mat]
        .iter()
        .map(|m| m.face_index_count.max(0) as usize / 3)
        .sum();
    let count = model.materials[mat].face_index_count.max(0) as usize / 3;
    let faces = model
        .faces
        .get(first.min(model.faces.len())..(first + count).min(model.faces.len()))
        .unwrap_or(&[]);
    if faces.len() < count {
        note(notes, i, crate::tr!("note-soft-faces-truncated"));
    }
    let nv = model.vertices.len();
    let valid = |v: i32| usize::try_from(v).ok().filter(|&v| v < nv);

    // Weld vertices sharing a rest position into one particle.
    let mut by_pos: HashMap<[u32; 3], u32> = HashMap::new();
    let mut vertex_particle: HashMap<u32, u32> = HashMap::new();
    let mut source: Vec<u32> = Vec::new();
    let mut members: Vec<(u32, u32)> = Vec::new();
    let mut particle_of = |v: usize| -> u32 {
        if let Some(&p) = vertex_particle.get(&(v as u32)) {
            return p;
        }
        let pos = rest_position(&model.vertices[v]);
        let key = pos.to_array().map(f32::to_bits);
        let p = *by_pos.entry(key).or_insert_with(|| {
            source.push(v as u32);
            (source.len() - 1) as u32
        });
        vertex_particle.insert(v as u32, p);
        members.push((v as u32, p));
        p
    };
    let mut triangles = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut dropped = 0usize;
    let mut chain: Vec<u32> = Vec::new();
    for f in faces {
        let Some(vs) = f.iter().map(|&v| valid(v)).collect::<Option<Vec<_>>>() else {
            dropped += 1;
            continue;
        };
        let ps: Vec<u32> = vs.iter().map(|&v| particle_of(v)).collect();
        let mut distinct = ps.clone();
        distinct.sort_unstable();
        distinct.dedup();
        match distinct.len() {
            3 => {
                if !rope {
                    triangles.push([ps[0], ps[1], ps[2]]);
                }
                for (a, b) in [(ps[0], ps[1]), (ps[1], ps[2]), (ps[2], ps[0])] {
                    edges.push((a.min(b), a.max(b)));
                }
            }
            2 => edges.push((distinct[0], distinct[1])),
            _ => chain.push(ps[0]),
        }
    }
    if dropped > 0 {
        note(
            notes,
            i,
            crate::tr!("note-soft-faces-dropped", count = dropped),
        );
    }
    // A rope of point faces: link the vertices in order.
    if rope && edges.is_empty() {
        for w in chain.windows(2) {
            if w[0] != w[1] {
                edges.push((w[0].min(w[1]), w[0].max(w[1])));
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    let n = source.len();
    if n == 0 {
        note(notes, i, crate::tr!("note-soft-no-faces"));
        return None;
    }
    if !rope && triangles.is_empty() {
        note(notes, i, crate::tr!("note-soft-trimesh-as-rope"));
    }

    let rest: Vec<Vec3> = source
        .iter()
        .map(|&v| rest_position(&model.vertices[v as usize]))
        .collect();
    let rest_for_pose = rest.clone();
    let mut tri_count = vec![0.0f32; n];
    for t in &triangles {
        for &p in t {
            tri_count[p as usize] += 1.0;
        }
    }
    let total_mass = if sb.total_mass.is_finite() && sb.total_mass > 0.0 {
        sb.total_mass
    } else {
        note(
            notes,
            i,
            crate::tr!(
                "note-soft-mass-not-positive",
                mass = sb.total_mass.to_string()
            ),
        );
        1.0
    };
    let mut w = vec![n as f32 / total_mass; n];
    let mut pinned = vec![false; n];
    let mut pins_outside = 0;
    for &pv in &sb.pins {
        match valid(pv).and_then(|v| vertex_particle.get(&(v as u32))) {
            Some(&p) => {
                pinned[p as usize] = true;
                w[p as usize] = 0.0;
            }
            None => pins_outside += 1,
        }
    }
    if pins_outside > 0 {
        note(
            notes,
            i,
            crate::tr!("note-soft-pins-outside", count = pins_outside),
        );
    }

    let lst = clamp01(sb.material_params.lst, "LST", i, notes);
    let ast = clamp01(sb.material_params.ast, "AST", i, notes);
    let mut links: Vec<Link> = edges
        .iter()
        .map(|&(a, b)| Link {
            a,
            b,
            rest: rest[a as usize].distance(rest[b as usize]),
            alpha: compliance_for(lst, w[a as usize] + w[b as usize]),
            stiffness: lst,
        })
        .collect();

    // B-links: pairs 2..=distance apart in the link graph.
    if sb.flags.has(SoftBodyFlags::B_LINK) && sb.b_link_distance >= 2 {
        note(notes, i, crate::tr!("note-soft-blinks-ast"));
        let mut adjacency = vec![Vec::new(); n];
        for &(a, b) in &edges {
            adjacency[a as usize].push(b);
            adjacency[b as usize].push(a);
        }
        let max_depth = sb.b_link_distance.min(16) as usize;
        if sb.b_link_distance > 16 {
            note(
                notes,
                i,
                crate::tr!("note-soft-blink-distance", distance = sb.b_link_distance),
            );
        }
        let mut depth = vec![usize::MAX; n];
        let mut queue = VecDeque::new();
        let mut capped = false;
        for start in 0..n {
            depth.fill(usize::MAX);
            depth[start] = 0;
            queue.clear();
            queue.push_back(start);
            let mut added = 0;
            while let Some(u) = queue.pop_front() {
                if depth[u] == max_depth {
                    continue;
                }
                for &nb in &adjacency[u] {
                    let nb = nb as usize;
                    if depth[nb] != usize::MAX {
                        continue;
                    }
                    depth[nb] = depth[u] + 1;
                    queue.push_back(nb);
                    if depth[nb] >= 2 && nb > start {
                        if added == MAX_BLINKS_PER_PARTICLE {
                            capped = true;
                            continue;
                        }
                        added += 1;
                        links.push(Link {
                            a: start as u32,
                            b: nb as u32,
                            rest: rest[start].distance(rest[nb]),
                            alpha: compliance_for(ast, w[start] + w[nb]),
                            stiffness: ast,
                        });
                    }
                }
            }
        }
        if capped {
            note(
                notes,
                i,
                crate::tr!("note-soft-blinks-capped", max = MAX_BLINKS_PER_PARTICLE),
            );
        }
    }

    // Spec step 8, after the B-links (step 5): the order the solver takes them.
    if sb.flags.has(SoftBodyFlags::RANDOMIZE_LINKS) {
        let mut seed = 243_703;
        randomize(&mut links, &mut seed);
        randomize(&mut triangles, &mut seed);
    }

    let proxies = physics.proxies();
    let mut anchors = Vec::new();
    let mut anchored = vec![None; n];
    for a in &sb.anchors {
        let body = usize::try_from(a.rigid_body)
            .ok()
            .filter(|&b| b < proxies.len());
        let particle = valid(a.vertex).and_then(|v| vertex_particle.get(&(v as u32)));
        match (body, particle) {
            (Some(body), Some(&p)) => {
                anchored[p as usize] = Some(anchors.len() as u32);
                anchors.push(Anchor {
                    particle: p,
                    body,
                    local: proxies[body].pose.inverse_transform_point(rest[p as usize]),
                    near: a.near_mode,
                });
            }
            _ => note(
                notes,
                i,
                crate::tr!(
                    "note-soft-anchor-foreign",
                    body = a.rigid_body,
                    vertex = a.vertex
                ),
            ),
        }
    }

    let c = &sb.config;
    let iterations = if sb.iterations.position < 1 || sb.iterations.position > MAX_ITERATIONS {
        let it = sb.iterations.position.clamp(1, MAX_ITERATIONS);
        note(
            notes,
            i,
            crate::tr!(
                "note-soft-iterations-clamped",
                iterations = sb.iterations.position,
                clamped = it
            ),
        );
        it as u32
    } else {
        sb.iterations.position as u32
    };
    let margin = if sb.margin.is_finite() && sb.margin >= 0.0 {
        sb.margin
    } else {
        let margin = sb.margin.to_string();
        note(
            notes,
            i,
            crate::tr!("note-soft-margin-clamped", margin = margin),
        );
        0.0
    };
    for key in unsimulated_parameters(sb)
        .into_iter()
        .chain(approximated_parameters(sb))
    {
        note(notes, i, crate::tr!(key));
    }
    let aero = match sb.aero_model {
        AeroModel::VPoint | AeroModel::Unknown(_) => Aero::Point,
        AeroModel::VTwoSided => Aero::VTwoSided,
        AeroModel::VOneSided => Aero::VOneSided,
        AeroModel::FTwoSided => Aero::FTwoSided,
        AeroModel::FOneSided => Aero::FOneSided,
    };
    let non_negative = |v: f32| if v.is_finite() { v.max(0.0) } else { 0.0 };
    let finite = |v: f32| if v.is_finite() { v } else { 0.0 };
    let vst = clamp01(sb.material_params.vst, "VST", i, notes);
    let wants_volume = c.pr != 0.0 || c.vc != 0.0 || vst != 0.0;
    let is_closed = !rope && closed(&triangles);
    if wants_volume && !rope && !is_closed {
        note(notes, i, crate::tr!("note-soft-volume-open"));
    }
    let velocity_iterations = iteration_count(sb.iterations.velocity, "V_IT", i, notes);
    let drift_iterations = iteration_count(sb.iterations.drift, "D_IT", i, notes);
    let clustered = sb.flags.has(SoftBodyFlags::CLUSTERS);
    let (clusters, cluster_members) = if clustered {
        let k = if sb.cluster_count > 0 {
            sb.cluster_count as usize
        } else {
            // Bullet: a count of 0 or less makes one cluster per triangle/segment.
            note(
                notes,
                i,
                crate::tr!("note-soft-cluster-count", count = sb.cluster_count),
            );
            triangles.len().max(edges.len()).max(1)
        };
        shape::kmeans(&rest, k)
    } else {
        (Vec::new(), Vec::new())
    };
    let cluster_iterations = if clustered {
        let it = iteration_count(sb.iterations.cluster, "C_IT", i, notes);
        if it == 0 {
            note(notes, i, crate::tr!("note-soft-cluster-iterations-zero"));
        }
        it.max(1)
    } else {
        0
    };
    if !crate::physics::rules::group_in_range(sb.group) {
        note(
            notes,
            i,
            crate::tr!("note-soft-group-above-15", group = sb.group),
        );
    }

    // Face winding vs the model's normals decides the normal sign.
    let mut sim = SoftSim {
        index: i,
        rope: rope || triangles.is_empty(),
        members,
        source,
        x: rest.clone(),
        start: rest.clone(),
        v: vec![Vec3::ZERO; n],
        w,
        pinned,
        pin_prev: rest.clone(),
        pin_cur: rest,
        anchored,
        lambda: vec![0.0; links.len()],
        links,
        anchors,
        triangles,
        normals: vec![Vec3::Y; n],
        flip_normals: false,
        iterations,
        damping: clamp01(c.dp, "DP", i, notes),
        friction: clamp01(c.df, "DF", i, notes),
        rigid_hardness: clamp01(c.chr, "CHR", i, notes),
        kinetic_hardness: clamp01(c.khr, "KHR", i, notes),
        anchor_hardness: clamp01(c.ahr, "AHR", i, notes),
        margin,
        filter: CollisionFilter::new(sb.group, sb.collision_mask),
        rest_com: rest_for_pose.iter().copied().sum::<Vec3>() / n as f32,
        rest: rest_for_pose,
        aero,
        drag: non_negative(c.dg),
        lift: non_negative(c.lf),
        pressure: if is_closed { finite(c.pr) } else { 0.0 },
        volume_force: if is_closed { non_negative(c.vc) } else { 0.0 },
        volume_stiffness: if is_closed { vst } else { 0.0 },
        rest_volume: 0.0,
        tri_count,
        area: vec![0.0; n],
        area_normal: vec![Vec3::ZERO; n],
        force: vec![Vec3::ZERO; n],
        grad: vec![Vec3::ZERO; n],
        pose_matching: clamp01(c.mt, "MT", i, notes),
        pose_rotation: Quat::IDENTITY,
        clusters,
        cluster_members,
        push: vec![Vec3::ZERO; n],
        cluster_iterations,
        cluster_rigid_hardness: clamp01(sb.cluster.srhr_cl, "SRHR_CL", i, notes),
        cluster_kinetic_hardness: clamp01(sb.cluster.skhr_cl, "SKHR_CL", i, notes),
        cluster_rigid_split: clamp01(sb.cluster.sr_splt_cl, "SR_SPLT_CL", i, notes),
        cluster_kinetic_split: clamp01(sb.cluster.sk_splt_cl, "SK_SPLT_CL", i, notes),
        velocity_iterations,
        drift_iterations,
        vcf: non_negative(c.vcf),
        clustered,
        soft_hardness: clamp01(c.shr, "SHR", i, notes),
        cluster_soft_hardness: clamp01(sb.cluster.sshr_cl, "SSHR_CL", i, notes),
        cluster_soft_split: clamp01(sb.cluster.ss_splt_cl, "SS_SPLT_CL", i, notes),
        grid: Default::default(),
        lo: Vec3::ZERO,
        hi: Vec3::ZERO,
        max_move: 0.0,
        contact_side: Vec::new(),
    };
    if is_closed {
        sim.rest_volume = forces::volume(&sim);
        if !(sim.rest_volume.is_finite() && sim.rest_volume.abs() > 1e-9) {
            sim.rest_volume = 0.0;
        }
    }
    update_normals(&mut sim);
    let agree: f32 = sim
        .members
        .iter()
        .map(|&(v, p)| {
            model.vertices[v as usize]
                .normal
                .dot(sim.normals[p as usize])
        })
        .filter(|d| d.is_finite())
        .sum();
    if agree < 0.0 {
        sim.flip_normals = true;
        update_normals(&mut sim);
    }
    Some(sim)
}
