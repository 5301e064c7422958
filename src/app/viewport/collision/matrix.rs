//! The collision-group matrix's model side: what a cell (group × group) shows
//! and the one undoable edit a click on it makes. Which bodies collide is
//! [`crate::physics::rules::collides`]; the panel is `panels/collision_matrix.rs`.

use crate::physics::rules;
use crate::pmx::Model;

/// One cell of the group matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellState {
    /// No bodies in one of the two groups.
    Empty,
    /// Every pair of bodies from the two groups collides.
    Collide,
    /// No pair collides.
    Never,
    /// Bodies of a group disagree.
    Mixed,
}

/// Whether bodies of group `gi` collide with bodies of group `gj` (0-based):
/// a pair (a in gi, b in gj) collides iff a's mask has bit gj and b's has bit gi.
/// On the diagonal a body is paired with itself too, so one body alone still
/// shows its own bit.
pub fn cell_state(model: &Model, gi: u8, gj: u8) -> CellState {
    let (mut yes, mut no) = (false, false);
    for a in model.rigid_bodies.iter().filter(|b| b.group == gi) {
        for b in model.rigid_bodies.iter().filter(|b| b.group == gj) {
            if rules::collides(a, b) {
                yes = true;
            } else {
                no = true;
            }
        }
    }
    match (yes, no) {
        (false, false) => CellState::Empty,
        (true, false) => CellState::Collide,
        (false, true) => CellState::Never,
        (true, true) => CellState::Mixed,
    }
}

/// The one undoable edit a click on cell (gi, gj) makes: a colliding cell becomes
/// non-colliding, anything else (never, mixed, empty) becomes colliding.
///
/// Symmetric by choice: the bit for `gj` is set/cleared on every body of `gi`
/// AND the bit for `gi` on every body of `gj`. A collision needs both masks, so
/// editing one side only would leave the matrix asymmetric and the click would
/// not always change what collides. None when no body is in either group.
pub fn toggle_cell_edit(model: &Model, gi: u8, gj: u8) -> Option<crate::edit::ModelEdit> {
    let collide = cell_state(model, gi, gj) != CellState::Collide;
    let mut items = Vec::new();
    for (i, rb) in model.rigid_bodies.iter().enumerate() {
        let mut mask = rb.collision_mask;
        for (own, other) in [(gi, gj), (gj, gi)] {
            if rb.group == own {
                mask = rules::mask_with(mask, other, collide);
            }
        }
        if mask != rb.collision_mask {
            let mut body = rb.clone();
            body.collision_mask = mask;
            items.push((i, crate::edit::Element::RigidBody(body)));
        }
    }
    if items.is_empty() {
        return None;
    }
    let key = if collide {
        "history-groups-collide"
    } else {
        "history-groups-no-collision"
    };
    Some(
        crate::edit::ModelEdit::set_many(items, "collision mask").label(crate::tr!(
            key,
            a = gi + 1,
            b = gj + 1
        )),
    )
}

#[cfg(test)]
mod tests {
    use super::super::tests::body;
    use super::*;

    #[test]
    fn cells_show_mixed_and_toggle_symmetrically() {
        let mut m = Model {
            rigid_bodies: vec![body(0, 0xFFFF), body(0, !(1 << 1)), body(1, 0xFFFF)],
            ..Model::default()
        };
        assert_eq!(cell_state(&m, 0, 1), CellState::Mixed);
        assert_eq!(cell_state(&m, 1, 0), CellState::Mixed);
        assert_eq!(cell_state(&m, 0, 0), CellState::Collide);
        assert_eq!(cell_state(&m, 0, 5), CellState::Empty);
        // Mixed → collide: sets bit 1 on body 1 (bit 0 on body 2 already set: unchanged).
        let mut h = crate::edit::History::new();
        let e = toggle_cell_edit(&m, 0, 1).unwrap();
        h.apply(&mut m, e).unwrap();
        assert_eq!(m.rigid_bodies[1].collision_mask, 0xFFFF);
        assert_eq!(cell_state(&m, 0, 1), CellState::Collide);
        // Collide → never: clears bit 1 on group 0 and bit 0 on group 1.
        let e = toggle_cell_edit(&m, 1, 0).unwrap();
        h.apply(&mut m, e).unwrap();
        assert_eq!(m.rigid_bodies[0].collision_mask, !(1 << 1));
        assert_eq!(m.rigid_bodies[1].collision_mask, !(1 << 1));
        assert_eq!(m.rigid_bodies[2].collision_mask, !1u16);
        assert_eq!(cell_state(&m, 0, 1), CellState::Never);
        assert!(toggle_cell_edit(&m, 7, 9).is_none());
    }
}
