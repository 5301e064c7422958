//! The part an operation adds, ghosted in the viewport before Apply (File ▸ Add
//! model…): the new faces as a translucent mesh and the new bones as lines, at
//! rest where the options place them. Computed once per plan (the edit applied to
//! a copy of the model); drawing only projects it.

use eframe::egui::{self, Color32, Painter, Shape, Stroke};
use glam::Vec3;

use crate::app::viewport::camera::Projector;
use crate::edit::{History, ModelEdit};
use crate::pmx::Model;

const FILL: Color32 = Color32::from_rgba_premultiplied(30, 80, 90, 90);
const BONE: Color32 = Color32::from_rgb(255, 220, 90);

/// What an edit adds: its new faces (over the vertices they use) and new bones.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ghost {
    /// Rest positions of the vertices the new faces use (model space, MMD's).
    pub positions: Vec<Vec3>,
    /// The new faces, indexing `positions`.
    pub triangles: Vec<[u32; 3]>,
    /// Each new bone's position and its parent's (None: no parent).
    pub bones: Vec<(Vec3, Option<Vec3>)>,
}

impl Ghost {
    /// The faces and bones `edit` appends to `model` (None when it adds neither or
    /// is refused). The edit is applied to a copy.
    pub fn of(model: &Model, edit: &ModelEdit) -> Option<Ghost> {
        let mut after = model.clone();
        History::with_limit(1)
            .apply(&mut after, edit.clone())
            .ok()?;
        let mut index = vec![u32::MAX; after.vertices.len()];
        let mut ghost = Ghost::default();
        for face in after.faces.iter().skip(model.faces.len()) {
            let mut tri = [0u32; 3];
            for (k, &v) in face.iter().enumerate() {
                let Some(slot) = usize::try_from(v).ok().and_then(|v| index.get_mut(v)) else {
                    continue;
                };
                if *slot == u32::MAX {
                    *slot = ghost.positions.len() as u32;
                    ghost.positions.push(after.vertices[v as usize].position);
                }
                tri[k] = *slot;
            }
            ghost.triangles.push(tri);
        }
        for bone in after.bones.iter().skip(model.bones.len()) {
            let parent = usize::try_from(bone.parent)
                .ok()
                .and_then(|p| after.bones.get(p))
                .map(|p| p.position);
            ghost.bones.push((bone.position, parent));
        }
        (!ghost.triangles.is_empty() || !ghost.bones.is_empty()).then_some(ghost)
    }

    /// Paints the ghost over the viewport.
    pub fn draw(&self, painter: &Painter, proj: &Projector) {
        let screen: Vec<Option<egui::Pos2>> = self
            .positions
            .iter()
            .map(|&p| proj.project_mmd(p))
            .collect();
        let mut mesh = egui::Mesh::default();
        for tri in &self.triangles {
            let corners = tri.map(|i| screen.get(i as usize).copied().flatten());
            if let [Some(a), Some(b), Some(c)] = corners {
                let base = mesh.vertices.len() as u32;
                for p in [a, b, c] {
                    mesh.colored_vertex(p, FILL);
                }
                mesh.add_triangle(base, base + 1, base + 2);
            }
        }
        painter.add(Shape::mesh(mesh));
        for &(at, parent) in &self.bones {
            let Some(p) = proj.project_mmd(at) else {
                continue;
            };
            if let Some(q) = parent.and_then(|q| proj.project_mmd(q)) {
                painter.line_segment([q, p], Stroke::new(1.5, BONE));
            }
            painter.circle_filled(p, 2.5, BONE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::generators::{Dialog, Open};
    use crate::app::viewport::camera::OrbitCamera;
    use serde_json::json;

    #[test]
    fn adding_a_model_ghosts_the_part_where_the_options_place_it_and_follows_them() {
        let model = crate::app::sample_document().model().clone();
        let dir = tempfile::tempdir().unwrap();
        let part = dir.path().join("part.pmx");
        let bytes = crate::pmx::write::write_pmx(&model, &Default::default()).unwrap();
        std::fs::write(&part, bytes).unwrap();
        let mut d = Dialog::new(Open {
            op: crate::ops::find("merge").unwrap(),
            kind: None,
            selected: Vec::new(),
        });
        let set = |d: &mut Dialog, key: &str, v: serde_json::Value| {
            d.options.values.insert(key.into(), v);
        };
        set(&mut d, "part", json!(part.to_string_lossy()));
        set(&mut d, "match", json!("none"));
        set(&mut d, "offset", json!([5.0, 0.0, 0.0]));
        d.refresh(&model);
        let ghost = |d: &Dialog| d.planned.as_ref().unwrap().ghost.clone().expect("a ghost");
        let g = ghost(&d);
        assert_eq!(
            g.triangles.len(),
            model.faces.len(),
            "every face of the part"
        );
        assert_eq!(g.bones.len(), model.bones.len(), "no bone matched: all new");
        let min_x = |ps: &mut dyn Iterator<Item = Vec3>| ps.map(|p| p.x).fold(f32::MAX, f32::min);
        let base = min_x(&mut model.vertices.iter().map(|v| v.position));
        assert!((min_x(&mut g.positions.iter().copied()) - (base + 5.0)).abs() < 1e-4);
        // Another offset: planned again, the ghost moves with it.
        set(&mut d, "offset", json!([0.0, 2.0, 0.0]));
        d.refresh(&model);
        let g2 = ghost(&d);
        assert!((min_x(&mut g2.positions.iter().copied()) - base).abs() < 1e-4);
        let min_y = |g: &Ghost| g.positions.iter().map(|p| p.y).fold(f32::MAX, f32::min);
        assert!((min_y(&g2) - min_y(&g) - 2.0).abs() < 1e-4);
        // Drawn: one translucent triangle per face in view, and the bones.
        let cam = OrbitCamera {
            distance: 60.0,
            ..Default::default()
        };
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(800.0, 600.0));
        let proj = Projector::new(&cam, rect);
        let ctx = egui::Context::default();
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            g2.draw(&ui.ctx().layer_painter(egui::LayerId::background()), &proj);
        });
        let mesh_vertices: usize = out
            .shapes
            .iter()
            .map(|c| match &c.shape {
                Shape::Mesh(m) => m.vertices.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(mesh_vertices, g2.triangles.len() * 3);
    }
}
