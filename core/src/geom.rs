//! Small geometry every layer shares (the one owner of each rule; it imports nothing
//! from the crate).

use glam::Vec3;

/// The point of segment `ab` closest to `p`; a zero-length segment is its point `a`.
pub fn closest_on_segment(p: Vec3, a: Vec3, b: Vec3) -> Vec3 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 <= 1e-12 {
        return a;
    }
    a + ab * ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
}

/// Distance from `p` to segment `ab` (to `a` when the segment has no length).
pub fn point_segment_distance(p: Vec3, a: Vec3, b: Vec3) -> f32 {
    p.distance(closest_on_segment(p, a, b))
}

/// The closest points of segments `a0a1` and `b0b1` (either may be a point)
/// (physics' contacts between capsules and the rig check's overlaps).
pub fn segments_closest(a0: Vec3, a1: Vec3, b0: Vec3, b1: Vec3) -> (Vec3, Vec3) {
    let (da, db, r) = (a1 - a0, b1 - b0, a0 - b0);
    let (aa, bb, f) = (da.dot(da), db.dot(db), db.dot(r));
    let tiny = 1e-12;
    let (s, t) = if aa <= tiny && bb <= tiny {
        (0.0, 0.0)
    } else if aa <= tiny {
        (0.0, (f / bb).clamp(0.0, 1.0))
    } else {
        let c = da.dot(r);
        if bb <= tiny {
            ((-c / aa).clamp(0.0, 1.0), 0.0)
        } else {
            let ab = da.dot(db);
            let denom = aa * bb - ab * ab;
            let mut s = if denom > tiny {
                ((ab * f - c * bb) / denom).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let mut t = (ab * s + f) / bb;
            if t < 0.0 {
                t = 0.0;
                s = (-c / aa).clamp(0.0, 1.0);
            } else if t > 1.0 {
                t = 1.0;
                s = ((ab - c) / aa).clamp(0.0, 1.0);
            }
            (s, t)
        }
    };
    (a0 + da * s, b0 + db * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_to_segment_covers_inside_ends_and_zero_length() {
        let (a, b) = (Vec3::ZERO, Vec3::new(2.0, 0.0, 0.0));
        assert_eq!(point_segment_distance(Vec3::new(1.0, 3.0, 0.0), a, b), 3.0);
        assert_eq!(point_segment_distance(Vec3::new(-3.0, 4.0, 0.0), a, b), 5.0);
        assert_eq!(point_segment_distance(Vec3::new(5.0, 0.0, 4.0), a, b), 5.0);
        // A zero-length segment is its point, never NaN.
        let d = point_segment_distance(Vec3::new(0.0, 0.0, 2.0), a, a);
        assert_eq!(d, 2.0);
    }
}
