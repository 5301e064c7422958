//! The sample's morphs: vertex, UV, additional UV, bone, material, group and flip.

use super::*;

pub(super) fn add_morphs(b: &mut ModelBuilder, skeleton: &Skeleton, meshes: &Meshes) {
    let Skeleton {
        ref arm_l,
        ref arm_r,
        ..
    } = *skeleton;
    let Meshes {
        skin,
        ref eye_boxes,
        ref brows,
        ref mouth,
        ref chest,
        ref cape,
        ..
    } = *meshes;
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
    for r in eye_boxes {
        blink.extend(squash(b, r, 18.1, 0.9));
        // 笑い: eyes close upward into arcs.
        smile.extend(squash(b, r, 18.25, 0.8));
    }
    let mouth_a: Vec<(i32, Vec3)> = mouth
        .clone()
        .map(|v| {
            let p = b.model().vertices[v as usize].position;
            let dy = if p.y > 17.2 { 0.05 } else { -0.35 };
            (v, Vec3::new(0.0, dy, 0.0))
        })
        .collect();
    let mut worried = Vec::new();
    for (r, side) in brows.iter().zip([1.0f32, -1.0]) {
        for v in r.clone() {
            let p = b.model().vertices[v as usize].position;
            // Inner ends up, outer ends down.
            let inner = 1.0 - (p.x * side - 0.25).clamp(0.0, 0.5) / 0.5;
            worried.push((v, Vec3::new(0.0, 0.2 * inner - 0.05, 0.0)));
        }
    }
    let expressions = [
        ("まばたき", "blink", panel::EYE, blink),
        ("笑い", "smile", panel::EYE, smile),
        ("あ", "a", panel::MOUTH, mouth_a),
        ("困る", "worried", panel::BROW, worried),
    ];
    let [blink, smile, mouth_a, worried] = expressions
        .map(|(name, en, panel, offsets)| b.vertex_morph(name, panel, offsets).name_en(en).index());
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
}
