//! Model → PMX Editor CSV.

use super::{mask_to_groups, shared_toon_name};
use crate::pmx::model::*;
use crate::pmx::write::WriteFloats;
use glam::Vec3;
use std::fmt::Write as _;

/// The CSV text (before encoding), lines ended by CRLF.
pub fn write_csv_text(model: &Model) -> String {
    let mut w = Out::default();
    let h = &model.header;
    w.heading("Header,ver,文字エンコード(0:UTF16/1:UTF8),追加UV数");
    w.rec("Header");
    w.num(h.version.as_f32());
    w.int(match h.encoding {
        TextEncoding::Utf16Le => 0,
        TextEncoding::Utf8 => 1,
    });
    w.int(h.additional_uv_count as i64);
    w.end();
    let s = h.index_sizes;
    w.raw(";Hone,Header");
    for v in [
        s.vertex,
        s.texture,
        s.material,
        s.bone,
        s.morph,
        s.rigid_body,
    ] {
        w.int(v as i64);
    }
    w.hex(&h.extra_globals);
    w.hex(&model.trailing_bytes);
    w.end();
    for t in &model.textures {
        w.raw(";Hone,Texture");
        w.text(t);
        w.end();
    }

    w.heading("ModelInfo,モデル名,モデル名(英),コメント,コメント(英)");
    w.rec("ModelInfo");
    let i = &model.info;
    for t in [&i.name, &i.name_en, &i.comment, &i.comment_en] {
        w.text(t);
    }
    w.end();

    let bones = Names::new(model.bones.iter().map(|b| b.name.as_str()));
    let morphs = Names::new(model.morphs.iter().map(|m| m.name.as_str()));
    let materials = Names::new(model.materials.iter().map(|m| m.name.as_str()));
    let bodies = Names::new(model.rigid_bodies.iter().map(|b| b.name.as_str()));

    if !model.vertices.is_empty() {
        w.heading(VERTEX_HEADING);
    }
    for (vi, v) in model.vertices.iter().enumerate() {
        w.rec("Vertex");
        w.int(vi as i64);
        w.vec3(v.position);
        w.vec3(v.normal);
        w.num(v.edge_scale);
        w.num(v.uv.x);
        w.num(v.uv.y);
        for uv in v.additional_uvs {
            w.vec4(uv);
        }
        w.int(v.weights.kind() as i64);
        let (b, wt, n) = v.weights.bone_weights();
        for k in 0..4 {
            if k < n {
                w.reference(&bones, b[k]);
                w.num(wt[k]);
            } else {
                w.text("");
                w.num(0.0);
            }
        }
        for point in v.weights.sdef_points().unwrap_or_default() {
            w.vec3(point);
        }
        w.end();
    }

    if !model.materials.is_empty() {
        w.heading(MATERIAL_HEADING);
    }
    // A texture by path; `#texINDEX` when the path would not lead back to this entry (a
    // duplicate path, out of range, or a toon texture named like a shared toon).
    let texture = |t: i32, toon: bool| -> String {
        if t == NONE {
            return String::new();
        }
        let path = usize::try_from(t).ok().and_then(|i| model.textures.get(i));
        match path {
            Some(p)
                if !p.is_empty()
                    && !p.starts_with('#')
                    && model.textures.iter().position(|x| x == p) == Some(t as usize)
                    && (!toon || super::shared_toon_index(p).is_none()) =>
            {
                p.clone()
            }
            _ => format!("#tex{t}"),
        }
    };
    let mut face_counts = vec![0i64; model.materials.len()];
    {
        // Faces go to the material whose face-index range holds them, as PMX draws them.
        let mut at = 0i64;
        for (mi, m) in model.materials.iter().enumerate() {
            let start = at;
            at += m.face_index_count as i64;
            face_counts[mi] = (at.min(model.faces.len() as i64 * 3) - start).max(0) / 3 * 3;
        }
    }
    for (mi, m) in model.materials.iter().enumerate() {
        w.rec("Material");
        w.text(&m.name);
        w.text(&m.name_en);
        w.vec4(m.diffuse);
        w.vec3(m.specular);
        w.num(m.specular_power);
        w.vec3(m.ambient);
        let f = m.flags;
        for bit in MATERIAL_FLAG_COLUMNS {
            w.int(f.has(bit) as i64);
        }
        w.int(f.has(MaterialFlags::POINT) as i64 + 2 * f.has(MaterialFlags::LINE) as i64);
        w.int(f.has(MaterialFlags::EDGE) as i64);
        w.num(m.edge_size);
        w.vec4(m.edge_color);
        w.text(&texture(m.texture, false));
        w.text(&texture(m.sphere_texture, false));
        w.int(m.sphere_mode.to_u8() as i64);
        match m.toon {
            Toon::Shared(t) => match shared_toon_name(t) {
                Some(name) => w.text(&name),
                None => w.text(&format!("#shared{t}")),
            },
            Toon::Texture(t) => w.text(&texture(t, true)),
        }
        w.text(&m.memo);
        w.end();
        if m.face_index_count as i64 != face_counts[mi] {
            w.raw(";Hone+,FaceIndexCount");
            w.int(m.face_index_count as i64);
            w.end();
        }
    }
    let mut material_of_face = Vec::with_capacity(model.faces.len());
    for (mi, n) in face_counts.iter().enumerate() {
        for k in 0..(*n as usize / 3) {
            material_of_face.push((mi as i32, k));
        }
    }
    if !model.faces.is_empty() {
        w.heading("Face,親材質名,面Index,頂点Index1,頂点Index2,頂点Index3");
    }
    for (fi, face) in model.faces.iter().enumerate() {
        w.rec("Face");
        let (mi, k) = material_of_face.get(fi).copied().unwrap_or((NONE, fi));
        w.reference(&materials, mi);
        w.int(k as i64);
        for v in face {
            w.int(*v as i64);
        }
        w.end();
    }

    if !model.bones.is_empty() {
        w.heading(BONE_HEADING);
    }
    for b in &model.bones {
        write_bone(&mut w, b, &bones);
    }
    let mut any_link = false;
    for (bi, b) in model.bones.iter().enumerate() {
        let Some(ik) = &b.ik else { continue };
        for l in &ik.links {
            if !any_link {
                w.heading("IKLink,IKボーン名,リンクボーン名,角度制限(0/1),下限_x[deg],下限_y[deg],下限_z[deg],上限_x[deg],上限_y[deg],上限_z[deg]");
                any_link = true;
            }
            w.rec("IKLink");
            w.reference(&bones, bi as i32);
            w.reference(&bones, l.bone);
            match &l.limits {
                Some(lim) => {
                    w.int(1);
                    w.deg3(lim.lower);
                    w.deg3(lim.upper);
                }
                None => {
                    w.int(0);
                    w.deg3(Vec3::ZERO);
                    w.deg3(Vec3::ZERO);
                }
            }
            w.end();
        }
    }

    if !model.morphs.is_empty() {
        w.heading("Morph,モーフ名,モーフ名(英),パネル(0:無効/1:眉(左下)/2:目(左上)/3:口(右上)/4:その他(右下)),モーフ種類(0:グループモーフ/1:頂点モーフ/2:ボーンモーフ/3:UV(Tex)モーフ/4:追加UV1モーフ/5:追加UV2モーフ/6:追加UV3モーフ/7:追加UV4モーフ/8:材質モーフ/9:フリップモーフ/10:インパルスモーフ)");
    }
    for m in &model.morphs {
        w.rec("Morph");
        w.text(&m.name);
        w.text(&m.name_en);
        w.int(m.panel as i64);
        w.int(m.kind() as i64);
        w.end();
    }
    for (mi, m) in model.morphs.iter().enumerate() {
        let refs = Refs {
            bones: &bones,
            morphs: &morphs,
            materials: &materials,
            bodies: &bodies,
        };
        write_offsets(&mut w, m, mi as i32, &refs);
    }

    if !model.display_frames.is_empty() {
        w.heading("Node,表示枠名,表示枠名(英)");
    }
    for (di, d) in model.display_frames.iter().enumerate() {
        w.rec("Node");
        w.text(&d.name);
        w.text(&d.name_en);
        w.end();
        if d.special != special_by_rule(di, &d.name) {
            w.raw(";Hone+,Special");
            w.int(d.special as i64);
            w.end();
        }
    }
    let frames = Names::new(model.display_frames.iter().map(|d| d.name.as_str()));
    let mut any_item = false;
    for (di, d) in model.display_frames.iter().enumerate() {
        for e in &d.elements {
            if !any_item {
                w.heading("NodeItem,親表示枠名,対象(0:ボーン/1:モーフ),ボーン名／モーフ名");
                any_item = true;
            }
            w.rec("NodeItem");
            w.reference(&frames, di as i32);
            match *e {
                DisplayElement::Bone(b) => {
                    w.int(0);
                    w.reference(&bones, b);
                }
                DisplayElement::Morph(m) => {
                    w.int(1);
                    w.reference(&morphs, m);
                }
            }
            w.end();
        }
    }

    if !model.rigid_bodies.is_empty() {
        w.heading(BODY_HEADING);
    }
    for r in &model.rigid_bodies {
        w.rec("Body");
        w.text(&r.name);
        w.text(&r.name_en);
        w.reference(&bones, r.bone);
        w.int(r.mode.to_u8() as i64);
        w.int(r.group as i64);
        w.text(&mask_to_groups(r.collision_mask));
        w.int(r.shape.to_u8() as i64);
        for (v, unit) in r.vectors().into_iter().zip(RigidBody::VECTOR_UNITS) {
            w.vector(v, unit);
        }
        for x in r.scalars() {
            w.num(x);
        }
        w.end();
    }

    if !model.joints.is_empty() {
        w.heading(JOINT_HEADING);
    }
    for j in &model.joints {
        w.rec("Joint");
        w.text(&j.name);
        w.text(&j.name_en);
        w.reference(&bodies, j.body_a);
        w.reference(&bodies, j.body_b);
        w.int(j.kind.to_u8() as i64);
        for (v, unit) in j.vectors().into_iter().zip(Joint::VECTOR_UNITS) {
            w.vector(v, unit);
        }
        w.end();
    }

    if !model.soft_bodies.is_empty() {
        w.heading(SOFT_BODY_HEADING);
    }
    for s in &model.soft_bodies {
        w.rec("SoftBody");
        w.text(&s.name);
        w.text(&s.name_en);
        w.int(s.shape.to_u8() as i64);
        w.reference(&materials, s.material);
        w.int(s.group as i64);
        w.text(&mask_to_groups(s.collision_mask));
        w.int(s.flags.has(SoftBodyFlags::B_LINK) as i64);
        w.int(s.b_link_distance as i64);
        w.int(s.flags.has(SoftBodyFlags::CLUSTERS) as i64);
        w.int(s.cluster_count as i64);
        w.int(s.flags.has(SoftBodyFlags::RANDOMIZE_LINKS) as i64);
        w.num(s.total_mass);
        w.num(s.margin);
        w.int(s.aero_model.to_i32() as i64);
        for v in s.config.values().into_iter().chain(s.cluster.values()) {
            w.num(v);
        }
        for v in s.iterations.values() {
            w.int(v as i64);
        }
        for v in s.material_params.values() {
            w.num(v);
        }
        w.end();
        let other_flags = s.flags.0 & !0x07;
        if other_flags != 0 {
            w.raw(";Hone+,Flags");
            w.int(other_flags as i64);
            w.end();
        }
    }
    let softs = Names::new(model.soft_bodies.iter().map(|s| s.name.as_str()));
    for (si, s) in model.soft_bodies.iter().enumerate() {
        for a in &s.anchors {
            w.rec("SoftBodyAnchor");
            w.reference(&softs, si as i32);
            w.reference(&bodies, a.rigid_body);
            w.int(a.vertex as i64);
            w.int(a.near_mode as i64);
            w.end();
        }
        for p in &s.pins {
            w.rec("SoftBodyPin");
            w.reference(&softs, si as i32);
            w.int(*p as i64);
            w.end();
        }
    }
    w.s
}

/// Shift-JIS bytes as PMX Editor writes them, or UTF-8 with a byte-order mark when some text
/// has no Shift-JIS form (so nothing is lost; PMX Editor may not read that file).
pub fn write_csv(model: &Model) -> Vec<u8> {
    let text = write_csv_text(model);
    let (bytes, _, lossy) = encoding_rs::SHIFT_JIS.encode(&text);
    if !lossy {
        let (back, _, _) = encoding_rs::SHIFT_JIS.decode(&bytes);
        if back == text {
            return bytes.into_owned();
        }
    }
    let mut out = vec![0xEF, 0xBB, 0xBF];
    out.extend_from_slice(text.as_bytes());
    out
}

/// PMX Editor takes the first two frames named Root and 表情 as the special ones.
pub(super) fn special_by_rule(index: usize, name: &str) -> bool {
    (index == 0 && name == "Root") || (index == 1 && name == "表情")
}

pub(super) const VERTEX_HEADING: &str = "Vertex,頂点Index,位置_x,位置_y,位置_z,法線_x,法線_y,法線_z,エッジ倍率,UV_u,UV_v,追加UV1_x,追加UV1_y,追加UV1_z,追加UV1_w,追加UV2_x,追加UV2_y,追加UV2_z,追加UV2_w,追加UV3_x,追加UV3_y,追加UV3_z,追加UV3_w,追加UV4_x,追加UV4_y,追加UV4_z,追加UV4_w,ウェイト変形タイプ(0:BDEF1/1:BDEF2/2:BDEF4/3:SDEF/4:QDEF),ウェイト1_ボーン名,ウェイト1_ウェイト値,ウェイト2_ボーン名,ウェイト2_ウェイト値,ウェイト3_ボーン名,ウェイト3_ウェイト値,ウェイト4_ボーン名,ウェイト4_ウェイト値,C_x,C_y,C_z,R0_x,R0_y,R0_z,R1_x,R1_y,R1_z";
const MATERIAL_HEADING: &str = "Material,材質名,材質名(英),拡散色_R,拡散色_G,拡散色_B,拡散色_A(非透過度),反射色_R,反射色_G,反射色_B,反射強度,環境色_R,環境色_G,環境色_B,両面描画(0/1),地面影(0/1),セルフ影マップ(0/1),セルフ影(0/1),頂点色(0/1),描画(0:Tri/1:Point/2:Line),エッジ(0/1),エッジサイズ,エッジ色_R,エッジ色_G,エッジ色_B,エッジ色_A,テクスチャパス,スフィアテクスチャパス,スフィアモード(0:無効/1:乗算/2:加算/3:サブテクスチャ),Toonテクスチャパス,メモ";
const BONE_HEADING: &str = "Bone,ボーン名,ボーン名(英),変形階層,物理後(0/1),位置_x,位置_y,位置_z,回転(0/1),移動(0/1),IK(0/1),表示(0/1),操作(0/1),親ボーン名,表示先(0:オフセット/1:ボーン),表示先ボーン名,オフセット_x,オフセット_y,オフセット_z,ローカル付与(0/1),回転付与(0/1),移動付与(0/1),付与率,付与親名,軸制限(0/1),制限軸_x,制限軸_y,制限軸_z,ローカル軸(0/1),ローカルX軸_x,ローカルX軸_y,ローカルX軸_z,ローカルZ軸_x,ローカルZ軸_y,ローカルZ軸_z,外部親(0/1),外部親Key,IKTarget名,IKLoop,IK単位角[deg]";
const BODY_HEADING: &str = "Body,剛体名,剛体名(英),関連ボーン名,剛体タイプ(0:Bone/1:物理演算/2:物理演算+ボーン追従),グループ(0~15),非衝突グループ文字列(ex:1 2 3 4),形状(0:球/1:箱/2:カプセル),サイズ_x,サイズ_y,サイズ_z,位置_x,位置_y,位置_z,回転_x[deg],回転_y[deg],回転_z[deg],質量,移動減衰,回転減衰,反発力,摩擦力";
const JOINT_HEADING: &str = "Joint,Joint名,Joint名(英),剛体名A,剛体名B,Jointタイプ(0:ﾊﾞﾈ付6DOF/1:6DOF/2:P2P/3:ConeTwist/4:Slider/5:Hinge/),位置_x,位置_y,位置_z,回転_x[deg],回転_y[deg],回転_z[deg],移動下限_x,移動下限_y,移動下限_z,移動上限_x,移動上限_y,移動上限_z,回転下限_x[deg],回転下限_y[deg],回転下限_z[deg],回転上限_x[deg],回転上限_y[deg],回転上限_z[deg],バネ定数-移動_x,バネ定数-移動_y,バネ定数-移動_z,バネ定数-回転_x,バネ定数-回転_y,バネ定数-回転_z";
const SOFT_BODY_HEADING: &str = "SoftBody,SoftBody名,SoftBody名(英),形状(0:TriMesh/1:Rope),関連材質名,グループ(0~15),非衝突グループ文字列(ex:1 2 3 4),B-Link(0/1),B-Link距離,クラスタ(0/1),クラスタ数,リンク交雑(0/1),総質量,衝突マージン,Aero(0-4),VCF,DP,DG,LF,PR,VC,DF,MT,CHR,KHR,SHR,AHR,SRHR_CL,SKHR_CL,SSHR_CL,SR_SPLT_CL,SK_SPLT_CL,SS_SPLT_CL,V_IT,P_IT,D_IT,C_IT,LST,AST,VST";

fn write_bone(w: &mut Out, b: &Bone, bones: &Names) {
    let f = b.file_flags();
    w.rec("Bone");
    w.text(&b.name);
    w.text(&b.name_en);
    w.int(b.layer as i64);
    w.int((f & BoneFlags::AFTER_PHYSICS != 0) as i64);
    w.vec3(b.position);
    for bit in BONE_FLAG_COLUMNS {
        w.int((f & bit != 0) as i64);
    }
    w.reference(bones, b.parent);
    match b.tail {
        Tail::Offset(o) => {
            w.int(0);
            w.text("");
            w.vec3(o);
        }
        Tail::Bone(t) => {
            w.int(1);
            w.reference(bones, t);
            w.vec3(Vec3::ZERO);
        }
    }
    w.int((f & BoneFlags::APPEND_LOCAL != 0) as i64);
    w.int((f & BoneFlags::APPEND_ROTATE != 0) as i64);
    w.int((f & BoneFlags::APPEND_MOVE != 0) as i64);
    match b.append.as_ref().filter(|a| a.rotate || a.translate) {
        Some(a) => {
            w.num(a.ratio);
            w.reference(bones, a.parent);
        }
        None => {
            w.num(1.0);
            w.text("");
        }
    }
    w.int(b.fixed_axis.is_some() as i64);
    w.vec3(b.fixed_axis.unwrap_or(Vec3::ZERO));
    w.int(b.local_axes.is_some() as i64);
    let l = b.local_axes.unwrap_or(LocalAxes {
        x: Vec3::X,
        z: Vec3::Z,
    });
    w.vec3(l.x);
    w.vec3(l.z);
    w.int(b.external_parent_key.is_some() as i64);
    w.int(b.external_parent_key.unwrap_or(0) as i64);
    match &b.ik {
        Some(ik) => {
            w.reference(bones, ik.target);
            w.int(ik.loop_count as i64);
            w.deg(ik.limit_angle);
        }
        None => {
            w.text("");
            w.int(0);
            w.num(0.0);
        }
    }
    w.end();
    let other = f & !COLUMN_BONE_BITS;
    if other != 0 {
        w.raw(";Hone+,Flags");
        w.int(other as i64);
        w.end();
    }
}

/// The material flags in the Material record's 0/1 columns, in their order.
pub(super) const MATERIAL_FLAG_COLUMNS: [u8; 5] = [
    MaterialFlags::DOUBLE_SIDED,
    MaterialFlags::GROUND_SHADOW,
    MaterialFlags::SELF_SHADOW_MAP,
    MaterialFlags::SELF_SHADOW,
    MaterialFlags::VERTEX_COLOR,
];

/// The bone flags in the Bone record's 0/1 columns after its position, in their order.
pub(super) const BONE_FLAG_COLUMNS: [u16; 5] = [
    BoneFlags::ROTATABLE,
    BoneFlags::MOVABLE,
    BoneFlags::IK,
    BoneFlags::VISIBLE,
    BoneFlags::OPERABLE,
];

/// The bone flag bits the Bone record's columns hold (or derive from its data).
pub(super) const COLUMN_BONE_BITS: u16 = BoneFlags::TAIL_IS_BONE
    | BoneFlags::ROTATABLE
    | BoneFlags::MOVABLE
    | BoneFlags::VISIBLE
    | BoneFlags::OPERABLE
    | BoneFlags::IK
    | BoneFlags::APPEND_LOCAL
    | BoneFlags::APPEND_ROTATE
    | BoneFlags::APPEND_MOVE
    | BoneFlags::FIXED_AXIS
    | BoneFlags::LOCAL_AXES
    | BoneFlags::AFTER_PHYSICS
    | BoneFlags::EXTERNAL_PARENT;

struct Refs<'a, 'b> {
    bones: &'a Names<'b>,
    morphs: &'a Names<'b>,
    materials: &'a Names<'b>,
    bodies: &'a Names<'b>,
}

fn write_offsets(w: &mut Out, m: &Morph, index: i32, refs: &Refs) {
    let (bones, morphs, materials, bodies) = (refs.bones, refs.morphs, refs.materials, refs.bodies);
    match &m.offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
            for o in v {
                w.rec("GroupMorph");
                w.reference(morphs, index);
                w.reference(morphs, o.morph);
                w.num(o.ratio);
                w.end();
            }
        }
        MorphOffsets::Vertex(v) => {
            for o in v {
                w.rec("VertexMorph");
                w.reference(morphs, index);
                w.int(o.vertex as i64);
                w.vec3(o.offset);
                w.end();
            }
        }
        MorphOffsets::Bone(v) => {
            for o in v {
                w.rec("BoneMorph");
                w.reference(morphs, index);
                w.reference(bones, o.bone);
                w.vec3(o.translation);
                let q =
                    glam::Quat::from_xyzw(o.rotation.x, o.rotation.y, o.rotation.z, o.rotation.w);
                let degrees = bone_morph_degrees(q);
                w.deg3(degrees);
                w.end();
                // Euler degrees do not give back the stored quaternion's bits.
                w.raw(";Hone+,Quaternion");
                w.vec4(o.rotation);
                w.end();
            }
        }
        MorphOffsets::Uv { offsets, .. } => {
            for o in offsets {
                w.rec("UVMorph");
                w.reference(morphs, index);
                w.int(o.vertex as i64);
                w.vec4(o.offset);
                w.end();
            }
        }
        MorphOffsets::Material(v) => {
            for o in v {
                w.rec("MaterialMorph");
                w.reference(morphs, index);
                w.reference(materials, o.material);
                w.int(o.op.to_u8() as i64);
                w.vec4(o.diffuse);
                w.vec3(o.specular);
                w.num(o.specular_power);
                w.vec3(o.ambient);
                w.num(o.edge_size);
                w.vec4(o.edge_color);
                w.vec4(o.texture_tint);
                w.vec4(o.sphere_tint);
                w.vec4(o.toon_tint);
                w.end();
            }
        }
        MorphOffsets::Impulse(v) => {
            for o in v {
                w.rec("ImpulseMorph");
                w.reference(morphs, index);
                w.reference(bodies, o.rigid_body);
                w.int(o.local as i64);
                w.vec3(o.velocity);
                w.vec3(o.torque);
                w.end();
            }
        }
    }
}

/// A bone-morph rotation as Euler angles (radians), MMD's bone order.
pub(super) fn bone_morph_degrees(q: glam::Quat) -> Vec3 {
    euler_angles(q)
}

/// Names of one kind of element, for writing references.
pub(super) struct Names<'a> {
    names: Vec<&'a str>,
    first: std::collections::HashMap<&'a str, usize>,
}

impl<'a> Names<'a> {
    pub(super) fn new(names: impl Iterator<Item = &'a str>) -> Self {
        let names: Vec<&str> = names.collect();
        let mut first = std::collections::HashMap::new();
        for (i, n) in names.iter().enumerate() {
            first.entry(*n).or_insert(i);
        }
        Names { names, first }
    }
}

impl WriteFloats for Out {
    fn f32(&mut self, v: f32) {
        self.num(v);
    }
}

#[derive(Default)]
struct Out {
    s: String,
    fields: usize,
}

impl Out {
    fn heading(&mut self, h: &str) {
        self.s.push(';');
        self.s.push_str(h);
        self.s.push_str("\r\n");
    }
    fn rec(&mut self, kind: &str) {
        self.s.push_str(kind);
        self.fields = 1;
    }
    fn raw(&mut self, s: &str) {
        self.s.push_str(s);
        self.fields = 1;
    }
    fn sep(&mut self) {
        self.s.push(',');
        self.fields += 1;
    }
    fn end(&mut self) {
        self.s.push_str("\r\n");
    }
    fn text(&mut self, t: &str) {
        self.sep();
        self.s.push('"');
        // Quotes doubled; a line break inside a string is written as the two characters \r\n.
        self.s
            .push_str(&t.replace('"', "\"\"").replace("\r\n", "\\r\\n"));
        self.s.push('"');
    }
    fn int(&mut self, v: i64) {
        self.sep();
        let _ = write!(self.s, "{v}");
    }
    /// The shortest decimal that reads back to the same f32.
    fn num(&mut self, v: f32) {
        self.sep();
        let _ = write!(self.s, "{v}");
    }
    /// Radians as degrees, f64's shortest decimal: reads back to the same f32 radians.
    fn deg(&mut self, radians: f32) {
        self.sep();
        let _ = write!(self.s, "{}", (radians as f64).to_degrees());
    }
    fn deg3(&mut self, v: Vec3) {
        self.deg(v.x);
        self.deg(v.y);
        self.deg(v.z);
    }
    fn vector(&mut self, v: Vec3, unit: VectorUnit) {
        match unit {
            VectorUnit::Length => self.vec3(v),
            VectorUnit::Angles => self.deg3(v),
        }
    }
    fn hex(&mut self, bytes: &[u8]) {
        self.sep();
        for b in bytes {
            let _ = write!(self.s, "{b:02x}");
        }
    }
    /// A reference by name; `""` for none; `#INDEX` when the name would not lead back here.
    fn reference(&mut self, names: &Names, index: i32) {
        if index == NONE {
            return self.text("");
        }
        let name = usize::try_from(index)
            .ok()
            .and_then(|i| names.names.get(i).map(|n| (i, *n)));
        match name {
            Some((i, n))
                if names.first.get(n) == Some(&i) && !n.is_empty() && !n.starts_with('#') =>
            {
                self.text(n)
            }
            _ => self.text(&format!("#{index}")),
        }
    }
}
