//! Per sub-step forces (aero, pressure, volume) and the volume constraint, on
//! buffers allocated at build.

use super::{Aero, SoftSim};
use glam::Vec3;

/// PMX Editor's air density (spec: `air_density = 1.2f`).
const AIR_DENSITY: f32 = 1.2;

/// Signed volume of the triangle mesh (divergence theorem).
pub(super) fn volume(s: &SoftSim) -> f32 {
    s.triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|i| s.x[i as usize]);
            a.dot(b.cross(c))
        })
        .sum::<f32>()
        / 6.0
}

/// Node areas (mean area of the particle's triangles, as Bullet) and the
/// particles' summed triangle area vectors (winding direction).
fn update_areas(s: &mut SoftSim) {
    s.area.fill(0.0);
    s.area_normal.fill(Vec3::ZERO);
    for t in &s.triangles {
        let [a, b, c] = t.map(|i| s.x[i as usize]);
        let n = (b - a).cross(c - a) * 0.5;
        let area = n.length();
        for &i in t {
            s.area[i as usize] += area;
            s.area_normal[i as usize] += n;
        }
    }
    for (a, &count) in s.area.iter_mut().zip(&s.tri_count) {
        if count > 0.0 {
            *a /= count;
        }
    }
}

pub(super) fn needs_forces(s: &SoftSim) -> bool {
    !s.triangles.is_empty()
        && (s.drag > 0.0
            || s.lift > 0.0
            || (s.rest_volume != 0.0 && (s.pressure != 0.0 || s.volume_force > 0.0)))
}

/// Aero, pressure and volume forces of a sub-step of `h` seconds into `s.force`.
pub(super) fn accumulate(s: &mut SoftSim, h: f32) {
    // Drag may at most stop 0.8 of the relative speed in one sub-step (explicit
    // drag ∝ v² would otherwise reverse the motion and blow up at large DG).
    let mass_per_h =
        s.w.iter()
            .find(|&&w| w > 0.0)
            .map_or(0.0, |w| 1.0 / (w * h));
    s.force.fill(Vec3::ZERO);
    update_areas(s);
    // Outward for a closed mesh (the rest volume's sign is the winding); the
    // model's normal side for an open one.
    let outward = if s.rest_volume != 0.0 {
        s.rest_volume.signum()
    } else if s.flip_normals {
        -1.0
    } else {
        1.0
    };
    if s.rest_volume != 0.0 && (s.pressure != 0.0 || s.volume_force > 0.0) {
        let v = volume(s);
        let per_area = if v.abs() > 1e-9 {
            s.pressure / v.abs()
        } else {
            0.0
        } + (s.rest_volume.abs() - v.abs()) * s.volume_force;
        if per_area.is_finite() {
            for p in 0..s.x.len() {
                let n = s.area_normal[p].normalize_or_zero() * outward;
                s.force[p] += n * (s.area[p] * per_area);
            }
        }
    }
    if s.drag <= 0.0 && s.lift <= 0.0 {
        return;
    }
    match s.aero {
        Aero::Point | Aero::VTwoSided | Aero::VOneSided => {
            for p in 0..s.x.len() {
                let n = s.area_normal[p].normalize_or_zero() * outward;
                let f = aero_force(s, s.v[p], n, s.area[p], mass_per_h);
                s.force[p] += f;
            }
        }
        Aero::FTwoSided | Aero::FOneSided => {
            for ti in 0..s.triangles.len() {
                let t = s.triangles[ti];
                let [a, b, c] = t.map(|i| s.x[i as usize]);
                let n2 = (b - a).cross(c - a) * outward;
                let area = n2.length() * 0.5;
                let v = t.map(|i| s.v[i as usize]);
                let rel = (v[0] + v[1] + v[2]) / 3.0;
                let f = aero_force(s, rel, n2.normalize_or_zero(), area, 3.0 * mass_per_h) / 3.0;
                for i in t {
                    s.force[i as usize] += f;
                }
            }
        }
    }
}

/// Bullet's aero force on an element of `area` and normal `normal` moving at
/// `rel` through still air: drag against the normal component, lift across it.
/// `mass_per_h`: the element's mass over the sub-step (bounds the drag).
fn aero_force(s: &SoftSim, rel: Vec3, normal: Vec3, area: f32, mass_per_h: f32) -> Vec3 {
    let rel2 = rel.length_squared();
    if rel2 <= f32::EPSILON || area <= 0.0 {
        return Vec3::ZERO;
    }
    let n = match s.aero {
        Aero::Point => rel / rel2.sqrt(),
        Aero::VTwoSided | Aero::FTwoSided if normal.dot(rel) < 0.0 => -normal,
        _ => normal,
    };
    let dvn = rel.dot(n);
    if dvn <= 0.0 {
        return Vec3::ZERO;
    }
    let c = area * dvn * rel2 * 0.5 * AIR_DENSITY;
    let drag = (c * s.drag).min(0.8 * rel2.sqrt() * mass_per_h);
    let mut f = n * -drag;
    if s.lift > 0.0 {
        // Across the wind, in the plane of the normal and the wind.
        let across = (n - rel * (n.dot(rel) / rel2)).normalize_or_zero();
        f += across * (c * s.lift);
    }
    f
}

/// One pass of the volume constraint (PBD, stiffness `volume_stiffness`).
pub(super) fn solve_volume(s: &mut SoftSim) {
    if s.rest_volume == 0.0 || s.volume_stiffness <= 0.0 {
        return;
    }
    s.grad.fill(Vec3::ZERO);
    let mut v = 0.0;
    for t in &s.triangles {
        let [a, b, c] = t.map(|i| s.x[i as usize]);
        v += a.dot(b.cross(c));
        s.grad[t[0] as usize] += b.cross(c);
        s.grad[t[1] as usize] += c.cross(a);
        s.grad[t[2] as usize] += a.cross(b);
    }
    let c = v / 6.0 - s.rest_volume;
    let mut denom = 0.0;
    for (g, &w) in s.grad.iter_mut().zip(&s.w) {
        *g /= 6.0;
        denom += w * g.length_squared();
    }
    if denom <= 1e-12 || !c.is_finite() {
        return;
    }
    let scale = -c / denom * s.volume_stiffness;
    for p in 0..s.x.len() {
        s.x[p] += s.grad[p] * (s.w[p] * scale);
    }
}
