//! Orbit camera. Works in GL space (right-handed, Y up): MMD positions are
//! converted with [`mmd_to_gl`] before they reach the camera.

use eframe::egui;

use glam::{Mat4, Vec3, Vec4Swizzles};

/// MMD is left-handed; drawing flips Z (and the triangle winding, see render.rs).
pub fn mmd_to_gl(p: Vec3) -> Vec3 {
    Vec3::new(p.x, p.y, -p.z)
}

/// The same conversion as a matrix (it is its own inverse).
pub const FLIP_Z: Mat4 = Mat4::from_cols_array(&[
    1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
]);

#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct OrbitCamera {
    pub target: Vec3,
    /// Radians around +Y; 0 = looking at the model's front (from GL +Z, MMD −Z).
    pub yaw: f32,
    /// Radians above the horizon.
    pub pitch: f32,
    pub distance: f32,
    /// Vertical field of view in radians (MMD's default is 30°).
    pub fov_y: f32,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        // MMD's initial camera: looks at (0, 10, 0) from 45 units in front.
        OrbitCamera {
            target: Vec3::new(0.0, 10.0, 0.0),
            yaw: 0.0,
            pitch: 0.0,
            distance: 45.0,
            fov_y: 30f32.to_radians(),
        }
    }
}

impl OrbitCamera {
    /// Frames a bounding box given in MMD coordinates.
    pub fn framing(min: Vec3, max: Vec3) -> Self {
        let mut cam = OrbitCamera::default();
        if !(min.is_finite() && max.is_finite()) || min.cmpgt(max).any() {
            return cam;
        }
        let (a, b) = (mmd_to_gl(min), mmd_to_gl(max));
        cam.target = (a + b) * 0.5;
        let radius = ((max - min).length() * 0.5).max(0.1);
        cam.distance = radius / (cam.fov_y * 0.5).sin() * 1.05;
        cam
    }

    pub fn eye(&self) -> Vec3 {
        let dir = Vec3::new(
            self.pitch.cos() * self.yaw.sin(),
            self.pitch.sin(),
            self.pitch.cos() * self.yaw.cos(),
        );
        self.target + dir * self.distance
    }

    pub fn view(&self) -> Mat4 {
        glam::camera::rh::view::look_at_mat4(self.eye(), self.target, Vec3::Y)
    }

    pub fn projection(&self, aspect: f32) -> Mat4 {
        let near = (self.distance * 0.01).clamp(0.01, 1.0);
        let far = (self.distance * 20.0).max(1000.0);
        glam::camera::rh::proj::opengl::perspective(self.fov_y, aspect.max(1e-3), near, far)
    }

    pub fn view_projection(&self, aspect: f32) -> Mat4 {
        self.projection(aspect) * self.view()
    }

    pub fn rotate(&mut self, dx: f32, dy: f32) {
        self.yaw -= dx * 0.01;
        self.pitch = (self.pitch + dy * 0.01).clamp(-1.55, 1.55);
    }

    /// Moves the target in the view plane; `dx`, `dy` in pixels of a view `height` pixels tall.
    pub fn pan(&mut self, dx: f32, dy: f32, height: f32) {
        let view = self.view();
        let right = view.row(0).xyz();
        let up = view.row(1).xyz();
        let units_per_px = 2.0 * self.distance * (self.fov_y * 0.5).tan() / height.max(1.0);
        self.target += (-right * dx + up * dy) * units_per_px;
    }

    pub fn zoom(&mut self, wheel: f32) {
        self.distance = (self.distance * (-wheel * 0.002).exp()).clamp(0.05, 10_000.0);
    }

    /// Zooms toward the point under the cursor: the GL-space ray (`origin`,
    /// unit `dir`) through it meets the plane through the target facing the
    /// camera at `p`; eye and target scale about `p`, so `p` stays under the
    /// cursor.
    pub fn zoom_at(&mut self, wheel: f32, origin: Vec3, dir: Vec3) {
        let old = self.distance;
        self.zoom(wheel);
        let k = self.distance / old;
        let forward = (self.target - self.eye()).normalize_or_zero();
        let denom = dir.dot(forward);
        if denom.abs() < 1e-6 {
            return;
        }
        let t = (self.target - origin).dot(forward) / denom;
        if !(t.is_finite() && t > 0.0) {
            return;
        }
        let p = origin + dir * t;
        self.target = p + (self.target - p) * k;
    }

    /// Keeps the view direction and frames the box `min`..`max` (MMD space).
    pub fn frame(&mut self, min: Vec3, max: Vec3) {
        if min.is_finite() && max.is_finite() && min.cmple(max).all() {
            let framed = OrbitCamera::framing(min, max);
            self.target = framed.target;
            self.distance = framed.distance;
        }
    }
}

/// Projection of GL-space points into an egui rect.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Projector {
    pub view_proj: Mat4,
    pub rect: egui::Rect,
}

impl Projector {
    pub fn new(camera: &OrbitCamera, rect: egui::Rect) -> Self {
        Projector {
            view_proj: camera.view_projection(rect.width() / rect.height().max(1.0)),
            rect,
        }
    }

    /// Screen position of a GL-space point, or None behind the camera.
    pub fn project(&self, p: Vec3) -> Option<egui::Pos2> {
        let clip = self.view_proj * p.extend(1.0);
        if clip.w <= 1e-6 {
            return None;
        }
        let ndc = clip.xyz() / clip.w;
        Some(egui::pos2(
            self.rect.left() + (ndc.x * 0.5 + 0.5) * self.rect.width(),
            self.rect.top() + (0.5 - ndc.y * 0.5) * self.rect.height(),
        ))
    }

    /// Screen position of an MMD-space point.
    pub fn project_mmd(&self, p: Vec3) -> Option<egui::Pos2> {
        self.project(mmd_to_gl(p))
    }

    /// A GL-space ray (origin, unit direction) through a screen position.
    pub fn ray(&self, pos: egui::Pos2) -> (Vec3, Vec3) {
        let x = (pos.x - self.rect.left()) / self.rect.width() * 2.0 - 1.0;
        let y = 1.0 - (pos.y - self.rect.top()) / self.rect.height() * 2.0;
        let inv = self.view_proj.inverse();
        let near = inv.project_point3(Vec3::new(x, y, -1.0));
        let far = inv.project_point3(Vec3::new(x, y, 1.0));
        (near, (far - near).normalize_or_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projecting_the_target_lands_in_the_centre() {
        let cam = OrbitCamera::default();
        let rect = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(200.0, 100.0));
        let p = Projector::new(&cam, rect).project(cam.target).unwrap();
        assert!((p - rect.center()).length() < 1e-3, "{p:?}");
    }

    #[test]
    fn ray_through_a_projected_point_passes_near_it() {
        let mut cam = OrbitCamera::default();
        cam.rotate(40.0, 25.0);
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(300.0, 200.0));
        let proj = Projector::new(&cam, rect);
        let point = Vec3::new(3.0, 12.0, -2.0);
        let (o, d) = proj.ray(proj.project(point).unwrap());
        let closest = o + d * (point - o).dot(d);
        assert!((closest - point).length() < 1e-2);
    }

    #[test]
    fn mmd_front_faces_the_default_camera() {
        // A point in front of the model in MMD (−Z) is nearer the default eye.
        let cam = OrbitCamera::default();
        let front = mmd_to_gl(Vec3::new(0.0, 10.0, -1.0));
        let back = mmd_to_gl(Vec3::new(0.0, 10.0, 1.0));
        assert!(front.distance(cam.eye()) < back.distance(cam.eye()));
    }

    #[test]
    fn zooming_keeps_the_point_under_the_cursor_in_place() {
        let mut cam = OrbitCamera::default();
        cam.rotate(30.0, 10.0);
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(400.0, 300.0));
        let cursor = egui::pos2(310.0, 60.0);
        let (o, d) = Projector::new(&cam, rect).ray(cursor);
        // The point under the cursor on the target's plane.
        let forward = (cam.target - cam.eye()).normalize();
        let p = o + d * ((cam.target - o).dot(forward) / d.dot(forward));
        let before = cam.distance;
        cam.zoom_at(240.0, o, d);
        assert!(cam.distance < before * 0.7, "zoomed in");
        let after = Projector::new(&cam, rect).project(p).unwrap();
        assert!((after - cursor).length() < 0.5, "{after:?}");
        // The old zoom moved toward the centre: the point drifted off the cursor.
        let mut centre = OrbitCamera::default();
        centre.rotate(30.0, 10.0);
        centre.zoom(240.0);
        let drifted = Projector::new(&centre, rect).project(p).unwrap();
        assert!((drifted - cursor).length() > 20.0);
    }

    #[test]
    fn framing_a_box_keeps_the_view_direction_and_fits_it() {
        let mut cam = OrbitCamera::default();
        cam.rotate(50.0, 20.0);
        let (yaw, pitch) = (cam.yaw, cam.pitch);
        let (lo, hi) = (Vec3::new(4.0, 1.0, -1.0), Vec3::new(6.0, 3.0, 1.0));
        cam.frame(lo, hi);
        assert_eq!((cam.yaw, cam.pitch), (yaw, pitch));
        assert!((cam.target - mmd_to_gl((lo + hi) * 0.5)).length() < 1e-5);
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(400.0, 300.0));
        let proj = Projector::new(&cam, rect);
        for corner in [
            lo,
            hi,
            Vec3::new(lo.x, hi.y, lo.z),
            Vec3::new(hi.x, lo.y, hi.z),
        ] {
            let p = proj.project(mmd_to_gl(corner)).unwrap();
            assert!(rect.contains(p), "{corner} at {p:?}");
        }
    }
}
