//! Rules of the file format every layer shares: which collision groups a mask can
//! name, and what weights that sum to 1 are. One owner each; `physics`, `check` and
//! `edit` call them from here.

use super::Weights;

/// Collision groups a mask can name: 0..=15 (PMX Editor shows them as 1..=16).
pub const GROUP_COUNT: u8 = 16;

/// The group bit a body is a member of; 0 (no group) for a group above 15.
///
/// The spec stores the group in a byte and the mask in a ushort, so only
/// groups 0..=15 exist. MMD registers a body with Bullet 2.75 as group
/// `1 << group` in a 16-bit short: for 16..=31 the bit shifts out and the body
/// is in no group, so (Bullet's AND test) it collides with nothing and nothing
/// collides with it. Beyond 31 the shift is undefined in MMD's C++; we treat
/// every group above 15 the same way (collides with nothing), and the rig check
/// `W-BODY-GROUP-RANGE` reports it. A mask is 16 bits and always fits; its bits
/// name groups 0..=15, and no mask admits a group above 15.
pub fn group_bit(group: u8) -> u16 {
    if group < GROUP_COUNT {
        1 << group
    } else {
        0
    }
}

/// Whether `group` is one a mask can name (0..=15).
pub fn group_in_range(group: u8) -> bool {
    group < GROUP_COUNT
}

/// Whether a body with collision `mask` (as stored: bit n set = collides with
/// group n) accepts bodies of `group`.
pub fn mask_allows(mask: u16, group: u8) -> bool {
    mask & group_bit(group) != 0
}

/// `mask` with the bit for `group` set or cleared (unchanged for a group above 15).
pub fn mask_with(mask: u16, group: u8, collide: bool) -> u16 {
    if collide {
        mask | group_bit(group)
    } else {
        mask & !group_bit(group)
    }
}

/// Drops weights on bones outside the model and rescales the rest to sum 1.
/// Returns false when there is nothing left to normalise to.
pub fn normalize_weights(w: &mut Weights, bone_count: usize) -> bool {
    let ok = |b: i32| usize::try_from(b).is_ok_and(|b| b < bone_count);
    match w {
        Weights::Bdef1 { .. } => false,
        Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => {
            match (ok(bones[0]), ok(bones[1])) {
                (true, false) => *weight = 1.0,
                (false, true) => *weight = 0.0,
                (true, true) => *weight = weight.clamp(0.0, 1.0),
                (false, false) => return false,
            }
            true
        }
        Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
            let mut sum = 0.0;
            for k in 0..4 {
                if !ok(bones[k]) || !weights[k].is_finite() || weights[k] < 0.0 {
                    weights[k] = 0.0;
                }
                sum += weights[k];
            }
            if sum <= 1e-6 {
                return false;
            }
            for x in weights.iter_mut() {
                *x /= sum;
            }
            true
        }
    }
}
