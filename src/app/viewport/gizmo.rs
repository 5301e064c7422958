//! Gizmo for the selected bone: in Pose mode rings to rotate and arrows to move
//! its pose; in Edit-bones mode ([`GizmoInput::rest`]) arrows along the model
//! axes that move its rest position, whatever its flags.
//!
//! The same arrows at any point ([`PointGizmo`]) move a vertex selection in
//! morph edit mode.
//!
//! Posing respects the bone's flags: no rings unless rotatable, no arrows unless
//! movable, a single ring about the fixed axis, and rings along the local axes
//! when the bone has them. Math is in MMD space; only drawing converts.

use eframe::egui;

use super::camera::{mmd_to_gl, Projector};
use super::overlays::bone_head;
use crate::app::pose::BonePose;
use crate::pmx::{BoneFlags, Model};
use egui::{Color32, Painter, Pos2, Shape, Stroke};
use glam::{Mat4, Quat, Vec3};

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Handle {
    Rotate(usize),
    Move(usize),
}

/// The drag in progress; a copy is moved by the viewport's input and sent back as
/// [`ViewCommand::Gizmo`](crate::app::commands::ViewCommand::Gizmo).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Gizmo {
    drag: Option<(Handle, Vec3)>,
    /// How far the current Edit-bones drag has moved the rest position.
    rest_moved: Vec3,
}

const AXIS_COLORS: [Color32; 3] = [
    Color32::from_rgb(235, 70, 70),
    Color32::from_rgb(80, 210, 80),
    Color32::from_rgb(80, 120, 245),
];

/// The axes (MMD space, current pose) the gizmo offers for bone `i`, with their colours.
pub fn axes(model: &Model, world: &[Mat4], i: usize) -> Vec<(Vec3, Color32)> {
    let bone = &model.bones[i];
    let rot = world
        .get(i)
        .map_or(Quat::IDENTITY, |m| m.to_scale_rotation_translation().1);
    if let Some(axis) = bone.fixed_axis {
        return vec![(
            (rot * axis).normalize_or(Vec3::X),
            Color32::from_rgb(200, 140, 255),
        )];
    }
    let basis = match bone.local_axes {
        Some(la) => {
            let x = la.x.normalize_or(Vec3::X);
            let z = la.z.normalize_or(Vec3::Z);
            [x, z.cross(x).normalize_or(Vec3::Y), z]
        }
        None => [Vec3::X, Vec3::Y, Vec3::Z],
    };
    basis
        .iter()
        .zip(AXIS_COLORS)
        .map(|(a, c)| ((rot * *a).normalize_or(*a), c))
        .collect()
}

/// The model axes Edit-bones mode moves along.
fn rest_axes() -> [(Vec3, Color32); 3] {
    [
        (Vec3::X, AXIS_COLORS[0]),
        (Vec3::Y, AXIS_COLORS[1]),
        (Vec3::Z, AXIS_COLORS[2]),
    ]
}

type Handles = Vec<(Handle, Vec<Vec3>, Color32)>;

/// Arrows along the model axes from `at`.
fn move_arrows(at: Vec3, size: f32) -> Handles {
    rest_axes()
        .into_iter()
        .enumerate()
        .map(|(k, (a, c))| (Handle::Move(k), vec![at, at + a * size * 1.4], c))
        .collect()
}

/// Arrows along the model axes at a point (MMD space), e.g. the middle of the
/// selected vertices.
pub struct PointGizmo<'a> {
    pub proj: &'a Projector,
    pub at: Vec3,
    pub size: f32,
}

/// Where the gizmo sits: the posed head, or the rest position in Edit-bones mode.
fn head_of(inp: &GizmoInput) -> Vec3 {
    if inp.rest {
        inp.model.bones[inp.bone].position
    } else {
        bone_head(inp.world, inp.bone)
    }
}

/// The axes the handles use.
fn axes_of(inp: &GizmoInput) -> Vec<(Vec3, Color32)> {
    if inp.rest {
        rest_axes().to_vec()
    } else {
        axes(inp.model, inp.world, inp.bone)
    }
}

fn parent_rotation(model: &Model, world: &[Mat4], i: usize) -> Quat {
    usize::try_from(model.bones[i].parent)
        .ok()
        .and_then(|p| world.get(p))
        .map_or(Quat::IDENTITY, |m| m.to_scale_rotation_translation().1)
}

fn ring_points(center: Vec3, axis: Vec3, radius: f32) -> Vec<Vec3> {
    let u = axis.any_orthonormal_vector();
    let v = axis.cross(u);
    (0..=48)
        .map(|k| {
            let a = k as f32 / 48.0 * std::f32::consts::TAU;
            center + (u * a.cos() + v * a.sin()) * radius
        })
        .collect()
}

fn dist_to_polyline(p: Pos2, pts: &[Pos2]) -> f32 {
    pts.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_sq().max(1e-6)).clamp(0.0, 1.0);
            p.distance(a + ab * t)
        })
        .fold(f32::INFINITY, f32::min)
}

/// MMD-space ray through a screen position.
fn mmd_ray(proj: &Projector, pos: Pos2) -> (Vec3, Vec3) {
    let (o, d) = proj.ray(pos);
    (mmd_to_gl(o), mmd_to_gl(d))
}

fn ray_plane(o: Vec3, d: Vec3, c: Vec3, n: Vec3) -> Option<Vec3> {
    let denom = d.dot(n);
    if denom.abs() < 1e-5 {
        return None;
    }
    let t = (c - o).dot(n) / denom;
    (t > 0.0).then(|| o + d * t)
}

/// Parameter along the line `c + s·a` closest to the ray.
fn closest_on_axis(o: Vec3, d: Vec3, c: Vec3, a: Vec3) -> Option<f32> {
    let b = a.dot(d);
    let denom = 1.0 - b * b;
    if denom.abs() < 1e-5 {
        return None;
    }
    let w0 = c - o;
    Some((b * d.dot(w0) - a.dot(w0)) / denom)
}

pub struct GizmoInput<'a> {
    pub model: &'a Model,
    pub world: &'a [Mat4],
    pub bone: usize,
    pub pose: BonePose,
    pub proj: &'a Projector,
    pub size: f32,
    /// Edit the rest position (model axes, head at the rest position).
    pub rest: bool,
}

impl Gizmo {
    pub fn is_dragging(&self) -> bool {
        self.drag.is_some()
    }

    fn handles(inp: &GizmoInput) -> (Handles, Vec3) {
        let bone = &inp.model.bones[inp.bone];
        let head = head_of(inp);
        let mut out = Vec::new();
        if inp.rest {
            return (move_arrows(head, inp.size), head);
        }
        if !bone.flags.has(BoneFlags::OPERABLE) {
            return (out, head);
        }
        let axes = axes(inp.model, inp.world, inp.bone);
        if bone.flags.has(BoneFlags::ROTATABLE) {
            for (k, (a, c)) in axes.iter().enumerate() {
                out.push((Handle::Rotate(k), ring_points(head, *a, inp.size), *c));
            }
        }
        if bone.flags.has(BoneFlags::MOVABLE) {
            for (k, (a, c)) in axes.iter().enumerate() {
                out.push((Handle::Move(k), vec![head, head + *a * inp.size * 1.4], *c));
            }
        }
        (out, head)
    }

    pub fn draw(&self, painter: &Painter, inp: &GizmoInput) {
        self.draw_handles(painter, inp.proj, Self::handles(inp).0);
    }

    /// Draws the arrows of a [`PointGizmo`].
    pub fn draw_point(&self, painter: &Painter, inp: &PointGizmo) {
        self.draw_handles(painter, inp.proj, move_arrows(inp.at, inp.size));
    }

    fn draw_handles(&self, painter: &Painter, proj: &Projector, handles: Handles) {
        for (h, pts, color) in handles {
            let screen: Vec<Pos2> = pts.iter().filter_map(|p| proj.project_mmd(*p)).collect();
            if screen.len() != pts.len() {
                continue;
            }
            let active = self.drag.is_some_and(|(d, _)| d == h);
            let stroke = Stroke::new(if active { 3.0 } else { 2.0 }, color);
            match h {
                Handle::Rotate(_) => {
                    painter.add(Shape::line(screen, stroke));
                }
                Handle::Move(_) => {
                    painter.line_segment([screen[0], screen[1]], stroke);
                    painter.circle_filled(screen[1], 4.0, color);
                }
            }
        }
    }

    /// Starts a drag if `pos` is on a handle. Returns whether it did.
    pub fn begin(&mut self, inp: &GizmoInput, pos: Pos2) -> bool {
        let (handles, head) = Self::handles(inp);
        self.begin_on(inp.proj, &handles, head, &axes_of(inp), pos)
    }

    /// Starts a drag of a [`PointGizmo`] if `pos` is on an arrow.
    pub fn begin_point(&mut self, inp: &PointGizmo, pos: Pos2) -> bool {
        let handles = move_arrows(inp.at, inp.size);
        self.begin_on(inp.proj, &handles, inp.at, &rest_axes(), pos)
    }

    fn begin_on(
        &mut self,
        proj: &Projector,
        handles: &Handles,
        head: Vec3,
        axes: &[(Vec3, Color32)],
        pos: Pos2,
    ) -> bool {
        let best = handles
            .iter()
            .filter_map(|(h, pts, _)| {
                let screen: Vec<Pos2> = pts.iter().filter_map(|p| proj.project_mmd(*p)).collect();
                (screen.len() == pts.len()).then(|| (*h, dist_to_polyline(pos, &screen)))
            })
            .filter(|(_, d)| *d < 7.0)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        let Some((h, _)) = best else { return false };
        let (o, d) = mmd_ray(proj, pos);
        let start = match h {
            Handle::Rotate(k) => ray_plane(o, d, head, axes[k].0),
            Handle::Move(k) => closest_on_axis(o, d, head, axes[k].0).map(|s| head + axes[k].0 * s),
        };
        match start {
            Some(p) => {
                self.drag = Some((h, p));
                self.rest_moved = Vec3::ZERO;
                true
            }
            None => false,
        }
    }

    /// Continues a drag; returns the bone's new pose.
    pub fn update(&mut self, inp: &GizmoInput, pos: Pos2) -> Option<BonePose> {
        let (h, last) = self.drag?;
        let head = bone_head(inp.world, inp.bone);
        let axes = axes(inp.model, inp.world, inp.bone);
        let (o, d) = mmd_ray(inp.proj, pos);
        let parent = parent_rotation(inp.model, inp.world, inp.bone);
        let mut pose = inp.pose;
        match h {
            Handle::Rotate(k) => {
                let a = axes.get(k)?.0;
                let hit = ray_plane(o, d, head, a)?;
                let (v0, v1) = (last - head, hit - head);
                if v0.length_squared() < 1e-8 || v1.length_squared() < 1e-8 {
                    return None;
                }
                let angle = a.dot(v0.cross(v1)).atan2(v0.dot(v1));
                let delta = Quat::from_axis_angle(a, angle);
                pose.rotation = (parent.inverse() * delta * parent * pose.rotation).normalize();
                self.drag = Some((h, hit));
            }
            Handle::Move(k) => {
                let a = axes.get(k)?.0;
                let s = closest_on_axis(o, d, head, a)?;
                let p = head + a * s;
                pose.translation += parent.inverse() * (p - last);
                self.drag = Some((h, p));
            }
        }
        Some(pose)
    }

    /// Continues an Edit-bones drag; returns how far the rest position moves
    /// this frame (MMD space).
    pub fn update_rest(&mut self, inp: &GizmoInput, pos: Pos2) -> Option<Vec3> {
        self.update_point(
            &PointGizmo {
                proj: inp.proj,
                at: head_of(inp),
                size: inp.size,
            },
            pos,
        )
    }

    /// Continues a [`PointGizmo`] drag (`at` where the point is now); returns how far
    /// it moves this frame (MMD space, along the grabbed model axis).
    pub fn update_point(&mut self, inp: &PointGizmo, pos: Pos2) -> Option<Vec3> {
        let (h, last) = self.drag?;
        let Handle::Move(k) = h else { return None };
        let a = rest_axes().get(k)?.0;
        let (o, d) = mmd_ray(inp.proj, pos);
        let s = closest_on_axis(o, d, inp.at, a)?;
        let p = inp.at + a * s;
        self.drag = Some((h, p));
        self.rest_moved += p - last;
        Some(p - last)
    }

    /// How far the current Edit-bones drag has moved the rest position so far.
    pub fn rest_moved(&self) -> Vec3 {
        self.rest_moved
    }

    pub fn end(&mut self) {
        self.drag = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::{Bone, BoneFlags};

    /// The gizmo of `bone` at rest pose.
    fn input<'a>(
        model: &'a Model,
        world: &'a [Mat4],
        proj: &'a Projector,
        bone: usize,
        size: f32,
        rest: bool,
    ) -> GizmoInput<'a> {
        let pose = BonePose::default();
        GizmoInput {
            model,
            world,
            bone,
            pose,
            proj,
            size,
            rest,
        }
    }

    #[test]
    fn fixed_axis_bones_get_one_ring_and_unrotatable_none() {
        let mut model = Model::default();
        model.bones.push(Bone {
            fixed_axis: Some(Vec3::new(0.0, 0.0, 2.0)),
            ..Bone::default()
        });
        model.bones.push(Bone {
            flags: BoneFlags(BoneFlags::VISIBLE | BoneFlags::OPERABLE | BoneFlags::MOVABLE),
            ..Bone::default()
        });
        let world = vec![Mat4::IDENTITY; 2];
        let a = axes(&model, &world, 0);
        assert_eq!(a.len(), 1);
        assert!((a[0].0 - Vec3::Z).length() < 1e-6);
        let proj = Projector::new(
            &super::super::camera::OrbitCamera::default(),
            egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(100.0, 100.0)),
        );
        let inp = |bone| input(&model, &world, &proj, bone, 1.0, false);
        let (h0, _) = Gizmo::handles(&inp(0));
        assert_eq!(h0.len(), 1);
        let (h1, _) = Gizmo::handles(&inp(1));
        assert!(h1.iter().all(|(h, _, _)| matches!(h, Handle::Move(_))));
    }

    #[test]
    fn dragging_a_ring_rotates_about_its_axis() {
        let mut model = Model::default();
        model.bones.push(Bone {
            position: Vec3::new(0.0, 10.0, 0.0),
            ..Bone::default()
        });
        let world = vec![Mat4::from_translation(Vec3::new(0.0, 10.0, 0.0))];
        let rect = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 400.0));
        let proj = Projector::new(&super::super::camera::OrbitCamera::default(), rect);
        let inp = input(&model, &world, &proj, 0, 3.0, false);
        // The Z ring faces the default camera: grab it on the right, drag to the top.
        let right = proj.project_mmd(Vec3::new(3.0, 10.0, 0.0)).unwrap();
        let mut g = Gizmo::default();
        let ring_pts: Vec<Pos2> = ring_points(Vec3::new(0.0, 10.0, 0.0), Vec3::Z, 3.0)
            .iter()
            .map(|p| proj.project_mmd(*p).unwrap())
            .collect();
        assert!(dist_to_polyline(right, &ring_pts) < 1.0);
        g.drag = Some((Handle::Rotate(2), Vec3::new(3.0, 10.0, 0.0)));
        let top = proj.project_mmd(Vec3::new(0.0, 13.0, 0.0)).unwrap();
        let pose = g.update(&inp, top).unwrap();
        let (axis, angle) = pose.rotation.to_axis_angle();
        assert!(
            (angle - std::f32::consts::FRAC_PI_2).abs() < 1e-2,
            "{angle}"
        );
        assert!(axis.z.abs() > 0.99);
        assert!(
            pose.rotation * Vec3::X * 3.0 - Vec3::new(0.0, 3.0, 0.0) == Vec3::ZERO
                || (pose.rotation * Vec3::X - Vec3::Y).length() < 1e-2
        );
    }

    #[test]
    fn an_edit_drag_moves_along_the_model_axis_whatever_the_flags() {
        let mut model = Model::default();
        model.bones.push(Bone {
            position: Vec3::new(0.0, 10.0, 0.0),
            // Neither movable nor operable: posing offers nothing, editing still moves it.
            flags: BoneFlags(BoneFlags::VISIBLE),
            ..Bone::default()
        });
        // A pose that moved the bone away: the edit gizmo still sits at the rest position.
        let world = vec![Mat4::from_translation(Vec3::new(5.0, 0.0, 0.0))];
        let rect = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 400.0));
        let proj = Projector::new(&super::super::camera::OrbitCamera::default(), rect);
        let inp = |rest| input(&model, &world, &proj, 0, 3.0, rest);
        assert!(Gizmo::handles(&inp(false)).0.is_empty());
        let mut g = Gizmo::default();
        // Grab the X arrow half way along it, drag 2 units further right.
        let grab = proj.project_mmd(Vec3::new(2.0, 10.0, 0.0)).unwrap();
        assert!(g.begin(&inp(true), grab));
        let to = proj.project_mmd(Vec3::new(4.0, 10.0, 0.0)).unwrap();
        let delta = g.update_rest(&inp(true), to).unwrap();
        assert!(
            (delta - Vec3::new(2.0, 0.0, 0.0)).length() < 1e-3,
            "{delta}"
        );
    }
}
