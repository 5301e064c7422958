//! Mesh helpers of [`ModelBuilder`]: boxes, cylinders, tubes, spheres, grids and chains, skinned
//! by a [`Skin`].

use super::*;

impl ModelBuilder {
    /// An axis-aligned box (24 vertices, flat normals, 12 faces). `t` for the
    /// skin runs from the bottom face (0) to the top (1).
    pub fn box_mesh(
        &mut self,
        material: i32,
        center: Vec3,
        half: Vec3,
        mut skin: impl Skin,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        // (normal, u axis, v axis) per face with u × v = normal.
        let faces = [
            (Vec3::X, Vec3::NEG_Z, Vec3::Y),
            (Vec3::NEG_X, Vec3::Z, Vec3::Y),
            (Vec3::Y, Vec3::X, Vec3::NEG_Z),
            (Vec3::NEG_Y, Vec3::X, Vec3::Z),
            (Vec3::Z, Vec3::X, Vec3::Y),
            (Vec3::NEG_Z, Vec3::NEG_X, Vec3::Y),
        ];
        for (n, u, v) in faces {
            let base = idx(self.model.vertices.len());
            for (su, sv) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let p = center + (n + u * su + v * sv) * half;
                let t = if half.y > 0.0 {
                    (p.y - (center.y - half.y)) / (2.0 * half.y)
                } else {
                    0.0
                };
                let uv = Vec2::new((su + 1.0) * 0.5, (1.0 - sv) * 0.5);
                let w = skin.weights(p, t);
                self.vertex(p, n, uv, w);
            }
            // (p1 − p0) × (p2 − p0) = 2u × (2u + 2v) ∥ u × v = n.
            self.quad(material, base, base + 1, base + 2, base + 3);
        }
        start..idx(self.model.vertices.len())
    }

    /// A closed cylinder from `from` to `to`: 12 sides, 4 rings, smooth sides, flat caps.
    pub fn cylinder_mesh(
        &mut self,
        material: i32,
        from: Vec3,
        to: Vec3,
        radius: f32,
        skin: impl Skin,
    ) -> Range<i32> {
        self.tube_mesh(
            material,
            &Tube {
                from,
                to,
                radius_from: radius,
                radius_to: radius,
                sides: 12,
                rings: 4,
                caps: true,
            },
            skin,
        )
    }

    /// A (possibly tapered) tube; see [`Tube`]. `t` runs 0 at `from` to 1 at `to`.
    /// UVs: u around (0..1), v along (0 at `from`).
    pub fn tube_mesh(&mut self, material: i32, tube: &Tube, mut skin: impl Skin) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        let axis = tube.to - tube.from;
        let len = axis.length();
        let dir = if len > 0.0 { axis / len } else { Vec3::Y };
        let (e1, e2) = perpendicular_frame(dir);
        let sides = tube.sides.max(3);
        let rings = tube.rings.max(1);
        // The slope of a tapered side tilts its normal along the axis.
        let slope = if len > 0.0 {
            (tube.radius_from - tube.radius_to) / len
        } else {
            0.0
        };
        let ring_start = idx(self.model.vertices.len());
        for r in 0..=rings {
            let t = r as f32 / rings as f32;
            let center = tube.from + axis * t;
            let radius = tube.radius_from + (tube.radius_to - tube.radius_from) * t;
            // One extra column so the texture seam has its own vertices.
            for s in 0..=sides {
                let a = s as f32 / sides as f32 * std::f32::consts::TAU;
                let radial = e1 * a.cos() + e2 * a.sin();
                let p = center + radial * radius;
                let n = (radial + dir * slope).normalize();
                let w = skin.weights(p, t);
                self.vertex(p, n, Vec2::new(s as f32 / sides as f32, t), w);
            }
        }
        for (_, [a, b, c, d]) in grid_cells(ring_start, sides, rings) {
            // (around) × (along the axis) points outward, since e1 × e2 = dir.
            self.quad(material, a, b, c, d);
        }
        if tube.caps {
            for (center, normal, t, radius) in [
                (tube.from, -dir, 0.0, tube.radius_from),
                (tube.to, dir, 1.0, tube.radius_to),
            ] {
                if radius <= 0.0 {
                    continue;
                }
                let w = skin.weights(center, t);
                let hub = self.vertex(center, normal, Vec2::splat(0.5), w);
                let rim = idx(self.model.vertices.len());
                for s in 0..sides {
                    let a = s as f32 / sides as f32 * std::f32::consts::TAU;
                    let radial = e1 * a.cos() + e2 * a.sin();
                    let p = center + radial * radius;
                    let w = skin.weights(p, t);
                    let uv = Vec2::new(0.5 + 0.5 * a.cos(), 0.5 + 0.5 * a.sin());
                    self.vertex(p, normal, uv, w);
                }
                for s in 0..sides as i32 {
                    let a = rim + s;
                    let b = rim + (s + 1) % sides as i32;
                    // radial(s) × radial(s+1) ∥ dir: the end cap keeps the order, the start cap flips it.
                    if normal.dot(dir) > 0.0 {
                        self.triangle(material, [hub, a, b]);
                    } else {
                        self.triangle(material, [hub, b, a]);
                    }
                }
            }
        }
        start..idx(self.model.vertices.len())
    }

    /// A UV sphere (`segments` around, `segments / 2` rings). `t` runs 0 at the bottom to 1 at the top.
    pub fn sphere_mesh(
        &mut self,
        material: i32,
        center: Vec3,
        radius: f32,
        segments: u32,
        mut skin: impl Skin,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        let seg = segments.max(4);
        let rings = (seg / 2).max(2);
        for r in 0..=rings {
            let v = r as f32 / rings as f32;
            let polar = v * std::f32::consts::PI; // 0 at the top
            for s in 0..=seg {
                let u = s as f32 / seg as f32;
                let a = u * std::f32::consts::TAU;
                let n = Vec3::new(polar.sin() * a.cos(), polar.cos(), polar.sin() * a.sin());
                let p = center + n * radius;
                let w = skin.weights(p, 1.0 - v);
                self.vertex(p, n, Vec2::new(u, v), w);
            }
        }
        for (r, [a, b, c, d]) in grid_cells(start, seg, rings) {
            // (around) × (down) points outward; the poles' rings have one triangle a cell.
            if r > 0 {
                self.triangle(material, [a, b, d]);
            }
            if r + 1 < rings {
                self.triangle(material, [b, c, d]);
            }
        }
        start..idx(self.model.vertices.len())
    }

    /// A flat grid of `(nu + 1) × (nv + 1)` vertices: vertex (i, j) is
    /// `start + j * (nu + 1) + i` at `origin + u_edge * i / nu + v_edge * j / nv`.
    /// Its front faces `u_edge × v_edge`; UV (0,0) at the origin. `t` = j / nv.
    #[allow(clippy::too_many_arguments)]
    pub fn grid_mesh(
        &mut self,
        material: i32,
        origin: Vec3,
        u_edge: Vec3,
        v_edge: Vec3,
        nu: u32,
        nv: u32,
        mut skin: impl Skin,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        let (nu, nv) = (nu.max(1), nv.max(1));
        let normal = u_edge.cross(v_edge).normalize_or_zero();
        for j in 0..=nv {
            for i in 0..=nu {
                let (fu, fv) = (i as f32 / nu as f32, j as f32 / nv as f32);
                let p = origin + u_edge * fu + v_edge * fv;
                let w = skin.weights(p, fv);
                self.vertex(p, normal, Vec2::new(fu, fv), w);
            }
        }
        for (_, [a, b, c, d]) in grid_cells(start, nu, nv) {
            self.quad(material, a, b, c, d);
        }
        start..idx(self.model.vertices.len())
    }

    /// A tube around a bone chain: through each bone's head and on to the last
    /// bone's tail. Each stretch is BDEF1 to its bone, blended by BDEF2 over
    /// `blend` (fraction of a stretch, 0..0.5) on both sides of each inner joint.
    pub fn chain_mesh(
        &mut self,
        material: i32,
        chain: &[i32],
        radius: f32,
        blend: f32,
    ) -> Range<i32> {
        let start = idx(self.model.vertices.len());
        if chain.is_empty() {
            return start..start;
        }
        let mut points: Vec<Vec3> = chain.iter().map(|&b| self.bone_position(b)).collect();
        points.push(self.bone_tail_position(*chain.last().unwrap()));
        let blend = blend.clamp(0.0, 0.5);
        for (i, pair) in points.windows(2).enumerate() {
            let (prev, this, next) = (
                i.checked_sub(1).map(|p| chain[p]),
                chain[i],
                chain.get(i + 1).copied(),
            );
            let last = i + 1 == chain.len();
            let skin = move |_: Vec3, t: f32| -> Weights {
                match (prev, next) {
                    (Some(p), _) if blend > 0.0 && t < blend => {
                        bdef2(this, p, 0.5 + 0.5 * t / blend)
                    }
                    (_, Some(n)) if !last && blend > 0.0 && t > 1.0 - blend => {
                        bdef2(this, n, 0.5 + 0.5 * (1.0 - t) / blend)
                    }
                    _ => bdef1(this),
                }
            };
            self.tube_mesh(
                material,
                &Tube {
                    from: pair[0],
                    to: pair[1],
                    radius_from: radius,
                    radius_to: radius,
                    sides: 12,
                    rings: 4,
                    caps: i == 0 || last,
                },
                skin,
            );
        }
        start..idx(self.model.vertices.len())
    }
}

/// Two unit vectors perpendicular to `dir` and to each other, with e1 × e2 = dir.
/// The cells of a grid of vertices stored row by row from `start`, `cols + 1` to a row, in
/// that order: each cell's row and its corners (r, s), (r, s + 1), (r + 1, s + 1), (r + 1, s).
fn grid_cells(start: i32, cols: u32, rows: u32) -> impl Iterator<Item = (u32, [i32; 4])> {
    let stride = idx(cols as usize + 1);
    (0..rows).flat_map(move |r| {
        (0..cols).map(move |s| {
            let a = start + r as i32 * stride + s as i32;
            (r, [a, a + 1, a + stride + 1, a + stride])
        })
    })
}

fn perpendicular_frame(dir: Vec3) -> (Vec3, Vec3) {
    let helper = if dir.y.abs() < 0.9 { Vec3::Y } else { Vec3::Z };
    let e1 = helper.cross(dir).normalize();
    let e2 = dir.cross(e1);
    (e1, e2)
}

/// A tube for [`ModelBuilder::tube_mesh`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tube {
    pub from: Vec3,
    pub to: Vec3,
    pub radius_from: f32,
    pub radius_to: f32,
    pub sides: u32,
    pub rings: u32,
    pub caps: bool,
}
