//! Changing a vertex's weight type (BDEF1/2/4, SDEF, QDEF) without losing its
//! strongest bones: what the inspector's "weight type" choice sets.

use crate::pmx::{Model, WeightKind, Weights, NONE};
use glam::Vec3;

/// `w` as another weight type, keeping its strongest bones. A new SDEF gets C
/// (and R0 = R1 = C, a plain rotation about C) at the point of its two bones'
/// segment nearest the vertex; that is where the checker wants C.
pub fn convert_weights(w: &Weights, to: WeightKind, model: &Model, position: Vec3) -> Weights {
    let (bones, weights, n) = w.bone_weights();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]));
    let bone = |k: usize| order.get(k).map_or(NONE, |&s| bones[s]);
    let weight = |k: usize| order.get(k).map_or(0.0, |&s| weights[s]);
    let pair = [bone(0), bone(1)];
    let pair_weight = if weight(0) + weight(1) > 0.0 {
        weight(0) / (weight(0) + weight(1))
    } else {
        1.0
    };
    let bones4 = [bone(0), bone(1), bone(2), bone(3)];
    let weights4 = [weight(0), weight(1), weight(2), weight(3)];
    match to {
        WeightKind::Bdef1 => Weights::Bdef1 { bone: bone(0) },
        WeightKind::Bdef2 => Weights::Bdef2 {
            bones: pair,
            weight: pair_weight,
        },
        WeightKind::Bdef4 => Weights::Bdef4 {
            bones: bones4,
            weights: weights4,
        },
        WeightKind::Qdef => Weights::Qdef {
            bones: bones4,
            weights: weights4,
        },
        WeightKind::Sdef => {
            let at = |b: i32| {
                usize::try_from(b)
                    .ok()
                    .and_then(|b| model.bones.get(b))
                    .map_or(position, |b| b.position)
            };
            let (a, b) = (at(pair[0]), at(pair[1]));
            let ab = b - a;
            let t = if ab.length_squared() > 0.0 {
                ((position - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let c = a + ab * t;
            Weights::Sdef {
                bones: pair,
                weight: pair_weight,
                c,
                r0: c,
                r1: c,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Bone, Tail, Vertex};

    /// Bones 0 センター (y 0), 1 下 (y 5), 2 上 (y 10), 3 先 (y 15) in a chain.
    fn chain() -> Model {
        let mut m = Model::default();
        for (i, name) in ["センター", "下", "上", "先"].into_iter().enumerate() {
            m.bones.push(Bone {
                name: name.into(),
                position: Vec3::new(0.0, i as f32 * 5.0, 0.0),
                parent: i as i32 - 1,
                tail: Tail::Offset(Vec3::new(0.0, 5.0, 0.0)),
                ..Bone::default()
            });
        }
        m.vertices.push(Vertex::default());
        m
    }

    #[test]
    fn converting_weights_keeps_the_strongest_bones() {
        let m = chain();
        let w = Weights::Bdef4 {
            bones: [3, 1, 2, NONE],
            weights: [0.1, 0.6, 0.3, 0.0],
        };
        let p = Vec3::new(1.5, 7.0, 0.0);
        assert_eq!(
            convert_weights(&w, WeightKind::Bdef1, &m, p),
            Weights::Bdef1 { bone: 1 }
        );
        let Weights::Bdef2 { bones, weight } = convert_weights(&w, WeightKind::Bdef2, &m, p) else {
            panic!("not BDEF2");
        };
        assert_eq!(bones, [1, 2]);
        assert!((weight - 0.6 / 0.9).abs() < 1e-6);
        // SDEF: C on the segment 下 (y 5) – 上 (y 10) nearest the vertex.
        let Weights::Sdef {
            bones, c, r0, r1, ..
        } = convert_weights(&w, WeightKind::Sdef, &m, p)
        else {
            panic!("not SDEF");
        };
        assert_eq!(bones, [1, 2]);
        assert!((c - Vec3::new(0.0, 7.0, 0.0)).length() < 1e-5, "{c}");
        assert_eq!((r0, r1), (c, c));
        assert!(crate::check::check_model(
            &{
                let mut m = m.clone();
                m.vertices[0].weights = convert_weights(&w, WeightKind::Sdef, &m, p);
                m.vertices[0].position = p;
                m
            },
            &Default::default()
        )
        .iter()
        .all(|p| p.target != crate::check::ElementRef::Vertex(0)));
        let Weights::Qdef { bones, weights } = convert_weights(&w, WeightKind::Qdef, &m, p) else {
            panic!("not QDEF");
        };
        assert_eq!(bones, [1, 2, 3, NONE]);
        assert_eq!(weights, [0.6, 0.3, 0.1, 0.0]);
    }
}
