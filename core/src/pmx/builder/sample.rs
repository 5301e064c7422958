//! The bundled sample rig (`resources/sample/hone-sample.pmx`): a small
//! humanoid that uses every feature Hone shows.
//!
//! MMD scale and frame: about 20 units tall, Y up, left-handed; the figure
//! faces −Z, so its left side (左) is +X. T-pose (arms along ±X).
//!
//! Collision groups (bit n of a mask set = collides with group n):
//! 0 head and neck, 1 torso and limbs (bone-following), 2 chest accessories,
//! 3 hair, 4 skirt, 5 soft bodies. Each group skips itself and whatever it is
//! attached to or overlaps at rest.

use std::f32::consts::{FRAC_PI_2, PI};

use glam::{Quat, Vec2, Vec3, Vec4};
use image::{Rgba, RgbaImage};

use super::*;

/// File name (relative to the model) of the cloth texture.
pub const SAMPLE_TEXTURE: &str = "cloth.png";

/// The small plaid the 服 material uses (16×16, written beside the model).
pub fn sample_texture() -> RgbaImage {
    RgbaImage::from_fn(16, 16, |x, y| {
        let stripe_x = (x / 2) % 4 == 0;
        let stripe_y = (y / 2) % 4 == 0;
        match (stripe_x, stripe_y) {
            (true, true) => Rgba([200, 40, 50, 255]),
            (true, false) | (false, true) => Rgba([235, 225, 215, 255]),
            (false, false) => Rgba([250, 248, 245, 255]),
        }
    })
}

const G_HEAD: u8 = 0;
const G_BODY: u8 = 1;
const G_ACCESSORY: u8 = 2;
const G_HAIR: u8 = 3;
const G_SKIRT: u8 = 4;
const G_SOFT: u8 = 5;

/// Knee IK limits as MMD's converted models store them: bend one way only,
/// −180°..−0.5° about X.
pub const KNEE_LOWER: Vec3 = Vec3::new(-PI, 0.0, 0.0);
pub const KNEE_UPPER: Vec3 = Vec3::new(-0.008_726_646, 0.0, 0.0);

/// Skirt chains: 6 around the hips at 30° + 60°·k (x = r cos θ, z = r sin θ),
/// so none hangs straight over a thigh.
const SKIRT_CHAINS: usize = 6;
const SKIRT_TOP: f32 = 10.6;
const SKIRT_BOTTOM: f32 = 6.4;
const SKIRT_R_TOP: f32 = 1.7;
const SKIRT_R_BOTTOM: f32 = 2.9;

fn skirt_radius(y: f32) -> f32 {
    SKIRT_R_TOP + (SKIRT_TOP - y) / (SKIRT_TOP - SKIRT_BOTTOM) * (SKIRT_R_BOTTOM - SKIRT_R_TOP)
}
fn skirt_angle(k: usize) -> f32 {
    (30.0 + 60.0 * k as f32).to_radians()
}
fn on_skirt(k: usize, y: f32) -> Vec3 {
    let (a, r) = (skirt_angle(k), skirt_radius(y));
    Vec3::new(r * a.cos(), y, r * a.sin())
}

/// Smoothstep of x from a (0) to b (1); a > b runs backwards.
fn ramp(a: f32, b: f32, x: f32) -> f32 {
    let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Blends linearly between neighbouring (parameter, bone) knots: BDEF2.
fn knots_bdef2(knots: &[(f32, i32)], u: f32) -> Weights {
    let last = knots.len() - 1;
    if u <= knots[0].0 {
        return bdef1(knots[0].1);
    }
    for w in knots.windows(2) {
        let ((u0, b0), (u1, b1)) = (w[0], w[1]);
        if u <= u1 {
            let f = (u - u0) / (u1 - u0);
            return bdef2(b0, b1, 1.0 - f);
        }
    }
    bdef1(knots[last].1)
}

/// Wider hat functions over the knots (up to three bones share a vertex),
/// packed as QDEF.
fn knots_qdef(knots: &[(f32, i32)], u: f32, width: f32) -> Weights {
    let mut w: Vec<(f32, i32)> = knots
        .iter()
        .map(|&(k, b)| ((1.0 - (u - k).abs() / width).max(0.0), b))
        .collect();
    w.sort_by(|a, b| b.0.total_cmp(&a.0));
    w.truncate(4);
    let sum: f32 = w.iter().map(|x| x.0).sum();
    let mut bones = [NONE; 4];
    let mut weights = [0.0; 4];
    for (i, (x, b)) in w.iter().enumerate() {
        if *x > 0.0 {
            bones[i] = *b;
            weights[i] = x / sum;
        }
    }
    // Unused slots keep bone 0 with weight 0, as PMX Editor writes them.
    for b in bones.iter_mut() {
        if *b == NONE {
            *b = 0;
        }
    }
    qdef(bones, weights)
}

fn grouped<'a>(body: RigidBodyBuilder<'a>, group: u8, skip: &[u8]) -> RigidBodyBuilder<'a> {
    body.group(group).no_collision_with(skip)
}

struct Arm {
    shoulder: i32,
    arm: i32,
    arm_twist: i32,
    arm_twists: [i32; 3],
    elbow: i32,
    hand_twist: i32,
    hand_twists: [i32; 3],
    wrist: i32,
    pad: i32,
}

struct Leg {
    leg: i32,
    knee: i32,
    ankle: i32,
}

const SHOULDER_X: f32 = 0.6;
const ARM_X: f32 = 1.8;
const ELBOW_X: f32 = 4.5;
const WRIST_X: f32 = 7.0;
const ARM_Y: f32 = 15.2;

/// The name prefix (左/右) and English suffix (_L/_R) of a side (+1 = left).
fn side_names(side: f32) -> (&'static str, &'static str) {
    if side > 0.0 {
        ("左", "_L")
    } else {
        ("右", "_R")
    }
}

/// Adds a bone named for its side: 左/右 before the name, _L/_R after the English one.
fn side_bone<'a>(
    b: &'a mut ModelBuilder,
    side: f32,
    name: &str,
    name_en: &str,
    position: Vec3,
) -> BoneBuilder<'a> {
    let (lr, en) = side_names(side);
    b.bone(&format!("{lr}{name}"), position)
        .name_en(&format!("{name_en}{en}"))
}

/// A twist bone (捩) on `parent` at 0.6 along a limb, and three hidden bones
/// at 0.25 / 0.5 / 0.75 that take that share of its rotation.
fn add_twist(
    b: &mut ModelBuilder,
    side: f32,
    name: &str,
    name_en: &str,
    parent: i32,
    along: impl Fn(f32) -> Vec3,
) -> (i32, [i32; 3]) {
    let dir = Vec3::new(side, 0.0, 0.0);
    let twist = side_bone(b, side, name, name_en, along(0.6))
        .parent(parent)
        .fixed_axis(dir)
        .tail_offset(dir * 0.5)
        .index();
    let mut twists = [0; 3];
    for (i, t) in twists.iter_mut().enumerate() {
        let n = i + 1;
        let ratio = 0.25 * n as f32;
        *t = side_bone(
            b,
            side,
            &format!("{name}{n}"),
            &format!("{name_en}{n}"),
            along(ratio),
        )
        .parent(parent)
        .append_rotate(twist, ratio)
        .hidden()
        .not_operable()
        .index();
    }
    (twist, twists)
}

fn add_arm(b: &mut ModelBuilder, side: f32, upper_body2: i32) -> Arm {
    let at = |x: f32| Vec3::new(side * x, ARM_Y, 0.0);
    let dir = Vec3::new(side, 0.0, 0.0);
    // PMX Editor's arm frames: X toward the child, Z backward (so −Z faces the viewer).
    let z = Vec3::Z;
    let shoulder = side_bone(
        b,
        side,
        "肩",
        "shoulder",
        Vec3::new(side * SHOULDER_X, 15.4, 0.0),
    )
    .parent(upper_body2)
    .index();
    let arm = side_bone(b, side, "腕", "arm", at(ARM_X))
        .parent(shoulder)
        .local_axes(dir, z)
        .index();
    b.bone_mut(shoulder).tail_bone(arm);
    let (arm_twist, arm_twists) = add_twist(b, side, "腕捩", "arm twist", arm, |f| {
        at(ARM_X + (ELBOW_X - ARM_X) * f)
    });
    let elbow = side_bone(b, side, "ひじ", "elbow", at(ELBOW_X))
        .parent(arm_twist)
        .local_axes(dir, z)
        .index();
    b.bone_mut(arm).tail_bone(elbow);
    let (hand_twist, hand_twists) = add_twist(b, side, "手捩", "wrist twist", elbow, |f| {
        at(ELBOW_X + (WRIST_X - ELBOW_X) * f)
    });
    let wrist = side_bone(b, side, "手首", "wrist", at(WRIST_X))
        .parent(hand_twist)
        .local_axes(dir, z)
        .tail_offset(dir * 1.2)
        .index();
    b.bone_mut(elbow).tail_bone(wrist);
    // ローカル付与: the pad turns with half the arm's local rotation,
    // whatever drives it (user, IK or morph).
    let pad = side_bone(
        b,
        side,
        "肩飾り",
        "shoulder pad",
        Vec3::new(side * 1.6, 15.75, 0.0),
    )
    .parent(shoulder)
    .append_rotate(arm, 0.5)
    .append_local()
    .tail_offset(dir * 0.6)
    .index();
    Arm {
        shoulder,
        arm,
        arm_twist,
        arm_twists,
        elbow,
        hand_twist,
        hand_twists,
        wrist,
        pad,
    }
}

fn add_leg(b: &mut ModelBuilder, side: f32, lower_body: i32, root: i32) -> (Leg, i32, i32) {
    let x = side * 1.0;
    let leg = side_bone(b, side, "足", "leg", Vec3::new(x, 10.0, 0.0))
        .parent(lower_body)
        .index();
    // The knee sits a little forward so IK knows which way to bend.
    let knee = side_bone(b, side, "ひざ", "knee", Vec3::new(x, 5.5, -0.1))
        .parent(leg)
        .index();
    b.bone_mut(leg).tail_bone(knee);
    let ankle = side_bone(b, side, "足首", "ankle", Vec3::new(x, 1.2, 0.3))
        .parent(knee)
        .index();
    b.bone_mut(knee).tail_bone(ankle);
    let toe = side_bone(b, side, "つま先", "toe", Vec3::new(x, 0.0, -1.3))
        .parent(ankle)
        .hidden()
        .not_operable()
        .index();
    b.bone_mut(ankle).tail_bone(toe);
    // 足ＩＫ: the values PMD→PMX conversion gives every MMD model
    // (40 loops, 2 rad per step = PMD's 0.5 × 4; knee bends about X only).
    let leg_ik = side_bone(b, side, "足ＩＫ", "leg IK", Vec3::new(x, 1.2, 0.3))
        .parent(root)
        .movable()
        .tail_offset(Vec3::new(0.0, 0.0, 1.2))
        .ik(ankle, 40, 2.0)
        .ik_link_limited(knee, KNEE_LOWER, KNEE_UPPER)
        .ik_link(leg)
        .index();
    let toe_ik = side_bone(b, side, "つま先ＩＫ", "toe IK", Vec3::new(x, 0.0, -1.3))
        .parent(leg_ik)
        .movable()
        .tail_offset(Vec3::new(0.0, -1.0, 0.0))
        .ik(toe, 3, 4.0)
        .ik_link(ankle)
        .index();
    (Leg { leg, knee, ankle }, leg_ik, toe_ik)
}

/// Builds the sample rig. Deterministic: the same bytes every run.
pub fn sample_rig() -> Model {
    let mut b = ModelBuilder::new("Hone サンプル");
    b.name_en("Hone sample").comment(
        "Hone のサンプルリグ。ボーン・IK・付与・全モーフ種類・SDEF/QDEF・剛体・全Joint種類・SoftBody を含みます。\n\
         examples/make_sample.rs が生成します。",
        "Hone's sample rig: bones, IK, append, every morph kind, SDEF/QDEF, rigid bodies, \
         every joint kind and soft bodies.\nGenerated by examples/make_sample.rs.",
    );

    // ------------------------------------------------------------ skeleton
    let root = b
        .bone("全ての親", Vec3::ZERO)
        .name_en("master")
        .movable()
        .tail_offset(Vec3::new(0.0, 1.5, 0.0))
        .index();
    let center = b
        .bone("センター", Vec3::new(0.0, 8.0, 0.0))
        .name_en("center")
        .parent(root)
        .movable()
        .tail_offset(Vec3::new(0.0, -1.5, 0.0))
        .index();
    let upper = b
        .bone("上半身", Vec3::new(0.0, 11.0, 0.0))
        .name_en("upper body")
        .parent(center)
        .index();
    let upper2 = b
        .bone("上半身2", Vec3::new(0.0, 13.0, 0.0))
        .name_en("upper body2")
        .parent(upper)
        .index();
    b.bone_mut(upper).tail_bone(upper2);
    let neck = b
        .bone("首", Vec3::new(0.0, 15.8, 0.0))
        .name_en("neck")
        .parent(upper2)
        .index();
    b.bone_mut(upper2).tail_bone(neck);
    let head = b
        .bone("頭", Vec3::new(0.0, 16.8, 0.0))
        .name_en("head")
        .parent(neck)
        .tail_offset(Vec3::new(0.0, 2.0, 0.0))
        .index();
    b.bone_mut(neck).tail_bone(head);
    let eyes = b
        .bone("両目", Vec3::new(0.0, 19.8, -0.5))
        .name_en("eyes")
        .parent(head)
        .tail_offset(Vec3::new(0.0, 0.0, -0.8))
        .index();
    let eye_l = b
        .bone("左目", Vec3::new(0.5, 18.1, -1.0))
        .name_en("eye_L")
        .parent(head)
        .append_rotate(eyes, 1.0)
        .tail_offset(Vec3::new(0.0, 0.0, -0.8))
        .index();
    let eye_r = b
        .bone("右目", Vec3::new(-0.5, 18.1, -1.0))
        .name_en("eye_R")
        .parent(head)
        .append_rotate(eyes, 1.0)
        .tail_offset(Vec3::new(0.0, 0.0, -0.8))
        .index();
    let lower = b
        .bone("下半身", Vec3::new(0.0, 11.0, 0.0))
        .name_en("lower body")
        .parent(center)
        .tail_offset(Vec3::new(0.0, -1.5, 0.0))
        .index();

    let arm_l = add_arm(&mut b, 1.0, upper2);
    let arm_r = add_arm(&mut b, -1.0, upper2);
    let (leg_l, leg_ik_l, toe_ik_l) = add_leg(&mut b, 1.0, lower, root);
    let (leg_r, leg_ik_r, toe_ik_r) = add_leg(&mut b, -1.0, lower, root);

    // Back hair: a physics chain hanging from the head, behind the cape.
    let hair_points = [
        Vec3::new(0.0, 18.8, 1.3),
        Vec3::new(0.0, 17.2, 2.0),
        Vec3::new(0.0, 15.4, 2.2),
        Vec3::new(0.0, 13.6, 2.3),
        Vec3::new(0.0, 11.9, 2.35),
    ];
    let mut hair = [0i32; 4];
    for i in 0..4 {
        let parent = if i == 0 { head } else { hair[i - 1] };
        hair[i] = b
            .bone(&format!("髪{}", i + 1), hair_points[i])
            .name_en(&format!("hair{}", i + 1))
            .parent(parent)
            .index();
        if i > 0 {
            b.bone_mut(hair[i - 1]).tail_bone(hair[i]);
        }
    }
    b.bone_mut(hair[3]).tail_at(hair_points[4]);
    // 物理後: its parent is moved by physics, so it must deform after it.
    let ornament = b
        .bone("髪飾り", Vec3::new(0.0, 19.3, 1.75))
        .name_en("hair ornament")
        .parent(hair[0])
        .after_physics()
        .tail_offset(Vec3::new(0.0, 0.6, 0.0))
        .index();

    // Skirt: 6 chains of 2 bones, on the cone the mesh follows.
    let mut skirt = [[0i32; 2]; SKIRT_CHAINS];
    let skirt_y = [10.5, 8.5, 6.5];
    for (k, chain) in skirt.iter_mut().enumerate() {
        for s in 0..2 {
            let parent = if s == 0 { lower } else { chain[0] };
            chain[s] = b
                .bone(&format!("スカート_{k}_{s}"), on_skirt(k, skirt_y[s]))
                .name_en(&format!("skirt_{k}_{s}"))
                .parent(parent)
                .index();
        }
        b.bone_mut(chain[0]).tail_bone(chain[1]);
        b.bone_mut(chain[1]).tail_at(on_skirt(k, skirt_y[2]));
    }

    let ribbon = b
        .bone("胸リボン", Vec3::new(0.0, 14.0, -1.6))
        .name_en("chest ribbon")
        .parent(upper2)
        .tail_offset(Vec3::new(0.0, -0.5, 0.0))
        .index();
    let pendant = b
        .bone("ペンダント", Vec3::new(0.0, 15.6, -0.9))
        .name_en("pendant")
        .parent(neck)
        .tail_at(Vec3::new(0.0, 14.9, -1.6))
        .index();

    // ------------------------------------------------------------ materials
    let skin = b
        .material("肌", Vec4::new(1.0, 0.86, 0.78, 1.0))
        .name_en("skin")
        .toon_shared(1)
        .edge(Vec4::new(0.4, 0.25, 0.2, 1.0), 0.6)
        .index();
    let eye_mat = b
        .material("目", Vec4::new(0.1, 0.1, 0.16, 1.0))
        .name_en("eyes")
        .specular(Vec3::splat(0.8), 40.0)
        .toon_shared(1)
        .index();
    let mouth_mat = b
        .material("口", Vec4::new(0.8, 0.25, 0.3, 1.0))
        .name_en("mouth")
        .toon_shared(1)
        .index();
    let cloth = b
        .material("服", Vec4::ONE)
        .name_en("clothes")
        .texture(SAMPLE_TEXTURE)
        .toon_shared(2)
        .edge(Vec4::new(0.1, 0.1, 0.1, 1.0), 1.0)
        .memo("テクスチャ cloth.png は examples/make_sample.rs が生成")
        .index();
    let skirt_mat = b
        .material("スカート", Vec4::new(0.25, 0.3, 0.6, 1.0))
        .name_en("skirt")
        .double_sided()
        .toon_shared(2)
        .edge(Vec4::new(0.05, 0.05, 0.15, 1.0), 1.0)
        .index();
    let hair_mat = b
        .material("髪", Vec4::new(0.35, 0.2, 0.12, 1.0))
        .name_en("hair")
        .specular(Vec3::splat(0.3), 20.0)
        .toon_shared(3)
        .edge(Vec4::new(0.1, 0.05, 0.02, 1.0), 1.0)
        .index();
    let shoe = b
        .material("靴", Vec4::new(0.2, 0.12, 0.1, 1.0))
        .name_en("shoes")
        .toon_shared(3)
        .index();
    let gold = b
        .material("飾り", Vec4::new(0.95, 0.75, 0.25, 1.0))
        .name_en("ornaments")
        .specular(Vec3::splat(0.9), 50.0)
        .toon_shared(4)
        .index();
    let cape_mat = b
        .material("マント", Vec4::new(0.6, 0.1, 0.15, 1.0))
        .name_en("cape")
        .double_sided()
        .toon_shared(2)
        .index();
    // A 2.1 line material: the rope soft body's vertex sequence, drawn as lines.
    let rope_mat = b
        .material("飾り紐", Vec4::new(0.9, 0.8, 0.3, 1.0))
        .name_en("cord")
        .flags(MaterialFlags::LINE | MaterialFlags::GROUND_SHADOW)
        .index();

    // ------------------------------------------------------------ head
    let head_c = Vec3::new(0.0, 18.0, 0.0);
    b.sphere_mesh(skin, head_c, 1.6, 16, bdef1(head));
    // Hair cap: a sphere set back and up, so the face shows below a hairline.
    b.sphere_mesh(hair_mat, Vec3::new(0.0, 18.3, 0.35), 1.65, 16, bdef1(head));
    let face = |x: f32, y: f32| -> Vec3 {
        // A point just in front of the head sphere's surface.
        let d = (1.6f32 * 1.6 - x * x - (y - head_c.y).powi(2))
            .max(0.0)
            .sqrt();
        Vec3::new(x, y, -d)
    };
    let mut eye_boxes = Vec::new();
    for (x, bone) in [(0.5, eye_l), (-0.5, eye_r)] {
        let c = face(x, 18.1) + Vec3::new(0.0, 0.0, 0.02);
        eye_boxes.push(b.box_mesh(eye_mat, c, Vec3::new(0.18, 0.25, 0.1), bdef1(bone)));
    }
    let mut brows = Vec::new();
    for x in [0.5, -0.5] {
        let c = face(x, 18.6);
        brows.push(b.box_mesh(hair_mat, c, Vec3::new(0.25, 0.06, 0.08), bdef1(head)));
    }
    let mouth = b.box_mesh(
        mouth_mat,
        face(0.0, 17.2),
        Vec3::new(0.3, 0.06, 0.08),
        bdef1(head),
    );

    // Neck: blended into the chest below and the head above.
    b.tube_mesh(
        skin,
        &Tube {
            from: Vec3::new(0.0, 15.4, 0.0),
            to: Vec3::new(0.0, 16.9, 0.0),
            radius_from: 0.45,
            radius_to: 0.45,
            sides: 12,
            rings: 4,
            caps: false,
        },
        |p: Vec3, _| {
            if p.y < 16.0 {
                bdef2(neck, upper2, 0.5 + 0.5 * ramp(15.4, 16.0, p.y))
            } else {
                bdef2(neck, head, 1.0 - 0.5 * ramp(16.4, 16.9, p.y))
            }
        },
    );

    // ------------------------------------------------------------ torso
    // Waist: BDEF4 over lower body, both legs and upper body.
    let waist_up = move |y: f32| ramp(10.4, 11.2, y);
    b.tube_mesh(
        cloth,
        &Tube {
            from: Vec3::new(0.0, 8.8, 0.0),
            to: Vec3::new(0.0, 11.0, 0.0),
            radius_from: 1.25,
            radius_to: 1.2,
            sides: 24,
            rings: 4,
            caps: true,
        },
        |p: Vec3, _| {
            let up = waist_up(p.y);
            let to_leg = ramp(10.2, 9.0, p.y) * (p.x.abs() / 1.25).min(1.0);
            let (l, r) = if p.x > 0.0 {
                (to_leg, 0.0)
            } else {
                (0.0, to_leg)
            };
            let rest = 1.0 - up;
            bdef4(
                [lower, leg_l.leg, leg_r.leg, upper],
                [rest * (1.0 - l - r), rest * l, rest * r, up],
            )
        },
    );
    let chest = b.tube_mesh(
        cloth,
        &Tube {
            from: Vec3::new(0.0, 11.0, 0.0),
            to: Vec3::new(0.0, 15.6, 0.0),
            radius_from: 1.2,
            radius_to: 1.15,
            sides: 24,
            rings: 6,
            caps: true,
        },
        |p: Vec3, _| {
            if p.y < 11.5 {
                bdef2(upper, lower, waist_up(p.y))
            } else {
                bdef2(upper2, upper, ramp(12.4, 13.6, p.y))
            }
        },
    );
    // Waistband over the top of the skirt.
    b.tube_mesh(
        cloth,
        &Tube {
            from: Vec3::new(0.0, 10.5, 0.0),
            to: Vec3::new(0.0, 10.9, 0.0),
            radius_from: 1.75,
            radius_to: 1.7,
            sides: 24,
            rings: 1,
            caps: true,
        },
        bdef1(lower),
    );

    // ------------------------------------------------------------ arms
    for (side, arm) in [(1.0f32, &arm_l), (-1.0f32, &arm_r)] {
        let upper_knots = [
            (0.0, arm.arm),
            (0.25, arm.arm_twists[0]),
            (0.5, arm.arm_twists[1]),
            (0.75, arm.arm_twists[2]),
            (0.85, arm.arm_twist),
        ];
        let elbow_c = Vec3::new(side * ELBOW_X, ARM_Y, 0.0);
        let upper_len = ELBOW_X - ARM_X;
        let fore_len = WRIST_X - ELBOW_X;
        // SDEF across the elbow: C at the joint, R0 / R1 where the blend ends
        // on the forearm (bone 0 = ひじ) and upper-arm (bone 1 = 腕捩) side.
        let r0 = elbow_c + Vec3::new(side * 0.15 * fore_len, 0.0, 0.0);
        let r1 = elbow_c - Vec3::new(side * 0.15 * upper_len, 0.0, 0.0);
        let (elbow, arm_twist) = (arm.elbow, arm.arm_twist);
        let elbow_sdef = move |w_elbow: f32| sdef(elbow, arm_twist, w_elbow, elbow_c, r0, r1);
        let shoulder = arm.shoulder;
        b.tube_mesh(
            cloth,
            &Tube {
                from: Vec3::new(side * 0.9, ARM_Y, 0.0),
                to: elbow_c,
                radius_from: 0.48,
                radius_to: 0.42,
                sides: 12,
                rings: 12,
                caps: false,
            },
            move |p: Vec3, _| {
                let u = (p.x * side - ARM_X) / upper_len;
                if u < 0.0 {
                    bdef2(upper_knots[0].1, shoulder, 1.0 - ramp(0.0, -0.3, u))
                } else if u < 0.85 {
                    knots_bdef2(&upper_knots, u)
                } else {
                    elbow_sdef(0.5 * ramp(0.85, 1.0, u))
                }
            },
        );
        let fore_knots = [
            (0.15, arm.elbow),
            (0.35, arm.hand_twists[0]),
            (0.55, arm.hand_twists[1]),
            (0.75, arm.hand_twists[2]),
            (0.9, arm.hand_twist),
        ];
        let (wrist, hand_twist) = (arm.wrist, arm.hand_twist);
        b.tube_mesh(
            skin,
            &Tube {
                from: elbow_c,
                to: Vec3::new(side * WRIST_X, ARM_Y, 0.0),
                radius_from: 0.4,
                radius_to: 0.3,
                sides: 12,
                rings: 10,
                caps: false,
            },
            move |p: Vec3, _| {
                let v = (p.x * side - ELBOW_X) / fore_len;
                if v < 0.15 {
                    elbow_sdef(0.5 + 0.5 * ramp(0.0, 0.15, v))
                } else if v < 0.9 {
                    knots_qdef(&fore_knots, v, 0.3)
                } else {
                    bdef2(wrist, hand_twist, ramp(0.9, 1.0, v))
                }
            },
        );
        b.box_mesh(
            skin,
            Vec3::new(side * 7.6, ARM_Y, 0.0),
            Vec3::new(0.6, 0.18, 0.35),
            bdef1(arm.wrist),
        );
        b.box_mesh(
            gold,
            Vec3::new(side * 1.6, 15.75, 0.0),
            Vec3::new(0.55, 0.12, 0.6),
            bdef1(arm.pad),
        );
    }

    // ------------------------------------------------------------ legs
    for (side, leg) in [(1.0f32, &leg_l), (-1.0f32, &leg_r)] {
        let x = side * 1.0;
        let (l, k, a) = (leg.leg, leg.knee, leg.ankle);
        b.tube_mesh(
            skin,
            &Tube {
                from: Vec3::new(x, 10.2, 0.0),
                to: Vec3::new(x, 5.5, -0.1),
                radius_from: 0.55,
                radius_to: 0.42,
                sides: 12,
                rings: 6,
                caps: true,
            },
            move |p: Vec3, _| {
                if p.y > 9.4 {
                    bdef2(l, lower, 0.5 + 0.5 * ramp(10.2, 9.4, p.y))
                } else {
                    bdef2(l, k, 0.5 + 0.5 * ramp(5.5, 6.1, p.y))
                }
            },
        );
        b.tube_mesh(
            skin,
            &Tube {
                from: Vec3::new(x, 5.5, -0.1),
                to: Vec3::new(x, 1.1, 0.3),
                radius_from: 0.42,
                radius_to: 0.3,
                sides: 12,
                rings: 6,
                caps: true,
            },
            move |p: Vec3, _| {
                if p.y > 3.0 {
                    bdef2(k, l, 0.5 + 0.5 * ramp(5.5, 4.9, p.y))
                } else {
                    bdef2(k, a, 0.5 + 0.5 * ramp(1.1, 1.7, p.y))
                }
            },
        );
        b.box_mesh(
            shoe,
            Vec3::new(x, 0.45, -0.35),
            Vec3::new(0.45, 0.45, 1.0),
            bdef1(leg.ankle),
        );
    }

    // ------------------------------------------------------------ skirt
    b.tube_mesh(
        skirt_mat,
        &Tube {
            from: Vec3::new(0.0, SKIRT_TOP, 0.0),
            to: Vec3::new(0.0, SKIRT_BOTTOM, 0.0),
            radius_from: SKIRT_R_TOP,
            radius_to: SKIRT_R_BOTTOM,
            sides: 24,
            rings: 6,
            caps: false,
        },
        |p: Vec3, _| {
            // Between the two nearest chains around, and the two bones down.
            let step = 60f32.to_radians();
            let a = (p.z.atan2(p.x) - skirt_angle(0)).rem_euclid(std::f32::consts::TAU);
            let k0 = ((a / step).floor() as usize) % SKIRT_CHAINS;
            let k1 = (k0 + 1) % SKIRT_CHAINS;
            let f = (a / step - (a / step).floor()).clamp(0.0, 1.0);
            let down = ramp(9.0, 8.0, p.y);
            bdef4(
                [skirt[k0][0], skirt[k0][1], skirt[k1][0], skirt[k1][1]],
                [
                    (1.0 - f) * (1.0 - down),
                    (1.0 - f) * down,
                    f * (1.0 - down),
                    f * down,
                ],
            )
        },
    );

    // ------------------------------------------------------------ hair & accessories
    let hair_skin = move |p: Vec3, _| {
        // Nearest two hair bones by height.
        let knots = [
            (-18.8, hair[0]),
            (-17.2, hair[1]),
            (-15.4, hair[2]),
            (-13.6, hair[3]),
        ];
        knots_bdef2(&knots, -p.y)
    };
    for i in 0..4 {
        b.tube_mesh(
            hair_mat,
            &Tube {
                from: hair_points[i],
                to: hair_points[i + 1],
                radius_from: 0.6 - 0.08 * i as f32,
                radius_to: 0.6 - 0.08 * (i + 1) as f32,
                sides: 12,
                rings: 2,
                caps: i == 3,
            },
            hair_skin,
        );
    }
    b.box_mesh(
        gold,
        Vec3::new(0.0, 19.3, 1.75),
        Vec3::new(0.35, 0.2, 0.12),
        bdef1(ornament),
    );
    b.box_mesh(
        gold,
        Vec3::new(0.0, 14.0, -1.45),
        Vec3::new(0.35, 0.2, 0.1),
        bdef1(ribbon),
    );
    b.sphere_mesh(gold, Vec3::new(0.0, 14.9, -1.6), 0.22, 8, bdef1(pendant));

    // ------------------------------------------------------------ cape (soft body mesh)
    let cape_cols = 6u32;
    let cape_rows = 8u32;
    let cape = b.grid_mesh(
        cape_mat,
        Vec3::new(1.6, 15.2, 1.5),
        Vec3::new(-3.2, 0.0, 0.0),
        Vec3::new(0.0, -4.0, 0.0),
        cape_cols,
        cape_rows,
        bdef1(upper2),
    );
    let cape_top: Vec<i32> = (0..=cape_cols as i32).map(|i| cape.start + i).collect();

    // ------------------------------------------------------------ cord (rope soft body)
    let cord: Vec<i32> = (0..8)
        .map(|i| {
            let y = 10.4 - i as f32 * 0.45;
            let p = Vec3::new(skirt_radius(y) + 0.35, y, 0.0);
            b.vertex(p, Vec3::X, Vec2::new(0.5, i as f32 / 7.0), bdef1(lower))
        })
        .collect();
    for w in cord.windows(2) {
        // A-B-A: one line segment (PMX 2.1).
        b.triangle(rope_mat, [w[0], w[1], w[0]]);
    }

    // ------------------------------------------------------------ morphs
    let squash = |b: &ModelBuilder, range: &Range<i32>, to_y: f32, amount: f32| {
        range
            .clone()
            .map(|v| {
                let p = b.model().vertices[v as usize].position;
                (v, Vec3::new(0.0, (to_y - p.y) * amount, 0.0))
            })
            .collect::<Vec<_>>()
    };
    let mut blink = Vec::new();
    let mut smile = Vec::new();
    for r in &eye_boxes {
        blink.extend(squash(&b, r, 18.1, 0.9));
        // 笑い: eyes close upward into arcs.
        smile.extend(squash(&b, r, 18.25, 0.8));
    }
    let blink = b
        .vertex_morph("まばたき", panel::EYE, blink)
        .name_en("blink")
        .index();
    let smile = b
        .vertex_morph("笑い", panel::EYE, smile)
        .name_en("smile")
        .index();
    let mouth_a: Vec<(i32, Vec3)> = mouth
        .clone()
        .map(|v| {
            let p = b.model().vertices[v as usize].position;
            let dy = if p.y > 17.2 { 0.05 } else { -0.35 };
            (v, Vec3::new(0.0, dy, 0.0))
        })
        .collect();
    let mouth_a = b
        .vertex_morph("あ", panel::MOUTH, mouth_a)
        .name_en("a")
        .index();
    let mut worried = Vec::new();
    for (r, side) in brows.iter().zip([1.0f32, -1.0]) {
        for v in r.clone() {
            let p = b.model().vertices[v as usize].position;
            // Inner ends up, outer ends down.
            let inner = 1.0 - (p.x * side - 0.25).clamp(0.0, 0.5) / 0.5;
            worried.push((v, Vec3::new(0.0, 0.2 * inner - 0.05, 0.0)));
        }
    }
    let worried = b
        .vertex_morph("困る", panel::BROW, worried)
        .name_en("worried")
        .index();
    let scroll: Vec<(i32, Vec4)> = chest
        .clone()
        .map(|v| (v, Vec4::new(0.25, 0.0, 0.0, 0.0)))
        .collect();
    b.uv_morph("柄スクロール", panel::OTHER, 0, scroll)
        .name_en("pattern scroll");
    for layer in 1..=4u8 {
        let offsets: Vec<(i32, Vec4)> = cape
            .clone()
            .map(|v| (v, Vec4::new(0.0, 0.0, 0.0, layer as f32 * 0.25)))
            .collect();
        b.uv_morph(&format!("追加UV{layer}"), panel::OTHER, layer, offsets)
            .name_en(&format!("additional UV{layer}"));
    }
    let down = 35f32.to_radians();
    b.bone_morph(
        "Aポーズ",
        panel::OTHER,
        [
            (arm_l.arm, Vec3::ZERO, Quat::from_rotation_z(-down)),
            (arm_r.arm, Vec3::ZERO, Quat::from_rotation_z(down)),
        ],
    )
    .name_en("A pose");
    let mut blush = material_add(skin);
    blush.diffuse = Vec4::new(0.15, -0.05, -0.05, 0.0);
    blush.ambient = Vec3::new(0.1, -0.03, -0.03);
    b.material_morph("照れ", panel::OTHER, [blush])
        .name_en("blush");
    let mut dark = material_multiply(NONE);
    dark.diffuse = Vec4::new(0.3, 0.3, 0.3, 1.0);
    dark.ambient = Vec3::splat(0.3);
    b.material_morph("暗転", panel::OTHER, [dark])
        .name_en("darken");
    b.group_morph("にっこり", panel::EYE, [(smile, 1.0), (mouth_a, 0.4)])
        .name_en("grin");
    b.flip_morph(
        "表情切替",
        panel::OTHER,
        [(blink, 1.0), (smile, 1.0), (mouth_a, 1.0), (worried, 1.0)],
    )
    .name_en("expression flip");

    // ------------------------------------------------------------ rigid bodies
    let head_body = grouped(
        b.rigid_body("頭", head).sphere(1.7).at(head_c),
        G_HEAD,
        &[G_HEAD, G_BODY, G_ACCESSORY, G_HAIR],
    )
    .name_en("head")
    .index();
    grouped(
        b.rigid_body("首", neck).capsule_between(
            Vec3::new(0.0, 15.9, 0.0),
            Vec3::new(0.0, 16.6, 0.0),
            0.45,
        ),
        G_HEAD,
        &[G_HEAD, G_BODY, G_ACCESSORY, G_HAIR],
    )
    .name_en("neck");
    let trunk_skip = [G_HEAD, G_BODY];
    // A bone-following capsule of the torso and limbs group.
    let body_capsule = |b: &mut ModelBuilder, (name, en): (&str, &str), bone, from, to, radius| {
        grouped(
            b.rigid_body(name, bone).capsule_between(from, to, radius),
            G_BODY,
            &trunk_skip,
        )
        .name_en(en)
        .index()
    };
    body_capsule(
        &mut b,
        ("上半身", "upper body"),
        upper,
        Vec3::new(0.0, 11.4, 0.0),
        Vec3::new(0.0, 12.6, 0.0),
        1.1,
    );
    let chest_body = body_capsule(
        &mut b,
        ("上半身2", "upper body2"),
        upper2,
        Vec3::new(0.0, 13.3, 0.0),
        Vec3::new(0.0, 14.6, 0.0),
        1.15,
    );
    let hip_body = grouped(
        b.rigid_body("下半身", lower)
            .sphere(1.0)
            .at(Vec3::new(0.0, 10.0, 0.0)),
        G_BODY,
        &trunk_skip,
    )
    .name_en("lower body")
    .index();
    for (side, arm) in [(1.0f32, &arm_l), (-1.0, &arm_r)] {
        let p = |x: f32| Vec3::new(side * x, ARM_Y, 0.0);
        let (lr, en) = side_names(side);
        let names = |n: &str, n_en: &str| (format!("{lr}{n}"), format!("{n_en}{en}"));
        let (name, name_en) = names("腕", "arm");
        body_capsule(&mut b, (&name, &name_en), arm.arm, p(2.1), p(4.1), 0.45);
        let (name, name_en) = names("ひじ", "elbow");
        body_capsule(&mut b, (&name, &name_en), arm.elbow, p(4.9), p(6.7), 0.38);
    }
    for (side, leg) in [(1.0f32, &leg_l), (-1.0, &leg_r)] {
        let x = side * 1.0;
        let (lr, en) = side_names(side);
        let names = |n: &str, n_en: &str| (format!("{lr}{n}"), format!("{n_en}{en}"));
        let (name, name_en) = names("足", "leg");
        let (from, to) = (Vec3::new(x, 9.3, 0.0), Vec3::new(x, 6.1, -0.05));
        body_capsule(&mut b, (&name, &name_en), leg.leg, from, to, 0.5);
        let (name, name_en) = names("ひざ", "knee");
        let (from, to) = (Vec3::new(x, 4.9, -0.05), Vec3::new(x, 1.9, 0.2));
        body_capsule(&mut b, (&name, &name_en), leg.knee, from, to, 0.42);
    }

    // Hair: the root keeps its bone's position (mode 2), the rest are free (mode 1).
    let mut hair_bodies = [0i32; 4];
    for i in 0..4 {
        let rb = b
            .rigid_body(&format!("髪{}", i + 1), hair[i])
            .capsule_between(hair_points[i], hair_points[i + 1], 0.35)
            .mass(0.3)
            .damping(0.9, 0.9)
            .name_en(&format!("hair{}", i + 1));
        let rb = if i == 0 {
            rb.dynamic_with_bone_position()
        } else {
            rb.dynamic()
        };
        hair_bodies[i] = grouped(rb, G_HAIR, &[G_HEAD, G_HAIR, G_SOFT]).index();
    }

    let mut skirt_bodies = [[0i32; 2]; SKIRT_CHAINS];
    for k in 0..SKIRT_CHAINS {
        for s in 0..2 {
            let (top, bottom) = (on_skirt(k, skirt_y[s]), on_skirt(k, skirt_y[s + 1]));
            // Shortened so the two bodies of a chain meet at the bone, not overlap past it.
            let dir = (bottom - top).normalize();
            skirt_bodies[k][s] = grouped(
                b.rigid_body(&format!("スカート_{k}_{s}"), skirt[k][s])
                    .capsule_between(top + dir * 0.3, bottom - dir * 0.3, 0.3)
                    .mass(0.2)
                    .damping(0.5, 0.5)
                    .dynamic()
                    .name_en(&format!("skirt_{k}_{s}")),
                G_SKIRT,
                &[G_SKIRT],
            )
            .index();
        }
    }

    let ribbon_body = grouped(
        b.rigid_body("胸リボン", ribbon)
            .box_shape(Vec3::new(0.35, 0.2, 0.1))
            .at(Vec3::new(0.0, 14.0, -1.45))
            .mass(0.1)
            .dynamic()
            .name_en("chest ribbon"),
        G_ACCESSORY,
        &[G_HEAD, G_ACCESSORY],
    )
    .index();
    let pendant_body = grouped(
        b.rigid_body("ペンダント", pendant)
            .sphere(0.22)
            .at(Vec3::new(0.0, 14.9, -1.6))
            .mass(0.1)
            .dynamic()
            .name_en("pendant"),
        G_ACCESSORY,
        &[G_HEAD, G_ACCESSORY],
    )
    .index();

    // ------------------------------------------------------------ joints
    // ConeTwist at the hair root: twist axis (joint X) turned to point down the hair.
    b.joint("髪1", JointKind::ConeTwist, head_body, hair_bodies[0])
        .rotation(Vec3::new(0.0, 0.0, -FRAC_PI_2))
        .cone_twist(0.4, 0.4, 0.15, 1.0, 0.3, 1.0, 0.01, 0.05)
        .name_en("hair1");
    for i in 1..4 {
        b.joint(
            &format!("髪{}", i + 1),
            JointKind::Spring6Dof,
            hair_bodies[i - 1],
            hair_bodies[i],
        )
        .angular_limits(Vec3::new(-0.35, -0.2, -0.35), Vec3::new(0.35, 0.2, 0.35))
        .springs(Vec3::ZERO, Vec3::splat(20.0))
        .name_en(&format!("hair{}", i + 1));
    }
    for (k, chain) in skirt_bodies.iter().enumerate() {
        let front = k == 4; // 270°: straight ahead (−Z)
        let j = if front {
            // The front panel swings forward and back about X.
            b.joint(
                &format!("スカート_{k}_0"),
                JointKind::Hinge,
                hip_body,
                chain[0],
            )
            .hinge(-0.3, 0.8, 0.9, 0.3, 1.0)
        } else {
            b.joint(
                &format!("スカート_{k}_0"),
                JointKind::Spring6Dof,
                hip_body,
                chain[0],
            )
            .angular_limits(Vec3::new(-0.3, -0.1, -0.3), Vec3::new(0.8, 0.1, 0.3))
            .springs(Vec3::ZERO, Vec3::splat(10.0))
        };
        j.name_en(&format!("skirt_{k}_0"));
        b.joint(
            &format!("スカート_{k}_1"),
            JointKind::Spring6Dof,
            chain[0],
            chain[1],
        )
        .angular_limits(Vec3::new(-0.4, -0.1, -0.4), Vec3::new(0.4, 0.1, 0.4))
        .springs(Vec3::ZERO, Vec3::splat(10.0))
        .name_en(&format!("skirt_{k}_1"));
    }
    // Hoops: 6DOF (no springs) between neighbouring lower panels.
    for k in 0..SKIRT_CHAINS {
        let n = (k + 1) % SKIRT_CHAINS;
        let mid = (on_skirt(k, 7.5) + on_skirt(n, 7.5)) * 0.5;
        b.joint(
            &format!("スカート横_{k}"),
            JointKind::SixDof,
            skirt_bodies[k][1],
            skirt_bodies[n][1],
        )
        .at(mid)
        .linear_limits(Vec3::splat(-0.3), Vec3::splat(0.3))
        .angular_limits(Vec3::splat(-0.5), Vec3::splat(0.5))
        .name_en(&format!("skirt hoop_{k}"));
    }
    // The ribbon bobs up and down: a slider along Y (joint X turned to Y).
    b.joint("胸リボン", JointKind::Slider, chest_body, ribbon_body)
        .at(Vec3::new(0.0, 14.0, -1.45))
        .rotation(Vec3::new(0.0, 0.0, FRAC_PI_2))
        .slider(-0.15, 0.15, -0.2, 0.2)
        .name_en("chest ribbon");
    // The pendant swings freely on its chain: a ball joint at the clasp.
    b.joint("ペンダント", JointKind::P2p, chest_body, pendant_body)
        .at(Vec3::new(0.0, 15.6, -0.9))
        .name_en("pendant");

    // ------------------------------------------------------------ impulse morphs
    let front_skirt = [skirt_bodies[3][1], skirt_bodies[4][1], skirt_bodies[5][1]];
    b.impulse_morph(
        "スカートめくれ",
        panel::OTHER,
        front_skirt.map(|r| ImpulseOffset {
            rigid_body: r,
            local: false,
            velocity: Vec3::new(0.0, 1.5, -2.0),
            torque: Vec3::ZERO,
        }),
    )
    .name_en("skirt flip up");
    b.impulse_morph(
        "髪停止",
        panel::OTHER,
        hair_bodies.map(|r| ImpulseOffset {
            rigid_body: r,
            local: true,
            velocity: Vec3::ZERO,
            torque: Vec3::ZERO,
        }),
    )
    .name_en("hair stop");

    // ------------------------------------------------------------ soft bodies
    b.soft_body("マント", SoftBodyShape::TriMesh, cape_mat)
        .group(G_SOFT)
        .no_collision_with(&[G_SOFT, G_HAIR, G_HEAD])
        .mass(0.6)
        .margin(0.05)
        .aero(AeroModel::VTwoSided)
        .anchor(chest_body, cape_top[0], false)
        .anchor(chest_body, *cape_top.last().unwrap(), false)
        .pins(cape_top.iter().copied())
        .name_en("cape");
    b.soft_body("飾り紐", SoftBodyShape::Rope, rope_mat)
        .group(G_SOFT)
        .no_collision_with(&[G_SOFT, G_HAIR, G_HEAD])
        .mass(0.1)
        .margin(0.05)
        .b_link(0)
        .anchor(hip_body, cord[0], true)
        .pin(cord[0])
        .name_en("cord");

    // ------------------------------------------------------------ display frames
    b.display_frame("Root").name_en("Root").special().bone(root);
    let all_morphs: Vec<i32> = (0..b.model().morphs.len() as i32)
        .filter(|&m| b.model().morphs[m as usize].panel != panel::SYSTEM)
        .collect();
    b.display_frame("表情")
        .name_en("Exp")
        .special()
        .morphs(all_morphs);
    b.display_frame("センター").name_en("Center").bone(center);
    b.display_frame("体(上)")
        .name_en("Upper body")
        .bones([upper, upper2, neck, head, eyes, eye_l, eye_r]);
    let arm_bones = |a: &Arm| {
        [
            a.shoulder,
            a.arm,
            a.arm_twist,
            a.elbow,
            a.hand_twist,
            a.wrist,
        ]
    };
    b.display_frame("腕")
        .name_en("Arms")
        .bones(arm_bones(&arm_l))
        .bones(arm_bones(&arm_r));
    b.display_frame("足")
        .name_en("Legs")
        .bones([lower, leg_ik_l, toe_ik_l, leg_ik_r, toe_ik_r])
        // Keyable bones must sit in a frame (W-BONE-NO-FRAME), as in MMD's models.
        .bones([
            leg_l.leg,
            leg_l.knee,
            leg_l.ankle,
            leg_r.leg,
            leg_r.knee,
            leg_r.ankle,
        ]);
    b.display_frame("髪")
        .name_en("Hair")
        .bones(hair)
        .bone(ornament);
    b.display_frame("スカート")
        .name_en("Skirt")
        .bones(skirt.iter().flatten().copied());
    b.display_frame("飾り")
        .name_en("Accessories")
        .bones([arm_l.pad, arm_r.pad, ribbon, pendant]);

    b.build()
}
