//! Soft-body features beyond links and contacts: volume and pressure, aero,
//! pose matching, clusters, iteration counts and two-way contact with rigid
//! bodies — each against a run without the feature, so every check can fail.

use glam::{Mat4, Vec3};
use hone_core::physics::soft::SoftWorld;
use hone_core::physics::{PhysicsConfig, PhysicsWorld};
use hone_core::pmx::{
    AeroModel, Bone, Material, Model, RigidBody, RigidMode, RigidShape, SoftBody, SoftBodyConfig,
    SoftBodyFlags, SoftBodyIterations, SoftBodyMaterial, SoftBodyShape, Vertex,
};

const FRAME: f32 = 1.0 / 60.0;

fn soft_body() -> SoftBody {
    SoftBody {
        name: "soft".into(),
        shape: SoftBodyShape::TriMesh,
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
            shr: 1.0,
            ..Default::default()
        },
        iterations: SoftBodyIterations {
            position: 8,
            ..Default::default()
        },
        material_params: SoftBodyMaterial {
            lst: 1.0,
            ast: 1.0,
            vst: 0.0,
        },
        ..Default::default()
    }
}

fn model(vertices: Vec<Vec3>, faces: Vec<[i32; 3]>, sb: SoftBody) -> Model {
    model_of(vec![(vertices, faces, sb)])
}

/// One material and one soft body per part, in order.
fn model_of(parts: Vec<(Vec<Vec3>, Vec<[i32; 3]>, SoftBody)>) -> Model {
    let mut m = Model {
        bones: vec![Bone {
            name: "root".into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    for (material, (vertices, faces, mut sb)) in parts.into_iter().enumerate() {
        let first = m.vertices.len() as i32;
        m.materials.push(Material {
            face_index_count: faces.len() as i32 * 3,
            ..Default::default()
        });
        m.vertices.extend(vertices.into_iter().map(|p| Vertex {
            position: p,
            normal: Vec3::Y,
            ..Default::default()
        }));
        m.faces
            .extend(faces.into_iter().map(|f| f.map(|v| v + first)));
        sb.material = material as i32;
        sb.pins.iter_mut().for_each(|v| *v += first);
        m.soft_bodies.push(sb);
    }
    m
}

/// A closed sphere: an octahedron subdivided `levels` times, outward winding.
fn sphere(center: Vec3, radius: f32, levels: u32) -> (Vec<Vec3>, Vec<[i32; 3]>) {
    let mut v = vec![Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z];
    let mut f: Vec<[usize; 3]> = vec![
        [0, 2, 4],
        [2, 1, 4],
        [1, 3, 4],
        [3, 0, 4],
        [2, 0, 5],
        [1, 2, 5],
        [3, 1, 5],
        [0, 3, 5],
    ];
    for _ in 0..levels {
        let mut mid = std::collections::HashMap::new();
        let mut next = Vec::new();
        for t in &f {
            let mut m = [0usize; 3];
            for k in 0..3 {
                let (a, b) = (t[k], t[(k + 1) % 3]);
                m[k] = *mid.entry((a.min(b), a.max(b))).or_insert_with(|| {
                    v.push(((v[a] + v[b]) * 0.5).normalize());
                    v.len() - 1
                });
            }
            next.push([t[0], m[0], m[2]]);
            next.push([m[0], t[1], m[1]]);
            next.push([m[2], m[1], t[2]]);
            next.push([m[0], m[1], m[2]]);
        }
        f = next;
    }
    (
        v.into_iter().map(|p| center + p * radius).collect(),
        f.into_iter().map(|t| t.map(|i| i as i32)).collect(),
    )
}

/// A horizontal `n`×`n` grid of side `size` at height `y`, centred on `centre`.
fn cloth(centre: Vec3, size: f32, n: i32) -> (Vec<Vec3>, Vec<[i32; 3]>) {
    let mut v = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let u = c as f32 / (n - 1) as f32 - 0.5;
            let w = r as f32 / (n - 1) as f32 - 0.5;
            v.push(centre + Vec3::new(u * size, 0.0, w * size));
        }
    }
    let mut f = Vec::new();
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let i = r * n + c;
            // Counter-clockwise seen from above: normals up (+Y).
            f.push([i, i + n, i + 1]);
            f.push([i + 1, i + n, i + n + 1]);
        }
    }
    (v, f)
}

/// A rope through `points` (line faces A-B-A), pinned at its first point, with
/// `edit` applied to its soft body.
fn rope(points: Vec<Vec3>, edit: impl FnOnce(&mut SoftBody)) -> Model {
    let f: Vec<[i32; 3]> = (0..points.len() as i32 - 1)
        .map(|i| [i, i + 1, i])
        .collect();
    let mut sb = soft_body();
    sb.shape = SoftBodyShape::Rope;
    sb.pins = vec![0];
    edit(&mut sb);
    model(points, f, sb)
}

/// A kinematic floor box whose top is at y = 0 (group 0).
fn floor() -> RigidBody {
    RigidBody {
        name: "floor".into(),
        bone: 0,
        shape: RigidShape::Box,
        size: Vec3::new(20.0, 1.0, 20.0),
        position: Vec3::new(0.0, -1.0, 0.0),
        mode: RigidMode::FollowBone,
        group: 0,
        ..Default::default()
    }
}

struct Run {
    physics: PhysicsWorld,
    soft: SoftWorld,
    skinned: Vec<Vec3>,
    bones: Vec<Mat4>,
    /// The particle of each vertex (particles are numbered in the order faces
    /// meet them; at reset each sits on its vertex, and here no two vertices
    /// share a position).
    particle_of_vertex: Vec<usize>,
}

impl Run {
    fn new(model: &Model) -> Run {
        Run::with(model, PhysicsConfig::default())
    }

    fn with(model: &Model, config: PhysicsConfig) -> Run {
        let mut physics = PhysicsWorld::new(model, config);
        let mut soft = SoftWorld::new(model, &physics);
        assert_eq!(soft.len(), model.soft_bodies.len(), "{:?}", soft.notes());
        let skinned: Vec<Vec3> = model.vertices.iter().map(|v| v.position).collect();
        let bones = vec![Mat4::IDENTITY; model.bones.len()];
        physics.reset(&bones);
        soft.reset(&skinned);
        // Single-body models only: the vertex → particle map of body 0.
        let single = model.soft_bodies.len() == 1;
        let particle_of_vertex = skinned
            .iter()
            .take(if single { skinned.len() } else { 0 })
            .map(|v| {
                soft.particles(0)
                    .unwrap()
                    .iter()
                    .position(|p| p == v)
                    .expect("every vertex is a particle")
            })
            .collect();
        Run {
            physics,
            soft,
            skinned,
            bones,
            particle_of_vertex,
        }
    }

    fn frame(&mut self) {
        self.physics.set_bone_targets(&self.bones);
        let n = self.physics.step(FRAME);
        self.physics.write_back(&mut self.bones);
        self.soft.set_pin_targets(&self.skinned);
        self.soft.step(n, &mut self.physics);
    }

    fn particles(&self) -> &[Vec3] {
        self.soft.particles(0).unwrap()
    }

    fn vertex(&self, v: usize) -> Vec3 {
        self.particles()[self.particle_of_vertex[v]]
    }

    /// The model's faces as particle triangles.
    fn faces(&self, model: &Model) -> Vec<[u32; 3]> {
        let map = &self.particle_of_vertex;
        model
            .faces
            .iter()
            .map(|t| t.map(|i| map[i as usize] as u32))
            .collect()
    }
}

/// Volume of the closed triangle mesh `faces` over `x` (the test's own formula).
fn mesh_volume(x: &[Vec3], faces: &[[u32; 3]]) -> f32 {
    faces
        .iter()
        .map(|t| x[t[0] as usize].dot(x[t[1] as usize].cross(x[t[2] as usize])))
        .sum::<f32>()
        .abs()
        / 6.0
}

/// Drops a soft sphere (radius 1) from 1 unit above the floor for 3 s; returns
/// the largest relative volume change after the first contact and the final one.
fn drop_sphere(vc: f32, vst: f32) -> (f32, f32) {
    let (v, f) = sphere(Vec3::new(0.0, 2.0, 0.0), 1.0, 2);
    let mut sb = soft_body();
    sb.material_params.lst = 0.2;
    sb.iterations.position = 4;
    sb.config.vc = vc;
    sb.material_params.vst = vst;
    let mut m = model(v, f, sb);
    m.rigid_bodies.push(floor());
    let mut run = Run::new(&m);
    let faces = run.faces(&m);
    let v0 = mesh_volume(run.particles(), &faces);
    assert!((v0 - 4.0 / 3.0 * std::f32::consts::PI).abs() < 0.6, "{v0}");
    let mut worst = 0.0f32;
    for _ in 0..180 {
        run.frame();
        let v = mesh_volume(run.particles(), &faces);
        worst = worst.max((v / v0 - 1.0).abs());
    }
    let last = mesh_volume(run.particles(), &faces) / v0 - 1.0;
    // It did land on the floor.
    let lowest = run
        .particles()
        .iter()
        .map(|p| p.y)
        .fold(f32::INFINITY, f32::min);
    assert!(lowest < 0.2 && lowest > -0.05, "lowest point {lowest}");
    (worst, last.abs())
}

#[test]
fn a_closed_soft_sphere_with_volume_conservation_keeps_its_volume_when_dropped() {
    let (with, with_last) = drop_sphere(1.0, 1.0);
    let (without, without_last) = drop_sphere(0.0, 0.0);
    println!("volume change: with VC/VST {with} (end {with_last}), without {without} (end {without_last})");
    assert!(with < 0.05, "with volume conservation: {with}");
    assert!(
        without > 0.05 && without > 2.0 * with,
        "without it collapses more: {without} vs {with}"
    );
}

#[test]
fn pressure_inflates_a_closed_body() {
    let volume_after = |pr: f32| {
        let (v, f) = sphere(Vec3::new(0.0, 5.0, 0.0), 1.0, 2);
        let mut sb = soft_body();
        sb.material_params.lst = 0.1;
        sb.iterations.position = 2;
        sb.config.pr = pr;
        let m = model(v, f, sb);
        let mut run = Run::new(&m);
        let faces = run.faces(&m);
        let v0 = mesh_volume(run.particles(), &faces);
        for _ in 0..30 {
            run.frame();
        }
        let v = mesh_volume(run.particles(), &faces) / v0;
        assert_eq!(
            run.soft.volume(0).map(|x| (x / v0 - v).abs() < 1e-3),
            Some(true)
        );
        v
    };
    let free = volume_after(0.0);
    let inflated = volume_after(200.0);
    assert!(inflated > free * 1.02, "PR inflates: {inflated} vs {free}");
}

/// Falls a free horizontal cloth (normals up) for 0.5 s; returns how far it fell.
fn fall(aero: AeroModel, dg: f32, lf: f32, tilt: f32) -> Vec3 {
    let (mut v, f) = cloth(Vec3::new(0.0, 100.0, 0.0), 2.0, 7);
    for p in &mut v {
        // Tilted about Z: the +X side higher.
        p.y += p.x * tilt;
    }
    let mut sb = soft_body();
    sb.aero_model = aero;
    sb.config.dp = 0.0;
    sb.config.dg = dg;
    sb.config.lf = lf;
    let m = model(v, f, sb);
    let mut run = Run::new(&m);
    let start: Vec3 = run.particles().iter().copied().sum::<Vec3>();
    for _ in 0..30 {
        run.frame();
    }
    let end: Vec3 = run.particles().iter().copied().sum::<Vec3>();
    (end - start) / run.particles().len() as f32
}

#[test]
fn aero_drag_slows_a_falling_cloth_by_model() {
    let free = fall(AeroModel::VPoint, 0.0, 0.0, 0.0).y;
    // g = 98 units/s²: 0.5 s free fall is 12.25 units.
    assert!((free + 12.25).abs() < 0.6, "free fall {free}");
    for model in [
        AeroModel::VPoint,
        AeroModel::VTwoSided,
        AeroModel::FTwoSided,
    ] {
        let slowed = fall(model, 0.05, 0.0, 0.0).y;
        assert!(
            slowed > free * 0.6,
            "{model:?}: drag slows the fall: {slowed} vs {free}"
        );
    }
    // A huge DG neither reverses the fall nor blows up.
    let heavy = fall(AeroModel::VTwoSided, 1.0e4, 0.0, 0.0).y;
    assert!(
        heavy.is_finite() && heavy < 0.0 && heavy > free * 0.3,
        "DG 1e4: {heavy}"
    );
    // One-sided: the cloth's normal is up and it falls down, away from its
    // front: no drag.
    for model in [AeroModel::VOneSided, AeroModel::FOneSided] {
        let one = fall(model, 0.05, 0.0, 0.0).y;
        assert!(
            (one - free).abs() < 0.05,
            "{model:?}: moving against the normal has no drag: {one} vs {free}"
        );
    }
}

#[test]
fn aero_lift_pushes_a_tilted_falling_cloth_sideways() {
    let no_lift = fall(AeroModel::FTwoSided, 0.05, 0.0, 0.5);
    let lift = fall(AeroModel::FTwoSided, 0.05, 0.05, 0.5);
    assert!(
        (lift.x - no_lift.x).abs() > 0.2,
        "lift moves it across the fall: {} vs {}",
        lift.x,
        no_lift.x
    );
}

/// A light dynamic ball on the floor and a heavy soft cloth falling on its side.
fn ball_and_cloth(mask: u16) -> (Vec3, Vec3) {
    let (v, f) = cloth(Vec3::new(0.9, 2.0, 0.0), 2.0, 9);
    let mut sb = soft_body();
    sb.total_mass = 2.0;
    sb.collision_mask = mask;
    sb.flags = SoftBodyFlags(SoftBodyFlags::B_LINK);
    sb.b_link_distance = 2;
    let mut m = model(v, f, sb);
    m.rigid_bodies.push(floor());
    m.rigid_bodies.push(RigidBody {
        name: "ball".into(),
        shape: RigidShape::Sphere,
        size: Vec3::new(0.5, 0.0, 0.0),
        position: Vec3::new(0.0, 0.5, 0.0),
        mass: 0.2,
        friction: 0.5,
        mode: RigidMode::Dynamic,
        group: 1,
        ..Default::default()
    });
    let mut run = Run::new(&m);
    let start = run.physics.body_pose(1).unwrap().translation;
    let floor0 = run.physics.body_pose(0).unwrap().translation;
    let mut pushed = false;
    for _ in 0..60 {
        run.frame();
        pushed |= !run.soft.contact_impulses()[1].is_empty();
        assert!(
            run.soft.contact_impulses()[0].is_empty(),
            "the bone-following floor gets no impulse"
        );
    }
    assert_eq!(pushed, mask & 0b10 != 0);
    assert_eq!(run.physics.body_pose(0).unwrap().translation, floor0);
    let end = run.physics.body_pose(1).unwrap().translation;
    (start, end)
}

#[test]
fn a_light_dynamic_body_hit_by_a_soft_body_moves() {
    let (s0, e0) = ball_and_cloth(!0b10);
    let alone = (e0 - s0).length();
    let (s1, e1) = ball_and_cloth(0xFFFF);
    let hit = (e1 - s1).length();
    println!("ball moved {alone} alone, {hit} under the cloth");
    assert!(
        alone < 0.05,
        "untouched, the ball rests on the floor: {alone}"
    );
    assert!(
        hit > 0.2 && hit < 20.0,
        "hit by the cloth, the ball moves (not flung away): {hit}"
    );
}

/// A cloth pinned at two opposite corners folds about that diagonal; returns
/// how much closer the two free corners came (0 while it keeps its flat shape).
fn fold(mt: f32) -> f32 {
    let (v, f) = cloth(Vec3::new(0.0, 3.0, 0.0), 2.0, 7);
    let rest = v[6].distance(v[42]);
    let mut sb = soft_body();
    sb.config.mt = mt;
    sb.pins = vec![0, 48];
    let m = model(v, f, sb);
    let mut run = Run::new(&m);
    for _ in 0..120 {
        run.frame();
    }
    rest - run.vertex(6).distance(run.vertex(42))
}

#[test]
fn pose_matching_holds_the_rest_shape() {
    let loose = fold(0.0);
    let held = fold(0.5);
    println!("fold: {loose} without MT, {held} with MT 0.5");
    assert!(loose > 0.3, "without MT the cloth folds: {loose}");
    assert!(held < 0.5 * loose, "MT holds its shape: {held} vs {loose}");
}

/// A cloth (clusters or not) falling onto a bone-following ball; the deepest any
/// particle sank into the ball at the end of a frame.
fn cloth_on_ball(clusters: i32, skhr: f32) -> f32 {
    let (v, f) = cloth(Vec3::new(0.1, 2.0, 0.0), 3.0, 9);
    let mut sb = soft_body();
    sb.config.khr = 0.0;
    if clusters > 0 {
        sb.flags = SoftBodyFlags(SoftBodyFlags::CLUSTERS);
        sb.cluster_count = clusters;
        sb.cluster.skhr_cl = skhr;
        sb.iterations.cluster = 4;
    }
    let mut m = model(v, f, sb);
    m.rigid_bodies.push(RigidBody {
        name: "ball".into(),
        bone: 0,
        shape: RigidShape::Sphere,
        size: Vec3::new(0.8, 0.0, 0.0),
        mode: RigidMode::FollowBone,
        ..Default::default()
    });
    let mut run = Run::new(&m);
    let mut deepest = 0.0f32;
    for _ in 0..60 {
        run.frame();
        for p in run.particles() {
            deepest = deepest.max(0.8 - p.length());
        }
    }
    deepest
}

#[test]
fn clusters_meet_rigid_bodies_with_their_own_hardness() {
    let held = cloth_on_ball(8, 1.0);
    let through = cloth_on_ball(8, 0.0);
    println!("cluster contact: deepest {held}; with SKHR_CL 0: {through}");
    assert!(held < 0.1, "clusters stop on the ball: {held}");
    assert!(through > 0.5, "SKHR_CL 0: no cluster contact, {through}");
}

#[test]
fn velocity_iterations_damp_link_stretching() {
    // A rope released stretched to twice its length: V_IT removes the links'
    // relative velocity, so it springs back with less speed.
    let rebound = |v_it: i32| {
        let v: Vec<Vec3> = (0..11)
            .map(|i| Vec3::new(i as f32 * 0.2, 10.0, 0.0))
            .collect();
        let m = rope(v, |sb| {
            sb.material_params.lst = 0.05;
            sb.iterations.position = 1;
            sb.iterations.velocity = v_it;
            sb.config.dp = 0.0;
        });
        let mut run = Run::new(&m);
        let mut span = 0.0f32;
        for _ in 0..60 {
            run.frame();
            let x = run.particles();
            span = span.max(x[0].distance(x[10]));
        }
        span
    };
    let plain = rebound(0);
    let damped = rebound(8);
    assert!(
        damped < plain - 0.1,
        "V_IT limits the stretch: {damped} vs {plain}"
    );
}

/// The mean height of a soft body's particles whose x lies in `x_range`.
fn mean_height(x: &[Vec3], x_range: std::ops::Range<f32>) -> f32 {
    let inside: Vec<f32> = x
        .iter()
        .filter(|p| x_range.contains(&p.x))
        .map(|p| p.y)
        .collect();
    assert!(!inside.is_empty());
    inside.iter().sum::<f32>() / inside.len() as f32
}

/// Drops cloth B from 1 unit above cloth A onto the floor (A lands first); after
/// 1.5 s, how far B rests above A (over their middle), and B's lowest particle
/// there below A's mean height (negative: none below).
fn cloth_on_cloth(edit: impl Fn(&mut SoftBody, bool), config: PhysicsConfig) -> (f32, f32) {
    let (va, fa) = cloth(Vec3::new(0.0, 1.0, 0.0), 2.0, 9);
    // Offset and finer, so B's particles are not above A's.
    let (vb, fb) = cloth(Vec3::new(0.07, 2.0, 0.04), 1.6, 8);
    let (mut a, mut b) = (soft_body(), soft_body());
    edit(&mut a, false);
    edit(&mut b, true);
    let mut m = model_of(vec![(va, fa, a), (vb, fb, b)]);
    m.rigid_bodies.push(floor());
    let mut run = Run::with(&m, config);
    for _ in 0..90 {
        run.frame();
    }
    let a = run.soft.particles(0).unwrap();
    let b = run.soft.particles(1).unwrap();
    assert!(a.iter().chain(b).all(|p| p.is_finite()));
    let middle = -0.6..0.6;
    let a_height = mean_height(a, middle.clone());
    let gap = mean_height(b, middle.clone()) - a_height;
    let lowest = b
        .iter()
        .filter(|p| middle.contains(&p.x) && middle.contains(&p.z))
        .map(|p| p.y)
        .fold(f32::INFINITY, f32::min);
    (gap, a_height - lowest)
}

#[test]
fn soft_cloths_dropped_onto_each_other_do_not_pass_through() {
    let config = PhysicsConfig::default();
    // Both margins 0.05: B rests about 0.1 above A.
    let (gap, below) = cloth_on_cloth(|_, _| {}, config);
    // B's mask leaves out A's group (2): the pair never meets.
    let (apart_gap, _) = cloth_on_cloth(
        |sb, is_b| {
            if is_b {
                sb.collision_mask = !(1 << 2)
            }
        },
        config,
    );
    // SHR 0 on both sides: no push.
    let (soft_gap, _) = cloth_on_cloth(|sb, _| sb.config.shr = 0.0, config);
    // One clustered and one not: Bullet's collision flags share no soft–soft kind.
    let (mixed_gap, _) = cloth_on_cloth(
        |b, is_b| {
            if !is_b {
                return;
            }
            b.flags = SoftBodyFlags(SoftBodyFlags::CLUSTERS);
            b.cluster_count = 4;
            b.cluster.sshr_cl = 1.0;
            b.cluster.skhr_cl = 1.0;
        },
        config,
    );
    println!(
        "cloth on cloth: gap {gap} (lowest {below} under A), masked {apart_gap}, \
         SHR 0 {soft_gap}, mixed clusters {mixed_gap}"
    );
    assert!(gap > 0.07 && gap < 0.3, "B rests on A: {gap}");
    assert!(below < -0.02, "no particle of B under A: {below}");
    assert!(
        apart_gap.abs() < 0.03,
        "masked: B falls through A to the floor: {apart_gap}"
    );
    assert!(
        mixed_gap.abs() < 0.03,
        "mixed clusters: no contact: {mixed_gap}"
    );
    assert!(soft_gap.abs() < 0.03, "SHR 0: no push: {soft_gap}");
}

/// Clustered cloth B dropped onto clustered cloth A, a drum pinned along its
/// edges (no floor: the clusters meet only each other). Returns whether any
/// soft–soft contact was found and B's mean height 0.25 s after it first
/// touched A's height.
fn clustered_cloth_on_cloth(sshr_cl: f32) -> (bool, f32) {
    let clustered = |mut sb: SoftBody| {
        sb.flags = SoftBodyFlags(SoftBodyFlags::CLUSTERS);
        sb.cluster_count = 4;
        sb.cluster.sshr_cl = sshr_cl;
        sb.iterations.cluster = 4;
        sb
    };
    let (va, fa) = cloth(Vec3::new(0.0, 1.0, 0.0), 2.0, 9);
    let (vb, fb) = cloth(Vec3::new(0.07, 2.0, 0.04), 1.6, 8);
    let mut a = clustered(soft_body());
    a.pins = (0..81)
        .filter(|k| k % 9 == 0 || k % 9 == 8 || k / 9 == 0 || k / 9 == 8)
        .collect();
    let m = model_of(vec![(va, fa, a), (vb, fb, clustered(soft_body()))]);
    let mut run = Run::new(&m);
    let mut touched = false;
    for _ in 0..24 {
        run.frame();
        touched |= run.soft.soft_contact_count() > 0;
    }
    let b = run.soft.particles(1).unwrap();
    assert!(b.iter().all(|p| p.is_finite()));
    (touched, mean_height(b, -0.6..0.6))
}

#[test]
fn clustered_soft_cloths_meet_with_sshr_cl() {
    let (touched, held) = clustered_cloth_on_cloth(1.0);
    let (none, through) = clustered_cloth_on_cloth(0.0);
    println!("clustered cloth on a clustered drum: B at {held}; with SSHR_CL 0: {through}");
    assert!(touched && !none, "CL_SS contacts only with SSHR_CL > 0");
    assert!(
        held > through + 0.5,
        "CL_SS slows B on A: {held} vs {through}"
    );
}

/// A strip whose second half leans back over its first half (lying on the floor)
/// folds down onto it. Returns how far the folded half rests above the first.
fn fold_strip(self_collision: bool) -> f32 {
    let (segments, across) = (20, 4);
    let (length, width) = (4.0, 0.6);
    let lean = 60f32.to_radians();
    let mut v = Vec::new();
    for i in 0..=segments {
        let s = i as f32 / segments as f32 * length;
        for j in 0..across {
            let z = j as f32 / (across - 1) as f32 * width - width / 2.0;
            let half = length / 2.0;
            v.push(if s <= half {
                Vec3::new(s, 0.06, z)
            } else {
                Vec3::new(
                    half - (s - half) * lean.cos(),
                    0.06 + (s - half) * lean.sin(),
                    z,
                )
            });
        }
    }
    let mut f = Vec::new();
    for i in 0..segments {
        for j in 0..across - 1 {
            let k = i * across + j;
            f.push([k, k + 1, k + across]);
            f.push([k + 1, k + across + 1, k + across]);
        }
    }
    let upper: Vec<bool> = (0..v.len()).map(|k| k / across as usize > 12).collect();
    let mut m = model(v, f, soft_body());
    m.rigid_bodies.push(floor());
    let config = PhysicsConfig {
        soft_self_collision: self_collision,
        ..Default::default()
    };
    let mut run = Run::with(&m, config);
    for _ in 0..120 {
        run.frame();
    }
    let x: Vec<Vec3> = (0..upper.len()).map(|k| run.vertex(k)).collect();
    assert!(x.iter().all(|p| p.is_finite()));
    let over = 0.4..1.6;
    let pick = |top: bool| -> Vec<Vec3> {
        x.iter()
            .zip(&upper)
            .filter(|(p, &u)| u == top && over.contains(&p.x))
            .map(|(p, _)| *p)
            .collect()
    };
    let (top, bottom) = (pick(true), pick(false));
    assert!(
        top.len() >= 8,
        "the upper half folded over the lower: {top:?}"
    );
    mean_height(&top, over.clone()) - mean_height(&bottom, over)
}

#[test]
fn a_cloth_folding_onto_itself_keeps_its_layers_apart_with_self_collision() {
    let apart = fold_strip(true);
    let through = fold_strip(false);
    println!("folded strip: layers {apart} apart with self-collision, {through} without");
    // Margins 0.05: the folded half rests about 0.1 above (less its sag).
    assert!(apart > 0.05 && apart < 0.3, "self-collision: {apart}");
    assert!(
        through.abs() < 0.03,
        "without (Bullet's default): {through}"
    );
}

/// A cloth hanging from two pinned corners (randomised links or not): its link
/// order, its particles after 0.5 s, and its largest particle speed over the
/// last 0.5 s of 4 s.
struct Hanging {
    order: Vec<(u32, u32)>,
    early: Vec<Vec3>,
    fastest: f32,
    end: Vec<Vec3>,
}

fn hanging(randomize: bool) -> Hanging {
    let (v, f) = cloth(Vec3::new(0.0, 3.0, 0.0), 2.0, 9);
    let mut sb = soft_body();
    sb.flags = SoftBodyFlags(
        SoftBodyFlags::B_LINK
            | if randomize {
                SoftBodyFlags::RANDOMIZE_LINKS
            } else {
                0
            },
    );
    sb.b_link_distance = 2;
    sb.material_params.lst = 0.6;
    sb.iterations.position = 4;
    sb.config.dp = 0.1;
    sb.pins = vec![0, 8];
    let m = model(v, f, sb);
    let mut run = Run::new(&m);
    let order: Vec<(u32, u32)> = run.soft.link_order(0).unwrap().collect();
    let mut early = Vec::new();
    let mut fastest = 0.0f32;
    let mut last = run.particles().to_vec();
    for frame in 0..240 {
        run.frame();
        if frame == 29 {
            early = run.particles().to_vec();
        }
        if frame >= 210 {
            for (p, q) in run.particles().iter().zip(&last) {
                fastest = fastest.max(p.distance(*q) / FRAME);
            }
        }
        last = run.particles().to_vec();
    }
    Hanging {
        order,
        early,
        fastest,
        end: last,
    }
}

#[test]
fn link_randomisation_reorders_links_deterministically_and_still_settles() {
    let plain = hanging(false);
    let (plain_order, plain_early, plain_speed, plain_end) =
        (plain.order, plain.early, plain.fastest, plain.end);
    let run = hanging(true);
    let (order, early, speed, end) = (run.order, run.early, run.fastest, run.end);
    let again = hanging(true);
    let (order2, early2) = (again.order, again.early);
    // The same links in another order, the same order on every run.
    assert_ne!(order, plain_order);
    let (mut a, mut b) = (order.clone(), plain_order.clone());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    assert_eq!(order, order2);
    assert_eq!(early, early2, "seeded: runs are identical");
    // The order changes the Gauss–Seidel result.
    let moved = early
        .iter()
        .zip(&plain_early)
        .map(|(p, q)| p.distance(*q))
        .fold(0.0f32, f32::max);
    let shape = end
        .iter()
        .zip(&plain_end)
        .map(|(p, q)| p.distance(*q))
        .fold(0.0f32, f32::max);
    println!(
        "randomised links: {moved} apart at 0.5 s, {shape} at 4 s; speeds {speed} vs {plain_speed}"
    );
    assert!(moved > 1e-5, "the order matters: {moved}");
    assert!(speed < 0.5, "it settles: {speed} units/s");
    assert!(shape < 0.1, "to the same hanging shape: {shape}");
}

/// A rope hanging from its pinned top with soft links and one position
/// iteration; its length after 2 s over its rest length (9 segments of 0.2).
fn hanging_rope_stretch(d_it: i32, vcf: f32) -> f32 {
    let v: Vec<Vec3> = (0..10)
        .map(|i| Vec3::new(0.0, 10.0 - i as f32 * 0.2, 0.0))
        .collect();
    let m = rope(v, |sb| {
        sb.material_params.lst = 0.1;
        sb.iterations.position = 1;
        sb.iterations.drift = d_it;
        sb.config.vcf = vcf;
    });
    let mut run = Run::new(&m);
    for _ in 0..120 {
        run.frame();
    }
    let x = run.particles();
    assert!(x.iter().all(|p| p.is_finite()));
    x.windows(2).map(|w| w[0].distance(w[1])).sum::<f32>() / 1.8
}

#[test]
fn drift_iterations_correct_link_drift() {
    let none = hanging_rope_stretch(0, 1.0);
    let some = hanging_rope_stretch(4, 1.0);
    let more = hanging_rope_stretch(16, 1.0);
    let no_feedback = hanging_rope_stretch(4, 0.0);
    println!("rope stretch: D_IT 0 {none}, 4 {some}, 16 {more}; D_IT 4 with VCF 0 {no_feedback}");
    assert!(none > 1.05, "soft links sag under gravity: {none}");
    assert!(
        some - 1.0 < 0.8 * (none - 1.0),
        "D_IT corrects the drift: {some} vs {none}"
    );
    assert!(
        more < some,
        "more drift iterations, less drift: {more} vs {some}"
    );
    assert!(
        (no_feedback - some).abs() > 1e-4,
        "VCF scales what the drift pass feeds back: {no_feedback} vs {some}"
    );
}

/// A rope released horizontally from its pinned end, with the given aero and
/// volume settings; its particles after 1 s.
fn swinging_rope(aero: AeroModel, dg: f32, lf: f32, pr: f32, vc: f32, vst: f32) -> Vec<Vec3> {
    let v: Vec<Vec3> = (0..10)
        .map(|i| Vec3::new(i as f32 * 0.3, 10.0, 0.0))
        .collect();
    let m = rope(v, |sb| {
        sb.aero_model = aero;
        sb.config.dg = dg;
        sb.config.lf = lf;
        sb.config.pr = pr;
        sb.config.vc = vc;
        sb.material_params.vst = vst;
    });
    let notes = hone_core::physics::soft::unsimulated_parameters(&m.soft_bodies[0]);
    assert_eq!(
        notes.contains(&"note-soft-aero-rope"),
        dg != 0.0 || lf != 0.0
    );
    assert_eq!(
        notes.contains(&"note-soft-volume-rope"),
        pr != 0.0 || vc != 0.0 || vst != 0.0
    );
    let mut run = Run::new(&m);
    for _ in 0..60 {
        run.frame();
    }
    run.particles().to_vec()
}

#[test]
fn a_rope_ignores_aero_and_volume_as_bullet_does() {
    let plain = swinging_rope(AeroModel::VPoint, 0.0, 0.0, 0.0, 0.0, 0.0);
    assert!(plain.iter().all(|p| p.is_finite()));
    // It did swing down.
    assert!(plain[9].y < 8.0, "{:?}", plain[9]);
    for aero in [
        AeroModel::VPoint,
        AeroModel::VTwoSided,
        AeroModel::VOneSided,
        AeroModel::FTwoSided,
        AeroModel::FOneSided,
        AeroModel::Unknown(9),
    ] {
        for (dg, lf, pr, vc, vst) in [
            (0.5, 0.5, 0.0, 0.0, 0.0),
            (1.0e4, 1.0e4, 0.0, 0.0, 0.0),
            (0.0, 0.0, 100.0, 1.0, 1.0),
            (0.0, 0.0, -1.0e6, 1.0e6, 1.0),
            (
                f32::NAN,
                f32::INFINITY,
                f32::NAN,
                f32::NEG_INFINITY,
                f32::NAN,
            ),
        ] {
            let x = swinging_rope(aero, dg, lf, pr, vc, vst);
            // Bullet's rope has no faces: no area, no volume; its pressure would
            // divide by that zero volume. Hone leaves them out: the same motion.
            assert_eq!(
                x, plain,
                "{aero:?} DG {dg} LF {lf} PR {pr} VC {vc} VST {vst}"
            );
        }
    }
}
