//! The sample's materials and meshes (skinned with every weight kind), the cape grid and the cord.

use super::*;

/// Materials and vertex ranges that morphs and soft bodies refer to.
pub(super) struct Meshes {
    pub skin: i32,
    pub cape_mat: i32,
    pub rope_mat: i32,
    pub head_c: Vec3,
    pub eye_boxes: Vec<Range<i32>>,
    pub brows: Vec<Range<i32>>,
    pub mouth: Range<i32>,
    pub chest: Range<i32>,
    pub cape: Range<i32>,
    pub cape_top: Vec<i32>,
    pub cord: Vec<i32>,
}

pub(super) fn add_meshes(b: &mut ModelBuilder, skeleton: &Skeleton) -> Meshes {
    let Skeleton {
        upper,
        upper2,
        neck,
        head,
        eye_l,
        eye_r,
        lower,
        ref arm_l,
        ref arm_r,
        ref leg_l,
        ref leg_r,
        hair,
        hair_points,
        ornament,
        skirt,
        ribbon,
        pendant,
        ..
    } = *skeleton;
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
    Meshes {
        skin,
        cape_mat,
        rope_mat,
        head_c,
        eye_boxes,
        brows,
        mouth,
        chest,
        cape,
        cape_top,
        cord,
    }
}
