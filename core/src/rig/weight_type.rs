//! Changing a vertex's weight type (BDEF1/2/4, SDEF, QDEF) without losing its
//! strongest bones: what the inspector's "weight type" choice sets.

use crate::pmx::{Model, WeightKind, Weights};
use glam::Vec3;

/// `w` as another weight type, keeping its strongest bones: the rule is
/// [`crate::rig::weights::convert`] (a new SDEF gets C at the joint of its two bones and
/// R0/R1 from the vertex, see [`crate::rig::weights::sdef_params`]). A vertex that
/// cannot take the type (no bone; one bone and SDEF) keeps its weights.
pub fn convert_weights(w: &Weights, to: WeightKind, model: &Model, position: Vec3) -> Weights {
    super::weights::convert(model, w, position, to).unwrap_or(*w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Bone, Tail, Vertex, NONE};

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
        // SDEF: C at the joint of 下 and 上 (上's head, y 10); the vertex lies on the
        // parent's side, so R of 下 sits level with it (y 7) and R of 上 at the joint.
        let Weights::Sdef {
            bones, c, r0, r1, ..
        } = convert_weights(&w, WeightKind::Sdef, &m, p)
        else {
            panic!("not SDEF");
        };
        assert_eq!(bones, [1, 2]);
        assert!((c - Vec3::new(0.0, 10.0, 0.0)).length() < 1e-5, "{c}");
        assert!((r0 - Vec3::new(0.0, 7.0, 0.0)).length() < 1e-5, "{r0}");
        assert_eq!(r1, c);
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
        assert_eq!(bones, [3, 1, 2, NONE], "BDEF4 → QDEF keeps the slots");
        assert_eq!(weights, [0.1, 0.6, 0.3, 0.0]);
    }
}
