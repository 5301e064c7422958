//! The IK overlay: every chain's goal, effector, links, angle-limit arcs and
//! remaining error, labels placed so none overlap, and the selected chain's
//! solver steps (trace kept current by [`update_trace`]).

use eframe::egui;

use super::{outlined_text, valid, DebugState, TraceCache};
use crate::app::viewport::camera::Projector;
use crate::app::viewport::labels::{LabelRequest, LabelScratch};
use crate::app::viewport::overlays::{bone_head, dashed};
use crate::pmx::Model;
use egui::{Align2, Color32, FontId, Painter, Pos2, Shape, Stroke};
use glam::{Mat3, Mat4, Quat, Vec3};

pub const IK_GOAL: Color32 = Color32::from_rgb(255, 150, 40);
pub const IK_EFFECTOR: Color32 = Color32::from_rgb(80, 230, 255);
pub const IK_LINK: Color32 = Color32::from_rgb(255, 230, 90);
pub const IK_LIMIT: Color32 = Color32::from_rgb(120, 255, 140);

/// The IK bone that owns `bone` (the bone itself, its effector or a link).
pub fn ik_chain_of(model: &Model, bone: usize) -> Option<usize> {
    if model.bones.get(bone)?.ik.is_some() {
        return Some(bone);
    }
    model.bones.iter().position(|b| {
        b.ik.as_ref().is_some_and(|ik| {
            ik.target == bone as i32 || ik.links.iter().any(|l| l.bone == bone as i32)
        })
    })
}

/// Distance effector ↔ IK bone in the current pose.
pub fn ik_error(model: &Model, world: &[Mat4], ik_bone: usize) -> Option<f32> {
    let ik = model.bones.get(ik_bone)?.ik.as_ref()?;
    let t = usize::try_from(ik.target)
        .ok()
        .filter(|&t| t < world.len())?;
    Some(bone_head(world, ik_bone).distance(bone_head(world, t)))
}

/// Per-link angle-limit arcs: for each limited axis, the allowed range swept
/// around that axis (in the parent's frame, as the solver clamps).
#[allow(clippy::too_many_arguments)]
fn draw_limits(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    link: usize,
    lower: Vec3,
    upper: Vec3,
    reference: Vec3,
) {
    let parent_rot = valid(model, model.bones[link].parent)
        .map(|p| Quat::from_mat3(&Mat3::from_mat4(world[p])).normalize())
        .unwrap_or(Quat::IDENTITY);
    let center = bone_head(world, link);
    let radius = reference.length() * 0.45;
    if radius <= 0.0 {
        return;
    }
    let (lo, hi) = (lower.min(upper), lower.max(upper));
    for (axis_index, (axis, color)) in [
        (Vec3::X, Color32::from_rgb(255, 90, 90)),
        (Vec3::Y, Color32::from_rgb(90, 255, 90)),
        (Vec3::Z, Color32::from_rgb(90, 140, 255)),
    ]
    .into_iter()
    .enumerate()
    {
        let (a, b) = (lo[axis_index], hi[axis_index]);
        if a == 0.0 && b == 0.0 {
            continue;
        }
        let world_axis = parent_rot * axis;
        // Zero angle = the rest direction towards the chain's next bone, made perpendicular.
        let start = reference - world_axis * reference.dot(world_axis);
        let start = if start.length_squared() < 1e-8 {
            world_axis.any_orthonormal_vector()
        } else {
            start.normalize()
        } * radius;
        let n = 24;
        let pts: Vec<Pos2> = (0..=n)
            .filter_map(|k| {
                let t = a + (b - a) * k as f32 / n as f32;
                proj.project_mmd(center + Quat::from_axis_angle(world_axis, t) * start)
            })
            .collect();
        if pts.len() >= 2 {
            if let (Some(&first), Some(&last), Some(c)) =
                (pts.first(), pts.last(), proj.project_mmd(center))
            {
                painter.line_segment([c, first], Stroke::new(1.0, color.gamma_multiply(0.6)));
                painter.line_segment([c, last], Stroke::new(1.0, color.gamma_multiply(0.6)));
            }
            painter.add(Shape::line(
                pts,
                Stroke::new(2.0, color.gamma_multiply(0.6)),
            ));
        }
    }
}

/// An IK bone's label (name and remaining error) and its font size.
fn ik_label(
    model: &Model,
    world: &[Mat4],
    i: usize,
    selected_chain: Option<usize>,
) -> (String, f32) {
    let bone = &model.bones[i];
    let target = bone.ik.as_ref().and_then(|ik| valid(model, ik.target));
    let err = target.map_or(0.0, |t| bone_head(world, i).distance(bone_head(world, t)));
    let size = if selected_chain == Some(i) {
        14.0
    } else {
        12.0
    };
    (
        crate::tr!(
            "legend-ik-label",
            name = bone.name.as_str(),
            error = format!("{err:.3}")
        ),
        size,
    )
}

/// Places every IK bone's label beside its goal: all of them show, each in the
/// first slot around its goal that no label placed before covers (so the two
/// feet's labels no longer overlap). `measure` gives a text's size.
fn place_ik_labels(
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    selected_chain: Option<usize>,
    measure: impl Fn(&str, f32) -> egui::Vec2,
    labels: &mut LabelScratch,
) {
    labels.clear();
    for (i, bone) in model.bones.iter().enumerate() {
        let Some(ik) = &bone.ik else { continue };
        if valid(model, ik.target).is_none() {
            continue;
        }
        let Some(anchor) = proj.project_mmd(bone_head(world, i)) else {
            continue;
        };
        let (text, size) = ik_label(model, world, i, selected_chain);
        labels.push(
            i,
            LabelRequest {
                // Clear of the goal's ring (radius 8).
                anchor: anchor + egui::vec2(6.0, 0.0),
                size: measure(&text, size),
                forced: true,
            },
        );
    }
    labels.place(&[]);
}

/// Every IK chain: goal (the IK bone), effector (PMX target), links, limit
/// arcs, and the remaining error. With a trace, the selected step's chain is
/// drawn dashed.
pub fn draw_ik(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    world: &[Mat4],
    debug: &DebugState,
    selected_chain: Option<usize>,
    labels: &mut LabelScratch,
) {
    for (i, bone) in model.bones.iter().enumerate() {
        let Some(ik) = &bone.ik else { continue };
        let Some(target) = valid(model, ik.target) else {
            continue;
        };
        let sel = selected_chain == Some(i);
        let width = if sel { 2.5 } else { 1.5 };
        let goal = bone_head(world, i);
        let eff = bone_head(world, target);
        // The chain: effector, then links outward.
        let mut chain = vec![eff];
        let mut prev = target;
        for l in &ik.links {
            let Some(lb) = valid(model, l.bone) else {
                continue;
            };
            chain.push(bone_head(world, lb));
            if let Some(lim) = l.limits {
                let reference = bone_head(world, prev) - bone_head(world, lb);
                draw_limits(
                    painter, proj, model, world, lb, lim.lower, lim.upper, reference,
                );
            }
            prev = lb;
        }
        let pts: Vec<Pos2> = chain.iter().filter_map(|p| proj.project_mmd(*p)).collect();
        if pts.len() == chain.len() {
            painter.add(Shape::line(pts.clone(), Stroke::new(width, IK_LINK)));
            for p in &pts[1..] {
                painter.circle_stroke(*p, 5.0, Stroke::new(width, IK_LINK));
            }
        }
        let (Some(g), Some(e)) = (proj.project_mmd(goal), proj.project_mmd(eff)) else {
            continue;
        };
        painter.circle_stroke(g, 8.0, Stroke::new(width, IK_GOAL));
        painter.circle_filled(e, 4.0, IK_EFFECTOR);
        dashed(painter, &[e, g], Stroke::new(1.0, IK_GOAL), 4.0, 3.0);
    }
    // Labels last, placed so that neighbours (the two feet) do not overlap.
    let measure = |text: &str, size: f32| {
        painter
            .layout_no_wrap(text.to_owned(), FontId::proportional(size), Color32::WHITE)
            .size()
    };
    place_ik_labels(proj, model, world, selected_chain, measure, labels);
    for (&i, rect) in labels.owners.iter().zip(&labels.placed) {
        let Some(rect) = rect else { continue };
        let (text, size) = ik_label(model, world, i, selected_chain);
        outlined_text(
            painter,
            rect.left_top(),
            Align2::LEFT_TOP,
            &text,
            size,
            IK_GOAL,
        );
    }
    // The selected chain's intermediate solution.
    if debug.ik_steps {
        if let Some(trace) = debug.trace.as_ref().and_then(|t| t.trace.as_ref()) {
            if let Some(step) = trace.steps.get(debug.ik_step.min(trace.steps.len() - 1)) {
                // step = links..., target: draw effector → links like the chain.
                let mut pts = Vec::new();
                if let Some(t) = step.last() {
                    pts.push(t.w_axis.truncate());
                }
                pts.extend(step[..step.len() - 1].iter().map(|m| m.w_axis.truncate()));
                let screen: Vec<Pos2> = pts.iter().filter_map(|p| proj.project_mmd(*p)).collect();
                if screen.len() == pts.len() && screen.len() >= 2 {
                    dashed(
                        painter,
                        &screen,
                        Stroke::new(2.5, Color32::from_rgb(255, 80, 255)),
                        6.0,
                        3.0,
                    );
                    for p in &screen {
                        painter.circle_stroke(
                            *p,
                            4.0,
                            Stroke::new(1.5, Color32::from_rgb(255, 80, 255)),
                        );
                    }
                }
            }
        }
    }
    let rect = painter.clip_rect();
    let x = rect.left() + 8.0;
    let y = rect.bottom() - 80.0;
    for (k, (c, key)) in [
        (IK_GOAL, "legend-ik-goal"),
        (IK_EFFECTOR, "legend-ik-effector"),
        (IK_LINK, "legend-ik-links"),
        (IK_LIMIT, "legend-ik-limits"),
    ]
    .into_iter()
    .enumerate()
    {
        let yy = y + k as f32 * 15.0;
        painter.circle_filled(egui::pos2(x + 5.0, yy + 5.0), 4.0, c);
        outlined_text(
            painter,
            egui::pos2(x + 16.0, yy - 2.0),
            Align2::LEFT_TOP,
            &crate::tr!(key),
            12.0,
            Color32::WHITE,
        );
    }
}

/// Keeps the selected chain's trace current (pose or model changed): the frame
/// loop calls it before the overlays and the Deform order panel draw.
pub fn update_trace(
    debug: &mut DebugState,
    model: &Model,
    pose: &crate::app::pose::PoseState,
    selection: crate::app::Selection,
) {
    let Some(chain) = selected_chain(model, selection) else {
        debug.trace = None;
        return;
    };
    let key = (pose.revision, chain);
    if debug.trace.as_ref().is_some_and(|t| t.key == key) {
        return;
    }
    let trace = pose.deformer().trace_ik(model, &pose.pose, chain);
    debug.trace = Some(TraceCache { key, trace });
}

/// The IK chain of the selected bone, if any.
pub fn selected_chain(model: &Model, selection: crate::app::Selection) -> Option<usize> {
    match selection {
        crate::app::Selection::Bone(b) => ik_chain_of(model, b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_feet_ik_labels_do_not_overlap() {
        use crate::app::viewport::camera::OrbitCamera;
        use crate::pmx::{Bone, Ik};
        // Two legs side by side, 1 unit apart: their IK goals project ~10 px apart.
        let mut model = Model::default();
        for (name, x) in [("右足ＩＫ", -0.5), ("左足ＩＫ", 0.5)] {
            let target = model.bones.len() as i32 + 1;
            model.bones.push(Bone {
                name: name.into(),
                position: Vec3::new(x, 1.0, 0.0),
                ik: Some(Ik {
                    target,
                    loop_count: 40,
                    limit_angle: 1.0,
                    links: Vec::new(),
                }),
                ..Bone::default()
            });
            model.bones.push(Bone {
                name: "足首".into(),
                position: Vec3::new(x, 1.2, 0.0),
                ..Bone::default()
            });
        }
        let world: Vec<Mat4> = model
            .bones
            .iter()
            .map(|b| Mat4::from_translation(b.position))
            .collect();
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(800.0, 600.0));
        let proj = Projector::new(&OrbitCamera::default(), rect);
        // Full-width glyphs: as wide as the font size.
        let measure = |t: &str, size: f32| egui::vec2(t.chars().count() as f32 * size * 0.8, size);
        let mut labels = LabelScratch::default();
        place_ik_labels(&proj, &model, &world, None, measure, &mut labels);
        assert_eq!(labels.owners, vec![0, 2]);
        let a = labels.placed[0].expect("shown");
        let b = labels.placed[1].expect("shown");
        assert!(!a.intersects(b), "{a:?} overlaps {b:?}");
        // Each stays beside its own goal.
        for (rect, bone) in [(a, 0), (b, 2)] {
            let goal = proj.project_mmd(model.bones[bone].position).unwrap();
            assert!(
                rect.expand(12.0).contains(goal),
                "{rect:?} far from {goal:?}"
            );
        }
    }
}
