//! Semi-standard bones (準標準ボーン): the extra bones modern MMD motions key, added as
//! one undoable [`ModelEdit`] (new bones, re-parenting, weight transfers, display
//! frames and one bone reorder in a single batch).
//!
//! What each bone is and does follows Sobo's PMX Editor plugin as nanoem's open port
//! re-implements it (positions, flags, append ratios, which bones move under it, which
//! weights it takes); see ../shared/reference/rigging-conventions.md §1. Where other
//! tools differ, the choice and the reason are noted at the bone. A bone is skipped
//! when a bone of exactly that Japanese name exists (full-width and half-width differ,
//! as in the plugin). With every new bone at rest the model deforms exactly as before,
//! and a motion that keys none of the new bones plays exactly as before.

use super::names::Side;
use super::semistandard_limbs::{leg_d, leg_ik_parent, shoulder_p, thumb0, twist};
use super::weight_math::{is_dedicated, replace_bone};
use super::RigError;
use crate::edit::{Element, ElementKind, ModelEdit};
use crate::pmx::{Bone, BoneFlags, DisplayElement, DisplayFrame, Model, RigidMode, Tail, NONE};
use glam::Vec3;

/// One choosable group of semi-standard bones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum SemiStandard {
    /// 腕捩 + 腕捩1–3 on both arms.
    ArmTwist,
    /// 手捩 + 手捩1–3 on both arms.
    WristTwist,
    /// 上半身2.
    UpperBody2,
    /// 腰 + 腰キャンセル右/左.
    Waist,
    /// 右/左足IK親.
    LegIkParent,
    /// 足D/ひざD/足首D + 足先EX on both legs.
    LegD,
    /// 肩P + 肩C on both shoulders.
    ShoulderP,
    /// 親指０ on both hands.
    Thumb0,
    /// グルーブ.
    Groove,
    /// 全ての親.
    AllParent,
    /// 操作中心.
    ViewCenter,
}

impl SemiStandard {
    /// Every group, in the order they are built (the plugin's order: later groups
    /// re-parent the bones earlier ones made, e.g. 全ての親 adopts 足IK親).
    pub const ALL: [SemiStandard; 11] = [
        SemiStandard::ArmTwist,
        SemiStandard::WristTwist,
        SemiStandard::UpperBody2,
        SemiStandard::Waist,
        SemiStandard::LegIkParent,
        SemiStandard::LegD,
        SemiStandard::ShoulderP,
        SemiStandard::Thumb0,
        SemiStandard::Groove,
        SemiStandard::AllParent,
        SemiStandard::ViewCenter,
    ];

    /// The Japanese name (as `--only` takes it).
    pub fn name(self) -> &'static str {
        match self {
            SemiStandard::ArmTwist => "腕捩",
            SemiStandard::WristTwist => "手捩",
            SemiStandard::UpperBody2 => "上半身2",
            SemiStandard::Waist => "腰",
            SemiStandard::LegIkParent => "足IK親",
            SemiStandard::LegD => "足D",
            SemiStandard::ShoulderP => "肩P",
            SemiStandard::Thumb0 => "親指０",
            SemiStandard::Groove => "グルーブ",
            SemiStandard::AllParent => "全ての親",
            SemiStandard::ViewCenter => "操作中心",
        }
    }

    /// The ASCII key (as `--only` also takes it).
    pub fn key(self) -> &'static str {
        match self {
            SemiStandard::ArmTwist => "arm_twist",
            SemiStandard::WristTwist => "wrist_twist",
            SemiStandard::UpperBody2 => "upper_body2",
            SemiStandard::Waist => "waist",
            SemiStandard::LegIkParent => "leg_ik_parent",
            SemiStandard::LegD => "leg_d",
            SemiStandard::ShoulderP => "shoulder_p",
            SemiStandard::Thumb0 => "thumb0",
            SemiStandard::Groove => "groove",
            SemiStandard::AllParent => "master",
            SemiStandard::ViewCenter => "view_center",
        }
    }

    /// By Japanese name or key; also takes the names of the bones a group adds
    /// (腰キャンセル → 腰, 足首D → 足D, 肩C → 肩P, 親指0 → 親指０).
    pub fn parse(s: &str) -> Option<SemiStandard> {
        let s = s.trim();
        if let Some(g) = Self::ALL.iter().find(|g| g.name() == s || g.key() == s) {
            return Some(*g);
        }
        Some(match s {
            "腰キャンセル" => SemiStandard::Waist,
            "ひざD" | "足首D" | "足先EX" => SemiStandard::LegD,
            "肩C" => SemiStandard::ShoulderP,
            "親指0" => SemiStandard::Thumb0,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct SemiStandardOptions {
    /// None: every group.
    pub only: Option<Vec<SemiStandard>>,
}

/// What [`semistandard`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct SemiStandardReport {
    /// Names of the bones added, in the order they were made.
    pub added: Vec<String>,
    /// Bones not added, with the reason (already there, or a bone they need is missing).
    pub skipped: Vec<String>,
    pub vertices_changed: usize,
    /// Bone-following rigid bodies moved onto a new bone (上半身 → 上半身2, legs → D).
    pub bodies_moved: usize,
}

#[derive(Debug, Clone)]
pub struct SemiStandardPlan {
    pub edit: ModelEdit,
    pub report: SemiStandardReport,
}

pub(super) const R: u16 = BoneFlags::ROTATABLE;
pub(super) const M: u16 = BoneFlags::MOVABLE;
pub(super) const V: u16 = BoneFlags::VISIBLE;
pub(super) const O: u16 = BoneFlags::OPERABLE;

/// Where a new bone goes in the bone list (deform order within a layer).
#[derive(Debug, Clone, Copy)]
pub(super) enum Place {
    First,
    Last,
    Before(usize),
    After(usize),
}

/// The model being built: new bones are appended and re-placed by one reorder at the
/// end, so every index the steps use stays valid while they run.
pub(super) struct Work<'a> {
    original: &'a Model,
    pub(super) m: Model,
    places: Vec<Place>,
    pub(super) report: SemiStandardReport,
}

pub(super) fn bone(
    name: String,
    name_en: &str,
    position: Vec3,
    parent: usize,
    flags: u16,
    layer: i32,
) -> Bone {
    Bone {
        name,
        name_en: name_en.to_string(),
        position,
        parent: parent as i32,
        layer,
        flags: BoneFlags(flags),
        ..Bone::default()
    }
}

pub(super) fn parent_index(b: &Bone) -> Option<usize> {
    (b.parent >= 0).then_some(b.parent as usize)
}

impl Work<'_> {
    pub(super) fn find(&self, name: &str) -> Option<usize> {
        self.m.bones.iter().position(|b| b.name == name)
    }
    pub(super) fn pos(&self, i: usize) -> Vec3 {
        self.m.bones[i].position
    }
    pub(super) fn layer(&self, i: usize) -> i32 {
        self.m.bones[i].layer
    }
    /// Whether `name` may be added: false (and reported) when it exists.
    pub(super) fn missing(&mut self, name: &str) -> bool {
        let missing = self.find(name).is_none();
        if !missing {
            self.report
                .skipped
                .push(crate::tr!("semi-skip-exists", name = name));
        }
        missing
    }
    /// The bones `needs` names, or None (reported for `name`).
    pub(super) fn need<const N: usize>(
        &mut self,
        name: &str,
        needs: [&str; N],
    ) -> Option<[usize; N]> {
        let found: Vec<Option<usize>> = needs.iter().map(|n| self.find(n)).collect();
        if let Some(k) = found.iter().position(|f| f.is_none()) {
            self.report.skipped.push(crate::tr!(
                "semi-skip-missing",
                name = name,
                needs = needs[k]
            ));
            return None;
        }
        Some(std::array::from_fn(|k| found[k].unwrap()))
    }
    pub(super) fn add(&mut self, b: Bone, place: Place) -> usize {
        self.report.added.push(b.name.clone());
        self.m.bones.push(b);
        self.places.push(place);
        self.m.bones.len() - 1
    }
    pub(super) fn reparent(&mut self, child: usize, parent: usize) {
        self.m.bones[child].parent = parent as i32;
    }
    /// A cancel bone (腰キャンセル, 肩C): inserted above `below` under `parent`, it takes
    /// back `cancelled`'s rotation (付与 ratio −1) so `below` keeps its own.
    pub(super) fn add_cancel(
        &mut self,
        name: String,
        below: usize,
        parent: usize,
        cancelled: usize,
    ) {
        let layer = self.layer(below).max(self.layer(cancelled));
        let mut b = bone(name, "", self.pos(below), parent, R | O, layer);
        b.append = Some(crate::pmx::Append {
            parent: cancelled as i32,
            ratio: -1.0,
            rotate: true,
            translate: false,
        });
        let id = self.add(b, Place::Before(below));
        self.reparent(below, id);
    }
    pub(super) fn children(&self, p: usize) -> Vec<usize> {
        (0..self.m.bones.len())
            .filter(|&i| self.m.bones[i].parent == p as i32)
            .collect()
    }
    /// A tip bone (名前が「先」で終わる, or the bone's tail bone with no children of its
    /// own): it marks where its parent points and stays with it.
    pub(super) fn is_tip_of(&self, i: usize, parent: usize) -> bool {
        let b = &self.m.bones[i];
        b.name.ends_with('先')
            || (self.m.bones[parent].tail == Tail::Bone(i as i32) && self.children(i).is_empty())
    }
    /// Moves the follow-bone rigid bodies of `from` onto `to`.
    pub(super) fn move_bodies(&mut self, from: usize, to: usize) {
        for body in &mut self.m.rigid_bodies {
            if body.bone == from as i32 && body.mode == RigidMode::FollowBone {
                body.bone = to as i32;
                self.report.bodies_moved += 1;
            }
        }
    }
    /// Registers `bone` next to `anchor` in the frame that lists the anchor, else at the
    /// end of the frame named `fallback` (made if missing).
    pub(super) fn register(
        &mut self,
        bone: usize,
        anchor: Option<usize>,
        before: bool,
        fallback: &str,
    ) {
        let entry = DisplayElement::Bone(bone as i32);
        if let Some(a) = anchor {
            let a = DisplayElement::Bone(a as i32);
            for f in &mut self.m.display_frames {
                if let Some(k) = f.elements.iter().position(|e| *e == a) {
                    f.elements.insert(if before { k } else { k + 1 }, entry);
                    return;
                }
            }
        }
        self.frame(fallback).elements.push(entry);
    }
    pub(super) fn frame(&mut self, name: &str) -> &mut DisplayFrame {
        let k = match self.m.display_frames.iter().position(|f| f.name == name) {
            Some(k) => k,
            None => {
                self.m.display_frames.push(DisplayFrame {
                    name: name.to_string(),
                    name_en: name.to_string(),
                    special: false,
                    elements: Vec::new(),
                });
                self.m.display_frames.len() - 1
            }
        };
        &mut self.m.display_frames[k]
    }
}

pub(super) fn sided(side: Side, base: &str) -> String {
    format!("{}{base}", side.kanji())
}

pub(super) fn en_side(side: Side) -> &'static str {
    match side {
        Side::Left => "_L",
        Side::Right => "_R",
    }
}

pub(super) const SIDES: [Side; 2] = [Side::Right, Side::Left];

/// Plans adding the missing semi-standard bones. Nothing changes until the caller
/// applies [`SemiStandardPlan::edit`] (one undo step).
pub fn semistandard(
    model: &Model,
    opts: &SemiStandardOptions,
) -> Result<SemiStandardPlan, RigError> {
    let mut w = Work {
        original: model,
        m: model.clone(),
        places: Vec::new(),
        report: SemiStandardReport::default(),
    };
    for group in SemiStandard::ALL {
        if opts.only.as_ref().is_some_and(|o| !o.contains(&group)) {
            continue;
        }
        match group {
            SemiStandard::ArmTwist => {
                SIDES
                    .into_iter()
                    .for_each(|s| twist(&mut w, s, ["腕", "ひじ"], "腕捩", "arm twist"));
            }
            SemiStandard::WristTwist => {
                SIDES
                    .into_iter()
                    .for_each(|s| twist(&mut w, s, ["ひじ", "手首"], "手捩", "wrist twist"));
            }
            SemiStandard::UpperBody2 => upper_body2(&mut w),
            SemiStandard::Waist => waist(&mut w),
            SemiStandard::LegIkParent => SIDES.into_iter().for_each(|s| leg_ik_parent(&mut w, s)),
            SemiStandard::LegD => SIDES.into_iter().for_each(|s| leg_d(&mut w, s)),
            SemiStandard::ShoulderP => SIDES.into_iter().for_each(|s| shoulder_p(&mut w, s)),
            SemiStandard::Thumb0 => SIDES.into_iter().for_each(|s| thumb0(&mut w, s)),
            SemiStandard::Groove => groove(&mut w),
            SemiStandard::AllParent => all_parent(&mut w),
            SemiStandard::ViewCenter => view_center(&mut w),
        }
    }
    finish(w)
}

/// Turns the built model into one batch: add the new bones (at the end), set every
/// changed element, then one reorder puts the new bones in place.
fn finish(w: Work) -> Result<SemiStandardPlan, RigError> {
    let Work {
        original,
        m,
        places,
        mut report,
    } = w;
    let old = original.bones.len();
    if m.bones.len() == old {
        return Err(RigError::NothingToDo(crate::tr!(
            "semi-nothing",
            skipped = report.skipped.join("; ")
        )));
    }
    let mut added: Vec<Element> = m.bones[old..].iter().cloned().map(Element::from).collect();
    let mut changed: Vec<(usize, Element)> = Vec::new();
    for (i, b) in m.bones[..old].iter().enumerate() {
        if *b != original.bones[i] {
            changed.push((i, b.clone().into()));
        }
    }
    for (i, v) in m.vertices.iter().enumerate() {
        if v.weights != original.vertices[i].weights {
            report.vertices_changed += 1;
            changed.push((i, v.clone().into()));
        }
    }
    for (i, b) in m.rigid_bodies.iter().enumerate() {
        if *b != original.rigid_bodies[i] {
            changed.push((i, b.clone().into()));
        }
    }
    let old_frames = original.display_frames.len();
    for (i, f) in m.display_frames.iter().enumerate() {
        if i >= old_frames {
            added.push(f.clone().into());
        } else if *f != original.display_frames[i] {
            changed.push((i, f.clone().into()));
        }
    }

    let mut order: Vec<usize> = (0..old).collect();
    for (k, place) in places.iter().enumerate() {
        let id = old + k;
        let at = |x: usize, order: &Vec<usize>| {
            order.iter().position(|&o| o == x).expect("anchor placed")
        };
        match *place {
            Place::First => order.insert(0, id),
            Place::Last => order.push(id),
            Place::Before(x) => {
                let p = at(x, &order);
                order.insert(p, id)
            }
            Place::After(x) => {
                let p = at(x, &order);
                order.insert(p + 1, id)
            }
        }
    }
    let mut edits = vec![ModelEdit::add_many(added)];
    if !changed.is_empty() {
        edits.push(ModelEdit::set_many(changed, "semi-standard bones"));
    }
    if order.iter().enumerate().any(|(k, &o)| k != o) {
        edits.push(ModelEdit::reorder(ElementKind::Bone, order));
    }
    let label = crate::tr!("rig-label-semistandard", count = report.added.len());
    Ok(SemiStandardPlan {
        edit: ModelEdit::batch(label, edits),
        report,
    })
}

/// 全ての親: the root of every bone that had no parent, at the origin, first in the list.
fn all_parent(w: &mut Work) {
    if !w.missing("全ての親") {
        return;
    }
    let roots: Vec<usize> = (0..w.m.bones.len())
        .filter(|&i| w.m.bones[i].parent < 0)
        .collect();
    let first: Option<i32> = (!w.m.bones.is_empty()).then_some(0);
    let mut b = bone("全ての親".into(), "master", Vec3::ZERO, 0, R | M | V | O, 0);
    b.parent = NONE;
    if let Some(f) = first {
        b.tail = Tail::Bone(f);
    }
    let id = w.add(b, Place::First);
    for r in roots {
        w.reparent(r, id);
    }
    // The Root frame holds 全ての親 (MMD shows the Root frame's bone as the model's
    // root); what it held before goes to the top of the センター frame unless another
    // frame lists it.
    let root_frame =
        w.m.display_frames
            .iter()
            .position(|f| f.special && f.name == "Root");
    match root_frame {
        Some(k) => {
            let old = std::mem::replace(
                &mut w.m.display_frames[k].elements,
                vec![DisplayElement::Bone(id as i32)],
            );
            for (n, e) in old.into_iter().enumerate() {
                let listed = w.m.display_frames.iter().any(|f| f.elements.contains(&e));
                if !listed {
                    w.frame("センター").elements.insert(n, e);
                }
            }
        }
        None => w.register(id, None, false, "Root"),
    }
}

/// 操作中心: the view/camera centre. No children and no weights, so moving it moves
/// nothing; first in the list.
fn view_center(w: &mut Work) {
    if !w.missing("操作中心") {
        return;
    }
    let mut b = bone(
        "操作中心".into(),
        "view cnt",
        Vec3::ZERO,
        0,
        R | M | V | O,
        0,
    );
    b.parent = NONE;
    let id = w.add(b, Place::First);
    // The plugin replaces the Root frame's contents with it; keeping 全ての親 there
    // (and adding 操作中心 after it) keeps the root selectable in MMD as well.
    let anchor = w.find("全ての親");
    w.register(id, anchor, false, "Root");
}

/// グルーブ: between センター and everything under it, 0.2 above センター.
fn groove(w: &mut Work) {
    if !w.missing("グルーブ") {
        return;
    }
    let Some([center]) = w.need("グルーブ", ["センター"]) else {
        return;
    };
    let mut b = bone(
        "グルーブ".into(),
        "groove",
        w.pos(center) + Vec3::new(0.0, 0.2, 0.0),
        center,
        R | M | V | O,
        w.layer(center),
    );
    b.tail = Tail::Offset(Vec3::new(0.0, 1.4, 0.0));
    let id = w.add(b, Place::After(center));
    for c in w.children(center) {
        if c != id && !w.is_tip_of(c, center) {
            w.reparent(c, id);
        }
    }
    w.register(id, Some(center), false, "センター");
}

/// 腰 (under 下半身's parent, above 上半身 and 下半身) and 腰キャンセル右/左, which take
/// 腰's rotation × −1 so the legs keep still when 腰 turns.
fn waist(w: &mut Work) {
    if w.missing("腰") {
        if let Some([lower, leg]) = w.need("腰", ["下半身", "右足"]) {
            let parent = parent_index(&w.m.bones[lower]);
            let lower_pos = w.pos(lower);
            let y = lower_pos.y + (w.pos(leg).y - lower_pos.y) * 0.6;
            // The plugin's placement (z = 0.02 × 下半身.y); motions made for
            // semi-standard models turn 腰 about this point.
            let pos = Vec3::new(0.0, y, 0.02 * lower_pos.y);
            let layer = parent.map_or(0, |p| w.layer(p));
            let mut b = bone(
                "腰".into(),
                "waist",
                pos,
                parent.unwrap_or(0),
                R | V | O,
                layer,
            );
            b.parent = parent.map_or(NONE, |p| p as i32);
            b.tail = Tail::Offset((lower_pos - pos) * 0.8);
            let place = parent.map_or(Place::Before(lower), Place::After);
            let id = w.add(b, place);
            let siblings = match parent {
                Some(p) => w
                    .children(p)
                    .into_iter()
                    .filter(|&c| !w.is_tip_of(c, p))
                    .collect(),
                None => vec![lower],
            };
            for c in siblings {
                if c != id && w.m.bones[c].name != "センター先" {
                    w.reparent(c, id);
                }
            }
            w.register(id, parent, false, "センター");
        }
    }
    for side in SIDES {
        let name = format!("腰キャンセル{}", side.kanji());
        if !w.missing(&name) {
            continue;
        }
        let Some([waist, leg]) = w.need(&name, ["腰", &sided(side, "足")]) else {
            continue;
        };
        let Some(parent) = parent_index(&w.m.bones[leg]) else {
            continue;
        };
        w.add_cancel(name, leg, parent, waist);
    }
}

/// 上半身2: the upper chest, 35 % of the way from 上半身 to 首, parent of everything
/// that hung from 上半身; the chest's weights are shared between the two.
fn upper_body2(w: &mut Work) {
    if !w.missing("上半身2") {
        return;
    }
    let Some([upper, neck]) = w.need("上半身2", ["上半身", "首"]) else {
        return;
    };
    let (up, np) = (w.pos(upper), w.pos(neck));
    let pos = up.lerp(np, 0.35);
    let mut b = bone(
        "上半身2".into(),
        "upper body2",
        pos,
        upper,
        R | V | O,
        w.layer(upper),
    );
    b.tail = Tail::Offset((np - pos) * 0.8);
    let id = w.add(b, Place::After(upper));
    for c in w.children(upper) {
        if c != id {
            w.reparent(c, id);
        }
    }
    w.m.bones[upper].tail = Tail::Bone(id as i32);
    w.move_bodies(upper, id);
    let (u, n) = (upper as i32, id as i32);
    let height = np.y - pos.y;
    for v in &mut w.m.vertices {
        let p = v.position;
        if is_dedicated(&v.weights, u) && height > 0.0 {
            // The plugin's blend: by height above 上半身2, the front counting half.
            let dz = p.z - pos.z;
            let t = (p.y - pos.y + if dz > 0.0 { 0.5 * dz } else { 0.0 }) / height;
            v.weights = if t < -0.35 {
                crate::pmx::Weights::Bdef1 { bone: u }
            } else if t > 0.35 {
                crate::pmx::Weights::Bdef1 { bone: n }
            } else {
                crate::pmx::Weights::Bdef2 {
                    bones: [n, u],
                    weight: (t + 0.35) / 0.7,
                }
            };
        } else if p.y > pos.y {
            replace_bone(&mut v.weights, u, n);
        }
    }
    w.register(id, Some(upper), false, "体(上)");
}
