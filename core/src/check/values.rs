//! Numbers:
//! - `E-NONFINITE`: NaN or ±Inf stored anywhere — vertices (position, normal,
//!   UVs, edge scale), bones (position, tail offset, append ratio, IK angle and
//!   limits), morph offsets, materials, rigid bodies, joints and soft bodies. The
//!   fields other checks judge are left to them: vertex weights and SDEF
//!   parameters (`W-WEIGHT-RANGE`, `W-SDEF-DEGENERATE`) and bone axes
//!   (`E-AXIS-DEGENERATE`). One problem per element, naming the fields.
//! - `W-COLOR-RANGE`: a material colour or alpha outside [0, 1] (diffuse,
//!   specular, ambient, edge). Fix: clamp.

use super::{ElementRef, Fix, Problem};
use crate::pmx::{Model, MorphOffsets, Tail, Vertex};
use glam::{Vec2, Vec3, Vec4};

/// Names of the non-finite fields of one element.
#[derive(Default)]
struct Fields(Vec<&'static str>);

impl Fields {
    fn f(&mut self, name: &'static str, v: f32) {
        if !v.is_finite() {
            self.0.push(name);
        }
    }
    fn v2(&mut self, name: &'static str, v: Vec2) {
        if !v.is_finite() {
            self.0.push(name);
        }
    }
    fn v3(&mut self, name: &'static str, v: Vec3) {
        if !v.is_finite() {
            self.0.push(name);
        }
    }
    fn v4(&mut self, name: &'static str, v: Vec4) {
        if !v.is_finite() {
            self.0.push(name);
        }
    }
    fn report(self, model: &Model, me: ElementRef, out: &mut Vec<Problem>) {
        if self.0.is_empty() {
            return;
        }
        out.push(Problem::error(
            "E-NONFINITE",
            me,
            format!(
                "{}: NaN or infinite number in {}",
                me.describe(model),
                self.0.join(", ")
            ),
        ));
    }
}

pub fn check_numbers(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, v) in model.vertices.iter().enumerate() {
        check_vertex(model, i, v, &mut out);
    }
    out.extend(check_other_numbers(model));
    out
}

/// `E-NONFINITE` for vertex `i` (`check_model` runs this in its one pass over
/// the vertices).
#[inline]
pub(crate) fn check_vertex(model: &Model, i: usize, v: &Vertex, out: &mut Vec<Problem>) {
    // x·0 is 0 for a finite x and NaN otherwise: one sum tests every field.
    let z = |a: &[f32]| a.iter().map(|x| x * 0.0).sum::<f32>();
    let u = &v.additional_uvs;
    let probe = z(&v.position.to_array())
        + z(&v.normal.to_array())
        + z(&v.uv.to_array())
        + z(&u[0].to_array())
        + z(&u[1].to_array())
        + z(&u[2].to_array())
        + z(&u[3].to_array())
        + v.edge_scale * 0.0;
    if probe == 0.0 {
        return;
    }
    let mut f = Fields::default();
    f.v3("position", v.position);
    f.v3("normal", v.normal);
    f.v2("UV", v.uv);
    for (k, name) in ["UV1", "UV2", "UV3", "UV4"].into_iter().enumerate() {
        f.v4(name, v.additional_uvs[k]);
    }
    f.f("edge scale", v.edge_scale);
    f.report(model, ElementRef::Vertex(i as i32), out);
}

/// Everything but the vertices.
pub(crate) fn check_other_numbers(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, b) in model.bones.iter().enumerate() {
        let mut f = Fields::default();
        f.v3("position", b.position);
        if let Tail::Offset(o) = b.tail {
            f.v3("tail offset", o);
        }
        if let Some(a) = &b.append {
            f.f("append ratio", a.ratio);
        }
        if let Some(ik) = &b.ik {
            f.f("IK angle limit", ik.limit_angle);
            if ik
                .links
                .iter()
                .flat_map(|l| l.limits)
                .any(|l| !(l.lower.is_finite() && l.upper.is_finite()))
            {
                f.0.push("IK link limits");
            }
        }
        f.report(model, ElementRef::Bone(i as i32), &mut out);
    }
    for (i, m) in model.morphs.iter().enumerate() {
        let first = first_nonfinite_offset(&m.offsets);
        if let Some((k, count)) = first {
            let me = ElementRef::Morph(i as i32);
            out.push(Problem::error(
                "E-NONFINITE",
                me,
                format!(
                    "{}: NaN or infinite number in {count} offset(s), first offset #{k}",
                    me.describe(model)
                ),
            ));
        }
    }
    for (i, m) in model.materials.iter().enumerate() {
        let mut f = Fields::default();
        f.v4("diffuse", m.diffuse);
        f.v3("specular", m.specular);
        f.f("specular power", m.specular_power);
        f.v3("ambient", m.ambient);
        f.v4("edge colour", m.edge_color);
        f.f("edge size", m.edge_size);
        let me = ElementRef::Material(i as i32);
        let colours_finite = f.0.is_empty();
        f.report(model, me, &mut out);
        if colours_finite {
            check_colour_range(model, i, &mut out);
        }
    }
    for (i, r) in model.rigid_bodies.iter().enumerate() {
        let mut f = Fields::default();
        f.v3("size", r.size);
        f.v3("position", r.position);
        f.v3("rotation", r.rotation);
        f.f("mass", r.mass);
        f.f("linear damping", r.linear_damping);
        f.f("angular damping", r.angular_damping);
        f.f("restitution", r.restitution);
        f.f("friction", r.friction);
        f.report(model, ElementRef::RigidBody(i as i32), &mut out);
    }
    for (i, j) in model.joints.iter().enumerate() {
        let mut f = Fields::default();
        f.v3("position", j.position);
        f.v3("rotation", j.rotation);
        f.v3("linear lower limit", j.linear_lower);
        f.v3("linear upper limit", j.linear_upper);
        f.v3("angular lower limit", j.angular_lower);
        f.v3("angular upper limit", j.angular_upper);
        f.v3("linear spring", j.linear_spring);
        f.v3("angular spring", j.angular_spring);
        f.report(model, ElementRef::Joint(i as i32), &mut out);
    }
    for (i, s) in model.soft_bodies.iter().enumerate() {
        let mut f = Fields::default();
        f.f("total mass", s.total_mass);
        f.f("collision margin", s.margin);
        let c = &s.config;
        let config = [
            c.vcf, c.dp, c.dg, c.lf, c.pr, c.vc, c.df, c.mt, c.chr, c.khr, c.shr, c.ahr,
        ];
        if !config.iter().all(|x| x.is_finite()) {
            f.0.push("config");
        }
        let k = &s.cluster;
        let cluster = [
            k.srhr_cl,
            k.skhr_cl,
            k.sshr_cl,
            k.sr_splt_cl,
            k.sk_splt_cl,
            k.ss_splt_cl,
        ];
        if !cluster.iter().all(|x| x.is_finite()) {
            f.0.push("cluster parameters");
        }
        let p = &s.material_params;
        if !(p.lst.is_finite() && p.ast.is_finite() && p.vst.is_finite()) {
            f.0.push("material stiffness");
        }
        f.report(model, ElementRef::SoftBody(i as i32), &mut out);
    }
    out
}

/// (index of the first offset with a non-finite number, how many have one).
fn first_nonfinite_offset(offsets: &MorphOffsets) -> Option<(usize, usize)> {
    fn scan<T>(v: &[T], bad: impl Fn(&T) -> bool) -> Option<(usize, usize)> {
        let first = v.iter().position(&bad)?;
        Some((first, v[first..].iter().filter(|o| bad(o)).count()))
    }
    match offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => scan(v, |o| !o.ratio.is_finite()),
        MorphOffsets::Vertex(v) => scan(v, |o| !o.offset.is_finite()),
        MorphOffsets::Bone(v) => scan(v, |o| {
            !(o.translation.is_finite() && o.rotation.is_finite())
        }),
        MorphOffsets::Uv { offsets, .. } => scan(offsets, |o| !o.offset.is_finite()),
        MorphOffsets::Material(v) => scan(v, |o| {
            !(o.diffuse.is_finite()
                && o.specular.is_finite()
                && o.specular_power.is_finite()
                && o.ambient.is_finite()
                && o.edge_color.is_finite()
                && o.edge_size.is_finite()
                && o.texture_tint.is_finite()
                && o.sphere_tint.is_finite()
                && o.toon_tint.is_finite())
        }),
        MorphOffsets::Impulse(v) => scan(v, |o| !(o.velocity.is_finite() && o.torque.is_finite())),
    }
}

fn check_colour_range(model: &Model, i: usize, out: &mut Vec<Problem>) {
    let m = &model.materials[i];
    let outside = |v: &[f32]| v.iter().any(|x| !(0.0..=1.0).contains(x));
    let mut fields = Vec::new();
    if outside(&m.diffuse.truncate().to_array()) {
        fields.push("diffuse");
    }
    if outside(&[m.diffuse.w]) {
        fields.push("alpha");
    }
    if outside(&m.specular.to_array()) {
        fields.push("specular");
    }
    if outside(&m.ambient.to_array()) {
        fields.push("ambient");
    }
    if outside(&m.edge_color.to_array()) {
        fields.push("edge colour");
    }
    if fields.is_empty() {
        return;
    }
    let me = ElementRef::Material(i as i32);
    out.push(
        Problem::warning(
            "W-COLOR-RANGE",
            me,
            format!(
                "{}: {} outside 0..1; MMD's shader clamps or overflows such colours differently per effect",
                me.describe(model),
                fields.join(", ")
            ),
        )
        .with_fix(Some(Fix::ClampColors { material: i as i32 })),
    );
}
