//! PMX 2.0/2.1 writer.
//!
//! An unedited model writes back byte-identical: the header's version,
//! encoding, extra globals and index sizes are kept while they still fit.
//! Index sizes grow (never wrap) when counts or stored values outgrow them.

use super::model::*;
use super::needs::{choose_index_sizes, plan_save, v21_features, SaveChange};
use super::{Error, Result};
use glam::{Vec2, Vec3, Vec4};
use std::io::Write as _;
use std::path::Path;

/// How to write. `None` keeps what the model's header says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// The version to declare. Whichever it is (asked or the header's), a 2.0 file is refused
    /// for a model that uses PMX 2.1 features ([`Error::Needs21`]): no file declares a version
    /// its data exceeds. [`plan_save`] chooses 2.1 for such a model.
    pub version: Option<PmxVersion>,
    pub encoding: Option<TextEncoding>,
}

/// Serialises the model to PMX bytes.
pub fn write_pmx(model: &Model, opts: &WriteOptions) -> Result<Vec<u8>> {
    let version = opts.version.unwrap_or(model.header.version);
    if version == PmxVersion::V2_0 {
        let features = v21_features(model);
        if !features.is_empty() {
            return Err(Error::Needs21(features));
        }
    }
    let encoding = opts.encoding.unwrap_or(model.header.encoding);
    let n_uv = model.header.additional_uv_count;
    if n_uv > 4 {
        return Err(Error::Write(crate::tr!("pmx-read-uv-count", count = n_uv)));
    }
    let extra = &model.header.extra_globals;
    if extra.len() > 255 - 8 {
        return Err(Error::Write(crate::tr!(
            "pmx-write-extra-globals",
            count = extra.len()
        )));
    }
    let sizes = choose_index_sizes(model)?;

    let mut w = Writer {
        buf: Vec::with_capacity(estimate_size(model, &sizes)),
        sizes,
        utf8: encoding == TextEncoding::Utf8,
    };
    w.buf.extend_from_slice(b"PMX ");
    w.f32(version.as_f32());
    w.u8(8 + extra.len() as u8);
    w.u8(match encoding {
        TextEncoding::Utf16Le => 0,
        TextEncoding::Utf8 => 1,
    });
    w.u8(n_uv);
    for s in [
        sizes.vertex,
        sizes.texture,
        sizes.material,
        sizes.bone,
        sizes.morph,
        sizes.rigid_body,
    ] {
        w.u8(s);
    }
    w.buf.extend_from_slice(extra);

    let info = &model.info;
    for t in [&info.name, &info.name_en, &info.comment, &info.comment_en] {
        w.text(t);
    }

    w.count(model.vertices.len())?;
    for v in &model.vertices {
        w.vertex(v, n_uv as usize);
    }

    w.count(model.faces.len() * 3)?;
    for f in &model.faces {
        for &i in f {
            w.vertex_index(i);
        }
    }

    w.count(model.textures.len())?;
    for t in &model.textures {
        w.text(t);
    }

    w.count(model.materials.len())?;
    for m in &model.materials {
        w.material(m);
    }

    w.count(model.bones.len())?;
    for b in &model.bones {
        w.bone(b)?;
    }

    w.count(model.morphs.len())?;
    for m in &model.morphs {
        w.morph(m)?;
    }

    w.count(model.display_frames.len())?;
    for d in &model.display_frames {
        w.display_frame(d)?;
    }

    w.count(model.rigid_bodies.len())?;
    for r in &model.rigid_bodies {
        w.rigid_body(r);
    }

    w.count(model.joints.len())?;
    for j in &model.joints {
        w.joint(j);
    }

    if version == PmxVersion::V2_1 {
        w.count(model.soft_bodies.len())?;
        for s in &model.soft_bodies {
            w.soft_body(s)?;
        }
    }
    w.buf.extend_from_slice(&model.trailing_bytes);
    Ok(w.buf)
}

/// Writes the model to `path` safely: a temp file `.NAME.tmp-PID` beside the
/// target, fsync, then rename over it. On any error the temp file is removed
/// and an existing target is left untouched.
pub fn save(model: &Model, path: impl AsRef<Path>, opts: &WriteOptions) -> Result<()> {
    let bytes = write_pmx(model, opts)?;
    write_file_atomically(path.as_ref(), &bytes)
}

/// Writes `bytes` to `path` through a temp file `.NAME.tmp-PID` beside it, fsync, then rename
/// over it. On any error the temp file is removed and an existing file is left untouched.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let file_name = path.file_name().ok_or_else(|| {
        Error::Write(crate::tr!(
            "pmx-write-not-a-file",
            path = path.display().to_string()
        ))
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let tmp = dir.join(format!(
        ".{}.tmp-{}",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(Error::io(path, e));
    }
    // Make the rename itself durable where the platform allows it.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Saves with the one save rule ([`plan_save`]): the version and index sizes it chooses, the
/// write through [`save`]'s temp file and rename. Returns what the rule changed, for the
/// caller to tell the user.
pub fn save_with_rule(
    model: &Model,
    path: impl AsRef<Path>,
    requested: &WriteOptions,
) -> Result<Vec<SaveChange>> {
    let plan = plan_save(model, requested)?;
    save(model, path, &plan.options)?;
    Ok(plan.changes)
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error instead of killing
/// the process with SIGXFSZ, so [`save`] removes its temp file and keeps the old file. Called
/// once at start by the binaries.
pub fn fail_writes_past_the_file_size_limit() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

fn estimate_size(model: &Model, s: &IndexSizes) -> usize {
    let per_vertex =
        32 + 16 * model.header.additional_uv_count as usize + 1 + 4 * s.bone as usize + 16 + 4;
    1024 + model.vertices.len() * per_vertex + model.faces.len() * 3 * s.vertex as usize
}

// ------------------------------------------------------------------ writer

/// A writer of f32 fields (the PMX writer's bytes, the CSV writer's columns): a vector
/// goes out as its components in order.
pub(crate) trait WriteFloats {
    fn f32(&mut self, v: f32);
    fn f32s<const N: usize>(&mut self, values: [f32; N]) {
        for v in values {
            self.f32(v);
        }
    }
    fn vec2(&mut self, v: Vec2) {
        self.f32s(v.to_array());
    }
    fn vec3(&mut self, v: Vec3) {
        self.f32s(v.to_array());
    }
    fn vec4(&mut self, v: Vec4) {
        self.f32s(v.to_array());
    }
}

impl WriteFloats for Writer {
    fn f32(&mut self, v: f32) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }
}

struct Writer {
    buf: Vec<u8>,
    sizes: IndexSizes,
    utf8: bool,
}

impl Writer {
    fn u8(&mut self, v: u8) {
        self.buf.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }
    fn bool(&mut self, v: bool) {
        self.u8(v as u8);
    }
    fn count(&mut self, n: usize) -> Result<()> {
        let n =
            i32::try_from(n).map_err(|_| Error::Write(crate::tr!("pmx-write-count", count = n)))?;
        self.i32(n);
        Ok(())
    }
    fn count_in(&mut self, what: &str, n: usize) -> Result<()> {
        self.count(n)
            .map_err(|_| Error::Write(crate::tr!("pmx-write-count-of", what = what, count = n)))
    }

    /// Signed index; sizes were chosen so every stored value fits.
    fn index(&mut self, size: u8, v: i32) {
        match size {
            1 => self.u8(v as i8 as u8),
            2 => self.u16(v as i16 as u16),
            _ => self.i32(v),
        }
    }
    fn vertex_index(&mut self, v: i32) {
        match self.sizes.vertex {
            1 => self.u8(v as u8),
            2 => self.u16(v as u16),
            _ => self.i32(v),
        }
    }
    fn bone_index(&mut self, v: i32) {
        self.index(self.sizes.bone, v)
    }

    fn text(&mut self, s: &str) {
        if self.utf8 {
            self.i32(s.len() as i32);
            self.buf.extend_from_slice(s.as_bytes());
        } else {
            let at = self.buf.len();
            self.i32(0);
            for u in s.encode_utf16() {
                self.buf.extend_from_slice(&u.to_le_bytes());
            }
            let len = (self.buf.len() - at - 4) as i32;
            self.buf[at..at + 4].copy_from_slice(&len.to_le_bytes());
        }
    }

    fn vertex(&mut self, v: &Vertex, n_uv: usize) {
        self.vec3(v.position);
        self.vec3(v.normal);
        self.vec2(v.uv);
        for uv in &v.additional_uvs[..n_uv] {
            self.vec4(*uv);
        }
        let kind = v.weights.kind();
        self.u8(kind as u8);
        let (bones, weights, count) = v.weights.bone_weights();
        for &bone in &bones[..count] {
            self.bone_index(bone);
        }
        for &weight in &weights[..kind.stored_weights()] {
            self.f32(weight);
        }
        for point in v.weights.sdef_points().into_iter().flatten() {
            self.vec3(point);
        }
        self.f32(v.edge_scale);
    }

    fn material(&mut self, m: &Material) {
        self.text(&m.name);
        self.text(&m.name_en);
        self.vec4(m.diffuse);
        self.vec3(m.specular);
        self.f32(m.specular_power);
        self.vec3(m.ambient);
        self.u8(m.flags.0);
        self.vec4(m.edge_color);
        self.f32(m.edge_size);
        let ts = self.sizes.texture;
        self.index(ts, m.texture);
        self.index(ts, m.sphere_texture);
        self.u8(m.sphere_mode.to_u8());
        match m.toon {
            Toon::Shared(t) => {
                self.u8(1);
                self.u8(t);
            }
            Toon::Texture(t) => {
                self.u8(0);
                self.index(ts, t);
            }
        }
        self.text(&m.memo);
        self.i32(m.face_index_count);
    }

    fn bone(&mut self, b: &Bone) -> Result<()> {
        self.text(&b.name);
        self.text(&b.name_en);
        self.vec3(b.position);
        self.bone_index(b.parent);
        self.i32(b.layer);
        self.u16(b.file_flags());
        match b.tail {
            Tail::Offset(o) => self.vec3(o),
            Tail::Bone(t) => self.bone_index(t),
        }
        if let Some(a) = &b.append {
            // An append with neither rotate nor translate has no flag to announce it.
            if a.rotate || a.translate {
                self.bone_index(a.parent);
                self.f32(a.ratio);
            }
        }
        if let Some(axis) = b.fixed_axis {
            self.vec3(axis);
        }
        if let Some(l) = &b.local_axes {
            self.vec3(l.x);
            self.vec3(l.z);
        }
        if let Some(k) = b.external_parent_key {
            self.i32(k);
        }
        if let Some(ik) = &b.ik {
            self.bone_index(ik.target);
            self.i32(ik.loop_count);
            self.f32(ik.limit_angle);
            self.count_in("IK links", ik.links.len())?;
            for l in &ik.links {
                self.bone_index(l.bone);
                match &l.limits {
                    Some(lim) => {
                        self.u8(1);
                        self.vec3(lim.lower);
                        self.vec3(lim.upper);
                    }
                    None => self.u8(0),
                }
            }
        }
        Ok(())
    }

    fn morph(&mut self, m: &Morph) -> Result<()> {
        if let MorphOffsets::Uv { layer, .. } = m.offsets {
            if layer > 4 {
                return Err(Error::Write(crate::tr!(
                    "pmx-write-uv-layer",
                    name = m.name.as_str(),
                    layer = layer
                )));
            }
        }
        self.text(&m.name);
        self.text(&m.name_en);
        self.u8(m.panel);
        self.u8(m.kind() as u8);
        self.count_in("morph offsets", m.offsets.len())?;
        let s = self.sizes;
        match &m.offsets {
            MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
                for o in v {
                    self.index(s.morph, o.morph);
                    self.f32(o.ratio);
                }
            }
            MorphOffsets::Vertex(v) => {
                for o in v {
                    self.vertex_index(o.vertex);
                    self.vec3(o.offset);
                }
            }
            MorphOffsets::Bone(v) => {
                for o in v {
                    self.index(s.bone, o.bone);
                    self.vec3(o.translation);
                    self.vec4(o.rotation);
                }
            }
            MorphOffsets::Uv { offsets, .. } => {
                for o in offsets {
                    self.vertex_index(o.vertex);
                    self.vec4(o.offset);
                }
            }
            MorphOffsets::Material(v) => {
                for o in v {
                    self.index(s.material, o.material);
                    self.u8(o.op.to_u8());
                    self.vec4(o.diffuse);
                    self.vec3(o.specular);
                    self.f32(o.specular_power);
                    self.vec3(o.ambient);
                    self.vec4(o.edge_color);
                    self.f32(o.edge_size);
                    self.vec4(o.texture_tint);
                    self.vec4(o.sphere_tint);
                    self.vec4(o.toon_tint);
                }
            }
            MorphOffsets::Impulse(v) => {
                for o in v {
                    self.index(s.rigid_body, o.rigid_body);
                    self.bool(o.local);
                    self.vec3(o.velocity);
                    self.vec3(o.torque);
                }
            }
        }
        Ok(())
    }

    fn display_frame(&mut self, d: &DisplayFrame) -> Result<()> {
        self.text(&d.name);
        self.text(&d.name_en);
        self.bool(d.special);
        self.count_in("display frame elements", d.elements.len())?;
        let s = self.sizes;
        for e in &d.elements {
            match *e {
                DisplayElement::Bone(b) => {
                    self.u8(0);
                    self.index(s.bone, b);
                }
                DisplayElement::Morph(m) => {
                    self.u8(1);
                    self.index(s.morph, m);
                }
            }
        }
        Ok(())
    }

    fn rigid_body(&mut self, r: &RigidBody) {
        self.text(&r.name);
        self.text(&r.name_en);
        self.bone_index(r.bone);
        self.u8(r.group);
        self.u16(r.collision_mask);
        self.u8(r.shape.to_u8());
        for v in r.vectors() {
            self.vec3(v);
        }
        for x in r.scalars() {
            self.f32(x);
        }
        self.u8(r.mode.to_u8());
    }

    fn joint(&mut self, j: &Joint) {
        self.text(&j.name);
        self.text(&j.name_en);
        self.u8(j.kind.to_u8());
        let rs = self.sizes.rigid_body;
        self.index(rs, j.body_a);
        self.index(rs, j.body_b);
        for v in j.vectors() {
            self.vec3(v);
        }
    }

    fn soft_body(&mut self, s: &SoftBody) -> Result<()> {
        self.text(&s.name);
        self.text(&s.name_en);
        self.u8(s.shape.to_u8());
        self.index(self.sizes.material, s.material);
        self.u8(s.group);
        self.u16(s.collision_mask);
        self.u8(s.flags.0);
        self.i32(s.b_link_distance);
        self.i32(s.cluster_count);
        self.f32(s.total_mass);
        self.f32(s.margin);
        self.i32(s.aero_model.to_i32());
        for v in s.config.values().into_iter().chain(s.cluster.values()) {
            self.f32(v);
        }
        for v in s.iterations.values() {
            self.i32(v);
        }
        for v in s.material_params.values() {
            self.f32(v);
        }
        self.count_in("soft-body anchors", s.anchors.len())?;
        for a in &s.anchors {
            self.index(self.sizes.rigid_body, a.rigid_body);
            self.vertex_index(a.vertex);
            self.bool(a.near_mode);
        }
        self.count_in("soft-body pins", s.pins.len())?;
        for &p in &s.pins {
            self.vertex_index(p);
        }
        Ok(())
    }
}
