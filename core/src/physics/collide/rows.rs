//! The contact rows of the sequential-impulse solver (`convertContact`,
//! `setupContactConstraint`, `btSolverBody`, with `btContactSolverInfo`'s defaults, which
//! the MMD runtimes keep), solved in one loop with the joints' rows.
//!
//! Split-impulse iterations run first, then each iteration the joints, the contact
//! normals, the frictions. A gap `d > 0` lets the bodies close at most `d/h`
//! (speculative); a penetration is pushed out at ERP 0.2 per step, through the velocity
//! when shallower than 0.04, else through a pseudo-velocity (split impulse) that moves the
//! body without keeping speed, its turn scaled by 0.1. Restitution (product of the
//! bodies') only above 0.2 units/s of approach; friction (product, at most 10) along one
//! direction, the sliding one, bounded by μ × the normal impulse. The normal impulse is
//! warm-started with 0.85 of the last step's (the friction's is not:
//! `setFrictionConstraintImpulse` starts it at 0).

use super::Contacts;
use crate::physics::spring6dof::{Row, SolverBody};
use glam::{Quat, Vec3, Vec3A};
use rapier3d::prelude::Pose;

/// `btContactSolverInfo`: contact ERP (`m_erp2`), split-impulse depth and turn ERP,
/// warm-start factor, restitution velocity threshold.
const CONTACT_ERP: f32 = 0.2;
const SPLIT_PENETRATION: f32 = -0.04;
const SPLIT_TURN_ERP: f32 = 0.1;
const WARMSTART: f32 = 0.85;
const RESTITUTION_THRESHOLD: f32 = 0.2;
/// `calculateCombinedFriction`'s clamp.
const MAX_FRICTION: f32 = 10.0;

/// A friction row and the contact row whose impulse bounds it.
#[derive(Debug, Clone, Copy)]
pub(super) struct FrictionRow {
    row: Row,
    normal: usize,
    mu: f32,
}

/// A contact row's split-impulse part: its target pseudo-velocity and impulse so far.
#[derive(Debug, Clone, Copy)]
pub(super) struct PushRow {
    normal: usize,
    target: f32,
    applied: f32,
}

impl Contacts {
    /// Sets up the step's contact rows (`convertContact`, `setupContactConstraint`) and
    /// applies their warm-start impulses to `solver`.
    pub fn build_rows(&mut self, solver: &mut [SolverBody], h: f32) {
        self.rows.clear();
        self.row_points.clear();
        self.friction.clear();
        self.pushes.clear();
        self.push_linear.fill(Vec3A::ZERO);
        self.push_angular.fill(Vec3A::ZERO);
        for (mi, m) in self.manifolds.iter().enumerate() {
            let (ba, bb) = (&self.bodies[m.a], &self.bodies[m.b]);
            if m.len == 0 || !ba.respond || !bb.respond {
                continue;
            }
            let restitution = ba.restitution * bb.restitution;
            let mu = (ba.friction * bb.friction).clamp(-MAX_FRICTION, MAX_FRICTION);
            let (oa, ob) = (solver[m.a].pose.translation, solver[m.b].pose.translation);
            for (pi, p) in m.points().iter().enumerate() {
                let (ra, rb, n) = (p.world_a - oa, p.world_b - ob, p.normal);
                let mut row = Row::new(m.a, m.b, n, ra.cross(n), -n, -rb.cross(n));
                if !row.finish(solver) {
                    continue;
                }
                let approach = row.relative_velocity(solver);
                let bounce = if approach.abs() < RESTITUTION_THRESHOLD {
                    0.0
                } else {
                    (-approach * restitution).max(0.0)
                };
                row.target = bounce;
                if p.distance > 0.0 {
                    row.target -= p.distance / h;
                } else {
                    let push = -p.distance * CONTACT_ERP / h;
                    if p.distance > SPLIT_PENETRATION {
                        row.target += push;
                    } else {
                        self.pushes.push(PushRow {
                            normal: self.rows.len(),
                            target: push,
                            applied: 0.0,
                        });
                    }
                }
                row.lower = 0.0;
                row.upper = f32::INFINITY;
                row.applied = p.impulse * WARMSTART;
                if mu != 0.0 {
                    let a = &solver[m.a];
                    let b = &solver[m.b];
                    let (va, wa) = (Vec3::from(a.linvel), Vec3::from(a.angvel));
                    let (vb, wb) = (Vec3::from(b.linvel), Vec3::from(b.angvel));
                    let slide = (va + wa.cross(ra)) - (vb + wb.cross(rb));
                    let lateral = slide - n * slide.dot(n);
                    let dir = if lateral.length_squared() > f32::EPSILON {
                        lateral.normalize()
                    } else {
                        plane_space(n)
                    };
                    let mut f = Row::new(m.a, m.b, dir, ra.cross(dir), -dir, -rb.cross(dir));
                    if f.finish(solver) {
                        self.friction.push(FrictionRow {
                            row: f,
                            normal: self.rows.len(),
                            mu,
                        });
                    }
                }
                self.rows.push(row);
                self.row_points.push((mi, pi));
            }
        }
        for row in &self.rows {
            if row.applied != 0.0 {
                row.apply(solver, row.applied);
            }
        }
    }

    /// `solveGroupCacheFriendlySplitImpulseIterations`: the pseudo-velocities that push
    /// deep penetrations apart.
    pub fn solve_pushes(&mut self, iterations: usize) {
        if self.pushes.is_empty() {
            return;
        }
        for _ in 0..iterations {
            for p in &mut self.pushes {
                let row = &self.rows[p.normal];
                let (a, b) = (row.a as usize, row.b as usize);
                let speed = row.lin_a.dot(self.push_linear[a])
                    + row.ang_a.dot(self.push_angular[a])
                    + row.lin_b.dot(self.push_linear[b])
                    + row.ang_b.dot(self.push_angular[b]);
                let sum = (p.applied + (p.target - speed) * row.jac_inv).max(0.0);
                let delta = sum - p.applied;
                p.applied = sum;
                self.push_linear[a] += row.lin_a * (row.inv_a_mass * delta);
                self.push_angular[a] += row.ang_a_response * delta;
                self.push_linear[b] += row.lin_b * (row.inv_b_mass * delta);
                self.push_angular[b] += row.ang_b_response * delta;
            }
        }
    }

    /// One iteration of the contact rows: normals, then frictions bounded by them.
    pub fn solve_once(&mut self, solver: &mut [SolverBody]) {
        for row in &mut self.rows {
            row.solve(solver);
        }
        for f in &mut self.friction {
            let total = self.rows[f.normal].applied;
            if total > 0.0 {
                f.row.lower = -f.mu * total;
                f.row.upper = f.mu * total;
                f.row.solve(solver);
            }
        }
    }

    /// Keeps the step's normal impulses on their points for the next step's warm start.
    pub fn write_back(&mut self) {
        for (row, &(mi, pi)) in self.rows.iter().zip(&self.row_points) {
            self.manifolds[mi].points[pi].impulse = row.applied;
        }
    }

    /// Body `i`'s pose moved by its split-impulse pseudo-velocity over `h`
    /// (`writebackVelocityAndTransform`), if it has one.
    pub fn pushed_pose(&self, i: usize, pose: &Pose, h: f32) -> Option<Pose> {
        let v = Vec3::from(self.push_linear[i]);
        let w = Vec3::from(self.push_angular[i] * SPLIT_TURN_ERP);
        if v == Vec3::ZERO && w == Vec3::ZERO {
            return None;
        }
        let rotation = (Quat::from_scaled_axis(w * h) * pose.rotation).normalize();
        let moved = Pose::from_parts(pose.translation + v * h, rotation);
        (moved.translation.is_finite() && moved.rotation.is_finite()).then_some(moved)
    }
}

/// The first of Bullet's `btPlaneSpace1` directions perpendicular to unit `n`.
fn plane_space(n: Vec3) -> Vec3 {
    if n.z.abs() > std::f32::consts::FRAC_1_SQRT_2 {
        let k = 1.0 / (n.y * n.y + n.z * n.z).sqrt();
        Vec3::new(0.0, -n.z * k, n.y * k)
    } else {
        let k = 1.0 / (n.x * n.x + n.y * n.y).sqrt();
        Vec3::new(-n.y * k, n.x * k, 0.0)
    }
}
