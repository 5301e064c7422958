//! Small vertex-weight operations the rig generators share.

use crate::pmx::{Weights, NONE};

/// A vertex holds more than this share of its weight on one bone: it is "dedicated"
/// to it (the semi-standard plugin's threshold).
pub const DEDICATED: f32 = 0.97;

/// The (bone, weight) pairs with a non-zero weight.
pub fn entries(w: &Weights) -> Vec<(i32, f32)> {
    let (bones, weights, n) = w.bone_weights();
    (0..n)
        .filter(|&k| bones[k] >= 0 && weights[k] != 0.0)
        .map(|k| (bones[k], weights[k]))
        .collect()
}

/// The share of the vertex's total weight on `bone` (0 when it has none).
pub fn share(w: &Weights, bone: i32) -> f32 {
    let e = entries(w);
    let total: f32 = e.iter().map(|x| x.1).sum();
    if total <= 0.0 {
        return 0.0;
    }
    e.iter().filter(|x| x.0 == bone).map(|x| x.1).sum::<f32>() / total
}

pub fn is_dedicated(w: &Weights, bone: i32) -> bool {
    share(w, bone) > DEDICATED
}

/// Points every reference to `from` at `to`, keeping the kind (SDEF stays SDEF).
pub fn replace_bone(w: &mut Weights, from: i32, to: i32) -> bool {
    let mut changed = false;
    for b in w.bones_mut() {
        if *b == from {
            *b = to;
            changed = true;
        }
    }
    changed
}

/// Weights from (bone, weight) pairs: equal bones merged, zero weights dropped, the
/// heaviest first, as BDEF1, BDEF2 or BDEF4. None when more than four bones remain.
pub fn from_entries(pairs: &[(i32, f32)]) -> Option<Weights> {
    let mut merged: Vec<(i32, f32)> = Vec::with_capacity(4);
    for &(b, w) in pairs {
        if w <= 0.0 || b < 0 {
            continue;
        }
        match merged.iter_mut().find(|m| m.0 == b) {
            Some(m) => m.1 += w,
            None => merged.push((b, w)),
        }
    }
    merged.sort_by(|a, b| b.1.total_cmp(&a.1));
    Some(match merged.as_slice() {
        [] | [_] => Weights::Bdef1 {
            bone: merged.first().map_or(0, |m| m.0),
        },
        [a, b] => Weights::Bdef2 {
            bones: [a.0, b.0],
            weight: a.1 / (a.1 + b.1),
        },
        [_, _, _] | [_, _, _, _] => {
            let mut bones = [NONE; 4];
            let mut weights = [0.0; 4];
            let total: f32 = merged.iter().map(|m| m.1).sum();
            for (k, m) in merged.iter().enumerate() {
                bones[k] = m.0;
                weights[k] = m.1 / total;
            }
            // BDEF4 slots without a bone point at the first bone with weight 0, as
            // PMX Editor writes them.
            bones[merged.len()..].fill(merged[0].0);
            Weights::Bdef4 { bones, weights }
        }
        _ => return None,
    })
}

/// Moves `fraction` (0..=1) of `from`'s weight onto `to`. None when the result would
/// need more than four bones; the vertex is then left as it is.
pub fn move_share(w: &Weights, from: i32, to: i32, fraction: f32) -> Option<Weights> {
    let mut e = entries(w);
    let moved: f32 = e
        .iter()
        .filter(|x| x.0 == from)
        .map(|x| x.1 * fraction)
        .sum();
    if moved <= 0.0 {
        return Some(*w);
    }
    for x in e.iter_mut().filter(|x| x.0 == from) {
        x.1 *= 1.0 - fraction;
    }
    e.push((to, moved));
    from_entries(&e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_shares() {
        let w = Weights::Bdef2 {
            bones: [3, 5],
            weight: 0.25,
        };
        assert_eq!(entries(&w), vec![(3, 0.25), (5, 0.75)]);
        assert!((share(&w, 5) - 0.75).abs() < 1e-6);
        assert!(!is_dedicated(&w, 5));
        assert!(is_dedicated(&Weights::Bdef1 { bone: 2 }, 2));
        assert_eq!(
            from_entries(&[(5, 0.75), (3, 0.25)]),
            Some(Weights::Bdef2 {
                bones: [5, 3],
                weight: 0.75
            })
        );
        assert_eq!(
            from_entries(&[(1, 0.5), (1, 0.5)]),
            Some(Weights::Bdef1 { bone: 1 })
        );
        assert_eq!(
            from_entries(&[(1, 0.2), (2, 0.2), (3, 0.2), (4, 0.2), (5, 0.2)]),
            None
        );
        let moved = move_share(&Weights::Bdef1 { bone: 7 }, 7, 9, 0.4).unwrap();
        assert_eq!(
            moved,
            Weights::Bdef2 {
                bones: [7, 9],
                weight: 0.6
            }
        );
        let mut s = Weights::Sdef {
            bones: [1, 2],
            weight: 0.5,
            c: glam::Vec3::ZERO,
            r0: glam::Vec3::ZERO,
            r1: glam::Vec3::ZERO,
        };
        assert!(replace_bone(&mut s, 2, 8));
        assert_eq!(s.bones(), &[1, 8]);
    }
}
