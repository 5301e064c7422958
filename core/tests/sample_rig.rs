//! The bundled sample rig: it uses every feature, is a sane physical rig, and
//! the committed file is exactly what the generator writes.

use glam::{Mat3, Quat, Vec3};
use hone_core::deform::{BonePose, DeformState, Deformer, Pose};
use hone_core::pmx::builder::sample_rig;
use hone_core::pmx::euler_rotation;
use hone_core::pmx::*;

fn bone(model: &Model, name: &str) -> usize {
    model
        .bone_index(name)
        .unwrap_or_else(|| panic!("no bone {name}"))
}

/// The rig in `pose`, physics off.
fn deformed(m: &Model, pose: &Pose) -> DeformState {
    let deformer = Deformer::new(m);
    let mut state = deformer.new_state();
    deformer.evaluate(m, pose, &mut state);
    state
}

fn sample_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../resources/sample")
}

#[test]
fn sample_rig_is_deterministic() {
    assert_eq!(sample_rig(), sample_rig());
}

#[test]
fn committed_sample_is_exactly_what_the_generator_writes() {
    let committed = std::fs::read(sample_dir().join("hone-sample.pmx")).expect("committed sample");
    let written = write::write_pmx(&sample_rig(), &write::WriteOptions::default()).unwrap();
    assert!(
        committed == written,
        "resources/sample/hone-sample.pmx is stale: run `cargo run --release --example make_sample`"
    );
    // And the generator's own path (save) gives the same bytes.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.pmx");
    write::save(&sample_rig(), &path, &write::WriteOptions::default()).unwrap();
    assert!(std::fs::read(&path).unwrap() == committed);
}

#[test]
fn committed_sample_reads_back_equal() {
    let loaded = load(sample_dir().join("hone-sample.pmx")).expect("sample reads");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert!(
        loaded.model == sample_rig(),
        "read-back differs from sample_rig()"
    );
}

#[test]
fn committed_texture_is_the_generated_plaid() {
    let path = sample_dir().join(hone_core::pmx::builder::SAMPLE_TEXTURE);
    let img = image::open(&path).expect("texture decodes").to_rgba8();
    assert_eq!(img, hone_core::pmx::builder::sample_texture());
}

#[test]
fn sample_rig_uses_every_feature() {
    let m = sample_rig();
    assert_eq!(m.header.version, PmxVersion::V2_1);

    let kinds: Vec<WeightKind> = m.vertices.iter().map(|v| v.weights.kind()).collect();
    for k in WeightKind::ALL {
        assert!(kinds.contains(&k), "no {} vertex", k.name());
    }
    let mut morph_kinds: Vec<MorphKind> = m.morphs.iter().map(|m| m.kind()).collect();
    morph_kinds.sort();
    morph_kinds.dedup();
    assert_eq!(morph_kinds, MorphKind::ALL.to_vec(), "every morph kind");
    for name in ["まばたき", "あ", "笑い"] {
        assert!(m.morph_index(name).is_some(), "no morph {name}");
    }
    let panels: Vec<u8> = m.morphs.iter().map(|m| m.panel).collect();
    for p in 1..=4 {
        assert!(panels.contains(&p), "no morph on panel {p}");
    }
    assert!(m.morphs.iter().any(|mo| matches!(&mo.offsets,
        MorphOffsets::Impulse(o) if o.iter().any(|i| i.is_stop()))));
    assert!(m.morphs.iter().any(|mo| matches!(&mo.offsets,
        MorphOffsets::Material(o) if o.iter().any(|x| x.material == NONE))));

    let joint_kinds: Vec<JointKind> = m.joints.iter().map(|j| j.kind).collect();
    for k in [
        JointKind::Spring6Dof,
        JointKind::SixDof,
        JointKind::P2p,
        JointKind::ConeTwist,
        JointKind::Slider,
        JointKind::Hinge,
    ] {
        assert!(joint_kinds.contains(&k), "no {} joint", k.name());
    }
    for mode in [
        RigidMode::FollowBone,
        RigidMode::Dynamic,
        RigidMode::DynamicWithBonePosition,
    ] {
        assert!(
            m.rigid_bodies.iter().any(|r| r.mode == mode),
            "no {mode:?} body"
        );
    }
    for shape in [RigidShape::Sphere, RigidShape::Box, RigidShape::Capsule] {
        assert!(
            m.rigid_bodies.iter().any(|r| r.shape == shape),
            "no {shape:?} body"
        );
    }
    let soft = |shape| m.soft_bodies.iter().find(|s| s.shape == shape);
    let cape = soft(SoftBodyShape::TriMesh).expect("a TriMesh soft body");
    let rope = soft(SoftBodyShape::Rope).expect("a Rope soft body");
    for s in [cape, rope] {
        assert!(!s.anchors.is_empty() && !s.pins.is_empty(), "{}", s.name);
        // Each soft body has a material of its own.
        let others = m
            .soft_bodies
            .iter()
            .filter(|o| o.material == s.material)
            .count();
        assert_eq!(others, 1);
    }
    let rope_mat = &m.materials[rope.material as usize];
    assert!(
        rope_mat.flags.has(MaterialFlags::LINE),
        "the rope draws as lines"
    );

    // Bones.
    for name in [
        "全ての親",
        "センター",
        "上半身",
        "首",
        "頭",
        "左腕",
        "右腕",
        "左ひじ",
        "左手首",
        "左足",
        "左ひざ",
        "左足首",
        "左足ＩＫ",
        "右足ＩＫ",
        "左腕捩",
        "左腕捩1",
        "左腕捩2",
        "左腕捩3",
    ] {
        bone(&m, name);
    }
    for side in ["左", "右"] {
        let ik_bone = &m.bones[bone(&m, &format!("{side}足ＩＫ"))];
        let ik = ik_bone.ik.as_ref().expect("leg IK");
        assert_eq!(ik.target as usize, bone(&m, &format!("{side}足首")));
        assert_eq!((ik.loop_count, ik.limit_angle), (40, 2.0));
        let knee = &ik.links[0];
        assert_eq!(knee.bone as usize, bone(&m, &format!("{side}ひざ")));
        let limits = knee.limits.expect("knee limits");
        assert!(limits.lower.x < -3.0 && limits.upper.x < 0.0 && limits.upper.x > -0.1);
        assert_eq!(ik.links[1].bone as usize, bone(&m, &format!("{side}足")));
        let twist = &m.bones[bone(&m, &format!("{side}腕捩"))];
        assert!(twist.fixed_axis.is_some());
        for (i, ratio) in [0.25, 0.5, 0.75].into_iter().enumerate() {
            let t = &m.bones[bone(&m, &format!("{side}腕捩{}", i + 1))];
            let a = t.append.expect("twist append");
            assert_eq!(
                (a.parent as usize, a.ratio),
                (bone(&m, &format!("{side}腕捩")), ratio)
            );
            assert!(a.rotate && !a.translate);
        }
        assert!(m.bones[bone(&m, &format!("{side}腕"))].local_axes.is_some());
    }
    assert!(m.bones.iter().any(|b| b.is_after_physics()));
    assert!(m
        .bones
        .iter()
        .any(|b| b.is_append_local() && b.append.is_some()));
    assert!(m.bones.iter().any(|b| b.fixed_axis.is_some()));
    assert!(m.bones.iter().any(|b| b.local_axes.is_some()));

    // Materials: a texture and toons.
    assert!(m.materials.iter().any(|x| x.texture >= 0));
    assert!(m
        .materials
        .iter()
        .any(|x| matches!(x.toon, Toon::Shared(_))));
    assert_eq!(
        m.textures,
        vec![hone_core::pmx::builder::SAMPLE_TEXTURE.to_string()]
    );
    assert!(m.display_frames[0].special && m.display_frames[1].special);
}

#[test]
fn sample_rig_references_and_weights_are_sound() {
    let m = sample_rig();
    let nb = m.bones.len() as i32;
    let total: i32 = m.materials.iter().map(|x| x.face_index_count).sum();
    assert_eq!(total as usize, m.faces.len() * 3);
    assert!(m.materials.iter().all(|x| x.face_index_count > 0));
    for f in &m.faces {
        assert!(f.iter().all(|&v| v >= 0 && (v as usize) < m.vertices.len()));
    }
    for (i, v) in m.vertices.iter().enumerate() {
        let (bones, weights, n) = v.weights.bone_weights();
        let sum: f32 = weights[..n].iter().sum();
        assert!((sum - 1.0).abs() < 1e-4, "vertex {i} weights sum to {sum}");
        for k in 0..n {
            assert!(weights[k] >= 0.0, "vertex {i}");
            assert!(
                bones[k] >= 0 && bones[k] < nb,
                "vertex {i} bone {}",
                bones[k]
            );
        }
        assert!((v.normal.length() - 1.0).abs() < 1e-4, "vertex {i} normal");
    }
    for (i, b) in m.bones.iter().enumerate() {
        assert!(
            b.parent < i as i32,
            "bone {} comes before its parent",
            b.name
        );
        if let Some(a) = b.append {
            assert!(a.parent >= 0 && a.parent < i as i32, "{}", b.name);
        }
    }
    for r in &m.rigid_bodies {
        assert!(r.bone >= 0 && r.bone < nb, "{}", r.name);
    }
    for j in &m.joints {
        assert!(j.body_a >= 0 && (j.body_a as usize) < m.rigid_bodies.len());
        assert!(j.body_b >= 0 && (j.body_b as usize) < m.rigid_bodies.len());
        assert_ne!(j.body_a, j.body_b, "{}", j.name);
    }
    // The smallest index sizes, as the builder promises.
    assert_eq!(m.header.index_sizes.bone, 1);
    assert_eq!(m.header.index_sizes.vertex, 2);
    assert_eq!(m.header.additional_uv_count, 4);
}

#[test]
fn sample_rig_triangles_face_outward() {
    let m = sample_rig();
    let mut start = 0usize;
    for mat in &m.materials {
        let n = mat.face_index_count as usize / 3;
        if !mat.flags.has(MaterialFlags::LINE) && !mat.flags.has(MaterialFlags::POINT) {
            for f in &m.faces[start..start + n] {
                let [a, b, c] = f.map(|v| &m.vertices[v as usize]);
                let cross = (b.position - a.position).cross(c.position - a.position);
                assert!(
                    cross.dot(a.normal + b.normal + c.normal) > 0.0,
                    "{} {f:?}",
                    mat.name
                );
            }
        }
        start += n;
    }
}

// ---------------------------------------------------------------- physics sanity

/// A body as a core (point, segment or box) grown by a radius.
enum Core {
    Segment(Vec3, Vec3),
    Box(Vec3, Mat3, Vec3),
}

fn core(r: &RigidBody) -> (Core, f32) {
    let rot = euler_rotation(r.rotation);
    match r.shape {
        RigidShape::Sphere => (Core::Segment(r.position, r.position), r.size.x),
        RigidShape::Capsule => {
            let h = rot * Vec3::Y * (r.size.y * 0.5);
            (Core::Segment(r.position - h, r.position + h), r.size.x)
        }
        RigidShape::Box => (Core::Box(r.position, Mat3::from_quat(rot), r.size), 0.0),
        RigidShape::Unknown(_) => unreachable!(),
    }
}

fn point_distance(core: &Core, p: Vec3) -> f32 {
    match core {
        Core::Segment(a, b) => {
            let ab = *b - *a;
            let t = if ab.length_squared() > 0.0 {
                ((p - *a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (p - (*a + ab * t)).length()
        }
        Core::Box(c, rot, half) => {
            let local = rot.transpose() * (p - *c);
            (local.abs() - *half).max(Vec3::ZERO).length()
        }
    }
}

fn samples(core: &Core) -> Vec<Vec3> {
    match core {
        Core::Segment(a, b) => (0..=64).map(|i| a.lerp(*b, i as f32 / 64.0)).collect(),
        Core::Box(c, rot, half) => {
            let mut out = Vec::new();
            for i in 0..=8 {
                for j in 0..=8 {
                    for k in 0..=8 {
                        let f = Vec3::new(i as f32, j as f32, k as f32) / 4.0 - Vec3::ONE;
                        out.push(*c + *rot * (f * *half));
                    }
                }
            }
            out
        }
    }
}

fn gap(a: &RigidBody, b: &RigidBody) -> f32 {
    let ((ca, ra), (cb, rb)) = (core(a), core(b));
    let d_ab = samples(&ca)
        .iter()
        .map(|p| point_distance(&cb, *p))
        .fold(f32::MAX, f32::min);
    let d_ba = samples(&cb)
        .iter()
        .map(|p| point_distance(&ca, *p))
        .fold(f32::MAX, f32::min);
    d_ab.min(d_ba) - ra - rb
}

#[test]
fn sample_rig_bodies_that_can_collide_do_not_overlap_at_rest() {
    let m = sample_rig();
    let rb = &m.rigid_bodies;
    let mut pairs = 0;
    for i in 0..rb.len() {
        for j in i + 1..rb.len() {
            if hone_core::physics::rules::collides(&rb[i], &rb[j]) {
                pairs += 1;
                let g = gap(&rb[i], &rb[j]);
                assert!(
                    g > 0.02,
                    "{} and {} overlap (gap {g})",
                    rb[i].name,
                    rb[j].name
                );
            }
        }
    }
    assert!(
        pairs > 100,
        "masks leave {pairs} colliding pairs: too few to be a real test"
    );
    // Neighbours joined by a joint never collide, or they do not touch.
    for j in &m.joints {
        let (a, b) = (&rb[j.body_a as usize], &rb[j.body_b as usize]);
        assert!(
            !hone_core::physics::rules::collides(a, b) || gap(a, b) > 0.02,
            "{}",
            j.name
        );
    }
    // Bodies of one chain (same group) never collide with each other.
    for r in rb {
        assert_eq!(
            r.collision_mask & (1 << r.group),
            0,
            "{} collides with its own group",
            r.name
        );
    }
}

#[test]
fn sample_rig_soft_bodies_start_clear_of_the_bodies_they_hit() {
    let m = sample_rig();
    let mut checked = 0;
    for s in &m.soft_bodies {
        // The soft body's nodes: the vertices its material draws.
        let mut start = 0usize;
        for mat in &m.materials[..s.material as usize] {
            start += mat.face_index_count as usize / 3;
        }
        let n = m.materials[s.material as usize].face_index_count as usize / 3;
        let mut nodes: Vec<i32> = m.faces[start..start + n]
            .iter()
            .flatten()
            .copied()
            .collect();
        nodes.sort();
        nodes.dedup();
        assert!(nodes.len() >= 8, "{} has {} nodes", s.name, nodes.len());
        for pin in s.pins.iter().chain(s.anchors.iter().map(|a| &a.vertex)) {
            assert!(
                nodes.contains(pin),
                "{} pins/anchors vertex {pin} it does not own",
                s.name
            );
        }
        for r in &m.rigid_bodies {
            let hits =
                s.collision_mask & (1 << r.group) != 0 && r.collision_mask & (1 << s.group) != 0;
            if !hits {
                continue;
            }
            let (c, radius) = core(r);
            for &v in &nodes {
                let d = point_distance(&c, m.vertices[v as usize].position) - radius;
                assert!(
                    d > s.margin + 0.02,
                    "{} node {v} touches {} ({d})",
                    s.name,
                    r.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn sample_rig_dynamic_bodies_hang_from_bone_followers() {
    let m = sample_rig();
    let n = m.rigid_bodies.len();
    // Flood from bone-following bodies over joints.
    let mut reached: Vec<bool> = m
        .rigid_bodies
        .iter()
        .map(|r| r.mode == RigidMode::FollowBone)
        .collect();
    for _ in 0..n {
        for j in &m.joints {
            let (a, b) = (j.body_a as usize, j.body_b as usize);
            if reached[a] || reached[b] {
                reached[a] = true;
                reached[b] = true;
            }
        }
    }
    for (r, ok) in m.rigid_bodies.iter().zip(reached) {
        assert!(
            ok,
            "{} is not joined to anything that follows a bone",
            r.name
        );
    }
}

#[test]
fn sample_rig_bodies_and_joints_sit_where_they_belong() {
    let m = sample_rig();
    for r in &m.rigid_bodies {
        // The body reaches its bone's head-to-tail segment.
        let bone = &m.bones[r.bone as usize];
        let tail = match bone.tail {
            Tail::Offset(o) => bone.position + o,
            Tail::Bone(t) => m.bones[t as usize].position,
        };
        let (c, radius) = core(r);
        let seg = Core::Segment(bone.position, tail);
        let d = samples(&c)
            .iter()
            .map(|p| point_distance(&seg, *p))
            .fold(f32::MAX, f32::min);
        assert!(
            d <= radius + 0.5,
            "{} is {d} from its bone {}",
            r.name,
            bone.name
        );
    }
    for j in &m.joints {
        for body in [j.body_a, j.body_b] {
            let r = &m.rigid_bodies[body as usize];
            let (c, radius) = core(r);
            let d = point_distance(&c, j.position) - radius;
            assert!(d < 1.5, "joint {} is {d} away from {}", j.name, r.name);
        }
    }
}

// ---------------------------------------------------------------- deforms like a figure

#[test]
fn sample_rig_rest_pose_skins_in_place() {
    let m = sample_rig();
    let state = deformed(&m, &Pose::new(&m));
    for (i, v) in m.vertices.iter().enumerate() {
        let d = (state.positions[i] - v.position).length();
        assert!(
            d < 1e-3,
            "vertex {i} ({:?}) moves {d} at rest",
            v.weights.kind()
        );
    }
}

#[test]
fn sample_rig_leg_ik_bends_the_knee_forward() {
    let m = sample_rig();
    let mut pose = Pose::new(&m);
    let ik = bone(&m, "左足ＩＫ");
    pose.bones[ik] = BonePose {
        rotation: Quat::IDENTITY,
        translation: Vec3::new(0.0, 3.0, -0.5),
    };
    let state = deformed(&m, &pose);
    let pos = |name: &str| state.world[bone(&m, name)].w_axis.truncate();
    let target = m.bones[ik].position + Vec3::new(0.0, 3.0, -0.5);
    assert!(
        (pos("左足首") - target).length() < 0.05,
        "ankle reaches the IK target"
    );
    // The knee goes forward (−Z), never backward.
    assert!(pos("左ひざ").z < m.bones[bone(&m, "左ひざ")].position.z - 0.5);
    // The other leg stays put.
    assert!((pos("右足首") - m.bones[bone(&m, "右足首")].position).length() < 1e-3);
}

#[test]
fn sample_rig_arm_twist_spreads_over_the_twist_bones() {
    let m = sample_rig();
    let mut pose = Pose::new(&m);
    let twist = bone(&m, "左腕捩");
    let angle = 1.0f32;
    pose.bones[twist].rotation = Quat::from_rotation_x(angle);
    let state = deformed(&m, &pose);
    for (i, ratio) in [0.25f32, 0.5, 0.75].into_iter().enumerate() {
        let b = bone(&m, &format!("左腕捩{}", i + 1));
        let (_, rot, _) = state.world[b].to_scale_rotation_translation();
        let (axis, a) = rot.to_axis_angle();
        assert!(
            (a - angle * ratio).abs() < 1e-3,
            "{} turns {a}",
            m.bones[b].name
        );
        assert!(axis.abs().abs_diff_eq(Vec3::X, 1e-3));
    }
}

// ---------------------------------------------------------------- physics holds together

#[test]
fn sample_rig_settles_under_physics_without_flying_apart() {
    use hone_core::physics::PhysicsConfig;
    use hone_core::sim::Simulation;
    let m = sample_rig();
    let mut sim = Simulation::new(&m, PhysicsConfig::default());
    let pose = Pose::new(&m);
    for _ in 0..90 {
        sim.frame(&m, &pose, 1.0 / 30.0);
    }
    for (i, b) in m.bones.iter().enumerate() {
        let p = sim.state.world[i].w_axis.truncate();
        assert!(p.is_finite(), "{} went to {p}", b.name);
        let d = (p - b.position).length();
        assert!(
            d < 1.5,
            "{} drifted {d} from rest after 3 s standing still",
            b.name
        );
    }
    for (i, v) in m.vertices.iter().enumerate() {
        let p = sim.state.positions[i];
        assert!(p.is_finite());
        let d = (p - v.position).length();
        assert!(d < 2.5, "vertex {i} drifted {d} from rest");
    }
    // Physics did run: the hair sags a little under gravity.
    let hair = bone(&m, "髪4");
    assert!((sim.state.world[hair].w_axis.truncate() - m.bones[hair].position).length() > 0.01);

    // Spin the body: the joints keep every physics chain together.
    let center = bone(&m, "センター");
    let mut pose = pose;
    for f in 0..30 {
        pose.bones[center].rotation = Quat::from_rotation_y(f as f32 * 0.1);
        sim.frame(&m, &pose, 1.0 / 30.0);
    }
    let at = |i: usize| sim.state.world[i].w_axis.truncate();
    let mut driven = 0;
    for (i, b) in m.bones.iter().enumerate() {
        if !sim.state.is_physics_driven(i) || b.parent < 0 {
            continue;
        }
        let p = b.parent as usize;
        let rest = (b.position - m.bones[p].position).length();
        let now = (at(i) - at(p)).length();
        assert!(
            (now - rest).abs() < 0.3,
            "{} is {now} from its parent (rest {rest})",
            b.name
        );
        driven += 1;
    }
    // 4 hair + 12 skirt bones + ribbon + pendant.
    assert_eq!(driven, 18);
}
