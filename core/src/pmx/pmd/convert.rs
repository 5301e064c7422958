//! Raw PMD records to a PMX 2.0 model, the way PMX Editor converts.

use super::*;

/// PMD bone types.
pub(super) mod bone_type {
    pub const ROTATE: u8 = 0;
    pub const ROTATE_MOVE: u8 = 1;
    pub const IK: u8 = 2;
    pub const UNKNOWN: u8 = 3;
    pub const IK_INFLUENCED: u8 = 4;
    pub const ROTATION_INFLUENCED: u8 = 5;
    pub const IK_TARGET: u8 = 6;
    pub const HIDDEN: u8 = 7;
    pub const TWIST: u8 = 8;
    pub const ROTATION_LINKED: u8 = 9;
}

pub(super) fn bone_ref(i: u16) -> i32 {
    if i == NO_INDEX {
        NONE
    } else {
        i as i32
    }
}

pub(super) fn convert(pmd: PmdFile, warnings: &mut Vec<Warning>) -> Model {
    let english = pmd.english.as_ref();
    let mut model = Model {
        header: Header {
            version: PmxVersion::V2_0,
            encoding: TextEncoding::Utf16Le,
            additional_uv_count: 0,
            index_sizes: IndexSizes::default(),
            extra_globals: Vec::new(),
        },
        info: ModelInfo {
            name: pmd.name.clone(),
            name_en: english.map(|e| e.name.clone()).unwrap_or_default(),
            comment: pmd.comment.clone(),
            comment_en: english.map(|e| e.comment.clone()).unwrap_or_default(),
        },
        ..Model::default()
    };

    convert_materials(&pmd, &mut model, warnings);
    convert_bones(&pmd, &mut model, warnings);
    let morph_of_skin = convert_morphs(&pmd, &mut model, warnings);
    convert_frames(&pmd, &morph_of_skin, &mut model, warnings);
    convert_physics(&pmd, &mut model, warnings);
    model.vertices = pmd.vertices;
    model.faces = pmd.faces;
    model.header.index_sizes = crate::pmx::needs::smallest_index_sizes(&model);
    model
}

/// The texture table, deduplicated by exact file name.
pub(super) struct Textures<'m> {
    list: &'m mut Vec<String>,
    index: HashMap<String, i32>,
}

impl Textures<'_> {
    fn get(&mut self, name: &str) -> i32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.list.len() as i32;
        self.list.push(name.to_string());
        self.index.insert(name.to_string(), i);
        i
    }
}

/// Splits a PMD material file name into (texture, sphere):
/// "tex.bmp*sphere.sph" (MMD 5.12+), "tex.bmp/sphere.sph" (MMD 5.11), or a
/// lone name, which is a sphere when it ends in .sph/.spa. A '/' is only
/// taken as the 5.11 separator when what precedes it is itself a file name
/// with an extension, so "tex/sphere.sph" stays a sphere in a sub-folder.
pub fn split_texture_name(name: &str) -> (Option<&str>, Option<&str>) {
    fn non_empty(s: &str) -> Option<&str> {
        (!s.is_empty()).then_some(s)
    }
    if let Some((tex, sphere)) = name.split_once('*') {
        return (non_empty(tex), non_empty(sphere));
    }
    if is_sphere_name(name) {
        if let Some((head, tail)) = name.rsplit_once('/') {
            if has_file_extension(head) && !tail.is_empty() {
                return (Some(head), Some(tail));
            }
        }
        return (None, Some(name));
    }
    (non_empty(name), None)
}

pub(super) fn is_sphere_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".sph") || lower.ends_with(".spa")
}

pub(super) fn has_file_extension(path: &str) -> bool {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    match file.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && !stem.chars().all(|c| c == '.')
                && !ext.is_empty()
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// Sphere mode from the sphere file's extension: .spa adds, anything else
/// (.sph, or an image named after '*') multiplies, as MMD does.
pub fn sphere_mode_of(name: &str) -> SphereMode {
    if name.to_ascii_lowercase().ends_with(".spa") {
        SphereMode::Add
    } else {
        SphereMode::Multiply
    }
}

/// "toon01.bmp".."toon10.bmp" (any case, no folder) → shared toon 0..=9.
pub(super) fn shared_toon_index(name: &str) -> Option<u8> {
    let lower = name.to_ascii_lowercase();
    let digits = lower.strip_prefix("toon")?.strip_suffix(".bmp")?;
    if digits.len() != 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u8 = digits.parse().ok()?;
    (1..=10).contains(&n).then(|| n - 1)
}

pub(super) fn convert_materials(pmd: &PmdFile, model: &mut Model, warnings: &mut Vec<Warning>) {
    let mut textures = Textures {
        list: &mut model.textures,
        index: HashMap::new(),
    };
    for (i, m) in pmd.materials.iter().enumerate() {
        let alpha = m.diffuse.w;
        let mut flags = MaterialFlags(0);
        // PMD's edge flag byte is 「輪郭、影」: edge and ground shadow together.
        flags.set(
            MaterialFlags::EDGE | MaterialFlags::GROUND_SHADOW,
            m.edge_flag != 0,
        );
        // MMD draws no self shadow for a PMD material whose alpha is exactly
        // 0.98 (the well-known switch); every other material casts and receives.
        flags.set(
            MaterialFlags::SELF_SHADOW_MAP | MaterialFlags::SELF_SHADOW,
            alpha != 0.98,
        );
        // MMD draws PMD materials with alpha below 1 without back-face culling.
        flags.set(MaterialFlags::DOUBLE_SIDED, alpha < 1.0);

        let (tex, sphere) = split_texture_name(&m.file_name);
        let texture = tex.map_or(NONE, |t| textures.get(t));
        let (sphere_texture, sphere_mode) = match sphere {
            Some(s) => (textures.get(s), sphere_mode_of(s)),
            None => (NONE, SphereMode::Disabled),
        };

        // Toon: index 0..=9 names toon01..toon10.bmp unless the toon extension
        // renames the slot. The standard names stay shared toons (MMD resolves
        // them from its own Data folder; PMX Editor and mmd_tools do the same)
        // and any other name goes in the texture table. Our choice where the
        // spec is silent: an empty slot falls back to the shared toon.
        let toon = match m.toon_index {
            0xFF => Toon::Texture(NONE),
            t @ 0..=9 => {
                let renamed = pmd
                    .toon_names
                    .as_ref()
                    .map(|names| names[t as usize].as_str())
                    .filter(|n| !n.is_empty());
                match renamed {
                    None => Toon::Shared(t),
                    Some(n) => match shared_toon_index(n) {
                        Some(s) => Toon::Shared(s),
                        None => Toon::Texture(textures.get(n)),
                    },
                }
            }
            t => {
                warn(
                    warnings,
                    Section::Material,
                    Some(i),
                    m.offset + 36,
                    crate::tr!("pmd-conv-toon", index = t),
                );
                Toon::Texture(NONE)
            }
        };

        model.materials.push(Material {
            // PMD materials have no names; PMX Editor numbers them from 1.
            name: format!("材質{}", i + 1),
            name_en: String::new(),
            diffuse: m.diffuse,
            specular: m.specular,
            specular_power: m.specular_power,
            ambient: m.ambient,
            flags,
            // MMD draws PMD edges black, width 1.
            edge_color: Vec4::new(0.0, 0.0, 0.0, 1.0),
            edge_size: 1.0,
            texture,
            sphere_texture,
            sphere_mode,
            toon,
            memo: String::new(),
            face_index_count: i32::try_from(m.face_index_count).unwrap_or(i32::MAX),
        });
    }
}

/// IK link limits PMX Editor writes for knees (names containing 「ひざ」):
/// X only, from −180° to −0.5°, as MMD hard-codes for PMD knees.
pub fn knee_limits() -> IkLimits {
    IkLimits {
        lower: Vec3::new(-std::f32::consts::PI, 0.0, 0.0),
        upper: Vec3::new(-0.5f32.to_radians(), 0.0, 0.0),
    }
}

pub(super) fn convert_bones(pmd: &PmdFile, model: &mut Model, warnings: &mut Vec<Warning>) {
    use bone_type::*;
    let english = pmd.english.as_ref();
    let count = pmd.bones.len();
    let in_range = |i: u16| (i as usize) < count;

    for (i, b) in pmd.bones.iter().enumerate() {
        let mut flags = BoneFlags(BoneFlags::ROTATABLE | BoneFlags::VISIBLE | BoneFlags::OPERABLE);
        // Tail: PMD names a bone; 0xFFFF and 0 both mean "none" (PMD writers
        // store 0 for end bones, and no bone's tail is the root). Kept as bone
        // mode with −1, as PMX Editor-made files hold end bones (Gene.pmx: 0x13
        // flags, tail −1), rather than a zero offset.
        let mut tail = if b.tail == NO_INDEX || b.tail == 0 {
            Tail::Bone(NONE)
        } else {
            Tail::Bone(b.tail as i32)
        };
        let mut append = None;
        let mut fixed_axis = None;
        match b.kind {
            ROTATE | UNKNOWN | IK_INFLUENCED => {}
            ROTATE_MOVE | IK => flags.set(BoneFlags::MOVABLE, true),
            ROTATION_INFLUENCED => {
                // 回転影響下: follows the full rotation of the bone in the IK
                // field (mei: 右目/左目 ← 両目).
                append = Some(Append {
                    parent: bone_ref(b.ik_parent),
                    ratio: 1.0,
                    rotate: true,
                    translate: false,
                });
            }
            IK_TARGET | HIDDEN => {
                // Hidden from the viewport; still listed and operable in
                // frames, as PMX Editor and Gene.pmx keep end bones (0x13).
                flags.set(BoneFlags::VISIBLE, false);
            }
            TWIST => {
                // 捩り: rotation fixed to the axis towards the tail bone.
                let axis = (b.tail != NO_INDEX && in_range(b.tail))
                    .then(|| pmd.bones[b.tail as usize].position - b.position)
                    .and_then(|d| d.try_normalize());
                match axis {
                    Some(a) => fixed_axis = Some(a),
                    None => warn(
                        warnings,
                        Section::Bone,
                        Some(i),
                        b.offset + 22,
                        crate::tr!("pmd-conv-twist-no-tail"),
                    ),
                }
            }
            ROTATION_LINKED => {
                // 回転連動 (MMD 4.0+): the TAIL field holds the source bone and
                // the IK field the ratio in percent, signed (mei: 右腕捩1 ←
                // 右腕捩 at 25; Gene: 横クローク4_1 at −10 = 0xFFF6). It has
                // no tail of its own and is hidden.
                append = Some(Append {
                    parent: bone_ref(b.tail),
                    ratio: b.ik_parent as i16 as f32 / 100.0,
                    rotate: true,
                    translate: false,
                });
                tail = Tail::Bone(NONE);
                flags.set(BoneFlags::VISIBLE, false);
            }
            t => warn(
                warnings,
                Section::Bone,
                Some(i),
                b.offset + 24,
                crate::tr!("pmd-conv-bone-type", kind = t),
            ),
        }
        model.bones.push(Bone {
            name: b.name.clone(),
            name_en: english
                .and_then(|e| e.bones.get(i).cloned())
                .unwrap_or_default(),
            position: b.position,
            parent: bone_ref(b.parent),
            layer: 0,
            flags,
            tail,
            append,
            fixed_axis,
            local_axes: None,
            external_parent_key: None,
            ik: None,
        });
    }

    // IK chains become the IK bone's IK data.
    for (k, ik) in pmd.iks.iter().enumerate() {
        if !in_range(ik.bone) {
            warn(
                warnings,
                Section::IkChain,
                Some(k),
                ik.offset,
                crate::tr!("pmd-conv-ik-bone-range", bone = ik.bone),
            );
            continue;
        }
        let links = ik
            .links
            .iter()
            .map(|&l| IkLink {
                bone: bone_ref(l),
                limits: (in_range(l) && pmd.bones[l as usize].name.contains("ひざ"))
                    .then(knee_limits),
            })
            .collect();
        let data = Ik {
            target: bone_ref(ik.target),
            loop_count: ik.iterations as i32,
            // PMD stores a quarter of the PMX per-iteration limit (spec).
            limit_angle: ik.control_weight * 4.0,
            links,
        };
        let owner = ik.bone as usize;
        if model.bones[owner].ik.is_none() {
            let bone = &mut model.bones[owner];
            bone.ik = Some(data);
            bone.flags.set(BoneFlags::MOVABLE, true);
        } else {
            // PMX has one IK per bone: a second chain on the same bone gets a
            // hidden copy of it as child ("name+"), as PMX Editor does.
            let original = &model.bones[owner];
            let mut copy = original.clone();
            copy.name.push('+');
            copy.parent = owner as i32;
            copy.tail = Tail::Bone(NONE);
            copy.flags.set(BoneFlags::VISIBLE, false);
            copy.ik = Some(data);
            warn(
                warnings,
                Section::IkChain,
                Some(k),
                ik.offset,
                crate::tr!(
                    "pmd-conv-second-ik",
                    owner = owner,
                    name = copy.name.as_str()
                ),
            );
            model.bones.push(copy);
        }
    }

    assign_deform_layers(pmd, model);
}

/// Deform layers per the spec's 「PMDとの互換性」: IK bones and everything
/// under them → 1; bones under rotation influence and everything under them
/// → 2 (the higher wins). PMD type 9 (回転連動) is the same append mechanism
/// as type 5 and its source is often an IK link (Gene: 横クローク2_1 ←
/// 右腕xca), so it is treated as rotation-influenced too.
pub(super) fn assign_deform_layers(pmd: &PmdFile, model: &mut Model) {
    let n = model.bones.len();
    let mut own: Vec<i32> = (0..n)
        .map(|i| {
            let is_rotation_influenced = pmd.bones.get(i).is_some_and(|b| {
                b.kind == bone_type::ROTATION_INFLUENCED || b.kind == bone_type::ROTATION_LINKED
            });
            if is_rotation_influenced {
                2
            } else if model.bones[i].ik.is_some() {
                1
            } else {
                0
            }
        })
        .collect();
    // The spec's 「系列状態からさらの階層を調整」: an IK bone must deform after
    // its target and links, so it is raised to their layer when they sit
    // higher (Gene: 右腕xcIK's chain hangs under a type-9 bone at layer 2).
    // Layers only rise and stop at 2, so this settles in a few rounds.
    let mut layer = inherit_layers(model, &own);
    for _ in 0..8 {
        let mut raised = false;
        for (i, bone) in model.bones.iter().enumerate() {
            let Some(ik) = &bone.ik else { continue };
            let chain = std::iter::once(ik.target)
                .chain(ik.links.iter().map(|l| l.bone))
                .filter_map(|b| usize::try_from(b).ok().filter(|&b| b < n && b != i))
                .map(|b| layer[b])
                .max()
                .unwrap_or(0);
            if chain > layer[i] {
                own[i] = chain;
                raised = true;
            }
        }
        if !raised {
            break;
        }
        layer = inherit_layers(model, &own);
    }
    for (bone, l) in model.bones.iter_mut().zip(layer) {
        bone.layer = l;
    }
}

/// layer(i) = max(own(i), layer(parent)), iteratively, a parent cycle
/// counting as no parent.
pub(super) fn inherit_layers(model: &Model, own: &[i32]) -> Vec<i32> {
    const UNSEEN: i32 = -1;
    const VISITING: i32 = -2;
    let n = model.bones.len();
    let mut layer = vec![UNSEEN; n];
    let mut stack = Vec::new();
    for start in 0..n {
        let mut i = start;
        while layer[i] == UNSEEN {
            layer[i] = VISITING;
            stack.push(i);
            match usize::try_from(model.bones[i].parent) {
                Ok(p) if p < n && p != i => i = p,
                _ => break,
            }
        }
        // `i` is now done, visiting (a parent cycle) or a root just pushed.
        let mut inherited = if layer[i] >= 0 { layer[i] } else { 0 };
        while let Some(j) = stack.pop() {
            inherited = inherited.max(own[j]);
            layer[j] = inherited;
        }
    }
    layer
}

/// Vertex morphs from the expressions. Returns, per PMD skin, its morph index
/// (None for the base, which PMX does not keep).
pub(super) fn convert_morphs(
    pmd: &PmdFile,
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) -> Vec<Option<usize>> {
    let english = pmd.english.as_ref();
    let base = pmd.skins.iter().position(|s| s.category == 0);
    let base_vertices: &[(u32, Vec3)] = base.map_or(&[], |b| &pmd.skins[b].entries);
    let mut morph_of_skin = Vec::with_capacity(pmd.skins.len());
    let mut english_names = english.map(|e| e.skins.iter());
    for (k, skin) in pmd.skins.iter().enumerate() {
        if Some(k) == base {
            morph_of_skin.push(None);
            continue;
        }
        if skin.category == 0 {
            warn(
                warnings,
                Section::Expression,
                Some(k),
                skin.offset,
                crate::tr!("pmd-conv-second-base"),
            );
        }
        if base.is_none() && !skin.entries.is_empty() {
            warn(
                warnings,
                Section::Expression,
                Some(k),
                skin.offset,
                crate::tr!("pmd-conv-no-base"),
            );
        }
        let mut offsets = Vec::with_capacity(skin.entries.len());
        for (e, &(base_index, offset)) in skin.entries.iter().enumerate() {
            match base_vertices.get(base_index as usize) {
                Some(&(vertex, _)) => offsets.push(VertexOffset {
                    vertex: i32::try_from(vertex).unwrap_or(i32::MAX),
                    offset,
                }),
                None if base.is_some() => warn(
                    warnings,
                    Section::Expression,
                    Some(k),
                    skin.offset + 25 + e * 16,
                    crate::tr!(
                        "pmd-conv-base-entry",
                        index = base_index,
                        count = base_vertices.len()
                    ),
                ),
                None => {}
            }
        }
        morph_of_skin.push(Some(model.morphs.len()));
        model.morphs.push(Morph {
            name: skin.name.clone(),
            name_en: english_names
                .as_mut()
                .and_then(|it| it.next().cloned())
                .unwrap_or_default(),
            panel: if skin.category == 0 { 4 } else { skin.category },
            offsets: MorphOffsets::Vertex(offsets),
        });
    }
    morph_of_skin
}

/// Display frames in PMX Editor's layout: 0 "Root" (special, bone 0),
/// 1 "表情" (special, the expression list), then the PMD bone frames.
pub(super) fn convert_frames(
    pmd: &PmdFile,
    morph_of_skin: &[Option<usize>],
    model: &mut Model,
    warnings: &mut Vec<Warning>,
) {
    let mut root = DisplayFrame {
        name: "Root".into(),
        name_en: "Root".into(),
        special: true,
        elements: Vec::new(),
    };
    if !model.bones.is_empty() {
        root.elements.push(DisplayElement::Bone(0));
    }
    let mut expressions = DisplayFrame {
        name: "表情".into(),
        name_en: "Exp".into(),
        special: true,
        elements: Vec::new(),
    };
    for (i, &(skin, at)) in pmd.skin_display.iter().enumerate() {
        match morph_of_skin.get(skin as usize) {
            Some(Some(m)) => expressions.elements.push(DisplayElement::Morph(*m as i32)),
            Some(None) => warn(
                warnings,
                Section::DisplayList,
                Some(i),
                at,
                crate::tr!("pmd-conv-base-listed"),
            ),
            // Out of range stays out of range for the checker.
            None => expressions
                .elements
                .push(DisplayElement::Morph(skin as i32)),
        }
    }
    let english = pmd.english.as_ref();
    let mut frames: Vec<DisplayFrame> = pmd
        .frame_names
        .iter()
        .enumerate()
        .map(|(i, name)| DisplayFrame {
            name: name.clone(),
            name_en: english
                .and_then(|e| e.frames.get(i).cloned())
                .unwrap_or_default(),
            special: false,
            elements: Vec::new(),
        })
        .collect();
    for (i, &(bone, frame, at)) in pmd.frame_bones.iter().enumerate() {
        let element = DisplayElement::Bone(bone_ref(bone));
        match frame as usize {
            // Frame 0 is the centre frame, shown as Root in PMX.
            0 => {
                if !root.elements.contains(&element) {
                    root.elements.push(element)
                }
            }
            f if f <= frames.len() => frames[f - 1].elements.push(element),
            f => warn(
                warnings,
                Section::DisplayList,
                Some(i),
                at + 2,
                crate::tr!("pmd-conv-bone-frame", bone = bone, frame = f),
            ),
        }
    }
    model.display_frames.push(root);
    model.display_frames.push(expressions);
    model.display_frames.extend(frames);
}

pub(super) fn convert_physics(pmd: &PmdFile, model: &mut Model, warnings: &mut Vec<Warning>) {
    for (i, rb) in pmd.rigid_bodies.iter().enumerate() {
        let mut body = rb.body.clone();
        // PMD positions are relative to the body's bone; PMX wants model
        // space. A body without a (valid) bone is relative to bone 0, as
        // MMD, PMX Editor and other importers treat it.
        let origin = match pmd.bones.get(rb.bone as usize) {
            Some(b) if rb.bone != NO_INDEX => b.position,
            _ => {
                if rb.bone != NO_INDEX {
                    warn(
                        warnings,
                        Section::RigidBody,
                        Some(i),
                        rb.offset + 20,
                        crate::tr!("pmd-conv-body-bone", bone = rb.bone),
                    );
                }
                pmd.bones.first().map_or(Vec3::ZERO, |b| b.position)
            }
        };
        body.position += origin;
        model.rigid_bodies.push(body);
    }
    model.joints = pmd.joints.clone();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texture_names_split_into_texture_and_sphere() {
        assert_eq!(
            split_texture_name("a.bmp*b.sph"),
            (Some("a.bmp"), Some("b.sph"))
        );
        assert_eq!(
            split_texture_name("a.bmp*b.spa"),
            (Some("a.bmp"), Some("b.spa"))
        );
        assert_eq!(
            split_texture_name("a.bmp/b.sph"),
            (Some("a.bmp"), Some("b.sph"))
        );
        assert_eq!(split_texture_name("tex/b.sph"), (None, Some("tex/b.sph")));
        assert_eq!(split_texture_name("../b.spa"), (None, Some("../b.spa")));
        assert_eq!(split_texture_name("b.SPH"), (None, Some("b.SPH")));
        assert_eq!(split_texture_name("tex/a.png"), (Some("tex/a.png"), None));
        assert_eq!(split_texture_name("a.png*"), (Some("a.png"), None));
        assert_eq!(split_texture_name("*b.sph"), (None, Some("b.sph")));
        assert_eq!(split_texture_name(""), (None, None));
        assert_eq!(sphere_mode_of("x.spa"), SphereMode::Add);
        assert_eq!(sphere_mode_of("x.SPH"), SphereMode::Multiply);
    }

    #[test]
    fn shared_toon_names() {
        assert_eq!(shared_toon_index("toon01.bmp"), Some(0));
        assert_eq!(shared_toon_index("TOON10.BMP"), Some(9));
        assert_eq!(shared_toon_index("toon11.bmp"), None);
        assert_eq!(shared_toon_index("toon00.bmp"), None);
        assert_eq!(shared_toon_index("mytoon.bmp"), None);
        assert_eq!(shared_toon_index("sub/toon01.bmp"), None);
    }
}
