//! `E-INDEX-RANGE`: every reference between elements must point inside its list.
//!
//! −1 ("none") is accepted where the spec allows it: bone parent/tail/append,
//! material textures and toon, material-morph target (= every material),
//! rigid-body bone, vertex weights (the weight check judges those), IK target,
//! joint bodies and soft-body material (their own checks report −1). Elsewhere −1 is out of range.

use super::{valid, ElementRef, Problem};
use crate::edit::ElementKind;
use crate::pmx::{DisplayElement, Model, MorphOffsets, Tail, Toon, Vertex, NONE};

struct Ranges<'a> {
    model: &'a Model,
    out: Vec<Problem>,
}

impl Ranges<'_> {
    /// Reports `index` unless it is inside `0..len` (or −1 when `none_ok`);
    /// `what` is the catalogue key of the field's name.
    #[inline]
    fn check(
        &mut self,
        owner: ElementRef,
        what: &'static str,
        index: i32,
        list: ElementKind,
        none_ok: bool,
    ) {
        self.check_with(owner, || crate::tr!(what), index, list, none_ok);
    }

    /// [`check`](Self::check) with the field's name made only when reported.
    #[inline]
    fn check_with(
        &mut self,
        owner: ElementRef,
        what: impl FnOnce() -> String,
        index: i32,
        list: ElementKind,
        none_ok: bool,
    ) {
        let len = list.len(self.model);
        if (index as u32 as usize) < len || (none_ok && index == NONE) {
            return;
        }
        self.report(owner, what(), index, list);
    }

    #[cold]
    fn report(&mut self, owner: ElementRef, what: String, index: i32, list: ElementKind) {
        let len = list.len(self.model);
        let msg = crate::tr!(
            "check-msg-index-range",
            owner = owner.describe(self.model),
            what = what,
            index = index,
            len = len,
            list = list.plural_label()
        );
        self.out.push(Problem::error("E-INDEX-RANGE", owner, msg));
    }
}

pub fn check_index_ranges(model: &Model) -> Vec<Problem> {
    super::each_vertex_then(model, check_vertex, check_other_ranges)
}

/// The weight bones of vertex `i` (`check_model` runs this in its one pass
/// over the vertices). −1 is padding; −1 carrying weight is E-WEIGHT-NONE-BONE.
#[inline]
pub(crate) fn check_vertex(model: &Model, i: usize, v: &Vertex, out: &mut Vec<Problem>) {
    let nbones = model.bones.len();
    if v.weights
        .bones()
        .iter()
        .all(|&b| (b as u32 as usize) < nbones || b == NONE)
    {
        return;
    }
    let mut r = Ranges {
        model,
        out: std::mem::take(out),
    };
    for &b in v.weights.bones() {
        r.check(
            ElementRef::Vertex(i as i32),
            "check-ref-weight-bone",
            b,
            ElementKind::Bone,
            true,
        );
    }
    *out = r.out;
}

/// Everything but the vertices' weight bones.
pub(crate) fn check_other_ranges(model: &Model) -> Vec<Problem> {
    use ElementKind as L;
    use ElementRef as R;
    let mut r = Ranges {
        model,
        out: Vec::new(),
    };

    let nv = model.vertices.len();
    let in_range = |f: &[i32; 3]| f.iter().all(|&v| (v as u32 as usize) < nv);
    if !model.faces.iter().all(in_range) {
        for (i, f) in model.faces.iter().enumerate() {
            for &v in f {
                r.check(R::Face(i as i32), "check-ref-vertex", v, L::Vertex, false);
            }
        }
    }

    // Material face ranges must tile the face list.
    let total: i64 = model
        .materials
        .iter()
        .map(|m| m.face_index_count as i64)
        .sum();
    let available = model.faces.len() as i64 * 3;
    let mut start = 0i64;
    for (i, m) in model.materials.iter().enumerate() {
        let me = R::Material(i as i32);
        let c = m.face_index_count as i64;
        if c < 0 || c % 3 != 0 {
            me.finding(
                model,
                "E-MATERIAL-FACE-COUNT",
                "check-msg-material-face-count",
            )
            .arg("count", c)
            .push(&mut r.out);
        } else if start + c > available {
            me.finding(model, "E-INDEX-RANGE", "check-msg-material-face-range")
                .arg("start", start)
                .arg("end", start + c)
                .arg("available", available)
                .push(&mut r.out);
        }
        start += c.max(0);
        r.check(me, "check-ref-texture", m.texture, L::Texture, true);
        r.check(
            me,
            "check-ref-sphere-texture",
            m.sphere_texture,
            L::Texture,
            true,
        );
        match m.toon {
            Toon::Texture(t) => r.check(me, "check-ref-toon-texture", t, L::Texture, true),
            Toon::Shared(s) if s > 9 => {
                me.finding(model, "E-INDEX-RANGE", "check-msg-shared-toon")
                    .arg("toon", s)
                    .push(&mut r.out);
            }
            Toon::Shared(_) => {}
        }
    }
    if total < available && !model.materials.is_empty() {
        let msg = crate::tr!(
            "check-msg-face-unused",
            total = total,
            available = available
        );
        r.out.push(Problem::warning("W-FACE-UNUSED", R::Model, msg));
    }

    for (i, b) in model.bones.iter().enumerate() {
        let me = R::Bone(i as i32);
        r.check(me, "check-ref-parent", b.parent, L::Bone, true);
        if let Tail::Bone(t) = b.tail {
            r.check(me, "check-ref-tail-bone", t, L::Bone, true);
        }
        if let Some(a) = &b.append {
            r.check(me, "check-ref-append-parent", a.parent, L::Bone, true);
        }
        if let Some(ik) = &b.ik {
            r.check(me, "check-ref-ik-target", ik.target, L::Bone, true);
            for (k, l) in ik.links.iter().enumerate() {
                r.check_with(
                    me,
                    || crate::tr!("check-ref-ik-link", k = k),
                    l.bone,
                    L::Bone,
                    false,
                );
            }
        }
    }

    for (i, m) in model.morphs.iter().enumerate() {
        let me = R::Morph(i as i32);
        match &m.offsets {
            MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
                for o in v {
                    r.check(me, "check-ref-offset-morph", o.morph, L::Morph, false);
                }
            }
            MorphOffsets::Vertex(v) => {
                if !v.iter().all(|o| (o.vertex as u32 as usize) < nv) {
                    for o in v {
                        r.check(me, "check-ref-offset-vertex", o.vertex, L::Vertex, false);
                    }
                }
            }
            MorphOffsets::Bone(v) => {
                for o in v {
                    r.check(me, "check-ref-offset-bone", o.bone, L::Bone, false);
                }
            }
            MorphOffsets::Uv { offsets, .. } => {
                if !offsets.iter().all(|o| (o.vertex as u32 as usize) < nv) {
                    for o in offsets {
                        r.check(me, "check-ref-offset-vertex", o.vertex, L::Vertex, false);
                    }
                }
            }
            MorphOffsets::Material(v) => {
                for o in v {
                    r.check(
                        me,
                        "check-ref-offset-material",
                        o.material,
                        L::Material,
                        true,
                    );
                }
            }
            MorphOffsets::Impulse(v) => {
                for o in v {
                    r.check(
                        me,
                        "check-ref-offset-rigid-body",
                        o.rigid_body,
                        L::RigidBody,
                        false,
                    );
                }
            }
        }
    }

    for (i, f) in model.display_frames.iter().enumerate() {
        let me = R::DisplayFrame(i as i32);
        for e in &f.elements {
            match *e {
                DisplayElement::Bone(b) => r.check(me, "check-ref-bone", b, L::Bone, false),
                DisplayElement::Morph(m) => r.check(me, "check-ref-morph", m, L::Morph, false),
            }
        }
    }

    for (i, b) in model.rigid_bodies.iter().enumerate() {
        let me = R::RigidBody(i as i32);
        r.check(me, "check-ref-bone", b.bone, L::Bone, true);
        if !crate::physics::rules::group_in_range(b.group) {
            me.finding(model, "E-INDEX-RANGE", "check-msg-group-range")
                .arg("group", b.group)
                .push(&mut r.out);
        }
    }

    for (i, j) in model.joints.iter().enumerate() {
        let me = R::Joint(i as i32);
        r.check(me, "check-ref-body-a", j.body_a, L::RigidBody, true);
        r.check(me, "check-ref-body-b", j.body_b, L::RigidBody, true);
    }

    for (i, s) in model.soft_bodies.iter().enumerate() {
        let me = R::SoftBody(i as i32);
        // −1: a soft body PMX Editor created but never assigned (W-SOFTBODY-NO-MATERIAL).
        r.check(me, "check-ref-material", s.material, L::Material, true);
        for a in &s.anchors {
            r.check(
                me,
                "check-ref-anchor-rigid-body",
                a.rigid_body,
                L::RigidBody,
                false,
            );
            r.check(me, "check-ref-anchor-vertex", a.vertex, L::Vertex, false);
        }
        for &p in &s.pins {
            r.check(me, "check-ref-pin-vertex", p, L::Vertex, false);
        }
    }

    r.out
}

/// `W-MORPH-GROUP-NESTED`: a group morph listing another group morph. The spec
/// does not support grouping groups (グループモーフのグループ化は非対応), so
/// runtimes differ (MMD ignores the inner group). Flip morphs may be listed.
pub fn check_nested_group_morphs(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, m) in model.morphs.iter().enumerate() {
        let MorphOffsets::Group(offsets) = &m.offsets else {
            continue;
        };
        for o in offsets {
            let Some(inner) = valid(o.morph, model.morphs.len()) else {
                continue;
            };
            if matches!(model.morphs[inner].offsets, MorphOffsets::Group(_)) {
                let me = ElementRef::Morph(i as i32);
                let other = ElementRef::Morph(inner as i32);
                me.finding(
                    model,
                    "W-MORPH-GROUP-NESTED",
                    "check-msg-morph-group-nested",
                )
                .element("inner", other)
                .related([other])
                .push(&mut out);
            }
        }
    }
    out
}
