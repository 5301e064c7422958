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
    Model {
        bones: vec![Bone {
            name: "root".into(),
            ..Default::default()
        }],
        materials: vec![Material {
            face_index_count: faces.len() as i32 * 3,
            ..Default::default()
        }],
        vertices: vertices
            .into_iter()
            .map(|p| Vertex {
                position: p,
                normal: Vec3::Y,
                ..Default::default()
            })
            .collect(),
        faces,
        soft_bodies: vec![sb],
        ..Default::default()
    }
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
        let mut physics = PhysicsWorld::new(model, PhysicsConfig::default());
        let mut soft = SoftWorld::new(model, &physics);
        assert_eq!(soft.len(), 1, "{:?}", soft.notes());
        let skinned: Vec<Vec3> = model.vertices.iter().map(|v| v.position).collect();
        let bones = vec![Mat4::IDENTITY; model.bones.len()];
        physics.reset(&bones);
        soft.reset(&skinned);
        let particle_of_vertex = skinned
            .iter()
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
        let f: Vec<[i32; 3]> = (0..10).map(|i| [i, i + 1, i]).collect();
        let mut sb = soft_body();
        sb.shape = SoftBodyShape::Rope;
        sb.material_params.lst = 0.05;
        sb.iterations.position = 1;
        sb.iterations.velocity = v_it;
        sb.config.dp = 0.0;
        sb.pins = vec![0];
        let m = model(v, f, sb);
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
