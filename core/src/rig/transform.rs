//! Scale, rotate and move a model or part of it, as one undo step: p′ = R·(s·p) + t.
//!
//! Points (vertex and bone positions, SDEF C/R0/R1, body and joint positions) take
//! the whole transform; displacements (offset tails, vertex-morph offsets, bone-morph
//! translations) take R·s; directions (normals, fixed and local axes) take R; body and
//! joint rotations turn by R; lengths (body sizes, joint translation limits, soft-body
//! margins) scale by s. Angles, springs and masses keep their values. What MMD reads
//! relative to a bone (bone-morph rotations) turns by R·q·R⁻¹.
//!
//! The part is the whole model, a set of vertices (with their morph offsets), or a set
//! of bones with what hangs on them: their bodies, the joints those bodies' chains
//! own (body B, else A, as the rest-pose rule), the vertices weighted only by them
//! and those vertices' morph offsets.

use super::input::InputError;
use crate::edit::{Element, ModelEdit};
use crate::pmx::{euler_angles, euler_rotation, LocalAxes, Model, MorphOffsets, Tail, Weights};
use glam::{Quat, Vec3, Vec4};

/// The transform: scale about the origin, then rotate (MMD's Y·X·Z Euler order, as
/// bodies store theirs), then translate.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Transform {
    pub scale: f32,
    pub rotate_deg: Vec3,
    pub translate: Vec3,
}

impl Default for Transform {
    fn default() -> Self {
        Transform {
            scale: 1.0,
            rotate_deg: Vec3::ZERO,
            translate: Vec3::ZERO,
        }
    }
}

/// What the transform moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Scope {
    #[default]
    All,
    Vertices(Vec<usize>),
    Bones(Vec<usize>),
}

struct Affine {
    s: f32,
    r: Quat,
    t: Vec3,
}

impl Affine {
    fn point(&self, p: Vec3) -> Vec3 {
        self.r * (p * self.s) + self.t
    }
    fn offset(&self, d: Vec3) -> Vec3 {
        self.r * (d * self.s)
    }
    /// A rotation keeps lengths: stored normals and axes keep theirs (unit or not).
    fn direction(&self, n: Vec3) -> Vec3 {
        self.r * n
    }
    fn turn_euler(&self, angles: Vec3) -> Vec3 {
        euler_angles(self.r * euler_rotation(angles))
    }
    fn conjugate(&self, q: Vec4) -> Vec4 {
        let q = self.r * Quat::from_vec4(q) * self.r.conjugate();
        Vec4::from(q)
    }
}

/// The elements of `list` whose flag is set, with their indices.
fn chosen<'m, T>(list: &'m [T], flags: &'m [bool]) -> impl Iterator<Item = (usize, &'m T)> + 'm {
    list.iter().enumerate().filter(|(i, _)| flags[*i])
}

/// The step that transforms `scope` of `model` by `t`; refused for a scale that is not
/// a positive finite number, a part that names no element, or a transform that moves
/// nothing.
pub fn transform(model: &Model, t: &Transform, scope: &Scope) -> Result<ModelEdit, InputError> {
    if !(t.scale.is_finite() && t.scale > 0.0) {
        let scale = t.scale as f64;
        return Err(InputError::Invalid(crate::tr!(
            "transform-bad-scale",
            scale = scale
        )));
    }
    if !(t.rotate_deg.is_finite() && t.translate.is_finite()) {
        return Err(InputError::Invalid(crate::tr!("transform-not-finite")));
    }
    let a = Affine {
        s: t.scale,
        r: euler_rotation(t.rotate_deg * (std::f32::consts::PI / 180.0)),
        t: t.translate,
    };
    if a.s == 1.0 && a.r == Quat::IDENTITY && a.t == Vec3::ZERO {
        return Err(InputError::Invalid(crate::tr!("transform-nothing")));
    }
    let part = Part::new(model, scope)?;
    let mut items: Vec<(usize, Element)> = Vec::new();

    for (i, bone) in chosen(&model.bones, &part.bones) {
        let mut b = bone.clone();
        b.position = a.point(b.position);
        if let Tail::Offset(o) = b.tail {
            b.tail = Tail::Offset(a.offset(o));
        }
        b.fixed_axis = b.fixed_axis.map(|x| a.direction(x));
        b.local_axes = b.local_axes.map(|l| LocalAxes {
            x: a.direction(l.x),
            z: a.direction(l.z),
        });
        push(&mut items, i, bone, b);
    }
    for (i, v) in chosen(&model.vertices, &part.vertices) {
        let mut nv = v.clone();
        nv.position = a.point(v.position);
        nv.normal = a.direction(v.normal);
        if let Weights::Sdef { c, r0, r1, .. } = &mut nv.weights {
            *c = a.point(*c);
            *r0 = a.point(*r0);
            *r1 = a.point(*r1);
        }
        push(&mut items, i, v, nv);
    }
    for (i, m) in model.morphs.iter().enumerate() {
        let mut nm = m.clone();
        match &mut nm.offsets {
            MorphOffsets::Vertex(offsets) => {
                for o in offsets.iter_mut().filter(|o| part.vertex(o.vertex)) {
                    o.offset = a.offset(o.offset);
                }
            }
            MorphOffsets::Bone(offsets) => {
                for o in offsets.iter_mut().filter(|o| part.bone(o.bone)) {
                    o.translation = a.offset(o.translation);
                    o.rotation = a.conjugate(o.rotation);
                }
            }
            MorphOffsets::Impulse(offsets) => {
                // World-space impulses turn with the model (local ones ride their body).
                for o in offsets
                    .iter_mut()
                    .filter(|o| !o.local && part.body(o.rigid_body))
                {
                    o.velocity = a.offset(o.velocity);
                    o.torque = a.r * o.torque;
                }
            }
            _ => {}
        }
        push(&mut items, i, m, nm);
    }
    for (i, rb) in chosen(&model.rigid_bodies, &part.bodies) {
        let mut nb = rb.clone();
        nb.position = a.point(rb.position);
        nb.rotation = a.turn_euler(rb.rotation);
        nb.size = rb.size * a.s;
        push(&mut items, i, rb, nb);
    }
    for (i, j) in chosen(&model.joints, &part.joints) {
        let mut nj = j.clone();
        nj.position = a.point(j.position);
        nj.rotation = a.turn_euler(j.rotation);
        nj.linear_lower = j.linear_lower * a.s;
        nj.linear_upper = j.linear_upper * a.s;
        push(&mut items, i, j, nj);
    }
    if part.all {
        for (i, sb) in model.soft_bodies.iter().enumerate() {
            let mut ns = sb.clone();
            ns.margin = sb.margin * a.s;
            push(&mut items, i, sb, ns);
        }
    }
    if items.is_empty() {
        return Err(InputError::Invalid(crate::tr!("transform-nothing")));
    }
    let [rx, ry, rz] = t.rotate_deg.to_array().map(f64::from);
    let [x, y, z] = t.translate.to_array().map(f64::from);
    let label = crate::tr!(
        "transform-label",
        part = part.what.clone(),
        scale = t.scale as f64,
        rx = rx,
        ry = ry,
        rz = rz,
        x = x,
        y = y,
        z = z
    );
    Ok(ModelEdit::set_many(items, "transform").label(label))
}

fn push<T: Clone + PartialEq + Into<Element>>(
    items: &mut Vec<(usize, Element)>,
    i: usize,
    old: &T,
    new: T,
) {
    if new != *old {
        items.push((i, new.into()));
    }
}

/// Which elements a scope moves.
struct Part {
    all: bool,
    bones: Vec<bool>,
    vertices: Vec<bool>,
    bodies: Vec<bool>,
    joints: Vec<bool>,
    what: String,
}

fn flag(len: usize, on: &[usize]) -> Vec<bool> {
    let mut v = vec![false; len];
    for &i in on {
        v[i] = true;
    }
    v
}

fn at(flags: &[bool], i: i32) -> bool {
    usize::try_from(i).ok().and_then(|i| flags.get(i)).copied() == Some(true)
}

impl Part {
    fn vertex(&self, i: i32) -> bool {
        at(&self.vertices, i)
    }
    fn bone(&self, i: i32) -> bool {
        at(&self.bones, i)
    }
    fn body(&self, i: i32) -> bool {
        at(&self.bodies, i)
    }

    fn new(model: &Model, scope: &Scope) -> Result<Part, InputError> {
        let n = |len| vec![true; len];
        let none = |len| vec![false; len];
        let check = |list: &[usize], len: usize, what: &'static str| {
            if list.is_empty() {
                return Err(InputError::Invalid(crate::tr!("transform-empty-part")));
            }
            match list.iter().find(|&&i| i >= len) {
                Some(&index) => Err(InputError::NoSuchElement { what, index, len }),
                None => Ok(()),
            }
        };
        Ok(match scope {
            Scope::All => Part {
                all: true,
                bones: n(model.bones.len()),
                vertices: n(model.vertices.len()),
                bodies: n(model.rigid_bodies.len()),
                joints: n(model.joints.len()),
                what: crate::tr!("transform-part-model"),
            },
            Scope::Vertices(list) => {
                check(list, model.vertices.len(), "vertex")?;
                Part {
                    all: false,
                    bones: none(model.bones.len()),
                    vertices: flag(model.vertices.len(), list),
                    bodies: none(model.rigid_bodies.len()),
                    joints: none(model.joints.len()),
                    what: crate::tr!("transform-part-vertices", count = list.len() as i64),
                }
            }
            Scope::Bones(list) => {
                check(list, model.bones.len(), "bone")?;
                let bones = flag(model.bones.len(), list);
                let vertices = model
                    .vertices
                    .iter()
                    .map(|v| {
                        let (b, w, k) = v.weights.bone_weights();
                        (0..k).all(|i| w[i] == 0.0 || at(&bones, b[i]))
                    })
                    .collect();
                let bodies: Vec<bool> = model
                    .rigid_bodies
                    .iter()
                    .map(|rb| at(&bones, rb.bone))
                    .collect();
                let joints = model
                    .joints
                    .iter()
                    .map(|j| {
                        let owner = if j.body_b >= 0 { j.body_b } else { j.body_a };
                        at(&bodies, owner)
                    })
                    .collect();
                Part {
                    all: false,
                    bones,
                    vertices,
                    bodies,
                    joints,
                    what: crate::tr!("transform-part-bones", count = list.len() as i64),
                }
            }
        })
    }
}
