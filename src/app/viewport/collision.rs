//! Collision debugging over the 3D view: rigid bodies coloured by collision
//! group (style by mode), collision partners of the selected body, joint
//! frames with their limits, and live contact points.
//!
//! Which bodies collide, their shapes and transforms come from
//! [`crate::physics::rules`]; this module only paints them. Groups are stored
//! 0..=15 and shown 1..=16 like PMX Editor; a body in a group above 15 is in no
//! group (it collides with nothing) and is drawn in [`NO_GROUP_COLOR`].

mod matrix;

pub use matrix::{cell_state, toggle_cell_edit, CellState};

use eframe::egui;

use super::camera::Projector;
use super::overlays::{self, diamond, SELECTED};
use crate::physics::rules::{self, DebugBody};
use crate::pmx::{JointKind, Model, RigidMode};
use egui::{Color32, Painter, Pos2, Shape, Stroke};
use glam::{Mat4, Vec3};

/// What the collision overlay shows (viewport toolbar, `--overlay`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CollisionOptions {
    /// Bodies coloured by group with a legend; the selected body's partners highlighted.
    pub bodies: bool,
    /// Joint frames (axes), angular limit arcs and linear limit boxes.
    pub joints: bool,
    /// Contact points of the running simulation.
    pub contacts: bool,
}

impl CollisionOptions {
    /// Turns on one `--overlay` item; false if the name is not one of these.
    pub fn apply_overlay_item(&mut self, name: &str) -> bool {
        match name {
            "collision" => self.bodies = true,
            "joints" => self.joints = true,
            "contacts" => self.contacts = true,
            _ => return false,
        }
        true
    }
}

/// Scratch reused every frame (contact points, body shapes and transforms).
#[derive(Default)]
pub struct CollisionView {
    pub options: CollisionOptions,
    pub contacts: Vec<crate::physics::ContactPoint>,
    /// Every body as physics describes it now ([`rules::debug_bodies_into`]),
    /// shared by the body overlays and picking so a click selects what is drawn.
    pub bodies: Vec<DebugBody>,
}

/// 16 clearly distinct colours, one per collision group (index = stored group 0..=15).
pub const GROUP_COLORS: [Color32; 16] = [
    Color32::from_rgb(230, 25, 75),   // 1 red
    Color32::from_rgb(60, 180, 75),   // 2 green
    Color32::from_rgb(255, 225, 25),  // 3 yellow
    Color32::from_rgb(50, 130, 240),  // 4 blue
    Color32::from_rgb(245, 130, 48),  // 5 orange
    Color32::from_rgb(160, 70, 220),  // 6 purple
    Color32::from_rgb(70, 240, 240),  // 7 cyan
    Color32::from_rgb(240, 50, 230),  // 8 magenta
    Color32::from_rgb(190, 245, 60),  // 9 lime
    Color32::from_rgb(250, 170, 200), // 10 pink
    Color32::from_rgb(0, 150, 140),   // 11 teal
    Color32::from_rgb(205, 185, 255), // 12 lavender
    Color32::from_rgb(160, 100, 40),  // 13 brown
    Color32::from_rgb(255, 250, 190), // 14 cream
    Color32::from_rgb(130, 0, 20),    // 15 maroon
    Color32::from_rgb(128, 128, 0),   // 16 olive
];

/// Bodies in a group above 15: in no group ([`rules::group_bit`]), unlike any group colour.
pub const NO_GROUP_COLOR: Color32 = Color32::from_rgb(110, 110, 110);

/// The colour of stored group `group`; [`NO_GROUP_COLOR`] outside 0..=15.
pub fn group_color(group: u8) -> Color32 {
    if rules::group_in_range(group) {
        GROUP_COLORS[group as usize]
    } else {
        NO_GROUP_COLOR
    }
}

/// For every body: whether it can collide with `body` (false for `body` itself).
pub fn collision_partners(model: &Model, body: usize) -> Vec<bool> {
    (0..model.rigid_bodies.len())
        .map(|b| rules::bodies_collide(model, body, b))
        .collect()
}

pub fn mode_style_name(mode: RigidMode) -> String {
    crate::tr!(match mode {
        RigidMode::FollowBone => "legend-body-bone",
        RigidMode::Dynamic => "legend-body-physics",
        RigidMode::DynamicWithBonePosition => "legend-body-physics-bone",
        RigidMode::Unknown(_) => "legend-body-unknown",
    })
}

pub fn joint_kind_color(kind: JointKind) -> Color32 {
    match kind {
        JointKind::Spring6Dof => Color32::from_rgb(255, 230, 90),
        JointKind::SixDof => Color32::from_rgb(255, 150, 60),
        JointKind::P2p => Color32::from_rgb(120, 230, 255),
        JointKind::ConeTwist => Color32::from_rgb(255, 110, 200),
        JointKind::Slider => Color32::from_rgb(150, 255, 140),
        JointKind::Hinge => Color32::from_rgb(200, 160, 255),
        JointKind::Unknown(_) => Color32::GRAY,
    }
}

const JOINT_KINDS: [JointKind; 6] = [
    JointKind::Spring6Dof,
    JointKind::SixDof,
    JointKind::P2p,
    JointKind::ConeTwist,
    JointKind::Slider,
    JointKind::Hinge,
];

const AXIS_COLORS: [Color32; 3] = [
    Color32::from_rgb(255, 70, 70),
    Color32::from_rgb(80, 230, 80),
    Color32::from_rgb(80, 140, 255),
];

fn project_all(proj: &Projector, pts: &[Vec3]) -> Option<Vec<Pos2>> {
    let v: Vec<Pos2> = pts.iter().filter_map(|p| proj.project_mmd(*p)).collect();
    (v.len() == pts.len()).then_some(v)
}

/// 2D convex hull (monotone chain), counter-clockwise.
fn convex_hull(mut pts: Vec<Pos2>) -> Vec<Pos2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: Pos2, a: Pos2, b: Pos2| (a - o).x * (b - o).y - (a - o).y * (b - o).x;
    let mut hull: Vec<Pos2> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Pos2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Bodies by group colour; the mode sets the style. With a body selected, its
/// collision partners are drawn bright and every other body dimmed.
pub fn draw_bodies(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    bodies: &[DebugBody],
    selected: Option<usize>,
) {
    let partners = selected
        .filter(|&s| s < model.rigid_bodies.len())
        .map(|s| collision_partners(model, s));
    for (i, rb) in model.rigid_bodies.iter().enumerate() {
        let Some(body) = bodies.get(i) else { continue };
        let lines = body.shape.outline(&body.transform);
        let mut color = group_color(rb.group);
        let mut width = 1.5;
        if let Some(p) = &partners {
            if selected == Some(i) {
                color = SELECTED;
                width = 2.5;
            } else if p[i] {
                width = 2.0;
            } else {
                color = color.gamma_multiply(0.18);
            }
        }
        draw_body_styled(painter, proj, &lines, rb.mode, color, width);
    }
}

fn draw_body_styled(
    painter: &Painter,
    proj: &Projector,
    lines: &[Vec<Vec3>],
    mode: RigidMode,
    color: Color32,
    width: f32,
) {
    let screen: Vec<Vec<Pos2>> = lines.iter().filter_map(|l| project_all(proj, l)).collect();
    match mode {
        RigidMode::Dynamic => {
            let hull = convex_hull(screen.iter().flatten().copied().collect());
            if hull.len() >= 3 {
                painter.add(Shape::convex_polygon(
                    hull,
                    color.gamma_multiply(0.3),
                    Stroke::NONE,
                ));
            }
            for l in screen {
                painter.add(Shape::line(l, Stroke::new(width * 0.7, color)));
            }
        }
        RigidMode::DynamicWithBonePosition => {
            for l in screen {
                overlays::dashed(painter, &l, Stroke::new(width, color), 5.0, 4.0);
            }
        }
        RigidMode::FollowBone => {
            for l in screen {
                painter.add(Shape::line(l, Stroke::new(width, color)));
            }
        }
        RigidMode::Unknown(_) => {
            for l in screen {
                painter.add(Shape::line(l, Stroke::new(0.8, color)));
            }
        }
    }
}

/// A joint's current frame: its rest frame carried along by body A.
pub fn joint_frame(model: &Model, bodies: &[DebugBody], joint: usize) -> Mat4 {
    let j = &model.joints[joint];
    let rest = Mat4::from_rotation_translation(crate::pmx::euler_rotation(j.rotation), j.position);
    match usize::try_from(j.body_a)
        .ok()
        .filter(|&a| a < model.rigid_bodies.len())
        .and_then(|a| bodies.get(a).map(|m| (a, m)))
    {
        Some((a, body)) => {
            body.transform * rules::rest_matrix(&model.rigid_bodies[a]).inverse() * rest
        }
        None => rest,
    }
}

/// Axis triad, angular limit arcs per axis (in the axis' colour) and the linear
/// limit box or segment (in the kind's colour) of every joint.
pub fn draw_joints(
    painter: &Painter,
    proj: &Projector,
    model: &Model,
    bodies: &[DebugBody],
    selected: Option<usize>,
    size: f32,
) {
    use std::f32::consts::TAU;
    for (i, j) in model.joints.iter().enumerate() {
        let frame = joint_frame(model, bodies, i);
        let origin = frame.w_axis.truncate();
        // Scale the triad and arcs to the joined bodies: one size for the whole
        // model buries small hair joints (Gene's extent is set by far-away weights).
        let size = joint_draw_size(model, j, size);
        let Some(o) = proj.project_mmd(origin) else {
            continue;
        };
        let kind_color = if selected == Some(i) {
            SELECTED
        } else {
            joint_kind_color(j.kind)
        };
        // Links to both bodies.
        for b in [j.body_a, j.body_b] {
            let q = usize::try_from(b)
                .ok()
                .and_then(|b| bodies.get(b))
                .and_then(|body| proj.project_mmd(body.transform.w_axis.truncate()));
            if let Some(q) = q {
                painter.line_segment([o, q], Stroke::new(1.0, kind_color.gamma_multiply(0.6)));
            }
        }
        let axes = [Vec3::X, Vec3::Y, Vec3::Z];
        for (k, axis) in axes.iter().enumerate() {
            if let Some(tip) = proj.project_mmd(frame.transform_point3(*axis * size)) {
                painter.line_segment([o, tip], Stroke::new(2.0, AXIS_COLORS[k]));
            }
        }
        // Angular limits: rotation about axis k sweeps the next axis (X: Y→Z, Y: Z→X, Z: X→Y).
        if !matches!(j.kind, JointKind::P2p) {
            for k in 0..3 {
                let (lo, hi) = (j.angular_lower[k], j.angular_upper[k]);
                if !(lo.is_finite() && hi.is_finite()) || lo == hi {
                    continue;
                }
                let u = axes[(k + 1) % 3];
                let v = axes[(k + 2) % 3];
                let (from, to, dashed) = if lo > hi {
                    (0.0, TAU, true)
                } else {
                    (lo, hi, false)
                };
                let r = size * (0.55 + 0.1 * k as f32);
                // At most one turn's segments: a typed limit of 1e30 asked for 17 GB (chaos test).
                let n = ((to - from).abs() / TAU * 48.0).ceil().clamp(2.0, 48.0) as usize;
                let pts: Vec<Vec3> = (0..=n)
                    .map(|s| {
                        let a = from + (to - from) * s as f32 / n as f32;
                        frame.transform_point3((u * a.cos() + v * a.sin()) * r)
                    })
                    .collect();
                let Some(mut line) = project_all(proj, &pts) else {
                    continue;
                };
                let stroke = Stroke::new(1.5, AXIS_COLORS[k]);
                if dashed {
                    overlays::dashed(painter, &line, stroke, 3.0, 3.0);
                } else {
                    // Close the sector so the limit range reads as a wedge.
                    line.insert(0, o);
                    line.push(o);
                    painter.add(Shape::line(line, stroke));
                }
            }
            // Linear limits: the allowed box of the joint origin, in the joint frame.
            let (lo, hi) = (j.linear_lower, j.linear_upper);
            if lo.is_finite() && hi.is_finite() && (hi - lo).abs().max_element() > 1e-6 {
                // Corner bit k set: the upper limit on axis k.
                let c = |corner: u8| {
                    let upper = glam::BVec3::new(corner & 1 != 0, corner & 2 != 0, corner & 4 != 0);
                    frame.transform_point3(Vec3::select(upper, hi, lo))
                };
                let stroke = Stroke::new(1.5, kind_color);
                for (a, b) in box_edges() {
                    let (pa, pb) = (c(a), c(b));
                    if let (Some(pa), Some(pb)) = (proj.project_mmd(pa), proj.project_mmd(pb)) {
                        if pa.distance(pb) > 0.5 {
                            painter.line_segment([pa, pb], stroke);
                        }
                    }
                }
            }
        }
        let s = if selected == Some(i) { 6.0 } else { 4.5 };
        diamond(painter, o, s, kind_color, Stroke::new(1.0, Color32::BLACK));
    }
}

/// The model-wide overlay size, capped at 1.5× the smaller joined body's largest dimension.
fn joint_draw_size(model: &Model, joint: &crate::pmx::Joint, model_size: f32) -> f32 {
    let body_extent = [joint.body_a, joint.body_b]
        .iter()
        .filter_map(|&b| {
            usize::try_from(b)
                .ok()
                .and_then(|b| model.rigid_bodies.get(b))
        })
        .map(|rb| rb.size.max_element())
        .filter(|e| e.is_finite() && *e > 0.0)
        .fold(f32::INFINITY, f32::min);
    if body_extent.is_finite() {
        model_size.min(body_extent * 1.5).max(model_size * 0.1)
    } else {
        model_size
    }
}

/// The 12 edges of a box as pairs of corners (bit k of a corner: the upper side on
/// axis k): every corner joined to the one across each axis whose bit it lacks.
fn box_edges() -> impl Iterator<Item = (u8, u8)> {
    (0..3).flat_map(|axis| {
        (0..8u8)
            .filter(move |corner| corner >> axis & 1 == 0)
            .map(move |corner| (corner, corner | 1 << axis))
    })
}

/// Contact points as small crosses with a short normal tick.
pub fn draw_contacts(
    painter: &Painter,
    proj: &Projector,
    contacts: &[crate::physics::ContactPoint],
    size: f32,
) {
    let color = Color32::from_rgb(255, 255, 255);
    for c in contacts {
        let Some(p) = proj.project_mmd(c.point) else {
            continue;
        };
        painter.circle_filled(p, 3.0, Color32::from_rgb(255, 40, 40));
        painter.circle_stroke(p, 3.0, Stroke::new(1.0, color));
        if let Some(q) = proj.project_mmd(c.point + c.normal * size * 0.5) {
            painter.line_segment([p, q], Stroke::new(1.0, color));
        }
    }
}

/// Group colours (1..16, unused groups dimmed), mode styles and joint kinds, top right.
/// Where the legend sits in the viewport `rect`: bottom right, clear of the
/// timing box at the top right ([`crate::app::timeline::hud_rect`]).
pub fn legend_rect(rect: egui::Rect, options: CollisionOptions) -> egui::Rect {
    let w = 190.0;
    let rows = if options.bodies { 8 + 4 } else { 0 } + if options.joints { 7 } else { 0 };
    let h = rows as f32 * 17.0 + 10.0;
    let legend = egui::Rect::from_min_size(
        rect.right_bottom() + egui::vec2(-w - 8.0, -h - 8.0),
        egui::vec2(w, h),
    );
    // A short view: beside the timing box rather than under it.
    let hud = crate::app::timeline::hud_rect(rect);
    if legend.intersects(hud) {
        legend.translate(egui::vec2(-hud.width() - 8.0, 0.0))
    } else {
        legend
    }
}

pub fn draw_legend(painter: &Painter, rect: egui::Rect, model: &Model, options: CollisionOptions) {
    let font = egui::FontId::proportional(12.0);
    let text = Color32::from_gray(230);
    let write = |pos: Pos2, s: &str| {
        painter.text(pos, egui::Align2::LEFT_TOP, s, font.clone(), text);
    };
    let mut used = [false; 16];
    for rb in model
        .rigid_bodies
        .iter()
        .filter(|b| rules::group_in_range(b.group))
    {
        used[rb.group as usize] = true;
    }
    let panel = legend_rect(rect, options);
    painter.rect_filled(panel, 4.0, Color32::from_black_alpha(170));
    let mut y = panel.top() + 6.0;
    let x = panel.left() + 8.0;
    if options.bodies {
        write(egui::pos2(x, y), &crate::tr!("legend-collision-groups"));
        y += 17.0;
        for g in 0..16u8 {
            let col = (g / 8) as f32;
            let row = (g % 8) as f32;
            let p = egui::pos2(x + col * 90.0, y + row * 17.0);
            let c = if used[g as usize] {
                group_color(g)
            } else {
                group_color(g).gamma_multiply(0.3)
            };
            painter.rect_filled(egui::Rect::from_min_size(p, egui::vec2(22.0, 12.0)), 2.0, c);
            let label = if used[g as usize] {
                format!("{}", g + 1)
            } else {
                crate::tr!("legend-group-unused", group = g + 1)
            };
            write(p + egui::vec2(28.0, 0.0), &label);
        }
        y += 8.0 * 17.0 + 2.0;
        for mode in [
            RigidMode::FollowBone,
            RigidMode::Dynamic,
            RigidMode::DynamicWithBonePosition,
        ] {
            let r = egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(22.0, 12.0));
            let c = Color32::from_gray(200);
            let outline = [
                r.left_top(),
                r.right_top(),
                r.right_bottom(),
                r.left_bottom(),
                r.left_top(),
            ];
            match mode {
                RigidMode::Dynamic => {
                    painter.rect_filled(r, 0.0, c.gamma_multiply(0.3));
                    painter.add(Shape::line(outline.to_vec(), Stroke::new(1.0, c)));
                }
                RigidMode::DynamicWithBonePosition => {
                    overlays::dashed(painter, &outline, Stroke::new(1.5, c), 4.0, 3.0);
                }
                _ => {
                    painter.add(Shape::line(outline.to_vec(), Stroke::new(1.5, c)));
                }
            }
            write(egui::pos2(x + 28.0, y), &mode_style_name(mode));
            y += 17.0;
        }
    }
    if options.joints {
        write(egui::pos2(x, y), &crate::tr!("legend-joint-kinds"));
        y += 17.0;
        for kind in JOINT_KINDS {
            let p = egui::pos2(x + 10.0, y + 6.0);
            diamond(painter, p, 5.0, joint_kind_color(kind), Stroke::NONE);
            write(egui::pos2(x + 28.0, y), kind.name());
            y += 17.0;
        }
    }
}

/// Toolbar toggles for the collision overlay.
pub fn toolbar(
    ui: &mut egui::Ui,
    shown: CollisionOptions,
    physics_on: bool,
    sent: &mut crate::app::commands::Commands,
) {
    let mut options = shown;
    let o = &mut options;
    ui.toggle_value(&mut o.bodies, crate::tr!("view-collision"))
        .on_hover_text(crate::tr!("view-collision-hint"));
    ui.toggle_value(&mut o.joints, crate::tr!("view-joint-limits"))
        .on_hover_text(crate::tr!("view-joint-limits-hint"));
    ui.add_enabled_ui(physics_on, |ui| {
        ui.toggle_value(&mut o.contacts, crate::tr!("view-contacts"))
            .on_hover_text(crate::tr!("view-contacts-hint"))
            .on_disabled_hover_text(crate::tr!("view-contacts-disabled"));
    });
    if options != shown {
        use crate::app::commands::{Command, ViewCommand};
        sent.push(Command::View(ViewCommand::Collision(options)));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_box_has_twelve_edges_each_along_one_axis() {
        let edges: Vec<(u8, u8)> = super::box_edges().collect();
        assert_eq!(edges.len(), 12);
        let distinct: std::collections::HashSet<_> = edges.iter().collect();
        assert_eq!(distinct.len(), 12);
        for (a, b) in edges {
            assert_eq!((a ^ b).count_ones(), 1, "{a} – {b}");
            assert!(a < 8 && b < 8);
        }
    }

    #[test]
    fn the_legend_does_not_cover_the_timing_box() {
        let all = super::CollisionOptions {
            bodies: true,
            joints: true,
            ..Default::default()
        };
        // The viewport of a 1600×1000 window and a small one that still holds both.
        for size in [egui::vec2(900.0, 590.0), egui::vec2(790.0, 400.0)] {
            let rect = egui::Rect::from_min_size(egui::pos2(280.0, 100.0), size);
            let legend = super::legend_rect(rect, all);
            let hud = crate::app::timeline::hud_rect(rect);
            assert!(!legend.intersects(hud), "{legend:?} covers {hud:?}");
            assert!(rect.contains_rect(legend) && rect.contains_rect(hud));
        }
    }

    use super::*;
    use crate::pmx::RigidBody;

    pub(super) fn body(group: u8, mask: u16) -> RigidBody {
        RigidBody {
            group,
            collision_mask: mask,
            ..RigidBody::default()
        }
    }

    #[test]
    fn partners_need_both_masks() {
        let m = Model {
            rigid_bodies: vec![
                body(0, 0xFFFF), // 0: collides with everyone
                body(1, !1u16),  // 1: refuses group 0
                body(2, 0xFFFF), // 2
                body(0, 1 << 2), // 3: only group 2
                body(2, !1u16),  // 4: refuses group 0
            ],
            ..Model::default()
        };
        // Body 0 (group 0): 1 refuses group 0, 3 accepts only group 2 (0 is group 0), 4 refuses 0.
        assert_eq!(
            collision_partners(&m, 0),
            vec![false, false, true, false, false]
        );
        // Body 3 (group 0, mask {2}): only group-2 bodies that accept group 0 → body 2.
        assert_eq!(
            collision_partners(&m, 3),
            vec![false, false, true, false, false]
        );
        // Body 2 (group 2, all): 0, 1, 3 accept group 2; 4 is in group 2 and accepts it.
        assert_eq!(
            collision_partners(&m, 2),
            vec![true, true, false, true, true]
        );
        assert!(rules::bodies_collide(&m, 2, 4) && rules::bodies_collide(&m, 4, 2));
        assert!(!rules::bodies_collide(&m, 0, 1) && !rules::bodies_collide(&m, 1, 0));
    }

    #[test]
    fn group_colours_are_distinct() {
        for (a, ca) in GROUP_COLORS.iter().enumerate() {
            for (b, cb) in GROUP_COLORS.iter().enumerate().skip(a + 1) {
                let d = (ca.r() as i32 - cb.r() as i32).abs()
                    + (ca.g() as i32 - cb.g() as i32).abs()
                    + (ca.b() as i32 - cb.b() as i32).abs();
                assert!(d > 60, "groups {} and {} look alike", a + 1, b + 1);
            }
        }
    }

    #[test]
    fn hull_of_a_square_with_inner_point() {
        let pts = vec![
            Pos2::new(0.0, 0.0),
            Pos2::new(1.0, 0.0),
            Pos2::new(1.0, 1.0),
            Pos2::new(0.0, 1.0),
            Pos2::new(0.5, 0.5),
        ];
        assert_eq!(convex_hull(pts).len(), 4);
    }
}
