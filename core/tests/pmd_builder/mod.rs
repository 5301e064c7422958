//! A tiny PMD writer for the import tests (`mod pmd_builder;`): hand-made files
//! with just the records a test needs, in PMD Editor's layout.
#![allow(dead_code)]

pub fn sjis(s: &str) -> Vec<u8> {
    let (b, _, bad) = encoding_rs::SHIFT_JIS.encode(s);
    assert!(!bad, "{s} is not Shift-JIS");
    b.into_owned()
}

/// A fixed-size text field: NUL-terminated, padded with 0xFD like PMD Editor.
pub fn field(out: &mut Vec<u8>, s: &str, len: usize) {
    let mut b = sjis(s);
    assert!(b.len() <= len);
    if b.len() < len {
        b.push(0);
    }
    b.resize(len, 0xFD);
    out.extend_from_slice(&b);
}

pub fn f3(out: &mut Vec<u8>, v: [f32; 3]) {
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

#[derive(Clone)]
pub struct PmdBone {
    pub name: &'static str,
    pub parent: u16,
    pub tail: u16,
    pub kind: u8,
    pub ik: u16,
    pub pos: [f32; 3],
}

pub fn bone(
    name: &'static str,
    parent: u16,
    tail: u16,
    kind: u8,
    ik: u16,
    pos: [f32; 3],
) -> PmdBone {
    PmdBone {
        name,
        parent,
        tail,
        kind,
        ik,
        pos,
    }
}

#[derive(Clone)]
pub struct PmdMaterial {
    pub alpha: f32,
    pub toon: u8,
    pub edge: u8,
    pub faces: u32,
    pub file: &'static str,
}

pub fn material(file: &'static str) -> PmdMaterial {
    PmdMaterial {
        alpha: 1.0,
        toon: 0xFF,
        edge: 1,
        faces: 3,
        file,
    }
}

#[derive(Clone)]
pub struct PmdRigid {
    pub name: &'static str,
    pub bone: u16,
    pub group: u8,
    pub mask: u16,
    pub pos: [f32; 3],
    pub mode: u8,
}

pub type Ik = (u16, u16, u16, f32, Vec<u16>);
pub type Skin = (&'static str, u8, Vec<(u32, [f32; 3])>);
/// (model, comment, bones, skins without base, frames)
pub type English = (
    &'static str,
    &'static str,
    Vec<&'static str>,
    Vec<&'static str>,
    Vec<&'static str>,
);
pub type Physics = (Vec<PmdRigid>, Vec<(&'static str, u32, u32)>);

#[derive(Clone, Default)]
pub struct PmdBuilder {
    /// (position, bones, weight, edge flag)
    pub vertices: Vec<([f32; 3], [u16; 2], u8, u8)>,
    pub faces: Vec<u16>,
    pub materials: Vec<PmdMaterial>,
    pub bones: Vec<PmdBone>,
    /// (bone, target, iterations, control weight, links)
    pub iks: Vec<Ik>,
    /// (name, category, entries)
    pub skins: Vec<Skin>,
    pub skin_display: Vec<u16>,
    pub frames: Vec<&'static str>,
    pub frame_bones: Vec<(u16, u8)>,
    pub english: Option<English>,
    pub toons: Option<Vec<&'static str>>,
    pub physics: Option<Physics>,
}

impl PmdBuilder {
    /// One triangle on bone 0, one material, a root and a child bone.
    pub fn minimal() -> Self {
        PmdBuilder {
            vertices: vec![
                ([0.0, 0.0, 0.0], [0, 0], 100, 0),
                ([1.0, 0.0, 0.0], [0, 1], 30, 1),
                ([0.0, 1.0, 0.0], [0, 1], 0, 0),
            ],
            faces: vec![0, 1, 2],
            materials: vec![material("a.bmp")],
            bones: vec![
                bone("センター", 0xFFFF, 1, 1, 0, [0.0, 1.0, 0.0]),
                bone("頭", 0, 0xFFFF, 0, 0, [0.0, 2.0, 0.0]),
            ],
            ..Default::default()
        }
    }

    pub fn bytes(&self) -> Vec<u8> {
        let mut o = b"Pmd".to_vec();
        o.extend_from_slice(&1.0f32.to_le_bytes());
        field(&mut o, "テスト", 20);
        field(&mut o, "comment", 256);
        o.extend_from_slice(&(self.vertices.len() as u32).to_le_bytes());
        for (p, b, w, e) in &self.vertices {
            f3(&mut o, *p);
            f3(&mut o, [0.0, 1.0, 0.0]);
            o.extend_from_slice(&0.5f32.to_le_bytes());
            o.extend_from_slice(&0.25f32.to_le_bytes());
            o.extend_from_slice(&b[0].to_le_bytes());
            o.extend_from_slice(&b[1].to_le_bytes());
            o.push(*w);
            o.push(*e);
        }
        o.extend_from_slice(&(self.faces.len() as u32).to_le_bytes());
        for f in &self.faces {
            o.extend_from_slice(&f.to_le_bytes());
        }
        o.extend_from_slice(&(self.materials.len() as u32).to_le_bytes());
        for m in &self.materials {
            f3(&mut o, [0.8, 0.7, 0.6]);
            o.extend_from_slice(&m.alpha.to_le_bytes());
            o.extend_from_slice(&12.0f32.to_le_bytes());
            f3(&mut o, [0.1, 0.2, 0.3]);
            f3(&mut o, [0.4, 0.5, 0.6]);
            o.push(m.toon);
            o.push(m.edge);
            o.extend_from_slice(&m.faces.to_le_bytes());
            field(&mut o, m.file, 20);
        }
        o.extend_from_slice(&(self.bones.len() as u16).to_le_bytes());
        for b in &self.bones {
            field(&mut o, b.name, 20);
            o.extend_from_slice(&b.parent.to_le_bytes());
            o.extend_from_slice(&b.tail.to_le_bytes());
            o.push(b.kind);
            o.extend_from_slice(&b.ik.to_le_bytes());
            f3(&mut o, b.pos);
        }
        o.extend_from_slice(&(self.iks.len() as u16).to_le_bytes());
        for (b, t, it, w, links) in &self.iks {
            o.extend_from_slice(&b.to_le_bytes());
            o.extend_from_slice(&t.to_le_bytes());
            o.push(links.len() as u8);
            o.extend_from_slice(&it.to_le_bytes());
            o.extend_from_slice(&w.to_le_bytes());
            for l in links {
                o.extend_from_slice(&l.to_le_bytes());
            }
        }
        o.extend_from_slice(&(self.skins.len() as u16).to_le_bytes());
        for (name, cat, entries) in &self.skins {
            field(&mut o, name, 20);
            o.extend_from_slice(&(entries.len() as u32).to_le_bytes());
            o.push(*cat);
            for (i, p) in entries {
                o.extend_from_slice(&i.to_le_bytes());
                f3(&mut o, *p);
            }
        }
        o.push(self.skin_display.len() as u8);
        for s in &self.skin_display {
            o.extend_from_slice(&s.to_le_bytes());
        }
        o.push(self.frames.len() as u8);
        for f in &self.frames {
            field(&mut o, &format!("{f}\n"), 50);
        }
        o.extend_from_slice(&(self.frame_bones.len() as u32).to_le_bytes());
        for (b, f) in &self.frame_bones {
            o.extend_from_slice(&b.to_le_bytes());
            o.push(*f);
        }
        if self.english.is_none() && self.toons.is_none() && self.physics.is_none() {
            return o;
        }
        match &self.english {
            Some((name, comment, bones, skins, frames)) => {
                o.push(1);
                field(&mut o, name, 20);
                field(&mut o, comment, 256);
                for b in bones {
                    field(&mut o, b, 20);
                }
                for s in skins {
                    field(&mut o, s, 20);
                }
                for f in frames {
                    field(&mut o, f, 50);
                }
            }
            None => o.push(0),
        }
        if self.toons.is_none() && self.physics.is_none() {
            return o;
        }
        let default: Vec<String> = (1..=10).map(|i| format!("toon{i:02}.bmp")).collect();
        for i in 0..10 {
            match &self.toons {
                Some(t) => field(&mut o, t[i], 100),
                None => field(&mut o, &default[i], 100),
            }
        }
        if let Some((bodies, joints)) = &self.physics {
            o.extend_from_slice(&(bodies.len() as u32).to_le_bytes());
            for r in bodies {
                field(&mut o, r.name, 20);
                o.extend_from_slice(&r.bone.to_le_bytes());
                o.push(r.group);
                o.extend_from_slice(&r.mask.to_le_bytes());
                o.push(1); // box
                f3(&mut o, [0.5, 0.6, 0.7]);
                f3(&mut o, r.pos);
                f3(&mut o, [0.1, 0.2, 0.3]);
                for v in [2.0f32, 0.3, 0.4, 0.1, 0.6] {
                    o.extend_from_slice(&v.to_le_bytes());
                }
                o.push(r.mode);
            }
            o.extend_from_slice(&(joints.len() as u32).to_le_bytes());
            for (name, a, b) in joints {
                field(&mut o, name, 20);
                o.extend_from_slice(&a.to_le_bytes());
                o.extend_from_slice(&b.to_le_bytes());
                for k in 0..8 {
                    let base = k as f32;
                    f3(&mut o, [base, base + 0.25, base + 0.5]);
                }
            }
        }
        o
    }
}
