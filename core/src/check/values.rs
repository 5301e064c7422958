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
use glam::{Quat, Vec2, Vec3, Vec4};

/// The float bits that are all set in NaN and ±Inf (and in nothing else).
const EXPONENT: u32 = 0x7f80_0000;

/// Whether every number is finite, testing bits: an or of compares has no
/// order to keep, so it vectorises (a float sum or `all` does not).
#[inline]
pub(crate) fn all_finite(xs: &[f32]) -> bool {
    !xs.iter()
        .fold(false, |any, x| any | (x.to_bits() & EXPONENT == EXPONENT))
}

/// A number or a vector of them.
trait Numbers: Copy {
    fn finite(self) -> bool;
}

impl Numbers for f32 {
    fn finite(self) -> bool {
        self.is_finite()
    }
}

macro_rules! vector_numbers {
    ($($t:ty),+) => {$(
        impl Numbers for $t {
            fn finite(self) -> bool {
                all_finite(&self.to_array())
            }
        }
    )+};
}
vector_numbers!(Vec2, Vec3, Vec4, Quat);

/// Catalogue keys of the names of the non-finite fields of one element.
#[derive(Default)]
struct Fields(Vec<&'static str>);

impl Fields {
    fn num(&mut self, name: &'static str, v: impl Numbers) {
        if !v.finite() {
            self.0.push(name);
        }
    }
    /// Pushes `E-NONFINITE` naming the fields, if any; whether it did.
    fn report(self, model: &Model, me: ElementRef, out: &mut Vec<Problem>) -> bool {
        if self.0.is_empty() {
            return false;
        }
        me.finding(model, "E-NONFINITE", "check-msg-nonfinite")
            .role("element")
            .arg("fields", field_labels(&self.0))
            .push(out);
        true
    }
}

/// `E-NONFINITE` for element `$e` (reported as `$me`): each `field "name"` is
/// tested; evaluates to whether a problem was pushed.
macro_rules! nonfinite {
    ($model:expr, $out:expr, $me:expr, $e:expr; $($field:ident $name:literal),+ $(,)?) => {{
        let mut f = Fields::default();
        $(f.num($name, $e.$field);)+
        f.report($model, $me, $out)
    }};
}

pub fn check_numbers(model: &Model) -> Vec<Problem> {
    super::each_vertex_then(model, check_vertex, check_other_numbers)
}

/// `E-NONFINITE` for vertex `i` (`check_model` runs this in its one pass over
/// the vertices).
#[inline]
pub(crate) fn check_vertex(model: &Model, i: usize, v: &Vertex, out: &mut Vec<Problem>) {
    let (p, n, t, u) = (v.position, v.normal, v.uv, &v.additional_uvs);
    let numbers = [
        p.x,
        p.y,
        p.z,
        n.x,
        n.y,
        n.z,
        t.x,
        t.y,
        u[0].x,
        u[0].y,
        u[0].z,
        u[0].w,
        u[1].x,
        u[1].y,
        u[1].z,
        u[1].w,
        u[2].x,
        u[2].y,
        u[2].z,
        u[2].w,
        u[3].x,
        u[3].y,
        u[3].z,
        u[3].w,
        v.edge_scale,
    ];
    if all_finite(&numbers) {
        return;
    }
    let mut f = Fields::default();
    f.num("check-field-position", v.position);
    f.num("check-field-normal", v.normal);
    f.num("check-field-uv", v.uv);
    for (k, name) in [
        "check-field-uv1",
        "check-field-uv2",
        "check-field-uv3",
        "check-field-uv4",
    ]
    .into_iter()
    .enumerate()
    {
        f.num(name, v.additional_uvs[k]);
    }
    f.num("check-field-edge-scale", v.edge_scale);
    f.report(model, ElementRef::Vertex(i as i32), out);
}

/// Everything but the vertices.
pub(crate) fn check_other_numbers(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, b) in model.bones.iter().enumerate() {
        let mut f = Fields::default();
        f.num("check-field-position", b.position);
        if let Tail::Offset(o) = b.tail {
            f.num("check-field-tail-offset", o);
        }
        if let Some(a) = &b.append {
            f.num("check-field-append-ratio", a.ratio);
        }
        if let Some(ik) = &b.ik {
            f.num("check-field-ik-angle-limit", ik.limit_angle);
            if ik
                .links
                .iter()
                .flat_map(|l| l.limits)
                .any(|l| !(l.lower.is_finite() && l.upper.is_finite()))
            {
                f.0.push("check-field-ik-link-limits");
            }
        }
        f.report(model, ElementRef::Bone(i as i32), &mut out);
    }
    for (i, m) in model.morphs.iter().enumerate() {
        let first = first_nonfinite_offset(&m.offsets);
        if let Some((k, count)) = first {
            ElementRef::Morph(i as i32)
                .finding(model, "E-NONFINITE", "check-msg-nonfinite-offsets")
                .arg("count", count)
                .arg("first", k)
                .push(&mut out);
        }
    }
    for (i, m) in model.materials.iter().enumerate() {
        let me = ElementRef::Material(i as i32);
        #[rustfmt::skip]
        let reported = nonfinite!(model, &mut out, me, m; diffuse "check-field-diffuse", specular "check-field-specular",
            specular_power "check-field-specular-power", ambient "check-field-ambient", edge_color "check-field-edge-colour",
            edge_size "check-field-edge-size");
        if !reported {
            check_colour_range(model, i, &mut out);
        }
    }
    for (i, r) in model.rigid_bodies.iter().enumerate() {
        let me = ElementRef::RigidBody(i as i32);
        #[rustfmt::skip]
        nonfinite!(model, &mut out, me, r; size "check-field-size", position "check-field-position", rotation "check-field-rotation",
            mass "check-field-mass", linear_damping "check-field-linear-damping", angular_damping "check-field-angular-damping",
            restitution "check-field-restitution", friction "check-field-friction");
    }
    for (i, j) in model.joints.iter().enumerate() {
        let me = ElementRef::Joint(i as i32);
        #[rustfmt::skip]
        nonfinite!(model, &mut out, me, j; position "check-field-position", rotation "check-field-rotation",
            linear_lower "check-field-linear-lower-limit", linear_upper "check-field-linear-upper-limit",
            angular_lower "check-field-angular-lower-limit", angular_upper "check-field-angular-upper-limit",
            linear_spring "check-field-linear-spring", angular_spring "check-field-angular-spring");
    }
    for (i, s) in model.soft_bodies.iter().enumerate() {
        let mut f = Fields::default();
        f.num("check-field-total-mass", s.total_mass);
        f.num("check-field-collision-margin", s.margin);
        if !s.config.values().iter().all(|x| x.is_finite()) {
            f.0.push("check-field-config");
        }
        if !s.cluster.values().iter().all(|x| x.is_finite()) {
            f.0.push("check-field-cluster-parameters");
        }
        if !s.material_params.values().iter().all(|x| x.is_finite()) {
            f.0.push("check-field-material-stiffness");
        }
        f.report(model, ElementRef::SoftBody(i as i32), &mut out);
    }
    out
}

/// (index of the first offset with a non-finite number, how many have one).
fn first_nonfinite_offset(offsets: &MorphOffsets) -> Option<(usize, usize)> {
    fn scan<T>(v: &[T], bad: impl Fn(&T) -> bool) -> Option<(usize, usize)> {
        // One pass without early exit first: nearly every morph is clean.
        if !v.iter().fold(false, |any, o| any | bad(o)) {
            return None;
        }
        let first = v.iter().position(&bad)?;
        Some((first, v[first..].iter().filter(|o| bad(o)).count()))
    }
    match offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => scan(v, |o| !o.ratio.finite()),
        MorphOffsets::Vertex(v) => scan(v, |o| !o.offset.finite()),
        MorphOffsets::Bone(v) => scan(v, |o| !(o.translation.finite() && o.rotation.finite())),
        MorphOffsets::Uv { offsets, .. } => scan(offsets, |o| !o.offset.finite()),
        MorphOffsets::Material(v) => scan(v, |o| {
            let colours = [
                o.diffuse,
                o.edge_color,
                o.texture_tint,
                o.sphere_tint,
                o.toon_tint,
            ];
            !(colours.iter().all(|c| c.finite())
                && o.specular.finite()
                && o.ambient.finite()
                && all_finite(&[o.specular_power, o.edge_size]))
        }),
        MorphOffsets::Impulse(v) => scan(v, |o| !(o.velocity.finite() && o.torque.finite())),
    }
}

fn check_colour_range(model: &Model, i: usize, out: &mut Vec<Problem>) {
    let m = &model.materials[i];
    let outside = |v: &[f32]| v.iter().any(|x| !(0.0..=1.0).contains(x));
    let mut fields = Vec::new();
    if outside(&m.diffuse.truncate().to_array()) {
        fields.push("check-field-diffuse");
    }
    if outside(&[m.diffuse.w]) {
        fields.push("check-field-alpha");
    }
    if outside(&m.specular.to_array()) {
        fields.push("check-field-specular");
    }
    if outside(&m.ambient.to_array()) {
        fields.push("check-field-ambient");
    }
    if outside(&m.edge_color.to_array()) {
        fields.push("check-field-edge-colour");
    }
    if fields.is_empty() {
        return;
    }
    ElementRef::Material(i as i32)
        .finding(model, "W-COLOR-RANGE", "check-msg-color-range")
        .arg("fields", field_labels(&fields))
        .fix(Fix::ClampColors { material: i as i32 })
        .push(out);
}

/// Field names (catalogue keys) as the user reads them, comma-separated.
fn field_labels(keys: &[&str]) -> String {
    keys.iter()
        .map(|&key| crate::tr!(key))
        .collect::<Vec<_>>()
        .join(", ")
}
