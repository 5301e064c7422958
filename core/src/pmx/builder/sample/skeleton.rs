//! The sample's skeleton: trunk, arms with twist bones, legs with IK, hair, skirt, accessories.

use super::*;

/// The bones later parts of the sample attach to.
pub(super) struct Skeleton {
    pub root: i32,
    pub center: i32,
    pub upper: i32,
    pub upper2: i32,
    pub neck: i32,
    pub head: i32,
    pub eyes: i32,
    pub eye_l: i32,
    pub eye_r: i32,
    pub lower: i32,
    pub arm_l: Arm,
    pub arm_r: Arm,
    pub leg_l: Leg,
    pub leg_r: Leg,
    pub leg_ik_l: i32,
    pub toe_ik_l: i32,
    pub leg_ik_r: i32,
    pub toe_ik_r: i32,
    pub hair: [i32; 4],
    pub hair_points: [Vec3; 5],
    pub ornament: i32,
    pub skirt: [[i32; 2]; SKIRT_CHAINS],
    pub skirt_y: [f32; 3],
    pub ribbon: i32,
    pub pendant: i32,
}

pub(super) struct Arm {
    pub shoulder: i32,
    pub arm: i32,
    pub arm_twist: i32,
    pub arm_twists: [i32; 3],
    pub elbow: i32,
    pub hand_twist: i32,
    pub hand_twists: [i32; 3],
    pub wrist: i32,
    pub pad: i32,
}

pub(super) struct Leg {
    pub leg: i32,
    pub knee: i32,
    pub ankle: i32,
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

pub(super) fn add_skeleton(b: &mut ModelBuilder) -> Skeleton {
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

    let arm_l = add_arm(b, 1.0, upper2);
    let arm_r = add_arm(b, -1.0, upper2);
    let (leg_l, leg_ik_l, toe_ik_l) = add_leg(b, 1.0, lower, root);
    let (leg_r, leg_ik_r, toe_ik_r) = add_leg(b, -1.0, lower, root);

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
    Skeleton {
        root,
        center,
        upper,
        upper2,
        neck,
        head,
        eyes,
        eye_l,
        eye_r,
        lower,
        arm_l,
        arm_r,
        leg_l,
        leg_r,
        leg_ik_l,
        toe_ik_l,
        leg_ik_r,
        toe_ik_r,
        hair,
        hair_points,
        ornament,
        skirt,
        skirt_y,
        ribbon,
        pendant,
    }
}
