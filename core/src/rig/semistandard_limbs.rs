//! The semi-standard bones of the limbs: 足IK親, 足D/ひざD/足首D + 足先EX, 肩P/肩C, 親指０
//! and 腕捩/手捩 with their helpers (see [`super::semistandard`]).

use super::names::Side;
use super::semistandard::{bone, en_side, parent_index, sided, Place, Work, M, O, R, V};
use super::weight_math::{self as weights, is_dedicated, replace_bone};
use crate::pmx::{Bone, Tail, NONE};
use glam::Vec3;

/// 足IK親: parent of 足ＩＫ on the floor under it, so a motion can move the IK target
/// and its toe IK as one.
pub(super) fn leg_ik_parent(w: &mut Work, side: Side) {
    let name = sided(side, "足IK親");
    if !w.missing(&name) {
        return;
    }
    let Some([ik]) = w.need(&name, [&sided(side, "足ＩＫ")]) else {
        return;
    };
    let parent = parent_index(&w.m.bones[ik]);
    let p = w.pos(ik);
    // y = 0 as the plugin and mlib place it (babylon-mmd's humanoid uses 0.1).
    let layer = parent.map_or(0, |q| w.layer(q)).min(w.layer(ik));
    let mut b = bone(
        name,
        &format!("leg IKP{}", en_side(side)), // not a message: the bone's English name
        Vec3::new(p.x, 0.0, p.z),
        0,
        R | M | V | O,
        layer,
    );
    b.parent = parent.map_or(NONE, |q| q as i32);
    b.tail = Tail::Bone(ik as i32);
    let id = w.add(b, Place::Before(ik));
    w.reparent(ik, id);
    w.register(id, Some(ik), true, "足");
}

/// 足D/ひざD/足首D: copies of the leg bones that take their rotation × 1 (IK included)
/// and carry the leg's weights, so motions can add to the legs after IK; 足先EX: a toe
/// bone under 足首D that takes the front of the foot.
pub(super) fn leg_d(w: &mut Work, side: Side) {
    let names = ["足", "ひざ", "足首"].map(|n| sided(side, n));
    let mut parent: Option<usize> = None;
    for (k, orig_name) in names.iter().enumerate() {
        let name = format!("{orig_name}D");
        if let Some(existing) = w.find(&name) {
            w.report
                .skipped
                .push(crate::tr!("semi-skip-exists", name = name.as_str()));
            parent = Some(existing);
            continue;
        }
        let Some([orig]) = w.need(&name, [orig_name.as_str()]) else {
            return;
        };
        let src = w.m.bones[orig].clone();
        let the_parent = match (k, parent) {
            (0, _) => parent_index(&src),
            (_, p) => p,
        };
        // Layer: the plugin's original + 1, raised to the layer of any IK that moves
        // the original, and last in the list, so the D bone reads the solved leg.
        let ik_layer =
            w.m.bones
                .iter()
                .filter(|b| {
                    b.ik.as_ref().is_some_and(|ik| {
                        ik.target == orig as i32 || ik.links.iter().any(|l| l.bone == orig as i32)
                    })
                })
                .map(|b| b.layer)
                .max()
                .unwrap_or(0);
        let mut flags = src.flags;
        // Hidden and not operable, as the plugin makes them by default: motions do
        // not key them and users pose the leg bones (Nuthouse and babylon-mmd's
        // table show them; they are then listed in no display frame).
        flags.set(V, false);
        flags.set(O, false);
        let d = Bone {
            name: name.clone(),
            name_en: if src.name_en.is_empty() {
                String::new()
            } else {
                format!("{}D", src.name_en)
            },
            parent: the_parent.map_or(NONE, |p| p as i32),
            layer: (src.layer + 1).max(ik_layer),
            flags,
            tail: Tail::Offset(Vec3::ZERO),
            append: Some(crate::pmx::Append {
                parent: orig as i32,
                ratio: 1.0,
                rotate: true,
                translate: false,
            }),
            ik: None,
            ..src
        };
        let id = w.add(d, Place::Last);
        for v in &mut w.m.vertices {
            replace_bone(&mut v.weights, orig as i32, id as i32);
        }
        w.move_bodies(orig, id);
        parent = Some(id);
    }
    toe_ex(w, side);
}

/// 足先EX: 2/3 of the way from 足首 to つま先ＩＫ (つま先 if there is no toe IK); the
/// vertices dedicated to the ankle blend onto it towards the toes.
fn toe_ex(w: &mut Work, side: Side) {
    let name = sided(side, "足先EX");
    if !w.missing(&name) {
        return;
    }
    let Some([ankle]) = w.need(&name, [&sided(side, "足首")]) else {
        return;
    };
    let toe = w
        .find(&sided(side, "つま先ＩＫ"))
        .or_else(|| w.find(&sided(side, "つま先")));
    let Some(toe) = toe else {
        w.report.skipped.push(crate::tr!(
            "semi-skip-missing",
            name = name,
            needs = sided(side, "つま先ＩＫ")
        ));
        return;
    };
    let holder = w.find(&sided(side, "足首D")).unwrap_or(ankle);
    let a = w.pos(ankle);
    let pos = a.lerp(w.pos(toe), 2.0 / 3.0);
    let mut b = bone(
        name,
        &format!("toe2{}", en_side(side)),
        pos,
        holder,
        R | V | O,
        w.layer(holder),
    );
    b.tail = Tail::Offset(Vec3::new(0.0, 0.0, -1.0));
    let id = w.add(b, Place::Last);
    let span = pos.z - a.z;
    if span.abs() > 1e-6 {
        for v in &mut w.m.vertices {
            if !is_dedicated(&v.weights, holder as i32) {
                continue;
            }
            let t = (v.position.z - a.z) / span;
            let share = ((t - 0.75) * 2.0).clamp(0.0, 1.0);
            if share > 0.0 {
                v.weights = crate::pmx::Weights::Bdef2 {
                    bones: [id as i32, holder as i32],
                    weight: share,
                };
            }
        }
    }
    let anchor = w.find(&sided(side, "足首"));
    w.register(id, anchor, false, "足");
}

/// 肩P (above 肩) and 肩C (between 肩 and 腕, taking 肩P's rotation × −1): raising the
/// shoulder with 肩P moves the arm without turning it.
pub(super) fn shoulder_p(w: &mut Work, side: Side) {
    let p_name = sided(side, "肩P");
    if w.missing(&p_name) {
        if let Some([shoulder]) = w.need(&p_name, [&sided(side, "肩")]) {
            let parent = parent_index(&w.m.bones[shoulder]);
            let mut b = bone(
                p_name.clone(),
                &format!("shoulderP{}", en_side(side)),
                w.pos(shoulder),
                0,
                R | V | O,
                w.layer(shoulder),
            );
            b.parent = parent.map_or(NONE, |p| p as i32);
            let id = w.add(b, Place::Before(shoulder));
            w.reparent(shoulder, id);
            w.register(id, Some(shoulder), true, "腕");
        }
    }
    let c_name = sided(side, "肩C");
    if !w.missing(&c_name) {
        return;
    }
    let Some([shoulder, arm, p]) =
        w.need(&c_name, [&sided(side, "肩"), &sided(side, "腕"), &p_name])
    else {
        return;
    };
    w.add_cancel(c_name, arm, shoulder, p);
}

/// 親指０: the thumb's metacarpal, 2/3 of the way from 手首 to 親指１; the palm near the
/// thumb's base takes part of its weight from 手首.
pub(super) fn thumb0(w: &mut Work, side: Side) {
    let name = sided(side, "親指０");
    if !w.missing(&name) {
        return;
    }
    let Some([wrist, thumb1]) = w.need(&name, [&sided(side, "手首"), &sided(side, "親指１")])
    else {
        return;
    };
    let (wp, tp) = (w.pos(wrist), w.pos(thumb1));
    let pos = wp.lerp(tp, 2.0 / 3.0);
    let mut b = bone(
        name,
        &format!("thumb0{}", en_side(side)),
        pos,
        wrist,
        R | V | O,
        w.layer(thumb1),
    );
    b.tail = Tail::Bone(thumb1 as i32);
    let id = w.add(b, Place::Before(thumb1));
    w.reparent(thumb1, id);
    // Share of 手首's weight moved: 1.3 × (1 − d / 1.4 L), d = distance from the
    // 親指０–親指１ segment, L its length (the plugin's reach and scale; its exact
    // falloff axis is not documented, the segment is used instead).
    let length = pos.distance(tp);
    if length > 1e-6 {
        for v in &mut w.m.vertices {
            let uses = |b: usize| v.weights.bones().contains(&(b as i32));
            if !uses(wrist) && !uses(thumb1) {
                continue;
            }
            let d = crate::geom::point_segment_distance(v.position, pos, tp);
            let fraction = (1.3 * (1.0 - d / (1.4 * length))).clamp(0.0, 1.0);
            if fraction > 0.0 {
                if let Some(nw) = weights::move_share(&v.weights, wrist as i32, id as i32, fraction)
                {
                    v.weights = nw;
                }
            }
        }
    }
    w.register(id, Some(thumb1), true, "指");
}

/// 腕捩 / 手捩 with their three helpers: the twist bone on the limb's axis (fixed axis)
/// above the next joint, helpers at 1/4, 2/4, 3/4 of the limb taking the twist × 0.25,
/// 0.5, 0.75, and the limb's dedicated vertices blended along the chain so the twist
/// grows linearly from the upper joint to the lower one.
pub(super) fn twist(w: &mut Work, side: Side, joints: [&str; 2], base: &str, en: &str) {
    let name = sided(side, base);
    if !w.missing(&name) {
        return;
    }
    let [upper_name, lower_name] = joints.map(|j| sided(side, j));
    let Some([upper, lower]) = w.need(&name, [upper_name.as_str(), lower_name.as_str()]) else {
        return;
    };
    let (up, lp) = (w.pos(upper), w.pos(lower));
    let axis = (lp - up).normalize_or_zero();
    if axis == Vec3::ZERO {
        w.report.skipped.push(crate::tr!(
            "semi-skip-same-place",
            name = name,
            upper = upper_name,
            lower = lower_name
        ));
        return;
    }
    // 0.6 of the way, as the plugin (babylon-mmd's humanoid uses 0.5).
    let pos = up.lerp(lp, 0.6);
    let u = upper as i32;
    let length = (lp - up).length();
    let proj = |p: Vec3| (p - up).dot(axis);
    let layer = w.layer(upper);
    let mut b = bone(
        name.clone(),
        &format!("{en}{}", en_side(side)),
        pos,
        upper,
        R | V | O,
        layer,
    );
    b.fixed_axis = Some(axis);
    let id = w.add(b, Place::After(upper));
    w.reparent(lower, id);
    let mut chain = vec![u];
    let mut previous = id;
    for k in 1..=3 {
        let at = up + axis * (length * k as f32 / 4.0);
        let mut h = bone(format!("{name}{k}"), "", at, upper, R | O, layer);
        h.append = Some(crate::pmx::Append {
            parent: id as i32,
            ratio: k as f32 / 4.0,
            rotate: true,
            translate: false,
        });
        previous = w.add(h, Place::After(previous));
        chain.push(previous as i32);
    }
    chain.push(id as i32);
    // Each vertex's weight on the upper bone is split between the two chain bones
    // around its place along the limb (t = 0 at the upper joint, 1 at the lower), so
    // its twist is t × the twist bone's. The plugin measures t over the vertices
    // dedicated to the upper bone and splits only those; on a low-poly arm (mei.pmd:
    // 14 such vertices over 0.16 of a 2.9 arm) that twists the arm fully half-way up
    // and leaves blended vertices still, so the span between the joints is used and
    // blended vertices take part with their share.
    for v in &mut w.m.vertices {
        let on_upper: f32 = weights::entries(&v.weights)
            .iter()
            .filter(|e| e.0 == u)
            .map(|e| e.1)
            .sum();
        if on_upper <= 0.0 {
            continue;
        }
        let t = (proj(v.position) / length).clamp(0.0, 1.0) * 4.0;
        let seg = (t.floor() as usize).min(3);
        let f = t - seg as f32;
        let mut e: Vec<(i32, f32)> = weights::entries(&v.weights)
            .into_iter()
            .filter(|e| e.0 != u)
            .collect();
        e.push((chain[seg], on_upper * (1.0 - f)));
        e.push((chain[seg + 1], on_upper * f));
        if let Some(nw) = weights::from_entries(&e) {
            v.weights = nw;
        }
    }
    w.register(id, Some(upper), false, "腕");
}
