//! The open generator's plan drawn over the viewport before it is applied: each
//! planned rigid body outlined where its bone (in the current pose) puts it, each
//! planned joint as a diamond linked to its two bodies.

use eframe::egui::{self, Color32, Painter, Shape, Stroke};
use glam::{Mat4, Vec3};

use crate::app::viewport::camera::Projector;
use crate::app::viewport::overlays::diamond;
use crate::app::View;
use crate::physics::rules::{bone_driven_pose, pose_matrix, rest_matrix};
use crate::physics::BodyShape;
use crate::pmx::{Model, RigidBody};
use crate::rig::RigPlan;

/// Preview colours: new elements cyan, replaced ones magenta (stand out from the
/// mode colours of existing bodies).
const NEW: Color32 = Color32::from_rgb(80, 230, 255);
const REPLACED: Color32 = Color32::from_rgb(255, 110, 220);

/// Draws the plan of the open generator dialog, if it has one and previews it.
pub fn draw(painter: &Painter, proj: &Projector, view: &View) {
    let Some(d) = view.generator else {
        return;
    };
    if !d.preview {
        return;
    }
    if let Some(ghost) = d.planned.as_ref().and_then(|p| p.ghost.as_ref()) {
        ghost.draw(painter, proj);
    }
    let Some(plan) = d.planned.as_ref().and_then(|p| p.plan.as_ref()) else {
        return;
    };
    draw_plan(painter, proj, view.model, view.pose.world(), plan);
}

/// Model-space transform of `body` placed by its bone in `world`.
fn placed(model: &Model, body: &RigidBody, world: &[Mat4]) -> Mat4 {
    pose_matrix(&bone_driven_pose(model, body, world))
}

pub fn draw_plan(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    plan: &RigPlan,
) {
    for p in &plan.rigid_bodies {
        let color = if p.target == crate::rig::Target::New {
            NEW
        } else {
            REPLACED
        };
        let m = placed(model, &p.value, world);
        for line in BodyShape::of(&p.value).outline(&m) {
            let screen: Vec<egui::Pos2> =
                line.iter().filter_map(|q| proj.project_mmd(*q)).collect();
            if screen.len() == line.len() && screen.len() >= 2 {
                painter.add(Shape::line(screen, Stroke::new(2.0, color)));
            }
        }
    }
    // A joint moves with body A (as the joint overlay draws existing joints).
    let body_at = |i: i32| -> Option<(Mat4, &RigidBody)> {
        let rb = plan.rigid_body(model, usize::try_from(i).ok()?)?;
        Some((placed(model, rb, world), rb))
    };
    for p in &plan.joints {
        let j = &p.value;
        let pos = match body_at(j.body_a) {
            Some((m, rb)) => (m * rest_matrix(rb).inverse()).transform_point3(j.position),
            None => j.position,
        };
        let Some(c) = proj.project_mmd(pos) else {
            continue;
        };
        let color = if p.target == crate::rig::Target::New {
            Color32::from_rgb(255, 240, 120)
        } else {
            REPLACED
        };
        for b in [j.body_a, j.body_b] {
            let centre = body_at(b).map(|(m, _)| m.transform_point3(Vec3::ZERO));
            if let Some(q) = centre.and_then(|q| proj.project_mmd(q)) {
                painter.line_segment([c, q], Stroke::new(1.5, color.gamma_multiply(0.7)));
            }
        }
        diamond(painter, c, 5.0, color, Stroke::new(1.0, Color32::BLACK));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::viewport::camera::OrbitCamera;
    use crate::rig::chain::{chain, ChainOptions};

    /// Every point of every shape painted in one frame.
    fn painted_points(draw: impl FnOnce(&Painter)) -> Vec<egui::Pos2> {
        let ctx = egui::Context::default();
        let mut draw = Some(draw);
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            if let Some(d) = draw.take() {
                d(&ui.ctx().layer_painter(egui::LayerId::background()));
            }
        });
        fn collect(s: &Shape, points: &mut Vec<egui::Pos2>) {
            match s {
                Shape::Path(p) => points.extend(p.points.iter().copied()),
                Shape::LineSegment { points: p, .. } => points.extend(p),
                Shape::Vec(v) => v.iter().for_each(|s| collect(s, points)),
                _ => {}
            }
        }
        let mut points = Vec::new();
        for clipped in out.shapes {
            collect(&clipped.shape, &mut points);
        }
        points
    }

    #[test]
    fn the_preview_outlines_each_planned_body_around_its_bone_and_marks_its_joints() {
        let (model, root) = crate::app::generators::tests::sample_and_hair_root();
        // The sample's hair has physics: plan replacing it.
        let mut opts = ChainOptions::default();
        opts.bodies.replace = true;
        opts.joints.replace = true;
        let plan = chain(&model, &[root], &opts).unwrap();
        assert!(plan.rigid_bodies.len() >= 2 && !plan.joints.is_empty());
        // The rest pose as the app evaluates it.
        let mut pose = crate::app::pose::PoseState::new(&model);
        pose.evaluate(&model);
        let world = pose.world().to_vec();
        let mut cam = OrbitCamera::default();
        let p = model.bones[root].position;
        cam.target = crate::app::viewport::camera::mmd_to_gl(p);
        cam.distance = 15.0;
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(800.0, 600.0));
        let proj = Projector::new(&cam, rect);
        let points = painted_points(|painter| draw_plan(painter, &proj, &model, &world, &plan));
        assert!(!points.is_empty(), "nothing drawn");
        // At rest every planned body's outline passes near the middle of its bone
        // (the body's centre, within its size on screen).
        for planned in &plan.rigid_bodies {
            let b = &planned.value;
            let centre = proj.project_mmd(b.position).unwrap();
            let reach = (proj
                .project_mmd(b.position + Vec3::Y * (b.size.x + b.size.y))
                .unwrap()
                - centre)
                .length()
                + 2.0;
            assert!(
                points.iter().any(|q| (*q - centre).length() <= reach),
                "no outline near body {} at {centre:?}",
                b.name
            );
        }
        // Each joint's diamond is drawn around its projected position.
        for planned in &plan.joints {
            let c = proj.project_mmd(planned.value.position).unwrap();
            assert!(
                points.iter().any(|q| (*q - c).length() <= 6.0),
                "joint at {c:?}"
            );
        }
    }
}
