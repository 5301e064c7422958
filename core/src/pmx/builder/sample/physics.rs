//! The sample's physics: rigid bodies in six collision groups, every joint kind, impulse morphs and
//! the two soft bodies.

use super::*;

pub(super) fn add_physics(b: &mut ModelBuilder, skeleton: &Skeleton, meshes: &Meshes) {
    let Skeleton {
        upper,
        upper2,
        neck,
        head,
        lower,
        ref arm_l,
        ref arm_r,
        ref leg_l,
        ref leg_r,
        hair,
        hair_points,
        skirt,
        skirt_y,
        ribbon,
        pendant,
        ..
    } = *skeleton;
    let Meshes {
        cape_mat,
        rope_mat,
        head_c,
        ref cape_top,
        ref cord,
        ..
    } = *meshes;
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
    // The trunk: (names, bone, from y, to y, radius) on the centre line.
    let trunk = [
        (("上半身", "upper body"), upper, 11.4, 12.6, 1.1),
        (("上半身2", "upper body2"), upper2, 13.3, 14.6, 1.15),
    ];
    let [_, chest_body] = trunk.map(|(names, bone, from_y, to_y, radius)| {
        let (from, to) = (Vec3::new(0.0, from_y, 0.0), Vec3::new(0.0, to_y, 0.0));
        body_capsule(b, names, bone, from, to, radius)
    });
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
        body_capsule(b, (&name, &name_en), arm.arm, p(2.1), p(4.1), 0.45);
        let (name, name_en) = names("ひじ", "elbow");
        body_capsule(b, (&name, &name_en), arm.elbow, p(4.9), p(6.7), 0.38);
    }
    for (side, leg) in [(1.0f32, &leg_l), (-1.0, &leg_r)] {
        let x = side * 1.0;
        let (lr, en) = side_names(side);
        let names = |n: &str, n_en: &str| (format!("{lr}{n}"), format!("{n_en}{en}"));
        let (name, name_en) = names("足", "leg");
        let (from, to) = (Vec3::new(x, 9.3, 0.0), Vec3::new(x, 6.1, -0.05));
        body_capsule(b, (&name, &name_en), leg.leg, from, to, 0.5);
        let (name, name_en) = names("ひざ", "knee");
        let (from, to) = (Vec3::new(x, 4.9, -0.05), Vec3::new(x, 1.9, 0.2));
        body_capsule(b, (&name, &name_en), leg.knee, from, to, 0.42);
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
    soft_body(b, "マント", SoftBodyShape::TriMesh, cape_mat)
        .mass(0.6)
        .aero(AeroModel::VTwoSided)
        .anchor(chest_body, cape_top[0], false)
        .anchor(chest_body, *cape_top.last().unwrap(), false)
        .pins(cape_top.iter().copied())
        .name_en("cape");
    soft_body(b, "飾り紐", SoftBodyShape::Rope, rope_mat)
        .mass(0.1)
        .b_link(0)
        .anchor(hip_body, cord[0], true)
        .pin(cord[0])
        .name_en("cord");
}

/// A soft body of the sample: in the soft group, passing through the hair, the head and each
/// other.
fn soft_body<'b>(
    b: &'b mut ModelBuilder,
    name: &str,
    shape: SoftBodyShape,
    material: i32,
) -> SoftBodyBuilder<'b> {
    b.soft_body(name, shape, material)
        .group(G_SOFT)
        .no_collision_with(&[G_SOFT, G_HAIR, G_HEAD])
        .margin(0.05)
}
