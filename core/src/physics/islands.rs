//! The order Bullet solves joints in (facts from Bullet's public source:
//! `btDiscreteDynamicsWorld::calculateSimulationIslands` / `solveConstraints`,
//! `btSimulationIslandManager`, `btUnionFind`, `btAlignedObjectArray::quickSort`).
//!
//! Each step Bullet gives every simulated body an island tag: a union-find over the
//! simulated bodies in world order, joined per joint (in joint order) whose two bodies are
//! both simulated, with path compression and the first set hung under the second's root.
//! A joint's key is its body A's tag, or body B's when A is bone-following. The joints are
//! then sorted by key with an unstable quicksort (middle pivot, Hoare partition), and
//! the solver sweeps their rows in that order. Sequential impulses do not converge in
//! 10 iterations on Gene's cloak (locked weight levers pulled by the ring of range
//! joints), so the order decides where it hangs: in PMX order it hung ~35 % further out.
//!
//! Before the joints, Bullet joins the two bodies of every broadphase pair (its overlapping
//! pair cache: world boxes that overlap, grown by the contact breaking threshold and the
//! dynamic tree's margin) when both merge islands (simulated, with contact response)
//! (`btSimulationIslandManager::findUnions`). So the order changes while bodies touch;
//! Hone recomputes it each step such pairs exist. Approximated: the pair cache's order
//! (insertion history in Bullet) is taken as body-index order, and the boxes are those at
//! the step's start (Bullet also sweeps them to the predicted pose).

use super::spring6dof::SolverBody;
use super::world::{JointSlot, PhysicsWorld};
use super::BodyShape;
use glam::{Mat3, Vec3};
use rapier3d::prelude::Pose;

/// Bullet's `gContactBreakingThreshold` plus its dynamic tree's `DBVT_BP_MARGIN`: how far
/// beyond a shape's box the broadphase already pairs two bodies.
const BROADPHASE_MARGIN: f32 = 0.02 + 0.05;

/// Bullet's union-find with path compression: `unite` hangs p's root under q's.
#[derive(Debug, Clone, Default)]
struct UnionFind(Vec<usize>);

impl UnionFind {
    fn reset(&mut self, n: usize) {
        self.0.clear();
        self.0.extend(0..n);
    }

    fn find(&mut self, mut x: usize) -> usize {
        while x != self.0[x] {
            let up = self.0[self.0[x]];
            self.0[x] = up;
            x = up;
        }
        x
    }

    fn unite(&mut self, p: usize, q: usize) {
        let (i, j) = (self.find(p), self.find(q));
        if i != j {
            self.0[i] = j;
        }
    }
}

/// Quicksort as Bullet's array sorts (middle pivot, Hoare partition, not stable): the
/// order of equal keys is part of the result.
fn bullet_quicksort(items: &mut [(i64, usize)], lo: usize, hi: usize) {
    let pivot = items[(lo + hi) / 2].0;
    let (mut i, mut j) = (lo as isize, hi as isize);
    loop {
        while items[i as usize].0 < pivot {
            i += 1;
        }
        while pivot < items[j as usize].0 {
            j -= 1;
        }
        if i <= j {
            items.swap(i as usize, j as usize);
            i += 1;
            j -= 1;
        }
        if i > j {
            break;
        }
    }
    if (lo as isize) < j {
        bullet_quicksort(items, lo, j as usize);
    }
    if i < hi as isize {
        bullet_quicksort(items, i as usize, hi);
    }
}

/// The order Bullet solves `joints` (body index pairs, in the world's joint order) in,
/// as indices into `joints`; `simulated[b]` says whether body `b` is simulated.
#[cfg(test)]
fn solve_order(simulated: &[bool], joints: &[(usize, usize)]) -> Vec<usize> {
    let mut order = IslandOrder::default();
    let mut out = Vec::new();
    order.order(simulated, &[], joints, &mut out);
    out
}

/// Bullet's island bookkeeping, kept between steps so that a step does not allocate.
#[derive(Debug, Clone, Default)]
pub(super) struct IslandOrder {
    tag: Vec<usize>,
    sets: UnionFind,
    keyed: Vec<(i64, usize)>,
}

impl IslandOrder {
    /// Writes into `out` the order Bullet solves `joints` in, after uniting the bodies of
    /// each pair in `touching` (broadphase pairs of simulated bodies, in pair order).
    pub fn order(
        &mut self,
        simulated: &[bool],
        touching: &[(usize, usize)],
        joints: &[(usize, usize)],
        out: &mut Vec<usize>,
    ) {
        self.tag.clear();
        let mut n = 0;
        for &s in simulated {
            self.tag.push(if s { n } else { usize::MAX });
            n += usize::from(s);
        }
        self.sets.reset(n);
        let tag = &self.tag;
        let tag_of = |b: usize| tag.get(b).copied().unwrap_or(usize::MAX);
        for &(a, b) in touching.iter().chain(joints) {
            let (ta, tb) = (tag_of(a), tag_of(b));
            if ta != usize::MAX && tb != usize::MAX {
                self.sets.unite(ta, tb);
            }
        }
        let sets = &mut self.sets;
        let mut island = |b: usize| match tag_of(b) {
            usize::MAX => -1,
            t => sets.find(t) as i64,
        };
        self.keyed.clear();
        for (k, &(a, b)) in joints.iter().enumerate() {
            let ia = island(a);
            self.keyed.push((if ia >= 0 { ia } else { island(b) }, k));
        }
        if self.keyed.len() > 1 {
            let hi = self.keyed.len() - 1;
            bullet_quicksort(&mut self.keyed, 0, hi);
        }
        out.clear();
        out.extend(self.keyed.iter().map(|&(_, k)| k));
    }
}

/// Whether two bodies' broadphase boxes overlap: each shape's world box at its pose, grown
/// by [`BROADPHASE_MARGIN`].
pub(super) fn broadphase_overlap(a: (BodyShape, &Pose), b: (BodyShape, &Pose)) -> bool {
    let gap = (a.1.translation - b.1.translation).abs() - half_box(a) - half_box(b);
    gap.max_element() <= 2.0 * BROADPHASE_MARGIN
}

/// Half extents of a body's world box (Bullet's `getAabb`: |R| times the local half
/// extents).
fn half_box((shape, pose): (BodyShape, &Pose)) -> Vec3 {
    let local = match shape {
        BodyShape::Sphere { radius } => return Vec3::splat(radius),
        BodyShape::Box { half } => half,
        BodyShape::Capsule {
            radius,
            half_height,
        } => Vec3::new(radius, radius + half_height, radius),
    };
    let r = Mat3::from_quat(pose.rotation);
    Mat3::from_cols(r.x_axis.abs(), r.y_axis.abs(), r.z_axis.abs()) * local
}

/// The spring joints' solve order and what recomputing it each step needs.
#[derive(Debug, Clone, Default)]
pub(super) struct SpringIslands {
    order: IslandOrder,
    /// Every simulated joint's bodies (springs and rapier's), in joint order.
    joints: Vec<(usize, usize)>,
    /// Per entry of `joints`, its spring, if it is one.
    spring_of: Vec<Option<usize>>,
    simulated: Vec<bool>,
    touching: Vec<(usize, usize)>,
    scratch: Vec<usize>,
    /// Whether the current order was made with touching pairs.
    merged: bool,
}

impl PhysicsWorld {
    /// Lists the joints for the island order and computes the order without contacts.
    pub(super) fn build_spring_order(&mut self) {
        let isl = &mut self.spring_islands;
        isl.joints.clear();
        isl.spring_of.clear();
        for slot in &self.joint_slots {
            let (pair, spring) = match *slot {
                JointSlot::Spring(k) => ((self.springs[k].body_a, self.springs[k].body_b), Some(k)),
                JointSlot::Rapier { a, b, .. } => ((a, b), None),
                JointSlot::NotSimulated => continue,
            };
            isl.joints.push(pair);
            isl.spring_of.push(spring);
        }
        isl.merged = true;
        self.update_spring_order(&[]);
    }

    /// Bullet's order for this step: recomputed when simulated bodies' broadphase boxes
    /// overlap (or did last step); `solver` holds the bodies at the step's start.
    pub(super) fn update_spring_order(&mut self, solver: &[SolverBody]) {
        let isl = &mut self.spring_islands;
        isl.touching.clear();
        for m in &self.contacts.manifolds {
            let (a, b) = (m.a, m.b);
            let (Some(sa), Some(sb)) = (solver.get(a), solver.get(b)) else {
                continue;
            };
            if self.bodies[a].simulated()
                && self.bodies[b].simulated()
                && self.contacts.responds(a)
                && self.contacts.responds(b)
                && broadphase_overlap(
                    (self.proxies[a].shape, &sa.pose),
                    (self.proxies[b].shape, &sb.pose),
                )
            {
                isl.touching.push((a, b));
            }
        }
        if isl.touching.is_empty() && !isl.merged {
            return;
        }
        isl.merged = !isl.touching.is_empty();
        isl.simulated.clear();
        isl.simulated
            .extend(self.bodies.iter().map(|b| b.simulated()));
        isl.order
            .order(&isl.simulated, &isl.touching, &isl.joints, &mut isl.scratch);
        self.spring_order.clear();
        self.spring_order
            .extend(isl.scratch.iter().filter_map(|&k| isl.spring_of[k]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_touching_pair_joins_two_islands_and_reorders_their_joints() {
        // Islands {0, 1} (joint 0) and {2, 3} (joint 1): apart, joint 0's island has the
        // lower root tag and comes first. Touching 1–2 hangs 1's root under 3's: one island,
        // and Bullet's quicksort of two equal keys swaps them.
        let simulated = [true; 4];
        let joints = [(0, 1), (2, 3)];
        let mut order = IslandOrder::default();
        let mut out = Vec::new();
        order.order(&simulated, &[], &joints, &mut out);
        assert_eq!(out, vec![0, 1]);
        order.order(&simulated, &[(1, 2)], &joints, &mut out);
        assert_eq!(out, vec![1, 0]);
        // A pair with a bone-following body merges nothing.
        let simulated = [true, true, false, true];
        let joints = [(0, 1), (3, 2)];
        order.order(&simulated, &[(1, 2)], &joints, &mut out);
        assert_eq!(out, solve_order(&simulated, &joints));
    }

    #[test]
    fn broadphase_boxes_overlap_within_the_margin_only() {
        let at = |x: f32| Pose::from_translation(Vec3::new(x, 0.0, 0.0));
        let ball = BodyShape::Sphere { radius: 1.0 };
        let bar = BodyShape::Capsule {
            radius: 0.5,
            half_height: 2.0,
        };
        // Ball at 0 reaches x = 1; a capsule along Y reaches 0.5 from its centre: they touch
        // at 1.5, and each box is grown by 0.07.
        let (o, near, far) = (at(0.0), at(1.5 + 0.13), at(1.5 + 0.15));
        assert!(broadphase_overlap((ball, &o), (bar, &at(1.5))));
        assert!(broadphase_overlap((ball, &o), (bar, &near)));
        assert!(!broadphase_overlap((ball, &o), (bar, &far)));
        // Turned to lie along X, the capsule reaches 2.5 from its centre.
        let lying = Pose::from_parts(
            Vec3::new(3.5 + 0.13, 0.0, 0.0),
            glam::Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
        );
        assert!(broadphase_overlap((ball, &o), (bar, &lying)));
    }

    /// Two jointed pairs of dynamic balls, (0, 1) and (2, 3); balls 1 and 2 `gap` apart
    /// and allowed to collide with each other only.
    fn two_pairs(gap: f32) -> crate::pmx::Model {
        use crate::pmx::{Bone, Joint, JointKind, Model, RigidBody, RigidMode, RigidShape};
        let xs = [0.0, 1.0, 1.0 + gap, 2.0 + gap];
        let ball = |i: usize| RigidBody {
            name: format!("ball{i}"),
            bone: i as i32,
            group: 1 + u8::from(i == 2),
            // Ball 1 (group 1) meets group 2, ball 2 (group 2) meets group 1.
            collision_mask: match i {
                1 => 1 << 2,
                2 => 1 << 1,
                _ => 0,
            },
            shape: RigidShape::Sphere,
            size: Vec3::new(0.4, 0.0, 0.0),
            position: Vec3::new(xs[i], 10.0, 0.0),
            mode: RigidMode::Dynamic,
            mass: 1.0,
            ..Default::default()
        };
        let joint = |a: i32, b: i32| Joint {
            kind: JointKind::Spring6Dof,
            body_a: a,
            body_b: b,
            position: Vec3::new((xs[a as usize] + xs[b as usize]) / 2.0, 10.0, 0.0),
            ..Default::default()
        };
        Model {
            bones: (0..4)
                .map(|i| Bone {
                    name: format!("b{i}"),
                    position: Vec3::new(xs[i], 10.0, 0.0),
                    parent: -1,
                    ..Bone::default()
                })
                .collect(),
            rigid_bodies: (0..4).map(ball).collect(),
            joints: vec![joint(0, 1), joint(2, 3)],
            ..Default::default()
        }
    }

    #[test]
    fn a_world_reorders_its_joints_while_two_islands_touch() {
        use crate::physics::PhysicsConfig;
        let order_after_a_step = |gap: f32| {
            let model = two_pairs(gap);
            let mut world = PhysicsWorld::new(&model, PhysicsConfig::default());
            let bones: Vec<glam::Mat4> = model
                .bones
                .iter()
                .map(|b| glam::Mat4::from_translation(b.position))
                .collect();
            world.reset(&bones);
            assert_eq!(world.spring_order, vec![0, 1], "apart at build");
            world.set_bone_targets(&bones);
            world.step(1.0 / 60.0);
            world.spring_order.clone()
        };
        // Balls of radius 0.4 with centres 0.7 apart overlap; 3 apart they are far.
        assert_eq!(order_after_a_step(3.0), vec![0, 1]);
        assert_eq!(order_after_a_step(0.7), vec![1, 0]);
    }

    #[test]
    fn equal_keys_come_out_in_bullets_quicksort_order() {
        // One island of four joints: Hoare partition around the middle swaps the ends
        // inwards, then sorts each half again.
        let simulated = [true; 5];
        let joints = [(0, 1), (1, 2), (2, 3), (3, 4)];
        assert_eq!(solve_order(&simulated, &joints), vec![2, 3, 0, 1]);
    }

    #[test]
    fn islands_are_ordered_by_their_root_and_bone_following_bodies_join_none() {
        // Body 0 follows its bone: joints 0 and 2 hang from it and take their B's island.
        let simulated = [false, true, true, true, true];
        let joints = [(0, 3), (1, 2), (0, 1), (3, 4)];
        // Islands: {1, 2} root tag 1 (body 2), {3, 4} root tag 3 (body 4).
        let order = solve_order(&simulated, &joints);
        let key = |k: usize| if k == 0 || k == 3 { 3 } else { 1 };
        assert!(
            order.windows(2).all(|w| key(w[0]) <= key(w[1])),
            "{order:?}"
        );
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
    }
}
