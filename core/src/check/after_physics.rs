//! `W-BONE-BELOW-PHYSICS`: a bone whose parent a simulated body drives, that has no
//! simulated body of its own and is not 物理後変形 (after physics, flag 0x1000), while it
//! (or a descendant that follows it) carries vertex weight. MMD computes such a bone
//! before physics and keeps it there (MMDAgent's `updateBoneFromSimulation` sets only each
//! body's own bone), so it does not move with the hair or cloth above it; Hone does the
//! same by default. Fix: set 物理後変形, so it is recomputed from the physics result.

use super::{valid, ElementRef, Fix, Problem};
use crate::physics::{rules, BodyRole};
use crate::pmx::Model;

/// Every such bone, one problem each, the bone as target and its physics parent's body
/// as related.
pub fn check_bones_below_physics(model: &Model) -> Vec<Problem> {
    let nbones = model.bones.len();
    let modes = rules::effective_modes(model);
    // Per bone: the first simulated body that writes it back, as physics picks it.
    let mut driver = vec![None; nbones];
    for (i, (body, &mode)) in model.rigid_bodies.iter().zip(&modes).enumerate() {
        let role = rules::body_role(model, body, mode);
        if let Some(bone) = valid(body.bone, nbones) {
            if matches!(role, BodyRole::Dynamic | BodyRole::DynamicRotation)
                && driver[bone].is_none()
            {
                driver[bone] = Some(i);
            }
        }
    }
    let parent = |b: usize| valid(model.bones[b].parent, nbones).filter(|&p| p != b);
    // Bones a vertex weighs (any non-zero weight).
    let mut weighted = vec![false; nbones];
    for v in &model.vertices {
        let (bones, weights, n) = v.weights.bone_weights();
        for k in 0..n {
            if weights[k] > 0.0 {
                if let Some(b) = valid(bones[k], nbones) {
                    weighted[b] = true;
                }
            }
        }
    }
    // A bone that stays before physics moves its plain descendants with it: count
    // their weight as its own (up to a bone physics or the after-physics pass sets).
    let stays = |b: usize| driver[b].is_none() && !model.bones[b].is_after_physics();
    let mut carries = weighted.clone();
    for b in order_children_first(model) {
        if carries[b] && stays(b) {
            if let Some(p) = parent(b) {
                carries[p] = true;
            }
        }
    }
    let mut out = Vec::new();
    for (b, &carried) in carries.iter().enumerate() {
        let Some(p) = parent(b) else { continue };
        let Some(body) = driver[p] else { continue };
        if !stays(b) || !carried {
            continue;
        }
        let me = ElementRef::Bone(b as i32);
        let physics_parent = ElementRef::Bone(p as i32);
        let body = ElementRef::RigidBody(body as i32);
        me.finding(model, "W-BONE-BELOW-PHYSICS", "check-bone-below-physics")
            .element("parent", physics_parent)
            .element("body", body)
            .related([physics_parent, body])
            .fix(Fix::SetAfterPhysics { bone: b as i32 })
            .push(&mut out);
    }
    out
}

/// Bone indices with every bone after its descendants (deepest first; cycles cut).
fn order_children_first(model: &Model) -> Vec<usize> {
    let n = model.bones.len();
    let depth = |mut b: usize| {
        let mut d = 0usize;
        while let Some(p) = valid(model.bones[b].parent, n).filter(|&p| p != b) {
            d += 1;
            b = p;
            if d > n {
                break;
            }
        }
        d
    };
    let mut order: Vec<(usize, usize)> = (0..n).map(|b| (depth(b), b)).collect();
    order.sort_by(|a, b| b.cmp(a));
    order.into_iter().map(|(_, b)| b).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::History;
    use crate::pmx::builder::{bdef1, ModelBuilder};
    use crate::pmx::{BoneFlags, JointKind, RigidMode};
    use glam::{Vec2, Vec3};

    /// root → hair (simulated) → tip (no body), the tip weighted when `weighted`.
    fn hair(tip_flags: u16, weighted: bool) -> Model {
        let mut b = ModelBuilder::new("hair");
        let root = b.bone("root", Vec3::ZERO).index();
        let hair = b.bone("髪", Vec3::Y).parent(root).index();
        let tip = b
            .bone("髪先", Vec3::new(0.0, 2.0, 0.0))
            .parent(hair)
            .flags(tip_flags)
            .index();
        b.vertex(Vec3::Y, Vec3::Y, Vec2::ZERO, bdef1(hair));
        if weighted {
            b.vertex(Vec3::new(0.0, 2.0, 0.0), Vec3::Y, Vec2::ZERO, bdef1(tip));
        }
        let a = b
            .rigid_body("root", root)
            .mode(RigidMode::FollowBone)
            .index();
        let h = b
            .rigid_body("髪", hair)
            .mode(RigidMode::Dynamic)
            .mass(1.0)
            .index();
        b.joint("j", JointKind::Spring6Dof, a, h);
        b.build()
    }

    #[test]
    fn a_weighted_tip_below_a_physics_bone_is_reported_and_fixed_by_the_flag() {
        let mut model = hair(0, true);
        let found = check_bones_below_physics(&model);
        assert_eq!(found.len(), 1, "{found:?}");
        let p = &found[0];
        assert_eq!(p.target, ElementRef::Bone(2));
        assert!(p.related.contains(&ElementRef::Bone(1)));
        assert!(p.related.contains(&ElementRef::RigidBody(1)));
        assert!(p.message.contains("髪先"), "{}", p.message);
        let fix = p.fix.clone().unwrap();
        let mut history = History::with_limit(10);
        assert!(fix.apply(&mut model, &mut history));
        assert!(model.bones[2].is_after_physics());
        assert!(check_bones_below_physics(&model).is_empty());
    }

    #[test]
    fn a_flagged_or_unweighted_tip_is_not_reported() {
        assert!(check_bones_below_physics(&hair(BoneFlags::AFTER_PHYSICS, true)).is_empty());
        assert!(check_bones_below_physics(&hair(0, false)).is_empty());
    }

    #[test]
    fn a_tip_below_a_bone_following_body_is_not_reported() {
        let mut model = hair(0, true);
        model.rigid_bodies[1].mode = RigidMode::FollowBone;
        assert!(check_bones_below_physics(&model).is_empty());
    }
}
