//! PMX Editor CSV → model. Everything is checked before the model is returned: a malformed
//! line is an error naming its line and column, and nothing is built from a bad file.

use super::write::{special_by_rule, BONE_FLAG_COLUMNS, COLUMN_BONE_BITS, MATERIAL_FLAG_COLUMNS};
use super::{shared_toon_index, CsvError};
use crate::pmx::model::*;
use crate::pmx::Section;
use glam::{Vec2, Vec3, Vec4};
use std::collections::HashMap;

type R<T> = std::result::Result<T, CsvError>;

/// Reads CSV bytes: UTF-8 after a byte-order mark, otherwise Shift-JIS as PMX Editor writes.
pub fn read_csv(bytes: &[u8]) -> R<Model> {
    let text = match bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(utf8) => std::str::from_utf8(utf8)
            .map_err(|e| CsvError {
                line: 1 + utf8[..e.valid_up_to()]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count(),
                column: 1,
                message: crate::tr!("csv-bad-utf8"),
            })?
            .to_string(),
        None => encoding_rs::SHIFT_JIS.decode(bytes).0.into_owned(),
    };
    read_csv_text(&text)
}

/// One record: its line, its fields (the first names the record type), and the `;Hone+`
/// lines that followed it.
struct Rec {
    line: usize,
    fields: Vec<String>,
    extras: Vec<Rec>,
}

/// Splits a line into fields: commas outside double quotes; `""` inside quotes is a quote.
fn split(line: &str, number: usize) -> R<Vec<String>> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut column = 1;
    let mut quoted = false;
    let mut was_quoted = false;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cur.push('"');
                } else {
                    quoted = false;
                }
            } else {
                cur.push(c);
            }
        } else if c == ',' {
            fields.push(std::mem::take(&mut cur));
            column += 1;
            was_quoted = false;
        } else if c == '"' && cur.is_empty() && !was_quoted {
            quoted = true;
            was_quoted = true;
        } else if was_quoted {
            return Err(CsvError {
                line: number,
                column,
                message: crate::tr!("csv-text-after-quote"),
            });
        } else {
            cur.push(c);
        }
    }
    if quoted {
        return Err(CsvError {
            line: number,
            column,
            message: crate::tr!("csv-unclosed-quote"),
        });
    }
    fields.push(cur);
    Ok(fields
        .into_iter()
        .map(|f| f.replace("\\r\\n", "\r\n"))
        .collect())
}

/// The fields of one record, read left to right.
struct F<'a> {
    rec: &'a Rec,
    at: usize,
}

impl<'a> F<'a> {
    fn new(rec: &'a Rec, count: usize) -> R<Self> {
        if rec.fields.len() < count {
            return Err(CsvError {
                line: rec.line,
                column: rec.fields.len() + 1,
                message: crate::tr!(
                    "csv-too-few-fields",
                    record = rec.fields[0].clone(),
                    count = count,
                    found = rec.fields.len()
                ),
            });
        }
        Ok(F { rec, at: 1 })
    }
    fn err(&self, message: String) -> CsvError {
        // Field 0 (the record type) is column 1.
        CsvError {
            line: self.rec.line,
            column: self.at + 1,
            message,
        }
    }
    fn next(&mut self) -> &'a str {
        let s = self
            .rec
            .fields
            .get(self.at)
            .map(String::as_str)
            .unwrap_or("");
        self.at += 1;
        s
    }
    fn text(&mut self) -> String {
        self.next().to_string()
    }
    /// The next field parsed; an error points at that field.
    fn parsed<T>(
        &mut self,
        parse: impl FnOnce(&str) -> Option<T>,
        message: impl FnOnce(String) -> String,
    ) -> R<T> {
        let s = self.next().trim();
        parse(s).ok_or_else(|| {
            self.at -= 1;
            let e = self.err(message(s.to_string()));
            self.at += 1;
            e
        })
    }
    fn num(&mut self) -> R<f32> {
        self.parsed(
            |s| s.parse().ok(),
            |text| crate::tr!("csv-not-a-number", text = text),
        )
    }
    fn int<T: std::str::FromStr>(&mut self) -> R<T> {
        self.parsed(
            |s| s.parse().ok(),
            |text| crate::tr!("csv-not-an-integer", text = text),
        )
    }
    fn flag(&mut self) -> R<bool> {
        Ok(self.int::<i64>()? != 0)
    }
    fn deg(&mut self) -> R<f32> {
        self.parsed(
            |s| s.parse::<f64>().ok().map(|d| d.to_radians() as f32),
            |text| crate::tr!("csv-not-a-number", text = text),
        )
    }
    fn vec2(&mut self) -> R<Vec2> {
        Ok(Vec2::new(self.num()?, self.num()?))
    }
    fn vec3(&mut self) -> R<Vec3> {
        Ok(Vec3::new(self.num()?, self.num()?, self.num()?))
    }
    fn vec4(&mut self) -> R<Vec4> {
        Ok(Vec4::new(
            self.num()?,
            self.num()?,
            self.num()?,
            self.num()?,
        ))
    }
    fn deg3(&mut self) -> R<Vec3> {
        Ok(Vec3::new(self.deg()?, self.deg()?, self.deg()?))
    }
    fn vector(&mut self, unit: VectorUnit) -> R<Vec3> {
        match unit {
            VectorUnit::Length => self.vec3(),
            VectorUnit::Angles => self.deg3(),
        }
    }
    /// A reference by name (`""` = none, `#INDEX` = Hone's index form).
    fn reference(&mut self, names: &Lookup, what: &str) -> R<i32> {
        let s = self.next();
        if s.is_empty() {
            return Ok(NONE);
        }
        if let Some(&i) = names.get(s) {
            return Ok(i as i32);
        }
        if let Some(n) = s.strip_prefix('#').and_then(|n| n.parse::<i32>().ok()) {
            return Ok(n);
        }
        self.at -= 1;
        let e = self.err(crate::tr!(
            "csv-unknown-name",
            what = Section::label_of(what),
            name = s.to_string()
        ));
        self.at += 1;
        Err(e)
    }
}

type Lookup = HashMap<String, usize>;

fn lookup<'a>(names: impl Iterator<Item = &'a str>) -> Lookup {
    let mut m = HashMap::new();
    for (i, n) in names.enumerate() {
        m.entry(n.to_string()).or_insert(i);
    }
    m
}

fn hex(f: &mut F) -> R<Vec<u8>> {
    let s = f.next();
    let bad = |f: &mut F| {
        f.at -= 1;
        let e = f.err(crate::tr!("csv-bad-hex"));
        f.at += 1;
        e
    };
    if !s.len().is_multiple_of(2) {
        return Err(bad(f));
    }
    let mut out = Vec::with_capacity(s.len() / 2);
    for i in (0..s.len()).step_by(2) {
        match s.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) => out.push(b),
            None => return Err(bad(f)),
        }
    }
    Ok(out)
}

fn groups_to_mask(f: &mut F) -> R<u16> {
    let s = f.next();
    let mut mask = 0xFFFFu16;
    for g in s.split_whitespace() {
        match g.parse::<u8>() {
            Ok(n @ 1..=16) => mask &= !(1 << (n - 1)),
            _ => {
                f.at -= 1;
                let e = f.err(crate::tr!("csv-bad-group", text = g.to_string()));
                f.at += 1;
                return Err(e);
            }
        }
    }
    Ok(mask)
}

/// Reads CSV text (already decoded).
pub fn read_csv_text(text: &str) -> R<Model> {
    let mut by_kind: HashMap<String, Vec<Rec>> = HashMap::new();
    let mut hone_header: Option<Rec> = None;
    let mut hone_textures: Vec<Rec> = Vec::new();
    let mut last: Option<(String, usize)> = None;
    let mut raw_lines = text.split('\n').enumerate();
    let mut joined = String::new();
    while let Some((n, first)) = raw_lines.next() {
        let number = n + 1;
        // A quoted string may hold a bare line break (Hone writes CRLF as \r\n): join the
        // lines until its quote closes.
        joined.clear();
        joined.push_str(first);
        while joined.matches('"').count() % 2 == 1 {
            match raw_lines.next() {
                Some((_, more)) => {
                    joined.push('\n');
                    joined.push_str(more);
                }
                None => break,
            }
        }
        let line = joined.strip_suffix('\r').unwrap_or(&joined);
        if line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix(";Hone+,") {
            let fields = split(rest, number)?;
            let rec = Rec {
                line: number,
                fields,
                extras: Vec::new(),
            };
            if let Some((kind, i)) = &last {
                if let Some(r) = by_kind.get_mut(kind).and_then(|v| v.get_mut(*i)) {
                    r.extras.push(rec);
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix(";Hone,") {
            let fields = split(rest, number)?;
            let rec = Rec {
                line: number,
                fields,
                extras: Vec::new(),
            };
            match rec.fields[0].as_str() {
                "Header" => hone_header = Some(rec),
                "Texture" => hone_textures.push(rec),
                _ => {}
            }
            continue;
        }
        if line.starts_with(';') {
            continue;
        }
        let fields = split(line, number)?;
        let kind = fields[0].trim().to_string();
        const KNOWN: [&str; 18] = [
            "Header",
            "ModelInfo",
            "Vertex",
            "Material",
            "Face",
            "Bone",
            "IKLink",
            "Morph",
            "VertexMorph",
            "BoneMorph",
            "UVMorph",
            "MaterialMorph",
            "GroupMorph",
            "ImpulseMorph",
            "Node",
            "NodeItem",
            "Body",
            "Joint",
        ];
        const KNOWN_SOFT: [&str; 3] = ["SoftBody", "SoftBodyAnchor", "SoftBodyPin"];
        if !KNOWN.contains(&kind.as_str()) && !KNOWN_SOFT.contains(&kind.as_str()) {
            return Err(CsvError {
                line: number,
                column: 1,
                message: crate::tr!("csv-unknown-record", record = kind),
            });
        }
        let list = by_kind.entry(kind.clone()).or_default();
        list.push(Rec {
            line: number,
            fields,
            extras: Vec::new(),
        });
        last = Some((kind, list.len() - 1));
    }
    let empty = Vec::new();
    let recs = |k: &str| by_kind.get(k).unwrap_or(&empty);
    let mut model = Model::default();

    // Header.
    if let Some(r) = recs("Header").first() {
        let mut f = F::new(r, 4)?;
        let v = f.num()?;
        model.header.version = if v >= 2.05 {
            PmxVersion::V2_1
        } else {
            PmxVersion::V2_0
        };
        model.header.encoding = if f.int::<u8>()? == 1 {
            TextEncoding::Utf8
        } else {
            TextEncoding::Utf16Le
        };
        model.header.additional_uv_count = f.int()?;
        if model.header.additional_uv_count > 4 {
            f.at -= 1;
            return Err(f.err(crate::tr!("csv-bad-uv-count")));
        }
    }
    if let Some(r) = &hone_header {
        let mut f = F::new(r, 9)?;
        let s = &mut model.header.index_sizes;
        for size in [
            &mut s.vertex,
            &mut s.texture,
            &mut s.material,
            &mut s.bone,
            &mut s.morph,
            &mut s.rigid_body,
        ] {
            *size = f.int()?;
        }
        model.header.extra_globals = hex(&mut f)?;
        model.trailing_bytes = hex(&mut f)?;
    } else {
        model.header.index_sizes = crate::pmx::needs::smallest_index_sizes(&model);
    }
    for r in &hone_textures {
        let mut f = F::new(r, 2)?;
        model.textures.push(f.text());
    }
    if let Some(r) = recs("ModelInfo").first() {
        let mut f = F::new(r, 5)?;
        let i = &mut model.info;
        i.name = f.text();
        i.name_en = f.text();
        i.comment = f.text();
        i.comment_en = f.text();
    }

    // Names first: every reference is by name.
    let bone_names = lookup(recs("Bone").iter().map(|r| field(r, 1)));
    let morph_names = lookup(recs("Morph").iter().map(|r| field(r, 1)));
    let material_names = lookup(recs("Material").iter().map(|r| field(r, 1)));
    let body_names = lookup(recs("Body").iter().map(|r| field(r, 1)));
    let frame_names = lookup(recs("Node").iter().map(|r| field(r, 1)));
    let soft_names = lookup(recs("SoftBody").iter().map(|r| field(r, 1)));

    for (i, r) in recs("Vertex").iter().enumerate() {
        let mut f = F::new(r, 45)?;
        let index: i64 = f.int()?;
        if index != i as i64 {
            f.at -= 1;
            return Err(f.err(crate::tr!(
                "csv-vertex-out-of-order",
                index = index,
                expected = i
            )));
        }
        let mut v = Vertex {
            position: f.vec3()?,
            normal: f.vec3()?,
            ..Vertex::default()
        };
        v.edge_scale = f.num()?;
        v.uv = f.vec2()?;
        for k in 0..4 {
            v.additional_uvs[k] = f.vec4()?;
        }
        let kind: u8 = f.int()?;
        let mut bones = [NONE; 4];
        let mut weights = [0.0f32; 4];
        for k in 0..4 {
            bones[k] = f.reference(&bone_names, "bone")?;
            weights[k] = f.num()?;
        }
        let c = f.vec3()?;
        let r0 = f.vec3()?;
        let r1 = f.vec3()?;
        v.weights = match kind {
            0 => Weights::Bdef1 { bone: bones[0] },
            1 => Weights::Bdef2 {
                bones: [bones[0], bones[1]],
                weight: weights[0],
            },
            2 => Weights::Bdef4 { bones, weights },
            3 => Weights::Sdef {
                bones: [bones[0], bones[1]],
                weight: weights[0],
                c,
                r0,
                r1,
            },
            4 => Weights::Qdef { bones, weights },
            _ => {
                return Err(CsvError {
                    line: r.line,
                    column: 28,
                    message: crate::tr!("csv-bad-weight-kind", kind = kind),
                })
            }
        };
        model.vertices.push(v);
    }

    let texture_index = |path: &str, textures: &mut Vec<String>| -> i32 {
        if path.is_empty() {
            return NONE;
        }
        if let Some(i) = path.strip_prefix("#tex").and_then(|i| i.parse().ok()) {
            return i;
        }
        match textures.iter().position(|t| t == path) {
            Some(i) => i as i32,
            None => {
                textures.push(path.to_string());
                textures.len() as i32 - 1
            }
        }
    };
    let mut explicit_counts = Vec::new();
    for r in recs("Material") {
        let mut f = F::new(r, 31)?;
        let mut m = Material {
            name: f.text(),
            name_en: f.text(),
            diffuse: f.vec4()?,
            specular: f.vec3()?,
            specular_power: f.num()?,
            ambient: f.vec3()?,
            ..Material::default()
        };
        let mut flags = 0u8;
        for bit in MATERIAL_FLAG_COLUMNS {
            if f.flag()? {
                flags |= bit;
            }
        }
        let draw: u8 = f.int()?;
        if draw & 1 != 0 {
            flags |= MaterialFlags::POINT;
        }
        if draw & 2 != 0 {
            flags |= MaterialFlags::LINE;
        }
        if f.flag()? {
            flags |= MaterialFlags::EDGE;
        }
        m.flags = MaterialFlags(flags);
        m.edge_size = f.num()?;
        m.edge_color = f.vec4()?;
        let tex = f.text();
        m.texture = texture_index(&tex, &mut model.textures);
        let sphere = f.text();
        m.sphere_texture = texture_index(&sphere, &mut model.textures);
        m.sphere_mode = SphereMode::from_u8(f.int()?);
        let toon = f.text();
        m.toon = if let Some(t) = shared_toon_index(&toon) {
            Toon::Shared(t)
        } else if let Some(t) = toon.strip_prefix("#shared").and_then(|t| t.parse().ok()) {
            Toon::Shared(t)
        } else {
            Toon::Texture(texture_index(&toon, &mut model.textures))
        };
        m.memo = f.text();
        let mut count = None;
        for e in &r.extras {
            if e.fields[0] == "FaceIndexCount" {
                count = Some(F::new(e, 2)?.int::<i32>()?);
            }
        }
        explicit_counts.push(count);
        model.materials.push(m);
    }
    let mut counted = vec![0i32; model.materials.len()];
    for r in recs("Face") {
        let mut f = F::new(r, 6)?;
        let mi = f.reference(&material_names, "material")?;
        let _index: i64 = f.int()?;
        let face = [f.int()?, f.int()?, f.int()?];
        if let Some(c) = usize::try_from(mi).ok().and_then(|i| counted.get_mut(i)) {
            *c += 3;
        }
        model.faces.push(face);
    }
    for (i, m) in model.materials.iter_mut().enumerate() {
        m.face_index_count = explicit_counts[i].unwrap_or(counted[i]);
    }

    for r in recs("Bone") {
        model.bones.push(read_bone(r, &bone_names)?);
    }
    for r in recs("IKLink") {
        let mut f = F::new(r, 10)?;
        let owner = f.reference(&bone_names, "bone")?;
        let bone = f.reference(&bone_names, "bone")?;
        let limited = f.flag()?;
        let lower = f.deg3()?;
        let upper = f.deg3()?;
        let Some(ik) = usize::try_from(owner)
            .ok()
            .and_then(|i| model.bones.get_mut(i))
            .and_then(|b| b.ik.as_mut())
        else {
            return Err(CsvError {
                line: r.line,
                column: 2,
                message: crate::tr!("csv-link-without-ik"),
            });
        };
        ik.links.push(IkLink {
            bone,
            limits: limited.then_some(IkLimits { lower, upper }),
        });
    }

    for r in recs("Morph") {
        let mut f = F::new(r, 5)?;
        let name = f.text();
        let name_en = f.text();
        let panel = f.int()?;
        let kind: u8 = f.int()?;
        let offsets = match kind {
            0 => MorphOffsets::Group(Vec::new()),
            1 => MorphOffsets::Vertex(Vec::new()),
            2 => MorphOffsets::Bone(Vec::new()),
            3..=7 => MorphOffsets::Uv {
                layer: kind - 3,
                offsets: Vec::new(),
            },
            8 => MorphOffsets::Material(Vec::new()),
            9 => MorphOffsets::Flip(Vec::new()),
            10 => MorphOffsets::Impulse(Vec::new()),
            _ => {
                f.at -= 1;
                return Err(f.err(crate::tr!("csv-bad-morph-kind", kind = kind)));
            }
        };
        model.morphs.push(Morph {
            name,
            name_en,
            panel,
            offsets,
        });
    }
    // Offsets in file order per morph (PMX keeps them in order).
    let wrong_kind = |r: &Rec| CsvError {
        line: r.line,
        column: 2,
        message: crate::tr!("csv-offset-kind-mismatch", record = r.fields[0].clone()),
    };
    for r in recs("VertexMorph") {
        let mut f = F::new(r, 6)?;
        let m = f.reference(&morph_names, "morph")?;
        let o = VertexOffset {
            vertex: f.int()?,
            offset: f.vec3()?,
        };
        match morph_mut(&mut model, m).map(|m| &mut m.offsets) {
            Some(MorphOffsets::Vertex(v)) => v.push(o),
            _ => return Err(wrong_kind(r)),
        }
    }
    for r in recs("BoneMorph") {
        let mut f = F::new(r, 9)?;
        let m = f.reference(&morph_names, "morph")?;
        let bone = f.reference(&bone_names, "bone")?;
        let translation = f.vec3()?;
        let start = f.at;
        let angles = f.deg3()?;
        let columns: Vec<&str> = r.fields[start..start + 3]
            .iter()
            .map(|s| s.trim())
            .collect();
        let mut rotation = {
            let q = euler_rotation(angles);
            Vec4::new(q.x, q.y, q.z, q.w)
        };
        for e in &r.extras {
            if e.fields[0] == "Quaternion" {
                let exact = F::new(e, 5)?.vec4()?;
                // The exact quaternion stands only while the degrees are the ones written for it.
                let q = glam::Quat::from_xyzw(exact.x, exact.y, exact.z, exact.w);
                let e3 = super::write::bone_morph_degrees(q);
                let written = [e3.x, e3.y, e3.z].map(|a| format!("{}", (a as f64).to_degrees()));
                if written.iter().zip(&columns).all(|(a, b)| a == b) {
                    rotation = exact;
                }
            }
        }
        let o = BoneOffset {
            bone,
            translation,
            rotation,
        };
        match morph_mut(&mut model, m).map(|m| &mut m.offsets) {
            Some(MorphOffsets::Bone(v)) => v.push(o),
            _ => return Err(wrong_kind(r)),
        }
    }
    for r in recs("UVMorph") {
        let mut f = F::new(r, 7)?;
        let m = f.reference(&morph_names, "morph")?;
        let o = UvOffset {
            vertex: f.int()?,
            offset: f.vec4()?,
        };
        match morph_mut(&mut model, m).map(|m| &mut m.offsets) {
            Some(MorphOffsets::Uv { offsets, .. }) => offsets.push(o),
            _ => return Err(wrong_kind(r)),
        }
    }
    for r in recs("MaterialMorph") {
        let mut f = F::new(r, 32)?;
        let m = f.reference(&morph_names, "morph")?;
        let o = MaterialOffset {
            material: f.reference(&material_names, "material")?,
            op: MaterialOp::from_u8(f.int()?),
            diffuse: f.vec4()?,
            specular: f.vec3()?,
            specular_power: f.num()?,
            ambient: f.vec3()?,
            edge_size: f.num()?,
            edge_color: f.vec4()?,
            texture_tint: f.vec4()?,
            sphere_tint: f.vec4()?,
            toon_tint: f.vec4()?,
        };
        match morph_mut(&mut model, m).map(|m| &mut m.offsets) {
            Some(MorphOffsets::Material(v)) => v.push(o),
            _ => return Err(wrong_kind(r)),
        }
    }
    for r in recs("GroupMorph") {
        let mut f = F::new(r, 4)?;
        let m = f.reference(&morph_names, "morph")?;
        let o = GroupOffset {
            morph: f.reference(&morph_names, "morph")?,
            ratio: f.num()?,
        };
        match morph_mut(&mut model, m).map(|m| &mut m.offsets) {
            Some(MorphOffsets::Group(v)) | Some(MorphOffsets::Flip(v)) => v.push(o),
            _ => return Err(wrong_kind(r)),
        }
    }
    for r in recs("ImpulseMorph") {
        let mut f = F::new(r, 10)?;
        let m = f.reference(&morph_names, "morph")?;
        let o = ImpulseOffset {
            rigid_body: f.reference(&body_names, "rigid body")?,
            local: f.flag()?,
            velocity: f.vec3()?,
            torque: f.vec3()?,
        };
        match morph_mut(&mut model, m).map(|m| &mut m.offsets) {
            Some(MorphOffsets::Impulse(v)) => v.push(o),
            _ => return Err(wrong_kind(r)),
        }
    }

    for (i, r) in recs("Node").iter().enumerate() {
        let mut f = F::new(r, 3)?;
        let name = f.text();
        let name_en = f.text();
        let mut special = special_by_rule(i, &name);
        for e in &r.extras {
            if e.fields[0] == "Special" {
                special = F::new(e, 2)?.flag()?;
            }
        }
        model.display_frames.push(DisplayFrame {
            name,
            name_en,
            special,
            elements: Vec::new(),
        });
    }
    for r in recs("NodeItem") {
        let mut f = F::new(r, 4)?;
        let frame = f.reference(&frame_names, "display frame")?;
        let target: u8 = f.int()?;
        let e = match target {
            0 => DisplayElement::Bone(f.reference(&bone_names, "bone")?),
            1 => DisplayElement::Morph(f.reference(&morph_names, "morph")?),
            _ => {
                f.at -= 1;
                return Err(f.err(crate::tr!("csv-bad-item-target", target = target)));
            }
        };
        match usize::try_from(frame)
            .ok()
            .and_then(|i| model.display_frames.get_mut(i))
        {
            Some(d) => d.elements.push(e),
            None => {
                return Err(CsvError {
                    line: r.line,
                    column: 2,
                    message: crate::tr!(
                        "csv-unknown-name",
                        what = Section::DisplayFrame.label(),
                        name = field(r, 1).to_string()
                    ),
                })
            }
        }
    }

    for r in recs("Body") {
        let mut f = F::new(r, 22)?;
        let mut b = RigidBody {
            name: f.text(),
            name_en: f.text(),
            bone: f.reference(&bone_names, "bone")?,
            ..RigidBody::default()
        };
        b.mode = RigidMode::from_u8(f.int()?);
        b.group = f.int()?;
        b.collision_mask = groups_to_mask(&mut f)?;
        b.shape = RigidShape::from_u8(f.int()?);
        for (v, unit) in b.vectors_mut().into_iter().zip(RigidBody::VECTOR_UNITS) {
            *v = f.vector(unit)?;
        }
        for x in b.scalars_mut() {
            *x = f.num()?;
        }
        model.rigid_bodies.push(b);
    }
    for r in recs("Joint") {
        let mut f = F::new(r, 30)?;
        let mut j = Joint {
            name: f.text(),
            name_en: f.text(),
            body_a: f.reference(&body_names, "rigid body")?,
            body_b: f.reference(&body_names, "rigid body")?,
            ..Joint::default()
        };
        j.kind = JointKind::from_u8(f.int()?);
        for (v, unit) in j.vectors_mut().into_iter().zip(Joint::VECTOR_UNITS) {
            *v = f.vector(unit)?;
        }
        model.joints.push(j);
    }
    for r in recs("SoftBody") {
        let mut f = F::new(r, 40)?;
        let mut s = SoftBody {
            name: f.text(),
            name_en: f.text(),
            ..SoftBody::default()
        };
        s.shape = SoftBodyShape::from_u8(f.int()?);
        s.material = f.reference(&material_names, "material")?;
        s.group = f.int()?;
        s.collision_mask = groups_to_mask(&mut f)?;
        let mut flags = 0u8;
        if f.flag()? {
            flags |= SoftBodyFlags::B_LINK;
        }
        s.b_link_distance = f.int()?;
        if f.flag()? {
            flags |= SoftBodyFlags::CLUSTERS;
        }
        s.cluster_count = f.int()?;
        if f.flag()? {
            flags |= SoftBodyFlags::RANDOMIZE_LINKS;
        }
        for e in &r.extras {
            if e.fields[0] == "Flags" {
                flags |= F::new(e, 2)?.int::<u8>()?;
            }
        }
        s.flags = SoftBodyFlags(flags);
        s.total_mass = f.num()?;
        s.margin = f.num()?;
        s.aero_model = AeroModel::from_i32(f.int()?);
        for v in s
            .config
            .values_mut()
            .into_iter()
            .chain(s.cluster.values_mut())
        {
            *v = f.num()?;
        }
        for v in s.iterations.values_mut() {
            *v = f.int()?;
        }
        for v in s.material_params.values_mut() {
            *v = f.num()?;
        }
        model.soft_bodies.push(s);
    }
    for r in recs("SoftBodyAnchor") {
        let mut f = F::new(r, 5)?;
        let s = f.reference(&soft_names, "soft body")?;
        let a = SoftBodyAnchor {
            rigid_body: f.reference(&body_names, "rigid body")?,
            vertex: f.int()?,
            near_mode: f.flag()?,
        };
        match usize::try_from(s)
            .ok()
            .and_then(|i| model.soft_bodies.get_mut(i))
        {
            Some(s) => s.anchors.push(a),
            None => return Err(wrong_kind(r)),
        }
    }
    for r in recs("SoftBodyPin") {
        let mut f = F::new(r, 3)?;
        let s = f.reference(&soft_names, "soft body")?;
        let p = f.int()?;
        match usize::try_from(s)
            .ok()
            .and_then(|i| model.soft_bodies.get_mut(i))
        {
            Some(s) => s.pins.push(p),
            None => return Err(wrong_kind(r)),
        }
    }
    if hone_header.is_none() {
        model.header.index_sizes = crate::pmx::needs::smallest_index_sizes(&model);
    }
    Ok(model)
}

fn field(r: &Rec, i: usize) -> &str {
    r.fields.get(i).map(String::as_str).unwrap_or("")
}

fn morph_mut(model: &mut Model, index: i32) -> Option<&mut Morph> {
    usize::try_from(index)
        .ok()
        .and_then(|i| model.morphs.get_mut(i))
}

fn read_bone(r: &Rec, bones: &Lookup) -> R<Bone> {
    let mut f = F::new(r, 40)?;
    let mut b = Bone {
        name: f.text(),
        name_en: f.text(),
        layer: f.int()?,
        ..Bone::default()
    };
    let mut flags = 0u16;
    if f.flag()? {
        flags |= BoneFlags::AFTER_PHYSICS;
    }
    b.position = f.vec3()?;
    let mut ik = false;
    for bit in BONE_FLAG_COLUMNS {
        if f.flag()? {
            flags |= bit;
            ik |= bit == BoneFlags::IK;
        }
    }
    b.parent = f.reference(bones, "bone")?;
    let tail_is_bone = f.flag()?;
    let tail_bone = f.reference(bones, "bone")?;
    let offset = f.vec3()?;
    b.tail = if tail_is_bone {
        flags |= BoneFlags::TAIL_IS_BONE;
        Tail::Bone(tail_bone)
    } else {
        Tail::Offset(offset)
    };
    if f.flag()? {
        flags |= BoneFlags::APPEND_LOCAL;
    }
    let rotate = f.flag()?;
    let translate = f.flag()?;
    let ratio = f.num()?;
    let parent = f.reference(bones, "bone")?;
    if rotate || translate {
        if rotate {
            flags |= BoneFlags::APPEND_ROTATE;
        }
        if translate {
            flags |= BoneFlags::APPEND_MOVE;
        }
        b.append = Some(Append {
            parent,
            ratio,
            rotate,
            translate,
        });
    }
    let fixed = f.flag()?;
    let axis = f.vec3()?;
    if fixed {
        flags |= BoneFlags::FIXED_AXIS;
        b.fixed_axis = Some(axis);
    }
    let local = f.flag()?;
    let x = f.vec3()?;
    let z = f.vec3()?;
    if local {
        flags |= BoneFlags::LOCAL_AXES;
        b.local_axes = Some(LocalAxes { x, z });
    }
    let external = f.flag()?;
    let key = f.int()?;
    if external {
        flags |= BoneFlags::EXTERNAL_PARENT;
        b.external_parent_key = Some(key);
    }
    let target = f.reference(bones, "bone")?;
    let loop_count = f.int()?;
    let limit_angle = f.deg()?;
    if ik {
        b.ik = Some(Ik {
            target,
            loop_count,
            limit_angle,
            links: Vec::new(),
        });
    }
    for e in &r.extras {
        if e.fields[0] == "Flags" {
            flags |= F::new(e, 2)?.int::<u16>()? & !COLUMN_BONE_BITS;
        }
    }
    b.flags = BoneFlags(flags);
    Ok(b)
}
