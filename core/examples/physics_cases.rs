//! Writes the generated physics cases of core/tests/physics_oracle_all.rs: rigs and motions
//! that exercise what the shared models do not (mode-2 bodies on chains and alone, joint limits
//! past ±90° and ±180°, free (lower > upper) and locked axes, translation limits and springs,
//! light and heavy bodies on one joint, a zero-mass body, bodies on IK-driven and 付与 bones,
//! body-less tips with and without 物理後変形; the chains also as a PMD) and motions (fast swings, a teleport, MMD's
//! per-key physics switch, an old VMD whose switch bytes hold interpolation values).
//!
//! `cargo run --release -p hone-core --example physics_cases [OUT_DIR]`
//! (default core/tests/data/physics_oracle/generated). The files are committed; the Bullet
//! reference for them is made by scripts/physics_oracle_refs.py.

use std::f32::consts::{FRAC_PI_2, PI};
use std::path::PathBuf;

use glam::{EulerRot, Quat, Vec3, Vec4};
use hone_core::motion::vmd::{encode_name, read_interpolation};
use hone_core::motion::vmd_write::interpolation_bytes;
use hone_core::motion::{save_vmd, Bezier, BoneKey, Vmd, VmdName};
use hone_core::pmx::builder::{bdef1, ModelBuilder};
use hone_core::pmx::write::{save, WriteOptions};
use hone_core::pmx::{BoneFlags, JointKind, Model, RigidMode, RigidShape, Weights};

/// Collision groups: 0 the body's kinematic core, 1 hair, 2 skirt, 3 accessories.
const CORE: u8 = 0;
const HAIR: u8 = 1;
const SKIRT: u8 = 2;
const ACCESSORY: u8 = 3;

/// The common skeleton: 全ての親, センター, 上半身, 頭, 下半身 and a left leg with IK, each
/// with a kinematic body (except the roots and the IK bone). Returns the builder and the
/// indices (bones, bodies) of 頭, 上半身, 下半身, 左ひざ.
struct Skeleton {
    b: ModelBuilder,
    head: (i32, i32),
    upper: (i32, i32),
    lower: (i32, i32),
    knee: (i32, i32),
    leg: i32,
}

fn skeleton(name: &str) -> Skeleton {
    let mut b = ModelBuilder::new(name);
    let root = b.bone("全ての親", Vec3::ZERO).movable().index();
    let center = b
        .bone("センター", Vec3::new(0.0, 8.0, 0.0))
        .parent(root)
        .movable()
        .index();
    let upper = b
        .bone("上半身", Vec3::new(0.0, 10.0, 0.0))
        .parent(center)
        .tail_offset(Vec3::new(0.0, 4.0, 0.0))
        .index();
    let head = b
        .bone("頭", Vec3::new(0.0, 15.0, 0.0))
        .parent(upper)
        .tail_offset(Vec3::new(0.0, 2.0, 0.0))
        .index();
    let lower = b
        .bone("下半身", Vec3::new(0.0, 9.5, 0.0))
        .parent(center)
        .tail_offset(Vec3::new(0.0, -2.0, 0.0))
        .index();
    let leg = b
        .bone("左足", Vec3::new(1.0, 9.0, 0.0))
        .parent(lower)
        .index();
    let knee = b
        .bone("左ひざ", Vec3::new(1.0, 5.0, -0.2))
        .parent(leg)
        .index();
    let ankle = b
        .bone("左足首", Vec3::new(1.0, 1.0, 0.0))
        .parent(knee)
        .index();
    b.bone_mut(leg).tail_bone(knee);
    b.bone_mut(knee).tail_bone(ankle);
    b.bone("左足ＩＫ", Vec3::new(1.0, 1.0, 0.0))
        .parent(root)
        .movable()
        .ik(ankle, 40, 2.0)
        .ik_link_limited(
            knee,
            Vec3::new(-PI, 0.0, 0.0),
            Vec3::new(-0.008_726_6, 0.0, 0.0),
        )
        .ik_link(leg);
    let skin = b.material("肌", Vec4::ONE).index();
    b.box_mesh(
        skin,
        Vec3::new(0.0, 12.0, 0.0),
        Vec3::splat(1.0),
        bdef1(upper),
    );
    let kinematic = |b: &mut ModelBuilder, name: &str, bone: i32, at: Vec3, radius: f32| {
        b.rigid_body(name, bone)
            .at(at)
            .sphere(radius)
            .group(CORE)
            .follow_bone()
            .index()
    };
    let head_body = kinematic(&mut b, "頭", head, Vec3::new(0.0, 16.0, 0.0), 1.6);
    let upper_body = kinematic(&mut b, "上半身", upper, Vec3::new(0.0, 12.0, 0.0), 1.8);
    let lower_body = kinematic(&mut b, "下半身", lower, Vec3::new(0.0, 8.5, 0.0), 1.5);
    let knee_body = b
        .rigid_body("左ひざ", knee)
        .capsule_between(Vec3::new(1.0, 5.0, -0.2), Vec3::new(1.0, 1.5, 0.0), 0.6)
        .group(CORE)
        .follow_bone()
        .index();
    Skeleton {
        b,
        head: (head, head_body),
        upper: (upper, upper_body),
        lower: (lower, lower_body),
        knee: (knee, knee_body),
        leg,
    }
}

/// A chain of dynamic bodies hanging from `from` (bone, body) through `points`; each link
/// is a capsule from its bone to the next point, jointed to the previous body at its bone.
/// The last point gets a body-less tip bone. Returns the bodies.
#[allow(clippy::too_many_arguments)]
fn chain(
    b: &mut ModelBuilder,
    name: &str,
    from: (i32, i32),
    points: &[Vec3],
    group: u8,
    mode_with_bone: bool,
    joint: &dyn Fn(
        hone_core::pmx::builder::JointBuilder<'_>,
    ) -> hone_core::pmx::builder::JointBuilder<'_>,
    tip_after_physics: bool,
) -> Vec<i32> {
    let (mut parent, mut parent_body) = from;
    let mut bodies = Vec::new();
    for (k, pair) in points.windows(2).enumerate() {
        let bone = b
            .bone(&format!("{name}{}", k + 1), pair[0])
            .parent(parent)
            .tail_offset(pair[1] - pair[0])
            .index();
        let body = b
            .rigid_body(&format!("{name}{}", k + 1), bone)
            .capsule_between(pair[0], pair[1], 0.3)
            .group(group)
            .no_collision_with(&[group])
            .mass(1.0)
            .damping(0.5, 0.5);
        let body = if mode_with_bone {
            body.dynamic_with_bone_position()
        } else {
            body.dynamic()
        }
        .index();
        joint(b.joint(
            &format!("{name}{}", k + 1),
            JointKind::Spring6Dof,
            parent_body,
            body,
        ));
        bodies.push(body);
        (parent, parent_body) = (bone, body);
    }
    let tip = b
        .bone(&format!("{name}先"), *points.last().unwrap())
        .parent(parent);
    if tip_after_physics {
        tip.after_physics();
    }
    bodies
}

fn points(p: &[[f32; 3]]) -> Vec<Vec3> {
    p.iter().map(|&p| Vec3::from(p)).collect()
}

fn deg(v: f32) -> f32 {
    v.to_radians()
}

/// Hair with limits past ±90° and ±180° and rotation springs (its tip not 物理後変形), hair
/// with a free axis (lower > upper) and a locked one (its tip 物理後変形), a mode-2 skirt chain
/// with translation limits and springs, and a lone mode-2 ribbon on a spring.
fn chains() -> Model {
    let Skeleton {
        mut b,
        head,
        upper,
        lower,
        ..
    } = skeleton("physgen chains");
    chain(
        &mut b,
        "左髪",
        head,
        &points(&[
            [-0.8, 16.0, 1.2],
            [-1.2, 13.0, 1.8],
            [-1.5, 10.0, 2.2],
            [-1.6, 7.0, 2.4],
        ]),
        HAIR,
        false,
        &|j| {
            j.angular_limits(
                Vec3::new(-deg(120.0), -deg(200.0), -deg(60.0)),
                Vec3::new(deg(120.0), deg(200.0), deg(60.0)),
            )
            .springs(Vec3::ZERO, Vec3::new(40.0, 40.0, 40.0))
        },
        false,
    );
    chain(
        &mut b,
        "右髪",
        head,
        &points(&[
            [0.8, 16.0, 1.2],
            [1.2, 13.0, 1.8],
            [1.5, 10.0, 2.2],
            [1.6, 7.0, 2.4],
        ]),
        HAIR,
        false,
        // X free (lower > upper), Y locked, Z within ±30°.
        &|j| {
            j.angular_limits(
                Vec3::new(deg(10.0), 0.0, -deg(30.0)),
                Vec3::new(-deg(10.0), 0.0, deg(30.0)),
            )
        },
        true,
    );
    chain(
        &mut b,
        "スカート",
        lower,
        &points(&[[-1.8, 8.5, -0.8], [-2.4, 6.0, -1.2], [-3.0, 3.5, -1.6]]),
        SKIRT,
        true,
        &|j| {
            j.linear_limits(Vec3::splat(-0.3), Vec3::splat(0.3))
                .angular_limits(Vec3::splat(-deg(45.0)), Vec3::splat(deg(45.0)))
                .springs(Vec3::splat(100.0), Vec3::splat(20.0))
        },
        false,
    );
    let ribbon = b
        .bone("リボン", Vec3::new(-2.0, 12.5, -1.0))
        .parent(upper.0)
        .index();
    let ribbon_body = b
        .rigid_body("リボン", ribbon)
        .at(Vec3::new(-2.2, 12.0, -1.2))
        .box_shape(Vec3::new(0.6, 0.4, 0.2))
        .group(ACCESSORY)
        .no_collision_with(&[ACCESSORY])
        .mass(0.5)
        .dynamic_with_bone_position()
        .index();
    b.joint("リボン", JointKind::Spring6Dof, upper.1, ribbon_body)
        .linear_limits(Vec3::splat(-1.0), Vec3::splat(1.0))
        .angular_limits(Vec3::splat(-FRAC_PI_2), Vec3::splat(FRAC_PI_2))
        .springs(Vec3::new(50.0, 50.0, 50.0), Vec3::new(10.0, 10.0, 10.0));
    b.build()
}

/// A mode-1 sleeve whose bone has a follow-bone child body, earrings with a 0.05 and a 20
/// mass body on one joint, a zero-mass body, a skirt piece on the IK-driven knee, and a
/// ribbon chain on a bone with 付与 rotation from the leg.
fn mixed() -> Model {
    let Skeleton {
        mut b,
        head,
        upper,
        lower,
        knee,
        leg,
    } = skeleton("physgen mixed");
    let sleeve = b
        .bone("袖", Vec3::new(-3.0, 12.5, 0.0))
        .parent(upper.0)
        .index();
    let cuff = b
        .bone("袖口", Vec3::new(-3.5, 9.5, 0.0))
        .parent(sleeve)
        .index();
    b.bone("袖口先", Vec3::new(-3.6, 8.0, 0.0)).parent(cuff);
    let sleeve_body = b
        .rigid_body("袖", sleeve)
        .capsule_between(Vec3::new(-3.0, 12.5, 0.0), Vec3::new(-3.5, 9.5, 0.0), 0.5)
        .group(ACCESSORY)
        .no_collision_with(&[ACCESSORY])
        .mass(1.0)
        .dynamic()
        .index();
    b.rigid_body("袖口", cuff)
        .at(Vec3::new(-3.55, 9.0, 0.0))
        .sphere(0.6)
        .group(ACCESSORY)
        .no_collision_with(&[ACCESSORY])
        .follow_bone();
    b.joint("袖", JointKind::Spring6Dof, upper.1, sleeve_body)
        .angular_limits(Vec3::splat(-deg(60.0)), Vec3::splat(deg(60.0)));
    chain(
        &mut b,
        "イヤリング",
        head,
        &points(&[[1.6, 15.0, 0.0], [1.7, 13.5, 0.0], [1.8, 12.0, 0.0]]),
        ACCESSORY,
        false,
        &|j| j.angular_limits(Vec3::splat(-deg(80.0)), Vec3::splat(deg(80.0))),
        false,
    );
    let n = b.model().rigid_bodies.len() as i32;
    b.rigid_body_mut(n - 2).mass(0.05);
    b.rigid_body_mut(n - 1).mass(20.0);
    let charm = b
        .bone("胸飾り", Vec3::new(0.0, 13.0, -1.8))
        .parent(upper.0)
        .tail_offset(Vec3::new(0.0, -1.0, 0.0))
        .index();
    let charm_body = b
        .rigid_body("胸飾り", charm)
        .at(Vec3::new(0.0, 12.5, -1.9))
        .sphere(0.3)
        .group(ACCESSORY)
        .mass(0.0)
        .dynamic()
        .index();
    b.joint("胸飾り", JointKind::Spring6Dof, upper.1, charm_body)
        .angular_limits(Vec3::splat(-deg(30.0)), Vec3::splat(deg(30.0)));
    chain(
        &mut b,
        "スカート",
        knee,
        &points(&[[1.6, 5.0, -0.6], [2.0, 3.0, -0.8], [2.2, 1.0, -0.9]]),
        SKIRT,
        false,
        &|j| {
            j.angular_limits(Vec3::splat(-deg(70.0)), Vec3::splat(deg(70.0)))
                .springs(Vec3::ZERO, Vec3::splat(5.0))
        },
        true,
    );
    let append = b
        .bone("リボン親", Vec3::new(-1.5, 9.0, -1.0))
        .parent(lower.0)
        .append_rotate(leg, 0.5)
        .index();
    let append_body = b
        .rigid_body("リボン親", append)
        .at(Vec3::new(-1.5, 9.0, -1.0))
        .sphere(0.4)
        .group(ACCESSORY)
        .follow_bone()
        .index();
    chain(
        &mut b,
        "リボン",
        (append, append_body),
        &points(&[[-1.6, 8.6, -1.2], [-1.8, 6.6, -1.5], [-1.9, 4.6, -1.7]]),
        ACCESSORY,
        false,
        &|j| j.angular_limits(Vec3::splat(-deg(90.0)), Vec3::splat(deg(90.0))),
        false,
    );
    b.build()
}

fn key(frame: u32, translation: Vec3, rotation: Quat) -> BoneKey {
    BoneKey {
        frame,
        translation,
        rotation,
        curves: [Bezier::LINEAR; 4],
        physics_off: false,
    }
}

fn name(text: &str) -> VmdName {
    VmdName {
        text: text.to_string(),
        raw: encode_name(text, 15),
    }
}

fn euler(x: f32, y: f32, z: f32) -> Quat {
    Quat::from_euler(EulerRot::YXZ, deg(y), deg(x), deg(z))
}

/// Two seconds of fast motion, then stillness to settle: the upper body swung ±60° about Y
/// every 6 frames, then ±45° about Z; the center teleported 10 units in one frame (frame
/// 30) and back (frame 50); the IK foot lifted and the leg turned (driving the knee and the
/// 付与 bone). Still from frame 60 (2 s) on.
fn swing_keys() -> Vec<(VmdName, BoneKey)> {
    let mut keys = Vec::new();
    for k in 0..=6 {
        let y = if k % 2 == 0 { 60.0 } else { -60.0 };
        keys.push((name("上半身"), key(k * 6, Vec3::ZERO, euler(0.0, y, 0.0))));
    }
    for k in 0..=2 {
        let z = if k % 2 == 0 { 45.0 } else { -45.0 };
        keys.push((
            name("上半身"),
            key(42 + k * 6, Vec3::ZERO, euler(0.0, 0.0, z)),
        ));
    }
    keys.push((name("上半身"), key(60, Vec3::ZERO, Quat::IDENTITY)));
    for (frame, x) in [(0, 0.0), (30, 0.0), (31, 10.0), (49, 10.0), (50, 0.0)] {
        keys.push((
            name("センター"),
            key(frame, Vec3::new(x, 0.0, 0.0), Quat::IDENTITY),
        ));
    }
    for (frame, lift) in [(0, 0.0), (15, 4.0), (30, 0.0), (45, 3.0), (60, 0.0)] {
        keys.push((
            name("左足ＩＫ"),
            key(frame, Vec3::new(0.0, lift, -lift), Quat::IDENTITY),
        ));
    }
    for (frame, x) in [(0, 0.0), (10, -50.0), (20, 30.0), (40, -60.0), (60, 0.0)] {
        keys.push((name("左足"), key(frame, Vec3::ZERO, euler(x, 0.0, 0.0))));
    }
    keys
}

fn vmd(keys: Vec<(VmdName, BoneKey)>, raw: Vec<[u8; 64]>) -> Vmd {
    Vmd {
        model_name: "physgen".to_string(),
        model_name_raw: encode_name("physgen", 20),
        bone_keys: keys,
        bone_interpolation_raw: raw,
        ..Vmd::default()
    }
}

/// The swing plus MMD's physics switch on keyed physics bones: 左髪1 (or 袖) off from frame
/// 10 (turned 40°) and on again at 25; スカート1 off from 15 and on again at 28 (both back
/// on before the teleport at 30).
fn switch_keys(first: &str) -> Vec<(VmdName, BoneKey)> {
    let mut keys = swing_keys();
    let off = |frame, rotation| BoneKey {
        physics_off: true,
        ..key(frame, Vec3::ZERO, rotation)
    };
    keys.push((name(first), key(0, Vec3::ZERO, Quat::IDENTITY)));
    keys.push((name(first), off(10, euler(40.0, 0.0, 20.0))));
    keys.push((name(first), key(25, Vec3::ZERO, Quat::IDENTITY)));
    keys.push((name("スカート1"), key(0, Vec3::ZERO, Quat::IDENTITY)));
    keys.push((name("スカート1"), off(15, euler(-30.0, 0.0, 0.0))));
    keys.push((name("スカート1"), key(28, Vec3::ZERO, Quat::IDENTITY)));
    keys
}

/// The swing with every key's interpolation block as older tools wrote it: row 0 whole
/// (bytes 2–3 hold the Z and rotation curves' x1, here 0x14 0x14, not MMD's switch), plus
/// keys on physics bones, which must stay simulated.
fn old_keys(physics_bones: &[&str]) -> (Vec<(VmdName, BoneKey)>, Vec<[u8; 64]>) {
    let mut keys = swing_keys();
    for bone in physics_bones {
        keys.push((name(bone), key(0, Vec3::ZERO, Quat::IDENTITY)));
        keys.push((name(bone), key(150, Vec3::ZERO, Quat::IDENTITY)));
    }
    let mut raw = Vec::with_capacity(keys.len());
    for (_, k) in &mut keys {
        let mut ip = interpolation_bytes(&[Bezier::LINEAR; 4], false);
        (ip[2], ip[3]) = (20, 20);
        let (curves, off) = read_interpolation(&ip);
        assert!(!off);
        k.curves = curves;
        raw.push(ip);
    }
    (keys, raw)
}

/// A fixed-size Shift-JIS field, NUL-padded.
fn pmd_text(out: &mut Vec<u8>, text: &str, size: usize) {
    let bytes = encode_name(text, size);
    out.extend_from_slice(&bytes);
    out.resize(out.len() + size - bytes.len(), 0);
}

fn pmd_floats(out: &mut Vec<u8>, values: &[f32]) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// `model` as a PMD file (PMD Editor's layout): the same bones, IK, bodies and joints, the
/// bodies' positions relative to their bones as PMD stores them. PMD has no 物理後変形 flag
/// and no tail offsets; a 付与 rotation becomes 回転連動 (bone type 9).
fn pmd_bytes(model: &Model) -> Vec<u8> {
    const NONE: u16 = 0xFFFF;
    let index = |i: i32| u16::try_from(i).unwrap_or(NONE);
    let mut o = b"Pmd".to_vec();
    pmd_floats(&mut o, &[1.0]);
    pmd_text(&mut o, &model.info.name, 20);
    pmd_text(&mut o, "", 256);
    o.extend_from_slice(&(model.vertices.len() as u32).to_le_bytes());
    for v in &model.vertices {
        let bone = match v.weights {
            Weights::Bdef1 { bone } => index(bone),
            _ => 0,
        };
        pmd_floats(&mut o, &v.position.to_array());
        pmd_floats(&mut o, &v.normal.to_array());
        pmd_floats(&mut o, &v.uv.to_array());
        o.extend_from_slice(&bone.to_le_bytes());
        o.extend_from_slice(&bone.to_le_bytes());
        o.extend_from_slice(&[100, 0]);
    }
    o.extend_from_slice(&((model.faces.len() * 3) as u32).to_le_bytes());
    for i in model.faces.iter().flatten() {
        o.extend_from_slice(&index(*i).to_le_bytes());
    }
    o.extend_from_slice(&(model.materials.len() as u32).to_le_bytes());
    for m in &model.materials {
        pmd_floats(&mut o, &m.diffuse.to_array());
        pmd_floats(&mut o, &[m.specular_power]);
        pmd_floats(&mut o, &m.specular.to_array());
        pmd_floats(&mut o, &m.ambient.to_array());
        o.extend_from_slice(&[0xFF, 1]);
        o.extend_from_slice(&(m.face_index_count as u32).to_le_bytes());
        pmd_text(&mut o, "", 20);
    }
    let ik_bone_of = |bone: usize| {
        model.bones.iter().position(|b| {
            b.ik.as_ref()
                .is_some_and(|ik| ik.links.iter().any(|l| l.bone as usize == bone))
        })
    };
    o.extend_from_slice(&(model.bones.len() as u16).to_le_bytes());
    for (i, b) in model.bones.iter().enumerate() {
        // (type, tail field, IK field) as PMD Editor writes them.
        let (kind, tail, ik) = if b.ik.is_some() {
            (2u8, NONE, 0u16)
        } else if let Some(a) = b.append.filter(|a| a.rotate) {
            (9, index(a.parent), (a.ratio * 100.0).round() as i16 as u16)
        } else if let Some(k) = ik_bone_of(i) {
            (4, NONE, k as u16)
        } else if b.flags.has(BoneFlags::MOVABLE) {
            (1, NONE, 0)
        } else {
            (0, NONE, 0)
        };
        pmd_text(&mut o, &b.name, 20);
        o.extend_from_slice(&index(b.parent).to_le_bytes());
        o.extend_from_slice(&tail.to_le_bytes());
        o.push(kind);
        o.extend_from_slice(&ik.to_le_bytes());
        pmd_floats(&mut o, &b.position.to_array());
    }
    let iks: Vec<_> = model
        .bones
        .iter()
        .enumerate()
        .filter_map(|(i, b)| b.ik.as_ref().map(|ik| (i, ik)))
        .collect();
    o.extend_from_slice(&(iks.len() as u16).to_le_bytes());
    for (bone, ik) in iks {
        o.extend_from_slice(&(bone as u16).to_le_bytes());
        o.extend_from_slice(&index(ik.target).to_le_bytes());
        o.push(ik.links.len() as u8);
        o.extend_from_slice(&(ik.loop_count as u16).to_le_bytes());
        // PMD's control weight is a quarter of PMX's limit angle.
        pmd_floats(&mut o, &[ik.limit_angle / 4.0]);
        for l in &ik.links {
            o.extend_from_slice(&index(l.bone).to_le_bytes());
        }
    }
    o.extend_from_slice(&0u16.to_le_bytes()); // skins
    o.push(0); // skin display list
    o.push(0); // bone frame names
    o.extend_from_slice(&0u32.to_le_bytes()); // bones in frames
    o.push(0); // no English names
    for k in 1..=10 {
        pmd_text(&mut o, &format!("toon{k:02}.bmp"), 100);
    }
    o.extend_from_slice(&(model.rigid_bodies.len() as u32).to_le_bytes());
    for r in &model.rigid_bodies {
        let origin = usize::try_from(r.bone)
            .ok()
            .and_then(|b| model.bones.get(b))
            .map_or(Vec3::ZERO, |b| b.position);
        let shape = match r.shape {
            RigidShape::Sphere => 0u8,
            RigidShape::Box => 1,
            _ => 2,
        };
        let mode = match r.mode {
            RigidMode::FollowBone => 0u8,
            RigidMode::Dynamic => 1,
            _ => 2,
        };
        pmd_text(&mut o, &r.name, 20);
        o.extend_from_slice(&index(r.bone).to_le_bytes());
        o.push(r.group);
        o.extend_from_slice(&r.collision_mask.to_le_bytes());
        o.push(shape);
        pmd_floats(&mut o, &r.size.to_array());
        pmd_floats(&mut o, &(r.position - origin).to_array());
        pmd_floats(&mut o, &r.rotation.to_array());
        pmd_floats(
            &mut o,
            &[
                r.mass,
                r.linear_damping,
                r.angular_damping,
                r.restitution,
                r.friction,
            ],
        );
        o.push(mode);
    }
    o.extend_from_slice(&(model.joints.len() as u32).to_le_bytes());
    for j in &model.joints {
        pmd_text(&mut o, &j.name, 20);
        o.extend_from_slice(&(j.body_a as u32).to_le_bytes());
        o.extend_from_slice(&(j.body_b as u32).to_le_bytes());
        for v in [
            j.position,
            j.rotation,
            j.linear_lower,
            j.linear_upper,
            j.angular_lower,
            j.angular_upper,
            j.linear_spring,
            j.angular_spring,
        ] {
            pmd_floats(&mut o, &v.to_array());
        }
    }
    o
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/physics_oracle/generated")
        });
    std::fs::create_dir_all(&dir)?;
    for (file, model) in [("chains.pmx", chains()), ("mixed.pmx", mixed())] {
        save(&model, dir.join(file), &WriteOptions::default())?;
    }
    std::fs::write(dir.join("chains.pmd"), pmd_bytes(&chains()))?;
    let (old, old_raw) = old_keys(&["左髪1", "右髪1", "スカート1", "袖", "リボン1"]);
    for (file, motion) in [
        ("swing.vmd", vmd(swing_keys(), Vec::new())),
        ("switch_chains.vmd", vmd(switch_keys("左髪1"), Vec::new())),
        ("switch_mixed.vmd", vmd(switch_keys("袖"), Vec::new())),
        ("old.vmd", vmd(old, old_raw)),
    ] {
        let report = save_vmd(&motion, &dir.join(file))?;
        assert!(report.is_clean(), "{file}: {report:?}");
    }
    println!("wrote {}", dir.display());
    Ok(())
}
