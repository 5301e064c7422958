//! One answer to "do bodies A and B collide": groups 0–15 and out-of-range
//! groups swept through the simulation (rapier contacts), the rig check
//! (E-BODY-OVERLAP), the viewport's partner highlight and group colours, and the
//! collision matrix. The expected answer is written out here from the rule
//! (both masks must admit the other's group; a group above 15 is in no group).

use glam::Vec3;
use hone::app::viewport::collision::{
    cell_state, collision_partners, group_color, CellState, GROUP_COLORS, NO_GROUP_COLOR,
};
use hone::check::{check_model, CheckContext, ElementRef};
use hone::physics::{PhysicsConfig, PhysicsWorld};
use hone::pmx::builder::ModelBuilder;
use hone::pmx::Model;

const GROUPS: [u8; 20] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 32, 255,
];

/// Stored mask admitting every group but `refused` (all of them when `refused` > 15).
fn mask_refusing(refused: u8) -> u16 {
    if refused < 16 {
        0xFFFF ^ (1u16 << refused)
    } else {
        0xFFFF
    }
}

/// Body 0: simulated sphere at the origin; body 1: bone-following sphere
/// overlapping it by 0.5.
fn pair(ga: u8, ma: u16, gb: u8, mb: u16) -> Model {
    let mut b = ModelBuilder::new("pair");
    b.bone("センター", Vec3::new(0.0, 1.5, 0.0));
    b.rigid_body("A", -1)
        .sphere(1.0)
        .at(Vec3::ZERO)
        .dynamic()
        .group(ga)
        .mask(ma);
    b.rigid_body("B", 0)
        .sphere(1.0)
        .at(Vec3::new(0.0, 1.5, 0.0))
        .follow_bone()
        .group(gb)
        .mask(mb);
    b.build()
}

fn physics_says(m: &Model) -> bool {
    let config = PhysicsConfig {
        gravity: Vec3::ZERO,
        ..PhysicsConfig::default()
    };
    let mut world = PhysicsWorld::new(m, config);
    world.step(1.0 / 60.0);
    let mut contacts = Vec::new();
    world.contacts_into(&mut contacts);
    contacts
        .iter()
        .any(|c| c.body_a.is_some() && c.body_b.is_some())
}

fn check_says(m: &Model) -> bool {
    check_model(m, &CheckContext::default())
        .iter()
        .any(|p| p.code == "E-BODY-OVERLAP" && p.target == ElementRef::RigidBody(0))
}

fn viewport_says(m: &Model) -> bool {
    let a = collision_partners(m, 0)[1];
    assert_eq!(a, collision_partners(m, 1)[0], "partners are symmetric");
    a
}

/// The matrix shows groups 0..=15 only; a body outside is in no cell.
fn matrix_says(m: &Model, ga: u8, gb: u8) -> Option<bool> {
    if ga > 15 || gb > 15 {
        for gi in 0..16 {
            for gj in 0..16 {
                let s = cell_state(m, gi, gj);
                // Only an in-range body's own diagonal cell may be filled.
                let own = gi == gj && (gi == ga || gi == gb);
                assert!(own || s == CellState::Empty, "cell {gi},{gj} for {ga},{gb}");
            }
        }
        return None;
    }
    let s = cell_state(m, ga, gb);
    assert_eq!(s, cell_state(m, gb, ga), "matrix is symmetric");
    Some(match s {
        CellState::Collide => true,
        CellState::Never => false,
        other => panic!("cell {ga},{gb} is {other:?}"),
    })
}

#[test]
fn every_caller_gives_one_answer_for_every_group() {
    let mut collided = 0;
    let mut cases = 0;
    for &ga in &GROUPS {
        for &gb in &GROUPS {
            // Same group: the cell also pairs each body with itself, so
            // give both bodies the same mask there.
            let masks: Vec<(u16, u16)> = if ga == gb {
                vec![(0xFFFF, 0xFFFF), (mask_refusing(ga), mask_refusing(gb))]
            } else {
                vec![
                    (0xFFFF, 0xFFFF),
                    (mask_refusing(gb), 0xFFFF),
                    (0xFFFF, mask_refusing(ga)),
                ]
            };
            for (ma, mb) in masks {
                let m = pair(ga, ma, gb, mb);
                let in_group = |g: u8| g < 16;
                let admits = |mask: u16, g: u8| in_group(g) && mask & (1 << g) != 0;
                let expected = admits(ma, gb) && admits(mb, ga);
                let what = format!("groups {ga}/{gb}, masks {ma:04x}/{mb:04x}");
                assert_eq!(physics_says(&m), expected, "physics, {what}");
                assert_eq!(check_says(&m), expected, "check, {what}");
                assert_eq!(viewport_says(&m), expected, "viewport, {what}");
                if let Some(cell) = matrix_says(&m, ga, gb) {
                    assert_eq!(cell, expected, "matrix, {what}");
                }
                collided += expected as usize;
                cases += 1;
            }
        }
    }
    // The sweep exercised both answers.
    assert!(
        collided > 200 && collided < cases - 200,
        "{collided}/{cases}"
    );
}

#[test]
fn colours_show_the_group_physics_puts_a_body_in() {
    for &g in &GROUPS {
        let c = group_color(g);
        if g < 16 {
            assert_eq!(c, GROUP_COLORS[g as usize], "group {g}");
        } else {
            // In no group: not the colour of any group (16 used to look like group 1).
            assert_eq!(c, NO_GROUP_COLOR, "group {g}");
            assert!(!GROUP_COLORS.contains(&c));
        }
    }
}

#[test]
fn the_overlap_fix_separates_the_pair_for_every_caller() {
    for (ga, gb) in [(0u8, 0u8), (3, 9), (15, 2)] {
        let mut m = pair(ga, 0xFFFF, gb, 0xFFFF);
        let p = check_model(&m, &CheckContext::default())
            .into_iter()
            .find(|p| p.code == "E-BODY-OVERLAP")
            .expect("overlap reported");
        let fix = p.fix.expect("fix offered");
        assert!(fix.apply(&mut m, &mut hone::edit::History::new()));
        assert!(!physics_says(&m) && !check_says(&m) && !viewport_says(&m));
        assert_eq!(matrix_says(&m, ga, gb), Some(false));
    }
}
