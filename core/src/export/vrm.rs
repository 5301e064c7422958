//! VRM 1.0 on top of the glTF export: VRMC_vrm (meta, humanoid, expressions, lookAt),
//! VRMC_springBone (springs from chains of dynamic rigid bodies, colliders from static spheres
//! and capsules) and VRMC_materials_mtoon (an approximation of MMD's toon shading).
//!
//! Humanoid bones come from MMD's Japanese names as existing converters read them (see
//! ../shared/reference/interop.md): センター is hips; where D bones exist (足D, ひざD, 足首D,
//! 足先EX) the legs use them, because the mesh is weighted to the D bones and they follow the
//! plain leg bones only through 付与, which glTF does not carry. A bone is taken only when it
//! lies under the bone chosen for its humanoid parent (VRM requires that hierarchy).

use super::expressions::{ExpressionMap, PRESETS};
use super::gltf::{self, to_gltf};
use super::{
    unit_factor, ExportError, ExportFormat, ExportNote, ExportOptions, ExportReport,
    METRES_PER_UNIT,
};
use crate::edit::remap::material_face_ranges;
use crate::pmx::{
    euler_rotation, MaterialFlags, Model, MorphOffsets, RigidMode, RigidShape, SphereMode, Toon,
};
use glam::Vec3;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The humanoid bones VRM 1.0 requires.
pub const REQUIRED_BONES: [&str; 15] = [
    "hips",
    "spine",
    "head",
    "leftUpperArm",
    "leftLowerArm",
    "leftHand",
    "rightUpperArm",
    "rightLowerArm",
    "rightHand",
    "leftUpperLeg",
    "leftLowerLeg",
    "leftFoot",
    "rightUpperLeg",
    "rightLowerLeg",
    "rightFoot",
];

/// Centre bones: (VRM name, MMD names in order of preference, VRM parent).
const CENTRE: &[(&str, &[&str], Option<&str>)] = &[
    ("hips", &["センター", "腰", "下半身"], None),
    ("spine", &["上半身"], Some("hips")),
    ("chest", &["上半身2"], Some("spine")),
    ("upperChest", &["上半身3"], Some("chest")),
    ("neck", &["首"], Some("upperChest")),
    ("head", &["頭"], Some("neck")),
];

/// Side bones without the side: (VRM name after left/right, MMD names after 左/右, VRM parent;
/// a capitalised parent is on the same side).
const SIDE: &[(&str, &[&str], &str)] = &[
    ("Eye", &["目"], "head"),
    ("Shoulder", &["肩"], "upperChest"),
    ("UpperArm", &["腕"], "Shoulder"),
    ("LowerArm", &["ひじ"], "UpperArm"),
    ("Hand", &["手首"], "LowerArm"),
    ("UpperLeg", &["足D", "足"], "hips"),
    ("LowerLeg", &["ひざD", "ひざ"], "UpperLeg"),
    ("Foot", &["足首D", "足首"], "LowerLeg"),
    ("Toes", &["足先EX", "つま先"], "Foot"),
    ("ThumbMetacarpal", &["親指０", "親指0"], "Hand"),
    ("ThumbProximal", &["親指１", "親指1"], "ThumbMetacarpal"),
    ("ThumbDistal", &["親指２", "親指2"], "ThumbProximal"),
    ("IndexProximal", &["人指１", "人指1"], "Hand"),
    ("IndexIntermediate", &["人指２", "人指2"], "IndexProximal"),
    ("IndexDistal", &["人指３", "人指3"], "IndexIntermediate"),
    ("MiddleProximal", &["中指１", "中指1"], "Hand"),
    ("MiddleIntermediate", &["中指２", "中指2"], "MiddleProximal"),
    ("MiddleDistal", &["中指３", "中指3"], "MiddleIntermediate"),
    ("RingProximal", &["薬指１", "薬指1"], "Hand"),
    ("RingIntermediate", &["薬指２", "薬指2"], "RingProximal"),
    ("RingDistal", &["薬指３", "薬指3"], "RingIntermediate"),
    ("LittleProximal", &["小指１", "小指1"], "Hand"),
    ("LittleIntermediate", &["小指２", "小指2"], "LittleProximal"),
    ("LittleDistal", &["小指３", "小指3"], "LittleIntermediate"),
];

/// VRM 1.0 preset expressions from MMD's standard morph names (first found wins).
const EXPRESSIONS: &[(&str, &[&str])] = &[
    ("aa", &["あ"]),
    ("ih", &["い"]),
    ("ou", &["う"]),
    ("ee", &["え"]),
    ("oh", &["お"]),
    ("blink", &["まばたき"]),
    ("blinkLeft", &["ウィンク"]),
    ("blinkRight", &["ウィンク右"]),
    ("happy", &["にこり", "笑い"]),
    ("angry", &["怒り"]),
    ("sad", &["困る"]),
    ("relaxed", &["なごみ"]),
    ("surprised", &["びっくり"]),
];

/// The model as VRM 1.0 (a .glb), with what could not be carried.
pub fn export(
    model: &Model,
    options: &ExportOptions,
) -> Result<(Vec<u8>, ExportReport), ExportError> {
    if options.author.trim().is_empty() || options.license.trim().is_empty() {
        return Err(ExportError::MissingMeta);
    }
    let parents = gltf::bone_parents(model);
    let (human, skipped) = humanoid(model, &parents)?;
    let droop = super::t_pose::arm_droop_degrees(model, &human).unwrap_or(0.0);
    let posed;
    let model = if options.wants_t_pose() {
        posed = super::t_pose::t_posed(model, &human, &parents);
        &posed
    } else {
        model
    };
    let (mut doc, mut report) = gltf::build(model, options);
    if !skipped.is_empty() {
        report.notes.push(ExportNote::HumanBonesSkipped {
            names: skipped.join(", "),
        });
    }
    if options.wants_t_pose() {
        report.notes.push(ExportNote::TPoseBaked { degrees: droop });
    } else {
        report.notes.push(ExportNote::RestPoseNotT);
    }
    let (mesh_nodes, first_person) = split_head(&mut doc, model, &human, &parents);

    let mut vrm = Map::new();
    vrm.insert("specVersion".into(), json!("1.0"));
    vrm.insert("meta".into(), meta(model, options));
    let bones: Map<String, Value> = human
        .iter()
        .map(|(name, bone)| (name.clone(), json!({ "node": bone })))
        .collect();
    vrm.insert("humanoid".into(), json!({ "humanBones": bones }));
    let (preset, custom) = expressions(
        model,
        &mesh_nodes,
        &doc.morph_targets,
        options.expressions.as_ref(),
        &mut report,
    );
    let mut expressions = Map::new();
    if !preset.is_empty() {
        expressions.insert("preset".into(), Value::Object(preset));
    }
    if !custom.is_empty() {
        expressions.insert("custom".into(), Value::Object(custom));
    }
    if !expressions.is_empty() {
        vrm.insert("expressions".into(), Value::Object(expressions));
    }
    if let Some(first_person) = first_person {
        vrm.insert("firstPerson".into(), first_person);
    }
    if let Some(look_at) = look_at(model, &human) {
        vrm.insert("lookAt".into(), look_at);
    }
    let spring = spring_bone(model, &parents, &mut report);
    let mut spheres = (0, 0, 0);
    // glTF materials exist only when the model draws something.
    let materials = doc.root.materials.len();
    for (m, source) in model.materials.iter().enumerate().take(materials) {
        let matcap = match source.sphere_mode {
            SphereMode::Add => {
                match doc.texture(model, source.sphere_texture, options, &mut report) {
                    Some((texture, _)) => {
                        spheres.0 += 1;
                        Some(texture)
                    }
                    None => None,
                }
            }
            SphereMode::Disabled => None,
            _ if source.sphere_texture < 0 => None,
            _ => {
                spheres.1 += 1;
                None
            }
        };
        if !matches!(source.toon, Toon::Texture(t) if t < 0) {
            spheres.2 += 1;
        }
        let mtoon = mtoon(source, &doc.root.materials[m], matcap);
        doc.root.materials[m]
            .extensions
            .insert("VRMC_materials_mtoon".into(), mtoon);
    }
    // MToon carries what it can of toon and sphere: say that instead of glTF's note.
    report
        .notes
        .retain(|n| !matches!(n, ExportNote::ToonSphereDropped { .. }));
    if spheres != (0, 0, 0) {
        report.notes.push(ExportNote::SpheresAsMatcap {
            carried: spheres.0,
            dropped: spheres.1,
            toons: spheres.2,
        });
    }
    let mut used = vec!["VRMC_vrm".to_string()];
    if !doc.root.materials.is_empty() {
        used.push("VRMC_materials_mtoon".into());
    }
    if let Some(spring) = spring {
        // The bodies and joints went into springs and colliders, as far as VRM holds them.
        report
            .notes
            .retain(|n| !matches!(n, ExportNote::PhysicsDropped { .. }));
        doc.root.extensions.insert("VRMC_springBone".into(), spring);
        used.push("VRMC_springBone".into());
    }
    used.sort();
    doc.root.extensions_used = used;
    doc.root
        .extensions
        .insert("VRMC_vrm".into(), Value::Object(vrm));
    Ok((doc.pack(ExportFormat::Vrm)?, report))
}

/// Whether every vertex a material draws is weighted only to the head bone and bones under it.
fn head_only_materials(
    model: &Model,
    human: &BTreeMap<String, usize>,
    parents: &[Option<usize>],
) -> Vec<bool> {
    let Some(&head) = human.get("head") else {
        return vec![false; model.materials.len()];
    };
    let under_head: Vec<bool> = (0..model.bones.len())
        .map(|b| {
            let mut cur = Some(b);
            while let Some(c) = cur {
                if c == head {
                    return true;
                }
                cur = parents[c];
            }
            false
        })
        .collect();
    let vertex_on_head = |v: i32| {
        let Some(vertex) = usize::try_from(v).ok().and_then(|v| model.vertices.get(v)) else {
            return true;
        };
        let (ids, ws, count) = vertex.weights.bone_weights();
        // A slot without a positive weight does not count.
        (0..count).all(|s| {
            ws[s] <= 0.0
                || ws[s].is_nan()
                || usize::try_from(ids[s])
                    .ok()
                    .and_then(|b| under_head.get(b).copied())
                    .unwrap_or(true)
        })
    };
    material_face_ranges(model)
        .into_iter()
        .map(|range| {
            let faces = &model.faces[range];
            !faces.is_empty() && faces.iter().flatten().all(|&v| vertex_on_head(v))
        })
        .collect()
}

/// firstPerson: the head-only materials move to a mesh of their own, annotated
/// thirdPersonOnly (hidden from the wearer's eyes); the rest is `auto` (the runtime cuts what
/// is weighted to the head). Returns the mesh nodes (the body's first) and the annotation.
fn split_head(
    doc: &mut gltf::Document,
    model: &Model,
    human: &BTreeMap<String, usize>,
    parents: &[Option<usize>],
) -> (Vec<usize>, Option<Value>) {
    let Some(node) = doc.mesh_node else {
        return (Vec::new(), None);
    };
    let head_only = head_only_materials(model, human, parents);
    let Some(mesh) = doc.root.nodes[node].mesh else {
        return (vec![node], None);
    };
    let (head, body): (Vec<_>, Vec<_>) = doc.root.meshes[mesh]
        .primitives
        .drain(..)
        .partition(|p| head_only.get(p.material).copied().unwrap_or(false));
    let annotation = |node: usize, kind: &str| json!({ "node": node, "type": kind });
    if head.is_empty() || body.is_empty() {
        let all_head = body.is_empty();
        doc.root.meshes[mesh].primitives = if all_head { head } else { body };
        let kind = if all_head { "thirdPersonOnly" } else { "auto" };
        let first_person = json!({ "meshAnnotations": [annotation(node, kind)] });
        return (vec![node], Some(first_person));
    }
    doc.root.meshes[mesh].primitives = body;
    let mut head_mesh = doc.root.meshes[mesh].clone();
    head_mesh.primitives = head;
    head_mesh.name = format!("{} (head)", head_mesh.name);
    doc.root.meshes.push(head_mesh);
    let mut head_node = doc.root.nodes[node].clone();
    head_node.mesh = Some(doc.root.meshes.len() - 1);
    head_node.name = format!("{} (head)", head_node.name);
    doc.root.nodes.push(head_node);
    let head_node = doc.root.nodes.len() - 1;
    if let Some(scene) = doc.root.scenes.first_mut() {
        scene.nodes.push(head_node);
    }
    let first_person = json!({ "meshAnnotations": [
        annotation(node, "auto"),
        annotation(head_node, "thirdPersonOnly"),
    ]});
    (vec![node, head_node], Some(first_person))
}

fn meta(model: &Model, options: &ExportOptions) -> Value {
    let name = if model.info.name.is_empty() {
        &model.info.name_en
    } else {
        &model.info.name
    };
    let mut meta = json!({
        "name": name,
        "authors": [options.author.trim()],
        "licenseUrl": options.license.trim(),
    });
    // VRM 1.0's meta has no description; an MMD comment usually holds the credits and terms.
    if !model.info.comment.trim().is_empty() {
        meta["copyrightInformation"] = json!(model.info.comment.trim());
    }
    meta
}

/// VRM bone name → bone index, and the optional bones found but not placed under their parent.
pub fn humanoid(
    model: &Model,
    parents: &[Option<usize>],
) -> Result<(BTreeMap<String, usize>, Vec<String>), ExportError> {
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, bone) in model.bones.iter().enumerate() {
        by_name.entry(bone.name.as_str()).or_insert(i);
    }
    // (VRM name, MMD names, VRM parent) for every bone, parents first.
    let mut table: Vec<(String, Vec<String>, Option<String>)> = CENTRE
        .iter()
        .map(|(vrm, mmd, parent)| {
            (
                vrm.to_string(),
                mmd.iter().map(|s| s.to_string()).collect(),
                parent.map(str::to_string),
            )
        })
        .collect();
    for (side, prefix) in [("left", "左"), ("right", "右")] {
        for (vrm, mmd, parent) in SIDE {
            let parent = if parent.starts_with(char::is_uppercase) {
                format!("{side}{parent}")
            } else {
                parent.to_string()
            };
            table.push((
                format!("{side}{vrm}"),
                mmd.iter().map(|s| format!("{prefix}{s}")).collect(),
                Some(parent),
            ));
        }
    }
    let vrm_parent: BTreeMap<String, Option<String>> = table
        .iter()
        .map(|(v, _, p)| (v.clone(), p.clone()))
        .collect();
    let is_under = |bone: usize, ancestor: usize| {
        let mut cur = parents[bone];
        while let Some(p) = cur {
            if p == ancestor {
                return true;
            }
            cur = parents[p];
        }
        false
    };
    let mut chosen: BTreeMap<String, usize> = BTreeMap::new();
    let mut skipped = Vec::new();
    let mut missing = Vec::new();
    for (vrm, candidates, parent) in &table {
        // The nearest humanoid ancestor that was found (neck → upperChest → chest → spine …).
        let mut up = parent.clone();
        let anchor = loop {
            match up {
                None => break None,
                Some(p) => match chosen.get(&p) {
                    Some(&b) => break Some(b),
                    None => up = vrm_parent.get(&p).cloned().flatten(),
                },
            }
        };
        let mut found_elsewhere = false;
        let pick = candidates.iter().find_map(|name| {
            let &b = by_name.get(name.as_str())?;
            let placed = anchor.is_none_or(|a| is_under(b, a));
            let free = !chosen.values().any(|&c| c == b);
            found_elsewhere |= !placed;
            (placed && free).then_some(b)
        });
        match pick {
            Some(b) => {
                chosen.insert(vrm.clone(), b);
            }
            None if REQUIRED_BONES.contains(&vrm.as_str()) => missing.push(vrm.clone()),
            None if found_elsewhere => skipped.push(vrm.clone()),
            None => {}
        }
    }
    if !missing.is_empty() {
        return Err(ExportError::NotHumanoid {
            missing: missing.join(", "),
        });
    }
    Ok((chosen, skipped))
}

/// Preset and custom expressions: the user's map where it names an expression, else the
/// built-in MMD names. A vertex morph binds its target at the weight; a group morph binds its
/// vertex-morph members at their ratios times the weight; a morph of another kind gives an
/// expression without binds. A morph the model lacks is reported.
fn expressions(
    model: &Model,
    mesh_nodes: &[usize],
    targets: &[Option<usize>],
    map: Option<&ExpressionMap>,
    report: &mut ExportReport,
) -> (Map<String, Value>, Map<String, Value>) {
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, morph) in model.morphs.iter().enumerate() {
        by_name.entry(morph.name.as_str()).or_insert(i);
    }
    let mut wanted: Vec<(String, Vec<(usize, f32)>)> = Vec::new();
    for (vrm, names) in EXPRESSIONS {
        if map.is_some_and(|m| m.get(vrm).is_some()) {
            continue;
        }
        if let Some(&m) = names.iter().find_map(|n| by_name.get(n)) {
            wanted.push((vrm.to_string(), vec![(m, 1.0)]));
        }
    }
    for (name, morphs) in map.map(|m| m.entries.as_slice()).unwrap_or_default() {
        let mut found = Vec::new();
        for (morph, weight) in morphs {
            match by_name.get(morph.as_str()) {
                Some(&m) => found.push((m, *weight)),
                None => report.notes.push(ExportNote::ExpressionMorphMissing {
                    expression: name.clone(),
                    morph: morph.clone(),
                }),
            }
        }
        if !found.is_empty() {
            wanted.push((name.clone(), found));
        }
    }
    let mut preset = Map::new();
    let mut custom = Map::new();
    for (name, morphs) in wanted {
        let mut binds: BTreeMap<usize, f32> = BTreeMap::new();
        let mut add = |target: Option<usize>, weight: f32| {
            if let (Some(t), true) = (target, weight.is_finite() && weight > 0.0) {
                let w = binds.entry(t).or_insert(0.0);
                *w = (*w + weight).min(1.0);
            }
        };
        for (m, weight) in morphs {
            match &model.morphs[m].offsets {
                MorphOffsets::Vertex(_) => add(targets[m], weight),
                MorphOffsets::Group(members) => {
                    for g in members {
                        let target = usize::try_from(g.morph)
                            .ok()
                            .and_then(|i| targets.get(i).copied().flatten());
                        add(target, g.ratio * weight);
                    }
                }
                _ => {}
            }
        }
        // Written even when the morph moves nothing (as the model's own morph does); every
        // mesh node carries the same targets, so each is bound.
        let binds: Vec<Value> = mesh_nodes
            .iter()
            .flat_map(|&node| {
                binds.iter().map(move |(&index, &weight)| {
                    json!({ "node": node, "index": index, "weight": weight })
                })
            })
            .collect();
        let mut expression = json!({
            "isBinary": false,
            "overrideBlink": "none",
            "overrideLookAt": "none",
            "overrideMouth": "none",
        });
        if !binds.is_empty() {
            expression["morphTargetBinds"] = json!(binds);
        }
        if PRESETS.contains(&name.as_str()) {
            preset.insert(name, expression);
        } else {
            custom.insert(name, expression);
        }
    }
    (preset, custom)
}

/// Eye bones turn (type bone), from the midpoint of the eyes.
fn look_at(model: &Model, human: &BTreeMap<String, usize>) -> Option<Value> {
    let head = *human.get("head")?;
    let left = *human.get("leftEye")?;
    let right = *human.get("rightEye")?;
    let eyes = (to_gltf(model.bones[left].position) + to_gltf(model.bones[right].position)) / 2.0;
    let offset = eyes - to_gltf(model.bones[head].position);
    let range = json!({ "inputMaxValue": 90.0, "outputScale": 10.0 });
    Some(json!({
        "type": "bone",
        "offsetFromHeadBone": offset.to_array(),
        "rangeMapHorizontalInner": range,
        "rangeMapHorizontalOuter": range,
        "rangeMapVerticalDown": range,
        "rangeMapVerticalUp": range,
    }))
}

/// MToon from MMD's material: the lit colour is the diffuse (the base colour), the shade colour
/// the diffuse darkened by MMD's usual toon ramp, the outline MMD's edge when it is on.
/// An additive sphere map (加算) is MToon's matcap, which MToon adds to the lit colour too.
fn mtoon(
    source: &crate::pmx::Material,
    material: &super::json::Material,
    matcap: Option<usize>,
) -> Value {
    let base = material.pbr_metallic_roughness.base_color_factor;
    let shade = [base[0] * 0.6, base[1] * 0.6, base[2] * 0.6];
    let mut m = json!({
        "specVersion": "1.0",
        "shadeColorFactor": shade,
        "shadingToonyFactor": 0.95,
        "shadingShiftFactor": 0.0,
    });
    if let Some(texture) = &material.pbr_metallic_roughness.base_color_texture {
        m["shadeMultiplyTexture"] = json!({ "index": texture.index });
    }
    if let Some(index) = matcap {
        m["matcapTexture"] = json!({ "index": index });
        m["matcapFactor"] = json!([1.0, 1.0, 1.0]);
    }
    let edge = source.edge_size;
    if source.flags.has(MaterialFlags::EDGE) && edge.is_finite() && edge > 0.0 {
        let colour = source
            .edge_color
            .truncate()
            .to_array()
            .map(|x| unit_factor(x, 0.0));
        m["outlineWidthMode"] = json!("worldCoordinates");
        // MMD's edge size 1 is about 0.1 units wide at the usual view; a guess, not a measure.
        m["outlineWidthFactor"] = json!(edge * 0.1 * METRES_PER_UNIT * 0.1);
        m["outlineColorFactor"] = json!(colour);
    }
    m
}

/// The VRMC_springBone extension [`export`] writes for `model` in its rest pose (nodes are bone
/// indices), or `None` when it has no dynamic body; what measures the springs reads this.
pub fn spring_bone_extension(model: &Model) -> Option<Value> {
    spring_bone(
        model,
        &gltf::bone_parents(model),
        &mut ExportReport::default(),
    )
}

/// Springs from chains of bones with dynamic bodies, colliders from static spheres and
/// capsules (grouped by MMD collision group; a spring collides with the groups its root body's
/// mask lets it). `None` when the model has no dynamic body.
fn spring_bone(
    model: &Model,
    parents: &[Option<usize>],
    report: &mut ExportReport,
) -> Option<Value> {
    let bones = model.bones.len();
    let bone_of = |b: &crate::pmx::RigidBody| usize::try_from(b.bone).ok().filter(|&i| i < bones);
    // The first dynamic body on each bone.
    let mut body_on: Vec<Option<usize>> = vec![None; bones];
    for (i, body) in model.rigid_bodies.iter().enumerate() {
        let dynamic = matches!(
            body.mode,
            RigidMode::Dynamic | RigidMode::DynamicWithBonePosition
        );
        if let (true, Some(b)) = (dynamic, bone_of(body)) {
            body_on[b].get_or_insert(i);
        }
    }
    if body_on.iter().all(Option::is_none) {
        return None;
    }
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); bones];
    for (i, p) in parents.iter().enumerate() {
        if let Some(p) = p {
            children[*p].push(i);
        }
    }
    // The joint that hangs each body from another (its body B).
    let mut joint_of: Vec<Option<usize>> = vec![None; model.rigid_bodies.len()];
    for (j, joint) in model.joints.iter().enumerate() {
        if let Some(slot) = usize::try_from(joint.body_b)
            .ok()
            .and_then(|b| joint_of.get_mut(b))
        {
            slot.get_or_insert(j);
        }
    }

    // Colliders, one group per MMD collision group.
    let mut colliders = Vec::new();
    let mut group_colliders: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
    let mut boxes = 0;
    for body in &model.rigid_bodies {
        if !matches!(body.mode, RigidMode::FollowBone) {
            continue;
        }
        let Some(bone) = bone_of(body) else {
            continue;
        };
        let origin = to_gltf(model.bones[bone].position);
        let radius = body.size.x.abs() * METRES_PER_UNIT;
        if !radius.is_finite() {
            continue;
        }
        let shape = match body.shape {
            RigidShape::Sphere => json!({ "sphere": {
                "offset": (to_gltf(body.position) - origin).to_array(),
                "radius": radius,
            }}),
            RigidShape::Capsule => {
                let axis = euler_rotation(body.rotation) * Vec3::Y;
                let half = axis * body.size.y.abs() / 2.0;
                json!({ "capsule": {
                    "offset": (to_gltf(body.position - half) - origin).to_array(),
                    "radius": radius,
                    "tail": (to_gltf(body.position + half) - origin).to_array(),
                }})
            }
            _ => {
                boxes += 1;
                continue;
            }
        };
        group_colliders
            .entry(body.group.min(15))
            .or_default()
            .push(colliders.len());
        colliders.push(json!({ "node": bone, "shape": shape }));
    }
    if boxes > 0 {
        report
            .notes
            .push(ExportNote::BoxCollidersDropped { count: boxes });
    }
    let groups: Vec<u8> = group_colliders.keys().copied().collect();

    let mut springs = Vec::new();
    let mut joint_count = 0;
    let mut roots: Vec<usize> = (0..bones)
        .filter(|&b| body_on[b].is_some() && parents[b].is_none_or(|p| body_on[p].is_none()))
        .collect();
    let mut next = 0;
    while next < roots.len() {
        let root = roots[next];
        next += 1;
        let mut chain = vec![root];
        let mut cur = root;
        loop {
            let mut dynamic = children[cur]
                .iter()
                .copied()
                .filter(|&c| body_on[c].is_some());
            let Some(first) = dynamic.next() else {
                // The tip: a plain child bone gives the last body a direction to point.
                if let Some(&tip) = children[cur].first() {
                    chain.push(tip);
                }
                break;
            };
            roots.extend(dynamic);
            chain.push(first);
            cur = first;
        }
        if chain.len() < 2 {
            continue;
        }
        let root_body = &model.rigid_bodies[body_on[root].expect("a chain starts on a body")];
        let joints: Vec<Value> = chain
            .iter()
            .scan(None, |last: &mut Option<Value>, &bone| {
                let joint = match body_on[bone] {
                    Some(b) => spring_joint(model, bone, b, joint_of[b]),
                    None => {
                        let mut tip = last.clone().expect("a tip follows a body");
                        tip["node"] = json!(bone);
                        tip
                    }
                };
                *last = Some(joint.clone());
                Some(joint)
            })
            .collect();
        joint_count += joints.len();
        let collider_groups: Vec<usize> = groups
            .iter()
            .enumerate()
            .filter(|(_, &g)| root_body.collision_mask & (1 << g) != 0)
            .map(|(i, _)| i)
            .collect();
        let mut spring = json!({ "name": model.bones[root].name, "joints": joints });
        if !collider_groups.is_empty() {
            spring["colliderGroups"] = json!(collider_groups);
        }
        springs.push(spring);
    }
    if springs.is_empty() {
        return None;
    }
    report.notes.push(ExportNote::SpringsMade {
        springs: springs.len(),
        joints: joint_count,
    });
    let collider_groups: Vec<Value> = group_colliders
        .iter()
        .map(|(g, c)| json!({ "name": format!("group {}", *g as u32 + 1), "colliders": c }))
        .collect();
    let mut out = json!({ "specVersion": "1.0", "springs": springs });
    if !colliders.is_empty() {
        out["colliders"] = json!(colliders);
        out["colliderGroups"] = json!(collider_groups);
    }
    Some(out)
}

/// One spring joint from a dynamic body and the joint that hangs it. The mapping (measured
/// against Hone's physics in docs/export.md, not tuned): drag is the body's mean damping per 60 fps frame; stiffness grows with the
/// joint's rotation springs and with how narrow its rotation limits are; gravity falls as the
/// limits narrow (a chain that barely turns does not droop); hit radius is the body's radius.
fn spring_joint(model: &Model, bone: usize, body: usize, joint: Option<usize>) -> Value {
    let b = &model.rigid_bodies[body];
    let finite = |x: f32, or: f32| if x.is_finite() { x } else { or };
    // Bullet keeps (1 − damping) of the velocity per second; VRM's drag takes its share off
    // once per frame: at MMD's 60 fps the per-frame share is 1 − (1 − damping)^(1/60).
    let damping = finite((b.linear_damping + b.angular_damping) / 2.0, 0.5).clamp(0.0, 1.0);
    let drag = 1.0 - (1.0 - damping).powf(1.0 / 60.0);
    let radius = match b.shape {
        RigidShape::Box => b.size.abs().min_element(),
        _ => b.size.x.abs(),
    };
    let (narrow, spring) = match joint.map(|j| &model.joints[j]) {
        Some(j) => {
            let range = (j.angular_upper - j.angular_lower).abs();
            let mean_range = finite((range.x + range.y + range.z) / 3.0, std::f32::consts::PI);
            let narrow = (1.0 - mean_range / std::f32::consts::PI).clamp(0.0, 1.0);
            let s = j.angular_spring.abs();
            (narrow, finite((s.x + s.y + s.z) / 3.0, 0.0))
        }
        None => (0.0, 0.0),
    };
    let stiffness = (narrow + (spring / 50.0).min(3.0)).clamp(0.0, 4.0);
    json!({
        "node": bone,
        "hitRadius": finite(radius * METRES_PER_UNIT, 0.02),
        "stiffness": stiffness,
        "gravityPower": 1.0 - narrow,
        "gravityDir": [0.0, -1.0, 0.0],
        "dragForce": drag,
    })
}
